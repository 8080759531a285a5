//! Moves as the front end names them, why a move is refused, and the action
//! numbering of policy vectors.
//!
//! # Action numbering
//!
//! A policy vector (one entry per possible move, as machine learning wants it) on a
//! board of width `w` has [`Board::action_count`] = `w * w + 1` entries: the square
//! in column `c` and row `r` of the board's bounding grid is action `r * w + c`,
//! and a pass is the last one, `w * w`. On 8×8 the squares are 0..=63 (`a1` = 0,
//! `h1` = 7, `a2` = 8) and the pass 64; on 6×6 0..=35 and 36; on 10×10 and the
//! octagon 0..=99 and 100 (the octagon's cut corners have indices, and are never
//! legal). This is the numbering that
//! [`Symmetry::move_permutation`](crate::symmetry::Symmetry::move_permutation)
//! permutes. [`Move::action_index`] and [`Move::from_action`] convert; a square's
//! index in the crate's other numbering, [`Square::index`], is `10 * row + column`
//! on every board and is not an action index.

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

impl Move {
    /// This move's index in a policy vector over `board`: `row * width + column`
    /// for a square, `width * width` for a pass; `None` for a square outside the
    /// board's bounding grid.
    ///
    /// One numbering on every board: a vector of [`Board::action_count`] entries,
    /// the squares of the bounding grid row by row (8×8: `a1` = 0, `h1` = 7,
    /// `a2` = 8 … `h8` = 63), then the pass (64). The octagon's cut corners have
    /// indices and are never legal. It is the numbering that
    /// [`Symmetry::move_permutation`](crate::symmetry::Symmetry::move_permutation)
    /// permutes; [`Square::index`] (`10 * row + column`) is another numbering, not
    /// an action index.
    ///
    /// ```
    /// use reversi::{AnyPosition, Board, Move, Rules};
    /// let start = AnyPosition::start(&Rules::default());
    /// let mut mask = vec![false; Board::Size8.action_count()];
    /// for square in start.legal_moves() {
    ///     mask[Move::Place(square).action_index(Board::Size8).unwrap()] = true;
    /// }
    /// assert_eq!(mask.iter().filter(|&&legal| legal).count(), 4);
    /// assert_eq!(Move::from_action(Board::Size8, 64), Some(Move::Pass));
    /// assert_eq!(Move::from_action(Board::Size8, 19), Some(Move::Place("d3".parse()?)));
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    pub const fn action_index(self, board: Board) -> Option<usize> {
        let width = board.width();
        match self {
            Move::Place(square) if square.column() < width && square.row() < width => {
                Some(square.row() as usize * width as usize + square.column() as usize)
            }
            Move::Place(_) => None,
            Move::Pass => Some(width as usize * width as usize),
        }
    }

    /// The move with action index `index` on `board`, the inverse of
    /// [`action_index`](Move::action_index); `None` from
    /// [`Board::action_count`] on.
    pub const fn from_action(board: Board, index: usize) -> Option<Move> {
        let width = board.width() as usize;
        if index == width * width {
            Some(Move::Pass)
        } else if index < width * width {
            Some(Move::Place(Square::new(
                (index % width) as u8,
                (index / width) as u8,
            )))
        } else {
            None
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
