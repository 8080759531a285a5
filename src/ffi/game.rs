//! The game handle: a game's rules, position, moves played and record tags.

use std::boxed::Box;
use std::ffi::c_char;
use std::string::ToString;
use std::vec::Vec;

use super::plumbing::*;
use super::rules::rules_of;
use super::text::{always, write_game};
use super::*;
use crate::text::record::Record;
use crate::text::result::Ending;

use crate::{Cell, Game, Opening, Outcome};

/// A game: rules, position, the moves played, and the tags of its record.
pub struct ReversiGame {
    pub(crate) record: Record,
}

pub(crate) fn new_game(out: *mut *mut ReversiGame, record: Record) -> Result<(), ReversiStatus> {
    // SAFETY: `out` comes from the exported function's caller.
    let out = unsafe { arg_mut(out, "out")? };
    *out = Box::into_raw(Box::new(ReversiGame { record }));
    Ok(())
}

/// # Safety
/// `game` is NULL or a live handle.
pub(crate) unsafe fn game_ref<'a>(game: *const ReversiGame) -> Result<&'a Game, ReversiStatus> {
    // SAFETY: forwarded.
    Ok(unsafe { arg(game, "game")? }.record.game())
}

/// # Safety
/// `game` is NULL or a live handle used by no one else meanwhile.
pub(crate) unsafe fn game_mut<'a>(game: *mut ReversiGame) -> Result<&'a mut Game, ReversiStatus> {
    // SAFETY: forwarded.
    Ok(unsafe { arg_mut(game, "game")? }.record.game_mut())
}

/// A new game with `rules`, into `*out` (free it with `reversi_game_free`).
///
/// # Safety
/// `rules` and `out` are NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_new(
    rules: *const ReversiRules,
    out: *mut *mut ReversiGame,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let rules = rules_of(unsafe { arg(rules, "rules")? })?;
        new_game(out, Record::new(Game::new(rules)))
    })
}

/// A copy of `game`, into `*out`.
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_clone(
    game: *const ReversiGame,
    out: *mut *mut ReversiGame,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let record = unsafe { arg(game, "game")? }.record.clone();
        new_game(out, record)
    })
}

/// Frees a game; NULL does nothing.
///
/// # Safety
/// `game` is NULL or a handle not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_free(game: *mut ReversiGame) {
    // SAFETY: made by `Box::into_raw` in `new_game`; the caller frees it once.
    unsafe { free_handle(game) }
}

/// The board, as a `ReversiBoard` value.
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_board(
    game: *const ReversiGame,
    out: *mut u32,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| put(out, board_code(unsafe { game_ref(game)? }.board())))
}

/// The game's rules, all of them: board, players, Anti-Reversi, opening, handicap
/// and blocked squares (the squares themselves, also when they were drawn at
/// random: `random_blocked` and `seed` come back 0, so the value passed to
/// `reversi_game_new` makes the same game again). `handicap_color` is
/// `REVERSI_COLOR_BLACK` when there is no handicap.
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_rules(
    game: *const ReversiGame,
    out: *mut ReversiRules,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let rules = *unsafe { game_ref(game)? }.rules();
        let mut blocked = [0; 4];
        let mut blocked_count = 0;
        for (slot, square) in blocked.iter_mut().zip(rules.blocked().iter()) {
            *slot = square_index(rules.board(), square);
            blocked_count += 1;
        }
        let handicap = rules.handicap();
        put(
            out,
            ReversiRules {
                board: board_code(rules.board()),
                players: u32::from(rules.players()),
                anti: u32::from(rules.anti()),
                free_opening: u32::from(rules.opening() == Opening::Free),
                handicap_color: handicap.map_or(0, |h| h.color.index() as u32),
                handicap_corners: handicap.map_or(0, |h| u32::from(h.corners.bits())),
                blocked_count,
                blocked,
                random_blocked: 0,
                seed: 0,
            },
        )
    })
}

/// The number of players.
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_players(
    game: *const ReversiGame,
    out: *mut u32,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| put(out, u32::from(unsafe { game_ref(game)? }.rules().players())))
}

/// The colour to move, as a `ReversiColor` value.
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_to_move(
    game: *const ReversiGame,
    out: *mut u32,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| put(out, unsafe { game_ref(game)? }.to_move().index() as u32))
}

/// What stands on `square`, as a `ReversiCell` value.
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_cell(
    game: *const ReversiGame,
    square: u32,
    out: *mut u32,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_ref(game)? };
        let cell = match game.cell(square_arg(game.rules().board(), square)?) {
            None => ReversiCell::OffBoard,
            Some(Cell::Empty) => ReversiCell::Empty,
            Some(Cell::Blocked) => ReversiCell::Blocked,
            Some(Cell::Neutral) => ReversiCell::Neutral,
            Some(Cell::Disc(c)) => [
                ReversiCell::Black,
                ReversiCell::White,
                ReversiCell::Red,
                ReversiCell::Green,
            ][c.index()],
        };
        put(out, cell as u32)
    })
}

