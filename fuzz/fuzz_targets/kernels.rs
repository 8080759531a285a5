#![no_main]
//! Fuzz target: every kernel this processor has computes the same legal moves,
//! flips, and flips with the replies after them (`flips_and_replies`) as a
//! square-by-square walk, on arbitrary boards of both layouts (any discs on any
//! squares, not only positions that games reach) and every move.
//!
//! The input's first byte chooses the layout (and for `u128`, 10×10 or the
//! octagon) and how the opponent's discs are drawn; the next bytes are the
//! mover's discs and the opponent's (missing bytes are zero). Dense opponents with
//! few discs of the mover give the long runs up to the board's edges that a
//! shortened fill or smear would get wrong.
//!
//! Where `REVERSI_REQUIRE_KERNEL` (a comma list of `avx2`, `avx512`; `.ci/run` sets
//! it from the processor's flags) names a kernel that is not detected, the target
//! fails instead of leaving that kernel out.

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use reversi::kernel::{Avx2, Avx512, Kernel, Portable};
use reversi::layout::{Bits, Grid10, Grid8, Layout};
use reversi::Board;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let word = |i: usize| -> u128 {
        let mut bytes = [0u8; 16];
        for (b, d) in bytes.iter_mut().zip(rest.iter().skip(16 * i)) {
            *b = *d;
        }
        u128::from_le_bytes(bytes)
    };
    let (a, b, c) = (word(0), word(1), word(2));
    // Mode bits 1-2: how the opponent's discs are drawn.
    let (mine, theirs) = match mode >> 1 & 3 {
        0 => (a, b),
        // Many of the opponent's discs, a few holes in them.
        1 => (a & b, !(a & b) & !c),
        // Few of the mover's discs among the opponent's.
        2 => (a & b & c, !(a & b & c) & (b | c)),
        // Only the opponent, bar a few discs: the longest runs.
        _ => (a & b & c & word(3), !(a & b & c & word(3))),
    };
    if mode & 1 == 0 {
        let squares = if mode & 8 == 0 {
            Grid8::board_squares(Board::Size8)
        } else {
            Grid8::board_squares(Board::Size6)
        };
        check::<Grid8>(mine as u64 & squares, theirs as u64 & squares, squares, 8);
    } else {
        let board = if mode & 8 == 0 {
            Board::Size10
        } else {
            Board::Octagon
        };
        let squares = Grid10::board_squares(board);
        check::<Grid10>(mine & squares, theirs & squares, squares, 11);
    }
});

/// Every kernel against the walk on one board: `squares` are the board's squares
/// (the rest are holes), `stride` the layout's bits a row.
fn check<L: Layout>(mine: L::Bits, theirs: L::Bits, squares: L::Bits, stride: u32)
where
    Portable: Kernel<L>,
    Avx2: Kernel<L>,
    Avx512: Kernel<L>,
    L::Bits: Into<u128>,
{
    let theirs = theirs & !mine;
    let empty = squares & !(mine | theirs);
    let walk = Walk {
        mine: mine.into(),
        theirs: theirs.into(),
        stride,
    };
    let empty_bits: u128 = empty.into();
    let expected_moves = walk.moves(empty_bits);
    let mut expected_flips = Vec::new();
    for index in 0..L::BITS_USED {
        if empty.has(index) {
            let flipped = walk.flips(index);
            // The opponent's moves once this disc is placed and its flips made.
            let placed = 1u128 << index;
            let child = Walk {
                mine: walk.theirs ^ flipped,
                theirs: walk.mine | flipped | placed,
                stride,
            };
            expected_flips.push((index, flipped, child.moves(empty_bits & !placed)));
        }
    }
    agrees(
        Portable,
        mine,
        theirs,
        empty,
        expected_moves,
        &expected_flips,
    );
    let (avx2, avx512) = simd_kernels();
    if let Some(avx2) = avx2 {
        agrees(avx2, mine, theirs, empty, expected_moves, &expected_flips);
    }
    if let Some(avx512) = avx512 {
        agrees(avx512, mine, theirs, empty, expected_moves, &expected_flips);
    }
}

/// The SIMD kernels this processor has, detected once; a failure where
/// `REVERSI_REQUIRE_KERNEL` names one that is not detected.
fn simd_kernels() -> (Option<Avx2>, Option<Avx512>) {
    static KERNELS: OnceLock<(Option<Avx2>, Option<Avx512>)> = OnceLock::new();
    *KERNELS.get_or_init(|| {
        let found = (Avx2::detect(), Avx512::detect());
        let required = std::env::var("REVERSI_REQUIRE_KERNEL").unwrap_or_default();
        for kernel in required.split(',').map(str::trim).filter(|k| !k.is_empty()) {
            let detected = match kernel {
                "avx2" => found.0.is_some(),
                "avx512" => found.1.is_some(),
                _ => panic!("REVERSI_REQUIRE_KERNEL: unknown kernel {kernel:?} (avx2, avx512)"),
            };
            assert!(
                detected,
                "REVERSI_REQUIRE_KERNEL names {kernel}, but it was not detected"
            );
        }
        found
    })
}

fn agrees<L: Layout, K: Kernel<L>>(
    kernel: K,
    mine: L::Bits,
    theirs: L::Bits,
    empty: L::Bits,
    expected_moves: u128,
    expected_flips: &[(u32, u128, u128)],
) where
    L::Bits: Into<u128>,
{
    let moves: u128 = kernel.flipping_moves(mine, theirs, empty).into();
    assert_eq!(
        moves, expected_moves,
        "{kernel:?} legal moves, mine {mine:?} theirs {theirs:?} empty {empty:?}"
    );
    for &(index, expected, expected_replies) in expected_flips {
        let flipped: u128 = kernel.flips(mine, theirs, index).into();
        assert_eq!(
            flipped, expected,
            "{kernel:?} flips at bit {index}, mine {mine:?} theirs {theirs:?}"
        );
        let (flipped, replies) = kernel.flips_and_replies(mine, theirs, empty, index);
        let (flipped, replies): (u128, u128) = (flipped.into(), replies.into());
        assert_eq!(
            (flipped, replies),
            (expected, expected_replies),
            "{kernel:?} flips and replies at bit {index}, mine {mine:?} theirs {theirs:?}"
        );
    }
}

/// The rules' flips (RULES.md: a line ends at the board's edge, a hole or an empty
/// square), square by square: independent of every kernel.
struct Walk {
    mine: u128,
    theirs: u128,
    stride: u32,
}

impl Walk {
    /// The squares of `empty` where a disc of `mine` flips something.
    fn moves(&self, empty: u128) -> u128 {
        (0..128)
            .filter(|&i| empty >> i & 1 != 0 && self.flips(i) != 0)
            .fold(0, |moves, i| moves | 1 << i)
    }

    fn flips(&self, index: u32) -> u128 {
        let size = if self.stride == 8 { 8 } else { 10 };
        let stride = self.stride as i32;
        let (column, row) = (index as i32 % stride, index as i32 / stride);
        let mut flipped = 0;
        for (dc, dr) in [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (-1, -1),
            (1, -1),
            (-1, 1),
        ] {
            let (mut c, mut r) = (column + dc, row + dr);
            let mut run = 0u128;
            while (0..size).contains(&c) && (0..size).contains(&r) {
                let bit = 1u128 << (r * stride + c);
                if self.theirs & bit != 0 {
                    run |= bit;
                } else {
                    if self.mine & bit != 0 {
                        flipped |= run;
                    }
                    break;
                }
                c += dc;
                r += dr;
            }
        }
        flipped
    }
}
