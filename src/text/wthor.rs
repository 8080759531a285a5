//! WTHOR databases (`.wtb`), the French Othello Federation's archive format: the
//! games ([`Database`], read lazily; [`write()`]) and the names files `WTHOR.JOU`
//! (players) and `WTHOR.TRN` (tournaments) ([`Names`]), so that a game becomes a
//! complete record ([`WthorGame::name`]).
//!
//! A 16-byte header (little-endian: creation century, year, month, day; the number
//! of games, u32; the number of records of the names files, u16; the games' year,
//! u16; the board size, u8: 0 or 8 for 8×8, 10 for 10×10; a solitaire flag; the
//! depth of the theoretical score; a reserved byte), then one 68-byte record a game:
//! tournament number (u16), black and white player numbers (u16 each), Black's
//! actual and theoretical scores (u8 each), and 60 move bytes, `10 × row + column`
//! with `a1` = 11, 0 for no further move. Passes are not stored.
//!
//! WTHOR's Black score follows the official Othello count, which gives the empty
//! squares left at the end to the winner; [`official_black_score`] computes it for a
//! replayed game, beside the plain disc count of [`Game::count`].
//!
//! The names files have the same 16-byte header (its count of names at bytes
//! 8–9), then one fixed field a name: 20 bytes for a player, 26 for a tournament,
//! the text padded with NUL bytes, read as ISO 8859-1 (each byte one character);
//! [`Names::new_players`] and [`Names::new_tournaments`] make them from names.
//!
//! [`write()`] writes games back: a file read and written again is the same bytes
//! (tested on the real `WTH_2015.wtb`). What WTHOR cannot hold is a typed error
//! ([`WthorWriteError`]): a start other than the standard one, another board, more
//! than 60 placements.
//!
//! ```
//! use reversi::text::wthor::{write, Database};
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! # let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/wthor/WTH_2015.wtb"))?;
//! let db = Database::parse(&bytes)?;
//! let games = db.games().collect::<Result<Vec<_>, _>>()?;
//! assert_eq!(games[0].record.date(), Some("2015"));
//! assert_eq!(write(&db.header(), &games)?, bytes);
//! # Ok(())
//! # }
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use crate::board::Board;
use crate::color::Color;
use crate::game::Game;
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::rules::Rules;
use crate::square::Square;
use crate::text::record::Record;
use crate::text::result::{Ending, GameResult};

/// What is wrong with a WTHOR file.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WthorError {
    /// Shorter than the 16-byte header.
    #[error("the file is shorter than the 16-byte header")]
    NoHeader,
    /// A board size byte that is not 0, 8 or 10.
    #[error("board size byte {0}: expected 0, 8 or 10")]
    BoardSize(u8),
    /// The file ends inside a game record.
    #[error("game {game}: the file ends inside its record")]
    Truncated {
        /// The game number, from 1.
        game: usize,
    },
    /// A names file ends before the names its header counts, or inside one.
    #[error("the names file ends before name number {number}, short of its header's count")]
    NamesTruncated {
        /// The number of the first name missing (from 0, as the games refer
        /// to names).
        number: usize,
    },
    /// A move byte that is no square of the board.
    #[error("game {game}, move {number}: byte {byte} is not a square")]
    BadSquare {
        /// The game number, from 1.
        game: usize,
        /// The move number, from 1.
        number: usize,
        /// The byte.
        byte: u8,
    },
    /// Bytes after the last game the header announces: more records than its
    /// count says (a tool that appended games without counting them), or a
    /// damaged file. [`Database::games`] reads the announced games and ends with
    /// this error; [`Database::game`] still reads any whole record by its index.
    #[error(
        "{bytes} bytes follow the header's {games} games ({} whole records more): \
         its count is short or the file damaged",
        .bytes / RECORD
    )]
    Trailing {
        /// The games the header announces.
        games: usize,
        /// The bytes after them.
        bytes: usize,
    },
    /// A move that is not legal in the replay.
    #[error("game {game}, move {number}: {error}")]
    Illegal {
        /// The game number, from 1.
        game: usize,
        /// The move number, from 1.
        number: usize,
        /// Why.
        error: crate::moves::PlayError,
    },
}

