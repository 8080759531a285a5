//! Typed bitboards: a set of squares of one layout ([`Bitboard`]) and one square of
//! it ([`Spot`]), the values a search works with.
//!
//! A search never sees the integers underneath: it iterates a [`Bitboard`] of legal
//! moves, gets [`Spot`]s, and plays them. A [`Spot`] converts to and from a
//! [`Square`] in a few arithmetic steps, without a table.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::iter::FusedIterator;
use core::marker::PhantomData;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use crate::layout::{Bits, Layout};
use crate::square::{Square, SquareSet};

/// One square of the board, numbered as layout `L` numbers its bits: what a
/// [`Bitboard<L>`] holds and yields, and what a position of layout `L` plays.
///
/// ```
/// use reversi::{layout::Grid8, Spot, Square};
/// let f5: Square = "f5".parse()?;
/// let spot = Spot::<Grid8>::from_square(f5).unwrap();
/// assert_eq!(spot.square(), f5);
/// assert_eq!(spot.bit(), 8 * 4 + 5);
/// // 8×8 layouts have no room for column j.
/// assert!(Spot::<Grid8>::from_square("j1".parse()?).is_none());
/// # Ok::<_, reversi::ParseSquareError>(())
/// ```
pub struct Spot<L: Layout> {
    bit: u8,
    layout: PhantomData<L>,
}

impl<L: Layout> Spot<L> {
    #[inline(always)]
    pub(crate) const fn new_unchecked(bit: u32) -> Spot<L> {
        Spot {
            bit: bit as u8,
            layout: PhantomData,
        }
    }

    /// The spot of `square`, if the layout has room for it (an 8×8 layout has no
    /// column `j` and no row 9 or 10). Whether the board has the square is the
    /// position's question.
    #[inline]
    pub fn from_square(square: Square) -> Option<Spot<L>> {
        L::bit_of(square).map(Spot::new_unchecked)
    }

    /// The spot of bit `bit` of the layout, if it can stand for a square: the
    /// inverse of [`bit`](Spot::bit), for tables indexed by spot.
    #[inline]
    pub fn from_bit(bit: usize) -> Option<Spot<L>> {
        if bit >= L::BITS_USED as usize {
            return None;
        }
        let stride = L::STRIDE as usize;
        let square = Square::try_new((bit % stride) as u8, (bit / stride) as u8)?;
        Spot::from_square(square).filter(|spot| spot.bit() == bit)
    }

    /// The square.
    #[inline(always)]
    pub fn square(self) -> Square {
        L::square(u32::from(self.bit))
    }

    /// The bit of the layout that stands for this square: `8 * row + column` on
    /// 8×8 and 6×6, `11 * row + column` on 10×10 and the octagon. Below
    /// [`Layout::BITS_USED`]; suited to index tables of per-square values. Not a
    /// square's [index](crate::Square::index), which depends on the board alone.
    #[inline(always)]
    pub const fn bit(self) -> usize {
        self.bit as usize
    }

    /// The set holding only this square.
    #[inline(always)]
    pub fn bitboard(self) -> Bitboard<L> {
        Bitboard(L::Bits::bit(u32::from(self.bit)))
    }
}

impl<L: Layout> Clone for Spot<L> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<L: Layout> Copy for Spot<L> {}
impl<L: Layout> PartialEq for Spot<L> {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        self.bit == other.bit
    }
}
impl<L: Layout> Eq for Spot<L> {}
impl<L: Layout> PartialOrd for Spot<L> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<L: Layout> Ord for Spot<L> {
    /// In square order (row by row), as the layouts number their bits.
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.bit.cmp(&other.bit)
    }
}
impl<L: Layout> Hash for Spot<L> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.bit.hash(state);
    }
}

impl<L: Layout> From<Spot<L>> for Square {
    #[inline(always)]
    fn from(spot: Spot<L>) -> Square {
        spot.square()
    }
}

impl<L: Layout> fmt::Display for Spot<L> {
    /// The square's name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.square(), f)
    }
}

impl<L: Layout> fmt::Debug for Spot<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.square(), f)
    }
}

/// A set of squares in layout `L`: legal moves, discs, flips. Iterating it yields
/// [`Spot`]s, lowest bit first (row by row, left to right).
///
/// It has the same vocabulary as [`SquareSet`] (`contains`, `len`, `is_empty`,
/// `first`, `insert`, `remove`, `iter`, the set operators), and converts to and
/// from it.
///
/// ```
/// use reversi::{Bitboard, Position, TwoPlayer8, AnyPosition, Rules};
/// let start = TwoPlayer8::try_from(AnyPosition::start(&Rules::default()))?;
/// let moves: Bitboard<_> = start.legal_moves();
/// assert_eq!(moves.len(), 4);
/// let names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
/// assert_eq!(names, ["d3", "c4", "f5", "e6"]);
/// # Ok::<_, reversi::KindError>(())
/// ```
pub struct Bitboard<L: Layout>(L::Bits);

impl<L: Layout> Bitboard<L> {
    /// No square.
    pub const EMPTY: Bitboard<L> = Bitboard(L::Bits::ZERO);

    /// The set with these raw bits of the layout (for kernel authors). Bits that
    /// stand for no square (the 10×10 layout's padding column, the bits past its
    /// last row) are dropped.
    #[inline(always)]
    pub fn from_bits(bits: L::Bits) -> Bitboard<L> {
        Bitboard(bits & L::SQUARE_BITS)
    }

