//! Negamax alpha-beta on the evaluation, exact (to the end of the game) when few
//! squares are left; two players, every board and option.

use multiversion::multiversion;
use reversi::layout::Layout;
use reversi::{features, Bitboard, BitboardIter, Move, Position, Spot, Square};

use super::eval::evaluate;
use crate::bot::Eval;
use crate::limits::{Interruption, Limits, Watch};
use crate::line::with_passes;

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
    /// The nodes, time and stop flag of its [`Limits`], looked at every 4096
    /// nodes.
    watch: Watch,
    /// The best line found from each node of the line being searched.
    lines: Lines,
}

/// The best line found so far from the node at each ply of the line being
/// searched (a triangular table): a node that raises its alpha stores its move
/// and its child's line in its row, so that the root's row ends as the
/// principal variation. Passes are left out, as in the solver's.
///
/// The table grows to the plies of the deepest search asked of it
/// ([`Lines::fit`]), so that a shallow search does not pay for clearing a
/// table as deep as a whole game.
struct Lines {
    /// The rows, and the room in each: the plies of a line from the root.
    rows: usize,
    /// Row `ply`, the best line from the node at that ply, from `ply * rows`.
    moves: Vec<Square>,
    /// The length of each row, and one more (0) below the deepest.
    len: Vec<u16>,
}

impl Lines {
    fn new() -> Lines {
        Lines {
            rows: 0,
            moves: Vec::new(),
            len: vec![0],
        }
    }

    /// Room for a search of `pos` to `depth` plies (to the end of the game
    /// when `exact`): every placement but the last may follow a pass, and a
    /// search does not go past the end of the game.
    fn fit<P: Position>(&mut self, pos: &P, depth: u32, exact: bool) {
        let empties = pos.empty().len();
        let placements = if exact {
            empties
        } else {
            empties.min(depth as usize)
        };
        let rows = 2 * placements + 2;
        if rows > self.rows {
            self.rows = rows;
            self.moves = vec![Square::new(0, 0); rows * rows];
            self.len = vec![0; rows + 1];
        }
    }

    /// Row `ply` becomes `first` and then row `ply + 1`, the line of the child
    /// that `first` leads to.
    #[inline(always)]
    fn extend(&mut self, ply: usize, first: Square) {
        let rows = self.rows;
        let len = usize::from(self.len[ply + 1]).min(rows - 1);
        let (row, below) = self.moves[ply * rows..].split_at_mut(rows);
        row[0] = first;
        row[1..=len].copy_from_slice(&below[..len]);
        self.len[ply] = len as u16 + 1;
    }

    /// Row `ply` becomes `refutation` alone: the move that reached beta, its
    /// line unsearched.
    #[inline(always)]
    fn cut(&mut self, ply: usize, refutation: Square) {
        self.moves[ply * self.rows] = refutation;
        self.len[ply] = 1;
    }

    /// Row `ply` becomes row `ply + 1`: the node passed.
    #[inline(always)]
    fn pass(&mut self, ply: usize) {
        let rows = self.rows;
        let len = usize::from(self.len[ply + 1]);
        let (row, below) = self.moves[ply * rows..].split_at_mut(rows);
        row[..len].copy_from_slice(&below[..len]);
        self.len[ply] = len as u16;
    }

    fn row(&self, ply: usize) -> &[Square] {
        let start = ply * self.rows;
        &self.moves[start..start + usize::from(self.len[ply])]
    }
}

/// The nodes between two looks at the clock and the stop flag: about a
/// millisecond of search.
const CHECK_EVERY: u64 = 4096;

impl Search {
    /// A search of no nodes yet, exact or not, within the nodes, the time and
    /// the stop flag of `limits` (a flag already set stops it at its first
    /// node); its depth is the one given to [`negamax`](Search::negamax).
    pub fn new(exact: bool, limits: &Limits) -> Search {
        Search {
            nodes: 0,
            exact,
            watch: Watch::start(limits, CHECK_EVERY),
            lines: Lines::new(),
        }
    }

