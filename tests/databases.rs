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

const ARCHIVE: &str = include_str!("data/ggs/TestGames.ggf");

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
        assert!(record.tag("TI").is_some());
    }
}

#[test]
fn ggf_keeps_tags_that_are_not_upper_case() {
    let bytes = include_bytes!("data/wthor/WTH_1985.wtb");
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
    let bytes = include_bytes!("data/wthor/WTH_1985.wtb");
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
