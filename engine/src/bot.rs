//! The built-in bots that the arena, the NBoard engine and the terminal game
//! share, written on the library's typed API, its evaluation features
//! (`reversi::features`) and its random playouts (`reversi::playout`). Alpha-beta
//! solves the endgame of two-player 8×8 Reversi with the exact
//! [`Solver`](crate::solver::Solver), and that of the other variants with a plain
//! exact search of its own.
//!
//! Every player, built-in or outside, is a [`Bot`]: [`Random`], [`Greedy`],
//! [`Mobility`], [`Mcts`], [`AlphaBeta`] here, and the outside-engine client
//! [`EngineBot`](crate::protocol::client::EngineBot). A bot is named by a spec,
//! `name` or `name:option=value[:option=value…]`, for example
//! `mcts:playouts=2000` or `alphabeta:depth=5:solve=14`, which [`Spec::parse`]
//! reads and [`Spec::build`] turns into a `Box<dyn Bot>`. Every built-in bot
//! draws its random choices from its own generator, seeded by the caller, so the
//! same seed gives the same moves; every move it returns is legal.
//!
//! ```
//! use reversi::{Game, Rules};
//! use reversi_engine::bot::{Bot, Spec};
//!
//! let mut bot = Spec::parse("mcts:playouts=200")?.build(7);
//! let mut game = Game::new(Rules::default());
//! while !game.is_over() {
//!     let choice = bot.choose(&game).expect("a built-in bot always moves");
//!     game.play(choice.mv).expect("a legal move");
//! }
//! assert_eq!(bot.name(), "mcts:playouts=200");
//! # Ok::<(), String>(())
//! ```

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use reversi::{
    features, playout, AnyPosition, Bitboard, Color, Game, Move, Position, PositionVisitor, Spot,
    Square, TwoPlayer8,
};

use crate::search::alphabeta::{
    alphabeta_root_timed, alphabeta_root_until, RootError, Search, EXACT, INFINITY,
};
use crate::search::mcts::mcts_until;
use crate::solver::{Interruption, SolveError};

/// What `--help` says about the bots.
pub const HELP: &str = "\
Built-in bots (BOT is NAME or NAME:OPTION=VALUE[:OPTION=VALUE...]):
  random      a uniformly random legal move; every variant
  greedy      the move that flips the most discs (the fewest in Anti-Reversi),
              ties drawn at random; every variant
  mobility    one ply: its own mobility against the others' after the move, and
              corners (avoided in Anti-Reversi), ties drawn at random; every variant
  mcts        UCT over random playouts, each player scored by its own result, so it
              plays 2, 3 and 4 players; every variant. Options: playouts=N
              (default 1000), time=MS (think MS milliseconds per move instead:
              not reproducible), c=F (exploration, default 1.4)
  alphabeta   alpha-beta on mobility, potential mobility, frontier, corners and
              stable discs, then an exact solve of the last empty squares; two
              players only, every board and option. Options: depth=N (default 4),
              solve=N (exact from N empty squares, default 12), time=MS (deepen
              a ply at a time for MS milliseconds a move and play the deepest
              search finished; depth is then a cap, none by default; not
              reproducible)";

/// A bot and its settings.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// A uniformly random legal move.
    Random,
    /// The most flips (the fewest in Anti-Reversi).
    Greedy,
    /// One ply of mobility and corners.
    Mobility,
    /// Monte-Carlo tree search.
    Mcts {
        /// Playouts per move.
        playouts: u32,
        /// Thinking time per move, instead of a playout count.
        time: Option<Duration>,
        /// The UCT exploration constant.
        exploration: f64,
    },
    /// Alpha-beta with an exact endgame.
    AlphaBeta {
        /// The depth of the midgame search, in plies: with `time`, the
        /// deepest it goes (no limit when not given).
        depth: u32,
        /// The number of empty squares from which the search is exact.
        solve: u32,
        /// Thinking time per move: the search deepens one ply at a time and
        /// plays the deepest search finished in time.
        time: Option<Duration>,
    },
}

/// A bot as named on a command line.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    /// The name as given (`mcts:playouts=2000`): what summaries and records show.
    pub name: String,
    /// The bot.
    pub kind: Kind,
}

/// Why [`Spec::parse`] refused a bot's text; the message says what was wrong
/// and names the bot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The name is not a built-in bot's.
    #[error("unknown bot {0:?}: expected random, greedy, mobility, mcts or alphabeta")]
    UnknownBot(String),
    /// A part after `:` without `=`.
    #[error("{bot}: expected OPTION=VALUE, not {part:?}")]
    NotAnOption {
        /// The bot's name.
        bot: String,
        /// The part as written.
        part: String,
    },
    /// An option the bot does not have.
    #[error("{bot} has no option {option:?}: {}", match *.takes {
        [] => "it takes none".to_string(),
        [only] => format!("its option is {only}"),
        [.., last] => format!("its options are {} and {last}", .takes[..takes.len() - 1].join(", ")),
    })]
    UnknownOption {
        /// The bot's name.
        bot: String,
        /// The option as written.
        option: String,
        /// The options the bot takes.
        takes: &'static [&'static str],
    },
    /// A value that is not a number, or a number out of the option's range.
    #[error("{bot}: {option}={value:?} {why}")]
    BadValue {
        /// The bot's name.
        bot: String,
        /// The option.
        option: &'static str,
        /// The value as written.
        value: String,
        /// What the value must be.
        why: &'static str,
    },
    /// An option given twice, or two options that exclude each other (MCTS's
    /// `playouts` and `time`): the bot would follow only one of them.
    #[error("{bot}: {option} {}", if .option == .other { "is given twice".to_string() } else { format!("and {} exclude each other: give one", .other) })]
    Conflict {
        /// The bot's name.
        bot: String,
        /// The option.
        option: &'static str,
        /// The option given before it (the same one when it is repeated).
        other: &'static str,
    },
}

/// For the examples and callers that report errors as text.
impl From<SpecError> for String {
    fn from(error: SpecError) -> String {
        error.to_string()
    }
}

/// The value of option `key` of `bot`, a number for which `ok` holds.
fn option<T: std::str::FromStr>(
    bot: &str,
    key: &'static str,
    value: &str,
    ok: impl Fn(&T) -> bool,
    why: &'static str,
) -> Result<T, SpecError> {
    let bad = |why| SpecError::BadValue {
        bot: bot.to_string(),
        option: key,
        value: value.to_string(),
        why,
    };
    let number = value.parse().map_err(|_| {
        bad(if value.contains([',', '=']) {
            "is not a number (options are separated by `:`)"
        } else {
            "is not a number"
        })
    })?;
    if !ok(&number) {
        return Err(bad(why));
    }
    Ok(number)
}

