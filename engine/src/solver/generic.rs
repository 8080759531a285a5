//! The solver's path for the boards beyond the 8×8 grid (10×10, the octagon):
//! the search framework ([`alphabeta`]) to the end of the game, on the
//! engine's hand-written evaluation ([`Features`]) for its move ordering, with
//! its transposition table, the root searched move by move as the fast path
//! searches it (principal-variation search, the progress callback told after
//! each move, the best move searched to the end kept for an interrupted
//! solve), and helper threads that search the same root on the same table in
//! other orders until the main thread has its answer (lazy SMP).

use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::Arc;
use web_time::Instant;

use reversi::layout::Layout;
use reversi::{PositionVisitor, SearchPosition, Spot, Square};

use super::{Outcome, Progress, ProgressFn, StopOnDrop};
use crate::limits::Limits;
use crate::line::with_passes;
use crate::search::alphabeta::{self, Search, EXACT};
use crate::search::eval::Features;

/// Beyond any score of the generic path, in discs (10×10 has 100 squares),
/// and within the framework's [`alphabeta::INFINITY`] in its units.
pub(super) const GENERIC_INFINITY: i32 = alphabeta::INFINITY / EXACT - 1;

/// Searches to the end of the game, whatever the depth.
const TO_THE_END: u32 = u32::MAX;

/// The generic path's solve, handed to
/// [`AnyPosition::visit_fastest`](reversi::AnyPosition::visit_fastest).
pub(super) struct GenericSolve<'a> {
    pub(super) searcher: &'a mut alphabeta::Searcher<Features>,
    pub(super) limits: &'a Limits,
    /// In discs, within ±[`GENERIC_INFINITY`].
    pub(super) window: (i32, i32),
    pub(super) pv: bool,
    pub(super) progress: &'a mut Option<ProgressFn>,
    pub(super) started: Instant,
    pub(super) threads: usize,
}

impl PositionVisitor for GenericSolve<'_> {
    type Output = Outcome;
    fn visit<P: SearchPosition>(self, pos: &P) -> Outcome {
        let (alpha, beta) = self.window;
        // A new table for each position: keys do not tell the variants apart.
        self.searcher.clear();
        let halt = Arc::new(AtomicBool::new(false));
        let helper = Limits::default().with_stop(Arc::clone(&halt));
        let mut limits = vec![self.limits.clone()];
        limits.resize(self.threads.max(1), helper);
        let mut searches = self.searcher.start_shared(&limits).into_iter();
        let mut main = searches.next().expect("one search at least");
        let moves = pos.legal_moves();
        if moves.is_empty() {
            // A pass (or the end): the opponent's solve, from their side.
            let score = if pos.is_over() {
                pos.final_margin()
            } else {
                -main.negamax(
                    &pos.pass_unchecked(),
                    TO_THE_END,
                    -beta * EXACT,
                    -alpha * EXACT,
                ) / EXACT
            };
            return Outcome {
                best: None,
                score,
                pv: Vec::new(),
                nodes: main.nodes(),
                stopped: main.stopped(),
                partial: None,
                guess: None,
            };
        }
        let order = alphabeta::root_order(&Features, pos);
        let (progress, started) = (self.progress, self.started);
        let proved = &Proved::new();
        let helper_nodes = std::thread::scope(|scope| {
            let helpers: Vec<_> = searches
                .enumerate()
                .map(|(i, mut helper)| {
                    // Each helper starts at another root move.
                    let mut order = order.clone();
                    let shift = (i + 1) % order.len();
                    order.rotate_left(shift);
                    scope.spawn(move || {
                        let window = (alpha, beta);
                        root(&mut helper, pos, &order, window, proved, &mut None, started);
                        helper.nodes()
                    })
                })
                .collect();
            let helpers_stop = StopOnDrop(&halt);
            let window = (alpha, beta);
            root(&mut main, pos, &order, window, proved, progress, started);
            drop(helpers_stop);
            helpers
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .sum::<u64>()
        });
        // Every root move searched by the main thread, unless it was stopped.
        let best = proved.best::<P::Layout>();
        let score = best.map_or(0, |(_, score)| score);
        // Above the window's floor, the best move reaches its score at least.
        let partial = best
            .filter(|&(_, score)| score > alpha)
            .map(|(m, score)| (m.square(), score));
        let mut line: Vec<Square> = best.iter().map(|(m, _)| m.square()).collect();
        if let Some((m, score)) = best.filter(|_| self.pv && main.stopped().is_none()) {
            if alpha < score && score < beta {
                extend_line(&mut main, pos.play_unchecked(m), -score, &mut line);
            }
        }
        Outcome {
            best: best.map(|(m, _)| m.square()),
            score,
            pv: with_passes(pos, &line),
            nodes: main.nodes() + helper_nodes,
            stopped: main.stopped(),
            partial,
            guess: None,
        }
    }
}

