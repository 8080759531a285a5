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
//! threads, and varies from run to run). On a terminal, a line below the
//! results shows the solve under way: the root moves searched, the best
//! so far with its score (or bound), the nodes and the time; piped, nothing.

use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use reversi_engine::solver::{Bound, Progress, Solution, Solver};

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
    // The position being solved, for the progress line.
    let number = Arc::new(AtomicUsize::new(1));
    let bar = ProgressBar::new_spinner()
        .with_style(ProgressStyle::with_template("{spinner} {msg}").expect("a valid template"));
    bar.enable_steady_tick(Duration::from_millis(200));
    let (shown, at) = (bar.clone(), Arc::clone(&number));
    solver.set_progress(move |p| shown.set_message(progress(at.load(Ordering::Relaxed), p)));
    let show = |n: usize, s: &Solution| bar.suspend(|| print(n, s, pv));
    let Some(path) = args.first().filter(|a| !a.starts_with("--")).cloned() else {
        // One position from the variant flags.
        let options = match reversi_engine::cli::parse(&args, &[]) {
            Ok(o) => o,
            Err(e) => {
                eprintln!("solve: {e}\n{USAGE}");
                return ExitCode::FAILURE;
            }
        };
        let solved = solver.solve_any(options.game.position());
        bar.finish_and_clear();
        return match solved {
            Ok(s) => {
                show(1, &s);
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
        number.store(i + 1, Ordering::Relaxed);
        bar.set_message(format!("position {}", i + 1));
        match solver.solve_obf(line) {
            Ok(s) => show(i + 1, &s),
            Err(e) => {
                bar.finish_and_clear();
                eprintln!("solve: {path}: position {}: {e}", i + 1);
                return ExitCode::FAILURE;
            }
        }
    }
    bar.finish_and_clear();
    ExitCode::SUCCESS
}

/// The progress line of position `number`: `position 3: move 4/9 (pass 2),
/// best g1 +12, 1.2 G nodes, 41.5 s`; a score on the window's edge is a bound
/// (`>= +12`, `<= -4`), a selective pass's an estimate (`(pass 1, selective)`,
/// `~+12`).
fn progress(number: usize, p: &Progress) -> String {
    let bound = match p.bound() {
        _ if p.selective => "~",
        Bound::Upper => "<= ",
        Bound::Lower => ">= ",
        Bound::Exact => "",
    };
    let pass = match (p.pass, p.selective) {
        (pass, true) => format!(" (pass {pass}, selective)"),
        (1, false) => String::new(),
        (pass, false) => format!(" (pass {pass})"),
    };
    format!(
        "position {number}: move {}/{}{pass}, best {} {bound}{:+}, {} nodes, {:.1} s",
        p.moves_searched,
        p.moves,
        p.best_move,
        p.score,
        indicatif::HumanCount(p.nodes),
        p.seconds
    )
}
