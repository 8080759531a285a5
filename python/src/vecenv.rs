//! `reversi.VecEnv`: many games stepped together in Rust, and whole random games.

use numpy::ndarray::{Array2, Array4};
use numpy::{
    IntoPyArray, PyArray1, PyArray2, PyArray4, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use reversi::playout::{playout, uniform_below};
use reversi::{AnyPosition, Color, Position, PositionVisitor, Rules};

use crate::actions;
use crate::errors::reversi_error;
use crate::game::{rewards, PyGame};
use crate::observation;
use crate::rules::rules_arg;

/// A seed from the operating system's hash randomisation when none is given.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}

/// The legal actions of a position that is not over, in increasing order.
fn legal(position: &AnyPosition, out: &mut Vec<usize>) {
    out.clear();
    let board = position.board();
    if position.must_pass() {
        out.push(actions::pass(board));
    } else {
        out.extend(
            position
                .legal_moves()
                .iter()
                .filter_map(|s| actions::of_square(board, s)),
        );
        out.sort_unstable();
    }
}

type Step<'py> = (
    Bound<'py, PyArray4<f32>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray2<bool>>,
);

/// ``num_envs`` games of the same rules, stepped together in Rust.
///
/// ``step(actions)`` plays one action in every game and returns observations
/// ``(num_envs, players + 4, width, width)`` float32 (from each mover's point of
/// view, as ``Game.observation``), rewards ``(num_envs, players)`` float32 indexed
/// by player in turn order (+1 winner, -1 others, 0 on a draw; non-zero only on the
/// step that ends a game), terminated flags ``(num_envs,)`` and legal masks
/// ``(num_envs, num_actions)``. A finished game starts again at once: the
/// observation and mask returned for it are of the new game. The same seed gives
/// the same games.
#[pyclass(module = "reversi", name = "VecEnv")]
pub struct VecEnv {
    rules: Rules,
    start: AnyPosition,
    positions: Vec<AnyPosition>,
    /// Each game's legal actions, kept with its position: masks and samples read them.
    legal: Vec<Vec<usize>>,
    rng: Xoshiro256PlusPlus,
}

impl VecEnv {
    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray4<f32>> {
        let board = self.rules.board();
        let width = board.width() as usize;
        let players = self.rules.players();
        let len = observation::len(board, players);
        let positions = &self.positions;
        let planes = py.detach(|| {
            let mut planes = vec![0.0f32; len * positions.len()];
            for (position, out) in positions.iter().zip(planes.chunks_exact_mut(len)) {
                observation::write(position, position.to_move().index(), out);
            }
            planes
        });
        let shape = (
            positions.len(),
            observation::channels(players),
            width,
            width,
        );
        Array4::from_shape_vec(shape, planes)
            .expect("the planes fill the shape")
            .into_pyarray(py)
    }

    fn masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        let count = actions::count(self.rules.board());
        let legal = &self.legal;
        let mask = py.detach(|| {
            let mut mask = vec![false; count * legal.len()];
            for (list, row) in legal.iter().zip(mask.chunks_exact_mut(count)) {
                for &a in list {
                    row[a] = true;
                }
            }
            mask
        });
        Array2::from_shape_vec((legal.len(), count), mask)
            .expect("the masks fill the shape")
            .into_pyarray(py)
    }

    fn uniform(&mut self) -> Vec<i64> {
        let mut out = Vec::with_capacity(self.legal.len());
        for list in &self.legal {
            let pick = uniform_below(&mut self.rng, list.len() as u32) as usize;
            out.push(list[pick] as i64);
        }
        out
    }

    fn weighted(
        &mut self,
        policy: &numpy::ndarray::ArrayView2<'_, f32>,
    ) -> Result<Vec<i64>, String> {
        let mut out = Vec::with_capacity(self.legal.len());
        for (i, list) in self.legal.iter().enumerate() {
            let row = policy.row(i);
            let mut total = 0.0f64;
            for &a in list {
                let p = row[a];
                if !(p >= 0.0 && p.is_finite()) {
                    return Err(format!(
                        "policy[{i}, {a}] is {p}: weights are finite and not negative"
                    ));
                }
                total += f64::from(p);
            }
            let pick = if total > 0.0 {
                let mut x =
                    (self.rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64) * total;
                let mut chosen = *list.last().expect("a game that goes on has a move");
                for &a in list {
                    let p = f64::from(row[a]);
                    if p > 0.0 && x < p {
                        chosen = a;
                        break;
                    }
                    x -= p;
                }
                chosen
            } else {
                list[uniform_below(&mut self.rng, list.len() as u32) as usize]
            };
            out.push(pick as i64);
        }
        Ok(out)
    }
}

