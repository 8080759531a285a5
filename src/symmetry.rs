//! The eight symmetries of the boards: identity, three rotations and four
//! reflections, applied to squares, square sets, bitboards, moves and positions of
//! every kind; the symmetries a position has; a canonical form for books and
//! transposition tables; and the permutation of move indices for machine learning.
//!
//! Every board of the crate (6×6, 8×8, 10×10 and the octagon, whose cut corners are
//! alike) is mapped onto itself by all eight. Squares are read as in the rules, `a1`
//! top-left, columns to the right and rows down; the rotations turn clockwise as
//! the board is drawn.
//!
//! On 8×8 and 6×6 a symmetry is a few operations on a `u64` (a byte swap turns the
//! board upside down, three delta swaps mirror each row or transpose it, as Edax and
//! Egaroucid do); on 10×10 and the octagon (`u128`, eleven bits a row) the
//! half-turn is a bit reversal and a shift, the upside-down flip moves whole rows,
//! and the transposition is fourteen lookups in a table of bytes.
//!
//! ```
//! use reversi::symmetry::{Symmetric, Symmetry};
//! use reversi::{AnyPosition, Move, Rules};
//! let start = AnyPosition::start(&Rules::default());
//! // The standard start looks the same under four symmetries, so the four first
//! // moves are one move seen four ways.
//! assert_eq!(start.symmetries().len(), 4);
//! let f5 = start.play(Move::Place("f5".parse()?)).unwrap();
//! let c4 = start.play(Move::Place("c4".parse()?)).unwrap();
//! assert_eq!(f5.transform(Symmetry::Rotate180), c4);
//! assert_eq!(f5.canonical().0, c4.canonical().0);
//! # Ok::<_, reversi::ParseSquareError>(())
//! ```

use crate::bitboard::{Bitboard, Spot};
use crate::board::Board;
use crate::color::Color;
use crate::kernel::Kernel;
use crate::layout::{Bits, Grid10, Grid8, Layout};
use crate::moves::Move;
use crate::position::{AnyPosition, MultiPlayer, Position, TwoPlayer};
use crate::simple_enum::simple_enum;
use crate::square::{Square, SquareSet};

simple_enum! {
    /// One of the eight symmetries of a board, in the order of [`Symmetry::ALL`]
    /// (the order that breaks ties in [`Symmetric::canonical`]).
    ///
    /// On a board of width `n`, the square in column `c` and row `r` goes to:
    ///
    /// | symmetry | image | on 8×8 |
    /// |---|---|---|
    /// | `Identity` | `(c, r)` | `b1` → `b1` |
    /// | `Rotate90` (clockwise) | `(n-1-r, c)` | `b1` → `h2` |
    /// | `Rotate180` | `(n-1-c, n-1-r)` | `b1` → `g8` |
    /// | `Rotate270` | `(r, n-1-c)` | `b1` → `a7` |
    /// | `FlipUpDown` | `(c, n-1-r)` | `b1` → `b8` |
    /// | `FlipLeftRight` | `(n-1-c, r)` | `b1` → `g1` |
    /// | `FlipDiagonal` (about `a1`–`h8`) | `(r, c)` | `b1` → `a2` |
    /// | `FlipAntiDiagonal` (about `h1`–`a8`) | `(n-1-r, n-1-c)` | `b1` → `h7` |
    ///
    /// ```
    /// use reversi::symmetry::Symmetry;
    /// use reversi::{Board, Square};
    /// let b1: Square = "b1".parse()?;
    /// let image = Symmetry::Rotate90.square(Board::Size8, b1);
    /// assert_eq!(image, Some("h2".parse()?));
    /// // A quarter turn, then its inverse, is the identity.
    /// assert_eq!(Symmetry::Rotate90.then(Symmetry::Rotate90.inverse()), Symmetry::Identity);
    /// assert_eq!(Symmetry::Rotate90.then(Symmetry::Rotate90), Symmetry::Rotate180);
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    #[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
    pub enum Symmetry {
        /// Every square stays.
        Identity,
        /// A quarter turn clockwise.
        Rotate90,
        /// A half turn.
        Rotate180,
        /// A quarter turn anticlockwise.
        Rotate270,
        /// Upside down: the rows in reverse order (`a1` ↔ `a8` on 8×8).
        FlipUpDown,
        /// Mirrored: the columns in reverse order (`a1` ↔ `h1` on 8×8).
        FlipLeftRight,
        /// About the diagonal from the top-left corner (`a1`–`h8` on 8×8): rows
        /// become columns.
        FlipDiagonal,
        /// About the diagonal from the top-right corner (`h1`–`a8` on 8×8).
        FlipAntiDiagonal,
    }
}