    /// The set with these raw bits, which stand for squares only: the hot path's
    /// constructor, for bits that come from the kernel or from other bitboards.
    #[inline(always)]
    pub(crate) const fn from_square_bits(bits: L::Bits) -> Bitboard<L> {
        Bitboard(bits)
    }

    /// The raw bits of the layout (for kernel authors).
    #[inline(always)]
    pub const fn bits(self) -> L::Bits {
        self.0
    }

    /// The squares of `set` that the layout has room for.
    pub fn from_squares(set: SquareSet) -> Bitboard<L> {
        Bitboard(L::from_set(set))
    }

    /// The same squares as a [`SquareSet`].
    pub fn to_squares(self) -> SquareSet {
        L::to_set(self.0)
    }

    /// The number of squares.
    #[inline(always)]
    pub fn len(self) -> usize {
        self.0.count() as usize
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0.is_empty()
    }

    /// Whether the set holds `spot`.
    #[inline(always)]
    pub fn contains(self, spot: Spot<L>) -> bool {
        self.0.has(u32::from(spot.bit))
    }

    /// Whether the set holds `square` (false for a square the layout has no room for).
    #[inline]
    pub fn contains_square(self, square: Square) -> bool {
        Spot::from_square(square).is_some_and(|s| self.contains(s))
    }

    /// The lowest square, if any.
    #[inline(always)]
    pub fn first(self) -> Option<Spot<L>> {
        (!self.0.is_empty()).then(|| Spot::new_unchecked(self.0.lowest()))
    }

    /// Adds `spot`.
    #[inline(always)]
    pub fn insert(&mut self, spot: Spot<L>) {
        self.0 |= L::Bits::bit(u32::from(spot.bit));
    }

    /// Removes `spot`.
    #[inline(always)]
    pub fn remove(&mut self, spot: Spot<L>) {
        self.0 &= !L::Bits::bit(u32::from(spot.bit));
    }

    /// Iterates the squares, lowest bit first.
    #[inline(always)]
    pub fn iter(self) -> BitboardIter<L> {
        BitboardIter(self.0)
    }
}

impl<L: Layout> Clone for Bitboard<L> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<L: Layout> Copy for Bitboard<L> {}
impl<L: Layout> PartialEq for Bitboard<L> {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}
impl<L: Layout> Eq for Bitboard<L> {}
impl<L: Layout> Hash for Bitboard<L> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}
impl<L: Layout> Default for Bitboard<L> {
    fn default() -> Self {
        Bitboard::EMPTY
    }
}

macro_rules! set_operator {
    ($Op:ident, $op:ident, $OpAssign:ident, $op_assign:ident, $body:expr) => {
        impl<L: Layout> $Op for Bitboard<L> {
            type Output = Bitboard<L>;
            #[inline(always)]
            fn $op(self, rhs: Bitboard<L>) -> Bitboard<L> {
                let f = $body;
                Bitboard(f(self.0, rhs.0))
            }
        }
        impl<L: Layout> $OpAssign for Bitboard<L> {
            #[inline(always)]
            fn $op_assign(&mut self, rhs: Bitboard<L>) {
                *self = $Op::$op(*self, rhs);
            }
        }
    };
}

set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, |a, b| a & b);
set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |a, b| a | b);
set_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, |a, b| a ^ b);
set_operator!(Sub, sub, SubAssign, sub_assign, |a: L::Bits, b: L::Bits| a
    & !b);

impl<L: Layout> Not for Bitboard<L> {
    type Output = Bitboard<L>;
    /// Every bit of the layout not in the set, including bits that stand for no
    /// square of the board: intersect with a board's squares before counting.
    #[inline(always)]
    fn not(self) -> Bitboard<L> {
        Bitboard(!self.0)
    }
}

impl<L: Layout> From<Spot<L>> for Bitboard<L> {
    #[inline(always)]
    fn from(spot: Spot<L>) -> Bitboard<L> {
        spot.bitboard()
    }
}

impl<L: Layout> FromIterator<Spot<L>> for Bitboard<L> {
    fn from_iter<I: IntoIterator<Item = Spot<L>>>(iter: I) -> Bitboard<L> {
        let mut set = Bitboard::EMPTY;
        for spot in iter {
            set.insert(spot);
        }
        set
    }
}

impl<L: Layout> IntoIterator for Bitboard<L> {
    type Item = Spot<L>;
    type IntoIter = BitboardIter<L>;
    #[inline(always)]
    fn into_iter(self) -> BitboardIter<L> {
        self.iter()
    }
}

impl<L: Layout> fmt::Debug for Bitboard<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<L: Layout> fmt::Display for Bitboard<L> {
    /// The square names separated by spaces, as [`SquareSet`] prints them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, spot) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{spot}")?;
        }
        Ok(())
    }
}

/// Iterates the squares of a [`Bitboard`], lowest bit first.
pub struct BitboardIter<L: Layout>(L::Bits);

impl<L: Layout> Clone for BitboardIter<L> {
    fn clone(&self) -> Self {
        BitboardIter(self.0)
    }
}

impl<L: Layout> fmt::Debug for BitboardIter<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("BitboardIter")
            .field(&Bitboard::<L>(self.0))
            .finish()
    }
}

impl<L: Layout> Iterator for BitboardIter<L> {
    type Item = Spot<L>;

    #[inline(always)]
    fn next(&mut self) -> Option<Spot<L>> {
        if self.0.is_empty() {
            None
        } else {
            let index = self.0.lowest();
            self.0 = self.0.without_lowest();
            Some(Spot::new_unchecked(index))
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<L: Layout> ExactSizeIterator for BitboardIter<L> {}
impl<L: Layout> FusedIterator for BitboardIter<L> {}
