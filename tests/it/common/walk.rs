//! The one random-game walker, without proptest: the rules crate's tests reach it
//! through `common`, and the engine's tests (engine/tests/it/main.rs) include this
//! file by path, so that both walk the same games.
#![allow(dead_code)]

use reversi::{Game, Rules, Square};

/// Plays a game from the start of `rules`: `pick(n)` chooses one of the `n` legal
/// moves (in the order of `legal_moves`), or `None` to stop; the pass is played
/// when one is due; the walk ends with the game. Calls `each` on every state
/// reached, the start included, and returns the last.
pub fn play_out<E>(
    rules: Rules,
    mut pick: impl FnMut(usize) -> Option<usize>,
    mut each: impl FnMut(&Game) -> Result<(), E>,
) -> Result<Game, E> {
    let mut game = Game::new(rules);
    each(&game)?;
    loop {
        let moves: Vec<Square> = game.legal_moves().iter().collect();
        if !moves.is_empty() {
            let Some(index) = pick(moves.len()) else {
                break;
            };
            game.play(moves[index]).unwrap();
        } else if game.must_pass() {
            game.pass().unwrap();
        } else {
            break;
        }
        each(&game)?;
    }
    Ok(game)
}

/// [`play_out`] to the end, each move drawn by a fixed-seed generator: the same
/// game for the same `seed`.
pub fn seeded_game(rules: Rules, seed: u64, each: impl FnMut(&Game)) -> Game {
    let mut state = seed;
    let mut each = each;
    let pick = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        Some((state >> 33) as usize % n)
    };
    let game = play_out(rules, pick, |g| {
        each(g);
        Ok::<_, core::convert::Infallible>(())
    });
    match game {
        Ok(game) => game,
        Err(never) => match never {},
    }
}
