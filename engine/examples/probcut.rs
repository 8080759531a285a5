//! Measures Multi-ProbCut's errors for the built-in pattern weights
//! (`reversi_engine::search::patterns::Patterns::probcut`) and writes them:
//!
//!     cargo run --release -p reversi-engine --example probcut -- --out engine/data/probcut.txt
//!
//! Self-play positions of each midgame phase (`learn::selfplay_positions`,
//! `--positions N` a phase, 200 by default), each searched to every depth up to
//! 10 with the whole window and no cut; for each phase and depth, the mean and
//! the spread (standard deviation) of the deep value less the value of
//! `ProbCut::shallow_depth`, in hundredths of a disc. Two threads; the same
//! file for the same flags.

use std::process::ExitCode;

use reversi::layout::Grid8;
use reversi::{LayoutVisitor, Position, SearchPosition, TwoPlayer8};
use reversi_engine::search::alphabeta::{ProbCut, Searcher, EXACT, INFINITY};
use reversi_engine::search::learn;
use reversi_engine::search::patterns::{Patterns, PHASES, PROBCUT_DEPTHS};
use reversi_engine::Limits;

const USAGE: &str = "usage: probcut --out FILE [--positions N]";

/// The values of one position at depths 0 to the deepest measured.
struct Values<'s>(&'s mut Searcher<&'static Patterns>);

impl LayoutVisitor<Grid8> for Values<'_> {
    type Output = Vec<i32>;
    fn visit<P: SearchPosition<Layout = Grid8>>(self, pos: &P) -> Vec<i32> {
        self.0.clear();
        (0..=*PROBCUT_DEPTHS.end())
            .map(|depth| {
                self.0
                    .start(&Limits::default())
                    .negamax(pos, depth, -INFINITY, INFINITY)
            })
            .collect()
    }
}

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
    let threads = 2;
    let values: Vec<(usize, Vec<i32>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|w| {
                let chosen = &chosen;
                scope.spawn(move || {
                    let mut searcher = Searcher::new(Patterns::builtin()).with_table_bits(18);
                    chosen
                        .iter()
                        .skip(w)
                        .step_by(threads)
                        .map(|(phase, pos)| {
                            (*phase, pos.visit_fastest_typed(Values(&mut searcher)))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker"))
            .collect()
    });
    let mut text = format!(
        "# Multi-ProbCut's errors for the built-in pattern weights: for each midgame\n\
         # phase and depth, the mean and spread (standard deviation) of the value\n\
         # searched to the depth less the value searched to ProbCut::shallow_depth,\n\
         # in hundredths of a disc, over {per_phase} self-play positions of the phase.\n\
         # Made by: cargo run --release -p reversi-engine --example probcut -- --out FILE\n\
         # phase depth mean spread positions\n"
    );
    for phase in 1..PHASES {
        for depth in PROBCUT_DEPTHS {
            let shallow = ProbCut::shallow_depth(depth) as usize;
            let errors: Vec<f64> = values
                .iter()
                .filter(|(p, v)| {
                    *p == phase && v[depth as usize].abs() < EXACT && v[shallow].abs() < EXACT
                })
                .map(|(_, v)| f64::from(v[depth as usize] - v[shallow]))
                .collect();
            if errors.len() < 2 {
                continue;
            }
            let n = errors.len() as f64;
            let mean = errors.iter().sum::<f64>() / n;
            let spread =
                (errors.iter().map(|e| (e - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
            text += &format!(
                "{phase} {depth} {} {} {}\n",
                mean.round() as i32,
                spread.round() as i32,
                errors.len()
            );
        }
    }
    if let Err(e) = std::fs::write(&out, text) {
        eprintln!("probcut: cannot write {out}: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
