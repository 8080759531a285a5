//! WTHOR databases: a database handle, and its games as game handles.

use std::boxed::Box;
use std::ffi::c_char;
use std::format;

use std::vec::Vec;

use super::game::new_game;
use super::plumbing::*;
use super::*;
use crate::text::wthor;
use crate::Board;

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

/// A WTHOR file's header, as `reversi_wthor_header` reads it and
/// `reversi_wthor_write` writes it.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct ReversiWthorHeader {
    /// The file's creation date: century, year in the century, month, day.
    pub created: [u8; 4],
    /// The number of games the header announces (the writer writes the count
    /// of the games it is given instead).
    pub games: u32,
    /// The number of names (0 in a games file).
    pub names: u32,
    /// The year of the games.
    pub year: u32,
    /// The board, as a `ReversiBoard` value: 8×8 or 10×10.
    pub board: u32,
    /// The solitaire flag byte.
    pub solitaire: u32,
    /// The depth of the theoretical scores.
    pub theoretical_depth: u32,
    /// The last, reserved byte.
    pub reserved: u32,
}

/// The database's header, into `*out`: with `reversi_wthor_game`'s info for
/// each game, what `reversi_wthor_write` needs to write the file again, byte for
/// byte.
///
/// # Safety
/// `db` is NULL or a live handle; `out` is NULL or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_wthor_header(
    db: *const ReversiWthor,
    out: *mut ReversiWthorHeader,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let db = unsafe { arg(db, "db")? };
        let header = wthor::Database::parse(&db.bytes)
            .map_err(|e| fail(ReversiStatus::WthorError, e))?
            .header();
        put(
            out,
            ReversiWthorHeader {
                created: header.created,
                games: header.games,
                names: u32::from(header.names),
                year: u32::from(header.year),
                board: board_code(header.board),
                solitaire: u32::from(header.solitaire),
                theoretical_depth: u32::from(header.theoretical_depth),
                reserved: u32::from(header.reserved),
            },
        )
    })
}

/// A field of a C struct that must fit a narrower WTHOR field.
fn narrow<T: TryFrom<u32>>(value: u32, what: &str) -> Result<T, ReversiStatus> {
    T::try_from(value).map_err(|_| {
        fail(
            ReversiStatus::InvalidArgument,
            format_args!("{what} is {value}: too large for its WTHOR field"),
        )
    })
}

/// Writes a WTHOR file of `count` games into `buf` (`len` bytes), as the
/// text writers do: `INSUFFICIENT_SIZE` with the size needed in `*written`, and
/// `(NULL, 0, &written)` asks for it (no NUL: the file is bytes). `header` gives
/// the header (its `games` replaced by `count`); game `i` is `games[i]`, two-player
/// 8×8 from the standard start under an 8×8 header, with scores of 64 at most
/// (else `CANNOT_EXPRESS`), its whole line's
/// placements written (the passes left out, as WTHOR stores them), with the
/// numbers and scores of `infos[i]` (`replay_black_score` and `finished` are not
/// written; a number too large for its field is `INVALID_ARGUMENT`). The tags
/// are not written: WTHOR keeps numbers, and the names in `WTHOR.JOU` and
/// `WTHOR.TRN`. `games` and `infos` may be NULL when `count` is 0.
///
/// # Safety
/// `header` is NULL or valid; `games` and `infos` are NULL or point to `count`
/// live handles and infos; `buf` has room for `len` bytes; `written` is valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_wthor_write(
    header: *const ReversiWthorHeader,
    games: *const *const ReversiGame,
    infos: *const ReversiWthorInfo,
    count: usize,
    buf: *mut u8,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let header = unsafe { header_arg(header)? };
        // SAFETY: `count` handles and infos by the caller's promise, or NULL.
        let (records, infos) =
            unsafe { (records_arg(games, count)?, list_arg(infos, count, "infos")?) };
        let mut list = Vec::with_capacity(count);
        for (i, (record, info)) in records.into_iter().zip(infos).enumerate() {
            let at = |what: &str| format!("infos[{i}].{what}");
            list.push(wthor::WthorGame {
                tournament: narrow(info.tournament, &at("tournament"))?,
                black_player: narrow(info.black_player, &at("black_player"))?,
                white_player: narrow(info.white_player, &at("white_player"))?,
                black_score: narrow(info.black_score, &at("black_score"))?,
                theoretical_score: narrow(info.theoretical_score, &at("theoretical_score"))?,
                record: record.clone(),
            });
        }
        let bytes =
            wthor::write(&header, &list).map_err(|e| fail(ReversiStatus::CannotExpress, e))?;
        // SAFETY: forwarded.
        unsafe { write_items(&bytes, buf, len, written, "bytes") }
    })
}

