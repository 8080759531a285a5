//! Uses `reversi` with `alloc` but without `std`: a game with its history, a move
//! list and a game record. Built by `.ci/run`.
#![cfg_attr(not(test), no_std)]

extern crate alloc;

use alloc::string::{String, ToString};

use reversi::text::record::Record;
use reversi::{Board, Game, Rules};

/// Plays `moves` (a move list) from the start of 8×8 Reversi and returns the game
/// record, or the reason the moves cannot be played.
pub fn record_of(moves: &str) -> Result<String, String> {
    let rules = Rules::builder(Board::Size8)
        .build()
        .map_err(|e| e.to_string())?;
    let mut game = Game::new(rules);
    game.play_moves(moves).map_err(|e| e.to_string())?;
    Ok(Record::new(game).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_round_trips() {
        let text = record_of("f5 d6 c3 d3 c4").unwrap();
        let back: Record = text.parse().unwrap();
        assert_eq!(back.game().move_count(), 5);
        assert_eq!(back.to_string(), text);
    }

    #[test]
    fn an_illegal_move_is_an_error() {
        assert_eq!(
            record_of("f5 a1").unwrap_err(),
            "column 4: move 2: a1 flips nothing"
        );
    }
}
