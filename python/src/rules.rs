//! `reversi.Rules`: the options of a game, from the text Rust's `FromStr` reads or
//! from keyword arguments.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyType;
use reversi::{Board, Handicap, Move, Opening, Rules, Square};

use crate::errors::{illegal_move, reversi_error, rules_error};
use crate::observation;

/// The options of a game: board, players, Anti-Reversi, opening, handicap and
/// blocked squares, checked against the rules.
///
/// ``Rules("octagon, 4 players, anti")`` reads the text the Rust library writes
/// and reads; ``Rules(board="octagon", players=4, anti=True)`` builds the same
/// rules from keywords. ``Rules()`` is Othello: 8x8, two players. The keywords,
/// each optional:
///
/// - ``board``: ``"6x6"``, ``"8x8"`` (the default), ``"10x10"`` or ``"octagon"``;
///   ``Rules(board="10x10")``.
/// - ``players``: 2 (the default), 3 or 4; ``Rules(board="octagon", players=4)``.
/// - ``anti``: the fewest discs win; ``Rules(anti=True)``.
/// - ``free_opening``: the centre starts empty and the players fill it first (two
///   players); ``Rules(free_opening=True)``.
/// - ``handicap``: a colour, then the corners where it starts with a disc (two
///   players), named by their squares or as ``top-left`` …;
///   ``Rules(handicap="white a1 h8")``, ``Rules(board="octagon", handicap="black
///   b2")``.
/// - ``blocked``: squares no one may play, a text or a list of names;
///   ``Rules(board="10x10", blocked="c1 j4")``, ``Rules(blocked=["a1", "h8"])``.
/// - ``blocked_seed``: 1 to 4 blocked squares drawn from this seed (the same
///   squares in every version); ``Rules(board="10x10", blocked_seed=7)``.
///
/// Rules the game does not allow, and a text with keywords or ``blocked`` with
/// ``blocked_seed``, raise ``ReversiError``.
#[pyclass(module = "reversi", name = "Rules", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyRules {
    pub rules: Rules,
}

