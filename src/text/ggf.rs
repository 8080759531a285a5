//! GGF, the Generic Game Format of the GGS server, for two-player games.
//!
//! A game is `(;` then properties `NAME[value]`, then `;)`. Read: `GM` (must be
//! Othello), `TY` (board `6`, `8`, `10`, `88` for the octagon, with the `a`
//! modifier for Anti-Reversi; `r`, a random start, is accepted since `BO` gives the
//! start), `BO` (start board: size, then the cells `-` empty, `*` black, `O` white,
//! then the player to move), and the moves `B[..]`/`W[..]` with optional
//! `/eval/time` parts (the evaluation, in discs, is kept as the move's
//! [`evaluation`](crate::Ply::evaluation), the time, in seconds, as its
//! [`time`](crate::Ply::time); a malformed one, or a fourth part, is an error),
//! `PA` or `pass` for a pass. One game: white space around it, nothing else,
//! except a leading UTF-8 byte-order mark and a GGS archive line's game number
//! (`1 (;…;)`); a synchro line's second game is refused, as is any text after the
//! game (read many games with [`games`](crate::text::games)).
//!
//! The players, the result and the other properties map to the [`Record`]:
//!
//! | GGF | record |
//! |---|---|
//! | `PB`, `PW` | `Black`, `White` ([`Record::player`]) |
//! | `DT` | `Date` |
//! | `EV`, `PC` | `Event`, `Site` |
//! | `RB`, `RW` | `BlackRating`, `WhiteRating` ([`Record::rating`]) |
//! | `TI` | `TimeControl` ([`Record::time_control`]) |
//! | `RE[+2.000]` | for a game over on the board, its result, which `RE` must state (Black's disc difference, plain or with the empty squares given to the winner; anything else is [`GgfErrorKind::Result`]); for a game not over, the winner by the sign ([`Ending::Unstated`]) |
//! | `RE[-64.000:r]`, `:t`, `:s` | resignation, time, agreement ([`Ending`]) |
//! | `RE[?]` | no result |
//! | any other property | a tag of the same name, written back as it was |
//!
//! The writer writes `RE` from the record's result: Black's disc difference from
//! the scores if known, otherwise the difference the read `RE` stated
//! ([`Record::stated_margin`]), otherwise ±64 (0 for a draw), and the flag. **Losses,
//! documented:** move comments have no place in GGF and are not written; the
//! scores of a game stopped early are written as their difference, which reads
//! back as the winner without scores. Move evaluations and times are written
//! (`B[f5/2.39/1.5]`, the time to the nanosecond), and every tag: under its GGF
//! name when it has one (the table above), otherwise under its own name, whatever
//! its case (the reader takes property names of ASCII letters, digits and `_`).
//! The whole line is written, the redo list included; [`Record::up_to_current`]
//! cuts it.
//!
//! On the octagon, `BO` is written with size `10` and 100 cells, the 12 missing
//! squares written `-` **(choice: GGS's own octagon board text is not documented
//! here)**; reading also takes size `88` with 100 cells, or with the 88 existing
//! cells alone.
//!
//! ```
//! use reversi::text::ggf;
//! let line = "(;GM[Othello]PC[GGS/os]PB[Saio1200]PW[Saio3000]TY[8]RE[+0.000]\
//!             BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]\
//!             B[d3//0.01]W[c5//0.01];)";
//! let record = ggf::parse(line)?;
//! assert_eq!(record.game().move_list(), "d3 c5");
//! assert_eq!(record.player(reversi::Color::Black), Some("Saio1200"));
//! assert_eq!(record.game().history()[0].time(), Some(std::time::Duration::from_millis(10)));
//! assert_eq!(ggf::parse(&ggf::write(&record)?)?, record);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write;

use crate::board::Board;
use crate::color::{Cell, Color};
use crate::game::{Evaluation, Game};
use crate::moves::{Move, PlayError};
use crate::outcome::Outcome;
use crate::position::AnyPosition;
use crate::rules::{Corners, Handicap, Opening, Rules};
use crate::setup::{Setup, SetupError};
use crate::square::Square;
use crate::text::record::{write_fraction, Record, TagError, VARIANT_TAGS};
use crate::text::result::{Ending, GameResult, ResultError};
use core::time::Duration;

