//! The built-in bots that the arena, the NBoard engine and the terminal game
//! share, written on the library's typed API, its evaluation features
//! (`reversi::features`) and its random playouts (`reversi::playout`). Alpha-beta
//! is the engine's [search framework](crate::search::alphabeta); it solves the
//! endgame of two-player 8×8 Reversi with the exact
//! [`Solver`](crate::solver::Solver), and that of the other variants with the
//! same search to the end.
//!
//! Every player, built-in or outside, is a [`Bot`]: [`Random`], [`Greedy`],
//! [`Mobility`], [`Mcts`], [`AlphaBeta`] here, [`SearchBot`] (the alpha-beta
//! bot on an evaluation of your own), and the outside-engine client
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

mod builtin;
mod spec;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use reversi::{Game, Move};

use crate::search::alphabeta::RootError;
use crate::solver::SolveError;

pub use builtin::*;
pub use spec::*;

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
    /// The line the bot expects from here: its move first (a forced pass too),
    /// then best play as its search saw it (alpha-beta's principal variation,
    /// or the exact solver's), with a [`Move::Pass`] where a player must pass,
    /// so that it replays move by move ([`crate::line::with_passes`]). Empty
    /// when the bot does not say (random, greedy, mobility, MCTS, outside
    /// engines).
    pub pv: Vec<Move>,
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
/// margins as [`Position::final_margin`](reversi::Position::final_margin) counts them: empty squares to the
/// winner, and in Anti-Reversi positive when the mover is ahead by that
/// variant's convention (fewer discs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Eval {
    /// The final disc margin with best play: the endgame was solved.
    Exact(i32),
    /// An estimate of the final disc margin: a search's evaluation at its
    /// depth, or an outside engine's; from [`AlphaBeta`] on time, also a
    /// margin its solver proved the move reaches at least before the time ran
    /// out.
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
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BotError {
    /// The game is over: there is no move to choose.
    #[error("the game is over: there is no move to choose")]
    GameOver,
    /// The bot does not play games of this many players.
    #[error("{bot} does not play games of {players} players")]
    Players {
        /// The bot's name.
        bot: String,
        /// The game's players.
        players: u8,
    },
    /// The bot ran, then failed to give a move: an outside engine crashed,
    /// hung past its time or wrote something that is not a move, or a bot
    /// chose a move that is not legal. In an arena this is a forfeit.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// The stop flag given to [`Bot::set_stop`] was set before the bot chose.
    #[error("the bot was stopped before it chose a move")]
    Stopped,
}

/// A search's failure as a bot's: stopped is [`BotError::Stopped`], the rest
/// [`EngineError::Search`].
impl From<RootError> for BotError {
    fn from(error: RootError) -> BotError {
        match error {
            RootError::Stopped => BotError::Stopped,
            other => BotError::Engine(other.into()),
        }
    }
}

/// A search's best move as a bot's choice: the move, its value in discs, the
/// nodes and the principal variation.
impl<L: reversi::layout::Layout> From<crate::search::alphabeta::RootChoice<L>> for Choice {
    fn from(found: crate::search::alphabeta::RootChoice<L>) -> Choice {
        Choice {
            eval: Some(found.eval()),
            nodes: found.nodes,
            pv: found.pv,
            ..Choice::new(found.best.square())
        }
    }
}

/// How a bot that ran failed to give a move ([`BotError::Engine`]): most often
/// an outside engine ([`crate::protocol::client`]), its process or its
/// answers; the message is what the arena's records and Python's exceptions
/// show.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EngineError {
    /// The engine's process could not be started.
    #[error("cannot start {command:?}: {reason}")]
    Spawn {
        /// The program.
        command: String,
        /// What the system said.
        reason: String,
    },
    /// The process ended or closed its output: its exit status when it has
    /// one, and the last lines of its standard error.
    #[error("{}{}", gone(.status), saying(.said))]
    Gone {
        /// How the process ended, if it has.
        status: Option<std::process::ExitStatus>,
        /// The last lines it wrote to its standard error.
        said: Vec<String>,
    },
    /// No answer came within the time allowed.
    #[error("did not answer in time")]
    Timeout,
    /// The engine refused a command (GTP's `?`).
    #[error("refused {command:?}: {reply}")]
    Refused {
        /// The command.
        command: String,
        /// The engine's reply.
        reply: String,
    },
    /// The engine answered with something that is not a move.
    #[error("answered {0:?}, which is not a move")]
    NotAMove(String),
    /// The bot chose a move that is not legal in the game.
    #[error("{bot} chose {mv}, which is not a legal move here")]
    Illegal {
        /// The bot's name.
        bot: String,
        /// Its move.
        mv: Move,
    },
    /// A GTP engine was given a game that does not start from the standard
    /// position.
    #[error("{0}: GTP engines start from the standard position")]
    NotStandardStart(String),
    /// The game could not be written for the engine.
    #[error(transparent)]
    Record(#[from] reversi::text::ggf::GgfWriteError),
    /// The game could not be replayed for the engine.
    #[error(transparent)]
    Replay(#[from] reversi::PlayError),
    /// A failure while reading an answer owed to a request that was stopped
    /// or timed out.
    #[error("{0} (an answer owed to a request that was stopped or timed out)")]
    Owed(Box<EngineError>),
    /// A failure while stopping the engine's search.
    #[error("{0} after a stop")]
    AfterStop(Box<EngineError>),
    /// A built-in search found no move to give.
    #[error(transparent)]
    Search(#[from] RootError),
    /// The built-in solver failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// How a process ended, for [`EngineError::Gone`]: an engine that quits on its
/// own has not crashed, but is gone all the same.
fn gone(status: &Option<std::process::ExitStatus>) -> String {
    match status {
        Some(status) if status.success() => format!("exited ({status})"),
        Some(status) => format!("crashed ({status})"),
        None => "closed its output".to_string(),
    }
}

/// What a process said before it ended, for [`EngineError::Gone`].
fn saying(said: &[String]) -> String {
    match said.is_empty() {
        true => String::new(),
        false => format!(", saying {:?}", said.join("\n")),
    }
}

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
            Ok(choice) if !game.is_legal(choice.mv) => {
                Err(BotError::Engine(EngineError::Illegal {
                    bot: self.name().to_string(),
                    mv: choice.mv,
                }))
            }
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
