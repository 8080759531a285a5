//! A bot builder's crate on `reversi-engine`: its own bot, written on the
//! [`Bot`] trait, next to the engine's.

use reversi::Game;
use reversi_engine::bot::{Bot, BotError, Choice, Mcts};

/// MCTS with a fixed, small budget, under a name of its own: a bot that a user
/// of the engine writes by wrapping one of its bots.
pub struct Quick {
    inner: Mcts,
}

impl Quick {
    /// The bot, its playouts drawn from `seed`.
    pub fn new(seed: u64) -> Quick {
        Quick {
            inner: Mcts::new(seed).playouts(64),
        }
    }
}

impl Bot for Quick {
    fn name(&self) -> &str {
        "quick"
    }

    fn choose(&mut self, game: &Game) -> Result<Choice, BotError> {
        self.inner.choose(game)
    }
}
