//! Game databases with no datum lost: the whole line saved while browsing, stated
//! results checked against the board, every tag kept by GGF, one game per
//! single-game parse, real GGS archive lines and byte-order marks, evaluations
//! checked. Real data: tests/data/ggs/ (a GGS archive, SOURCE.md) and
//! tests/data/wthor/ (SOURCE.md).

use reversi::text::ggf::{self, GgfErrorKind};
use reversi::text::load::{load, Format, LoadError};
use reversi::text::record::{Record, RecordErrorKind};
use reversi::text::result::{Ending, ResultError};
use reversi::text::wthor::Database;
use reversi::{Color, Evaluation, Outcome};

const ARCHIVE: &str = include_str!("../data/ggs/TestGames.ggf");

/// The GGF game of archive line `n` (from 1), without its game number.
fn archive_game(n: usize) -> &'static str {
    let line = ARCHIVE.lines().nth(n - 1).unwrap();
    &line[line.find("(;").unwrap()..]
}

#[test]
fn saving_while_browsing_keeps_the_whole_line() {
    let mut record = ggf::parse(archive_game(1)).unwrap();
    let full = record.clone();
    let length = full.game().line().len();
    assert!(length >= 58, "a whole game: {length} plies");
    assert!(full.result().is_some());
    record.game_mut().go_to(30).unwrap();

    // The result is the whole line's, wherever the game stands.
    assert_eq!(record.result(), full.result());
    // Equality covers the redo list: a game cut at move 30 is another game.
    let mut cut = record.clone();
    cut.game_mut().clear_redo();
    assert_ne!(cut, record);
    assert_eq!(
        record, full,
        "the navigation state is not saved, nor compared"
    );

    for text in [record.to_string(), ggf::write(&record).unwrap()] {
        let back = load(&text).unwrap().record;
        assert_eq!(back.game().line().len(), length, "{text}");
        assert_eq!(back, record);
        assert_eq!(back.result(), full.result());
    }
    assert_eq!(ggf::write(&record).unwrap(), ggf::write(&full).unwrap());

    // Saving up to the current position, when that is what the user wants.
    let upto = record.up_to_current();
    assert_eq!(upto.game().line().len(), 30);
    assert_eq!(upto.result(), None);
    let back: Record = upto.to_string().parse().unwrap();
    assert_eq!(back, upto);
    assert_eq!(back.game().move_count(), 30);
}

#[test]
fn ply_mut_reaches_the_redo_list_and_equality_sees_it() {
    let mut record = ggf::parse(archive_game(1)).unwrap();
    record.game_mut().go_to(10).unwrap();
    let before = record.clone();
    let ply = record
        .game_mut()
        .ply_mut(40)
        .expect("a ply of the redo list");
    ply.set_comment(Some("a redo ply annotated"));
    assert_ne!(
        record, before,
        "a comment in the redo list is saved, so compared"
    );
    let back: Record = record.to_string().parse().unwrap();
    assert_eq!(
        back.game().line()[40].comment(),
        Some("a redo ply annotated")
    );
    assert_eq!(back, record);
    assert!(record.game_mut().ply_mut(200).is_none());
}

#[test]
fn a_stated_result_that_contradicts_the_finished_board_is_an_error() {
    let line = archive_game(7);
    let record = ggf::parse(line).unwrap();
    let board = record.result().unwrap();
    assert_eq!(board.ending, Ending::Board);
    assert_eq!(board.outcome, Outcome::Win(Color::Black));
    for wrong in ["RE[-10.000]", "RE[+0.000]", "RE[+4.000]", "RE[-64.000:r]"] {
        let text = line.replace("RE[+2.000]", wrong);
        let err = ggf::parse(&text).unwrap_err();
        assert!(
            matches!(
                err.kind,
                GgfErrorKind::Result(ResultError::Contradicts { .. })
            ),
            "{wrong}: {err}"
        );
        assert_eq!(err.line, 1);
    }
    // The same game in the record format, with a stated result that disagrees.
    let mut text = record.to_string();
    text = text.replace(&format!("[Result \"{board}\"]"), "[Result \"white 31-33\"]");
    let err = text.parse::<Record>().unwrap_err();
    assert!(
        matches!(err.kind, RecordErrorKind::ResultContradicts { .. }),
        "{err}"
    );
}

