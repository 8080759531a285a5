//! The portable kernel's legal-move fill on the 8-wide layout in WebAssembly's
//! 128-bit SIMD, for builds that enable it (`-C target-feature=+simd128`, which
//! every current browser and Node.js run): two directions in the two 64-bit
//! lanes of a `v128`.
//!
//! WebAssembly shifts every lane by the same amount and has no per-lane
//! direction, so the second lane holds the board turned half a turn (its 64 bits
//! reversed): a shift toward lower bits on the board is a shift toward higher
//! bits on the turned board, and the half turn maps the squares a westward fill
//! may land on onto those of an eastward one. The eight directions are then four
//! shift amounts (1, 7, 8, 9) on both lanes with one mask each.

use core::arch::wasm32::*;

use crate::layout::{Grid8, Layout};

// The fill below takes two doubling steps, enough for the runs of this layout.
const _: () = assert!(Grid8::MAX_RUN == 6 && Grid8::STRIDE == 8);

/// Each 64-bit lane's bits in reverse order: each lane's 8×8 board turned half
/// a turn. Bytes are reversed by a shuffle, then the bits of each byte through a
/// table of reversed nibbles.
#[inline(always)]
fn reverse(v: v128) -> v128 {
    let bytes = i8x16_shuffle::<7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8>(v, v);
    let nibbles = i8x16(0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15);
    let low = v128_and(bytes, u8x16_splat(0x0f));
    let high = u8x16_shr(bytes, 4);
    v128_or(
        i8x16_shl(i8x16_swizzle(nibbles, low), 4),
        i8x16_swizzle(nibbles, high),
    )
}

/// The fill of [`super::flipping_moves`] on both lanes, toward higher bits:
/// each lane's legal moves (lane 1 on the turned board), before `empty`.
#[inline(always)]
fn moves_both(mine: v128, theirs: v128) -> v128 {
    let mut moves = u64x2_splat(0);
    macro_rules! direction {
        ($s:expr, $mask:expr) => {{
            let mask = u64x2_splat($mask);
            let pro = v128_and(theirs, mask);
            let mut fill = v128_and(pro, i64x2_shl(mine, $s));
            fill = v128_or(fill, v128_and(pro, i64x2_shl(fill, $s)));
            let pro2 = v128_and(pro, i64x2_shl(pro, $s));
            fill = v128_or(fill, v128_and(pro2, i64x2_shl(fill, 2 * $s)));
            fill = v128_or(fill, v128_and(pro2, i64x2_shl(fill, 2 * $s)));
            moves = v128_or(moves, v128_and(i64x2_shl(fill, $s), mask));
        }};
    }
    // The half turn maps each mask of a direction toward lower bits onto its
    // partner's: FROM_EAST onto FROM_WEST and back.
    direction!(1, Grid8::FROM_WEST);
    direction!(8, u64::MAX);
    direction!(9, Grid8::FROM_WEST);
    direction!(7, Grid8::FROM_EAST);
    moves
}

/// Lane 0 of `v` and lane 1 turned back, together: the squares of a set held
/// as a board (lane 0) and a turned board (lane 1).
#[inline(always)]
fn join(v: v128) -> u64 {
    u64x2_extract_lane::<0>(v) | u64x2_extract_lane::<1>(reverse(v))
}

/// [`super::flipping_moves`] on the 8-wide layout (whose runs are at most 6
/// discs), the same squares.
#[inline(always)]
pub(super) fn flipping_moves8(mine: u64, theirs: u64, empty: u64) -> u64 {
    let given = u64x2(mine, theirs);
    let turned = reverse(given);
    // Lane 0 the board, lane 1 the board turned.
    let mine = i64x2_shuffle::<0, 2>(given, turned);
    let theirs = i64x2_shuffle::<1, 3>(given, turned);
    join(moves_both(mine, theirs)) & empty
}