impl Spec {
    /// Reads `name[:option=value...]`.
    pub fn parse(text: &str) -> Result<Spec, SpecError> {
        let mut parts = text.trim().split(':');
        let name = parts.next().unwrap_or_default();
        let mut kind = match name {
            "random" => Kind::Random,
            "greedy" => Kind::Greedy,
            "mobility" => Kind::Mobility,
            "mcts" => Kind::Mcts {
                playouts: 1000,
                time: None,
                exploration: 1.4,
            },
            "alphabeta" => Kind::AlphaBeta {
                depth: 4,
                solve: 12,
                time: None,
            },
            _ => return Err(SpecError::UnknownBot(name.to_string())),
        };
        let mut given: Vec<&'static str> = Vec::new();
        for part in parts {
            let (key, value) = part.split_once('=').ok_or_else(|| SpecError::NotAnOption {
                bot: name.to_string(),
                part: part.to_string(),
            })?;
            // `playouts` and `time` are two ways to say how long MCTS thinks.
            let excludes: &[&'static str] = match key {
                "playouts" | "time" => &["playouts", "time"],
                "depth" => &["depth"],
                "solve" => &["solve"],
                "c" => &["c"],
                _ => &[],
            };
            if let Some(&other) = given.iter().find(|g| excludes.contains(g)) {
                return Err(SpecError::Conflict {
                    bot: name.to_string(),
                    option: excludes
                        .iter()
                        .find(|&&e| e == key)
                        .copied()
                        .unwrap_or(other),
                    other,
                });
            }
            match (&mut kind, key) {
                (Kind::Mcts { playouts, .. }, "playouts") => {
                    *playouts = option(name, "playouts", value, |&n| n > 0, "must be at least 1")?;
                }
                (Kind::Mcts { time, .. }, "time") => {
                    *time = Some(Duration::from_millis(option(
                        name,
                        "time",
                        value,
                        |_: &u64| true,
                        "",
                    )?))
                }
                (Kind::Mcts { exploration, .. }, "c") => {
                    *exploration = option(
                        name,
                        "c",
                        value,
                        |c: &f64| c.is_finite() && *c >= 0.0,
                        "must be a finite number, 0 or more",
                    )?;
                }
                (Kind::AlphaBeta { depth, .. }, "depth") => {
                    *depth = option(name, "depth", value, |&d| d > 0, "must be at least 1")?;
                }
                (Kind::AlphaBeta { solve, .. }, "solve") => {
                    *solve = option(name, "solve", value, |_: &u32| true, "")?
                }
                (Kind::AlphaBeta { time, .. }, "time") => {
                    *time = Some(Duration::from_millis(option(
                        name,
                        "time",
                        value,
                        |&ms: &u64| ms > 0,
                        "must be at least 1 (milliseconds)",
                    )?))
                }
                (kind, _) => {
                    return Err(SpecError::UnknownOption {
                        bot: name.to_string(),
                        option: key.to_string(),
                        takes: match kind {
                            Kind::Mcts { .. } => &["playouts", "time", "c"],
                            Kind::AlphaBeta { .. } => &["depth", "solve", "time"],
                            _ => &[],
                        },
                    })
                }
            }
            given.extend(excludes.iter().find(|&&e| e == key));
        }
        // On time, alpha-beta deepens as far as the time allows, unless told
        // how deep it may go.
        if let Kind::AlphaBeta {
            depth,
            time: Some(_),
            ..
        } = &mut kind
        {
            if !given.contains(&"depth") {
                *depth = u32::MAX;
            }
        }
        Ok(Spec {
            name: text.trim().to_string(),
            kind,
        })
    }

    /// Whether the bot plays games of `players` players.
    pub fn supports(&self, players: u8) -> bool {
        players == 2 || !matches!(self.kind, Kind::AlphaBeta { .. })
    }

    /// The bot, its random choices drawn from `seed`, named by the spec.
    pub fn build(&self, seed: u64) -> Box<dyn Bot + Send> {
        let name = self.name.clone();
        match self.kind {
            Kind::Random => Box::new(Random::new(seed).named(name)),
            Kind::Greedy => Box::new(Greedy::new(seed).named(name)),
            Kind::Mobility => Box::new(Mobility::new(seed).named(name)),
            Kind::Mcts {
                playouts,
                time,
                exploration,
            } => Box::new(
                Mcts::new(seed)
                    .playouts(playouts)
                    .time(time)
                    .exploration(exploration)
                    .named(name),
            ),
            Kind::AlphaBeta { depth, solve, time } => {
                Box::new(AlphaBeta::new(depth, solve).time(time).named(name))
            }
        }
    }
}

/// A move with what the bot found out about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The move: a legal placement, or a pass when the player must pass.
    pub mv: Move,
    /// The bot's value of the move for the player to move, if it has one, in
    /// the unit of its method: [`Eval::Exact`] or [`Eval::Discs`] for
    /// alpha-beta, [`Eval::Discs`] for NBoard engines (GTP engines give none),
    /// [`Eval::WinChance`] for MCTS.
    pub eval: Option<Eval>,
    /// Positions (alpha-beta) or playouts (MCTS) searched; for an NBoard
    /// engine, what its `nodestats` said; 0 when the bot does not say.
    pub nodes: u64,
    /// The line the bot expects from here, passes left out: its move first,
    /// then best play as its search saw it (alpha-beta's principal variation,
    /// or the exact solver's). After a forced pass, the reply's line. Empty when
    /// the bot does not say (random, greedy, mobility, MCTS, outside engines).
    pub pv: Vec<Square>,
}

impl Choice {
    /// A choice of `mv` and nothing more: no value, no nodes, no line. A bot
    /// of your own fills in what it knows with struct update syntax.
    ///
    /// ```
    /// use reversi::{Move, Square};
    /// use reversi_engine::bot::{Choice, Eval};
    ///
    /// let f5: Square = "f5".parse()?;
    /// let choice = Choice { eval: Some(Eval::Discs(2.0)), ..Choice::new(f5) };
    /// assert_eq!((choice.mv, choice.nodes, choice.pv.len()), (Move::Place(f5), 0, 0));
    /// # Ok::<(), reversi::ParseSquareError>(())
    /// ```
    pub fn new(mv: impl Into<Move>) -> Choice {
        Choice {
            mv: mv.into(),
            eval: None,
            nodes: 0,
            pv: Vec::new(),
        }
    }
}