/// The header of a WTHOR file. The default is an 8×8 games file with every other
/// field 0, to fill in what a new file needs:
/// `Header { year: 2026, created: [20, 26, 12, 3], ..Header::default() }`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Header {
    /// The file's creation date: century, year in the century, month, day.
    pub created: [u8; 4],
    /// The number of games the header announces.
    pub games: u32,
    /// The number of names (in a names file; 0 in a games file).
    pub names: u16,
    /// The solitaire flag byte.
    pub solitaire: u8,
    /// The last, reserved byte.
    pub reserved: u8,
    /// The year of the games.
    pub year: u16,
    /// The board.
    pub board: Board,
    /// The depth of the theoretical scores.
    pub theoretical_depth: u8,
}

impl Default for Header {
    fn default() -> Header {
        Header {
            created: [0; 4],
            games: 0,
            names: 0,
            solitaire: 0,
            reserved: 0,
            year: 0,
            board: Board::Size8,
            theoretical_depth: 0,
        }
    }
}

/// One game of a WTHOR file, replayed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WthorGame {
    /// The tournament number (an index into `WTHOR.TRN`).
    pub tournament: u16,
    /// The black player's number (an index into `WTHOR.JOU`).
    pub black_player: u16,
    /// The white player's number.
    pub white_player: u16,
    /// Black's score as recorded (official count: empties to the winner).
    pub black_score: u8,
    /// Black's theoretical score as recorded.
    pub theoretical_score: u8,
    /// The replayed game, with `Tournament`, `BlackPlayer`, `WhitePlayer`,
    /// `BlackScore` and `TheoreticalScore` tags (the numbers) and `Date` (the
    /// header's year, unless 0); [`WthorGame::name`] adds the names; a game that stopped before its
    /// end has the recorded score as its result (Black's score, White the rest of
    /// the board's squares, [`Ending::Unstated`]).
    pub record: Record,
}

impl WthorGame {
    /// Names the players and the tournament from the names files: the tags `Black`,
    /// `White` and `Event`, for the numbers the files have (a number beyond a file,
    /// or a name with a line break, is left unnamed).
    ///
    /// ```
    /// use reversi::text::wthor::{Database, Names};
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// # let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/wthor/");
    /// let players = Names::players(&std::fs::read(format!("{dir}WTHOR.JOU"))?)?;
    /// let tournaments = Names::tournaments(&std::fs::read(format!("{dir}WTHOR.TRN"))?)?;
    /// let bytes = std::fs::read(format!("{dir}WTH_2015.wtb"))?;
    /// let mut game = Database::parse(&bytes)?.game(0)?;
    /// game.name(&players, &tournaments);
    /// assert!(game.record.player(reversi::Color::Black).is_some());
    /// assert!(game.record.event().is_some());
    /// # Ok(())
    /// # }
    /// ```
    pub fn name(&mut self, players: &Names, tournaments: &Names) {
        let names = [
            ("Black", players.get(self.black_player)),
            ("White", players.get(self.white_player)),
            ("Event", tournaments.get(self.tournament)),
        ];
        for (tag, name) in names {
            if let Some(name) = name {
                // A name with a line break, which no tag holds, is left out.
                let _ = self.record.set_tag(tag, name);
            }
        }
    }

    /// Whether the replay reached the end of the game by the rules (otherwise it
    /// stopped early: resignation, time, or an unrecorded end).
    pub fn finished(&self) -> bool {
        self.record.game().is_over()
    }
}

/// Black's score under the official Othello count: the empty squares go to the
/// winner, or are shared on a draw.
pub fn official_black_score(game: &Game) -> u32 {
    let (black, white) = (game.count(Color::Black), game.count(Color::White));
    let empty = game.position().empty().len() as u32;
    match black.cmp(&white) {
        core::cmp::Ordering::Greater => black + empty,
        core::cmp::Ordering::Equal => black + empty / 2,
        core::cmp::Ordering::Less => black,
    }
}

