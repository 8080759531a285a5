//! Writing WTHOR databases from Python: the header as read or made, and the
//! games' numbers from their tags (the reader puts them there), so that a file
//! read and written again is the same bytes.

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use reversi::text::wthor::{self, Database, Header, Names};
use reversi::Board;

use crate::errors::reversi_error;
use crate::game::PyGame;

/// The header of a WTHOR database (``.wtb``): as ``wthor_header`` reads it, or
/// made for ``write_wthor``. ``created`` is the file's creation date as its four
/// bytes (century, year in the century, month, day: ``(20, 26, 12, 3)``),
/// today's date when not given; ``year`` the year of the games (this year when
/// not given); ``board`` ``"8x8"`` or ``"10x10"``; ``theoretical_depth`` the
/// number of empty squares from which the theoretical scores were solved.
/// ``games`` is the count the header announces (``write_wthor`` writes the
/// number of games it is given instead), ``names`` the names count of a names
/// file (0 in a games file); ``solitaire`` and ``reserved`` the header's last
/// bytes, kept so that a file is written back as it was.
#[pyclass(module = "reversi", name = "WthorHeader", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PyWthorHeader {
    /// The file's creation date as its four bytes: century, year in the century,
    /// month, day.
    #[pyo3(get)]
    created: (u8, u8, u8, u8),
    /// The number of games the header announces.
    #[pyo3(get)]
    games: u32,
    /// The number of names of a names file (0 in a games file).
    #[pyo3(get)]
    names: u16,
    /// The year of the games.
    #[pyo3(get)]
    year: u16,
    board: Board,
    /// The header's solitaire flag byte, kept so that a file is written back as
    /// it was.
    #[pyo3(get)]
    solitaire: u8,
    /// The number of empty squares from which the theoretical scores were solved.
    #[pyo3(get)]
    theoretical_depth: u8,
    /// The header's last, reserved byte, kept so that a file is written back as
    /// it was.
    #[pyo3(get)]
    reserved: u8,
}

/// The arguments that make a header again (pickling).
type HeaderArgs = (
    Option<u16>,
    u8,
    Option<(u8, u8, u8, u8)>,
    String,
    u32,
    u16,
    u8,
    u8,
);

#[pymethods]
impl PyWthorHeader {
    #[new]
    #[pyo3(signature = (
        year=None, theoretical_depth=0, created=None, board="8x8", games=0, names=0,
        solitaire=0, reserved=0
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        year: Option<u16>,
        theoretical_depth: u8,
        created: Option<(u8, u8, u8, u8)>,
        board: &str,
        games: u32,
        names: u16,
        solitaire: u8,
        reserved: u8,
    ) -> PyResult<PyWthorHeader> {
        let board = match board.parse::<Board>() {
            Ok(b @ (Board::Size8 | Board::Size10)) => b,
            _ => {
                return Err(reversi_error(format_args!(
                    "board is {board:?}: a WTHOR header says \"8x8\" or \"10x10\""
                )))
            }
        };
        let (created, year) = match (created, year) {
            (Some(created), Some(year)) => (created, year),
            (created, year) => {
                let (today, this_year) = today(py)?;
                (created.unwrap_or(today), year.unwrap_or(this_year))
            }
        };
        Ok(PyWthorHeader {
            created,
            games,
            names,
            year,
            board,
            solitaire,
            theoretical_depth,
            reserved,
        })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, HeaderArgs)> {
        let h = slf.get();
        Ok((
            slf.get_type().into_any(),
            (
                Some(h.year),
                h.theoretical_depth,
                Some(h.created),
                h.board.name().to_string(),
                h.games,
                h.names,
                h.solitaire,
                h.reserved,
            ),
        ))
    }

    /// The board: ``"8x8"`` or ``"10x10"``.
    #[getter]
    fn board(&self) -> &str {
        self.board.name()
    }

    fn __repr__(&self) -> String {
        let (c, y, m, d) = self.created;
        format!(
            "WthorHeader(year={}, theoretical_depth={}, created=({c}, {y}, {m}, {d}), \
             board={:?}, games={}, names={}, solitaire={}, reserved={})",
            self.year,
            self.theoretical_depth,
            self.board.name(),
            self.games,
            self.names,
            self.solitaire,
            self.reserved
        )
    }
}

/// Today's date as a WTHOR header's four bytes, and this year.
fn today(py: Python<'_>) -> PyResult<((u8, u8, u8, u8), u16)> {
    let today = py
        .import("datetime")?
        .getattr("date")?
        .call_method0("today")?;
    let year: u16 = today.getattr("year")?.extract()?;
    let created = (
        (year / 100) as u8,
        (year % 100) as u8,
        today.getattr("month")?.extract()?,
        today.getattr("day")?.extract()?,
    );
    Ok((created, year))
}

