//! The engine crate's bots and exact solver, from Python.

use pyo3::prelude::*;
use reversi_engine::bot::{Bot, Eval, Kind, Spec};
use reversi_engine::protocol::client::{EngineBot, EngineSpec};
use reversi_engine::solver::Solver;
use reversi_engine::Limits;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::errors::reversi_error;
use crate::game::PyGame;
use crate::interrupt;
use crate::rules::rules_arg;
use crate::vecenv::check_threads;

/// A bot of the engine crate: ``"random"``, ``"greedy"``, ``"mobility"``,
/// ``"mcts"`` (options ``playouts=N``, ``time=MS``, ``c=F``) or ``"alphabeta"``
/// (two players; options ``depth=N``, ``solve=N``, ``time=MS``: on time it
/// deepens a ply at a time and plays the deepest search finished;
/// ``threads=N``; ``eval=learned`` or ``features``; ``probcut=T``:
/// Multi-ProbCut at T spreads, 1 on time and 0 at a fixed depth by default), as in
/// ``"mcts:playouts=200"`` or ``"alphabeta:time=500"``.
/// Its random choices come from ``seed``. ``Bot.engine`` makes a bot of an
/// outside engine (Edax, NTest, ...) over NBoard or GTP.
#[pyclass(module = "reversi", name = "Bot", frozen)]
pub struct PyBot {
    // A bot keeps its generator and tables: one caller at a time.
    bot: Arc<Mutex<Box<dyn Bot + Send>>>,
    player: Player,
}

/// What a [`PyBot`] is: a built-in bot, or an outside engine.
#[derive(Clone)]
enum Player {
    BuiltIn(Spec),
    Engine(EngineSpec),
}

impl Player {
    fn name(&self) -> &str {
        match self {
            Player::BuiltIn(spec) => &spec.name,
            Player::Engine(spec) => &spec.name,
        }
    }

    /// Why the bot does not play `game`'s rules, if it does not.
    fn refuses(&self, rules: &reversi::Rules) -> Option<String> {
        match self {
            Player::BuiltIn(spec) => (!spec.supports(rules.players()))
                .then(|| format!("{} does not play {} players", spec.name, rules.players())),
            Player::Engine(spec) => spec.refuses(rules),
        }
    }
}

#[pymethods]
impl PyBot {
    #[new]
    #[pyo3(signature = (spec, seed=0))]
    fn new(spec: &str, seed: u64) -> PyResult<PyBot> {
        let spec = Spec::parse(spec).map_err(reversi_error)?;
        Ok(PyBot {
            bot: Arc::new(Mutex::new(spec.build(seed))),
            player: Player::BuiltIn(spec),
        })
    }

    /// An outside engine as a bot: ``spec`` is ``"NAME=nboard:COMMAND ARGS"``
    /// or ``"NAME=gtp:COMMAND ARGS"``, as the arena's ``--engine`` takes it
    /// (``"edax=nboard:edax -nboard"``; the command is split into words as a
    /// shell would, so quote a path with spaces, or build it with
    /// ``shlex.join``). The engine is started now: one that
    /// cannot start, or does not answer within ``max(move_time, 10)`` seconds,
    /// raises ``ReversiError``. It then has ``move_time`` seconds for each
    /// move; NBoard engines are sent ``set depth depth``. Two-player games only
    /// (GTP: the standard game on a square board). Ctrl-C stops its search
    /// (NBoard by ``ping``; a GTP engine's answer is awaited and dropped before
    /// its next move). The process ends when the bot is collected.
    #[staticmethod]
    #[pyo3(signature = (spec, move_time=5.0, depth=8))]
    fn engine(py: Python<'_>, spec: &str, move_time: f64, depth: u32) -> PyResult<PyBot> {
        let spec = EngineSpec::parse(spec).map_err(reversi_error)?;
        let move_time = Duration::try_from_secs_f64(move_time)
            .ok()
            .filter(|t| !t.is_zero())
            .ok_or_else(|| {
                reversi_error(format!(
                    "move_time {move_time}: a number of seconds above 0 and at most 1.8e19 is needed"
                ))
            })?;
        let bot = py
            .detach(|| EngineBot::start(&spec, move_time, depth))
            .map_err(reversi_error)?;
        Ok(PyBot {
            bot: Arc::new(Mutex::new(Box::new(bot))),
            player: Player::Engine(spec),
        })
    }

    /// The bot's name and options as given (an engine: the name before ``=``).
    #[getter]
    fn name(&self) -> &str {
        self.player.name()
    }

    /// The bot's action in ``game`` (the pass action when the player must pass).
    /// Raises ``ReversiError`` when the game is over or the bot does not play this
    /// many players.
    fn choose(&self, py: Python<'_>, game: &PyGame) -> PyResult<usize> {
        Ok(self.think(py, game)?.action)
    }

