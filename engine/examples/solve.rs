//! Solves two-player endgames exactly with `reversi_engine::solver`.
//!
//!     cargo run --release -p reversi-engine --example solve -- FILE.obf
//!     cargo run --release -p reversi-engine --example solve -- --board 6x6
//!     cargo run --release -p reversi-engine --example solve -- --position "<position string>" [--anti]
//!
//! With a file, reads OBF lines (64 cells, the side to move, optional
//! `MOVE:SCORE` pairs) and prints one line per position: its number in the input
//! (from 1), a best move, the exact score as a disc difference for the side to
//! move (`+18`, `-2`, `+0`; empty squares count for the winner), the nodes
//! searched, and the seconds taken. Without a file, solves the one position the
//! variant flags give (`--board`, `--anti`, `--blocked`, `--position` … as the
//! other examples take them: the start of that variant, or the position string)
//! and prints the same line, numbered 1. `--pv` adds the principal variation;
//! `--threads N` solves with N threads (the node count is then that of all
//! threads, and varies from run to run).

use std::process::ExitCode;

use reversi_engine::solver::{Solution, Solver};

const USAGE: &str = "usage: solve FILE.obf [--pv] [--threads N] | solve [--pv] [--threads N] [VARIANT FLAGS] [--position TEXT]";

fn print(number: usize, s: &Solution, pv: bool) {
    let best = s
        .best_move
        .map_or_else(|| "pass".to_string(), |m| m.to_string());
    print!("{number} {best} {:+} {} {:.3}", s.score, s.nodes, s.seconds);
    if pv {
        let line: Vec<String> = s.pv.iter().map(|m| m.to_string()).collect();
        print!(" {}", line.join(" "));
    }
    println!();
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let pv = args.iter().any(|a| a == "--pv");
    args.retain(|a| a != "--pv");
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let mut threads = 1;
    if let Some(i) = args.iter().position(|a| a == "--threads") {
        match args.get(i + 1).map(|n| n.parse::<usize>()) {
            Some(Ok(n)) if n > 0 => threads = n,
            _ => {
                eprintln!("solve: --threads needs a number of threads, 1 or more\n{USAGE}");
                return ExitCode::FAILURE;
            }
        }
        args.drain(i..i + 2);
    }
    if args.is_empty() {
        // Without a file or a position it would solve a start position, which
        // takes minutes on 6×6 and far longer on larger boards.
        eprintln!("solve: a FILE or a position is needed\n{USAGE}");
        return ExitCode::FAILURE;
    }
    let mut solver = Solver::default();
    solver.set_principal_variation(pv).set_threads(threads);
    let Some(path) = args.first().filter(|a| !a.starts_with("--")).cloned() else {
        // One position from the variant flags.
        let options = match reversi_engine::cli::parse(&args, &[]) {
            Ok(o) => o,
            Err(e) => {
                eprintln!("solve: {e}\n{USAGE}");
                return ExitCode::FAILURE;
            }
        };
        return match solver.solve_any(options.game.position()) {
            Ok(s) => {
                print(1, &s, pv);
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("solve: {e}");
                ExitCode::FAILURE
            }
        };
    };
    if args.len() > 1 {
        eprintln!("solve: a file takes no variant flags (OBF is 8x8)\n{USAGE}");
        return ExitCode::FAILURE;
    }
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("solve: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        match solver.solve_obf(line) {
            Ok(s) => print(i + 1, &s, pv),
            Err(e) => {
                eprintln!("solve: {path}: position {}: {e}", i + 1);
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
