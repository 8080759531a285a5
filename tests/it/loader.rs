//! One loader: it detects each format, says which it saw, and its errors name the
//! format tried without saying anything twice.

use reversi::text::load::{detect, load, Format, LoadError};
use reversi::text::record::Record;
use reversi::{Board, Color, Game, Rules};

const START: &str = "--------/--------/--------/---WB---/---BW---/--------/--------/-------- B";
const OBF: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;";

#[test]
fn each_format_is_detected_and_read() {
    let mut record = Record::new(Game::new(Rules::default()));
    record.game_mut().play_moves("f5 d6").unwrap();
    record.set_player(Color::Black, "Ann").unwrap();
    let record_text = record.to_string();
    let ggf_text = reversi::text::ggf::write(&record).unwrap();
    let cases = [
        (record_text.as_str(), Format::Record, 2),
        ("f5 {[%emt 0:00:02]} d6", Format::Record, 2),
        (ggf_text.as_str(), Format::Ggf, 2),
        ("  f5 d6 c3\n", Format::Transcript, 3),
        ("f5d6c3d3", Format::Transcript, 4),
        (START, Format::Position, 0),
        (OBF, Format::Obf, 0),
    ];
    for (text, format, moves) in cases {
        assert_eq!(detect(text), Some(format), "{text}");
        let loaded = load(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(loaded.format, format);
        assert_eq!(loaded.record.game().move_count(), moves, "{text}");
    }
    assert_eq!(load(&record_text).unwrap().record, record);
    assert_eq!(
        load(&ggf_text).unwrap().record.player(Color::Black),
        Some("Ann")
    );
    assert_eq!(load(OBF).unwrap().annotations, "G8:+18;");
    // Position strings: the players follow from the discs.
    let three = Game::new(Rules::builder(Board::Size8).players(3).build().unwrap());
    let four = Game::new(Rules::builder(Board::Octagon).players(4).build().unwrap());
    for game in [three, four] {
        let text = game.position().to_string();
        assert_eq!(load(&text).unwrap().record.game(), &game);
    }
    // A transcript beyond h8 is a 10×10 game: g6 is legal there (and not on
    // 8×8), and j10 is on the board but flips nothing.
    assert_eq!(
        load("g6 j10").unwrap_err().to_string(),
        "transcript: column 4: move 2: j10 flips nothing"
    );
    let ten = load("g6 g7 j10").map(|l| l.record.game().board());
    assert!(matches!(ten, Err(LoadError::Transcript(_))));
    assert_eq!(
        load("a10").unwrap_err().to_string(),
        "transcript: column 1: move 1: a10 flips nothing"
    );
    assert_eq!(
        load("g6").unwrap_err().to_string(),
        "transcript: column 1: move 1: g6 flips nothing"
    );
}

#[test]
fn errors_name_the_format_tried_and_say_things_once() {
    let cases = [
        (
            "(;GM[Chess];)",
            Format::Ggf,
            "GGF: line 1, column 3: GM[Chess]: not an Othello game",
        ),
        (
            "[Board \"9x9\"]\n",
            Format::Record,
            "record: line 1, column 1: tag Board: \"9x9\" is not 6x6, 8x8, 10x10 or octagon",
        ),
        (
            "f5 d6 zz",
            Format::Transcript,
            "transcript: column 7: move 3: \"zz\" is not a square (a-j and 1-10) or a pass",
        ),
        (
            "f5 a1",
            Format::Transcript,
            "transcript: column 4: move 2: a1 flips nothing",
        ),
        (
            "--------/-------- B",
            Format::Position,
            "position string: 2 rows: a position has 6, 8 or 10 rows separated by '/'",
        ),
        (
            "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-0 X",
            Format::Obf,
            "OBF: column 64: '0' is not a cell (X x * B b, O o W w, - .; 0 is ambiguous)",
        ),
    ];
    for (text, format, message) in cases {
        let e = load(text).unwrap_err();
        assert_eq!(e.format(), Some(format), "{text}");
        assert_eq!(e.to_string(), message, "{text}");
        // No place is named twice.
        let text = e.to_string();
        for word in ["column", "line", "move"] {
            let places: Vec<&str> = text.match_indices(word).map(|(i, _)| &text[i..]).collect();
            for (i, a) in places.iter().enumerate() {
                let a = a.split(':').next().unwrap();
                assert!(places[i + 1..].iter().all(|b| !b.starts_with(a)), "{text}");
            }
        }
    }
    assert_eq!(load("  \n ").unwrap_err(), LoadError::Empty);
    assert_eq!(LoadError::Empty.format(), None);
}
