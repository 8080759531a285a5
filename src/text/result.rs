//! The result of a game, typed: who won (or a draw), the scores if known, and how
//! the game ended: on the board, by resignation, on time, by agreement, or stopped
//! for a reason not given.
//!
//! A record's `Result` tag writes it as the outcome word (`draw`, or the winner's
//! colour in lower case), then the scores in turn order if known, then the reason:
//!
//! | `Result` tag | meaning |
//! |---|---|
//! | `*` | not over, no result (`Option::None`) |
//! | `black 33-31` | over on the board ([`Ending::Board`] once the replay ends; a game stopped early with no reason is [`Ending::Unstated`]) |
//! | `white by resignation` | the other players resigned ([`Ending::Resignation`]) |
//! | `black on time` | the other player ran out of time ([`Ending::Time`]) |
//! | `draw by agreement`, `black 40-24 by agreement` | agreed by the players ([`Ending::Agreement`]) |
//!
//! Scores are also read as `B=33 W=31`. GGF maps these as its `RE` property does:
//! Black's disc difference, with `:r`, `:t` or `:s` for resignation, time and an
//! agreed score ([`ggf`](crate::text::ggf)).
//!
//! ```
//! use reversi::text::result::{Ending, GameResult};
//! use reversi::{Color, Outcome};
//! let result: GameResult = "white by resignation".parse()?;
//! assert_eq!(result.outcome, Outcome::Win(Color::White));
//! assert_eq!(result.ending, Ending::Resignation);
//! assert_eq!(result.to_string(), "white by resignation");
//! assert!("foo".parse::<GameResult>().is_err());
//! # Ok::<_, reversi::text::result::ResultError>(())
//! ```

use alloc::string::{String, ToString};
use core::fmt;
use core::str::FromStr;

use crate::color::Color;
use crate::game::Game;
use crate::outcome::{Outcome, Scores};

/// How a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Ending {
    /// Over on the board: nobody can move. Written with no reason; a record reads it
    /// back from the replay.
    Board,
    /// The other players resigned.
    Resignation,
    /// The other player ran out of time.
    Time,
    /// The players agreed on the result.
    Agreement,
    /// Stopped before the end for a reason the record does not give (an
    /// adjudication, an archive that keeps only the winner).
    Unstated,
}

impl Ending {
    /// The words a `Result` tag writes after the outcome (empty for
    /// [`Board`](Ending::Board) and [`Unstated`](Ending::Unstated)).
    pub fn words(self) -> &'static str {
        match self {
            Ending::Board | Ending::Unstated => "",
            Ending::Resignation => "by resignation",
            Ending::Time => "on time",
            Ending::Agreement => "by agreement",
        }
    }
}

/// The result of a game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct GameResult {
    /// Who won, or a draw.
    pub outcome: Outcome,
    /// Each player's discs, when the result gives them.
    pub scores: Option<Scores>,
    /// How the game ended.
    pub ending: Ending,
}

/// A result that cannot be read, or that does not fit the game.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ResultError {
    /// Not a result: the text read.
    #[error("{0:?} is not draw or a colour, then optional scores and by resignation, on time or by agreement, or *")]
    Syntax(String),
    /// The winner is a colour not in play.
    #[error("{color} is not in a {players}-player game")]
    ColorNotInPlay {
        /// The colour named.
        color: Color,
        /// The number of players.
        players: u8,
    },
    /// Scores for a different number of players.
    #[error("{found} scores for a {players}-player game")]
    ScoreCount {
        /// The number of scores given.
        found: usize,
        /// The number of players.
        players: u8,
    },
    /// A draw by resignation or on time.
    #[error("a draw cannot end {}", .0.words())]
    Draw(Ending),
    /// Scores that do not make the outcome given.
    #[error("the scores {scores} do not make the outcome {outcome}")]
    ScoresDisagree {
        /// The scores.
        scores: Scores,
        /// The outcome given.
        outcome: Outcome,
    },
    /// Scores with more discs in all than the board has squares to hold them.
    #[error("the scores {scores} count {discs} discs, but the board holds {squares}")]
    TooManyDiscs {
        /// The scores.
        scores: Scores,
        /// Their sum.
        discs: u64,
        /// The squares of the board, less the blocked ones.
        squares: u32,
    },
    /// A margin that cannot go with the stated result
    /// ([`Record::set_stated_margin`](crate::text::record::Record::set_stated_margin)).
    #[error("a margin of {margin}: {reason}")]
    Margin {
        /// Black's disc difference given.
        margin: i64,
        /// Why it cannot be kept.
        reason: &'static str,
    },
    /// A game over on the board has the board's result; this one is different.
    #[error("{given:?}, but the game ended {board:?}")]
    Contradicts {
        /// The result given.
        given: String,
        /// The result on the board.
        board: String,
    },
    /// [`Ending::Board`] for a game that is not over.
    #[error("{0:?} says the game is over on the board, but it is not")]
    NotOver(String),
}

impl GameResult {
    /// The result of a game whose line ends over on the board, with its scores
    /// (wherever the game stands on its line: the result is the whole game's);
    /// `None` when the line stops before the end.
    pub fn of_board(game: &Game) -> Option<GameResult> {
        let end = game.line_end();
        Some(GameResult {
            outcome: end.outcome()?,
            scores: Some(end.scores()),
            ending: Ending::Board,
        })
    }