/// A WTHOR file, read lazily: the header now, each game on iteration.
#[derive(Clone, Debug)]
pub struct Database<'a> {
    header: Header,
    /// The rules of every game: two players on the header's board.
    rules: Rules,
    records: &'a [u8],
}

const HEADER: usize = 16;
const RECORD: usize = 68;

impl<'a> Database<'a> {
    /// Reads the header of `bytes`.
    pub fn parse(bytes: &'a [u8]) -> Result<Database<'a>, WthorError> {
        let header = bytes.get(..HEADER).ok_or(WthorError::NoHeader)?;
        let board = match header[12] {
            0 | 8 => Board::Size8,
            10 => Board::Size10,
            other => return Err(WthorError::BoardSize(other)),
        };
        let rules = Rules::builder(board)
            .build()
            .map_err(|_| WthorError::BoardSize(header[12]))?;
        Ok(Database {
            rules,
            header: Header {
                created: [header[0], header[1], header[2], header[3]],
                games: u32::from_le_bytes([header[4], header[5], header[6], header[7]]),
                names: u16::from_le_bytes([header[8], header[9]]),
                year: u16::from_le_bytes([header[10], header[11]]),
                board,
                solitaire: header[13],
                theoretical_depth: header[14],
                reserved: header[15],
            },
            records: &bytes[HEADER..],
        })
    }

    /// The header.
    pub fn header(&self) -> Header {
        self.header
    }

    /// The games, each replayed; an error names the game and move. A file that
    /// holds fewer records than its header announces ends with one
    /// [`WthorError::Truncated`]; one with bytes after the announced games ends
    /// with one [`WthorError::Trailing`], so that no datum goes unremarked.
    pub fn games(&self) -> impl Iterator<Item = Result<WthorGame, WthorError>> + '_ {
        let announced = self.header.games as usize;
        // Whole records present, plus the first missing one when the file is short.
        let present = self.records.len() / RECORD;
        let extra = self.trailing_bytes();
        let trailing = (extra > 0).then_some(Err(WthorError::Trailing {
            games: announced,
            bytes: extra,
        }));
        (0..announced.min(present + 1))
            .map(move |i| self.game(i))
            .chain(trailing)
    }

    /// The bytes after the games the header announces: 0 for a well-formed file
    /// (and for a truncated one), more when the header's count is short.
    pub fn trailing_bytes(&self) -> usize {
        let announced = (self.header.games as usize).saturating_mul(RECORD);
        self.records.len().saturating_sub(announced)
    }

    /// Game `index` (from 0), replayed.
    pub fn game(&self, index: usize) -> Result<WthorGame, WthorError> {
        let number = index + 1;
        let bytes = index
            .checked_mul(RECORD)
            .and_then(|start| self.records.get(start..start + RECORD))
            .ok_or(WthorError::Truncated { game: number })?;
        let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
        let board = self.header.board;
        // WTHOR games start from the standard position of their board.
        let mut game = Game::new(self.rules);
        let moves: Vec<u8> = bytes[8..].iter().copied().take_while(|&b| b != 0).collect();
        for (i, &byte) in moves.iter().enumerate() {
            let bad = WthorError::BadSquare {
                game: number,
                number: i + 1,
                byte,
            };
            let (row, column) = (byte / 10, byte % 10);
            let w = board.width();
            if !(1..=w).contains(&row) || !(1..=w).contains(&column) {
                return Err(bad);
            }
            let square = Square::new(column - 1, row - 1);
            game.play_implied(Move::Place(square))
                .map_err(|error| WthorError::Illegal {
                    game: number,
                    number: i + 1,
                    error,
                })?;
        }
        let mut record = Record::new(game);
        let fields = [
            ("Tournament", u16_at(0)),
            ("BlackPlayer", u16_at(2)),
            ("WhitePlayer", u16_at(4)),
            ("BlackScore", u16::from(bytes[6])),
            ("TheoreticalScore", u16::from(bytes[7])),
        ];
        for (tag, value) in fields {
            // Fixed names and numbers: always a tag the record can hold.
            let _ = record.set_tag(tag, &alloc::format!("{value}"));
        }
        if self.header.year != 0 {
            let _ = record.set_date(&alloc::format!("{}", self.header.year));
        }
        if !record.game().line_end().is_over() {
            // A game stopped early: its recorded score is its result.
            let squares = board.square_count() as u32;
            let black = u32::from(bytes[6]).min(squares);
            let scores = crate::outcome::Scores::new([black, squares - black, 0, 0], 2);
            let result = GameResult {
                outcome: Outcome::from_scores(&scores, false),
                scores: Some(scores),
                ending: Ending::Unstated,
            };
            // Scores for both players that make their outcome: always accepted.
            let _ = record.set_game_result(Some(result));
        }
        Ok(WthorGame {
            tournament: u16_at(0),
            black_player: u16_at(2),
            white_player: u16_at(4),
            black_score: bytes[6],
            theoretical_score: bytes[7],
            record,
        })
    }
}

