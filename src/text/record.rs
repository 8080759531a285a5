//! The game record of [RULES.md §10](crate::rules_doc): PGN-style tag pairs, then the move list.
//!
//! ```
//! use reversi::text::record::Record;
//! let text = "[Event \"club night\"]\n[Board \"octagon\"]\n[Players \"3\"]\n[Anti \"yes\"]\n\
//!             [Blocked \"c1 j4\"]\n\ng7 d7 e7 e8 d5 c8 f4 g3 g4\n";
//! let record: Record = text.parse()?;
//! assert_eq!(record.game().move_count(), 9);
//! assert_eq!(record.tag("Event"), Some("club night"));
//! let again: Record = record.to_string().parse()?;
//! assert_eq!(again, record);
//! # Ok::<_, reversi::text::record::RecordError>(())
//! ```
//!
//! ## Move times and comments
//!
//! A move may be followed by one annotation in braces, which the [`Game`] keeps on
//! the move's [`Ply`] (its [`time`](crate::Ply::time) and
//! [`comment`](crate::Ply::comment)):
//!
//! ```text
//! f5 {[%emt 0:00:01.2] the usual} d6 {[%emt 0:00:03]} c3 {a \{rare\} move? [sic]}
//! ```
//!
//! - `[%emt H:MM:SS]`, first in the braces, is the time the move took (PGN's
//!   elapsed-move-time convention); the seconds may have a fraction of up to nine
//!   digits, and the writer leaves out its trailing zeros. Minutes and seconds have
//!   two digits each.
//! - `[%eval -2.39]`, after the time if there is one, is an engine's evaluation
//!   of the move in discs ([`Evaluation`], at most three decimals; PGN's
//!   evaluation convention), kept on the [`Ply`] as
//!   [`evaluation`](crate::Ply::evaluation).
//! - The rest is the comment, any text, line breaks included; white space around it
//!   is dropped, and an empty comment is no comment. A `\` makes the next
//!   character plain: the writer puts one before `{`, `}` and `\`, and before a `[`
//!   that starts the comment (so that a comment is never read as a time).
//! - An annotation belongs to the move written before it (not to a pass the reader
//!   supplied); one annotation at most per move, none before the first move.
//!
//! The result is typed ([`GameResult`], with its [`Ending`](crate::text::result::Ending)) and checked like every other
//! tag, by the reader and by [`Record::set_result`] alike.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::fmt::Write as _;
use core::str::FromStr;

use crate::board::Board;
use crate::color::Color;
use crate::game::Game;
use crate::game::{Evaluation, Ply};
use crate::rules::{Opening, Rules, RulesError};
use crate::setup::Setup;
use crate::square::Square;
use crate::text::clock::{TimeControl, TimeControlError};
use crate::text::movelist::MoveErrorKind;
use crate::text::position::PositionError;
use crate::text::result::{GameResult, ResultError};
use crate::Outcome;
use core::time::Duration;

/// The tags that describe the variant and the result; every other tag is kept as
/// it is.
pub const VARIANT_TAGS: [&str; 8] = [
    "Board", "Players", "Anti", "Opening", "Handicap", "Blocked", "Position", "Result",
];

/// A game with its tags: what a record file holds.
///
/// A result stated for a game that stopped early (resignation, time, agreement)
/// belongs to the end of the line it was stated for: once the line changes (a
/// different move played where moves could be redone, a move played past its end,
/// the redo list cleared), [`result`](Record::result) no longer gives it, and no
/// save writes it. Going back and forth along the line keeps it **(choice: the
/// result belongs to the line, not to the edits: a line that is made again move for
/// move has its result again)**.
///
/// ```
/// use reversi::text::ggf;
/// let mut record = ggf::parse("(;GM[Othello]TY[8]B[f5]W[d6]RE[-64.000:r];)")?;
/// record.game_mut().go_to(1)?;
/// assert!(record.result().is_some(), "the line still ends where White won");
/// record.game_mut().play("f4".parse::<reversi::Square>()?)?;
/// assert_eq!(record.result(), None, "another game now");
/// assert!(!ggf::write(&record)?.contains("RE["));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Eq, Debug)]
pub struct Record {
    game: Game,
    tags: Vec<(String, String)>,
    /// The result given for a game that is not over on the board, with the line it
    /// was given for.
    stated: Option<Stated>,
}

/// A result given for a game that stopped early, and the line it ends.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Stated {
    result: GameResult,
    /// Black's disc difference as GGF's `RE` stated it (`RE[+4.000:r]`), when the
    /// result has no scores.
    margin: Option<i64>,
    start: crate::position::AnyPosition,
    line: Vec<crate::moves::Move>,
}

impl Stated {
    fn new(result: GameResult, game: &Game) -> Stated {
        Stated {
            result,
            margin: None,
            start: *game.start_position(),
            line: game.line().iter().map(Ply::mv).collect(),
        }
    }