/// What is wrong with a GGF game.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum GgfErrorKind {
    /// No `(;` … `;)` around the properties, or something other than a
    /// property (`NAME[value]`) inside them.
    #[error("expected a game (; NAME[value] ... ;)")]
    Syntax,
    /// The text ends inside the game: before its `;)`, or inside a property's
    /// value (a file cut short). The position is where the game or the
    /// unfinished property starts.
    #[error("the text ends before the game's ;) (cut short?)")]
    Unfinished,
    /// `GM` is not Othello.
    #[error("GM[{0}]: not an Othello game")]
    NotOthello(String),
    /// A `TY` that names no board this library has, or a modifier it cannot play.
    #[error("TY[{0}]: expected 6, 8, 10 or 88, optionally with the modifier a")]
    Type(String),
    /// A `BO` that cannot be read.
    #[error("BO: {0}")]
    Board(&'static str),
    /// A `BO` with an empty centre square: the free opening, which GGF cannot
    /// express.
    #[error("BO: an empty centre square is the free opening, which GGF cannot express")]
    FreeOpening,
    /// The `BO` board (or, without `BO`, the `TY` options) make no position that the
    /// rules allow.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A move that is neither a square name nor `PA`.
    #[error("move {number}: {text:?} is not a square or PA")]
    MoveText {
        /// The number of the move, from 1.
        number: usize,
        /// The move as written, before any `/eval/time`.
        text: String,
    },
    /// A move (`B[..]` or `W[..]`) by the player who is not to move.
    #[error("move {number}: {played} played, but {to_move} is to move")]
    OutOfTurn {
        /// The number of the move, from 1.
        number: usize,
        /// The colour of the property (`B` or `W`).
        played: Color,
        /// The colour to move.
        to_move: Color,
    },
    /// A move that the rules refuse.
    #[error("move {number}: {error}")]
    Illegal {
        /// The number of the move, from 1.
        number: usize,
        /// Which rule the move broke.
        error: PlayError,
    },
    /// A move's evaluation (`B[f5/2.39/…]`) that is not a number of discs with at
    /// most three decimals ([`crate::Evaluation`]).
    #[error("move {number}: {text:?} is not an evaluation in discs")]
    Evaluation {
        /// The number of the move, from 1.
        number: usize,
        /// The evaluation as written.
        text: String,
    },
    /// A move with more parts than `move/evaluation/time`.
    #[error("move {number}: {text:?} has more parts than move/evaluation/time")]
    MoveParts {
        /// The number of the move, from 1.
        number: usize,
        /// The whole value as written.
        text: String,
    },
    /// Text after the game's `;)`: another game, which a single-game reader refuses
    /// (read several with [`games`](crate::text::games)), or garbage.
    #[error("text after the game; use a reader of many games")]
    TrailingText,
    /// A property given twice (or two that name the same tag, such as `PB` and
    /// `Black`).
    #[error("{0} is given twice")]
    Duplicate(String),
    /// A move's time (`B[f5//1.2]`) that is not a number of seconds.
    #[error("move {number}: {text:?} is not a time in seconds")]
    Time {
        /// The number of the move, from 1.
        number: usize,
        /// The time as written.
        text: String,
    },
    /// An `RE` that is not a disc difference with an optional `:r`, `:t` or `:s`,
    /// or `?`.
    #[error("RE[{0}]: expected a disc difference such as +12.000, optionally :r, :t or :s")]
    ResultText(String),
    /// An `RE` that does not fit the game (it contradicts the final board).
    #[error("RE: {0}")]
    Result(ResultError),
    /// A property that a record cannot keep as a tag (a value with a line break).
    #[error("{0}")]
    Tag(TagError),
}

