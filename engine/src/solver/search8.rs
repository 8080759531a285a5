//! The exact search on the 8×8 grid: the recursion from the last empty squares
//! up (last flip, 2 to 5 empties, shallow nodes), move ordering by an evaluated
//! search and the table, PVS with its null-window twin, the root, aspiration and
//! the principal variation. [`super::Solver`] drives it.

use multiversion::multiversion;
use reversi::{Bitboard, UpdateKey};

use super::last_flip;
use super::table::{Entry, Table};
use super::*;
use crate::search::patterns::Counts;

/// Scores are disc differences in -64..=64; this is beyond them.
pub(super) const INFINITY: i32 = 65;

/// From this many empty squares down, no table and no sorting: parity order.
pub(super) const SHALLOW: u32 = 6;

/// Above this many empty squares, children are looked up in the table first
/// (enhanced transposition cut-off). From 8 empties up it saves the most nodes
/// (2 % of FFO 40-44 against 10 up), but each lookup may wait for memory even
/// with the buckets prefetched: from 10 up was as fast as any threshold on FFO
/// 40-44 and the fastest of 8, 10 and 12 on FFO 45-49, on the Xeon
/// (PERFORMANCE.md).
pub(super) const ETC_EMPTIES: u32 = 9;

/// Empty squares at which the stability cut-off starts paying, and above which
/// alpha must be for it to be tried (Edax's `NWS_STABILITY_THRESHOLD`).
pub(super) const STABILITY_THRESHOLD: [i32; 65] = {
    let mut t = [99; 65];
    let mut n = 4;
    while n < 65 {
        let v = 6 + 2 * (n as i32 - 4);
        t[n] = if v > 64 { 64 } else { v };
        n += 1;
    }
    t
};

/// The four quadrants of the board: an odd number of empty squares in a
/// quadrant makes its moves the better ones to try first (the last move there is
/// ours). [`parity_order`] folds the parities instead of counting per quadrant,
/// and spreads them with the first quadrant alone; the list is the definition its
/// test checks it against.
pub const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

pub(super) const CORNERS: u64 = 0x8100_0000_0000_0081;

/// The table's move when it has none.
pub(super) const NO_MOVE: u8 = 255;

/// The search's state, one per thread: the shared table, the node count and
/// how moves are ordered.
pub(super) struct Searcher {
    pub(super) table: Arc<Table>,
    /// Whether other threads search the same tree (then busy children are
    /// deferred).
    pub(super) shared: bool,
    pub(super) nodes: u64,
    /// The board's corners (6×6 has its own on the 8×8 grid) and X-squares.
    pub(super) shape: Shape,
    /// `sort_depth[e]`: the depth of the evaluated search that orders the moves
    /// of a node with `e` empty squares (0: fastest-first only).
    pub(super) sort_depth: [u8; 65],
    /// The limits of this solve, and why it stopped early once it has.
    pub(super) watch: Watch,
    /// The best root move searched to the end so far in this solve, with the
    /// score the position is known to reach at least (a lower bound): what
    /// an interrupted solve gives back.
    pub(super) found: Option<(Square, i32)>,
    /// What the last selective pass finished in this solve found: what an
    /// interrupted solve gives back beside [`found`](Self::found).
    pub(super) guess: Option<Guess>,
    /// In a selective pass ([`SELECTIVE_MARGINS`]), Multi-ProbCut's margin in
    /// the learned evaluation's units; `None` in the exact search.
    pub(super) selective: Option<i32>,
    /// The selective passes' margins in discs ([`SELECTIVE_MARGINS`]).
    pub(super) margins: Vec<i32>,
}

/// The default empty-square counts from which the moves are ordered by an
/// evaluated search of depth 1, 2, 3, 4 and 5 (chosen on FFO 40–49 on an Intel
/// Xeon, 2026-12-02: PERFORMANCE.md); for tuning, the environment variable
/// `REVERSI_SOLVER_SORT=A,B,...` replaces them (read when a solver is made; a
/// depth without a count is not used).
pub(super) const SORT_FROM: [u32; 5] = [14, 17, 20, 23, 26];

/// From this many empty squares up, on the learned evaluation, the root is
/// first searched by selective passes: each cut by Multi-ProbCut
/// ([`Searcher::probcut`]) at one of these margins in discs, in turn, then
/// exactly. A selective pass fills the table with the moves that a search
/// guided by the evaluation prefers, and its score is the next pass's guess;
/// its bounds are marked selective, and the exact search takes only their
/// moves. Chosen on FFO 40–53 (20 to 28 empty squares; Intel Xeon,
/// 2026-12-07, PERFORMANCE.md): passes at 4 then 8 discs took 76 % of the
/// time without them on FFO 40–49 and on FFO 50–53; one pass at 6 or 7
/// discs did as well on the first and worse on the second. Below 20 empty
/// squares it was not measured.
pub(super) const SELECTIVE_FROM: u32 = 20;

/// The margins of the selective passes, in discs ([`SELECTIVE_FROM`]).
pub(super) const SELECTIVE_MARGINS: &[i32] = &[4, 8];

