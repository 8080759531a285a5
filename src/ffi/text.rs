//! Text in and out of a game: square names, position strings, move lists,
//! records, GGF and OBF, and a record's tags.

use std::ffi::c_char;
use std::string::{String, ToString};

use super::game::new_game;
use super::plumbing::*;
use super::*;
use crate::text::position::PositionError;
use crate::text::record::Record;
use crate::text::{ggf, obf};
use crate::{Game, Move, RulesError, SetupError};

/// Reads the text argument `input` with `parse` into a new game handle in `*out`;
/// a refused text is `PARSE_ERROR` with the reader's message.
///
/// # Safety
/// `input` is NULL or NUL-terminated; `out` is NULL or valid.
pub(crate) unsafe fn read_game<E: core::fmt::Display>(
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
pub(crate) unsafe fn write_game<E: core::fmt::Display>(
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
pub(crate) fn always<T>(value: T) -> Result<T, core::convert::Infallible> {
    Ok(value)
}

/// The index of a pass on `board` (a `ReversiBoard` value): `width * width`, so 36,
/// 64, 100 and 100. Squares are numbered `row * width + column` on every board
/// (8×8: `a1` = 0, `h1` = 7, `a2` = 8, `h8` = 63), the numbering of the Rust and
/// Python APIs; `pass index + 1` is the length of a policy vector.
///
/// # Safety
/// `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_board_pass_index(board: u32, out: *mut u32) -> ReversiStatus {
    boundary(|| put(out, board_arg(board)?.pass_index() as u32))
}

/// Reads a move's name into its index on `board` (a `ReversiBoard` value): a
/// square name (`a1`…`j10`, any case) as `row * width + column`, or a pass
/// (`pass`, `PA`, `PS` or `--`, any case) as the pass index
/// (`reversi_board_pass_index`), so that every index `reversi_game_ply`,
/// `reversi_game_moves` and `reversi_game_line` give reads back.
/// `SQUARE_OUT_OF_RANGE` for a square beyond the board's grid (`i1` on 8×8).
///
/// # Safety
/// `name` is NULL or NUL-terminated; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_move_parse(
    board: u32,
    name: *const c_char,
    out: *mut u32,
) -> ReversiStatus {
    boundary(|| {
        let board = board_arg(board)?;
        // SAFETY: forwarded.
        let name = unsafe { text(name, "name")? };
        let mv: Move = name
            .parse()
            .map_err(|e| fail(ReversiStatus::ParseError, e))?;
        let index = mv.index(board).ok_or_else(|| {
            fail(
                ReversiStatus::SquareOutOfRange,
                format_args!("{mv} is not on the {board} board's grid"),
            )
        })?;
        put(out, index as u32)
    })
}

/// The name of the move with `index` on `board` (a `ReversiBoard` value): `a1` for
/// 0, `pass` for the pass index: the name of every index a game's moves and line
/// give.
///
/// # Safety
/// `buf` has room for `len` bytes; `written` is valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_move_name(
    board: u32,
    index: u32,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    boundary(|| {
        let board = board_arg(board)?;
        let name = if index as usize == board.pass_index() {
            Move::Pass.to_string()
        } else {
            square_arg(board, index)?.to_string()
        };
        // SAFETY: forwarded.
        unsafe { write_text(&name, buf, len, written) }
    })
}

/// A game starting from a position string (RULES.md §10) for `players` players,
/// Anti-Reversi if `anti` is 1. `INVALID_RULES` when `players` is not a player
/// count the rules allow on the text's board; `PARSE_ERROR` for every fault of
/// the text itself (blocked squares the rules refuse among them).
///
/// # Safety
/// `position` is NULL or NUL-terminated; `out` is NULL or valid.
#[unsafe(no_mangle)]
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
        // A player count the rules refuse (with the board) is INVALID_RULES, as
        // from reversi_game_new; the text's own faults (blocked squares the
        // rules refuse among them) are PARSE_ERROR.
        let game = Game::from_position_str(position, players, anti).map_err(|e| {
            let status = match e {
                PositionError::Setup(SetupError::Rules(
                    RulesError::Players(_) | RulesError::BoardTooSmall { .. },
                )) => ReversiStatus::InvalidRules,
                _ => ReversiStatus::ParseError,
            };
            fail(status, e)
        })?;
        new_game(out, Record::new(game))
    })
}