/// A GGF game that cannot be read: where (line and character column, from 1) and
/// why.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct GgfError {
    /// The line of the property at fault, from 1.
    pub line: usize,
    /// The character column of the property at fault, from 1.
    pub column: usize,
    /// Why.
    pub kind: GgfErrorKind,
}

/// A game that GGF cannot express.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum GgfWriteError {
    /// Three or four players.
    #[error("GGF holds two-player games, not {0} players")]
    Players(u8),
    /// Blocked squares.
    #[error("GGF cannot express blocked squares")]
    Blocked,
    /// The free opening.
    #[error("GGF cannot express the free opening")]
    FreeOpening,
    /// A tag whose property would be read back as something else: GGF's own
    /// properties (`GM`, `TY`, `BO`, `B`, `W`, `RE`), or a property that a
    /// record tag maps to (a tag `PB` beside `Black`).
    #[error("tag {0}: its GGF property would read back as another datum")]
    Tag(String),
}

impl GgfError {
    /// The error `kind` at byte offset `at` of `text`.
    fn at(text: &str, at: usize, kind: GgfErrorKind) -> GgfError {
        let before = &text[..at.min(text.len())];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        GgfError {
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
            kind,
        }
    }
}

/// The properties of the one game of `text` (white space around it, nothing
/// else), with the byte offset of each.
fn properties(text: &str) -> Result<Vec<(String, String, usize)>, GgfError> {
    let syntax = |at: usize| GgfError::at(text, at, GgfErrorKind::Syntax);
    // A leading byte-order mark, then white space, then an archive's game number.
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let start = text.len() - text[bom..].trim_start().len();
    let Some(start) = crate::text::games::ggf_game_at(text, start) else {
        return Err(syntax(start));
    };
    let mut props = Vec::new();
    let mut i = start + 2;
    let bytes = text.as_bytes();
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if text[i..].starts_with(";)") {
            let end = i + 2;
            let rest = text[end..].trim_start();
            if !rest.is_empty() {
                let at = text.len() - rest.len();
                return Err(GgfError::at(text, at, GgfErrorKind::TrailingText));
            }
            return Ok(props);
        }
        let name_start = i;
        // GGF's own names are upper case; a record's other tags keep theirs.
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
        }
        if i >= bytes.len() || text[i..].trim_end() == ";" {
            // At the property cut inside its name, else at the game.
            let at = if i > name_start { name_start } else { start };
            return Err(GgfError::at(text, at, GgfErrorKind::Unfinished));
        }
        if i == name_start || bytes.get(i) != Some(&b'[') {
            return Err(syntax(i.min(text.len())));
        }
        let name = &text[name_start..i];
        i += 1;
        let mut value = String::new();
        loop {
            match text[i..].chars().next() {
                None => return Err(GgfError::at(text, name_start, GgfErrorKind::Unfinished)),
                Some(']') => break,
                Some('\\') => {
                    i += 1;
                    match text[i..].chars().next() {
                        Some(c) => {
                            value.push(c);
                            i += c.len_utf8();
                        }
                        None => {
                            return Err(GgfError::at(text, name_start, GgfErrorKind::Unfinished))
                        }
                    }
                }
                Some(c) => {
                    value.push(c);
                    i += c.len_utf8();
                }
            }
        }
        i += 1;
        props.push((name.to_string(), value, name_start));
    }
}

/// The board and anti flag of a `TY` value.
fn board_type(ty: &str) -> Option<(Board, bool)> {
    let digits = ty.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let modifiers = &ty[digits.len()..];
    let board = match digits {
        "6" => Board::Size6,
        "8" => Board::Size8,
        "10" => Board::Size10,
        "88" => Board::Octagon,
        _ => return None,
    };
    if !modifiers.chars().all(|c| c == 'a' || c == 'r') {
        return None;
    }
    Some((board, modifiers.contains('a')))
}

