//! A game: rules, the current position and the moves that led to it, as data that a
//! front end can browse, take back and replay.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::time::Duration;

use crate::board::Board;
use crate::color::{Cell, Color};
use crate::moves::{Move, PlayError};
use crate::outcome::{Outcome, Scores};
use crate::position::AnyPosition;
use crate::rules::Rules;
use crate::setup::{Setup, SetupError};
use crate::square::{Square, SquareSet};

/// An engine's evaluation of a move, in discs from the point of view of the player
/// who made it (positive: good for them), to the thousandth of a disc: what GGF
/// writes as `B[f5/2.39/…]` and a record as `{[%eval 2.39]}`.
///
/// ```
/// use reversi::Evaluation;
/// let eval: Evaluation = "-2.39".parse()?;
/// assert_eq!(eval.millidiscs(), -2390);
/// assert_eq!(eval.to_string(), "-2.39");
/// assert_eq!(Evaluation::from_millidiscs(4000).to_string(), "4");
/// assert!("2.3945".parse::<Evaluation>().is_err(), "finer than a thousandth");
/// assert!("garbage".parse::<Evaluation>().is_err());
/// # Ok::<_, reversi::ParseEvaluationError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Evaluation(i32);

impl Evaluation {
    /// An evaluation of `millidiscs` thousandths of a disc.
    pub const fn from_millidiscs(millidiscs: i32) -> Evaluation {
        Evaluation(millidiscs)
    }

    /// The evaluation in thousandths of a disc.
    pub const fn millidiscs(self) -> i32 {
        self.0
    }

    /// The evaluation in discs.
    pub fn discs(self) -> f64 {
        f64::from(self.0) / 1000.0
    }
}

/// A text that is not an [`Evaluation`]: an optional sign, digits, and an optional
/// fraction of up to three digits, within ±2,147,483 discs.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{0:?} is not an evaluation in discs (such as -2.39, at most three decimals)")]
pub struct ParseEvaluationError(pub String);

impl core::str::FromStr for Evaluation {
    type Err = ParseEvaluationError;
    fn from_str(text: &str) -> Result<Evaluation, ParseEvaluationError> {
        let error = || ParseEvaluationError(text.to_string());
        let (negative, unsigned) = match text.as_bytes().first() {
            Some(b'-') => (true, &text[1..]),
            Some(b'+') => (false, &text[1..]),
            _ => (false, text),
        };
        let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 3 {
            return Err(error());
        }
        let whole: i64 = whole.parse().map_err(|_| error())?;
        let mut thousandths = 0i64;
        for (i, b) in fraction.bytes().enumerate() {
            thousandths += i64::from(b - b'0') * [100, 10, 1][i];
        }
        let value = whole
            .checked_mul(1000)
            .and_then(|w| w.checked_add(thousandths))
            .ok_or_else(error)?;
        let value = if negative { -value } else { value };
        i32::try_from(value).map(Evaluation).map_err(|_| error())
    }
}

impl fmt::Display for Evaluation {
    /// Discs with the fraction's trailing zeros left out: `-2.39`, `4`, `0.005`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let magnitude = self.0.unsigned_abs();
        if self.0 < 0 {
            f.write_str("-")?;
        }
        write!(f, "{}", magnitude / 1000)?;
        let fraction = magnitude % 1000;
        if fraction != 0 {
            let digits = alloc::format!("{fraction:03}");
            write!(f, ".{}", digits.trim_end_matches('0'))?;
        }
        Ok(())
    }
}

/// One move of a game's history, as data: who played it, the move, the discs it
/// flipped, the positions before and after, and the front end's annotations (the
/// time the player took, an engine's evaluation and a comment), which records and
/// GGF keep (GGF has no place for comments).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ply {
    before: AnyPosition,
    after: AnyPosition,
    mv: Move,
    flips: SquareSet,
    time: Option<Duration>,
    evaluation: Option<Evaluation>,
    comment: Option<String>,
}

impl Ply {
    /// The colour that played the move.
    pub fn color(&self) -> Color {
        self.before.to_move()
    }

    /// The move (a disc placed, or a pass).
    pub fn mv(&self) -> Move {
        self.mv
    }

    /// The discs the move flipped (none for a pass or a placement that flips
    /// nothing, as in the free opening).
    pub fn flips(&self) -> SquareSet {
        self.flips
    }

    /// The position before the move.
    pub fn before(&self) -> &AnyPosition {
        &self.before
    }

