//! Uses the engine of `reversi` with neither `std` nor `alloc`: rules, the start
//! position, move generation through perft. Built by `.ci/run`.
#![cfg_attr(not(test), no_std)]

use reversi::{AnyPosition, Board, Rules, RulesError};

/// Perft from the start of `players`-player Reversi on `board`.
pub fn start_perft(board: Board, players: u8, depth: u32) -> Result<u64, RulesError> {
    let rules = Rules::builder(board).players(players).build()?;
    Ok(AnyPosition::start(&rules).perft(depth))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_agrees_with_the_published_8x8_table() {
        assert_eq!(start_perft(Board::Size8, 2, 4), Ok(244));
        assert_eq!(start_perft(Board::Size8, 2, 6), Ok(8200));
    }

    #[test]
    fn forbidden_rules_are_errors() {
        assert!(start_perft(Board::Size6, 3, 1).is_err());
    }
}