/// In a selective pass, null-window nodes with this many empty squares or
/// more are tried for a Multi-ProbCut cut.
pub(super) const CUT_FROM: u32 = 12;

/// The depth of the shallow search that tries a node of `empties` empty
/// squares for a cut: 0 (the evaluation alone) below 14, then one more every
/// four empty squares.
#[inline(always)]
pub(super) fn cut_depth(empties: u32) -> u32 {
    (empties.saturating_sub(10) / 4).min(4)
}

impl Searcher {
    pub(super) fn new(bits: u32) -> Searcher {
        let mut from = SORT_FROM;
        if let Ok(text) = std::env::var("REVERSI_SOLVER_SORT") {
            from = [u32::MAX; 5];
            for (slot, value) in from.iter_mut().zip(text.split(',')) {
                if let Ok(v) = value.trim().parse() {
                    *slot = v;
                }
            }
        }
        let mut sort_depth = [0; 65];
        for (e, depth) in sort_depth.iter_mut().enumerate() {
            *depth = from.iter().filter(|&&f| e as u32 >= f).count() as u8;
        }
        Searcher {
            table: Arc::new(Table::new(bits)),
            shared: false,
            nodes: 0,
            shape: Shape::new(CORNERS),
            sort_depth,
            watch: Watch::unlimited(),
            found: None,
            guess: None,
            selective: None,
            margins: SELECTIVE_MARGINS.to_vec(),
        }
    }
}

/// Nodes between two checks of the time limit and the cancellation flag.
pub(super) const CHECK_EVERY: u64 = 1 << 14;

impl Searcher {
    /// Arms the limits for one solve.
    pub(super) fn start(&mut self, limits: &Limits) {
        self.nodes = 0;
        self.watch = Watch::start(limits, CHECK_EVERY);
        self.found = None;
        self.guess = None;
        // Exact unless a selective pass sets it (and whatever a solve cut
        // short by a panic left).
        self.selective = None;
    }

    /// Whether the search must stop: called when the node count reaches the
    /// watch's `next_check`.
    #[inline(always)]
    pub(super) fn interrupted(&mut self) -> bool {
        self.watch.interrupted(self.nodes)
    }

    /// Why the search stopped early, once it has.
    pub(super) fn stopped(&self) -> Option<Interruption> {
        self.watch.stopped
    }

    #[inline(always)]
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        self.table.probe(key)
    }

    /// Stores what a search found, unless it was interrupted (then its
    /// scores mean nothing).
    #[inline(always)]
    pub(super) fn store(
        &self,
        key: u64,
        empties: u32,
        alpha: i32,
        beta: i32,
        score: i32,
        best: u8,
    ) {
        if self.stopped().is_none() {
            let selective = self.selective.is_some();
            self.table
                .store(key, empties, (alpha, beta), score, best, selective);
        }
    }

    /// The bounds of `entry` this search may cut on: an exact search takes
    /// only exact bounds, a selective one any.
    #[inline(always)]
    pub(super) fn bounds(&self, entry: &Entry) -> (i32, i32) {
        if entry.selective && self.selective.is_none() {
            (-INFINITY, INFINITY)
        } else {
            (entry.lower as i32, entry.upper as i32)
        }
    }

    /// Multi-ProbCut in a selective pass: the bound of a null-window node
    /// (`alpha`, `alpha + 1`) of [`CUT_FROM`] empty squares or more whose
    /// shallow search on the learned evaluation ([`cut_depth`] plies) lies
    /// beyond the window by the pass's margin.
    #[inline(always)]
    pub(super) fn probcut<P: Position<Layout = Grid8>>(
        &self,
        pos: &P,
        moves: Bitboard<Grid8>,
        empties: u32,
        alpha: i32,
    ) -> Option<i32> {
        let margin = self.selective?;
        if empties < CUT_FROM {
            return None;
        }
        let depth = cut_depth(empties);
        let mut shape = self.shape;
        shape.guess = true;
        let one = Patterns::ONE_DISC;
        let high = (alpha + 1) * one + margin;
        if eval_search(pos, moves, &shape, depth, high - 1, high) >= high {
            return Some(alpha + 1);
        }
        let low = alpha * one - margin;
        if eval_search(pos, moves, &shape, depth, low, low + 1) <= low {
            return Some(alpha);
        }
        None
    }

    /// A search for another thread on the same table, stopped by `stop`.
    pub(super) fn helper(&self, stop: Arc<AtomicBool>) -> Searcher {
        Searcher {
            table: Arc::clone(&self.table),
            shared: true,
            nodes: 0,
            shape: self.shape,
            sort_depth: self.sort_depth,
            watch: Watch::new(None, None, Some(stop), CHECK_EVERY),
            found: None,
            guess: None,
            selective: None,
            margins: self.margins.clone(),
        }
    }
}

/// The exact score of a finished game, for the player to move.
#[inline(always)]
pub(super) fn final_score<P: Position>(pos: &P) -> i32 {
    pos.final_margin()
}

