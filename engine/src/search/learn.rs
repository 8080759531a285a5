//! How the [pattern evaluation](super::patterns) is learned, phase by phase.
//!
//! The endgame's [`samples`]: positions of games (tournament games, and
//! self-play games for more of them: [`selfplay_lines`]), and positions a few
//! random moves off them, solved exactly, with the positions along each
//! principal variation; and a file format to keep them ([`write_samples`],
//! [`read_samples`]). The midgame's: the positions of self-play games
//! ([`selfplay_positions`]), each phase's labelled by a search into the phases
//! learned before it ([`midgame`]). And the errors that Multi-ProbCut cuts by,
//! for any weights ([`probcut_errors`]).
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
use reversi::layout::Grid8;
use reversi::{
    AnyPosition, Bitboard, Board, Color, LayoutVisitor, Position, Rules, SearchPosition, Spot,
    TwoPlayer8,
};

use super::alphabeta::{Evaluator, ProbCut, Searcher, EXACT, INFINITY};
pub use super::patterns::Sample;
use super::patterns::{Patterns, Training, PHASES, PROBCUT_DEPTHS};
use crate::parallel::in_threads;
use crate::solver::Solver;
use crate::Limits;

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
    let solver = || {
        let mut solver = Solver::with_table_bits(20);
        solver
            .set_principal_variation(true)
            .set_learned_ordering(false);
        solver
    };
    let per_game = in_threads(lines.len(), threads, solver, |solver, g| {
        let samples = game_samples(solver, &lines[g], g);
        progress(g);
        samples
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
        if pos.is_over() {
            return;
        }
        if pos.legal_moves().is_empty() {
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

/// The plies of each [`selfplay_lines`] game played at random from the start.
const RANDOM_OPENING: usize = 8;

/// After them, one move in `RANDOM_EVERY` is drawn at random.
const RANDOM_EVERY: u64 = 7;

/// The depth of the search that chooses the other moves.
const SELFPLAY_DEPTH: u32 = 4;

/// The positions of `games` self-play games to the end, one line a game as
/// [`samples`] takes them, for more endgame samples than the tournament
/// games give: the first eight plies at random, then each move the best by a
/// search four plies deep on the hand-written
/// [features](super::eval::Features), or, one time in seven, one at random
/// (game `g`'s draws from its own seed, `seed + g`). The play does not depend
/// on the learned weights, and each game is searched from an empty table, so
/// the lines are the same for any number of `threads` (at least one).
pub fn selfplay_lines(games: usize, seed: u64, threads: usize) -> Vec<Vec<TwoPlayer8>> {
    struct Best<'s>(&'s mut Searcher<super::eval::Features>);
    impl LayoutVisitor<Grid8> for Best<'_> {
        type Output = Option<Spot<Grid8>>;
        fn visit<P: SearchPosition<Layout = Grid8>>(self, pos: &P) -> Option<Spot<Grid8>> {
            let limits = Limits::default().with_depth(SELFPLAY_DEPTH);
            self.0.search(pos, &limits).ok().map(|choice| choice.best)
        }
    }
    let searcher = || Searcher::new(super::eval::Features).with_table_bits(16);
    in_threads(games, threads, searcher, |searcher, g| {
        searcher.clear();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed.wrapping_add(g as u64));
        let choose = |pos: &TwoPlayer8, moves: Bitboard<Grid8>, before: usize| {
            let draw = rng.next_u64();
            if before <= RANDOM_OPENING || draw % RANDOM_EVERY == 0 {
                let nth = (draw >> 8) % moves.len() as u64;
                moves.into_iter().nth(nth as usize)
            } else {
                pos.visit_fastest_typed(Best(&mut *searcher))
            }
        };
        play_game(start8(), choose, |_| true)
    })
}

/// The start of standard 8×8 Reversi.
fn start8() -> TwoPlayer8 {
    TwoPlayer8::try_from(AnyPosition::start(&Rules::default()))
        .expect("standard Reversi is of two players on the 8x8 grid")
}

/// A game from `start` while `go_on` holds for the position reached: each
/// position, the final one too, in order; a position with a move takes the
/// one `choose` gives for it, its legal moves and the number of positions
/// before it in the game (passes count).
pub(crate) fn play_game<P: Position>(
    start: P,
    mut choose: impl FnMut(&P, Bitboard<P::Layout>, usize) -> Option<Spot<P::Layout>>,
    go_on: impl Fn(&P) -> bool,
) -> Vec<P> {
    let mut pos = start;
    let mut line = Vec::new();
    while go_on(&pos) {
        line.push(pos);
        if pos.is_over() {
            break;
        }
        let moves = pos.legal_moves();
        pos = if moves.is_empty() {
            pos.pass_unchecked()
        } else {
            pos.play_unchecked(choose(&pos, moves, line.len()).expect("a legal move"))
        };
    }
    line
}

