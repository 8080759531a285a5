//! A reader of many games: GGF archives and files of records, from bytes, a file
//! or a read callback, streamed one game at a time over `text::games::GameReader`.

use std::boxed::Box;
use std::ffi::{c_char, c_void};
use std::format;
use std::io::{self, BufRead, BufReader, Cursor, Read};

use std::vec::Vec;

use super::game::new_game;
use super::plumbing::*;
use super::*;
use crate::text::games::{Archive, GameReader};
use crate::text::load::LoadError;

/// A reader of the games of one input, one at a time, holding one game (or one
/// line) in memory however large the input.
pub struct ReversiGameReader {
    games: GameReader<Box<dyn BufRead>>,
    /// The input ended, or failed: nothing more is read.
    done: bool,
}

/// The kind of text that holds a reader's games, as `ReversiGameEntry::archive`
/// gives it.
#[repr(u32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ReversiArchive {
    /// GGF games `(;…;)`, one a line after a game number as GGS archives hold
    /// them, or several on a line (a synchro match).
    Ggf = 0,
    /// Game records (RULES.md §10) one after another, as PGN databases hold them.
    Record = 1,
}

/// Where a game of a reader's input starts, and where its error is.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct ReversiGameEntry {
    /// A running count: 1 for the first entry the reader gives, 2 for the next,
    /// and so on, entries that could not be read counted (each game of a GGS
    /// synchro line is an entry of its own). It is not the game number a GGS
    /// archive writes before a game (`12 (;…;)`), which the reader skips.
    pub number: usize,
    /// The line on which the game starts, from 1.
    pub line: usize,
    /// The byte offset at which the game starts (its game number, its `(;` or its
    /// first tag).
    pub byte: usize,
    /// The format of the input, as a `ReversiArchive` value.
    pub archive: u32,
    /// For a game that could not be read: the line of the error, from 1 and
    /// counted from the start of the input; 0 for a game that was read.
    pub error_line: usize,
    /// The column (in characters, from 1) of the error; 0 when the error names a
    /// whole line or for a game that was read.
    pub error_column: usize,
}

/// A read callback for `reversi_game_reader_from_callback`: copies up to `len`
/// bytes of the input into `buf`, stores how many in `*count` (0 at the end of the
/// input) and returns 0; any other return value is an error, which ends the
/// reading with `IO_ERROR`. It must not unwind (no C++ exception, no longjmp) out
/// of the call.
pub type ReversiReadFn = Option<
    unsafe extern "C" fn(user: *mut c_void, buf: *mut u8, len: usize, count: *mut usize) -> i32,
>;

/// The input of a read callback.
struct Callback {
    read: unsafe extern "C" fn(*mut c_void, *mut u8, usize, *mut usize) -> i32,
    user: *mut c_void,
}

impl Read for Callback {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut count = 0usize;
        // SAFETY: the caller of reversi_game_reader_from_callback promised a
        // callback that writes at most `len` bytes into `buf` and `*read`.
        let code = unsafe { (self.read)(self.user, buf.as_mut_ptr(), buf.len(), &mut count) };
        if code != 0 {
            return Err(io::Error::other(format!(
                "the read callback returned {code}"
            )));
        }
        if count > buf.len() {
            return Err(io::Error::other(format!(
                "the read callback says it read {count} bytes into a buffer of {}",
                buf.len()
            )));
        }
        Ok(count)
    }
}

fn new_reader(
    out: *mut *mut ReversiGameReader,
    input: Box<dyn BufRead>,
) -> Result<(), ReversiStatus> {
    put(
        out,
        Box::into_raw(Box::new(ReversiGameReader {
            games: GameReader::new(input),
            done: false,
        })),
    )
}

/// A reader of the games held in `len` bytes (copied; a file's bytes, UTF-8), into
/// `*out` (free it with `reversi_game_reader_free`). The format (GGF archive or
/// records) is told from the first line that starts a game.
///
/// `bytes` may be NULL when `len` is 0 (an empty input, which has no games).
///
/// # Safety
/// `bytes` is NULL or points to `len` bytes; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_reader_from_bytes(
    bytes: *const u8,
    len: usize,
    out: *mut *mut ReversiGameReader,
) -> ReversiStatus {
    boundary(|| {
        if bytes.is_null() && len > 0 {
            return Err(fail(ReversiStatus::NullParameter, "bytes is NULL"));
        }
        if out.is_null() {
            return Err(fail(ReversiStatus::NullParameter, "out is NULL"));
        }
        let data = if len == 0 {
            Vec::new()
        } else {
            // SAFETY: not NULL, and `len` bytes long by the caller's promise.
            unsafe { std::slice::from_raw_parts(bytes, len) }.to_vec()
        };
        new_reader(out, Box::new(Cursor::new(data)))
    })
}

