//! The exact endgame solver for two-player positions: a fast path on the 8×8 grid
//! (8×8 and 6×6, with or without blocked squares, Reversi or Anti-Reversi) and a
//! generic path for 10×10 and the octagon, on the engine's search framework.
//!
//! [`Solver::solve`] takes a position and returns its [`Solution`]: a best move,
//! the score as a disc difference for the side to move (empty squares count for
//! the winner, as [`Position::final_margin`] counts them), whether it is exact or
//! a bound ([`Window`]), the principal variation when asked for, the nodes
//! searched and the seconds taken. [`Solver::try_solve`] and
//! [`Solver::solve_any`] honour the [`Limits`] (nodes, time, a stop flag: the
//! solver always searches to the end of the game, so the depth does not apply),
//! and an interrupted solve gives back the best move it had searched to the
//! end with a score the position reaches at least ([`SolveError::Interrupted`],
//! [`Partial`]), and what its last finished selective pass found ([`Guess`]);
//! [`Solver::set_progress`] hears of each root move. Both paths
//! take the threads of [`Solver::set_threads`]. [`Solver::solve_obf`] solves an
//! OBF line.
//!
//! The fast path: negamax alpha-beta, principal-variation search with null-window
//! searches below the first move; a transposition table of two-entry buckets (one
//! keeps the entry with the most empty squares, the other the latest), shared
//! without locks by the threads of [`Solver::set_threads`] (which put off the
//! subtrees another thread is searching), keyed by the library's hash key
//! (carried through each move with `UpdateKey`), on huge pages where Linux gives
//! them, each child's bucket prefetched while the moves are sorted, with enhanced
//! transposition cut-offs from 10 empty squares up; the table's move first, then,
//! from 14 empty squares up, the moves ordered by an evaluated search of depth 1
//! (2 from 17, 3 from 20, 4 from 23, 5 from 26) on mobility (corners twice),
//! potential mobility, corners held and the discs next to empty corners, plus, on
//! standard 8×8 Reversi, the pattern evaluation learned from games
//! ([`crate::search::patterns`]), and below that fastest-first (the opponent's
//! mobility, then their potential mobility, then parity); stability cut-offs
//! (Reversi only); from 6 empty squares down, no table and parity order, and from
//! 5 down, legality from the flips themselves, with the last square counted by
//! hand (on a full 8×8 board, its flips counted by lines). On standard 8×8
//! Reversi, from 16 empty squares up, the root is first searched in a window of
//! ±4 discs around the learned evaluation's guess (a search of depth 6), twice as
//! wide again on a miss ([`Progress::pass`]); from 20 empty squares up, that
//! guess comes from two selective passes first ([`Progress::selective`]): the
//! same search with Multi-ProbCut, which cuts a null-window node of 12 empty
//! squares or more when a shallow search on the learned evaluation lies 4 discs
//! (then 8) beyond the window. Their entries in the table are marked
//! selective: the exact search after them takes their moves first but never
//! cuts on their bounds, so the score stays exact.
//! [`Solver::set_learned_ordering`] turns all three off.
//!
//! The generic path (10×10, the octagon) is the search framework
//! ([`crate::search::alphabeta`]) searching to the end: principal-variation
//! search with its transposition table, the moves ordered by the table and,
//! from 14 empty squares up, by the engine's hand-written evaluation
//! ([`Features`]), by the opponent's replies below, and from 6 empty squares
//! down plain alpha-beta; at the root, each move in a null window at the best
//! score found so far, and again above it up to the window's ceiling when it
//! beats it. Its
//! helper threads search the same root in other orders on the same table, and
//! the best score any thread proves is every thread's floor.
//!
//! Each recursive function is compiled by
//! `multiversion` for each x86-64 level (AVX2, AVX-512), so that the kernel
//! chosen once at the root is inlined.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use web_time::Instant;

use reversi::kernel::Kernel;
use reversi::layout::Grid8;
use reversi::text::obf::ObfError;
use reversi::{
    features, AnyPosition, Board, KindError, LayoutVisitor, Move, Position, SearchPosition, Spot,
    Square, TwoPlayer8,
};