    /// Why the search stopped before its end, once a limit has stopped it:
    /// from then on every node returns 0 at once, so the values it returns
    /// mean nothing.
    pub fn stopped(&self) -> Option<Interruption> {
        self.watch.stopped
    }

    /// The principal variation of the last [`negamax`](Search::negamax) (passes
    /// left out): the line from its position along which each side's move was
    /// the best it found, as far as the search saw it. Only a value between
    /// `alpha` and `beta` has a whole line: at or below `alpha` the line is
    /// empty (no move did better), and at or above `beta` it is the move that
    /// reached `beta` alone, the line after it unsearched (empty when the
    /// position must pass: that move was the other side's). Meaningless after
    /// a stopped search.
    ///
    /// ```
    /// use reversi::{AnyPosition, Position, Rules};
    /// use reversi_engine::search::alphabeta::{Search, INFINITY};
    /// use reversi_engine::Limits;
    ///
    /// let AnyPosition::TwoPlayer8(pos) = AnyPosition::start(&Rules::default()) else {
    ///     unreachable!()
    /// };
    /// let mut search = Search::new(false, &Limits::default());
    /// search.negamax(&pos, 4, -INFINITY, INFINITY);
    /// let line = search.principal_variation();
    /// assert_eq!(line.len(), 4);
    /// assert!(pos.is_legal(line[0]));
    /// ```
    pub fn principal_variation(&self) -> &[Square] {
        self.lines.row(0)
    }
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
        self.lines.fit(pos, depth, self.exact);
        negamax_compiled(self, pos, depth, alpha, beta, 0)
    }
}

/// [`Search::negamax`] for one processor level, of a node `ply` plies below
/// the root (its row in [`Lines`]).
#[multiversion(targets = "simd")]
fn negamax_compiled<P: Position>(
    search: &mut Search,
    pos: &P,
    depth: u32,
    alpha: i32,
    beta: i32,
    ply: usize,
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
        ply: usize,
    ) -> i32 {
        search.nodes += 1;
        search.lines.len[ply] = 0;
        if search.nodes >= search.watch.next_check && search.watch.interrupted(search.nodes) {
            return 0;
        }
        if !search.exact && depth == 0 {
            return evaluate(pos);
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            let next = pos.pass_unchecked();
            if next.legal_moves().is_empty() {
                return pos.final_margin() * EXACT;
            }
            let value = -negamax(search, &next, depth, -beta, -alpha, ply + 1);
            // The child's line only when it is whole: a child that cut off
            // left in its row the moves that raised its alpha before the cut.
            if alpha < value && value < beta {
                search.lines.pass(ply);
            }
            return value;
        }
        let next_depth = depth.saturating_sub(1);
        for m in ordered(pos, moves, search.exact || depth >= 2) {
            let value = -negamax(
                search,
                &pos.play_unchecked(m),
                next_depth,
                -beta,
                -alpha,
                ply + 1,
            );
            if value >= beta {
                // Only the first node's line is seen outside after a cut
                // (`principal_variation`): below, a cut node's line is never
                // read, and keeping it costs the exact search 4 %.
                if ply == 0 {
                    search.lines.cut(ply, m.square());
                }
                return value;
            }
            if value > alpha {
                alpha = value;
                search.lines.extend(ply, m.square());
            }
        }
        alpha
    }
    negamax(search, pos, depth, alpha, beta, ply)
}

/// The moves, fewest replies first when `sort` (the cheapest good order), else as
/// they come.
#[inline(always)]
fn ordered<P: Position>(pos: &P, moves: Bitboard<P::Layout>, sort: bool) -> Ordered<P::Layout> {
    const { assert!(P::Layout::BITS_USED as usize <= MAX_MOVES) };
    if !(sort && moves.len() > 1 && pos.empty().len() > 5) {
        return Ordered::AsTheyCome(moves.iter());
    }
    let Some(first) = moves.iter().next() else {
        return Ordered::AsTheyCome(moves.iter());
    };
    let corners = features::corner_squares(pos);
    let corner = if pos.anti() { 3 } else { -3 };
    // The keys first, in a loop of this function's own (compiled for the
    // processor's level with the kernel inlined), then a sort on them. Each key
    // holds the move's place in `spots` in its low byte, so that equal keys keep
    // the moves' order; on the stack, as no node allocates.
    let mut spots = [first; MAX_MOVES];
    let mut keys = [0u16; MAX_MOVES];
    let mut len = 0;
    for m in moves {
        let (_, _, replies) = pos.play_unchecked_with_replies(m);
        // Below 110 (the layout's bits, more than any move count) plus 6, and
        // never below 0: it fits the high byte.
        let key = replies.len() as i32 + 3 + i32::from(corners.contains(m)) * corner;
        spots[len] = m;
        keys[len] = (key as u16) << 8 | len as u16;
        len += 1;
    }
    keys[..len].sort_unstable();
    Ordered::Sorted {
        spots,
        keys,
        next: 0,
        len,
    }
}