#[pymethods]
impl VecEnv {
    #[new]
    #[pyo3(signature = (num_envs, rules=None, seed=None))]
    fn new(
        num_envs: usize,
        rules: Option<&Bound<'_, PyAny>>,
        seed: Option<u64>,
    ) -> PyResult<VecEnv> {
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs must be at least 1"));
        }
        let rules = rules_arg(rules)?;
        let start = AnyPosition::start(&rules);
        let mut start_legal = Vec::new();
        legal(&start, &mut start_legal);
        Ok(VecEnv {
            rules,
            start,
            positions: vec![start; num_envs],
            legal: vec![start_legal; num_envs],
            rng: Xoshiro256PlusPlus::seed_from_u64(seed.unwrap_or_else(fresh_seed)),
        })
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.positions.len()
    }

    /// The rules of every game.
    #[getter]
    fn rules(&self) -> crate::rules::PyRules {
        crate::rules::PyRules { rules: self.rules }
    }

    /// The number of actions (``width * width + 1``).
    #[getter]
    fn num_actions(&self) -> usize {
        actions::count(self.rules.board())
    }

    /// The index of the player to move in each game (0 for Black), int64.
    #[getter]
    fn to_move<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let v: Vec<i64> = self
            .positions
            .iter()
            .map(|p| p.to_move().index() as i64)
            .collect();
        PyArray1::from_vec(py, v)
    }

    /// Starts every game again (and the random source, when ``seed`` is given);
    /// returns the observations and legal masks.
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<u64>,
    ) -> (Bound<'py, PyArray4<f32>>, Bound<'py, PyArray2<bool>>) {
        if let Some(seed) = seed {
            self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        }
        self.positions.fill(self.start);
        let mut start_legal = Vec::new();
        legal(&self.start, &mut start_legal);
        self.legal.fill(start_legal);
        (self.observations(py), self.masks(py))
    }

    /// The current observations.
    fn observe<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray4<f32>> {
        self.observations(py)
    }

    /// The current legal masks.
    fn legal_masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        self.masks(py)
    }

    /// Each player's disc count in each game, ``(num_envs, players)`` int64.
    fn scores<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i64>> {
        let colors = self.rules.colors();
        let mut v = Vec::with_capacity(self.positions.len() * colors.len());
        for p in &self.positions {
            v.extend(colors.iter().map(|&c| p.count(c) as i64));
        }
        Array2::from_shape_vec((self.positions.len(), colors.len()), v)
            .expect("the scores fill the shape")
            .into_pyarray(py)
    }

    /// The game ``index`` as a ``Game`` that starts at its current position.
    fn game(&self, index: usize) -> PyResult<PyGame> {
        let position = self
            .positions
            .get(index)
            .ok_or_else(|| PyValueError::new_err(format!("no game {index}")))?;
        let game =
            reversi::Game::from_setup(reversi::Setup::from(position)).map_err(reversi_error)?;
        Ok(PyGame { game })
    }

    /// Plays ``actions[i]`` in game ``i`` (int array of ``num_envs``). An illegal
    /// action raises ``ReversiError`` naming the game, and no game moves.
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Step<'py>> {
        let actions = int_array(py, actions)?;
        let actions = actions.as_array();
        let n = self.positions.len();
        if actions.len() != n {
            return Err(PyValueError::new_err(format!(
                "{} actions for {n} games",
                actions.len()
            )));
        }
        let board = self.rules.board();
        let players = self.rules.players();
        let start = self.start;
        let positions = &mut self.positions;
        let legal_lists = &mut self.legal;
        let result = py.detach(|| -> Result<(Vec<f32>, Vec<bool>), String> {
            let mut next = Vec::with_capacity(n);
            for (i, (&action, position)) in actions.iter().zip(positions.iter()).enumerate() {
                let mv = usize::try_from(action)
                    .ok()
                    .and_then(|a| actions::to_move(board, a))
                    .ok_or_else(|| {
                        format!(
                            "game {i}: action {action} is not below {}",
                            actions::count(board)
                        )
                    })?;
                let after = position
                    .play(mv)
                    .map_err(|e| format!("game {i}: {mv}: {e}"))?;
                next.push(after);
            }
            let mut rewards_out = vec![0.0f32; n * players as usize];
            let mut terminated = vec![false; n];
            for (i, after) in next.into_iter().enumerate() {
                if after.is_over() {
                    let r = rewards(after.outcome(), players);
                    rewards_out[i * players as usize..(i + 1) * players as usize]
                        .copy_from_slice(&r);
                    terminated[i] = true;
                    positions[i] = start;
                } else {
                    positions[i] = after;
                }
                legal(&positions[i], &mut legal_lists[i]);
            }
            Ok((rewards_out, terminated))
        });
        let (rewards_out, terminated) = result.map_err(reversi_error)?;
        let rewards_array = Array2::from_shape_vec((n, players as usize), rewards_out)
            .expect("the rewards fill the shape")
            .into_pyarray(py);
        Ok((
            self.observations(py),
            rewards_array,
            PyArray1::from_vec(py, terminated),
            self.masks(py),
        ))
    }

    /// One legal action per game, drawn in Rust: uniformly, or in proportion to
    /// ``policy`` (``(num_envs, num_actions)`` weights, renormalised over the legal
    /// actions; uniform where they sum to zero). Returns int64 ``(num_envs,)``.
    #[pyo3(signature = (policy=None))]
    fn sample<'py>(
        &mut self,
        py: Python<'py>,
        policy: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let picks = match policy {
            None => py.detach(|| self.uniform()),
            Some(policy) => {
                let policy = float_array(py, policy)?;
                let view = policy.as_array();
                let expected = [self.positions.len(), self.num_actions()];
                if view.shape() != expected {
                    return Err(PyValueError::new_err(format!(
                        "policy has shape {:?}, not {:?}",
                        view.shape(),
                        expected
                    )));
                }
                py.detach(|| self.weighted(&view)).map_err(reversi_error)?
            }
        };
        Ok(PyArray1::from_vec(py, picks))
    }
}

