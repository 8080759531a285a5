//! The exported functions.

use std::boxed::Box;
use std::ffi::c_char;
use std::string::ToString;
use std::vec::Vec;

use super::*;
use crate::text::record::Record;
use crate::text::{ggf, obf, wthor};
use crate::{Cell, Corners, Game, Handicap, Move, Opening, Outcome, Rules};

/// A game: rules, position, the moves played, and the tags of its record.
pub struct ReversiGame {
    record: Record,
}

/// A WTHOR database read into memory.
pub struct ReversiWthor {
    bytes: Vec<u8>,
    games: usize,
}

/// What a WTHOR game record says besides its moves.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct ReversiWthorInfo {
    /// The tournament number (an index into `WTHOR.TRN`).
    pub tournament: u32,
    /// The black player's number (an index into `WTHOR.JOU`).
    pub black_player: u32,
    /// The white player's number.
    pub white_player: u32,
    /// Black's score as recorded: the official count, empties to the winner.
    pub black_score: u32,
    /// Black's theoretical score as recorded.
    pub theoretical_score: u32,
    /// Black's score of the replay under the official count.
    pub replay_black_score: u32,
    /// 1 if the replay reached the end of the game, 0 if it stopped early.
    pub finished: u32,
}

fn new_game(out: *mut *mut ReversiGame, record: Record) -> Result<(), ReversiStatus> {
    // SAFETY: `out` comes from the exported function's caller.
    let out = unsafe { arg_mut(out, "out")? };
    *out = Box::into_raw(Box::new(ReversiGame { record }));
    Ok(())
}

/// # Safety
/// `game` is NULL or a live handle.
unsafe fn game_ref<'a>(game: *const ReversiGame) -> Result<&'a Game, ReversiStatus> {
    // SAFETY: forwarded.
    Ok(unsafe { arg(game, "game")? }.record.game())
}

/// # Safety
/// `game` is NULL or a live handle used by no one else meanwhile.
unsafe fn game_mut<'a>(game: *mut ReversiGame) -> Result<&'a mut Game, ReversiStatus> {
    // SAFETY: forwarded.
    Ok(unsafe { arg_mut(game, "game")? }.record.game_mut())
}

fn put<T>(out: *mut T, value: T) -> Result<(), ReversiStatus> {
    // SAFETY: `out` comes from the exported function's caller.
    *unsafe { arg_mut(out, "out")? } = value;
    Ok(())
}

/// Reads the text argument `input` with `parse` into a new game handle in `*out`;
/// a refused text is `PARSE_ERROR` with the reader's message.
///
/// # Safety
/// `input` is NULL or NUL-terminated; `out` is NULL or valid.
unsafe fn read_game<E: core::fmt::Display>(
    input: *const c_char,
    name: &str,
    out: *mut *mut ReversiGame,
    parse: impl FnOnce(&str) -> Result<Record, E>,
) -> Result<(), ReversiStatus> {
    // SAFETY: forwarded.
    let input = unsafe { text(input, name)? };
    let record = parse(input).map_err(|e| fail(ReversiStatus::ParseError, e))?;
    new_game(out, record)
}

/// Writes what `write` makes of the game's record into the caller's buffer; a
/// refusal is `CANNOT_EXPRESS` with the writer's message.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` bytes; `written` is valid.
unsafe fn write_game<E: core::fmt::Display>(
    game: *const ReversiGame,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
    write: impl FnOnce(&Record) -> Result<std::string::String, E>,
) -> Result<(), ReversiStatus> {
    // SAFETY: forwarded.
    let record = &unsafe { arg(game, "game")? }.record;
    let text = write(record).map_err(|e| fail(ReversiStatus::CannotExpress, e))?;
    // SAFETY: forwarded.
    unsafe { write_text(&text, buf, len, written) }
}

/// For writers that cannot fail.
fn always<T>(value: T) -> Result<T, core::convert::Infallible> {
    Ok(value)
}

