//! The C ABI: opaque handles, status codes, and one panic boundary around every
//! exported body. `include/reversi.h` is generated from this module by cbindgen.
//!
//! The conventions every `reversi_*` function follows (status codes, out-parameters,
//! square indices, cell values, `(buf, len, written)` buffers and size queries, the
//! last error, threads) are written at the top of the header, from `cbindgen.toml`.

mod api;

pub use api::*;

use std::cell::RefCell;
use std::ffi::{c_char, CStr};
use std::fmt::Display;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::string::{String, ToString};

use crate::{Board, Color, Square};

/// The crate version, major part.
pub const REVERSI_VERSION_MAJOR: u32 = 0;
/// The crate version, minor part.
pub const REVERSI_VERSION_MINOR: u32 = 1;
/// The crate version, patch part.
pub const REVERSI_VERSION_PATCH: u32 = 0;

/// The number that stands for a pass in lists of moves.
pub const REVERSI_PASS: u32 = 100;

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
    /// A square index is 100 or more.
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
    /// An internal error: the library panicked. Please report it.
    Panic = 100,
}

impl ReversiStatus {
    /// Every status, for reading a code back.
    const ALL: [ReversiStatus; 15] = [
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
            ReversiStatus::SquareOutOfRange => c"a square index is 100 or more",
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
            ReversiStatus::Panic => c"internal error: the library panicked",
        }
    }
}

/// A board shape, as `ReversiRules::board` takes it.
#[repr(u32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ReversiBoard {
    /// 6×6.
    Size6 = 0,
    /// 8×8.
    Size8 = 1,
    /// 10×10.
    Size10 = 2,
    /// The 88-square octagon.
    Octagon = 3,
}

/// A colour, in turn order.
#[repr(u32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ReversiColor {
    /// Black, who moves first.
    Black = 0,
    /// White.
    White = 1,
    /// Red (three or four players).
    Red = 2,
    /// Green (four players).
    Green = 3,
}

/// What stands on a square: `EMPTY` (0), a disc (its `ReversiColor` value plus
/// one: `BLACK` 1 … `GREEN` 4), `NEUTRAL`, `BLOCKED`, or `OFF_BOARD` for an index
/// that names no square of the board (the octagon's cut corners, columns and rows
/// beyond a smaller board).
#[repr(u32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ReversiCell {
    /// Empty.
    Empty = 0,
    /// A Black disc (`REVERSI_COLOR_BLACK` + 1).
    Black = 1,
    /// A White disc.
    White = 2,
    /// A Red disc.
    Red = 3,
    /// A Green disc.
    Green = 4,
    /// The Neutral disc (three players).
    Neutral = 5,
    /// A blocked square.
    Blocked = 6,
    /// A square the board does not have.
    OffBoard = 7,
}

/// The state of a game's end.
#[repr(u32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ReversiOutcome {
    /// The game goes on.
    InProgress = 0,
    /// Black won.
    BlackWins = 1,
    /// White won.
    WhiteWins = 2,
    /// Red won.
    RedWins = 3,
    /// Green won.
    GreenWins = 4,
    /// A draw for the whole table.
    Draw = 5,
}

/// Corner bits for `ReversiRules::handicap_corners`.
#[repr(u32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ReversiCorner {
    /// `a1` (`b2` on the octagon).
    TopLeft = 1,
    /// `h1` on 8×8 (`i2` on the octagon).
    TopRight = 2,
    /// `a8` on 8×8 (`b9` on the octagon).
    BottomLeft = 4,
    /// `h8` on 8×8 (`i9` on the octagon).
    BottomRight = 8,
}