/// What a bot found a move worth, for the player who plays it. The unit is in
/// the variant: a disc margin is not a chance of winning, and only the first
/// two can go into a game record ([`Eval::evaluation`]). Disc values are
/// margins as [`Position::final_margin`] counts them: empty squares to the
/// winner, and in Anti-Reversi positive when the mover is ahead by that
/// variant's convention (fewer discs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Eval {
    /// The final disc margin with best play: the endgame was solved.
    Exact(i32),
    /// An estimate of the final disc margin: a search's evaluation at its
    /// depth, or an outside engine's.
    Discs(f64),
    /// The chance of winning, from 0 to 1, over random playouts; a shared win
    /// counts as a share (a half for two winners).
    WinChance(f64),
}

impl Eval {
    /// The value in discs ([`Eval::Exact`] and [`Eval::Discs`]); `None` for a
    /// chance of winning.
    pub fn discs(self) -> Option<f64> {
        match self {
            Eval::Exact(discs) => Some(f64::from(discs)),
            Eval::Discs(discs) => Some(discs),
            Eval::WinChance(_) => None,
        }
    }

    /// The same value for the other player of a two-player game: the margin
    /// negated, the chance of winning taken from 1 (what a pass is worth, from
    /// the reply's value).
    ///
    /// ```
    /// use reversi_engine::bot::Eval;
    /// assert_eq!(Eval::Exact(6).for_opponent(), Eval::Exact(-6));
    /// assert_eq!(Eval::Discs(-1.5).for_opponent(), Eval::Discs(1.5));
    /// assert_eq!(Eval::WinChance(0.25).for_opponent(), Eval::WinChance(0.75));
    /// ```
    pub fn for_opponent(self) -> Eval {
        match self {
            Eval::Exact(discs) => Eval::Exact(-discs),
            Eval::Discs(discs) => Eval::Discs(-discs),
            Eval::WinChance(chance) => Eval::WinChance(1.0 - chance),
        }
    }

    /// Whether the value is an exact endgame result.
    pub fn is_exact(self) -> bool {
        matches!(self, Eval::Exact(_))
    }

    /// The value as a number, in [`unit`](Eval::unit).
    pub fn value(self) -> f64 {
        match self {
            Eval::Exact(discs) => f64::from(discs),
            Eval::Discs(value) | Eval::WinChance(value) => value,
        }
    }

    /// The unit's name: `"exact"`, `"discs"` or `"win_chance"` (the Python
    /// package's `Choice.unit`).
    pub fn unit(self) -> &'static str {
        match self {
            Eval::Exact(_) => "exact",
            Eval::Discs(_) => "discs",
            Eval::WinChance(_) => "win_chance",
        }
    }

    /// The value as a game record's [`Evaluation`](reversi::Evaluation) (discs,
    /// to the thousandth, as records and GGF keep them); `None` for a chance of
    /// winning, which records have no place for, and for a value beyond an
    /// `Evaluation`'s range or not a number.
    pub fn evaluation(self) -> Option<reversi::Evaluation> {
        let millidiscs = (self.discs()? * 1000.0).round();
        // `as` saturates; a value that did would not be the bot's.
        let fits = millidiscs.is_finite() && millidiscs.abs() <= f64::from(i32::MAX);
        fits.then(|| reversi::Evaluation::from_millidiscs(millidiscs as i32))
    }
}

impl std::fmt::Display for Eval {
    /// `+2.39` (discs, two decimals), `+12` (exact) or `63%` (chance of winning).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Eval::Exact(discs) => write!(f, "{discs:+}"),
            // What shows as zero shows as `+0.00`, not `-0.00`.
            Eval::Discs(discs) if discs.abs() < 0.005 => f.write_str("+0.00"),
            Eval::Discs(discs) => write!(f, "{discs:+.2}"),
            Eval::WinChance(chance) => write!(f, "{:.0}%", 100.0 * chance),
        }
    }
}

/// Why a bot gave no move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BotError {
    /// The game is over: there is no move to choose.
    GameOver,
    /// The bot does not play games of this many players.
    Players {
        /// The bot's name.
        bot: String,
        /// The game's players.
        players: u8,
    },
    /// An outside engine ran, then failed to answer with a move: it crashed,
    /// hung past its time or wrote something that is not a move. In an arena
    /// this is a forfeit.
    Engine(String),
    /// The stop flag given to [`Bot::set_stop`] was set before the bot chose.
    Stopped,
}

impl std::fmt::Display for BotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotError::GameOver => f.write_str("the game is over: there is no move to choose"),
            BotError::Players { bot, players } => {
                write!(f, "{bot} does not play games of {players} players")
            }
            BotError::Engine(why) => f.write_str(why),
            BotError::Stopped => f.write_str("the bot was stopped before it chose a move"),
        }
    }
}

impl std::error::Error for BotError {}

/// A player: a built-in bot or an outside engine. Implement it for your own bot,
/// and put that in an [`arena`](crate::arena) as a
/// [`Player::Custom`](crate::arena::Player::Custom) (see
/// [`CustomBot`](crate::arena::CustomBot), whose example does).
pub trait Bot {
    /// The bot's own name. The arena names its players by [`Player::name`](crate::arena::Player::name)
    /// instead: for a bot of your own, the name given to
    /// [`CustomBot::new`](crate::arena::CustomBot::new).
    fn name(&self) -> &str;

    /// The bot's move in `game`: a legal placement, or [`Move::Pass`] when the
    /// player to move must pass. The game's history is there for engines that
    /// follow the game move by move; built-in bots look at its position only.
    fn choose(&mut self, game: &Game) -> Result<Choice, BotError>;

    /// [`choose`](Bot::choose), with the move checked against the rules: a move
    /// that is not legal in `game` (an outside engine's, or a bot's of your own
    /// with a bug) is [`BotError::Engine`], never a move to play. The one check
    /// that the NBoard and GTP server and the Python package make.
    fn choose_legal(&mut self, game: &Game) -> Result<Choice, BotError> {
        match self.choose(game) {
            Ok(choice) if !game.is_legal(choice.mv) => Err(BotError::Engine(format!(
                "{} chose {}, which is not a legal move here",
                self.name(),
                choice.mv
            ))),
            chosen => chosen,
        }
    }