/// The depth of the search that labels a midgame position: the width of a
/// midgame phase, so that the search of a phase's position ends in the phase
/// before, whose weights are learned already.
pub const LABEL_DEPTH: u32 = 6;

/// The positions of `games` self-play games, for the midgame phases: each
/// move the best by the hand-written [features](super::eval::evaluate) one ply
/// ahead, or one at random: one time in two while 49 or more squares are
/// empty (so that the games part early), one in eight after (game `g`'s
/// draws from its own seed, `seed + g`); every position with 25 or more
/// empty squares and a move to make, each once, in the order the games reach
/// them.
pub fn selfplay_positions(games: usize, seed: u64) -> Vec<TwoPlayer8> {
    let mut seen = HashSet::new();
    let mut positions = Vec::new();
    for g in 0..games {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed.wrapping_add(g as u64));
        let choose = |pos: &TwoPlayer8, moves: Bitboard<Grid8>, _| {
            let draw = rng.next_u64();
            let odds = if pos.empty().len() >= 49 { 2 } else { 8 };
            if draw % odds == 0 {
                let nth = (draw >> 3) % moves.len() as u64;
                moves.into_iter().nth(nth as usize)
            } else {
                moves
                    .into_iter()
                    .max_by_key(|&m| -super::eval::evaluate(&pos.play_unchecked(m)))
            }
        };
        let line = play_game(start8(), choose, |pos| pos.empty().len() >= 25);
        positions.extend(line.into_iter().filter(|pos| {
            !pos.legal_moves().is_empty() && seen.insert((pos.mine(), pos.theirs()))
        }));
    }
    positions
}

/// What [`midgame`] has got to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Labelling {
    /// The labelling of `phase`'s positions starts.
    Phase {
        /// The phase ([`Patterns::phase`]).
        phase: usize,
        /// Its positions.
        positions: usize,
    },
    /// One more position is labelled.
    Labelled,
}

/// Learns the midgame phases of `patterns` (every phase but the endgame's,
/// whose weights it keeps), phase after phase from the endgame back to the
/// start: each phase starts from the weights of the one after it in the game,
/// and learns from its `positions` (those of other phases are left out)
/// labelled by a search [`LABEL_DEPTH`] plies deep on the weights learned so
/// far, whose leaves lie in the phases already learned. `threads` threads (at
/// least one) label, each position searched from an empty table, so the
/// labels are the same whatever the number of threads; `progress` hears each
/// phase start and each position labelled.
pub fn midgame(
    patterns: &mut Patterns,
    positions: &[TwoPlayer8],
    threads: usize,
    training: &Training,
    progress: impl Fn(Labelling) + Sync,
) {
    for phase in 1..PHASES {
        patterns.copy_phase(phase - 1, phase);
        let of_phase: Vec<TwoPlayer8> = positions
            .iter()
            .filter(|p| Patterns::phase(p.empty().len() as u32) == phase)
            .copied()
            .collect();
        progress(Labelling::Phase {
            phase,
            positions: of_phase.len(),
        });
        let samples = label(patterns, &of_phase, threads, &progress);
        patterns.train(&samples, training);
    }
}

/// `positions` with their values by a search [`LABEL_DEPTH`] plies deep on
/// `patterns`, by `threads` threads, in the order given.
fn label(
    patterns: &Patterns,
    positions: &[TwoPlayer8],
    threads: usize,
    progress: &(impl Fn(Labelling) + Sync),
) -> Vec<Sample> {
    let searcher = || Searcher::new(patterns).with_table_bits(16);
    let labels = in_threads(positions.len(), threads, searcher, |searcher, i| {
        let discs = searched_discs(searcher, &positions[i], LABEL_DEPTH);
        progress(Labelling::Labelled);
        discs.map(|discs| discs.round() as i32)
    });
    positions
        .iter()
        .zip(labels)
        .filter_map(|(&position, score)| {
            Some(Sample {
                position,
                score: score?,
            })
        })
        .collect()
}

