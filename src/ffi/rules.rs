//! The rules of a new game, and the enumerations C passes as `uint32_t`.

use std::vec::Vec;

use super::plumbing::{board_arg, boundary, fail, flag_arg, put_as, square_arg};
use super::ReversiStatus;
use crate::{Corners, Handicap, Opening, Rules};

/// A board shape, as `ReversiRules::board` takes it.
#[repr(u32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ReversiBoard {
    /// 6×6.
    Size6 = 0,
    /// 8×8.
    Size8 = 1,
    /// 10×10.
    Size10 = 2,
    /// The 88-square octagon.
    Octagon = 3,
}

/// A colour, in turn order.
#[repr(u32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ReversiColor {
    /// Black, who moves first.
    Black = 0,
    /// White.
    White = 1,
    /// Red (three or four players).
    Red = 2,
    /// Green (four players).
    Green = 3,
}

/// What stands on a square: `EMPTY` (0), a disc (its `ReversiColor` value plus
/// one: `BLACK` 1 … `GREEN` 4), `NEUTRAL`, `BLOCKED`, or `OFF_BOARD` for an index
/// that names no square of the board (the octagon's cut corners, columns and rows
/// beyond a smaller board).
#[repr(u32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ReversiCell {
    /// Empty.
    Empty = 0,
    /// A Black disc (`REVERSI_COLOR_BLACK` + 1).
    Black = 1,
    /// A White disc.
    White = 2,
    /// A Red disc.
    Red = 3,
    /// A Green disc.
    Green = 4,
    /// The Neutral disc (three players).
    Neutral = 5,
    /// A blocked square.
    Blocked = 6,
    /// A square the board does not have.
    OffBoard = 7,
}

/// The state of a game's end.
#[repr(u32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ReversiOutcome {
    /// The game goes on.
    InProgress = 0,
    /// Black won.
    BlackWins = 1,
    /// White won.
    WhiteWins = 2,
    /// Red won.
    RedWins = 3,
    /// Green won.
    GreenWins = 4,
    /// A draw for the whole table.
    Draw = 5,
}

/// How a game ended, as `ReversiResult::ending` says.
#[repr(u32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ReversiEnding {
    /// No result: the game is not over and none was stated.
    None = 0,
    /// Over on the board: nobody can move (the `Result` tag has no suffix).
    Board = 1,
    /// The other players resigned (`Result` suffix `" by resignation"`, GGF `:r`).
    Resignation = 2,
    /// The other player ran out of time (`" on time"`, GGF `:t`).
    Time = 3,
    /// The players agreed on the result (`" by agreement"`, GGF `:s`).
    Agreement = 4,
    /// Stopped before the end for a reason the record does not give (an
    /// adjudication, an archive that keeps only the winner; no suffix).
    Unstated = 5,
}

/// Corner bits for `ReversiRules::handicap_corners`.
#[repr(u32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ReversiCorner {
    /// `a1` (`b2` on the octagon).
    TopLeft = 1,
    /// `h1` on 8×8 (`i2` on the octagon).
    TopRight = 2,
    /// `a8` on 8×8 (`b9` on the octagon).
    BottomLeft = 4,
    /// `h8` on 8×8 (`i9` on the octagon).
    BottomRight = 8,
}

/// The options of a new game. Fill it with `reversi_rules_default`, then change
/// what differs.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct ReversiRules {
    /// A `ReversiBoard` value.
    pub board: u32,
    /// 2, 3 or 4.
    pub players: u32,
    /// 1 for Anti-Reversi, 0 otherwise.
    pub anti: u32,
    /// 1 for the free opening, 0 for the standard one.
    pub free_opening: u32,
    /// The `ReversiColor` that receives the handicap (Black or White); read only
    /// when `handicap_corners` is not 0.
    pub handicap_color: u32,
    /// `ReversiCorner` bits; 0 for no handicap.
    pub handicap_corners: u32,
    /// How many squares of `blocked` are blocked (0 to 4).
    pub blocked_count: u32,
    /// Blocked square indices.
    pub blocked: [u32; 4],
    /// 1 to draw one to four blocked squares from `seed` (then `blocked_count`
    /// must be 0), 0 otherwise.
    pub random_blocked: u32,
    /// The seed of the random blocked squares.
    pub seed: u64,
}

pub(crate) fn rules_of(rules: &ReversiRules) -> Result<Rules, ReversiStatus> {
    let board = board_arg(rules.board)?;
    let players = u8::try_from(rules.players).unwrap_or(u8::MAX);
    let mut builder = Rules::builder(board)
        .players(players)
        .anti(flag_arg(rules.anti, "anti")?)
        .opening(if flag_arg(rules.free_opening, "free_opening")? {
            Opening::Free
        } else {
            Opening::Standard
        });
    if rules.handicap_corners != 0 {
        let corners = Corners::from_bits(u8::try_from(rules.handicap_corners).unwrap_or(u8::MAX))
            .ok_or_else(|| {
            fail(
                ReversiStatus::InvalidArgument,
                format_args!(
                    "handicap_corners {} is not a set of ReversiCorner bits",
                    rules.handicap_corners
                ),
            )
        })?;
        // Any colour here: the rules refuse Red and Green (INVALID_RULES).
        let color = crate::Color::from_index(rules.handicap_color as usize).ok_or_else(|| {
            fail(
                ReversiStatus::InvalidArgument,
                format_args!(
                    "handicap_color {} is not a ReversiColor (0 to 3)",
                    rules.handicap_color
                ),
            )
        })?;
        builder = builder.handicap(Handicap { color, corners });
    }
    let random = flag_arg(rules.random_blocked, "random_blocked")?;
    if rules.blocked_count > 4 {
        return Err(fail(
            ReversiStatus::InvalidRules,
            crate::RulesError::TooManyBlocked(rules.blocked_count as usize),
        ));
    }
    let squares = rules.blocked[..rules.blocked_count as usize]
        .iter()
        .map(|&i| square_arg(board, i))
        .collect::<Result<Vec<_>, _>>()?;
    builder = builder.blocked(squares);
    let built = if random {
        builder.build_with_blocked_seed(rules.seed)
    } else {
        builder.build()
    };
    built.map_err(|e| fail(ReversiStatus::InvalidRules, e))
}

/// Fills `rules` with the defaults: 8×8, two players, standard opening, no
/// handicap, no blocked squares.
///
/// # Safety
/// `rules` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_rules_default(rules: *mut ReversiRules) -> ReversiStatus {
    boundary(|| {
        put_as(
            rules,
            "rules",
            ReversiRules {
                board: ReversiBoard::Size8 as u32,
                players: 2,
                anti: 0,
                free_opening: 0,
                handicap_color: ReversiColor::Black as u32,
                handicap_corners: 0,
                blocked_count: 0,
                blocked: [0; 4],
                random_blocked: 0,
                seed: 0,
            },
        )
    })
}