/// The probe whose image tells the eight symmetries apart: `b1` on 8×8.
const PROBE: (u8, u8) = (1, 0);

/// `COMPOSE[a][b]` is `a` then `b`.
static COMPOSE: [[Symmetry; 8]; 8] = {
    let mut table = [[Symmetry::Identity; 8]; 8];
    let mut a = 0;
    while a < 8 {
        let mut b = 0;
        while b < 8 {
            let (c, r) = Symmetry::ALL[a].coords(8, PROBE.0, PROBE.1);
            let target = Symmetry::ALL[b].coords(8, c, r);
            let mut s = 0;
            while s < 8 {
                let image = Symmetry::ALL[s].coords(8, PROBE.0, PROBE.1);
                if image.0 == target.0 && image.1 == target.1 {
                    table[a][b] = Symmetry::ALL[s];
                }
                s += 1;
            }
            b += 1;
        }
        a += 1;
    }
    table
};

impl Symmetry {
    /// The symmetry as three steps done in turn: transpose (rows become columns),
    /// reverse the columns, reverse the rows.
    const fn parts(self) -> (bool, bool, bool) {
        match self {
            Symmetry::Identity => (false, false, false),
            Symmetry::Rotate90 => (true, true, false),
            Symmetry::Rotate180 => (false, true, true),
            Symmetry::Rotate270 => (true, false, true),
            Symmetry::FlipUpDown => (false, false, true),
            Symmetry::FlipLeftRight => (false, true, false),
            Symmetry::FlipDiagonal => (true, false, false),
            Symmetry::FlipAntiDiagonal => (true, true, true),
        }
    }

    /// The image of column `c`, row `r` on a board of width `n` (both below `n`).
    const fn coords(self, n: u8, c: u8, r: u8) -> (u8, u8) {
        let (t, h, v) = self.parts();
        let (mut c, mut r) = if t { (r, c) } else { (c, r) };
        if h {
            c = n - 1 - c;
        }
        if v {
            r = n - 1 - r;
        }
        (c, r)
    }

    /// The symmetry that undoes this one: `s.then(s.inverse())` is the identity.
    ///
    /// ```
    /// use reversi::symmetry::Symmetry;
    /// for s in Symmetry::ALL {
    ///     assert_eq!(s.then(s.inverse()), Symmetry::Identity);
    /// }
    /// assert_eq!(Symmetry::Rotate90.inverse(), Symmetry::Rotate270);
    /// ```
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// This symmetry, then `next`: the image under the result is the image under
    /// `next` of the image under `self`.
    ///
    /// ```
    /// use reversi::symmetry::Symmetry;
    /// use reversi::{Board, Square};
    /// let c4: Square = "c4".parse()?;
    /// let (a, b) = (Symmetry::Rotate90, Symmetry::FlipUpDown);
    /// let twice = a.square(Board::Size8, c4).and_then(|s| b.square(Board::Size8, s));
    /// assert_eq!(a.then(b).square(Board::Size8, c4), twice);
    /// assert_eq!(a.then(b), Symmetry::FlipAntiDiagonal);
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    pub const fn then(self, next: Symmetry) -> Symmetry {
        COMPOSE[self.index()][next.index()]
    }

