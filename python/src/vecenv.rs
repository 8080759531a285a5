//! `reversi.VecEnv`: many games stepped together in Rust, and whole random games.

use std::collections::HashMap;
use std::sync::Arc;

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2};

use pyo3::prelude::*;
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use reversi::playout::playout;
use reversi::{AnyPosition, Color, Position, PositionVisitor, Rules};

use crate::batch::{self, Batch, ObsOut, StepOut};
use crate::errors::{illegal_move, reversi_error, rules_error, ReversiError};
use crate::game::PyGame;
use crate::observation;
use crate::rules::rules_arg;

/// A seed from the operating system's hash randomisation when none is given.
pub(crate) fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}

type Step<'py> = (
    Bound<'py, PyAny>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray2<bool>>,
);

/// The element type of the observation planes, or none at all.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum ObsDtype {
    Float32,
    Uint8,
    Bool,
    Off,
}

impl ObsDtype {
    pub(crate) fn from_arg(
        value: Option<&Bound<'_, PyAny>>,
        observations: bool,
    ) -> PyResult<ObsDtype> {
        if !observations {
            return Ok(ObsDtype::Off);
        }
        let Some(value) = value else {
            return Ok(ObsDtype::Float32);
        };
        // A name, or anything numpy takes for a dtype (`np.uint8`, `np.dtype("bool")`).
        let name: String = match value.extract::<String>() {
            Ok(name) => name,
            Err(_) => value
                .py()
                .import("numpy")?
                .call_method1("dtype", (value,))
                .and_then(|d| d.getattr("name"))
                .and_then(|n| n.extract())
                .map_err(|_| ReversiError::new_err("obs_dtype is float32, uint8 or bool"))?,
        };
        match name.as_str() {
            "float32" => Ok(ObsDtype::Float32),
            "uint8" => Ok(ObsDtype::Uint8),
            "bool" => Ok(ObsDtype::Bool),
            other => Err(ReversiError::new_err(format!(
                "obs_dtype is float32, uint8 or bool, not {other:?}"
            ))),
        }
    }
}

/// The most threads a call spreads its games over: more would only fail to
/// start (each thread reserves its stack).
const MAX_THREADS: usize = 1024;

/// An error unless `threads` is 1 to [`MAX_THREADS`].
pub(crate) fn check_threads(threads: usize) -> PyResult<()> {
    if (1..=MAX_THREADS).contains(&threads) {
        Ok(())
    } else {
        Err(ReversiError::new_err(format!(
            "threads is {threads}: it must be 1 to {MAX_THREADS}"
        )))
    }
}

/// A `MemoryError` unless `count` items of `each` bytes can be allocated: asked of
/// the allocator (and given back at once) before the arrays are made, so that a
/// count too large is an exception rather than an abort or a panic.
pub(crate) fn check_memory(what: &str, count: usize, each: usize) -> PyResult<()> {
    let fits = count
        .checked_mul(each)
        .is_some_and(|bytes| Vec::<u8>::new().try_reserve_exact(bytes).is_ok());
    if fits {
        Ok(())
    } else {
        Err(pyo3::exceptions::PyMemoryError::new_err(format!(
            "{what}: {count} games of {each} bytes each do not fit in memory"
        )))
    }
}

/// A new C-contiguous array whose every element the caller writes, and its
/// memory, to fill without the GIL.
pub(crate) fn uninit<'py, T: numpy::Element, D: numpy::ndarray::Dimension>(
    py: Python<'py>,
    shape: D,
) -> (Bound<'py, numpy::PyArray<T, D>>, &'py mut [T]) {
    // SAFETY: the array is C-contiguous and every element is written (by the
    // batch) before Python sees it; nothing else refers to it until then.
    let array = unsafe { numpy::PyArray::<T, D>::new(py, shape, false) };
    let slice = unsafe {
        std::slice::from_raw_parts_mut(array.data(), numpy::PyUntypedArrayMethods::len(&array))
    };
    (array, slice)
}