    /// The position after the move.
    pub fn after(&self) -> &AnyPosition {
        &self.after
    }

    /// The time the player took for the move, if known.
    pub fn time(&self) -> Option<Duration> {
        self.time
    }

    /// An engine's evaluation of the move, if known.
    pub fn evaluation(&self) -> Option<Evaluation> {
        self.evaluation
    }

    /// Sets (or, with `None`, clears) the evaluation of the move.
    pub fn set_evaluation(&mut self, evaluation: Option<Evaluation>) {
        self.evaluation = evaluation;
    }

    /// The comment on the move, if any.
    pub fn comment(&self) -> Option<&str> {
        self.comment.as_deref()
    }

    /// Sets (or, with `None`, clears) the time the player took for the move. Any
    /// duration is kept exactly: records and GGF write it to the nanosecond.
    pub fn set_time(&mut self, time: Option<Duration>) {
        self.time = time;
    }

    /// Sets (or, with `None`, clears) the comment on the move. Any text is kept;
    /// white space around it is trimmed, and a comment that is empty once trimmed
    /// clears the comment, as a record reads it back.
    pub fn set_comment(&mut self, comment: Option<&str>) {
        self.comment = comment
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(ToString::to_string);
    }
}

/// A move number that the game cannot go to: beyond its last move (counting the
/// moves that can be redone).
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("move {requested} is beyond the game's last move, {last}")]
pub struct GoToError {
    /// The number of moves asked for.
    pub requested: usize,
    /// The number of moves of the game, the redo list included.
    pub last: usize,
}

