//! The alpha-beta search framework: negamax with principal-variation search,
//! iterative deepening, aspiration windows, a transposition table on the
//! library's hash keys, moves ordered by the table and the evaluation, a time
//! budget, a stop flag, the principal variation, and threads (lazy SMP: the
//! threads share the table, and each puts off the children another is
//! searching, as in ABDADA); two players, every board and option, and any
//! [`Evaluator`]: the engine's ([`Features`](super::eval::Features) on every
//! board, [`Patterns`](super::patterns::Patterns) learned for 8×8) or yours.
//!
//! A bot builder writes the evaluation and nothing else:
//!
//! ```
//! use std::time::Duration;
//! use reversi::{features, AnyPosition, Position, Rules, TwoPlayer8};
//! use reversi_engine::search::alphabeta::{EveryBoard, Searcher};
//! use reversi_engine::Limits;
//!
//! /// Corners and mobility, in hundredths of a disc, for any board.
//! struct Mine;
//! impl EveryBoard for Mine {
//!     fn evaluate<P: Position>(&self, pos: &P) -> i32 {
//!         let (me, you) = (pos.to_move(), pos.to_move().opponent());
//!         let corners = features::corner_squares(pos);
//!         let corner = (pos.discs(me) & corners).len() as i32 - (pos.discs(you) & corners).len() as i32;
//!         let mobility = pos.mobility(me).len() as i32 - pos.mobility(you).len() as i32;
//!         300 * corner + 50 * mobility
//!     }
//! }
//!
//! let start = TwoPlayer8::try_from(AnyPosition::start(&Rules::default()))?;
//! let mut searcher = Searcher::new(Mine).with_threads(2);
//! let found = searcher.search(&start, &Limits::default().with_time(Duration::from_millis(100)))?;
//! // However loaded the machine, a time budget answers with its deepest finished
//! // search: one ply at least.
//! assert!(start.is_legal(found.best.square()) && found.depth >= 1);
//! assert_eq!(found.pv.first(), Some(&reversi::Move::Place(found.best.square())));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;

use multiversion::multiversion;
use reversi::layout::Layout;
use reversi::{features, Bitboard, Move, Position, SearchPosition, Spot, Square};
use web_time::Instant;

use crate::bot::Eval;
use crate::limits::{Interruption, Limits, Watch};
use crate::line::with_passes;
use crate::lockless;

/// Exact scores are disc margins times this, above any evaluation.
pub const EXACT: i32 = 10_000;
/// Above any value a search returns: the initial window is `-INFINITY..INFINITY`.
pub const INFINITY: i32 = 200 * EXACT;

/// An evaluation of two-player positions of type `P`, for the player to move:
/// what a bot builder writes, and all the search needs of them.
///
/// The value is best in hundredths of a disc (the engine shows it divided by
/// 100, as [`Eval::Discs`]), and must stay within `-EXACT + 1..EXACT`: the
/// search scores the end of the game as the disc margin times [`EXACT`], above
/// any evaluation. The search calls it at the leaves of its depth and to order
/// the moves of the nodes far from them (the move whose position is worst for
/// the opponent first), so a better evaluation also makes the search faster.
/// It is shared by the search's threads (`Sync`); a game that is over is
/// scored by the search, not by the evaluation.
///
/// An evaluation for every board is an [`EveryBoard`] (one generic method),
/// which is an `Evaluator` of every position type and makes a whole bot
/// ([`SearchBot`](crate::bot::SearchBot)); implement `Evaluator` itself for
/// an evaluation of some position types only, as
/// [`Patterns`](super::patterns::Patterns) is of the 8×8 grid's (which holds
/// 6×6 games too: check [`Position::board`] if it matters). A value outside
/// `-EXACT + 1..EXACT` is taken as the nearest inside.
pub trait Evaluator<P: Position>: Sync {
    /// The value of `pos` for its player to move.
    fn evaluate(&self, pos: &P) -> i32;
}

/// An evaluation of every position type, every board and option: what a bot
/// builder implements to get a whole bot, [`SearchBot`](crate::bot::SearchBot),
/// and through it the arena and the NBoard and GTP engines. Its value is as
/// [`Evaluator`]'s, whose implementation for every position it gives.
/// [`Features`](super::eval::Features) is the engine's.
pub trait EveryBoard: Sync {
    /// The value of `pos` for its player to move.
    fn evaluate<P: Position>(&self, pos: &P) -> i32;
}

impl<P: Position, E: EveryBoard> Evaluator<P> for E {
    #[inline(always)]
    fn evaluate(&self, pos: &P) -> i32 {
        EveryBoard::evaluate(self, pos)
    }
}

/// The drafts from this one up are of values that reached the end of every
/// line: exact, and good for a search of any depth. Such a value's draft is
/// this plus its empty squares, so that the table keeps the exact values of
/// the bigger subtrees first, as it keeps the deeper drafts.
const TO_THE_END: u32 = 128;

/// The value of the move that has none in the table's entries.
const NO_MOVE: u8 = u8::MAX;

