//! Perft against the published 8×8 table (tests/data/perft_8x8.txt), and known
//! properties of the other variants.

use crate::{common, reference};

use reversi::{AnyPosition, Board, Game, Move, Rules};

fn published() -> Vec<(u32, u64)> {
    include_str!("../data/perft_8x8.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut it = l.split_whitespace().map(|w| w.parse::<u64>().unwrap());
            (it.next().unwrap() as u32, it.next().unwrap())
        })
        .collect()
}

fn check_up_to(max_depth: u32) {
    let start = AnyPosition::start(&Rules::default());
    let table = published();
    assert_eq!(table.len(), 12, "the table has depths 1 to 12");
    for (depth, leaves) in table.into_iter().filter(|&(d, _)| d <= max_depth) {
        assert_eq!(start.perft(depth), leaves, "perft({depth})");
    }
}

#[test]
fn published_8x8_table_to_depth_9() {
    check_up_to(9);
}

#[test]
#[ignore = "deep: run with --ignored --release"]
fn published_8x8_table_to_depth_12() {
    check_up_to(12);
}

#[test]
fn game_over_before_the_horizon_is_one_leaf() {
    // RULES.md §11: of the 24571284 leaves at depth 10, 228 are games that ended at
    // move 9; so depth 10 minus the continuations of the depth-9 sequences that go
    // on equals the finished ones. Check the count of finished games at depth 9.
    fn finished_at(pos: &AnyPosition, depth: u32) -> u64 {
        if pos.is_over() {
            return u64::from(depth == 0);
        }
        if depth == 0 {
            return 0;
        }
        if let Ok(next) = pos.pass() {
            return finished_at(&next, depth - 1);
        }
        pos.legal_moves()
            .iter()
            .map(|sq| finished_at(&pos.play(reversi::Move::Place(sq)).unwrap(), depth - 1))
            .sum()
    }
    let start = AnyPosition::start(&Rules::default());
    assert_eq!(finished_at(&start, 9), 228);
}

/// `Game::perft` from the middle of games of every board and player count,
/// against the reference rules' own perft (tests/reference, which shares no code
/// with the crate's move generation).
#[test]
fn game_perft_matches_the_reference_from_mid_game_positions() {
    let mut checked = 0;
    for board in Board::ALL {
        for players in [2, 3, 4] {
            let Ok(rules) = Rules::builder(board).players(players).build() else {
                continue;
            };
            for seed in 0..2 {
                // The reference follows the walk move by move; three of its
                // positions are compared.
                let mut reference = reference::RefGame::new(&reference::Setup {
                    shape: common::shape_of(board),
                    players: players as usize,
                    anti: false,
                    free: false,
                    handicap: None,
                    blocked: Vec::new(),
                });
                let mut compared = 0;
                common::seeded_game(rules, seed, |game: &Game| {
                    match game.moves().last() {
                        Some(Move::Place(sq)) => {
                            reference.play(sq.column().into(), sq.row().into())
                        }
                        Some(Move::Pass) => reference.pass(),
                        None => {}
                    }
                    if game.move_count() % 9 == 5 && compared < 3 {
                        assert_eq!(
                            game.perft(3),
                            reference.perft(3),
                            "{rules} after {}",
                            game.move_count()
                        );
                        compared += 1;
                    }
                });
                checked += compared;
            }
        }
    }
    assert!(checked >= 40, "{checked}");
}

#[test]
fn other_boards_match_an_independent_perft() {
    let text = include_str!("../data/perft_other_boards.txt");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let w: Vec<&str> = line.split_whitespace().collect();
        let board: Board = w[0].parse().unwrap();
        let (depth, leaves): (u32, u64) = (w[1].parse().unwrap(), w[2].parse().unwrap());
        let start = AnyPosition::start(&Rules::builder(board).build().unwrap());
        assert_eq!(start.perft(depth), leaves, "{board} perft({depth})");
        checked += 1;
    }
    assert_eq!(checked, 11);
}