/// The current position as a position string.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` bytes; `written` is valid.
#[unsafe(no_mangle)]
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
#[unsafe(no_mangle)]
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

/// The moves played up to the current position as a move list (`f5 d6 pass …`).
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` bytes; `written` is valid.
#[unsafe(no_mangle)]
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
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_from_record(
    record: *const c_char,
    out: *mut *mut ReversiGame,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| unsafe { read_game(record, "record", out, Record::parse) })
}

/// Writes the game as a game record, with its tags and its whole line (the moves
/// that can be redone included), each move's time, evaluation and comment.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` bytes; `written` is valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_record(
    game: *const ReversiGame,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| unsafe { write_game(game, buf, len, written, |r| always(r.to_string())) })
}

/// Reads a GGF game (two players). Its properties become the record's tags:
/// `PB` → `Black`, `PW` → `White`, `DT` → `Date`, `EV` → `Event`, `PC` → `Site`,
/// `RB` → `BlackRating`, `RW` → `WhiteRating`, `TI` → `TimeControl`; `RE` is the
/// result (`reversi_game_result`); `GM`, `TY` and `BO` are the variant, `B` and
/// `W` the moves; every other property is a tag of its own name (`reversi_game_ggf`
/// writes the mapped tags back under their GGF names). `reversi_game_tag_names`
/// lists them.
///
/// # Safety
/// `ggf_text` is NULL or NUL-terminated; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_from_ggf(
    ggf_text: *const c_char,
    out: *mut *mut ReversiGame,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| unsafe { read_game(ggf_text, "ggf_text", out, ggf::parse) })
}

/// Writes the game as one GGF line, its whole line with each move's time and
/// evaluation (GGF has no place for comments); `CANNOT_EXPRESS` for a game GGF cannot hold
/// (three or four players, blocked squares, free opening).
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` bytes; `written` is valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_ggf(
    game: *const ReversiGame,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    // SAFETY: forwarded.
    boundary(|| unsafe { write_game(game, buf, len, written, ggf::write) })
}

/// Reads a one-line 8×8 OBF board (its annotations: `reversi_obf_annotations`).
///
/// # Safety
/// `line` is NULL or NUL-terminated; `out` is NULL or valid.
#[unsafe(no_mangle)]
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

/// The annotations of a one-line OBF board: the text after its first `;`,
/// trimmed (`G8:+18; H1:+12;`, the scores the endgame test suites give each
/// move), which `reversi_game_from_obf` does not keep in the game. `NOT_FOUND`
/// when the line has none; `PARSE_ERROR` when it is not an OBF board. To write
/// a board with its annotations, append `"; "` and them to `reversi_game_obf`'s
/// line.
///
/// # Safety
/// `line` is NULL or NUL-terminated; `buf` has room for `len` bytes; `written` is valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_obf_annotations(
    line: *const c_char,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let line = unsafe { text(line, "line")? };
        out_args(buf, len, written)?;
        let board = obf::parse(line).map_err(|e| fail(ReversiStatus::ParseError, e))?;
        if board.annotations.is_empty() {
            return Err(fail(
                ReversiStatus::NotFound,
                "the board has no annotations",
            ));
        }
        // SAFETY: forwarded.
        unsafe { write_text(&board.annotations, buf, len, written) }
    })
}

/// Writes the current position as an OBF line; `CANNOT_EXPRESS` unless the game is
/// two-player 8×8.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` bytes; `written` is valid.
#[unsafe(no_mangle)]
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
/// `Handicap`, `Blocked`, `Position`, `Result`). A tag the record does not write is
/// `NOT_FOUND`, with nothing copied, so that a missing tag is told from one set to
/// the empty text (`OK` and `""`; earlier builds gave that for a missing tag
/// too). `Board`, `Players` and `Result` are always written; the
/// other variant tags only when they differ from the standard game (the standard
/// opening writes no `Opening`).
///
/// # Safety
/// `game` is NULL or a live handle; `name` is NULL or NUL-terminated; `buf` has room
/// for `len` bytes; `written` is valid.
#[unsafe(no_mangle)]
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
        out_args(buf, len, written)?;
        let value = record
            .written_tags()
            .into_iter()
            .find(|&(n, _)| n == name)
            .map(|(_, value)| value)
            .ok_or_else(|| {
                fail(
                    ReversiStatus::NotFound,
                    format_args!("the record has no tag {name}"),
                )
            })?;
        // SAFETY: forwarded.
        unsafe { write_text(&value, buf, len, written) }
    })
}