/// What the table knows of one position: bounds on its value at a draft, and
/// the best move found there.
#[derive(Clone, Copy)]
struct Entry {
    value: i32,
    draft: u32,
    /// Whether `value` is a lower bound, an upper bound, or both (exact).
    lower: bool,
    upper: bool,
    /// The best move's bit, or [`NO_MOVE`].
    best: u8,
    /// The search that wrote it.
    age: u8,
}

impl Entry {
    fn data(self) -> u64 {
        self.value as u32 as u64
            | u64::from(self.draft) << 32
            | u64::from(self.lower) << 40
            | u64::from(self.upper) << 41
            | u64::from(self.best) << 48
            | u64::from(self.age) << 56
    }

    /// The entry of `data`, or none in a slot never written (every entry is a
    /// bound of some kind).
    fn from_data(data: u64) -> Option<Entry> {
        let (lower, upper) = (data >> 40 & 1 != 0, data >> 41 & 1 != 0);
        (lower || upper).then_some(Entry {
            value: data as u32 as i32,
            draft: (data >> 32) as u8 as u32,
            lower,
            upper,
            best: (data >> 48) as u8,
            age: (data >> 56) as u8,
        })
    }
}

/// Two slots, in one cache line: the first keeps the deepest entry of the
/// latest search that hashed there, the second the latest.
#[derive(Default)]
#[repr(align(32))]
struct Bucket([lockless::Slot; 2]);

/// The transposition table, shared by the threads of one [`Searcher`].
struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    /// The nodes the threads are searching now.
    busy: lockless::Busy,
}

impl Table {
    fn new(bits: u32) -> Table {
        let bits = bits.clamp(2, 34) - 1;
        Table {
            buckets: lockless::huge_page_vec(1 << bits),
            mask: (1 << bits) - 1,
            busy: lockless::Busy::default(),
        }
    }

    #[inline(always)]
    fn probe(&self, key: u64) -> Option<Entry> {
        let bucket = &self.buckets[key as usize & self.mask].0;
        bucket.iter().find_map(|slot| match slot.load() {
            (k, data) if k == key => Entry::from_data(data),
            _ => None,
        })
    }

    #[inline(always)]
    fn store(&self, key: u64, entry: Entry) {
        let bucket = &self.buckets[key as usize & self.mask].0;
        let (k, data) = bucket[0].load();
        let deep = Entry::from_data(data);
        let replace =
            k == key || deep.is_none_or(|old| old.age != entry.age || entry.draft >= old.draft);
        if replace {
            bucket[0].save(key, entry.data());
        } else {
            bucket[1].save(key, entry.data());
        }
    }
}

/// The search of a bot: its [`Evaluator`], a transposition table kept from
/// one search to the next (a game's searches share much), and its settings:
/// threads, the table's size, and from how many empty squares it searches to
/// the end of the game. [`Searcher::search`] finds the best move of a
/// position; [`Searcher::start`] gives the single-threaded [`Search`] to write
/// a root loop of your own.
pub struct Searcher<E> {
    eval: E,
    /// Made at the first search, of `2^table_bits` entries.
    table: Option<Table>,
    table_bits: u32,
    threads: usize,
    solve: u32,
    probcut: Option<ProbCut>,
    /// The number of the search, kept in the entries it writes: a later
    /// search replaces them first.
    age: u8,
}

/// Multi-ProbCut (Buro): at a node searched `depth` plies deep, a shallow
/// search of [`shallow_depth`](ProbCut::shallow_depth) plies predicts the deep
/// one's value, give or take an error whose spread is known for the
/// evaluation; when the prediction lies beyond the window by more than
/// [`t`](ProbCut::t) times the spread, the node is cut without the deep
/// search. Selective: the search is faster and sees deeper, and now and then
/// wrong. Off unless set ([`Searcher::with_probcut`]); the built-in
/// `alphabeta` bot uses [`Patterns::probcut`](super::patterns::Patterns::probcut),
/// calibrated for the learned patterns.
#[derive(Clone, Copy, Debug)]
pub struct ProbCut {
    /// The error of the shallow search's value as a prediction of the deep
    /// one's at a node with `empties` empty squares searched `depth` plies
    /// deep: `(mean, spread)` of deep − shallow, in the evaluation's units;
    /// `None` where the node is not to be cut (not calibrated there).
    pub error: fn(empties: u32, depth: u32) -> Option<(i32, i32)>,
    /// How many spreads beyond the window the prediction must lie.
    pub t: f32,
}

impl ProbCut {
    /// The shallowest depth a node is cut at.
    pub const MIN_DEPTH: u32 = 3;

    /// The depth of the shallow search at a node searched `depth` plies deep:
    /// about half, of the same parity (evaluations lean toward the player to
    /// move, so searches of one parity agree better).
    pub fn shallow_depth(depth: u32) -> u32 {
        let half = depth / 2;
        if (depth - half) % 2 == 1 {
            half.saturating_sub(1).max(1)
        } else {
            half
        }
    }
}

impl<E> Searcher<E> {
    /// The table's size when not set: 2^20 entries, 16 MiB.
    pub const DEFAULT_TABLE_BITS: u32 = 20;