    /// The image of `square` on `board`; `None` if the board does not have the
    /// square.
    ///
    /// ```
    /// use reversi::symmetry::Symmetry;
    /// use reversi::{Board, Square};
    /// let b2: Square = "b2".parse()?;
    /// assert_eq!(Symmetry::FlipLeftRight.square(Board::Octagon, b2), Some("i2".parse()?));
    /// assert_eq!(Symmetry::FlipLeftRight.square(Board::Size6, b2), Some("e2".parse()?));
    /// assert_eq!(Symmetry::Identity.square(Board::Octagon, "a1".parse()?), None);
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    pub const fn square(self, board: Board, square: Square) -> Option<Square> {
        if !board.contains(square) {
            return None;
        }
        let (c, r) = self.coords(board.width(), square.column(), square.row());
        Some(Square::new(c, r))
    }

    /// The images of the squares of `set` on `board`; squares the board does not
    /// have are left out.
    ///
    /// ```
    /// use reversi::symmetry::Symmetry;
    /// use reversi::{Board, Square, SquareSet};
    /// let set: SquareSet = ["a1", "b1"].iter().map(|s| s.parse::<Square>().unwrap()).collect();
    /// assert_eq!(Symmetry::FlipDiagonal.squares(Board::Size8, set).to_string(), "a1 a2");
    /// ```
    pub fn squares(self, board: Board, set: SquareSet) -> SquareSet {
        set.iter().filter_map(|sq| self.square(board, sq)).collect()
    }

    /// The image of `spot` on `board`; `None` if the board does not have it.
    ///
    /// ```
    /// use reversi::layout::Grid8;
    /// use reversi::symmetry::Symmetry;
    /// use reversi::{Board, Spot};
    /// let h1 = Spot::<Grid8>::from_square("h1".parse()?).unwrap();
    /// let a8 = Symmetry::FlipAntiDiagonal.spot(Board::Size8, h1).unwrap();
    /// assert_eq!(a8, h1);
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    pub fn spot<L: Layout>(self, board: Board, spot: Spot<L>) -> Option<Spot<L>> {
        Spot::from_square(self.square(board, spot.square())?)
    }

    /// The image of a move on `board`: a pass stays a pass; `None` for a square
    /// the board does not have.
    ///
    /// ```
    /// use reversi::symmetry::Symmetry;
    /// use reversi::{Board, Move};
    /// let f5 = Move::Place("f5".parse()?);
    /// assert_eq!(Symmetry::Rotate180.mv(Board::Size8, f5), Some(Move::Place("c4".parse()?)));
    /// assert_eq!(Symmetry::Rotate180.mv(Board::Size8, Move::Pass), Some(Move::Pass));
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    pub const fn mv(self, board: Board, mv: Move) -> Option<Move> {
        match mv {
            Move::Pass => Some(Move::Pass),
            Move::Place(square) => match self.square(board, square) {
                Some(image) => Some(Move::Place(image)),
                None => None,
            },
        }
    }

    /// The image of bitboard `bits` of `board`: a few operations on the integer
    /// (see the [module](self) docs). Bits that are not squares of `board` are
    /// dropped.
    ///
    /// ```
    /// use reversi::layout::Grid8;
    /// use reversi::symmetry::Symmetry;
    /// use reversi::{Bitboard, Board};
    /// // Column a of 8×8 turned a quarter clockwise is row 1.
    /// let column_a = Bitboard::<Grid8>::from_bits(0x0101_0101_0101_0101);
    /// let image = Symmetry::Rotate90.bitboard(Board::Size8, column_a);
    /// assert_eq!(image.bits(), 0xff);
    /// ```
    #[inline]
    pub fn bitboard<L: SymmetricLayout>(self, board: Board, bits: Bitboard<L>) -> Bitboard<L> {
        Bitboard::from_bits(L::transform(self, board, bits.bits()))
    }