/// A new C-contiguous array of zeros and its memory, to fill without the GIL.
pub(crate) fn zeros<'py, T: numpy::Element, D: numpy::ndarray::Dimension>(
    py: Python<'py>,
    shape: D,
) -> (Bound<'py, numpy::PyArray<T, D>>, &'py mut [T]) {
    let array = numpy::PyArray::<T, D>::zeros(py, shape, false);
    // SAFETY: the array was just made, C-contiguous, and nothing else refers to it
    // until it is returned to Python after the writes.
    let slice = unsafe {
        std::slice::from_raw_parts_mut(array.data(), numpy::PyUntypedArrayMethods::len(&array))
    };
    (array, slice)
}

/// `game` with a line of actions (a byte each, the passes too) played.
pub(crate) fn replay_line(mut game: reversi::Game, line: &[u8]) -> PyResult<PyGame> {
    let board = game.board();
    for &action in line {
        let mv = reversi::Move::from_index(board, usize::from(action))
            .ok_or_else(|| illegal_move(format_args!("action {action} is not on {board}")))?;
        game.play(mv).map_err(reversi_error)?;
    }
    Ok(PyGame::from(game))
}

/// A new array and its memory: zeros, or to write whole.
fn fresh<'py, T: numpy::Element, D: numpy::ndarray::Dimension>(
    py: Python<'py>,
    shape: D,
    zeroed: bool,
) -> (Bound<'py, numpy::PyArray<T, D>>, &'py mut [T]) {
    if zeroed {
        zeros(py, shape)
    } else {
        uninit(py, shape)
    }
}

/// A new observation array of `n` games of `rules` in `dtype` (empty planes
/// when observations are off), and its memory: to write whole, or `zeroed`.
pub(crate) fn obs_array<'py>(
    py: Python<'py>,
    dtype: ObsDtype,
    n: usize,
    rules: &Rules,
    zeroed: bool,
) -> (Bound<'py, PyAny>, ObsOut<'py>) {
    let width = rules.board().width() as usize;
    let channels = observation::channels(rules.players());
    let shape = numpy::ndarray::Dim([n, channels, width, width]);
    match dtype {
        ObsDtype::Float32 => {
            let (a, s) = fresh::<f32, _>(py, shape, zeroed);
            (a.into_any(), ObsOut::Float32(s))
        }
        ObsDtype::Uint8 => {
            let (a, s) = fresh::<u8, _>(py, shape, zeroed);
            (a.into_any(), ObsOut::Uint8(s))
        }
        ObsDtype::Bool => {
            let (a, s) = fresh::<bool, _>(py, shape, zeroed);
            (a.into_any(), ObsOut::Bool(s))
        }
        ObsDtype::Off => {
            let (a, _) = zeros::<u8, _>(py, numpy::ndarray::Dim([n, 0, width, width]));
            (a.into_any(), ObsOut::Off)
        }
    }
}

/// ``num_envs`` games of the same rules, stepped together in Rust.
///
/// ``step(actions)`` plays one action in every game and returns observations
/// ``(num_envs, players + 4, width, width)`` (from each mover's point of view, as
/// ``Game.observation``; float32 by default, or the ``obs_dtype`` given: ``"uint8"``
/// or ``"bool"`` hold the same 0/1 planes in a quarter of the memory; with
/// ``observations=False`` they are skipped, and each call gives an empty
/// ``(num_envs, 0, width, width)`` uint8 array in their place), rewards
/// ``(num_envs, players)`` float32 indexed by player in turn order (+1 winner, -1
/// others; 0 for everyone on a draw, and with 3 or 4 players a tie for the top
/// score is a draw for all, those behind too; non-zero only on the step that ends
/// a game), terminated flags ``(num_envs,)`` and legal masks ``(num_envs,
/// num_actions)``, bool. A finished game starts again at once: the observation
/// and mask returned for it are of the new game (never the all-zero mask of a
/// game over), and ``finished()`` gives the game that ended, whole, until the
/// next step; ``game(i)`` gives game ``i`` with its history. ``reset`` starts
/// every game again, or only those of ``indices=``, from the start of the rules
/// or from given games (``games=``: openings, positions), which they then
/// restart from whenever they end. With ``random_blocked=True`` (rules without
/// blocked squares of their own) each game is played on 1 to 4 squares blocked
/// at random, as ``Rules(blocked_seed=...)`` draws them, drawn anew for every
/// game: at ``reset`` and when a game ends and starts again; ``game(i).rules``
/// names them, and the observations' blocked plane shows them. The same seed gives
/// the same games. The arrays are new at each call, written in place by Rust
/// without the GIL. ``threads`` steps the games and writes their planes on that
/// many threads (the games and draws stay those of one thread: the same seed
/// gives the same games whatever the count).
#[pyclass(module = "reversi", name = "VecEnv")]
pub struct VecEnv {
    rules: Rules,
    num_envs: usize,
    /// The games, on their typed positions and the fastest kernel.
    games: Box<dyn Batch>,
    /// Each game's start: a game given to `reset` (its moves before the
    /// VecEnv's), or the start of the rules (with `random_blocked`, drawn).
    starts: Vec<Start>,
    /// The start each game restarts from when it ends, where it is not the
    /// one in `starts`: with `random_blocked`, drawn when the game started.
    next_starts: Vec<Option<Start>>,
    /// The starts of the games that ended in the last step and were given a
    /// new start since, so that `finished` still replays them whole.
    ended_starts: HashMap<usize, Start>,
    /// Whether each game not given to `reset` starts on squares blocked at
    /// random, drawn anew from `rng` for each game.
    random_blocked: bool,
    /// The random source of `sample` and of the blocked squares.
    rng: Xoshiro256PlusPlus,
    obs_dtype: ObsDtype,
}

