//! The protocols that engines speak: NBoard (version 2) and GTP, both sides.
//!
//! - The client side, [`client`], drives an outside engine: an
//!   [`EngineBot`](client::EngineBot) is a [`Bot`] like the built-in ones.
//! - The engine side, [`nboard::serve`] and [`gtp::serve`], makes a program an
//!   engine that graphical interfaces and arenas drive over standard input and
//!   output; a [`Server`] holds its game and the bot that plays it: the
//!   alpha-beta bot, or one of your own ([`Server::with_bot`]).
//! - Both sides write and read moves with one codec, [`codec`].

pub mod client;
pub mod codec;
pub mod gtp;
pub mod nboard;

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, TryLockError};
use std::time::{Duration, Instant};

use reversi::text::clock::TimeControl;
use reversi::{Game, Move, Rules};

use crate::bot::{AlphaBeta, Bot, BotError, Choice, Eval};
use crate::limits::{is_set, Clock};

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// NBoard protocol version 2.
    Nboard,
    /// The Go Text Protocol, as Edax and Egaroucid speak it.
    Gtp,
}

/// The engine side's state: the game so far and the bot that plays it (the
/// built-in alpha-beta bot with its settings, or a bot of your own, given by
/// [`Server::with_bot`]), shared by [`nboard::serve`] and [`gtp::serve`].
///
/// ```
/// use reversi::{Game, Move};
/// use reversi_engine::bot::{Bot, BotError, Choice};
/// use reversi_engine::protocol::{nboard, Server};
///
/// /// Plays the first legal move, in square order.
/// struct First;
///
/// impl Bot for First {
///     fn name(&self) -> &str {
///         "first"
///     }
///
///     fn choose(&mut self, game: &Game) -> Result<Choice, BotError> {
///         let mv = game.legal_moves().first().map_or(Move::Pass, Move::Place);
///         Ok(Choice::new(mv))
///     }
/// }
///
/// let mut server = Server::with_bot(First);
/// let mut answers = Vec::new();
/// nboard::serve(&mut server, &b"nboard 2\ngo\n"[..], &mut answers)?;
/// let answers = String::from_utf8_lossy(&answers);
/// assert!(answers.starts_with("set myname first\n=== d3//"), "{answers}");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone)]
pub struct Server {
    /// The game so far (8×8 Reversi until told otherwise).
    pub game: Game,
    /// The name the engine gives (`set myname`, GTP `name`).
    pub name: String,
    /// The search depth asked for (NBoard `set depth`), capped by `max_depth`;
    /// the alpha-beta bot's (a bot of your own has its own settings).
    pub depth: u32,
    /// The deepest search the engine agrees to.
    pub max_depth: u32,
    /// Exact from this many empty squares (the alpha-beta bot's).
    pub solve: u32,
    /// The last search's nodes and seconds.
    pub last_nodes: (u64, f64),
    /// The game's time control: NBoard's `TI` in `set game`, GTP's
    /// `time_settings`. With one, each move of the alpha-beta bot is given
    /// its share of the clock of the player to move ([`Server::move_time`]),
    /// its depth then a cap.
    pub time_control: Option<TimeControl>,
    /// Each colour's clock as the interface last told it (GTP `time_left`:
    /// the time left and, in a period of a few moves, how many), in
    /// [`Color::index`](reversi::Color::index) order; it counts in place of the time control's.
    pub time_left: [Option<(Duration, Option<u32>)>; 2],
    /// A flag another thread sets to stop [`Server::think`] and an NBoard hint.
    /// [`nboard::serve`] takes it as its own (and gives the server one if it has
    /// none): it sets it when `ping` or `quit` arrives during a search, and
    /// clears it before each command. A bot of your own is given it with
    /// [`Bot::set_stop`] before each search.
    pub stop: Option<Arc<AtomicBool>>,
    /// A bot of your own, in place of alpha-beta; shared by the server's
    /// clones.
    bot: Option<Arc<Mutex<Box<dyn Bot + Send>>>>,
    /// The alpha-beta bot of the last move with its depth and `solve`, kept
    /// for the next move while they stay: its tables (the search's, the
    /// solver's) carry over from move to move, as an engine's do. Shared by
    /// the server's clones.
    alphabeta: Arc<Mutex<Option<KeptBot>>>,
}

