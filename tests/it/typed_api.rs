//! The typed search API: spots and bitboards against squares and square sets,
//! conversions between `AnyPosition` and the typed positions, play with flips,
//! passes, scores and margins, each checked against the front-end API or against
//! real game results.

use crate::common;

use proptest::prelude::*;
use reversi::layout::{Grid10, Grid8, Layout};
use reversi::text::wthor::{official_black_score, Database};
use reversi::{
    AnyPosition, Bitboard, Board, Color, Game, KindError, Move, MultiPlayer10, MultiPlayer8,
    PlayError, Position, PositionVisitor, Rules, Spot, Square, SquareSet, TwoPlayer10, TwoPlayer8,
};

/// Every square of every board converts to a spot of its layout and back, and the
/// spot's index is the layout's documented bit (`8 * row + column` or
/// `11 * row + column`).
#[test]
fn spots_and_squares_convert_both_ways() {
    fn check<L: Layout>(board: Board, stride: usize) {
        for square in board.squares() {
            let spot = Spot::<L>::from_square(square).expect("the layout has room");
            assert_eq!(spot.square(), square);
            assert_eq!(Square::from(spot), square);
            assert_eq!(
                spot.bit(),
                stride * square.row() as usize + square.column() as usize
            );
            assert_eq!(Spot::<L>::from_bit(spot.bit()), Some(spot));
            assert_eq!(spot.to_string(), square.to_string());
            assert_eq!(spot.bitboard().to_squares(), SquareSet::single(square));
        }
    }
    check::<Grid8>(Board::Size6, 8);
    check::<Grid8>(Board::Size8, 8);
    check::<Grid10>(Board::Size10, 11);
    check::<Grid10>(Board::Octagon, 11);
    // No room for column j or row 9 in the 8-bit layout; none for the padding
    // column or past the last row in the 11-bit one.
    for name in ["j1", "a9", "j10"] {
        assert_eq!(Spot::<Grid8>::from_square(name.parse().unwrap()), None);
    }
    assert_eq!(Spot::<Grid8>::from_bit(64), None);
    assert_eq!(Spot::<Grid10>::from_bit(10), None, "the padding column");
    assert_eq!(Spot::<Grid10>::from_bit(110), None);
    assert_eq!(Spot::<Grid10>::from_bit(usize::MAX), None);
}

