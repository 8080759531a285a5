//! Many games in one text: GGF archives and files of records one after another,
//! read one game at a time, each with where it starts and its own error, so that a
//! bad game does not stop the rest.
//!
//! - **GGF archives** ([`Archive::Ggf`]): games `(;…;)` one after another, as GGS
//!   writes them: one a line, often after a game number (`1 (;GM[Othello]…;)`),
//!   several on one line for a synchro match (`2 (;…;)(;…;)`). Text between games
//!   that is not a game number is reported as an error entry of its own, one a
//!   line, and never joins a neighbour. A game without its `;)` ends where a line
//!   starting with a game (`(;`, or a number and `(;`) begins, so it cannot swallow
//!   the next one.
//! - **Record files** ([`Archive::Record`]): records ([RULES.md §10](crate::rules_doc))
//!   one after another, as PGN databases hold them. A record starts at the first
//!   text of the file, then at each tag pair `[Name "value"]` that follows a move
//!   text, or follows a blank line after the tags (a game without moves), and at a
//!   line that is a whole tag pair inside an annotation left open (so that a broken
//!   annotation cannot swallow the next game; the record writer escapes a `[` that
//!   starts a comment line, so a comment never looks like one).
//!
//! The format is given by the first line that starts a GGF game (`(;`, or a number
//! and `(;`: GGF) or is a tag pair (records); a text with neither is a record (a
//! bare move text). Lines before it (garbage) are entries of their own.
//! [`games`] reads a `&str` (with `alloc`); [`GameReader`] streams from any
//! [`std::io::BufRead`] (with `std`) holding one game (or one line) at a time, so
//! memory stays flat on an archive of any size. WTHOR databases have their own
//! reader, [`wthor::Database::games`](crate::text::wthor::Database::games).
//!
//! ```
//! use reversi::text::games::{games, Archive};
//! let archive = "1 (;GM[Othello]TY[8]B[f5//1.5]W[d6/-2.5/3];)\n\
//!                garbage\n\
//!                2 (;GM[Othello]TY[8]B[f5];)(;GM[Othello]TY[8]B[d3];)\n";
//! let entries: Vec<_> = games(archive).collect();
//! assert_eq!(entries.len(), 4);
//! assert_eq!(entries[0].archive, Archive::Ggf);
//! assert_eq!(entries[0].result.as_ref().unwrap().game().move_count(), 2);
//! assert_eq!((entries[1].line, entries[1].byte), (2, 45));
//! assert_eq!(entries[1].result.as_ref().unwrap_err().to_string(),
//!            "GGF: line 2, column 1: expected a game (; NAME[value] ... ;)");
//! assert_eq!(entries[3].result.as_ref().unwrap().game().move_list(), "d3");
//! assert_eq!(entries[3].number, 4, "a running count, not the archive's game number 2");
//! ```

use crate::text::ggf::{self, GgfError};
use crate::text::load::LoadError;
use crate::text::record::{Record, RecordError};

/// The kind of text that holds the games.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Archive {
    /// GGF games `(;…;)`, as GGS archives hold them.
    Ggf,
    /// Records one after another.
    Record,
}

/// One game of a text of many: where it starts, and the game or why it cannot be
/// read. Error positions (lines and columns) count from the start of the whole
/// text, not of the game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameEntry {
    /// A running count: 1 for the first entry, 2 for the next, and so on, error
    /// entries counted (each game of a GGS synchro line is an entry of its own).
    /// It is not the game number a GGS archive writes before a game (`12 (;…;)`),
    /// which the reader skips.
    pub number: usize,
    /// The line on which the game starts, from 1.
    pub line: usize,
    /// The byte offset at which the game starts (its `(;`, its game number, or its
    /// first tag).
    pub byte: usize,
    /// The format the game was read in.
    pub archive: Archive,
    /// The game, or why it cannot be read ([`LoadError::Ggf`] or
    /// [`LoadError::Record`]).
    pub result: Result<Record, LoadError>,
}

