//! The properties that the fuzz targets check, shared with the proptests of
//! `tests/fuzz_properties.rs`: every reader, on any input, either refuses it (and
//! leaves no partial game) or reads a game that its writer writes back to the same
//! game. Each function panics when a property fails.

use reversi::text::record::Record;
use reversi::text::{ggf, obf, wthor};
use reversi::{Board, Game, Rules};

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
