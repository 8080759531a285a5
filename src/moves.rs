//! Moves as the front end names them, why a move is refused, and the one
//! numbering of squares and moves.
//!
//! # Indices
//!
//! Every surface of the library (Rust, C, Python) numbers the squares and moves of
//! a board of width `w` the same way: the square in column `c` and row `r` of the
//! board's bounding grid has index `r * w + c`, and a pass has index `w * w`, so a
//! policy vector has [`Board::index_count`] = `w * w + 1` entries.
//!
//! | board | squares | pass | examples |
//! |---|---|---|---|
//! | 6×6 | 0..=35 | 36 | `a1` = 0, `f1` = 5, `a2` = 6, `f6` = 35 |
//! | 8×8 | 0..=63 | 64 | `a1` = 0, `h1` = 7, `a2` = 8, `d3` = 19, `h8` = 63 |
//! | 10×10 | 0..=99 | 100 | `a1` = 0, `j1` = 9, `a2` = 10, `j10` = 99 |
//! | octagon | 0..=99 | 100 | as 10×10; the cut corners (`a1`, `b1`, `a2` …) have indices and are never legal |
//!
//! On 8×8 this is the numbering of Edax, OpenSpiel and pgx. [`Square::index`],
//! [`Square::from_index`], [`Move::index`], [`Move::from_index`] and
//! [`Board::pass_index`] convert; it is also the numbering that
//! [`Symmetry::move_permutation`](crate::symmetry::Symmetry::move_permutation)
//! permutes. A [`Spot`](crate::Spot)'s [`bit`](crate::Spot::bit) is a different
//! thing, a bit of a bitboard layout, and never an index.

use core::fmt;
use core::str::FromStr;

use crate::board::Board;
use crate::color::Color;
use crate::square::{ParseSquareError, Square};

/// A move: a disc placed on a square, or a pass.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// A disc placed on the square.
    Place(Square),
    /// A pass (two players, when the player to move has no move).
    Pass,
}

impl Square {
    /// The square with `index` on `board`, the inverse of [`Square::index`]: the
    /// square in row `index / width` and column `index % width`; `None` from
    /// `width * width` on (the pass index and beyond).
    ///
    /// ```
    /// use reversi::{Board, Square};
    /// assert_eq!(Square::from_index(Board::Size8, 19), Some("d3".parse()?));
    /// assert_eq!(Square::from_index(Board::Size6, 35), Some("f6".parse()?));
    /// assert_eq!(Square::from_index(Board::Size8, 64), None); // the pass
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    pub const fn from_index(board: Board, index: usize) -> Option<Square> {
        let width = board.width() as usize;
        if index < width * width {
            Some(Square::new((index % width) as u8, (index / width) as u8))
        } else {
            None
        }
    }

    /// This square's index on `board`: `row * width + column`, the one numbering
    /// of squares and moves in Rust, C and Python (see [`Move::index`]). On 8×8
    /// `a1` is 0, `h1` 7, `a2` 8 and `h8` 63; `None` for a square outside the
    /// board's bounding grid (`i1` on 8×8). The octagon's cut corners have indices
    /// (they lie on its 10×10 grid) and are never legal.
    ///
    /// [`Move::index`]: crate::Move::index
    ///
    /// ```
    /// use reversi::{Board, Square};
    /// let d3: Square = "d3".parse()?;
    /// assert_eq!(d3.index(Board::Size8), Some(19));
    /// assert_eq!(d3.index(Board::Size10), Some(23));
    /// assert_eq!("j1".parse::<Square>()?.index(Board::Size8), None);
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    pub const fn index(self, board: Board) -> Option<usize> {
        let width = board.width();
        if self.column() < width && self.row() < width {
            Some(self.row() as usize * width as usize + self.column() as usize)
        } else {
            None
        }
    }
}

impl Move {
    /// The square a disc is placed on; `None` for a pass.
    ///
    /// ```
    /// use reversi::Move;
    /// let f5 = "f5".parse()?;
    /// assert_eq!(Move::Place(f5).square(), Some(f5));
    /// assert_eq!(Move::Pass.square(), None);
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    pub const fn square(self) -> Option<Square> {
        match self {
            Move::Place(square) => Some(square),
            Move::Pass => None,
        }
    }

    /// This move's index on `board`: the square's [`Square::index`], or
    /// [`Board::pass_index`] (`width * width`) for a pass; `None` for a square
    /// outside the board's bounding grid.
    ///
    /// ```
    /// use reversi::{AnyPosition, Board, Move, Rules};
    /// let start = AnyPosition::start(&Rules::default());
    /// let mut mask = vec![false; Board::Size8.index_count()];
    /// for square in start.legal_moves() {
    ///     mask[Move::Place(square).index(Board::Size8).unwrap()] = true;
    /// }
    /// assert_eq!(mask.iter().filter(|&&legal| legal).count(), 4);
    /// assert_eq!(Move::Pass.index(Board::Size8), Some(64));
    /// assert_eq!(Move::from_index(Board::Size8, 64), Some(Move::Pass));
    /// assert_eq!(Move::from_index(Board::Size8, 19), Some(Move::Place("d3".parse()?)));
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    pub const fn index(self, board: Board) -> Option<usize> {
        match self {
            Move::Place(square) => square.index(board),
            Move::Pass => Some(board.pass_index()),
        }
    }

    /// The move with `index` on `board`, the inverse of [`Move::index`]; `None`
    /// from [`Board::index_count`] on.
    pub const fn from_index(board: Board, index: usize) -> Option<Move> {
        if index == board.pass_index() {
            Some(Move::Pass)
        } else {
            match Square::from_index(board, index) {
                Some(square) => Some(Move::Place(square)),
                None => None,
            }
        }
    }
}

impl From<Square> for Move {
    /// A disc placed on the square: what `play`, `flips` and `is_legal` on
    /// positions, [`AnyPosition`](crate::AnyPosition) and `Game` read a square as.
    fn from(square: Square) -> Move {
        Move::Place(square)
    }
}

impl fmt::Display for Move {
    /// The square's name, or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(sq) => write!(f, "{sq}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseSquareError;

    /// A square name, or a pass written `pass`, `PA`, `PS` or `--` (any case).
    fn from_str(s: &str) -> Result<Move, ParseSquareError> {
        if ["pass", "pa", "ps", "--"]
            .iter()
            .any(|p| p.eq_ignore_ascii_case(s))
        {
            Ok(Move::Pass)
        } else {
            s.parse().map(Move::Place)
        }
    }
}

/// Why a move was refused. The game is unchanged.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PlayError {
    /// The game is over: nobody can move.
    #[error("the game is over")]
    GameOver,
    /// The board does not have the square.
    #[error("{0} is not on the board")]
    OffBoard(Square),
    /// The square is blocked.
    #[error("{0} is blocked")]
    Blocked(Square),
    /// The square holds a disc.
    #[error("{0} is occupied")]
    Occupied(Square),
    /// The move closes off no line of discs, and a flipping move is required.
    #[error("{0} flips nothing")]
    FlipsNothing(Square),
    /// During the free opening, a square outside the centre.
    #[error("{0} is outside the centre, which the free opening fills first")]
    OutsideCentre(Square),
    /// Three or four players, no flipping move: the square touches no disc.
    #[error("{0} touches no disc")]
    NotAdjacent(Square),
    /// A pass by a player who has a legal move.
    #[error("{0} has a legal move and may not pass")]
    MayNotPass(Color),
    /// A pass with three or four players, who never pass.
    #[error("three or four players never pass")]
    NoPassing,
}
