//! Learns the solver's pattern evaluation (`reversi_engine::search::patterns`)
//! from WTHOR game files, and writes the weights.
//!
//!     cargo run --release -p reversi-engine --example learn -- tests/data/wthor/WTH_1985.wtb \
//!         tests/data/wthor/WTH_2015.wtb --out engine/data/patterns.bin
//!
//! The samples are those of `reversi_engine::search::learn::samples` (positions
//! of the games, and a few random moves off them, solved exactly), made by two
//! threads; the weights are the same for the same files. With `--samples FILE`,
//! the samples are written there, or read from there when the file exists (then
//! the games are not solved again). `--games N` takes only the first N games.
//! The whole of the two files takes about nine minutes on two cores.

use std::process::ExitCode;

use reversi::text::wthor::Database;
use reversi::TwoPlayer8;
use reversi_engine::search::learn;
use reversi_engine::search::patterns::{self, Sample};

const USAGE: &str =
    "usage: learn FILE.wtb... --out WEIGHTS.bin [--games N] [--epochs N] [--samples SAMPLES.bin]";

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let mut option = |name: &str| -> Result<Option<String>, String> {
        match args.iter().position(|a| a == name) {
            Some(i) if i + 1 < args.len() => Ok(Some(args.drain(i..i + 2).nth(1).unwrap())),
            Some(_) => Err(format!("learn: {name} needs a value\n{USAGE}")),
            None => Ok(None),
        }
    };
    let cache = match option("--samples") {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let games = match option("--games").map(|g| g.map(|g| g.parse::<usize>())) {
        Ok(None) => usize::MAX,
        Ok(Some(Ok(n))) if n > 0 => n,
        Ok(Some(_)) => {
            eprintln!("learn: --games needs a number, 1 or more\n{USAGE}");
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let (out, epochs) = match (option("--out"), option("--epochs")) {
        (Ok(Some(out)), Ok(epochs)) => (out, epochs),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
        (Ok(None), _) => {
            eprintln!("learn: --out is needed\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    // The files are written after minutes of solving: found unwritable now (the
    // samples only when they are to be made, not read).
    let to_make = cache.as_ref().filter(|p| !std::path::Path::new(p).exists());
    for (flag, path) in [("--out", Some(&out)), ("--samples", to_make)] {
        if let Some(Err(e)) = path.map(|p| reversi_engine::cli::check_writable(flag, p)) {
            eprintln!("learn: {e}");
            return ExitCode::FAILURE;
        }
    }
    let epochs = match epochs.map(|e| e.parse::<u32>()) {
        None => 12,
        Some(Ok(n)) => n,
        Some(Err(_)) => {
            eprintln!("learn: --epochs needs a number\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    if args.is_empty() || args.iter().any(|a| a.starts_with("--")) {
        eprintln!("{USAGE}");
        return ExitCode::FAILURE;
    }
    let samples = match cache.as_deref().map(std::fs::read) {
        Some(Ok(bytes)) => match learn::read_samples(&bytes) {
            Ok(samples) => samples,
            Err(e) => {
                eprintln!("learn: {}: {e}", cache.unwrap_or_default());
                return ExitCode::FAILURE;
            }
        },
        _ => match generate(&args, games) {
            Ok(samples) => {
                if let Some(path) = &cache {
                    if let Err(e) = std::fs::write(path, learn::write_samples(&samples)) {
                        eprintln!("learn: cannot write {path}: {e}");
                        return ExitCode::FAILURE;
                    }
                }
                samples
            }
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        },
    };
    eprintln!("{} samples; learning", samples.len());
    let learned = patterns::train(&samples, epochs, 2026);
    let error: f64 = samples
        .iter()
        .map(|s| {
            let e = learned.evaluate(&s.position) as f64 / patterns::Patterns::ONE_DISC as f64;
            (e - s.score as f64).abs()
        })
        .sum::<f64>()
        / samples.len() as f64;
    eprintln!("mean absolute error on the samples: {error:.2} discs");
    if let Err(e) = std::fs::write(&out, learned.to_bytes()) {
        eprintln!("learn: cannot write {out}: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// The samples of the first `games` games in the WTHOR files at `paths`.
fn generate(paths: &[String], games: usize) -> Result<Vec<Sample>, String> {
    let mut lines = Vec::new();
    for path in paths {
        let bytes = std::fs::read(path).map_err(|e| format!("learn: cannot read {path}: {e}"))?;
        let database = Database::parse(&bytes).map_err(|e| format!("learn: {path}: {e}"))?;
        for game in database.games().flatten() {
            let line = game.record.game().line().iter();
            lines.push(
                line.filter_map(|ply| TwoPlayer8::try_from(*ply.before()).ok())
                    .collect(),
            );
        }
    }
    lines.truncate(games);
    let started = std::time::Instant::now();
    Ok(learn::samples(&lines, 2, |g| {
        if g.is_multiple_of(200) {
            eprintln!("game {g}, {:.0} s", started.elapsed().as_secs_f64());
        }
    }))
}