/// The server's alpha-beta bot with the depth and `solve` it was made with.
type KeptBot = ((u32, u32), AlphaBeta);

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server")
            .field("game", &self.game)
            .field("name", &self.name)
            .field("depth", &self.depth)
            .field("max_depth", &self.max_depth)
            .field("solve", &self.solve)
            .field("last_nodes", &self.last_nodes)
            .field("time_control", &self.time_control)
            .field("time_left", &self.time_left)
            .field("stop", &self.stop)
            .field("bot", &self.bot.as_ref().map(|_| "a bot of your own"))
            .finish()
    }
}

impl Default for Server {
    /// 8×8 Reversi, `reversi-alphabeta`, depth 6, exact from 14 empty squares.
    fn default() -> Server {
        Server::new(6, 14)
    }
}

impl Server {
    /// The slot of the alpha-beta bot kept from move to move.
    fn kept_alphabeta(&self) -> std::sync::MutexGuard<'_, Option<KeptBot>> {
        self.alphabeta.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// An engine on 8×8 Reversi that plays the alpha-beta bot, searching
    /// `max_depth` plies (at least 1) and exact from `solve` empty squares.
    pub fn new(max_depth: u32, solve: u32) -> Server {
        let max_depth = max_depth.max(1);
        Server {
            game: Game::new(Rules::default()),
            name: "reversi-alphabeta".to_string(),
            depth: max_depth,
            max_depth,
            solve,
            last_nodes: (0, 0.0),
            time_control: None,
            time_left: [None; 2],
            stop: None,
            bot: None,
            alphabeta: Arc::default(),
        }
    }

    /// An engine on 8×8 Reversi that plays `bot`, named by it. NBoard's `go`
    /// and GTP's `genmove` answer its choice, and NBoard's `hint` shows that
    /// one move (the alpha-beta bot ranks them all); `set depth` is kept in
    /// the server's `depth` field and left to you. A stop flag reaches the bot
    /// through [`Bot::set_stop`]. An error from the bot, or a move that is not
    /// legal, is answered as an error ([`Server::think`]), and the game stays
    /// as it was. Clones of the server share the bot, one search at a time: a
    /// clone that asks while another searches waits (and gives up when its
    /// own stop flag is set).
    pub fn with_bot(bot: impl Bot + Send + 'static) -> Server {
        let name = bot.name().to_string();
        Server {
            name,
            bot: Some(Arc::new(Mutex::new(Box::new(bot)))),
            ..Server::new(6, 14)
        }
    }

    fn depth(&self) -> u32 {
        self.depth.clamp(1, self.max_depth)
    }