/// The start of one game.
#[derive(Clone)]
enum Start {
    /// The start of these rules: the VecEnv's, or the same on squares blocked
    /// at random.
    Rules(Rules),
    /// A given game, shared by the games that start from it.
    Given(Arc<reversi::Game>),
}

impl VecEnv {
    /// A new observation array, and its memory to write whole.
    fn obs_array<'py>(&self, py: Python<'py>) -> (Bound<'py, PyAny>, ObsOut<'py>) {
        obs_array(py, self.obs_dtype, self.num_envs, &self.rules, false)
    }

    fn masks_array<'py>(&self, py: Python<'py>) -> (Bound<'py, PyArray2<bool>>, &'py mut [bool]) {
        let count = self.rules.board().index_count();
        uninit::<bool, _>(py, numpy::ndarray::Dim([self.num_envs, count]))
    }

    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        let (array, out) = self.obs_array(py);
        let games = &self.games;
        py.detach(|| games.observations(out));
        array
    }

    fn masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        let (array, out) = self.masks_array(py);
        let games = &self.games;
        py.detach(|| games.masks(out));
        array
    }

    /// The game of a line of actions, played from `start` (a copy of the given
    /// game, or the start of the rules).
    fn replay(&self, start: &Start, line: &[u8]) -> PyResult<PyGame> {
        let game = match start {
            Start::Given(game) => reversi::Game::clone(game),
            Start::Rules(rules) => reversi::Game::new(*rules),
        };
        replay_line(game, line)
    }

    /// Where a game from `start` begins.
    fn position(&self, start: &Start) -> AnyPosition {
        match start {
            Start::Given(game) => *game.position(),
            Start::Rules(rules) => AnyPosition::start(rules),
        }
    }

    /// A game of the rules on squares blocked at random.
    fn draw(&mut self) -> Start {
        let rules = self
            .rules
            .to_builder()
            .build_with_random_blocked(&mut self.rng)
            .expect("the VecEnv checked that its rules take blocked squares");
        Start::Rules(rules)
    }

    /// Game `index` starts again: from `given` when a game was given, which it
    /// restarts from when it ends; else from the rules' start, or with
    /// `random_blocked` from a draw, and then from a draw made now.
    fn start_game(&mut self, index: usize, given: Option<Start>) {
        let (start, next) = match given {
            Some(start) => (start, None),
            None if self.random_blocked => (self.draw(), Some(self.draw())),
            None => (Start::Rules(self.rules), None),
        };
        let position = self.position(&start);
        self.games.restart(index, &position);
        if let Some(next) = &next {
            let position = self.position(next);
            self.games.restart_next_from(index, &position);
        }
        self.starts[index] = start;
        self.next_starts[index] = next;
    }
}

