//! The engine side of the NBoard protocol (version 2, as the NBoard GUI and
//! Edax's `-nboard` mode speak it): [`serve`] reads commands line by line and
//! answers them with the [`Server`]'s bot.
//!
//! Commands: `nboard 2` (answered `set myname NAME`), `set depth N` (the search
//! depth, at most the server's `max_depth`; a depth that is not a number is
//! answered with a `status` line), `set game GGF` (with its time control `TI`
//! and its moves' times, the engine's clock: each move is then given a share of
//! it, [`Server::move_time`]), `set contempt N`
//! (accepted, unused), `set myname NAME`, `move MOVE[/EVAL/TIME]` (`PA` for a
//! pass; the time, in seconds, counts on its player's clock), `hint N` (`status thinking`, the best N moves as `search PV EVAL 0
//! DEPTH` lines, each with its principal variation run together as Edax
//! writes it, `f5d6c3`, `PA` for a pass; then `status`; a bot of your own and
//! a forced pass show one), `go` (answered `=== MOVE/EVAL/TIME`, then `nodestats NODES TIME`;
//! `status cannot move: WHY` when the bot fails), `ping N` (`pong N`), `learn`
//! (`learned`), `nodestats` (the last search's `nodestats`), `status`
//! (`status ready`), `quit`. Other lines are ignored. A `move` or `set game` that cannot be read
//! or played is answered with a `status` line that says why, and changes
//! nothing.
//!
//! A `ping` (or `quit`) that arrives while `go` or `hint` is searching stops
//! the search, as NBoard expects when it changes the position under a thinking
//! engine: see [`serve`].

use std::io::{BufRead, Write};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::ScopedJoinHandle;
use std::time::{Duration, Instant};

use reversi::text::ggf;
use reversi::AnyPosition;

use super::codec::{read_move, write_move};
use super::{Protocol, Server};
use crate::bot::{rank_moves, BotError, Choice, Eval};
use crate::limits::Limits;

/// Answers NBoard commands from `input` on `output` until `quit` or the end of
/// the input; an error only when the output cannot be written.
///
/// `go` and `hint` search on a thread of their own while `input` is read on:
/// - a `ping` or `quit` that arrives during the search stops it (within about
///   4096 nodes, a millisecond or so) and is answered once it has stopped: the
///   stopped `go` says nothing, the stopped `hint` only its closing `status`,
///   and then comes `pong N`. NBoard pings when it changes the position under
///   a thinking engine, and ignores what the engine says until the `pong`.
/// - Any other line waits for the search to end, so answers keep the order of
///   the commands.
/// - When the input ends during a search, the search finishes and is answered
///   (so that `echo go | engine` answers): a host that wants it called off
///   sends `quit` first.
///
/// The stop flag is [`Server::stop`] (one is made if the server has none).
/// `output` is written from the search's thread, so it must be `Send`: standard
/// output itself (`std::io::stdout()`), not its lock. Bytes that are not UTF-8
/// make a line that is unknown or refused, not the end of the session.
pub fn serve(
    server: &mut Server,
    input: impl BufRead,
    output: impl Write + Send,
) -> std::io::Result<()> {
    let stop = Arc::clone(server.stop.get_or_insert_with(Default::default));
    let output = Mutex::new(output);
    std::thread::scope(|scope| {
        let mut search: Option<ScopedJoinHandle<'_, Searched>> = None;
        for line in super::lines(input) {
            if let Some(running) = search.take() {
                if calls_off(&line) {
                    stop.store(true, Ordering::Relaxed);
                }
                join(running, server)?;
            }
            stop.store(false, Ordering::Relaxed);
            if searches(&line) {
                // The search takes the server and gives it back when joined.
                let mut owned = std::mem::take(server);
                let output = &output;
                search = Some(scope.spawn(move || {
                    let answered = answer(&mut owned, &line, output);
                    (owned, answered)
                }));
                continue;
            }
            if !answer(server, &line, &output)? {
                return Ok(());
            }
        }
        match search {
            Some(running) => join(running, server),
            None => Ok(()),
        }
    })
}

/// A search thread's server, handed back, and its [`answer`].
type Searched = (Server, std::io::Result<bool>);

/// The commands that search, and so run on a thread of their own.
fn searches(line: &str) -> bool {
    matches!(line.split_whitespace().next(), Some("go" | "hint"))
}

/// The commands that call a running search off.
fn calls_off(line: &str) -> bool {
    matches!(line.split_whitespace().next(), Some("ping" | "quit"))
}

/// [`command`] on the shared output, flushed; false after `quit`.
fn answer<W: Write>(server: &mut Server, line: &str, output: &Mutex<W>) -> std::io::Result<bool> {
    let mut out = output.lock().unwrap_or_else(PoisonError::into_inner);
    let going_on = command(server, line, &mut *out)?;
    out.flush()?;
    Ok(going_on)
}

/// Waits for a search thread, puts its server back and passes its output
/// error on (a panic in it goes on in this thread).
fn join(running: ScopedJoinHandle<'_, Searched>, server: &mut Server) -> std::io::Result<()> {
    let (back, answered) = running
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    *server = back;
    answered.map(drop)
}

/// A hint's `search PV EVAL 0 DEPTH` line for `choice` in `pos`: the
/// principal variation as Edax writes it, the moves run together (`f5d6c3`),
/// with `PA` where a player passes (the move alone when the bot gives no
/// line); an exact value is shown at depth 60, as NBoard marks a solved move.
fn search_line(
    out: &mut impl Write,
    pos: &AnyPosition,
    choice: &Choice,
    depth: u32,
) -> std::io::Result<()> {
    let exact = choice.eval.is_some_and(Eval::is_exact);
    writeln!(
        out,
        "search {} {:+.2} 0 {}",
        line_text(pos, choice),
        choice.eval.and_then(Eval::discs).unwrap_or(0.0),
        if exact { 60 } else { depth }
    )
}