/// The score with one empty square `x` left: the disc counts after the last move
/// (by whoever can play it), on however many squares the board has.
#[inline(always)]
pub(super) fn last_one<P: Position<Layout = Grid8>>(
    search: &mut Searcher,
    pos: &P,
    x: Spot<Grid8>,
) -> i32 {
    search.nodes += 1;
    if pos.anti() {
        // Who wins is reversed: the rules crate's own count of the final margin.
        let (child, flipped) = pos.play_unchecked_with_flips(x);
        if !flipped.is_empty() {
            return -child.final_margin();
        }
        let (child, flipped) = pos.pass_unchecked().play_unchecked_with_flips(x);
        if !flipped.is_empty() {
            return child.final_margin();
        }
        return final_score(pos);
    }
    let mine = pos.mine().len() as i32;
    // Every playable square: the discs and `x` (6×6 and blocked squares have fewer
    // than 64).
    let squares = mine + pos.theirs().len() as i32 + 1;
    // On a full 8×8 board the flips are counted by lines, not computed.
    let full = squares == 64;
    let n = if full {
        last_flip::count(pos.mine().bits(), x.bit())
    } else {
        pos.flips_unchecked(x).len() as u32
    } as i32;
    if n > 0 {
        return 2 * (mine + n + 1) - squares;
    }
    let n = if full {
        last_flip::count(pos.theirs().bits(), x.bit())
    } else {
        pos.pass_unchecked().flips_unchecked(x).len() as u32
    } as i32;
    if n > 0 {
        return 2 * (mine - n) - squares;
    }
    // Nobody can play the last square: it goes to the winner.
    final_score(pos)
}

/// The empty squares in parity order: those of quadrants with an odd number of
/// empty squares first (there, we may get the last move).
#[inline(always)]
pub fn parity_order(empty: u64, moves: u64) -> [u64; 2] {
    // Each quadrant's parity, folded into its first square: the rows of each
    // half, then the columns of each half.
    let mut parity = empty ^ (empty >> 8);
    parity ^= parity >> 16;
    parity ^= parity >> 1;
    parity ^= parity >> 2;
    // Spread over the quadrants: their first squares (a1, e1, a5, e5) times
    // the first quadrant's squares, copies that do not overlap.
    let odd = (parity & 0x0000_0011_0000_0011).wrapping_mul(QUADRANTS[0]);
    [moves & odd, moves & !odd]
}

/// Tries every move of `$pos` (in parity order) with alpha-beta in
/// ($alpha, $beta), each child scored by `$score` (with `$child`, the square `$x`
/// played and the child's window `$a`, `$b` in scope); evaluates to `None` if no
/// square flips anything. Legality comes from the flips themselves, which play
/// computes once: cheaper than generating the moves when few squares are empty.
/// A macro, not a function taking a closure, so that everything is inlined into
/// the caller compiled for the processor, kernel included.
macro_rules! try_empties {
    ($search:ident, $pos:expr, $empty:expr, $alpha:expr, $beta:expr,
     |$child:ident, $x:ident, $a:ident, $b:ident| $score:expr) => {{
        let (pos, empty, mut alpha, beta) = ($pos, $empty, $alpha, $beta);
        let mut best = -INFINITY;
        'moves: for set in parity_order(empty, empty) {
            for $x in Bitboard::<Grid8>::from_bits(set) {
                let ($child, flipped) = pos.play_unchecked_with_flips($x);
                if flipped.is_empty() {
                    continue;
                }
                let ($a, $b) = (-beta, -alpha);
                let score = -$score;
                if score > best {
                    best = score;
                    if score > alpha {
                        alpha = score;
                        if alpha >= beta {
                            break 'moves;
                        }
                    }
                }
            }
        }
        (best > -INFINITY).then_some(best)
    }};
}

/// A node of the last few empty squares: the moves of the player to move, else
/// those of the opponent after a pass, else the final score.
macro_rules! small_node {
    ($search:ident, $pos:expr, $alpha:expr, $beta:expr,
     |$child:ident, $x:ident, $a:ident, $b:ident| $score:expr) => {{
        let (pos, alpha, beta) = ($pos, $alpha, $beta);
        $search.nodes += 1;
        let empty = pos.empty().bits();
        if let Some(score) = try_empties!($search, pos, empty, alpha, beta, |$child, $x, $a, $b| {
            $score
        }) {
            score
        } else {
            let passed = pos.pass_unchecked();
            if let Some(score) = try_empties!(
                $search,
                &passed,
                empty,
                -beta,
                -alpha,
                |$child, $x, $a, $b| $score
            ) {
                -score
            } else {
                final_score(pos)
            }
        }
    }};
}

/// Two empty squares.
#[inline(always)]
pub(super) fn solve_2<P: Position<Layout = Grid8>>(
    search: &mut Searcher,
    pos: &P,
    alpha: i32,
    beta: i32,
) -> i32 {
    let empty = pos.empty().bits();
    small_node!(search, pos, alpha, beta, |child, x, _a, _b| {
        let last = Spot::from_bit((empty & !x.bitboard().bits()).trailing_zeros() as usize);
        last_one(search, &child, last.unwrap())
    })
}

/// Three empty squares.
#[inline(always)]
pub(super) fn solve_3<P: Position<Layout = Grid8>>(
    search: &mut Searcher,
    pos: &P,
    alpha: i32,
    beta: i32,
) -> i32 {
    small_node!(search, pos, alpha, beta, |child, x, a, b| solve_2(
        search, &child, a, b
    ))
}

