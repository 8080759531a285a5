//! One loader for every text format: it detects the format, says which it saw, and
//! an error names the format it tried.
//!
//! The format is chosen from the text's first characters, before any reader runs,
//! so that an error is the error of the format the text looks like:
//!
//! | the text, white space and a UTF-8 byte-order mark trimmed | format |
//! |---|---|
//! | starts with `(;`, or a game number and `(;` (a GGS archive line) | [`Format::Ggf`] |
//! | starts with `[` (a tag pair), or holds a `{` (a move annotation) | [`Format::Record`] |
//! | its first word holds a `/` | [`Format::Position`]: two players, or three when it holds `R` or `N` without `G`, four with `G`; never Anti-Reversi, which the string cannot say |
//! | its first word has 64 characters, all OBF cells (`X x * B b O o W w - .`, and `0`, which OBF refuses) | [`Format::Obf`] |
//! | anything else | [`Format::Transcript`]: a move list from the standard start, on 10×10 when a move names a square beyond `h8` |
//!
//! One game only: a GGF or record text that holds a second game is refused with
//! [`LoadError::SeveralGames`]; read such texts with [`games`](crate::text::games).
//! WTHOR databases are binary and have their own reader ([`wthor`](crate::text::wthor)).
//!
//! ```
//! use reversi::text::load::{load, Format};
//! let loaded = load("(;GM[Othello]PB[Ann]TY[8]B[f5//3.5];)")?;
//! assert_eq!(loaded.format, Format::Ggf);
//! assert_eq!(loaded.record.game().move_count(), 1);
//! assert_eq!(load("f5 d6 c3")?.format, Format::Transcript);
//! let err = load("[Board \"9x9\"]\n\nf5").unwrap_err();
//! assert_eq!(err.format(), Some(Format::Record));
//! assert!(err.to_string().starts_with("record: line 1, column 1: tag Board"));
//! # Ok::<_, reversi::text::load::LoadError>(())
//! ```

use alloc::string::String;
use core::fmt;

use crate::board::Board;
use crate::game::Game;
use crate::moves::Move;
use crate::rules::Rules;
use crate::text::ggf::GgfError;
use crate::text::movelist::{parse_moves, MoveListError};
use crate::text::obf::{self, ObfError};
use crate::text::position::PositionError;
use crate::text::record::{Record, RecordError};

/// A text format that [`load`] reads.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Format {
    /// The game record of [RULES.md §10](crate::rules_doc) ([`record`](crate::text::record)).
    Record,
    /// GGF ([`ggf`](crate::text::ggf)).
    Ggf,
    /// A bare move list from the start position ([`movelist`](crate::text::movelist)).
    Transcript,
    /// A position string ([RULES.md §10](crate::rules_doc)).
    Position,
    /// An OBF board ([`obf`]).
    Obf,
}

impl fmt::Display for Format {
    /// `record`, `GGF`, `transcript`, `position string`, `OBF`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Record => "record",
            Format::Ggf => "GGF",
            Format::Transcript => "transcript",
            Format::Position => "position string",
            Format::Obf => "OBF",
        })
    }
}

/// What [`load`] read: the format it saw, the game as a record, and an OBF
/// board's annotations.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Loaded {
    /// The format detected.
    pub format: Format,
    /// The game with its tags (only a record or GGF text has tags).
    pub record: Record,
    /// An OBF board's annotations (`G8:+18; H1:+12;`); empty otherwise.
    pub annotations: String,
}

