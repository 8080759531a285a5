//! Set-ups: what stands on the board, who moves and the options, not yet checked.
//!
//! A [`Setup`] is plain data with public fields, for a board editor or a position
//! read from one's own format. Checking it turns it into an [`AnyPosition`] (with
//! [`TryFrom`]) or a [`Game`](crate::Game) (`Game::from_setup`), or says with a
//! [`SetupError`] what is wrong. Every reader of this crate builds its positions this
//! way, so this is the one place where a position's rules are derived from its
//! squares: two players with an empty centre square play the free opening, and the
//! blocked squares are the `Cell::Blocked` ones.

use crate::board::Board;
use crate::color::{Cell, Color};
use crate::position::{AnyPosition, KindError};
use crate::rules::{Opening, Rules, RulesError};
use crate::square::{Square, SquareSet};

/// A position as data, unchecked: the board, the players, Anti-Reversi or not, what
/// stands on each square and who moves.
///
/// A board editor builds one cell by cell, then checks it:
///
/// ```
/// use reversi::{Board, Cell, Color, Game, Setup, SetupError, Square};
/// let sq = |name: &str| name.parse::<Square>().unwrap();
/// let mut setup = Setup::empty(Board::Size8, 2);
/// for (name, color) in [("d4", Color::White), ("e4", Color::Black), ("d5", Color::Black)] {
///     setup.set(sq(name), Cell::Disc(color));
/// }
/// setup.set(sq("a1"), Cell::Blocked);
/// setup.to_move = Color::White;
/// // e5 is still empty: two players with an empty centre square play the free opening.
/// let game = Game::from_setup(setup)?;
/// assert_eq!(game.legal_moves().iter().collect::<Vec<_>>(), [sq("e5")]);
/// assert_eq!(game.blocked().to_string(), "a1");
///
/// setup.set(sq("e5"), Cell::Disc(Color::Red));
/// assert_eq!(
///     Game::from_setup(setup).unwrap_err(),
///     SetupError::ColorNotInPlay { square: sq("e5"), color: Color::Red, players: 2 }
/// );
/// # Ok::<_, SetupError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// The board.
    pub board: Board,
    /// The number of players: 2, 3 or 4 for a valid set-up.
    pub players: u8,
    /// Anti-Reversi: the fewest discs win.
    pub anti: bool,
    /// What stands on each square of the naming grid (`Square::grid_index`): read
    /// and written through [`Setup::cell`] and [`Setup::set`], so that no
    /// second numbering of squares leaks out. Squares that the board does not have
    /// must stay [`Cell::Empty`].
    pub(crate) cells: [Cell; Square::NUM],
    /// The colour to move.
    pub to_move: Color,
}

/// Why a [`Setup`] is not a position that the rules allow.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SetupError {
    /// The options or the blocked squares make no game that the rules allow: a
    /// player count other than 2 to 4, three or four players on 6×6, more than four
    /// blocked squares, a blocked square in the central 4×4.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A disc or a blocked square on a square that the board does not have.
    #[error("{square} is not on the {board} board and must stay empty")]
    OffBoard {
        /// The square.
        square: Square,
        /// The board.
        board: Board,
        /// What stands there.
        cell: Cell,
    },
    /// A disc of a colour that is not in play.
    #[error("{square} holds a {color} disc, but a {players}-player game has no {color}")]
    ColorNotInPlay {
        /// The square.
        square: Square,
        /// The colour of the disc.
        color: Color,
        /// The number of players.
        players: u8,
    },
    /// A Neutral disc outside the three-player game.
    #[error(
        "{square} holds a neutral disc, which only a 3-player game has, not a {players}-player one"
    )]
    Neutral {
        /// The square.
        square: Square,
        /// The number of players.
        players: u8,
    },
    /// More than the one Neutral disc of the three-player game.
    #[error("{0} neutral discs: a 3-player game has one at most")]
    NeutralCount(usize),
    /// Two colours on one square (a position built from bitboards that overlap).
    #[error("{square} holds discs of two colours")]
    Overlap {
        /// The first such square.
        square: Square,
    },
    /// The board is not one of the typed position's layout (a 10×10 position asked
    /// of a `TwoPlayer8`, say).
    #[error(transparent)]
    Kind(#[from] KindError),
    /// The colour to move is not in play.
    #[error("{color} to move, but a {players}-player game has no {color}")]
    ToMove {
        /// The colour to move.
        color: Color,
        /// The number of players.
        players: u8,
    },
}

impl Setup {
    /// An empty `board` for `players` players, Black to move, not Anti-Reversi.
    pub fn empty(board: Board, players: u8) -> Setup {
        Setup {
            board,
            players,
            anti: false,
            cells: [Cell::Empty; Square::NUM],
            to_move: Color::Black,
        }
    }

