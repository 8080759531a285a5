//! Moves as the front end names them, and why a move is refused.

use core::fmt;
use core::str::FromStr;

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