    /// Where each move index goes: entry `i` is the index of the image of the
    /// square with index `i`, where a square's index is `row * width + column` over
    /// the board's whole grid (36 entries on 6×6, 64 on 8×8, 100 on 10×10 and the
    /// octagon, whose cut corners go to cut corners).
    ///
    /// A policy vector (and a mask of legal moves) of a position becomes that of the
    /// transformed position by `image[perm[i]] = policy[i]`; a pass index, if the
    /// vector has one after the squares, stays where it is.
    ///
    /// ```
    /// use reversi::symmetry::{Symmetric, Symmetry};
    /// use reversi::{AnyPosition, Board, Rules, Square};
    /// let pos = AnyPosition::start(&Rules::default());
    /// let index = |sq: Square| sq.index(Board::Size8).unwrap();
    /// let mut mask = [false; 64];
    /// for sq in pos.legal_moves() {
    ///     mask[index(sq)] = true;
    /// }
    /// let s = Symmetry::Rotate90;
    /// let perm = s.move_permutation(Board::Size8);
    /// let mut image = [false; 64];
    /// for (i, &legal) in mask.iter().enumerate() {
    ///     image[perm[i] as usize] = legal;
    /// }
    /// let expected: Vec<usize> = pos.transform(s).legal_moves().iter().map(index).collect();
    /// let got: Vec<usize> = (0..64).filter(|&i| image[i]).collect();
    /// assert_eq!(got, expected);
    /// ```
    pub fn move_permutation(self, board: Board) -> &'static [u8] {
        match board {
            Board::Size6 => &PERMUTATIONS6[self.index()],
            Board::Size8 => &PERMUTATIONS8[self.index()],
            Board::Size10 | Board::Octagon => &PERMUTATIONS10[self.index()],
        }
    }
}

/// The move permutations of a board of width `W` (`N = W * W`).
const fn permutations<const N: usize>(width: u8) -> [[u8; N]; 8] {
    let mut table = [[0; N]; 8];
    let mut s = 0;
    while s < 8 {
        let mut i = 0;
        while i < N {
            let (c, r) = Symmetry::ALL[s].coords(
                width,
                (i % width as usize) as u8,
                (i / width as usize) as u8,
            );
            table[s][i] = r * width + c;
            i += 1;
        }
        s += 1;
    }
    table
}

static PERMUTATIONS6: [[u8; 36]; 8] = permutations::<36>(6);
static PERMUTATIONS8: [[u8; 64]; 8] = permutations::<64>(8);
static PERMUTATIONS10: [[u8; 100]; 8] = permutations::<100>(10);

/// A set of symmetries: those a position has ([`Symmetric::symmetries`]).
///
/// ```
/// use reversi::symmetry::{Symmetric, Symmetry};
/// use reversi::{AnyPosition, Board, Rules};
/// let start = AnyPosition::start(&Rules::default());
/// let has = start.symmetries();
/// assert!(has.contains(Symmetry::FlipDiagonal));
/// assert!(!has.contains(Symmetry::Rotate90));
/// assert_eq!(
///     has.iter().collect::<Vec<_>>(),
///     [Symmetry::Identity, Symmetry::Rotate180, Symmetry::FlipDiagonal, Symmetry::FlipAntiDiagonal]
/// );
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Symmetries(u8);

impl Symmetries {
    /// Whether `symmetry` is in the set.
    pub const fn contains(self, symmetry: Symmetry) -> bool {
        self.0 >> symmetry.index() & 1 != 0
    }

    /// The set with `symmetry` added.
    pub const fn with(self, symmetry: Symmetry) -> Symmetries {
        Symmetries(self.0 | 1 << symmetry.index())
    }

    /// The number of symmetries in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The symmetries in the set, in [`Symmetry::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Symmetry> {
        Symmetry::ALL.into_iter().filter(move |&s| self.contains(s))
    }
}

mod sealed {
    use crate::board::Board;
    use crate::layout::Layout;

    use super::Symmetry;

    /// What a layout needs for the symmetries.
    pub trait Transform: Layout {
        /// The image of `bits` of `board` under `symmetry`.
        fn transform(symmetry: Symmetry, board: Board, bits: Self::Bits) -> Self::Bits;

        /// The images under every symmetry, in [`Symmetry::ALL`] order.
        #[inline]
        fn images(board: Board, bits: Self::Bits) -> [Self::Bits; 8] {
            Symmetry::ALL.map(|s| Self::transform(s, board, bits))
        }

        /// The bits as a number, for the order of canonical forms.
        type Number: Ord + Copy;
        /// The bits as a number, for the order of canonical forms.
        fn number(bits: Self::Bits) -> Self::Number;
    }
}