/// More than the legal moves of any position: no layout has more bits.
const MAX_MOVES: usize = 128;

/// The moves of a node in [`ordered`]'s order.
// The sorted variant is large on purpose: it lives in the node's stack frame,
// where a box would be the allocation it replaces.
#[allow(clippy::large_enum_variant)]
enum Ordered<L: Layout> {
    AsTheyCome(BitboardIter<L>),
    Sorted {
        spots: [Spot<L>; MAX_MOVES],
        /// Sort key above, place in `spots` in the low byte.
        keys: [u16; MAX_MOVES],
        next: usize,
        len: usize,
    },
}

impl<L: Layout> Iterator for Ordered<L> {
    type Item = Spot<L>;

    #[inline(always)]
    fn next(&mut self) -> Option<Spot<L>> {
        match self {
            Ordered::AsTheyCome(moves) => moves.next(),
            Ordered::Sorted {
                spots,
                keys,
                next,
                len,
            } => {
                let key = *keys[..*len].get(*next)?;
                *next += 1;
                Some(spots[usize::from(key & 0xff)])
            }
        }
    }
}

/// What [`alphabeta_root`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootChoice<L: Layout> {
    /// The best move.
    pub best: Spot<L>,
    /// Its value for the player to move, in the search's unit (see
    /// [`Search::negamax`]): hundredths of a disc, or a multiple of [`EXACT`]
    /// (the disc margin times it) for a line that reached the end of the game.
    /// [`RootChoice::eval`] gives it in discs, the engine's one unit.
    pub value: i32,
    /// Whether `value` is exact: the search reached the end of the game.
    pub exact: bool,
    /// The depth of the search that found `best`: the deepest finished.
    pub depth: u32,
    /// The positions searched (by every search of an iterative deepening, the
    /// one cut short included).
    pub nodes: u64,
    /// The principal variation: `best`, then the moves along which each side
    /// plays what the search found best, to the search's depth (to the end of
    /// the game when exact), with a [`Move::Pass`] where a player must pass, as
    /// in the solver's [`Solution::pv`](crate::solver::Solution::pv).
    pub pv: Vec<Move>,
}

impl<L: Layout> RootChoice<L> {
    /// [`RootChoice::value`] in the engine's unit, discs: [`Eval::Exact`] (the
    /// disc margin) when exact, else [`Eval::Discs`] (the evaluation, in discs,
    /// or the margin of a line that reached the end of the game).
    ///
    /// ```
    /// use reversi::{AnyPosition, Rules};
    /// use reversi_engine::bot::Eval;
    /// use reversi_engine::search::alphabeta::alphabeta_root;
    /// use reversi_engine::Limits;
    ///
    /// let AnyPosition::TwoPlayer8(pos) = AnyPosition::start(&Rules::default()) else {
    ///     unreachable!()
    /// };
    /// let found = alphabeta_root(&pos, &Limits::default().with_depth(3), 0).unwrap();
    /// assert_eq!(found.eval(), Eval::Discs(f64::from(found.value) / 100.0));
    /// ```
    pub fn eval(&self) -> Eval {
        crate::bot::eval_of(self.value, self.exact)
    }
}