#[pymethods]
impl VecEnv {
    #[new]
    #[pyo3(signature = (num_envs, rules=None, seed=None, *, obs_dtype=None, observations=true, threads=1, random_blocked=false))]
    fn new(
        num_envs: usize,
        rules: Option<&Bound<'_, PyAny>>,
        seed: Option<u64>,
        obs_dtype: Option<&Bound<'_, PyAny>>,
        observations: bool,
        threads: usize,
        random_blocked: bool,
    ) -> PyResult<VecEnv> {
        if num_envs == 0 {
            return Err(ReversiError::new_err("num_envs must be at least 1"));
        }
        check_threads(threads)?;
        let obs_dtype = ObsDtype::from_arg(obs_dtype, observations)?;
        let rules = rules_arg(rules)?;
        let rng = Xoshiro256PlusPlus::seed_from_u64(seed.unwrap_or_else(fresh_seed));
        if random_blocked {
            check_random_blocked(&rules, &rng)?;
        }
        let start = AnyPosition::start(&rules);
        // A game's state, and its share of what each step returns.
        let plane_bytes = match obs_dtype {
            ObsDtype::Float32 => 4,
            ObsDtype::Uint8 | ObsDtype::Bool => 1,
            ObsDtype::Off => 0,
        };
        let each = 3 * core::mem::size_of::<AnyPosition>()
            + core::mem::size_of::<Start>()
            + core::mem::size_of::<Option<Start>>()
            + batch::line_room(rules.board())
            + core::mem::size_of::<u64>()
            + plane_bytes * observation::len(rules.board(), rules.players())
            + rules.board().index_count()
            + 5 * usize::from(rules.players())
            + 1;
        check_memory("VecEnv", num_envs, each)?;
        let mut env = VecEnv {
            rules,
            num_envs,
            games: batch::new(start, num_envs, threads),
            starts: vec![Start::Rules(rules); num_envs],
            next_starts: vec![None; num_envs],
            ended_starts: HashMap::new(),
            random_blocked,
            rng,
            obs_dtype,
        };
        if random_blocked {
            for index in 0..num_envs {
                env.start_game(index, None);
            }
        }
        Ok(env)
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.num_envs
    }

    /// The rules of every game, but for the blocked squares, which are each
    /// game's own with ``random_blocked`` or when games given to ``reset`` have
    /// others (``game(i).rules`` has them).
    #[getter]
    fn rules(&self) -> crate::rules::PyRules {
        crate::rules::PyRules { rules: self.rules }
    }

    /// The number of actions (``width * width + 1``).
    #[getter]
    fn num_actions(&self) -> usize {
        self.rules.board().index_count()
    }