impl PyWthorHeader {
    /// The rules crate's header.
    fn header(&self) -> Header {
        let (c, y, m, d) = self.created;
        Header {
            created: [c, y, m, d],
            games: self.games,
            names: self.names,
            solitaire: self.solitaire,
            reserved: self.reserved,
            year: self.year,
            board: self.board,
            theoretical_depth: self.theoretical_depth,
        }
    }
}

/// The header of a WTHOR database (the bytes of a ``.wtb`` file): with the
/// games' tags, what ``write_wthor`` needs to write the file again byte for byte.
#[pyfunction]
pub fn wthor_header(data: &Bound<'_, PyBytes>) -> PyResult<PyWthorHeader> {
    let h = Database::parse(data.as_bytes())
        .map_err(reversi_error)?
        .header();
    let [c, y, m, d] = h.created;
    Ok(PyWthorHeader {
        created: (c, y, m, d),
        games: h.games,
        names: h.names,
        year: h.year,
        board: h.board,
        solitaire: h.solitaire,
        theoretical_depth: h.theoretical_depth,
        reserved: h.reserved,
    })
}

/// Writes a WTHOR database (the bytes of a ``.wtb`` file) of ``games``: two-player
/// 8x8 games from the standard start, each written as its whole line's
/// placements (passes left out, as WTHOR stores them), with ``header`` (a new
/// ``WthorHeader()`` when None: this year, created today, depth 0; its ``games``
/// replaced by the number of games).
///
/// Each game's numbers come from its tags, as ``wthor_games`` and ``read_wthor``
/// set them: ``Tournament``, ``BlackPlayer`` and ``WhitePlayer`` (0 to 65535, 0
/// when absent), ``BlackScore`` (0 to 64; when absent, the official count where
/// the line ends the game, else Black's discs in the stated result) and
/// ``TheoreticalScore`` (0 to 64; Black's score when absent: WTHOR has no
/// "unknown"), each in decimal digits alone. The header's ``year`` stands for
/// every game's ``Date``; names are not written: WTHOR keeps them in
/// ``WTHOR.JOU`` and ``WTHOR.TRN`` (``write_wthor_names``). A game WTHOR cannot
/// hold (checked first), or a tag out of range, is a ``ReversiError`` naming the
/// game (from 1), and nothing is written.
#[pyfunction]
#[pyo3(signature = (games, header=None))]
pub fn write_wthor<'py>(
    py: Python<'py>,
    games: &Bound<'py, PyAny>,
    header: Option<PyRef<'py, PyWthorHeader>>,
) -> PyResult<Bound<'py, PyBytes>> {
    let header = match header {
        Some(h) => h.clone(),
        None => PyWthorHeader::new(py, None, 0, None, "8x8", 0, 0, 0, 0)?,
    };
    let mut records = Vec::new();
    for item in games.try_iter()? {
        let game: PyRef<'_, PyGame> = item?.extract()?;
        records.push(game.record.clone());
    }
    let bytes = wthor::write_records(&header.header(), &records).map_err(reversi_error)?;
    Ok(PyBytes::new(py, &bytes))
}

/// Writes a WTHOR names file (the bytes of ``WTHOR.JOU`` for ``kind="players"``,
/// of ``WTHOR.TRN`` for ``kind="tournaments"``) of ``names``, numbered from 0 in
/// their order as the games' ``BlackPlayer``, ``WhitePlayer`` and ``Tournament``
/// tags refer to them; ``created`` is the header's date as in ``WthorHeader``
/// (today when None). A name must fit its field (20 bytes for a player, 26 for a
/// tournament) in ISO 8859-1, one byte a character, without NUL: otherwise a
/// ``ReversiError`` naming its number, and nothing is written.
#[pyfunction]
#[pyo3(signature = (names, kind, created=None))]
pub fn write_wthor_names<'py>(
    py: Python<'py>,
    names: Vec<String>,
    kind: &str,
    created: Option<(u8, u8, u8, u8)>,
) -> PyResult<Bound<'py, PyBytes>> {
    let (c, y, m, d) = match created {
        Some(created) => created,
        None => today(py)?.0,
    };
    let file = match kind {
        "players" => Names::new_players([c, y, m, d], names),
        "tournaments" => Names::new_tournaments([c, y, m, d], names),
        other => {
            return Err(reversi_error(format_args!(
                "kind is \"players\" or \"tournaments\", not {other:?}"
            )))
        }
    }
    .map_err(reversi_error)?;
    Ok(PyBytes::new(py, &file.to_bytes()))
}
