//! What every export goes through: the panic boundary, the last error, NULL
//! checks, argument conversion, and copies into the caller's buffers.

use std::cell::RefCell;
use std::ffi::{c_char, CStr};
use std::fmt::Display;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::string::{String, ToString};

use super::{ReversiBoard, ReversiStatus};
use std::boxed::Box;
use std::vec::Vec;

use crate::{Board, Color, Move, Square};

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

/// Frees a handle that `Box::into_raw` made: the body of every `_free` export, so
/// that NULL does nothing and no panic of a destructor crosses the boundary (a
/// `_free` returns nothing, so there is no status to turn it into).
///
/// # Safety
///
/// `handle` is NULL or came from `Box::into_raw` and was not freed yet.
pub(crate) unsafe fn free_handle<T>(handle: *mut T) {
    if !handle.is_null() {
        // SAFETY: the caller promises a live box, freed once.
        let _ = catch_unwind(AssertUnwindSafe(|| drop(unsafe { Box::from_raw(handle) })));
    }
}

/// What is wrong with a caller's out-parameters `(buf, len, written)`, if
/// anything: the one check of them, which every copy ([`copy_text`],
/// [`write_items`]) and [`out_args`] make. NULL is a buffer of no bytes, for a
/// size query; with a length it is a mistake, whatever the length.
fn out_problem<T>(buf: *const T, len: usize, written: *const usize) -> Option<CopyError> {
    if written.is_null() {
        Some(CopyError::NullWritten)
    } else if buf.is_null() && len > 0 {
        Some(CopyError::NullBuf)
    } else {
        None
    }
}

/// The failure of a copy into a caller's buffer of `len` `unit`s, recorded.
fn copy_failure(status: ReversiStatus, why: CopyError, len: usize, unit: &str) -> ReversiStatus {
    match why {
        CopyError::NullWritten => fail(status, "written is NULL"),
        CopyError::NullBuf => fail(status, "buf is NULL"),
        CopyError::Short(needed) => fail(
            status,
            format_args!("the buffer holds {len} {unit}, {needed} are needed"),
        ),
    }
}

/// The out-parameters `(buf, len, written)` checked before a call looks for what
/// it would copy, so that a bad pointer is `NullParameter` even when the thing
/// asked for is absent (`NOT_FOUND`): the header's conventions check pointers
/// first.
pub(crate) fn out_args<T>(
    buf: *const T,
    len: usize,
    written: *const usize,
) -> Result<(), ReversiStatus> {
    match out_problem(buf, len, written) {
        Some(why) => Err(copy_failure(ReversiStatus::NullParameter, why, len, "")),
        None => Ok(()),
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

/// The `count` items of an array argument: empty when `count` is 0 (the
/// pointer may then be NULL), else `NullParameter` for NULL.
///
/// # Safety
///
/// `ptr` is NULL or points to `count` live items.
pub(crate) unsafe fn list_arg<'a, T>(
    ptr: *const T,
    count: usize,
    name: &str,
) -> Result<&'a [T], ReversiStatus> {
    if count == 0 {
        return Ok(&[]);
    }
    // SAFETY: not NULL (checked by `arg`), and `count` long by the caller's
    // promise.
    Ok(unsafe { std::slice::from_raw_parts(arg(ptr, name)?, count) })
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
    /// `buf` is NULL with a length other than 0.
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
    if let Some(why) = out_problem(buf, len, written) {
        return Err((ReversiStatus::NullParameter, why));
    }
    // SAFETY: not NULL (checked above), and valid by the caller's promise.
    let written = unsafe { &mut *written };
    let needed = text.len() + 1;
    if len < needed {
        *written = needed;
        return Err((ReversiStatus::InsufficientSize, CopyError::Short(needed)));
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
    unsafe { copy_text(text, buf, len, written) }
        .map_err(|(status, why)| copy_failure(status, why, len, "bytes"))
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
    unsafe { write_items(items, buf, len, written, "entries") }
}

/// Copies `items` (square indices, a file's bytes) into `buf`, or reports the
/// count needed; `unit` names them in the message for a short buffer.
///
/// # Safety
///
/// `buf` is NULL or has room for `len` values; `written` is NULL or valid.
pub(crate) unsafe fn write_items<T: Copy>(
    items: &[T],
    buf: *mut T,
    len: usize,
    written: *mut usize,
    unit: &str,
) -> Result<(), ReversiStatus> {
    out_args(buf, len, written)?;
    // SAFETY: not NULL (checked above), and valid by the caller's promise.
    let written = unsafe { &mut *written };
    if len < items.len() {
        *written = items.len();
        return Err(copy_failure(
            ReversiStatus::InsufficientSize,
            CopyError::Short(items.len()),
            len,
            unit,
        ));
    }
    if !items.is_empty() {
        // SAFETY: `buf` has room for `len >= items.len()` values.
        unsafe { std::ptr::copy_nonoverlapping(items.as_ptr(), buf, items.len()) };
    }
    *written = items.len();
    Ok(())
}

/// The square with `index` on `board` (`row * width + column`, the library's one
/// numbering); `SQUARE_OUT_OF_RANGE` from `width * width` (the pass) on.
pub(crate) fn square_arg(board: Board, index: u32) -> Result<Square, ReversiStatus> {
    Square::from_index(board, index as usize).ok_or_else(|| {
        let pass = board.pass_index();
        if index as usize == pass {
            fail(
                ReversiStatus::SquareOutOfRange,
                format_args!(
                    "{index} is the pass on the {board} board, not a square: pass with reversi_game_pass"
                ),
            )
        } else {
            fail(
                ReversiStatus::SquareOutOfRange,
                format_args!(
                    "{index} is not a square index on the {board} board (squares are 0 to {})",
                    pass - 1
                ),
            )
        }
    })
}

/// The index of `square` on `board`: what every list of squares gives C.
pub(crate) fn square_index(board: Board, square: Square) -> u32 {
    // A game's squares lie on its board's grid, so they always have an index.
    square.index(board).map_or(u32::MAX, |i| i as u32)
}

/// The index of `mv` on `board`: a square's index, or `width * width` for a pass.
pub(crate) fn move_index(board: Board, mv: Move) -> u32 {
    match mv {
        Move::Place(square) => square_index(board, square),
        Move::Pass => board.pass_index() as u32,
    }
}

/// The indices of `set`'s squares on `board`, in index order.
pub(crate) fn square_indices(board: Board, set: crate::SquareSet) -> Vec<u32> {
    set.iter().map(|s| square_index(board, s)).collect()
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

pub(crate) fn put<T>(out: *mut T, value: T) -> Result<(), ReversiStatus> {
    put_as(out, "out", value)
}

/// [`put`] into a parameter named `name` (the name a NULL is reported by).
pub(crate) fn put_as<T>(ptr: *mut T, name: &str, value: T) -> Result<(), ReversiStatus> {
    // SAFETY: `ptr` comes from the exported function's caller.
    *unsafe { arg_mut(ptr, name)? } = value;
    Ok(())
}