/// Which names file `reversi_wthor_names_write` writes.
#[repr(u32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ReversiWthorNames {
    /// `WTHOR.JOU`: players' names, fields of 20 bytes.
    Players = 0,
    /// `WTHOR.TRN`: tournaments' names, fields of 26 bytes.
    Tournaments = 1,
}

/// Writes a WTHOR names file (`kind`, a `ReversiWthorNames` value: `WTHOR.JOU`
/// or `WTHOR.TRN`) of `count` names into `buf` (`len` bytes), as
/// `reversi_wthor_write` does: `INSUFFICIENT_SIZE` with the size needed in
/// `*written`, and `(NULL, 0, &written)` asks for it. `created` is the header's
/// date, 4 bytes (century, year in the century, month, day); name `i` is
/// `names[i]` (UTF-8), numbered `i` as the games' numbers refer to it. A name
/// must fit its field (20 or 26 bytes) in ISO 8859-1, one byte a character,
/// without NUL, else `CANNOT_EXPRESS` naming it; `names` may be NULL when `count`
/// is 0.
///
/// # Safety
/// `created` is NULL or points to 4 bytes; `names` is NULL or points to `count`
/// NULL or NUL-terminated strings; `buf` has room for `len` bytes; `written` is
/// valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_wthor_names_write(
    kind: u32,
    created: *const u8,
    names: *const *const c_char,
    count: usize,
    buf: *mut u8,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    boundary(|| {
        let players = match kind {
            k if k == ReversiWthorNames::Players as u32 => true,
            k if k == ReversiWthorNames::Tournaments as u32 => false,
            k => {
                return Err(fail(
                    ReversiStatus::InvalidArgument,
                    format_args!("kind {k} is not a ReversiWthorNames"),
                ))
            }
        };
        // SAFETY: not NULL (checked), and 4 bytes by the caller's promise.
        let created: [u8; 4] = unsafe { *arg(created.cast::<[u8; 4]>(), "created")? };
        // SAFETY: `count` strings by the caller's promise, or NULL.
        let names = unsafe { list_arg(names, count, "names")? };
        let mut list = Vec::with_capacity(count);
        for (i, &name) in names.iter().enumerate() {
            // SAFETY: NULL or NUL-terminated by the caller's promise.
            list.push(unsafe { text(name, &format!("names[{i}]"))? });
        }
        let file = if players {
            wthor::Names::new_players(created, list)
        } else {
            wthor::Names::new_tournaments(created, list)
        }
        .map_err(|e| fail(ReversiStatus::CannotExpress, e))?;
        // SAFETY: forwarded.
        unsafe { write_items(&file.to_bytes(), buf, len, written, "bytes") }
    })
}

/// The rules crate's header from a C header argument, each field checked.
///
/// # Safety
/// `header` is NULL or valid.
unsafe fn header_arg(header: *const ReversiWthorHeader) -> Result<wthor::Header, ReversiStatus> {
    // SAFETY: forwarded.
    let h = unsafe { arg(header, "header")? };
    let board = board_arg(h.board)?;
    if !matches!(board, Board::Size8 | Board::Size10) {
        return Err(fail(
            ReversiStatus::InvalidArgument,
            format_args!("header.board is {board}: a WTHOR header says 8x8 or 10x10"),
        ));
    }
    Ok(wthor::Header {
        created: h.created,
        // The writer writes the number of games it is given.
        games: 0,
        names: narrow(h.names, "header.names")?,
        solitaire: narrow(h.solitaire, "header.solitaire")?,
        reserved: narrow(h.reserved, "header.reserved")?,
        year: narrow(h.year, "header.year")?,
        board,
        theoretical_depth: narrow(h.theoretical_depth, "header.theoretical_depth")?,
    })
}

