//! WTHOR databases: a database handle, and its games as game handles.

use std::boxed::Box;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::vec::Vec;

use super::game::new_game;
use super::plumbing::*;
use super::*;
use crate::text::wthor;

/// A WTHOR database read into memory.
pub struct ReversiWthor {
    bytes: Vec<u8>,
    games: usize,
    /// `WTHOR.JOU` and `WTHOR.TRN`, once given (`reversi_wthor_set_names`).
    names: Option<(wthor::Names, wthor::Names)>,
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

/// Reads a WTHOR database from `len` bytes (copied), into `*out` (free it with
/// `reversi_wthor_free`). `bytes` may be NULL when `len` is 0 (an empty input,
/// which has no header: `WTHOR_ERROR`).
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
        // NULL with no bytes is an empty input, as for reversi_game_reader_from_bytes.
        let data = match (bytes.is_null(), len) {
            (true, 0) => Vec::new(),
            (true, _) => return Err(fail(ReversiStatus::NullParameter, "bytes is NULL")),
            // SAFETY: not NULL, and `len` bytes long by the caller's promise.
            (false, _) => unsafe { std::slice::from_raw_parts(bytes, len) }.to_vec(),
        };
        let games = {
            let db =
                wthor::Database::parse(&data).map_err(|e| fail(ReversiStatus::WthorError, e))?;
            db.header().games as usize
        };
        // SAFETY: forwarded.
        let out = unsafe { arg_mut(out, "out")? };
        *out = Box::into_raw(Box::new(ReversiWthor {
            bytes: data,
            games,
            names: None,
        }));
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

/// The bytes after the games the header announces, into `*out`: 0 for a
/// well-formed file, more when the header's count is short (a tool appended games
/// without counting them, or the file is damaged). Games past the count are not
/// read by `reversi_wthor_game`; this says they are there.
///
/// # Safety
/// `db` is NULL or a live handle; `out` is NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn reversi_wthor_trailing_bytes(
    db: *const ReversiWthor,
    out: *mut usize,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let db = unsafe { arg(db, "db")? };
        let parsed =
            wthor::Database::parse(&db.bytes).map_err(|e| fail(ReversiStatus::WthorError, e))?;
        put(out, parsed.trailing_bytes())
    })
}

/// Reads the names files, `WTHOR.JOU` (`players`, `players_len` bytes) and
/// `WTHOR.TRN` (`tournaments`), for `reversi_wthor_game` to name each game from:
/// the tags `Black`, `White` and `Event` beside the numbers (a number beyond a
/// file is left unnamed). `WTHOR_ERROR`, with the database unchanged, for a file
/// that is not a names file or is cut short.
///
/// # Safety
/// `db` is NULL or a live handle; `players` and `tournaments` point to their
/// lengths in bytes, or are NULL with a length of 0 (an empty file, which has
/// no header: `WTHOR_ERROR`).
#[no_mangle]
pub unsafe extern "C" fn reversi_wthor_set_names(
    db: *mut ReversiWthor,
    players: *const u8,
    players_len: usize,
    tournaments: *const u8,
    tournaments_len: usize,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let db = unsafe { arg_mut(db, "db")? };
        let read = |bytes: *const u8, len: usize, name: &str, file: &str| {
            // NULL with no bytes is an empty file, as for reversi_wthor_open.
            let bytes: &[u8] = match (bytes.is_null(), len) {
                (true, 0) => &[],
                (true, _) => {
                    return Err(fail(
                        ReversiStatus::NullParameter,
                        format_args!("{name} is NULL"),
                    ))
                }
                // SAFETY: not NULL, and `len` bytes long by the caller's promise.
                (false, _) => unsafe { std::slice::from_raw_parts(bytes, len) },
            };
            let names = match file {
                "WTHOR.JOU" => wthor::Names::players(bytes),
                _ => wthor::Names::tournaments(bytes),
            };
            names.map_err(|e| match e {
                // The names files' fields are names, not games.
                wthor::WthorError::Truncated { game } => fail(
                    ReversiStatus::WthorError,
                    format_args!("{file}: the file ends before name {game} of its header's count"),
                ),
                e => fail(ReversiStatus::WthorError, format_args!("{file}: {e}")),
            })
        };
        let players = read(players, players_len, "players", "WTHOR.JOU")?;
        let tournaments = read(tournaments, tournaments_len, "tournaments", "WTHOR.TRN")?;
        db.names = Some((players, tournaments));
        Ok(())
    })
}

/// Game `index` (from 0), replayed into `*out`, with what its record says in
/// `*info`, named from the names files if `reversi_wthor_set_names` gave them. A truncated file or an illegal move is `WTHOR_ERROR`; its message
/// names the game counted from 1 (index 0 is "game 1") and, for a move that is
/// no square or not legal, the move number.
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
                format_args!(
                    "index {index}: the database has {} games (indexes from 0)",
                    db.games
                ),
            ));
        }
        for (null, name) in [(out.is_null(), "out"), (info.is_null(), "info")] {
            if null {
                return Err(fail(
                    ReversiStatus::NullParameter,
                    format_args!("{name} is NULL"),
                ));
            }
        }
        let parsed =
            wthor::Database::parse(&db.bytes).map_err(|e| fail(ReversiStatus::WthorError, e))?;
        let mut game = parsed
            .game(index)
            .map_err(|e| fail(ReversiStatus::WthorError, e))?;
        if let Some((players, tournaments)) = &db.names {
            game.name(players, tournaments);
        }
        put_as(
            info,
            "info",
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