    /// A searcher on `eval`: one thread, a table of
    /// [`DEFAULT_TABLE_BITS`](Self::DEFAULT_TABLE_BITS), exact only where its
    /// depth reaches the end of the game.
    pub fn new(eval: E) -> Searcher<E> {
        Searcher {
            eval,
            table: None,
            table_bits: Self::DEFAULT_TABLE_BITS,
            threads: 1,
            solve: 0,
            probcut: None,
            age: 0,
        }
    }

    /// This searcher cutting nodes by Multi-ProbCut ([`ProbCut`]) where its
    /// depth does not reach the end of the game.
    pub fn with_probcut(mut self, probcut: ProbCut) -> Searcher<E> {
        self.probcut = Some(probcut);
        self
    }

    /// Cut nodes by Multi-ProbCut from the next search on (`None`: no more).
    pub fn set_probcut(&mut self, probcut: Option<ProbCut>) {
        self.probcut = probcut;
    }

    /// This searcher on `threads` threads (at least 1), which share its table
    /// (lazy SMP) and put off the children another thread is searching, at
    /// nodes of 4 plies left or more (12 empty squares or more in a search to
    /// the end). With more than one, the searches are not reproducible. On
    /// WebAssembly, which has no threads here, one.
    pub fn with_threads(mut self, threads: usize) -> Searcher<E> {
        self.threads = if cfg!(target_family = "wasm") {
            1
        } else {
            threads.max(1)
        };
        self
    }

    /// This searcher with a table of `2^bits` entries of 16 bytes (2 to 34).
    pub fn with_table_bits(mut self, bits: u32) -> Searcher<E> {
        self.table_bits = bits.clamp(2, 34);
        self.table = None;
        self
    }

    /// This searcher exact from `empties` empty squares: it then searches to
    /// the end of the game, whatever the depth.
    pub fn with_solve(mut self, empties: u32) -> Searcher<E> {
        self.solve = empties;
        self
    }

    /// The evaluation.
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// Forgets what the table holds (a new game; searches stay correct
    /// without it, and a later search replaces older entries first).
    pub fn clear(&mut self) {
        // In place: faster than taking fresh memory, whose pages the system
        // clears one fault at a time.
        for Bucket(slots) in self.table.iter().flat_map(|t| &t.buckets) {
            slots.iter().for_each(lockless::Slot::clear);
        }
    }

    /// A single-threaded search within `limits` (its nodes, time and stop
    /// flag; not its depth, which each [`Search::negamax`] is given), on this
    /// searcher's evaluation and table.
    pub fn start(&mut self, limits: &Limits) -> Search<'_, E> {
        let mut one = self.start_shared(std::slice::from_ref(limits));
        one.pop().expect("one search for one limits")
    }

    /// Searches on this searcher's evaluation and one table, one within each
    /// of `limits`, for a root loop of your own on threads of your own (a
    /// [`Search`] is `Send` when the evaluation is `Sync`): what one stores,
    /// the others read, and each puts off the children another is searching
    /// (as [`search`](Self::search) runs its threads). The solver searches
    /// 10×10 and the octagon so.
    pub fn start_shared(&mut self, limits: &[Limits]) -> Vec<Search<'_, E>> {
        self.age = self.age.wrapping_add(1);
        let bits = self.table_bits;
        let table = &*self.table.get_or_insert_with(|| Table::new(bits));
        // Whatever a search that panicked left marked busy.
        table.busy.clear();
        let watches = limits
            .iter()
            .map(|limits| Watch::start(limits, CHECK_EVERY));
        let shared = limits.len() > 1;
        watches
            .map(|watch| Search::on(&self.eval, table, (self.age, self.probcut), watch, shared))
            .collect()
    }
}

/// The nodes between two looks at the clock and the stop flag: about a
/// millisecond of search.
const CHECK_EVERY: u64 = 4096;

