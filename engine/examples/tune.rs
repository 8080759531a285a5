//! Learns the weights of the evaluation for the boards the patterns do not
//! cover (`reversi_engine::search::tuned`) and writes them:
//!
//!     cargo run --release -p reversi-engine --example tune -- --out engine/data/tuned.txt
//!
//! For each of 6×6, 10×10 and the octagon (Reversi, two players, no blocked
//! squares): the positions of `--games N` self-play games (2,000 by default),
//! labelled phase after phase from the end of the game back to the start,
//! exactly from a board's last empty squares (by the solver from 22 on 6×6, by a
//! search to the end from 10 on the others),
//! else by a search four plies deep on the weights learned so far. Two
//! threads; the weights are the same for the same flags. `--boards` takes a
//! comma-separated list of boards instead. A terminal shows the progress; a
//! pipe does not.

use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};
use reversi::Board;
use reversi_engine::search::tuned::{self, Learning, Tuned, Tuning, TERM_NAMES};

const USAGE: &str = "usage: tune --out WEIGHTS.txt [--games N] [--boards 6x6,10x10,octagon]";

/// The self-play games of each board, by default.
const GAMES: usize = 2_000;

/// The empty squares from which a board's positions are labelled exactly.
fn exact(board: Board) -> u32 {
    match board {
        Board::Size6 => 22,
        _ => 10,
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let (mut out, mut games, mut boards) = (None, GAMES, "6x6,10x10,octagon".to_string());
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let Some(value) = rest.next() else {
            eprintln!("tune: {flag} needs a value\n{USAGE}");
            return ExitCode::FAILURE;
        };
        match flag.as_str() {
            "--out" => out = Some(value.clone()),
            "--boards" => boards = value.clone(),
            "--games" => match value.parse() {
                Ok(n) if n > 0 => games = n,
                _ => {
                    eprintln!("tune: --games needs a number, 1 or more\n{USAGE}");
                    return ExitCode::FAILURE;
                }
            },
            _ => {
                eprintln!("tune: unknown option {flag}\n{USAGE}");
                return ExitCode::FAILURE;
            }
        }
    }
    let Some(out) = out else {
        eprintln!("tune: --out is required\n{USAGE}");
        return ExitCode::FAILURE;
    };
    // Every board read before any is learned, each once.
    let mut chosen: Vec<Board> = Vec::new();
    for name in boards.split(',') {
        match name.parse() {
            Ok(Board::Size8) => {
                eprintln!("tune: 8x8 has the patterns (the learn example)");
                return ExitCode::FAILURE;
            }
            Ok(board) if chosen.contains(&board) => {
                eprintln!("tune: {board} given twice");
                return ExitCode::FAILURE;
            }
            Ok(board) => chosen.push(board),
            Err(e) => {
                eprintln!("tune: {e}\n{USAGE}");
                return ExitCode::FAILURE;
            }
        }
    }
    let mut text = format!(
        "# Weights of reversi_engine::search::tuned, made by the tune example \
         ({games} self-play games a board).\n# Terms: {}.\n",
        TERM_NAMES.join(", ")
    );
    for board in chosen {
        let learning = Learning {
            games,
            seed: 2026,
            exact: exact(board),
            threads: 2,
        };
        let bar = std::sync::Mutex::new(ProgressBar::hidden());
        let started = std::time::Instant::now();
        let tuned = tuned::learn(board, &learning, |step| match step {
            Tuning::Played { positions } => {
                eprintln!("{board}: {positions} positions of {games} self-play games")
            }
            Tuning::Phase { phase, positions } => {
                let new = ProgressBar::new(positions as u64)
                    .with_style(style())
                    .with_message(format!("{board} phase {phase}"));
                std::mem::replace(&mut *bar.lock().unwrap(), new).finish();
            }
            Tuning::Labelled => bar.lock().unwrap().inc(1),
            _ => {}
        });
        bar.into_inner().unwrap().finish();
        eprintln!(
            "{board}: learned in {:.0} s",
            started.elapsed().as_secs_f64()
        );
        text += &tuned.to_text();
    }
    // What is written reads back: the crate parses it at its first use.
    if let Err(e) = Tuned::parse(&text) {
        eprintln!("tune: the weights do not read back: {e}");
        return ExitCode::FAILURE;
    }
    if let Err(e) = std::fs::write(&out, text) {
        eprintln!("tune: cannot write {out}: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// The progress bars' look, as the learn example's.
fn style() -> ProgressStyle {
    ProgressStyle::with_template("{msg}: {bar:30} {pos}/{len} {elapsed} (about {eta} left)")
        .expect("a valid template")
}
