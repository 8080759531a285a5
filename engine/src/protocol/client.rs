//! Outside engines driven over the NBoard protocol (version 2) or GTP, as the
//! arena plays them: one process per game, every reply awaited with a deadline,
//! so that a crash, a hang or an illegal answer becomes an error that names it.

use std::collections::VecDeque;
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use reversi::text::{ggf, record::Record};
use reversi::{AnyPosition, Board, Game, Move, Rules};

use super::codec::{read_move, write_move};
use crate::bot::{Bot, BotError, Choice, EngineError, Eval};

pub use super::Protocol;

/// An engine as named on the command line: `name=nboard:CMD ARGS` or
/// `name=gtp:CMD ARGS`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name in summaries and records.
    pub name: String,
    /// The protocol.
    pub protocol: Protocol,
    /// The program and its arguments (split at white space).
    pub command: Vec<String>,
}

/// Why a text is not an engine as [`EngineSpec::parse`] reads it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{text:?}: {problem}; expected NAME=nboard:COMMAND or NAME=gtp:COMMAND")]
pub struct EngineSpecError {
    /// The text read.
    pub text: String,
    /// What is wrong with it.
    pub problem: EngineSpecProblem,
}

/// What is wrong with an engine's text ([`EngineSpecError`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineSpecProblem {
    /// No `=` between the name and the protocol.
    #[error("no '=' after the name")]
    NoEquals,
    /// The name before `=` is empty.
    #[error("the name is empty")]
    EmptyName,
    /// No `:` after the protocol.
    #[error("no ':' after the protocol")]
    NoProtocol,
    /// A protocol other than `nboard` and `gtp`.
    #[error("unknown protocol {0:?}")]
    UnknownProtocol(String),
    /// Nothing after `:`.
    #[error("no command")]
    NoCommand,
    /// A quote in the command that is not closed, or a backslash at its end.
    #[error("a quote is not closed in the command {0:?}")]
    Quoting(String),
}

impl EngineSpec {
    /// Reads `name=nboard:CMD ARGS` or `name=gtp:CMD ARGS`. The command is split
    /// into words as a POSIX shell would (no expansion): a path or an argument
    /// with spaces is quoted, `'...'` or `"..."`, or its spaces escaped with
    /// `\`; a backslash escapes the next character (so a Windows path is
    /// quoted), and a `#` that begins a word begins a comment, to the end.
    ///
    /// ```
    /// use reversi_engine::protocol::client::{EngineSpec, EngineSpecProblem, Protocol};
    /// let spec = EngineSpec::parse("edax=nboard:edax -n 1").unwrap();
    /// assert_eq!(spec.protocol, Protocol::Nboard);
    /// assert_eq!(spec.command, ["edax", "-n", "1"]);
    /// let spec = EngineSpec::parse(r#"edax=nboard:"/opt/my engines/edax" -n 1"#).unwrap();
    /// assert_eq!(spec.command, ["/opt/my engines/edax", "-n", "1"]);
    /// let error = EngineSpec::parse("edax=nboard:'edax -n 1").unwrap_err();
    /// assert_eq!(error.problem, EngineSpecProblem::Quoting("'edax -n 1".into()));
    /// let error = EngineSpec::parse("edax=uci:edax").unwrap_err();
    /// assert_eq!(error.problem, EngineSpecProblem::UnknownProtocol("uci".into()));
    /// ```
    pub fn parse(text: &str) -> Result<EngineSpec, EngineSpecError> {
        let fail = |problem| EngineSpecError {
            text: text.to_string(),
            problem,
        };
        let (name, rest) = text
            .split_once('=')
            .ok_or_else(|| fail(EngineSpecProblem::NoEquals))?;
        if name.trim().is_empty() {
            return Err(fail(EngineSpecProblem::EmptyName));
        }
        let (protocol, command) = rest
            .split_once(':')
            .ok_or_else(|| fail(EngineSpecProblem::NoProtocol))?;
        let protocol = match protocol {
            "nboard" => Protocol::Nboard,
            "gtp" => Protocol::Gtp,
            other => return Err(fail(EngineSpecProblem::UnknownProtocol(other.into()))),
        };
        let command = shlex::split(command)
            .ok_or_else(|| fail(EngineSpecProblem::Quoting(command.into())))?;
        if command.is_empty() {
            return Err(fail(EngineSpecProblem::NoCommand));
        }
        Ok(EngineSpec {
            name: name.trim().to_string(),
            protocol,
            command,
        })
    }

