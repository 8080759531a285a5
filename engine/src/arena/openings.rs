//! Balanced 8×8 openings, so that two strong players meet on even ground
//! rather than in a lopsided start that decides the game before they play.
//!
//! An opening is a line of moves from the start of standard 8×8 Reversi
//! whose position is worth little to either side: its value by a search
//! several plies deep on the built-in [pattern
//! evaluation](crate::search::patterns) lies within a disc or two, and no two
//! openings of a set reach the same position or mirror images of it.
//! [`balanced`] is the set shipped with the crate, which the arena plays by
//! default on standard 8×8 ([`Openings::Balanced`](super::Openings::Balanced));
//! the `openings` example makes it again, with [`generate`]:
//!
//! ```text
//! cargo run --release -p reversi-engine --example openings -- --out engine/data/openings-8x8.txt
//! ```
//!
//! ```
//! use reversi_engine::arena::openings;
//!
//! let set = openings::balanced();
//! assert!(set.len() >= 100);
//! let first = &set[0];
//! assert!(first.value.abs() <= 2.0);
//! let game = first.game();
//! assert_eq!(game.move_count(), 8);
//! ```

use std::collections::HashSet;
use std::sync::OnceLock;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use reversi::text::movelist::MoveListError;
use reversi::{Game, Move, Rules, Symmetric, TwoPlayer8};

use crate::parallel::in_threads;
use crate::search::alphabeta::Searcher;
use crate::search::learn::searched_discs;
use crate::search::patterns::Patterns;

/// A line of moves from the start of standard 8×8 Reversi, with its value.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    /// The moves, from the start (no passes: a pass this early ends the
    /// opening's draw).
    pub moves: Vec<Move>,
    /// The value for the player to move after them (Black, after an even
    /// number of moves), in discs, by the search that chose the opening.
    pub value: f64,
}

impl Opening {
    /// The game after the opening's moves, under standard rules.
    pub fn game(&self) -> Game {
        let mut game = Game::new(Rules::default());
        for &mv in &self.moves {
            game.play(mv)
                .expect("an opening's moves were checked when it was read");
        }
        game
    }
}

/// How [`generate`] makes a set of openings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Generation {
    /// Openings to make.
    pub count: usize,
    /// Random moves from the start (uniform among the legal moves).
    pub plies: u32,
    /// The depth of the search that values each position.
    pub depth: u32,
    /// The greatest value, either way, of an opening kept, in discs.
    pub max_discs: f64,
    /// Seeds the random lines: line `k` draws from `seed + k`.
    pub seed: u64,
    /// Threads that search (the set is the same for any number).
    pub threads: usize,
}

impl Default for Generation {
    /// How the shipped set was made: 500 openings of 8 random moves, valued
    /// by a search 10 plies deep, within 2 discs, seed 1, one thread.
    fn default() -> Generation {
        Generation {
            count: 500,
            plies: 8,
            depth: 10,
            max_discs: 2.0,
            seed: 1,
            threads: 1,
        }
    }
}

/// Makes a set of balanced openings: random lines of
/// [`plies`](Generation::plies) moves from the start, each drawn from its own
/// seed, leaving out a line that passes or reaches a position already drawn
/// (or a mirror image of one); each position valued by a search
/// [`depth`](Generation::depth) plies deep on the built-in patterns, from an
/// empty table; the first [`count`](Generation::count) lines whose value is
/// within [`max_discs`](Generation::max_discs), in the order drawn. Fewer
/// when 100 lines an opening asked for are drawn first (too many plies for a
/// game, too few for distinct positions, too narrow a value). The same
/// settings make the same set whatever the number of threads. `progress`
/// hears each line searched, with whether it was kept.
pub fn generate(settings: &Generation, progress: impl Fn(bool) + Sync) -> Vec<Opening> {
    let start = Game::new(Rules::default());
    let lines = 100 * settings.count as u64;
    let mut seen = HashSet::new();
    let mut kept = Vec::new();
    let mut line = 0u64;
    // One line a thread at a time: few searched beyond the last one kept.
    let batch = settings.threads.max(1);
    while kept.len() < settings.count && line < lines {
        // The next lines to value, in the order drawn.
        let mut drawn = Vec::with_capacity(batch);
        while drawn.len() < batch && line < lines {
            let seed = settings.seed.wrapping_add(line);
            line += 1;
            if let Some(game) = random_line(&start, settings.plies, seed) {
                let (canonical, _) = game.position().canonical();
                if seen.insert(canonical) {
                    drawn.push(game);
                }
            }
        }
        let searcher = || Searcher::new(Patterns::builtin()).with_table_bits(20);
        let values = in_threads(drawn.len(), settings.threads, searcher, |searcher, i| {
            let pos = TwoPlayer8::try_from(*drawn[i].position())
                .expect("standard Reversi is of two players on the 8x8 grid");
            let value = searched_discs(searcher, &pos, settings.depth);
            progress(value.is_some_and(|v| v.abs() <= settings.max_discs));
            value
        });
        for (game, value) in drawn.iter().zip(values) {
            match value {
                Some(value) if value.abs() <= settings.max_discs => kept.push(Opening {
                    moves: game.moves().collect(),
                    value,
                }),
                _ => {}
            }
        }
    }
    kept.truncate(settings.count);
    kept
}