#[test]
fn every_archive_game_reads_with_its_stated_result() {
    for (i, line) in ARCHIVE.lines().enumerate() {
        let record = load(line).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        assert_eq!(record.format, Format::Ggf);
        let record = record.record;
        assert!(record.game().is_over(), "line {}", i + 1);
        let clock = record.time_control().unwrap().unwrap();
        assert_eq!(clock.extension, Some(std::time::Duration::from_secs(120)));
        assert!([300, 360, 900].contains(&clock.main.as_secs()));
        assert!(record.rating(Color::Black).unwrap().unwrap() > 1000.0);
        assert!(record.rating(Color::White).unwrap().unwrap() > 1000.0);
    }
}

#[test]
fn ggf_keeps_tags_that_are_not_upper_case() {
    let bytes = include_bytes!("../data/wthor/WTH_1985.wtb");
    let db = Database::parse(bytes).unwrap();
    for game in db.games() {
        let game = game.unwrap();
        let line = ggf::write(&game.record).unwrap();
        let back = ggf::parse(&line).unwrap();
        for (name, value) in game.record.tags() {
            assert_eq!(back.tag(name), Some(value), "{name} in {line}");
        }
        assert_eq!(back.tags().count(), game.record.tags().count());
        assert!(back.game() == game.record.game(), "{line}");
        if game.finished() {
            assert!(back == game.record, "{line}");
            assert_eq!(ggf::write(&back).unwrap(), line);
        } else {
            // GGF writes the margin of a game stopped early, not its scores (the
            // writer documents it): the winner and the margin come back.
            let (given, read) = (game.record.result().unwrap(), back.result().unwrap());
            assert_eq!(read.outcome, given.outcome, "{line}");
            assert_eq!(read.scores, None);
        }
    }
}

#[test]
fn unfinished_wthor_games_get_their_recorded_score() {
    let bytes = include_bytes!("../data/wthor/WTH_1985.wtb");
    let db = Database::parse(bytes).unwrap();
    let mut unfinished = 0;
    for game in db.games() {
        let game = game.unwrap();
        if game.finished() {
            continue;
        }
        unfinished += 1;
        let result = game.record.result().expect("the recorded score");
        let black = u32::from(game.black_score);
        assert_eq!(result.scores.map(|s| s.get(Color::Black)), Some(black));
        assert_eq!(result.scores.map(|s| s.get(Color::White)), Some(64 - black));
        let expected = match black.cmp(&32) {
            std::cmp::Ordering::Greater => Outcome::Win(Color::Black),
            std::cmp::Ordering::Less => Outcome::Win(Color::White),
            std::cmp::Ordering::Equal => Outcome::Draw,
        };
        assert_eq!(result.outcome, expected);
        assert_eq!(result.ending, Ending::Unstated);
        let back = ggf::parse(&ggf::write(&game.record).unwrap()).unwrap();
        assert_eq!(back.result().map(|r| r.outcome), Some(expected));
    }
    assert_eq!(unfinished, 8);
}

#[test]
fn a_game_cut_short_says_so() {
    let line = archive_game(1);
    // Cut inside a value, after a property, and between ';' and ')'.
    for cut in [line.len() - 7, line.rfind(']').unwrap() + 1, line.len() - 1] {
        let err = ggf::parse(&line[..cut]).unwrap_err();
        assert_eq!(err.kind, GgfErrorKind::Unfinished, "{:?}", &line[..cut]);
    }
    assert_eq!(
        ggf::parse("(;GM[Oth").unwrap_err().to_string(),
        "line 1, column 3: the text ends before the game's ;) (cut short?)"
    );
    // Cut inside a property's name: at that property.
    let err = ggf::parse("(;GM[Othello]TY[8]P").unwrap_err();
    assert_eq!((err.kind, err.column), (GgfErrorKind::Unfinished, 19));
    // What is not cut short is still a syntax error.
    assert_eq!(
        ggf::parse("(;GM[Othello] 5 ;)").unwrap_err().kind,
        GgfErrorKind::Syntax
    );
}