    /// The set-up of `position`: its cells, side to move and options.
    pub fn from_position(position: &AnyPosition) -> Setup {
        let mut setup = Setup::empty(position.board(), position.players());
        setup.anti = position.anti();
        setup.to_move = position.to_move();
        for square in position.board().squares() {
            if let Some(cell) = position.cell(square) {
                setup.set(square, cell);
            }
        }
        setup
    }

    /// Puts `cell` on every square of `squares`: how a position held as bitboards
    /// (one's own book, a symmetric image) becomes a set-up, with
    /// [`Bitboard::to_squares`](crate::Bitboard::to_squares).
    ///
    /// ```
    /// use reversi::{AnyPosition, Board, Cell, Color, Position, Rules, Setup, TwoPlayer8};
    /// let start = TwoPlayer8::try_from(AnyPosition::start(&Rules::default()))?;
    /// // The same discs with the colours swapped, White to move.
    /// let mut setup = Setup::empty(Board::Size8, 2);
    /// setup.fill(start.discs(Color::Black).to_squares(), Cell::Disc(Color::White));
    /// setup.fill(start.discs(Color::White).to_squares(), Cell::Disc(Color::Black));
    /// setup.to_move = Color::White;
    /// let swapped = TwoPlayer8::try_from(AnyPosition::try_from(setup)?)?;
    /// assert_eq!(swapped.mine(), start.mine());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn fill(&mut self, squares: SquareSet, cell: Cell) {
        for square in squares {
            self.set(square, cell);
        }
    }

    /// What stands on `square`.
    pub fn cell(&self, square: Square) -> Cell {
        self.cells[square.grid_index()]
    }

    /// Puts `cell` on `square`. A square that the board does not have may be set
    /// too; the check then refuses the set-up with [`SetupError::OffBoard`].
    pub fn set(&mut self, square: Square, cell: Cell) {
        self.cells[square.grid_index()] = cell;
    }

    /// The squares that hold `cell`.
    pub fn squares_with(&self, cell: Cell) -> SquareSet {
        Square::all().filter(|&sq| self.cell(sq) == cell).collect()
    }

    /// Checks the set-up and returns the rules of the game that starts from it: its
    /// board, players and Anti-Reversi flag; the free opening for two players when a
    /// centre square is empty ([RULES.md §6](crate::rules_doc)), the standard opening otherwise; its
    /// `Cell::Blocked` squares as the blocked squares (one to four, outside the
    /// central 4×4: [RULES.md §8](crate::rules_doc)); no handicap.
    pub fn rules(&self) -> Result<Rules, SetupError> {
        let players = self.players;
        let builder = Rules::builder(self.board).players(players).anti(self.anti);
        // The options first: the cells are read against the player count.
        builder.build()?;
        let mut neutrals = 0;
        for square in Square::all() {
            let cell = self.cell(square);
            if cell == Cell::Empty {
                continue;
            }
            if !self.board.contains(square) {
                return Err(SetupError::OffBoard {
                    square,
                    board: self.board,
                    cell,
                });
            }
            match cell {
                Cell::Disc(color) if color.index() >= players as usize => {
                    return Err(SetupError::ColorNotInPlay {
                        square,
                        color,
                        players,
                    })
                }
                Cell::Neutral if players != 3 => {
                    return Err(SetupError::Neutral { square, players })
                }
                Cell::Neutral => neutrals += 1,
                _ => {}
            }
        }
        if neutrals > 1 {
            return Err(SetupError::NeutralCount(neutrals));
        }
        if self.to_move.index() >= players as usize {
            return Err(SetupError::ToMove {
                color: self.to_move,
                players,
            });
        }
        let centre_open =
            crate::rules::free_opening_on(self.board, players, self.squares_with(Cell::Empty));
        let opening = if centre_open {
            Opening::Free
        } else {
            Opening::Standard
        };
        let rules = builder
            .opening(opening)
            .blocked(self.squares_with(Cell::Blocked))
            .build()?;
        Ok(rules)
    }

    /// The position of a set-up whose [`rules`](Setup::rules) are `Ok`.
    pub(crate) fn position_unchecked(&self) -> AnyPosition {
        AnyPosition::from_cells(
            self.board,
            self.players,
            self.anti,
            &self.cells,
            self.to_move,
        )
    }
}

impl TryFrom<Setup> for AnyPosition {
    type Error = SetupError;

    /// Checks the set-up (see [`Setup::rules`]) into a position.
    fn try_from(setup: Setup) -> Result<AnyPosition, SetupError> {
        setup.rules()?;
        Ok(setup.position_unchecked())
    }
}

impl From<&AnyPosition> for Setup {
    fn from(position: &AnyPosition) -> Setup {
        Setup::from_position(position)
    }
}