/// The names of a WTHOR names file: `WTHOR.JOU` (players) or `WTHOR.TRN`
/// (tournaments), indexed by the numbers the games hold.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Names {
    header: [u8; HEADER],
    width: usize,
    names: Vec<String>,
}

/// The width of a player's name field in `WTHOR.JOU`.
const PLAYER_NAME: usize = 20;
/// The width of a tournament's name field in `WTHOR.TRN`.
const TOURNAMENT_NAME: usize = 26;

impl Names {
    /// A list of no names, for a database with one names file and not the
    /// other: [`WthorGame::name`] leaves the tags of this one out.
    ///
    /// ```
    /// use reversi::text::wthor::Names;
    ///
    /// assert_eq!(Names::empty().get(0), None);
    /// ```
    pub fn empty() -> Names {
        Names {
            header: [0; HEADER],
            width: PLAYER_NAME,
            names: Vec::new(),
        }
    }

    /// Reads `WTHOR.JOU`.
    pub fn players(bytes: &[u8]) -> Result<Names, WthorError> {
        Names::parse(bytes, PLAYER_NAME)
    }

    /// Reads `WTHOR.TRN`.
    pub fn tournaments(bytes: &[u8]) -> Result<Names, WthorError> {
        Names::parse(bytes, TOURNAMENT_NAME)
    }

    /// Reads a names file of fields `width` bytes wide. A file that ends inside a
    /// field, or holds fewer fields than its header announces, is
    /// [`WthorError::NamesTruncated`] (naming the first missing name's number).
    pub fn parse(bytes: &[u8], width: usize) -> Result<Names, WthorError> {
        let header: [u8; HEADER] = bytes
            .get(..HEADER)
            .and_then(|h| h.try_into().ok())
            .ok_or(WthorError::NoHeader)?;
        let announced = usize::from(u16::from_le_bytes([header[8], header[9]]));
        let fields = &bytes[HEADER..];
        if width == 0 || !fields.len().is_multiple_of(width) || fields.len() / width < announced {
            return Err(WthorError::NamesTruncated {
                number: (fields.len() / width.max(1)).min(announced),
            });
        }
        let names = fields
            .chunks(width)
            .map(|field| {
                let text = field.split(|&b| b == 0).next().unwrap_or(&[]);
                text.iter().map(|&b| char::from(b)).collect()
            })
            .collect();
        Ok(Names {
            header,
            width,
            names,
        })
    }

