//! The hot path: legal moves and flips, a whole board or line at a time.
//!
//! Everything here is generic over the [`Layout`] and inlined into its callers, so
//! each layout gets its own code; nothing allocates, branches on the variant, or
//! looks at one square at a time.
//!
//! A [`Kernel`] is a way to run these operations: [`Portable`] everywhere, and
//! [`Avx2`] (four directions at once in one 256-bit register) where the processor
//! has AVX2. Positions carry their kernel as a type parameter, so a search is
//! compiled for one kernel and chooses it once, not per move.

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;

use core::fmt::Debug;
use core::hash::Hash;

use crate::bitboard::{Bits, Layout};

/// How moves and flips are computed. Every kernel computes the same results; they
/// differ in speed.
pub trait Kernel: Copy + Eq + Hash + Debug + Send + Sync + 'static {
    /// The squares of `empty` where a disc of `mine` would close off a line of one
    /// or more `theirs` discs.
    fn flipping_moves<L: Layout>(self, mine: L::Bits, theirs: L::Bits, empty: L::Bits) -> L::Bits;

    /// The discs of `theirs` that a disc of `mine` placed on bit `index` flips.
    fn flips<L: Layout>(self, mine: L::Bits, theirs: L::Bits, index: u32) -> L::Bits;
}

/// The kernel that runs on every processor: Kogge-Stone fills on 64- or 128-bit
/// integers, eight directions one after the other.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Portable;

impl Kernel for Portable {
    #[inline(always)]
    fn flipping_moves<L: Layout>(self, mine: L::Bits, theirs: L::Bits, empty: L::Bits) -> L::Bits {
        flipping_moves::<L>(mine, theirs, empty)
    }

    #[inline(always)]
    fn flips<L: Layout>(self, mine: L::Bits, theirs: L::Bits, index: u32) -> L::Bits {
        flips::<L>(mine, theirs, index)
    }
}

/// The AVX2 kernel: on 8×8 and 6×6, four directions at once in the four lanes of a
/// 256-bit register; on the larger boards, the portable code compiled for AVX2.
///
/// A value exists only on a processor that has AVX2 ([`Avx2::detect`]), which is
/// what makes its use sound.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Avx2 {
    _detected: (),
}

impl Avx2 {
    /// The AVX2 kernel, if this processor has AVX2 (detected at run time with
    /// `std`; without it, only when the crate is compiled for AVX2).
    pub fn detect() -> Option<Avx2> {
        #[cfg(all(target_arch = "x86_64", feature = "std"))]
        {
            if std::is_x86_feature_detected!("avx2") {
                return Some(Avx2 { _detected: () });
            }
        }
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        {
            return Some(Avx2 { _detected: () });
        }
        #[allow(unreachable_code)]
        None
    }
}

impl Kernel for Avx2 {
    #[inline(always)]
    fn flipping_moves<L: Layout>(self, mine: L::Bits, theirs: L::Bits, empty: L::Bits) -> L::Bits {
        // SAFETY: an `Avx2` value exists only where the processor has AVX2.
        unsafe { L::avx2_flipping_moves(mine, theirs, empty) }
    }

    #[inline(always)]
    fn flips<L: Layout>(self, mine: L::Bits, theirs: L::Bits, index: u32) -> L::Bits {
        // SAFETY: an `Avx2` value exists only where the processor has AVX2.
        unsafe { L::avx2_flips(mine, theirs, index) }
    }
}

/// Shifts `x` by `s` bits toward higher indices (`up`) or lower ones.
#[inline(always)]
fn shift<B: Bits>(x: B, s: u32, up: bool) -> B {
    if up {
        x << s
    } else {
        x >> s
    }
}