/// One thread's negamax on a [`Searcher`]'s evaluation and table, with its
/// node count and the limits it runs within.
pub struct Search<'a, E> {
    eval: &'a E,
    table: &'a Table,
    age: u8,
    probcut: Option<ProbCut>,
    /// Positions visited so far.
    nodes: u64,
    /// The nodes, time and stop flag of its [`Limits`], looked at every 4096
    /// nodes.
    watch: Watch,
    /// The best line found from each node of the line being searched.
    lines: Lines,
    /// Whether other threads search the same tree on the same table (then
    /// nodes put off what another is searching).
    shared: bool,
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
    /// when `depth` is above its empty squares): every placement but the last
    /// may follow a pass, and a search does not go past the end of the game.
    fn fit<P: Position>(&mut self, pos: &P, depth: u32) {
        let placements = pos.empty().len().min(depth as usize);
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

    /// A move to `square` worth `value` at the node `ply` plies down, better
    /// than the node's other moves so far: above `alpha` it raises alpha and
    /// the node's line; whether it reached `beta`, a cut-off (only the root's
    /// line is seen outside after one, `principal_variation`: the move alone).
    #[inline(always)]
    fn raise(
        &mut self,
        ply: usize,
        square: Square,
        value: i32,
        alpha: &mut i32,
        beta: i32,
    ) -> bool {
        if value <= *alpha {
            return false;
        }
        if value >= beta {
            if ply == 0 {
                self.cut(ply, square);
            }
            return true;
        }
        *alpha = value;
        self.extend(ply, square);
        false
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

impl<E> Search<'_, E> {
    /// Positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Why the search stopped before its end, once a limit has stopped it:
    /// from then on every node returns 0 at once (a plain search of the last
    /// few empty squares, begun before, first ends), so the values it returns
    /// mean nothing (and none goes into the table).
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
    /// use reversi_engine::search::alphabeta::{Searcher, INFINITY};
    /// use reversi_engine::search::eval::Features;
    /// use reversi_engine::Limits;
    ///
    /// let AnyPosition::TwoPlayer8(pos) = AnyPosition::start(&Rules::default()) else {
    ///     unreachable!()
    /// };
    /// let mut searcher = Searcher::new(Features);
    /// let mut search = searcher.start(&Limits::default());
    /// search.negamax(&pos, 4, -INFINITY, INFINITY);
    /// let line = search.principal_variation();
    /// assert_eq!(line.len(), 4);
    /// assert!(pos.is_legal(line[0]));
    /// ```
    pub fn principal_variation(&self) -> &[Square] {
        self.lines.row(0)
    }

    /// Negamax alpha-beta with principal-variation search and the table: the
    /// value of `pos` for the player to move, `depth` plies deep (a pass is no
    /// ply), within `alpha..beta` (fail-soft: a value at or below `alpha` is
    /// an upper bound, at or above `beta` a lower bound). The end of the game
    /// is worth its margin times [`EXACT`]; the positions at the depth, the
    /// evaluation. A depth above the empty squares (`u32::MAX`, say) searches
    /// to the end of the game: the value is then exact.
    ///
    /// Compiled for each x86-64 level (the `multiversion` crate, as the solver
    /// and the playouts are) and run in the best this processor has, so that the
    /// kernel of a position from [`visit_fastest`](reversi::AnyPosition::visit_fastest)
    /// is inlined into the search.
    pub fn negamax<P: SearchPosition>(&mut self, pos: &P, depth: u32, alpha: i32, beta: i32) -> i32
    where
        E: Evaluator<P>,
    {
        self.lines.fit(pos, depth);
        negamax_compiled(self, pos, pos.hash_key(), depth, alpha, beta, 0)
    }
}

/// [`Search::negamax`] for one processor level, of a node `ply` plies below
/// the root (its row in [`Lines`]), whose hash key is `key`.
#[multiversion(targets = "simd")]
fn negamax_compiled<E: Evaluator<P>, P: SearchPosition>(
    search: &mut Search<'_, E>,
    pos: &P,
    key: u64,
    depth: u32,
    alpha: i32,
    beta: i32,
    ply: usize,
) -> i32 {
    /// The recursion, compiled for the same processor features as the function
    /// around it, so that it calls itself directly rather than through the
    /// run-time dispatch.
    #[multiversion::inherit_target]
    fn negamax<E: Evaluator<P>, P: SearchPosition>(
        search: &mut Search<'_, E>,
        pos: &P,
        key: u64,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if search.nodes >= search.watch.next_check && search.watch.interrupted(search.nodes) {
            return 0;
        }
        let empties = pos.empty().len() as u32;
        if depth > empties && empties <= PLAIN_TO_THE_END {
            return plain(search, pos, alpha, beta, ply, false);
        }
        search.nodes += 1;
        search.lines.len[ply] = 0;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            let next = pos.pass_unchecked();
            if next.legal_moves().is_empty() {
                return pos.final_margin() * EXACT;
            }
            let value = -negamax(
                search,
                &next,
                pos.key_after_pass(key),
                depth,
                -beta,
                -alpha,
                ply + 1,
            );
            // The child's line only when it is whole: a child that cut off
            // left in its row the moves that raised its alpha before the cut.
            if alpha < value && value < beta {
                search.lines.pass(ply);
            }
            return value;
        }
        if depth == 0 {
            return search.eval.evaluate(pos).clamp(-EXACT + 1, EXACT - 1);
        }
        let draft = if depth > empties {
            TO_THE_END + empties
        } else {
            depth
        };
        debug_assert!(draft <= u32::from(u8::MAX), "a draft fits the entry's byte");
        // Principal-variation nodes (an open window) take no value from the
        // table, so that their line is searched whole.
        let pv_node = beta - alpha > 1;
        let mut first = None;
        if let Some(entry) = search.table.probe(key) {
            let cuts = entry.lower && entry.value >= beta || entry.upper && entry.value <= alpha;
            if !pv_node && entry.draft >= draft && cuts {
                return entry.value;
            }
            first = Spot::from_bit(usize::from(entry.best)).filter(|&m| moves.contains(m));
        }
        if let Some(probcut) = search.probcut.filter(|_| !pv_node && draft < TO_THE_END) {
            if depth >= ProbCut::MIN_DEPTH {
                if let Some((mean, spread)) = (probcut.error)(empties, depth) {
                    let shallow = ProbCut::shallow_depth(depth);
                    let margin = (probcut.t * spread as f32) as i32;
                    // The deep value would be at least beta: the shallow one
                    // is at least `high`; at most alpha, at most `low`.
                    let (high, low) = (beta - mean + margin, alpha - mean - margin);
                    if high < EXACT
                        && negamax(search, pos, key, shallow, high - 1, high, ply) >= high
                    {
                        return beta;
                    }
                    if low > -EXACT && negamax(search, pos, key, shallow, low, low + 1, ply) <= low
                    {
                        return alpha;
                    }
                    search.lines.len[ply] = 0;
                }
            }
        }
        let alpha_in = alpha;
        let next_depth = depth - 1;
        let mut best = (-INFINITY, NO_MOVE);
        // With other threads on the same table, far enough from the leaves,
        // a child (but the first) that another thread is searching is put
        // off until the others are done, when the table mostly knows it.
        let defer = search.shared
            && if draft >= TO_THE_END {
                empties >= DEFER_EMPTIES
            } else {
                depth >= DEFER_DEPTH
            };
        let mut order = ordered(search.eval, pos, moves, first, depth, empties);
        // The moves put off, by their ranks in `order`: taken back best first.
        let mut put_off: u128 = 0;
        let mut searched = 0;
        loop {
            let (rank, m, first_look) = match order.next_ranked() {
                Some((rank, m)) => (rank, m, true),
                None if put_off != 0 => {
                    let rank = put_off.trailing_zeros() as usize;
                    put_off &= put_off - 1;
                    (rank, order.ranked(rank), false)
                }
                None => break,
            };
            let (child, flips) = pos.play_unchecked_with_flips(m);
            let child_key = pos.key_after_move(key, m, flips);
            if defer && first_look && searched > 0 && search.table.busy.is_busy(child_key) {
                put_off |= 1u128 << rank;
                continue;
            }
            if defer {
                search.table.busy.enter(child_key);
            }
            // The first move in the whole window, the others in a null
            // window, searched again in the whole one when they beat alpha.
            let first_move = searched == 0;
            searched += 1;
            let floor = if first_move { -beta } else { -alpha - 1 };
            let mut value = -negamax(
                search,
                &child,
                child_key,
                next_depth,
                floor,
                -alpha,
                ply + 1,
            );
            if !first_move && pv_node && alpha < value && value < beta {
                value = -negamax(
                    search,
                    &child,
                    child_key,
                    next_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                );
            }
            if defer {
                search.table.busy.leave(child_key);
            }
            if value > best.0 {
                best = (value, m.bit() as u8);
                if search.lines.raise(ply, m.square(), value, &mut alpha, beta) {
                    break;
                }
            }
        }
        if search.watch.stopped.is_none() {
            let (value, best) = best;
            search.table.store(
                key,
                Entry {
                    value,
                    draft,
                    lower: value > alpha_in,
                    upper: value < beta,
                    best,
                    age: search.age,
                },
            );
        }
        best.0
    }

    /// A search to the end of few empty squares: alpha-beta alone, the moves
    /// as they come, no table (its nodes cost less than a probe would save);
    /// `passed` when the last move was a pass. The nodes are counted, the
    /// principal variation kept; the limits are looked at before it, so that
    /// a stopped search finishes a plain subtree begun (a few thousand nodes
    /// at most) and returns 0 above it.
    #[multiversion::inherit_target]
    fn plain<E, P: SearchPosition>(
        search: &mut Search<'_, E>,
        pos: &P,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        passed: bool,
    ) -> i32 {
        search.nodes += 1;
        search.lines.len[ply] = 0;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            if passed {
                return pos.final_margin() * EXACT;
            }
            let value = -plain(search, &pos.pass_unchecked(), -beta, -alpha, ply + 1, true);
            if alpha < value && value < beta {
                search.lines.pass(ply);
            }
            return value;
        }
        let mut best = -INFINITY;
        for m in moves {
            let value = -plain(
                search,
                &pos.play_unchecked(m),
                -beta,
                -alpha,
                ply + 1,
                false,
            );
            if value > best {
                best = value;
                if search.lines.raise(ply, m.square(), value, &mut alpha, beta) {
                    break;
                }
            }
        }
        best
    }

    negamax(search, pos, key, depth, alpha, beta, ply)
}