/// The set-up of a `BO` value on `board`, Anti-Reversi or not.
fn start_board(bo: &str, board: Board, anti: bool) -> Result<Setup, &'static str> {
    let mut words = bo.split_whitespace();
    let size = words.next().ok_or("empty")?;
    let rest: Vec<&str> = words.collect();
    let (side, cells_words) = rest.split_last().ok_or("no player to move")?;
    let text: String = cells_words.concat();
    let expected_size = match board {
        Board::Octagon => ["10", "88"].contains(&size),
        b => size == b.width().to_string(),
    };
    if !expected_size {
        return Err("the size does not match TY");
    }
    let squares: Vec<Square> = if board == Board::Octagon && text.chars().count() == 88 {
        board.squares().iter().collect()
    } else {
        let w = board.width();
        (0..w)
            .flat_map(|r| (0..w).map(move |c| Square::new(c, r)))
            .collect()
    };
    if text.chars().count() != squares.len() {
        return Err("wrong number of cells");
    }
    let mut setup = Setup::empty(board, 2);
    setup.anti = anti;
    for (ch, sq) in text.chars().zip(squares) {
        let cell = match ch {
            '-' => Cell::Empty,
            '*' => Cell::Disc(Color::Black),
            'O' => Cell::Disc(Color::White),
            _ => return Err("a cell is not -, * or O"),
        };
        // A disc on a square that the octagon does not have is the set-up's to refuse.
        setup.set(sq, cell);
    }
    setup.to_move = match *side {
        "*" => Color::Black,
        "O" => Color::White,
        _ => return Err("the player to move is not * or O"),
    };
    Ok(setup)
}

/// The game that starts from `setup`: a standard start, a standard start with
/// corner handicap discs (which GGF writes as a `BO` board), or any other position.
fn start_game(setup: Setup) -> Result<Game, GgfErrorKind> {
    let game = Game::from_setup(setup)?;
    let rules = *game.rules();
    if rules.opening() == Opening::Free {
        return Err(GgfErrorKind::FreeOpening);
    }
    if setup.to_move == Color::Black {
        for color in [Color::Black, Color::White] {
            let corners = board_corners(&setup, color);
            if corners.is_empty() {
                continue;
            }
            let handicap = rules.to_builder().handicap(Handicap { color, corners });
            if let Ok(with_handicap) = handicap.build()
                && AnyPosition::start(&with_handicap) == *game.position()
            {
                return Ok(Game::new(with_handicap));
            }
        }
    }
    Ok(game)
}

/// The corners of the set-up's board that hold a disc of `color`.
fn board_corners(setup: &Setup, color: Color) -> Corners {
    let mut corners = Corners::empty();
    for (i, &sq) in setup.board.corners().iter().enumerate() {
        if setup.cell(sq) == Cell::Disc(color) {
            corners |= Corners::from_bits_truncate(1 << i);
        }
    }
    corners
}