/// Square names from a string (`"c1 j4"`, `"c1,j4"`) or a sequence of names.
fn squares(value: &Bound<'_, PyAny>) -> PyResult<Vec<Square>> {
    let names: Vec<String> = if let Ok(text) = value.extract::<String>() {
        text.split([' ', ','])
            .filter(|w| !w.is_empty())
            .map(str::to_owned)
            .collect()
    } else {
        value
            .extract()
            .map_err(|_| PyTypeError::new_err("blocked squares are a string or a list of names"))?
    };
    // A list, not a set: the rules refuse a square named twice.
    names
        .iter()
        .map(|name| name.parse::<Square>().map_err(reversi_error))
        .collect()
}

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (text=None, *, board=None, players=None, anti=None, free_opening=None, handicap=None, blocked=None, blocked_seed=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        text: Option<&str>,
        board: Option<&str>,
        players: Option<i64>,
        anti: Option<bool>,
        free_opening: Option<bool>,
        handicap: Option<&str>,
        blocked: Option<&Bound<'_, PyAny>>,
        blocked_seed: Option<u64>,
    ) -> PyResult<PyRules> {
        let keywords = board.is_some()
            || players.is_some()
            || anti.is_some()
            || free_opening.is_some()
            || handicap.is_some()
            || blocked.is_some()
            || blocked_seed.is_some();
        if let Some(text) = text {
            if keywords {
                // Two values for the same rules: a clash of values, as below.
                return Err(rules_error(
                    "Rules takes a text or keyword arguments, not both",
                ));
            }
            return text
                .parse::<Rules>()
                .map(|rules| PyRules { rules })
                .map_err(reversi_error);
        }
        let board: Board = board.unwrap_or("8x8").parse().map_err(reversi_error)?;
        let mut builder = Rules::builder(board)
            .players(match players {
                None => 2,
                Some(n) => u8::try_from(n).map_err(|_| {
                    rules_error(format_args!("{n} players: a game has 2, 3 or 4 players"))
                })?,
            })
            .anti(anti.unwrap_or(false));
        if free_opening == Some(true) {
            builder = builder.opening(Opening::Free);
        }
        if let Some(handicap) = handicap {
            builder = builder.handicap(Handicap::parse_on(board, handicap).map_err(reversi_error)?);
        }
        if let Some(blocked) = blocked {
            if blocked_seed.is_some() {
                return Err(rules_error(
                    "blocked squares are named or drawn from blocked_seed, not both",
                ));
            }
            builder = builder.blocked(squares(blocked)?);
        }
        let rules = match blocked_seed {
            Some(seed) => builder.build_with_blocked_seed(seed),
            None => builder.build(),
        };
        rules.map(|rules| PyRules { rules }).map_err(reversi_error)
    }

    /// The board: ``"6x6"``, ``"8x8"``, ``"10x10"`` or ``"octagon"``.
    #[getter]
    fn board(&self) -> &'static str {
        self.rules.board().name()
    }

    /// The number of players, 2 to 4.
    #[getter]
    fn players(&self) -> u8 {
        self.rules.players()
    }

    /// Whether the fewest discs win (Anti-Reversi).
    #[getter]
    fn anti(&self) -> bool {
        self.rules.anti()
    }

    /// Whether the centre starts empty (two players).
    #[getter]
    fn free_opening(&self) -> bool {
        self.rules.opening() == Opening::Free
    }

    /// The corner handicap as text (``"white top-left bottom-right"``), or None.
    #[getter]
    fn handicap(&self) -> Option<String> {
        self.rules.handicap().map(|h| h.to_string())
    }

    /// The blocked squares, by name.
    #[getter]
    fn blocked(&self) -> Vec<String> {
        self.rules.blocked().iter().map(|s| s.to_string()).collect()
    }

    /// The colours in turn order (``["black", "white", ...]``).
    #[getter]
    fn colors(&self) -> Vec<&'static str> {
        self.rules.colors().iter().map(|c| c.name()).collect()
    }

    /// The width (and height) of the board's bounding grid: 6, 8 or 10.
    #[getter]
    fn width(&self) -> usize {
        self.rules.board().width() as usize
    }

    /// The number of actions: ``width * width`` squares, then the pass.
    #[getter]
    fn num_actions(&self) -> usize {
        self.rules.board().index_count()
    }

    /// The pass action, ``width * width``.
    #[getter]
    fn pass_action(&self) -> usize {
        self.rules.board().pass_index()
    }

    /// The shape of ``Game.observation()``: ``(players + 4, width, width)``.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let width = self.width();
        (observation::channels(self.rules.players()), width, width)
    }

    /// The action of a square name (``"f5"`` is 37 on 8x8) or of ``"pass"``. Every
    /// square of the bounding grid has one, the octagon's cut corners too
    /// (``"a1"`` is 0 there): their actions are never legal.
    fn action(&self, name: &str) -> PyResult<usize> {
        let board = self.rules.board();
        let mv: reversi::Move = name.parse().map_err(reversi_error)?;
        match mv.index(board) {
            Some(action) => Ok(action),
            None => Err(illegal_move(format_args!(
                "{name} is not on the {board} board"
            ))),
        }
    }

    /// The name of an action: a square name, or ``"pass"``; on the octagon, the
    /// cut corners' actions name their squares of the grid (0 is ``"a1"``).
    fn move_name(&self, action: i64) -> PyResult<String> {
        let board = self.rules.board();
        usize::try_from(action)
            .ok()
            .and_then(|a| Move::from_index(board, a))
            .map(|mv| mv.to_string())
            .ok_or_else(|| {
                illegal_move(format_args!(
                    "action {action} is not in 0-{} on the {board} board",
                    board.pass_index()
                ))
            })
    }

    fn __str__(&self) -> String {
        self.rules.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Rules({:?})", self.rules.to_string())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, (String,))> {
        Ok((slf.get_type(), (slf.get().rules.to_string(),)))
    }
}

/// Rules from an argument that is a `Rules`, a text, or None (Othello).
pub fn rules_arg(value: Option<&Bound<'_, PyAny>>) -> PyResult<Rules> {
    match value {
        None => Ok(Rules::default()),
        Some(value) if value.is_none() => Ok(Rules::default()),
        Some(value) => {
            if let Ok(rules) = value.cast::<PyRules>() {
                Ok(rules.get().rules)
            } else if let Ok(text) = value.extract::<String>() {
                text.parse().map_err(reversi_error)
            } else {
                Err(PyTypeError::new_err(
                    "rules are a reversi.Rules or a text such as \"octagon, 4 players\"",
                ))
            }
        }
    }
}