    /// The result, if `game`'s line is still the one it was given for.
    fn for_line(&self, game: &Game) -> Option<GameResult> {
        let same = *game.start_position() == self.start
            && game
                .line()
                .iter()
                .map(Ply::mv)
                .eq(self.line.iter().copied());
        same.then_some(self.result)
    }
}

impl PartialEq for Record {
    /// The same game, tags and result: everything a save writes (a result stated
    /// for a line that has since changed is not part of the record any more).
    fn eq(&self, other: &Record) -> bool {
        self.game == other.game
            && self.tags == other.tags
            && self.result() == other.result()
            && self.stated_margin() == other.stated_margin()
    }
}

/// What is wrong with a record.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RecordErrorKind {
    /// A line that starts with `[` but is not `[Name "value"]`.
    #[error("expected a tag pair [Name \"value\"]")]
    TagSyntax,
    /// A tag given twice.
    #[error("tag {0} is given twice")]
    DuplicateTag(String),
    /// A variant tag with a value it cannot have.
    #[error("tag {tag}: {value:?} is not {expected}")]
    TagValue {
        /// The tag.
        tag: &'static str,
        /// The value given.
        value: String,
        /// What it may be.
        expected: &'static str,
    },
    /// The variant tags make no game that the rules allow.
    #[error("tag {tag}: {error}")]
    Rules {
        /// The tag at fault.
        tag: &'static str,
        /// Why.
        error: RulesError,
    },
    /// The `Position` tag cannot be read, or makes no position the rules allow.
    #[error("tag Position: {0}")]
    Position(PositionError),
    /// The `Position` tag's board, blocked squares or opening differ from what the
    /// other tags say.
    #[error("tag Position: its {what} {position:?}, but the other tags say {given:?}")]
    PositionContradicts {
        /// What differs: `board`, `blocked squares` or `opening`.
        what: &'static str,
        /// What the position has (a board name, squares, `standard` or `free`).
        position: String,
        /// What the other tags say.
        given: String,
    },
    /// A move that cannot be read or played (the error's line and column say where).
    #[error("move {number}: {kind}")]
    Move {
        /// The number of the move in the move text, from 1 (implied passes not
        /// counted).
        number: usize,
        /// Why.
        kind: MoveErrorKind,
    },
    /// The `Result` tag cannot be read, or does not fit the game (a colour not in
    /// play, scores for other players, a draw by resignation…).
    #[error("tag Result: {0}")]
    Result(ResultError),
    /// A player's name tag (`Red`, `Green`) for a colour not in play.
    #[error("tag {0}: no such player in a {1}-player game")]
    PlayerNotInPlay(&'static str, u8),
    /// A move annotation (`{...}` after a move) that cannot be read.
    #[error("{0}")]
    Annotation(AnnotationError),
    /// A tag pair after the move text: a second game, which a single-game reader
    /// refuses (read several games with [`games`](crate::text::games)).
    #[error("a second game starts here; use a reader of many games")]
    SecondGame,
    /// The `Result` tag says otherwise than the finished replay.
    #[error("tag Result: {given:?}, but the replay ends {replay:?}")]
    ResultContradicts {
        /// The `Result` given.
        given: String,
        /// The result of the replay.
        replay: String,
    },
}

/// A record that cannot be read: where (line and character column, from 1) and why.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct RecordError {
    /// The line, from 1.
    pub line: usize,
    /// The character column, from 1.
    pub column: usize,
    /// Why.
    pub kind: RecordErrorKind,
}

/// A move annotation that cannot be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum AnnotationError {
    /// A `{` without its `}`.
    #[error("a {{ annotation without its }}")]
    Unclosed,
    /// An annotation before the first move.
    #[error("an annotation before the first move")]
    BeforeFirstMove,
    /// A second annotation after the same move.
    #[error("move {0} has a second annotation")]
    Twice(usize),
    /// A `[%emt ...]` time that is not `H:MM:SS` with an optional fraction of up
    /// to nine digits.
    #[error("{0:?} is not a time H:MM:SS[.fraction]")]
    Time(String),
    /// A `[%eval ...]` evaluation that is not a number of discs with at most three
    /// decimals ([`Evaluation`]).
    #[error("{0:?} is not an evaluation in discs (at most three decimals)")]
    Evaluation(String),
}

/// Why a tag cannot be set with [`Record::set_tag`].
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TagError {
    /// A variant tag or `Result` ([`VARIANT_TAGS`]): these follow the game.
    #[error("tag {0} follows the game and cannot be set")]
    VariantTag(String),
    /// A name that is not ASCII letters, digits and `_`.
    #[error("{0:?} is not a tag name: expected ASCII letters, digits and _")]
    Name(String),
    /// A player's name for a colour not in play.
    #[error("{color} does not play in a {players}-player game")]
    ColorNotInPlay {
        /// The colour.
        color: Color,
        /// The number of players.
        players: u8,
    },
    /// A value with a line break (`\n` or `\r`): a tag pair is one line.
    #[error("tag {name}: the value holds a line break, which a tag pair cannot hold")]
    LineBreak {
        /// The tag.
        name: String,
    },
}