/// `plies` random moves from `start` drawn from `seed`, or `None` when the
/// game would pass or end first.
fn random_line(start: &Game, plies: u32, seed: u64) -> Option<Game> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut game = start.clone();
    for _ in 0..plies {
        let moves = game.legal_moves();
        let nth = rng.next_u64() % moves.len().max(1) as u64;
        let square = moves.iter().nth(nth as usize)?;
        game.play(square).ok()?;
    }
    Some(game)
}

/// A set of openings as text: a line for each, its moves run together and
/// its value with two decimals (`f5d6c3d3c4f4c5b3 +0.52`). [`parse`] reads it
/// back; lines starting with `#` are comments.
pub fn write(openings: &[Opening]) -> String {
    openings
        .iter()
        .map(|o| {
            let moves: String = o.moves.iter().map(|m| m.to_string()).collect();
            format!("{moves} {:+.2}\n", o.value)
        })
        .collect()
}

/// Text that is not a set of openings: the line (from 1) and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningsError {
    /// A line without its moves and its value.
    #[error("line {line}: expected moves and a value, as `f5d6c3d3 +0.52`")]
    Form {
        /// The line, from 1.
        line: usize,
    },
    /// The moves do not read or are not legal from the start.
    #[error("line {line}: {error}")]
    Moves {
        /// The line, from 1.
        line: usize,
        /// Which move and why.
        error: MoveListError,
    },
    /// The value is not a number.
    #[error("line {line}: {value:?} is not a value in discs")]
    Value {
        /// The line, from 1.
        line: usize,
        /// The text in its place.
        value: String,
    },
    /// The moves pass.
    #[error("line {line}: an opening does not pass")]
    Pass {
        /// The line, from 1.
        line: usize,
    },
}

/// Reads a set of openings that [`write()`] wrote (comments and blank lines
/// skipped), each line's moves checked from the start of standard Reversi.
pub fn parse(text: &str) -> Result<Vec<Opening>, OpeningsError> {
    let mut openings = Vec::new();
    for (i, row) in text.lines().enumerate() {
        let line = i + 1;
        let row = row.trim();
        if row.is_empty() || row.starts_with('#') {
            continue;
        }
        let (moves, value) = match row.split_whitespace().collect::<Vec<_>>()[..] {
            [moves, value] => (moves, value),
            _ => return Err(OpeningsError::Form { line }),
        };
        let mut game = Game::new(Rules::default());
        game.play_moves(moves)
            .map_err(|error| OpeningsError::Moves { line, error })?;
        if game.moves().any(|m| m == Move::Pass) {
            return Err(OpeningsError::Pass { line });
        }
        let value = value
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| OpeningsError::Value {
                line,
                value: value.to_string(),
            })?;
        openings.push(Opening {
            moves: game.moves().collect(),
            value,
        });
    }
    Ok(openings)
}

/// The set shipped with the crate (`engine/data/openings-8x8.txt`): 500
/// openings of 8 moves, each within 2 discs by a search 10 plies deep, made
/// with [`Generation::default`].
pub fn balanced() -> &'static [Opening] {
    static CELL: OnceLock<Vec<Opening>> = OnceLock::new();
    CELL.get_or_init(|| {
        parse(include_str!("../../data/openings-8x8.txt")).expect("the shipped openings read")
    })
}
