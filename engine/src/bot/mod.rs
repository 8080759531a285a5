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

mod builtin;
mod spec;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use reversi::{Game, Move};

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
