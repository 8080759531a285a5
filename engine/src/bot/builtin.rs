//! The built-in bots (random, greedy, mobility, MCTS and alpha-beta) on the
//! library's typed API, and the move ranking that alpha-beta and hints share.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use web_time::Instant;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use reversi::layout::Grid8;
use reversi::{
    features, playout, AnyPosition, Bitboard, Color, Game, LayoutVisitor, Move, Position,
    PositionVisitor, SearchPosition, Spot, TwoPlayer8,
};

use crate::limits::{is_set, Interruption, Limits};
use crate::line::with_passes;
use crate::search::alphabeta::{EveryBoard, Searcher, EXACT, INFINITY};
use crate::search::eval::Features;
use crate::search::mcts::mcts;
use crate::search::patterns::Patterns;
use crate::search::tuned::Tuned;
use crate::solver::{Guess, Partial, SolveError};

use super::*;

/// What a built-in bot does in a position with a legal move, whatever its type.
trait Think {
    fn think<P: SearchPosition>(&mut self, pos: &P) -> Result<Choice, BotError>;
}

struct Visit<'a, T>(&'a mut T);

impl<T: Think> PositionVisitor for Visit<'_, T> {
    type Output = Result<Choice, BotError>;

    fn visit<P: SearchPosition>(self, pos: &P) -> Result<Choice, BotError> {
        self.0.think(pos)
    }
}

/// The common part of every built-in bot's move: the game must go on, the
/// bot must play this many players, and a forced pass needs no thought.
fn choose_in<T: Think>(
    bot: &mut T,
    name: &str,
    two_players_only: bool,
    pos: &AnyPosition,
    stop: Option<&AtomicBool>,
) -> Result<Choice, BotError> {
    if pos.is_over() {
        return Err(BotError::GameOver);
    }
    if two_players_only && pos.players() != 2 {
        return Err(BotError::Players {
            bot: name.to_string(),
            players: pos.players(),
        });
    }
    if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
        return Err(BotError::Stopped);
    }
    if pos.must_pass() {
        return Ok(Choice::new(Move::Pass));
    }
    pos.visit_fastest(Visit(bot))
}

fn place<L: reversi::layout::Layout>(spot: Spot<L>, eval: Option<Eval>, nodes: u64) -> Choice {
    Choice {
        eval,
        nodes,
        ..Choice::new(spot.square())
    }
}

macro_rules! named {
    ($bot:ident) => {
        impl $bot {
            /// The same bot under another name (what summaries and records show).
            pub fn named(mut self, name: impl Into<String>) -> $bot {
                self.name = name.into();
                self
            }
        }
    };
}

/// A uniformly random legal move; every variant.
pub struct Random {
    name: String,
    rng: Xoshiro256PlusPlus,
}

impl Random {
    /// The bot, named `random`, its choices drawn from `seed`.
    pub fn new(seed: u64) -> Random {
        Random {
            name: "random".into(),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }
}

impl Think for Random {
    fn think<P: SearchPosition>(&mut self, pos: &P) -> Result<Choice, BotError> {
        let spot = playout::random_move(pos, &mut self.rng).expect("a legal move");
        Ok(place(spot, None, 0))
    }
}

/// The move that flips the most discs (the fewest in Anti-Reversi), ties drawn
/// at random; every variant.
pub struct Greedy {
    name: String,
    rng: Xoshiro256PlusPlus,
}

impl Greedy {
    /// The bot, named `greedy`, its ties drawn from `seed`.
    pub fn new(seed: u64) -> Greedy {
        Greedy {
            name: "greedy".into(),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }
}

impl Think for Greedy {
    fn think<P: SearchPosition>(&mut self, pos: &P) -> Result<Choice, BotError> {
        let moves = pos.legal_moves();
        let spot = greedy_move(pos, moves, &mut self.rng);
        Ok(place(spot, None, moves.len() as u64))
    }
}

/// The `greedy` bot's move in `pos` among its legal `moves` (not empty, as
/// [`Position::legal_moves`] gives them): the one that flips the most discs (the
/// fewest in Anti-Reversi), ties drawn uniformly from `rng`. For a batch of
/// games on typed positions that plays greedy opponents without a bot for each
/// game.
pub fn greedy_move<P: Position>(
    pos: &P,
    moves: Bitboard<P::Layout>,
    rng: &mut impl Rng,
) -> Spot<P::Layout> {
    let sign = if pos.anti() { -1 } else { 1 };
    best_by(moves, rng, |m| sign * pos.flips_unchecked(m).len() as i32)
}

/// One ply: its own mobility against the others' after the move, and corners
/// (avoided in Anti-Reversi), ties drawn at random; every variant.
pub struct Mobility {
    name: String,
    rng: Xoshiro256PlusPlus,
}

impl Mobility {
    /// The bot, named `mobility`, its ties drawn from `seed`.
    pub fn new(seed: u64) -> Mobility {
        Mobility {
            name: "mobility".into(),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }
}

impl Think for Mobility {
    fn think<P: SearchPosition>(&mut self, pos: &P) -> Result<Choice, BotError> {
        let moves = pos.legal_moves();
        let spot = best_by(moves, &mut self.rng, |m| mobility_score(pos, m));
        Ok(place(spot, None, moves.len() as u64))
    }
}

/// Monte-Carlo tree search: UCT over random playouts, each player scored by its
/// own result, so it plays 2, 3 and 4 players; every variant. Its
/// [`Choice::eval`] is the chance of winning ([`Eval::WinChance`]).
pub struct Mcts {
    name: String,
    rng: Xoshiro256PlusPlus,
    playouts: u32,
    time: Option<Duration>,
    exploration: f64,
    stop: Option<Arc<AtomicBool>>,
}

impl Mcts {
    /// The bot, named `mcts`, with 1000 playouts a move and exploration 1.4,
    /// its playouts drawn from `seed`.
    pub fn new(seed: u64) -> Mcts {
        Mcts {
            name: "mcts".into(),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            playouts: 1000,
            time: None,
            exploration: 1.4,
            stop: None,
        }
    }

