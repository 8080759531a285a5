//! The symmetries against a plain implementation on square coordinates written here:
//! squares, bitboards of every board, the group laws, move permutations, and
//! positions of every variant from random games (images are legal positions, legal
//! moves and play commute with the symmetry, canonical forms are the least image).

use crate::common;

use proptest::prelude::*;
use reversi::layout::{Grid10, Grid8};
use reversi::symmetry::{Symmetric, SymmetricLayout, Symmetry};
use reversi::{
    AnyPosition, Bitboard, Board, Cell, Color, Move, Position, Rules, Setup, Square, SquareSet,
};

/// The symmetries as the docs' table gives them, on column `c` and row `r` of a
/// board of width `n`: rotations turn clockwise with `a1` at the top left.
fn plain(s: Symmetry, n: u8, c: u8, r: u8) -> (u8, u8) {
    let m = n - 1;
    match s {
        Symmetry::Identity => (c, r),
        Symmetry::Rotate90 => (m - r, c),
        Symmetry::Rotate180 => (m - c, m - r),
        Symmetry::Rotate270 => (r, m - c),
        Symmetry::FlipUpDown => (c, m - r),
        Symmetry::FlipLeftRight => (m - c, r),
        Symmetry::FlipDiagonal => (r, c),
        Symmetry::FlipAntiDiagonal => (m - r, m - c),
    }
}

fn plain_square(s: Symmetry, board: Board, sq: Square) -> Square {
    let (c, r) = plain(s, board.width(), sq.column(), sq.row());
    Square::new(c, r)
}

fn plain_set(s: Symmetry, board: Board, set: SquareSet) -> SquareSet {
    set.iter()
        .filter(|&sq| board.contains(sq))
        .map(|sq| plain_square(s, board, sq))
        .collect()
}

#[test]
fn squares_match_the_plain_table() {
    for board in Board::ALL {
        for s in Symmetry::ALL {
            let mut images = SquareSet::EMPTY;
            for sq in Square::all() {
                let got = s.square(board, sq);
                if board.contains(sq) {
                    let image = plain_square(s, board, sq);
                    assert_eq!(got, Some(image), "{s:?} {board} {sq}");
                    assert!(board.contains(image), "{s:?} {board} {sq}: off the board");
                    images.insert(image);
                    assert_eq!(s.mv(board, Move::Place(sq)), Some(Move::Place(image)));
                } else {
                    assert_eq!(got, None, "{s:?} {board} {sq}");
                    assert_eq!(s.mv(board, Move::Place(sq)), None);
                }
            }
            // A bijection of the board's squares.
            assert_eq!(images, board.squares());
            assert_eq!(s.squares(board, SquareSet::from_bits(!0)), board.squares());
            assert_eq!(s.mv(board, Move::Pass), Some(Move::Pass));
        }
    }
}

#[test]
fn group_laws() {
    let boards = [Board::Size6, Board::Size8, Board::Size10];
    let apply = |s: Symmetry, board: Board, sq| s.square(board, sq).unwrap();
    for a in Symmetry::ALL {
        for board in boards {
            for sq in board.squares() {
                assert_eq!(apply(a.inverse(), board, apply(a, board, sq)), sq, "{a:?}");
            }
        }
        assert_eq!(a.then(a.inverse()), Symmetry::Identity);
        assert_eq!(a.inverse().then(a), Symmetry::Identity);
        assert_eq!(a.then(Symmetry::Identity), a);
        assert_eq!(Symmetry::Identity.then(a), a);
        for b in Symmetry::ALL {
            // The composition table against the plain maps, square by square.
            for board in boards {
                for sq in board.squares() {
                    let (c, r) = plain(a, board.width(), sq.column(), sq.row());
                    let (c, r) = plain(b, board.width(), c, r);
                    assert_eq!(
                        apply(a.then(b), board, sq),
                        Square::new(c, r),
                        "{a:?} {b:?}"
                    );
                }
            }
            for c in Symmetry::ALL {
                assert_eq!(a.then(b).then(c), a.then(b.then(c)));
            }
        }
    }
    // The dihedral group of order 8: five elements of order 2, two of order 4.
    let order = |s: Symmetry| {
        (1..=8)
            .find(|&k| (1..k).fold(s, |p, _| p.then(s)) == Symmetry::Identity)
            .unwrap()
    };
    let orders: Vec<usize> = Symmetry::ALL.iter().map(|&s| order(s)).collect();
    assert_eq!(orders, [1, 4, 2, 4, 2, 2, 2, 2]);
    assert_ne!(
        Symmetry::Rotate90.then(Symmetry::FlipUpDown),
        Symmetry::FlipUpDown.then(Symmetry::Rotate90)
    );
}