/// A layout whose bitboards the symmetries apply to: both layouts of the crate
/// ([`Grid8`] and [`Grid10`]). Generic code over a layout adds this bound to use
/// [`Symmetry::bitboard`] or [`Symmetric`] positions.
///
/// ```
/// use reversi::symmetry::{SymmetricLayout, Symmetry};
/// use reversi::{Bitboard, Board};
/// fn is_symmetric<L: SymmetricLayout>(board: Board, bits: Bitboard<L>) -> bool {
///     Symmetry::ALL.iter().all(|s| s.bitboard(board, bits) == bits)
/// }
/// let centre = Bitboard::<reversi::layout::Grid10>::from_squares(
///     Board::Size10.centre().into_iter().collect(),
/// );
/// assert!(is_symmetric(Board::Size10, centre));
/// ```
pub trait SymmetricLayout: sealed::Transform {}

impl SymmetricLayout for Grid8 {}
impl SymmetricLayout for Grid10 {}

/// Each row's bits in reverse order (columns `c` ↔ `7 - c`).
#[inline(always)]
const fn mirror8(x: u64) -> u64 {
    let x = (x >> 1) & 0x5555_5555_5555_5555 | (x & 0x5555_5555_5555_5555) << 1;
    let x = (x >> 2) & 0x3333_3333_3333_3333 | (x & 0x3333_3333_3333_3333) << 2;
    (x >> 4) & 0x0f0f_0f0f_0f0f_0f0f | (x & 0x0f0f_0f0f_0f0f_0f0f) << 4
}

/// Rows become columns: bit `8r + c` ↔ `8c + r`, three delta swaps.
#[inline(always)]
const fn transpose8(x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    let x = x ^ t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    let x = x ^ t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^ t ^ (t >> 7)
}

impl sealed::Transform for Grid8 {
    #[inline]
    fn transform(symmetry: Symmetry, board: Board, bits: u64) -> u64 {
        let (t, h, v) = symmetry.parts();
        // 6×6 sits in the top-left corner: after a reversal, shift it back there.
        let (h_shift, v_shift) = if board == Board::Size6 {
            (2, 16)
        } else {
            (0, 0)
        };
        let mut x = bits & Grid8::board_squares(board);
        if t {
            x = transpose8(x);
        }
        if h {
            x = mirror8(x) >> h_shift;
        }
        if v {
            x = x.swap_bytes() >> v_shift;
        }
        x
    }

    #[inline]
    fn images(board: Board, bits: u64) -> [u64; 8] {
        let (h_shift, v_shift) = if board == Board::Size6 {
            (2, 16)
        } else {
            (0, 0)
        };
        let x = bits & Grid8::board_squares(board);
        let h = mirror8(x) >> h_shift;
        let t = transpose8(x);
        let th = mirror8(t) >> h_shift;
        [
            x,
            th,
            h.swap_bytes() >> v_shift,
            t.swap_bytes() >> v_shift,
            x.swap_bytes() >> v_shift,
            h,
            t,
            th.swap_bytes() >> v_shift,
        ]
    }

    type Number = u64;

    #[inline(always)]
    fn number(bits: u64) -> u64 {
        bits
    }
}

/// The bits of one row of [`Grid10`] (ten columns; the eleventh is always empty).
const ROW10: u128 = 0x3ff;

/// The rows in reverse order (`r` ↔ `9 - r`).
#[inline(always)]
fn flip_rows10(x: u128) -> u128 {
    let mut y = 0;
    let mut r = 0;
    while r < 10 {
        y |= (x >> (11 * r) & ROW10) << (11 * (9 - r));
        r += 1;
    }
    y
}

/// The half turn: bit `11r + c` goes to `11(9-r) + (9-c) = 127 - (11r + c) - 19`.
#[inline(always)]
fn rotate180_10(x: u128) -> u128 {
    x.reverse_bits() >> 19
}

