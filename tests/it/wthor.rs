//! Real tournament games from WTHOR databases (tests/data/wthor/SOURCE.md): every
//! game replays with legal moves only, and every game that reached the end by the
//! rules has the recorded Black score under the official count.

use reversi::text::wthor::{official_black_score, Database, WthorError};
use reversi::Board;

struct Figures {
    games: usize,
    finished: usize,
    early: usize,
}

fn check(bytes: &[u8]) -> Figures {
    let db = Database::parse(bytes).unwrap();
    assert_eq!(db.header().board, Board::Size8);
    let mut figures = Figures {
        games: 0,
        finished: 0,
        early: 0,
    };
    for (i, game) in db.games().enumerate() {
        let game = game.unwrap_or_else(|e| panic!("{e}"));
        figures.games += 1;
        if game.finished() {
            figures.finished += 1;
            assert_eq!(
                official_black_score(game.record.game()),
                u32::from(game.black_score),
                "game {}: recorded black score against the replay",
                i + 1
            );
        } else {
            figures.early += 1;
        }
    }
    assert_eq!(figures.games as u32, db.header().games);
    figures
}

#[test]
fn wthor_1985_replays() {
    let f = check(include_bytes!("../data/wthor/WTH_1985.wtb"));
    assert_eq!(
        (f.games, f.finished, f.early),
        (954, 946, 8),
        "games, finished, early"
    );
}

#[test]
fn wthor_2015_replays() {
    let f = check(include_bytes!("../data/wthor/WTH_2015.wtb"));
    assert_eq!(
        (f.games, f.finished, f.early),
        (1926, 1926, 0),
        "games, finished, early"
    );
}

