//! An Othello engine over standard input and output, speaking the NBoard
//! protocol (version 2, as the NBoard GUI and Edax's `-nboard` mode do), or GTP
//! with `--gtp` (as Edax and Egaroucid speak it). It plays the strongest built-in
//! bot: alpha-beta on the learned evaluation (patterns on 8×8), exact in the
//! endgame.
//!
//!     cargo run --release -p reversi-engine --example nboard -- [--gtp] [--max-depth D] [--solve E]
//!
//! NBoard: `nboard 2` (answered `set myname NAME`), `set depth N` (the search
//! depth, at most --max-depth, default 6), `set game GGF`, `set contempt N`
//! (accepted, unused), `set myname NAME`, `move MOVE[/EVAL/TIME]` (`PA` for a
//! pass), `hint N` (`status thinking`, the best N moves as `search MOVE EVAL 0
//! DEPTH` lines, then `status`), `go` (answered `=== MOVE/EVAL/TIME`, then
//! `nodestats NODES TIME`), `ping N` (`pong N`), `learn` (`learned`),
//! `nodestats` (the last search's `nodestats`), `status` (`status ready`),
//! `quit`. Other lines are ignored. A `move` or `set game` that cannot be read
//! or played is answered with a `status` line that says why, and changes
//! nothing. A `ping` or `quit` during `go` or `hint` stops the search. The board
//! is 8×8 unless `set game` says otherwise; the game is exact from E empty
//! squares (default 14).
//!
//! GTP: `protocol_version`, `name`, `version`, `known_command`, `list_commands`,
//! `boardsize N` (6, 8 or 10), `clear_board`, `play COLOR MOVE`, `genmove COLOR`
//! (`pass` when forced), `showboard`, `quit`.

use std::process::ExitCode;

use reversi_engine::protocol::{gtp, nboard, Server};

fn main() -> ExitCode {
    let mut server = Server::default();
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
            "--max-depth" => number(&flag).map(|n| server.max_depth = n.max(1)),
            "--solve" => number(&flag).map(|n| server.solve = n),
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
    server.depth = server.max_depth;
    // Standard output unlocked: an NBoard search answers from a thread of its own.
    let (input, output) = (std::io::stdin().lock(), std::io::stdout());
    let served = if use_gtp {
        gtp::serve(&mut server, input, output)
    } else {
        nboard::serve(&mut server, input, output)
    };
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}