    /// Checks that this result fits `game`: the winner in play, scores for its
    /// players that make the outcome and fit on the board, no draw by resignation or on time; for a
    /// game over on the board, the board's own result (with no other reason); for
    /// a game not over, a reason other than [`Ending::Board`].
    pub fn check(&self, game: &Game) -> Result<(), ResultError> {
        let players = game.rules().players();
        if let Outcome::Win(color) = self.outcome
            && color.index() >= players as usize
        {
            return Err(ResultError::ColorNotInPlay { color, players });
        }
        if let Some(board) = GameResult::of_board(game) {
            let agrees = matches!(self.ending, Ending::Board | Ending::Unstated)
                && self.outcome == board.outcome
                && self.scores.is_none_or(|s| Some(s) == board.scores);
            if !agrees {
                return Err(ResultError::Contradicts {
                    given: self.to_string(),
                    board: board.to_string(),
                });
            }
            return Ok(());
        }
        if self.ending == Ending::Board {
            return Err(ResultError::NotOver(self.to_string()));
        }
        if self.outcome == Outcome::Draw
            && matches!(self.ending, Ending::Resignation | Ending::Time)
        {
            return Err(ResultError::Draw(self.ending));
        }
        if let Some(scores) = self.scores {
            let found = scores.iter().count();
            if found != players as usize {
                return Err(ResultError::ScoreCount { found, players });
            }
            // Added as u64: four u32 scores cannot overflow it.
            let discs: u64 = scores.iter().map(|(_, count)| u64::from(count)).sum();
            let rules = game.rules();
            let squares = rules.board().square_count() - rules.blocked().len();
            let squares = u32::try_from(squares).unwrap_or(u32::MAX);
            if discs > u64::from(squares) {
                return Err(ResultError::TooManyDiscs {
                    scores,
                    discs,
                    squares,
                });
            }
            // Agreed or adjudicated scores need not be the board's, but they make
            // the outcome they come with.
            if Outcome::from_scores(&scores, game.rules().anti()) != self.outcome {
                return Err(ResultError::ScoresDisagree {
                    scores,
                    outcome: self.outcome,
                });
            }
        }
        Ok(())
    }

    /// Reads a `Result` tag: `None` for `*`.
    pub fn parse_tag(text: &str) -> Result<Option<GameResult>, ResultError> {
        if text.trim() == "*" {
            return Ok(None);
        }
        text.parse().map(Some)
    }
}

impl FromStr for GameResult {
    type Err = ResultError;

    /// Reads the text of a `Result` tag other than `*` (see the module
    /// documentation); the reason-less form reads as [`Ending::Unstated`].
    fn from_str(text: &str) -> Result<GameResult, ResultError> {
        let syntax = || ResultError::Syntax(text.to_string());
        let mut words: alloc::vec::Vec<&str> = text.split_whitespace().collect();
        let ending = match words.as_slice() {
            [.., "by", "resignation"] => Ending::Resignation,
            [.., "on", "time"] => Ending::Time,
            [.., "by", "agreement"] => Ending::Agreement,
            _ => Ending::Unstated,
        };
        if ending != Ending::Unstated {
            words.truncate(words.len() - 2);
        }
        let (&word, scores) = words.split_first().ok_or_else(syntax)?;
        let outcome = match word {
            "draw" => Outcome::Draw,
            _ => Outcome::Win(Color::from_name(word).ok_or_else(syntax)?),
        };
        let mut counts = [0u32; 4];
        let players = match scores {
            [] => None,
            [dashed] => {
                let mut n = 0;
                for part in dashed.split('-') {
                    *counts.get_mut(n).ok_or_else(syntax)? = part.parse().map_err(|_| syntax())?;
                    n += 1;
                }
                Some(n)
            }
            pairs => {
                for (i, pair) in pairs.iter().enumerate() {
                    let (letter, n) = pair.split_once('=').ok_or_else(syntax)?;
                    let mut letters = letter.chars();
                    let color = letters.next().and_then(Color::from_letter);
                    if color.map(Color::index) != Some(i) || letters.next().is_some() || i >= 4 {
                        return Err(syntax());
                    }
                    counts[i] = n.parse().map_err(|_| syntax())?;
                }
                Some(pairs.len())
            }
        };
        let scores = match players {
            None => None,
            Some(n @ 2..=4) => Some(Scores::new(counts, n as u8)),
            Some(_) => return Err(syntax()),
        };
        Ok(GameResult {
            outcome,
            scores,
            ending,
        })
    }
}

impl fmt::Display for GameResult {
    /// The `Result` tag's text: `black 33-31`, `white by resignation`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.outcome.word())?;
        if let Some(scores) = self.scores {
            for (i, (_, n)) in scores.iter().enumerate() {
                write!(f, "{}{n}", if i == 0 { ' ' } else { '-' })?;
            }
        }
        if !self.ending.words().is_empty() {
            write!(f, " {}", self.ending.words())?;
        }
        Ok(())
    }
}