/// The number of discs of `color` (a `ReversiColor` in play).
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_count(
    game: *const ReversiGame,
    color: u32,
    out: *mut u32,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_ref(game)? };
        put(out, game.count(color_arg(color, game.rules().players())?))
    })
}

/// Each colour's disc count into `scores[0..4]`, indexed by `ReversiColor` (0 for
/// colours not in play): pass an array `uint32_t scores[4]`.
///
/// # Safety
/// `game` is NULL or a live handle; `scores` is NULL or has room for 4 values.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_scores(
    game: *const ReversiGame,
    scores: *mut u32,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let s = unsafe { game_ref(game)? }.scores();
        put_as(
            scores.cast::<[u32; 4]>(),
            "scores",
            crate::Color::ALL.map(|c| s.get(c)),
        )
    })
}

/// The blocked squares, into a caller's buffer of `len` square indices.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` values; `written` is valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_blocked(
    game: *const ReversiGame,
    buf: *mut u32,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_ref(game)? };
        let blocked = square_indices(game.rules().board(), game.blocked());
        // SAFETY: forwarded.
        unsafe { write_list(&blocked, buf, len, written) }
    })
}

/// The legal moves of the player to move (none when they must pass or the game is
/// over), into a caller's buffer of `len` square indices (100 always suffice), in
/// index order.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` values; `written` is valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_legal_moves(
    game: *const ReversiGame,
    buf: *mut u32,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_ref(game)? };
        let moves = square_indices(game.rules().board(), game.legal_moves());
        // SAFETY: forwarded.
        unsafe { write_list(&moves, buf, len, written) }
    })
}

/// Whether a disc on `square` is a legal move now.
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_is_legal(
    game: *const ReversiGame,
    square: u32,
    out: *mut bool,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_ref(game)? };
        put(
            out,
            game.is_legal(square_arg(game.rules().board(), square)?),
        )
    })
}

/// The discs a move on `square` would flip; `ILLEGAL_MOVE` if it is not legal.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` values; `written` is valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_flips(
    game: *const ReversiGame,
    square: u32,
    buf: *mut u32,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_ref(game)? };
        let flips = game
            .flips(square_arg(game.rules().board(), square)?)
            .map_err(|e| fail(ReversiStatus::IllegalMove, e))?;
        let flips = square_indices(game.rules().board(), flips);
        // SAFETY: forwarded.
        unsafe { write_list(&flips, buf, len, written) }
    })
}

/// Plays a disc of the player to move on `square`. An illegal move returns
/// `ILLEGAL_MOVE` and leaves the game unchanged. Where moves could be redone, they
/// are dropped (the line now ends with this move), and so is a result stated for
/// the old line's end, as after playing past the end of the line
/// (`reversi_game_result`).
///
/// # Safety
/// `game` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_play(game: *mut ReversiGame, square: u32) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_mut(game)? };
        let square = square_arg(game.rules().board(), square)?;
        game.play(square)
            .map(|_| ())
            .map_err(|e| fail(ReversiStatus::IllegalMove, e))
    })
}

/// Passes; `ILLEGAL_MOVE` unless the player to move must pass.
///
/// # Safety
/// `game` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_pass(game: *mut ReversiGame) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_mut(game)? };
        game.pass().map_err(|e| fail(ReversiStatus::IllegalMove, e))
    })
}

/// Whether the player to move must pass (two players only).
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_must_pass(
    game: *const ReversiGame,
    out: *mut bool,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| put(out, unsafe { game_ref(game)? }.must_pass()))
}

/// Whether the game is over.
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_is_over(
    game: *const ReversiGame,
    out: *mut bool,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| put(out, unsafe { game_ref(game)? }.is_over()))
}

/// The outcome of the current position, as a `ReversiOutcome` value
/// (`IN_PROGRESS` until the board's end, even for a game that was resigned:
/// `reversi_game_result` gives the game's result).
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_outcome(
    game: *const ReversiGame,
    out: *mut u32,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let outcome = outcome_code(unsafe { game_ref(game)? }.outcome());
        put(out, outcome as u32)
    })
}