/// A game in progress or finished: its rules, the current position, and its
/// history as data.
///
/// The history is a line of [`Ply`]s: [`history`](Game::history) holds the moves
/// played up to the current position, in order; [`undo`](Game::undo) steps back
/// one move and keeps it for [`redo`](Game::redo); [`go_to`](Game::go_to) jumps to
/// any move of the line in constant time (every ply keeps the position after it, so
/// nothing is replayed). Playing a move where moves could be redone clears the redo
/// list, even when it is the same move as the first one there **(choice: simple and
/// predictable; a front end that wants to keep the line calls `redo` instead)**.
///
/// ```
/// use reversi::{Game, Move, Rules, Square};
/// let mut game = Game::new(Rules::default());
/// let flipped = game.play("f5".parse::<Square>()?)?;
/// assert_eq!(flipped.iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["e5"]);
/// assert!(game.play("f5".parse::<Square>()?).is_err());
/// assert_eq!(game.undo(), Some(Move::Place("f5".parse()?)));
/// assert_eq!(game.redo(), Some(Move::Place("f5".parse()?)));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// Two games are equal when they have the same rules, start and whole line (the
/// moves played and the redo list, with their annotations): everything a save
/// writes. Where the game stands on the line (the current position) is navigation
/// state, which no save writes, and is not compared **(choice: a reloaded game is
/// at the end of its line, and equals the game that was saved)**. So a game after
/// `play` and `undo` differs from the game before (it has a move to redo).
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    start: AnyPosition,
    position: AnyPosition,
    /// The whole line: the moves played (`..current`), then the redo list.
    plies: Vec<Ply>,
    /// How many of `plies` are played.
    current: usize,
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
            plies: Vec::with_capacity(capacity),
            current: 0,
        }
    }

    /// The ply of `mv` played from `position`, or why it is refused.
    pub(crate) fn ply(position: &AnyPosition, mv: Move) -> Result<Ply, PlayError> {
        let (after, flips) = position.play_with_flips(mv)?;
        Ok(Ply {
            before: *position,
            after,
            mv,
            flips,
            time: None,
            evaluation: None,
            comment: None,
        })
    }

    /// Appends plies checked by [`Game::ply`] from the current position on, in
    /// order, clearing the redo list.
    pub(crate) fn extend(&mut self, plies: impl IntoIterator<Item = Ply>) {
        for ply in plies {
            self.push(ply);
        }
    }

    /// Appends one ply checked by [`Game::ply`] from the current position,
    /// clearing the redo list.
    fn push(&mut self, ply: Ply) {
        debug_assert_eq!(ply.before, self.position);
        self.plies.truncate(self.current);
        self.position = ply.after;
        self.plies.push(ply);
        self.current += 1;
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

    /// The moves played up to the current position, in order, each with who played
    /// it, its flips, the positions before and after, and its annotations.
    ///
    /// ```
    /// use reversi::{Color, Game, Rules};
    /// let mut game = Game::new(Rules::default());
    /// game.play_moves("f5 d6 c3")?;
    /// let history = game.history();
    /// assert_eq!(history.len(), 3);
    /// assert_eq!(history[1].color(), Color::White);
    /// assert_eq!(history[1].mv().to_string(), "d6");
    /// assert_eq!(history[1].flips().to_string(), "d5");
    /// assert_eq!(history[1].after(), history[2].before());
    /// assert_eq!(game.last_move().map(|p| p.mv().to_string()).as_deref(), Some("c3"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn history(&self) -> &[Ply] {
        &self.plies[..self.current]
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<&Ply> {
        self.history().last()
    }

    /// The moves that [`redo`](Game::redo) would play again, the next one first.
    pub fn redo_moves(&self) -> &[Ply] {
        &self.plies[self.current..]
    }

    /// The whole line: the moves played up to the current position, then the redo
    /// list. This is what a record, GGF or WTHOR file saves, wherever the game
    /// stands.
    ///
    /// ```
    /// use reversi::{Game, Rules};
    /// let mut game = Game::new(Rules::default());
    /// game.play_moves("f5 d6 c3")?;
    /// game.go_to(1)?;
    /// assert_eq!(game.history().len(), 1);
    /// assert_eq!(game.line().len(), 3);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn line(&self) -> &[Ply] {
        &self.plies
    }

    /// The position at the end of the line (after every move of the redo list).
    pub fn line_end(&self) -> &AnyPosition {
        self.plies.last().map_or(&self.start, |ply| &ply.after)
    }

    /// The move `index` moves after the start along the whole line (0 for the first
    /// move; the redo list included), to annotate it: [`Ply::set_time`],
    /// [`Ply::set_evaluation`], [`Ply::set_comment`]. `None` beyond the line.
    pub fn ply_mut(&mut self, index: usize) -> Option<&mut Ply> {
        self.plies.get_mut(index)
    }

    /// The last move played, to annotate it.
    pub fn last_move_mut(&mut self) -> Option<&mut Ply> {
        let last = self.current.checked_sub(1)?;
        self.ply_mut(last)
    }

    /// The moves played so far, passes included.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.history().iter().map(Ply::mv)
    }

    /// The number of moves played so far (the moves that can be redone not
    /// counted).
    pub fn move_count(&self) -> usize {
        self.current
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

    /// Whether `mv` (a [`Move`], or a [`Square`] for a placement) is legal now.
    pub fn is_legal(&self, mv: impl Into<Move>) -> bool {
        self.position.is_legal(mv)
    }

    /// The discs `mv` (a [`Move`], or a [`Square`] for a placement) would flip
    /// (none for a pass), or why it is not legal.
    pub fn flips(&self, mv: impl Into<Move>) -> Result<SquareSet, PlayError> {
        self.position.flips(mv)
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

    /// Each colour's final score, empties to the winner (see
    /// [`Position::final_scores`](crate::Position::final_scores)).
    pub fn final_scores(&self) -> Scores {
        self.position.final_scores()
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    /// Plays `mv` (a [`Move`], or a [`Square`] for a placement) and returns the
    /// discs it flipped (none for a pass), clearing the redo list. An illegal move
    /// is refused with the reason, and the game (its redo list included) is
    /// unchanged.
    pub fn play(&mut self, mv: impl Into<Move>) -> Result<SquareSet, PlayError> {
        let ply = Game::ply(&self.position, mv.into())?;
        let flips = ply.flips;
        self.push(ply);
        Ok(flips)
    }

    /// Passes (a pass flips nothing). Refused unless the player to move must pass.
    pub fn pass(&mut self) -> Result<(), PlayError> {
        self.play(Move::Pass).map(|_| ())
    }

    /// Takes back the last move and returns it, keeping it (with its annotations)
    /// at the front of the redo list; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.last_move()?.mv;
        self.current -= 1;
        self.position = self.position_after(self.current);
        Some(mv)
    }

    /// Plays again the first move of the redo list and returns it; `None` when
    /// there is none.
    pub fn redo(&mut self) -> Option<Move> {
        let ply = self.plies.get(self.current)?;
        self.position = ply.after;
        self.current += 1;
        Some(ply.mv)
    }

    /// Goes to the position after `moves` moves from the start, back or forth along
    /// the line of the history and the redo list, in constant time; the line is
    /// kept. Refused beyond its end, with the game unchanged.
    ///
    /// ```
    /// use reversi::{Game, Rules};
    /// let mut game = Game::new(Rules::default());
    /// game.play_moves("f5 d6 c3 d3 c4")?;
    /// game.go_to(2)?;
    /// assert_eq!(game.move_list(), "f5 d6");
    /// assert_eq!(game.redo_moves().len(), 3);
    /// game.go_to(5)?;
    /// assert_eq!(game.move_list(), "f5 d6 c3 d3 c4");
    /// assert!(game.go_to(6).is_err());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn go_to(&mut self, moves: usize) -> Result<(), GoToError> {
        if moves > self.plies.len() {
            return Err(GoToError {
                requested: moves,
                last: self.plies.len(),
            });
        }
        self.current = moves;
        self.position = self.position_after(moves);
        Ok(())
    }

    /// Goes back to the start position, keeping every move for redo.
    pub fn go_to_start(&mut self) {
        self.current = 0;
        self.position = self.start;
    }

    /// Goes to the end of the line: every move of the redo list played again.
    pub fn go_to_end(&mut self) {
        self.current = self.plies.len();
        self.position = self.position_after(self.current);
    }

    /// Forgets the redo list.
    pub fn clear_redo(&mut self) {
        self.plies.truncate(self.current);
    }

    /// The position after the first `moves` plies of the line.
    fn position_after(&self, moves: usize) -> AnyPosition {
        match moves.checked_sub(1) {
            None => self.start,
            Some(last) => self.plies[last].after,
        }
    }

    /// Counts perft from the current position ([RULES.md §11](crate::rules_doc)).
    pub fn perft(&self, depth: u32) -> u64 {
        self.position.perft(depth)
    }
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.rules == other.rules && self.start == other.start && self.plies == other.plies
    }
}

