//! One numbering of squares and moves on every surface. The records in
//! `tests/data/numbering/` (one random game a variant, from a fixed seed) come
//! with the index and name of every move of their line (`NAME.indices`). This test
//! checks the Rust API against them and against the numbering's definition,
//! `row * width + column` with the pass at `width * width`; tests/it/c_abi.rs replays
//! the same records through the C ABI and python/tests/test_numbering.py through
//! Python, each against the same `.indices` files, so that one move has one
//! integer and one name in every language. `REVERSI_BLESS=1` rewrites the files
//! after a deliberate change.

use crate::common;

use std::fmt::Write as _;
use std::path::PathBuf;

use reversi::text::record::Record;
use reversi::{Board, Color, Corners, Game, Handicap, Move, Opening, Rules};

/// The variants: every board, Anti-Reversi, the free opening, a handicap, blocked
/// squares, three and four players; each game to its end.
fn variants() -> Vec<(&'static str, Rules, u64)> {
    let build = |board| Rules::builder(board);
    vec![
        ("6x6", build(Board::Size6).build().unwrap(), 3),
        ("8x8", Rules::default(), 1),
        ("10x10", build(Board::Size10).build().unwrap(), 2),
        ("octagon", build(Board::Octagon).build().unwrap(), 4),
        (
            "8x8-anti",
            build(Board::Size8).anti(true).build().unwrap(),
            5,
        ),
        (
            "8x8-free-opening",
            build(Board::Size8).opening(Opening::Free).build().unwrap(),
            6,
        ),
        (
            "8x8-handicap",
            build(Board::Size8)
                .handicap(Handicap {
                    color: Color::White,
                    corners: Corners::TOP_LEFT | Corners::BOTTOM_RIGHT,
                })
                .build()
                .unwrap(),
            7,
        ),
        (
            "8x8-blocked",
            build(Board::Size8).build_with_blocked_seed(8).unwrap(),
            8,
        ),
        (
            "10x10-three-players",
            build(Board::Size10).players(3).build().unwrap(),
            9,
        ),
        (
            "octagon-four-players-blocked",
            build(Board::Octagon)
                .players(4)
                .build_with_blocked_seed(10)
                .unwrap(),
            10,
        ),
    ]
}

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/numbering")
        .join(name)
}

/// The index of a move's name, from the name alone: column letter and row number
/// give `row * width + column`; a pass is `width * width`.
fn index_by_definition(board: Board, name: &str) -> usize {
    let width = board.width() as usize;
    if name == "pass" {
        return width * width;
    }
    let column = (name.as_bytes()[0] - b'a') as usize;
    let row: usize = name[1..].parse::<usize>().unwrap() - 1;
    assert!(column < width && row < width, "{name} on {board}");
    row * width + column
}

/// The `.indices` text of a game's line: one `index name` line a move.
fn indices(game: &Game) -> String {
    let board = game.rules().board();
    let mut out = String::new();
    for ply in game.line() {
        let index = ply.mv().index(board).unwrap();
        writeln!(out, "{index} {}", ply.mv()).unwrap();
    }
    out
}

#[test]
fn every_move_has_one_index_and_one_name_on_every_variant() {
    let bless = std::env::var_os("REVERSI_BLESS").is_some();
    let mut passes = 0;
    for (name, rules, seed) in variants() {
        let game = common::seeded_game(rules, seed, |_| {});
        assert!(game.is_over(), "{name}");
        let (record_path, indices_path) = (
            data(&format!("{name}.txt")),
            data(&format!("{name}.indices")),
        );
        if bless {
            std::fs::write(&record_path, Record::new(game.clone()).to_string()).unwrap();
            std::fs::write(&indices_path, indices(&game)).unwrap();
        }
        let record = std::fs::read_to_string(&record_path).unwrap();
        let expected = std::fs::read_to_string(&indices_path).unwrap();
        let read = Record::parse(&record).unwrap().into_game();
        assert_eq!(read.rules(), game.rules(), "{name}");
        assert_eq!(
            indices(&read),
            expected,
            "{name}: run with REVERSI_BLESS=1 after a deliberate change"
        );
        let board = read.rules().board();
        for (line, ply) in expected.lines().zip(read.line()) {
            let (index, move_name) = line.split_once(' ').unwrap();
            let index: usize = index.parse().unwrap();
            assert_eq!(
                index,
                index_by_definition(board, move_name),
                "{name}: {line}"
            );
            assert_eq!(
                Move::from_index(board, index),
                Some(ply.mv()),
                "{name}: {line}"
            );
            assert_eq!(
                move_name.parse::<Move>().unwrap(),
                ply.mv(),
                "{name}: {line}"
            );
            passes += usize::from(ply.mv() == Move::Pass);
        }
        assert_eq!(expected.lines().count(), read.line().len(), "{name}");
    }
    // The records include passes, so that the pass index is checked too.
    assert!(passes > 0);
}