    /// Why the engine cannot play games of `rules`, if it cannot: both protocols
    /// are two-player; GTP knows only the square boards and the standard game, and
    /// NBoard what GGF can write.
    pub fn refuses(&self, rules: &Rules) -> Option<String> {
        let standard = Rules::builder(rules.board())
            .build()
            .is_ok_and(|plain| plain == *rules);
        match self.protocol {
            Protocol::Gtp if !standard || rules.board() == Board::Octagon => Some(format!(
                "{}: GTP engines play the standard game on a square board only",
                self.name
            )),
            Protocol::Nboard => ggf::write(&Record::new(Game::new(*rules)))
                .err()
                .map(|e| format!("{}: an NBoard engine cannot play this game: {e}", self.name)),
            _ => None,
        }
    }
}

/// An engine that never ran: it could not be started, or it died or stayed
/// silent before answering its first request. Not a forfeit: no game was played
/// against it, so the arena stops with this error instead of scoring the games.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("engine {engine:?} never ran: {}", never_ran(.program, .cause))]
pub struct StartError {
    /// The engine's name, as the `--engine` flag gave it.
    pub engine: String,
    /// The program started.
    pub program: String,
    /// What went wrong: it could not be started ([`EngineError::Spawn`]), it
    /// ended, or it stayed silent.
    pub cause: EngineError,
}

/// Why `program` never ran, for [`StartError`].
fn never_ran(program: &str, cause: &EngineError) -> String {
    match cause {
        EngineError::Spawn { .. } => cause.to_string(),
        _ => format!("{program:?} {cause}, before its first answer"),
    }
}

/// A running engine.
pub struct Engine {
    spec: EngineSpec,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The game the engine has been given, if any.
    told: Option<Told>,
    /// The last lines of the engine's standard error.
    said: Arc<Mutex<VecDeque<String>>>,
    pings: u32,
    /// GTP answers still to come: of a `genmove` stopped or too late (the
    /// engine has played a move that the game has not), or of a command that
    /// timed out. They are read and dropped before the next request, and the
    /// engine is given the game again.
    owed: u32,
    /// The nodes of the last `nodestats NODES TIME` line read (NBoard).
    nodestats: Option<u64>,
    /// The least time the engine gets to read a game before a move.
    setup_time: Duration,
}

/// The game an engine has been given: what a later game must continue for the
/// engine to be sent only its new moves.
struct Told {
    rules: Rules,
    start: AnyPosition,
    moves: Vec<Move>,
}

/// How many of the last lines of an engine's standard error are kept, to say
/// why it died.
const STDERR_KEPT: usize = 3;

/// The engine's failure, from a wait given no stop flag (which cannot be
/// stopped).
fn unstopped(e: BotError) -> EngineError {
    match e {
        BotError::Engine(why) => why,
        other => unreachable!("{other} without a stop flag"),
    }
}

/// How often a wait looks at the stop flag.
const STOP_POLL: Duration = Duration::from_millis(5);

impl Engine {
    /// The least time an engine gets, by default, to start and to read a game
    /// before a move ([`Engine::set_setup_time`]): some engines load an opening
    /// book first.
    pub const SETUP_TIME: Duration = Duration::from_secs(10);

    /// Sets the least time the engine gets to read a game before each move
    /// (the move's own time counts when it is longer): an answer that comes
    /// later is an error, and read and dropped before the next request.
    /// [`Engine::SETUP_TIME`] until set.
    pub fn set_setup_time(&mut self, setup_time: Duration) {
        self.setup_time = setup_time;
    }