    /// Playouts per move (at least 1).
    pub fn playouts(mut self, playouts: u32) -> Mcts {
        self.playouts = playouts.max(1);
        self
    }

    /// Thinking time per move instead of a playout count (`None`: the count);
    /// moves made on time are not reproducible.
    pub fn time(mut self, time: Option<Duration>) -> Mcts {
        self.time = time;
        self
    }

    /// The UCT exploration constant: 0 or more (1.4 by default; 0 plays the
    /// best mean so far). A negative, infinite or NaN constant makes a poor
    /// search, though it still ends and answers a legal move.
    pub fn exploration(mut self, exploration: f64) -> Mcts {
        self.exploration = exploration;
        self
    }
}

impl Think for Mcts {
    fn think<P: SearchPosition>(&mut self, pos: &P) -> Result<Choice, BotError> {
        // `choose_in` has checked for a legal move: the search cannot fail.
        let limits = Limits {
            nodes: self.time.is_none().then_some(u64::from(self.playouts)),
            time: self.time,
            stop: self.stop.clone(),
            depth: None,
        };
        let (spot, chance, runs) =
            mcts(pos, &mut self.rng, &limits, self.exploration).map_err(EngineError::from)?;
        if is_set(&self.stop) {
            return Err(BotError::Stopped);
        }
        // A forced move runs no playout, and so has no chance to tell.
        let eval = (runs > 0).then_some(Eval::WinChance(chance));
        Ok(place(spot, eval, runs))
    }
}

/// Alpha-beta on the [`Searcher`] framework (principal-variation search,
/// iterative deepening, a transposition table, threads), evaluating by a
/// learned evaluation where one fits Reversi without blocked squares (the
/// [`Patterns`], a table of weights for each game phase, on 8×8; the
/// [`Tuned`] weights of the features on 6×6, 10×10 and the octagon), and by
/// the hand-written [`Features`] (mobility, potential mobility, frontier,
/// corners, stable discs) elsewhere, then an exact solve
/// of the last empty squares (by the [`Solver`](crate::solver::Solver) on
/// 8×8 Reversi, by the same search to the end elsewhere); two players only,
/// every board and option. Its [`Choice::eval`] is in discs: [`Eval::Exact`]
/// once the endgame is solved, [`Eval::Discs`] before.
pub struct AlphaBeta {
    name: String,
    /// The depth (at least 1), the time a move and the stop flag.
    limits: Limits,
    solve: u32,
    threads: usize,
    /// Whether to evaluate by a learned evaluation where one fits.
    learned: bool,
    /// Multi-ProbCut's cut with the patterns, in spreads (0: none); `None`:
    /// [`AlphaBeta::PROBCUT`] on time, none at a fixed depth.
    probcut: Option<f32>,
    /// The 8×8 endgame solver, made at the first endgame, or on time at the
    /// first move (its table of up to 64 MB, sized by `solve`, is kept from
    /// move to move).
    solver: EndgameSolver,
    /// The searches, each made at its first use: their tables are kept from
    /// move to move.
    patterns: Option<Searcher<&'static Patterns>>,
    tuned: Option<Searcher<&'static Tuned>>,
    features: Option<Searcher<Features>>,
    /// The time left for the search of the move being chosen.
    time_left: Option<Duration>,
}

impl AlphaBeta {
    /// The bot, named `alphabeta`, searching `depth` plies (at least 1), exact
    /// from `solve` empty squares, on one thread, by a learned evaluation
    /// where one fits ([`AlphaBeta::learned`]).
    pub fn new(depth: u32, solve: u32) -> AlphaBeta {
        AlphaBeta {
            name: "alphabeta".into(),
            limits: Limits::default().with_depth(depth.max(1)),
            solve,
            threads: 1,
            learned: true,
            probcut: None,
            solver: EndgameSolver::new(),
            patterns: None,
            tuned: None,
            features: None,
            time_left: None,
        }
    }

