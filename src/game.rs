//! A game: rules, the current position and the moves that led to it.

use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::board::Board;
use crate::color::{Cell, Color};
use crate::position::AnyPosition;
use crate::rules::Rules;
use crate::square::{ParseSquareError, Square, SquareSet};

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

/// The end of a game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// The colour won: the most discs (the fewest in Anti-Reversi), alone.
    Win(Color),
    /// Two or more players share the winning score: a draw for the whole table.
    Draw,
}

impl Outcome {
    /// The outcome of final `scores`: the best score wins alone, or it is a draw.
    pub fn from_scores(scores: &Scores, anti: bool) -> Outcome {
        let counts = scores.iter().map(|(_, n)| n);
        let best = if anti { counts.min() } else { counts.max() };
        let mut best_colors = scores.iter().filter(|&(_, n)| Some(n) == best);
        match (best_colors.next(), best_colors.next()) {
            (Some((color, _)), None) => Outcome::Win(color),
            _ => Outcome::Draw,
        }
    }

    /// The word records and tools print: the winner's colour, or `draw`.
    pub fn word(&self) -> &'static str {
        match self {
            Outcome::Win(c) => c.name(),
            Outcome::Draw => "draw",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Each colour's disc count (its score), for the colours in play.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Scores {
    counts: [u32; 4],
    players: u8,
}

impl Scores {
    /// The scores of `position`.
    pub fn of(position: &AnyPosition) -> Scores {
        let players = position.players();
        let mut counts = [0; 4];
        for c in &Color::ALL[..players as usize] {
            counts[c.index()] = position.count(*c);
        }
        Scores { counts, players }
    }

    /// The score of `color` (0 for a colour not in play).
    pub fn get(&self, color: Color) -> u32 {
        self.counts[color.index()]
    }

    /// The colours in play with their scores, in turn order.
    pub fn iter(&self) -> impl Iterator<Item = (Color, u32)> + '_ {
        Color::ALL[..self.players as usize]
            .iter()
            .map(|&c| (c, self.counts[c.index()]))
    }
}

impl fmt::Display for Scores {
    /// `B=33 W=31` (and `R=…`, `G=…` with more players).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (c, n)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}={n}", c.letter())?;
        }
        Ok(())
    }
}

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

    /// A game whose first position is `position` (which the caller built for the
    /// same board and players as `rules`).
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
        match self.position.flips(square) {
            Some(flips) => Ok(flips),
            None => Err(self.why_illegal(square)),
        }
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
        Scores::of(&self.position)
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.is_over()
            .then(|| Outcome::from_scores(&self.scores(), self.rules.anti()))
    }

    /// Places a disc of the player to move on `square` and returns the discs it
    /// flipped. An illegal move is refused with the reason, and the game is unchanged.
    pub fn play(&mut self, square: Square) -> Result<SquareSet, PlayError> {
        let (next, flips) = self
            .position
            .play_with_flips(square)
            .ok_or_else(|| self.why_illegal(square))?;
        self.history.push((self.position, Move::Place(square)));
        self.position = next;
        Ok(flips)
    }

    /// Passes. Refused unless the player to move must pass.
    pub fn pass(&mut self) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        if self.rules.players() > 2 {
            return Err(PlayError::NoPassing);
        }
        let next = self
            .position
            .pass()
            .ok_or(PlayError::MayNotPass(self.to_move()))?;
        self.history.push((self.position, Move::Pass));
        self.position = next;
        Ok(())
    }

    /// Plays a move or a pass.
    pub fn play_move(&mut self, mv: Move) -> Result<(), PlayError> {
        match mv {
            Move::Place(sq) => self.play(sq).map(|_| ()),
            Move::Pass => self.pass(),
        }
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

    fn why_illegal(&self, square: Square) -> PlayError {
        let legal = self.legal_moves();
        match self.cell(square) {
            _ if self.is_over() => PlayError::GameOver,
            None => PlayError::OffBoard(square),
            Some(Cell::Blocked) => PlayError::Blocked(square),
            Some(Cell::Disc(_) | Cell::Neutral) => PlayError::Occupied(square),
            Some(Cell::Empty) => {
                let centre = self.board().centre();
                let opening = self.rules.players() == 2
                    && centre.iter().any(|&c| self.cell(c) == Some(Cell::Empty));
                let placing = legal
                    .first()
                    .and_then(|m| self.position.flips(m))
                    .is_some_and(|f| f.is_empty());
                if opening {
                    PlayError::OutsideCentre(square)
                } else if self.rules.players() > 2 && placing {
                    PlayError::NotAdjacent(square)
                } else {
                    PlayError::FlipsNothing(square)
                }
            }
        }
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