#[test]
fn single_game_parsers_refuse_a_second_game_or_trailing_text() {
    let two = format!("{}\n{}\n", archive_game(1), archive_game(2));
    let err = ggf::parse(&two).unwrap_err();
    assert_eq!(err.kind, GgfErrorKind::TrailingText);
    assert_eq!((err.line, err.column), (2, 1));
    let synchro = format!("{}{}", archive_game(1), archive_game(2));
    assert_eq!(
        ggf::parse(&synchro).unwrap_err().kind,
        GgfErrorKind::TrailingText
    );
    let garbage_first = format!("garbage\n{}", archive_game(2));
    let err = ggf::parse(&garbage_first).unwrap_err();
    assert_eq!(err.kind, GgfErrorKind::Syntax);
    assert_eq!((err.line, err.column), (1, 1));
    assert!(ggf::parse(&format!("{}  \r\n", archive_game(2))).is_ok());

    let record = ggf::parse(archive_game(1)).unwrap().to_string();
    let err = format!("{record}\n{record}").parse::<Record>().unwrap_err();
    assert_eq!(err.kind, RecordErrorKind::SecondGame);
    let first_tags = record.lines().take_while(|l| l.starts_with('[')).count();
    assert_eq!(err.line, first_tags + 4);

    assert!(matches!(
        load(&two).unwrap_err(),
        LoadError::SeveralGames { second_line: 2 }
    ));
}

#[test]
fn load_reads_archive_lines_and_a_byte_order_mark() {
    let line = ARCHIVE.lines().next().unwrap();
    assert!(line.starts_with("1 (;"));
    let loaded = load(line).unwrap();
    assert_eq!(loaded.format, Format::Ggf);
    assert_eq!(loaded.record, ggf::parse(archive_game(1)).unwrap());
    let with_bom = format!("\u{feff}{line}\r\n");
    assert_eq!(load(&with_bom).unwrap().record, loaded.record);
    let transcript = load("\u{feff}f5 d6 c3").unwrap();
    assert_eq!(transcript.format, Format::Transcript);
    assert_eq!(transcript.record.game().move_count(), 3);
    let record = load(&format!("\u{feff}{}", loaded.record)).unwrap();
    assert_eq!(record.format, Format::Record);
    assert_eq!(record.record, loaded.record);
}

#[test]
fn malformed_evaluations_are_errors_and_good_ones_are_kept() {
    let game = |moves: &str| format!("(;GM[Othello]TY[8]B[f5//0.01]{moves};)");
    let err = ggf::parse(&game("W[d6/garbage/0.01]")).unwrap_err();
    assert_eq!(
        err.kind,
        GgfErrorKind::Evaluation {
            number: 2,
            text: "garbage".into()
        }
    );
    let err = ggf::parse(&game("W[d6/2.39/0.01/extra]")).unwrap_err();
    assert_eq!(
        err.kind,
        GgfErrorKind::MoveParts {
            number: 2,
            text: "d6/2.39/0.01/extra".into()
        }
    );
    let record = ggf::parse(&game("W[d6/-2.39/0.5]")).unwrap();
    let ply = &record.game().history()[1];
    assert_eq!(ply.evaluation(), Some(Evaluation::from_millidiscs(-2390)));
    assert_eq!(ply.time(), Some(std::time::Duration::from_millis(500)));
    let line = ggf::write(&record).unwrap();
    assert!(line.contains("W[d6/-2.39/0.5]"), "{line}");
    let back: Record = record.to_string().parse().unwrap();
    assert_eq!(back, record);
    assert_eq!(
        back.game().history()[1].evaluation(),
        Some(Evaluation::from_millidiscs(-2390))
    );
}