/// Whether `name` can be a tag name: ASCII letters, digits and `_`.
fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Reads `[Name "value"]`, with `\"` and `\\` escapes in the value.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(|c: char| c.is_whitespace())?;
    if !is_tag_name(name) {
        return None;
    }
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            '"' => return None,
            c => value.push(c),
        }
    }
    Some((name.to_string(), value))
}

fn write_tag(f: &mut fmt::Formatter<'_>, name: &str, value: &str) -> fmt::Result {
    f.write_str("[")?;
    f.write_str(name)?;
    f.write_str(" \"")?;
    for c in value.chars() {
        if c == '"' || c == '\\' {
            f.write_str("\\")?;
        }
        write!(f, "{c}")?;
    }
    f.write_str("\"]\n")
}

/// The tag that a rules error is about.
fn tag_of(error: &RulesError) -> &'static str {
    match error {
        RulesError::Players(_) => "Players",
        RulesError::BoardTooSmall { .. } => "Board",
        RulesError::FreeOpeningPlayers { .. } => "Opening",
        RulesError::HandicapPlayers { .. }
        | RulesError::HandicapColor(_)
        | RulesError::HandicapNoCorners
        | RulesError::NotACorner { .. }
        | RulesError::HandicapRepeated(_) => "Handicap",
        // Every variant named, so that a new one is given its tag here.
        RulesError::TooManyBlocked(_)
        | RulesError::BlockedOffBoard { .. }
        | RulesError::BlockedInCentre(_)
        | RulesError::BlockedOnHandicap(_)
        | RulesError::BlockedRepeated(_)
        | RulesError::BlockedTwice => "Blocked",
    }
}

impl Record {
    /// A record of `game` with no other tags.
    pub fn new(game: Game) -> Record {
        Record {
            game,
            tags: Vec::new(),
            stated: None,
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, to play on (the `Result` written follows the game when it ends; a
    /// stated result is dropped when the line changes, see [`Record`]).
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// The game, without the tags.
    pub fn into_game(self) -> Game {
        self.game
    }

    /// The other tags (names, dates, events…), in order.
    pub fn tags(&self) -> impl Iterator<Item = (&str, &str)> {
        self.tags.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// The value of another tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags().find(|&(n, _)| n == name).map(|(_, v)| v)
    }

    /// Sets another tag (added at the end if new). Refused, with the record
    /// unchanged: the variant tags and `Result`, which follow the game; a name that
    /// is not ASCII letters, digits and `_`; a value with a line break, which the
    /// one-line tag pair cannot hold (any other text is written with `"` and `\`
    /// escaped, and reads back the same).
    ///
    /// ```
    /// use reversi::text::record::{Record, TagError};
    /// use reversi::{Game, Rules};
    /// let mut record = Record::new(Game::new(Rules::default()));
    /// record.set_tag("Annotator", "A. \"Kibitzer\" Smith")?;
    /// assert!(matches!(record.set_tag("Annotator", "two\nlines"), Err(TagError::LineBreak { .. })));
    /// assert!(matches!(record.set_tag("Board", "6x6"), Err(TagError::VariantTag(_))));
    /// let back: Record = record.to_string().parse()?;
    /// assert_eq!(back.tag("Annotator"), Some("A. \"Kibitzer\" Smith"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), TagError> {
        if VARIANT_TAGS.contains(&name) {
            return Err(TagError::VariantTag(name.to_string()));
        }
        if !is_tag_name(name) {
            return Err(TagError::Name(name.to_string()));
        }
        if value.contains(['\n', '\r']) {
            return Err(TagError::LineBreak {
                name: name.to_string(),
            });
        }
        if let Some(color) = Color::ALL.into_iter().find(|c| c.display_name() == name) {
            let players = self.game.rules().players();
            if color.index() >= players as usize {
                return Err(TagError::ColorNotInPlay { color, players });
            }
        }
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
        Ok(())
    }

    /// Every tag as the record writes it, in that order: the other tags, then the
    /// variant tags that differ from their defaults (`Board` and `Players`
    /// always), then `Result` (`*` for a game in progress).
    pub fn written_tags(&self) -> Vec<(&str, String)> {
        let rules = self.game.rules();
        let mut tags: Vec<(&str, String)> = self
            .tags()
            .map(|(name, value)| (name, value.to_string()))
            .collect();
        tags.push(("Board", rules.board().name().to_string()));
        tags.push(("Players", rules.players().to_string()));
        if rules.anti() {
            tags.push(("Anti", "yes".to_string()));
        }
        if rules.opening() == Opening::Free {
            tags.push(("Opening", "free".to_string()));
        }
        if let Some(h) = rules.handicap() {
            let corners = h.corners.squares(rules.board());
            tags.push(("Handicap", alloc::format!("{} {corners}", h.color)));
        }
        if !rules.blocked().is_empty() {
            tags.push(("Blocked", rules.blocked().to_string()));
        }
        if *self.game.start_position() != crate::position::AnyPosition::start(rules) {
            tags.push(("Position", self.game.start_position().to_string()));
        }
        let result = self
            .result()
            .map_or_else(|| "*".to_string(), |r| r.to_string());
        tags.push(("Result", result));
        tags
    }

    /// A copy of the record whose line ends at the current position (the redo list
    /// left out): to save only up to where the game stands, since a save writes
    /// the whole line. The tags are kept; a stated result (resignation, time,
    /// agreement) belongs to the end of the line: it is kept when the game stands
    /// there (the copy is the whole game), dropped otherwise.
    ///
    /// ```
    /// use reversi::text::record::Record;
    /// let mut record: Record = "f5 d6 c3 d3 c4".parse()?;
    /// record.game_mut().go_to(2)?;
    /// assert_eq!(record.to_string().parse::<Record>()?.game().move_count(), 5);
    /// assert_eq!(record.up_to_current().to_string().parse::<Record>()?.game().move_count(), 2);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn up_to_current(&self) -> Record {
        let mut game = self.game.clone();
        game.clear_redo();
        let stated = self
            .stated
            .clone()
            .filter(|stated| stated.for_line(&game).is_some());
        Record {
            game,
            tags: self.tags.clone(),
            stated,
        }
    }

    /// The result of the whole line (wherever the game stands on it): for a line
    /// that ends over on the board, its outcome and scores
    /// ([`Ending::Board`](crate::text::result::Ending::Board)); otherwise the result that was given, if any (a game
    /// that stopped early: resignation, time, agreement).
    pub fn result(&self) -> Option<GameResult> {
        GameResult::of_board(&self.game).or_else(|| self.stated.as_ref()?.for_line(&self.game))
    }

    /// Black's disc difference as a GGF `RE` stated it for a game that stopped
    /// early without scores (`RE[+4.000:r]` is 4): GGF writes it back as it was.
    /// `None` for the margin GGF writes when none is known (`RE[-64.000:r]`, ±64,
    /// or 0 for a draw), for any other result, and once the stated result is
    /// dropped or replaced. The record format has no place for it **(loss, documented: a
    /// record writes the winner and the ending alone)**.
    ///
    /// ```
    /// use reversi::text::ggf;
    /// let record = ggf::parse("(;GM[Othello]TY[8]B[f5]RE[+4.000:r];)")?;
    /// assert_eq!(record.stated_margin(), Some(4));
    /// assert!(ggf::write(&record)?.contains("RE[+4.000:r]"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn stated_margin(&self) -> Option<i64> {
        let stated = self.stated.as_ref()?;
        stated.for_line(&self.game)?;
        stated.margin
    }

