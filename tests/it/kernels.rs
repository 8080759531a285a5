//! Every kernel against the reference implementation, on random positions of every
//! board and player count: the portable kernel always, the AVX2 and AVX-512 kernels
//! wherever the processor has them (`perft_agrees_across_kernels` prints which ran).

use crate::common;
use crate::reference;

use proptest::prelude::*;
use reversi::kernel::{Avx2, Avx512, Kernel, Portable};
use reversi::layout::{Bits, Grid10, Grid8, Layout};
use reversi::{AnyPosition, Bitboard, Game, Position, Square, SquareSet};

use reference::{square, RefGame};

/// A legal move, its flips, and the legal moves of the position it leaves.
type MoveFlipsReplies = (Square, SquareSet, SquareSet);

/// Legal moves, the flips of each and the replies to each, computed by kernel `K`;
/// the replies through `play_unchecked_with_replies`, whose child and flips must
/// also be those of `play_unchecked_with_flips`.
fn moves_and_flips<K: Kernel<Grid8> + Kernel<Grid10>>(
    pos: &AnyPosition,
    kernel: K,
) -> Vec<MoveFlipsReplies> {
    fn collect<P: Position>(p: &P) -> Vec<MoveFlipsReplies> {
        p.legal_moves()
            .iter()
            .map(|m| {
                let (next, flips, replies) = p.play_unchecked_with_replies(m);
                assert!(
                    (next, flips) == p.play_unchecked_with_flips(m),
                    "play_unchecked_with_replies plays {m:?} as play_unchecked_with_flips does"
                );
                assert_eq!(p.flips_unchecked(m), flips);
                (m.square(), flips.to_squares(), replies.to_squares())
            })
            .collect()
    }
    match *pos {
        AnyPosition::TwoPlayer8(p) => collect(&p.with_kernel(kernel)),
        AnyPosition::TwoPlayer10(p) => collect(&p.with_kernel(kernel)),
        AnyPosition::MultiPlayer8(p) => collect(&p.with_kernel(kernel)),
        AnyPosition::MultiPlayer10(p) => collect(&p.with_kernel(kernel)),
    }
}

fn reference_moves(reference: &RefGame) -> Vec<MoveFlipsReplies> {
    reference
        .legal_moves()
        .into_iter()
        .map(|(c, r)| {
            let flips = reference
                .flips_for(reference.to_move, c, r)
                .into_iter()
                .map(|(x, y)| square(x, y))
                .collect();
            let mut next = reference.clone();
            next.play(c, r);
            let replies = next
                .legal_moves()
                .into_iter()
                .map(|(x, y)| square(x, y))
                .collect();
            (square(c, r), flips, replies)
        })
        .collect()
}