    /// A flag another thread may set to stop the bot's thinking. The built-in
    /// bots that think for long look at it, `mcts` every 32 playouts and
    /// `alphabeta` every 4096 nodes and in its endgame solve: a `choose` under
    /// way when it is set returns soon after with [`BotError::Stopped`], and so
    /// does every later one while it stays set (after the checks for a finished
    /// game and the player count); `None` takes the flag away. `random`,
    /// `greedy` and `mobility`, which answer at once, ignore it, as a bot does
    /// by default. An outside engine
    /// ([`EngineBot`](crate::protocol::client::EngineBot)) is called off too:
    /// NBoard engines by a `ping`.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use std::sync::Arc;
    /// use reversi::{Game, Rules};
    /// use reversi_engine::bot::{Bot, BotError, Spec};
    ///
    /// let mut bot = Spec::parse("alphabeta:depth=14")?.build(0);
    /// let stop = Arc::new(AtomicBool::new(false));
    /// bot.set_stop(Some(Arc::clone(&stop)));
    /// let game = Game::new(Rules::default());
    /// // Another thread, a signal handler or a GUI's button would set it.
    /// stop.store(true, Ordering::Relaxed);
    /// assert_eq!(bot.choose(&game), Err(BotError::Stopped));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        let _ = stop;
    }
}

impl<B: Bot + ?Sized> Bot for Box<B> {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn choose(&mut self, game: &Game) -> Result<Choice, BotError> {
        (**self).choose(game)
    }

    fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        (**self).set_stop(stop);
    }
}

/// Whether `stop` is given and set.
pub(crate) fn is_set(stop: &Option<Arc<AtomicBool>>) -> bool {
    stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
}

/// What a built-in bot does in a position with a legal move, whatever its type.
trait Think {
    fn think<P: Position>(&mut self, pos: &P) -> Result<Choice, BotError>;
}

struct Visit<'a, T>(&'a mut T);