    /// Thinking time per move (`None`, the default: the full depth every
    /// move). On time, the midgame search deepens one ply at a time up to the
    /// bot's depth ([`Searcher::search`] with a time) and plays the best move
    /// of the deepest search finished in time; the first ply always finishes.
    /// From `solve` empty squares it deepens to the end of the game, exact if
    /// it gets there in time (on 8×8 the solver has the first half of the
    /// time, or four times the move's time until a solve has finished in the
    /// game, and the deepening at least half the time after it if the solver
    /// neither finishes, nor proves a win, nor finishes a selective pass,
    /// whose move it then plays; the solver is made at the first move and
    /// keeps its table from move to move, so that each solve starts from what
    /// the last ones proved). Moves made on time are not reproducible.
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use reversi::{Game, Rules};
    /// use reversi_engine::bot::{AlphaBeta, Bot};
    ///
    /// let mut bot = AlphaBeta::new(u32::MAX, 10).time(Some(Duration::from_millis(100)));
    /// let game = Game::new(Rules::default());
    /// let started = Instant::now();
    /// let choice = bot.choose(&game)?;
    /// assert!(game.is_legal(choice.mv) && started.elapsed() < Duration::from_secs(2));
    /// # Ok::<(), reversi_engine::bot::BotError>(())
    /// ```
    pub fn time(mut self, time: Option<Duration>) -> AlphaBeta {
        self.limits.time = time;
        self
    }

    /// Search on `threads` threads (at least 1; default 1), which share the
    /// table: deeper in the same time, not reproducible.
    pub fn threads(mut self, threads: usize) -> AlphaBeta {
        self.threads = threads.max(1);
        self
    }

    /// Evaluate by a learned evaluation where one fits (`true`, the default:
    /// the [`Patterns`] on 8×8, the [`Tuned`] weights on 6×6, 10×10 and the
    /// octagon; Reversi without blocked squares, what they were learned on)
    /// or by the hand-written [`Features`] everywhere.
    pub fn learned(mut self, on: bool) -> AlphaBeta {
        self.learned = on;
        self
    }

    /// The empty squares a bot on time is exact from when its spec does not
    /// say (`alphabeta:time=MS`): its solver keeps its table from move to
    /// move, so that after the first solve the next ones are quick. At 35 ms
    /// a move on positions of 13 to 22 empty squares of the WTHOR 2015 games,
    /// the move played loses 0.44 discs on average against the best, where
    /// exact from 12 with the table emptied each move it lost 0.69.
    pub const SOLVE_ON_TIME: u32 = 20;

    /// Multi-ProbCut's cut, in spreads, of a bot on time by default.
    pub const PROBCUT: f32 = 1.0;

    /// On time, until a solve has finished in the game, the solver may take
    /// this many times the move's time by default (half of it after;
    /// [`first_solve_times`](Self::first_solve_times)): the first solve costs
    /// many times the next ones, which start from its table, and each move it
    /// leaves to the midgame search loses about a disc. At 35 ms a move on
    /// the WTHOR 2015 games, with four times the move's time for every solve,
    /// the moves played at 18, 19 and 20 empty squares lost 0, 0.08 and 0.36
    /// discs on average against the best, instead of 0.48, 0.66 and 0.80 with
    /// half of it (Intel Xeon, 2026-12-08; PERFORMANCE.md).
    pub const FIRST_SOLVE_TIMES: u32 = 4;

    /// On time, how many times the move's time the solver may take until a
    /// solve has finished in the game ([`FIRST_SOLVE_TIMES`](Self::FIRST_SOLVE_TIMES)
    /// by default; 0 counts as half, as after). A solve that does not finish
    /// leaves the midgame search half the move's time, so a move may take
    /// this many and a half times the move's time: a caller whose time is a
    /// share of a clock sets what the clock allows (the NBoard and GTP
    /// [`Server`](crate::protocol::Server) sets 1, as its clock gives a move
    /// at most half the time left).
    pub fn first_solve_times(mut self, times: u32) -> AlphaBeta {
        self.solver.first_times = times;
        self
    }

    /// With the learned patterns, cut by Multi-ProbCut at `t` spreads
    /// ([`Patterns::probcut`]; 0 turns it off, negative counts as 0); `None`,
    /// the default: [`PROBCUT`](Self::PROBCUT) on time (the search sees
    /// deeper in the same time: +65 to +131 Elo at 20 ms a move, Zen 4), none
    /// at a fixed depth, whose search then stays full-width and reproducible
    /// as asked.
    pub fn probcut(mut self, t: Option<f32>) -> AlphaBeta {
        self.probcut = t.map(|t| t.max(0.0));
        self
    }

    /// The Multi-ProbCut cut in effect, in spreads (0: none).
    pub fn probcut_spreads(&self) -> f32 {
        self.probcut.unwrap_or(if self.limits.time.is_some() {
            AlphaBeta::PROBCUT
        } else {
            0.0
        })
    }

