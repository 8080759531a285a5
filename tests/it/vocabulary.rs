//! One vocabulary: the one numbering of squares and moves (indices) against the symmetry
//! permutations, positions from one's own bitboards, final scores with the empties
//! to the winner, and per-colour mobility on every kernel.

use crate::common;

use reversi::{
    AnyPosition, Bitboard, Board, Color, Move, Position, Rules, SetupError, Square, Symmetry,
    TwoPlayer10, TwoPlayer8,
};

#[test]
fn indices_are_a_bijection_on_every_board() {
    for board in Board::ALL {
        let count = board.index_count();
        let width = board.width() as usize;
        assert_eq!(count, width * width + 1);
        assert_eq!(board.pass_index(), width * width);
        for index in 0..count {
            let mv = Move::from_index(board, index).unwrap();
            assert_eq!(mv.index(board), Some(index), "{board} {index}");
            assert_eq!(
                Square::from_index(board, index).map(Move::Place),
                (index < width * width).then_some(mv)
            );
        }
        assert_eq!(Move::from_index(board, count), None);
        assert_eq!(Square::from_index(board, board.pass_index()), None);
        assert_eq!(Move::Pass.index(board), Some(count - 1));
        for square in board.squares() {
            let index = square.index(board).unwrap();
            assert_eq!(Move::Place(square).index(board), Some(index));
            assert_eq!(
                index,
                square.row() as usize * width + square.column() as usize
            );
        }
    }
    // A square beyond a small board's grid has no index.
    let j10: Square = "j10".parse().unwrap();
    assert_eq!(Move::Place(j10).index(Board::Size8), None);
    assert_eq!(j10.index(Board::Size8), None);
    assert_eq!(j10.index(Board::Size10), Some(99));
}

/// The 8×8 numbering is the one of Edax, OpenSpiel and pgx: `a1` = 0, `h1` = 7,
/// `a2` = 8, `h8` = 63, pass = 64 (Edax's `board.h`/`move.h` constants A1 … H8 and
/// PASS = 64; OpenSpiel's `othello` game, 65 distinct actions).
#[test]
fn the_8x8_numbering_is_edax_and_openspiel_s() {
    let board = Board::Size8;
    for (name, index) in [
        ("a1", 0),
        ("h1", 7),
        ("a2", 8),
        ("d3", 19),
        ("e6", 44),
        ("h8", 63),
        ("pass", 64),
    ] {
        let mv: Move = name.parse().unwrap();
        assert_eq!(mv.index(board), Some(index), "{name}");
        assert_eq!(Move::from_index(board, index), Some(mv), "{name}");
        assert_eq!(Move::from_index(board, index).unwrap().to_string(), name);
    }
    // The other boards: 6×6 ends at f6 = 35, pass = 36; 10×10 and the octagon at
    // j10 = 99, pass = 100.
    assert_eq!(
        "f6".parse::<Square>().unwrap().index(Board::Size6),
        Some(35)
    );
    assert_eq!(Board::Size6.pass_index(), 36);
    assert_eq!(
        "j10".parse::<Square>().unwrap().index(Board::Octagon),
        Some(99)
    );
    assert_eq!(Board::Octagon.pass_index(), 100);
}

#[test]
fn move_permutations_use_the_index_numbering() {
    for board in Board::ALL {
        for symmetry in Symmetry::ALL {
            let permutation = symmetry.move_permutation(board);
            for square in board.squares() {
                let mv = Move::Place(square);
                let image = symmetry.mv(board, mv).unwrap();
                assert_eq!(
                    permutation[mv.index(board).unwrap()] as usize,
                    image.index(board).unwrap(),
                    "{board} {symmetry:?} {square}"
                );
            }
        }
    }
}

/// Every position of a game of `rules` drawn from `seed`, to the end.
fn game(rules: &Rules, seed: u64) -> Vec<AnyPosition> {
    let mut seen = Vec::new();
    common::seeded_game(*rules, seed, |g| seen.push(*g.position()));
    seen
}

