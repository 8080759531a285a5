//! The engine side of the NBoard protocol (version 2, as the NBoard GUI and
//! Edax's `-nboard` mode speak it): [`serve`] reads commands line by line and
//! answers them with the [`Server`]'s alpha-beta bot.
//!
//! Commands: `nboard 2` (answered `set myname NAME`), `set depth N` (the search
//! depth, at most the server's `max_depth`), `set game GGF`, `set contempt N`
//! (accepted, unused), `set myname NAME`, `move MOVE[/EVAL/TIME]` (`PA` for a
//! pass), `hint N` (the best N moves as `search MOVE EVAL 0 DEPTH` lines, then
//! `status`), `go` (answered `=== MOVE/EVAL/TIME`, then `nodestats NODES TIME`),
//! `ping N` (`pong N`), `learn` (`learned`), `nodestats` (the last search's
//! `nodestats`), `status` (`status ready`), `quit`. Other lines are ignored.

use std::io::{BufRead, Write};

use reversi::text::ggf;

use super::codec::{read_move, write_move};
use super::{Protocol, Server};
use crate::bot::{rank_moves, Eval};

/// Answers NBoard commands from `input` on `output` until `quit` or the end of
/// the input; an error only when the output cannot be written.
pub fn serve(server: &mut Server, input: impl BufRead, output: impl Write) -> std::io::Result<()> {
    super::serve_lines(server, input, output, command)
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
            if let Some(Ok(depth)) = words.next().map(str::parse) {
                engine.depth = depth;
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
                Ok(record) => engine.game = record.into_game(),
                Err(e) => writeln!(out, "status cannot read the game: {e}")?,
            }
        }
        ("move", Some(text)) => {
            let mv = text;
            match read_move(mv) {
                Ok(mv) => {
                    if let Err(e) = engine.game.play_implied(mv) {
                        writeln!(out, "status illegal move {text}: {e}")?;
                    }
                }
                Err(e) => writeln!(out, "status cannot read the move {text}: {e}")?,
            }
        }
        ("go", _) => {
            let (mv, eval, seconds) = engine.think();
            writeln!(
                out,
                "=== {}/{eval}/{seconds:.3}",
                write_move(mv, Protocol::Nboard)
            )?;
            writeln!(out, "nodestats {} {seconds:.3}", engine.last_nodes.0)?;
        }
        ("hint", n) => {
            let n: usize = n.and_then(|n| n.parse().ok()).unwrap_or(1);
            let pos = *engine.game.position();
            let depth = engine.depth.clamp(1, engine.max_depth);
            writeln!(out, "status thinking")?;
            if pos.must_pass() {
                writeln!(out, "search PA 0.00 0 {depth}")?;
            } else if !pos.is_over() {
                // NBoard games are two-player: the ranking is never refused.
                let ranked = rank_moves(&pos, depth, engine.solve).unwrap_or_default();
                for choice in ranked.iter().take(n) {
                    let exact = choice.eval.is_some_and(Eval::is_exact);
                    let shown = if exact { 60 } else { depth };
                    writeln!(
                        out,
                        "search {} {:+.2} 0 {shown}",
                        write_move(choice.mv, Protocol::Nboard),
                        choice.eval.and_then(Eval::discs).unwrap_or(0.0)
                    )?;
                }
            }
            writeln!(out, "status")?;
        }
        // Unknown commands, `set contempt` and the rest: ignored, as the protocol asks.
        _ => {}
    }
    Ok(true)
}