/// An int64 view of an array-like, converting through numpy when needed.
fn int_array<'py>(
    py: Python<'py>,
    value: &Bound<'py, PyAny>,
) -> PyResult<PyReadonlyArray1<'py, i64>> {
    if let Ok(array) = value.extract::<PyReadonlyArray1<'py, i64>>() {
        return Ok(array);
    }
    let numpy = py.import("numpy")?;
    let converted = numpy.call_method1("asarray", (value, numpy.getattr("int64")?))?;
    let array = converted
        .cast_into::<PyArray1<i64>>()
        .map_err(|_| PyValueError::new_err("actions are a one-dimensional array of integers"))?;
    Ok(array.readonly())
}

/// A float32 view of a two-dimensional array-like.
fn float_array<'py>(
    py: Python<'py>,
    value: &Bound<'py, PyAny>,
) -> PyResult<PyReadonlyArray2<'py, f32>> {
    if let Ok(array) = value.extract::<PyReadonlyArray2<'py, f32>>() {
        return Ok(array);
    }
    let numpy = py.import("numpy")?;
    let converted = numpy.call_method1("asarray", (value, numpy.getattr("float32")?))?;
    let array = converted
        .cast_into::<PyArray2<f32>>()
        .map_err(|_| PyValueError::new_err("the policy is a two-dimensional array of weights"))?;
    Ok(array.readonly())
}

/// Plays whole random games from a position and keeps the final disc counts.
struct Playouts<'a> {
    games: usize,
    seed: u64,
    colors: &'a [Color],
}

impl PositionVisitor for Playouts<'_> {
    type Output = Vec<i64>;
    fn visit<P: Position>(self, pos: &P) -> Vec<i64> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(self.seed);
        let mut out = Vec::with_capacity(self.games * self.colors.len());
        for _ in 0..self.games {
            let end = playout(pos, &mut rng);
            out.extend(self.colors.iter().map(|&c| end.discs(c).len() as i64));
        }
        out
    }
}

/// Plays ``num_games`` uniformly random games to the end, in Rust without the
/// GIL, from the start of ``rules`` or from ``game``'s current position; returns
/// the final disc counts, ``(num_games, players)`` int64. ``threads`` splits the
/// games over that many threads (the games then depend on the thread count too).
#[pyfunction]
#[pyo3(signature = (num_games, rules=None, *, game=None, seed=None, threads=1))]
pub fn random_games<'py>(
    py: Python<'py>,
    num_games: usize,
    rules: Option<&Bound<'py, PyAny>>,
    game: Option<PyRef<'py, PyGame>>,
    seed: Option<u64>,
    threads: usize,
) -> PyResult<Bound<'py, PyArray2<i64>>> {
    let (rules, start) = match game {
        Some(game) => {
            if rules.is_some() {
                return Err(pyo3::exceptions::PyTypeError::new_err(
                    "give rules or a game, not both",
                ));
            }
            (*game.game.rules(), *game.game.position())
        }
        None => {
            let rules = rules_arg(rules)?;
            (rules, AnyPosition::start(&rules))
        }
    };
    if threads == 0 {
        return Err(PyValueError::new_err("threads must be at least 1"));
    }
    let colors = rules.colors();
    let seed = seed.unwrap_or_else(fresh_seed);
    let scores = py.detach(|| {
        if threads == 1 {
            return start.visit_fastest(Playouts {
                games: num_games,
                seed,
                colors,
            });
        }
        let mut seeder = Xoshiro256PlusPlus::seed_from_u64(seed);
        let jobs: Vec<(usize, u64)> = (0..threads)
            .map(|t| {
                (
                    num_games / threads + usize::from(t < num_games % threads),
                    seeder.next_u64(),
                )
            })
            .collect();
        std::thread::scope(|scope| {
            let handles: Vec<_> = jobs
                .iter()
                .map(|&(games, seed)| {
                    scope.spawn(move || {
                        start.visit_fastest(Playouts {
                            games,
                            seed,
                            colors,
                        })
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().expect("a playout thread does not panic"))
                .collect()
        })
    });
    Ok(Array2::from_shape_vec((num_games, colors.len()), scores)
        .expect("the scores fill the shape")
        .into_pyarray(py))
}
