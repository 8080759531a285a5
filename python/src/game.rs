//! `reversi.Game`: a game with its history, in Python's idioms.

use numpy::{PyArray1, PyArray3, PyArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};
use reversi::hash::HashKey;
use reversi::symmetry::Symmetry;
use reversi::text::ggf;
use reversi::text::load::load;
use reversi::text::record::Record;
use reversi::text::wthor::Database;
use reversi::{
    AnyPosition, Board, Cell, Color, Evaluation, Game, Move, Outcome, Ply, Setup, Square,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::errors::{illegal_move, reversi_error};
use crate::interrupt;
use crate::observation;
use crate::rules::{rules_arg, PyRules};

/// One move of a game's history: who played it, what, and which discs it flipped.
#[pyclass(module = "reversi", name = "Ply", frozen, get_all, eq)]
#[derive(PartialEq)]
pub struct PyPly {
    /// The colour that moved (``"black"``, ...).
    color: &'static str,
    /// The player's index in turn order (0 for Black).
    player: usize,
    /// The square's name, or ``"pass"``.
    r#move: String,
    /// The action number of the move.
    action: usize,
    /// The names of the flipped squares, in board order.
    flips: Vec<String>,
    /// The time the move took, in seconds, if the game records it.
    time: Option<f64>,
    /// An engine's evaluation of the move in discs, for the player who moved.
    evaluation: Option<f64>,
    /// The comment on the move.
    comment: Option<String>,
}

/// The arguments that make a ply again (pickling).
type PlyArgs = (
    &'static str,
    usize,
    String,
    usize,
    Vec<String>,
    Option<f64>,
    Option<f64>,
    Option<String>,
);

#[pymethods]
impl PyPly {
    /// A ply as ``Game.history`` gives them; made directly only to unpickle
    /// one (``color`` is a colour's name, ``player`` its index).
    #[new]
    #[pyo3(signature = (color, player, r#move, action, flips, time=None, evaluation=None, comment=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        color: &str,
        player: usize,
        r#move: String,
        action: usize,
        flips: Vec<String>,
        time: Option<f64>,
        evaluation: Option<f64>,
        comment: Option<String>,
    ) -> PyResult<PyPly> {
        let color = reversi::Color::ALL
            .into_iter()
            .find(|c| c.name() == color)
            .ok_or_else(|| reversi_error(format_args!("{color:?} is not a colour's name")))?;
        if color.index() != player {
            return Err(reversi_error(format_args!(
                "{} is player {}, not {player}",
                color.name(),
                color.index()
            )));
        }
        Ok(PyPly {
            color: color.name(),
            player,
            r#move,
            action,
            flips,
            time,
            evaluation,
            comment,
        })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, PlyArgs)> {
        let p = slf.get();
        Ok((
            slf.get_type().into_any(),
            (
                p.color,
                p.player,
                p.r#move.clone(),
                p.action,
                p.flips.clone(),
                p.time,
                p.evaluation,
                p.comment.clone(),
            ),
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "Ply(color={:?}, move={:?}, action={}, flips={:?}, time={}, evaluation={}, comment={})",
            self.color,
            self.r#move,
            self.action,
            self.flips,
            self.time.map_or("None".into(), |t| format!("{t:?}")),
            self.evaluation.map_or("None".into(), |e| format!("{e:?}")),
            self.comment
                .as_ref()
                .map_or("None".into(), |c| format!("{c:?}"))
        )
    }
}

fn ply(game: &Game, ply: &Ply) -> PyPly {
    let board = game.rules().board();
    PyPly {
        color: ply.color().name(),
        player: ply.color().index(),
        r#move: ply.mv().to_string(),
        action: ply.mv().index(board).unwrap_or(usize::MAX),
        flips: ply.flips().iter().map(|s| s.to_string()).collect(),
        time: ply.time().map(|t| t.as_secs_f64()),
        evaluation: ply.evaluation().map(Evaluation::discs),
        comment: ply.comment().map(str::to_string),
    }
}

/// A game: the rules, the position, and the moves played (with a redo list).
///
/// ``Game(rules)`` starts a game from ``Rules``, a rules text, or Othello when
/// omitted. ``play`` takes an action number (``row * width + column``, the pass
/// is ``width * width``), a square name such as ``"f5"``, or ``"pass"``.
///
/// Two games are ``==`` when everything a save writes is the same: the rules,
/// start and whole line (the moves played and those that can be redone, with
/// their times, evaluations and comments), the tags and the result, wherever
/// each stands on its line; to compare positions, compare ``hash_key()`` or
/// ``observation()``.
#[pyclass(module = "reversi", name = "Game", eq)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyGame {
    /// The game with what its record says besides: tags, a stated result, each
    /// move's time, evaluation and comment; everything a save writes.
    pub record: Record,
}

