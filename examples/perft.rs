//! Counts perft (RULES.md §11) for any variant, printing one line per depth:
//! the depth, the leaf count, the seconds it took, and leaves per second.
//!
//!     cargo run --release --example perft -- [--board 6x6|8x8|10x10|octagon]
//!         [--players 2|3|4] [--anti] [--free-opening] [--handicap black:a1,h8]
//!         [--blocked c1,j4] [--position "<position string>"] --depth N

use std::process::ExitCode;
use std::time::Instant;

#[path = "shared/cli.rs"]
#[allow(dead_code)]
mod cli;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (options, depth) = match cli::parse(&args).and_then(|o| {
        let depth = o.depth.ok_or("--depth N is required")?;
        Ok((o, depth))
    }) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("perft: {e}");
            return ExitCode::FAILURE;
        }
    };
    let position = *options.game.position();
    for d in 1..=depth {
        let started = Instant::now();
        let leaves = position.perft(d);
        let seconds = started.elapsed().as_secs_f64();
        let rate = leaves as f64 / seconds.max(1e-9);
        println!("{d} {leaves} {seconds:.6} {rate:.0}");
    }
    ExitCode::SUCCESS
}
