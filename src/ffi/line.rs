//! A game's line: the moves played and the moves that can be redone, browsed with
//! undo, redo and go-to, and each move's data (square, flips, time, evaluation,
//! comment), as `Game::line` and `Ply` give them in Rust.

use std::ffi::c_char;
use std::time::Duration;
use std::vec::Vec;

use super::game::{game_mut, game_ref, new_game};
use super::plumbing::*;
use super::*;
use crate::{Evaluation, Game, Ply};

/// One move of a game's line, as `reversi_game_ply` gives it. A datum that is not
/// known has its `has_` flag false and its value 0.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct ReversiPly {
    /// The colour that moved, as a `ReversiColor` value.
    pub color: u32,
    /// The index of the square played, or the pass index
    /// (`reversi_board_pass_index`) for a pass.
    pub square: u32,
    /// How many discs the move flipped (`reversi_game_ply_flips` names them).
    pub flip_count: u32,
    /// True when the move is played (before the current position), false when it
    /// is in the redo list.
    pub played: bool,
    /// Whether the time the player took is known.
    pub has_time: bool,
    /// The time the player took: whole seconds ...
    pub time_seconds: u64,
    /// ... and nanoseconds (below 1,000,000,000).
    pub time_nanoseconds: u32,
    /// Whether an engine's evaluation of the move is known.
    pub has_evaluation: bool,
    /// The evaluation in thousandths of a disc, from the side of the player who
    /// moved (positive: good for them): GGF's `B[f5/2.39/…]` is 2390.
    pub evaluation: i32,
    /// Whether the move has a comment (`reversi_game_ply_comment` copies it).
    pub has_comment: bool,
}

/// The ply `index` moves after the start along the whole line, or
/// `INDEX_OUT_OF_RANGE`.
fn ply_at(game: &Game, index: usize) -> Result<&Ply, ReversiStatus> {
    game.line()
        .get(index)
        .ok_or_else(|| beyond_line(index, game.line().len()))
}

fn ply_at_mut(game: &mut Game, index: usize) -> Result<&mut Ply, ReversiStatus> {
    let length = game.line().len();
    game.ply_mut(index)
        .ok_or_else(|| beyond_line(index, length))
}

fn beyond_line(index: usize, length: usize) -> ReversiStatus {
    fail(
        ReversiStatus::IndexOutOfRange,
        format_args!("move index {index}: the line has {length} moves"),
    )
}

/// Takes back the last move, keeping it (with its time, evaluation and comment)
/// for `reversi_game_redo`, as the Rust `Game::undo` does; `NOTHING_TO_UNDO` at the
/// start. Saves write the whole line, the moves that can be redone included:
/// `reversi_game_up_to_current` or `reversi_game_clear_redo` leave them out.
/// (Earlier builds forgot the undone move, C having no redo then.)
///
/// # Safety
/// `game` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_undo(game: *mut ReversiGame) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_mut(game)? };
        game.undo()
            .map(|_| ())
            .ok_or_else(|| fail(ReversiStatus::NothingToUndo, "no move to undo"))
    })
}

/// Plays again the first move of the redo list; `NOTHING_TO_REDO` at the end of
/// the line. (`reversi_game_play` and `reversi_game_pass` clear the redo list, even
/// for the move that redo would play.)
///
/// # Safety
/// `game` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_redo(game: *mut ReversiGame) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_mut(game)? };
        game.redo()
            .map(|_| ())
            .ok_or_else(|| fail(ReversiStatus::NothingToRedo, "no move to redo"))
    })
}

/// Goes to the position after `moves` moves from the start, back or forth along
/// the whole line, keeping the line; 0 is the start, the line length its end.
/// Beyond the line's end: `INDEX_OUT_OF_RANGE`, with the game unchanged.
///
/// # Safety
/// `game` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_go_to(game: *mut ReversiGame, moves: usize) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_mut(game)? };
        game.go_to(moves)
            .map_err(|e| fail(ReversiStatus::IndexOutOfRange, e))
    })
}

/// Forgets the redo list: the line ends at the current position. A result stated
/// for the end of the line it cut (a resignation…) goes with it
/// (`reversi_game_result`).
///
/// # Safety
/// `game` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_clear_redo(game: *mut ReversiGame) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        unsafe { game_mut(game)? }.clear_redo();
        Ok(())
    })
}

/// The number of moves played up to the current position (passes included): the
/// index in the line of the next move to redo.
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_move_count(
    game: *const ReversiGame,
    out: *mut usize,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| put(out, unsafe { game_ref(game)? }.move_count()))
}

/// The number of moves of the whole line: the moves played and the redo list.
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_line_length(
    game: *const ReversiGame,
    out: *mut usize,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| put(out, unsafe { game_ref(game)? }.line().len()))
}

/// The moves of the whole line (the moves played, then the redo list), into a
/// caller's buffer: their indices, the pass index (`reversi_board_pass_index`)
/// for a pass.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` values; `written` is valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_line(
    game: *const ReversiGame,
    buf: *mut u32,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_ref(game)? };
        let board = game.rules().board();
        let moves: Vec<u32> = game
            .line()
            .iter()
            .map(|p| move_index(board, p.mv()))
            .collect();
        // SAFETY: forwarded.
        unsafe { write_list(&moves, buf, len, written) }
    })
}