/// The format of a text of games: see the module documentation. `None` for a text
/// of white space.
pub fn archive_of(text: &str) -> Option<Archive> {
    match decided(text) {
        Some(archive) => Some(archive),
        None if skip_bom(text).trim().is_empty() => None,
        None => Some(Archive::Record),
    }
}

/// `text` without its leading UTF-8 byte-order mark: one, as the readers skip
/// one (a second is text).
fn skip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The format given by the first line that starts a GGF game or is a tag pair;
/// `None` when no line does (yet).
fn decided(text: &str) -> Option<Archive> {
    for line in skip_bom(text).lines() {
        let line = line.trim();
        if ggf_game_at(line, 0).is_some() {
            return Some(Archive::Ggf);
        }
        if line.starts_with('[') {
            return Some(Archive::Record);
        }
    }
    None
}

/// Where the game `(;` starts when `text[at..]` is a game or a game number, white
/// space and a game.
pub(crate) fn ggf_game_at(text: &str, at: usize) -> Option<usize> {
    let rest = &text[at..];
    if rest.starts_with("(;") {
        return Some(at);
    }
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let spaces = rest[digits..]
        .bytes()
        .take_while(|&b| b == b' ' || b == b'\t')
        .count();
    (digits > 0 && spaces > 0 && rest[digits + spaces..].starts_with("(;"))
        .then_some(at + digits + spaces)
}

/// Whether the line that starts at `at` begins a GGF game (after white space).
fn line_starts_game(text: &str, at: usize) -> bool {
    let rest = &text[at..];
    let indent = rest.len() - rest.trim_start_matches([' ', '\t', '\r']).len();
    ggf_game_at(text, at + indent).is_some()
}

/// The next piece of a text of games.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Next {
    /// Only white space remains.
    Done,
    /// The text may hold the end of the piece that starts here, but does not yet
    /// (a streaming reader reads on).
    NeedMore,
    /// A game (or a piece of garbage) from `start` to `end`, its text
    /// `text[game..end]` (without a game number).
    Piece {
        start: usize,
        game: usize,
        end: usize,
    },
}

/// The next GGF piece at or after `from`. `eof`: the text holds everything.
fn next_ggf(text: &str, from: usize, eof: bool) -> Next {
    let bytes = text.as_bytes();
    let mut start = from;
    while start < bytes.len() && bytes[start].is_ascii_whitespace() {
        start += 1;
    }
    if start == bytes.len() {
        return Next::Done;
    }
    let piece = |game: usize, end: usize| Next::Piece { start, game, end };
    let Some(game) = ggf_game_at(text, start) else {
        // A number alone may be followed by its game on the next read.
        // Garbage: up to the end of its line, or to a game on the same line.
        let line_end = text[start..].find('\n').map(|i| start + i);
        let game_on_line = text[start..line_end.unwrap_or(text.len())]
            .find("(;")
            .map(|i| start + i);
        return match (game_on_line, line_end) {
            (Some(game), _) => piece(start, game),
            (None, Some(end)) => piece(start, end),
            (None, None) if eof => piece(start, text.len()),
            (None, None) => Next::NeedMore,
        };
    };
    let mut i = game + 2;
    let mut in_value = false;
    while i < bytes.len() {
        match bytes[i] {
            // An escape never takes a line break: a line that starts a game ends
            // a broken one whatever precedes it.
            b'\\' if in_value && bytes.get(i + 1) != Some(&b'\n') => i += 1,
            b']' if in_value => in_value = false,
            b'[' if !in_value => in_value = true,
            b';' if !in_value && bytes.get(i + 1) == Some(&b')') => return piece(game, i + 2),
            b'(' if !in_value && bytes.get(i + 1) == Some(&b';') => return piece(game, i),
            b'\n' if line_starts_game(text, i + 1) => return piece(game, i),
            b'\n' if !eof && i + 1 == bytes.len() => return Next::NeedMore,
            _ => {}
        }
        i += 1;
    }
    if eof {
        piece(game, text.len())
    } else {
        Next::NeedMore
    }
}