/// The transposition of [`Grid10`] (bit `11r + c` to `11c + r`) by bytes: entry
/// `[k][b]` is the image of byte value `b` at byte `k`, so that a transposition is
/// fourteen lookups instead of one step per disc (57 KB, built at compile time).
static TRANSPOSE10: [[u128; 256]; 14] = {
    let mut table = [[0; 256]; 14];
    let mut k = 0;
    while k < 14 {
        let mut b = 1;
        while b < 256 {
            let bit = 8 * k + (b as u32).trailing_zeros() as usize;
            let (c, r) = (bit % 11, bit / 11);
            let image = if c < 10 && r < 10 {
                1u128 << (11 * c + r)
            } else {
                0
            };
            table[k][b] = table[k][b & (b - 1)] | image;
            b += 1;
        }
        k += 1;
    }
    table
};

/// Rows become columns on [`Grid10`].
#[inline(always)]
fn transpose10(x: u128) -> u128 {
    let bytes = x.to_le_bytes();
    let mut y = 0;
    let mut k = 0;
    while k < 14 {
        y |= TRANSPOSE10[k][bytes[k] as usize];
        k += 1;
    }
    y
}

impl sealed::Transform for Grid10 {
    #[inline]
    fn transform(symmetry: Symmetry, board: Board, bits: u128) -> u128 {
        let (t, h, v) = symmetry.parts();
        let mut x = bits & Grid10::board_squares(board);
        if t {
            x = transpose10(x);
        }
        match (h, v) {
            (true, true) => rotate180_10(x),
            (true, false) => rotate180_10(flip_rows10(x)),
            (false, true) => flip_rows10(x),
            (false, false) => x,
        }
    }

    #[inline]
    fn images(board: Board, bits: u128) -> [u128; 8] {
        // One transposition (the costly step) serves four images.
        let x = bits & Grid10::board_squares(board);
        let t = transpose10(x);
        let (v, tv) = (flip_rows10(x), flip_rows10(t));
        [
            x,
            rotate180_10(tv),
            rotate180_10(x),
            tv,
            v,
            rotate180_10(v),
            t,
            rotate180_10(t),
        ]
    }

    type Number = u128;

    #[inline(always)]
    fn number(bits: u128) -> u128 {
        bits
    }
}

/// Positions and other values that the symmetries apply to.
///
/// ```
/// use reversi::symmetry::{Symmetric, Symmetry};
/// use reversi::{AnyPosition, Board, Position, Rules, TwoPlayer8};
/// let rules = Rules::builder(Board::Size8).players(4).build()?;
/// let start = AnyPosition::start(&rules);
/// // Four colours in turn clockwise: a quarter turn changes who stands where.
/// assert_eq!(start.symmetries().len(), 1);
/// let (canonical, s) = start.canonical();
/// assert_eq!(start.transform(s), canonical);
/// # Ok::<_, reversi::RulesError>(())
/// ```
pub trait Symmetric: Copy + PartialEq {
    /// The image of the position under `symmetry`: every disc, Neutral disc and
    /// blocked square moved to its image square; the same player to move and
    /// options.
    fn transform(&self, symmetry: Symmetry) -> Self;

    /// The symmetries that leave the position as it is (the identity always).
    fn symmetries(&self) -> Symmetries {
        Symmetry::ALL
            .iter()
            .filter(|&&s| self.transform(s) == *self)
            .fold(Symmetries::default(), |set, &s| set.with(s))
    }

    /// The canonical form: the least of the eight images, and the symmetry that
    /// gives it (the first in [`Symmetry::ALL`] order where several do). Images
    /// are compared by their bitboards as unsigned numbers of the layout (bit
    /// `stride * row + column`), in turn: Black's discs, White's, Red's, Green's,
    /// the Neutral discs, the blocked squares. Two positions are images of each
    /// other exactly when their canonical forms are equal.
    fn canonical(&self) -> (Self, Symmetry);
}

/// The index of the least of eight keys (the first where several are least).
#[inline(always)]
fn least<T: Ord + Copy>(keys: [T; 8]) -> usize {
    let mut best = 0;
    for i in 1..8 {
        if keys[i] < keys[best] {
            best = i;
        }
    }
    best
}