/// The names of the tags `reversi_game_record` writes, in its order, each
/// followed by a newline (`"Event\nBoard\nPlayers\nResult\n"`): every name
/// `reversi_game_tag` finds. The other tags come first, in the order they were
/// read or set, then the variant tags, then `Result`.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` has room for `len` bytes; `written` is valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_tag_names(
    game: *const ReversiGame,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let record = &unsafe { arg(game, "game")? }.record;
        let mut names = String::new();
        for (name, _) in record.written_tags() {
            names.push_str(name);
            names.push('\n');
        }
        // SAFETY: forwarded.
        unsafe { write_text(&names, buf, len, written) }
    })
}

/// Whether two games are equal, as Rust's `Record` equality says: the same rules,
/// start, whole line (the moves played and the redo list, each with its time,
/// evaluation and comment), tags and result, which is everything a save writes.
/// Where each game stands on its line is not compared.
///
/// # Safety
/// `a` and `b` are NULL or live handles; `equal` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_equal(
    a: *const ReversiGame,
    b: *const ReversiGame,
    equal: *mut bool,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let (a, b) = unsafe { (arg(a, "a")?, arg(b, "b")?) };
        put_as(equal, "equal", a.record == b.record)
    })
}

/// Sets a record tag. `INVALID_TAG`, with the game unchanged, for a variant tag
/// (`Board`, `Result`…), which follows the game; a name that is not ASCII
/// letters, digits and `_`; or a value with a line break (`\n` or `\r`), which a
/// record's one-line tag pair cannot hold.
///
/// # Safety
/// `game` is NULL or a live handle; `name` and `value` are NULL or NUL-terminated.
#[unsafe(no_mangle)]
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
        record.set_tag(name, value).map_err(|e| {
            if name == "Result" {
                fail(
                    ReversiStatus::InvalidTag,
                    format_args!("{e}: set it with reversi_game_set_result"),
                )
            } else {
                fail(ReversiStatus::InvalidTag, e)
            }
        })
    })
}

/// Sets the result of the game's whole line from a `Result` tag's text, as
/// `reversi_game_tag(game, "Result", …)` gives it back: `white by resignation`,
/// `black on time`, `black 40-24 by agreement`, `draw by agreement`, or `*` to
/// clear it (see `reversi_game_result`). `INVALID_RESULT`, with the game
/// unchanged, for a text that is no result or a result that does not fit the
/// game: a winner not in play, scores that make another outcome or hold more
/// discs than the board has squares, a draw by resignation or on time, or a
/// result other than the board's for a game over on the board (whose result
/// follows the game, and is kept).
///
/// # Safety
/// `game` is NULL or a live handle; `result` is NULL or NUL-terminated.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_game_set_result(
    game: *mut ReversiGame,
    result: *const c_char,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let record = &mut unsafe { arg_mut(game, "game")? }.record;
        // SAFETY: forwarded.
        let result = unsafe { text(result, "result")? };
        record
            .set_result(result)
            .map_err(|e| fail(ReversiStatus::InvalidResult, e))
    })
}