#[test]
fn truncated_and_corrupt_files_are_errors() {
    let bytes = include_bytes!("../data/wthor/WTH_1985.wtb");
    assert_eq!(
        Database::parse(&bytes[..10]).unwrap_err(),
        WthorError::NoHeader
    );
    let cut = Database::parse(&bytes[..16 + 68 * 3 + 20]).unwrap();
    let results: Vec<_> = cut.games().take(5).collect();
    assert!(results[2].is_ok());
    assert_eq!(
        results[3].clone().unwrap_err(),
        WthorError::Truncated { game: 4 }
    );
    assert_eq!(results.len(), 4, "nothing after the truncated game");
    // A header that counts 2 of the 954 games: the 2 are read, and the rest
    // is an error at the end rather than dropped without a word.
    let mut short_count = bytes.to_vec();
    short_count[4..8].copy_from_slice(&2u32.to_le_bytes());
    let results: Vec<_> = Database::parse(&short_count).unwrap().games().collect();
    assert_eq!(results.len(), 3);
    assert!(results[..2].iter().all(Result::is_ok));
    let trailing = results[2].clone().unwrap_err();
    assert_eq!(
        trailing,
        WthorError::Trailing {
            games: 2,
            bytes: 952 * 68
        }
    );
    assert_eq!(
        trailing.to_string(),
        "64736 bytes follow the header's 2 games (952 whole records more): \
         its count is short or the file damaged"
    );
    // The whole file: every game, and no error after them.
    let whole = Database::parse(bytes).unwrap();
    assert!(whole.games().all(|g| g.is_ok()));
    let mut corrupt = bytes.to_vec();
    corrupt[16 + 8] = 11; // game 1 opens on a1
    let err = Database::parse(&corrupt).unwrap().game(0).unwrap_err();
    assert!(
        matches!(
            err,
            WthorError::Illegal {
                game: 1,
                number: 1,
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(err.to_string(), "game 1, move 1: a1 flips nothing");
    corrupt[16 + 8] = 99;
    let err = Database::parse(&corrupt).unwrap().game(0).unwrap_err();
    assert_eq!(
        err,
        WthorError::BadSquare {
            game: 1,
            number: 1,
            byte: 99
        }
    );
    let mut size = bytes.to_vec();
    size[12] = 9;
    assert_eq!(
        Database::parse(&size).unwrap_err(),
        WthorError::BoardSize(9)
    );
}

mod writing {
    use reversi::text::wthor::{
        write, write_records, Database, NameProblem, Names, WthorError, WthorWriteError,
    };
    use reversi::text::{ggf, record::Record};
    use reversi::{Color, Game, Rules};

    #[test]
    fn real_files_are_rewritten_byte_for_byte() {
        for bytes in [
            &include_bytes!("../data/wthor/WTH_2015.wtb")[..],
            &include_bytes!("../data/wthor/WTH_1985.wtb")[..],
        ] {
            let db = Database::parse(bytes).unwrap();
            let games: Vec<_> = db.games().map(Result::unwrap).collect();
            assert_eq!(write(&db.header(), &games).unwrap(), bytes);
        }
    }

    #[test]
    fn a_wthor_game_becomes_a_complete_record() {
        let players = Names::players(include_bytes!("../data/wthor/WTHOR.JOU")).unwrap();
        let tournaments = Names::tournaments(include_bytes!("../data/wthor/WTHOR.TRN")).unwrap();
        assert_eq!(players.len(), 3760);
        assert_eq!(tournaments.len(), 436);
        assert_eq!(players.get(1), Some("Tastet Marc"));
        assert_eq!(tournaments.get(1), Some("World Championship"));
        assert_eq!(players.get(3760), None);
        assert_eq!(
            players.to_bytes(),
            include_bytes!("../data/wthor/WTHOR.JOU")
        );
        assert_eq!(
            tournaments.to_bytes(),
            include_bytes!("../data/wthor/WTHOR.TRN")
        );

        let db = Database::parse(include_bytes!("../data/wthor/WTH_2015.wtb")).unwrap();
        assert_eq!(db.header().year, 2015);
        for game in db.games() {
            let mut game = game.unwrap();
            game.name(&players, &tournaments);
            let record = &game.record;
            assert_eq!(record.date(), Some("2015"));
            assert_eq!(record.player(Color::Black), players.get(game.black_player));
            assert_eq!(record.player(Color::White), players.get(game.white_player));
            assert_eq!(record.event(), tournaments.get(game.tournament));
            assert!(record.player(Color::Black).is_some_and(|n| !n.is_empty()));
            // The complete record survives the record format and GGF.
            let back: Record = record.to_string().parse().unwrap();
            assert!(back == *record);
            let line = ggf::write(record).unwrap();
            assert!(ggf::parse(&line).unwrap() == *record, "{line}");
        }
        let cut = &include_bytes!("../data/wthor/WTHOR.JOU")[..16 + 20 * 10 + 3];
        assert!(Names::players(cut).is_err());
    }

    #[test]
    fn what_wthor_cannot_hold_is_refused() {
        let db = Database::parse(include_bytes!("../data/wthor/WTH_2015.wtb")).unwrap();
        let mut game = db.game(0).unwrap();
        game.record = Record::new(Game::new(
            Rules::builder(reversi::Board::Size6).build().unwrap(),
        ));
        assert_eq!(
            write(&db.header(), &[game]),
            Err(WthorWriteError::Rules { game: 1 })
        );
    }

    #[test]
    fn names_files_are_made_from_names() {
        // The real files made again from their names and headers' dates: the same
        // bytes (their fields are padded with NUL, their years and flags 0).
        let jou = include_bytes!("../data/wthor/WTHOR.JOU");
        let trn = include_bytes!("../data/wthor/WTHOR.TRN");
        let all = |names: &Names| -> Vec<String> {
            (0..names.len())
                .map(|i| names.get(i as u16).unwrap().to_string())
                .collect()
        };
        let players = all(&Names::players(jou).unwrap());
        let tournaments = all(&Names::tournaments(trn).unwrap());
        let dated = |bytes: &[u8]| -> [u8; 4] { bytes[..4].try_into().unwrap() };
        assert_eq!(
            Names::new_players(dated(jou), &players).unwrap().to_bytes(),
            jou
        );
        assert_eq!(
            Names::new_tournaments(dated(trn), &tournaments)
                .unwrap()
                .to_bytes(),
            trn
        );

        // A file of our own: the header, then each name NUL-padded, one byte a
        // character (ISO 8859-1), a name as long as its field without a NUL.
        let long = "Twenty-six characters long";
        let made = Names::new_tournaments([20, 26, 12, 3], ["Club", long, "Noël"]).unwrap();
        let bytes = made.to_bytes();
        let mut expected = vec![20, 26, 12, 3, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0];
        for name in [&b"Club"[..], long.as_bytes(), b"No\xebl"] {
            expected.extend_from_slice(name);
            expected.resize(expected.len() + 26 - name.len(), 0);
        }
        assert_eq!(bytes, expected);
        let read = Names::tournaments(&bytes).unwrap();
        assert_eq!(
            [read.get(0), read.get(1), read.get(2)],
            [Some("Club"), Some(long), Some("Noël")]
        );

        // What a names file cannot hold, naming the name by its number.
        let refused = |names: &[&str]| Names::new_players([0; 4], names).unwrap_err();
        assert_eq!(
            refused(&["Ann", "twenty-one characters"]),
            WthorWriteError::Name {
                number: 1,
                problem: NameProblem::TooLong {
                    bytes: 21,
                    width: 20
                }
            }
        );
        assert_eq!(
            refused(&["Ann", "Bo", "Łukasz"]),
            WthorWriteError::Name {
                number: 2,
                problem: NameProblem::Character('Ł')
            }
        );
        assert_eq!(
            refused(&["A\0B"]).to_string(),
            "name number 0 has '\\0': names are ISO 8859-1, one byte a character, without NUL"
        );
        let many = vec![""; 65_536];
        assert_eq!(
            Names::new_players([0; 4], &many).unwrap_err(),
            WthorWriteError::TooManyNames { count: 65_536 }
        );
        assert_eq!(
            Names::new_players([0; 4], &many[1..]).unwrap().len(),
            65_535
        );
    }

    #[test]
    fn headers_and_scores_wthor_cannot_hold_are_refused() {
        let db = Database::parse(include_bytes!("../data/wthor/WTH_2015.wtb")).unwrap();
        let game = db.game(0).unwrap();
        let mut header = db.header();
        header.board = reversi::Board::Size6;
        assert_eq!(
            write(&header, &[]),
            Err(WthorWriteError::HeaderBoard(reversi::Board::Size6))
        );
        header.board = reversi::Board::Size10;
        assert_eq!(write(&header, &[]).unwrap()[12], 10);
        assert_eq!(
            write(&header, std::slice::from_ref(&game)),
            Err(WthorWriteError::Size10 { game: 1 })
        );
        let header = db.header();
        let mut high = game.clone();
        high.theoretical_score = 65;
        assert_eq!(
            write(&header, &[game.clone(), high])
                .unwrap_err()
                .to_string(),
            "game 2: the theoretical score 65 is more than the board's 64 squares"
        );
        // A recorded score that is not the board's count is written as given.
        let mut other = game.clone();
        other.black_score = 10;
        assert_eq!(write(&header, &[other]).unwrap()[16 + 6], 10);
    }

    #[test]
    fn records_are_written_with_the_numbers_of_their_tags() {
        let bytes = include_bytes!("../data/wthor/WTH_2015.wtb");
        let db = Database::parse(bytes).unwrap();
        let records: Vec<Record> = db.games().map(|g| g.unwrap().record).collect();
        assert_eq!(write_records(&db.header(), &records).unwrap(), bytes);

        let header = db.header();
        let record = records[0].clone();
        for (tag, value, max) in [
            ("BlackPlayer", "65536", 65535),
            ("WhitePlayer", "+5", 65535),
            ("Tournament", " 5", 65535),
            ("BlackScore", "65", 64),
            ("TheoreticalScore", "", 64),
        ] {
            let mut bad = record.clone();
            bad.set_tag(tag, value).unwrap();
            assert_eq!(
                write_records(&header, [&record, &bad]),
                Err(WthorWriteError::Tag {
                    game: 2,
                    tag,
                    value: value.to_string(),
                    max
                })
            );
        }
        // Without the number tags: 0 for the numbers, the board's official
        // count for both scores.
        let mut plain = Record::new(record.game().clone());
        let written = write_records(&header, [&plain]).unwrap();
        // The official count, from the board: empties to the winner.
        let (black, white) = (
            plain.game().count(Color::Black) as u8,
            plain.game().count(Color::White) as u8,
        );
        let empty = 64 - black - white;
        let official = match black.cmp(&white) {
            std::cmp::Ordering::Greater => black + empty,
            std::cmp::Ordering::Equal => black + empty / 2,
            std::cmp::Ordering::Less => black,
        };
        assert_eq!(&written[16..24], &[0, 0, 0, 0, 0, 0, official, official]);
        // A game cut short needs a score: its result's, or a tag.
        plain.game_mut().go_to(20).unwrap();
        plain.game_mut().clear_redo();
        assert_eq!(
            write_records(&header, [&plain]),
            Err(WthorWriteError::NoScore { game: 1 })
        );
        plain.set_result("black 40-24 by agreement").unwrap();
        assert_eq!(write_records(&header, [&plain]).unwrap()[16 + 6], 40);
        // The rules are checked before the tags, and the header first of all.
        let six = Record::new(Game::new(
            Rules::builder(reversi::Board::Size6).build().unwrap(),
        ));
        let mut six_tagged = six.clone();
        six_tagged.set_tag("BlackScore", "x").unwrap();
        assert_eq!(
            write_records(&header, [&six_tagged]),
            Err(WthorWriteError::Rules { game: 1 })
        );
        assert!(write_records(&header, [&six]).is_err());
        let mut small_header = header;
        small_header.board = reversi::Board::Size6;
        assert_eq!(
            write_records(&small_header, [&six_tagged]),
            Err(WthorWriteError::HeaderBoard(reversi::Board::Size6))
        );
    }

    #[test]
    fn a_names_file_cut_short_is_a_names_error() {
        let jou = include_bytes!("../data/wthor/WTHOR.JOU");
        assert_eq!(
            Names::players(&jou[..16 + 30]),
            Err(WthorError::NamesTruncated { number: 1 })
        );
        assert_eq!(
            Names::tournaments(jou).unwrap_err().to_string(),
            "the names file ends before name number 2892, short of its header's count"
        );
    }
}
