//! WTHOR databases (`.wtb`), the French Othello Federation's archive format (read
//! only).
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

/// The header of a WTHOR file.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Header {
    /// The number of games the header announces.
    pub games: u32,
    /// The year of the games.
    pub year: u16,
    /// The board.
    pub board: Board,
    /// The depth of the theoretical scores.
    pub theoretical_depth: u8,
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
    /// `BlackScore` and `TheoreticalScore` tags; a game that stopped before its
    /// end has the recorded score as its result (Black's score, White the rest of
    /// the board's squares, [`Ending::Unstated`]).
    pub record: Record,
}

impl WthorGame {
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
                games: u32::from_le_bytes([header[4], header[5], header[6], header[7]]),
                year: u16::from_le_bytes([header[10], header[11]]),
                board,
                theoretical_depth: header[14],
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
    /// [`WthorError::Truncated`].
    pub fn games(&self) -> impl Iterator<Item = Result<WthorGame, WthorError>> + '_ {
        let announced = self.header.games as usize;
        // Whole records present, plus the first missing one when the file is short.
        let present = self.records.len() / RECORD;
        (0..announced.min(present + 1)).map(move |i| self.game(i))
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