use crate::limits::{Interruption, Limits, Watch};
use crate::line::with_passes;
use crate::search::alphabeta;
use crate::search::eval::Features;
use crate::search::patterns::Patterns;

mod last_flip;
#[doc(hidden)] // For the tests in tests/it; not part of the API.
pub use last_flip::count as last_flip_count;
#[doc(hidden)] // For the tests in tests/it; not part of the API.
pub use search8::{parity_order, QUADRANTS};
mod generic;
mod search8;
mod table;

use generic::{GenericSolve, GENERIC_INFINITY};

use search8::*;

/// The fast path's solve, handed to `TwoPlayer::visit_fastest_typed`, which
/// gives it the position with the fastest kernel this processor has.
struct Solve<'a> {
    search: &'a mut Searcher,
    window: (i32, i32),
    pv: bool,
    progress: &'a mut Option<ProgressFn>,
    started: Instant,
    threads: usize,
}

impl LayoutVisitor<Grid8> for Solve<'_> {
    type Output = (Option<Spot<Grid8>>, i32, Vec<Move>);
    fn visit<P: SearchPosition<Layout = Grid8>>(self, pos: &P) -> Self::Output {
        let (alpha, beta) = self.window;
        let (best, score) = if self.threads > 1 {
            // The helpers search the same tree on the same table until this
            // thread has its answer; their nodes count too.
            let stop = Arc::new(AtomicBool::new(false));
            self.search.shared = true;
            let helpers: Vec<Searcher> = (1..self.threads)
                .map(|_| self.search.helper(Arc::clone(&stop)))
                .collect();
            let search = &mut *self.search;
            let (progress, started) = (self.progress, self.started);
            let (found, helper_nodes) = std::thread::scope(|scope| {
                let running: Vec<_> = helpers
                    .into_iter()
                    .map(|mut helper| {
                        scope.spawn(move || {
                            aspiration(&mut helper, pos, alpha, beta, &mut None, started);
                            helper.nodes
                        })
                    })
                    .collect();
                let found = {
                    let _helpers_stop = StopOnDrop(&stop);
                    aspiration(search, pos, alpha, beta, progress, started)
                };
                let nodes: u64 = running
                    .into_iter()
                    .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                    .sum();
                (found, nodes)
            });
            search.shared = false;
            search.nodes += helper_nodes;
            found
        } else {
            aspiration(self.search, pos, alpha, beta, self.progress, self.started)
        };
        let exact = Bound::of(score, (alpha, beta)) == Bound::Exact;
        let pv = match best {
            Some(m) if self.pv && exact && self.search.stopped().is_none() => {
                principal_variation(self.search, pos, m, score)
            }
            Some(m) => vec![m.square()],
            None => Vec::new(),
        };
        (best, score, with_passes(pos, &pv))
    }
}

/// How a score found in a window relates to the exact score: a
/// [`Solution`]'s, a [`Progress`]'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The exact score is at least the score (it reached the window's top).
    Lower,
    /// The exact score is at most the score (it reached the window's bottom).
    Upper,
}

impl Bound {
    /// What a fail-soft score found in the window `(alpha, beta)` says: at or
    /// below `alpha` an upper bound, at or above `beta` a lower bound, exact
    /// between.
    pub fn of(score: i32, (alpha, beta): (i32, i32)) -> Bound {
        if score <= alpha {
            Bound::Upper
        } else if score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
}

/// What to solve for: the exact score, or less (faster).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Window {
    /// The exact score.
    #[default]
    Exact,
    /// Win, draw or loss only: the score is exact when 0, else a bound of ±1
    /// or beyond on the right side.
    WinDrawLoss,
    /// The exact score if it lies strictly between the two values; otherwise a
    /// bound on that side. A second value not above the first is read as the
    /// first plus one (a null window: is the score above the first value?).
    Between(i32, i32),
}

