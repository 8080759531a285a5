//! Samples to learn the [pattern evaluation](super::patterns) from: positions of
//! games, and positions a few random moves off them, solved exactly, with the
//! positions along each principal variation; and a file format to keep them.
//!
//! For each game and each of 12, 14, 16 and 18 empty squares: the game's
//! position with that many empties, and one reached by two random moves from
//! the game's position two plies earlier; and every fourth game's position with
//! 20 empties. Each is solved with its principal variation, and every position
//! along the variation with 10 or more empties is a sample with the solved
//! score (negated at each change of side). The solver orders its moves without
//! the learned evaluation, so the samples do not depend on the weights being
//! learned; each game's random moves come from its own seed, so the samples are
//! the same whatever the number of threads.
//!
//! ```
//! use reversi::{AnyPosition, Position, Rules, TwoPlayer8};
//! use reversi_engine::search::learn;
//!
//! // A game's positions (here: always the first legal move), from 14 empties on.
//! let mut pos = TwoPlayer8::try_from(AnyPosition::start(&Rules::default()))?;
//! let mut line = Vec::new();
//! loop {
//!     line.push(pos);
//!     if let Some(m) = pos.legal_moves().first() {
//!         pos = pos.play_unchecked(m);
//!     } else if !pos.pass_unchecked().legal_moves().is_empty() {
//!         pos = pos.pass_unchecked();
//!     } else {
//!         break;
//!     }
//! }
//! line.retain(|p| p.empty().len() <= 14);
//! let samples = learn::samples(&[line], 1, |_| {});
//! assert!(!samples.is_empty());
//! assert!(samples.iter().all(|s| s.position.empty().len() >= 10));
//! let bytes = learn::write_samples(&samples);
//! // Read back with Black to move: the same discs for the mover and the same scores.
//! let back = learn::read_samples(&bytes)?;
//! let key = |s: &learn::Sample| (s.position.mine(), s.position.theirs(), s.score);
//! assert_eq!(back.iter().map(key).collect::<Vec<_>>(), samples.iter().map(key).collect::<Vec<_>>());
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashSet;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use reversi::{Bitboard, Board, Color, Position, Spot, TwoPlayer8};

pub use super::patterns::Sample;
use crate::solver::Solver;

/// The empty-square counts at which positions are taken from each game.
const EMPTIES: [u32; 4] = [12, 14, 16, 18];

/// Every `DEEP_EVERY`-th game gives its position with `DEEP` empties too.
const DEEP_EVERY: usize = 4;
const DEEP: u32 = 20;

/// Positions with fewer empties are not samples.
const FEWEST_EMPTIES: u32 = 10;

/// The samples of the games whose positions are `lines` (each game's positions
/// in order: for a [`reversi::Game`], the position before each ply of its
/// [`line`](reversi::Game::line), converted with `TwoPlayer8::try_from(*ply.before())`;
/// the final position adds nothing, as it has no move), each position once,
/// solved by `threads` threads (at least one); `progress` hears the number of
/// each game one thread has just finished.
pub fn samples(
    lines: &[Vec<TwoPlayer8>],
    threads: usize,
    progress: impl Fn(usize) + Sync,
) -> Vec<Sample> {
    let threads = threads.max(1);
    let progress = &progress;
    let per_game: Vec<Vec<Sample>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|w| {
                scope.spawn(move || {
                    let mut solver = Solver::with_table_bits(20);
                    solver
                        .set_principal_variation(true)
                        .set_learned_ordering(false);
                    let mut out = Vec::new();
                    for g in (w..lines.len()).step_by(threads) {
                        out.push((g, game_samples(&mut solver, &lines[g], g)));
                        progress(g);
                    }
                    out
                })
            })
            .collect();
        let mut all: Vec<(usize, Vec<Sample>)> = workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect();
        all.sort_by_key(|(g, _)| *g);
        all.into_iter().map(|(_, s)| s).collect()
    });
    let mut seen = HashSet::new();
    per_game
        .into_iter()
        .flatten()
        .filter(|s| seen.insert((s.position.mine(), s.position.theirs())))
        .collect()
}

