//! The properties that the fuzz targets (`fuzz/fuzz_targets/`) check, a library that
//! they and the proptests of `tests/it/fuzz_properties.rs` depend on: every reader, on any input, either refuses it (and
//! leaves no partial game) or reads a game that its writer writes back to the same
//! game; a position string and the set-up of its game check into the same game.
//! Each function panics when a property fails.

use reversi::text::games::{self, Archive, GameReader};
use reversi::text::record::Record;
use reversi::text::{ggf, obf, wthor};
use reversi::{Board, Game, Rules, Setup};

/// A variant chosen by one byte, for the readers that need rules.
pub fn rules_from(byte: u8) -> Rules {
    let board = Board::ALL[usize::from(byte & 3)];
    let players = 2 + (byte >> 2) % 3;
    Rules::builder(board)
        .players(players)
        .anti(byte & 0x80 != 0)
        .build()
        .unwrap_or_default()
}

pub fn position_string(data: &[u8]) {
    let Some((&byte, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let players = 2 + byte % 3;
    if let Ok(game) = Game::from_position_str(text, players, false) {
        let written = game.position().to_string();
        let back =
            Game::from_position_str(&written, players, false).expect("a written position reads");
        assert_eq!(back.position(), game.position());
        assert_eq!(back.position().to_string(), written);
        // The string and the set-up are two ways through the same check.
        let setup = Setup::from(&game);
        assert_eq!(
            Setup::from_position_str(text, players, false).expect("it read"),
            setup
        );
        assert_eq!(
            Game::from_setup(setup).expect("a game's set-up checks"),
            game
        );
    }
}

pub fn move_list(data: &[u8]) {
    let Some((&byte, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mut game = Game::new(rules_from(byte));
    let before = game.clone();
    match game.play_moves(text) {
        Ok(()) => {
            let mut again = Game::new(rules_from(byte));
            again
                .play_moves(&game.move_list())
                .expect("a written move list replays");
            assert_eq!(again, game);
        }
        Err(_) => assert_eq!(game, before, "a refused move list changed the game"),
    }
}

pub fn record(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(record) = Record::parse(text) {
        let written = record.to_string();
        let back = Record::parse(&written).expect("a written record reads");
        assert_eq!(back, record);
        assert_eq!(back.to_string(), written);
    }
}

pub fn ggf(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(record) = ggf::parse(text) {
        // A game read from GGF is one that GGF can express.
        let written = ggf::write(&record).expect("a game read from GGF writes");
        let back = ggf::parse(&written).expect("written GGF reads");
        assert_eq!(back.game(), record.game());
        assert_eq!(ggf::write(&back).expect("writes again"), written);
    }
}

pub fn obf(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(board) = obf::parse(text) {
        let written = obf::write(&board.game).expect("an OBF board writes");
        let back = obf::parse(&written).expect("written OBF reads");
        assert_eq!(back.game.position(), board.game.position());
    }
}

pub fn wthor(data: &[u8]) {
    if let Ok(db) = wthor::Database::parse(data) {
        // Bounded by the bytes present, whatever the header announces.
        assert!(db.games().count() <= data.len() / 68 + 1);
        for game in db.games().flatten() {
            let text = game.record.to_string();
            assert_eq!(
                Record::parse(&text).expect("a WTHOR game writes as a record"),
                game.record
            );
        }
    }
}

/// Drives the C ABI with a call sequence read from `data`: arbitrary squares,
/// enumeration values, buffer sizes and texts. Nothing may panic (no `PANIC`
/// status), a refused call changes nothing, and the statuses agree with each other.
pub fn c_abi(data: &[u8]) {
    use reversi::ffi::*;
    use std::ffi::CString;

    fn position(game: *const ReversiGame) -> String {
        let mut buf = vec![0u8; 512];
        let mut written = 0usize;
        let status = unsafe {
            reversi_game_position(game, buf.as_mut_ptr().cast(), buf.len(), &mut written)
        };
        assert_eq!(status, ReversiStatus::Ok);
        buf.truncate(written - 1);
        String::from_utf8(buf).unwrap()
    }

    let mut bytes = data.iter().copied();
    let mut next = move || bytes.next();
    let mut rules = ReversiRules {
        board: 1,
        players: 2,
        anti: 0,
        free_opening: 0,
        handicap_color: 0,
        handicap_corners: 0,
        blocked_count: 0,
        blocked: [0; 4],
        random_blocked: 0,
        seed: 0,
    };
    unsafe { reversi_rules_default(&mut rules) };
    if let (Some(a), Some(b), Some(c), Some(d)) = (next(), next(), next(), next()) {
        rules.board = u32::from(a % 6);
        rules.players = u32::from(b % 6);
        rules.anti = u32::from(c % 3);
        rules.free_opening = u32::from(c / 3 % 3);
        rules.handicap_corners = u32::from(d % 20);
        rules.handicap_color = u32::from(d / 20 % 5);
        rules.random_blocked = u32::from(d / 100 % 2);
        rules.seed = u64::from(a) << 8 | u64::from(b);
    }
    let mut game: *mut ReversiGame = std::ptr::null_mut();
    let status = unsafe { reversi_game_new(&rules, &mut game) };
    assert_ne!(status, ReversiStatus::Panic);
    if status != ReversiStatus::Ok {
        assert!(
            game.is_null(),
            "a refused reversi_game_new set its out-parameter"
        );
        return;
    }
    while let Some(op) = next() {
        let arg = next().unwrap_or(0);
        let before = position(game);
        let mut count_before = 0usize;
        let mut moves = [0u32; 200];
        unsafe { reversi_game_moves(game, moves.as_mut_ptr(), moves.len(), &mut count_before) };
        let kind = op % 12;
        let status = match kind {
            0 => unsafe { reversi_game_play(game, u32::from(arg)) },
            1 => unsafe { reversi_game_pass(game) },
            2 => unsafe { reversi_game_undo(game) },
            3 => {
                let mut buf = [0u32; 120];
                let mut written = 0usize;
                let len = usize::from(arg % 121);
                let status =
                    unsafe { reversi_game_legal_moves(game, buf.as_mut_ptr(), len, &mut written) };
                match status {
                    ReversiStatus::Ok => assert!(written <= len),
                    ReversiStatus::InsufficientSize => assert!(written > len),
                    other => panic!("legal moves: {other:?}"),
                }
                status
            }
            4 => {
                let mut buf = [0u32; 120];
                let mut written = 0usize;
                let mut legal = false;
                let legal_status =
                    unsafe { reversi_game_is_legal(game, u32::from(arg), &mut legal) };
                let status = unsafe {
                    reversi_game_flips(
                        game,
                        u32::from(arg),
                        buf.as_mut_ptr(),
                        buf.len(),
                        &mut written,
                    )
                };
                assert_eq!(
                    status == ReversiStatus::Ok,
                    legal_status == ReversiStatus::Ok && legal
                );
                status
            }
            5 => {
                let mut buf = [0i8; 64];
                let mut written = 0usize;
                let len = usize::from(arg % 65);
                let status = unsafe {
                    reversi_game_move_list(game, buf.as_mut_ptr().cast(), len, &mut written)
                };
                if status == ReversiStatus::InsufficientSize {
                    assert!(written > len);
                }
                status
            }
            6 => {
                let len = usize::from(arg % 16);
                let text: Vec<u8> = (0..len)
                    .filter_map(|_| next())
                    .filter(|&b| b != 0)
                    .collect();
                let text = CString::new(text).unwrap();
                unsafe { reversi_game_play_moves(game, text.as_ptr()) }
            }
            7 => {
                let mut clone: *mut ReversiGame = std::ptr::null_mut();
                let status = unsafe { reversi_game_clone(game, &mut clone) };
                assert_eq!(position(clone), before);
                unsafe { reversi_game_free(clone) };
                status
            }
            8 => {
                let mut cell = 0u32;
                let status = unsafe { reversi_game_cell(game, u32::from(arg), &mut cell) };
                // Every index below the pass index (width * width) is a square of
                // the board's grid, on or off the board.
                let (mut board, mut pass) = (0u32, 0u32);
                unsafe { reversi_game_board(game, &mut board) };
                assert_eq!(
                    unsafe { reversi_board_pass_index(board, &mut pass) },
                    ReversiStatus::Ok
                );
                assert_eq!(status == ReversiStatus::Ok, u32::from(arg) < pass);
                status
            }
            9 => unsafe { reversi_game_redo(game) },
            10 => {
                let mut length = 0usize;
                unsafe { reversi_game_line_length(game, &mut length) };
                let target = usize::from(arg % 70);
                let status = unsafe { reversi_game_go_to(game, target) };
                assert_eq!(status == ReversiStatus::Ok, target <= length);
                status
            }
            _ => {
                // A move of the line: its flips agree with its count.
                let mut ply = ReversiPly::default();
                let status = unsafe { reversi_game_ply(game, usize::from(arg), &mut ply) };
                if status == ReversiStatus::Ok {
                    let mut flips = [0u32; 100];
                    let mut written = 0usize;
                    let listed = unsafe {
                        reversi_game_ply_flips(
                            game,
                            usize::from(arg),
                            flips.as_mut_ptr(),
                            flips.len(),
                            &mut written,
                        )
                    };
                    assert_eq!(
                        (listed, written),
                        (ReversiStatus::Ok, ply.flip_count as usize)
                    );
                }
                status
            }
        };
        assert_ne!(status, ReversiStatus::Panic);
        if status != ReversiStatus::Ok {
            // Reading the last error never changes it: a size query, a short read
            // and the full read all agree on it.
            let mut size = 0usize;
            let mut again = 0usize;
            let query = unsafe { reversi_last_error(std::ptr::null_mut(), 0, &mut size) };
            assert_eq!(query, ReversiStatus::InsufficientSize);
            assert!(size > 1, "a failure without a detail (status {status:?})");
            let mut buf = vec![0u8; size];
            let short =
                unsafe { reversi_last_error(buf.as_mut_ptr().cast(), size / 2, &mut again) };
            assert_eq!((short, again), (ReversiStatus::InsufficientSize, size));
            let full = unsafe { reversi_last_error(buf.as_mut_ptr().cast(), size, &mut again) };
            assert_eq!((full, again), (ReversiStatus::Ok, size));
            assert_eq!(buf[size - 1], 0);
        }
        let mut count_after = 0usize;
        unsafe { reversi_game_moves(game, moves.as_mut_ptr(), moves.len(), &mut count_after) };
        if status != ReversiStatus::Ok || matches!(kind, 3..=5 | 7 | 8 | 11) {
            assert_eq!(
                position(game),
                before,
                "op {kind} changed the game (status {status:?})"
            );
            assert_eq!(count_after, count_before);
        } else if kind == 2 {
            assert_eq!(count_after + 1, count_before);
        } else if kind < 2 || kind == 9 {
            assert_eq!(count_after, count_before + 1);
        } else if kind == 10 {
            assert_eq!(count_after, usize::from(arg % 70));
        }
    }
    // The rules read back are the rules the game was made with (the blocked
    // squares named), and they make the same game again.
    let mut back = rules;
    assert_eq!(
        unsafe { reversi_game_rules(game, &mut back) },
        ReversiStatus::Ok
    );
    assert_eq!(
        (back.board, back.players, back.anti, back.free_opening),
        (rules.board, rules.players, rules.anti, rules.free_opening)
    );
    assert_eq!(back.handicap_corners, rules.handicap_corners);
    if rules.handicap_corners != 0 {
        assert_eq!(back.handicap_color, rules.handicap_color);
    }
    assert_eq!(back.random_blocked, 0);
    let mut again: *mut ReversiGame = std::ptr::null_mut();
    assert_eq!(
        unsafe { reversi_game_new(&back, &mut again) },
        ReversiStatus::Ok
    );
    let mut back_again = rules;
    assert_eq!(
        unsafe { reversi_game_rules(again, &mut back_again) },
        ReversiStatus::Ok
    );
    assert_eq!(format!("{back:?}"), format!("{back_again:?}"));
    unsafe { reversi_game_free(again) };
    unsafe { reversi_game_free(game) };
}

/// The C ABI's game reader gives the entries the Rust reader gives, in order, each
/// game writing the same record, and then `NO_MORE_GAMES`, without a panic.
fn c_reader_agrees(data: &[u8], expected: &[games::GameEntry]) {
    use reversi::ffi::*;
    let mut reader: *mut ReversiGameReader = std::ptr::null_mut();
    let status = unsafe { reversi_game_reader_from_bytes(data.as_ptr(), data.len(), &mut reader) };
    assert_eq!(status, ReversiStatus::Ok);
    for want in expected {
        let mut game: *mut ReversiGame = std::ptr::null_mut();
        let mut entry = ReversiGameEntry::default();
        let status = unsafe { reversi_game_reader_next(reader, &mut game, &mut entry) };
        assert_eq!(
            (entry.number, entry.line, entry.byte),
            (want.number, want.line, want.byte)
        );
        match &want.result {
            Ok(record) => {
                assert_eq!(status, ReversiStatus::Ok);
                let mut size = 0usize;
                unsafe { reversi_game_record(game, std::ptr::null_mut(), 0, &mut size) };
                let mut buf = vec![0u8; size];
                let copied =
                    unsafe { reversi_game_record(game, buf.as_mut_ptr().cast(), size, &mut size) };
                assert_eq!(copied, ReversiStatus::Ok);
                buf.truncate(size - 1);
                assert_eq!(String::from_utf8(buf).unwrap(), record.to_string());
                unsafe { reversi_game_free(game) };
            }
            Err(_) => {
                assert_eq!(status, ReversiStatus::ParseError);
                assert!(game.is_null() && entry.error_line > 0);
            }
        }
    }
    let mut game: *mut ReversiGame = std::ptr::null_mut();
    let mut entry = ReversiGameEntry::default();
    let status = unsafe { reversi_game_reader_next(reader, &mut game, &mut entry) };
    assert_eq!(status, ReversiStatus::NoMoreGames);
    unsafe { reversi_game_reader_free(reader) };
}

/// Two good GGS-style games, one a line, around the fuzzed text in [`games`].
const GOOD_FIRST: &str = "1 (;GM[Othello]PB[Ann]TY[8]B[f5/0.5/1.2]W[d6];)";
const GOOD_LAST: &str = "2 (;GM[Othello]TY[8]RE[?]B[d3]W[c5//3];)";

/// The readers of many games: the text and the stream readers agree; every game
/// read writes back (as a record, or as GGF for a GGF archive) to the same game;
/// and a fuzzed text between two good GGF games neither hides nor invents a game:
/// the good ones come back as they are, with exactly the fuzzed text's entries
/// between them.
pub fn games(data: &[u8]) {
    let streamed: Vec<_> = GameReader::new(std::io::BufReader::with_capacity(5, data))
        .map(|entry| entry.expect("reading from memory never fails"))
        .collect();
    c_reader_agrees(data, &streamed);
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let direct: Vec<_> = games::games(text).collect();
    assert_eq!(direct, streamed);
    for entry in &direct {
        let Ok(record) = &entry.result else { continue };
        let written = record.to_string();
        // The record format does not hold a margin GGF stated (documented on its
        // writer): setting the result again drops it.
        let mut expected = record.clone();
        expected
            .set_game_result(record.result())
            .expect("a record's own result fits it");
        assert_eq!(expected.stated_margin(), None);
        assert_eq!(
            Record::parse(&written).expect("a written record reads"),
            expected
        );
        if entry.archive == Archive::Ggf {
            let line = ggf::write(record).expect("a game read from GGF writes");
            assert_eq!(&ggf::parse(&line).expect("written GGF reads"), record);
        }
    }
    let alone: Vec<_> = games::games(&format!("{GOOD_FIRST}\n{text}")).collect();
    let framed: Vec<_> = games::games(&format!("{GOOD_FIRST}\n{text}\n{GOOD_LAST}\n")).collect();
    let first = ggf::parse(&GOOD_FIRST[2..]).expect("a good game");
    let last = ggf::parse(&GOOD_LAST[2..]).expect("a good game");
    assert_eq!(framed.len(), alone.len() + 1, "{text:?}");
    assert_eq!(framed[0].result.as_ref(), Ok(&first));
    assert_eq!(
        framed.last().map(|e| e.result.as_ref()),
        Some(Ok(&last)),
        "{text:?}"
    );
}
