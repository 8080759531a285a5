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

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::board::Board;
use crate::color::Color;
use crate::game::Game;
use crate::outcome::Outcome;
use crate::rules::{Opening, Rules, RulesError};
use crate::setup::Setup;
use crate::square::Square;
use crate::text::movelist::MoveErrorKind;
use crate::text::position::PositionError;

/// The tags that describe the variant and the result; every other tag is kept as
/// it is.
pub const VARIANT_TAGS: [&str; 8] = [
    "Board", "Players", "Anti", "Opening", "Handicap", "Blocked", "Position", "Result",
];

/// A game with its tags: what a record file holds.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Record {
    game: Game,
    tags: Vec<(String, String)>,
    result: Option<String>,
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

/// Why a tag cannot be set with [`Record::set_tag`].
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TagError {
    /// A variant tag or `Result` ([`VARIANT_TAGS`]): these follow the game.
    #[error("tag {0} follows the game and cannot be set")]
    VariantTag(String),
    /// A name that is not ASCII letters, digits and `_`.
    #[error("{0:?} is not a tag name: expected ASCII letters, digits and _")]
    Name(String),
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
        | RulesError::NotACorner { .. } => "Handicap",
        _ => "Blocked",
    }
}

/// The result text of a finished game: the outcome word and the scores in turn
/// order, `black 33-31`.
fn result_text(game: &Game) -> Option<String> {
    let outcome = game.outcome()?;
    let mut text = String::from(outcome.word());
    for (i, (_, n)) in game.scores().iter().enumerate() {
        text.push(if i == 0 { ' ' } else { '-' });
        text.push_str(&n.to_string());
    }
    Some(text)
}

impl Record {
    /// A record of `game` with no other tags.
    pub fn new(game: Game) -> Record {
        Record {
            game,
            tags: Vec::new(),
            result: None,
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, to play on (the `Result` written follows the game when it ends).
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
        tags.push(("Result", self.result().unwrap_or_else(|| "*".to_string())));
        tags
    }

    /// The result: for a finished game, its outcome and scores (`black 33-31`);
    /// otherwise the `Result` that was given, if any (a game that stopped early).
    pub fn result(&self) -> Option<String> {
        result_text(&self.game).or_else(|| self.result.clone())
    }

    /// Sets the result of a game that stopped before its end (resignation, time):
    /// `draw` or a colour's name, optionally followed by scores, or `*`.
    pub fn set_result(&mut self, result: &str) {
        self.result = (result != "*").then(|| result.to_string());
    }

    /// Reads a record.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
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
        game.play_moves(move_text).map_err(|e| {
            // Turn the column within the move text into a line and column of the record.
            let before: String = move_text.chars().take(e.column - 1).collect();
            let line = text[..moves_at].matches('\n').count() + before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            RecordError {
                line,
                column,
                kind: RecordErrorKind::Move {
                    number: e.number,
                    kind: e.kind,
                },
            }
        })?;

        let given = at("Result").map(|(v, _)| v).filter(|v| *v != "*");
        let result = match (given, result_text(&game)) {
            (Some(given), Some(replay)) => {
                if !result_agrees(given, &game) {
                    return Err(tag_error(
                        "Result",
                        RecordErrorKind::ResultContradicts {
                            given: given.to_string(),
                            replay,
                        },
                    ));
                }
                None
            }
            (None, Some(replay)) if at("Result").is_some() => {
                return Err(tag_error(
                    "Result",
                    RecordErrorKind::ResultContradicts {
                        given: "*".to_string(),
                        replay,
                    },
                ))
            }
            (Some(given), None) => {
                let word = given.split_whitespace().next().unwrap_or("");
                let known = word == "draw"
                    || Color::from_name(word).is_some_and(|c| c.index() < players as usize);
                if !known {
                    return Err(bad_value("Result", "draw, a colour in play, or *"));
                }
                Some(given.to_string())
            }
            (None, _) => None,
        };
        let tags = tags
            .into_iter()
            .filter(|(n, _, _)| !VARIANT_TAGS.contains(&n.as_str()))
            .map(|(n, v, _)| (n, v))
            .collect();
        Ok(Record { game, tags, result })
    }
}

/// Whether a `Result` value agrees with a finished game: the outcome word, and the
/// scores if given (`33-31` in turn order, or `B=33 W=31`).
fn result_agrees(given: &str, game: &Game) -> bool {
    let mut words = given.split_whitespace();
    let word = words.next().unwrap_or("");
    let outcome = match game.outcome() {
        Some(o) => o,
        None => return false,
    };
    let word_ok = match outcome {
        Outcome::Draw => word == "draw",
        Outcome::Win(c) => word == c.name(),
    };
    let scores: Vec<u32> = game.scores().iter().map(|(_, n)| n).collect();
    let rest: Vec<&str> = words.collect();
    let scores_ok = match rest.as_slice() {
        [] => true,
        [dashed] if dashed.contains('-') => dashed
            .split('-')
            .map(|n| n.parse::<u32>().ok())
            .eq(scores.iter().map(|&n| Some(n))),
        pairs => game.scores().to_string() == pairs.join(" "),
    };
    word_ok && scores_ok
}

impl FromStr for Record {
    type Err = RecordError;
    fn from_str(s: &str) -> Result<Record, RecordError> {
        Record::parse(s)
    }
}

impl fmt::Display for Record {
    /// The other tags in their order, then the variant tags, the result, a blank
    /// line and the moves.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in self.written_tags() {
            write_tag(f, name, &value)?;
        }
        writeln!(f)?;
        writeln!(f, "{}", self.game.move_list())
    }
}