    /// ``choose`` with what the bot found out about its move: a ``Choice``
    /// (``action``, ``value``, ``unit``, ``nodes``, ``pv``). Ctrl-C stops a bot that
    /// thinks for long (``KeyboardInterrupt``, as for ``solve``).
    fn think(&self, py: Python<'_>, game: &PyGame) -> PyResult<PyChoice> {
        let position = *game.game().position();
        let game = game.game().clone();
        let board = position.board();
        if position.is_over() {
            return Err(reversi_error(
                "the game is over: there is no move to choose",
            ));
        }
        let (player, bot) = (self.player.clone(), Arc::clone(&self.bot));
        let stoppable = match &player {
            Player::BuiltIn(spec) => {
                matches!(spec.kind, Kind::Mcts { .. } | Kind::AlphaBeta { .. })
            }
            Player::Engine(_) => true,
        };
        // The lock is taken without the GIL: a thread that waited for it while
        // holding the GIL would keep the bot's thread from returning.
        let think = move |stop: Option<Arc<AtomicBool>>| {
            let mut bot = bot
                .lock()
                .map_err(|_| "the bot failed in another thread".to_string())?;
            if let Some(why) = player.refuses(game.rules()) {
                return Err(why);
            }
            bot.set_stop(stop);
            // An outside engine's answer is its own: one that is not legal here
            // is an error, not an action to play.
            let choice = bot.choose_legal(&game).map_err(|e| e.to_string());
            bot.set_stop(None);
            choice
        };
        let choice = if stoppable {
            // The bots that think for long think on a worker thread, so that
            // Ctrl-C can set their stop flag; the others answer at once.
            let stop = Arc::new(AtomicBool::new(false));
            let flag = Arc::clone(&stop);
            interrupt::run(py, "the bot", &stop, move || think(Some(flag)))?
        } else {
            py.detach(|| think(None))
        }
        .map_err(reversi_error)?;
        let action = choice
            .mv
            .index(board)
            .ok_or_else(|| reversi_error("the bot chose a square off the grid"))?;
        Ok(PyChoice {
            action,
            value: choice.eval.map(Eval::value),
            unit: choice.eval.map(Eval::unit),
            nodes: choice.nodes,
            pv: choice.pv.iter().map_while(|mv| mv.index(board)).collect(),
        })
    }

    /// Whether the bot plays games of ``rules`` (a ``Rules`` or its text, such
    /// as ``"octagon, 4 players"``), or of ``rules`` players when it is a
    /// number: alpha-beta and outside engines play two players, and a GTP
    /// engine only the standard game on a square board.
    fn supports(&self, rules: &Bound<'_, PyAny>) -> PyResult<bool> {
        let players = match rules.extract::<u8>() {
            Ok(players) => players,
            Err(_) if rules.is_instance_of::<pyo3::types::PyInt>() => return Ok(false),
            Err(_) => {
                let rules = rules_arg(Some(rules))?;
                return Ok(match &self.player {
                    Player::BuiltIn(spec) => spec.supports(rules.players()),
                    Player::Engine(spec) => spec.refuses(&rules).is_none(),
                });
            }
        };
        Ok(match &self.player {
            Player::BuiltIn(spec) => spec.supports(players),
            Player::Engine(_) => players == 2,
        })
    }

    fn __repr__(&self) -> String {
        match &self.player {
            Player::BuiltIn(spec) => format!("Bot({:?})", spec.name),
            Player::Engine(spec) => format!("Bot.engine({:?})", spec.name),
        }
    }
}

/// A bot's move and what it found out about it (``Bot.think``); it pickles, for
/// Ray and multiprocessing.
#[pyclass(module = "reversi", name = "Choice", frozen, get_all, eq)]
#[derive(PartialEq)]
pub struct PyChoice {
    /// The action (the pass action when the player must pass).
    action: usize,
    /// The bot's value of the move for the player who plays it, in ``unit``;
    /// None when the bot gives none (random, greedy, mobility; MCTS on a
    /// forced move).
    value: Option<f64>,
    /// ``"exact"`` (the final disc difference with best play, empty squares to
    /// the winner, as ``solve`` gives it: alpha-beta in the endgame; a whole
    /// number), ``"discs"`` (an estimate of it: alpha-beta before), or
    /// ``"win_chance"`` (from 0 to 1, a shared win counting as a share: MCTS);
    /// None with no value. In Anti-Reversi a disc value is positive when the
    /// player is ahead by that variant's count (fewer discs).
    unit: Option<&'static str>,
    /// Positions (alpha-beta) or playouts (MCTS) searched.
    nodes: u64,
    /// The line the bot expects, as actions from the position it was asked
    /// about: its move first (the pass action when it must pass), then best
    /// play as its search saw it, the pass action where a player must pass, so
    /// that ``Game.play`` replays it. Alpha-beta gives it to its depth (to the
    /// end of the game when exact); empty when the bot gives none (random,
    /// greedy, mobility, MCTS, outside engines).
    pv: Vec<usize>,
}