/// The samples of game number `g`, whose positions are `line`.
fn game_samples(solver: &mut Solver, line: &[TwoPlayer8], g: usize) -> Vec<Sample> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2026 + g as u64);
    let at = |e: u32| line.iter().find(|p| p.empty().len() as u32 == e);
    let mut samples = Vec::new();
    for e in EMPTIES {
        let mut starts: Vec<TwoPlayer8> = at(e).into_iter().copied().collect();
        if let Some(mut pos) = at(e + 2).copied() {
            for _ in 0..2 {
                let moves = pos.legal_moves();
                let k = rng.next_u64() % moves.len().max(1) as u64;
                let Some(m) = moves.into_iter().nth(k as usize) else {
                    break;
                };
                pos = pos.play_unchecked(m);
            }
            starts.push(pos);
        }
        for pos in starts {
            solved_line(solver, pos, &mut samples);
        }
    }
    if g.is_multiple_of(DEEP_EVERY) {
        if let Some(&pos) = at(DEEP) {
            solved_line(solver, pos, &mut samples);
        }
    }
    samples
}

/// Solves `pos` and adds the positions of its principal variation (from
/// [`FEWEST_EMPTIES`] empties up) with their scores.
fn solved_line(solver: &mut Solver, mut pos: TwoPlayer8, samples: &mut Vec<Sample>) {
    let solution = solver.solve(&pos);
    let mut score = solution.score;
    let mut pv = solution.pv.iter();
    while pos.empty().len() as u32 >= FEWEST_EMPTIES {
        if pos.legal_moves().is_empty() {
            if pos.pass_unchecked().legal_moves().is_empty() {
                return;
            }
            pos = pos.pass_unchecked();
            score = -score;
        }
        samples.push(Sample {
            position: pos,
            score,
        });
        // The line's passes are the ones just made above.
        let Some(spot) = pv.find_map(|&mv| mv.square().and_then(Spot::from_square)) else {
            return;
        };
        pos = pos.play_unchecked(spot);
        score = -score;
    }
}

/// The bytes of one sample in a sample file.
const SAMPLE_BYTES: usize = 17;

/// Bytes that are not a sample file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SampleFileError {
    /// The length is not a whole number of samples.
    #[error("{0} bytes: a sample file holds 17 bytes a sample")]
    Length(usize),
    /// A sample whose discs overlap (at its byte offset).
    #[error("the sample at byte {0} puts two discs on one square")]
    Overlap(usize),
}

/// A sample file: per sample, the mover's discs and the opponent's (bit
/// `8 * row + column`, little-endian `u64`s) and the score (an `i8`).
pub fn write_samples(samples: &[Sample]) -> Vec<u8> {
    let mut out = Vec::with_capacity(SAMPLE_BYTES * samples.len());
    for s in samples {
        out.extend(s.position.mine().bits().to_le_bytes());
        out.extend(s.position.theirs().bits().to_le_bytes());
        out.push(s.score as i8 as u8);
    }
    out
}

/// The samples of a file [`write_samples`] wrote (each position with Black to
/// move: the evaluation sees only the mover's discs and the opponent's).
pub fn read_samples(bytes: &[u8]) -> Result<Vec<Sample>, SampleFileError> {
    if !bytes.len().is_multiple_of(SAMPLE_BYTES) {
        return Err(SampleFileError::Length(bytes.len()));
    }
    bytes
        .chunks_exact(SAMPLE_BYTES)
        .enumerate()
        .map(|(i, c)| {
            let word = |at: usize| {
                let mut b = [0; 8];
                b.copy_from_slice(&c[at..at + 8]);
                Bitboard::from_bits(u64::from_le_bytes(b))
            };
            let position = TwoPlayer8::from_bitboards(Board::Size8, word(0), word(8), Color::Black)
                .map_err(|_| SampleFileError::Overlap(i * SAMPLE_BYTES))?;
            Ok(Sample {
                position,
                score: c[16] as i8 as i32,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_files_refuse_bad_lengths_and_overlaps() {
        assert_eq!(read_samples(&[0; 16]), Err(SampleFileError::Length(16)));
        let mut bytes = vec![0; 34];
        bytes[17] = 1;
        bytes[25] = 1;
        assert_eq!(read_samples(&bytes), Err(SampleFileError::Overlap(17)));
        assert_eq!(read_samples(&[]), Ok(Vec::new()));
    }
}