/// Whether a line is a whole tag pair `[Name "value"]`.
fn is_tag_line(line: &str) -> bool {
    let line = line.trim();
    line.starts_with('[') && line.ends_with("\"]") && line.contains(" \"")
}

/// The next record at or after `from`. `eof`: the text holds everything.
fn next_record(text: &str, from: usize, eof: bool) -> Next {
    let rest = &text[from..];
    let start = from + (rest.len() - rest.trim_start().len());
    if start == text.len() {
        return Next::Done;
    }
    let (mut seen_tags, mut seen_moves, mut blank_after_tags) = (false, false, false);
    let (mut in_annotation, mut escaped) = (false, false);
    let mut at = start;
    for line in text[start..].split_inclusive('\n') {
        let line_at = at;
        at += line.len();
        if !eof && !line.ends_with('\n') {
            return Next::NeedMore;
        }
        let trimmed = line.trim();
        if in_annotation {
            if is_tag_line(line) && !escaped {
                return Next::Piece {
                    start,
                    game: start,
                    end: line_at,
                };
            }
        } else if trimmed.starts_with('[') {
            if seen_moves || blank_after_tags {
                return Next::Piece {
                    start,
                    game: start,
                    end: line_at,
                };
            }
            seen_tags = true;
            continue;
        } else if trimmed.is_empty() {
            blank_after_tags |= seen_tags && !seen_moves;
            continue;
        }
        seen_moves = true;
        for c in line.chars() {
            match c {
                _ if escaped => escaped = false,
                '\\' if in_annotation => escaped = true,
                '{' if !in_annotation => in_annotation = true,
                '}' if in_annotation => in_annotation = false,
                _ => {}
            }
        }
    }
    if eof {
        Next::Piece {
            start,
            game: start,
            end: text.len(),
        }
    } else {
        Next::NeedMore
    }
}

/// The end of the record that starts the text: where a second game begins, by
/// the rules of the module documentation (the text's length when there is none).
pub(crate) fn record_end(text: &str) -> usize {
    match next_record(text, 0, true) {
        Next::Piece { end, .. } => end,
        _ => text.len(),
    }
}

fn next(archive: Archive, text: &str, from: usize, eof: bool) -> Next {
    match archive {
        Archive::Ggf => next_ggf(text, from, eof),
        Archive::Record => next_record(text, from, eof),
    }
}

/// A position in the text: the line (from 1) and the character column (from 1) at
/// which the piece starts, to make a game's error positions the text's.
#[derive(Copy, Clone)]
struct Origin {
    line: usize,
    column: usize,
}

impl Origin {
    /// `(line, column)` of a game-relative position, in the whole text.
    fn place(self, line: usize, column: usize) -> (usize, usize) {
        if line == 1 {
            (self.line, self.column + column - 1)
        } else {
            (self.line + line - 1, column)
        }
    }
}

/// Reads one piece: `text` is the game (without its number).
fn read_piece(archive: Archive, text: &str, origin: Origin) -> Result<Record, LoadError> {
    match archive {
        Archive::Ggf => ggf::parse(text).map_err(|e| {
            let (line, column) = origin.place(e.line, e.column);
            LoadError::Ggf(GgfError { line, column, ..e })
        }),
        Archive::Record => Record::parse(text).map_err(|e| {
            let (line, column) = origin.place(e.line, e.column);
            LoadError::Record(RecordError { line, column, ..e })
        }),
    }
}

/// The games of a text, one at a time: see the module documentation.
#[derive(Clone, Debug)]
pub struct Games<'a> {
    text: &'a str,
    archive: Archive,
    /// Where the next piece is looked for, and the line there.
    at: usize,
    line: usize,
    /// The byte offset at which the line `line` starts.
    line_start: usize,
    number: usize,
}