fn rules_of(rules: &ReversiRules) -> Result<Rules, ReversiStatus> {
    let board = board_arg(rules.board)?;
    let players = u8::try_from(rules.players).unwrap_or(u8::MAX);
    let mut builder = Rules::builder(board)
        .players(players)
        .anti(flag_arg(rules.anti, "anti")?)
        .opening(if flag_arg(rules.free_opening, "free_opening")? {
            Opening::Free
        } else {
            Opening::Standard
        });
    if rules.handicap_corners != 0 {
        let corners = Corners::from_bits(u8::try_from(rules.handicap_corners).unwrap_or(u8::MAX))
            .ok_or_else(|| {
            fail(
                ReversiStatus::InvalidArgument,
                format_args!(
                    "handicap_corners {} is not a set of ReversiCorner bits",
                    rules.handicap_corners
                ),
            )
        })?;
        let color = color_arg(rules.handicap_color, 4)?;
        builder = builder.handicap(Handicap { color, corners });
    }
    let random = flag_arg(rules.random_blocked, "random_blocked")?;
    if rules.blocked_count > 4 {
        return Err(fail(
            ReversiStatus::InvalidRules,
            crate::RulesError::TooManyBlocked(rules.blocked_count as usize),
        ));
    }
    let squares = rules.blocked[..rules.blocked_count as usize]
        .iter()
        .map(|&i| square_arg(i))
        .collect::<Result<Vec<_>, _>>()?;
    builder = builder.blocked(squares);
    let built = if random {
        builder.build_with_blocked_seed(rules.seed)
    } else {
        builder.build()
    };
    built.map_err(|e| fail(ReversiStatus::InvalidRules, e))
}

/// The library version, as a static NUL-terminated string (`"0.1.0"`).
#[no_mangle]
pub extern "C" fn reversi_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// A static, NUL-terminated description of a status code (any value: an unknown
/// one gives `"unknown status code"`).
#[no_mangle]
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
#[no_mangle]
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

/// Fills `rules` with the defaults: 8×8, two players, standard opening, no
/// handicap, no blocked squares.
///
/// # Safety
/// `rules` is NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_rules_default(rules: *mut ReversiRules) -> ReversiStatus {
    boundary(|| {
        put(
            rules,
            ReversiRules {
                board: ReversiBoard::Size8 as u32,
                players: 2,
                anti: 0,
                free_opening: 0,
                handicap_color: ReversiColor::Black as u32,
                handicap_corners: 0,
                blocked_count: 0,
                blocked: [0; 4],
                random_blocked: 0,
                seed: 0,
            },
        )
    })
}

/// A new game with `rules`, into `*out` (free it with `reversi_game_free`).
///
/// # Safety
/// `rules` and `out` are NULL or valid.
#[no_mangle]
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
#[no_mangle]
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
#[no_mangle]
pub unsafe extern "C" fn reversi_game_free(game: *mut ReversiGame) {
    if !game.is_null() {
        // SAFETY: made by `Box::into_raw` in `new_game`, freed once.
        let _ = catch_unwind(AssertUnwindSafe(|| drop(unsafe { Box::from_raw(game) })));
    }
}

/// The board, as a `ReversiBoard` value.
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[no_mangle]
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
#[no_mangle]
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
            *slot = square.index() as u32;
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
#[no_mangle]
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
#[no_mangle]
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
#[no_mangle]
pub unsafe extern "C" fn reversi_game_cell(
    game: *const ReversiGame,
    square: u32,
    out: *mut u32,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_ref(game)? };
        let cell = match game.cell(square_arg(square)?) {
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
#[no_mangle]
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
#[no_mangle]
pub unsafe extern "C" fn reversi_game_scores(
    game: *const ReversiGame,
    scores: *mut u32,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let s = unsafe { game_ref(game)? }.scores();
        put(
            scores.cast::<[u32; 4]>(),
            crate::Color::ALL.map(|c| s.get(c)),
        )
    })
}

fn squares(set: crate::SquareSet) -> Vec<u32> {
    set.iter().map(|s| s.index() as u32).collect()
}

/// The blocked squares, into a caller's buffer of `len` square indices.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` values; `written` is valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_blocked(
    game: *const ReversiGame,
    buf: *mut u32,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| unsafe { write_list(&squares(game_ref(game)?.blocked()), buf, len, written) })
}