proptest! {
    /// Bitboards and square sets hold the same squares and agree on every query
    /// and set operation.
    #[test]
    fn bitboards_agree_with_square_sets(a in any::<u64>(), b in any::<u64>()) {
        let (x, y) = (Bitboard::<Grid8>::from_bits(a), Bitboard::<Grid8>::from_bits(b));
        let (sx, sy) = (x.to_squares(), y.to_squares());
        prop_assert_eq!(Bitboard::<Grid8>::from_squares(sx), x);
        prop_assert_eq!(x.len(), sx.len());
        prop_assert_eq!(x.is_empty(), sx.is_empty());
        prop_assert_eq!(x.first().map(|s| s.square()), sx.first());
        prop_assert_eq!((x & y).to_squares(), sx & sy);
        prop_assert_eq!((x | y).to_squares(), sx | sy);
        prop_assert_eq!((x - y).to_squares(), sx - sy);
        prop_assert_eq!((x ^ y).to_squares(), (sx - sy) | (sy - sx));
        let squares: Vec<Square> = x.iter().map(Square::from).collect();
        prop_assert_eq!(squares, sx.iter().collect::<Vec<_>>());
        prop_assert_eq!(x.iter().len(), x.len());
        for square in Board::Size8.squares() {
            prop_assert_eq!(x.contains_square(square), sx.contains(square));
        }
        let rebuilt: Bitboard<Grid8> = x.iter().collect();
        prop_assert_eq!(rebuilt, x);
        if let Some(first) = x.first() {
            let mut without = x;
            without.remove(first);
            prop_assert!(!without.contains(first));
            prop_assert_eq!(without.len() + 1, x.len());
            without.insert(first);
            prop_assert_eq!(without, x);
        }
    }

    /// Along random games of every variant: the typed position's moves, flips,
    /// play, passes, scores and outcome are the front end's, and `AnyPosition`
    /// converts to the typed position and back unchanged.
    #[test]
    fn typed_positions_agree_with_the_front_end(
        (rules, _) in common::variant(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 120),
    ) {
        struct Agree(Game);
        impl PositionVisitor for Agree {
            type Output = Result<(), TestCaseError>;
            fn visit<P: Position>(self, pos: &P) -> Self::Output {
                let game = self.0;
                let moves: SquareSet = pos.legal_moves().to_squares();
                prop_assert_eq!(moves, game.legal_moves());
                prop_assert_eq!(pos.to_move(), game.to_move());
                prop_assert_eq!(pos.anti(), game.rules().anti());
                prop_assert_eq!(pos.players(), game.rules().players());
                prop_assert_eq!(pos.board(), game.board());
                prop_assert_eq!(pos.scores(), game.scores());
                prop_assert_eq!(pos.outcome(), game.outcome());
                prop_assert_eq!(pos.must_pass(), game.must_pass());
                prop_assert_eq!(pos.is_over(), game.is_over());
                prop_assert_eq!(pos.blocked().to_squares(), game.blocked());
                prop_assert_eq!(pos.mine().to_squares(), game.position().discs(game.to_move()));
                let everyone = Color::in_play(pos.players())
                    .iter()
                    .fold(pos.neutral(), |all, &c| all | pos.discs(c));
                prop_assert_eq!(pos.mine() | pos.theirs(), everyone);
                prop_assert!((pos.mine() & pos.theirs()).is_empty());
                for spot in pos.legal_moves() {
                    let (next, flips) = pos.play_unchecked_with_flips(spot);
                    prop_assert_eq!(next, pos.play_unchecked(spot));
                    prop_assert_eq!(flips, pos.flips_unchecked(spot));
                    prop_assert_eq!(Ok(flips.to_squares()), game.flips(spot.square()));
                    prop_assert_eq!(Ok((next, flips)), pos.play_with_flips(Move::Place(spot.square())));
                }
                if pos.must_pass() {
                    prop_assert_eq!(pos.pass(), Ok(pos.pass_unchecked()));
                    prop_assert_eq!(pos.play(Move::Pass), Ok(pos.pass_unchecked()));
                } else {
                    prop_assert_eq!(pos.pass(), pos.play(Move::Pass));
                    prop_assert!(pos.pass().is_err());
                    prop_assert!(pos.play(Move::Pass).is_err());
                }
                Ok(())
            }
        }
        let mut game = Game::new(rules);
        for choice in choices {
            let any = *game.position();
            any.visit(Agree(game.clone()))?;
            any.visit_fastest(Agree(game.clone()))?;
            // Into the typed kind and back, with the fastest kernel on the way.
            let back = match any {
                AnyPosition::TwoPlayer8(_) => TwoPlayer8::try_from(any).map(|p| p.visit_fastest(Back)),
                AnyPosition::TwoPlayer10(_) => TwoPlayer10::try_from(any).map(|p| p.visit_fastest(Back)),
                AnyPosition::MultiPlayer8(_) => MultiPlayer8::try_from(any).map(|p| p.visit_fastest(Back)),
                AnyPosition::MultiPlayer10(_) => MultiPlayer10::try_from(any).map(|p| p.visit_fastest(Back)),
            }
            .unwrap();
            prop_assert_eq!(back, any);
            let moves: Vec<Square> = game.legal_moves().iter().collect();
            if game.is_over() {
                break;
            } else if moves.is_empty() {
                game.pass().unwrap();
            } else {
                game.play(moves[choice.index(moves.len())]).unwrap();
            }
        }
    }
}

/// Converts any typed position back to `AnyPosition`, whatever its kernel.
struct Back;

impl PositionVisitor for Back {
    type Output = AnyPosition;
    fn visit<P: Position>(self, pos: &P) -> AnyPosition {
        // A visitor sees only the trait: rebuild through the set-up of its cells.
        let mut setup = reversi::Setup::empty(pos.board(), pos.players());
        setup.anti = pos.anti();
        setup.to_move = pos.to_move();
        for &c in Color::in_play(pos.players()) {
            setup.fill(pos.discs(c).to_squares(), reversi::Cell::Disc(c));
        }
        setup.fill(pos.neutral().to_squares(), reversi::Cell::Neutral);
        setup.fill(pos.blocked().to_squares(), reversi::Cell::Blocked);
        AnyPosition::try_from(setup).expect("a reached position is a valid set-up")
    }
}

