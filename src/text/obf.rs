//! One-line 8×8 boards as Edax, Egaroucid and the test suites write them (OBF):
//! 64 cells from `a1` to `h8` row by row, white space, the player to move, then
//! optional `;`-separated annotations (`G8:+18; H1:+12;`).
//!
//! Read: black `X x * B b`, white `O o W w`, empty `- .`; the player to move `X`,
//! `x`, `*`, `B`, `b` for Black, `O`, `o`, `W`, `w` for White. Written: `X`, `O`, `-`.
//!
//! The digit `0` is refused with an error **(choice)**: some programs write it for
//! White (a typed `O`), others for an empty square, so reading it either way would
//! silently change some users' positions.
//!
//! ```
//! use reversi::text::obf;
//! let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;";
//! let board = obf::parse(line)?;
//! assert_eq!(board.game.legal_moves().len(), 8);
//! assert_eq!(board.annotations, "G8:+18; H1:+12;");
//! assert_eq!(obf::write(&board.game)?, &line[..66]);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use alloc::string::{String, ToString};

use crate::board::Board;
use crate::color::{Cell, Color};
use crate::game::Game;
use crate::setup::{Setup, SetupError};
use crate::square::Square;

/// An OBF board: the game that starts there, and the annotations that followed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ObfBoard {
    /// A two-player 8×8 game starting from the board.
    pub game: Game,
    /// The text after the first `;`, trimmed (empty if none).
    pub annotations: String,
}

/// A line that is not an OBF board.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ObfError {
    /// Fewer than 64 cells.
    #[error("{0} cells: an OBF board has 64")]
    Cells(usize),
    /// A character that is not a cell.
    #[error("column {column}: {found:?} is not a cell (X x * B b, O o W w, - .; 0 is ambiguous)")]
    Cell {
        /// The character column, from 1.
        column: usize,
        /// The character.
        found: char,
    },
    /// Text on a line after the board's: an OBF board is one line (a file of
    /// boards is read a line at a time).
    #[error("line {line}: text after the board's line; an OBF board is one line")]
    MoreLines {
        /// The line of that text, from 1.
        line: usize,
    },
    /// No valid player to move after the cells.
    #[error("column {column}: expected the player to move (X or O)")]
    ToMove {
        /// The character column, from 1.
        column: usize,
    },
    /// The board makes no position that the rules allow. Two colours on 8×8 always
    /// do today; the check is the one every reader goes through.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// A game that is not a two-player 8×8 game, which OBF cannot hold.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("OBF holds two-player 8x8 positions only")]
pub struct ObfWriteError;

/// Reads an OBF line.
pub fn parse(line: &str) -> Result<ObfBoard, ObfError> {
    let mut setup = Setup::empty(Board::Size8, 2);
    let mut chars = line.char_indices().peekable();
    let mut count: u8 = 0;
    let column = |at: usize| line[..at].chars().count() + 1;
    while count < 64 {
        let Some((at, ch)) = chars.next() else {
            return Err(ObfError::Cells(count as usize));
        };
        let cell = match ch {
            'X' | 'x' | '*' | 'B' | 'b' => Cell::Disc(Color::Black),
            'O' | 'o' | 'W' | 'w' => Cell::Disc(Color::White),
            '-' | '.' => Cell::Empty,
            c if c.is_whitespace() && count == 0 => continue,
            found => {
                return Err(ObfError::Cell {
                    column: column(at),
                    found,
                })
            }
        };
        setup.set(Square::new(count % 8, count / 8), cell);
        count += 1;
    }
    let rest_at = chars.peek().map_or(line.len(), |&(at, _)| at);
    let rest = &line[rest_at..];
    let trimmed = rest.trim_start();
    let side_at = rest_at + (rest.len() - trimmed.len());
    let mut side = trimmed.chars();
    setup.to_move = match side.next() {
        Some('X' | 'x' | '*' | 'B' | 'b') => Color::Black,
        Some('O' | 'o' | 'W' | 'w') => Color::White,
        _ => {
            return Err(ObfError::ToMove {
                column: column(side_at),
            })
        }
    };
    let after = side.as_str();
    // After the player to move: nothing, the annotations, or white space (a
    // line's own `\n` or `\r\n` included, as `fgets` leaves it).
    if trimmed.len() == rest.len()
        || !(after.is_empty() || after.starts_with(|c: char| c == ';' || c.is_whitespace()))
    {
        return Err(ObfError::ToMove {
            column: column(side_at),
        });
    }
    // The board's line ends at its line break; only blank lines may follow.
    let (after, beyond) = after.split_once('\n').unwrap_or((after, ""));
    if let Some(offset) = beyond.lines().position(|l| !l.trim().is_empty()) {
        let board_line = line[..side_at].matches('\n').count() + 1;
        return Err(ObfError::MoreLines {
            line: board_line + 1 + offset,
        });
    }
    let annotations = after
        .trim_start()
        .strip_prefix(';')
        .unwrap_or(after)
        .trim()
        .to_string();
    Ok(ObfBoard {
        // An empty centre square makes the free opening.
        game: Game::from_setup(setup)?,
        annotations,
    })
}

/// Writes the current position of a two-player 8×8 game as an OBF line (no
/// annotations).
pub fn write(game: &Game) -> Result<String, ObfWriteError> {
    let rules = game.rules();
    if rules.players() != 2 || rules.board() != Board::Size8 {
        return Err(ObfWriteError);
    }
    let mut out = String::with_capacity(66);
    for sq in Board::Size8.squares() {
        out.push(match game.cell(sq) {
            Some(Cell::Disc(Color::Black)) => 'X',
            Some(Cell::Disc(_)) => 'O',
            _ => '-',
        });
    }
    out.push(' ');
    out.push(if game.to_move() == Color::Black {
        'X'
    } else {
        'O'
    });
    Ok(out)
}