/// The legal moves of the player to move (none when they must pass or the game is
/// over), into a caller's buffer of `len` square indices (100 always suffice).
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` values; `written` is valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_legal_moves(
    game: *const ReversiGame,
    buf: *mut u32,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| unsafe { write_list(&squares(game_ref(game)?.legal_moves()), buf, len, written) })
}

/// Whether a disc on `square` is a legal move now.
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_is_legal(
    game: *const ReversiGame,
    square: u32,
    out: *mut bool,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_ref(game)? };
        put(out, game.is_legal(square_arg(square)?))
    })
}

/// The discs a move on `square` would flip; `ILLEGAL_MOVE` if it is not legal.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` values; `written` is valid.
#[no_mangle]
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
            .flips(square_arg(square)?)
            .map_err(|e| fail(ReversiStatus::IllegalMove, e))?;
        // SAFETY: forwarded.
        unsafe { write_list(&squares(flips), buf, len, written) }
    })
}

/// Plays a disc of the player to move on `square`. An illegal move returns
/// `ILLEGAL_MOVE` and leaves the game unchanged.
///
/// # Safety
/// `game` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_play(game: *mut ReversiGame, square: u32) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_mut(game)? };
        let square = square_arg(square)?;
        game.play(square)
            .map(|_| ())
            .map_err(|e| fail(ReversiStatus::IllegalMove, e))
    })
}

/// Passes; `ILLEGAL_MOVE` unless the player to move must pass.
///
/// # Safety
/// `game` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_pass(game: *mut ReversiGame) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_mut(game)? };
        game.pass().map_err(|e| fail(ReversiStatus::IllegalMove, e))
    })
}

/// Takes back the last move (and forgets it: the C API has no redo, so a saved
/// record never holds a move that C cannot see); `NOTHING_TO_UNDO` at the start.
///
/// # Safety
/// `game` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_undo(game: *mut ReversiGame) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let game = unsafe { game_mut(game)? };
        let undone = game.undo();
        // Saves write the whole line; C has no redo to see it with.
        game.clear_redo();
        undone
            .map(|_| ())
            .ok_or_else(|| fail(ReversiStatus::NothingToUndo, "no move to undo"))
    })
}

/// Whether the player to move must pass (two players only).
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[no_mangle]
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
#[no_mangle]
pub unsafe extern "C" fn reversi_game_is_over(
    game: *const ReversiGame,
    out: *mut bool,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| put(out, unsafe { game_ref(game)? }.is_over()))
}

/// The outcome, as a `ReversiOutcome` value (`IN_PROGRESS` until the end).
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_outcome(
    game: *const ReversiGame,
    out: *mut u32,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let outcome = match unsafe { game_ref(game)? }.outcome() {
            None => ReversiOutcome::InProgress,
            Some(Outcome::Draw) => ReversiOutcome::Draw,
            Some(Outcome::Win(c)) => [
                ReversiOutcome::BlackWins,
                ReversiOutcome::WhiteWins,
                ReversiOutcome::RedWins,
                ReversiOutcome::GreenWins,
            ][c.index()],
        };
        put(out, outcome as u32)
    })
}

/// Perft from the current position (RULES.md §11).
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or valid.
#[no_mangle]
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

/// The moves played, into a caller's buffer: square indices, `REVERSI_PASS` for a
/// pass.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` values; `written` is valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_moves(
    game: *const ReversiGame,
    buf: *mut u32,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let moves: Vec<u32> = unsafe { game_ref(game)? }
            .moves()
            .map(|m| match m {
                Move::Place(s) => s.index() as u32,
                Move::Pass => REVERSI_PASS,
            })
            .collect();
        // SAFETY: forwarded.
        unsafe { write_list(&moves, buf, len, written) }
    })
}

/// The board as text: a grid with column letters and row numbers, then whose turn
/// it is or the outcome, and the scores.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` bytes; `written` is valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_display(
    game: *const ReversiGame,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| unsafe { write_game(game, buf, len, written, |r| always(r.game().to_string())) })
}

/// Reads a square name (`a1`…`j10`, any case) into its index.
///
/// # Safety
/// `name` is NULL or NUL-terminated; `out` is NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_square_parse(name: *const c_char, out: *mut u32) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let name = unsafe { text(name, "name")? };
        let square: crate::Square = name
            .parse()
            .map_err(|e| fail(ReversiStatus::ParseError, e))?;
        put(out, square.index() as u32)
    })
}

/// The name of a square index (`a1` for 0).
///
/// # Safety
/// `buf` has room for `len` bytes; `written` is valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_square_name(
    square: u32,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    boundary(|| {
        let square = square_arg(square)?;
        // SAFETY: forwarded.
        unsafe { write_text(&square.to_string(), buf, len, written) }
    })
}

