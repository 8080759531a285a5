//! Negamax alpha-beta on the evaluation, exact (to the end of the game) when few
//! squares are left; two players, every board and option.

use multiversion::multiversion;
use reversi::{features, Bitboard, Position, Spot};

use super::eval::evaluate;

/// Exact scores are disc margins times this, above any evaluation.
pub const EXACT: i32 = 10_000;
/// Above any value a search returns: the initial window is `-INFINITY..INFINITY`.
pub const INFINITY: i32 = 200 * EXACT;

/// A negamax search's settings and its node count.
pub struct Search {
    /// Positions visited so far.
    pub nodes: u64,
    /// Whether to search to the end of the game, ignoring the depth.
    pub exact: bool,
}

impl Search {
    /// Negamax alpha-beta: the value of `pos` for the player to move, exact
    /// (margin times [`EXACT`]) at the end of the game or when few squares are left.
    ///
    /// Compiled for each x86-64 level (the `multiversion` crate, as the solver
    /// and the playouts are) and run in the best this processor has, so that the
    /// kernel of a position from [`visit_fastest`](reversi::AnyPosition::visit_fastest)
    /// is inlined into the search.
    pub fn negamax<P: Position>(&mut self, pos: &P, depth: u32, alpha: i32, beta: i32) -> i32 {
        negamax_compiled(self, pos, depth, alpha, beta)
    }
}

/// [`Search::negamax`] for one processor level.
#[multiversion(targets = "simd")]
fn negamax_compiled<P: Position>(
    search: &mut Search,
    pos: &P,
    depth: u32,
    alpha: i32,
    beta: i32,
) -> i32 {
    /// The recursion, compiled for the same processor features as the function
    /// around it, so that it calls itself directly rather than through the
    /// run-time dispatch.
    #[multiversion::inherit_target]
    fn negamax<P: Position>(
        search: &mut Search,
        pos: &P,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        search.nodes += 1;
        if !search.exact && depth == 0 {
            return evaluate(pos);
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            let next = pos.pass_unchecked();
            if next.legal_moves().is_empty() {
                return pos.final_margin() * EXACT;
            }
            return -negamax(search, &next, depth, -beta, -alpha);
        }
        let next_depth = depth.saturating_sub(1);
        for m in ordered(pos, moves, search.exact || depth >= 2) {
            let value = -negamax(search, &pos.play_unchecked(m), next_depth, -beta, -alpha);
            if value >= beta {
                return value;
            }
            alpha = alpha.max(value);
        }
        alpha
    }
    negamax(search, pos, depth, alpha, beta)
}

/// The moves, fewest replies first when `sort` (the cheapest good order), else as
/// they come.
#[inline(always)]
fn ordered<P: Position>(pos: &P, moves: Bitboard<P::Layout>, sort: bool) -> Vec<Spot<P::Layout>> {
    if !(sort && moves.len() > 1 && pos.empty().len() > 5) {
        return moves.iter().collect();
    }
    let corners = features::corner_squares(pos);
    let corner = if pos.anti() { 3 } else { -3 };
    // The keys first, in a loop of this function's own (compiled for the
    // processor's level with the kernel inlined), then a sort on them.
    let mut keyed = Vec::with_capacity(moves.len());
    for m in moves {
        let (_, _, replies) = pos.play_unchecked_with_replies(m);
        keyed.push((
            replies.len() as i32 + i32::from(corners.contains(m)) * corner,
            m,
        ));
    }
    keyed.sort_by_key(|&(key, _)| key);
    keyed.into_iter().map(|(_, m)| m).collect()
}

/// The best move of `root` at `depth` plies (at least 1; exact when `root` has
/// at most `solve` empty squares) with its value (see [`Search::negamax`]),
/// whether it is exact, and the nodes searched. Two players.
///
/// # Panics
///
/// When `root` has no legal move (the caller passes or stops first).
pub fn alphabeta_root<P: Position>(
    root: &P,
    depth: u32,
    solve: u32,
) -> (Spot<P::Layout>, i32, bool, u64) {
    let exact = root.empty().len() as u32 <= solve;
    let mut search = Search { nodes: 0, exact };
    let mut best = None;
    let mut alpha = -INFINITY;
    for m in ordered(root, root.legal_moves(), true) {
        let value = -search.negamax(&root.play_unchecked(m), depth - 1, -INFINITY, -alpha);
        if best.is_none() || value > alpha {
            alpha = value;
            best = Some(m);
        }
    }
    (best.expect("a legal move"), alpha, exact, search.nodes)
}