/// The games of `text` (a leading UTF-8 byte-order mark skipped), each with where
/// it starts and its own error.
pub fn games(text: &str) -> Games<'_> {
    let at = text.len() - skip_bom(text).len();
    Games {
        text,
        archive: archive_of(text).unwrap_or(Archive::Record),
        at,
        line: 1,
        line_start: 0,
        number: 0,
    }
}

impl Games<'_> {
    /// The format of the text's games.
    pub fn archive(&self) -> Archive {
        self.archive
    }

    /// Advances the line count to `to`.
    fn walk(&mut self, to: usize) {
        for (i, b) in self.text.as_bytes()[self.at..to].iter().enumerate() {
            if *b == b'\n' {
                self.line += 1;
                self.line_start = self.at + i + 1;
            }
        }
        self.at = to;
    }
}

impl Iterator for Games<'_> {
    type Item = GameEntry;

    fn next(&mut self) -> Option<GameEntry> {
        let Next::Piece { start, game, end } = next(self.archive, self.text, self.at, true) else {
            return None;
        };
        self.walk(game);
        let origin = Origin {
            line: self.line,
            column: self.text[self.line_start..game].chars().count() + 1,
        };
        let line = self.line - self.text[start..game].matches('\n').count();
        let result = read_piece(self.archive, &self.text[game..end], origin);
        self.walk(end);
        self.number += 1;
        Some(GameEntry {
            number: self.number,
            line,
            byte: start,
            archive: self.archive,
            result,
        })
    }
}

#[cfg(feature = "std")]
pub use reader::GameReader;

#[cfg(feature = "std")]
mod reader {
    use super::*;
    use alloc::string::String;
    use std::io::{self, BufRead};
    use std::vec::Vec;

    /// How much text the reader looks at for a line that decides the format.
    const DECIDE_WITHIN: usize = 1 << 20;

    /// The games of a stream, read one at a time with the memory of one game (or
    /// one line): see the module documentation. An I/O error is returned as it
    /// happens and ends the reading; a line that is not UTF-8 makes the game that
    /// holds it an error entry ([`LoadError::Utf8`]).
    ///
    /// ```
    /// use reversi::text::games::GameReader;
    /// let file = "[Event \"a\"]\n\nf5 d6\n\n[Event \"b\"]\n\nf5 f6 {[%eval 0.5] the usual}\n";
    /// let mut reader = GameReader::new(file.as_bytes());
    /// let first = reader.next().unwrap()?;
    /// assert_eq!(first.result.unwrap().tag("Event"), Some("a"));
    /// let second = reader.next().unwrap()?;
    /// assert_eq!((second.line, second.byte), (5, 20));
    /// assert_eq!(second.result.unwrap().game().move_list(), "f5 f6");
    /// assert!(reader.next().is_none());
    /// # Ok::<_, std::io::Error>(())
    /// ```
    #[derive(Debug)]
    pub struct GameReader<R> {
        input: R,
        /// The text read and not yet given out; it starts at a line start.
        buffer: String,
        /// Where the next piece is looked for in `buffer`.
        at: usize,
        /// The line and byte offset in the stream of `buffer[0]`.
        line: usize,
        byte: usize,
        /// The stream's lines (from 1) that were not UTF-8, not yet passed.
        bad_lines: Vec<usize>,
        lines_read: usize,
        archive: Option<Archive>,
        eof: bool,
        number: usize,
        bytes: Vec<u8>,
    }

    impl<R: BufRead> GameReader<R> {
        /// A reader of the games of `input`.
        pub fn new(input: R) -> GameReader<R> {
            GameReader {
                input,
                buffer: String::new(),
                at: 0,
                line: 1,
                byte: 0,
                bad_lines: Vec::new(),
                lines_read: 0,
                archive: None,
                eof: false,
                number: 0,
                bytes: Vec::new(),
            }
        }

        /// The format of the stream's games, once the first has been read.
        pub fn archive(&self) -> Option<Archive> {
            self.archive
        }

