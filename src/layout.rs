//! Layouts: how the squares of a board map onto the bits of an integer, and the
//! integer types themselves. This is what kernel authors work with; searches use
//! the typed [`Bitboard`](crate::Bitboard) and [`Spot`](crate::Spot) built on it.
//!
//! Two layouts cover every board:
//!
//! - [`Grid8`]: a `u64`, eight bits a row (bit `8 * row + column`), for 8×8 and 6×6
//!   (which sits in its top-left corner). Shifts along rows need edge masks.
//! - [`Grid10`]: a `u128`, eleven bits a row (bit `11 * row + column`), for 10×10
//!   and the octagon. The eleventh column is never occupied, so a line that runs off
//!   a row's end meets an empty bit and stops: no edge masks are needed.

use core::fmt::Debug;
use core::hash::Hash;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

use crate::board::Board;
use crate::square::{Square, SquareSet};

mod sealed {
    pub trait Sealed {}
    impl Sealed for u64 {}
    impl Sealed for u128 {}
    impl Sealed for super::Grid8 {}
    impl Sealed for super::Grid10 {}
}

/// An unsigned integer used as a set of squares (`u64` or `u128`).
pub trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + sealed::Sealed
    + 'static
{
    /// No square.
    const ZERO: Self;
    /// Every bit.
    const ALL: Self;
    /// The set holding only bit `index`.
    fn bit(index: u32) -> Self;
    /// The number of squares in the set.
    fn count(self) -> u32;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// The index of the lowest bit (the set must not be empty).
    fn lowest(self) -> u32;
    /// The set without its lowest bit.
    fn without_lowest(self) -> Self;
    /// Whether bit `index` is set.
    fn has(self, index: u32) -> bool;
    /// The set of the bits of `bits` (the lowest 64).
    fn from_low_u64(bits: u64) -> Self;
    /// The lowest 64 bits.
    fn low_u64(self) -> u64;
}