mod many_games {
    use super::*;
    use reversi::text::games::{games, Archive, GameEntry, GameReader};
    use std::io::BufReader;

    /// The entries of `text` read from a `&str` and streamed through a small
    /// buffer, which must agree.
    fn both(text: &[u8]) -> Vec<GameEntry> {
        let streamed: Vec<GameEntry> = GameReader::new(BufReader::with_capacity(7, text))
            .map(Result::unwrap)
            .collect();
        if let Ok(text) = std::str::from_utf8(text) {
            let direct: Vec<GameEntry> = games(text).collect();
            assert_eq!(streamed, direct);
        }
        streamed
    }

    #[test]
    fn every_game_of_the_archive_with_its_line_and_byte() {
        let entries = both(ARCHIVE.as_bytes());
        assert_eq!(entries.len(), 12);
        let mut byte = 0;
        for (i, (entry, line)) in entries.iter().zip(ARCHIVE.lines()).enumerate() {
            assert_eq!((entry.number, entry.line, entry.byte), (i + 1, i + 1, byte));
            assert_eq!(entry.archive, Archive::Ggf);
            assert_eq!(entry.result, Ok(load(line).unwrap().record));
            byte += line.len() + 1;
        }
    }

    /// One leading byte-order mark is skipped by both readers; a second is
    /// text, an entry of its own for both (found by the `games` fuzz target:
    /// the stream reader skipped every leading mark, the text reader one).
    #[test]
    fn one_byte_order_mark_is_skipped_and_a_second_is_text() {
        assert!(both("\u{feff}".as_bytes()).is_empty());
        assert!(both("\u{feff} \n".as_bytes()).is_empty());
        let entries = both("\u{feff}\u{feff}".as_bytes());
        assert_eq!(entries.len(), 1);
        assert_eq!((entries[0].line, entries[0].byte), (1, 3));
    }

    #[test]
    fn a_synchro_line_holds_two_games() {
        let text = format!(
            "2 {}{}\n3 {}\n",
            archive_game(1),
            archive_game(2),
            archive_game(3)
        );
        let entries = both(text.as_bytes());
        let records: Vec<Record> = entries.iter().map(|e| e.result.clone().unwrap()).collect();
        assert_eq!(records.len(), 3);
        for (record, n) in records.iter().zip(1..) {
            assert_eq!(*record, ggf::parse(archive_game(n)).unwrap());
        }
        assert_eq!(entries[1].line, 1);
        assert_eq!(entries[1].byte, 2 + archive_game(1).len());
        assert_eq!(entries[2].line, 2);
    }

    /// Each way of breaking line `broken` of the archive gives one error entry for
    /// it, and every other game as it was.
    #[test]
    fn a_corrupted_game_never_hides_or_invents_another() {
        let lines: Vec<&str> = ARCHIVE.lines().collect();
        let breakages: [fn(&str) -> String; 6] = [
            |_| "garbage".to_string(),
            |l| l.replace(";)", ""),
            |l| l.replace("TY[8]", "TY[9]"),
            |l| l[..l.len() / 2].to_string(),
            |l| l.replacen("]", "", 3),
            |l| l.replacen("(;", "(", 1),
        ];
        for (k, broken) in [0, 5, 11].into_iter().enumerate() {
            for (b, breakage) in breakages.iter().enumerate() {
                let mut copy: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                copy[broken] = breakage(&copy[broken]);
                let text = copy.join("\n") + "\n";
                let entries = both(text.as_bytes());
                assert_eq!(entries.len(), 12, "breakage {b} of line {}", broken + 1);
                for (i, entry) in entries.iter().enumerate() {
                    assert_eq!(entry.line, i + 1, "{k} {b}");
                    if i == broken {
                        assert!(entry.result.is_err(), "breakage {b} of line {}", i + 1);
                    } else {
                        assert_eq!(entry.result, Ok(load(lines[i]).unwrap().record));
                    }
                }
            }
        }
    }

