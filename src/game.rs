//! A game: rules, the current position and the moves that led to it.

use alloc::vec::Vec;
use core::fmt;

use crate::board::Board;
use crate::color::{Cell, Color};
use crate::moves::{Move, PlayError};
use crate::outcome::{Outcome, Scores};
use crate::position::AnyPosition;
use crate::rules::Rules;
use crate::setup::{Setup, SetupError};
use crate::square::{Square, SquareSet};

/// A game in progress or finished: its rules, the current position, and the moves
/// played, which [`undo`](Game::undo) takes back one at a time.
///
/// ```
/// use reversi::{Game, Move, Rules, Square};
/// let mut game = Game::new(Rules::default());
/// let flipped = game.play("f5".parse()?)?;
/// assert_eq!(flipped.iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["e5"]);
/// assert!(game.play("f5".parse()?).is_err());
/// assert_eq!(game.undo(), Some(Move::Place("f5".parse()?)));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    rules: Rules,
    start: AnyPosition,
    position: AnyPosition,
    /// The position before each move, and the move.
    history: Vec<(AnyPosition, Move)>,
}

impl Game {
    /// A new game at the start position of `rules`.
    pub fn new(rules: Rules) -> Game {
        Game::from_position(rules, AnyPosition::start(&rules))
    }

    /// A game that starts from a set-up, once checked: the rules follow from it as
    /// [`Setup::rules`] says (an empty centre square with two players is the free
    /// opening; the blocked cells are the blocked squares).
    ///
    /// ```
    /// use reversi::{Board, Cell, Color, Game, Setup, SetupError};
    /// let mut setup = Setup::empty(Board::Octagon, 3);
    /// let centre = Board::Octagon.centre();
    /// for (square, cell) in centre.into_iter().zip([
    ///     Cell::Disc(Color::Black), Cell::Disc(Color::White), Cell::Neutral, Cell::Disc(Color::Red),
    /// ]) {
    ///     setup.set(square, cell);
    /// }
    /// let game = Game::from_setup(setup)?;
    /// assert_eq!(game.rules().players(), 3);
    /// assert_eq!(Setup::from(&game), setup);
    /// # Ok::<_, SetupError>(())
    /// ```
    pub fn from_setup(setup: Setup) -> Result<Game, SetupError> {
        let rules = setup.rules()?;
        Ok(Game::from_position(rules, setup.position_unchecked()))
    }

    /// A game whose first position is `position` (which the caller built for the
    /// same board and players as `rules`, through a checked [`Setup`]).
    pub(crate) fn from_position(rules: Rules, position: AnyPosition) -> Game {
        let capacity = 2 * rules.board().square_count() + 2;
        Game {
            rules,
            start: position,
            position,
            // Room for the longest game, so that play never allocates.
            history: Vec::with_capacity(capacity),
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.rules.board()
    }

    /// The current position.
    pub fn position(&self) -> &AnyPosition {
        &self.position
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &AnyPosition {
        &self.start
    }

    /// The moves played so far, passes included.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.history.iter().map(|&(_, m)| m)
    }

    /// The number of moves played so far.
    pub fn move_count(&self) -> usize {
        self.history.len()
    }

    /// The colour to move (after the end: the colour that would move next).
    pub fn to_move(&self) -> Color {
        self.position.to_move()
    }

    /// What stands on `square`; `None` when the board does not have it.
    pub fn cell(&self, square: Square) -> Option<Cell> {
        self.position.cell(square)
    }

    /// The number of discs of `color`.
    pub fn count(&self, color: Color) -> u32 {
        self.position.count(color)
    }

    /// The blocked squares.
    pub fn blocked(&self) -> SquareSet {
        self.position.blocked()
    }

    /// The legal moves of the player to move (empty when they must pass or the game
    /// is over).
    pub fn legal_moves(&self) -> SquareSet {
        self.position.legal_moves()
    }

    /// Whether a disc on `square` is a legal move now.
    pub fn is_legal(&self, square: Square) -> bool {
        self.legal_moves().contains(square)
    }

    /// The discs a move on `square` would flip, or why it is not legal.
    pub fn flips(&self, square: Square) -> Result<SquareSet, PlayError> {
        self.position
            .play_with_flips(Move::Place(square))
            .map(|(_, flips)| flips)
    }

    /// Whether the player to move must pass (two players only).
    pub fn must_pass(&self) -> bool {
        self.position.must_pass()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.position.is_over()
    }

    /// Each colour's disc count.
    pub fn scores(&self) -> Scores {
        self.position.scores()
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    /// Places a disc of the player to move on `square` and returns the discs it
    /// flipped. An illegal move is refused with the reason, and the game is unchanged.
    pub fn play(&mut self, square: Square) -> Result<SquareSet, PlayError> {
        self.play_move(Move::Place(square))
    }

    /// Passes. Refused unless the player to move must pass.
    pub fn pass(&mut self) -> Result<(), PlayError> {
        self.play_move(Move::Pass).map(|_| ())
    }

    /// Plays a move or a pass and returns the discs it flipped (none for a pass).
    /// An illegal move is refused with the reason, and the game is unchanged.
    pub fn play_move(&mut self, mv: Move) -> Result<SquareSet, PlayError> {
        let (next, flips) = self.position.play_with_flips(mv)?;
        self.history.push((self.position, mv));
        self.position = next;
        Ok(flips)
    }

    /// Takes back the last move and returns it; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let (position, mv) = self.history.pop()?;
        self.position = position;
        Some(mv)
    }

    /// Counts perft from the current position ([RULES.md §11](crate::rules_doc)).
    pub fn perft(&self, depth: u32) -> u64 {
        self.position.perft(depth)
    }
}

impl TryFrom<Setup> for Game {
    type Error = SetupError;

    /// [`Game::from_setup`].
    fn try_from(setup: Setup) -> Result<Game, SetupError> {
        Game::from_setup(setup)
    }
}

impl From<&Game> for Setup {
    /// The set-up of the game's current position, with its Anti-Reversi flag.
    fn from(game: &Game) -> Setup {
        Setup::from_position(game.position())
    }
}

impl fmt::Display for Game {
    /// The board as a grid with column letters and row numbers (`-` empty, `#`
    /// blocked, `B W R G` discs, `N` neutral, blank where the octagon has no square),
    /// then whose turn it is or the outcome, and the scores.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self.board().width();
        f.write_str("   ")?;
        for column in 0..width {
            write!(f, " {}", (b'a' + column) as char)?;
        }
        writeln!(f)?;
        for row in 0..width {
            write!(f, "{:>3}", row + 1)?;
            for column in 0..width {
                let letter = self
                    .cell(Square::new(column, row))
                    .map_or(' ', Cell::letter);
                write!(f, " {letter}")?;
            }
            writeln!(f)?;
        }
        match self.outcome() {
            Some(Outcome::Draw) => write!(f, "game over: draw")?,
            Some(Outcome::Win(c)) => write!(f, "game over: {c} wins")?,
            None if self.must_pass() => write!(f, "{} to move (must pass)", self.to_move())?,
            None => write!(f, "{} to move", self.to_move())?,
        }
        writeln!(f, ", {}", self.scores())
    }
}