/// `reversi_wthor_write` with each game's numbers taken from its tags, as
/// `reversi_wthor_game` sets them (for games of your own: set them with
/// `reversi_game_set_tag`): `Tournament`, `BlackPlayer` and `WhitePlayer` (0 to
/// 65535; 0 without the tag), `BlackScore` (0 to 64; without it, the official
/// count where the game's line ends the game, else Black's discs in the result
/// given) and `TheoreticalScore` (0 to 64; Black's score without it), decimal
/// digits alone. A game WTHOR cannot hold, a tag out of range, or a game whose
/// line does not end it with no `BlackScore` tag and no result with scores, is
/// `CANNOT_EXPRESS` naming the game (from 1). `games` may be NULL when `count`
/// is 0.
///
/// # Safety
/// As `reversi_wthor_write`, without `infos`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_wthor_write_games(
    header: *const ReversiWthorHeader,
    games: *const *const ReversiGame,
    count: usize,
    buf: *mut u8,
    len: usize,
    written: *mut usize,
) -> ReversiStatus {
    boundary(|| {
        // SAFETY: forwarded.
        let header = unsafe { header_arg(header)? };
        // SAFETY: `count` handles by the caller's promise, or NULL.
        let records = unsafe { records_arg(games, count)? };
        let bytes = wthor::write_records(&header, records)
            .map_err(|e| fail(ReversiStatus::CannotExpress, e))?;
        // SAFETY: forwarded.
        unsafe { write_items(&bytes, buf, len, written, "bytes") }
    })
}

/// The records of the `count` game handles at `games` (an array that may be
/// NULL when `count` is 0); a NULL handle is `NullParameter` naming
/// `games[i]`. Shared by the two WTHOR writers.
///
/// # Safety
///
/// `games` is NULL or points to `count` handles, each NULL or live.
unsafe fn records_arg<'a>(
    games: *const *const ReversiGame,
    count: usize,
) -> Result<Vec<&'a crate::text::record::Record>, ReversiStatus> {
    // SAFETY: forwarded.
    let games = unsafe { list_arg(games, count, "games")? };
    games
        .iter()
        .enumerate()
        // SAFETY: a live handle by the caller's promise, or NULL.
        .map(|(i, &game)| Ok(&unsafe { arg(game, &format!("games[{i}]"))? }.record))
        .collect()
}

/// Reads a WTHOR database from `len` bytes (copied), into `*out` (free it with
/// `reversi_wthor_free`). `bytes` may be NULL when `len` is 0 (an empty input,
/// which has no header: `WTHOR_ERROR`).
///
/// # Safety
/// `bytes` is NULL or points to `len` bytes; `out` is NULL or valid.
#[unsafe(no_mangle)]
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
#[unsafe(no_mangle)]
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
#[unsafe(no_mangle)]
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
/// file is left unnamed). A file not given (NULL, with a length of 0) leaves its
/// tags out, so that a database with only one of the files is named from it;
/// both NULL forget the names given before. `WTHOR_ERROR`, with the database
/// unchanged, for a file that is not a names file or is cut short (an empty
/// one, with no header, too).
///
/// # Safety
/// `db` is NULL or a live handle; `players` and `tournaments` point to their
/// lengths in bytes, or are NULL with a length of 0.
#[unsafe(no_mangle)]
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
            let bytes: &[u8] = match (bytes.is_null(), len) {
                // Not given.
                (true, 0) => return Ok(None),
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
            names
                .map(Some)
                .map_err(|e| fail(ReversiStatus::WthorError, format_args!("{file}: {e}")))
        };
        let players = read(players, players_len, "players", "WTHOR.JOU")?;
        let tournaments = read(tournaments, tournaments_len, "tournaments", "WTHOR.TRN")?;
        db.names = match (players, tournaments) {
            (None, None) => None,
            (players, tournaments) => Some((
                players.unwrap_or_else(wthor::Names::empty),
                tournaments.unwrap_or_else(wthor::Names::empty),
            )),
        };
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
#[unsafe(no_mangle)]
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
#[unsafe(no_mangle)]
pub unsafe extern "C" fn reversi_wthor_free(db: *mut ReversiWthor) {
    // SAFETY: made by `Box::into_raw` in `reversi_wthor_open`; the caller frees it once.
    unsafe { free_handle(db) }
}