impl<T: Think> PositionVisitor for Visit<'_, T> {
    type Output = Result<Choice, BotError>;

    fn visit<P: Position>(self, pos: &P) -> Result<Choice, BotError> {
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
    fn think<P: Position>(&mut self, pos: &P) -> Result<Choice, BotError> {
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
    fn think<P: Position>(&mut self, pos: &P) -> Result<Choice, BotError> {
        let sign = if pos.anti() { -1 } else { 1 };
        let moves = pos.legal_moves();
        let spot = best_by(moves, &mut self.rng, |m| sign * pos.flips(m).len() as i32);
        Ok(place(spot, None, moves.len() as u64))
    }
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
    fn think<P: Position>(&mut self, pos: &P) -> Result<Choice, BotError> {
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
    fn think<P: Position>(&mut self, pos: &P) -> Result<Choice, BotError> {
        // `choose_in` has checked for a legal move: the search cannot fail.
        let (spot, chance, runs) = mcts_until(
            pos,
            &mut self.rng,
            self.playouts,
            self.time,
            self.exploration,
            self.stop.clone(),
        )
        .map_err(|e| BotError::Engine(e.to_string()))?;
        if is_set(&self.stop) {
            return Err(BotError::Stopped);
        }
        // A forced move runs no playout, and so has no chance to tell.
        let eval = (runs > 0).then_some(Eval::WinChance(chance));
        Ok(place(spot, eval, runs))
    }
}

/// Alpha-beta on mobility, potential mobility, frontier, corners and stable
/// discs, then an exact solve of the last empty squares (by the
/// [`Solver`](crate::solver::Solver) on two-player 8×8 Reversi, by a plain exact
/// search elsewhere); two players only, every board and option. Its
/// [`Choice::eval`] is in discs: [`Eval::Exact`] once the endgame is solved,
/// [`Eval::Discs`] before.
pub struct AlphaBeta {
    name: String,
    depth: u32,
    solve: u32,
    /// The 8×8 endgame solver, made at the first endgame (its table of up to
    /// 64 MB, sized by `solve`, is not needed before).
    solver: Option<Box<crate::solver::Solver>>,
    stop: Option<Arc<AtomicBool>>,
    time: Option<Duration>,
    /// The time left for the search of the move being chosen.
    time_left: Option<Duration>,
}

impl AlphaBeta {
    /// The bot, named `alphabeta`, searching `depth` plies (at least 1), exact
    /// from `solve` empty squares.
    pub fn new(depth: u32, solve: u32) -> AlphaBeta {
        AlphaBeta {
            name: "alphabeta".into(),
            depth: depth.max(1),
            solve,
            solver: None,
            stop: None,
            time: None,
            time_left: None,
        }
    }

    /// Thinking time per move (`None`, the default: the full depth every
    /// move). On time, the midgame search deepens one ply at a time up to the
    /// bot's depth ([`alphabeta_root_timed`]) and plays the best move of the
    /// deepest search finished in time; the first ply always finishes. From
    /// `solve` empty squares it deepens to the end of the game, exact if it
    /// gets there in time (on 8×8 the solver has the first half of the time,
    /// the deepening the rest if the solver does not finish). Moves made on
    /// time are not reproducible.
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
        self.time = time;
        self
    }
}

impl Think for AlphaBeta {
    fn think<P: Position>(&mut self, pos: &P) -> Result<Choice, BotError> {
        // `choose_in` has checked for two players and a legal move: the search
        // fails only when stopped.
        let searched = match self.time_left {
            Some(time) => {
                alphabeta_root_timed(pos, self.depth, self.solve, time, self.stop.clone())
                    .map(|(found, _depth)| found)
            }
            None => alphabeta_root_until(pos, self.depth, self.solve, self.stop.clone()),
        };
        let found = match searched {
            Ok(found) => found,
            Err(RootError::Stopped) => return Err(BotError::Stopped),
            Err(e) => return Err(BotError::Engine(e.to_string())),
        };
        Ok(Choice {
            eval: Some(found.eval()),
            nodes: found.nodes,
            pv: found.pv,
            ..Choice::new(found.best.square())
        })
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
        self.stop = stop;
    }
}

impl AlphaBeta {
    /// [`Bot::choose`] in `pos`. A forced pass is valued too, by the search of
    /// the position after it, so that an engine or a record has the value of
    /// every turn.
    fn choose_at(&mut self, pos: &AnyPosition) -> Result<Choice, BotError> {
        if pos.players() == 2 && pos.must_pass() && !pos.is_over() {
            // The reply's search answers a set stop flag.
            let after = pos.pass().map_err(|_| BotError::GameOver)?;
            let reply = self.choose_at(&after)?;
            return Ok(Choice {
                mv: Move::Pass,
                eval: reply.eval.map(Eval::for_opponent),
                nodes: reply.nodes,
                pv: reply.pv,
            });
        }
        let started = Instant::now();
        self.time_left = self.time;
        if !pos.is_over() && !pos.must_pass() {
            if let Some(position) = solver_position(pos, self.solve) {
                let bits = solver_table_bits(self.solve);
                let solver = self.solver.get_or_insert_with(|| {
                    let mut solver = crate::solver::Solver::with_table_bits(bits);
                    solver.set_principal_variation(true);
                    Box::new(solver)
                });
                // On time, the solver has half of it; the deepening, the rest
                // if the solver does not finish.
                solver.set_limits(crate::solver::Limits {
                    stop: self.stop.clone(),
                    time: self.time.map(|time| time / 2),
                    ..crate::solver::Limits::default()
                });
                match solver.try_solve(&position) {
                    Ok(solution) => {
                        if let Some(square) = solution.best_move {
                            return Ok(Choice {
                                mv: Move::Place(square),
                                eval: Some(Eval::Exact(solution.score)),
                                nodes: solution.nodes,
                                pv: solution.pv,
                            });
                        }
                    }
                    Err(SolveError::Interrupted(Interruption::Cancelled, _)) => {
                        return Err(BotError::Stopped)
                    }
                    Err(SolveError::Interrupted(Interruption::Time, _)) => {
                        self.time_left =
                            self.time.map(|time| time.saturating_sub(started.elapsed()));
                    }
                    // No other limit is set, and the position is the solver's.
                    Err(e) => return Err(BotError::Engine(e.to_string())),
                }
            }
        }
        let (name, stop) = (self.name.clone(), self.stop.clone());
        choose_in(self, &name, true, pos, stop.as_deref())
    }
}

/// The table size (in bits of entries) of the solver of an alpha-beta bot exact
/// from `solve` empty squares: the table is cleared before each solve, so the
/// solver's default 64 MB for 12 empty squares cost more time in the clearing
/// than in the search. 2^(solve + 6) entries, at least 2^16 and at most 2^22.
fn solver_table_bits(solve: u32) -> u32 {
    solve.saturating_add(6).clamp(16, 22)
}

/// `pos` as the 8×8 solver takes it, when the bot hands it over: two-player 8×8
/// Reversi (not Anti-Reversi, no blocked squares) with at most `solve` empty
/// squares.
fn solver_position(pos: &AnyPosition, solve: u32) -> Option<TwoPlayer8> {
    let fits = pos.board() == reversi::Board::Size8
        && pos.players() == 2
        && !pos.anti()
        && pos.blocked().is_empty()
        && pos.empty().len() as u32 <= solve;
    if !fits {
        return None;
    }
    TwoPlayer8::try_from(*pos).ok()
}

/// Every legal move of `pos` with its alpha-beta value at `depth` plies (at
/// least 1; exact from `solve` empty squares), best first: what an engine's hint
/// shows. Empty when the player must pass or the game is over; an error
/// ([`BotError::Players`]) for a game of three or four players, which alpha-beta
/// does not play.
pub fn rank_moves(pos: &AnyPosition, depth: u32, solve: u32) -> Result<Vec<Choice>, BotError> {
    rank_moves_until(pos, depth, solve, None)
}

/// [`rank_moves`], stopped by another thread: once `stop` is set, the ranking
/// ends within about 4096 nodes with [`BotError::Stopped`] (an engine's hint
/// that the interface called off). A flag already set stops it at once; a game
/// of three or four players is still refused first.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use std::sync::Arc;
/// use reversi::{AnyPosition, Rules};
/// use reversi_engine::bot::{rank_moves_until, BotError};
///
/// let start = AnyPosition::start(&Rules::default());
/// let stop = Arc::new(AtomicBool::new(true));
/// assert_eq!(rank_moves_until(&start, 30, 0, Some(stop)), Err(BotError::Stopped));
/// ```
pub fn rank_moves_until(
    pos: &AnyPosition,
    depth: u32,
    solve: u32,
    stop: Option<Arc<AtomicBool>>,
) -> Result<Vec<Choice>, BotError> {
    if pos.players() != 2 {
        return Err(BotError::Players {
            bot: "alphabeta".into(),
            players: pos.players(),
        });
    }
    struct Rank {
        depth: u32,
        solve: u32,
        stop: Option<Arc<AtomicBool>>,
    }
    impl PositionVisitor for Rank {
        type Output = Result<Vec<Choice>, BotError>;
        fn visit<P: Position>(self, pos: &P) -> Result<Vec<Choice>, BotError> {
            let exact = pos.empty().len() as u32 <= self.solve;
            let mut search = Search::new(exact, self.stop);
            let mut ranked: Vec<Choice> = pos
                .legal_moves()
                .iter()
                .map(|m| {
                    let before = search.nodes;
                    let value = -search.negamax(
                        &pos.play_unchecked(m),
                        self.depth - 1,
                        -INFINITY,
                        INFINITY,
                    );
                    let line = search.principal_variation();
                    Choice {
                        mv: Move::Place(m.square()),
                        eval: Some(eval_of(value, exact)),
                        nodes: search.nodes - before,
                        pv: core::iter::once(m.square())
                            .chain(line.iter().copied())
                            .collect(),
                    }
                })
                .collect();
            // A stopped search's values mean nothing: none is shown.
            if search.stopped {
                return Err(BotError::Stopped);
            }
            // Every value is in discs (exact or estimated), so they compare.
            let discs = |c: &Choice| c.eval.and_then(Eval::discs).unwrap_or(f64::NEG_INFINITY);
            ranked.sort_by(|a, b| discs(b).total_cmp(&discs(a)));
            Ok(ranked)
        }
    }
    pos.visit_fastest(Rank {
        depth: depth.max(1),
        solve,
        stop,
    })
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The game after playing the first legal move (or passing) until `done`.
    pub(crate) fn played_until(done: impl Fn(&Game) -> bool) -> Game {
        let mut game = Game::new(reversi::Rules::default());
        while !done(&game) {
            match game.legal_moves().iter().next() {
                Some(square) => game.play(square).unwrap(),
                None => {
                    game.pass().unwrap();
                    continue;
                }
            };
        }
        game
    }

    #[test]
    fn a_stop_flag_stops_a_long_think_and_taking_it_away_lets_the_bot_play() {
        let start = Game::new(reversi::Rules::default());
        let one_move =
            played_until(|g| g.legal_moves().len() == 1 && g.position().empty().len() < 50);
        let endgame =
            played_until(|g| g.position().empty().len() <= 8 && g.legal_moves().len() > 1);
        let finished = played_until(|g| g.position().is_over());
        // Thinks that would take minutes or more: the playouts, the midgame
        // search, and the 8x8 solver from the start.
        for (spec, after) in [
            ("mcts:playouts=1000000000", &one_move),
            ("alphabeta:depth=30", &endgame),
            ("alphabeta:depth=2:solve=60", &endgame),
        ] {
            let mut bot = Spec::parse(spec).unwrap().build(1);
            let stop = Arc::new(AtomicBool::new(false));
            bot.set_stop(Some(Arc::clone(&stop)));
            let setter = {
                let stop = Arc::clone(&stop);
                std::thread::spawn(move || {
                    std::thread::sleep(Duration::from_millis(50));
                    stop.store(true, Ordering::Relaxed);
                })
            };
            assert_eq!(bot.choose(&start), Err(BotError::Stopped), "{spec}");
            setter.join().unwrap();
            // Still set: refused at once, even where the answer is quick; a
            // finished game is still said to be over.
            assert_eq!(bot.choose(after), Err(BotError::Stopped), "{spec}");
            assert_eq!(bot.choose(&finished), Err(BotError::GameOver), "{spec}");
            // Taken away (or cleared): the bot plays again.
            bot.set_stop(None);
            let choice = bot.choose(after).unwrap();
            assert!(after.legal_moves().contains(match choice.mv {
                Move::Place(square) => square,
                Move::Pass => panic!("{spec} passed with a legal move"),
            }));
            stop.store(false, Ordering::Relaxed);
            bot.set_stop(Some(stop));
            assert!(bot.choose(after).is_ok(), "{spec}");
        }
    }

    #[test]
    fn the_solver_table_grows_with_the_endgame_and_stays_bounded() {
        assert_eq!(solver_table_bits(0), 16);
        assert_eq!(solver_table_bits(12), 18); // 4 MB at the default
        assert_eq!(solver_table_bits(15), 21);
        assert_eq!(solver_table_bits(16), 22);
        // Any `solve` a user may write (`alphabeta:solve=4294967295`).
        assert_eq!(solver_table_bits(u32::MAX), 22);
    }

    #[test]
    fn the_exploration_constant_must_be_a_number_to_explore_with() {
        for bad in ["NaN", "inf", "-inf", "-1"] {
            let error = Spec::parse(&format!("mcts:c={bad}")).unwrap_err();
            assert_eq!(
                error.to_string(),
                format!("mcts: c={bad:?} must be a finite number, 0 or more")
            );
        }
        assert!(Spec::parse("mcts:c=0").is_ok());
        assert_eq!(
            Spec::parse("alphabeta:depht=4").unwrap_err().to_string(),
            "alphabeta has no option \"depht\": its options are depth, solve and time"
        );
        assert_eq!(
            Spec::parse("mcts:playouts=0").unwrap_err(),
            SpecError::BadValue {
                bot: "mcts".into(),
                option: "playouts",
                value: "0".into(),
                why: "must be at least 1"
            }
        );
        assert_eq!(
            Spec::parse("random:x=1").unwrap_err().to_string(),
            "random has no option \"x\": it takes none"
        );
        assert_eq!(
            Spec::parse("mcts:c").unwrap_err().to_string(),
            "mcts: expected OPTION=VALUE, not \"c\""
        );
        assert!(matches!(
            Spec::parse("corners"),
            Err(SpecError::UnknownBot(_))
        ));
        // Built directly, a constant that compares with nothing still gives a
        // move (it once went round the root for ever).
        let game = Game::new(reversi::Rules::default());
        for c in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let mut bot = Mcts::new(1).playouts(200).exploration(c);
            let choice = bot.choose(&game).unwrap();
            assert!(game.is_legal(choice.mv), "c = {c}");
            assert_eq!(choice.nodes, 200);
        }
    }

    /// The final margin of the player to move with best play, by trying every
    /// line: the reference the bots' exact values are checked against.
    fn best_margin(pos: &AnyPosition) -> i32 {
        if pos.is_over() {
            return pos.final_margin();
        }
        match pos.pass() {
            Ok(passed) => -best_margin(&passed),
            Err(_) => pos
                .legal_moves()
                .iter()
                .map(|m| -best_margin(&pos.play(m).expect("a legal move")))
                .max()
                .expect("a legal move"),
        }
    }

    /// A game of `rules` played at random down to `empties` empty squares
    /// (or its end), from `seed`.
    fn endgame(rules: reversi::Rules, empties: usize, seed: u64) -> Game {
        let mut game = Game::new(rules);
        let mut random = Random::new(seed);
        while game.position().empty().len() > empties && !game.is_over() {
            let choice = random.choose(&game).expect("a move");
            game.play(choice.mv).expect("a legal move");
        }
        game
    }

    #[test]
    fn the_root_searches_say_when_there_is_no_move_to_give() {
        use crate::search::mcts::mcts;
        struct Both;
        impl reversi::PositionVisitor for Both {
            type Output = (Result<(), RootError>, Result<(), RootError>);
            fn visit<P: Position>(self, pos: &P) -> Self::Output {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
                (
                    mcts(pos, &mut rng, 50, None, 1.4).map(drop),
                    alphabeta_root_until(pos, 2, 0, None).map(drop),
                )
            }
        }
        let passing = played_until(Game::must_pass);
        let over = played_until(Game::is_over);
        for game in [&passing, &over] {
            let found = game.position().visit(Both);
            assert_eq!(found, (Err(RootError::NoMove), Err(RootError::NoMove)));
        }
    }

    #[test]
    fn alpha_beta_values_a_forced_pass_by_the_reply() {
        use reversi::{Board, Rules};
        let mut checked = [0; 2];
        for board in [Board::Size6, Board::Size8] {
            let rules = Rules::builder(board).build().unwrap();
            for seed in 0..300 {
                let mut game = Game::new(rules);
                let mut random = Random::new(seed);
                while !game.is_over() && !game.must_pass() {
                    game.play(random.choose(&game).unwrap().mv).unwrap();
                }
                if game.is_over() {
                    continue;
                }
                let pos = *game.position();
                let exact = pos.empty().len() <= 10;
                let mut bot = AlphaBeta::new(2, if exact { 10 } else { 0 });
                let choice = bot.choose(&game).unwrap();
                assert_eq!(choice.mv, Move::Pass);
                let after = pos.pass().unwrap();
                let expected = if exact {
                    Eval::Exact(best_margin(&pos))
                } else {
                    let mut replay = game.clone();
                    replay.pass().unwrap();
                    let reply = AlphaBeta::new(2, 0).choose(&replay).unwrap();
                    assert!(matches!(reply.eval, Some(Eval::Discs(_))));
                    reply.eval.unwrap().for_opponent()
                };
                assert_eq!(choice.eval, Some(expected), "{board:?} {seed}: {after}");
                assert!(choice.nodes > 0);
                checked[usize::from(exact)] += 1;
            }
        }
        assert!(checked.iter().all(|&n| n > 0), "{checked:?}");
    }

    #[test]
    fn options_given_twice_or_together_are_refused() {
        for (text, message) in [
            (
                "alphabeta:depth=3:depth=5",
                "alphabeta: depth is given twice",
            ),
            ("mcts:c=1:c=2", "mcts: c is given twice"),
            (
                "mcts:time=5:playouts=3",
                "mcts: playouts and time exclude each other: give one",
            ),
            (
                "mcts:playouts=3:time=5",
                "mcts: time and playouts exclude each other: give one",
            ),
            (
                "alphabeta:depth=4,solve=12",
                "alphabeta: depth=\"4,solve=12\" is not a number (options are separated by `:`)",
            ),
        ] {
            assert_eq!(
                Spec::parse(text).unwrap_err().to_string(),
                message,
                "{text}"
            );
        }
        assert!(Spec::parse("alphabeta:depth=3:solve=10").is_ok());
        assert!(Spec::parse("mcts:time=5:c=1").is_ok());
        assert_eq!(
            Spec::parse("alphabeta:time=0").unwrap_err().to_string(),
            "alphabeta: time=\"0\" must be at least 1 (milliseconds)"
        );
        assert_eq!(
            Spec::parse("alphabeta:time=5:time=6")
                .unwrap_err()
                .to_string(),
            "alphabeta: time is given twice"
        );
    }

    #[test]
    fn alpha_beta_on_time_deepens_as_far_as_it_is_let() {
        let kind = |text| Spec::parse(text).unwrap().kind;
        let ms = |n| Some(Duration::from_millis(n));
        assert_eq!(
            kind("alphabeta:time=200"),
            Kind::AlphaBeta {
                depth: u32::MAX,
                solve: 12,
                time: ms(200)
            }
        );
        for text in ["alphabeta:time=200:depth=6", "alphabeta:depth=6:time=200"] {
            assert_eq!(
                kind(text),
                Kind::AlphaBeta {
                    depth: 6,
                    solve: 12,
                    time: ms(200)
                }
            );
        }
        assert_eq!(
            kind("alphabeta"),
            Kind::AlphaBeta {
                depth: 4,
                solve: 12,
                time: None
            }
        );
    }

    #[test]
    fn deepening_on_time_ends_with_the_plain_search_of_its_last_depth() {
        use crate::search::alphabeta::{alphabeta_root, alphabeta_root_timed};
        struct Compare;
        impl reversi::PositionVisitor for Compare {
            type Output = u32;
            fn visit<P: Position>(self, pos: &P) -> u32 {
                let hour = Duration::from_secs(3600);
                for depth in 1..=5 {
                    let (deepened, reached) =
                        alphabeta_root_timed(pos, depth, 0, hour, None).unwrap();
                    let plain = alphabeta_root(pos, depth, 0).unwrap();
                    assert_eq!(reached, depth);
                    // The value is the minimax value at that depth, whatever
                    // the order the moves were tried in.
                    assert_eq!(deepened.value, plain.value, "depth {depth}");
                    assert!(pos.is_legal(deepened.best.square()));
                    assert!(deepened.nodes > 0);
                }
                let empties = pos.empty().len();
                if empties <= 10 {
                    // From `solve` empties, to the end whatever the depth cap:
                    // one ply more than the empty squares, exact.
                    let exact = alphabeta_root(pos, 1, 64).unwrap();
                    let (found, reached) = alphabeta_root_timed(pos, 2, 64, hour, None).unwrap();
                    assert!(found.exact && reached as usize == empties + 1);
                    assert_eq!(found.value, exact.value);
                    assert_eq!(found.eval(), exact.eval());
                    // No deeper than that, and exact there without `solve`.
                    let (found, reached) = alphabeta_root_timed(pos, 99, 0, hour, None).unwrap();
                    assert!(found.exact && reached as usize == empties + 1);
                    assert_eq!(found.value, exact.value);
                }
                // A stop flag set is a stop, not a move.
                let stop = Arc::new(AtomicBool::new(true));
                let stopped = alphabeta_root_timed(pos, 99, 0, hour, Some(stop));
                assert_eq!(stopped.map(drop), Err(RootError::Stopped));
                empties as u32
            }
        }
        let mut endgames = 0;
        for seed in 0..6 {
            let board = [reversi::Board::Size6, reversi::Board::Size8][seed as usize % 2];
            let rules = reversi::Rules::builder(board).build().unwrap();
            for empties in [8, 20] {
                let game = endgame(rules, empties, seed);
                if game.is_over() || game.must_pass() {
                    continue;
                }
                endgames += u32::from(game.position().visit(Compare) <= 10);
            }
        }
        assert!(endgames > 0);
    }

    #[test]
    fn on_time_the_exact_endgame_gives_way_to_the_deepening() {
        use reversi::{Board, Rules};
        // 22 empty squares cannot be solved in a millisecond, on 8×8 (the
        // solver) or 10×10 (the plain search): the deepening's move comes
        // instead, an estimate.
        for board in [Board::Size8, Board::Size10] {
            let game = endgame(Rules::builder(board).build().unwrap(), 22, 4);
            assert!(!game.is_over() && !game.must_pass());
            let mut bot = AlphaBeta::new(u32::MAX, 30).time(Some(Duration::from_millis(1)));
            let started = Instant::now();
            let choice = bot.choose(&game).unwrap();
            assert!(started.elapsed() < Duration::from_secs(10));
            assert!(game.is_legal(choice.mv));
            assert!(matches!(choice.eval, Some(Eval::Discs(_))), "{choice:?}");
        }
    }

    #[test]
    fn a_timed_search_plays_within_its_time() {
        // Time is not asserted tightly (a test machine may be loaded): the
        // search of an unbounded depth ends, on time, at some depth.
        let game = Game::new(reversi::Rules::default());
        let mut bot = AlphaBeta::new(u32::MAX, 0).time(Some(Duration::from_millis(30)));
        let started = std::time::Instant::now();
        let choice = bot.choose(&game).unwrap();
        assert!(started.elapsed() < Duration::from_secs(10));
        assert!(game.is_legal(choice.mv));
        assert!(matches!(choice.eval, Some(Eval::Discs(_))));
    }

    #[test]
    fn mcts_gives_no_value_for_a_forced_move() {
        let mut random = Random::new(5);
        let mut checked = 0;
        for seed in 0..40 {
            let mut game = Game::new(reversi::Rules::default());
            let mut bot = Mcts::new(seed).playouts(50);
            while !game.is_over() {
                let moves = game.position().legal_moves();
                if moves.len() == 1 {
                    let choice = bot.choose(&game).unwrap();
                    assert_eq!((choice.eval, choice.nodes), (None, 0));
                    checked += 1;
                } else if moves.len() > 1 && checked == 0 {
                    assert!(bot.choose(&game).unwrap().eval.is_some());
                }
                let choice = random.choose(&game).unwrap();
                game.play(choice.mv).unwrap();
            }
        }
        assert!(checked > 0, "no forced move in 40 games");
    }

    #[test]
    fn each_bot_gives_its_evaluation_in_its_own_unit() {
        let game = Game::new(reversi::Rules::default());
        let ab = AlphaBeta::new(2, 0).choose(&game).unwrap();
        assert!(matches!(ab.eval, Some(Eval::Discs(_))), "{ab:?}");
        let mcts = Mcts::new(1).playouts(200).choose(&game).unwrap();
        match mcts.eval {
            Some(Eval::WinChance(c)) => assert!((0.0..=1.0).contains(&c), "{c}"),
            other => panic!("MCTS gave {other:?}"),
        }
        assert_eq!(mcts.eval.and_then(Eval::discs), None);
        assert_eq!(mcts.eval.and_then(Eval::evaluation), None);
        assert_eq!(Greedy::new(1).choose(&game).unwrap().eval, None);
    }

    #[test]
    fn alpha_beta_is_exact_in_the_endgame_on_every_board() {
        use reversi::{Board, Rules};
        let boards = [Board::Size6, Board::Size8, Board::Size10, Board::Octagon];
        let mut checked = 0;
        for (i, board) in boards.into_iter().enumerate() {
            let rules = Rules::builder(board).build().unwrap();
            for seed in 0..4 {
                let game = endgame(rules, 7, 10 * i as u64 + seed);
                let pos = *game.position();
                if pos.is_over() || pos.must_pass() {
                    continue;
                }
                // 8×8 goes to the solver, the others to the plain exact search.
                let choice = AlphaBeta::new(1, 8).choose(&game).unwrap();
                let best = best_margin(&pos);
                assert_eq!(choice.eval, Some(Eval::Exact(best)), "{board:?} {seed}");
                let after = pos.play(choice.mv).unwrap();
                assert_eq!(-best_margin(&after), best, "a best move, {board:?} {seed}");
                // Every ranked move is exact, and the first is worth the best.
                let ranked = rank_moves(&pos, 1, 8).unwrap();
                assert!(ranked.iter().all(|c| c.eval.is_some_and(Eval::is_exact)));
                assert_eq!(ranked[0].eval, Some(Eval::Exact(best)));
                checked += 1;
            }
        }
        assert!(checked >= 12, "only {checked} endgames checked");
    }

    #[test]
    fn evaluations_convert_to_records_and_show_their_unit() {
        use reversi::Evaluation;
        let e = |m| Some(Evaluation::from_millidiscs(m));
        assert_eq!(Eval::Exact(-12).evaluation(), e(-12_000));
        assert_eq!(Eval::Discs(2.3876).evaluation(), e(2_388));
        assert_eq!(Eval::Discs(-0.0004).evaluation(), e(0));
        assert_eq!(Eval::Discs(f64::NAN).evaluation(), None);
        assert_eq!(Eval::Discs(3e6).evaluation(), None);
        assert_eq!(Eval::WinChance(0.5).evaluation(), None);
        assert_eq!(Eval::Exact(12).to_string(), "+12");
        assert_eq!(Eval::Exact(0).to_string(), "+0");
        assert_eq!(Eval::Discs(-2.345).to_string(), "-2.35");
        assert_eq!(Eval::Discs(-0.001).to_string(), "+0.00");
        assert_eq!(Eval::Discs(-0.0).to_string(), "+0.00");
        assert_eq!(Eval::Discs(-0.006).to_string(), "-0.01");
        assert_eq!(Eval::WinChance(0.634).to_string(), "63%");
        assert!(Eval::Exact(0).is_exact() && !Eval::Discs(0.0).is_exact());
        let units = [Eval::Exact(-3), Eval::Discs(1.5), Eval::WinChance(0.25)];
        assert_eq!(units.map(Eval::unit), ["exact", "discs", "win_chance"]);
        assert_eq!(units.map(Eval::value), [-3.0, 1.5, 0.25]);
    }

    #[test]
    fn moves_are_ranked_for_two_players_and_refused_for_more() {
        let two = AnyPosition::start(&reversi::Rules::default());
        let ranked = rank_moves(&two, 2, 0).unwrap();
        assert_eq!(ranked.len(), 4);
        // Depth 0 is taken as 1, not as a depth that wraps around.
        assert_eq!(rank_moves(&two, 0, 0).unwrap().len(), 4);
        let four = reversi::Rules::builder(reversi::Board::Octagon)
            .players(4)
            .build()
            .unwrap();
        assert_eq!(
            rank_moves(&AnyPosition::start(&four), 2, 0).unwrap_err(),
            BotError::Players {
                bot: "alphabeta".into(),
                players: 4
            }
        );
    }
}