    /// The index of the player to move in each game (0 for Black), int64.
    #[getter]
    fn to_move<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let (array, out) = zeros::<i64, _>(py, numpy::ndarray::Dim([self.num_envs]));
        self.games.to_move(out);
        array
    }

    /// Starts games again; returns the observations and legal masks of every game.
    ///
    /// ``indices`` (an int array or list of distinct game indices, as
    /// ``np.flatnonzero(truncated)`` gives them) starts only those games again
    /// and leaves the others, and ``finished()``, as they were; by default every
    /// game starts again and ``finished()`` is emptied. ``games`` gives their
    /// start: a ``Game`` (each starts from a copy of it) or a sequence of games,
    /// one for each game started, in the order of ``indices``. A game started
    /// from a given game starts where that game stands, with its moves:
    /// ``game(i)`` and ``finished()`` give it whole from the given game's start,
    /// its moves and their annotations included (not its tags, its stated
    /// result or the moves it could redo), so that its record replays. When it
    /// ends in ``step`` it restarts from the given game again, until ``reset``
    /// gives it another start (by default the start of the rules, or with
    /// ``random_blocked`` a new draw of blocked squares). The given games have
    /// the VecEnv's rules, but for their blocked squares, which may be their own,
    /// and are not over. ``seed`` seeds the random source of ``sample()`` and of
    /// the blocked squares again, before the games start. Bad ``indices`` or
    /// ``games`` raise ``ReversiError`` and change nothing.
    #[pyo3(signature = (seed=None, *, indices=None, games=None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<u64>,
        indices: Option<&Bound<'py, PyAny>>,
        games: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyArray2<bool>>)> {
        let indices = indices
            .map(|indices| game_indices(py, indices, self.num_envs))
            .transpose()?;
        let count = indices.as_ref().map_or(self.num_envs, Vec::len);
        let given = games
            .map(|games| given_starts(games, count, &self.rules))
            .transpose()?;
        // Everything is checked: from here on nothing fails.
        if let Some(seed) = seed {
            self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        }
        // The game given for the `k`th game started, if any.
        let given_for = |k: usize| match &given {
            None => None,
            Some(GivenStarts::One(start)) => Some(start.clone()),
            Some(GivenStarts::Each(starts)) => Some(starts[k].clone()),
        };
        let indices = match indices {
            None => {
                self.ended_starts.clear();
                self.games.reset(&AnyPosition::start(&self.rules));
                self.starts.fill(Start::Rules(self.rules));
                self.next_starts.fill(None);
                if given.is_none() && !self.random_blocked {
                    return Ok((self.observations(py), self.masks(py)));
                }
                (0..self.num_envs).collect()
            }
            Some(indices) => {
                // A game that ended in the last step is replayed by `finished`
                // from the start it had then.
                for (index, _) in self.games.finished() {
                    self.ended_starts
                        .entry(index)
                        .or_insert_with(|| self.starts[index].clone());
                }
                indices
            }
        };
        for (k, index) in indices.into_iter().enumerate() {
            self.start_game(index, given_for(k));
        }
        Ok((self.observations(py), self.masks(py)))
    }

    /// The current observations.
    fn observe<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        self.observations(py)
    }

    /// The current legal masks.
    fn legal_masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        self.masks(py)
    }

    /// Each player's disc count in each game, ``(num_envs, players)`` int64.
    fn scores<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i64>> {
        let players = self.rules.players() as usize;
        let (array, out) = zeros::<i64, _>(py, numpy::ndarray::Dim([self.num_envs, players]));
        self.games.scores(out);
        array
    }

    /// The game ``index`` as a ``Game``, with its whole history from its start
    /// (the passes too): a copy, made again at each call by replaying its moves.
    fn game(&self, index: usize) -> PyResult<PyGame> {
        if index >= self.num_envs {
            return Err(ReversiError::new_err(format!("no game {index}")));
        }
        self.replay(&self.starts[index], &self.games.line(index))
    }

    /// The games that ended in the last ``step``, before they started again: a
    /// list of ``(index, Game)``, each game whole from its start and over, with
    /// its scores, ``outcome()`` and ``result`` (``"black 40-24"``), to save it
    /// (``to_record()``, ``write_wthor``) or to read its final margin. Empty
    /// when no game ended, and after ``reset()`` of every game.
    fn finished(&self) -> PyResult<Vec<(usize, PyGame)>> {
        self.games
            .finished()
            .into_iter()
            .map(|(index, line)| {
                let start = self.ended_starts.get(&index).unwrap_or(&self.starts[index]);
                Ok((index, self.replay(start, &line)?))
            })
            .collect()
    }

    /// Plays ``actions[i]`` in game ``i`` (int array of ``num_envs``). An illegal
    /// action raises ``IllegalMoveError`` naming the game, and no game moves.
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Step<'py>> {
        let n = self.num_envs;
        let given = step_actions(py, actions, n)?;
        let actions = given.as_slice();
        let players = self.rules.players() as usize;
        let (obs, obs_out) = self.obs_array(py);
        let (rewards_array, rewards) = zeros::<f32, _>(py, numpy::ndarray::Dim([n, players]));
        let (terminated_array, terminated) = zeros::<bool, _>(py, numpy::ndarray::Dim([n]));
        let (masks_array, masks) = self.masks_array(py);
        let games = &mut self.games;
        // An illegal action: no game moves.
        py.detach(|| {
            games.step(
                actions,
                StepOut {
                    rewards,
                    terminated,
                    masks,
                    obs: obs_out,
                },
            )
        })
        .map_err(illegal_move)?;
        self.ended_starts.clear();
        if self.random_blocked {
            // Each game that ended has begun the game drawn for it when it
            // started; the next one is drawn now, in the order of the games,
            // so that a seed gives the same games on any number of threads.
            let terminated = terminated_array.readonly();
            let ended = terminated.as_array();
            for index in ended.iter().enumerate().filter(|(_, &t)| t).map(|(i, _)| i) {
                let Some(next) = self.next_starts[index].take() else {
                    continue;
                };
                let ended = std::mem::replace(&mut self.starts[index], next);
                self.ended_starts.insert(index, ended);
                let after = self.draw();
                let position = self.position(&after);
                self.games.restart_next_from(index, &position);
                self.next_starts[index] = Some(after);
            }
        }
        Ok((obs, rewards_array, terminated_array, masks_array))
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
        let (array, out) = uninit::<i64, _>(py, numpy::ndarray::Dim([self.num_envs]));
        let games = &self.games;
        let rng = &mut self.rng;
        match policy {
            None => py.detach(|| games.sample(rng, out)),
            Some(policy) => {
                let policy = float_array(py, policy)?;
                let view = policy.as_array();
                let expected = [self.num_envs, self.rules.board().index_count()];
                if view.shape() != expected {
                    return Err(ReversiError::new_err(format!(
                        "policy has shape {:?}, not {:?}",
                        view.shape(),
                        expected
                    )));
                }
                py.detach(|| games.sample_weighted(rng, &view, out, 0))
                    .map_err(reversi_error)?
            }
        }
        Ok(array)
    }
}