impl<L: SymmetricLayout, K: Kernel<L>> Symmetric for TwoPlayer<L, K> {
    #[inline]
    fn transform(&self, symmetry: Symmetry) -> Self {
        let board = self.board();
        let blocked = self.blocked().bits();
        let blocked = if blocked.is_empty() {
            blocked
        } else {
            L::transform(symmetry, board, blocked)
        };
        self.with_squares(
            L::transform(symmetry, board, self.mine().bits()),
            L::transform(symmetry, board, self.theirs().bits()),
            blocked,
        )
    }

    #[inline]
    fn canonical(&self) -> (Self, Symmetry) {
        let board = self.board();
        let mine = L::images(board, self.mine().bits());
        let theirs = L::images(board, self.theirs().bits());
        let blocked = self.blocked().bits();
        let blocked = if blocked.is_empty() {
            [blocked; 8]
        } else {
            L::images(board, blocked)
        };
        let black_to_move = self.to_move() == Color::Black;
        let keys = core::array::from_fn(|i| {
            let (black, white) = if black_to_move {
                (mine[i], theirs[i])
            } else {
                (theirs[i], mine[i])
            };
            (L::number(black), L::number(white), L::number(blocked[i]))
        });
        let i = least::<(L::Number, L::Number, L::Number)>(keys);
        (
            self.with_squares(mine[i], theirs[i], blocked[i]),
            Symmetry::ALL[i],
        )
    }
}

impl<L: SymmetricLayout, K: Kernel<L>> MultiPlayer<L, K> {
    /// Black's, White's, Red's and Green's discs, the Neutral discs and the blocked
    /// squares: the planes of the canonical order.
    fn symmetry_planes(&self) -> [L::Bits; 6] {
        let d = |c| self.discs(c).bits();
        [
            d(Color::Black),
            d(Color::White),
            d(Color::Red),
            d(Color::Green),
            self.neutral().bits(),
            self.blocked().bits(),
        ]
    }

    fn with_planes(&self, planes: [L::Bits; 6]) -> Self {
        let [b, w, r, g, neutral, blocked] = planes;
        self.with_squares([b, w, r, g], neutral, blocked)
    }
}

impl<L: SymmetricLayout, K: Kernel<L>> Symmetric for MultiPlayer<L, K> {
    fn transform(&self, symmetry: Symmetry) -> Self {
        let board = self.board();
        self.with_planes(self.symmetry_planes().map(|p| {
            if p.is_empty() {
                p
            } else {
                L::transform(symmetry, board, p)
            }
        }))
    }

    fn canonical(&self) -> (Self, Symmetry) {
        let board = self.board();
        let images = self.symmetry_planes().map(|p| {
            if p.is_empty() {
                [p; 8]
            } else {
                L::images(board, p)
            }
        });
        let keys = core::array::from_fn(|i| images.map(|plane| L::number(plane[i])));
        let i = least::<[L::Number; 6]>(keys);
        (
            self.with_planes(images.map(|plane| plane[i])),
            Symmetry::ALL[i],
        )
    }
}

impl Symmetric for AnyPosition {
    fn transform(&self, symmetry: Symmetry) -> Self {
        match self {
            AnyPosition::TwoPlayer8(p) => AnyPosition::TwoPlayer8(p.transform(symmetry)),
            AnyPosition::TwoPlayer10(p) => AnyPosition::TwoPlayer10(p.transform(symmetry)),
            AnyPosition::MultiPlayer8(p) => AnyPosition::MultiPlayer8(p.transform(symmetry)),
            AnyPosition::MultiPlayer10(p) => AnyPosition::MultiPlayer10(p.transform(symmetry)),
        }
    }

    fn canonical(&self) -> (Self, Symmetry) {
        match self {
            AnyPosition::TwoPlayer8(p) => {
                let (c, s) = p.canonical();
                (AnyPosition::TwoPlayer8(c), s)
            }
            AnyPosition::TwoPlayer10(p) => {
                let (c, s) = p.canonical();
                (AnyPosition::TwoPlayer10(c), s)
            }
            AnyPosition::MultiPlayer8(p) => {
                let (c, s) = p.canonical();
                (AnyPosition::MultiPlayer8(c), s)
            }
            AnyPosition::MultiPlayer10(p) => {
                let (c, s) = p.canonical();
                (AnyPosition::MultiPlayer10(c), s)
            }
        }
    }
}
