//! Many games at once: the rules crate's readers of GGF archives and record files
//! (`reversi::text::games`, one game at a time, each with where it starts and its
//! own error) and WTHOR databases with their names files.

use std::io::BufRead;
use std::sync::Mutex;

use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use reversi::text::games::{Archive, GameEntry, GameReader};
use reversi::text::record::Record;
use reversi::text::wthor::{Database, Names};

use crate::errors::reversi_error;
use crate::game::PyGame;

/// One game of a file of many: where it starts, and the game or why it cannot be
/// read (a bad game does not stop the rest).
///
/// ``number`` counts the entries from 1 (error entries included); ``line`` is the
/// line the game starts on (from 1; None for WTHOR); ``byte`` the byte offset where
/// it starts; ``archive`` the format (``"ggf"``, ``"record"`` or ``"wthor"``).
/// ``game`` is the game (a new copy at each access) or None, ``error`` the reason
/// or None, and ``tags`` the record's tags (player names, event, date, ...).
/// Two entries are ``==`` when every field is (the games as ``Game`` compares
/// them), so an entry equals its pickled copy.
#[pyclass(module = "reversi", name = "GameEntry", frozen, eq)]
#[derive(PartialEq)]
pub struct PyGameEntry {
    /// The entry's number, counting from 1 (error entries included).
    #[pyo3(get)]
    number: usize,
    /// The line the game starts on, from 1; None for WTHOR.
    #[pyo3(get)]
    line: Option<usize>,
    /// The byte offset at which the game starts.
    #[pyo3(get)]
    byte: usize,
    /// The format the game was read in: ``"ggf"``, ``"record"`` or ``"wthor"``.
    #[pyo3(get)]
    archive: &'static str,
    /// Why the game could not be read, or None when it was.
    #[pyo3(get)]
    error: Option<String>,
    game: Option<Record>,
    tags: Vec<(String, String)>,
}

impl PyGameEntry {
    fn new(
        number: usize,
        line: Option<usize>,
        byte: usize,
        archive: &'static str,
        result: Result<Record, String>,
    ) -> PyGameEntry {
        let (game, tags, error) = match result {
            Ok(record) => {
                let tags = record
                    .tags()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect();
                (Some(record), tags, None)
            }
            Err(error) => (None, Vec::new(), Some(error)),
        };
        PyGameEntry {
            number,
            line,
            byte,
            archive,
            error,
            game,
            tags,
        }
    }

    fn from_entry(entry: GameEntry) -> PyGameEntry {
        let archive = match entry.archive {
            Archive::Ggf => "ggf",
            Archive::Record => "record",
        };
        PyGameEntry::new(
            entry.number,
            Some(entry.line),
            entry.byte,
            archive,
            entry.result.map_err(|e| e.to_string()),
        )
    }
}

/// The arguments that make an entry again (pickling).
type EntryArgs = (
    usize,
    Option<PyGame>,
    Option<String>,
    Option<usize>,
    usize,
    &'static str,
);

#[pymethods]
impl PyGameEntry {
    /// An entry as the readers give them; made directly only to unpickle one:
    /// ``game`` or ``error`` (one of the two), ``archive`` ``"ggf"``,
    /// ``"record"`` or ``"wthor"``.
    #[new]
    #[pyo3(signature = (number, game=None, error=None, line=None, byte=0, archive="record"))]
    fn py_new(
        number: usize,
        game: Option<PyRef<'_, PyGame>>,
        error: Option<String>,
        line: Option<usize>,
        byte: usize,
        archive: &str,
    ) -> PyResult<PyGameEntry> {
        let archive = ["ggf", "record", "wthor"]
            .into_iter()
            .find(|&a| a == archive)
            .ok_or_else(|| {
                reversi_error(format_args!(
                    "archive is \"ggf\", \"record\" or \"wthor\", not {archive:?}"
                ))
            })?;
        let result = match (game, error) {
            (Some(game), None) => Ok(game.record.clone()),
            (None, Some(error)) => Err(error),
            _ => {
                return Err(reversi_error(
                    "an entry has a game or an error, not both or neither",
                ))
            }
        };
        Ok(PyGameEntry::new(number, line, byte, archive, result))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, EntryArgs)> {
        let e = slf.get();
        Ok((
            slf.get_type().into_any(),
            (
                e.number,
                e.game.clone().map(PyGame::from),
                e.error.clone(),
                e.line,
                e.byte,
                e.archive,
            ),
        ))
    }

    /// The game, or None when it could not be read.
    #[getter]
    fn game(&self) -> Option<PyGame> {
        self.game.clone().map(PyGame::from)
    }

    /// The record's tags, in the record's order.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in &self.tags {
            dict.set_item(name, value)?;
        }
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        let what = match (&self.game, &self.error) {
            (Some(record), _) => format!("{} moves", record.game().move_count()),
            (None, Some(error)) => format!("error {error:?}"),
            (None, None) => String::new(),
        };
        let line = self
            .line
            .map_or_else(String::new, |l| format!(", line {l}"));
        format!(
            "<reversi.GameEntry {} ({}{line}, byte {}): {what}>",
            self.number, self.archive, self.byte
        )
    }
}