/// A text that [`load`] could not read: the error of the format it tried.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum LoadError {
    /// Nothing but white space.
    #[error("the text is empty")]
    Empty,
    /// Read as a record.
    #[error("record: {0}")]
    Record(RecordError),
    /// Read as GGF.
    #[error("GGF: {0}")]
    Ggf(GgfError),
    /// Read as a transcript.
    #[error("transcript: {0}")]
    Transcript(MoveListError),
    /// Read as a position string.
    #[error("position string: {0}")]
    Position(PositionError),
    /// Read as an OBF board.
    #[error("OBF: {0}")]
    Obf(ObfError),
    /// A text of several games given to a reader of one
    /// ([`games`](crate::text::games) reads them all).
    #[error("a second game starts on line {second_line}; use a reader of many games")]
    SeveralGames {
        /// The line on which the second game starts, from 1.
        second_line: usize,
    },
    /// A line of a stream that is not UTF-8 text
    /// ([`GameReader`](crate::text::games::GameReader)).
    #[error("line {line}: not UTF-8 text")]
    Utf8 {
        /// The line, from 1.
        line: usize,
    },
}

impl LoadError {
    /// The format that was tried (`None` for an empty text, several games or a line
    /// that is not UTF-8).
    pub fn format(&self) -> Option<Format> {
        Some(match self {
            LoadError::Empty | LoadError::SeveralGames { .. } | LoadError::Utf8 { .. } => {
                return None
            }
            LoadError::Record(_) => Format::Record,
            LoadError::Ggf(_) => Format::Ggf,
            LoadError::Transcript(_) => Format::Transcript,
            LoadError::Position(_) => Format::Position,
            LoadError::Obf(_) => Format::Obf,
        })
    }
}

/// The format `text` looks like, by the rules of the module documentation;
/// `None` for an empty text.
pub fn detect(text: &str) -> Option<Format> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text).trim();
    let first = text.split_whitespace().next()?;
    let obf_cell = |c: char| "XxOoWwBb*-.0".contains(c);
    Some(if crate::text::games::ggf_game_at(text, 0).is_some() {
        Format::Ggf
    } else if text.starts_with('[') || text.contains('{') {
        Format::Record
    } else if first.contains('/') {
        Format::Position
    } else if first.chars().count() == 64 && first.chars().all(obf_cell) {
        Format::Obf
    } else {
        Format::Transcript
    })
}

/// Reads a game in any text format, detected as [`detect`] says.
pub fn load(text: &str) -> Result<Loaded, LoadError> {
    let format = detect(text).ok_or(LoadError::Empty)?;
    let loaded = |record| Loaded {
        format,
        record,
        annotations: String::new(),
    };
    let whole = text;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text).trim();
    match format {
        Format::Record | Format::Ggf => {
            // The reader of many games, which knows GGS archive lines and where a
            // second game would start; error positions are the whole text's.
            let mut games = crate::text::games::games(whole);
            let first = games.next().ok_or(LoadError::Empty)?;
            if let Some(second) = games.next() {
                return Err(LoadError::SeveralGames {
                    second_line: second.line,
                });
            }
            first.result.map(loaded)
        }
        Format::Position => {
            let board = text.split_whitespace().next().unwrap_or("");
            let players = if board.contains('G') {
                4
            } else if board.contains(['R', 'N']) {
                3
            } else {
                2
            };
            Game::from_position_str(text, players, false)
                .map(|game| loaded(Record::new(game)))
                .map_err(LoadError::Position)
        }
        Format::Obf => obf::parse(text)
            .map(|board| Loaded {
                format,
                record: Record::new(board.game),
                annotations: board.annotations,
            })
            .map_err(LoadError::Obf),
        Format::Transcript => {
            let moves = parse_moves(text).map_err(LoadError::Transcript)?;
            let beyond_8x8 = moves.iter().any(|&(mv, _)| match mv {
                Move::Place(sq) => sq.column() > 7 || sq.row() > 7,
                Move::Pass => false,
            });
            let board = if beyond_8x8 {
                Board::Size10
            } else {
                Board::Size8
            };
            let mut game = Game::new(Rules::builder(board).build().unwrap_or_default());
            game.play_moves(text).map_err(LoadError::Transcript)?;
            Ok(loaded(Record::new(game)))
        }
    }
}