#[test]
fn move_permutations_match_the_squares() {
    for board in Board::ALL {
        let n = board.width() as usize;
        for s in Symmetry::ALL {
            let perm = s.move_permutation(board);
            assert_eq!(perm.len(), n * n);
            let mut seen = vec![false; n * n];
            for (i, &j) in perm.iter().enumerate() {
                assert!(!seen[j as usize], "{s:?} {board}: not a permutation");
                seen[j as usize] = true;
                let (c, r) = plain(s, n as u8, (i % n) as u8, (i / n) as u8);
                assert_eq!(j as usize, r as usize * n + c as usize);
            }
        }
    }
}

/// Bitboard images against the plain set images, for the bits of `bits` on `board`.
fn check_bitboard<L: SymmetricLayout>(board: Board, bits: L::Bits) -> Result<(), TestCaseError> {
    // Bits that are no square at all (column eleven of the 10×10 layout) have no
    // square to compare with; off-board squares (6×6 in the 8×8 layout, the
    // octagon's corners) stay, and must be dropped.
    let squares = Bitboard::<L>::from_squares(SquareSet::from_bits((1 << 100) - 1));
    let bb = Bitboard::<L>::from_bits(bits) & squares;
    let on_board = bb.to_squares() & board.squares();
    for s in Symmetry::ALL {
        // Column eleven, set in the raw input, must not matter either.
        let image = s.bitboard(board, Bitboard::from_bits(bits));
        prop_assert_eq!(image, s.bitboard(board, bb));
        prop_assert_eq!(
            image.to_squares(),
            plain_set(s, board, on_board),
            "{:?} {}",
            s,
            board
        );
        for spot in bb {
            let expected = s.square(board, spot.square());
            prop_assert_eq!(s.spot(board, spot).map(|x| x.square()), expected);
        }
    }
    Ok(())
}

/// Every position of a random game of `rules`, the start included.
fn random_game(rules: Rules, choices: &[prop::sample::Index]) -> Vec<AnyPosition> {
    let mut seen = Vec::new();
    let pushed = common::random_game(rules, choices, |g| {
        seen.push(*g.position());
        Ok::<_, ()>(())
    });
    assert!(pushed.is_ok());
    seen
}

/// The cells of `pos` moved by the plain map.
fn plain_image(pos: &AnyPosition, s: Symmetry) -> Setup {
    let mut setup = Setup::from_position(pos);
    let board = pos.board();
    for sq in board.squares() {
        setup.set(plain_square(s, board, sq), pos.cell(sq).unwrap());
    }
    setup
}

/// The planes of the documented canonical order, as the layout's numbers.
fn order_key(pos: &AnyPosition) -> Vec<u128> {
    fn planes<P: Position>(p: &P, bits: impl Fn(Bitboard<P::Layout>) -> u128) -> Vec<u128> {
        let mut v: Vec<u128> = Color::ALL.iter().map(|&c| bits(p.discs(c))).collect();
        v.push(bits(p.neutral()));
        v.push(bits(p.blocked()));
        v
    }
    match pos {
        AnyPosition::TwoPlayer8(p) => planes(p, |b| b.bits() as u128),
        AnyPosition::TwoPlayer10(p) => planes(p, |b| b.bits()),
        AnyPosition::MultiPlayer8(p) => planes(p, |b| b.bits() as u128),
        AnyPosition::MultiPlayer10(p) => planes(p, |b| b.bits()),
    }
}

