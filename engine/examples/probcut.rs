//! Measures Multi-ProbCut's errors for the built-in pattern weights
//! (`reversi_engine::search::patterns::Patterns::probcut`) and writes them:
//!
//!     cargo run --release -p reversi-engine --example probcut -- --out engine/data/probcut.txt
//!
//! Self-play positions of each midgame phase (`learn::selfplay_positions`,
//! `--positions N` a phase, 200 by default), each searched to every depth up to
//! 10 with the whole window and no cut; for each phase and depth, the mean and
//! the spread (standard deviation) of the deep value less the value of
//! `ProbCut::shallow_depth`, in hundredths of a disc
//! (`learn::probcut_errors`). Two threads; the same file for the same flags.

use std::process::ExitCode;

use reversi::{Position, TwoPlayer8};
use reversi_engine::search::learn;
use reversi_engine::search::patterns::{Patterns, PHASES};

const USAGE: &str = "usage: probcut --out FILE [--positions N]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let (mut out, mut per_phase) = (None, 200usize);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next();
        match (flag.as_str(), value) {
            ("--out", Some(v)) => out = Some(v.clone()),
            ("--positions", Some(v)) if v.parse::<usize>().is_ok_and(|n| n > 0) => {
                per_phase = v.parse().unwrap()
            }
            _ => {
                eprintln!("probcut: bad or missing value for {flag}\n{USAGE}");
                return ExitCode::FAILURE;
            }
        }
    }
    let Some(out) = out else {
        eprintln!("probcut: --out is needed\n{USAGE}");
        return ExitCode::FAILURE;
    };
    if let Err(e) = reversi_engine::cli::check_writable("--out", &out) {
        eprintln!("probcut: {e}");
        return ExitCode::FAILURE;
    }
    // Positions of each midgame phase, spread over many games.
    let all = learn::selfplay_positions(40 * per_phase, 7);
    let mut chosen: Vec<(usize, TwoPlayer8)> = Vec::new();
    for phase in 1..PHASES {
        let of_phase: Vec<&TwoPlayer8> = all
            .iter()
            .filter(|p| Patterns::phase(p.empty().len() as u32) == phase)
            .collect();
        let step = (of_phase.len() / per_phase).max(1);
        chosen.extend(
            of_phase
                .iter()
                .step_by(step)
                .take(per_phase)
                .map(|&&p| (phase, p)),
        );
    }
    let positions: Vec<TwoPlayer8> = chosen.iter().map(|&(_, p)| p).collect();
    let errors = learn::probcut_errors(Patterns::builtin(), &positions, 2);
    let mut text = format!(
        "# Multi-ProbCut's errors for the built-in pattern weights: for each midgame\n\
         # phase and depth, the mean and spread (standard deviation) of the value\n\
         # searched to the depth less the value searched to ProbCut::shallow_depth,\n\
         # in hundredths of a disc, over {per_phase} self-play positions of the phase.\n\
         # Made by: cargo run --release -p reversi-engine --example probcut -- --out FILE\n\
         # phase depth mean spread positions\n"
    );
    for e in errors {
        text += &format!(
            "{} {} {} {} {}\n",
            e.phase, e.depth, e.mean, e.spread, e.positions
        );
    }
    if let Err(e) = std::fs::write(&out, text) {
        eprintln!("probcut: cannot write {out}: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