        /// Reads one more line into the buffer; `false` at the end of the stream.
        fn read_line(&mut self) -> io::Result<bool> {
            self.bytes.clear();
            let n = self.input.read_until(b'\n', &mut self.bytes)?;
            if n == 0 {
                return Ok(false);
            }
            let mut bytes = &self.bytes[..];
            if self.lines_read == 0 && bytes.starts_with(b"\xef\xbb\xbf") {
                // The byte-order mark, kept so that offsets stay true, and skipped.
                self.buffer.push('\u{feff}');
                self.at = 3;
                bytes = &bytes[3..];
            }
            self.lines_read += 1;
            match core::str::from_utf8(bytes) {
                Ok(text) => self.buffer.push_str(text),
                Err(_) => {
                    self.bad_lines.push(self.lines_read);
                    // One `?` for each byte that is not UTF-8 (not one U+FFFD, three
                    // bytes, for a run), so that the byte offsets of this line and
                    // every later game stay those of the input.
                    for chunk in bytes.utf8_chunks() {
                        self.buffer.push_str(chunk.valid());
                        self.buffer.extend(chunk.invalid().iter().map(|_| '?'));
                    }
                }
            }
            Ok(true)
        }

        /// Forgets the buffer's text before `at`, up to a line start.
        fn drop_read(&mut self) {
            let Some(cut) = self.buffer[..self.at].rfind('\n').map(|i| i + 1) else {
                return;
            };
            self.line += self.buffer[..cut].matches('\n').count();
            self.byte += self.buffer[..cut].len();
            self.buffer.drain(..cut);
            self.at -= cut;
        }
    }

    impl<R: BufRead> Iterator for GameReader<R> {
        type Item = io::Result<GameEntry>;

        fn next(&mut self) -> Option<io::Result<GameEntry>> {
            loop {
                let archive = match self.archive {
                    Some(a) => a,
                    None => {
                        let complete = self.buffer.ends_with('\n') || self.eof;
                        let decision = match decided(&self.buffer) {
                            Some(a) if complete => Some(a),
                            // No deciding line in the first mebibyte: a move text.
                            _ if self.eof || self.buffer.len() > DECIDE_WITHIN => {
                                archive_of(&self.buffer)
                            }
                            _ => {
                                match self.read_line() {
                                    Ok(more) => self.eof = !more,
                                    Err(e) => return Some(Err(e)),
                                }
                                continue;
                            }
                        };
                        match decision {
                            Some(a) => {
                                self.archive = Some(a);
                                a
                            }
                            None => return None,
                        }
                    }
                };
                match next(archive, &self.buffer, self.at, self.eof) {
                    Next::Done if self.eof => return None,
                    Next::Done | Next::NeedMore => {
                        self.drop_read();
                        match self.read_line() {
                            Ok(more) => self.eof = !more,
                            Err(e) => return Some(Err(e)),
                        }
                    }
                    Next::Piece { start, game, end } => {
                        let before = &self.buffer[..game];
                        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
                        let game_line = self.line + before.matches('\n').count();
                        let origin = Origin {
                            line: game_line,
                            column: before[line_start..].chars().count() + 1,
                        };
                        let line = game_line - self.buffer[start..game].matches('\n').count();
                        // The last line the piece touches: a final line break ends
                        // that line, it does not reach into the next game's first.
                        let piece = &self.buffer[start..end];
                        let last_line = line
                            + piece
                                .strip_suffix('\n')
                                .unwrap_or(piece)
                                .matches('\n')
                                .count();
                        self.bad_lines.retain(|&l| l >= line);
                        let bad = self.bad_lines.iter().find(|&&l| l <= last_line).copied();
                        let result = match bad {
                            Some(bad) => Err(LoadError::Utf8 { line: bad }),
                            None => read_piece(archive, &self.buffer[game..end], origin),
                        };
                        self.number += 1;
                        let entry = GameEntry {
                            number: self.number,
                            line,
                            byte: self.byte + start,
                            archive,
                            result,
                        };
                        self.at = end;
                        self.drop_read();
                        return Some(Ok(entry));
                    }
                }
            }
        }
    }
}