/// `AnyPosition` converts into the typed position of its kind and back, and a
/// conversion into another kind is a typed error that names both kinds.
#[test]
fn any_position_converts_to_and_from_typed_positions() {
    let kinds = [
        (Board::Size6, 2, "two-player 8x8 or 6x6"),
        (Board::Size8, 2, "two-player 8x8 or 6x6"),
        (Board::Size10, 2, "two-player 10x10 or octagon"),
        (Board::Octagon, 2, "two-player 10x10 or octagon"),
        (Board::Size8, 3, "multi-player 8x8"),
        (Board::Size8, 4, "multi-player 8x8"),
        (Board::Size10, 4, "multi-player 10x10 or octagon"),
        (Board::Octagon, 3, "multi-player 10x10 or octagon"),
    ];
    for (board, players, kind) in kinds {
        let rules = Rules::builder(board).players(players).build().unwrap();
        let any = AnyPosition::start(&rules);
        assert_eq!(any.kind(), kind);
        let fits = [
            TwoPlayer8::try_from(any).map(AnyPosition::from),
            TwoPlayer10::try_from(any).map(AnyPosition::from),
            MultiPlayer8::try_from(any).map(AnyPosition::from),
            MultiPlayer10::try_from(any).map(AnyPosition::from),
        ];
        let ok: Vec<_> = fits.iter().filter(|r| r.is_ok()).collect();
        assert_eq!(ok.len(), 1, "{kind}: exactly one typed kind");
        assert_eq!(*ok[0], Ok(any), "{kind}: the round trip");
        for err in fits.iter().filter_map(|r| r.as_ref().err()) {
            assert_eq!(err.found, kind);
            assert_ne!(err.expected, kind);
            assert_eq!(
                err.to_string(),
                format!("a {kind} position is not a {} position", err.expected)
            );
        }
    }
    assert_eq!(
        TwoPlayer10::try_from(AnyPosition::start(&Rules::default())),
        Err(KindError {
            expected: "two-player 10x10 or octagon",
            found: "two-player 8x8 or 6x6",
        })
    );
}

/// The checked play of the trait refuses exactly as `Game` does, with the reason.
#[test]
fn checked_play_says_why() {
    let start = TwoPlayer8::try_from(AnyPosition::start(&Rules::default())).unwrap();
    let sq = |s: &str| s.parse::<Square>().unwrap();
    assert_eq!(
        start.play(Move::Place(sq("d4"))),
        Err(PlayError::Occupied(sq("d4")))
    );
    assert_eq!(
        start.play(Move::Place(sq("a1"))),
        Err(PlayError::FlipsNothing(sq("a1")))
    );
    assert_eq!(
        start.play(Move::Place(sq("j10"))),
        Err(PlayError::OffBoard(sq("j10")))
    );
    assert_eq!(
        start.play(Move::Pass),
        Err(PlayError::MayNotPass(Color::Black))
    );
    let four = MultiPlayer8::try_from(AnyPosition::start(
        &Rules::builder(Board::Size8).players(4).build().unwrap(),
    ))
    .unwrap();
    assert_eq!(four.play(Move::Pass), Err(PlayError::NoPassing));
    // Black on d4 closes e5 (Red) from f6: a flipping move exists, so one is due.
    assert!(four.is_legal(Move::Place(sq("f6"))));
    assert_eq!(
        four.play(Move::Place(sq("c3"))),
        Err(PlayError::FlipsNothing(sq("c3")))
    );
}

/// The turn order of every player count, and the two-player opponent.
#[test]
fn colors_know_who_moves_next() {
    assert_eq!(Color::Black.opponent(), Color::White);
    assert_eq!(Color::White.opponent(), Color::Black);
    for players in 2..=4u8 {
        let order = Color::in_play(players);
        assert_eq!(order.len(), players as usize);
        for (i, c) in order.iter().enumerate() {
            assert_eq!(c.next(players), order[(i + 1) % order.len()]);
            assert_eq!(Color::from_index(c.index()), Some(*c));
        }
    }
    assert_eq!(Color::from_index(Color::NUM), None);
    assert_eq!(Board::from_index(Board::NUM), None);
    for (i, b) in Board::ALL.iter().enumerate() {
        assert_eq!(b.index(), i);
    }
}

/// On every finished real tournament game, the final margin from Black's side is
/// the recorded official score (empties to the winner) as a disc difference.
#[test]
fn final_margins_are_the_official_wthor_scores() {
    let bytes = std::fs::read("tests/data/wthor/WTH_2015.wtb").unwrap();
    let db = Database::parse(&bytes).unwrap();
    let mut checked = 0;
    for game in db.games() {
        let game = game.unwrap();
        if !game.finished() {
            continue;
        }
        let played = game.record.game();
        let pos = TwoPlayer8::try_from(*played.position()).unwrap();
        let black = if pos.to_move() == Color::Black {
            pos.final_margin()
        } else {
            -pos.final_margin()
        };
        assert_eq!(black, 2 * i32::from(game.black_score) - 64);
        assert_eq!(official_black_score(played), u32::from(game.black_score));
        checked += 1;
    }
    assert_eq!(checked, 1926);
}

