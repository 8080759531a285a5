//! The position string of [RULES.md §10](crate::rules_doc).

use alloc::vec::Vec;

use crate::board::Board;
use crate::color::{Cell, Color};
use crate::game::Game;
use crate::position::AnyPosition;
use crate::rules::{Opening, Rules};
use crate::square::{ShortText, Square};

/// A position string ([RULES.md §10](crate::rules_doc)) that cannot be read.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PositionError {
    /// The rows do not make a known board.
    #[error("{rows} rows: a position has 6, 8 or 10 rows separated by '/'")]
    Rows {
        /// The number of rows found.
        rows: usize,
    },
    /// A row of the wrong length.
    #[error("row {row} has {found} squares, expected {expected}")]
    RowLength {
        /// The row, from 1.
        row: usize,
        /// The squares found.
        found: usize,
        /// The squares the board has on that row.
        expected: usize,
    },
    /// A character that is no square content, or a colour not in play.
    #[error("column {column}: {found:?} is not a square of a {players}-player game")]
    Cell {
        /// The character position in the text, from 1.
        column: usize,
        /// The character found.
        found: char,
        /// The number of players.
        players: u8,
    },
    /// No player to move, or one not in play.
    #[error("the player to move must follow the board after one space: {found}")]
    ToMove {
        /// What was found after the board.
        found: ShortText,
    },
    /// The squares make no game that the rules allow.
    #[error("{0}")]
    Rules(#[from] crate::rules::RulesError),
}

impl Game {
    /// A game that starts from a position string ([RULES.md §10](crate::rules_doc)), for `players`
    /// players, Anti-Reversi or not. The board follows from the rows, the blocked
    /// squares from the `#`; an empty centre square means the free opening.
    ///
    /// ```
    /// use reversi::Game;
    /// let game = Game::from_position_str(
    ///     "--------/--------/--------/---WB---/---BW---/--------/--------/-------- B", 2, false)?;
    /// assert_eq!(game.legal_moves().len(), 4);
    /// # Ok::<_, reversi::PositionError>(())
    /// ```
    pub fn from_position_str(text: &str, players: u8, anti: bool) -> Result<Game, PositionError> {
        let (board_text, to_move_text) = text.split_once(' ').unwrap_or((text, ""));
        let rows: Vec<&str> = board_text.split('/').collect();
        let first_len = rows.first().map_or(0, |r| r.chars().count());
        let board = match (rows.len(), first_len) {
            (6, _) => Board::Size6,
            (8, _) => Board::Size8,
            (10, 6) => Board::Octagon,
            (10, _) => Board::Size10,
            (n, _) => return Err(PositionError::Rows { rows: n }),
        };
        // Validate the player count before reading colours against it.
        let builder = Rules::builder(board).players(players).anti(anti);
        builder.build()?;
        let mut cells = [Cell::Empty; Square::NUM];
        let mut column = 1;
        for (row, text) in rows.iter().enumerate() {
            let squares: Vec<Square> = (0..10)
                .map(|c| Square::new(c, row as u8))
                .filter(|&sq| board.contains(sq))
                .collect();
            let found = text.chars().count();
            if found != squares.len() {
                return Err(PositionError::RowLength {
                    row: row + 1,
                    found,
                    expected: squares.len(),
                });
            }
            for (ch, sq) in text.chars().zip(squares) {
                cells[sq.index()] = match ch {
                    '-' => Cell::Empty,
                    '#' => Cell::Blocked,
                    'N' if players == 3 => Cell::Neutral,
                    _ => match Color::from_letter(ch) {
                        Some(c) if c.index() < players as usize => Cell::Disc(c),
                        _ => {
                            return Err(PositionError::Cell {
                                column,
                                found: ch,
                                players,
                            })
                        }
                    },
                };
                column += 1;
            }
            column += 1;
        }
        let to_move = match to_move_text.chars().next().and_then(Color::from_letter) {
            Some(c) if c.index() < players as usize && to_move_text.len() == 1 => c,
            _ => {
                return Err(PositionError::ToMove {
                    found: ShortText::new(to_move_text),
                })
            }
        };
        let blocked = Square::all().filter(|sq| cells[sq.index()] == Cell::Blocked);
        let centre_open = players == 2
            && board
                .centre()
                .iter()
                .any(|sq| cells[sq.index()] == Cell::Empty);
        let opening = if centre_open {
            Opening::Free
        } else {
            Opening::Standard
        };
        let rules = builder.opening(opening).blocked(blocked).build()?;
        Ok(Game::from_position(
            rules,
            AnyPosition::from_cells(board, players, &cells, to_move),
        ))
    }
}