    /// Starts the engine's process and waits, up to `deadline` from now, for
    /// its answer to a first request (NBoard: `nboard 2` and a `ping`; GTP:
    /// `protocol_version`, answered with `=` or `?`). An engine that cannot be
    /// started, exits, or stays silent until then never ran: a [`StartError`].
    pub fn start(spec: &EngineSpec, deadline: Duration) -> Result<Engine, StartError> {
        let never_ran = |cause: EngineError| StartError {
            engine: spec.name.clone(),
            program: spec.command[0].clone(),
            cause,
        };
        let mut child = Command::new(&spec.command[0])
            .args(&spec.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| {
                never_ran(EngineError::Spawn {
                    command: spec.command[0].clone(),
                    reason: e.to_string(),
                })
            })?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr = child.stderr.take().expect("piped stderr");
        // The engine's standard error is read as it comes (an engine never
        // blocks on it), and its last lines kept for the reason it died.
        let said = Arc::new(Mutex::new(VecDeque::new()));
        let kept = Arc::clone(&said);
        // Lines that are not UTF-8 are read with U+FFFD in place of their bad
        // bytes: a reader that stopped would close the pipe under the engine.
        std::thread::spawn(move || {
            for line in super::lines(BufReader::new(stderr)) {
                let mut kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
                if kept.len() == STDERR_KEPT {
                    kept.pop_front();
                }
                kept.push_back(line);
            }
        });
        let (tx, lines) = mpsc::channel();
        // A thread per engine reads its lines, so that a silent engine only makes
        // the wait time out; it ends when the engine's output closes.
        std::thread::spawn(move || {
            for line in super::lines(BufReader::new(stdout)) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            spec: spec.clone(),
            child,
            stdin,
            lines,
            told: None,
            said,
            pings: 0,
            owed: 0,
            nodestats: None,
            setup_time: Engine::SETUP_TIME,
        };
        let deadline = after(deadline);
        let answered = match spec.protocol {
            Protocol::Nboard => engine
                .send("nboard 2")
                .and_then(|()| engine.ping(deadline, None).map_err(unstopped)),
            Protocol::Gtp => engine.send("protocol_version").and_then(|()| {
                engine
                    .expect(deadline, |l| l.starts_with('=') || l.starts_with('?'))
                    .map(drop)
            }),
        };
        match answered {
            Ok(()) => Ok(engine),
            Err(why) => {
                engine.stop();
                Err(never_ran(why))
            }
        }
    }

    /// Sends a `ping` and waits for its `pong`, which says that the engine has
    /// read everything before it (NBoard).
    fn ping(&mut self, deadline: Instant, stop: Option<&AtomicBool>) -> Result<(), BotError> {
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        self.send(&format!("ping {}", self.pings))
            .map_err(BotError::Engine)?;
        self.expect_until(deadline, stop, |l| l == pong).map(drop)
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| self.died())
    }

    /// Why the engine stopped answering: its exit status if it has one, and
    /// the last lines of its standard error.
    fn died(&mut self) -> EngineError {
        std::thread::sleep(Duration::from_millis(20));
        let status = self.child.try_wait().ok().flatten();
        let said = self.said.lock().unwrap_or_else(PoisonError::into_inner);
        EngineError::Gone {
            status,
            said: said.iter().cloned().collect(),
        }
    }

    /// The next line that `wanted` accepts, skipping others (banners, status
    /// lines), before `deadline`.
    fn expect(
        &mut self,
        deadline: Instant,
        wanted: impl Fn(&str) -> bool,
    ) -> Result<String, EngineError> {
        self.expect_until(deadline, None, wanted).map_err(unstopped)
    }