/// An int64 view of an array-like of `what` (named in the errors), converting
/// through numpy when needed; `wrong_type` makes the error for elements that
/// are not integers.
pub(crate) fn int_array<'py>(
    py: Python<'py>,
    value: &Bound<'py, PyAny>,
    what: &str,
    wrong_type: fn(String) -> PyErr,
) -> PyResult<PyReadonlyArray1<'py, i64>> {
    if let Ok(array) = value.extract::<PyReadonlyArray1<'py, i64>>() {
        return Ok(array);
    }
    let numpy = py.import("numpy")?;
    let shape_error =
        || ReversiError::new_err(format!("{what} are a one-dimensional array of integers"));
    // Integers only: a float or a string is refused, not truncated or parsed.
    let given = numpy
        .call_method1("asarray", (value,))
        .map_err(|_| shape_error())?;
    let kind: String = given.getattr("dtype")?.getattr("kind")?.extract()?;
    // An empty list is float64 to numpy, and holds no integer that is not one.
    let empty = given.getattr("size")?.extract::<usize>()? == 0;
    if kind != "i" && kind != "u" && !empty {
        let dtype = given.getattr("dtype")?.str()?;
        return Err(wrong_type(format!("{what} are integers, not {dtype}")));
    }
    let converted = given.call_method1("astype", (numpy.getattr("int64")?,))?;
    let array = converted
        .cast_into::<PyArray1<i64>>()
        .map_err(|_| shape_error())?;
    Ok(array.readonly())
}

/// The actions of a step: an int array of one action for each of `n` games
/// (a float or a string is a `TypeError`, a wrong count a `ReversiError`).
pub(crate) fn step_actions<'py>(
    py: Python<'py>,
    value: &Bound<'py, PyAny>,
    n: usize,
) -> PyResult<Actions<'py>> {
    let array = int_array(py, value, "actions", pyo3::exceptions::PyTypeError::new_err)?;
    let given = array.as_array().len();
    if given != n {
        return Err(ReversiError::new_err(format!(
            "{given} actions for {n} games"
        )));
    }
    Ok(match array.as_slice() {
        Ok(_) => Actions::Array(array),
        // Not contiguous (a slice with a step): copied.
        Err(_) => Actions::Copied(array.as_array().to_vec()),
    })
}

/// The actions of a step, in numpy's memory or copied out of it.
pub(crate) enum Actions<'py> {
    Array(PyReadonlyArray1<'py, i64>),
    Copied(Vec<i64>),
}

impl Actions<'_> {
    pub(crate) fn as_slice(&self) -> &[i64] {
        match self {
            Actions::Array(array) => array.as_slice().expect("checked contiguous"),
            Actions::Copied(actions) => actions,
        }
    }
}