/// Why a search of the root ([`alphabeta_root`], [`mcts`](super::mcts::mcts)) has
/// no move to give.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RootError {
    /// The position is of three or four players; negamax is for two.
    #[error("alpha-beta searches games of two players, not {0}")]
    Players(u8),
    /// The player to move has no legal placement: it must pass, or the game
    /// is over.
    #[error("the player to move has no legal move (it must pass, or the game is over)")]
    NoMove,
    /// The stop flag of the [`Limits`] was set before the search had a move
    /// to give.
    #[error("the search was stopped")]
    Stopped,
}

/// The best move of `root` within `limits`, with its value, whether it is
/// exact, the depth it was found at and the nodes searched; exact (to the
/// end of the game, whatever the depth) when `root` has at most `solve` empty
/// squares.
///
/// - With a depth and no budget of nodes or time: one search of that many
///   plies (at least 1).
/// - With a budget: deepened one ply at a time (iterative deepening), each
///   search trying the last best move first, up to the depth (or to the end
///   of the game), until the budget is spent; the answer is the deepest search
///   finished. The first ply always finishes, so that there is a move to give;
///   the budget holds for the exact search too.
/// - With neither: one search to the end of the game, exact.
///
/// The stop flag stops any of them with [`RootError::Stopped`]. An error, and
/// no search, when `root` is not of two players or its player to move has no
/// legal move (the caller passes or stops first).
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use std::sync::Arc;
/// use std::time::Duration;
/// use reversi::{AnyPosition, Game, Position, Rules};
/// use reversi_engine::search::alphabeta::{alphabeta_root, RootError};
/// use reversi_engine::Limits;
///
/// let mut game = Game::new(Rules::default());
/// game.play_moves("f5 d6")?;
/// let AnyPosition::TwoPlayer8(pos) = *game.position() else { unreachable!() };
/// let found = alphabeta_root(&pos, &Limits::default().with_depth(3), 0).unwrap();
/// assert!(pos.is_legal(found.best.square()));
/// assert!(!found.exact && found.depth == 3);
///
/// let on_time = Limits::default().with_time(Duration::from_millis(50));
/// let found = alphabeta_root(&pos, &on_time, 0).unwrap();
/// assert!(pos.is_legal(found.best.square()) && found.depth >= 1);
///
/// let stop = Arc::new(AtomicBool::new(true));
/// let stopped = Limits::default().with_depth(12).with_stop(stop);
/// assert_eq!(alphabeta_root(&pos, &stopped, 0), Err(RootError::Stopped));
///
/// let three = Game::new(Rules::builder(reversi::Board::Size8).players(3).build()?);
/// let AnyPosition::MultiPlayer8(pos) = *three.position() else { unreachable!() };
/// assert_eq!(alphabeta_root(&pos, &Limits::default(), 0), Err(RootError::Players(3)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn alphabeta_root<P: Position>(
    root: &P,
    limits: &Limits,
    solve: u32,
) -> Result<RootChoice<P::Layout>, RootError> {
    let empties = root.empty().len() as u32;
    // Every line of a search this deep reaches the end of the game.
    let to_the_end = empties + 1;
    let exact = empties <= solve;
    let deepest = match limits.depth {
        Some(depth) if !exact => depth.clamp(1, to_the_end),
        _ => to_the_end,
    };
    if !limits.has_budget() {
        let mut search = Search::new(exact || deepest == to_the_end, limits);
        return root_search(root, deepest, &mut search, None);
    }
    // The first ply runs to its end, whatever the budget: only the flag stops it.
    let flag_only = Limits {
        stop: limits.stop.clone(),
        ..Limits::default()
    };
    let mut search = Search::new(false, &flag_only);
    let budget = Watch::start(limits, CHECK_EVERY);
    let mut found: Option<RootChoice<P::Layout>> = None;
    for depth in 1..=deepest {
        let first = found.as_ref().map(|choice| choice.best);
        match root_search(root, depth, &mut search, first) {
            Ok(choice) => {
                let exact = depth >= to_the_end;
                found = Some(RootChoice { exact, ..choice });
                if exact {
                    break;
                }
            }
            // Cut short by the budget, not by the flag: the deepest search
            // finished stands.
            Err(RootError::Stopped) if !search.watch.cancelled() => break,
            Err(e) => return Err(e),
        }
        search.watch = budget.clone();
        if search.watch.interrupted(search.nodes) {
            break;
        }
    }
    let choice = found.ok_or(RootError::NoMove)?;
    // The nodes of every search, the last one cut short included.
    Ok(RootChoice {
        nodes: search.nodes,
        ..choice
    })
}