/// The options of a new game. Fill it with `reversi_rules_default`, then change
/// what differs.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct ReversiRules {
    /// A `ReversiBoard` value.
    pub board: u32,
    /// 2, 3 or 4.
    pub players: u32,
    /// 1 for Anti-Reversi, 0 otherwise.
    pub anti: u32,
    /// 1 for the free opening, 0 for the standard one.
    pub free_opening: u32,
    /// The `ReversiColor` that receives the handicap (Black or White); read only
    /// when `handicap_corners` is not 0.
    pub handicap_color: u32,
    /// `ReversiCorner` bits; 0 for no handicap.
    pub handicap_corners: u32,
    /// How many squares of `blocked` are blocked (0 to 4).
    pub blocked_count: u32,
    /// Blocked square indices.
    pub blocked: [u32; 4],
    /// 1 to draw one to four blocked squares from `seed` (then `blocked_count`
    /// must be 0), 0 otherwise.
    pub random_blocked: u32,
    /// The seed of the random blocked squares.
    pub seed: u64,
}

std::thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Records `message` as the calling thread's last error and returns `status`.
pub(crate) fn fail(status: ReversiStatus, message: impl Display) -> ReversiStatus {
    let text = message.to_string();
    LAST_ERROR.with(|e| *e.borrow_mut() = text);
    status
}

pub(crate) fn last_error() -> String {
    LAST_ERROR.with(|e| e.borrow().clone())
}

/// Runs an exported body: a panic becomes [`ReversiStatus::Panic`].
pub(crate) fn boundary(body: impl FnOnce() -> Result<(), ReversiStatus>) -> ReversiStatus {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => ReversiStatus::Ok,
        Ok(Err(status)) => status,
        Err(_) => fail(ReversiStatus::Panic, "internal error: the library panicked"),
    }
}

/// The reference behind a pointer argument, or `NullParameter`.
///
/// # Safety
///
/// `ptr` is NULL or points to a live `T`.
pub(crate) unsafe fn arg<'a, T>(ptr: *const T, name: &str) -> Result<&'a T, ReversiStatus> {
    // SAFETY: the caller promises a valid pointer when it is not NULL.
    unsafe { ptr.as_ref() }
        .ok_or_else(|| fail(ReversiStatus::NullParameter, format_args!("{name} is NULL")))
}

/// The mutable reference behind a pointer argument, or `NullParameter`.
///
/// # Safety
///
/// `ptr` is NULL or points to a live `T` that nothing else uses meanwhile.
pub(crate) unsafe fn arg_mut<'a, T>(ptr: *mut T, name: &str) -> Result<&'a mut T, ReversiStatus> {
    // SAFETY: the caller promises a valid, unaliased pointer when it is not NULL.
    unsafe { ptr.as_mut() }
        .ok_or_else(|| fail(ReversiStatus::NullParameter, format_args!("{name} is NULL")))
}

/// A NUL-terminated UTF-8 text argument.
///
/// # Safety
///
/// `ptr` is NULL or points to a NUL-terminated string.
pub(crate) unsafe fn text<'a>(ptr: *const c_char, name: &str) -> Result<&'a str, ReversiStatus> {
    if ptr.is_null() {
        return Err(fail(
            ReversiStatus::NullParameter,
            format_args!("{name} is NULL"),
        ));
    }
    // SAFETY: not NULL, and NUL-terminated by the caller's promise.
    let c = unsafe { CStr::from_ptr(ptr) };
    c.to_str().map_err(|e| {
        fail(
            ReversiStatus::InvalidUtf8,
            format_args!("{name} is not UTF-8 (byte {})", e.valid_up_to()),
        )
    })
}

/// Why [`copy_text`] copied nothing.
pub(crate) enum CopyError {
    /// `written` is NULL.
    NullWritten,
    /// `buf` is NULL although `len` is enough.
    NullBuf,
    /// `len` is less than this many bytes.
    Short(usize),
}

