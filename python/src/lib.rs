//! The native module `reversi._reversi` of the `reversi` Python package: the
//! rules library's games, a batched engine for self-play, and the helpers the
//! Python layer (`reversi/__init__.py`, `reversi/envs/`) builds on. Every error
//! reaches Python as an exception, never as a panic.

mod batch;
mod engine;
mod errors;
mod features;
mod game;
mod interrupt;
mod observation;
mod readers;
mod rules;
mod vecenv;
mod vector;
mod wthor;

use pyo3::exceptions::PyTypeError;

use crate::errors::ReversiError;
use pyo3::prelude::*;
use reversi::symmetry::Symmetry;
use reversi::Board;

/// A symmetry from an index 0-7 (in ``SYMMETRIES`` order) or its name.
pub(crate) fn symmetry_from(value: &Bound<'_, PyAny>) -> PyResult<Symmetry> {
    if let Ok(name) = value.extract::<String>() {
        return SYMMETRY_NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(&name))
            .map(|i| Symmetry::ALL[i])
            .ok_or_else(|| {
                ReversiError::new_err(format!(
                    "{name:?} is not a symmetry; they are {SYMMETRY_NAMES:?}"
                ))
            });
    }
    if value.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyTypeError::new_err("a symmetry is an index 0-7 or a name"));
    }
    let index: i64 = value
        .extract()
        .map_err(|_| PyTypeError::new_err("a symmetry is an index 0-7 or a name"))?;
    usize::try_from(index)
        .ok()
        .and_then(Symmetry::from_index)
        .ok_or_else(|| ReversiError::new_err(format!("symmetry {index} is not in 0-7")))
}

/// The names of the eight symmetries, in the Rust library's order.
const SYMMETRY_NAMES: [&str; 8] = [
    "identity",
    "rotate90",
    "rotate180",
    "rotate270",
    "flip_up_down",
    "flip_left_right",
    "flip_diagonal",
    "flip_anti_diagonal",
];

/// The square actions' permutation of a symmetry on a grid of ``width`` (6, 8 or
/// 10): entry ``i`` is the action that square action ``i`` becomes.
#[pyfunction]
fn symmetry_permutation(width: usize, symmetry: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
    let symmetry = symmetry_from(symmetry)?;
    let board = match width {
        6 => Board::Size6,
        8 => Board::Size8,
        10 => Board::Size10,
        _ => {
            return Err(ReversiError::new_err(format!(
                "a board is 6, 8 or 10 wide, not {width}"
            )))
        }
    };
    Ok(symmetry
        .move_permutation(board)
        .iter()
        .map(|&i| i as usize)
        .collect())
}

#[pymodule]
fn _reversi(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ReversiError", m.py().get_type::<errors::ReversiError>())?;
    m.add(
        "IllegalMoveError",
        m.py().get_type::<errors::IllegalMoveError>(),
    )?;
    m.add("RulesError", m.py().get_type::<errors::RulesError>())?;
    m.add("RecordError", m.py().get_type::<errors::RecordError>())?;
    m.add("SYMMETRIES", SYMMETRY_NAMES.to_vec())?;
    m.add_class::<rules::PyRules>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<game::PyPly>()?;
    m.add_class::<vecenv::VecEnv>()?;
    m.add_class::<vector::VectorGames>()?;
    m.add_class::<engine::PyBot>()?;
    m.add_class::<engine::PyChoice>()?;
    m.add_class::<readers::PyGameEntry>()?;
    m.add_class::<readers::PyGameReader>()?;
    m.add_class::<wthor::PyWthorHeader>()?;
    m.add_function(wrap_pyfunction!(game::read_wthor, m)?)?;
    m.add_function(wrap_pyfunction!(readers::read_games, m)?)?;
    m.add_function(wrap_pyfunction!(readers::open_games, m)?)?;
    m.add_function(wrap_pyfunction!(readers::wthor_games, m)?)?;
    m.add_function(wrap_pyfunction!(readers::wthor_names, m)?)?;
    m.add_function(wrap_pyfunction!(wthor::wthor_header, m)?)?;
    m.add_function(wrap_pyfunction!(wthor::write_wthor, m)?)?;
    m.add_function(wrap_pyfunction!(wthor::write_wthor_names, m)?)?;
    m.add_function(wrap_pyfunction!(vecenv::random_games, m)?)?;
    m.add_function(wrap_pyfunction!(symmetry_permutation, m)?)?;
    m.add_function(wrap_pyfunction!(engine::solve, m)?)?;
    Ok(())
}