/// [`alphabeta_root`]'s search at `depth` with `search`'s settings, trying `first`
/// first when given; its `nodes` are the search's total so far.
fn root_search<P: Position>(
    root: &P,
    depth: u32,
    search: &mut Search,
    first: Option<Spot<P::Layout>>,
) -> Result<RootChoice<P::Layout>, RootError> {
    if root.players() != 2 {
        return Err(RootError::Players(root.players()));
    }
    search.lines.fit(root, depth.max(1), search.exact);
    let mut best = None;
    let mut alpha = -INFINITY;
    let moves = first
        .into_iter()
        .chain(ordered(root, root.legal_moves(), true).filter(|&m| Some(m) != first));
    for m in moves {
        let child = root.play_unchecked(m);
        let value = -negamax_compiled(search, &child, depth.max(1) - 1, -INFINITY, -alpha, 1);
        if best.is_none() || value > alpha {
            alpha = value;
            best = Some(m);
            search.lines.extend(0, m.square());
        }
    }
    let best = best.ok_or(RootError::NoMove)?;
    if search.stopped().is_some() {
        return Err(RootError::Stopped);
    }
    Ok(RootChoice {
        best,
        value: alpha,
        exact: search.exact,
        depth,
        nodes: search.nodes,
        pv: with_passes(root, search.principal_variation()),
    })
}

#[cfg(test)]
mod tests {
    use rand_core::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;
    use reversi::{AnyPosition, Game, PositionVisitor, Rules, SearchPosition};

    use super::*;

    /// Plays `line` from `root`, a pass where it says: the position it ends
    /// in, and 1 when `root`'s player is to move there, else -1.
    fn end_of<P: Position>(root: &P, line: &[Move]) -> (P, i32) {
        let (mut pos, mut sign) = (*root, 1);
        for &mv in line {
            pos = pos
                .play(mv)
                .unwrap_or_else(|e| panic!("{mv} in the line: {e}"));
            sign = -sign;
        }
        (pos, sign)
    }

    /// A search's own line (placements only), with its passes: every
    /// placement kept, or the line was not legal.
    fn moves_of<P: Position>(root: &P, line: &[Square]) -> Vec<Move> {
        let moves = with_passes(root, line);
        let placed = moves.iter().filter(|m| m.square().is_some()).count();
        assert_eq!(placed, line.len(), "the line {line:?} is not legal");
        moves
    }

    /// The position `line` ends in, valued as the search does, for `root`'s
    /// player to move: the final margin at the end of the game, else the
    /// evaluation.
    fn value_at_the_end_of<P: Position>(root: &P, line: &[Move]) -> i32 {
        let (end, sign) = end_of(root, line);
        sign * evaluate(&end)
    }

