//! Every error of the Rust library becomes a `reversi.ReversiError` (a
//! `ValueError`) carrying the Rust message, of the subclass that says what kind of
//! thing was wrong: `IllegalMoveError` (a move the game refuses), `RulesError`
//! (rules or options that do not make a game) or `RecordError` (a text or file
//! that does not read). Which Rust error becomes which is decided here alone, by
//! its type ([`Raise`]).

use core::fmt;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

create_exception!(
    reversi,
    ReversiError,
    PyValueError,
    "An error of the reversi library: a refused move, a text that does not read, \
     options the rules do not allow. The message is the Rust library's. Its \
     subclasses IllegalMoveError, RulesError and RecordError say which kind."
);

create_exception!(
    reversi,
    IllegalMoveError,
    ReversiError,
    "A move the game refuses: not legal now, not a square of the board, a pass \
     that is not due, or any move once the game is over. The game is unchanged."
);

create_exception!(
    reversi,
    RulesError,
    ReversiError,
    "Rules that do not make a game: a rules string that does not read, or options \
     that do not go together (three players on 6x6, a blocked centre square)."
);

create_exception!(
    reversi,
    RecordError,
    ReversiError,
    "A record, position string or file that does not read (GGF, OBF, WTHOR, the \
     crate's record format): the message says where."
);

/// The Python exception an error of the Rust library raises: its kind decided by
/// the error's type, its message the Rust message.
pub trait Raise: fmt::Display {
    /// The exception, `ReversiError` itself unless the type says more.
    fn raise(&self) -> PyErr {
        ReversiError::new_err(self.to_string())
    }
}

/// A `ReversiError` (or the subclass `error`'s type names) with `error`'s message.
pub fn reversi_error(error: impl Raise) -> PyErr {
    error.raise()
}

/// A `RulesError` with `message`: for option checks made on the Python side.
pub fn rules_error(message: impl fmt::Display) -> PyErr {
    RulesError::new_err(message.to_string())
}

/// An `IllegalMoveError` with `message`: for move checks made on the Python side.
pub fn illegal_move(message: impl fmt::Display) -> PyErr {
    IllegalMoveError::new_err(message.to_string())
}

macro_rules! raise {
    ($exception:ident: $($error:ty),+ $(,)?) => {
        $(impl Raise for $error {
            fn raise(&self) -> PyErr {
                $exception::new_err(self.to_string())
            }
        })+
    };
}

raise!(IllegalMoveError: reversi::PlayError, reversi::ParseSquareError);
raise!(RulesError: reversi::ParseRulesError, reversi::RulesError, reversi::ParseBoardError);
raise!(RecordError:
    reversi::text::record::RecordError,
    reversi::text::record::TagError,
    reversi::text::result::ResultError,
    reversi::text::load::LoadError,
    reversi::text::ggf::GgfWriteError,
    reversi::text::wthor::WthorError,
    reversi::text::wthor::WthorWriteError,
    reversi::PositionError,
    reversi::SetupError,
);
// Going beyond a game's line, and the engine's errors (a bot spec, an outside
// engine that does not start, a position the solver does not take): the base.
impl Raise for reversi::GoToError {}
impl Raise for reversi_engine::bot::SpecError {}
impl Raise for reversi_engine::protocol::client::EngineSpecError {}
impl Raise for reversi_engine::protocol::client::StartError {}
impl Raise for reversi_engine::solver::SolveError {}

// Messages made here: the base class, unless a caller names the kind.
impl Raise for fmt::Arguments<'_> {}
impl Raise for &str {}
impl Raise for String {}