/// `choice`'s line from `pos` in NBoard's way: each move's square, `PA` for
/// each pass, run together. A line that stops being legal (a bot's mistake)
/// is cut there, and one that does not start with the bot's move is not
/// shown: the move is, alone.
fn line_text(pos: &AnyPosition, choice: &Choice) -> String {
    if choice.pv.first() != Some(&choice.mv) {
        return write_move(choice.mv, Protocol::Nboard);
    }
    let mut text = String::new();
    let mut pos = *pos;
    for &mv in &choice.pv {
        let Ok(next) = pos.play(mv) else { break };
        text.push_str(&write_move(mv, Protocol::Nboard));
        pos = next;
    }
    text
}

/// Answers one NBoard command on `out`; false after `quit`.
pub fn command(engine: &mut Server, line: &str, out: &mut impl Write) -> std::io::Result<bool> {
    let mut words = line.split_whitespace();
    match (words.next().unwrap_or_default(), words.next()) {
        ("quit", _) => return Ok(false),
        ("nboard", _) => writeln!(out, "set myname {}", engine.name)?,
        ("ping", n) => writeln!(out, "pong {}", n.unwrap_or("0"))?,
        ("learn", _) => writeln!(out, "learned")?,
        ("status", _) => writeln!(out, "status ready")?,
        ("nodestats", _) => writeln!(
            out,
            "nodestats {} {:.3}",
            engine.last_nodes.0, engine.last_nodes.1
        )?,
        ("set", Some("depth")) => {
            let text = words.next().unwrap_or_default();
            match text.parse() {
                Ok(depth) => engine.depth = depth,
                Err(_) => writeln!(
                    out,
                    "status cannot read the depth {text:?}: expected a whole number of plies"
                )?,
            }
        }
        ("set", Some("myname")) => {
            let name: Vec<&str> = words.collect();
            if !name.is_empty() {
                engine.name = name.join(" ");
            }
        }
        ("set", Some("game")) => {
            let text = line.trim_start()["set".len()..]
                .trim_start()
                .strip_prefix("game")
                .unwrap_or_default();
            match ggf::parse(text) {
                Ok(record) => {
                    // A clock that cannot be read is no clock: the game is still played.
                    engine.time_control = record.time_control().and_then(Result::ok);
                    engine.time_left = [None; 2];
                    engine.game = record.into_game();
                }
                Err(e) => writeln!(out, "status cannot read the game: {e}")?,
            }
        }
        ("move", Some(text)) => {
            let mv = text;
            match read_move(mv) {
                Ok(mv) => match engine.game.play_implied(mv) {
                    // The move's time, its clock's: `f5/+2.00/1.5`.
                    Ok(_) => {
                        let time = text
                            .split('/')
                            .nth(2)
                            .and_then(|t| t.trim().parse::<f64>().ok());
                        let time = time.and_then(|t| Duration::try_from_secs_f64(t).ok());
                        if let Some(ply) = engine.game.last_move_mut() {
                            ply.set_time(time);
                        }
                    }
                    Err(e) => writeln!(out, "status illegal move {text}: {e}")?,
                },
                Err(e) => writeln!(out, "status cannot read the move {text}: {e}")?,
            }
        }
        ("go", _) => {
            match engine.think() {
                Ok((mv, eval, seconds)) => {
                    writeln!(
                        out,
                        "=== {}/{eval}/{seconds:.3}",
                        write_move(mv, Protocol::Nboard)
                    )?;
                    writeln!(out, "nodestats {} {seconds:.3}", engine.last_nodes.0)?;
                }
                // Stopped (by a `ping` under `serve`), it says nothing.
                Err(BotError::Stopped) => {}
                // NBoard has no failure for `go`: a status line says why.
                Err(e) => writeln!(out, "status cannot move: {e}")?,
            }
        }
        ("hint", n) => {
            let n: usize = n.and_then(|n| n.parse().ok()).unwrap_or(1);
            let pos = *engine.game.position();
            let depth = engine.depth();
            writeln!(out, "status thinking")?;
            out.flush()?;
            if pos.is_over() {
                // Nothing to show.
            } else if engine.bot.is_some() || pos.must_pass() {
                // One move: the bot's choice, or the forced pass valued by
                // the reply. Stopped, it shows none.
                if let Ok(choice) = engine.choose() {
                    search_line(out, &pos, &choice, depth)?;
                }
            } else {
                // NBoard games are two-player, so the ranking is refused only
                // when stopped: then no move is shown.
                let started = Instant::now();
                let limits = Limits {
                    depth: Some(depth),
                    stop: engine.stop.clone(),
                    ..Limits::default()
                };
                if let Ok(ranked) = rank_moves(&pos, &limits, engine.solve) {
                    let nodes = ranked.iter().map(|choice| choice.nodes).sum();
                    engine.last_nodes = (nodes, started.elapsed().as_secs_f64());
                    for choice in ranked.iter().take(n) {
                        search_line(out, &pos, choice, depth)?;
                    }
                }
            }
            writeln!(out, "status")?;
        }
        // Unknown commands, `set contempt` and the rest: ignored, as the protocol asks.
        _ => {}
    }
    Ok(true)
}
