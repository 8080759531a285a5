//! The engine's bots and exact solver for JavaScript (the `engine` feature:
//! its own, larger module, `reversi_engine.wasm`, that a page loads only to
//! play against the computer, best in a Web Worker: see the package's
//! `worker.js`).

use std::time::Duration;

use js_sys::Array;
use reversi_engine::bot::{BotError, Choice, Spec, SpecError};
use reversi_engine::solver::{Bound, SolveError, Solver};
use reversi_engine::Limits;
use wasm_bindgen::prelude::*;

use crate::{error, object, raise, Game, Kind, Raise};

raise!(Other: SpecError, BotError, SolveError);

/// A built-in bot, named by its spec as on the engine's command line:
/// `"random"`, `"greedy"`, `"mobility"`, `"mcts:playouts=2000"`,
/// `"alphabeta:depth=6"`, `"alphabeta:depth=30:time=500"` (milliseconds a move).
#[wasm_bindgen]
pub struct Bot {
    name: String,
    bot: Box<dyn reversi_engine::bot::Bot + Send>,
}

/// A move list as a JavaScript array of names.
fn line(moves: &[reversi::Move]) -> Array {
    moves
        .iter()
        .map(|m| JsValue::from_str(&m.to_string()))
        .collect()
}

#[wasm_bindgen]
impl Bot {
    /// The bot of `spec`, its random choices drawn from `seed` (0 by default).
    #[wasm_bindgen(constructor)]
    pub fn new(spec: &str, seed: Option<u32>) -> Result<Bot, JsValue> {
        let spec = Spec::parse(spec).map_err(raise)?;
        Ok(Bot {
            name: spec.name.clone(),
            bot: spec.build(seed.unwrap_or(0).into()),
        })
    }

    /// The bot's name.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.name.clone()
    }

    /// The bot's move in `game` (a legal placement, or `"pass"` when the player
    /// must pass) and what it found out: `{ move, index, value, unit, nodes,
    /// pv }`, `value` in `unit` (`"exact"` or `"discs"`: the final disc margin
    /// for the mover, `"win_chance"`: 0 to 1), `pv` the line it expects. The
    /// game is not changed; play the move with `game.play(choice.move)`.
    #[wasm_bindgen(
        unchecked_return_type = "{ move: string; index: number; value?: number; unit?: string; nodes: number; pv: string[] }"
    )]
    pub fn choose(&mut self, game: &Game) -> Result<JsValue, JsValue> {
        let choice: Choice = self.bot.choose_legal(game.inner()).map_err(raise)?;
        let eval = choice.eval;
        Ok(object(&[
            ("move", JsValue::from_str(&choice.mv.to_string())),
            ("index", JsValue::from(game.index(choice.mv))),
            (
                "value",
                eval.map_or(JsValue::UNDEFINED, |e| e.value().into()),
            ),
            ("unit", eval.map_or(JsValue::UNDEFINED, |e| e.unit().into())),
            ("nodes", JsValue::from(choice.nodes as f64)),
            ("pv", line(&choice.pv).into()),
        ]))
    }
}

/// Solves the position of `game` exactly (two players): `{ best, score,
/// nodes, pv }`, `score` the final disc margin for the player to move with best
/// play, `best` a best move (`undefined` when the player must pass or the game
/// is over), `pv` the line of best play. With `nodes` or `timeMs`, a solve that
/// reaches the limit is an error that says so.
#[wasm_bindgen(
    unchecked_return_type = "{ best?: string; score: number; nodes: number; pv: string[] }"
)]
pub fn solve(
    game: &Game,
    nodes: Option<f64>,
    #[wasm_bindgen(js_name = "timeMs")] time_ms: Option<f64>,
) -> Result<JsValue, JsValue> {
    let mut solver = Solver::with_table_bits(18);
    solver.set_principal_variation(true);
    solver.set_limits(Limits {
        nodes: nodes.map(|n| n.max(1.0) as u64),
        time: time_ms.map(|ms| Duration::from_secs_f64(ms.max(0.0) / 1000.0)),
        ..Limits::default()
    });
    let solution = solver.solve_any(game.inner().position()).map_err(raise)?;
    if solution.bound != Bound::Exact {
        return Err(error(Kind::Other, "the solve gave a bound, not a score"));
    }
    Ok(object(&[
        (
            "best",
            solution
                .best_move
                .map_or(JsValue::UNDEFINED, |m| m.to_string().into()),
        ),
        ("score", JsValue::from(solution.score)),
        ("nodes", JsValue::from(solution.nodes as f64)),
        ("pv", line(&solution.pv).into()),
    ]))
}
