//! Measures Multi-ProbCut's errors for the built-in pattern weights
//! (`reversi_engine::search::patterns::Patterns::probcut`) and writes them:
//!
//!     cargo run --release -p reversi-engine --example probcut -- --out engine/data/probcut.txt
//!
//! Self-play positions of each midgame phase (`learn::selfplay_positions`,
//! `--positions N` a phase, 200 by default) and positions of the endgame phase
//! (14 to 24 empty squares, from games of the alpha-beta bot four plies deep
//! from balanced openings), each searched to every depth up to
//! 10 with the whole window and no cut; for each phase and depth, the mean and
//! the spread (standard deviation) of the deep value less the value of
//! `ProbCut::shallow_depth`, in hundredths of a disc
//! (`learn::probcut_errors`). Two threads; the same file for the same flags.

use std::process::ExitCode;

use reversi::{Position, TwoPlayer8};
use reversi_engine::arena::openings::balanced;
use reversi_engine::bot::{AlphaBeta, Bot};
use reversi_engine::search::learn;
use reversi_engine::search::patterns::{Patterns, PHASES};

const USAGE: &str = "usage: probcut --out FILE [--positions N]";

/// Up to `count` positions of the endgame phase from games of the alpha-beta
/// bot four plies deep (reproducible) from the balanced openings, the 401st
/// on (the last hundred: any would do, these are the ones measured): each
/// game's positions with 14 to 24 empty squares and a move to make, of every
/// other number of empty squares (the even ones in one game, the odd in the
/// next); about 5.5 a game.
fn endgame_positions(count: usize) -> Vec<TwoPlayer8> {
    let mut bot = AlphaBeta::new(4, 0);
    let mut positions = Vec::new();
    for (g, opening) in balanced().iter().enumerate().skip(400) {
        if positions.len() == count {
            break;
        }
        let mut game = opening.game();
        while !game.is_over() && positions.len() < count {
            let empties = game.position().empty().len();
            if game.must_pass() {
                game.pass().expect("a forced pass");
                continue;
            }
            if (14..=24).contains(&empties) && (empties + g) % 2 == 0 {
                positions.push(TwoPlayer8::try_from(*game.position()).expect("8x8 Reversi"));
            }
            let choice = bot.choose(&game).expect("a move");
            game.play(choice.mv).expect("the bot's move");
        }
    }
    positions
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
    // Positions of each midgame phase, spread over many games; and of the
    // endgame phase.
    let all = learn::selfplay_positions(40 * per_phase, 7);
    let mut positions = endgame_positions(per_phase);
    if positions.len() < per_phase {
        eprintln!(
            "probcut: the openings' games give {} endgame positions, fewer than --positions {per_phase}",
            positions.len()
        );
        return ExitCode::FAILURE;
    }
    for phase in 1..PHASES {
        let of_phase: Vec<&TwoPlayer8> = all
            .iter()
            .filter(|p| Patterns::phase(p.empty().len() as u32) == phase)
            .collect();
        let step = (of_phase.len() / per_phase).max(1);
        positions.extend(of_phase.iter().step_by(step).take(per_phase).copied());
    }
    let errors = learn::probcut_errors(Patterns::builtin(), &positions, 2);
    let mut text = format!(
        "# Multi-ProbCut's errors for the built-in pattern weights: for each phase\n\
         # (0: the endgame) and depth, the mean and spread (standard deviation) of the value\n\
         # searched to the depth less the value searched to ProbCut::shallow_depth,\n\
         # in hundredths of a disc, over {per_phase} positions of the phase (self-play\n\
         # positions in the midgame; the endgame's from games of alpha-beta, depth 4).\n\
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