/// Four empty squares.
#[inline(always)]
pub(super) fn solve_4<P: Position<Layout = Grid8>>(
    search: &mut Searcher,
    pos: &P,
    alpha: i32,
    beta: i32,
) -> i32 {
    small_node!(search, pos, alpha, beta, |child, x, a, b| solve_3(
        search, &child, a, b
    ))
}

/// Five empty squares.
#[inline(always)]
pub(super) fn solve_5<P: Position<Layout = Grid8>>(
    search: &mut Searcher,
    pos: &P,
    alpha: i32,
    beta: i32,
) -> i32 {
    small_node!(search, pos, alpha, beta, |child, x, a, b| solve_4(
        search, &child, a, b
    ))
}

/// Alpha-beta with few empty squares: no table, moves in parity order.
#[multiversion(targets = "simd")]
pub(super) fn shallow<P: Position<Layout = Grid8>>(
    search: &mut Searcher,
    pos: &P,
    mut alpha: i32,
    beta: i32,
    passed: bool,
) -> i32 {
    let empty = pos.empty();
    if empty.len() <= 5 {
        return match empty.len() {
            5 => solve_5(search, pos, alpha, beta),
            4 => solve_4(search, pos, alpha, beta),
            3 => solve_3(search, pos, alpha, beta),
            2 => solve_2(search, pos, alpha, beta),
            1 => last_one(search, pos, empty.first().unwrap()),
            _ => final_score(pos),
        };
    }
    search.nodes += 1;
    let moves = pos.legal_moves();
    if moves.is_empty() {
        if passed {
            return final_score(pos);
        }
        return -shallow(search, &pos.pass_unchecked(), -beta, -alpha, true);
    }
    let mut best = -INFINITY;
    for set in parity_order(empty.bits(), moves.bits()) {
        for m in Bitboard::<Grid8>::from_bits(set) {
            let score = -shallow(search, &pos.play_unchecked(m), -beta, -alpha, false);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        return best;
                    }
                }
            }
        }
    }
    best
}

/// The board's corners and, for each, the square diagonally inside it (the
/// X-square) and the two beside it on the edges (the C-squares), for the
/// evaluation.
#[derive(Clone, Copy)]
pub(super) struct Shape {
    /// The learned evaluation, on the standard 8×8 board of Reversi (no blocked
    /// squares), where it was learned.
    pub(super) patterns: Option<&'static Patterns>,
    /// Whether [`evaluate`] gives the learned evaluation alone, in discs (for
    /// the aspiration's guess), rather than the ordering value.
    pub(super) guess: bool,
    pub(super) corners: u64,
    /// (corner, X-square) pairs.
    pub(super) x_squares: [(u64, u64); 4],
    /// The C-squares of each corner of `x_squares`.
    pub(super) c_squares: [u64; 4],
}

/// The evaluation's weight of a disc on the X-square of an empty corner (it
/// gives the corner away), against 16 per legal move.
pub(super) const X_WEIGHT: i32 = 32;

/// The same for a disc on a C-square of an empty corner.
pub(super) const C_WEIGHT: i32 = 16;

/// Fastest-first's bonus for a move into a quadrant with an odd number of
/// empty squares, against 16 per legal move of the opponent.
pub(super) const PARITY_BONUS: i32 = 8;

impl Shape {
    pub(super) fn new(corners: u64) -> Shape {
        let bits: Vec<u32> = (0..64).filter(|b| corners >> b & 1 == 1).collect();
        let rows = bits.iter().map(|b| b / 8);
        let (top, bottom) = (rows.clone().min().unwrap_or(0), rows.max().unwrap_or(7));
        let cols = bits.iter().map(|b| b % 8);
        let (left, right) = (cols.clone().min().unwrap_or(0), cols.max().unwrap_or(7));
        let mut x_squares = [(0, 0); 4];
        let mut c_squares = [0; 4];
        for ((slot, c_slot), &b) in x_squares.iter_mut().zip(&mut c_squares).zip(&bits) {
            let (r, c) = (b / 8, b % 8);
            let r1 = if r == top && top < bottom {
                r + 1
            } else {
                r.saturating_sub(1)
            };
            let c1 = if c == left && left < right {
                c + 1
            } else {
                c.saturating_sub(1)
            };
            *slot = (1 << b, 1 << (8 * r1 + c1));
            *c_slot = 1 << (8 * r + c1) | 1 << (8 * r1 + c);
        }
        Shape {
            patterns: None,
            guess: false,
            corners,
            x_squares,
            c_squares,
        }
    }
}

/// Moves counted with the corners twice.
#[inline(always)]
pub(super) fn weighted(moves: u64, corners: u64) -> i32 {
    (moves.count_ones() + (moves & corners).count_ones()) as i32
}