/// A game starting from a position string (RULES.md §10) for `players` players,
/// Anti-Reversi if `anti` is 1.
///
/// # Safety
/// `position` is NULL or NUL-terminated; `out` is NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_from_position(
    position: *const c_char,
    players: u32,
    anti: u32,
    out: *mut *mut ReversiGame,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let position = unsafe { text(position, "position")? };
        let anti = flag_arg(anti, "anti")?;
        let players = u8::try_from(players).unwrap_or(u8::MAX);
        let game = Game::from_position_str(position, players, anti)
            .map_err(|e| fail(ReversiStatus::ParseError, e))?;
        new_game(out, Record::new(game))
    })
}

/// The current position as a position string.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` bytes; `written` is valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_position(
    game: *const ReversiGame,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| unsafe {
        write_game(game, buf, len, written, |r| {
            always(r.game().position().to_string())
        })
    })
}

/// Reads and plays a move list (passes may be left out). All or nothing: on an
/// error the game is unchanged and the last error names the move.
///
/// # Safety
/// `game` is NULL or a live handle; `moves` is NULL or NUL-terminated.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_play_moves(
    game: *mut ReversiGame,
    moves: *const c_char,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let moves = unsafe { text(moves, "moves")? };
        // SAFETY: forwarded.
        let game = unsafe { game_mut(game)? };
        game.play_moves(moves).map_err(|e| {
            let status = match e.kind {
                crate::text::movelist::MoveErrorKind::Square(_) => ReversiStatus::ParseError,
                crate::text::movelist::MoveErrorKind::Illegal(_) => ReversiStatus::IllegalMove,
            };
            fail(status, e)
        })
    })
}

/// The moves played as a move list (`f5 d6 pass …`).
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` bytes; `written` is valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_move_list(
    game: *const ReversiGame,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| unsafe { write_game(game, buf, len, written, |r| always(r.game().move_list())) })
}

/// Reads a game record (RULES.md §10), replaying it.
///
/// # Safety
/// `record` is NULL or NUL-terminated; `out` is NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_from_record(
    record: *const c_char,
    out: *mut *mut ReversiGame,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| unsafe { read_game(record, "record", out, Record::parse) })
}

/// Writes the game as a game record, with its tags.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` bytes; `written` is valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_record(
    game: *const ReversiGame,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| unsafe { write_game(game, buf, len, written, |r| always(r.to_string())) })
}

/// Reads a GGF game (two players).
///
/// # Safety
/// `ggf` is NULL or NUL-terminated; `out` is NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_from_ggf(
    ggf_text: *const c_char,
    out: *mut *mut ReversiGame,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| unsafe { read_game(ggf_text, "ggf_text", out, ggf::parse) })
}

/// Writes the game as one GGF line; `CANNOT_EXPRESS` for a game GGF cannot hold
/// (three or four players, blocked squares, free opening).
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` bytes; `written` is valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_ggf(
    game: *const ReversiGame,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| unsafe { write_game(game, buf, len, written, ggf::write) })
}

/// Reads a one-line 8×8 OBF board.
///
/// # Safety
/// `line` is NULL or NUL-terminated; `out` is NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_from_obf(
    line: *const c_char,
    out: *mut *mut ReversiGame,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| unsafe {
        read_game(line, "line", out, |t| {
            obf::parse(t).map(|b| Record::new(b.game))
        })
    })
}

/// Writes the current position as an OBF line; `CANNOT_EXPRESS` unless the game is
/// two-player 8×8.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` bytes; `written` is valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_obf(
    game: *const ReversiGame,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| unsafe { write_game(game, buf, len, written, |r| obf::write(r.game())) })
}

/// The value of a tag as `reversi_game_record` writes it: the other tags (`Event`,
/// `Black`, `White`, …) and the variant tags (`Board`, `Players`, `Anti`, `Opening`,
/// `Handicap`, `Blocked`, `Position`, `Result`); a tag the record does not write
/// gives an empty text.
///
/// # Safety
/// `game` is NULL or a live handle; `name` is NULL or NUL-terminated; `buf` has room
/// for `len` bytes; `written` is valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_tag(
    game: *const ReversiGame,
    name: *const c_char,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let record = &unsafe { arg(game, "game")? }.record;
        // SAFETY: forwarded.
        let name = unsafe { text(name, "name")? };
        let value = record
            .written_tags()
            .into_iter()
            .find(|&(n, _)| n == name)
            .map(|(_, value)| value)
            .unwrap_or_default();
        // SAFETY: forwarded.
        unsafe { write_text(&value, buf, len, written) }
    })
}

