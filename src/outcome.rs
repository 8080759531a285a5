//! Scores and the outcome of a finished game.

use core::fmt;

use crate::color::Color;

/// The end of a game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// The colour won: the most discs (the fewest in Anti-Reversi), alone.
    Win(Color),
    /// Two or more players share the winning score: a draw for the whole table.
    Draw,
}

impl Outcome {
    /// The outcome of final `scores`: the best score wins alone, or it is a draw.
    pub fn from_scores(scores: &Scores, anti: bool) -> Outcome {
        let counts = scores.iter().map(|(_, n)| n);
        let best = if anti { counts.min() } else { counts.max() };
        let mut best_colors = scores.iter().filter(|&(_, n)| Some(n) == best);
        match (best_colors.next(), best_colors.next()) {
            (Some((color, _)), None) => Outcome::Win(color),
            _ => Outcome::Draw,
        }
    }

    /// The word records and tools print: the winner's colour, or `draw`.
    pub fn word(&self) -> &'static str {
        match self {
            Outcome::Win(c) => c.name(),
            Outcome::Draw => "draw",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Each colour's disc count (its score), for the colours in play.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Scores {
    counts: [u32; 4],
    players: u8,
}

impl Scores {
    /// Scores from each colour's count (indexed by [`Color::index`]) with
    /// `players` players.
    pub(crate) fn new(counts: [u32; 4], players: u8) -> Scores {
        Scores { counts, players }
    }

    /// These scores with `empties` empty squares counted for the winner under
    /// `anti` (the FFO and WTHOR convention): all of them to a lone winner, shared
    /// out evenly between the colours of a draw (the remainder to nobody: a 2-player
    /// draw with 2 empties on 8×8 is 32–32).
    ///
    /// ```
    /// use reversi::{AnyPosition, Color, Game, Position, TwoPlayer8};
    /// // White wiped out with 59 empty squares left.
    /// let game = Game::from_position_str(
    ///     "--------/--------/--------/---BBB--/---BBB--/---B----/--------/-------- W", 2, false)?;
    /// let pos = TwoPlayer8::try_from(*game.position()).unwrap();
    /// let scores = pos.final_scores();
    /// assert_eq!((scores.get(Color::Black), scores.get(Color::White)), (64, 0));
    /// assert_eq!(game.position().final_scores(), scores);
    /// # Ok::<_, reversi::PositionError>(())
    /// ```
    pub fn with_empties_to_winner(&self, empties: u32, anti: bool) -> Scores {
        let mut counts = self.counts;
        match Outcome::from_scores(self, anti) {
            Outcome::Win(color) => counts[color.index()] += empties,
            Outcome::Draw => {
                let counts_now = self.iter().map(|(_, n)| n);
                let best = if anti {
                    counts_now.min()
                } else {
                    counts_now.max()
                };
                let tied = || self.iter().filter(move |&(_, n)| Some(n) == best);
                let share = empties / tied().count().max(1) as u32;
                for (color, _) in tied() {
                    counts[color.index()] += share;
                }
            }
        }
        Scores::new(counts, self.players)
    }

    /// The score of `color` (0 for a colour not in play).
    pub fn get(&self, color: Color) -> u32 {
        self.counts[color.index()]
    }

    /// The colours in play with their scores, in turn order.
    pub fn iter(&self) -> impl Iterator<Item = (Color, u32)> + '_ {
        Color::in_play(self.players)
            .iter()
            .map(|&c| (c, self.counts[c.index()]))
    }
}

impl fmt::Display for Scores {
    /// `B=33 W=31` (and `R=…`, `G=…` with more players).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (c, n)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}={n}", c.letter())?;
        }
        Ok(())
    }
}
