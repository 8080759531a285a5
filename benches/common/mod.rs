//! The benches' one walker: fixed, real positions of every board.
#![allow(dead_code)]

use reversi::{Game, Rules};

/// The game after `moves` plies of a fixed sequence from the start of `rules`:
/// the first legal move, then the last, alternately (a pass when one is due takes
/// a ply); it stops early at the end of the game.
pub fn fixed_game(rules: Rules, moves: usize) -> Game {
    let mut game = Game::new(rules);
    for i in 0..moves {
        let legal: Vec<_> = game.legal_moves().iter().collect();
        if legal.is_empty() {
            if game.pass().is_err() {
                break;
            }
            continue;
        }
        game.play(if i % 2 == 0 {
            legal[0]
        } else {
            legal[legal.len() - 1]
        })
        .unwrap();
    }
    game
}

/// A middle-game position of each board: 20 plies of [`fixed_game`].
pub fn midgame(rules: Rules) -> Game {
    fixed_game(rules, 20)
}