    /// [`Engine::expect`], given up with [`BotError::Stopped`] when `stop` is
    /// set (looked at every [`STOP_POLL`]); a failure is [`BotError::Engine`].
    fn expect_until(
        &mut self,
        deadline: Instant,
        stop: Option<&AtomicBool>,
        wanted: impl Fn(&str) -> bool,
    ) -> Result<String, BotError> {
        loop {
            if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                return Err(BotError::Stopped);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            let wait = if stop.is_some() {
                left.min(STOP_POLL)
            } else {
                left
            };
            match self.lines.recv_timeout(wait) {
                Ok(line) if wanted(line.trim()) => return Ok(line.trim().to_string()),
                Ok(line) => {
                    if let Some(nodes) = read_nodestats(&line) {
                        self.nodestats = Some(nodes);
                    }
                }
                Err(RecvTimeoutError::Timeout) if Instant::now() < deadline => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(BotError::Engine(EngineError::Timeout))
                }
                Err(RecvTimeoutError::Disconnected) => return Err(BotError::Engine(self.died())),
            }
        }
    }

    /// A GTP command and its answer (the text after `=`). An answer that does
    /// not come in time is owed: read and dropped before the next request.
    fn gtp(&mut self, command: &str, deadline: Instant) -> Result<String, EngineError> {
        self.send(command)?;
        let reply = self
            .expect(deadline, |l| l.starts_with('=') || l.starts_with('?'))
            .inspect_err(|_| self.owed += 1)?;
        gtp_reply(&reply).map_err(|reply| EngineError::Refused {
            command: command.to_string(),
            reply: reply.to_string(),
        })
    }

    /// Brings the engine up to `game`'s moves: only the new ones when `game`
    /// continues the game the engine was given, else the whole game afresh (a
    /// new game, moves taken back, another line).
    fn sync(
        &mut self,
        game: &Game,
        deadline: Instant,
        depth: u32,
        stop: Option<&AtomicBool>,
    ) -> Result<(), BotError> {
        let moves: Vec<Move> = game.moves().collect();
        let continued = self.told.as_ref().and_then(|told| {
            let same = told.rules == *game.rules()
                && told.start == *game.start_position()
                && moves.starts_with(&told.moves);
            same.then_some(told.moves.len())
        });
        match self.spec.protocol {
            Protocol::Nboard => {
                let known = match continued {
                    Some(known) => known,
                    None => {
                        self.told = None;
                        // The moves played (a save writes the whole line, redo
                        // list included), without the players' times and
                        // evaluations: an engine learns the moves, not what its
                        // opponent thought.
                        let mut game = game.clone();
                        for index in 0..game.line().len() {
                            let ply = game.ply_mut(index).expect("a move of the line");
                            ply.set_time(None);
                            ply.set_evaluation(None);
                            ply.set_comment(None);
                        }
                        let record = Record::new(game).up_to_current();
                        let text = ggf::write(&record).map_err(EngineError::from)?;
                        self.send(&format!("set depth {depth}"))
                            .map_err(BotError::Engine)?;
                        self.send(&format!("set game {text}"))
                            .map_err(BotError::Engine)?;
                        moves.len()
                    }
                };
                for mv in &moves[known..] {
                    self.send(&format!("move {}", write_move(*mv, Protocol::Nboard)))
                        .map_err(BotError::Engine)?;
                }
                self.told = Some(Told {
                    rules: *game.rules(),
                    start: *game.start_position(),
                    moves,
                });
                self.ping(deadline, stop)?;
            }
            Protocol::Gtp => {
                let known = match continued {
                    Some(known) => known,
                    None => {
                        self.told = None;
                        if game.start_position() != Game::new(*game.rules()).start_position() {
                            let name = self.spec.name.clone();
                            return Err(EngineError::NotStandardStart(name).into());
                        }
                        self.gtp(&format!("boardsize {}", game.board().width()), deadline)
                            .map_err(BotError::Engine)?;
                        self.gtp("clear_board", deadline)
                            .map_err(BotError::Engine)?;
                        self.told = Some(Told {
                            rules: *game.rules(),
                            start: *game.start_position(),
                            moves: Vec::new(),
                        });
                        0
                    }
                };
                let mut replay = Game::new(*game.rules());
                for mv in &moves[..known] {
                    replay.play(*mv).map_err(EngineError::from)?;
                }
                for mv in &moves[known..] {
                    let color = replay.to_move().name();
                    let mv_text = write_move(*mv, Protocol::Gtp);
                    self.gtp(&format!("play {color} {mv_text}"), deadline)
                        .map_err(BotError::Engine)?;
                    replay.play(*mv).map_err(EngineError::from)?;
                    if let Some(told) = &mut self.told {
                        told.moves.push(*mv);
                    }
                }
            }
        }
        Ok(())
    }

    /// The engine's move in `game`, within `move_time`, and its evaluation in
    /// discs when it gives one (NBoard's `=== MOVE/EVAL/TIME`; GTP has none).
    /// The move is not checked here; the caller plays it or declares the
    /// forfeit. An evaluation that is not a number is left out, not an error:
    /// the move is what the game needs.
    pub fn genmove(
        &mut self,
        game: &Game,
        move_time: Duration,
        depth: u32,
    ) -> Result<(Move, Option<Eval>), EngineError> {
        self.genmove_until(game, move_time, depth, None)
            .map_err(unstopped)
    }

    /// [`Engine::genmove`], called off when `stop` is set: then
    /// [`BotError::Stopped`]; a failure of the engine is [`BotError::Engine`].
    ///
    /// - NBoard: the engine is sent `ping` and its `pong` awaited (within the
    ///   move time, and at least a second), as the NBoard GUI stops a search;
    ///   an answer to `go` that comes first is dropped.
    /// - GTP has no way to call a search off: the engine's answer is read and
    ///   dropped before the next request (a wait that `stop` cuts short too),
    ///   and the engine is given the game again from `clear_board`, since it
    ///   played a move that the game did not. So is an answer that came too
    ///   late.
    pub fn genmove_until(
        &mut self,
        game: &Game,
        move_time: Duration,
        depth: u32,
        stop: Option<&AtomicBool>,
    ) -> Result<(Move, Option<Eval>), BotError> {
        // Reading the moves gets its own allowance (Engine::set_setup_time).
        let setup = after(move_time.max(self.setup_time));
        while self.owed > 0 {
            // The answer of a genmove stopped or timed out (or of a command
            // that timed out), then the game again from the start: the engine
            // played that move, the game did not.
            self.expect_until(setup, stop, |l| l.starts_with('=') || l.starts_with('?'))
                .map_err(|e| match e {
                    BotError::Engine(why) => BotError::Engine(EngineError::Owed(Box::new(why))),
                    other => other,
                })?;
            self.owed -= 1;
            self.told = None;
        }
        self.sync(game, setup, depth, stop)?;
        let deadline = after(move_time);
        let line = match self.spec.protocol {
            Protocol::Nboard => {
                // Nothing more is sent until the answer (or a stop): some
                // engines abort their search on any input.
                self.nodestats = None;
                self.send("go").map_err(BotError::Engine)?;
                self.expect_until(deadline, stop, |l| l.starts_with("==="))
            }
            Protocol::Gtp => {
                let color = game.to_move().name();
                self.send(&format!("genmove {color}"))
                    .map_err(BotError::Engine)?;
                let answer =
                    self.expect_until(deadline, stop, |l| l.starts_with('=') || l.starts_with('?'));
                // Stopped or too late, the answer is still to come.
                self.owed += u32::from(answer.is_err());
                answer
            }
        };
        let line = match line {
            Ok(line) => line,
            Err(BotError::Stopped) if self.spec.protocol == Protocol::Nboard => {
                let until = deadline.max(Instant::now() + Duration::from_secs(1));
                self.ping(until, None).map_err(|e| match e {
                    BotError::Engine(why) => {
                        BotError::Engine(EngineError::AfterStop(Box::new(why)))
                    }
                    other => other,
                })?;
                return Err(BotError::Stopped);
            }
            Err(other) => {
                if self.spec.protocol == Protocol::Nboard {
                    // Too late: a ping calls the search off (an engine that
                    // does as Edax does), so that the next request need not
                    // wait for it; its pong is skipped like any other line.
                    self.pings += 1;
                    let _ = self.send(&format!("ping {}", self.pings));
                }
                return Err(other);
            }
        };
        match self.spec.protocol {
            Protocol::Nboard => {
                let (mv, eval) =
                    read_answer(&line).ok_or_else(|| EngineError::NotAMove(line.clone()))?;
                // Edax sends its `nodestats` before its answer, others after:
                // then a ping reads it. It is not needed for the move, so a
                // pong that does not come is not an error here (the next
                // request's wait skips it, or finds the engine gone).
                if self.nodestats.is_none() {
                    let until = Instant::now() + Duration::from_secs(1);
                    let _ = self.ping(until, stop);
                }
                Ok((mv, eval))
            }
            Protocol::Gtp => {
                let text = gtp_reply(&line).map_err(|reply| EngineError::Refused {
                    command: "genmove".to_string(),
                    reply: reply.to_string(),
                })?;
                let mv = read_move(&text).map_err(|_| EngineError::NotAMove(text.clone()))?;
                // GTP engines play their own move: it is known.
                if let Some(told) = &mut self.told {
                    told.moves.push(mv);
                }
                Ok((mv, None))
            }
        }
    }

    /// The nodes the engine searched for its last move, as its `nodestats
    /// NODES TIME` line said (NBoard engines that send one, before or after
    /// their answer); `None` for GTP engines and engines that send none.
    pub fn nodes(&self) -> Option<u64> {
        match self.spec.protocol {
            Protocol::Nboard => self.nodestats,
            Protocol::Gtp => None,
        }
    }

    /// Asks the engine to quit, and ends its process if it does not (what
    /// dropping the engine does too).
    pub fn stop(self) {
        drop(self);
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let until = Instant::now() + Duration::from_millis(300);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The instant `time` from now; a time too long for the clock (a move time of
/// centuries) is cut to ten years.
fn after(time: Duration) -> Instant {
    const TEN_YEARS: Duration = Duration::from_secs(10 * 365 * 24 * 3600);
    Instant::now() + time.min(TEN_YEARS)
}

/// A GTP reply's text after `=` (which may carry the command's id: `=12 f5`);
/// the whole reply, as the error, when it is a failure (`?`).
fn gtp_reply(reply: &str) -> Result<String, &str> {
    match reply.strip_prefix('=') {
        Some(rest) => Ok(rest
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim()
            .to_string()),
        None => Err(reply),
    }
}

/// The nodes of an NBoard `nodestats NODES TIME` line (Edax writes `%lld`,
/// others a float such as `1.5e6`).
#[doc(hidden)] // For the tests in tests/it; not part of the API.
pub fn read_nodestats(line: &str) -> Option<u64> {
    let mut words = line.split_whitespace();
    if words.next()? != "nodestats" {
        return None;
    }
    let nodes = words.next()?;
    nodes.parse::<u64>().ok().or_else(|| {
        let float = nodes.parse::<f64>().ok()?;
        // A float count: whole and in range, or not read.
        (float.is_finite() && float >= 0.0 && float < u64::MAX as f64).then_some(float as u64)
    })
}

/// An NBoard engine's answer to `go`: `=== MOVE/EVAL/TIME`, as the protocol
/// writes it, or `=== MOVE EVAL TIME`, as Edax does; the evaluation (in discs)
/// and the time are optional, and an evaluation that is not a finite number is
/// left out (the move is what the game needs). `None` when there is no move.
#[doc(hidden)] // For the tests in tests/it; not part of the API.
pub fn read_answer(line: &str) -> Option<(Move, Option<Eval>)> {
    let rest = line.trim_start_matches('=').trim();
    let fields: Vec<&str> = if rest.contains('/') {
        rest.split('/').map(str::trim).collect()
    } else {
        rest.split_whitespace().collect()
    };
    let mv = read_move(fields.first()?).ok()?;
    let eval = fields
        .get(1)
        .and_then(|e| e.parse::<f64>().ok())
        .filter(|e| e.is_finite())
        .map(Eval::Discs);
    Some((mv, eval))
}

/// An outside engine as a [`Bot`]: started by [`EngineBot::start`] (an engine
/// that never runs is a [`StartError`]), then asked for each move within the
/// move time; a crash, a hang or an answer that is not a move is
/// [`BotError::Engine`]. The move it answers is not checked here: the caller
/// plays it, or declares the forfeit. The process ends when the bot is dropped.
///
/// The bot may be asked about any game, not only the one it began with: an
/// engine is sent the new moves of a game that continues the one it was given,
/// and the whole game again otherwise (a new game, moves taken back, another
/// line, another board).
///
/// A stop flag ([`Bot::set_stop`]) calls off the engine's search: see
/// [`Engine::genmove_until`].
pub struct EngineBot {
    engine: Engine,
    move_time: Duration,
    depth: u32,
    stop: Option<Arc<AtomicBool>>,
}

impl EngineBot {
    /// Starts the engine of `spec`, which gets `move_time` for each move (and at
    /// least [`Engine::SETUP_TIME`] to start and to read a game, see
    /// [`EngineBot::setup_time`]); `depth` is the `set depth` sent to NBoard
    /// engines.
    pub fn start(
        spec: &EngineSpec,
        move_time: Duration,
        depth: u32,
    ) -> Result<EngineBot, StartError> {
        Ok(EngineBot {
            engine: Engine::start(spec, move_time.max(Engine::SETUP_TIME))?,
            move_time,
            depth,
            stop: None,
        })
    }

    /// The bot with `setup_time` as the least time its engine gets to read a
    /// game before each move ([`Engine::set_setup_time`]) in place of
    /// [`Engine::SETUP_TIME`].
    #[must_use]
    pub fn setup_time(mut self, setup_time: Duration) -> EngineBot {
        self.engine.set_setup_time(setup_time);
        self
    }
}

impl Bot for EngineBot {
    fn name(&self) -> &str {
        &self.engine.spec.name
    }

    fn choose(&mut self, game: &Game) -> Result<Choice, BotError> {
        if game.is_over() {
            return Err(BotError::GameOver);
        }
        let stop = self.stop.as_deref();
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Err(BotError::Stopped);
        }
        let (mv, eval) = self
            .engine
            .genmove_until(game, self.move_time, self.depth, stop)?;
        Ok(Choice {
            eval,
            nodes: self.engine.nodes().unwrap_or(0),
            ..Choice::new(mv)
        })
    }

    fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        self.stop = stop;
    }
}