type Input = Box<dyn BufRead + Send + Sync>;

/// An iterator over the games of a GGF archive or a file of records, read one at a
/// time with the memory of one game: ``read_games(text)`` or ``open_games(path)``.
/// Each item is a ``GameEntry``; an I/O error raises ``OSError`` and ends the
/// reading. The format is told from the first line that starts a game.
#[pyclass(module = "reversi", name = "GameReader")]
pub struct PyGameReader {
    reader: Mutex<Option<GameReader<Input>>>,
}

impl PyGameReader {
    fn of(input: Input) -> PyGameReader {
        PyGameReader {
            reader: Mutex::new(Some(GameReader::new(input))),
        }
    }
}

#[pymethods]
impl PyGameReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<PyGameEntry>> {
        let reader = &self.reader;
        py.detach(|| {
            let mut guard = reader
                .lock()
                .map_err(|_| reversi_error("the reader failed in another thread"))?;
            let Some(games) = guard.as_mut() else {
                return Ok(None);
            };
            match games.next() {
                None => {
                    *guard = None;
                    Ok(None)
                }
                Some(Ok(entry)) => Ok(Some(PyGameEntry::from_entry(entry))),
                Some(Err(error)) => {
                    *guard = None;
                    Err(PyOSError::new_err(error.to_string()))
                }
            }
        })
    }
}

/// The games of ``text`` (a GGF archive or records one after another), one
/// ``GameEntry`` at a time.
#[pyfunction]
pub fn read_games(text: String) -> PyGameReader {
    PyGameReader::of(Box::new(std::io::Cursor::new(text.into_bytes())))
}

/// The games of the file at ``path``, streamed: one ``GameEntry`` at a time, with
/// the memory of one game whatever the file's size. Raises ``OSError`` when the
/// file cannot be opened.
#[pyfunction]
pub fn open_games(path: std::path::PathBuf) -> PyResult<PyGameReader> {
    let file = std::fs::File::open(&path)
        .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?;
    Ok(PyGameReader::of(Box::new(std::io::BufReader::new(file))))
}

/// The size of a WTHOR file's header, and of one game record.
const WTHOR_HEADER: usize = 16;
const WTHOR_RECORD: usize = 68;

/// The games of a WTHOR database (the bytes of a ``.wtb`` file) as ``GameEntry``
/// items (``archive="wthor"``, ``line`` None), each replayed or with its own
/// error. With the bytes of ``WTHOR.JOU`` (``players``) and ``WTHOR.TRN``
/// (``tournaments``), the tags ``Black``, ``White`` and ``Event`` name them; the
/// numbers are always in the tags ``BlackPlayer``, ``WhitePlayer`` and
/// ``Tournament``, with ``BlackScore``, ``TheoreticalScore`` and ``Date``. When
/// bytes follow the games the header counts, a last entry (numbered one past
/// them) carries that error instead of a game, so that no record goes unseen.
#[pyfunction]
#[pyo3(signature = (data, players=None, tournaments=None))]
pub fn wthor_games(
    data: &Bound<'_, PyBytes>,
    players: Option<&Bound<'_, PyBytes>>,
    tournaments: Option<&Bound<'_, PyBytes>>,
) -> PyResult<Vec<PyGameEntry>> {
    let database = Database::parse(data.as_bytes()).map_err(reversi_error)?;
    let players = players
        .map(|p| Names::players(p.as_bytes()))
        .transpose()
        .map_err(|e| reversi_error(format_args!("players: {e}")))?;
    let tournaments = tournaments
        .map(|t| Names::tournaments(t.as_bytes()))
        .transpose()
        .map_err(|e| reversi_error(format_args!("tournaments: {e}")))?;
    let empty = Names::empty();
    Ok(database
        .games()
        .enumerate()
        .map(|(i, game)| {
            let result = game
                .map(|mut game| {
                    if players.is_some() || tournaments.is_some() {
                        game.name(
                            players.as_ref().unwrap_or(&empty),
                            tournaments.as_ref().unwrap_or(&empty),
                        );
                    }
                    game.record
                })
                .map_err(|e| e.to_string());
            PyGameEntry::new(
                i + 1,
                None,
                WTHOR_HEADER + i * WTHOR_RECORD,
                "wthor",
                result,
            )
        })
        .collect())
}

/// The names of a WTHOR names file, indexed by the numbers the games hold:
/// ``kind`` is ``"players"`` (``WTHOR.JOU``) or ``"tournaments"``
/// (``WTHOR.TRN``).
#[pyfunction]
pub fn wthor_names(data: &Bound<'_, PyBytes>, kind: &str) -> PyResult<Vec<String>> {
    let names = match kind {
        "players" => Names::players(data.as_bytes()),
        "tournaments" => Names::tournaments(data.as_bytes()),
        other => {
            return Err(crate::errors::ReversiError::new_err(format!(
                "kind is \"players\" or \"tournaments\", not {other:?}"
            )))
        }
    }
    .map_err(reversi_error)?;
    Ok((0..=u16::MAX)
        .map_while(|i| names.get(i).map(str::to_string))
        .collect())
}