/// The value of `pos` for the player to move, in discs (a line to the end of
/// the game worth its margin), by a search `depth` plies deep with
/// `searcher`'s evaluation from an empty table, on the fastest kernel: the
/// same value whatever was searched before.
pub(crate) fn searched_discs(
    searcher: &mut Searcher<&Patterns>,
    pos: &TwoPlayer8,
    depth: u32,
) -> Option<f64> {
    struct Search<'s, 'p>(&'s mut Searcher<&'p Patterns>, u32);
    impl LayoutVisitor<Grid8> for Search<'_, '_> {
        type Output = Option<f64>;
        fn visit<P: SearchPosition<Layout = Grid8>>(self, pos: &P) -> Option<f64> {
            discs_at_depth(self.0, pos, self.1)
        }
    }
    pos.visit_fastest_typed(Search(searcher, depth))
}

/// The value of `pos` for the player to move, in discs, by a search `depth`
/// plies deep with `searcher` from an empty table (exact where the searcher
/// solves): the same value whatever was searched before.
pub(crate) fn discs_at_depth<P: SearchPosition, E: Evaluator<P>>(
    searcher: &mut Searcher<E>,
    pos: &P,
    depth: u32,
) -> Option<f64> {
    searcher.clear();
    let limits = Limits::default().with_depth(depth);
    searcher.search(pos, &limits).ok()?.eval().discs()
}

/// Multi-ProbCut's error at one phase and depth: how far the value
/// of a search `depth` plies deep lies from the value of the shallow search
/// that predicts it ([`ProbCut::shallow_depth`](super::alphabeta::ProbCut::shallow_depth)),
/// in the evaluation's unit, over the positions of the phase whose values are
/// not exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProbCutError {
    /// The phase ([`Patterns::phase`]).
    pub phase: usize,
    /// The deep search's depth.
    pub depth: u32,
    /// The mean of the deep value less the shallow one, rounded.
    pub mean: i32,
    /// Their standard deviation, rounded.
    pub spread: i32,
    /// The positions measured.
    pub positions: usize,
}

/// Measures Multi-ProbCut's errors for `patterns` at every depth of
/// [`PROBCUT_DEPTHS`] and every phase that `positions` have (each searched
/// to every depth up to the deepest with the whole window, no cut, from an
/// empty table), by `threads` threads (at least one): the same errors for any
/// number of threads. A phase and depth with fewer than two positions of
/// values that are not exact is left out. What `engine/data/probcut.txt`
/// holds for the built-in weights (the `probcut` example). For weights of
/// your own, [`ProbCut::error`](super::alphabeta::ProbCut::error) is a plain
/// function: keep the errors where it can read them (a file compiled in and
/// read once, as [`Patterns::probcut`] does, or a `static`), and give back the
/// `(mean, spread)` of a node's phase and depth.
pub fn probcut_errors(
    patterns: &Patterns,
    positions: &[TwoPlayer8],
    threads: usize,
) -> Vec<ProbCutError> {
    struct Values<'s, 'p>(&'s mut Searcher<&'p Patterns>);
    impl LayoutVisitor<Grid8> for Values<'_, '_> {
        type Output = Vec<i32>;
        fn visit<P: SearchPosition<Layout = Grid8>>(self, pos: &P) -> Vec<i32> {
            self.0.clear();
            (0..=*PROBCUT_DEPTHS.end())
                .map(|depth| {
                    self.0
                        .start(&Limits::default())
                        .negamax(pos, depth, -INFINITY, INFINITY)
                })
                .collect()
        }
    }
    let searcher = || Searcher::new(patterns).with_table_bits(18);
    let values = in_threads(positions.len(), threads, searcher, |searcher, i| {
        positions[i].visit_fastest_typed(Values(searcher))
    });
    let mut errors = Vec::new();
    for phase in 0..PHASES {
        for depth in PROBCUT_DEPTHS {
            let shallow = ProbCut::shallow_depth(depth) as usize;
            let of_phase: Vec<f64> = positions
                .iter()
                .zip(&values)
                .filter(|(p, v)| {
                    Patterns::phase(p.empty().len() as u32) == phase
                        && v[depth as usize].abs() < EXACT
                        && v[shallow].abs() < EXACT
                })
                .map(|(_, v)| f64::from(v[depth as usize] - v[shallow]))
                .collect();
            if of_phase.len() < 2 {
                continue;
            }
            let n = of_phase.len() as f64;
            let mean = of_phase.iter().sum::<f64>() / n;
            let variance = of_phase.iter().map(|e| (e - mean).powi(2)).sum::<f64>() / (n - 1.0);
            errors.push(ProbCutError {
                phase,
                depth,
                mean: mean.round() as i32,
                spread: variance.sqrt().round() as i32,
                positions: of_phase.len(),
            });
        }
    }
    errors
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