    #[test]
    fn errors_point_into_the_whole_file() {
        let text = format!(
            "{}\n{}\n",
            archive_game(1),
            archive_game(2).replace("RE[+0.000]", "RE[+0.000:x]")
        );
        let entries = both(text.as_bytes());
        let err = entries[1].result.clone().unwrap_err();
        let LoadError::Ggf(err) = err else {
            panic!("{err}")
        };
        assert_eq!(err.line, 2);
        let column = archive_game(2).find("RE[").unwrap() + 1;
        assert_eq!(err.column, column);
    }

    #[test]
    fn a_file_of_records_one_after_another() {
        let records: Vec<Record> = ARCHIVE.lines().map(|l| load(l).unwrap().record).collect();
        let mut text = String::from("\u{feff}");
        for record in &records {
            text.push_str(&record.to_string());
            text.push('\n');
        }
        let entries = both(text.as_bytes());
        assert_eq!(entries.len(), 12);
        for (entry, record) in entries.iter().zip(&records) {
            assert_eq!(entry.archive, Archive::Record);
            assert_eq!(entry.result.as_ref(), Ok(record));
        }
        // A game without moves, then a commented game whose comment has a line that
        // looks like a tag pair: three games, read back equal.
        let mut empty = Record::new(reversi::Game::new(reversi::Rules::default()));
        empty.set_event("nothing played").unwrap();
        let mut commented = records[0].clone();
        commented
            .game_mut()
            .ply_mut(3)
            .unwrap()
            .set_comment(Some("see\n[Event \"not a tag\"]\n  [x] as well"));
        let text = format!("{empty}\n{commented}\n{}", records[1]);
        let entries = both(text.as_bytes());
        let read: Vec<Record> = entries.into_iter().map(|e| e.result.unwrap()).collect();
        assert_eq!(read, [empty, commented, records[1].clone()]);
    }

    #[test]
    fn a_broken_record_annotation_does_not_swallow_the_next_game() {
        let records: Vec<Record> = ARCHIVE
            .lines()
            .take(3)
            .map(|l| load(l).unwrap().record)
            .collect();
        let mut texts: Vec<String> = records.iter().map(|r| r.to_string()).collect();
        texts[1] = texts[1].replacen('}', "", 1);
        let text = texts.join("\n");
        let entries = both(text.as_bytes());
        assert_eq!(entries.len(), 3);
        assert_eq!(entries[0].result.as_ref(), Ok(&records[0]));
        // The annotation runs on into the next one, taking the moves between: the
        // game is refused (here its result no longer fits).
        assert!(
            matches!(entries[1].result, Err(LoadError::Record(_))),
            "{:?}",
            entries[1].result.as_ref().map(|r| r.game().move_list())
        );
        // An annotation left open to the end of the game's text.
        texts[1] = records[1].to_string().replacen('}', "", 1);
        let last = texts[1].rfind('}').unwrap();
        texts[1].replace_range(last..=last, "");
        let entries = both(texts.join("\n").as_bytes());
        assert_eq!(entries.len(), 3);
        assert!(matches!(
            entries[1].result,
            Err(LoadError::Record(ref e)) if matches!(e.kind, RecordErrorKind::Annotation(_))
        ));
        assert_eq!(entries[2].result.as_ref(), Ok(&records[2]));
        assert_eq!(entries[2].result.as_ref(), Ok(&records[2]));
    }