    /// Keeps a margin for the stated result (see [`Record::stated_margin`]), as
    /// a GGF `RE` states it: Black's disc difference, positive when Black won,
    /// negative when White won, 0 for a draw. Refused, with the record
    /// unchanged, when no result is stated for the game's line, when the result
    /// has scores (which say the margin), or when the sign does not make the
    /// result's outcome ([`ResultError::Margin`]).
    pub fn set_stated_margin(&mut self, margin: i64) -> Result<(), ResultError> {
        let refuse = |reason| Err(ResultError::Margin { margin, reason });
        let Some(stated) = self.stated.as_mut() else {
            return refuse("no result is stated");
        };
        if stated.for_line(&self.game).is_none() {
            return refuse("no result is stated for the game's line");
        }
        if stated.result.scores.is_some() {
            return refuse("the result has scores, which say the margin");
        }
        let fits = match stated.result.outcome {
            Outcome::Win(Color::Black) => margin > 0,
            Outcome::Win(Color::White) => margin < 0,
            Outcome::Draw => margin == 0,
            Outcome::Win(_) => false,
        };
        if !fits {
            return refuse("its sign does not make the stated winner");
        }
        stated.margin = Some(margin);
        Ok(())
    }

    /// Sets the result from the text of a `Result` tag (`white by resignation`,
    /// `draw by agreement`, `black 40-24`, or `*` to clear it), checked as the
    /// reader checks it: see [`Record::set_game_result`]. Refused with the record
    /// unchanged.
    ///
    /// ```
    /// use reversi::text::record::Record;
    /// use reversi::text::result::ResultError;
    /// use reversi::{Color, Game, Rules};
    /// let mut record = Record::new(Game::new(Rules::default()));
    /// record.set_result("white by resignation")?;
    /// assert!(matches!(record.set_result("red"), Err(ResultError::ColorNotInPlay { color: Color::Red, .. })));
    /// assert!(matches!(record.set_result("foo"), Err(ResultError::Syntax(_))));
    /// assert!(matches!(record.set_result(""), Err(ResultError::Syntax(_))));
    /// assert_eq!(record.result().unwrap().to_string(), "white by resignation");
    /// # Ok::<_, ResultError>(())
    /// ```
    pub fn set_result(&mut self, result: &str) -> Result<(), ResultError> {
        self.set_game_result(GameResult::parse_tag(result)?)
    }