impl PyChoice {
    /// The value in discs, for a record: `None` without a value, an error for
    /// a chance of winning (records keep discs).
    pub(crate) fn discs(&self) -> PyResult<Option<f64>> {
        match (self.value, self.unit) {
            (Some(_), Some("win_chance")) => Err(reversi_error(format_args!(
                "a chance of winning ({}) is not a number of discs, which records keep",
                self.value.unwrap_or_default()
            ))),
            (value, _) => Ok(value),
        }
    }
}

/// What `Choice(...)` takes back: its action, value, unit, nodes and line.
type ChoiceArgs = (usize, Option<f64>, Option<&'static str>, u64, Vec<usize>);

/// The units a value comes in, as ``Choice.unit`` names them.
const UNITS: [&str; 3] = ["exact", "discs", "win_chance"];

#[pymethods]
impl PyChoice {
    #[new]
    #[pyo3(signature = (action, value=None, unit=None, nodes=0, pv=None))]
    fn new(
        action: usize,
        value: Option<f64>,
        unit: Option<&str>,
        nodes: u64,
        pv: Option<Vec<usize>>,
    ) -> PyResult<PyChoice> {
        let unit = match unit {
            None => None,
            Some(u) => Some(*UNITS.iter().find(|&&known| known == u).ok_or_else(|| {
                reversi_error(format_args!("unit {u:?} is not one of {UNITS:?}"))
            })?),
        };
        if value.is_some() != unit.is_some() {
            return Err(reversi_error(
                "a value comes with its unit, and no value with none",
            ));
        }
        Ok(PyChoice {
            action,
            value,
            unit,
            nodes,
            pv: pv.unwrap_or_default(),
        })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, ChoiceArgs)> {
        let c = slf.get();
        Ok((
            slf.get_type().into_any(),
            (c.action, c.value, c.unit, c.nodes, c.pv.clone()),
        ))
    }

    fn __repr__(&self) -> String {
        let value = self.value.map_or("None".to_string(), |v| format!("{v:?}"));
        let unit = self.unit.map_or("None".to_string(), |u| format!("{u:?}"));
        format!(
            "Choice(action={}, value={value}, unit={unit}, nodes={}, pv={:?})",
            self.action, self.nodes, self.pv
        )
    }
}

/// Solves a two-player position exactly: returns ``(best_action, score,
/// nodes)``, where ``score`` is the final disc difference for the player to move
/// with perfect play (empty squares to the winner; in Anti-Reversi, where fewer
/// discs win, the other side's discs less the player's, so that more is still
/// better) and ``best_action`` is None when
/// the player must pass or the game is over. 6x6 and 8x8 (blocked squares and
/// Anti-Reversi too) take the fast path, with its table and threads: the time
/// grows quickly with the number of empty squares (seconds at about 20 on one
/// core), and ``threads`` (1 to 1024) search together. 10x10 and the octagon
/// take the engine's search framework to the end of the game, with its table
/// and the same threads: slower, for endgames of up to about 20 empty squares
/// (about a second each at 18 on one core). Ctrl-C stops the solve (``KeyboardInterrupt``).
#[pyfunction]
#[pyo3(signature = (game, table_bits=20, threads=1))]
pub fn solve(
    py: Python<'_>,
    game: &PyGame,
    table_bits: u32,
    threads: usize,
) -> PyResult<(Option<usize>, i32, u64)> {
    if !(1..=28).contains(&table_bits) {
        return Err(reversi_error(format_args!(
            "table_bits is 1 to 28, not {table_bits}"
        )));
    }
    check_threads(threads)?;
    let position = *game.game().position();
    if position.players() != 2 {
        return Err(reversi_error(format_args!(
            "solve takes games of two players, not {}",
            position.players()
        )));
    }
    let stop = Arc::new(AtomicBool::new(false));
    // Only the fast path has a table: the others need none allocated.
    let fast = matches!(position, reversi::AnyPosition::TwoPlayer8(_));
    let mut solver = Solver::with_table_bits(if fast { table_bits } else { 1 });
    solver.set_threads(threads).set_limits(Limits {
        stop: Some(Arc::clone(&stop)),
        ..Limits::default()
    });
    let solved = interrupt::run(py, "the solver", &stop, move || solver.solve_any(&position))?;
    let solution = solved.map_err(reversi_error)?;
    let best = solution
        .best_move
        .and_then(|square| square.index(game.game().rules().board()));
    Ok((best, solution.score, solution.nodes))
}