impl Window {
    fn bounds(self) -> (i32, i32) {
        match self {
            Window::Exact => (-GENERIC_INFINITY, GENERIC_INFINITY),
            Window::WinDrawLoss => (-1, 1),
            Window::Between(a, b) => (a, b.max(a + 1)),
        }
    }
}

/// Where a solve stands, told to the progress callback after each root move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Root moves searched so far.
    pub moves_searched: usize,
    /// Root moves in all.
    pub moves: usize,
    /// The best move so far.
    pub best_move: Square,
    /// Its score so far: exact when strictly inside [`window`](Self::window),
    /// else a bound on that side; in a [`selective`](Self::selective) pass,
    /// an estimate either way.
    pub score: i32,
    /// Nodes so far.
    pub nodes: u64,
    /// Seconds so far.
    pub seconds: f64,
    /// Which search of the root this is, from 1. Far from the end on 8×8, the
    /// root is first searched in a narrow window around a guess; when the score
    /// falls outside it, the root is searched again (pass 2, 3 …, the moves
    /// counted again from 1). From 20 empty squares up the first passes are
    /// [`selective`](Self::selective), and the count runs on through them.
    pub pass: u32,
    /// The window of this pass: a score at or below the first value is an upper
    /// bound, at or above the second a lower bound.
    pub window: (i32, i32),
    /// Whether this pass is selective: far from the end on 8×8 the root is
    /// first searched with Multi-ProbCut cuts, which guide the exact passes
    /// after it; its score is an estimate, not exact nor a bound.
    pub selective: bool,
}

impl Progress {
    /// Whether [`score`](Self::score) is exact or a bound, by the
    /// [`window`](Self::window): what the search found, which is the
    /// position's score only outside a [`selective`](Self::selective) pass.
    pub fn bound(&self) -> Bound {
        Bound::of(self.score, self.window)
    }
}

/// A progress callback.
type ProgressFn = Box<dyn FnMut(&Progress) + Send>;

/// What solving one position found.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// A best move; `None` when the player to move must pass or the game is over.
    /// When the score is a bound, it is only the best move the search found
    /// against its window, not necessarily a best move.
    pub best_move: Option<Square>,
    /// The final disc difference for the player to move with best play, empty
    /// squares to the winner (as [`Position::final_margin`] counts them, so in
    /// Anti-Reversi it is the margin by that variant's convention); exact unless
    /// [`bound`](Solution::bound) says otherwise.
    pub score: i32,
    /// Whether `score` is exact or a bound (outside the [`Window`]).
    pub bound: Bound,
    /// The principal variation from the best move on, with a [`Move::Pass`]
    /// where a player must pass (it replays move by move), when asked for with
    /// [`Solver::set_principal_variation`] and the score is exact; else the
    /// best move alone.
    pub pv: Vec<Move>,
    /// The positions searched (by all the threads).
    pub nodes: u64,
    /// The time taken, in seconds.
    pub seconds: f64,
}

/// Why a position could not be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The line is not OBF.
    #[error(transparent)]
    Obf(ObfError),
    /// The position is not a two-player position.
    #[error(transparent)]
    Position(KindError),
    /// A limit stopped the solve: which, the nodes searched until then, and
    /// the best move found by then.
    #[error("{why} after {nodes} nodes")]
    Interrupted {
        /// The limit.
        why: Interruption,
        /// The nodes searched until then.
        nodes: u64,
        /// The best root move searched to the end, with the least score the
        /// position is known to reach; `None` when no root move was.
        best: Option<Partial>,
        /// What the last selective pass finished before the limit found (far
        /// from the end on 8×8: [`Progress::selective`]); `None` when none
        /// finished.
        guess: Option<Guess>,
    },
}

/// What an interrupted solve had found ([`SolveError::Interrupted`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partial {
    /// The best move found so far.
    pub best_move: Square,
    /// A lower bound on the position's score: the player to move reaches at
    /// least this final disc difference with `best_move` (its exact score
    /// as far as the moves searched go; a move not yet searched may do
    /// better).
    pub at_least: i32,
}