    /// The time the alpha-beta bot is given for the move of the player to
    /// move, when the game is timed: its [`Clock`] (the interface's
    /// `time_left`, else the time control's main time and increments less
    /// the times of its moves so far, as the game's plies keep them) and
    /// [`Clock::move_time`]. `None` in a game without a clock.
    ///
    /// ```
    /// use std::time::Duration;
    /// use reversi_engine::protocol::{nboard, Server};
    ///
    /// let mut server = Server::default();
    /// assert_eq!(server.move_time(), None);
    /// // One minute each; Black has taken 20 s for f5, White 1 s for d6.
    /// let game = "set game (;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[1:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5//20]W[D6//1];)";
    /// nboard::command(&mut server, game, &mut Vec::new())?;
    /// let black = server.move_time().unwrap();
    /// assert!(black > Duration::from_secs(1) && black < Duration::from_secs(3), "{black:?}");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn move_time(&self) -> Option<Duration> {
        let color = self.game.to_move();
        let increment = self
            .time_control
            .and_then(|t| t.increment)
            .unwrap_or_default();
        let (left, moves) = match self.time_left.get(color.index()).copied().flatten() {
            Some(told) => told,
            None => {
                let control = self.time_control?;
                let mine = self.game.history().iter().filter(|p| p.color() == color);
                let (played, used) = mine.fold((0u32, Duration::ZERO), |(n, used), p| {
                    (n + 1, used + p.time().unwrap_or_default())
                });
                (
                    (control.main + increment * played).saturating_sub(used),
                    None,
                )
            }
        };
        let clock = Clock {
            left,
            increment,
            moves,
        };
        Some(clock.move_time(self.game.position().empty().len() as u32))
    }

    /// The bot's choice in the game so far, with the stop flag given to it;
    /// [`Server::last_nodes`] keeps its nodes and time. A move of your own bot
    /// that is not legal here is an error ([`BotError::Engine`]).
    fn choose(&mut self) -> Result<Choice, BotError> {
        let started = Instant::now();
        let chosen = match &self.bot {
            Some(bot) => {
                let mut bot = loop {
                    // Clones of the server share the bot: a search of another
                    // clone holds it, and this one waits under its stop flag.
                    match bot.try_lock() {
                        Ok(bot) => break bot,
                        Err(TryLockError::Poisoned(poisoned)) => break poisoned.into_inner(),
                        Err(TryLockError::WouldBlock) => {
                            if is_set(&self.stop) {
                                return Err(BotError::Stopped);
                            }
                            std::thread::sleep(std::time::Duration::from_millis(1));
                        }
                    }
                };
                bot.set_stop(self.stop.clone());
                bot.choose_legal(&self.game)
            }
            None => {
                let settings = (self.depth(), self.solve);
                // Taken out of the slot for the search, not locked through it:
                // a clone searching meanwhile makes a bot of its own.
                let kept = self.kept_alphabeta().take();
                let bot = match kept {
                    Some((kept_settings, bot)) if kept_settings == settings => bot,
                    _ => AlphaBeta::new(settings.0, settings.1),
                };
                // A clock's move time is at most half the time left: the
                // first solve of a game takes no more than it.
                let mut bot = bot.time(self.move_time()).first_solve_times(1);
                bot.set_stop(self.stop.clone());
                let chosen = bot.choose(&self.game);
                self.kept_alphabeta().get_or_insert((settings, bot));
                chosen
            }
        };
        if let Ok(choice) = &chosen {
            self.last_nodes = (choice.nodes, started.elapsed().as_secs_f64());
        }
        chosen
    }

    /// The engine's move in the game so far, its evaluation text (`+2.00`, empty
    /// when it has none) and the seconds taken; a pass when the game is over.
    /// [`BotError::Stopped`] when [`Server::stop`] was set before the search
    /// ended; the bot's other errors, and an illegal move of a bot of your own,
    /// are errors too (GTP answers them with `?`, NBoard with a `status` line).
    pub fn think(&mut self) -> Result<(Move, String, f64), BotError> {
        let choice = match self.choose() {
            Ok(choice) => choice,
            Err(BotError::GameOver) => return Ok((Move::Pass, String::new(), 0.0)),
            Err(e) => return Err(e),
        };
        // The choice's time, as `choose` kept it.
        let seconds = self.last_nodes.1;
        // NBoard's evaluation is in discs, two decimals even when exact.
        let eval = choice
            .eval
            .and_then(Eval::discs)
            .map_or(String::new(), |e| format!("{e:+.2}"));
        Ok((choice.mv, eval, seconds))
    }
}

/// The lines of `input`, without their line ends, until it ends or cannot be
/// read; bytes that are not UTF-8 become U+FFFD rather than ending the
/// session (a command with them is then unknown or refused).
fn lines(mut input: impl std::io::BufRead) -> impl Iterator<Item = String> {
    std::iter::from_fn(move || {
        let mut bytes = Vec::new();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => None,
            Ok(_) => {
                let line = String::from_utf8_lossy(&bytes);
                Some(line.trim_end_matches(['\n', '\r']).to_string())
            }
        }
    })
}

/// The engine side's loop, for GTP: each line of `input` goes to
/// `command`, whose answer is flushed at once, until it returns false (`quit`) or
/// the input ends; an error only when the output cannot be written.
fn serve_lines<R: std::io::BufRead, W: std::io::Write>(
    server: &mut Server,
    input: R,
    mut output: W,
    command: fn(&mut Server, &str, &mut W) -> std::io::Result<bool>,
) -> std::io::Result<()> {
    for line in lines(input) {
        let going_on = command(server, &line, &mut output)?;
        output.flush()?;
        if !going_on {
            break;
        }
    }
    Ok(())
}
