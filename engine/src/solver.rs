//! The exact endgame solver for two-player positions on the 8×8 grid (8×8 and
//! 6×6, with or without blocked squares, Reversi or Anti-Reversi).
//!
//! [`Solver::solve`] takes a position and returns its [`Solution`]: a best move,
//! the exact score as a disc difference for the side to move (empty squares count
//! for the winner, as [`Position::final_margin`] counts them), the nodes searched,
//! and the seconds taken. [`Solver::solve_obf`] does the same for an OBF line.
//!
//! The search: negamax alpha-beta, principal-variation search with null-window
//! searches below the first move; a transposition table keyed by the library's
//! hash key (carried through each move with `UpdateKey`, not computed afresh),
//! with enhanced transposition cut-offs; moves ordered fastest-first (the
//! opponent's mobility, corners counted twice, then their potential mobility
//! after the move, from the library's features); stability cut-offs (the
//! opponent's stable discs from the library bound the score; Reversi only); from 6
//! empty squares down, no table and parity order, and from 5 down, legality from
//! the flips themselves instead of move generation, with the last square counted
//! by hand. Each recursive function is compiled by `multiversion` for each x86-64
//! level (AVX2, AVX-512), so that the kernel chosen once at the root is inlined.

use std::time::Instant;

use multiversion::multiversion;
use reversi::kernel::{Avx2, Avx512, Kernel, Portable};
use reversi::layout::Grid8;
use reversi::text::obf::ObfError;
use reversi::{features, Bitboard, KindError, Position, Spot, Square, TwoPlayer8, UpdateKey};

/// Scores are disc differences in -64..=64; this is beyond them.
const INFINITY: i32 = 65;

/// From this many empty squares down, no table and no sorting: parity order.
const SHALLOW: u32 = 6;

/// Above this many empty squares, children are looked up in the table first.
const ETC_EMPTIES: u32 = 9;

/// Empty squares at which the stability cut-off starts paying, and above which
/// alpha must be for it to be tried (Edax's `NWS_STABILITY_THRESHOLD`).
const STABILITY_THRESHOLD: [i32; 65] = {
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
/// ours).
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

const CORNERS: u64 = 0x8100_0000_0000_0081;

/// A transposition-table slot: the bounds on the exact score of one position.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    lower: i8,
    upper: i8,
    best: u8,
    empties: u8,
}

const NO_MOVE: u8 = 255;

/// The search's state: the table and the node count.
struct Search {
    table: Vec<Entry>,
    mask: usize,
    nodes: u64,
}

impl Search {
    fn new(bits: u32) -> Search {
        Search {
            table: vec![Entry::default(); 1 << bits],
            mask: (1 << bits) - 1,
            nodes: 0,
        }
    }
}

impl Search {
    #[inline(always)]
    fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.table[key as usize & self.mask];
        (e.key == key).then_some(e)
    }

    #[inline(always)]
    fn store(&mut self, key: u64, empties: u32, alpha: i32, beta: i32, score: i32, best: u8) {
        let slot = &mut self.table[key as usize & self.mask];
        if slot.key != key && slot.empties as u32 > empties + 2 {
            // Keep the bigger subtree: it cost more to search.
            return;
        }
        let (mut lower, mut upper) = if slot.key == key {
            (slot.lower as i32, slot.upper as i32)
        } else {
            (-INFINITY, INFINITY)
        };
        if score > alpha {
            lower = lower.max(score);
        }
        if score < beta {
            upper = upper.min(score);
        }
        *slot = Entry {
            key,
            lower: lower as i8,
            upper: upper as i8,
            best,
            empties: empties as u8,
        };
    }
}

/// The exact score of a finished game, for the player to move.
#[inline(always)]
fn final_score<P: Position>(pos: &P) -> i32 {
    pos.final_margin()
}

/// The score with one empty square `x` left: the disc counts after the last move
/// (by whoever can play it), on however many squares the board has.
#[inline(always)]
fn last_one<P: Position<Layout = Grid8>>(search: &mut Search, pos: &P, x: Spot<Grid8>) -> i32 {
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
    let n = pos.flips(x).len() as i32;
    if n > 0 {
        return 2 * (mine + n + 1) - squares;
    }
    let n = pos.pass_unchecked().flips(x).len() as i32;
    if n > 0 {
        return 2 * (mine - n) - squares;
    }
    // Nobody can play the last square: it goes to the winner.
    final_score(pos)
}