/// A quick evaluation for move ordering, for the player to move: mobility
/// (corners twice), potential mobility, corners held, and discs on the X- and
/// C-squares of empty corners (a liability: they open the corner).
#[inline(always)]
pub(super) fn evaluate<P: Position<Layout = Grid8>>(
    pos: &P,
    moves: Bitboard<Grid8>,
    shape: &Shape,
) -> i32 {
    let corners = shape.corners;
    let me = pos.to_move();
    let mine = pos.mine().bits();
    let theirs = pos.theirs().bits();
    let my_moves = moves.bits();
    let their_moves = pos.pass_unchecked().legal_moves().bits();
    let my_potential = features::potential_mobility(pos, me).len() as i32;
    let their_potential = features::potential_mobility(pos, me.opponent()).len() as i32;
    let held = (mine & corners).count_ones() as i32 - (theirs & corners).count_ones() as i32;
    let empty = pos.empty().bits();
    let (mut x, mut c) = (0, 0);
    for ((corner, square), cs) in shape.x_squares.into_iter().zip(shape.c_squares) {
        if empty & corner != 0 {
            x += (theirs & square != 0) as i32 - (mine & square != 0) as i32;
            c += (theirs & cs).count_ones() as i32 - (mine & cs).count_ones() as i32;
        }
    }
    let hand = 16 * (weighted(my_moves, corners) - weighted(their_moves, corners))
        + 4 * (my_potential - their_potential)
        + 48 * held
        + X_WEIGHT * x
        + C_WEIGHT * c;
    match shape.patterns {
        None => hand,
        Some(patterns) => {
            let counts = Counts {
                my_moves: my_moves.count_ones(),
                their_moves: their_moves.count_ones(),
                my_potential: my_potential as u32,
                their_potential: their_potential as u32,
                empties: empty.count_ones(),
            };
            let learned = patterns.evaluate_counted(mine, theirs, counts);
            if shape.guess {
                learned
            } else {
                // A disc of the learned evaluation against a quarter of a move
                // of mobility: measured on FFO 40-49 (PERFORMANCE.md), the
                // mobility terms order better, and the learned evaluation
                // breaks their ties and sees the edges.
                learned / 4 + 4 * hand
            }
        }
    }
}

/// Beyond any evaluation: the scale of final scores in evaluated searches.
pub(super) const EVAL_WIN: i32 = 1 << 16;

