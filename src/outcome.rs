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