/// The empty squares in parity order: those of quadrants with an odd number of
/// empty squares first (there, we may get the last move).
#[inline(always)]
fn parity_order(empty: u64, moves: u64) -> [u64; 2] {
    let mut odd = 0u64;
    for q in QUADRANTS {
        if (empty & q).count_ones() & 1 == 1 {
            odd |= q;
        }
    }
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
fn solve_2<P: Position<Layout = Grid8>>(
    search: &mut Search,
    pos: &P,
    alpha: i32,
    beta: i32,
) -> i32 {
    let empty = pos.empty().bits();
    small_node!(search, pos, alpha, beta, |child, x, _a, _b| {
        let last = Spot::from_index((empty & !x.bitboard().bits()).trailing_zeros() as usize);
        last_one(search, &child, last.unwrap())
    })
}

/// Three empty squares.
#[inline(always)]
fn solve_3<P: Position<Layout = Grid8>>(
    search: &mut Search,
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
fn solve_4<P: Position<Layout = Grid8>>(
    search: &mut Search,
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
fn solve_5<P: Position<Layout = Grid8>>(
    search: &mut Search,
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
fn shallow<P: Position<Layout = Grid8>>(
    search: &mut Search,
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

/// The moves of `pos` with their ordering values, best first, and how many.
#[inline(always)]
fn sorted_moves<P: Position<Layout = Grid8> + UpdateKey>(
    pos: &P,
    key: u64,
    moves: Bitboard<Grid8>,
    first: u8,
) -> ([(i32, Spot<Grid8>, u64); 32], usize) {
    // Spots and keys only, children played again when searched: a list of 32
    // positions costs more to set up than the second play.
    let mut list = [(0, moves.first().unwrap(), 0); 32];
    let mut n = 0;
    for m in moves {
        let (child, flips) = pos.play_unchecked_with_flips(m);
        let value = if m.index() as u8 == first {
            1 << 20
        } else {
            let mobility = features::mobility(&child, child.to_move()).bits();
            let weighted = mobility.count_ones() + (mobility & CORNERS).count_ones();
            let potential = features::potential_mobility(&child, child.to_move()).len() as i32;
            -(weighted as i32 * 16 + potential)
        };
        list[n] = (value, m, pos.key_after_move(key, m, flips));
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
fn stability_cutoff<P: Position<Layout = Grid8>>(pos: &P, empties: u32, alpha: i32) -> Option<i32> {
    // In Anti-Reversi stable discs are a burden, not a gain: no bound from them.
    if pos.anti() || alpha < STABILITY_THRESHOLD[empties as usize] {
        return None;
    }
    let theirs = pos.to_move().opponent();
    let upper = 64 - 2 * features::stable(pos, theirs).len() as i32;
    (upper <= alpha).then_some(upper)
}

/// The exact score if it lies in (alpha, beta); otherwise a bound on the same side.
#[multiversion(targets = "simd")]
fn pvs<P: Position<Layout = Grid8> + UpdateKey>(
    search: &mut Search,
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
    let (list, n) = sorted_moves(pos, key, moves, first);
    let (mut best, mut best_move) = (-INFINITY, list[0].1);
    let original_alpha = alpha;
    for (i, &(_, m, child_key)) in list[..n].iter().enumerate() {
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
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    search.store(
        key,
        empties,
        original_alpha,
        beta,
        best,
        best_move.index() as u8,
    );
    (best, Some(best_move))
}

/// Null-window search: whether the score is above `alpha` (returns a score above
/// it) or not (a score at most `alpha`).
#[multiversion(targets = "simd")]
fn nws<P: Position<Layout = Grid8> + UpdateKey>(
    search: &mut Search,
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
        if e.lower as i32 > alpha {
            return e.lower as i32;
        }
        if (e.upper as i32) <= alpha {
            return e.upper as i32;
        }
        first = e.best;
    }
    let (list, n) = sorted_moves(pos, key, moves, first);
    if empties > ETC_EMPTIES {
        // Enhanced transposition cut-off: a child the table already refutes.
        for &(_, m, child_key) in &list[..n] {
            if let Some(e) = search.probe(child_key) {
                if -(e.upper as i32) > alpha {
                    search.store(
                        key,
                        empties,
                        alpha,
                        alpha + 1,
                        -(e.upper as i32),
                        m.index() as u8,
                    );
                    return -(e.upper as i32);
                }
            }
        }
    }
    let (mut best, mut best_move) = (-INFINITY, list[0].1);
    for &(_, m, child_key) in &list[..n] {
        let score = -nws(search, &pos.play_unchecked(m), child_key, -alpha - 1, false);
        if score > best {
            best = score;
            best_move = m;
            if score > alpha {
                break;
            }
        }
    }
    search.store(
        key,
        empties,
        alpha,
        alpha + 1,
        best,
        best_move.index() as u8,
    );
    best
}

/// Solves `pos` exactly: a best move (none if the player must pass or the game is
/// over) and the score.
fn solve<P: Position<Layout = Grid8> + UpdateKey>(
    search: &mut Search,
    pos: &P,
) -> (Option<Spot<Grid8>>, i32) {
    let moves = pos.legal_moves();
    if pos.empty().len() as u32 <= SHALLOW && !moves.is_empty() {
        // The shallow search keeps no move: the root tries each itself.
        search.nodes += 1;
        let (mut best, mut best_move) = (-INFINITY, None);
        for m in moves {
            let score = -shallow(search, &pos.play_unchecked(m), -INFINITY, -best, false);
            if score > best {
                best = score;
                best_move = Some(m);
            }
        }
        return (best_move, best);
    }
    let (score, best) = pvs(search, pos, pos.hash_key(), -INFINITY, INFINITY, false);
    (best, score)
}

/// A computation on a two-player 8×8-grid position with some kernel `K`, which
/// [`visit_fastest`] runs with the fastest kernel this processor has. Unlike
/// [`reversi::PositionVisitor`] it knows the layout and the hashing toolkit.
trait Grid8Visitor {
    type Output;
    fn visit<K: Kernel<Grid8>>(self, pos: &TwoPlayer8<K>) -> Self::Output;
}

/// Runs `visitor` on `pos` with the fastest kernel this processor has, chosen
/// once: [`Avx512`], else [`Avx2`], else [`Portable`] (the order of
/// `TwoPlayer::visit_fastest`, whose visitor cannot hash).
fn visit_fastest<K: Kernel<Grid8>, V: Grid8Visitor>(pos: &TwoPlayer8<K>, visitor: V) -> V::Output {
    if let Some(kernel) = Avx512::detect() {
        visitor.visit(&pos.with_kernel(kernel))
    } else if let Some(kernel) = Avx2::detect() {
        visitor.visit(&pos.with_kernel(kernel))
    } else {
        visitor.visit(&pos.with_kernel(Portable))
    }
}

struct Solve<'a>(&'a mut Search);

impl Grid8Visitor for Solve<'_> {
    type Output = (Option<Spot<Grid8>>, i32);
    fn visit<K: Kernel<Grid8>>(self, pos: &TwoPlayer8<K>) -> Self::Output {
        solve(self.0, pos)
    }
}

/// What solving one position found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Solution {
    /// A best move; `None` when the player to move must pass or the game is over.
    pub best_move: Option<Square>,
    /// The exact final disc difference for the player to move, empty squares to
    /// the winner (as [`Position::final_margin`] counts them).
    pub score: i32,
    /// The positions searched.
    pub nodes: u64,
    /// The time taken, in seconds.
    pub seconds: f64,
}

/// Why an OBF line could not be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// The line is not OBF.
    Obf(ObfError),
    /// The position is not a two-player position on the 8×8 grid.
    Position(KindError),
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::Obf(e) => e.fmt(f),
            SolveError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SolveError {}

/// An exact solver with its transposition table, cleared before each position so
/// that each is timed on its own.
pub struct Solver(Search);

impl Default for Solver {
    /// A solver with 2^22 table entries (64 MB).
    fn default() -> Solver {
        Solver::with_table_bits(22)
    }
}

impl Solver {
    /// A solver whose table has 2^`bits` entries of 16 bytes each.
    pub fn with_table_bits(bits: u32) -> Solver {
        Solver(Search::new(bits))
    }

    /// Solves `position` exactly, with the fastest kernel this processor has.
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
        let search = &mut self.0;
        search.table.fill(Entry::default());
        search.nodes = 0;
        let started = Instant::now();
        let (best, score) = visit_fastest(position, Solve(search));
        Solution {
            best_move: best.map(|m| m.square()),
            score,
            nodes: search.nodes,
            seconds: started.elapsed().as_secs_f64(),
        }
    }

    /// Solves the position of an OBF line (64 cells, the side to move, optional
    /// `MOVE:SCORE` pairs).
    pub fn solve_obf(&mut self, line: &str) -> Result<Solution, SolveError> {
        let board = reversi::text::obf::parse(line).map_err(SolveError::Obf)?;
        let pos = TwoPlayer8::try_from(*board.game.position()).map_err(SolveError::Position)?;
        Ok(self.solve(&pos))
    }
}
