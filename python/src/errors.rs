//! Every error of the rules crate becomes a `reversi.ReversiError` (a
//! `ValueError`) carrying the Rust message.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

create_exception!(
    reversi,
    ReversiError,
    PyValueError,
    "An error of the reversi rules: a refused move, a text that does not read, \
     options the rules do not allow. The message is the Rust library's."
);

/// A `ReversiError` with `error`'s message.
pub fn reversi_error(error: impl core::fmt::Display) -> PyErr {
    ReversiError::new_err(error.to_string())
}