/// Reads one GGF game (the first in `text`).
pub fn parse(text: &str) -> Result<Record, GgfError> {
    let props = properties(text)?;
    let get = |name: &str| props.iter().find(|(n, _, _)| n == name);
    if let Some((_, gm, at)) = get("GM")
        && !gm.eq_ignore_ascii_case("othello")
    {
        return Err(GgfError::at(
            text,
            *at,
            GgfErrorKind::NotOthello(gm.clone()),
        ));
    }
    let ty_at = get("TY").map_or(0, |&(_, _, at)| at);
    let (board, anti) = match get("TY") {
        None => (Board::Size8, false),
        Some((_, ty, at)) => {
            board_type(ty).ok_or_else(|| GgfError::at(text, *at, GgfErrorKind::Type(ty.clone())))?
        }
    };
    let mut game = match get("BO") {
        None => {
            let rules = Rules::builder(board).anti(anti).build().map_err(|e| {
                GgfError::at(text, ty_at, GgfErrorKind::Setup(SetupError::Rules(e)))
            })?;
            Game::new(rules)
        }
        Some((_, bo, at)) => start_board(bo, board, anti)
            .map_err(GgfErrorKind::Board)
            .and_then(start_game)
            .map_err(|kind| GgfError::at(text, *at, kind))?,
    };
    let mut record_tags = Vec::new();
    let mut number = 0;
    for (name, value, at) in &props {
        let played = match name.as_str() {
            "B" => Color::Black,
            "W" => Color::White,
            "GM" | "TY" | "BO" => continue,
            _ => {
                record_tags.push((name.clone(), value.clone(), *at));
                continue;
            }
        };
        number += 1;
        let fail = |kind: GgfErrorKind| GgfError::at(text, *at, kind);
        let mut parts = value.split('/');
        let word = parts.next().unwrap_or("").trim();
        let evaluation_text = parts.next().map(str::trim).filter(|t| !t.is_empty());
        let time_text = parts.next();
        if parts.next().is_some() {
            return Err(fail(GgfErrorKind::MoveParts {
                number,
                text: value.clone(),
            }));
        }
        let evaluation = match evaluation_text {
            None => None,
            Some(e) => Some(e.parse::<Evaluation>().map_err(|_| {
                fail(GgfErrorKind::Evaluation {
                    number,
                    text: e.to_string(),
                })
            })?),
        };
        let time = match time_text.map(str::trim).filter(|t| !t.is_empty()) {
            None => None,
            Some(t) => Some(parse_seconds(t).ok_or_else(|| {
                fail(GgfErrorKind::Time {
                    number,
                    text: t.to_string(),
                })
            })?),
        };
        let mv: Move = word.parse().map_err(|_| {
            fail(GgfErrorKind::MoveText {
                number,
                text: word.to_string(),
            })
        })?;
        let to_move = game.to_move();
        let played_ok = if played == to_move {
            game.play(mv).map(|_| ())
        } else if game.must_pass() && mv != Move::Pass {
            // Archives leave out the pass of the player who has no move.
            game.play_implied(mv).map(|_| ())
        } else {
            return Err(fail(GgfErrorKind::OutOfTurn {
                number,
                played,
                to_move,
            }));
        };
        played_ok.map_err(|error| fail(GgfErrorKind::Illegal { number, error }))?;
        if let Some(ply) = game.last_move_mut() {
            ply.set_time(time);
            ply.set_evaluation(evaluation);
        }
    }
    let mut record = Record::new(game);
    for (name, value, at) in record_tags {
        let fail = |kind: GgfErrorKind| GgfError::at(text, at, kind);
        if name == "RE" {
            let (result, difference) =
                read_result(&value).ok_or_else(|| fail(GgfErrorKind::ResultText(value.clone())))?;
            if let Some(result) = result {
                if let Some(board) = GameResult::of_board(record.game())
                    && result.ending == Ending::Unstated
                {
                    // A difference written from the final board: the plain disc
                    // difference, or GGS's count with the empty squares given to
                    // the winner. Anything else contradicts the board.
                    if !board_differences(record.game()).contains(&difference) {
                        return Err(fail(GgfErrorKind::Result(ResultError::Contradicts {
                            given: value.clone(),
                            board: board.to_string(),
                        })));
                    }
                    continue;
                }
                record
                    .set_game_result(Some(result))
                    .map_err(|e| fail(GgfErrorKind::Result(e)))?;
                // A margin other than the one the writer gives a result without
                // scores is kept, so that it is written back.
                let unknown = unknown_margin(result.outcome);
                if let Some(difference) = difference.filter(|&d| d != unknown) {
                    // The outcome was read from the same sign: it fits.
                    record
                        .set_stated_margin(difference)
                        .map_err(|e| fail(GgfErrorKind::Result(e)))?;
                }
            }
            continue;
        }
        let tag = TAG_NAMES
            .iter()
            .find(|&&(property, _)| property == name)
            .map_or(name.as_str(), |&(_, tag)| tag);
        if record.tag(tag).is_some() {
            return Err(fail(GgfErrorKind::Duplicate(name)));
        }
        // Property names are upper case, never one of the record's variant tags.
        record.set_tag(tag, &value).map_err(|e| {
            // Name the property as the text wrote it.
            let e = match e {
                TagError::LineBreak { .. } => TagError::LineBreak { name: name.clone() },
                e => e,
            };
            fail(GgfErrorKind::Tag(e))
        })?;
    }
    Ok(record)
}