    /// A search's table size: 16 MiB on time, less for a shallow fixed depth,
    /// so that a bot in a batch of thousands does not take gigabytes.
    fn table_bits(&self) -> u32 {
        match self.limits.depth {
            Some(depth) if self.limits.time.is_none() => depth
                .saturating_mul(2)
                .saturating_add(10)
                .min(Searcher::<()>::DEFAULT_TABLE_BITS),
            _ => Searcher::<()>::DEFAULT_TABLE_BITS,
        }
    }

    /// The limits of the search of this move.
    fn move_limits(&self) -> Limits {
        Limits {
            time: self.time_left,
            ..self.limits.clone()
        }
    }

    /// How the bot makes a searcher: its table size, threads and `solve`.
    fn settings(&self) -> SearcherSettings {
        SearcherSettings {
            bits: self.table_bits(),
            threads: self.threads,
            solve: self.solve,
        }
    }
}

/// The settings an [`AlphaBeta`] makes each of its searchers with.
#[derive(Clone, Copy)]
struct SearcherSettings {
    bits: u32,
    threads: usize,
    solve: u32,
}

impl SearcherSettings {
    /// The searcher in `slot`, made on `eval` at its first use.
    fn searcher<E>(
        self,
        slot: &mut Option<Searcher<E>>,
        eval: impl FnOnce() -> E,
    ) -> &mut Searcher<E> {
        slot.get_or_insert_with(|| {
            Searcher::new(eval())
                .with_table_bits(self.bits)
                .with_threads(self.threads)
                .with_solve(self.solve)
        })
    }
}

impl Think for AlphaBeta {
    fn think<P: SearchPosition>(&mut self, pos: &P) -> Result<Choice, BotError> {
        // `choose_in` has checked for two players and a legal move: the search
        // fails only when stopped.
        let (limits, settings) = (self.move_limits(), self.settings());
        let tuned = self.learned.then(|| fits_tuned(pos)).flatten();
        if let Some(tuned) = tuned {
            // A bot moved to another board drops the weights of the last one.
            if (self.tuned.as_ref()).is_some_and(|s| s.evaluator().board() != pos.board()) {
                self.tuned = None;
            }
            let searcher = settings.searcher(&mut self.tuned, || tuned);
            return Ok(searcher.search(pos, &limits)?.into());
        }
        let searcher = settings.searcher(&mut self.features, || Features);
        Ok(searcher.search(pos, &limits)?.into())
    }
}

/// [`AlphaBeta`]'s search of an 8×8 position by the learned patterns.
struct ByPatterns<'a>(&'a mut AlphaBeta);

impl LayoutVisitor<Grid8> for ByPatterns<'_> {
    type Output = Result<Choice, BotError>;

    fn visit<P: SearchPosition<Layout = Grid8>>(self, pos: &P) -> Result<Choice, BotError> {
        let bot = self.0;
        let (limits, settings) = (bot.move_limits(), bot.settings());
        let spreads = bot.probcut_spreads();
        let probcut = (spreads > 0.0).then(|| Patterns::probcut(spreads));
        let searcher = settings.searcher(&mut bot.patterns, Patterns::builtin);
        searcher.set_probcut(probcut);
        Ok(searcher.search(pos, &limits)?.into())
    }
}

named!(Random);
named!(Greedy);
named!(Mobility);
named!(Mcts);
named!(AlphaBeta);

macro_rules! bot {
    ($bot:ident, $two_players_only:expr) => {
        impl Bot for $bot {
            fn name(&self) -> &str {
                &self.name
            }

            fn choose(&mut self, game: &Game) -> Result<Choice, BotError> {
                let name = self.name.clone();
                choose_in(self, &name, $two_players_only, game.position(), None)
            }
        }
    };
}

bot!(Random, false);
bot!(Greedy, false);
bot!(Mobility, false);

impl Bot for Mcts {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &Game) -> Result<Choice, BotError> {
        let (name, stop) = (self.name.clone(), self.stop.clone());
        choose_in(self, &name, false, game.position(), stop.as_deref())
    }

    fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        self.stop = stop;
    }
}

impl Bot for AlphaBeta {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &Game) -> Result<Choice, BotError> {
        self.choose_at(game.position())
    }

    fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        self.limits.stop = stop;
    }
}

impl AlphaBeta {
    /// [`Bot::choose`] in `pos`. A forced pass is valued too, by the search of
    /// the position after it, so that an engine or a record has the value of
    /// every turn.
    fn choose_at(&mut self, pos: &AnyPosition) -> Result<Choice, BotError> {
        if let Some(passed) = pass_by_reply(pos, |after| self.choose_at(after)) {
            return passed;
        }
        match self.solver.solve(pos, self.solve, &self.limits)? {
            Endgame::Solved(choice) => return Ok(choice),
            Endgame::Left(time) => self.time_left = time,
        }
        let playing = !pos.is_over() && !pos.must_pass() && !self.limits.is_stopped();
        if self.learned && playing && fits_patterns(pos) {
            if let Ok(position) = TwoPlayer8::try_from(*pos) {
                return position.visit_fastest_typed(ByPatterns(self));
            }
        }
        let (name, stop) = (self.name.clone(), self.limits.stop.clone());
        choose_in(self, &name, true, pos, stop.as_deref())
    }
}