/// A reader of the games of the file at `path`, streamed: memory stays flat
/// however large the file. On Unix the path is bytes (any encoding); elsewhere it
/// must be UTF-8. A file that cannot be opened, or a directory, is `IO_ERROR`, the
/// detail starting with the path.
///
/// # Safety
/// `path` is NULL or NUL-terminated; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_reader_open(
    path: *const c_char,
    out: *mut *mut ReversiGameReader,
) -> ReversiStatus {
    boundary(|| {
        if path.is_null() {
            return Err(fail(ReversiStatus::NullParameter, "path is NULL"));
        }
        if out.is_null() {
            return Err(fail(ReversiStatus::NullParameter, "out is NULL"));
        }
        #[cfg(unix)]
        let path = {
            use std::os::unix::ffi::OsStrExt;
            // SAFETY: not NULL, and NUL-terminated by the caller's promise.
            std::ffi::OsStr::from_bytes(unsafe { std::ffi::CStr::from_ptr(path) }.to_bytes())
        };
        #[cfg(not(unix))]
        // SAFETY: forwarded.
        let path = unsafe { text(path, "path")? };
        let shown = std::path::Path::new(path).display();
        let io_error =
            |e: &dyn std::fmt::Display| fail(ReversiStatus::IoError, format_args!("{shown}: {e}"));
        let file = std::fs::File::open(path).map_err(|e| io_error(&e))?;
        // A directory opens on some systems and fails only when read: say so now,
        // with its path.
        if file.metadata().map_err(|e| io_error(&e))?.is_dir() {
            return Err(io_error(&"is a directory, not a file"));
        }
        new_reader(out, Box::new(BufReader::new(file)))
    })
}

/// A reader of the games of an input that `read` gives (a socket, a compressed
/// file, a C++ stream), streamed as from a file. `user` is passed to every call of
/// `read_fn` and must stay valid until the reader is freed.
///
/// # Safety
/// `read_fn` is NULL or a callback as `ReversiReadFn` describes; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_reader_from_callback(
    read_fn: ReversiReadFn,
    user: *mut c_void,
    out: *mut *mut ReversiGameReader,
) -> ReversiStatus {
    boundary(|| {
        let read = read_fn.ok_or_else(|| fail(ReversiStatus::NullParameter, "read_fn is NULL"))?;
        if out.is_null() {
            return Err(fail(ReversiStatus::NullParameter, "out is NULL"));
        }
        new_reader(out, Box::new(BufReader::new(Callback { read, user })))
    })
}

/// Reads the next game.
///
/// - `OK`: `*out` is a new game handle (free it with `reversi_game_free`) and
///   `*entry` says where it starts.
/// - `PARSE_ERROR`: this game could not be read; `*out` is set to NULL, `*entry`
///   says where it starts and where its error is (an exception to the rule that
///   out-parameters are written only on success), and `reversi_last_error` gives
///   the detail (`game 2: GGF: line 2, column 35: …`). The next call reads on: a
///   bad game does not stop the rest.
/// - `NO_MORE_GAMES`: the input is read; nothing is written.
/// - `IO_ERROR`: reading the input failed (the detail says why); nothing is
///   written, and every later call is `NO_MORE_GAMES`.
///
/// # Safety
/// `reader` is NULL or a live handle; `out` and `entry` are NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_reader_next(
    reader: *mut ReversiGameReader,
    out: *mut *mut ReversiGame,
    entry: *mut ReversiGameEntry,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let reader = unsafe { arg_mut(reader, "reader")? };
        // Checked before reading, so that no game is lost.
        for (null, name) in [(out.is_null(), "out"), (entry.is_null(), "entry")] {
            if null {
                return Err(fail(
                    ReversiStatus::NullParameter,
                    format_args!("{name} is NULL"),
                ));
            }
        }
        let no_more = || fail(ReversiStatus::NoMoreGames, "the input has no more games");
        if reader.done {
            return Err(no_more());
        }
        let next = match reader.games.next() {
            None => {
                reader.done = true;
                return Err(no_more());
            }
            Some(Err(e)) => {
                reader.done = true;
                return Err(fail(ReversiStatus::IoError, e));
            }
            Some(Ok(next)) => next,
        };
        let (error_line, error_column) = match &next.result {
            Ok(_) => (0, 0),
            Err(LoadError::Ggf(e)) => (e.line, e.column),
            Err(LoadError::Record(e)) => (e.line, e.column),
            Err(LoadError::Utf8 { line }) => (*line, 0),
            Err(_) => (next.line, 0),
        };
        put_as(
            entry,
            "entry",
            ReversiGameEntry {
                number: next.number,
                line: next.line,
                byte: next.byte,
                archive: match next.archive {
                    Archive::Ggf => ReversiArchive::Ggf as u32,
                    Archive::Record => ReversiArchive::Record as u32,
                },
                error_line,
                error_column,
            },
        )?;
        match next.result {
            Ok(record) => new_game(out, record),
            Err(e) => {
                put(out, std::ptr::null_mut())?;
                Err(fail(
                    ReversiStatus::ParseError,
                    format_args!("game {}: {e}", next.number),
                ))
            }
        }
    })
}

/// Frees a game reader (and closes its file); NULL does nothing. The games it gave
/// are handles of their own, freed by `reversi_game_free`.
///
/// # Safety
/// `reader` is NULL or a handle not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_reader_free(reader: *mut ReversiGameReader) {
    // SAFETY: made by `Box::into_raw` in `new_reader`; the caller frees it once.
    unsafe { free_handle(reader) }
}