    /// Random games of each of `rules`, `games` of each, their moves drawn
    /// from `seed`: `at` sees every position before its move (or pass), with
    /// the random source.
    fn random_games(
        rules: &[&str],
        games: usize,
        seed: u64,
        mut at: impl FnMut(&Game, &mut Xoshiro256PlusPlus),
    ) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        for text in rules {
            let rules: Rules = text.parse().unwrap();
            for _ in 0..games {
                let mut game = Game::new(rules);
                while !game.is_over() {
                    at(&game, &mut rng);
                    let moves: Vec<Square> = game.legal_moves().iter().collect();
                    if moves.is_empty() {
                        game.pass().unwrap();
                        continue;
                    }
                    let m = moves[rng.next_u32() as usize % moves.len()];
                    game.play(m).unwrap();
                }
            }
        }
    }

    /// Searches a position and checks its principal variation.
    struct CheckLine {
        depth: u32,
        solve: u32,
    }

    impl PositionVisitor for CheckLine {
        type Output = ();
        fn visit<P: SearchPosition>(self, pos: &P) {
            let limits = Limits::default().with_depth(self.depth);
            let found = alphabeta_root(pos, &limits, self.solve).unwrap();
            let context = format!("{pos:?} depth {} solve {}", self.depth, self.solve);
            assert_eq!(
                found.pv.first(),
                Some(&Move::Place(found.best.square())),
                "{context}"
            );
            // The line ends where the search valued it: at the end of the
            // game, or after `depth` moves.
            assert_eq!(
                value_at_the_end_of(pos, &found.pv),
                found.value,
                "{context}"
            );
            let (end, _) = end_of(pos, &found.pv);
            if found.exact {
                assert!(end.is_over(), "{context}: an exact line ends the game");
            } else {
                // A pass is no ply of the depth.
                let placed = found.pv.iter().filter(|m| m.square().is_some()).count();
                assert!(
                    placed == self.depth as usize || end.is_over(),
                    "{context}: a line of {placed} placements",
                );
            }
        }
    }

    #[test]
    fn the_principal_variation_is_legal_and_ends_in_the_value_found() {
        let mut searched = 0;
        let rules = ["6x6", "8x8", "10x10", "octagon", "8x8, anti", "6x6, anti"];
        random_games(&rules, 6, 20261203, |game, rng| {
            if game.must_pass() || rng.next_u32() % 4 != 0 {
                return;
            }
            let depth = 1 + rng.next_u32() % 4;
            // Exact near the end, where the search is cheap.
            let solve = if game.position().empty().len() <= 9 {
                9
            } else {
                0
            };
            game.position().visit(CheckLine { depth, solve });
            searched += 1;
        });
        assert!(searched > 300, "{searched} searches");
    }

    #[test]
    fn a_position_that_must_pass_has_a_line_only_inside_the_window() {
        let mut passes = 0;
        random_games(&["6x6", "8x8", "8x8, anti"], 60, 7, |game, _| {
            if game.must_pass() {
                game.position().visit(CheckPass);
                passes += 1;
            }
        });
        assert!(passes >= 20, "{passes} positions that must pass");
    }

    /// Searches a position that must pass with the whole window and with
    /// windows above, around and below its value.
    struct CheckPass;

    impl PositionVisitor for CheckPass {
        type Output = ();
        fn visit<P: SearchPosition>(self, pos: &P) {
            let mut search = Search::new(false, &Limits::default());
            let value = search.negamax(pos, 3, -INFINITY, INFINITY);
            let whole = search.principal_variation().to_vec();
            assert_eq!(
                value_at_the_end_of(pos, &moves_of(pos, &whole)),
                value,
                "{pos:?}"
            );
            assert!(search.negamax(pos, 3, value - 3, value + 3) == value);
            assert_eq!(search.principal_variation(), whole, "{pos:?}");
            // Outside the window the value is a bound, and the line empty.
            for width in [30, 300, 3000, 30000] {
                assert!(search.negamax(pos, 3, value + 1, value + width) <= value + 1);
                assert_eq!(search.principal_variation(), [], "{pos:?} below alpha");
                assert!(search.negamax(pos, 3, value - width, value - 1) >= value - 1);
                assert_eq!(search.principal_variation(), [], "{pos:?} above beta");
            }
        }
    }

    #[test]
    fn the_line_of_a_search_you_run_yourself_is_cut_at_beta_and_empty_below_alpha() {
        let AnyPosition::TwoPlayer8(pos) = AnyPosition::start(&Rules::default()) else {
            unreachable!()
        };
        let mut search = Search::new(false, &Limits::default());
        let value = search.negamax(&pos, 4, -INFINITY, INFINITY);
        assert_eq!(search.principal_variation().len(), 4);
        let line = moves_of(&pos, search.principal_variation());
        assert_eq!(value_at_the_end_of(&pos, &line), value);
        // Above beta: the move that reached it, alone.
        assert!(search.negamax(&pos, 4, value - 10, value - 5) >= value - 5);
        assert_eq!(search.principal_variation().len(), 1);
        // Below alpha: no move did better.
        assert!(search.negamax(&pos, 4, value + 5, value + 10) <= value + 5);
        assert!(search.principal_variation().is_empty());
    }
}