/// Runs `$body` once for each of the eight directions, with `$s` the shift,
/// `$up` whether it goes toward higher bits, and `$mask` the squares it may land on.
/// Written out rather than looped so that every shift is a constant.
macro_rules! each_direction {
    ($L:ty, |$s:ident, $up:ident, $mask:ident| $body:block) => {{
        let stride = <$L>::STRIDE;
        let all = <<$L as Layout>::Bits as Bits>::ALL;
        {
            let ($s, $up, $mask) = (1, true, <$L>::FROM_WEST);
            $body
        }
        {
            let ($s, $up, $mask) = (1, false, <$L>::FROM_EAST);
            $body
        }
        {
            let ($s, $up, $mask) = (stride, true, all);
            $body
        }
        {
            let ($s, $up, $mask) = (stride, false, all);
            $body
        }
        {
            let ($s, $up, $mask) = (stride + 1, true, <$L>::FROM_WEST);
            $body
        }
        {
            let ($s, $up, $mask) = (stride + 1, false, <$L>::FROM_EAST);
            $body
        }
        {
            let ($s, $up, $mask) = (stride - 1, true, <$L>::FROM_EAST);
            $body
        }
        {
            let ($s, $up, $mask) = (stride - 1, false, <$L>::FROM_WEST);
            $body
        }
    }};
}

/// The squares of `empty` where a disc of `mine` would close off a line of one or
/// more `theirs` discs (Kogge-Stone fill over all eight directions).
#[inline(always)]
pub fn flipping_moves<L: Layout>(mine: L::Bits, theirs: L::Bits, empty: L::Bits) -> L::Bits {
    let mut moves = L::Bits::ZERO;
    each_direction!(L, |s, up, mask| {
        moves |= direction_moves::<L>(mine, theirs & mask, s, up) & mask;
    });
    moves & empty
}

/// The squares one step beyond a run of `pro` discs that starts next to `mine`, in
/// one direction.
#[inline(always)]
fn direction_moves<L: Layout>(mine: L::Bits, pro: L::Bits, s: u32, up: bool) -> L::Bits {
    // Each step reaches two squares further; the conditions are constants, written
    // out because the compiler does not unroll such loops.
    let mut fill = pro & shift(mine, s, up);
    fill |= pro & shift(fill, s, up);
    let pro2 = pro & shift(pro, s, up);
    fill |= pro2 & shift(fill, 2 * s, up);
    fill |= pro2 & shift(fill, 2 * s, up);
    if L::MAX_RUN > 6 {
        fill |= pro2 & shift(fill, 2 * s, up);
    }
    shift(fill, s, up)
}

/// The discs of `theirs` that a disc of `mine` placed on bit `index` closes off:
/// the discs it flips (none if the move is not a flipping move).
#[inline(always)]
pub fn flips<L: Layout>(mine: L::Bits, theirs: L::Bits, index: u32) -> L::Bits {
    let x = L::Bits::bit(index);
    let mut flipped = L::Bits::ZERO;
    each_direction!(L, |s, up, mask| {
        flipped |= direction_flips::<L>(mine & mask, theirs & mask, x, s, up);
    });
    flipped
}

/// The discs of `pro` that a disc on `x` closes off against `mine`, in one direction.
#[inline(always)]
fn direction_flips<L: Layout>(
    mine: L::Bits,
    pro: L::Bits,
    x: L::Bits,
    s: u32,
    up: bool,
) -> L::Bits {
    // Occluded fill from the move through `pro`, doubling the step: 1, 3, 7 (and 15)
    // squares.
    let mut line = x | (pro & shift(x, s, up));
    let pro2 = pro & shift(pro, s, up);
    line |= pro2 & shift(line, 2 * s, up);
    let pro4 = pro2 & shift(pro2, 2 * s, up);
    line |= pro4 & shift(line, 4 * s, up);
    if L::MAX_RUN > 7 {
        let pro8 = pro4 & shift(pro4, 4 * s, up);
        line |= pro8 & shift(line, 8 * s, up);
    }
    if (shift(line, s, up) & mine).is_empty() {
        L::Bits::ZERO
    } else {
        line ^ x
    }
}

/// The squares that touch a square of `discs` by a side or a corner.
#[inline(always)]
pub fn neighbours<L: Layout>(discs: L::Bits) -> L::Bits {
    let mut around = L::Bits::ZERO;
    each_direction!(L, |s, up, mask| {
        around |= shift(discs, s, up) & mask;
    });
    around
}
