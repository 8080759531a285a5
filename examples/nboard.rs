//! An Othello engine over standard input and output, speaking the NBoard
//! protocol (version 2, as the NBoard GUI and Edax's `-nboard` mode do), or GTP
//! with `--gtp` (as Edax and Egaroucid speak it). It plays the strongest built-in
//! bot: alpha-beta on the library's evaluation features, exact in the endgame.
//!
//!     cargo run --release --example nboard -- [--gtp] [--max-depth D] [--solve E]
//!
//! NBoard: `nboard 2` (answered `set myname NAME`), `set depth N` (the search
//! depth, at most --max-depth, default 6), `set game GGF`, `set contempt N`
//! (accepted, unused), `set myname NAME`, `move MOVE[/EVAL/TIME]` (`PA` for a
//! pass), `hint N` (the best N moves as `search MOVE EVAL 0 DEPTH` lines, then
//! `status`), `go` (answered `=== MOVE/EVAL/TIME`, then `nodestats NODES TIME`),
//! `ping N` (`pong N`), `learn` (`learned`), `nodestats` (the last search's
//! `nodestats`), `status` (`status ready`), `quit`. Other lines are ignored. The
//! board is 8×8 unless `set game` says otherwise; the game is exact from E empty
//! squares (default 14).
//!
//! GTP: `protocol_version`, `name`, `version`, `known_command`, `list_commands`,
//! `boardsize N` (6, 8 or 10), `clear_board`, `play COLOR MOVE`, `genmove COLOR`
//! (`pass` when forced), `showboard`, `quit`.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use reversi::text::ggf;
use reversi::{Board, Game, Move, Rules};

use reversi_engine::bot::{self as bots, Bot, Kind, Spec};
use reversi_engine::protocol::nboard_move;

struct Engine {
    game: Game,
    name: String,
    depth: u32,
    max_depth: u32,
    solve: u32,
    last_nodes: (u64, f64),
}

impl Engine {
    fn bot(&self) -> Bot {
        let depth = self.depth.clamp(1, self.max_depth);
        Bot::new(
            Spec {
                name: format!("alphabeta:depth={depth}:solve={}", self.solve),
                kind: Kind::AlphaBeta {
                    depth,
                    solve: self.solve,
                },
            },
            0,
        )
    }

    /// The engine's move, its evaluation text and the seconds taken.
    fn think(&mut self) -> (Move, String, f64) {
        let started = Instant::now();
        if self.game.is_over() {
            return (Move::Pass, String::new(), 0.0);
        }
        let choice = self.bot().choose(self.game.position());
        let seconds = started.elapsed().as_secs_f64();
        self.last_nodes = (choice.nodes, seconds);
        let eval = choice.eval.map_or(String::new(), |e| format!("{e:+.2}"));
        (choice.mv, eval, seconds)
    }
}

/// One NBoard command; false to quit.
fn nboard(engine: &mut Engine, line: &str, out: &mut impl Write) -> std::io::Result<bool> {
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
            let mv = text.split('/').next().unwrap_or_default();
            match mv.parse::<Move>() {
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
            writeln!(out, "=== {}/{eval}/{seconds:.3}", nboard_move(mv))?;
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
                for choice in bots::rank_moves(&pos, depth, engine.solve).iter().take(n) {
                    let shown = if choice.exact { 60 } else { depth };
                    writeln!(
                        out,
                        "search {} {:+.2} 0 {shown}",
                        nboard_move(choice.mv),
                        choice.eval.unwrap_or(0.0)
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

/// One GTP command; false to quit.
fn gtp(engine: &mut Engine, line: &str, out: &mut impl Write) -> std::io::Result<bool> {
    let line = line.split('#').next().unwrap_or_default();
    let mut words = line.split_whitespace().peekable();
    // An optional command id, repeated in the answer.
    let id = match words.peek() {
        Some(w) if w.chars().all(|c| c.is_ascii_digit()) => words.next().unwrap_or_default(),
        _ => "",
    };
    let Some(command) = words.next() else {
        return Ok(true);
    };
    let args: Vec<&str> = words.collect();
    const COMMANDS: [&str; 10] = [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "boardsize",
        "clear_board",
        "play",
        "genmove",
        "quit",
    ];
    let answer: Result<String, String> = match command {
        "protocol_version" => Ok("2".into()),
        "name" => Ok(engine.name.clone()),
        "version" => Ok(env!("CARGO_PKG_VERSION").into()),
        "known_command" => Ok(COMMANDS
            .contains(&args.first().copied().unwrap_or_default())
            .to_string()),
        "list_commands" => Ok(COMMANDS.join("\n")),
        "quit" => Ok(String::new()),
        "boardsize" => match args.first().copied() {
            Some("6") => Ok(Board::Size6),
            Some("8") => Ok(Board::Size8),
            Some("10") => Ok(Board::Size10),
            _ => Err("unacceptable size".to_string()),
        }
        .and_then(|board| Rules::builder(board).build().map_err(|e| e.to_string()))
        .map(|rules| {
            engine.game = Game::new(rules);
            String::new()
        }),
        "clear_board" => {
            engine.game = Game::new(*engine.game.rules());
            Ok(String::new())
        }
        "showboard" => Ok(format!("\n{}", engine.game)),
        "play" => match args.get(1).map(|m| m.parse::<Move>()) {
            Some(Ok(mv)) => engine
                .game
                .play(mv)
                .map(|_| String::new())
                .map_err(|e| format!("illegal move: {e}")),
            _ => Err("syntax error".into()),
        },
        "genmove" => {
            let (mv, _, _) = engine.think();
            match engine.game.play(mv) {
                Ok(_) => Ok(mv.to_string()),
                Err(_) => Ok("pass".into()),
            }
        }
        _ => Err("unknown command".into()),
    };
    match answer {
        Ok(text) => write!(out, "={id} {text}\n\n")?,
        Err(text) => write!(out, "?{id} {text}\n\n")?,
    }
    Ok(command != "quit")
}

fn main() -> ExitCode {
    let mut engine = Engine {
        game: Game::new(Rules::default()),
        name: "reversi-alphabeta".to_string(),
        depth: 6,
        max_depth: 6,
        solve: 14,
        last_nodes: (0, 0.0),
    };
    let mut use_gtp = false;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut number = |flag: &str| match args.next().map(|v| v.parse::<u32>()) {
            Some(Ok(n)) => Ok(n),
            _ => Err(format!("{flag} needs a number")),
        };
        let parsed = match flag.as_str() {
            "--gtp" => {
                use_gtp = true;
                Ok(())
            }
            "--max-depth" => number(&flag).map(|n| engine.max_depth = n.max(1)),
            "--solve" => number(&flag).map(|n| engine.solve = n),
            "--help" | "-h" => {
                println!("usage: nboard [--gtp] [--max-depth D] [--solve E]");
                return ExitCode::SUCCESS;
            }
            other => Err(format!("unknown flag {other:?}")),
        };
        if let Err(e) = parsed {
            eprintln!("nboard: {e}");
            return ExitCode::FAILURE;
        }
    }
    engine.depth = engine.max_depth;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let going_on = if use_gtp {
            gtp(&mut engine, &line, &mut out)
        } else {
            nboard(&mut engine, &line, &mut out)
        };
        match going_on.and_then(|on| out.flush().map(|()| on)) {
            Ok(true) => {}
            Ok(false) => break,
            Err(_) => return ExitCode::FAILURE,
        }
    }
    ExitCode::SUCCESS
}