/// An error unless `rules` take squares blocked at random: drawn once here on a
/// copy of `rng`, so that the draws of the games cannot fail later.
pub(crate) fn check_random_blocked(rules: &Rules, rng: &Xoshiro256PlusPlus) -> PyResult<()> {
    rules
        .to_builder()
        .build_with_random_blocked(&mut rng.clone())
        .map(|_| ())
        .map_err(|e| rules_error(format_args!("random_blocked: {e}")))
}

/// The games a `reset` names: distinct indices below `num_envs`.
fn game_indices(py: Python<'_>, value: &Bound<'_, PyAny>, num_envs: usize) -> PyResult<Vec<usize>> {
    let array = int_array(py, value, "indices", ReversiError::new_err)?;
    let mut named = vec![false; num_envs];
    array
        .as_array()
        .iter()
        .map(|&index| {
            let game = usize::try_from(index)
                .ok()
                .filter(|&i| i < num_envs)
                .ok_or_else(|| {
                    reversi_error(format_args!(
                        "indices: {index} is not a game (0-{})",
                        num_envs - 1
                    ))
                })?;
            if std::mem::replace(&mut named[game], true) {
                return Err(reversi_error(format_args!(
                    "indices: game {game} is named twice"
                )));
            }
            Ok(game)
        })
        .collect()
}

/// The starts `reset` was given: one for every game started, or each its own.
enum GivenStarts {
    One(Start),
    Each(Vec<Start>),
}

/// The start a given game makes: a copy of it without the moves it could redo,
/// checked to have `rules` and not to be over; `name` names it in the errors.
fn given_start(game: &PyGame, rules: &Rules, name: &str) -> PyResult<Start> {
    let game = game.game();
    // The blocked squares are the game's own, as its record says.
    let unblocked = |rules: &Rules| {
        (
            rules.board(),
            rules.players(),
            rules.anti(),
            rules.opening(),
            rules.handicap(),
        )
    };
    if unblocked(game.rules()) != unblocked(rules) {
        return Err(reversi_error(format_args!(
            "{name} has the rules {}, not the VecEnv's {rules}",
            game.rules()
        )));
    }
    if game.is_over() {
        return Err(reversi_error(format_args!(
            "{name} is over: a VecEnv game starts with a move to play"
        )));
    }
    let mut game = game.clone();
    game.clear_redo();
    Ok(Start::Given(Arc::new(game)))
}

/// The starts of `count` games from `reset`'s `games`: a `Game`, or a sequence
/// of `count` of them.
fn given_starts(value: &Bound<'_, PyAny>, count: usize, rules: &Rules) -> PyResult<GivenStarts> {
    if let Ok(game) = value.cast::<PyGame>() {
        return Ok(GivenStarts::One(given_start(
            &game.borrow(),
            rules,
            "the game",
        )?));
    }
    let not_games = || ReversiError::new_err("games is a Game or a sequence of Games");
    if value.is_instance_of::<pyo3::types::PyString>() {
        return Err(not_games());
    }
    let mut starts = Vec::with_capacity(count);
    for (k, item) in value.try_iter().map_err(|_| not_games())?.enumerate() {
        let item = item?;
        let game = item
            .cast::<PyGame>()
            .map_err(|_| reversi_error(format_args!("games[{k}] is not a Game")))?;
        starts.push(given_start(&game.borrow(), rules, &format!("games[{k}]"))?);
    }
    if starts.len() != count {
        return Err(reversi_error(format_args!(
            "{} games for {count} games to start",
            starts.len()
        )));
    }
    Ok(GivenStarts::Each(starts))
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
        .map_err(|_| ReversiError::new_err("the policy is a two-dimensional array of weights"))?;
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
                return Err(ReversiError::new_err("give rules or a game, not both"));
            }
            (*game.game().rules(), *game.game().position())
        }
        None => {
            let rules = rules_arg(rules)?;
            (rules, AnyPosition::start(&rules))
        }
    };
    check_threads(threads)?;
    check_memory("random_games", num_games, 8 * usize::from(rules.players()))?;
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