/// The GGF properties that are record tags of another name **(choice: `EV` and
/// `PC` follow SGF, whose event and place properties GGF shares)**; every other
/// property is a tag of its own name.
pub const TAG_NAMES: [(&str, &str); 8] = [
    ("PB", "Black"),
    ("PW", "White"),
    ("DT", "Date"),
    ("EV", "Event"),
    ("PC", "Site"),
    ("RB", "BlackRating"),
    ("RW", "WhiteRating"),
    ("TI", "TimeControl"),
];

/// Reads a number of seconds with an optional fraction of up to nine digits.
fn parse_seconds(text: &str) -> Option<Duration> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 9 {
        return None;
    }
    let nanos = if fraction.is_empty() {
        0
    } else {
        fraction.parse::<u32>().ok()? * 10u32.pow(9 - fraction.len() as u32)
    };
    Some(Duration::new(whole.parse().ok()?, nanos))
}

/// The Black disc differences that an `RE` without a flag may state for the end of
/// the game's line: the plain difference, and the one with the empty squares given
/// to the winner (the official count).
fn board_differences(game: &Game) -> [Option<i64>; 2] {
    let end = game.line_end();
    let (black, white) = (end.count(Color::Black), end.count(Color::White));
    let plain = i64::from(black) - i64::from(white);
    let empty = end.empty().len() as i64;
    let official = match end.outcome() {
        Some(Outcome::Win(Color::Black)) => plain + empty,
        Some(Outcome::Win(_)) => plain - empty,
        _ => plain,
    };
    [Some(plain), Some(official)]
}

/// Reads an `RE` value: Black's disc difference (its sign gives the winner),
/// then `:r` (resignation), `:t` (time) or `:s` (an agreed score); `?` is no
/// result. Also the difference as a whole number (`None` when it has a
/// fraction). `None` when it is none of these.
fn read_result(value: &str) -> Option<(Option<GameResult>, Option<i64>)> {
    let value = value.trim();
    if value == "?" || value.is_empty() {
        return Some((None, None));
    }
    let (number, flag) = value.split_once(':').unwrap_or((value, ""));
    let ending = match flag {
        "" => Ending::Unstated,
        "r" => Ending::Resignation,
        "t" => Ending::Time,
        "s" => Ending::Agreement,
        _ => return None,
    };
    let unsigned = number.strip_prefix(['+', '-']).unwrap_or(number);
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) {
        return None;
    }
    let zero = whole.bytes().chain(fraction.bytes()).all(|b| b == b'0');
    let difference = fraction
        .bytes()
        .all(|b| b == b'0')
        .then(|| whole.parse::<i64>().ok())
        .flatten()
        .map(|d| if number.starts_with('-') { -d } else { d });
    let outcome = if zero {
        Outcome::Draw
    } else if number.starts_with('-') {
        Outcome::Win(Color::White)
    } else {
        Outcome::Win(Color::Black)
    };
    Some((
        Some(GameResult {
            outcome,
            scores: None,
            ending,
        }),
        difference,
    ))
}

/// Black's disc difference that GGF writes for a result without scores when no
/// margin is known: 64 to the winner, as GGS writes a resignation, 0 for a draw.
fn unknown_margin(outcome: Outcome) -> i64 {
    match outcome {
        Outcome::Draw => 0,
        Outcome::Win(Color::Black) => 64,
        Outcome::Win(_) => -64,
    }
}