/// The result of a game, as `reversi_game_result` gives it.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct ReversiResult {
    /// How the game ended, as a `ReversiEnding` value; `NONE` when there is no
    /// result (the other fields are then 0 and false).
    pub ending: u32,
    /// Who won, or a draw, as a `ReversiOutcome` value (`IN_PROGRESS` only with
    /// `ending` `NONE`).
    pub outcome: u32,
    /// Whether the scores are known: always for a game over on the board; for a
    /// game stopped early, when the record states them (`black 40-24 by
    /// agreement`).
    pub has_scores: bool,
    /// Each colour's discs, indexed by `ReversiColor` (0 for colours not in play);
    /// for a game over on the board, the discs on the board.
    pub scores: [u32; 4],
    /// Whether a GGF `RE` stated a margin for a game stopped early without scores,
    /// other than the ±64 GGS writes when none is known (`RE[+4.000:r]`;
    /// `reversi_game_ggf` writes it back).
    pub has_margin: bool,
    /// That margin: Black's disc difference as stated (positive when Black won).
    pub margin: i64,
}

/// The game's result, typed: how it ended, who won and the scores if known. It is
/// the result of the whole line (wherever the game stands on it): for a line that
/// ends over on the board, the board's result (`BOARD`); otherwise the result the
/// record or GGF stated (a resignation, a loss on time, an agreement), if any. A
/// stated result belongs to the line it was stated for: playing another move
/// where moves could be redone, past the end of the line, or clearing the redo
/// list drops it. Unlike `reversi_game_outcome` (the current position's outcome),
/// this knows that White won by resignation.
///
/// The same result is the `Result` tag's text (`reversi_game_tag(game, "Result",
/// …)`): `*` for none; the outcome word (`draw`, or the winner's colour in lower
/// case: `black`, `white`, `red`, `green`); then the scores in turn order if
/// known (`black 33-31`); then the suffix `" by resignation"`, `" on time"` or `"
/// by agreement"` (none for `BOARD` and `UNSTATED`). GGF's `RE` gives Black's
/// disc difference with `:r`, `:t` or `:s`; a margin stated for a game stopped
/// early is the winner with no scores, and the margin is kept (`has_margin`) and
/// written back by `reversi_game_ggf` (a record's `Result` tag has no place for
/// it).
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_result(
    game: *const ReversiGame,
    out: *mut ReversiResult,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let record = &unsafe { arg(game, "game")? }.record;
        let Some(result) = record.result() else {
            return put(out, ReversiResult::default());
        };
        let mut scores = [0u32; 4];
        if let Some(known) = result.scores {
            for (color, count) in known.iter() {
                scores[color.index()] = count;
            }
        }
        put(
            out,
            ReversiResult {
                ending: ending_code(result.ending) as u32,
                outcome: outcome_code(Some(result.outcome)) as u32,
                has_scores: result.scores.is_some(),
                scores,
                has_margin: record.stated_margin().is_some(),
                margin: record.stated_margin().unwrap_or(0),
            },
        )
    })
}

fn ending_code(ending: Ending) -> ReversiEnding {
    match ending {
        Ending::Board => ReversiEnding::Board,
        Ending::Resignation => ReversiEnding::Resignation,
        Ending::Time => ReversiEnding::Time,
        Ending::Agreement => ReversiEnding::Agreement,
        Ending::Unstated => ReversiEnding::Unstated,
    }
}

fn outcome_code(outcome: Option<Outcome>) -> ReversiOutcome {
    match outcome {
        None => ReversiOutcome::InProgress,
        Some(Outcome::Draw) => ReversiOutcome::Draw,
        Some(Outcome::Win(c)) => [
            ReversiOutcome::BlackWins,
            ReversiOutcome::WhiteWins,
            ReversiOutcome::RedWins,
            ReversiOutcome::GreenWins,
        ][c.index()],
    }
}

/// Perft from the current position (RULES.md §11). The count, and the time,
/// grow about tenfold with each ply on 8×8 (perft(11) is 212,258,800 leaves, a
/// fifth of a second on a recent core); the call runs to the end and cannot be
/// interrupted, so choose `depth` accordingly.
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_perft(
    game: *const ReversiGame,
    depth: u32,
    out: *mut u64,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_ref(game)? };
        if out.is_null() {
            return Err(fail(ReversiStatus::NullParameter, "out is NULL"));
        }
        put(out, game.perft(depth))
    })
}

/// The moves played up to the current position, into a caller's buffer: their
/// indices, the pass index (`reversi_board_pass_index`) for a pass
/// (`reversi_game_line` gives the whole line).
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` values; `written` is valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_moves(
    game: *const ReversiGame,
    buf: *mut u32,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_ref(game)? };
        let board = game.rules().board();
        let moves: Vec<u32> = game.moves().map(|m| move_index(board, m)).collect();
        // SAFETY: forwarded.
        unsafe { write_list(&moves, buf, len, written) }
    })
}

/// The board as text: a grid with column letters and row numbers, then whose turn
/// it is or the outcome, and the scores.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` bytes; `written` is valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_display(
    game: *const ReversiGame,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| unsafe { write_game(game, buf, len, written, |r| always(r.game().to_string())) })
}
