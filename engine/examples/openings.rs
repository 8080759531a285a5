//! Makes a set of balanced 8×8 openings (`reversi_engine::arena::openings`)
//! and writes it, a line an opening:
//!
//!     cargo run --release -p reversi-engine --example openings -- --out engine/data/openings-8x8.txt
//!
//! Random lines of `--plies N` moves (8) from the start, each position valued
//! by a search `--depth N` plies deep (10) on the built-in pattern evaluation;
//! the first `--count N` (500) within `--max-discs X` discs (2), no two alike
//! up to symmetry, lines drawn from `--seed S` (1). The defaults make the set
//! the crate ships, the same on any number of threads (`--threads N`, the
//! number of cores by default). A terminal shows the progress; a pipe does not.

use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};
use reversi_engine::arena::openings::{self, Generation};

const USAGE: &str = "usage: openings --out FILE [--count N] [--plies N] [--depth N] \
     [--max-discs X] [--seed S] [--threads N]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let (settings, out) = match parse_args(&args) {
        Ok(parsed) => parsed,
        Err(e) => {
            eprintln!("openings: {e}\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = reversi_engine::cli::check_writable("--out", &out) {
        eprintln!("openings: {e}");
        return ExitCode::FAILURE;
    }
    let bar = ProgressBar::new(settings.count as u64).with_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} openings kept, {msg} lines searched [{elapsed_precise}, {eta} left]",
        )
        .expect("a valid template"),
    );
    let searched = std::sync::atomic::AtomicU64::new(0);
    let set = openings::generate(&settings, |kept| {
        let n = searched.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        bar.set_message(n.to_string());
        if kept {
            bar.inc(1);
        }
    });
    bar.finish_and_clear();
    let header = format!(
        "# Balanced 8x8 openings: {} lines of {} random moves from the start, each\n\
         # position within {} discs for the player to move by a search {} plies deep\n\
         # on the built-in pattern evaluation, no two alike up to symmetry (seed {}).\n\
         # Made by: cargo run --release -p reversi-engine --example openings -- --out FILE\n",
        settings.count, settings.plies, settings.max_discs, settings.depth, settings.seed
    );
    if let Err(e) = std::fs::write(&out, header + &openings::write(&set)) {
        eprintln!("openings: cannot write {out}: {e}");
        return ExitCode::FAILURE;
    }
    let searched = searched.into_inner();
    eprintln!("{} openings of {searched} lines searched", set.len());
    ExitCode::SUCCESS
}

/// The settings and the file to write.
fn parse_args(args: &[String]) -> Result<(Generation, String), String> {
    let mut settings = Generation {
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        ..Generation::default()
    };
    let mut out = None;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag}: {value:?} is not a number"))
        };
        match flag.as_str() {
            "--out" => out = Some(value.clone()),
            "--count" => settings.count = number()?.max(1) as usize,
            "--plies" => settings.plies = number()? as u32,
            "--depth" => settings.depth = number()?.max(1) as u32,
            "--seed" => settings.seed = number()?,
            "--threads" => settings.threads = number()?.max(1) as usize,
            "--max-discs" => {
                settings.max_discs = value
                    .parse::<f64>()
                    .ok()
                    .filter(|x| *x >= 0.0)
                    .ok_or_else(|| format!("--max-discs: {value:?} is not a number of discs"))?
            }
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok((settings, out.ok_or("--out is needed")?))
}