impl Eq for Game {}

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

/// One square of [`Game::grid`], with what a front end draws on it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct GridCell {
    /// The square.
    pub square: Square,
    /// What stands on it; `None` where the octagon has no square.
    pub cell: Option<Cell>,
    /// Whether a disc here is a legal move of the player to move.
    pub legal: bool,
    /// Whether the last move placed its disc here.
    pub last_move: bool,
    /// Whether the last move flipped the disc here.
    pub flipped: bool,
}

/// How [`Game::display`] draws a game: the characters, and what to mark.
///
/// The default is what `Display` for [`Game`] prints: the position-string
/// characters, coordinates and the status line, no marks.
///
/// ```
/// use reversi::{BoardStyle, Game, Rules};
/// let mut game = Game::new(Rules::default());
/// game.play("f5".parse::<reversi::Square>()?)?;
/// let style = BoardStyle {
///     discs: ['X', 'O', 'R', 'G'],
///     empty: '.',
///     legal: Some('*'),
///     last_move: Some('>'),
///     ..BoardStyle::default()
/// };
/// let text = game.display(style).to_string();
/// let rows: Vec<&str> = text.lines().collect();
/// assert_eq!(rows[0], "    a b c d e f g h");
/// assert_eq!(rows[4], "  4 . . . O X * . .");
/// assert_eq!(rows[5], "  5 . . . X X>X . .");
/// assert_eq!(rows[6], "  6 . . . * . * . .");
/// assert_eq!(rows[9], "White to move, B=4 W=1");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct BoardStyle {
    /// An empty square.
    pub empty: char,
    /// A blocked square.
    pub blocked: char,
    /// The Neutral disc.
    pub neutral: char,
    /// The discs, indexed by [`Color::index`].
    pub discs: [char; 4],
    /// A square the board does not have (the octagon's cut corners).
    pub off_board: char,
    /// Drawn on the empty squares where the player to move may play, if set.
    pub legal: Option<char>,
    /// Drawn before the last move's square instead of the space, if set.
    pub last_move: Option<char>,
    /// Column letters above the board and row numbers before each row.
    pub coordinates: bool,
    /// A last line: whose turn it is (or the outcome), and the scores.
    pub status: bool,
}

impl Default for BoardStyle {
    fn default() -> BoardStyle {
        BoardStyle {
            empty: '-',
            blocked: '#',
            neutral: 'N',
            discs: ['B', 'W', 'R', 'G'],
            off_board: ' ',
            legal: None,
            last_move: None,
            coordinates: true,
            status: true,
        }
    }
}