/// What the last selective pass of an interrupted solve found
/// ([`SolveError::Interrupted`]): its best move and score, searched to the
/// end of the game with Multi-ProbCut cuts at `margin` discs. The score is an
/// estimate, not a bound; the move is the one an engine plays when it has no
/// time to prove better.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guess {
    /// The pass's best move.
    pub best_move: Square,
    /// The pass's score for the player to move, in discs.
    pub score: i32,
    /// The pass's margin in discs: a node was cut where a shallow search
    /// predicted its score beyond the window by this much.
    pub margin: i32,
}

/// An exact solver with its transposition table (and a second one of the same
/// size for 10×10 and the octagon, taken at the first solve there), cleared
/// before each position so that each is timed on its own (unless
/// [`set_keep_table`](Solver::set_keep_table)), and its settings:
/// the [`Window`], the [`Limits`], the principal variation and a progress
/// callback.
pub struct Solver {
    search: Searcher,
    /// The generic path's search (10×10, the octagon), on the same number of
    /// entries; its table is made at its first solve.
    generic: alphabeta::Searcher<Features>,
    window: Window,
    limits: Limits,
    pv: bool,
    progress: Option<ProgressFn>,
    threads: usize,
    learned: bool,
    keep_table: bool,
}

impl Default for Solver {
    /// A solver with 2^22 table entries (64 MB).
    fn default() -> Solver {
        Solver::with_table_bits(22)
    }
}

impl Solver {
    /// The largest table [`with_table_bits`](Solver::with_table_bits) makes:
    /// 2^28 entries, 4 GiB.
    pub const MAX_TABLE_BITS: u32 = 28;

    /// A solver whose table has 2^`bits` entries of 16 bytes each (in buckets
    /// of two), `bits` taken into 1..=[`MAX_TABLE_BITS`](Solver::MAX_TABLE_BITS):
    /// 22 (64 MB, the default) suits endgames of 20 to 30 empty squares. The
    /// memory is taken at once, and as much again at the first solve of a
    /// 10×10 or octagon position (the generic path's table); like any
    /// allocation, one the system refuses aborts the process.
    pub fn with_table_bits(bits: u32) -> Solver {
        let bits = bits.clamp(1, Solver::MAX_TABLE_BITS);
        Solver {
            search: Searcher::new(bits),
            generic: alphabeta::Searcher::new(Features).with_table_bits(bits),
            window: Window::Exact,
            limits: Limits::default(),
            pv: false,
            progress: None,
            threads: 1,
            learned: true,
            keep_table: false,
        }
    }

    /// Whether a solve on the 8×8 grid starts with the table the last one
    /// left (off by default: each solve starts empty, so that each is timed
    /// on its own). On, the solves of the positions of one game, one after
    /// another, start from what the earlier ones proved: a bot that solves
    /// move after move answers in a fraction of the time, and does not pay
    /// for emptying the table each move (a few milliseconds for the default
    /// 64 MB). Each entry bounds its own position's score, so exact scores
    /// are the same either way; the nodes, which of several equally good
    /// moves is found, and the bound a windowed or interrupted solve gives
    /// may not be. The table's keys tell the rules apart (the
    /// board, Anti-Reversi and the blocked squares are in
    /// [`reversi::hash`]'s keys), so one table serves games of any rules.
    pub fn set_keep_table(&mut self, on: bool) -> &mut Solver {
        self.keep_table = on;
        self
    }

    /// Whether, on standard 8×8 Reversi (no blocked squares), the moves far
    /// from the end are ordered by the learned evaluation
    /// ([`Patterns::builtin`]) and the root searched first in a window around
    /// its guess, after two selective passes from 20 empty squares up (on by
    /// default); off, they are ordered by mobility and the
    /// corners alone, as on the other boards. The scores are the same either
    /// way; the nodes, and which of several equally good moves is found, may
    /// not be. The `learn` example turns it off, so that its samples do not
    /// depend on the weights it learns.
    pub fn set_learned_ordering(&mut self, on: bool) -> &mut Solver {
        self.learned = on;
        self
    }