/// From this many empty squares down, a search to the end is [`plain`]
/// alpha-beta: on 10×10 endgames of 16 empty squares, a third of the time
/// with the table and the ordering all the way down (PERFORMANCE.md).
const PLAIN_TO_THE_END: u32 = 6;

/// With other threads on the table, nodes with this many plies left put off
/// the children another thread is searching ([`lockless::Busy`]).
const DEFER_DEPTH: u32 = 4;
/// In a search to the end, nodes with this many empty squares.
const DEFER_EMPTIES: u32 = 12;

/// From this many plies left, a node orders its moves by the evaluation.
const ORDER_BY_EVAL: u32 = 3;
/// In a search to the end, from this many empty squares.
const ORDER_BY_EVAL_TO_THE_END: u32 = 14;

/// The moves of a node, `first` (the table's move) first, then the rest: by
/// the evaluation of the position each leaves to the opponent (the lowest
/// first) far from the leaves, by the opponent's replies (fewest first, a
/// corner before) nearer, as they come at the last plies.
#[inline(always)]
fn ordered<E: Evaluator<P>, P: Position>(
    eval: &E,
    pos: &P,
    moves: Bitboard<P::Layout>,
    first: Option<Spot<P::Layout>>,
    depth: u32,
    empties: u32,
) -> Ordered<P::Layout> {
    const { assert!(P::Layout::BITS_USED as usize <= MAX_MOVES) };
    let to_the_end = depth > empties;
    let by_eval = if to_the_end {
        empties >= ORDER_BY_EVAL_TO_THE_END
    } else {
        depth >= ORDER_BY_EVAL
    };
    let by_replies = !by_eval && (to_the_end || depth >= 2) && empties > 5;
    let Some(any) = moves.first() else {
        return Ordered::new(any_spot(moves), 0);
    };
    let mut ordered = Ordered::new(any, 0);
    if !(by_eval || by_replies) || moves.len() == 1 {
        // The table's move first, the rest as they come.
        for m in first
            .into_iter()
            .chain(moves.iter().filter(|&m| Some(m) != first))
        {
            ordered.push(m, 0);
        }
        return ordered;
    }
    let corners = features::corner_squares(pos);
    let corner = if pos.anti() { 3 } else { -3 };
    for m in moves {
        let key = if Some(m) == first {
            i32::MIN / 2
        } else if by_eval {
            eval.evaluate(&pos.play_unchecked(m))
        } else {
            let (_, _, replies) = pos.play_unchecked_with_replies(m);
            replies.len() as i32 + i32::from(corners.contains(m)) * corner
        };
        ordered.push(m, key);
    }
    ordered.sort();
    ordered
}

