//! Squares, named as in Othello notation, and sets of squares.

use core::fmt;
use core::str::FromStr;

/// A square of the 10×10 naming grid: column `a`…`j` from left to right, row
/// `1`…`10` from top to bottom, so `a1` is the top-left corner.
///
/// A square exists independently of any board; [`Board::contains`](crate::Board::contains)
/// says whether a board has it.
///
/// ```
/// use reversi::Square;
/// let sq: Square = "F5".parse()?;
/// assert_eq!(sq.to_string(), "f5");
/// assert_eq!((sq.column(), sq.row()), (5, 4));
/// # Ok::<_, reversi::ParseSquareError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The number of squares on the naming grid (10×10).
    // Computed rather than a literal, so that the C header does not pick it up.
    pub const NUM: usize = crate::Board::Size10.square_count();

    /// The square at `column` (0 = `a`) and `row` (0 = row `1`), if both are below 10.
    pub const fn try_new(column: u8, row: u8) -> Option<Square> {
        if column < 10 && row < 10 {
            Some(Square(row * 10 + column))
        } else {
            None
        }
    }

    /// The square at `column` (0 = `a`) and `row` (0 = row `1`).
    ///
    /// # Panics
    ///
    /// When `column` or `row` is 10 or more; [`Square::try_new`] is the checked twin.
    #[track_caller]
    pub const fn new(column: u8, row: u8) -> Square {
        match Square::try_new(column, row) {
            Some(sq) => sq,
            None => panic!("square column and row must be below 10"),
        }
    }

    /// The square's place on the 10×10 naming grid, `row * 10 + column`: the
    /// crate's tables and [`SquareSet`]'s bits. Equal to the index on a 10×10
    /// board; not an index on smaller boards.
    pub(crate) const fn grid_index(self) -> usize {
        self.0 as usize
    }

    /// The column, 0 for `a` to 9 for `j`.
    pub const fn column(self) -> u8 {
        self.0 % 10
    }

    /// The row, 0 for row `1` (the top) to 9 for row `10`.
    pub const fn row(self) -> u8 {
        self.0 / 10
    }

    /// Every square of the naming grid, row by row from `a1` to `j10`.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Square::NUM as u8).map(Square)
    }

    /// Parses a square name at the start of `text`, returning the square and the
    /// number of bytes it took (`2` or `3`). Used to read run-together transcripts,
    /// where `a10b3` has a two-digit row; a `1` followed by `0` is always row 10.
    pub fn parse_prefix(text: &str) -> Result<(Square, usize), ParseSquareError> {
        let bytes = text.as_bytes();
        let err = || ParseSquareError::new(text);
        let column = match bytes.first() {
            Some(c @ b'a'..=b'j') => c - b'a',
            Some(c @ b'A'..=b'J') => c - b'A',
            _ => return Err(err()),
        };
        match (bytes.get(1), bytes.get(2)) {
            (Some(b'1'), Some(b'0')) => Ok((Square::new(column, 9), 3)),
            (Some(d @ b'1'..=b'9'), _) => Ok((Square::new(column, d - b'1'), 2)),
            _ => Err(err()),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column()) as char, self.row() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A square name that is not `a1`…`j10`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown square name {name:?}: expected a column a-j and a row 1-10")]
pub struct ParseSquareError {
    name: ShortText,
}

impl ParseSquareError {
    /// The text that was read, cut to its first 16 bytes: this error lives in the
    /// allocation-free core.
    pub fn name(&self) -> &str {
        self.name.as_str()
    }

    fn new(text: &str) -> ParseSquareError {
        ParseSquareError {
            name: ShortText::new(text),
        }
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match Square::parse_prefix(s) {
            Ok((sq, len)) if len == s.len() => Ok(sq),
            _ => Err(ParseSquareError::new(s)),
        }
    }
}

/// A copy of at most 16 bytes of some text, kept in errors without allocating.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct ShortText {
    bytes: [u8; 16],
    len: u8,
}

impl ShortText {
    /// Copies the first characters of `text` that fit into 16 bytes.
    pub fn new(text: &str) -> ShortText {
        let mut end = text.len().min(16);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let mut bytes = [0; 16];
        bytes[..end].copy_from_slice(&text.as_bytes()[..end]);
        ShortText {
            bytes,
            len: end as u8,
        }
    }

    /// The text kept.
    pub fn as_str(&self) -> &str {
        // The bytes were copied from a `str` and cut at a character boundary.
        core::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("")
    }
}

impl fmt::Debug for ShortText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for ShortText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A set of squares of the naming grid, one bit per square: cheap to copy, test
/// and iterate (in index order, `a1` first).
///
/// ```
/// use reversi::{Square, SquareSet};
/// let set: SquareSet = ["d3", "c4"].iter().map(|s| s.parse::<Square>().unwrap()).collect();
/// assert!(set.contains("c4".parse()?));
/// assert_eq!(set.iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["d3", "c4"]);
/// # Ok::<_, reversi::ParseSquareError>(())
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(u128);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// The set whose bit `i` stands for the square with index `i`; bits 100 and up
    /// are dropped.
    pub const fn from_bits(bits: u128) -> SquareSet {
        SquareSet(bits & ((1u128 << 100) - 1))
    }

    /// The set as bits, bit `i` for the square with index `i`.
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set holding just `square`.
    pub const fn single(square: Square) -> SquareSet {
        SquareSet(1u128 << square.0)
    }

    /// Whether `square` is in the set.
    pub const fn contains(self, square: Square) -> bool {
        self.0 >> square.0 & 1 != 0
    }

    /// The number of squares in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Adds `square`.
    pub fn insert(&mut self, square: Square) {
        self.0 |= 1u128 << square.0;
    }

    /// Removes `square`.
    pub fn remove(&mut self, square: Square) {
        self.0 &= !(1u128 << square.0);
    }

    /// The first square in index order, if any.
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }

    /// The squares in index order (`a1`, `b1`, …, `j10`).
    pub fn iter(self) -> SquareSetIter {
        SquareSetIter(self.0)
    }
}

impl core::ops::BitOr for SquareSet {
    type Output = SquareSet;
    fn bitor(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 | rhs.0)
    }
}

impl core::ops::BitAnd for SquareSet {
    type Output = SquareSet;
    fn bitand(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 & rhs.0)
    }
}

impl core::ops::Sub for SquareSet {
    type Output = SquareSet;
    fn sub(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 & !rhs.0)
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;
    fn into_iter(self) -> SquareSetIter {
        self.iter()
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for SquareSet {
    /// The squares separated by single spaces, as the `Blocked` tag writes them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, sq) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

/// Iterator over the squares of a [`SquareSet`], in index order.
#[derive(Clone, Debug)]
pub struct SquareSetIter(u128);

impl Iterator for SquareSetIter {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareSetIter {}