    /// Sets the result, or clears it with `None`. Refused, with the record
    /// unchanged, as [`GameResult::check`] says: a winner not in play, scores for
    /// other players or that make another outcome, a draw by resignation or on
    /// time, a result other than the board's for a game over on the board, and
    /// [`Ending::Board`](crate::text::result::Ending::Board) for a game that is not over. For a game over on the board
    /// the board's result is kept (it follows the game).
    pub fn set_game_result(&mut self, result: Option<GameResult>) -> Result<(), ResultError> {
        if let Some(result) = &result {
            result.check(&self.game)?;
        }
        self.stated = result
            .filter(|_| !self.game.line_end().is_over())
            .map(|result| Stated::new(result, &self.game));
        Ok(())
    }

    /// The name of the player of `color` (the tag `Black`, `White`, `Red` or
    /// `Green`; GGF's `PB` and `PW`).
    pub fn player(&self, color: Color) -> Option<&str> {
        self.tag(color.display_name())
    }

    /// Sets the name of the player of `color`: refused for a colour not in play
    /// and for a name with a line break, as [`Record::set_tag`] says.
    pub fn set_player(&mut self, color: Color, name: &str) -> Result<(), TagError> {
        self.set_tag(color.display_name(), name)
    }

    /// The event (the tag `Event`; GGF's `EV`).
    pub fn event(&self) -> Option<&str> {
        self.tag("Event")
    }

    /// Sets the event.
    pub fn set_event(&mut self, event: &str) -> Result<(), TagError> {
        self.set_tag("Event", event)
    }

    /// The date (the tag `Date`; GGF's `DT`), as it was written.
    pub fn date(&self) -> Option<&str> {
        self.tag("Date")
    }

    /// Sets the date; any one-line text (`2026.11.30` as in PGN is a good choice).
    pub fn set_date(&mut self, date: &str) -> Result<(), TagError> {
        self.set_tag("Date", date)
    }