/// The legal moves of `root` in the order a search tries them first: the
/// move that leaves the opponent the position `eval` values lowest first.
pub(crate) fn root_order<E: Evaluator<P>, P: Position>(eval: &E, root: &P) -> Vec<Spot<P::Layout>> {
    let empties = root.empty().len() as u32;
    ordered(eval, root, root.legal_moves(), None, ORDER_BY_EVAL, empties).collect()
}

/// A spot of `moves`' layout for an empty list (never read).
fn any_spot<L: Layout>(_moves: Bitboard<L>) -> Spot<L> {
    Spot::from_bit(0).expect("every layout has a bit 0")
}

/// More than the legal moves of any position: no layout has more bits.
const MAX_MOVES: usize = 128;

/// The moves of a node in [`ordered`]'s order: on the stack, as no node
/// allocates.
struct Ordered<L: Layout> {
    spots: [Spot<L>; MAX_MOVES],
    /// The sort key above, the move's place in `spots` in the low byte, so
    /// that equal keys keep the moves' order.
    keys: [i64; MAX_MOVES],
    next: usize,
    len: usize,
}

impl<L: Layout> Ordered<L> {
    #[inline(always)]
    fn new(any: Spot<L>, len: usize) -> Ordered<L> {
        Ordered {
            spots: [any; MAX_MOVES],
            keys: [0; MAX_MOVES],
            next: 0,
            len,
        }
    }

    #[inline(always)]
    fn push(&mut self, m: Spot<L>, key: i32) {
        self.spots[self.len] = m;
        self.keys[self.len] = i64::from(key) << 8 | self.len as i64;
        self.len += 1;
    }

    #[inline(always)]
    fn sort(&mut self) {
        self.keys[..self.len].sort_unstable();
    }
}

impl<L: Layout> Ordered<L> {
    /// The move of rank `rank` in the order (0: the first).
    #[inline(always)]
    fn ranked(&self, rank: usize) -> Spot<L> {
        self.spots[(self.keys[rank] & 0xff) as usize]
    }

    /// The next move, with its rank.
    #[inline(always)]
    fn next_ranked(&mut self) -> Option<(usize, Spot<L>)> {
        let rank = self.next;
        (rank < self.len).then(|| {
            self.next += 1;
            (rank, self.ranked(rank))
        })
    }
}

impl<L: Layout> Iterator for Ordered<L> {
    type Item = Spot<L>;

    #[inline(always)]
    fn next(&mut self) -> Option<Spot<L>> {
        self.next_ranked().map(|(_, m)| m)
    }
}

/// What [`Searcher::search`] (and [`alphabeta_root`]) found.
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
    /// The depth of the iteration that found `best`: the deepest finished, or
    /// the one cut short after `best` had proved better there.
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

/// Why a search of the root ([`Searcher::search`], [`mcts`](super::mcts::mcts)) has
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

/// The half width of the first aspiration window around the last iteration's
/// value: half a disc.
const ASPIRATION: i32 = 50;

/// Where the next iteration's aspiration window goes, from the values of
/// the iterations so far: the value of two plies less, whose leaves the same
/// side is to move at (evaluations often lean one way with the side to
/// move, so that values go up and down from one ply to the next), else the
/// last.
fn same_parity(values: &[i32]) -> Option<i32> {
    match values {
        [.., two_before, _] => Some(*two_before),
        [.., last] => Some(*last),
        [] => None,
    }
}