impl From<Game> for PyGame {
    fn from(game: Game) -> PyGame {
        PyGame {
            record: Record::new(game),
        }
    }
}

impl From<Record> for PyGame {
    fn from(record: Record) -> PyGame {
        PyGame { record }
    }
}

impl PyGame {
    /// The game.
    pub fn game(&self) -> &Game {
        self.record.game()
    }

    /// The game, to play on.
    pub fn game_mut(&mut self) -> &mut Game {
        self.record.game_mut()
    }

    /// Move `index` of the whole line, to annotate.
    fn ply_mut(&mut self, index: usize) -> PyResult<&mut Ply> {
        let length = self.game().line().len();
        self.game_mut().ply_mut(index).ok_or_else(|| {
            reversi_error(format_args!(
                "move {index} is not on the line, which has {length} moves (from 0)"
            ))
        })
    }
}

/// The move an argument names: an action number or a move name.
pub fn move_arg(board: reversi::Board, value: &Bound<'_, PyAny>) -> PyResult<Move> {
    use pyo3::types::{PyBool, PyInt, PyString};
    // Kinds are told apart before any extraction: a failed extraction builds an
    // exception, which would cost more than the move itself.
    if value.is_exact_instance_of::<PyInt>() {
        // The common case first: a plain int from `legal_actions()`.
        if let Ok(action) = value.extract::<i64>() {
            if let Some(mv) = usize::try_from(action)
                .ok()
                .and_then(|a| Move::from_index(board, a))
            {
                return Ok(mv);
            }
        }
    }
    if value.is_instance_of::<PyString>() {
        let text: String = value.extract()?;
        return text.parse().map_err(reversi_error);
    }
    if value.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(
            "a move is an action number or a name, not a bool",
        ));
    }
    let out_of_range = || {
        illegal_move(format_args!(
            "action {value} is not in 0-{} on the {board} board",
            board.pass_index()
        ))
    };
    // Python ints, and numpy's integers (through `__index__`).
    match value.extract::<i64>() {
        Ok(action) => usize::try_from(action)
            .ok()
            .and_then(|a| Move::from_index(board, a))
            .ok_or_else(out_of_range),
        Err(_) if value.is_instance_of::<PyInt>() => Err(out_of_range()),
        Err(_) => Err(PyTypeError::new_err(
            "a move is an action number, a square name such as \"f5\", or \"pass\"",
        )),
    }
}

/// Every square's name as a Python string, by square index.
static SQUARE_NAMES: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

/// The legal actions of a game, in increasing order: the pass alone when the
/// player must pass, none when the game is over.
pub fn legal_actions(game: &Game) -> Vec<usize> {
    let mut buffer = [0; MAX_ACTIONS];
    legal_actions_into(game, &mut buffer).to_vec()
}

/// The most actions of any board: 10 × 10 squares and the pass.
const MAX_ACTIONS: usize = 101;

/// [`legal_actions`] written into `buffer`, with no allocation: the legal moves
/// computed once, and already in action order (a square's index, `10 * row +
/// column`, grows with its action number).
fn legal_actions_into<'a>(game: &Game, buffer: &'a mut [usize; MAX_ACTIONS]) -> &'a [usize] {
    let board = game.rules().board();
    let moves = game.legal_moves();
    if moves.is_empty() {
        if game.is_over() {
            return &[];
        }
        buffer[0] = board.pass_index();
        return &buffer[..1];
    }
    let mut n = 0;
    for action in moves.iter().filter_map(|s| s.index(board)) {
        buffer[n] = action;
        n += 1;
    }
    &buffer[..n]
}

/// +1 for the winner and -1 for the others, 0 for all on a draw or an unfinished game.
pub fn rewards(outcome: Option<Outcome>, players: u8) -> Vec<f32> {
    let colors = Color::in_play(players);
    match outcome {
        Some(Outcome::Win(winner)) => colors
            .iter()
            .map(|&c| if c == winner { 1.0 } else { -1.0 })
            .collect(),
        _ => vec![0.0; players as usize],
    }
}

fn symmetry_arg(value: &Bound<'_, PyAny>) -> PyResult<Symmetry> {
    crate::symmetry_from(value)
}