/// An alpha-beta search of `depth` plies on [`evaluate`], for move ordering;
/// `moves` are the legal moves of `pos`, which the caller has at hand.
#[multiversion(targets = "simd")]
pub(super) fn eval_search<P: Position<Layout = Grid8>>(
    pos: &P,
    moves: Bitboard<Grid8>,
    shape: &Shape,
    depth: u32,
    mut alpha: i32,
    beta: i32,
) -> i32 {
    if depth == 0 {
        return evaluate(pos, moves, shape);
    }
    if moves.is_empty() {
        let passed = pos.pass_unchecked();
        let passed_moves = passed.legal_moves();
        if passed_moves.is_empty() {
            return pos.final_margin() * EVAL_WIN / 64;
        }
        return -eval_search(&passed, passed_moves, shape, depth - 1, -beta, -alpha);
    }
    let mut best = -2 * EVAL_WIN;
    for m in moves {
        let (child, _, replies) = pos.play_unchecked_with_replies(m);
        let score = -eval_search(&child, replies, shape, depth - 1, -beta, -alpha);
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// The moves of `pos` with their ordering values, best first, and how many.
#[inline(always)]
pub(super) fn sorted_moves<P: Position<Layout = Grid8> + UpdateKey>(
    search: &Searcher,
    pos: &P,
    key: u64,
    moves: Bitboard<Grid8>,
    first: u8,
    empties: u32,
) -> ([(i32, Spot<Grid8>, u64); 32], usize) {
    // Spots and keys only, children played again when searched: a list of 32
    // positions costs more to set up than the second play.
    let mut list = [(0, moves.first().unwrap(), 0); 32];
    let mut n = 0;
    let shape = &search.shape;
    let depth = search.sort_depth[empties as usize] as u32;
    let corners = shape.corners;
    let odd = parity_order(pos.empty().bits(), moves.bits())[0];
    for m in moves {
        let (child, flips, replies) = pos.play_unchecked_with_replies(m);
        let mobility = replies.bits();
        let value = if m.bit() as u8 == first {
            1 << 30
        } else if depth > 0 {
            // An evaluated search, fastest-first to break ties.
            -eval_search(
                &child,
                replies,
                shape,
                depth - 1,
                -2 * EVAL_WIN,
                2 * EVAL_WIN,
            ) * 4
                - weighted(mobility, corners) * 16
        } else {
            let potential = features::potential_mobility(&child, child.to_move()).len() as i32;
            -(weighted(mobility, corners) * 16 + potential)
                + PARITY_BONUS * (odd & m.bitboard().bits() != 0) as i32
        };
        let child_key = pos.key_after_move(key, m, flips);
        if empties > SHALLOW + 1 {
            // The child, with more than SHALLOW empty squares, will probe the
            // table (its own entry; from ETC_EMPTIES up, this node's cut-off
            // looks first): its bucket loads while the others are sorted. It
            // pays also where the probe comes after earlier siblings'
            // subtrees: FFO 40-44 took 5.7 s against 6.5 s with the prefetch
            // above ETC_EMPTIES only (PERFORMANCE.md).
            search.table.prefetch(child_key);
        }
        list[n] = (value, m, child_key);
        n += 1;
    }
    // Insertion sort, best first: the lists are short.
    for i in 1..n {
        let item = list[i];
        let mut j = i;
        while j > 0 && list[j - 1].0 < item.0 {
            list[j] = list[j - 1];
            j -= 1;
        }
        list[j] = item;
    }
    (list, n)
}

/// Whether the opponent's stable discs prove the score at most alpha; the bound.
#[inline(always)]
pub(super) fn stability_cutoff<P: Position<Layout = Grid8>>(
    pos: &P,
    empties: u32,
    alpha: i32,
) -> Option<i32> {
    // In Anti-Reversi stable discs are a burden, not a gain: no bound from them.
    if pos.anti() || alpha < STABILITY_THRESHOLD[empties as usize] {
        return None;
    }
    let theirs = pos.to_move().opponent();
    let upper = 64 - 2 * features::stable(pos, theirs).len() as i32;
    (upper <= alpha).then_some(upper)
}

/// From this many empty squares up, a node's children are marked busy while a
/// thread searches them, and the other threads put them off.
pub(super) const DEFER_EMPTIES: u32 = 12;

/// Runs `$body` on each child of a sorted move list (its index `$i`, its spot
/// `$m`, its key `$k`) in order, until `$body` is true (a cut-off). When other
/// threads search the same tree (from `DEFER_EMPTIES` up), each child is marked
/// busy while it is searched, and a child (but the first) that another thread is
/// searching is put off until the others are done, by which time the table
/// mostly knows it: the threads spread over the tree instead of following
/// each other (ABDADA, Weill 1996).
macro_rules! for_each_child {
    ($search:ident, $list:expr, $n:expr, $empties:expr,
     |$i:ident, $m:ident, $k:ident| $body:expr) => {{
        let (list, n) = ($list, $n);
        if !$search.shared || $empties < DEFER_EMPTIES {
            for ($i, &(_, $m, $k)) in list[..n].iter().enumerate() {
                if $body {
                    break;
                }
            }
        } else {
            let mut pending: u64 = if n >= 64 { u64::MAX } else { (1 << n) - 1 };
            let mut first_pass = true;
            'children: while pending != 0 {
                let mut rest = pending;
                while rest != 0 {
                    let $i = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let (_, $m, $k) = list[$i];
                    if first_pass && $i > 0 && $search.table.busy.is_busy($k) {
                        continue;
                    }
                    pending &= !(1 << $i);
                    $search.table.busy.enter($k);
                    let cut = $body;
                    $search.table.busy.leave($k);
                    if cut {
                        break 'children;
                    }
                }
                first_pass = false;
            }
        }
    }};
}

/// The exact score if it lies in (alpha, beta); otherwise a bound on the same side.
#[multiversion(targets = "simd")]
pub(super) fn pvs<P: Position<Layout = Grid8> + UpdateKey>(
    search: &mut Searcher,
    pos: &P,
    key: u64,
    mut alpha: i32,
    beta: i32,
    passed: bool,
) -> (i32, Option<Spot<Grid8>>) {
    let empties = pos.empty().len() as u32;
    if empties <= SHALLOW {
        return (shallow(search, pos, alpha, beta, passed), None);
    }
    search.nodes += 1;
    if search.nodes >= search.watch.next_check && search.interrupted() {
        return (0, None);
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        if passed {
            return (final_score(pos), None);
        }
        let (score, _) = pvs(
            search,
            &pos.pass_unchecked(),
            pos.key_after_pass(key),
            -beta,
            -alpha,
            true,
        );
        return (-score, None);
    }
    let first = search.probe(key).map_or(NO_MOVE, |e| e.best);
    let (list, n) = sorted_moves(search, pos, key, moves, first, empties);
    let (mut best, mut best_move) = (-INFINITY, list[0].1);
    let original_alpha = alpha;
    for_each_child!(search, &list, n, empties, |i, m, child_key| {
        let child = &pos.play_unchecked(m);
        let score = if i == 0 {
            -pvs(search, child, child_key, -beta, -alpha, false).0
        } else {
            let s = -nws(search, child, child_key, -alpha - 1, false);
            if s > alpha && s < beta {
                -pvs(search, child, child_key, -beta, -s, false).0
            } else {
                s
            }
        };
        if score > best {
            best = score;
            best_move = m;
            alpha = alpha.max(score);
        }
        alpha >= beta
    });
    search.store(
        key,
        empties,
        original_alpha,
        beta,
        best,
        best_move.bit() as u8,
    );
    (best, Some(best_move))
}

/// Null-window search: whether the score is above `alpha` (returns a score above
/// it) or not (a score at most `alpha`).
#[multiversion(targets = "simd")]
pub(super) fn nws<P: Position<Layout = Grid8> + UpdateKey>(
    search: &mut Searcher,
    pos: &P,
    key: u64,
    alpha: i32,
    passed: bool,
) -> i32 {
    let empties = pos.empty().len() as u32;
    if empties <= SHALLOW {
        return shallow(search, pos, alpha, alpha + 1, passed);
    }
    search.nodes += 1;
    if search.nodes >= search.watch.next_check && search.interrupted() {
        return 0;
    }
    if let Some(bound) = stability_cutoff(pos, empties, alpha) {
        return bound;
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        if passed {
            return final_score(pos);
        }
        return -nws(
            search,
            &pos.pass_unchecked(),
            pos.key_after_pass(key),
            -alpha - 1,
            true,
        );
    }
    let mut first = NO_MOVE;
    if let Some(e) = search.probe(key) {
        let (lower, upper) = search.bounds(&e);
        if lower > alpha {
            return lower;
        }
        if upper <= alpha {
            return upper;
        }
        first = e.best;
    }
    if let Some(bound) = search.probcut(pos, moves, empties, alpha) {
        return bound;
    }
    let (list, n) = sorted_moves(search, pos, key, moves, first, empties);
    if empties > ETC_EMPTIES {
        // Enhanced transposition cut-off: a child the table already refutes.
        for &(_, m, child_key) in &list[..n] {
            if let Some(e) = search.probe(child_key) {
                let upper = search.bounds(&e).1;
                if -upper > alpha {
                    search.store(key, empties, alpha, alpha + 1, -upper, m.bit() as u8);
                    return -upper;
                }
            }
        }
    }
    let (mut best, mut best_move) = (-INFINITY, list[0].1);
    for_each_child!(search, &list, n, empties, |_i, m, child_key| {
        let score = -nws(search, &pos.play_unchecked(m), child_key, -alpha - 1, false);
        if score > best {
            best = score;
            best_move = m;
        }
        score > alpha
    });
    search.store(key, empties, alpha, alpha + 1, best, best_move.bit() as u8);
    best
}

/// The root: every move in turn (best-known first), principal-variation search
/// in (`alpha`, `beta`), the progress callback told after each move.
pub(super) fn root<P: Position<Layout = Grid8> + UpdateKey>(
    search: &mut Searcher,
    pos: &P,
    mut alpha: i32,
    beta: i32,
    progress: &mut Option<ProgressFn>,
    started: Instant,
    pass: u32,
) -> (Option<Spot<Grid8>>, i32) {
    let window = (alpha, beta);
    let moves = pos.legal_moves();
    let empties = pos.empty().len() as u32;
    let key = pos.hash_key();
    if moves.is_empty() {
        let score = if pos.pass_unchecked().legal_moves().is_empty() {
            final_score(pos)
        } else {
            let passed = pos.pass_unchecked();
            -pvs(
                search,
                &passed,
                pos.key_after_pass(key),
                -beta,
                -alpha,
                true,
            )
            .0
        };
        return (None, score);
    }
    search.nodes += 1;
    let first = search.probe(key).map_or(NO_MOVE, |e| e.best);
    let (list, n) = sorted_moves(search, pos, key, moves, first, empties);
    let (mut best, mut best_move) = (-INFINITY, list[0].1);
    let mut searched = 0;
    for_each_child!(search, &list, n, empties, |i, m, child_key| {
        let child = &pos.play_unchecked(m);
        let score = if empties <= SHALLOW {
            -shallow(search, child, -beta, -alpha, false)
        } else if i == 0 {
            -pvs(search, child, child_key, -beta, -alpha, false).0
        } else {
            let s = -nws(search, child, child_key, -alpha - 1, false);
            if s > alpha && s < beta {
                -pvs(search, child, child_key, -beta, -s, false).0
            } else {
                s
            }
        };
        if search.stopped().is_some() {
            true
        } else {
            if score > best {
                best = score;
                best_move = m;
            }
            // Above the pass's floor the best score is the best move's (or a
            // lower bound on it, at the ceiling): the position reaches it.
            if search.selective.is_none()
                && best > window.0
                && search.found.is_none_or(|(_, known)| best > known)
            {
                search.found = Some((best_move.square(), best));
            }
            searched += 1;
            if let Some(callback) = progress {
                callback(&Progress {
                    moves_searched: searched,
                    moves: n,
                    best_move: best_move.square(),
                    score: best,
                    nodes: search.nodes,
                    seconds: started.elapsed().as_secs_f64(),
                    pass,
                    window,
                    selective: search.selective.is_some(),
                });
            }
            alpha = alpha.max(best);
            alpha >= beta
        }
    });
    (Some(best_move), best)
}

/// From this many empty squares up, on the learned evaluation, the root is
/// first searched in a window around an evaluated guess.
pub(super) const ASPIRATION_EMPTIES: u32 = 16;

/// The depth of the search that makes the guess.
pub(super) const ASPIRATION_DEPTH: u32 = 6;

/// The guess's window reaches this many discs either side.
pub(super) const ASPIRATION_WIDTH: i32 = 4;

/// [`root`] in (`alpha`, `beta`), first in a narrower window around an
/// evaluated guess where the learned evaluation can make one (aspiration):
/// a score outside the narrow window is a bound, and the root is searched
/// again on that side, with the table remembering what the first search found.
pub(super) fn aspiration<P: Position<Layout = Grid8> + UpdateKey>(
    search: &mut Searcher,
    pos: &P,
    alpha: i32,
    beta: i32,
    progress: &mut Option<ProgressFn>,
    started: Instant,
) -> (Option<Spot<Grid8>>, i32) {
    let empties = pos.empty().len() as u32;
    if search.shape.patterns.is_none()
        || empties < ASPIRATION_EMPTIES
        || beta - alpha <= 2 * ASPIRATION_WIDTH
    {
        return root(search, pos, alpha, beta, progress, started, 1);
    }
    let mut guess_shape = search.shape;
    guess_shape.guess = true;
    let guess = eval_search(
        pos,
        pos.legal_moves(),
        &guess_shape,
        ASPIRATION_DEPTH,
        -2 * EVAL_WIN,
        2 * EVAL_WIN,
    );
    // In discs, rounded to an even number (8×8 scores are even), within the board.
    let mut guess = if guess.abs() >= EVAL_WIN / 2 {
        guess * 64 / EVAL_WIN
    } else {
        2 * (guess as f64 / (2 * Patterns::ONE_DISC) as f64).round() as i32
    }
    .clamp(alpha.max(-64), beta.min(64));
    // The selective passes' margins (none near the end), then the exact
    // search (`None`).
    let selective = if empties >= SELECTIVE_FROM {
        search.margins.clone()
    } else {
        Vec::new()
    };
    let mut pass = 0;
    for margin in selective.into_iter().map(Some).chain([None]) {
        search.selective = margin.map(|m| m * Patterns::ONE_DISC);
        let (best, score, missed) = windowed(
            search,
            pos,
            guess,
            (alpha, beta),
            progress,
            started,
            &mut pass,
        );
        search.selective = None;
        if margin.is_none() {
            return (best, score);
        }
        if search.stopped().is_some() {
            // No root move of a selective pass was searched to the end.
            return (None, score);
        }
        // A pass that missed its last window has only a bound, and its move
        // only the best against it: no guess.
        if let (Some(best), Some(margin), false) = (best, margin, missed) {
            search.guess = Some(Guess {
                best_move: best.square(),
                score,
                margin,
            });
        }
        guess = score.clamp(alpha.max(-64), beta.min(64));
    }
    unreachable!("the last pass is the exact search")
}

/// [`root`] in (`alpha`, `beta`), first in a window of
/// [`ASPIRATION_WIDTH`] discs around `guess`, then twice as wide on the side
/// of each miss; `pass` counts the root's searches through the solve. Whether
/// the score missed the last window (a selective pass's third answer may).
fn windowed<P: Position<Layout = Grid8> + UpdateKey>(
    search: &mut Searcher,
    pos: &P,
    guess: i32,
    (alpha, beta): (i32, i32),
    progress: &mut Option<ProgressFn>,
    started: Instant,
    pass: &mut u32,
) -> (Option<Spot<Grid8>>, i32, bool) {
    // Scores are even: the window holds the guess and the even scores up to
    // `width` from it; beyond it, the next window is twice as wide.
    let mut width = ASPIRATION_WIDTH;
    let (mut low, mut high) = (
        (guess - width - 1).max(alpha),
        (guess + width + 1).min(beta),
    );
    let mut tries = 0;
    loop {
        tries += 1;
        *pass += 1;
        let (best, score) = root(search, pos, low, high, progress, started, *pass);
        // A selective search may miss on one side and then the other (its
        // cuts depend on the window): its third answer stands.
        let missed = (score <= low && low > alpha) || (score >= high && high < beta);
        if search.stopped().is_some() || (search.selective.is_some() && tries >= 3) {
            return (best, score, missed);
        }
        width *= 2;
        if !missed {
            return (best, score, false);
        } else if score <= low {
            (low, high) = ((score - width - 1).max(alpha), (score + 1).min(beta));
        } else {
            (low, high) = ((score - 1).max(alpha), (score + width + 1).min(beta));
        }
    }
}

/// The principal variation from `pos`, whose exact score is `score` and whose
/// best move is `first`: at each step a move that keeps the score (checked with
/// a null-window search, cheap with the table warm); passes are left out.
pub(super) fn principal_variation<P: Position<Layout = Grid8> + UpdateKey>(
    search: &mut Searcher,
    pos: &P,
    first: Spot<Grid8>,
    score: i32,
) -> Vec<Square> {
    let mut pv = vec![first.square()];
    let (mut pos, mut score) = (pos.play_unchecked(first), -score);
    loop {
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            let passed = pos.pass_unchecked();
            moves = passed.legal_moves();
            if moves.is_empty() {
                return pv;
            }
            (pos, score) = (passed, -score);
        }
        let key = pos.hash_key();
        let hinted = search.probe(key).map(|e| e.best);
        let mut ordered: Vec<Spot<Grid8>> = moves.iter().collect();
        ordered.sort_by_key(|m| Some(m.bit() as u8) != hinted);
        let mut next = None;
        for m in ordered {
            let child = pos.play_unchecked(m);
            if nws(search, &child, child.hash_key(), -score, false) <= -score {
                next = Some(m);
                break;
            }
        }
        let Some(m) = next else {
            // Cannot happen with an exact score; stop rather than guess.
            return pv;
        };
        pv.push(m.square());
        (pos, score) = (pos.play_unchecked(m), -score);
    }
}