/// How a [`Searcher::search`] iteration ended.
enum Iteration<L: Layout> {
    /// Searched whole: the value of the first root move, now the best.
    Done(i32),
    /// Cut short by a limit, after a later move had proved better than the
    /// last iteration's best (its move, value and line), or before.
    Stopped(Option<(Spot<L>, i32, Vec<Square>)>),
}

impl<'a, E> Search<'a, E> {
    /// A search of `eval` and `table` of one of a searcher's threads;
    /// `shared` when other threads search the same tree.
    fn on(
        eval: &'a E,
        table: &'a Table,
        (age, probcut): (u8, Option<ProbCut>),
        watch: Watch,
        shared: bool,
    ) -> Search<'a, E> {
        Search {
            eval,
            table,
            age,
            probcut,
            nodes: 0,
            watch,
            lines: Lines::new(),
            shared,
        }
    }

    /// One iteration of the deepening at `depth`: the root's `moves`, best
    /// first, searched in aspiration windows around `last` (the last
    /// iteration's value) that widen until the value falls inside; the best
    /// move is moved to the front.
    fn iterate<P: SearchPosition>(
        &mut self,
        root: &P,
        moves: &mut [Spot<P::Layout>],
        depth: u32,
        last: Option<i32>,
    ) -> Iteration<P::Layout>
    where
        E: Evaluator<P>,
    {
        self.lines.fit(root, depth);
        let (mut alpha, mut beta) = match last {
            Some(value) if depth >= 4 && value.abs() < EXACT => {
                (value - ASPIRATION, value + ASPIRATION)
            }
            _ => (-INFINITY, INFINITY),
        };
        let mut width = ASPIRATION;
        loop {
            let (value, best) = self.root_window(root, moves, depth, alpha, beta);
            if self.stopped().is_some() {
                return Iteration::Stopped(
                    (best > 0).then(|| (moves[0], value, self.lines.row(0).to_vec())),
                );
            }
            width = width.saturating_mul(4);
            let widened = |bound: i32| {
                if width > 40 * ASPIRATION {
                    None
                } else {
                    Some(bound)
                }
            };
            if value <= alpha && alpha > -INFINITY {
                alpha = widened(value - width).unwrap_or(-INFINITY);
            } else if value >= beta && beta < INFINITY {
                beta = widened(value + width).unwrap_or(INFINITY);
            } else {
                return Iteration::Done(value);
            }
        }
    }

    /// The root's `moves` searched within `alpha..beta` (the first whole, the
    /// rest in null windows, searched again when one beats `alpha`): the best
    /// value (fail-soft) and the place the best move had, now moved to the
    /// front. Row 0 of the lines holds the line of the last move that raised
    /// alpha, each found by a whole search.
    fn root_window<P: SearchPosition>(
        &mut self,
        root: &P,
        moves: &mut [Spot<P::Layout>],
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, usize)
    where
        E: Evaluator<P>,
    {
        let key = root.hash_key();
        self.lines.len[0] = 0;
        let (mut best, mut best_at) = (-INFINITY, 0);
        for (i, &m) in moves.iter().enumerate() {
            let (child, flips) = root.play_unchecked_with_flips(m);
            let child_key = root.key_after_move(key, m, flips);
            self.nodes += 1;
            let floor = if i == 0 { -beta } else { -alpha - 1 };
            let mut value = -negamax_compiled(self, &child, child_key, depth - 1, floor, -alpha, 1);
            if i > 0 && alpha < value && value < beta {
                value = -negamax_compiled(self, &child, child_key, depth - 1, -beta, -alpha, 1);
            }
            if self.stopped().is_some() {
                break;
            }
            if value > best {
                best = value;
                if value > alpha {
                    best_at = i;
                    self.lines.extend(0, m.square());
                    if value >= beta {
                        break;
                    }
                    alpha = value;
                }
            }
        }
        moves[..=best_at].rotate_right(1);
        (best, best_at)
    }
}