/// Anti-Reversi turns the margin around: fewer discs is ahead.
#[test]
fn anti_margins_favour_fewer_discs() {
    let text = "--------/--------/--------/---WBB--/---BW---/--------/--------/-------- W";
    let standard = Game::from_position_str(text, 2, false).unwrap();
    let anti = Game::from_position_str(text, 2, true).unwrap();
    // White to move has 2 discs (d4 e5) against Black's 3 (e4 f4 d5).
    assert_eq!(standard.position().margin(), -1);
    assert_eq!(anti.position().margin(), 1);
    assert!(anti.position().anti());
}

/// The trait is open: a wrapper (here one that counts the moves played through it)
/// implements `Position` around a position of the crate, and generic code runs on
/// it unchanged.
#[test]
fn a_wrapper_implements_position() {
    use reversi::Bitboard as B;
    use std::cell::Cell as Counter;

    thread_local!(static PLAYED: Counter<u64> = const { Counter::new(0) });

    #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
    struct Counted<P>(P);

    impl<P: Position> Position for Counted<P> {
        type Layout = P::Layout;
        fn board(&self) -> Board {
            self.0.board()
        }
        fn players(&self) -> u8 {
            self.0.players()
        }
        fn anti(&self) -> bool {
            self.0.anti()
        }
        fn to_move(&self) -> Color {
            self.0.to_move()
        }
        fn legal_moves(&self) -> B<P::Layout> {
            self.0.legal_moves()
        }
        fn flips_unchecked(&self, spot: Spot<P::Layout>) -> B<P::Layout> {
            self.0.flips_unchecked(spot)
        }
        fn play_unchecked(&self, spot: Spot<P::Layout>) -> Self {
            PLAYED.with(|n| n.set(n.get() + 1));
            Counted(self.0.play_unchecked(spot))
        }
        fn pass_unchecked(&self) -> Self {
            Counted(self.0.pass_unchecked())
        }
        fn is_over(&self) -> bool {
            self.0.is_over()
        }
        fn mobility(&self, color: Color) -> B<P::Layout> {
            self.0.mobility(color)
        }
        fn discs(&self, color: Color) -> B<P::Layout> {
            self.0.discs(color)
        }
        fn mine(&self) -> B<P::Layout> {
            self.0.mine()
        }
        fn theirs(&self) -> B<P::Layout> {
            self.0.theirs()
        }
        fn neutral(&self) -> B<P::Layout> {
            self.0.neutral()
        }
        fn empty(&self) -> B<P::Layout> {
            self.0.empty()
        }
        fn blocked(&self) -> B<P::Layout> {
            self.0.blocked()
        }
    }

    let start = TwoPlayer8::try_from(AnyPosition::start(&Rules::default())).unwrap();
    // perft(4) = 244 plays 4 + 12 + 56 moves above the bulk-counted last two plies.
    assert_eq!(reversi::perft(&Counted(start), 4), 244);
    assert_eq!(PLAYED.with(Counter::get), 4 + 12 + 56);
    // The provided methods work through the wrapper too.
    let next = Counted(start)
        .play(Move::Place("f5".parse().unwrap()))
        .unwrap();
    assert_eq!(
        next.0,
        start.play(Move::Place("f5".parse().unwrap())).unwrap()
    );
    assert_eq!(next.scores(), next.0.scores());
}

/// Raw bits that stand for no square (the 10×10 layout's padding column, bits past
/// its last row) are dropped by `from_bits`, so no query on the set can panic.
#[test]
fn padding_bits_are_no_squares() {
    let all = Bitboard::<Grid10>::from_bits(u128::MAX);
    assert_eq!(all.len(), 100);
    assert_eq!(all.to_squares(), Board::Size10.squares());
    assert!(all
        .iter()
        .all(|s| Spot::<Grid10>::from_bit(s.bit()) == Some(s)));
    let padding = Bitboard::<Grid10>::from_bits(1 << 10 | 1 << 21 | 1 << 127);
    assert!(padding.is_empty());
    assert_eq!(padding.to_string(), "");
    assert_eq!(Bitboard::<Grid8>::from_bits(u64::MAX).len(), 64);
}