/// Copies `text` and a NUL into `buf`, or reports the size needed, recording no
/// error: [`reversi_last_error`] must not change what it reads.
///
/// # Safety
///
/// `buf` is NULL or has room for `len` bytes; `written` is NULL or valid.
pub(crate) unsafe fn copy_text(
    text: &str,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> Result<(), (ReversiStatus, CopyError)> {
    // SAFETY: the caller promises a valid pointer when it is not NULL.
    let written = unsafe { written.as_mut() }
        .ok_or((ReversiStatus::NullParameter, CopyError::NullWritten))?;
    let needed = text.len() + 1;
    if len < needed {
        *written = needed;
        return Err((ReversiStatus::InsufficientSize, CopyError::Short(needed)));
    }
    if buf.is_null() {
        return Err((ReversiStatus::NullParameter, CopyError::NullBuf));
    }
    // SAFETY: `buf` has room for `len >= needed` bytes, and `text` is not inside it
    // (it is Rust-owned).
    unsafe {
        std::ptr::copy_nonoverlapping(text.as_ptr(), buf.cast::<u8>(), text.len());
        *buf.add(text.len()) = 0;
    }
    *written = needed;
    Ok(())
}

/// Copies `text` and a NUL into `buf`, or reports the size needed.
///
/// # Safety
///
/// `buf` is NULL or has room for `len` bytes; `written` is NULL or valid.
pub(crate) unsafe fn write_text(
    text: &str,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> Result<(), ReversiStatus> {
    // SAFETY: forwarded from the caller.
    unsafe { copy_text(text, buf, len, written) }.map_err(|(status, why)| match why {
        CopyError::NullWritten => fail(status, "written is NULL"),
        CopyError::NullBuf => fail(status, "buf is NULL"),
        CopyError::Short(needed) => fail(
            status,
            format_args!("the buffer holds {len} bytes, {needed} are needed"),
        ),
    })
}

/// Copies square indices into `buf`, or reports the count needed.
///
/// # Safety
///
/// `buf` is NULL or has room for `len` values; `written` is NULL or valid.
pub(crate) unsafe fn write_list(
    items: &[u32],
    buf: *mut u32,
    len: usize,
    written: *mut usize,
) -> Result<(), ReversiStatus> {
    // SAFETY: forwarded from the caller.
    let written = unsafe { arg_mut(written, "written")? };
    if len < items.len() {
        *written = items.len();
        return Err(fail(
            ReversiStatus::InsufficientSize,
            format_args!("the buffer holds {len} entries, {} are needed", items.len()),
        ));
    }
    if buf.is_null() && !items.is_empty() {
        return Err(fail(ReversiStatus::NullParameter, "buf is NULL"));
    }
    if !items.is_empty() {
        // SAFETY: `buf` has room for `len >= items.len()` values.
        unsafe { std::ptr::copy_nonoverlapping(items.as_ptr(), buf, items.len()) };
    }
    *written = items.len();
    Ok(())
}

pub(crate) fn square_arg(index: u32) -> Result<Square, ReversiStatus> {
    Square::from_index(index as usize).ok_or_else(|| {
        fail(
            ReversiStatus::SquareOutOfRange,
            format_args!("square index {index} is not below 100"),
        )
    })
}

pub(crate) fn color_arg(value: u32, players: u8) -> Result<Color, ReversiStatus> {
    Color::from_index(value as usize)
        .filter(|c| c.index() < usize::from(players))
        .ok_or_else(|| {
            fail(
                ReversiStatus::InvalidArgument,
                format_args!("color {value} is not a colour in play ({players} players)"),
            )
        })
}

pub(crate) fn board_arg(value: u32) -> Result<Board, ReversiStatus> {
    match Board::ALL.into_iter().find(|&b| board_code(b) == value) {
        Some(board) => Ok(board),
        None => Err(fail(
            ReversiStatus::InvalidArgument,
            format_args!("board {value} is not a ReversiBoard"),
        )),
    }
}

pub(crate) fn board_code(board: Board) -> u32 {
    match board {
        Board::Size6 => ReversiBoard::Size6 as u32,
        Board::Size8 => ReversiBoard::Size8 as u32,
        Board::Size10 => ReversiBoard::Size10 as u32,
        Board::Octagon => ReversiBoard::Octagon as u32,
    }
}

pub(crate) fn flag_arg(value: u32, name: &str) -> Result<bool, ReversiStatus> {
    match value {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(fail(
            ReversiStatus::InvalidArgument,
            format_args!("{name} is {value}: expected 0 or 1"),
        )),
    }
}