    /// A players file (`WTHOR.JOU`) of `names`, numbered from 0 in their order,
    /// its header dated `created` (century, year in the century, month, day).
    /// Each name must fit its 20-byte field in ISO 8859-1, one byte a character,
    /// without NUL ([`WthorWriteError::Name`] otherwise), and there may be 65,535
    /// names at most ([`WthorWriteError::TooManyNames`]).
    ///
    /// ```
    /// use reversi::text::wthor::Names;
    /// let players = Names::new_players([20, 26, 12, 3], ["Ann", "Bérénice"])?;
    /// let bytes = players.to_bytes();
    /// assert_eq!(bytes.len(), 16 + 2 * 20);
    /// assert_eq!(Names::players(&bytes)?.get(1), Some("Bérénice"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn new_players<S: AsRef<str>>(
        created: [u8; 4],
        names: impl IntoIterator<Item = S>,
    ) -> Result<Names, WthorWriteError> {
        Names::new(created, names, PLAYER_NAME)
    }

    /// A tournaments file (`WTHOR.TRN`) of `names`, as
    /// [`new_players`](Names::new_players) with fields of 26 bytes.
    pub fn new_tournaments<S: AsRef<str>>(
        created: [u8; 4],
        names: impl IntoIterator<Item = S>,
    ) -> Result<Names, WthorWriteError> {
        Names::new(created, names, TOURNAMENT_NAME)
    }

    fn new<S: AsRef<str>>(
        created: [u8; 4],
        names: impl IntoIterator<Item = S>,
        width: usize,
    ) -> Result<Names, WthorWriteError> {
        let mut list = Vec::new();
        for (number, name) in names.into_iter().enumerate() {
            let name = name.as_ref();
            if let Some(character) = name.chars().find(|&c| c == '\0' || u32::from(c) > 0xff) {
                return Err(WthorWriteError::Name {
                    number,
                    problem: NameProblem::Character(character),
                });
            }
            let bytes = name.chars().count();
            if bytes > width {
                return Err(WthorWriteError::Name {
                    number,
                    problem: NameProblem::TooLong { bytes, width },
                });
            }
            list.push(String::from(name));
        }
        let count = u16::try_from(list.len())
            .map_err(|_| WthorWriteError::TooManyNames { count: list.len() })?;
        let mut header = [0; HEADER];
        header[..4].copy_from_slice(&created);
        header[8..10].copy_from_slice(&count.to_le_bytes());
        Ok(Names {
            header,
            width,
            names: list,
        })
    }

    /// The name of number `index`, without its padding; `None` beyond the file.
    pub fn get(&self, index: u16) -> Option<&str> {
        self.names.get(usize::from(index)).map(String::as_str)
    }

    /// The file again: the header as read, then each name padded with NUL bytes
    /// to its field (the same bytes as the file read, for a file whose padding is
    /// all NUL).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + self.width * self.names.len());
        out.extend_from_slice(&self.header);
        for name in &self.names {
            // Each character came from one byte.
            let start = out.len();
            out.extend(name.chars().map(|c| c as u8));
            out.resize(start + self.width, 0);
        }
        out
    }

    /// The number of names.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the file holds no name.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

/// What a WTHOR file cannot hold.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WthorWriteError {
    /// Rules other than two players on 8×8 from the standard start.
    #[error("game {game}: WTHOR holds two-player 8x8 games from the standard start")]
    Rules {
        /// The game, from 1.
        game: usize,
    },
    /// A header board other than 8×8 and 10×10.
    #[error("a WTHOR header's board is 8x8 or 10x10, not {0}")]
    HeaderBoard(Board),
    /// A game under a 10×10 header: the writer writes 8×8 games only.
    #[error("game {game}: the header is 10x10, and the writer writes 8x8 games only")]
    Size10 {
        /// The game, from 1.
        game: usize,
    },
    /// A score beyond the board's 64 squares.
    #[error("game {game}: {which} score {score} is more than the board's 64 squares")]
    Score {
        /// The game, from 1.
        game: usize,
        /// `"Black's"` or `"the theoretical"`.
        which: &'static str,
        /// The score.
        score: u8,
    },
    /// A tag [`write_records`] takes a number from that holds none in range.
    #[error("game {game}: tag {tag} is {value:?}, not a number from 0 to {max}")]
    Tag {
        /// The game, from 1.
        game: usize,
        /// The tag's name.
        tag: &'static str,
        /// Its value.
        value: String,
        /// The largest number its field holds.
        max: u16,
    },
    /// A game for [`write_records`] with no `BlackScore` tag whose line does
    /// not end the game and whose result gives no scores.
    #[error(
        "game {game}: its line does not end the game and no result gives Black's discs; \
         set the tag BlackScore (WTHOR records a score)"
    )]
    NoScore {
        /// The game, from 1.
        game: usize,
    },
    /// More placements than the record's 60 move bytes.
    #[error("game {game}: {placements} placements, more than WTHOR's 60")]
    TooLong {
        /// The game, from 1.
        game: usize,
        /// Its number of placements.
        placements: usize,
    },
    /// More games than the header's count can say.
    #[error("more games than a WTHOR header can count")]
    TooMany,
    /// A name that a names file cannot hold.
    #[error("name number {number} {problem}")]
    Name {
        /// The name's number (from 0, as the games refer to it).
        number: usize,
        /// What is wrong with it.
        problem: NameProblem,
    },
    /// More names than a names file's header can count (65,535).
    #[error("{count} names, more than a WTHOR names file can count (65535)")]
    TooManyNames {
        /// How many names there were.
        count: usize,
    },
}