impl PyGame {
    fn from_state(text: &str, current: usize) -> PyResult<Record> {
        let mut record = Record::parse(text).map_err(reversi_error)?;
        record.game_mut().go_to(current).map_err(reversi_error)?;
        Ok(record)
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (rules=None))]
    fn new(rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyGame> {
        Ok(PyGame {
            record: Record::new(Game::new(rules_arg(rules)?)),
        })
    }

    /// Reads a game from any text format the library reads: a record, GGF, a
    /// move list (transcript), a position string or an OBF board.
    #[staticmethod]
    fn load(text: &str) -> PyResult<PyGame> {
        let loaded = load(text).map_err(reversi_error)?;
        Ok(PyGame {
            record: loaded.record,
        })
    }

    /// A game from a position string (``"<cells> <to move>"``) with the given
    /// player count and Anti-Reversi flag.
    #[staticmethod]
    #[pyo3(signature = (text, players=2, anti=false))]
    fn from_position(text: &str, players: u8, anti: bool) -> PyResult<PyGame> {
        Game::from_position_str(text, players, anti)
            .map(PyGame::from)
            .map_err(reversi_error)
    }

    /// The game as a record (the library's text format): its tags and result, and
    /// its whole line (the moves played and those that can be redone) with each
    /// move's time, evaluation and comment. ``Game.load`` reads it back equal,
    /// but for the margin a GGF result stated (``RE[+4.000:r]``), which a record
    /// has no place for (``to_ggf`` and pickling keep it).
    fn to_record(&self) -> String {
        self.record.to_string()
    }

    /// The game as one GGF line (two players; not with blocked squares or the
    /// free opening), with each move's time and evaluation; GGF has no place for
    /// comments.
    fn to_ggf(&self) -> PyResult<String> {
        ggf::write(&self.record).map_err(reversi_error)
    }

    /// The current position as a position string (``"<cells> <to move>"``), what
    /// ``Game.from_position`` reads.
    fn position(&self) -> String {
        self.game().position().to_string()
    }

    /// The record's tags other than the variant tags and ``Result`` (``Black``,
    /// ``White``, ``Event``, ``Date``, ...), in the record's order.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in self.record.tags() {
            dict.set_item(name, value)?;
        }
        Ok(dict)
    }

    /// Sets a record tag (``Black``, ``Event``, a name of your own: ASCII letters,
    /// digits and ``_``); a variant tag or ``Result``, or a value with a line
    /// break, is a ``ReversiError`` and the game is unchanged.
    fn set_tag(&mut self, name: &str, value: &str) -> PyResult<()> {
        if name == "Result" {
            return Err(reversi_error(
                "tag Result follows the game and cannot be set: set it with set_result",
            ));
        }
        self.record.set_tag(name, value).map_err(reversi_error)
    }

    /// The game's result as the record's ``Result`` tag says it: ``"*"`` for none,
    /// ``"black 33-31"`` for a game over on the board, ``"white by resignation"``,
    /// ``"black on time"``, ``"black 40-24 by agreement"`` for one stopped early.
    #[getter]
    fn result(&self) -> String {
        self.record
            .result()
            .map_or_else(|| "*".to_string(), |r| r.to_string())
    }

    /// Sets the result from a ``Result`` tag's text (``"*"`` clears it). A result
    /// that does not fit the game (a winner not in play, scores that make another
    /// outcome or do not fit on the board, another result than the board's for a
    /// game over on it) is a ``ReversiError`` and the game is unchanged. A stated
    /// result belongs to the line it was set for: a move that changes the line
    /// drops it.
    fn set_result(&mut self, result: &str) -> PyResult<()> {
        self.record.set_result(result).map_err(reversi_error)
    }

    /// Sets the time move ``index`` of the line took (from 0, in seconds), or
    /// clears it with None; kept to the nanosecond by records and GGF.
    fn set_ply_time(&mut self, index: usize, seconds: Option<f64>) -> PyResult<()> {
        let time = seconds
            .map(|t| {
                Duration::try_from_secs_f64(t).map_err(|_| {
                    reversi_error(format_args!(
                        "time {t} is not a number of seconds, 0 or more"
                    ))
                })
            })
            .transpose()?;
        self.ply_mut(index)?.set_time(time);
        Ok(())
    }

    /// Sets the evaluation of move ``index`` of the line (from 0): discs for the
    /// player who moved, to a thousandth, as records and GGF keep it; None clears it.
    /// A bot's ``Choice`` gives its value when it is in discs (``"exact"`` or
    /// ``"discs"``); a chance of winning (MCTS) is refused, not written as discs.
    fn set_ply_evaluation(&mut self, index: usize, discs: &Bound<'_, PyAny>) -> PyResult<()> {
        let discs: Option<f64> = match discs.cast::<crate::engine::PyChoice>() {
            Ok(choice) => choice.get().discs()?,
            Err(_) => discs.extract()?,
        };
        let evaluation = discs
            .map(|d| {
                let milli = (d * 1000.0).round();
                if milli.is_finite() && milli.abs() <= f64::from(i32::MAX) {
                    Ok(Evaluation::from_millidiscs(milli as i32))
                } else {
                    Err(reversi_error(format_args!(
                        "evaluation {d} is not a number of discs"
                    )))
                }
            })
            .transpose()?;
        self.ply_mut(index)?.set_evaluation(evaluation);
        Ok(())
    }

    /// Sets the comment on move ``index`` of the line (from 0), or clears it with
    /// None (or a text that is empty once trimmed).
    fn set_ply_comment(&mut self, index: usize, comment: Option<&str>) -> PyResult<()> {
        self.ply_mut(index)?.set_comment(comment);
        Ok(())
    }

    /// The rules.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            rules: *self.game().rules(),
        }
    }

    /// The index of the player to move in turn order (0 for Black).
    #[getter]
    fn to_move(&self) -> usize {
        self.game().to_move().index()
    }

    /// The colour to move (``"black"``, ``"white"``, ``"red"``, ``"green"``).
    #[getter]
    fn to_move_color(&self) -> &'static str {
        self.game().to_move().name()
    }

    /// The number of moves played (passes included) up to the current position.
    #[getter]
    fn move_count(&self) -> usize {
        self.game().move_count()
    }

    /// The moves played up to the current position, as names.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.game().moves().map(|m| m.to_string()).collect()
    }

    /// The moves played up to the current position, with colours and flips.
    #[getter]
    fn history(&self) -> Vec<PyPly> {
        self.game()
            .history()
            .iter()
            .map(|p| ply(self.game(), p))
            .collect()
    }

    /// The moves undone, that ``redo`` replays in order.
    #[getter]
    fn redo_moves(&self) -> Vec<String> {
        self.game()
            .redo_moves()
            .iter()
            .map(|p| p.mv().to_string())
            .collect()
    }

    /// The legal actions in increasing order: ``[pass_action]`` when the player to
    /// move must pass, ``[]`` when the game is over.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        // Straight into a list: a Python loop calls this at every move.
        let mut buffer = [0; MAX_ACTIONS];
        PyList::new(py, legal_actions_into(self.game(), &mut buffer))
    }

    /// The legal moves as names (``"pass"`` when the player must pass).
    fn legal_moves(&self) -> Vec<String> {
        let board = self.game().rules().board();
        legal_actions(self.game())
            .into_iter()
            .filter_map(|a| Move::from_index(board, a))
            .map(|m| m.to_string())
            .collect()
    }

    /// A boolean array of ``num_actions`` entries, true for the legal actions (all
    /// false once the game is over).
    fn legal_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![false; self.game().rules().board().index_count()];
        for a in legal_actions(self.game()) {
            mask[a] = true;
        }
        PyArray1::from_vec(py, mask)
    }

    /// Whether the move (action number or name) is legal now.
    fn is_legal(&self, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mv = move_arg(self.game().rules().board(), action)?;
        Ok(self.game().position().is_legal(mv))
    }

    /// Plays a move: an action number, a square name such as ``"f5"``, or
    /// ``"pass"``. Returns the names of the flipped squares; raises
    /// ``ReversiError`` for a move the rules refuse, leaving the game unchanged.
    fn play<'py>(
        &mut self,
        py: Python<'py>,
        action: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let mv = move_arg(self.game().rules().board(), action)?;
        let flips = self.game_mut().play(mv).map_err(reversi_error)?;
        // The names are made once and shared: a Python loop calls this at every move.
        let names = SQUARE_NAMES.get_or_init(py, || {
            // Indexed on the 10×10 grid, which holds every board's squares.
            (0..Board::Size10.pass_index())
                .map(|i| {
                    let name = Square::from_index(Board::Size10, i)
                        .map_or_else(String::new, |s| s.to_string());
                    PyString::intern(py, &name).unbind()
                })
                .collect()
        });
        PyList::new(
            py,
            flips
                .iter()
                .filter_map(|s| Some(names[s.index(Board::Size10)?].bind(py))),
        )
    }

    /// Takes back the last move; returns its name, or None at the start.
    fn undo(&mut self) -> Option<String> {
        self.game_mut().undo().map(|m| m.to_string())
    }

    /// Replays the next undone move; returns its name, or None when there is none.
    fn redo(&mut self) -> Option<String> {
        self.game_mut().redo().map(|m| m.to_string())
    }

    /// Goes to the position after ``moves`` moves (of the history and redo list).
    fn go_to(&mut self, moves: usize) -> PyResult<()> {
        self.game_mut().go_to(moves).map_err(reversi_error)
    }

    /// Whether nobody can move.
    fn is_over(&self) -> bool {
        self.game().is_over()
    }

    /// Whether the player to move must pass (two players only).
    fn must_pass(&self) -> bool {
        self.game().must_pass()
    }

    /// Each player's disc count, in turn order.
    fn scores(&self) -> Vec<u32> {
        let scores = self.game().scores();
        self.game()
            .rules()
            .colors()
            .iter()
            .map(|&c| scores.get(c))
            .collect()
    }

    /// The winner's colour, ``"draw"``, or None while the game goes on.
    fn outcome(&self) -> Option<&'static str> {
        self.game().outcome().map(|o| o.word())
    }

    /// One reward per player in turn order: +1 for the winner, -1 for the others,
    /// 0 for everyone on a draw or while the game goes on. With 3 or 4 players,
    /// when several players tie for the top score (the lowest in Anti-Reversi) the
    /// game is a draw for everyone, those behind too: all get 0 (RULES.md §9).
    fn rewards(&self) -> Vec<f32> {
        rewards(self.game().outcome(), self.game().rules().players())
    }

    /// What stands on a square: ``"empty"``, ``"blocked"``, ``"neutral"``, a colour,
    /// or None for a square the board lacks.
    fn cell(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
        let board = self.game().rules().board();
        let square = match move_arg(board, square)? {
            Move::Place(square) => square,
            Move::Pass => return Err(illegal_move("pass is not a square")),
        };
        Ok(self.game().cell(square).map(|cell| match cell {
            Cell::Empty => "empty",
            Cell::Blocked => "blocked",
            Cell::Neutral => "neutral",
            Cell::Disc(c) => c.name(),
        }))
    }

    /// The position's planes, ``float32`` of shape ``(players + 4, width, width)``,
    /// from the point of view of ``player`` (an index in turn order; the player to
    /// move by default): that player's discs, the next players' discs in turn
    /// order, the Neutral disc, the empty squares, the blocked squares, the squares
    /// the board lacks.
    #[pyo3(signature = (player=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        player: Option<usize>,
    ) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let board = self.game().rules().board();
        let width = board.width() as usize;
        let players = self.game().rules().players();
        let view = player.unwrap_or_else(|| self.game().to_move().index());
        if view >= players as usize {
            return Err(reversi_error(format_args!(
                "player {view} is not in a {players}-player game"
            )));
        }
        let mut planes = vec![0.0; observation::len(board, players)];
        observation::write(self.game().position(), view, &mut planes);
        PyArray1::from_vec(py, planes).reshape([observation::channels(players), width, width])
    }

    /// The rules library's evaluation features of ``player`` (an index in turn
    /// order; the player to move by default), counted: ``discs``; ``mobility``
    /// (the moves the player would have with the turn); ``potential_mobility``
    /// (empty squares next to another player's disc); ``frontier`` (the player's
    /// discs next to an empty square); ``stable`` (discs that can never flip
    /// again, a proven lower bound); ``corners`` and ``edges`` (the player's discs
    /// on the squares no move can flip, and on the rim of the board, the octagon's
    /// cut sides and the squares beside a blocked square included);
    /// ``c_squares`` and ``x_squares`` (the player's discs beside a corner square,
    /// on the rim and off it: b1 a2 … and b2 g2 b7 g7 on 8x8).
    #[pyo3(signature = (player=None))]
    fn features<'py>(
        &self,
        py: Python<'py>,
        player: Option<usize>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let players = self.game().rules().players();
        let view = player.unwrap_or_else(|| self.game().to_move().index());
        let color = Color::in_play(players).get(view).copied().ok_or_else(|| {
            reversi_error(format_args!(
                "player {view} is not in a {players}-player game"
            ))
        })?;
        let counts = crate::features::counts(self.game().position(), color);
        let dict = PyDict::new(py);
        for (name, count) in crate::features::NAMES.iter().zip(counts) {
            dict.set_item(name, count)?;
        }
        Ok(dict)
    }

    /// The position's Zobrist hash key (the Rust library's), as an int.
    fn hash_key(&self) -> u64 {
        self.game().hash_key()
    }

    /// The number of move sequences of ``depth`` moves from here (passes count as moves).
    /// The count and the time grow about tenfold a ply on 8x8 (perft(11) is
    /// 212,258,800, a fifth of a second on a recent core); Ctrl-C stops the count
    /// (``KeyboardInterrupt``).
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        let position = *self.game().position();
        if depth <= PERFT_PIECE {
            // Milliseconds at most: not worth a thread.
            return Ok(py.detach(|| position.perft(depth)));
        }
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let counted = interrupt::run(py, "perft", &stop, move || {
            perft_until_stopped(&position, depth, &flag)
        })?;
        // `None` only when stopped, and a stop is the interrupt returned above.
        counted.ok_or_else(|| reversi_error("perft was stopped"))
    }

    /// A new game that starts at this position seen through a symmetry (an index
    /// 0-7 or a name such as ``"rotate90"``); its history is empty.
    fn transform(&self, symmetry: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let symmetry = symmetry_arg(symmetry)?;
        let setup = Setup::from(self.game());
        let board = setup.board;
        let mut image = setup;
        image.fill(board.squares(), Cell::Empty);
        for square in board.squares() {
            if let Some(to) = symmetry.square(board, square) {
                image.set(to, setup.cell(square));
            }
        }
        let game = Game::from_setup(image).map_err(reversi_error)?;
        Ok(PyGame::from(game))
    }

    /// A new game equal to this one: the same rules, tags, result and whole line,
    /// standing at the same move.
    fn copy(&self) -> PyGame {
        self.clone()
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyDict>) -> PyGame {
        self.clone()
    }

    fn __getstate__(&self) -> (String, usize, Option<i64>) {
        // The record holds the whole line; where the game stands goes beside it,
        // and the margin a GGF result stated, which a record cannot hold.
        (
            self.record.to_string(),
            self.game().move_count(),
            self.record.stated_margin(),
        )
    }

    fn __setstate__(&mut self, state: (String, usize, Option<i64>)) -> PyResult<()> {
        let mut record = PyGame::from_state(&state.0, state.1)?;
        if let Some(margin) = state.2 {
            record.set_stated_margin(margin).map_err(reversi_error)?;
        }
        self.record = record;
        Ok(())
    }

    fn __str__(&self) -> String {
        self.game().to_string()
    }

    fn __repr__(&self) -> String {
        let state = if let Some(outcome) = self.game().outcome() {
            format!("over, {outcome}")
        } else {
            format!("{} to move", self.game().to_move().name())
        };
        format!(
            "<reversi.Game {}, {} moves, {}>",
            self.game().rules(),
            self.game().move_count(),
            state
        )
    }
}