    #[test]
    fn a_line_that_is_not_utf8_fails_its_game_only() {
        let mut bytes = Vec::new();
        for (i, line) in ARCHIVE.lines().take(3).enumerate() {
            let mut line = line.as_bytes().to_vec();
            if i == 1 {
                let at = line.iter().position(|&b| b == b'[').unwrap() + 1;
                line.insert(at, 0xff);
            }
            bytes.extend(line);
            bytes.push(b'\n');
        }
        let entries = both(&bytes);
        assert_eq!(entries.len(), 3);
        assert!(entries[0].result.is_ok() && entries[2].result.is_ok());
        assert_eq!(entries[1].result, Err(LoadError::Utf8 { line: 2 }));
        // Offsets after the bad line are the input's bytes, not those of a
        // repaired text (U+FFFD is three bytes for the one 0xff).
        let third = bytes
            .iter()
            .enumerate()
            .filter(|(_, b)| **b == b'\n')
            .nth(1)
            .unwrap()
            .0
            + 1;
        assert_eq!((entries[2].line, entries[2].byte), (3, third));
    }

    #[test]
    fn a_bad_first_line_of_a_record_fails_that_record_only() {
        // Game 2's first tag line is not UTF-8; game 1, which ends on the line
        // before it, is read whole.
        let mut bytes = b"[Event \"one\"]\n\nf5 d6\n\n[Event \"tw".to_vec();
        bytes.push(0xff);
        bytes.extend(b"o\"]\n\nf5\n\n[Event \"three\"]\n\nf5 f6\n");
        let entries = both(&bytes);
        assert_eq!(entries.len(), 3);
        assert!(entries[0].result.is_ok(), "{:?}", entries[0].result);
        assert_eq!(entries[1].result, Err(LoadError::Utf8 { line: 5 }));
        assert_eq!((entries[1].line, entries[2].line), (5, 9));
        assert!(entries[2].result.is_ok(), "{:?}", entries[2].result);
        // The same on the last line of game 1: that game fails, game 2 does not.
        let mut bytes = b"[Event \"one\"]\n\nf5 d6".to_vec();
        bytes.push(0xff);
        bytes.extend(b"\n\n[Event \"two\"]\n\nf5\n");
        let entries = both(&bytes);
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].result, Err(LoadError::Utf8 { line: 3 }));
        assert!(entries[1].result.is_ok(), "{:?}", entries[1].result);
    }
}

mod round_trips {
    use super::*;
    use proptest::prelude::*;
    use reversi::{Board, Game, Rules};
    use std::time::Duration;

    /// A game of `rules` played by `choices` (each picks a legal move, or passes),
    /// with the annotations given to its moves, left at move `stop` of its line.
    #[allow(clippy::type_complexity)]
    fn game_of(
        rules: Rules,
        choices: &[prop::sample::Index],
        notes: &[(Option<(u32, u32)>, Option<i32>, Option<String>)],
        stop: prop::sample::Index,
    ) -> Game {
        let mut game = Game::new(rules);
        for choice in choices {
            let legal: Vec<_> = game.legal_moves().iter().collect();
            if legal.is_empty() {
                if game.pass().is_err() {
                    break;
                }
            } else {
                game.play(*choice.get(&legal)).unwrap();
            }
        }
        for (i, (time, eval, comment)) in notes.iter().enumerate() {
            let Some(ply) = game.ply_mut(i) else { break };
            ply.set_time(time.map(|(s, n)| Duration::new(u64::from(s), n % 1_000_000_000)));
            ply.set_evaluation(eval.map(Evaluation::from_millidiscs));
            ply.set_comment(comment.as_deref());
        }
        let length = game.line().len();
        game.go_to(stop.index(length + 1)).unwrap();
        game
    }

