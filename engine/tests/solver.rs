//! The exact solver against a plain minimax written here, on small endgames of
//! every variant it takes: 8×8 and 6×6, Reversi and Anti-Reversi, blocked squares.
//! Each endgame comes from a seeded random game; the solver's score must be the
//! minimax score, and its move must reach that score.

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use reversi::{playout, AnyPosition, Board, Position, Rules, Square, TwoPlayer8};
use reversi_engine::solver::Solver;

/// The final margin with best play for the player to move, empties to the winner.
fn minimax<P: Position>(pos: &P) -> i32 {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        if pos.is_over() {
            return pos.final_margin();
        }
        return -minimax(&pos.pass_unchecked());
    }
    moves
        .iter()
        .map(|m| -minimax(&pos.play_unchecked(m)))
        .max()
        .unwrap()
}

/// A position of a random game of `rules` with `empties` empty squares, if the
/// game lasts that long.
fn endgame(rules: &Rules, empties: usize, seed: u64) -> Option<TwoPlayer8> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut pos = TwoPlayer8::try_from(AnyPosition::start(rules)).unwrap();
    while pos.empty().len() > empties {
        if pos.is_over() {
            return None;
        }
        pos = match playout::random_move(&pos, &mut rng) {
            Some(m) => pos.play_unchecked(m),
            None => pos.pass_unchecked(),
        };
    }
    Some(pos)
}

fn check(rules: Rules, empties: usize) {
    let mut solver = Solver::with_table_bits(16);
    let mut solved = 0;
    for seed in 0..40 {
        let Some(pos) = endgame(&rules, empties, seed) else {
            continue;
        };
        let expected = minimax(&pos);
        let solution = solver.solve(&pos);
        assert_eq!(solution.score, expected, "{rules:?}, seed {seed}: score");
        match solution.best_move {
            Some(square) => {
                let spot = pos
                    .legal_moves()
                    .iter()
                    .find(|m| m.square() == square)
                    .unwrap_or_else(|| panic!("{rules:?}, seed {seed}: {square} is not legal"));
                assert_eq!(
                    -minimax(&pos.play_unchecked(spot)),
                    expected,
                    "{rules:?}, seed {seed}: {square} is not a best move"
                );
            }
            None => assert!(
                pos.legal_moves().is_empty(),
                "{rules:?}, seed {seed}: no move although there are legal ones"
            ),
        }
        solved += 1;
    }
    assert!(solved >= 20, "{rules:?}: only {solved} games lasted");
}

fn square(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn reversi_8x8() {
    check(Rules::builder(Board::Size8).build().unwrap(), 9);
}

/// Few enough empty squares for the solver's shallow search from the root.
#[test]
fn reversi_8x8_few_empties() {
    check(Rules::builder(Board::Size8).build().unwrap(), 5);
}

#[test]
fn anti_reversi_8x8() {
    check(Rules::builder(Board::Size8).anti(true).build().unwrap(), 9);
}

#[test]
fn reversi_6x6() {
    check(Rules::builder(Board::Size6).build().unwrap(), 9);
}

#[test]
fn anti_reversi_6x6() {
    check(Rules::builder(Board::Size6).anti(true).build().unwrap(), 9);
}

#[test]
fn blocked_squares_8x8() {
    let rules = Rules::builder(Board::Size8)
        .blocked(vec![square("a1"), square("b7"), square("h4")])
        .build()
        .unwrap();
    check(rules, 9);
}

/// With one empty square left on a board of fewer than 64 squares, the score
/// counts that board's squares (the last-square shortcut once assumed 64).
#[test]
fn the_last_square_of_a_6x6_board() {
    let mut seen = 0;
    for seed in 0..40 {
        let rules = Rules::builder(Board::Size6).build().unwrap();
        if let Some(pos) = endgame(&rules, 1, seed) {
            let solution = Solver::with_table_bits(4).solve(&pos);
            assert_eq!(solution.score, minimax(&pos), "seed {seed}");
            assert!(
                solution.score.abs() <= 36,
                "seed {seed}: {}",
                solution.score
            );
            seen += 1;
        }
    }
    assert!(seen >= 10, "only {seen} games reached one empty square");
}
