//! The Rust side of `reversi.envs.vector.ReversiVectorEnv`: games in which an
//! agent has a seat and an opponent plays the others, stepped together.

use numpy::{PyArray1, PyArray2};
use pyo3::prelude::*;
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use reversi::Rules;
use reversi_engine::bot::{Kind, Spec};

use crate::batch::seated::{self, AgentBatch, AgentOut, Autoreset, Opponent, Seats, Setup};
use crate::batch::ObsOut;
use crate::errors::{illegal_move, reversi_error, rules_error, ReversiError};
use crate::game::PyGame;
use crate::observation;
use crate::rules::rules_arg;
use crate::vecenv::{
    check_memory, check_random_blocked, fresh_seed, obs_array, replay_line, step_actions, uninit,
    zeros, ObsDtype,
};

type Step<'py> = (
    Bound<'py, PyAny>,
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray2<bool>>,
    Option<Bound<'py, PyAny>>,
);

/// ``num_envs`` games in which the agent plays one seat and ``opponent`` the
/// others, in Rust: the engine of ``reversi.envs.vector.ReversiVectorEnv``,
/// which documents it (use that).
#[pyclass(module = "reversi", name = "VectorGames")]
pub struct VectorGames {
    rules: Rules,
    num_envs: usize,
    games: Box<dyn AgentBatch>,
    rng: Xoshiro256PlusPlus,
    obs_dtype: ObsDtype,
    autoreset: Autoreset,
    /// The opponent as given, to build anew with each seed.
    opponent: String,
}

impl VectorGames {
    fn masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        let count = self.rules.board().index_count();
        let (array, out) = uninit::<bool, _>(py, numpy::ndarray::Dim([self.num_envs, count]));
        self.games.masks(out);
        array
    }

    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        let (array, out) = obs_array(py, self.obs_dtype, self.num_envs, &self.rules, false);
        let games = &self.games;
        py.detach(|| games.observations(out));
        array
    }
}

/// The opponent a name or bot spec gives for `rules`, its random choices from `seed`.
fn opponent_arg(name: &str, rules: &Rules, seed: u64) -> PyResult<Opponent> {
    if name == "self" {
        return Ok(Opponent::SelfPlay);
    }
    let spec =
        Spec::parse(name).map_err(|e| reversi_error(format_args!("opponent {name:?}: {e}")))?;
    if !spec.supports(rules.players()) {
        return Err(rules_error(format_args!(
            "opponent {name:?} does not play {} players",
            rules.players()
        )));
    }
    Ok(match spec.kind {
        Kind::Random => Opponent::Random,
        Kind::Greedy => Opponent::Greedy,
        _ => Opponent::Bot(std::sync::Mutex::new(spec.build(seed))),
    })
}

/// The agent's seat: a player index, or ``"random"``.
fn seats_arg(value: &Bound<'_, PyAny>, rules: &Rules) -> PyResult<Seats> {
    if let Ok(text) = value.extract::<String>() {
        return match text.as_str() {
            "random" => Ok(Seats::Random),
            other => Err(ReversiError::new_err(format!(
                "player is a player index or \"random\", not {other:?}"
            ))),
        };
    }
    if value.is_instance_of::<pyo3::types::PyBool>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "player is a player index or \"random\", not a bool",
        ));
    }
    let seat: i64 = value.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err("player is a player index or \"random\"")
    })?;
    let players = rules.players();
    u8::try_from(seat)
        .ok()
        .filter(|&s| s < players)
        .map(Seats::Fixed)
        .ok_or_else(|| {
            ReversiError::new_err(format!("player {seat} is not in a {players}-player game"))
        })
}

fn autoreset_arg(name: &str) -> PyResult<Autoreset> {
    match name {
        "next_step" => Ok(Autoreset::NextStep),
        "same_step" => Ok(Autoreset::SameStep),
        "disabled" => Ok(Autoreset::Disabled),
        other => Err(ReversiError::new_err(format!(
            "autoreset is \"next_step\", \"same_step\" or \"disabled\", not {other:?}"
        ))),
    }
}

