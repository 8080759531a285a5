//! Negamax alpha-beta on the evaluation, exact (to the end of the game) when few
//! squares are left; two players, every board and option.

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
    pub fn negamax<P: Position>(&mut self, pos: &P, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if !self.exact && depth == 0 {
            return evaluate(pos);
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            let next = pos.pass_unchecked();
            if next.legal_moves().is_empty() {
                return pos.final_margin() * EXACT;
            }
            return -self.negamax(&next, depth, -beta, -alpha);
        }
        let next_depth = depth.saturating_sub(1);
        for m in ordered(pos, moves, self.exact || depth >= 2) {
            let value = -self.negamax(&pos.play_unchecked(m), next_depth, -beta, -alpha);
            if value >= beta {
                return value;
            }
            alpha = alpha.max(value);
        }
        alpha
    }
}

/// The moves, fewest replies first when `sort` (the cheapest good order), else as
/// they come.
fn ordered<P: Position>(pos: &P, moves: Bitboard<P::Layout>, sort: bool) -> Vec<Spot<P::Layout>> {
    let mut list: Vec<Spot<P::Layout>> = moves.iter().collect();
    if sort && list.len() > 1 && pos.empty().len() > 5 {
        let corners = features::corner_squares(pos);
        list.sort_by_key(|&m| {
            let (_, _, replies) = pos.play_unchecked_with_replies(m);
            let replies = replies.len() as i32;
            let corner = i32::from(corners.contains(m)) * if pos.anti() { 3 } else { -3 };
            replies + corner
        });
    }
    list
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