    fn any_rules() -> impl Strategy<Value = Rules> {
        (0usize..4, 2u8..5, any::<bool>()).prop_map(|(b, players, anti)| {
            Rules::builder(Board::ALL[b])
                .players(players)
                .anti(anti)
                .build()
                .unwrap_or_default()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        /// Whatever the game, the navigation state, tags, comments, times and
        /// evaluations: the record format writes it back byte for byte and reads
        /// back an equal record; GGF, for the two-player games it holds, the same
        /// with the move comments left out (the loss its writer documents).
        #[test]
        fn every_datum_survives_a_save(
            rules in any_rules(),
            choices in prop::collection::vec(any::<prop::sample::Index>(), 0..80),
            notes in prop::collection::vec(
                (
                    proptest::option::of(any::<(u32, u32)>()),
                    proptest::option::of(any::<i32>()),
                    proptest::option::of(".{0,12}"),
                ),
                0..12,
            ),
            stop in any::<prop::sample::Index>(),
            tags in prop::collection::vec(("[A-Za-z_][A-Za-z0-9_]{0,8}", "[^\r\n]{0,12}"), 0..4),
            resigned in any::<bool>(),
        ) {
            let game = game_of(rules, &choices, &notes, stop);
            let mut record = Record::new(game);
            for (name, value) in &tags {
                let _ = record.set_tag(name, value);
            }
            if resigned {
                let _ = record.set_result("white by resignation");
            }
            let text = record.to_string();
            let back: Record = text.parse().map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert!(back == record, "{}", text);
            prop_assert_eq!(back.to_string(), text);
            prop_assert_eq!(back.game().line(), record.game().line());

            let Ok(line) = ggf::write(&record) else { return Ok(()) };
            let from_ggf = ggf::parse(&line).map_err(|e| TestCaseError::fail(format!("{e}\n{line}")))?;
            prop_assert_eq!(ggf::write(&from_ggf).unwrap(), line.clone());
            let mut expected = record.clone();
            for i in 0..expected.game().line().len() {
                expected.game_mut().ply_mut(i).unwrap().set_comment(None);
            }
            prop_assert!(from_ggf == expected, "{}", line);
        }
    }
}

#[test]
fn a_stated_result_belongs_to_the_end_of_its_line() {
    let text = "(;GM[Othello]TY[8]B[f5]W[d6]RE[-64.000:r];)";
    let resigned = ggf::parse(text).unwrap();
    assert_eq!(resigned.result().unwrap().ending, Ending::Resignation);
    // Browsing keeps it: the line still ends where White won.
    let mut record = resigned.clone();
    record.game_mut().go_to(1).unwrap();
    assert_eq!(record.result(), resigned.result());
    assert!(ggf::write(&record).unwrap().contains("RE[-64.000:r]"));
    // A different move makes another game, which nobody resigned.
    record
        .game_mut()
        .play("f4".parse::<reversi::Square>().unwrap())
        .unwrap();
    assert_eq!(record.result(), None);
    let written = ggf::write(&record).unwrap();
    assert!(!written.contains("RE["), "{written}");
    assert!(!record.to_string().contains("resignation"));
    assert_eq!(ggf::parse(&written).unwrap(), record);
    // The result belongs to the line, not to the edits: the same line played again
    // is the game that was resigned.
    let mut record = resigned.clone();
    record.game_mut().go_to(1).unwrap();
    record
        .game_mut()
        .play("f4".parse::<reversi::Square>().unwrap())
        .unwrap();
    record.game_mut().undo();
    record
        .game_mut()
        .play("d6".parse::<reversi::Square>().unwrap())
        .unwrap();
    assert_eq!(record.game().line(), resigned.game().line());
    assert_eq!(record.result(), resigned.result());
    assert_eq!(record, resigned);
    // Clearing the redo list cuts the line: the result goes with it.
    let mut record = resigned.clone();
    record.game_mut().go_to(0).unwrap();
    record.game_mut().clear_redo();
    assert_eq!(record.result(), None);
    assert!(!ggf::write(&record).unwrap().contains("RE["));
    // Playing on past the resignation: not the stated end any more.
    let mut record = resigned.clone();
    record
        .game_mut()
        .play("c3".parse::<reversi::Square>().unwrap())
        .unwrap();
    assert_eq!(record.result(), None);
    // up_to_current at the end of the line is the whole game, result included;
    // anywhere else it is not the stated end.
    assert_eq!(resigned.up_to_current(), resigned);
    assert_eq!(resigned.up_to_current().result(), resigned.result());
    let mut record = resigned.clone();
    record.game_mut().go_to(1).unwrap();
    assert_eq!(record.up_to_current().result(), None);
}

#[test]
fn single_game_parsers_take_a_byte_order_mark_and_an_archive_line() {
    let line = ARCHIVE.lines().next().unwrap();
    assert!(line.starts_with("1 (;"));
    let game = ggf::parse(archive_game(1)).unwrap();
    assert_eq!(ggf::parse(line).unwrap(), game);
    assert_eq!(ggf::parse(&format!("\u{feff}{line}\r\n")).unwrap(), game);
    assert_eq!(
        ggf::parse(&format!("\u{feff}{}", archive_game(1))).unwrap(),
        game
    );
    // A number alone, or a number glued to the game, is no archive line.
    assert_eq!(ggf::parse("1").unwrap_err().kind, GgfErrorKind::Syntax);
    assert_eq!(
        ggf::parse(&format!("1{}", archive_game(1)))
            .unwrap_err()
            .kind,
        GgfErrorKind::Syntax
    );
    // A synchro line's second game is still refused.
    let synchro = format!("2 {}{}", archive_game(1), archive_game(2));
    assert_eq!(
        ggf::parse(&synchro).unwrap_err().kind,
        GgfErrorKind::TrailingText
    );
    let record = game.to_string();
    assert_eq!(format!("\u{feff}{record}").parse::<Record>().unwrap(), game);
    let err = "\u{feff}[Black \"x\"]\n\nf5 a1\n"
        .parse::<Record>()
        .unwrap_err();
    assert_eq!(
        (err.line, err.column),
        (3, 4),
        "columns as an editor shows them"
    );
    // The messages name no Rust path: C and Python users read them too.
    for message in [
        ggf::parse(&synchro).unwrap_err().to_string(),
        format!("{record}\n{record}")
            .parse::<Record>()
            .unwrap_err()
            .to_string(),
        load(&format!("{line}\n{line}\n")).unwrap_err().to_string(),
    ] {
        assert!(message.contains("use a reader of many games"), "{message}");
        assert!(!message.contains("::"), "{message}");
    }
}

#[test]
fn a_margin_stated_for_a_game_stopped_early_is_kept() {
    for (re, margin) in [
        ("+4.000:r", Some(4)),
        ("-10.000:t", Some(-10)),
        ("+12.000", Some(12)),
        ("-64.000:r", None),
        // Beyond 2^53, where a float would write another number (found by the
        // `ggf` fuzz target: i64::MAX came back as +64).
        ("+9223372036854775807.000", Some(i64::MAX)),
        ("-9007199254740993.000:t", Some(-9_007_199_254_740_993)),
    ] {
        let text = format!("(;GM[Othello]TY[8]B[f5]W[d6]RE[{re}];)");
        let record = ggf::parse(&text).unwrap();
        assert_eq!(record.stated_margin(), margin, "{re}");
        let written = ggf::write(&record).unwrap();
        assert!(written.contains(&format!("RE[{re}]")), "{written}");
        assert_eq!(ggf::parse(&written).unwrap(), record);
    }
    let four = ggf::parse("(;GM[Othello]TY[8]B[f5]RE[+4.000:r];)").unwrap();
    let sixty_four = ggf::parse("(;GM[Othello]TY[8]B[f5]RE[+64.000:r];)").unwrap();
    assert_ne!(four, sixty_four, "equality sees the margin a save writes");
    // Another result, or another line, drops it.
    let mut record = four.clone();
    record.set_result("black by resignation").unwrap();
    assert_eq!(record.stated_margin(), None);
    let mut record = four.clone();
    record.game_mut().clear_redo();
    record
        .game_mut()
        .play("d6".parse::<reversi::Square>().unwrap())
        .unwrap();
    assert_eq!(record.stated_margin(), None);
    // Agreed scores are scores, not a margin.
    let agreed = ggf::parse("(;GM[Othello]TY[8]B[f5]RE[+0.000:s];)").unwrap();
    assert_eq!(agreed.result().unwrap().outcome, Outcome::Draw);
}