#[pymethods]
impl VectorGames {
    #[new]
    #[pyo3(signature = (num_envs, rules=None, *, opponent="random", player=None, autoreset="next_step", seed=None, obs_dtype=None, random_blocked=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        num_envs: usize,
        rules: Option<&Bound<'_, PyAny>>,
        opponent: &str,
        player: Option<&Bound<'_, PyAny>>,
        autoreset: &str,
        seed: Option<u64>,
        obs_dtype: Option<&Bound<'_, PyAny>>,
        random_blocked: bool,
    ) -> PyResult<VectorGames> {
        if num_envs == 0 {
            return Err(ReversiError::new_err("num_envs must be at least 1"));
        }
        let rules = rules_arg(rules)?;
        let obs_dtype = ObsDtype::from_arg(obs_dtype, true)?;
        let autoreset = autoreset_arg(autoreset)?;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed.unwrap_or_else(fresh_seed));
        let opponent_name = opponent;
        // The bot's seed comes first from the generator, as in `reset(seed)`.
        let opponent = opponent_arg(opponent, &rules, rng.next_u64())?;
        let seats = match player {
            None => Seats::Fixed(0),
            Some(_) if matches!(opponent, Opponent::SelfPlay) => {
                return Err(ReversiError::new_err(
                    "with opponent=\"self\" the agent plays every seat: give no player",
                ))
            }
            Some(value) => seats_arg(value, &rules)?,
        };
        if random_blocked {
            check_random_blocked(&rules, &rng)?;
        }
        let board = rules.board();
        let each = 4 * core::mem::size_of::<reversi::AnyPosition>()
            + core::mem::size_of::<Rules>()
            + 2 * crate::batch::line_room(board)
            + 4 * observation::len(board, rules.players())
            + 2 * board.index_count()
            + 16;
        check_memory("ReversiVectorEnv", num_envs, each)?;
        let setup = Setup {
            rules,
            random_blocked,
            seats,
            opponent,
            autoreset,
        };
        let games = seated::new(setup, num_envs, &mut rng).map_err(reversi_error)?;
        Ok(VectorGames {
            rules,
            num_envs,
            games,
            rng,
            obs_dtype,
            autoreset,
            opponent: opponent_name.to_string(),
        })
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.num_envs
    }

    /// The rules of every game (but for blocked squares drawn at random).
    #[getter]
    fn rules(&self) -> crate::rules::PyRules {
        crate::rules::PyRules { rules: self.rules }
    }

    /// Starts games again: every game, or those where ``mask`` (bool,
    /// ``(num_envs,)``) is true; ``seed`` seeds the games' draws again first.
    /// Returns the observations and legal masks of every game.
    #[pyo3(signature = (seed=None, mask=None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<u64>,
        mask: Option<Vec<bool>>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyArray2<bool>>)> {
        if let Some(mask) = &mask {
            if mask.len() != self.num_envs {
                return Err(ReversiError::new_err(format!(
                    "reset_mask has {} entries for {} games",
                    mask.len(),
                    self.num_envs
                )));
            }
        }
        if let Some(seed) = seed {
            self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            // A bot opponent's choices start again from the seed too, as at `new`.
            let opponent = opponent_arg(&self.opponent, &self.rules, self.rng.next_u64())?;
            self.games.set_opponent(opponent);
        }
        let (games, rng) = (&mut self.games, &mut self.rng);
        py.detach(|| games.reset(mask.as_deref(), rng))
            .map_err(reversi_error)?;
        Ok((self.observations(py), self.masks(py)))
    }

    /// Plays the agent's actions (int, ``(num_envs,)``) and the opponent's
    /// replies; returns the observations, the agent's rewards, the terminated
    /// flags, the legal masks, and with ``"same_step"`` the last observations
    /// of the games that ended (zeros in the others' rows; else ``None``).
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Step<'py>> {
        let n = self.num_envs;
        let given = step_actions(py, actions, n)?;
        let actions = given.as_slice();
        // An illegal action, or a game that waits for `reset`: nothing moves.
        self.games.check(actions).map_err(illegal_move)?;
        let (obs, obs_out) = obs_array(py, self.obs_dtype, n, &self.rules, false);
        let (final_obs, final_out) = match self.autoreset {
            Autoreset::SameStep => {
                let (array, out) = obs_array(py, self.obs_dtype, n, &self.rules, true);
                (Some(array), out)
            }
            _ => (None, ObsOut::Off),
        };
        let (rewards_array, rewards) = zeros::<f32, _>(py, numpy::ndarray::Dim([n]));
        let (terminated_array, terminated) = zeros::<bool, _>(py, numpy::ndarray::Dim([n]));
        let count = self.rules.board().index_count();
        let (masks_array, masks) = uninit::<bool, _>(py, numpy::ndarray::Dim([n, count]));
        let (games, rng) = (&mut self.games, &mut self.rng);
        py.detach(|| {
            games.step(
                actions,
                rng,
                AgentOut {
                    rewards,
                    terminated,
                    masks,
                    obs: obs_out,
                    final_obs: final_out,
                },
            )
        })
        .map_err(reversi_error)?;
        Ok((obs, rewards_array, terminated_array, masks_array, final_obs))
    }

    /// One legal action for the agent in each game, drawn uniformly in Rust,
    /// int64 ``(num_envs,)``.
    fn sample<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let (array, out) = uninit::<i64, _>(py, numpy::ndarray::Dim([self.num_envs]));
        let (games, rng) = (&self.games, &mut self.rng);
        py.detach(|| games.sample(rng, out));
        array
    }

    /// The current observations.
    fn observe<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        self.observations(py)
    }

    /// The agent's current legal masks (a game that ended and waits to start
    /// again has the pass alone).
    fn legal_masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        self.masks(py)
    }

    /// The player the agent plays in each game, int64.
    fn players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let (array, out) = zeros::<i64, _>(py, numpy::ndarray::Dim([self.num_envs]));
        self.games.seats(out);
        array
    }

    /// Whether each game ended and waits to start again.
    fn ended<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let (array, out) = zeros::<bool, _>(py, numpy::ndarray::Dim([self.num_envs]));
        self.games.ended(out);
        array
    }

    /// Game ``index`` with its whole history, the opponent's moves too.
    fn game(&self, index: usize) -> PyResult<PyGame> {
        if index >= self.num_envs {
            return Err(ReversiError::new_err(format!("no game {index}")));
        }
        let (rules, line) = self.games.game(index);
        replay_line(reversi::Game::new(rules), &line)
    }

    /// The games that ended in the last step: ``(index, Game)`` pairs.
    fn finished(&self) -> PyResult<Vec<(usize, PyGame)>> {
        self.games
            .finished()
            .into_iter()
            .map(|(index, rules, line)| Ok((index, replay_line(reversi::Game::new(rules), &line)?)))
            .collect()
    }
}