/// A copy of `game` whose line ends at its current position (the redo list left
/// out), into `*out`: to save only up to where the game stands, since every writer
/// (`reversi_game_record`, `reversi_game_ggf`, …) writes the whole line. The tags
/// are kept; a stated result (resignation, time, agreement) belongs to the end of
/// the line: kept when the game stands there (the copy is the whole game),
/// dropped otherwise.
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_up_to_current(
    game: *const ReversiGame,
    out: *mut *mut ReversiGame,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let record = unsafe { arg(game, "game")? }.record.up_to_current();
        new_game(out, record)
    })
}

/// Move `index` of the whole line (0 for the first move; the redo list included):
/// who moved, the square, the flip count and the annotations. Beyond the line:
/// `INDEX_OUT_OF_RANGE`.
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_ply(
    game: *const ReversiGame,
    index: usize,
    out: *mut ReversiPly,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_ref(game)? };
        let ply = ply_at(game, index)?;
        let time = ply.time();
        let evaluation = ply.evaluation();
        put(
            out,
            ReversiPly {
                color: ply.color().index() as u32,
                square: move_index(game.rules().board(), ply.mv()),
                flip_count: ply.flips().len() as u32,
                played: index < game.move_count(),
                has_time: time.is_some(),
                time_seconds: time.map_or(0, |t| t.as_secs()),
                time_nanoseconds: time.map_or(0, |t| t.subsec_nanos()),
                has_evaluation: evaluation.is_some(),
                evaluation: evaluation.map_or(0, Evaluation::millidiscs),
                has_comment: ply.comment().is_some(),
            },
        )
    })
}

/// The discs move `index` of the line flipped, into a caller's buffer of square
/// indices (none for a pass); on every board, the octagon and 10×10 included.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` values; `written` is valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_ply_flips(
    game: *const ReversiGame,
    index: usize,
    buf: *mut u32,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_ref(game)? };
        let flips = square_indices(game.rules().board(), ply_at(game, index)?.flips());
        // SAFETY: forwarded.
        unsafe { write_list(&flips, buf, len, written) }
    })
}

/// The comment on move `index` of the line; `NOT_FOUND`, with nothing copied, when
/// it has none (a comment is never empty: setting an empty one clears it).
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` bytes; `written` is valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_ply_comment(
    game: *const ReversiGame,
    index: usize,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_ref(game)? };
        out_args(buf, len, written)?;
        let comment = ply_at(game, index)?.comment().ok_or_else(|| {
            fail(
                ReversiStatus::NotFound,
                format_args!("move index {index} has no comment"),
            )
        })?;
        // SAFETY: forwarded.
        unsafe { write_text(comment, buf, len, written) }
    })
}

/// Sets the time the player took for move `index` of the line to `seconds` and
/// `nanoseconds` (below 1,000,000,000, else `INVALID_ARGUMENT`) when `has_time` is
/// 1, or clears it when `has_time` is 0 (as `ReversiPly.has_time` reads back; an
/// input flag is a `uint32_t`, 0 or 1, like every flag passed in). Records and GGF
/// keep it to the nanosecond.
///
/// # Safety
/// `game` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_set_ply_time(
    game: *mut ReversiGame,
    index: usize,
    has_time: u32,
    seconds: u64,
    nanoseconds: u32,
) -> ReversiStatus {
    boundary(|| {
        let has_time = flag_arg(has_time, "has_time")?;
        if nanoseconds >= 1_000_000_000 {
            return Err(fail(
                ReversiStatus::InvalidArgument,
                format_args!("nanoseconds is {nanoseconds}: expected less than 1000000000"),
            ));
        }
        // SAFETY: forwarded.
        let ply = ply_at_mut(unsafe { game_mut(game)? }, index)?;
        ply.set_time(has_time.then(|| Duration::new(seconds, nanoseconds)));
        Ok(())
    })
}

/// Sets an engine's evaluation of move `index` of the line, in thousandths of a
/// disc from the mover's side, when `has_evaluation` is 1, or clears it when
/// `has_evaluation` is 0 (as `ReversiPly.has_evaluation` reads back).
///
/// # Safety
/// `game` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_set_ply_evaluation(
    game: *mut ReversiGame,
    index: usize,
    has_evaluation: u32,
    millidiscs: i32,
) -> ReversiStatus {
    boundary(|| {
        let has_evaluation = flag_arg(has_evaluation, "has_evaluation")?;
        // SAFETY: forwarded.
        let ply = ply_at_mut(unsafe { game_mut(game)? }, index)?;
        ply.set_evaluation(has_evaluation.then(|| Evaluation::from_millidiscs(millidiscs)));
        Ok(())
    })
}

/// Sets the comment on move `index` of the line. White space around it is trimmed,
/// and a comment that is empty once trimmed (`""`) clears it. GGF writes no
/// comments; records keep them.
///
/// # Safety
/// `game` is NULL or a live handle; `comment` is NULL or NUL-terminated.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_set_ply_comment(
    game: *mut ReversiGame,
    index: usize,
    comment: *const c_char,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let comment = unsafe { text(comment, "comment")? };
        // SAFETY: forwarded.
        let ply = ply_at_mut(unsafe { game_mut(game)? }, index)?;
        ply.set_comment(Some(comment));
        Ok(())
    })
}