/// Sets a record tag. `INVALID_TAG`, with the game unchanged, for a variant tag
/// (`Board`, `Result`…), which follows the game; a name that is not ASCII
/// letters, digits and `_`; or a value with a line break (`\n` or `\r`), which a
/// record's one-line tag pair cannot hold.
///
/// # Safety
/// `game` is NULL or a live handle; `name` and `value` are NULL or NUL-terminated.
#[no_mangle]
pub unsafe extern "C" fn reversi_game_set_tag(
    game: *mut ReversiGame,
    name: *const c_char,
    value: *const c_char,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let record = &mut unsafe { arg_mut(game, "game")? }.record;
        // SAFETY: forwarded.
        let (name, value) = unsafe { (text(name, "name")?, text(value, "value")?) };
        record
            .set_tag(name, value)
            .map_err(|e| fail(ReversiStatus::InvalidTag, e))
    })
}

/// Reads a WTHOR database from `len` bytes (copied), into `*out` (free it with
/// `reversi_wthor_free`).
///
/// # Safety
/// `bytes` is NULL or points to `len` bytes; `out` is NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_wthor_open(
    bytes: *const u8,
    len: usize,
    out: *mut *mut ReversiWthor,
) -> ReversiStatus {
    boundary(|| {
        if bytes.is_null() {
            return Err(fail(ReversiStatus::NullParameter, "bytes is NULL"));
        }
        // SAFETY: not NULL, and `len` bytes long by the caller's promise.
        let data = unsafe { std::slice::from_raw_parts(bytes, len) }.to_vec();
        let games = {
            let db =
                wthor::Database::parse(&data).map_err(|e| fail(ReversiStatus::WthorError, e))?;
            db.header().games as usize
        };
        // SAFETY: forwarded.
        let out = unsafe { arg_mut(out, "out")? };
        *out = Box::into_raw(Box::new(ReversiWthor { bytes: data, games }));
        Ok(())
    })
}

/// The number of games the database's header announces.
///
/// # Safety
/// `db` is NULL or a live handle; `out` is NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_wthor_game_count(
    db: *const ReversiWthor,
    out: *mut usize,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| put(out, unsafe { arg(db, "db")? }.games))
}

/// Game `index` (from 0), replayed into `*out`, with what its record says in
/// `*info`. A truncated file or an illegal move is `WTHOR_ERROR`, naming the game
/// and move number.
///
/// # Safety
/// `db` is NULL or a live handle; `out` and `info` are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_wthor_game(
    db: *const ReversiWthor,
    index: usize,
    out: *mut *mut ReversiGame,
    info: *mut ReversiWthorInfo,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let db = unsafe { arg(db, "db")? };
        if index >= db.games {
            return Err(fail(
                ReversiStatus::IndexOutOfRange,
                format_args!("game {index}: the database has {} games", db.games),
            ));
        }
        if info.is_null() || out.is_null() {
            return Err(fail(ReversiStatus::NullParameter, "out or info is NULL"));
        }
        let parsed =
            wthor::Database::parse(&db.bytes).map_err(|e| fail(ReversiStatus::WthorError, e))?;
        let game = parsed
            .game(index)
            .map_err(|e| fail(ReversiStatus::WthorError, e))?;
        put(
            info,
            ReversiWthorInfo {
                tournament: u32::from(game.tournament),
                black_player: u32::from(game.black_player),
                white_player: u32::from(game.white_player),
                black_score: u32::from(game.black_score),
                theoretical_score: u32::from(game.theoretical_score),
                replay_black_score: wthor::official_black_score(game.record.game()),
                finished: u32::from(game.finished()),
            },
        )?;
        new_game(out, game.record)
    })
}

/// Frees a WTHOR database; NULL does nothing.
///
/// # Safety
/// `db` is NULL or a handle not yet freed.
#[no_mangle]
pub unsafe extern "C" fn reversi_wthor_free(db: *mut ReversiWthor) {
    if !db.is_null() {
        // SAFETY: made by `Box::into_raw` in `reversi_wthor_open`, freed once.
        let _ = catch_unwind(AssertUnwindSafe(|| drop(unsafe { Box::from_raw(db) })));
    }
}
