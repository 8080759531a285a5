//! The hot path: legal moves and flips, a whole board or line at a time.
//!
//! Everything here is generic over the [`Layout`] and inlined into its callers, so
//! each layout gets its own code; nothing allocates, branches on the variant, or
//! looks at one square at a time.

use crate::bitboard::{Bits, Layout};

/// Shifts `x` by `s` bits toward higher indices (`up`) or lower ones.
#[inline(always)]
fn shift<B: Bits>(x: B, s: u32, up: bool) -> B {
    if up {
        x << s
    } else {
        x >> s
    }
}

/// The eight directions of a layout: (shift, toward higher bits, landing mask).
#[inline(always)]
fn directions<L: Layout>() -> [(u32, bool, L::Bits); 8] {
    let s = L::STRIDE;
    let all = L::Bits::ALL;
    [
        (1, true, L::FROM_WEST),
        (1, false, L::FROM_EAST),
        (s, true, all),
        (s, false, all),
        (s + 1, true, L::FROM_WEST),
        (s + 1, false, L::FROM_EAST),
        (s - 1, true, L::FROM_EAST),
        (s - 1, false, L::FROM_WEST),
    ]
}

/// The squares of `empty` where a disc of `mine` would close off a line of one or
/// more `theirs` discs (Kogge-Stone fill over all eight directions).
#[inline(always)]
pub fn flipping_moves<L: Layout>(mine: L::Bits, theirs: L::Bits, empty: L::Bits) -> L::Bits {
    let mut moves = L::Bits::ZERO;
    for (s, up, mask) in directions::<L>() {
        let pro = theirs & mask;
        let mut fill = pro & shift(mine, s, up);
        fill |= pro & shift(fill, s, up);
        let pro2 = pro & shift(pro, s, up);
        let mut covered = 2;
        while covered < L::MAX_RUN {
            fill |= pro2 & shift(fill, 2 * s, up);
            covered += 2;
        }
        moves |= shift(fill, s, up) & mask;
    }
    moves & empty
}

/// The discs of `theirs` that a disc of `mine` placed on bit `index` closes off:
/// the discs it flips (none if the move is not a flipping move).
#[inline(always)]
pub fn flips<L: Layout>(mine: L::Bits, theirs: L::Bits, index: u32) -> L::Bits {
    let x = L::Bits::bit(index);
    let mut flipped = L::Bits::ZERO;
    for (s, up, mask) in directions::<L>() {
        // Occluded fill from the move through `theirs`, doubling the step.
        let mut pro = theirs & mask;
        let mut line = x | (pro & shift(x, s, up));
        let mut step = 1;
        let mut covered = 1;
        while covered < L::MAX_RUN {
            pro &= shift(pro, step * s, up);
            step *= 2;
            line |= pro & shift(line, step * s, up);
            covered += step;
        }
        if !(shift(line, s, up) & mask & mine).is_empty() {
            flipped |= line ^ x;
        }
    }
    flipped
}

/// The squares that touch a square of `discs` by a side or a corner.
#[inline(always)]
pub fn neighbours<L: Layout>(discs: L::Bits) -> L::Bits {
    let mut around = L::Bits::ZERO;
    for (s, up, mask) in directions::<L>() {
        around |= shift(discs, s, up) & mask;
    }
    around
}