/// The games of a WTHOR database (the bytes of a ``.wtb`` file), replayed: all of
/// them, or a ``ReversiError`` for the first that does not read (bytes after the
/// games the header counts among them; ``wthor_games`` gives each game its own
/// entry instead).
#[pyfunction]
pub fn read_wthor(data: &Bound<'_, PyBytes>) -> PyResult<Vec<PyGame>> {
    let database = Database::parse(data.as_bytes()).map_err(reversi_error)?;
    database
        .games()
        .map(|game| {
            game.map(|g| PyGame { record: g.record })
                .map_err(reversi_error)
        })
        .collect()
}

/// The plies left below which [`perft_until_stopped`] counts a subtree in one
/// call: a few milliseconds at most, so a stop is seen soon.
const PERFT_PIECE: u32 = 5;

/// [`Game::perft`](reversi::Game::perft) cut into subtrees of [`PERFT_PIECE`]
/// plies, looking at `stop` between them: `None` once it is set.
fn perft_until_stopped(pos: &AnyPosition, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if depth <= PERFT_PIECE {
        return Some(pos.perft(depth));
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        // A pass is a move; a finished game is one leaf.
        return match pos.pass() {
            Ok(next) if !next.legal_moves().is_empty() => {
                perft_until_stopped(&next, depth - 1, stop)
            }
            _ => Some(1),
        };
    }
    let mut total = 0;
    for square in moves {
        let child = pos.play(square).ok()?;
        total += perft_until_stopped(&child, depth - 1, stop)?;
    }
    Some(total)
}