    /// The margins, in discs, of the selective passes before the exact
    /// search (4 then 8 by default), for tests that must find the score
    /// exact whatever the passes left in the table.
    #[doc(hidden)] // For the tests in tests/it; not part of the API.
    pub fn set_selective_margins(&mut self, margins: &[i32]) -> &mut Solver {
        self.search.margins = margins.to_vec();
        self
    }

    /// How many threads later solves use (1 by default; 0 counts as 1). The
    /// threads search the same tree and share the table: on the 8×8 grid each
    /// puts off what another is searching; on 10×10 and the octagon each
    /// starts at another root move, and the best score any has proved bounds
    /// the others' searches. The score is the same as with one thread, the
    /// best move may be another of equal score, and the node count (of all
    /// threads) varies from run to run.
    pub fn set_threads(&mut self, threads: usize) -> &mut Solver {
        self.threads = threads.max(1);
        self
    }

    /// The number of threads set by [`set_threads`](Solver::set_threads).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// What later solves solve for (exact by default).
    pub fn set_window(&mut self, window: Window) -> &mut Solver {
        self.window = window;
        self
    }

    /// The limits of later [`try_solve`](Solver::try_solve) and
    /// [`solve_any`](Solver::solve_any) calls ([`solve`](Solver::solve) has none).
    pub fn set_limits(&mut self, limits: Limits) -> &mut Solver {
        self.limits = limits;
        self
    }

    /// Whether solutions carry the whole principal variation (off by default:
    /// it costs a few searches more).
    pub fn set_principal_variation(&mut self, on: bool) -> &mut Solver {
        self.pv = on;
        self
    }

    /// A callback told after each root move that the search finishes (by the
    /// main thread): a cut-off at the root (as in a win/draw/loss solve) ends a pass
    /// early, and a root searched again ([`Progress::pass`]) is told again.
    pub fn set_progress(
        &mut self,
        callback: impl FnMut(&Progress) + Send + 'static,
    ) -> &mut Solver {
        self.progress = Some(Box::new(callback));
        self
    }