fn check_position(pos: &AnyPosition) -> Result<(), TestCaseError> {
    let board = pos.board();
    let legal = pos.legal_moves();
    let mut images = Vec::new();
    for s in Symmetry::ALL {
        let image = pos.transform(s);
        // The plain image, checked back through a set-up: a legal position.
        let setup = plain_image(pos, s);
        prop_assert_eq!(AnyPosition::try_from(setup).ok(), Some(image), "{:?}", s);
        prop_assert_eq!(image.transform(s.inverse()), *pos);
        // Legal moves, and the legal mask through the move permutation.
        prop_assert_eq!(image.legal_moves(), plain_set(s, board, legal));
        let n = board.width() as usize;
        let perm = s.move_permutation(board);
        let mut mask = vec![false; n * n];
        for sq in legal {
            mask[perm[sq.row() as usize * n + sq.column() as usize] as usize] = true;
        }
        let from_mask: SquareSet = (0..n * n)
            .filter(|&i| mask[i])
            .map(|i| Square::new((i % n) as u8, (i / n) as u8))
            .collect();
        prop_assert_eq!(from_mask, image.legal_moves());
        // Play commutes with the symmetry, passes included.
        for sq in legal {
            let mv = Move::Place(sq);
            let played = pos.play(mv).unwrap().transform(s);
            prop_assert_eq!(image.play(s.mv(board, mv).unwrap()), Ok(played));
        }
        prop_assert_eq!(image.pass(), pos.pass().map(|p| p.transform(s)));
        prop_assert_eq!(image.is_over(), pos.is_over());
        images.push(image);
    }
    // The symmetries the position has, and its canonical form.
    let has = pos.symmetries();
    for (s, image) in Symmetry::ALL.iter().zip(&images) {
        prop_assert_eq!(has.contains(*s), image == pos);
    }
    let (canonical, s) = pos.canonical();
    prop_assert_eq!(pos.transform(s), canonical);
    let least = (0..8).min_by_key(|&i| order_key(&images[i])).unwrap();
    prop_assert_eq!(s, Symmetry::ALL[least]);
    for image in &images {
        prop_assert_eq!(image.canonical().0, canonical);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn bitboards_match_the_plain_images(bits in any::<u128>(), board in prop::sample::select(Board::ALL.to_vec())) {
        match board {
            Board::Size6 | Board::Size8 => check_bitboard::<Grid8>(board, bits as u64)?,
            _ => check_bitboard::<Grid10>(board, bits)?,
        }
    }

    #[test]
    fn positions_of_every_variant(
        (rules, _) in common::variant(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 0..100),
    ) {
        let positions = random_game(rules, &choices);
        // Every fifth position and the last, to keep the test short.
        for pos in positions.iter().step_by(5).chain(positions.last()) {
            check_position(pos)?;
        }
    }
}

#[test]
fn start_positions_have_their_symmetries() {
    let count = |rules: Rules| AnyPosition::start(&rules).symmetries().len();
    let b = Rules::builder;
    assert_eq!(count(Rules::default()), 4);
    assert_eq!(count(b(Board::Size6).build().unwrap()), 4);
    assert_eq!(count(b(Board::Octagon).build().unwrap()), 4);
    assert_eq!(count(b(Board::Size8).players(3).build().unwrap()), 1);
    assert_eq!(count(b(Board::Size10).players(4).build().unwrap()), 1);
    let free = b(Board::Size8)
        .opening(reversi::Opening::Free)
        .build()
        .unwrap();
    assert_eq!(count(free), 8);
    let a1: Square = "a1".parse().unwrap();
    let blocked = b(Board::Size8).blocked([a1]).build().unwrap();
    // A blocked corner keeps only the symmetries that fix it.
    assert_eq!(count(blocked), 2);
}

#[test]
fn perft_of_the_image_equals_perft() {
    let b = Rules::builder;
    for rules in [
        Rules::default(),
        b(Board::Octagon).players(3).build().unwrap(),
        b(Board::Size10).players(4).build().unwrap(),
    ] {
        let start = AnyPosition::start(&rules);
        let mut pos = start;
        for _ in 0..3 {
            let sq = pos.legal_moves().first().unwrap();
            pos = pos.play(Move::Place(sq)).unwrap();
        }
        let perft = pos.perft(4);
        for s in Symmetry::ALL {
            assert_eq!(pos.transform(s).perft(4), perft, "{s:?}");
        }
    }
}

#[test]
fn neutral_and_blocked_squares_move_too() {
    let sq = |s: &str| s.parse::<Square>().unwrap();
    let mut setup = Setup::empty(Board::Size8, 3);
    setup.set(sq("d4"), Cell::Disc(Color::Black));
    setup.set(sq("e4"), Cell::Disc(Color::White));
    setup.set(sq("e5"), Cell::Disc(Color::Red));
    setup.set(sq("d5"), Cell::Neutral);
    setup.set(sq("b1"), Cell::Blocked);
    let pos = AnyPosition::try_from(setup).unwrap();
    let image = pos.transform(Symmetry::Rotate90);
    assert_eq!(image.cell(sq("h2")), Some(Cell::Blocked));
    assert_eq!(image.cell(sq("b1")), Some(Cell::Empty));
    assert_eq!(image.cell(sq("d4")), Some(Cell::Neutral));
    assert_eq!(image.cell(sq("e4")), Some(Cell::Disc(Color::Black)));
}