/// The best value that a thread has found for a root move, and the move's
/// square (its bit), shared by the threads: above the root window's floor, a
/// lower bound on the root's score (exact below its ceiling), from which
/// every thread searches its next moves; at or below, the best of the
/// upper bounds of the moves the main thread searched, all of them.
struct Proved(AtomicI64);

impl Proved {
    fn new() -> Proved {
        Proved(AtomicI64::new(i64::MIN))
    }

    /// Records `value` (in the framework's units) of the move of bit `bit`,
    /// if it is the best so far.
    fn offer(&self, value: i32, bit: usize) {
        self.0
            .fetch_max(i64::from(value) << 16 | bit as i64, Ordering::Relaxed);
    }

    /// The best value so far, in the framework's units.
    fn value(&self) -> Option<i32> {
        let packed = self.0.load(Ordering::Relaxed);
        (packed != i64::MIN).then_some((packed >> 16) as i32)
    }

    /// The best move so far on layout `L`, and its value in discs.
    fn best<L: Layout>(&self) -> Option<(Spot<L>, i32)> {
        let packed = self.0.load(Ordering::Relaxed);
        let spot = Spot::from_bit((packed & 0xffff) as usize)?;
        (packed != i64::MIN).then_some((spot, (packed >> 16) as i32 / EXACT))
    }
}

/// The root's moves in `order`: each searched in a null window at the best
/// value found so far (by this thread or another, [`Proved`]), and again in
/// the whole window up to `beta` when it beats that; the first in the whole
/// window while nothing is known. `alpha` and `beta` are in discs; the
/// progress callback is told after each move.
fn root<P: SearchPosition>(
    search: &mut Search<'_, Features>,
    pos: &P,
    order: &[Spot<P::Layout>],
    (alpha, beta): (i32, i32),
    proved: &Proved,
    progress: &mut Option<ProgressFn>,
    started: Instant,
) {
    let (floor, ceiling) = (alpha * EXACT, beta * EXACT);
    for (i, &m) in order.iter().enumerate() {
        let a = proved.value().map_or(floor, |v| v.max(floor));
        if a >= ceiling {
            break;
        }
        let child = pos.play_unchecked(m);
        let value = if a == floor && i == 0 {
            -search.negamax(&child, TO_THE_END, -ceiling, -a)
        } else {
            let value = -search.negamax(&child, TO_THE_END, -a - 1, -a);
            if a < value && value < ceiling {
                -search.negamax(&child, TO_THE_END, -ceiling, -value)
            } else {
                value
            }
        };
        if search.stopped().is_some() {
            break;
        }
        // A value at or below `a` is an upper bound, which may equal a
        // better move's exact value: it counts only while no move has beaten
        // the floor (the main thread then searches every move at the floor).
        if value > a || a == floor {
            proved.offer(value, m.bit());
        }
        if let Some(callback) = progress {
            let (best_move, score) = proved.best::<P::Layout>().expect("a move was offered");
            callback(&Progress {
                moves_searched: i + 1,
                moves: order.len(),
                best_move: best_move.square(),
                score,
                nodes: search.nodes(),
                seconds: started.elapsed().as_secs_f64(),
                pass: 1,
                window: (alpha, beta),
                selective: false,
            });
        }
    }
}

/// Extends `line` from `pos`, whose exact score is `score`, to the end of the
/// game: at each step a move that keeps the score (checked with a
/// null-window search, cheap with the table warm); passes are left out.
fn extend_line<P: SearchPosition>(
    search: &mut Search<'_, Features>,
    mut pos: P,
    mut score: i32,
    line: &mut Vec<Square>,
) {
    'line: while search.stopped().is_none() {
        if pos.legal_moves().is_empty() {
            if pos.is_over() {
                return;
            }
            (pos, score) = (pos.pass_unchecked(), -score);
        }
        for m in pos.legal_moves() {
            let child = pos.play_unchecked(m);
            let at = -score * EXACT;
            if search.negamax(&child, TO_THE_END, at, at + 1) <= at {
                line.push(m.square());
                (pos, score) = (child, -score);
                continue 'line;
            }
        }
        return;
    }
}