/// A bot on the engine's search framework and your evaluation: the
/// [`Searcher`] (principal-variation search, iterative deepening, the
/// transposition table kept from move to move, threads) on an
/// [`EveryBoard`] evaluation, the exact [`Solver`](crate::solver::Solver)
/// from `solve` empty squares on 8×8 Reversi (the same search to the end
/// elsewhere), forced passes valued by the reply, the stop flag: what the
/// built-in `alphabeta` is, with the evaluation yours. Two players, every
/// board and option. By default: depth 8 (to the end of the game on time,
/// unless given), exact from 12 empty squares, one thread.
///
/// ```
/// use std::time::Duration;
/// use reversi::{features, Game, Position, Rules};
/// use reversi_engine::bot::{Bot, SearchBot};
/// use reversi_engine::search::alphabeta::EveryBoard;
///
/// /// Corners and mobility, in hundredths of a disc.
/// struct Mine;
/// impl EveryBoard for Mine {
///     fn evaluate<P: Position>(&self, pos: &P) -> i32 {
///         let (me, you) = (pos.to_move(), pos.to_move().opponent());
///         let c = features::corner_squares(pos);
///         let corners = (pos.discs(me) & c).len() as i32 - (pos.discs(you) & c).len() as i32;
///         300 * corners + 50 * (pos.mobility(me).len() as i32 - pos.mobility(you).len() as i32)
///     }
/// }
///
/// let mut bot = SearchBot::new("mine", Mine).time(Some(Duration::from_millis(20)));
/// for rules in ["8x8", "10x10"] {
///     let mut game = Game::new(rules.parse::<Rules>()?);
///     while !game.is_over() {
///         let choice = bot.choose(&game)?;
///         game.play(choice.mv)?;
///     }
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct SearchBot<E> {
    name: String,
    /// The time a move and the stop flag.
    limits: Limits,
    depth: Option<u32>,
    solve: u32,
    searcher: Searcher<E>,
    solver: EndgameSolver,
}

impl<E: EveryBoard> SearchBot<E> {
    /// The bot named `name`, evaluating by `eval`.
    pub fn new(name: impl Into<String>, eval: E) -> SearchBot<E> {
        SearchBot {
            name: name.into(),
            limits: Limits::default(),
            depth: None,
            solve: 12,
            searcher: Searcher::new(eval).with_solve(12),
            solver: EndgameSolver::new(),
        }
    }

    /// Search `depth` plies (at least 1): each move's depth, or the deepest on
    /// time.
    pub fn depth(mut self, depth: u32) -> SearchBot<E> {
        self.depth = Some(depth.max(1));
        self
    }

    /// Thinking time per move (`None`: the depth every move), as
    /// [`AlphaBeta::time`]: deepening a ply at a time, not reproducible.
    pub fn time(mut self, time: Option<Duration>) -> SearchBot<E> {
        self.limits.time = time;
        self
    }

    /// Exact from `empties` empty squares (default 12).
    pub fn solve(mut self, empties: u32) -> SearchBot<E> {
        self.solve = empties;
        self.searcher = self.searcher.with_solve(empties);
        self
    }

    /// Search on `threads` threads sharing the table (default 1).
    pub fn threads(mut self, threads: usize) -> SearchBot<E> {
        self.searcher = self.searcher.with_threads(threads);
        self
    }

    /// The searcher, for its evaluation and settings.
    pub fn searcher(&self) -> &Searcher<E> {
        &self.searcher
    }

    fn choose_at(&mut self, pos: &AnyPosition) -> Result<Choice, BotError> {
        if let Some(passed) = pass_by_reply(pos, |after| self.choose_at(after)) {
            return passed;
        }
        if pos.is_over() {
            return Err(BotError::GameOver);
        }
        if pos.players() != 2 {
            return Err(BotError::Players {
                bot: self.name.clone(),
                players: pos.players(),
            });
        }
        if self.limits.is_stopped() {
            return Err(BotError::Stopped);
        }
        let time = match self.solver.solve(pos, self.solve, &self.limits)? {
            Endgame::Solved(choice) => return Ok(choice),
            Endgame::Left(time) => time,
        };
        let on_time = if time.is_some() { u32::MAX } else { 8 };
        let limits = Limits {
            time,
            depth: Some(self.depth.unwrap_or(on_time)),
            ..self.limits.clone()
        };
        struct Search<'a, E>(&'a mut Searcher<E>, &'a Limits);
        impl<E: EveryBoard> PositionVisitor for Search<'_, E> {
            type Output = Result<Choice, BotError>;
            fn visit<P: SearchPosition>(self, pos: &P) -> Result<Choice, BotError> {
                Ok(self.0.search(pos, self.1)?.into())
            }
        }
        pos.visit_fastest(Search(&mut self.searcher, &limits))
    }
}