/// Why a names file cannot hold a name ([`WthorWriteError::Name`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NameProblem {
    /// A character beyond ISO 8859-1, or NUL, which ends a name in its field.
    #[error("has {0:?}: names are ISO 8859-1, one byte a character, without NUL")]
    Character(char),
    /// More characters than the field's bytes.
    #[error("is {bytes} bytes long, more than its field's {width}")]
    TooLong {
        /// Its length in bytes (ISO 8859-1: one a character).
        bytes: usize,
        /// The field's width: 20 for a player, 26 for a tournament.
        width: usize,
    },
}

/// Writes a WTHOR file: `header` (its game count replaced by the number of games)
/// and each game's record of 68 bytes: the numbers and scores of the
/// [`WthorGame`] fields, then the placements of the whole line of its game (the
/// passes left out, as WTHOR stores them). The tags are not written: the numbers
/// are the fields'.
///
/// A header board other than 8×8 and 10×10 is [`WthorWriteError::HeaderBoard`];
/// under a 10×10 header no game is written ([`WthorWriteError::Size10`]), and a
/// score above 64 is [`WthorWriteError::Score`]. A recorded score that differs
/// from the board's count is written as given: WTHOR files hold such games (a
/// game lost on time keeps its official score).
pub fn write(header: &Header, games: &[WthorGame]) -> Result<Vec<u8>, WthorWriteError> {
    check_header(header)?;
    let count = u32::try_from(games.len()).map_err(|_| WthorWriteError::TooMany)?;
    let mut out = Vec::with_capacity(HEADER + RECORD * games.len());
    out.extend_from_slice(&header.created);
    out.extend_from_slice(&count.to_le_bytes());
    out.extend_from_slice(&header.names.to_le_bytes());
    out.extend_from_slice(&header.year.to_le_bytes());
    out.push(match header.board {
        Board::Size10 => 10,
        _ => 8,
    });
    out.extend_from_slice(&[header.solitaire, header.theoretical_depth, header.reserved]);
    for (i, wthor) in games.iter().enumerate() {
        check_rules(&wthor.record, i + 1)?;
        if header.board != Board::Size8 {
            return Err(WthorWriteError::Size10 { game: i + 1 });
        }
        let game = wthor.record.game();
        for (which, score) in [
            ("Black's", wthor.black_score),
            ("the theoretical", wthor.theoretical_score),
        ] {
            if score > 64 {
                return Err(WthorWriteError::Score {
                    game: i + 1,
                    which,
                    score,
                });
            }
        }
        let placements: Vec<Square> = game
            .line()
            .iter()
            .filter_map(|ply| match ply.mv() {
                Move::Place(square) => Some(square),
                Move::Pass => None,
            })
            .collect();
        if placements.len() > RECORD - 8 {
            return Err(WthorWriteError::TooLong {
                game: i + 1,
                placements: placements.len(),
            });
        }
        out.extend_from_slice(&wthor.tournament.to_le_bytes());
        out.extend_from_slice(&wthor.black_player.to_le_bytes());
        out.extend_from_slice(&wthor.white_player.to_le_bytes());
        out.extend_from_slice(&[wthor.black_score, wthor.theoretical_score]);
        for k in 0..RECORD - 8 {
            out.push(
                placements
                    .get(k)
                    .map_or(0, |sq| 10 * (sq.row() + 1) + sq.column() + 1),
            );
        }
    }
    Ok(out)
}