    /// The rating of the player of `color` (the tag `BlackRating`, `WhiteRating`,
    /// …; GGF's `RB` and `RW`) as a number: `None` without the tag, an error
    /// when it is not a number.
    ///
    /// ```
    /// use reversi::text::ggf;
    /// use reversi::Color;
    /// let record = ggf::parse("(;GM[Othello]RB[2196.37]RW[x]TI[05:00//02:00]TY[8];)")?;
    /// assert_eq!(record.rating(Color::Black), Some(Ok(2196.37)));
    /// assert!(matches!(record.rating(Color::White), Some(Err(_))));
    /// let clock = record.time_control().unwrap()?;
    /// assert_eq!(clock.main.as_secs(), 300);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn rating(&self, color: Color) -> Option<Result<f64, core::num::ParseFloatError>> {
        let name = alloc::format!("{}Rating", color.display_name());
        self.tag(&name).map(|v| v.trim().parse())
    }

    /// The time control (the tag `TimeControl`; GGF's `TI`), typed: `None`
    /// without the tag, an error when it is not a time control.
    pub fn time_control(&self) -> Option<Result<TimeControl, TimeControlError>> {
        self.tag("TimeControl").map(str::parse)
    }

    /// Sets the time control (the tag `TimeControl`, written as GGS writes a
    /// clock).
    pub fn set_time_control(&mut self, clock: TimeControl) {
        // A clock's text is one line of a tag name the record holds.
        let _ = self.set_tag("TimeControl", &clock.to_string());
    }

    /// Reads a record. A leading UTF-8 byte-order mark is skipped.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // One game: a second one after it is refused, where the readers of many
        // games would start it.
        let end = crate::text::games::record_end(text);
        if !text[end..].trim().is_empty() {
            return Err(RecordError {
                line: text[..end].matches('\n').count() + 1,
                column: 1,
                kind: RecordErrorKind::SecondGame,
            });
        }
        let mut tags: Vec<(String, String, usize)> = Vec::new();
        let mut offset = 0;
        let mut moves_at = text.len();
        for (number, line) in text.split_inclusive('\n').enumerate() {
            let trimmed = line.trim();
            if trimmed.starts_with('[') {
                let (name, value) = parse_tag(trimmed).ok_or(RecordError {
                    line: number + 1,
                    column: line.find('[').unwrap_or(0) + 1,
                    kind: RecordErrorKind::TagSyntax,
                })?;
                if tags.iter().any(|(n, _, _)| *n == name) {
                    return Err(RecordError {
                        line: number + 1,
                        column: 1,
                        kind: RecordErrorKind::DuplicateTag(name.clone()),
                    });
                }
                tags.push((name, value, number + 1));
            } else if !trimmed.is_empty() {
                moves_at = offset;
                break;
            }
            offset += line.len();
        }
        let at = |tag: &str| {
            tags.iter()
                .find(|(n, _, _)| n == tag)
                .map(|(_, v, line)| (v.as_str(), *line))
        };
        let tag_error = |tag: &'static str, kind: RecordErrorKind| RecordError {
            line: at(tag).map_or(1, |(_, l)| l),
            column: 1,
            kind,
        };
        let bad_value = |tag: &'static str, expected: &'static str| {
            let value = at(tag).map_or("", |(v, _)| v).to_string();
            tag_error(
                tag,
                RecordErrorKind::TagValue {
                    tag,
                    value,
                    expected,
                },
            )
        };

        let board = match at("Board") {
            None => Board::Size8,
            Some((v, _)) => v
                .parse()
                .map_err(|_| bad_value("Board", "6x6, 8x8, 10x10 or octagon"))?,
        };
        let players = match at("Players") {
            None => 2,
            Some((v, _)) => v.parse().map_err(|_| bad_value("Players", "2, 3 or 4"))?,
        };
        let anti = match at("Anti") {
            None | Some(("no", _)) => false,
            Some(("yes", _)) => true,
            Some(_) => return Err(bad_value("Anti", "yes or no")),
        };
        let opening = match at("Opening") {
            None | Some(("standard", _)) => Opening::Standard,
            Some(("free", _)) => Opening::Free,
            Some(_) => return Err(bad_value("Opening", "standard or free")),
        };
        let squares = |tag: &'static str, list: &str| {
            list.split_whitespace()
                .map(|s| s.parse::<Square>())
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| bad_value(tag, "a list of squares"))
        };
        let mut builder = Rules::builder(board)
            .players(players)
            .anti(anti)
            .opening(opening);
        if let Some((v, _)) = at("Handicap") {
            let (color, corners) = v.split_once(' ').unwrap_or((v, ""));
            let color = Color::from_name(color)
                .ok_or_else(|| bad_value("Handicap", "a colour followed by corner squares"))?;
            builder = builder.handicap_squares(color, squares("Handicap", corners)?);
        }
        if let Some((v, _)) = at("Blocked") {
            builder = builder.blocked(squares("Blocked", v)?);
        }
        let rules = builder.build().map_err(|error| {
            let tag = tag_of(&error);
            tag_error(tag, RecordErrorKind::Rules { tag, error })
        })?;
        let mut game = match at("Position") {
            None => Game::new(rules),
            Some((v, _)) => {
                let position_error =
                    |e: PositionError| tag_error("Position", RecordErrorKind::Position(e));
                let contradicts = |what: &'static str, position: String, given: String| {
                    tag_error(
                        "Position",
                        RecordErrorKind::PositionContradicts {
                            what,
                            position,
                            given,
                        },
                    )
                };
                let setup = Setup::from_position_str(v, players, anti).map_err(position_error)?;
                if setup.board != board {
                    return Err(contradicts(
                        "board",
                        setup.board.to_string(),
                        board.to_string(),
                    ));
                }
                let start =
                    Game::from_setup(setup).map_err(|e| position_error(PositionError::Setup(e)))?;
                let implied = start.rules();
                if implied.blocked() != rules.blocked() {
                    return Err(contradicts(
                        "blocked squares",
                        implied.blocked().to_string(),
                        rules.blocked().to_string(),
                    ));
                }
                if implied.opening() != rules.opening() {
                    let name = |o: Opening| match o {
                        Opening::Standard => "standard".to_string(),
                        Opening::Free => "free".to_string(),
                    };
                    return Err(contradicts(
                        "opening",
                        name(implied.opening()),
                        name(rules.opening()),
                    ));
                }
                // The tags' rules, which may name a handicap, with the position read.
                Game::from_position(rules, *start.position())
            }
        };

        let move_text = &text[moves_at..];
        // Where a character offset of the move text stands in the record.
        let locate = |chars: usize| {
            let before: String = move_text.chars().take(chars).collect();
            let line = text[..moves_at].matches('\n').count() + before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            (line, column)
        };
        let (stripped, annotations) = strip_annotations(move_text).map_err(|(at, e)| {
            let (line, column) = locate(at);
            RecordError {
                line,
                column,
                kind: RecordErrorKind::Annotation(e),
            }
        })?;
        play_annotated(&mut game, &stripped, annotations).map_err(|(at, kind)| {
            let (line, column) = locate(at);
            RecordError { line, column, kind }
        })?;

        let result_error = |e: ResultError| match e {
            ResultError::Contradicts { given, board } => tag_error(
                "Result",
                RecordErrorKind::ResultContradicts {
                    given,
                    replay: board,
                },
            ),
            e => tag_error("Result", RecordErrorKind::Result(e)),
        };
        let stated = match at("Result") {
            None => None,
            Some((v, _)) => {
                let given = GameResult::parse_tag(v).map_err(result_error)?;
                match (given, GameResult::of_board(&game)) {
                    (None, Some(board)) => {
                        return Err(tag_error(
                            "Result",
                            RecordErrorKind::ResultContradicts {
                                given: "*".to_string(),
                                replay: board.to_string(),
                            },
                        ))
                    }
                    (Some(given), _) => {
                        given.check(&game).map_err(result_error)?;
                        Some(given)
                            .filter(|_| !game.line_end().is_over())
                            .map(|given| Stated::new(given, &game))
                    }
                    (None, None) => None,
                }
            }
        };
        for color in Color::ALL.into_iter().skip(players as usize) {
            if at(color.display_name()).is_some() {
                return Err(tag_error(
                    color.display_name(),
                    RecordErrorKind::PlayerNotInPlay(color.display_name(), players),
                ));
            }
        }
        let tags = tags
            .into_iter()
            .filter(|(n, _, _)| !VARIANT_TAGS.contains(&n.as_str()))
            .map(|(n, v, _)| (n, v))
            .collect();
        Ok(Record { game, tags, stated })
    }
}