impl<E: EveryBoard + Send> Bot for SearchBot<E> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &Game) -> Result<Choice, BotError> {
        self.choose_at(game.position())
    }

    fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        self.limits.stop = stop;
    }
}

/// A forced pass of a two-player game, valued by `reply`'s choice in the
/// position after it (negated), so that an engine or a record has the value
/// of every turn; `None` when the player to move has a move or the game is
/// over.
fn pass_by_reply(
    pos: &AnyPosition,
    reply: impl FnOnce(&AnyPosition) -> Result<Choice, BotError>,
) -> Option<Result<Choice, BotError>> {
    if !(pos.players() == 2 && pos.must_pass() && !pos.is_over()) {
        return None;
    }
    // The reply's search answers a set stop flag.
    let Ok(after) = pos.pass() else {
        return Some(Err(BotError::GameOver));
    };
    Some(reply(&after).map(|reply| Choice {
        mv: Move::Pass,
        eval: reply.eval.map(Eval::for_opponent),
        nodes: reply.nodes,
        pv: core::iter::once(Move::Pass).chain(reply.pv).collect(),
    }))
}

/// What [`EndgameSolver::solve`] did.
enum Endgame {
    /// The solver's move: solved exactly, or a win proved or a selective
    /// pass's guess in the time.
    Solved(Choice),
    /// Not the solver's position, or not solved in time: the time left for
    /// the midgame search.
    Left(Option<Duration>),
}

/// A bot's 8×8 endgame solver, made at its first use and kept, with its
/// table, from move to move; how far from the end its last finished solve
/// was; and how long its first solve of a game may take.
struct EndgameSolver {
    solver: Option<Box<crate::solver::Solver>>,
    /// The empty squares of the last position solved to the end: while the
    /// positions to solve have fewer, its table holds much of their trees.
    /// A position with as many or more is taken for a new game's.
    solved: Option<u32>,
    /// [`AlphaBeta::first_solve_times`].
    first_times: u32,
}

impl EndgameSolver {
    fn new() -> EndgameSolver {
        EndgameSolver {
            solver: None,
            solved: None,
            first_times: AlphaBeta::FIRST_SOLVE_TIMES,
        }
    }

    /// The solver's time for a position of `empties` empty squares on a
    /// move's `time`: [`first_times`](Self::first_times) the time until a
    /// solve has finished in the game, half of it after.
    fn time_for(&self, empties: u32, time: Duration) -> Duration {
        let first = self.solved.is_none_or(|solved| solved <= empties);
        if first && self.first_times > 0 {
            time.saturating_mul(self.first_times)
        } else {
            time / 2
        }
    }

    /// The exact solver's move in `pos` when it is 8×8 Reversi (two players,
    /// not Anti-Reversi, no blocked squares) with a legal move and at most
    /// `solve` empty squares, the solver made at its first use (on time, at
    /// the first move on 8×8 Reversi, and what that took comes off the
    /// move's time). On time, the solver has [`time_for`](Self::time_for)
    /// and the midgame search the rest (at least half the move's time) if it
    /// does not finish, unless it has proved a win or finished a selective
    /// pass by then ([`interrupted_choice`]): that move is played. The stop
    /// flag is [`BotError::Stopped`].
    fn solve(
        &mut self,
        pos: &AnyPosition,
        solve: u32,
        limits: &Limits,
    ) -> Result<Endgame, BotError> {
        let started = Instant::now();
        let make = || {
            let mut solver = crate::solver::Solver::with_table_bits(solver_table_bits(solve));
            // Each move's solve starts from what the last ones proved.
            solver.set_principal_variation(true).set_keep_table(true);
            Box::new(solver)
        };
        // On time the table is taken at the first move, not in the time of the
        // first solve (its memory takes tens of milliseconds to map).
        if limits.time.is_some() && solve > 0 && fits_patterns(pos) {
            self.solver.get_or_insert_with(make);
        }
        // What taking the table or an unfinished solve took comes off the
        // move's time; after a solve, the midgame search has half of it at least.
        let left = |at_least_half: bool| {
            limits.time.map(|time| {
                let least = if at_least_half {
                    time / 2
                } else {
                    Duration::ZERO
                };
                time.saturating_sub(started.elapsed()).max(least)
            })
        };
        let playing = !pos.is_over() && !pos.must_pass();
        let Some(position) = solver_position(pos, solve).filter(|_| playing) else {
            return Ok(Endgame::Left(left(false)));
        };
        let empties = position.empty().len() as u32;
        let solver_time = limits.time.map(|time| self.time_for(empties, time));
        let solver = self.solver.get_or_insert_with(make);
        solver.set_limits(Limits {
            stop: limits.stop.clone(),
            time: solver_time,
            ..Limits::default()
        });
        match solver.try_solve(&position) {
            Ok(solution) => {
                self.solved = Some(empties);
                match solution.best_move {
                    Some(square) => Ok(Endgame::Solved(Choice {
                        mv: Move::Place(square),
                        eval: Some(Eval::Exact(solution.score)),
                        nodes: solution.nodes,
                        pv: solution.pv,
                    })),
                    None => Ok(Endgame::Left(limits.time)),
                }
            }
            Err(SolveError::Interrupted {
                why: Interruption::Stopped,
                ..
            }) => Err(BotError::Stopped),
            Err(SolveError::Interrupted {
                why: Interruption::Time,
                nodes,
                best,
                guess,
            }) => Ok(match interrupted_choice(best, guess, nodes) {
                Some(choice) => Endgame::Solved(choice),
                None => Endgame::Left(left(true)),
            }),
            // No other limit is set, and the position is the solver's.
            Err(e) => Err(EngineError::from(e).into()),
        }
    }
}