fn kernels_agree(game: &Game, reference: &RefGame) -> Result<(), TestCaseError> {
    let expected = reference_moves(reference);
    prop_assert_eq!(
        &moves_and_flips(game.position(), Portable),
        &expected,
        "portable kernel"
    );
    if let Some(avx2) = common::avx2() {
        prop_assert_eq!(
            &moves_and_flips(game.position(), avx2),
            &expected,
            "AVX2 kernel"
        );
    }
    if let Some(avx512) = common::avx512() {
        prop_assert_eq!(
            &moves_and_flips(game.position(), avx512),
            &expected,
            "AVX-512 kernel"
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn every_kernel_agrees_with_the_reference(
        (rules, setup) in common::variant(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 200),
    ) {
        let mut game = Game::new(rules);
        let mut reference = RefGame::new(&setup);
        for choice in choices {
            kernels_agree(&game, &reference)?;
            if !common::step_both(&mut game, &mut reference, choice) {
                break;
            }
        }
    }

    /// Random discs anywhere (not only positions that games reach), for the
    /// edge and wrap-around cases of the kernels.
    #[test]
    fn kernels_agree_on_arbitrary_8x8_boards(mine in any::<u64>(), theirs in any::<u64>()) {
        let theirs = theirs & !mine;
        let empty = !(mine | theirs);
        let portable = Kernel::<Grid8>::flipping_moves(Portable, mine, theirs, empty);
        fast_kernels_agree::<Grid8>(mine, theirs, empty)?;
        // The portable kernel against a square-by-square walk.
        for index in 0..64u32 {
            let walked = walk_flips(mine, theirs, index);
            if empty.has(index) {
                prop_assert_eq!(Kernel::<Grid8>::flips(Portable, mine, theirs, index), walked);
                prop_assert_eq!(portable.has(index), walked != 0);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Random discs anywhere on the 10×10 layout, every kernel against the portable one.
    #[test]
    fn kernels_agree_on_arbitrary_10x10_boards(mine in any::<u128>(), theirs in any::<u128>()) {
        let squares = Grid10::from_set(reversi::Board::Size10.squares());
        let (mine, theirs) = (mine & squares, theirs & squares & !mine);
        let empty = squares & !(mine | theirs);
        fast_kernels_agree::<Grid10>(mine, theirs, empty)?;
    }
}

/// Kernel `K` against the portable kernel: the legal moves, and the flips of every
/// empty square.
fn agrees_with_portable<L: Layout, K: Kernel<L>>(
    kernel: K,
    mine: L::Bits,
    theirs: L::Bits,
    empty: L::Bits,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        Kernel::<L>::flipping_moves(kernel, mine, theirs, empty),
        Kernel::<L>::flipping_moves(Portable, mine, theirs, empty),
        "{:?} moves",
        kernel
    );
    for index in Bitboard::<L>::from_bits(empty)
        .iter()
        .map(|m| m.bit() as u32)
    {
        prop_assert_eq!(
            Kernel::<L>::flips(kernel, mine, theirs, index),
            Kernel::<L>::flips(Portable, mine, theirs, index),
            "{:?} flips at {}",
            kernel,
            index
        );
        prop_assert_eq!(
            Kernel::<L>::flips_and_replies(kernel, mine, theirs, empty, index),
            Kernel::<L>::flips_and_replies(Portable, mine, theirs, empty, index),
            "{:?} flips and replies at {}",
            kernel,
            index
        );
    }
    Ok(())
}

/// Every SIMD kernel this processor has against the portable kernel.
fn fast_kernels_agree<L: Layout>(
    mine: L::Bits,
    theirs: L::Bits,
    empty: L::Bits,
) -> Result<(), TestCaseError>
where
    Avx2: Kernel<L>,
    Avx512: Kernel<L>,
{
    if let Some(avx2) = common::avx2() {
        agrees_with_portable::<L, _>(avx2, mine, theirs, empty)?;
    }
    if let Some(avx512) = common::avx512() {
        agrees_with_portable::<L, _>(avx512, mine, theirs, empty)?;
    }
    Ok(())
}

/// Flips on an 8×8 bitboard by the reference, one square and direction at a time.
fn walk_flips(mine: u64, theirs: u64, index: u32) -> u64 {
    let mut cells = [[reference::Cell::Missing; 10]; 10];
    for i in 0..64 {
        cells[i / 8][i % 8] = match (mine >> i & 1, theirs >> i & 1) {
            (1, _) => reference::Cell::Disc(0),
            (_, 1) => reference::Cell::Disc(1),
            _ => reference::Cell::Empty,
        };
    }
    let board = RefGame {
        shape: reference::Shape::Eight,
        players: 2,
        anti: false,
        cells,
        to_move: 0,
    };
    board
        .flips_for(0, (index % 8) as i32, (index / 8) as i32)
        .into_iter()
        .map(|(c, r)| 1u64 << (r * 8 + c))
        .sum()
}

#[test]
fn perft_agrees_across_kernels() {
    use reversi::{Board, Rules};
    println!(
        "kernels on this machine: portable, AVX2 {}, AVX-512 {}",
        common::avx2().is_some(),
        common::avx512().is_some()
    );
    for (board, players) in [
        (Board::Size6, 2),
        (Board::Size8, 2),
        (Board::Size10, 2),
        (Board::Octagon, 2),
        (Board::Size8, 4),
        (Board::Octagon, 3),
    ] {
        let start = AnyPosition::start(&Rules::builder(board).players(players).build().unwrap());
        for depth in 1..=6 {
            assert_eq!(
                start.perft(depth),
                start.perft_portable(depth),
                "{board} {players}p perft({depth})"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Few discs of the mover among many of the opponent's: long runs to flip, up to
    /// the board's edges, on both layouts. Every kernel against the portable one,
    /// and on 8×8 the portable one against the square-by-square walk.
    #[test]
    fn kernels_agree_on_long_runs(
        a in any::<u128>(),
        b in any::<u128>(),
        c in any::<u128>(),
        d in any::<u128>(),
    ) {
        let mine = a & b & c;
        let theirs = !mine & (b | c | d);

        let (mine8, theirs8) = (mine as u64, theirs as u64);
        let empty8 = !(mine8 | theirs8);
        for index in Bitboard::<Grid8>::from_bits(empty8).iter().map(|m| m.bit() as u32) {
            prop_assert_eq!(
                Kernel::<Grid8>::flips(Portable, mine8, theirs8, index),
                walk_flips(mine8, theirs8, index),
                "portable flips at {}", index
            );
        }
        fast_kernels_agree::<Grid8>(mine8, theirs8, empty8)?;

        for board in [reversi::Board::Size10, reversi::Board::Octagon] {
            let squares = Grid10::from_set(board.squares());
            let (mine, theirs) = (mine & squares, theirs & squares);
            let empty = squares & !(mine | theirs);
            fast_kernels_agree::<Grid10>(mine, theirs, empty)?;
        }
    }
}

/// Every pattern of empty squares, the mover's discs and the opponent's along
/// each ray from each square, the rest of the board empty, the opponent's or
/// the mover's: the flips of a move on that square (and the replies after it)
/// by every SIMD kernel this processor has against the portable kernel.
/// Deterministic, so that the edges the random tests may miss (rays to bit 0 or
/// bit 63, rays wholly of the opponent's discs, closers in either 64-bit half)
/// are each checked.
fn every_ray_pattern_agrees<L: Layout>(size: i32, agrees: impl Fn(L::Bits, L::Bits, u32) -> bool)
where
    L::Bits: core::fmt::Debug,
{
    let stride = L::STRIDE as i32;
    let bit = |c: i32, r: i32| L::Bits::bit((r * stride + c) as u32);
    let mut board = L::Bits::ZERO;
    for r in 0..size {
        for c in 0..size {
            board |= bit(c, r);
        }
    }
    for r in 0..size {
        for c in 0..size {
            let index = (r * stride + c) as u32;
            for (dc, dr) in reference::DIRS {
                let mut ray = Vec::new();
                let (mut x, mut y) = (c + dc, r + dr);
                while (0..size).contains(&x) && (0..size).contains(&y) {
                    ray.push(bit(x, y));
                    (x, y) = (x + dc, y + dr);
                }
                let on_ray = ray.iter().fold(L::Bits::ZERO, |a, &b| a | b);
                let rest = board & !on_ray & !L::Bits::bit(index);
                for code in 0..3u32.pow(ray.len() as u32) {
                    let (mut mine, mut theirs, mut digits) = (L::Bits::ZERO, L::Bits::ZERO, code);
                    for &square in &ray {
                        match digits % 3 {
                            1 => mine |= square,
                            2 => theirs |= square,
                            _ => {}
                        }
                        digits /= 3;
                    }
                    for (mine, theirs) in
                        [(mine, theirs), (mine, theirs | rest), (mine | rest, theirs)]
                    {
                        assert!(
                            agrees(mine, theirs, index),
                            "move {index}, mine {mine:?}, theirs {theirs:?}"
                        );
                    }
                }
            }
        }
    }
}

/// [`every_ray_pattern_agrees`]'s check for kernel `K`: its flips and its
/// flips-and-replies equal the portable kernel's.
fn same_flips<L: Layout, K: Kernel<L>>(
    kernel: K,
    mine: L::Bits,
    theirs: L::Bits,
    index: u32,
) -> bool {
    let empty = !(mine | theirs) & L::SQUARE_BITS;
    Kernel::<L>::flips(kernel, mine, theirs, index)
        == Kernel::<L>::flips(Portable, mine, theirs, index)
        && Kernel::<L>::flips_and_replies(kernel, mine, theirs, empty, index)
            == Kernel::<L>::flips_and_replies(Portable, mine, theirs, empty, index)
}

#[test]
fn every_ray_pattern_gives_the_same_flips_on_both_layouts() {
    let avx2 = common::avx2();
    let avx512 = common::avx512();
    if avx2.is_none() && avx512.is_none() {
        eprintln!("no SIMD kernel on this processor: nothing to compare");
        return;
    }
    let on8 = |mine: u64, theirs: u64, index: u32| {
        avx2.is_none_or(|k| same_flips::<Grid8, _>(k, mine, theirs, index))
            && avx512.is_none_or(|k| same_flips::<Grid8, _>(k, mine, theirs, index))
    };
    every_ray_pattern_agrees::<Grid8>(8, on8);
    let on10 = |mine: u128, theirs: u128, index: u32| {
        avx2.is_none_or(|k| same_flips::<Grid10, _>(k, mine, theirs, index))
            && avx512.is_none_or(|k| same_flips::<Grid10, _>(k, mine, theirs, index))
    };
    every_ray_pattern_agrees::<Grid10>(10, on10);
}

/// Whether this runs in the AVX-512 build of a search compiled with
/// `multiversion`'s `targets = "simd"`, as the README's recipe has it.
#[multiversion::multiversion(targets = "simd")]
fn in_avx512_build() -> bool {
    multiversion::target::target_cfg_f!(target_feature = "avx512f")
}

/// `Avx512::detect` asks for the features that `multiversion` requires of its
/// AVX-512 builds, so that a search compiled as the README says runs its AVX-512
/// build exactly where `visit_fastest` hands it the AVX-512 kernel, which is then
/// inlined (a search built without AVX-512 would call it out of line instead).
///
/// Only an AVX-512 machine can check that (elsewhere both sides are false by
/// construction): the test says when it did not run, and fails instead where
/// `REVERSI_REQUIRE_KERNEL` names avx512.
#[test]
fn the_avx512_kernel_goes_with_the_avx512_build() {
    match common::avx512() {
        Some(_) => assert!(
            in_avx512_build(),
            "Avx512::detect found its kernel, but multiversion did not pick its AVX-512 build"
        ),
        None => println!("skipped: no AVX-512 kernel on this processor"),
    }
}

/// The switch itself, run as a child test process: a kernel the machine lacks,
/// once required, fails the run; the kernels it has pass; an unknown name fails.
#[test]
fn requiring_a_missing_kernel_fails() {
    let run = |required: &str| {
        std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "kernels::perft_agrees_across_kernels",
                "--test-threads=1",
            ])
            .env("REVERSI_REQUIRE_KERNEL", required)
            .output()
            .unwrap()
            .status
            .success()
    };
    let (avx2, avx512) = (Avx2::detect().is_some(), Avx512::detect().is_some());
    assert_eq!(run("avx2"), avx2);
    assert_eq!(run("avx512"), avx512);
    assert_eq!(run("avx2,avx512"), avx2 && avx512);
    assert!(run(""));
    assert!(!run("avx3"), "an unknown kernel name must fail");
}
