//! Status codes, the version, and the calling thread's last error.

use std::ffi::{c_char, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

use super::plumbing::{copy_text, last_error};

/// The crate version, major part.
pub const REVERSI_VERSION_MAJOR: u32 = 0;
/// The crate version, minor part.
pub const REVERSI_VERSION_MINOR: u32 = 2;
/// The crate version, patch part.
pub const REVERSI_VERSION_PATCH: u32 = 0;

/// The result of a call. Codes are never reused. `reversi_status_message`
/// describes each one.
#[repr(u32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ReversiStatus {
    /// Success.
    Ok = 0,
    /// A pointer argument was NULL.
    NullParameter = 1,
    /// An enumeration or flag argument had a value it cannot have.
    InvalidArgument = 2,
    /// A square index is not below `width * width` of the board (the pass index
    /// and beyond).
    SquareOutOfRange = 3,
    /// A text argument is not UTF-8.
    InvalidUtf8 = 4,
    /// The caller's buffer is too small; `*written` holds the size needed.
    InsufficientSize = 5,
    /// The rules describe no game that the rules allow.
    InvalidRules = 6,
    /// The move or pass is not legal now; the game is unchanged.
    IllegalMove = 7,
    /// Undo at the start of the game.
    NothingToUndo = 8,
    /// A text could not be read.
    ParseError = 9,
    /// The target format cannot express this game.
    CannotExpress = 10,
    /// A WTHOR database could not be read, or one of its games replayed.
    WthorError = 11,
    /// An index (for example a game number) is out of range.
    IndexOutOfRange = 12,
    /// A tag cannot be set: a variant tag, not a tag name, or a value with a line
    /// break.
    InvalidTag = 13,
    /// What was asked for is absent: a tag the record does not hold, a move
    /// without a comment. Nothing is copied.
    NotFound = 14,
    /// Redo with no move to redo (at the end of the game's line).
    NothingToRedo = 15,
    /// A game reader has given every game of its input.
    NoMoreGames = 16,
    /// Reading the input failed (a file that cannot be opened or read, a read
    /// callback that reported an error).
    IoError = 17,
    /// A result does not fit the game (a winner not in play, scores that make
    /// another outcome or do not fit on the board, a result other than the
    /// board's for a game over on the board), or is not a result's text.
    InvalidResult = 18,
    /// An internal error: the library panicked. Please report it.
    Panic = 100,
}

impl ReversiStatus {
    /// Every status, for reading a code back.
    const ALL: [ReversiStatus; 20] = [
        ReversiStatus::Ok,
        ReversiStatus::NullParameter,
        ReversiStatus::InvalidArgument,
        ReversiStatus::SquareOutOfRange,
        ReversiStatus::InvalidUtf8,
        ReversiStatus::InsufficientSize,
        ReversiStatus::InvalidRules,
        ReversiStatus::IllegalMove,
        ReversiStatus::NothingToUndo,
        ReversiStatus::ParseError,
        ReversiStatus::CannotExpress,
        ReversiStatus::WthorError,
        ReversiStatus::IndexOutOfRange,
        ReversiStatus::InvalidTag,
        ReversiStatus::NotFound,
        ReversiStatus::NothingToRedo,
        ReversiStatus::NoMoreGames,
        ReversiStatus::IoError,
        ReversiStatus::InvalidResult,
        ReversiStatus::Panic,
    ];

    /// The status with this code, if there is one.
    pub fn from_code(code: u32) -> Option<ReversiStatus> {
        ReversiStatus::ALL.into_iter().find(|&s| s as u32 == code)
    }

    /// A short description, for `reversi_status_message`.
    pub fn message(self) -> &'static CStr {
        match self {
            ReversiStatus::Ok => c"ok",
            ReversiStatus::NullParameter => c"a pointer argument is NULL",
            ReversiStatus::InvalidArgument => {
                c"an enumeration or flag argument has a value it cannot have"
            }
            ReversiStatus::SquareOutOfRange => c"a square index is not below width * width",
            ReversiStatus::InvalidUtf8 => c"a text argument is not UTF-8",
            ReversiStatus::InsufficientSize => c"the buffer is too small",
            ReversiStatus::InvalidRules => c"the rules describe no game that the rules allow",
            ReversiStatus::IllegalMove => c"the move is not legal now",
            ReversiStatus::NothingToUndo => c"there is no move to undo",
            ReversiStatus::ParseError => c"the text could not be read",
            ReversiStatus::CannotExpress => c"the format cannot express this game",
            ReversiStatus::WthorError => c"the WTHOR database could not be read",
            ReversiStatus::IndexOutOfRange => c"an index is out of range",
            ReversiStatus::InvalidTag => c"the tag cannot be set",
            ReversiStatus::NotFound => c"not found",
            ReversiStatus::NothingToRedo => c"there is no move to redo",
            ReversiStatus::NoMoreGames => c"there are no more games",
            ReversiStatus::IoError => c"reading the input failed",
            ReversiStatus::InvalidResult => c"the result does not fit the game",
            ReversiStatus::Panic => c"internal error: the library panicked",
        }
    }
}

/// The library version, as a static NUL-terminated string (`"0.2.0"`).
#[unsafe(no_mangle)]
pub extern "C" fn reversi_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// A static, NUL-terminated description of a status code (any value: an unknown
/// one gives `"unknown status code"`).
#[unsafe(no_mangle)]
pub extern "C" fn reversi_status_message(status: u32) -> *const c_char {
    ReversiStatus::from_code(status)
        .map_or(c"unknown status code", ReversiStatus::message)
        .as_ptr()
}

/// Copies the detail of the calling thread's last failing call (empty if none),
/// as every text is copied. Reading it never changes it: with a short buffer this
/// returns `INSUFFICIENT_SIZE` and the size needed in `*written`, and a retry with
/// that size gets the same text.
///
/// # Safety
/// `buf` is NULL or has room for `len` bytes; `written` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_last_error(
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    // Not through `boundary` or `write_text`, which record their failures.
    let copied = catch_unwind(AssertUnwindSafe(|| {
        let message = last_error();
        // SAFETY: forwarded from the caller.
        unsafe { copy_text(&message, buf, len, written) }
    }));
    match copied {
        Ok(Ok(())) => ReversiStatus::Ok,
        Ok(Err((status, _))) => status,
        Err(_) => ReversiStatus::Panic,
    }
}
