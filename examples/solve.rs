//! Solves two-player 8×8 endgames exactly with `reversi_engine::solver`.
//!
//!     cargo run --release --example solve -- FILE.obf
//!
//! Reads OBF lines (64 cells, the side to move, optional `MOVE:SCORE` pairs) and
//! prints one line per position: its number in the input (from 1), a best move,
//! the exact score as a disc difference for the side to move (`+18`, `-2`, `+0`;
//! empty squares count for the winner), the nodes searched, and the seconds taken.

use std::process::ExitCode;

use reversi_engine::solver::Solver;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: solve FILE.obf");
        return ExitCode::FAILURE;
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("solve: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut solver = Solver::default();
    for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        match solver.solve_obf(line) {
            Ok(s) => {
                let best = s
                    .best_move
                    .map_or_else(|| "pass".to_string(), |m| m.to_string());
                println!(
                    "{} {best} {:+} {} {:.3}",
                    i + 1,
                    s.score,
                    s.nodes,
                    s.seconds
                );
            }
            Err(e) => {
                eprintln!("solve: {path}: position {}: {e}", i + 1);
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