/// The move text with every annotation blanked out (line breaks kept, so that
/// columns and lines stay where they were), and each annotation: the character
/// offset of its `{`, the time and the comment. Or the offset of a broken one.
fn strip_annotations(text: &str) -> Result<(String, Vec<Annotation>), (usize, AnnotationError)> {
    let mut stripped = String::with_capacity(text.len());
    let mut annotations = Vec::new();
    let mut chars = text.chars().enumerate();
    while let Some((at, c)) = chars.next() {
        if c == '}' {
            return Err((at, AnnotationError::Unclosed));
        }
        if c != '{' {
            stripped.push(c);
            continue;
        }
        stripped.push(' ');
        // The content, unescaped, and whether its first character was escaped.
        let mut content = String::new();
        let mut first_escaped = false;
        let mut closed = false;
        while let Some((_, c)) = chars.next() {
            stripped.push(if c == '\n' { '\n' } else { ' ' });
            match c {
                '}' => {
                    closed = true;
                    break;
                }
                '\\' => {
                    let Some((_, escaped)) = chars.next() else {
                        break;
                    };
                    stripped.push(if escaped == '\n' { '\n' } else { ' ' });
                    if content.trim().is_empty() {
                        first_escaped = true;
                    }
                    content.push(escaped);
                }
                c => content.push(c),
            }
        }
        if !closed {
            return Err((at, AnnotationError::Unclosed));
        }
        let mut rest = content.trim_start();
        let mut time = None;
        let mut evaluation = None;
        // The commands `[%emt …]` and `[%eval …]`, each once, before the comment.
        while !first_escaped && (time.is_none() || evaluation.is_none()) {
            if time.is_none()
                && let Some(after) = rest.strip_prefix("[%emt ")
            {
                let (clock, tail) = after
                    .split_once(']')
                    .ok_or_else(|| (at, AnnotationError::Time(after.to_string())))?;
                time = Some(
                    parse_emt(clock.trim())
                        .ok_or_else(|| (at, AnnotationError::Time(clock.to_string())))?,
                );
                rest = tail.trim_start();
                continue;
            }
            if evaluation.is_none()
                && let Some(after) = rest.strip_prefix("[%eval ")
            {
                let (value, tail) = after
                    .split_once(']')
                    .ok_or_else(|| (at, AnnotationError::Evaluation(after.to_string())))?;
                evaluation = Some(
                    value
                        .trim()
                        .parse()
                        .map_err(|_| (at, AnnotationError::Evaluation(value.to_string())))?,
                );
                rest = tail.trim_start();
                continue;
            }
            break;
        }
        let comment = Some(rest.trim())
            .filter(|c| !c.is_empty())
            .map(String::from);
        annotations.push(Annotation {
            at,
            time,
            evaluation,
            comment,
        });
    }
    Ok((stripped, annotations))
}

/// One move annotation as read: the character offset of its `{`, and what it holds.
struct Annotation {
    at: usize,
    time: Option<Duration>,
    evaluation: Option<Evaluation>,
    comment: Option<String>,
}

/// Plays the moves of `stripped` (a move text without its annotations) on
/// `game`, each annotation going to the move before it (to the move written,
/// not to a pass the reader supplied before it). Or where and why it failed.
fn play_annotated(
    game: &mut Game,
    stripped: &str,
    annotations: Vec<Annotation>,
) -> Result<(), (usize, RecordErrorKind)> {
    let moves = crate::text::movelist::parse_moves(stripped).map_err(|e| {
        (
            e.column - 1,
            RecordErrorKind::Move {
                number: e.number,
                kind: e.kind,
            },
        )
    })?;
    let plies = game
        .plies_of(moves.iter().map(|&(mv, _)| mv))
        .map_err(|(i, e)| {
            (
                moves[i].1 - 1,
                RecordErrorKind::Move {
                    number: i + 1,
                    kind: crate::text::movelist::MoveErrorKind::Illegal(e),
                },
            )
        })?;
    let mut plies = plies;
    // The index in `plies` of each written move: the last ply it made.
    let mut ends = Vec::with_capacity(moves.len());
    let mut written = moves.iter().map(|&(mv, _)| mv).peekable();
    for (i, ply) in plies.iter().enumerate() {
        if written.peek() == Some(&ply.mv()) {
            written.next();
            ends.push(i);
        }
    }
    let mut annotated = Vec::new();
    for Annotation {
        at,
        time,
        evaluation,
        comment,
    } in annotations
    {
        // The last move that starts before the annotation.
        let number = moves
            .iter()
            .take_while(|&&(_, column)| column - 1 < at)
            .count();
        if number == 0 {
            return Err((
                at,
                RecordErrorKind::Annotation(AnnotationError::BeforeFirstMove),
            ));
        }
        if annotated.contains(&number) {
            return Err((
                at,
                RecordErrorKind::Annotation(AnnotationError::Twice(number)),
            ));
        }
        annotated.push(number);
        let ply = &mut plies[ends[number - 1]];
        ply.set_time(time);
        ply.set_evaluation(evaluation);
        ply.set_comment(comment.as_deref());
    }
    game.extend(plies);
    Ok(())
}