/// The `RE` value of a result. A game over on the board: Black's disc
/// difference, as GGS writes it. Otherwise the winner's margin from Black's side
/// (positive when Black won, in Anti-Reversi too): the difference of the scores if
/// known, else the margin the record's `RE` stated, else 64 (0 for a draw), as
/// GGS writes a resignation; then the ending's flag.
fn write_result(result: &GameResult, stated_margin: Option<i64>, anti: bool) -> String {
    // Integers throughout, written with GGS's three decimals: a stated margin
    // beyond 2^53 would not survive a float (it came back as another number).
    let margin = |scores: crate::outcome::Scores| {
        let difference = i64::from(scores.get(Color::Black)) - i64::from(scores.get(Color::White));
        if anti {
            -difference
        } else {
            difference
        }
    };
    let value = match (result.ending, result.scores, result.outcome) {
        (Ending::Board, Some(scores), _) => margin(scores) * if anti { -1 } else { 1 },
        (_, _, Outcome::Draw) => 0,
        (_, Some(scores), _) => margin(scores),
        (_, None, outcome) => stated_margin.unwrap_or_else(|| unknown_margin(outcome)),
    };
    let flag = match result.ending {
        Ending::Board | Ending::Unstated => "",
        Ending::Resignation => ":r",
        Ending::Time => ":t",
        Ending::Agreement => ":s",
    };
    alloc::format!("{value:+}.000{flag}")
}

/// Writes a record as one GGF line: `GM`, every tag of the record (under its GGF
/// name when it has one), `TY`, `RE` (Black's disc difference for a finished
/// game), `BO`, then every move of the line (the redo list included) with its
/// evaluation and time. Move comments are not written, nor the scores of a game
/// stopped early, only their difference (see the module documentation). Refused:
/// what GGF cannot express ([`GgfWriteError`]).
pub fn write(record: &Record) -> Result<String, GgfWriteError> {
    let game = record.game();
    let rules = game.rules();
    if rules.players() != 2 {
        return Err(GgfWriteError::Players(rules.players()));
    }
    if !rules.blocked().is_empty() {
        return Err(GgfWriteError::Blocked);
    }
    if rules.opening() == Opening::Free {
        return Err(GgfWriteError::FreeOpening);
    }
    let escape = |v: &str| v.replace('\\', "\\\\").replace(']', "\\]");
    let mut out = String::from("(;GM[Othello]");
    for (name, value) in record.tags() {
        let property = match TAG_NAMES.iter().find(|&&(_, tag)| tag == name) {
            Some(&(property, _)) => property,
            None => name,
        };
        let taken = TAG_NAMES.iter().any(|&(p, _)| p == name);
        if taken || ["GM", "TY", "BO", "B", "W", "RE"].contains(&property) {
            return Err(GgfWriteError::Tag(name.to_string()));
        }
        debug_assert!(
            !VARIANT_TAGS.contains(&name),
            "a record holds no variant tag"
        );
        let _ = write!(out, "{property}[{}]", escape(value));
    }
    let ty = match rules.board() {
        Board::Size6 => "6",
        Board::Size8 => "8",
        Board::Size10 => "10",
        Board::Octagon => "88",
    };
    let _ = write!(out, "TY[{ty}{}]", if rules.anti() { "a" } else { "" });
    if let Some(result) = record.result() {
        let _ = write!(
            out,
            "RE[{}]",
            write_result(&result, record.stated_margin(), rules.anti())
        );
    }
    let start = game.start_position();
    let w = rules.board().width();
    let _ = write!(out, "BO[{}", w);
    for r in 0..w {
        out.push(' ');
        for c in 0..w {
            out.push(match start.cell(Square::new(c, r)) {
                Some(Cell::Disc(Color::Black)) => '*',
                Some(Cell::Disc(_)) => 'O',
                _ => '-',
            });
        }
    }
    let side = if start.to_move() == Color::Black {
        '*'
    } else {
        'O'
    };
    let _ = write!(out, " {side}]");
    for ply in game.line() {
        let color = if ply.color() == Color::Black {
            'B'
        } else {
            'W'
        };
        let _ = match ply.mv() {
            Move::Pass => write!(out, "{color}[PA"),
            Move::Place(sq) => write!(out, "{color}[{sq}"),
        };
        if ply.evaluation().is_some() || ply.time().is_some() {
            out.push('/');
        }
        if let Some(evaluation) = ply.evaluation() {
            let _ = write!(out, "{evaluation}");
        }
        if let Some(time) = ply.time() {
            let _ = write!(out, "/{}", time.as_secs());
            write_fraction(&mut out, time.subsec_nanos());
        }
        out.push(']');
    }
    out.push_str(";)");
    Ok(out)
}
