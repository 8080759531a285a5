//! The position string of [RULES.md §10](crate::rules_doc).

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::board::Board;
use crate::color::{Cell, Color};
use crate::game::Game;
use crate::position::AnyPosition;
use crate::rules::{ParseRulesError, RulesError, RulesFlags};
use crate::setup::{Setup, SetupError};
use crate::square::Square;

/// A position string ([RULES.md §10](crate::rules_doc)) that cannot be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
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
    /// A character that is no square content.
    #[error("column {column}: {found:?} is not a square (- # B W R G N)")]
    Cell {
        /// The character position in the text, from 1.
        column: usize,
        /// The character found.
        found: char,
    },
    /// No player to move after the board, or more than one letter.
    #[error(
        "column {column}: expected the player to move (B W R G) after one space, found {found:?}"
    )]
    ToMove {
        /// The character position in the text where the player to move belongs,
        /// from 1.
        column: usize,
        /// What was found after the board.
        found: String,
    },
    /// The squares and the player to move make no position that the rules allow.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

impl Setup {
    /// Reads a position string ([RULES.md §10](crate::rules_doc)) for `players` players, Anti-Reversi or
    /// not, into a set-up, unchecked: the board follows from the rows. Only the
    /// syntax is checked here; [`Game::from_setup`] checks the rest.
    ///
    /// ```
    /// use reversi::{Cell, Color, Setup, Square};
    /// let setup = Setup::from_position_str(
    ///     "--------/--------/--------/---WB---/---BW---/--------/--------/-------- W", 2, false)?;
    /// assert_eq!(setup.cell(Square::new(3, 3)), Cell::Disc(Color::White));
    /// assert_eq!(setup.to_move, Color::White);
    /// # Ok::<_, reversi::PositionError>(())
    /// ```
    pub fn from_position_str(text: &str, players: u8, anti: bool) -> Result<Setup, PositionError> {
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
        let mut setup = Setup::empty(board, players);
        setup.anti = anti;
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
                let cell = match ch {
                    '-' => Cell::Empty,
                    '#' => Cell::Blocked,
                    'N' => Cell::Neutral,
                    _ => match Color::from_letter(ch) {
                        Some(c) => Cell::Disc(c),
                        None => return Err(PositionError::Cell { column, found: ch }),
                    },
                };
                setup.set(sq, cell);
                column += 1;
            }
            // The '/' or the space.
            column += 1;
        }
        let mut letters = to_move_text.chars();
        setup.to_move = match (letters.next().and_then(Color::from_letter), letters.next()) {
            (Some(color), None) => color,
            _ => {
                return Err(PositionError::ToMove {
                    column,
                    found: to_move_text.to_string(),
                })
            }
        };
        Ok(setup)
    }
}

impl Game {
    /// A game that starts from a position string ([RULES.md §10](crate::rules_doc)), for `players`
    /// players, Anti-Reversi or not: [`Setup::from_position_str`], then
    /// [`Game::from_setup`]. The board follows from the rows, the blocked squares
    /// from the `#`; an empty centre square means the free opening.
    ///
    /// ```
    /// use reversi::Game;
    /// let game = Game::from_position_str(
    ///     "--------/--------/--------/---WB---/---BW---/--------/--------/-------- B", 2, false)?;
    /// assert_eq!(game.legal_moves().len(), 4);
    /// # Ok::<_, reversi::PositionError>(())
    /// ```
    pub fn from_position_str(text: &str, players: u8, anti: bool) -> Result<Game, PositionError> {
        let setup = Setup::from_position_str(text, players, anti)?;
        Ok(Game::from_setup(setup)?)
    }
}

impl AnyPosition {
    /// The position a position string ([RULES.md §10](crate::rules_doc)) gives,
    /// for `players` players, Anti-Reversi or not: the same reading as
    /// [`Game::from_position_str`]. There is no `FromStr`: the string says neither
    /// the player count nor whether the game is Anti-Reversi, so the reader is
    /// told, and a position prints back with `to_string`.
    ///
    /// ```
    /// use reversi::{AnyPosition, Rules};
    /// let start = AnyPosition::start(&Rules::default());
    /// let read = AnyPosition::from_position_str(&start.to_string(), 2, false)?;
    /// assert_eq!(read, start);
    /// assert!(AnyPosition::from_position_str("--/-- B", 2, false).is_err());
    /// # Ok::<_, reversi::PositionError>(())
    /// ```
    pub fn from_position_str(
        text: &str,
        players: u8,
        anti: bool,
    ) -> Result<AnyPosition, PositionError> {
        let setup = Setup::from_position_str(text, players, anti)?;
        Ok(AnyPosition::try_from(setup)?)
    }
}

/// Why the variant flags ([`RulesFlags`]) start no game.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum FlagsError {
    /// `--position` with `--free-opening`, `--handicap` or `--blocked`.
    #[error(
        "--position gives the whole board: --handicap, --blocked and --free-opening do not apply"
    )]
    PositionAndSetUp,
    /// A `--position` that is not a position string.
    #[error("--position: {0}")]
    Position(PositionError),
    /// A handicap that is not on the corners of the board named.
    #[error("{0}")]
    Flags(#[from] ParseRulesError),
    /// Rules that do not go together.
    #[error("{0}")]
    Rules(#[from] RulesError),
}

impl RulesFlags<'_> {
    /// The game the flags start: the `--position` given (with `--players` and
    /// `--anti`), or the start of the rules, with one to four squares drawn from
    /// `--seed` (0 without it) for `--blocked random`.
    ///
    /// ```
    /// use reversi::RulesFlags;
    /// let mut flags = RulesFlags::new();
    /// for [flag, value] in [["--board", "10x10"], ["--blocked", "random"], ["--seed", "7"]] {
    ///     assert!(flags.read(flag, || Some(value))?);
    /// }
    /// let game = flags.game()?;
    /// assert!(!game.rules().blocked().is_empty());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn game(&self) -> Result<Game, FlagsError> {
        if let Some(text) = self.position() {
            if self.sets_up_the_board() {
                return Err(FlagsError::PositionAndSetUp);
            }
            return Game::from_position_str(text, self.players(), self.anti())
                .map_err(FlagsError::Position);
        }
        let builder = self.builder()?;
        let rules = if self.random_blocked() {
            builder.build_with_blocked_seed(self.seed().unwrap_or(0))?
        } else {
            builder.build()?
        };
        Ok(Game::new(rules))
    }
}
