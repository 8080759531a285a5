//! Move lists: moves as square names or passes, separated by white space or run
//! together (`f5d6c3`, `a10b3` on 10×10), as [RULES.md §10](crate::rules_doc) describes.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write;

use crate::game::{Game, Ply};
use crate::moves::{Move, PlayError};
use crate::position::AnyPosition;
use crate::square::Square;
use crate::square::SquareSet;

/// What is wrong with one move of a move list.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum MoveErrorKind {
    /// The text is not a square name or a pass: the rest of the word, from where
    /// the reading stopped.
    #[error("{0:?} is not a square (a-j and 1-10) or a pass")]
    Square(String),
    /// The move is not legal where it stands: which rule it broke.
    #[error(transparent)]
    Illegal(PlayError),
}

/// A move list that cannot be read or played: which move (its number in the
/// list, from 1), where it stands (character column, from 1) and why.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("column {column}: move {number}: {kind}")]
pub struct MoveListError {
    /// The number of the move in the list, from 1 (implied passes not counted).
    pub number: usize,
    /// The character column of the move in the text, from 1.
    pub column: usize,
    /// Why.
    pub kind: MoveErrorKind,
}

/// Reads a move list without playing it: each move with its character column.
/// Passes are `pass`, `PA`, `PS` or `--` (any case) standing alone.
///
/// ```
/// use reversi::{text::movelist::parse_moves, Move};
/// let moves = parse_moves("f5d6 PA a10")?;
/// assert_eq!(moves.iter().map(|(m, _)| m.to_string()).collect::<Vec<_>>(), ["f5", "d6", "pass", "a10"]);
/// # Ok::<_, reversi::text::movelist::MoveListError>(())
/// ```
pub fn parse_moves(text: &str) -> Result<Vec<(Move, usize)>, MoveListError> {
    let mut moves = Vec::new();
    let mut rest = text;
    let mut offset = 0;
    loop {
        let trimmed = rest.trim_start();
        offset += rest.len() - trimmed.len();
        rest = trimmed;
        if rest.is_empty() {
            return Ok(moves);
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let token = &rest[..end];
        let column = |at: usize| text[..at].chars().count() + 1;
        if let Ok(Move::Pass) = token.parse::<Move>() {
            moves.push((Move::Pass, column(offset)));
        } else {
            let mut at = 0;
            while at < token.len() {
                match Square::parse_prefix(&token[at..]) {
                    Ok((square, len)) => {
                        moves.push((Move::Place(square), column(offset + at)));
                        at += len;
                    }
                    Err(_) => {
                        return Err(MoveListError {
                            number: moves.len() + 1,
                            column: column(offset + at),
                            kind: MoveErrorKind::Square(token[at..].to_string()),
                        })
                    }
                }
            }
        }
        offset += end;
        rest = &rest[end..];
    }
}

impl Game {
    /// The plies of `mv` from `position`, first a pass when the move is a disc and
    /// the player to move must pass (archives leave such passes out).
    pub(crate) fn implied_plies(
        position: &AnyPosition,
        mv: Move,
    ) -> Result<([Option<Ply>; 2], AnyPosition), PlayError> {
        if matches!(mv, Move::Place(_)) && position.must_pass() {
            let pass = Game::ply(position, Move::Pass)?;
            let ply = Game::ply(pass.after(), mv)?;
            let after = *ply.after();
            return Ok(([Some(pass), Some(ply)], after));
        }
        let ply = Game::ply(position, mv)?;
        let after = *ply.after();
        Ok(([Some(ply), None], after))
    }

    /// Plays a move, first passing when the move is a disc and the player to move
    /// must pass (archives leave such passes out), and returns the discs it
    /// flipped. Refused with the game unchanged, redo list included.
    pub fn play_implied(&mut self, mv: Move) -> Result<SquareSet, PlayError> {
        let (plies, _) = Game::implied_plies(self.position(), mv)?;
        let flips = plies
            .iter()
            .flatten()
            .last()
            .map_or(SquareSet::EMPTY, Ply::flips);
        self.extend(plies.into_iter().flatten());
        Ok(flips)
    }

    /// Reads and plays a move list (passes may be left out). All or nothing: on an
    /// error the game is as it was, redo list included.
    ///
    /// ```
    /// use reversi::{Game, Rules};
    /// let mut game = Game::new(Rules::default());
    /// game.play_moves("f5 d6 c3d3c4")?;
    /// assert_eq!(game.move_list(), "f5 d6 c3 d3 c4");
    /// let err = game.play_moves("f4 a1").unwrap_err();
    /// assert_eq!(err.to_string(), "column 4: move 2: a1 flips nothing");
    /// assert_eq!(game.move_count(), 5);
    /// # Ok::<_, reversi::text::movelist::MoveListError>(())
    /// ```
    pub fn play_moves(&mut self, text: &str) -> Result<(), MoveListError> {
        let moves = parse_moves(text)?;
        let plies = self
            .plies_of(moves.iter().map(|&(mv, _)| mv))
            .map_err(|(i, e)| MoveListError {
                number: i + 1,
                column: moves[i].1,
                kind: MoveErrorKind::Illegal(e),
            })?;
        self.extend(plies);
        Ok(())
    }

    /// The plies of `moves` from the current position (implied passes supplied),
    /// or the index of the first move refused and why.
    pub(crate) fn plies_of(
        &self,
        moves: impl IntoIterator<Item = Move>,
    ) -> Result<Vec<Ply>, (usize, PlayError)> {
        let mut plies = Vec::new();
        let mut position = *self.position();
        for (i, mv) in moves.into_iter().enumerate() {
            let (new, after) = Game::implied_plies(&position, mv).map_err(|e| (i, e))?;
            plies.extend(new.into_iter().flatten());
            position = after;
        }
        Ok(plies)
    }

    /// The moves played, separated by single spaces, passes written `pass`.
    pub fn move_list(&self) -> String {
        let mut text = String::new();
        for (i, mv) in self.moves().enumerate() {
            if i > 0 {
                text.push(' ');
            }
            let _ = write!(text, "{mv}");
        }
        text
    }
}