/// Reads `H:MM:SS` with an optional fraction of up to nine digits.
fn parse_emt(text: &str) -> Option<Duration> {
    let (hours, rest) = text.split_once(':')?;
    let (minutes, seconds) = rest.split_once(':')?;
    let (whole, fraction) = seconds.split_once('.').unwrap_or((seconds, ""));
    let number = |s: &str| -> Option<u64> {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    let (hours, minutes, whole) = (number(hours)?, number(minutes)?, number(whole)?);
    if minutes > 59 || whole > 59 || fraction.len() > 9 || minutes_width(rest) {
        return None;
    }
    let nanos = if fraction.is_empty() {
        0
    } else {
        number(fraction)? * 10u64.pow(9 - fraction.len() as u32)
    };
    let secs = hours.checked_mul(3600)?.checked_add(minutes * 60 + whole)?;
    Some(Duration::new(secs, nanos as u32))
}

/// Whether the minutes and seconds are not two digits each.
fn minutes_width(minutes_and_seconds: &str) -> bool {
    let (minutes, seconds) = minutes_and_seconds.split_once(':').unwrap_or(("", ""));
    let whole = seconds.split('.').next().unwrap_or("");
    minutes.len() != 2 || whole.len() != 2
}

/// Writes a duration as `H:MM:SS` with the fraction's trailing zeros left out.
pub(crate) fn write_emt(out: &mut String, time: Duration) {
    let secs = time.as_secs();
    let _ = write!(
        out,
        "{}:{:02}:{:02}",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    );
    write_fraction(out, time.subsec_nanos());
}

/// Writes `.fraction` of `nanos` without trailing zeros (nothing for 0).
pub(crate) fn write_fraction(out: &mut String, nanos: u32) {
    if nanos != 0 {
        let digits = alloc::format!("{nanos:09}");
        out.push('.');
        out.push_str(digits.trim_end_matches('0'));
    }
}

/// The annotation of a ply as the record writes it (empty when it has none):
/// ` {[%emt 0:00:01.2] [%eval -2.39] comment}`.
fn annotation(ply: &Ply) -> String {
    let mut out = String::new();
    if ply.time().is_none() && ply.evaluation().is_none() && ply.comment().is_none() {
        return out;
    }
    out.push_str(" {");
    let mut commands = 0;
    if let Some(time) = ply.time() {
        out.push_str("[%emt ");
        write_emt(&mut out, time);
        out.push(']');
        commands += 1;
    }
    if let Some(evaluation) = ply.evaluation() {
        if commands > 0 {
            out.push(' ');
        }
        let _ = write!(out, "[%eval {evaluation}]");
        commands += 1;
    }
    if commands > 0 && ply.comment().is_some() {
        out.push(' ');
    }
    if let Some(comment) = ply.comment() {
        // Whether only white space precedes on the comment's line: a `[` there is
        // escaped, so that no comment line reads as a tag pair (or, first, a time).
        let mut line_start = true;
        for c in comment.chars() {
            if matches!(c, '\\' | '{' | '}') || (line_start && c == '[') {
                out.push('\\');
            }
            out.push(c);
            line_start = c == '\n' || (line_start && c.is_whitespace());
        }
    }
    out.push('}');
    out
}

/// The move list with each move's annotation after it.
fn annotated_moves(game: &Game) -> String {
    let mut out = String::new();
    for (i, ply) in game.line().iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{}", ply.mv());
        out.push_str(&annotation(ply));
    }
    out
}

impl FromStr for Record {
    type Err = RecordError;
    fn from_str(s: &str) -> Result<Record, RecordError> {
        Record::parse(s)
    }
}

impl fmt::Display for Record {
    /// The other tags in their order, then the variant tags, the result, a blank
    /// line and the moves. **Loss, documented:** a margin a GGF `RE` stated
    /// ([`Record::stated_margin`]) has no place in the `Result` tag and is not
    /// written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in self.written_tags() {
            write_tag(f, name, &value)?;
        }
        writeln!(f)?;
        writeln!(f, "{}", annotated_moves(&self.game))
    }
}