#[test]
fn typed_positions_come_from_bitboards_in_one_call() {
    for (board, seed) in [(Board::Size8, 1), (Board::Size6, 2), (Board::Size8, 3)] {
        let rules = Rules::builder(board).build().unwrap();
        for any in game(&rules, seed) {
            let pos = TwoPlayer8::try_from(any).unwrap();
            let rebuilt = TwoPlayer8::from_bitboards(
                board,
                pos.discs(Color::Black),
                pos.discs(Color::White),
                pos.to_move(),
            )
            .unwrap();
            assert_eq!(rebuilt, pos);
        }
    }
    let octagon = Rules::builder(Board::Octagon).build().unwrap();
    let pos = TwoPlayer10::try_from(AnyPosition::start(&octagon)).unwrap();
    let (black, white) = (pos.discs(Color::Black), pos.discs(Color::White));
    assert_eq!(
        TwoPlayer10::from_bitboards(Board::Octagon, black, white, Color::Black),
        Ok(pos)
    );
    // One typed error for every problem.
    let a1: Square = "a1".parse().unwrap();
    let corner = Bitboard::from_squares(std::iter::once(a1).collect());
    assert!(matches!(
        TwoPlayer10::from_bitboards(Board::Octagon, black | corner, white, Color::Black),
        Err(SetupError::OffBoard { square, .. }) if square == a1
    ));
    assert!(matches!(
        TwoPlayer10::from_bitboards(Board::Octagon, black, white, Color::Red),
        Err(SetupError::ToMove { .. })
    ));
    assert!(matches!(
        TwoPlayer10::from_bitboards(Board::Octagon, black, black, Color::Black),
        Err(SetupError::Overlap { .. })
    ));
    let eight = TwoPlayer8::try_from(AnyPosition::start(&Rules::default())).unwrap();
    let (black8, white8) = (eight.discs(Color::Black), eight.discs(Color::White));
    assert!(matches!(
        TwoPlayer8::from_bitboards(Board::Size10, black8, white8, Color::Black),
        Err(SetupError::Kind(_))
    ));
}

#[test]
fn final_scores_give_the_empties_to_the_winner() {
    // Under Miri (.ci/run), which interprets each game thousands of times slower,
    // two games of each variant; natively, six.
    let seeds = if cfg!(miri) { 2 } else { 6 };
    let mut checked = 0;
    for board in Board::ALL {
        for players in [2, 3, 4] {
            let Ok(rules) = Rules::builder(board).players(players).build() else {
                continue;
            };
            for seed in 0..seeds {
                let end = *game(&rules, seed).last().unwrap();
                let scores = end.scores();
                let finals = end.final_scores();
                let empties = end.empty().len() as u32;
                let total: u32 = finals.iter().map(|(_, n)| n).sum();
                let counted: u32 = scores.iter().map(|(_, n)| n).sum();
                match end.outcome().unwrap() {
                    reversi::Outcome::Win(winner) => {
                        assert_eq!(total, counted + empties);
                        assert_eq!(finals.get(winner), scores.get(winner) + empties);
                    }
                    reversi::Outcome::Draw => assert!(total >= counted),
                }
                if players == 2 {
                    let mover = end.to_move();
                    let other = Color::ALL[1 - mover.index()];
                    assert_eq!(
                        finals.get(mover) as i32 - finals.get(other) as i32,
                        end.final_margin(),
                        "{board} {seed}"
                    );
                }
                checked += 1;
            }
        }
    }
    // Every board with each player count it allows: at least seven variants.
    assert!(checked / seeds >= 7, "{checked} games");
}

#[test]
fn mobility_of_either_colour_agrees_on_every_kernel() {
    let rules = Rules::default();
    let opponent = |pos: &AnyPosition| Color::ALL[1 - pos.to_move().index()];
    for any in game(&rules, 7) {
        let portable = TwoPlayer8::try_from(any).unwrap();
        let other = opponent(&any);
        // The opponent's mobility is the moves it would have after a pass.
        let swapped = TwoPlayer8::from_bitboards(
            Board::Size8,
            portable.discs(Color::Black),
            portable.discs(Color::White),
            other,
        )
        .unwrap();
        assert_eq!(portable.mobility(other), swapped.legal_moves());
        assert_eq!(portable.mobility(any.to_move()), portable.legal_moves());
        assert!(portable.mobility(Color::Red).is_empty());
        if let Some(avx2) = common::avx2() {
            let fast = portable.with_kernel(avx2);
            for color in [Color::Black, Color::White] {
                assert_eq!(fast.mobility(color), portable.mobility(color));
            }
        }
    }
}