/// The move of an interrupted solve, played rather than left to the midgame
/// search: one that proved a win ([`Partial`] with a margin above 0), valued
/// at the margin proved; else, after a selective pass ([`Guess`]), the move
/// the exact search proved best so far (it searched the guess's move first,
/// so a move it proved since does at least as well), or the guess's move
/// itself, valued at its estimate: a search to the end of the game that a
/// search by the evaluation alone does not match in the same time.
#[doc(hidden)] // For the tests in tests/it; not part of the API.
pub fn interrupted_choice(
    best: Option<Partial>,
    guess: Option<Guess>,
    nodes: u64,
) -> Option<Choice> {
    let (square, value) = match (best, guess) {
        (Some(won), _) if won.at_least > 0 => (won.best_move, won.at_least),
        (Some(proved), Some(_)) => (proved.best_move, proved.at_least),
        (None, Some(guess)) => (guess.best_move, guess.score),
        (_, None) => return None,
    };
    Some(Choice {
        mv: Move::Place(square),
        eval: Some(Eval::Discs(f64::from(value))),
        nodes,
        pv: vec![Move::Place(square)],
    })
}

/// Whether the learned evaluations fit a game of these rules: two-player
/// Reversi (not Anti-Reversi) without blocked squares, what they were learned
/// on.
fn learned_on(players: u8, anti: bool, unblocked: bool) -> bool {
    players == 2 && !anti && unblocked
}

/// Whether the learned [`Patterns`] evaluate `pos`: the learned rules
/// ([`learned_on`]) on 8×8.
fn fits_patterns(pos: &AnyPosition) -> bool {
    pos.board() == reversi::Board::Size8
        && learned_on(pos.players(), pos.anti(), pos.blocked().is_empty())
}

/// The learned [`Tuned`] weights for `pos`'s board, when they fit it: the
/// learned rules ([`learned_on`]) on a board the [`Patterns`] do not cover.
fn fits_tuned<P: Position>(pos: &P) -> Option<&'static Tuned> {
    let fits = learned_on(pos.players(), pos.anti(), pos.blocked().is_empty());
    fits.then(|| Tuned::builtin(pos.board())).flatten()
}

/// The table size (in bits of entries) of the solver of an alpha-beta bot exact
/// from `solve` empty squares: taking the memory costs time (tens of
/// milliseconds for the solver's default 64 MB), which 12 empty squares do not
/// repay. 2^(solve + 6) entries, at least 2^16 and at most 2^22.
#[doc(hidden)] // For the tests in tests/it; not part of the API.
pub fn solver_table_bits(solve: u32) -> u32 {
    solve.saturating_add(6).clamp(16, 22)
}

/// `pos` as the 8×8 solver takes it, when the bot hands it over: two-player 8×8
/// Reversi (not Anti-Reversi, no blocked squares) with at most `solve` empty
/// squares.
fn solver_position(pos: &AnyPosition, solve: u32) -> Option<TwoPlayer8> {
    if !(fits_patterns(pos) && pos.empty().len() as u32 <= solve) {
        return None;
    }
    TwoPlayer8::try_from(*pos).ok()
}