/// Whether `header` is one WTHOR holds: 8×8 or 10×10
/// ([`WthorWriteError::HeaderBoard`]).
fn check_header(header: &Header) -> Result<(), WthorWriteError> {
    match header.board {
        Board::Size8 | Board::Size10 => Ok(()),
        board => Err(WthorWriteError::HeaderBoard(board)),
    }
}

/// Whether `record` is a game WTHOR holds: two players on 8×8 from the
/// standard start ([`WthorWriteError::Rules`], naming game `number`).
fn check_rules(record: &Record, number: usize) -> Result<(), WthorWriteError> {
    let game = record.game();
    let standard = Rules::builder(Board::Size8)
        .build()
        .expect("the standard 8x8 rules");
    if *game.rules() != standard
        || *game.start_position() != crate::position::AnyPosition::start(&standard)
    {
        return Err(WthorWriteError::Rules { game: number });
    }
    Ok(())
}

/// Writes a WTHOR file of `records` as [`write()`] does, each game's numbers
/// from its tags, as [`Database::games`] sets them: `Tournament`, `BlackPlayer`
/// and `WhitePlayer` (0 to 65535; 0 without the tag), `BlackScore` (0 to 64;
/// without it, the official count where the line ends the game, else Black's
/// discs in the result given) and `TheoreticalScore` (0 to 64; Black's score
/// without it: WTHOR has no "unknown"). A number is decimal digits alone. The
/// header's year stands for every game's `Date`; names are not written (they go
/// in the names files, [`Names::new_players`]). A game WTHOR cannot hold is
/// refused before its tags are looked at.
///
/// ```
/// use reversi::text::record::Record;
/// use reversi::text::wthor::{write_records, Database, Header};
/// use reversi::{Game, Rules};
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let mut game = Game::new(Rules::default());
/// game.play_moves("f5 d6 c3 d3 c4 f4 f6 f3 e6 e7")?;
/// let mut record = Record::new(game);
/// record.set_result("white 20-44 by resignation")?;
/// record.set_tag("BlackPlayer", "3")?;
/// // 8x8; the writer counts the games.
/// let header = Header { year: 2026, created: [20, 26, 12, 3], ..Header::default() };
/// let bytes = write_records(&header, [&record])?;
/// let read = Database::parse(&bytes)?.game(0)?;
/// assert_eq!((read.black_player, read.black_score, read.theoretical_score), (3, 20, 20));
/// # Ok(())
/// # }
/// ```
pub fn write_records<'a>(
    header: &Header,
    records: impl IntoIterator<Item = &'a Record>,
) -> Result<Vec<u8>, WthorWriteError> {
    check_header(header)?;
    let mut games = Vec::new();
    for (i, record) in records.into_iter().enumerate() {
        let game = i + 1;
        check_rules(record, game)?;
        let number = |tag: &'static str, max: u16| -> Result<Option<u16>, WthorWriteError> {
            let Some(value) = record.tag(tag) else {
                return Ok(None);
            };
            let digits = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
            match value.parse::<u16>() {
                Ok(n) if digits && n <= max => Ok(Some(n)),
                _ => Err(WthorWriteError::Tag {
                    game,
                    tag,
                    value: String::from(value),
                    max,
                }),
            }
        };
        let black_score = match number("BlackScore", 64)? {
            Some(score) => score as u8,
            None => {
                let mut end = record.game().clone();
                end.go_to_end();
                let score = if end.is_over() {
                    Some(official_black_score(&end))
                } else {
                    record
                        .result()
                        .and_then(|r| r.scores)
                        .map(|s| s.get(Color::Black))
                };
                score
                    .and_then(|s| u8::try_from(s).ok())
                    .ok_or(WthorWriteError::NoScore { game })?
            }
        };
        games.push(WthorGame {
            tournament: number("Tournament", u16::MAX)?.unwrap_or(0),
            black_player: number("BlackPlayer", u16::MAX)?.unwrap_or(0),
            white_player: number("WhitePlayer", u16::MAX)?.unwrap_or(0),
            black_score,
            theoretical_score: number("TheoreticalScore", 64)?.map_or(black_score, |n| n as u8),
            record: record.clone(),
        });
    }
    write(header, &games)
}
