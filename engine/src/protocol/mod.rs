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
}

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
                let mut bot = AlphaBeta::new(self.depth(), self.solve).time(self.move_time());
                bot.set_stop(self.stop.clone());
                bot.choose(&self.game)
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

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use super::*;

    #[test]
    fn a_set_stop_flag_stops_the_servers_searches_in_both_protocols() {
        let mut server = Server::new(30, 0);
        let stop = Arc::new(AtomicBool::new(true));
        server.stop = Some(Arc::clone(&stop));
        assert_eq!(server.think(), Err(BotError::Stopped));
        let mut out = Vec::new();
        // NBoard: the stopped `go` says nothing, the stopped hint no move.
        nboard::command(&mut server, "go", &mut out).unwrap();
        nboard::command(&mut server, "hint 2", &mut out).unwrap();
        assert_eq!(String::from_utf8_lossy(&out), "status thinking\nstatus\n");
        // GTP: a failure, not a pass.
        out.clear();
        gtp::command(&mut server, "genmove black", &mut out).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out),
            "? the search was stopped\n\n"
        );
        assert_eq!(server.game.moves().count(), 0);
        // The player to move must pass: the pass put in for the colour named
        // is taken back with the failure.
        let mut forced = crate::bot::tests::played_until(Game::must_pass);
        let before: Vec<Move> = forced.moves().collect();
        let named = forced.to_move().opponent();
        std::mem::swap(&mut server.game, &mut forced);
        out.clear();
        let command = format!("genmove {}", named.name());
        gtp::command(&mut server, &command, &mut out).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out),
            "? the search was stopped\n\n"
        );
        assert_eq!(server.game.moves().collect::<Vec<_>>(), before);
        std::mem::swap(&mut server.game, &mut forced);
        // Cleared, the server plays again.
        stop.store(false, Ordering::Relaxed);
        server.depth = 2;
        let (mv, _, _) = server.think().unwrap();
        assert!(server.game.is_legal(mv));
    }

    /// Plays the last legal move, worth 1.5 discs, and counts the stop flags
    /// it is given.
    struct Last(Arc<std::sync::atomic::AtomicU32>);

    impl Bot for Last {
        fn name(&self) -> &str {
            "last"
        }

        fn choose(&mut self, game: &Game) -> Result<Choice, BotError> {
            let mv = game
                .legal_moves()
                .iter()
                .last()
                .map_or(Move::Pass, Move::Place);
            Ok(Choice {
                eval: Some(Eval::Discs(1.5)),
                nodes: 7,
                ..Choice::new(mv)
            })
        }

        fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
            if stop.is_some() {
                self.0.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    #[test]
    fn a_bot_of_your_own_answers_in_both_protocols() {
        let given = Arc::new(std::sync::atomic::AtomicU32::new(0));
        let mut server = Server::with_bot(Last(Arc::clone(&given)));
        let mut out = Vec::new();
        let input = "nboard 2\nset depth 3\ngo\nhint 4\nnodestats\nmove e6\nping 1\n";
        nboard::serve(&mut server, input.as_bytes(), &mut out).unwrap();
        let out = String::from_utf8_lossy(&out);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "set myname last");
        assert!(lines[1].starts_with("=== e6/+1.50/"), "{out}");
        assert!(lines[2].starts_with("nodestats 7 "), "{out}");
        // The hint shows the bot's one move, at the depth asked for.
        assert_eq!(
            lines[3..6],
            ["status thinking", "search e6 +1.50 0 3", "status"]
        );
        assert!(lines[6].starts_with("nodestats 7 "), "{out}");
        assert_eq!(lines[7], "pong 1");
        // Each search gave the bot the server's stop flag.
        assert_eq!(given.load(Ordering::Relaxed), 2);
        // GTP: the same bot, after e6.
        let last = server.game.legal_moves().iter().last().unwrap();
        let mut out = Vec::new();
        gtp::serve(&mut server, &b"name\ngenmove white\n"[..], &mut out).unwrap();
        let replies = String::from_utf8_lossy(&out);
        assert_eq!(replies, format!("= last\n\n= {last}\n\n"));
        // A bad depth is answered, not ignored.
        let mut out = Vec::new();
        nboard::command(&mut server, "set depth deep", &mut out).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out),
            "status cannot read the depth \"deep\": expected a whole number of plies\n"
        );
        assert_eq!(server.depth, 3);
    }

    /// Plays the last legal move and gives a line that starts with the first.
    struct Astray;

    impl Bot for Astray {
        fn name(&self) -> &str {
            "astray"
        }

        fn choose(&mut self, game: &Game) -> Result<Choice, BotError> {
            let moves = game.legal_moves();
            let last = moves.iter().last().ok_or(BotError::Stopped)?;
            Ok(Choice {
                pv: moves.iter().take(1).map(Move::Place).collect(),
                ..Choice::new(last)
            })
        }
    }

    #[test]
    fn a_hint_whose_line_does_not_start_with_the_move_shows_the_move() {
        let mut server = Server::with_bot(Astray);
        let mut out = Vec::new();
        nboard::serve(
            &mut server,
            &b"hint 1
"[..],
            &mut out,
        )
        .unwrap();
        let out = String::from_utf8_lossy(&out);
        // e6, not the line's d3.
        assert!(out.contains("\nsearch e6 +0.00 0 "), "{out}");
    }

    /// Fails, or plays a1, which is never legal at the start.
    struct Wrong(bool);

    impl Bot for Wrong {
        fn name(&self) -> &str {
            "wrong"
        }

        fn choose(&mut self, _: &Game) -> Result<Choice, BotError> {
            match self.0 {
                true => Err(BotError::Engine(crate::bot::EngineError::NotAMove(
                    "out of ideas".into(),
                ))),
                false => Ok(Choice::new("a1".parse::<reversi::Square>().unwrap())),
            }
        }
    }

    #[test]
    fn a_bot_of_your_own_that_fails_or_cheats_gets_an_error_not_a_pass() {
        for (failing, why) in [
            (true, "answered \"out of ideas\", which is not a move"),
            (false, "wrong chose a1, which is not a legal move here"),
        ] {
            let mut server = Server::with_bot(Wrong(failing));
            let mut out = Vec::new();
            gtp::serve(
                &mut server,
                &b"genmove black\nplay black d3\n"[..],
                &mut out,
            )
            .unwrap();
            // The game is unchanged by the failure, so Black still plays d3.
            assert_eq!(String::from_utf8_lossy(&out), format!("? {why}\n\n= \n\n"));
            assert_eq!(server.game.moves().count(), 1);
            let mut out = Vec::new();
            nboard::serve(&mut server, &b"go\nping 3\n"[..], &mut out).unwrap();
            assert_eq!(
                String::from_utf8_lossy(&out),
                format!("status cannot move: {why}\npong 3\n")
            );
        }
    }

    #[test]
    fn a_clone_waiting_for_the_shared_bot_gives_up_when_stopped() {
        let server = Server::with_bot(Last(Arc::default()));
        let mut clone = server.clone();
        let held = server.bot.as_ref().unwrap().lock().unwrap();
        clone.stop = Some(Arc::new(AtomicBool::new(true)));
        assert_eq!(clone.think(), Err(BotError::Stopped));
        drop(held);
        clone.stop = None;
        assert!(clone.think().is_ok());
    }

    #[test]
    fn gtp_showboard_ends_with_one_empty_line() {
        let mut server = Server::new(2, 0);
        let mut out = Vec::new();
        gtp::command(&mut server, "showboard", &mut out).unwrap();
        let out = String::from_utf8_lossy(&out);
        assert!(out.starts_with("= \n"), "{out}");
        assert!(out.ends_with("\n\n") && !out.ends_with("\n\n\n"), "{out:?}");
        assert!(out.contains(&server.game.to_string()), "{out}");
    }

    #[test]
    fn bytes_that_are_not_utf8_make_an_unknown_line_not_the_end() {
        let mut server = Server::new(2, 0);
        let mut out = Vec::new();
        nboard::serve(&mut server, &b"ping 1\n\xff go\nping 2\r\n"[..], &mut out).unwrap();
        assert_eq!(String::from_utf8_lossy(&out), "pong 1\npong 2\n");
        out.clear();
        gtp::serve(&mut server, &b"name\n\xff\nquit\n"[..], &mut out).unwrap();
        let replies = String::from_utf8_lossy(&out);
        let replies: Vec<&str> = replies.split("\n\n").collect();
        assert_eq!(replies[0], "= reversi-alphabeta");
        assert!(replies[1].starts_with("? "), "{replies:?}");
        assert_eq!(replies[2].trim(), "=");
    }

    #[test]
    fn a_timed_game_gives_each_move_a_share_of_the_clock_in_both_protocols() {
        let mut server = Server::new(60, 12);
        let mut out = Vec::new();
        let mut gtp = |server: &mut Server, line: &str| {
            out.clear();
            gtp::command(server, line, &mut out).unwrap();
            String::from_utf8_lossy(&out).into_owned()
        };
        assert_eq!(server.move_time(), None);
        // Bad settings are refused and change nothing.
        for bad in [
            "time_settings 60",
            "time_settings x 0 0",
            "time_settings -1 0 0",
            "time_left z 10 0",
        ] {
            assert!(gtp(&mut server, bad).starts_with("? syntax error"), "{bad}");
            assert_eq!(server.move_time(), None, "{bad}");
        }
        assert_eq!(gtp(&mut server, "time_settings 60 0 0"), "= \n\n");
        let fresh = server.move_time().unwrap();
        assert!(
            fresh > Duration::from_secs(2) && fresh < Duration::from_secs(4),
            "{fresh:?}"
        );
        // The engine's own moves count on its clock.
        assert!(gtp(&mut server, "genmove b").starts_with("= "));
        let used = server.game.last_move().and_then(|p| p.time()).unwrap();
        assert!(
            used <= fresh + Duration::from_millis(500),
            "{used:?} of {fresh:?}"
        );
        // The controller's word counts in place of the engine's count: five
        // seconds left, then a byo-yomi period of 2 s for 4 moves.
        assert!(gtp(&mut server, "genmove w").starts_with("= "));
        gtp(&mut server, "time_left black 5 0");
        let short = server.move_time().unwrap();
        assert!(
            short < fresh && short > Duration::from_millis(150),
            "{short:?}"
        );
        gtp(&mut server, "time_left b 2 4");
        assert!(server.move_time().unwrap() <= Duration::from_millis(500));
        // NBoard: the clock comes with the game, the moves' times on it.
        let mut out = Vec::new();
        let board = "BO[8 ---------------------------O*------*O--------------------------- *]";
        let set = |tail: &str| {
            format!("set game (;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[0:30]TY[8]{board}{tail};)")
        };
        nboard::command(&mut server, &set(""), &mut out).unwrap();
        let start = server.move_time().unwrap();
        nboard::command(&mut server, &set("B[F5//10]W[D6//1]"), &mut out).unwrap();
        let later = server.move_time().unwrap();
        assert!(
            later < start,
            "{later:?} after 10 s spent, {start:?} before"
        );
        nboard::command(&mut server, "move c3/0.00/15.5", &mut out).unwrap();
        assert_eq!(
            server.game.last_move().and_then(|p| p.time()),
            Some(Duration::from_millis(15_500))
        );
        assert!(out.is_empty(), "{}", String::from_utf8_lossy(&out));
        // White, to move, has 29 s: its move time is more than Black's was.
        assert!(server.move_time().unwrap() > later);
        // Without TI, no clock.
        nboard::command(&mut server, &set("").replace("TI[0:30]", ""), &mut out).unwrap();
        assert_eq!(server.move_time(), None);
    }
}