macro_rules! impl_bits {
    ($t:ty, |$index:ident| $bit:expr) => {
        impl Bits for $t {
            const ZERO: $t = 0;
            const ALL: $t = !0;
            #[inline(always)]
            fn bit($index: u32) -> $t {
                $bit
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn without_lowest(self) -> $t {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn has(self, index: u32) -> bool {
                self >> index & 1 != 0
            }
            #[inline(always)]
            fn from_low_u64(bits: u64) -> $t {
                bits as $t
            }
            #[inline(always)]
            fn low_u64(self) -> u64 {
                self as u64
            }
        }
    };
}

impl_bits!(u64, |index| 1 << index);
// A 64-bit one in the half that holds the bit: fewer instructions than a 128-bit
// shift by a variable amount (`index` is below 128).
impl_bits!(u128, |index| {
    let one = 1u64 << (index & 63);
    let (low, high) = if index < 64 { (one, 0) } else { (0, one) };
    u128::from(low) | u128::from(high) << 64
});

/// How the squares of a family of boards map onto the bits of an integer.
///
/// The kernel is generic over the layout and compiled once for each, so that a
/// search on 8×8 runs code made for 8×8 alone.
pub trait Layout:
    Copy + Eq + Hash + Debug + Default + Send + Sync + sealed::Sealed + 'static
{
    /// The integer that holds a set of squares.
    type Bits: Bits;
    /// Bits a row: a step down the board is a shift by this much.
    const STRIDE: u32;
    /// The longest run of discs that one move can flip in one direction.
    const MAX_RUN: u32;
    /// The squares that a shift one column to the right may land on (all but the
    /// first column where rows wrap around; every bit where they cannot).
    const FROM_WEST: Self::Bits;
    /// The squares that a shift one column to the left may land on.
    const FROM_EAST: Self::Bits;

    /// Whether boards of this shape use this layout.
    fn holds(board: Board) -> bool;

    /// The bits of the squares of `board` (a board this layout holds).
    fn board_squares(board: Board) -> Self::Bits;

    /// The bit of `square`, if the layout has room for it.
    fn bit_of(square: Square) -> Option<u32> {
        let (column, row) = (square.column() as u32, square.row() as u32);
        (column < Self::STRIDE.min(10) && row * Self::STRIDE + column < Self::BITS_USED)
            .then_some(row * Self::STRIDE + column)
    }

    /// The number of low bits that can stand for a square.
    const BITS_USED: u32;

    /// The bits that stand for a square of the grid (of the largest board the
    /// layout holds): every other bit is padding.
    const SQUARE_BITS: Self::Bits;

    /// The square of bit `bit` (which must be below [`Layout::BITS_USED`]).
    fn square(bit: u32) -> Square {
        Square::new((bit % Self::STRIDE) as u8, (bit / Self::STRIDE) as u8)
    }

    /// The bits of the squares of `set` that the layout has room for.
    fn from_set(set: SquareSet) -> Self::Bits {
        let mut bits = Self::Bits::ZERO;
        for square in set {
            if let Some(i) = Self::bit_of(square) {
                bits |= Self::Bits::bit(i);
            }
        }
        bits
    }

    /// The squares of the bits of `bits`: each row's bits moved from the layout's
    /// stride to the naming grid's ten, a row at a time, into the two 64-bit halves
    /// of the set (a game asks this for its legal moves and flips at every move;
    /// bit by bit, or with 128-bit shifts, which WebAssembly does in calls, it was
    /// a tenth to a quarter of the time of a random game played through `Game`
    /// in WebAssembly).
    #[inline]
    fn to_set(bits: Self::Bits) -> SquareSet {
        let row_mask = Self::Bits::from_low_u64((1 << Self::STRIDE.min(10)) - 1);
        let (mut low, mut high) = (0u64, 0u64);
        let mut row = 0;
        while row * Self::STRIDE < Self::BITS_USED {
            let squares = (bits >> (row * Self::STRIDE) & row_mask).low_u64();
            let at = row * 10;
            if at < 64 {
                low |= squares << at;
                if at + 10 > 64 {
                    high |= squares >> (64 - at);
                }
            } else {
                high |= squares << (at - 64);
            }
            row += 1;
        }
        SquareSet::from_bits(u128::from(high) << 64 | u128::from(low))
    }
}

/// The squares of a naming-grid set (bit `10 * row + column`) on a layout with
/// `stride` bits a row.
const fn relayout(naming: u128, stride: u32) -> u128 {
    let mut bits = 0u128;
    let mut i = 0;
    while i < 100 {
        if naming >> i & 1 != 0 {
            bits |= 1u128 << (i / 10 * stride + i % 10);
        }
        i += 1;
    }
    bits
}

const SQUARES_6X6: u64 = relayout(Board::Size6.squares().bits(), 8) as u64;
const SQUARES_8X8: u64 = relayout(Board::Size8.squares().bits(), 8) as u64;
const SQUARES_10X10: u128 = relayout(Board::Size10.squares().bits(), 11);
const SQUARES_OCTAGON: u128 = relayout(Board::Octagon.squares().bits(), 11);

/// The `u64` layout of 6×6 and 8×8: bit `8 * row + column`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Grid8;

/// The `u128` layout of 10×10 and the octagon: bit `11 * row + column`, the
/// eleventh column always empty.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Grid10;

impl Layout for Grid8 {
    type Bits = u64;
    const STRIDE: u32 = 8;
    const MAX_RUN: u32 = 6;
    const FROM_WEST: u64 = 0xfefe_fefe_fefe_fefe;
    const FROM_EAST: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const BITS_USED: u32 = 64;
    const SQUARE_BITS: u64 = !0;

    fn holds(board: Board) -> bool {
        matches!(board, Board::Size6 | Board::Size8)
    }

    fn board_squares(board: Board) -> u64 {
        match board {
            Board::Size6 => SQUARES_6X6,
            _ => SQUARES_8X8,
        }
    }
}

impl Layout for Grid10 {
    type Bits = u128;
    const STRIDE: u32 = 11;
    const MAX_RUN: u32 = 8;
    const FROM_WEST: u128 = !0;
    const FROM_EAST: u128 = !0;
    const BITS_USED: u32 = 110;
    const SQUARE_BITS: u128 = SQUARES_10X10;

    fn holds(board: Board) -> bool {
        matches!(board, Board::Size10 | Board::Octagon)
    }

    fn board_squares(board: Board) -> u128 {
        match board {
            Board::Octagon => SQUARES_OCTAGON,
            _ => SQUARES_10X10,
        }
    }
}