/// A game drawn with a [`BoardStyle`]: what [`Game::display`] returns.
#[derive(Copy, Clone, Debug)]
pub struct GameDisplay<'a> {
    game: &'a Game,
    style: BoardStyle,
}

impl Game {
    /// The board row by row from the top, each row its squares from the left
    /// (every square of the board's width, the octagon's missing ones with
    /// `cell: None`), with the marks a front end draws: legal moves, the last move
    /// and the discs it flipped. Drawing a board is a loop over this.
    ///
    /// ```
    /// use reversi::{Cell, Game, Rules};
    /// let mut game = Game::new(Rules::default());
    /// game.play("f5".parse::<reversi::Square>()?)?;
    /// let mut text = String::new();
    /// for row in game.grid() {
    ///     for square in row {
    ///         text.push(match square.cell {
    ///             _ if square.last_move => '@',
    ///             _ if square.legal => '+',
    ///             Some(cell) => cell.letter(),
    ///             None => ' ',
    ///         });
    ///     }
    ///     text.push('\n');
    /// }
    /// assert_eq!(text.lines().nth(4), Some("---BB@--"));
    /// assert_eq!(game.grid().flatten().filter(|s| s.flipped).count(), 1);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn grid(&self) -> impl Iterator<Item = impl Iterator<Item = GridCell> + '_> + '_ {
        let width = self.board().width();
        let legal = self.legal_moves();
        let (placed, flipped) = match self.last_move() {
            Some(ply) => (
                match ply.mv {
                    Move::Place(sq) => Some(sq),
                    Move::Pass => None,
                },
                ply.flips,
            ),
            None => (None, SquareSet::EMPTY),
        };
        (0..width).map(move |row| {
            (0..width).map(move |column| {
                let square = Square::new(column, row);
                GridCell {
                    square,
                    cell: self.cell(square),
                    legal: legal.contains(square),
                    last_move: placed == Some(square),
                    flipped: flipped.contains(square),
                }
            })
        })
    }

    /// The game drawn with `style`: legal-move and last-move marks, other
    /// characters, with or without coordinates and the status line.
    pub fn display(&self, style: BoardStyle) -> GameDisplay<'_> {
        GameDisplay { game: self, style }
    }
}

impl fmt::Display for GameDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (game, style) = (self.game, &self.style);
        if style.coordinates {
            f.write_str("   ")?;
            for column in 0..game.board().width() {
                write!(f, " {}", (b'a' + column) as char)?;
            }
            writeln!(f)?;
        }
        for (row, squares) in game.grid().enumerate() {
            if style.coordinates {
                write!(f, "{:>3}", row + 1)?;
            }
            for (column, square) in squares.enumerate() {
                let letter = match square.cell {
                    None => style.off_board,
                    Some(Cell::Empty) => match style.legal {
                        Some(mark) if square.legal => mark,
                        _ => style.empty,
                    },
                    Some(Cell::Blocked) => style.blocked,
                    Some(Cell::Neutral) => style.neutral,
                    Some(Cell::Disc(c)) => style.discs[c.index()],
                };
                let before = match style.last_move {
                    Some(mark) if square.last_move => Some(mark),
                    _ if column == 0 && !style.coordinates => None,
                    _ => Some(' '),
                };
                if let Some(c) = before {
                    write!(f, "{c}")?;
                }
                write!(f, "{letter}")?;
            }
            writeln!(f)?;
        }
        if style.status {
            match game.outcome() {
                Some(Outcome::Draw) => write!(f, "Game over: draw")?,
                Some(Outcome::Win(c)) => write!(f, "Game over: {} wins", c.display_name())?,
                None if game.must_pass() => {
                    write!(f, "{} to move (must pass)", game.to_move().display_name())?
                }
                None => write!(f, "{} to move", game.to_move().display_name())?,
            }
            writeln!(f, ", {}", game.scores())?;
        }
        Ok(())
    }
}

impl fmt::Display for Game {
    /// The board as a grid with column letters and row numbers (`-` empty, `#`
    /// blocked, `B W R G` discs, `N` neutral, blank where the octagon has no square),
    /// then whose turn it is or the outcome, and the scores:
    /// [`Game::display`] with the default [`BoardStyle`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.display(BoardStyle::default()), f)
    }
}

impl crate::hash::HashKey for Game {
    /// The key of the current position (the history does not count).
    fn hash_key(&self) -> u64 {
        self.position().hash_key()
    }
}