impl<E> Searcher<E> {
    /// The best move of `root` within `limits`, with its value, whether it is
    /// exact, the depth it was found at, the nodes searched and the principal
    /// variation: iterative deepening from one ply, each iteration in
    /// aspiration windows around the last one's value, the best move so far
    /// searched first.
    ///
    /// - The depth of `limits` is the deepest iteration (none: to the end of
    ///   the game, exact); from the searcher's `solve` empty squares, to the
    ///   end of the game whatever the depth.
    /// - With a budget of nodes or time, the deepening stops when it is spent
    ///   and gives the best move of the deepest iteration finished, or of the
    ///   last one if a move had proved better than the iteration before's
    ///   there. The first ply always finishes, so that there is a move to
    ///   give. A time budget is not begun on a new iteration once half of it
    ///   is spent: the next iteration would rarely finish.
    /// - The stop flag stops it with [`RootError::Stopped`].
    /// - The other threads (see [`with_threads`](Self::with_threads)) deepen
    ///   the same root, sharing the table, one iteration ahead, until this
    ///   one stops; their nodes are counted.
    ///
    /// An error, and no search, when `root` is not of two players or its
    /// player to move has no legal move (the caller passes or stops first).
    pub fn search<P: SearchPosition>(
        &mut self,
        root: &P,
        limits: &Limits,
    ) -> Result<RootChoice<P::Layout>, RootError>
    where
        E: Evaluator<P>,
    {
        if root.players() != 2 {
            return Err(RootError::Players(root.players()));
        }
        if root.legal_moves().is_empty() {
            return Err(RootError::NoMove);
        }
        let started = Instant::now();
        let empties = root.empty().len() as u32;
        // Every line of a search this deep reaches the end of the game.
        let to_the_end = empties + 1;
        let deepest = match limits.depth {
            Some(depth) if empties > self.solve => depth.clamp(1, to_the_end),
            _ => to_the_end,
        };
        let threads = self.threads;
        let budget = Watch::start(limits, CHECK_EVERY);
        // The first ply runs to its end, whatever the budget: only the flag stops it.
        let flag_only = Limits {
            stop: limits.stop.clone(),
            ..Limits::default()
        };
        let mut main = self.start(&flag_only);
        main.shared = threads > 1;
        let mut moves = root_order(main.eval, root);
        let (eval, table, age, probcut) = (main.eval, main.table, main.age, main.probcut);
        let halt = Arc::new(AtomicBool::new(false));
        // The depth the main thread is searching.
        let frontier = &AtomicU32::new(1);
        let deepen = |main: &mut Search<'_, E>, moves: &mut [Spot<P::Layout>]| {
            let mut found: Option<RootChoice<P::Layout>> = None;
            let mut values = Vec::new();
            for depth in 1..=deepest {
                frontier.store(depth, Ordering::Relaxed);
                if depth == 2 {
                    main.watch = budget.clone();
                }
                match main.iterate(root, moves, depth, same_parity(&values)) {
                    Iteration::Done(value) => {
                        values.push(value);
                        found = Some(RootChoice {
                            best: moves[0],
                            value,
                            exact: depth > empties,
                            depth,
                            nodes: 0,
                            pv: with_passes(root, main.principal_variation()),
                        });
                    }
                    Iteration::Stopped(better) => {
                        if let Some((best, value, line)) = better {
                            found = Some(RootChoice {
                                best,
                                value,
                                exact: false,
                                depth,
                                nodes: 0,
                                pv: with_passes(root, &line),
                            });
                        }
                        break;
                    }
                }
                let half_spent = limits.time.is_some_and(|time| started.elapsed() * 2 > time);
                if half_spent || main.watch.interrupted(main.nodes) {
                    break;
                }
            }
            found
        };
        let (found, helper_nodes) = if threads == 1 {
            (deepen(&mut main, &mut moves), 0)
        } else {
            let helper_moves = moves.clone();
            std::thread::scope(|scope| {
                let helpers: Vec<_> = (1..threads)
                    .map(|_| {
                        let watch = Watch::new(None, None, Some(halt.clone()), CHECK_EVERY);
                        let mut moves = helper_moves.clone();
                        scope.spawn(move || {
                            let mut helper = Search::on(eval, table, (age, probcut), watch, true);
                            let mut values = Vec::new();
                            let mut depth = 2;
                            // One ply ahead of the main thread: what it
                            // searches next is in the table when it gets there.
                            while depth <= deepest {
                                depth = depth.max(frontier.load(Ordering::Relaxed) + 1);
                                match helper.iterate(root, &mut moves, depth, same_parity(&values))
                                {
                                    Iteration::Done(value) => values.push(value),
                                    Iteration::Stopped(_) => break,
                                }
                                depth += 1;
                            }
                            helper.nodes
                        })
                    })
                    .collect();
                let found = deepen(&mut main, &mut moves);
                halt.store(true, Ordering::Relaxed);
                let nodes: u64 = helpers.into_iter().map(|h| h.join().unwrap_or(0)).sum();
                (found, nodes)
            })
        };
        if main.watch.cancelled() {
            return Err(RootError::Stopped);
        }
        let found = found.ok_or(RootError::Stopped)?;
        Ok(RootChoice {
            nodes: main.nodes + helper_nodes,
            ..found
        })
    }
}

/// [`Searcher::search`] once, with the engine's hand-written evaluation
/// ([`Features`](super::eval::Features)), one thread, exact from `solve` empty
/// squares, and a table sized for the search (up to 16 MiB): the one-line way
/// to search a position.
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
pub fn alphabeta_root<P: SearchPosition>(
    root: &P,
    limits: &Limits,
    solve: u32,
) -> Result<RootChoice<P::Layout>, RootError> {
    let bits = match limits.depth {
        Some(depth) if !limits.has_budget() => {
            (10 + 2 * depth).min(Searcher::<()>::DEFAULT_TABLE_BITS)
        }
        _ => Searcher::<()>::DEFAULT_TABLE_BITS,
    };
    Searcher::new(super::eval::Features)
        .with_solve(solve)
        .with_table_bits(bits)
        .search(root, limits)
}