/// Every legal move of `pos` with its alpha-beta value within `limits`, best
/// first: what an engine's hint shows. Each move is searched `limits.depth`
/// plies deep (at least 1; to the end of the game without a depth), exact from
/// `solve` empty squares. The stop flag, the nodes and the time end the
/// ranking with [`BotError::Stopped`] (an engine's hint that the interface
/// called off): a ranking is whole or not given. Empty when the player must
/// pass or the game is over; an error ([`BotError::Players`]) for a game of
/// three or four players, which alpha-beta does not play, before any search.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use std::sync::Arc;
/// use reversi::{AnyPosition, Rules};
/// use reversi_engine::bot::{rank_moves, BotError};
/// use reversi_engine::Limits;
///
/// let start = AnyPosition::start(&Rules::default());
/// let ranked = rank_moves(&start, &Limits::default().with_depth(2), 0)?;
/// assert_eq!(ranked.len(), 4);
/// let stop = Arc::new(AtomicBool::new(true));
/// let stopped = Limits::default().with_depth(30).with_stop(stop);
/// assert_eq!(rank_moves(&start, &stopped, 0), Err(BotError::Stopped));
/// # Ok::<(), BotError>(())
/// ```
pub fn rank_moves(pos: &AnyPosition, limits: &Limits, solve: u32) -> Result<Vec<Choice>, BotError> {
    if pos.players() != 2 {
        return Err(BotError::Players {
            bot: "alphabeta".into(),
            players: pos.players(),
        });
    }
    struct Rank<'a> {
        limits: &'a Limits,
        solve: u32,
    }
    impl PositionVisitor for Rank<'_> {
        type Output = Result<Vec<Choice>, BotError>;
        fn visit<P: SearchPosition>(self, pos: &P) -> Result<Vec<Choice>, BotError> {
            let empties = pos.empty().len() as u32;
            let depth = self.limits.depth.map_or(empties + 1, |d| d.max(1));
            let exact = empties <= self.solve || depth > empties;
            let depth = if exact { u32::MAX } else { depth };
            let bits = (10 + 2 * depth.min(5)).min(Searcher::<()>::DEFAULT_TABLE_BITS);
            let mut searcher = Searcher::new(Features).with_table_bits(bits);
            let mut search = searcher.start(self.limits);
            let mut ranked: Vec<Choice> = pos
                .legal_moves()
                .iter()
                .map(|m| {
                    let before = search.nodes();
                    let value =
                        -search.negamax(&pos.play_unchecked(m), depth - 1, -INFINITY, INFINITY);
                    let line: Vec<_> = core::iter::once(m.square())
                        .chain(search.principal_variation().iter().copied())
                        .collect();
                    Choice {
                        mv: Move::Place(m.square()),
                        eval: Some(eval_of(value, exact)),
                        nodes: search.nodes() - before,
                        pv: with_passes(pos, &line),
                    }
                })
                .collect();
            // A stopped search's values mean nothing: none is shown.
            if search.stopped().is_some() {
                return Err(BotError::Stopped);
            }
            // Every value is in discs (exact or estimated), so they compare.
            let discs = |c: &Choice| c.eval.and_then(Eval::discs).unwrap_or(f64::NEG_INFINITY);
            ranked.sort_by(|a, b| discs(b).total_cmp(&discs(a)));
            Ok(ranked)
        }
    }
    pos.visit_fastest(Rank { limits, solve })
}

/// An alpha-beta value in discs: exact when the search reached every end. A
/// search cut at its depth values the ends it reached by their margin (a
/// multiple of [`EXACT`]) and the rest by its evaluation (hundredths of a
/// disc); either way its value is an estimate, not best play.
pub(crate) fn eval_of(value: i32, exact: bool) -> Eval {
    if exact {
        Eval::Exact(value / EXACT)
    } else if value.abs() >= EXACT {
        Eval::Discs(f64::from(value / EXACT))
    } else {
        Eval::Discs(f64::from(value) / 100.0)
    }
}

/// A seed for one use (a game, a seat) derived from a base seed: SplitMix64, so
/// that neighbouring numbers give unrelated generators.
pub fn derive_seed(base: u64, a: u64, b: u64) -> u64 {
    let mut z = base
        .wrapping_add(a.wrapping_mul(0x9e37_79b9_7f4a_7c15))
        .wrapping_add(b.wrapping_mul(0xbf58_476d_1ce4_e5b9));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The move of `moves` with the highest `score`, ties drawn uniformly.
fn best_by<L: reversi::layout::Layout>(
    moves: Bitboard<L>,
    rng: &mut impl Rng,
    mut score: impl FnMut(Spot<L>) -> i32,
) -> Spot<L> {
    let mut best = None;
    let mut ties = 0;
    for m in moves {
        let s = score(m);
        match best {
            Some((_, b)) if s < b => {}
            Some((_, b)) if s == b => {
                ties += 1;
                if playout::uniform_below(rng, ties) == 0 {
                    best = Some((m, s));
                }
            }
            _ => {
                best = Some((m, s));
                ties = 1;
            }
        }
    }
    best.expect("at least one legal move").0
}

/// The other colours in play.
fn others<P: Position>(pos: &P, me: Color) -> impl Iterator<Item = Color> {
    Color::in_play(pos.players())
        .iter()
        .copied()
        .filter(move |&c| c != me)
}

/// The mobility bot's value of the move `m`: its mover's moves after it against
/// the average of the others', and corners.
fn mobility_score<P: Position>(pos: &P, m: Spot<P::Layout>) -> i32 {
    let me = pos.to_move();
    let next = pos.play_unchecked(m);
    let opponents = i32::from(pos.players()) - 1;
    let mine = features::mobility(&next, me).len() as i32;
    let theirs: i32 = others(&next, me)
        .map(|c| features::mobility(&next, c).len() as i32)
        .sum();
    let corners = features::corner_squares(&next);
    let my_corners = (next.discs(me) & corners).len() as i32;
    let their_corners: i32 = others(&next, me)
        .map(|c| (next.discs(c) & corners).len() as i32)
        .sum();
    let corner_sign = if pos.anti() { -1 } else { 1 };
    10 * (mine * opponents - theirs) + corner_sign * 50 * (my_corners * opponents - their_corners)
}