    /// Solves `position` with the fastest kernel this processor has, without
    /// limits.
    ///
    /// ```
    /// use reversi::{Game, TwoPlayer8};
    /// use reversi_engine::solver::Solver;
    ///
    /// // Black to move, one empty square (h8): Black takes it and wins 64-0.
    /// let game = Game::from_position_str(
    ///     "BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBW- B", 2, false)?;
    /// let pos = TwoPlayer8::try_from(*game.position())?;
    /// let solution = Solver::with_table_bits(10).solve(&pos);
    /// assert_eq!(solution.best_move.map(|m| m.to_string()).as_deref(), Some("h8"));
    /// assert_eq!(solution.score, 64);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve<K: Kernel<Grid8>>(&mut self, position: &TwoPlayer8<K>) -> Solution {
        self.run8(position, &Limits::default())
            .expect("a solve without limits runs to the end")
    }

    /// Solves `position` within the [`Limits`].
    pub fn try_solve<K: Kernel<Grid8>>(
        &mut self,
        position: &TwoPlayer8<K>,
    ) -> Result<Solution, SolveError> {
        let limits = self.limits.clone();
        self.run8(position, &limits)
    }

    fn run8<K: Kernel<Grid8>>(
        &mut self,
        position: &TwoPlayer8<K>,
        limits: &Limits,
    ) -> Result<Solution, SolveError> {
        let started = Instant::now();
        let search = &mut self.search;
        search
            .table
            .start(position.empty().len() as u32, self.keep_table);
        search.start(limits);
        if search.interrupted() {
            // A flag set (or a budget spent) before the solve: the searches of
            // the last few empty squares never look.
            let nothing = Outcome {
                best: None,
                score: 0,
                pv: Vec::new(),
                nodes: 0,
                stopped: search.stopped(),
                partial: None,
                guess: None,
            };
            return finish(nothing, self.window.bounds(), started);
        }
        search.shape = Shape::new(features::corner_squares(position).bits());
        if self.learned
            && position.board() == Board::Size8
            && !position.anti()
            && position.blocked().is_empty()
        {
            search.shape.patterns = Some(Patterns::builtin());
        }
        let (alpha, beta) = self.window.bounds();
        let (alpha, beta) = (
            alpha.clamp(-INFINITY, INFINITY - 1),
            beta.clamp(-INFINITY + 1, INFINITY),
        );
        let (best, score, pv) = position.visit_fastest_typed(Solve {
            search,
            window: (alpha, beta),
            pv: self.pv,
            progress: &mut self.progress,
            started,
            threads: self.threads,
        });
        let found = Outcome {
            best: best.map(|m| m.square()),
            score,
            pv,
            nodes: search.nodes,
            stopped: search.stopped(),
            partial: search.found,
            guess: search.guess,
        };
        finish(found, (alpha, beta), started)
    }

    /// Solves a two-player position of any board within the [`Limits`]: the fast
    /// path on the 8×8 grid (8×8, 6×6, blocked squares, Anti-Reversi), the
    /// search framework to the end of the game on 10×10 and the octagon
    /// (slower: endgames of up to about 20 empty squares).
    pub fn solve_any(&mut self, position: &AnyPosition) -> Result<Solution, SolveError> {
        if let AnyPosition::TwoPlayer8(pos) = position {
            return self.try_solve(pos);
        }
        if position.players() != 2 {
            return Err(SolveError::Position(KindError {
                expected: "two-player",
                found: "multi-player",
            }));
        }
        let started = Instant::now();
        let (alpha, beta) = self.window.bounds();
        let window = (
            alpha.clamp(-GENERIC_INFINITY, GENERIC_INFINITY - 1),
            beta.clamp(-GENERIC_INFINITY + 1, GENERIC_INFINITY),
        );
        let found = position.visit_fastest(GenericSolve {
            searcher: &mut self.generic,
            limits: &self.limits,
            window,
            pv: self.pv,
            progress: &mut self.progress,
            started,
            threads: self.threads,
        });
        finish(found, window, started)
    }

    /// Solves the position of an OBF line (64 cells, the side to move, optional
    /// `MOVE:SCORE` pairs), without limits.
    pub fn solve_obf(&mut self, line: &str) -> Result<Solution, SolveError> {
        let board = reversi::text::obf::parse(line).map_err(SolveError::Obf)?;
        let pos = TwoPlayer8::try_from(*board.game.position()).map_err(SolveError::Position)?;
        Ok(self.solve(&pos))
    }
}

/// Sets a stop flag when dropped: the helper threads stop when the main
/// thread's search ends, by its return or by a panic (in the progress
/// callback, say), so that the scope that joins them does not wait for their
/// whole search.
struct StopOnDrop<'a>(&'a AtomicBool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// What a solve found on either path, for [`finish`].
struct Outcome {
    best: Option<Square>,
    score: i32,
    pv: Vec<Move>,
    /// The nodes of every thread.
    nodes: u64,
    stopped: Option<Interruption>,
    /// The best root move searched to the end, with the score the position
    /// reaches at least ([`Partial`]).
    partial: Option<(Square, i32)>,
    /// What the last finished selective pass found.
    guess: Option<Guess>,
}

/// The solution from what a search found, or why it stopped.
fn finish(found: Outcome, window: (i32, i32), started: Instant) -> Result<Solution, SolveError> {
    if let Some(why) = found.stopped {
        return Err(SolveError::Interrupted {
            why,
            nodes: found.nodes,
            best: found.partial.map(|(best_move, at_least)| Partial {
                best_move,
                at_least,
            }),
            guess: found.guess,
        });
    }
    Ok(Solution {
        best_move: found.best,
        score: found.score,
        bound: Bound::of(found.score, window),
        pv: found.pv,
        nodes: found.nodes,
        seconds: started.elapsed().as_secs_f64(),
    })
}
