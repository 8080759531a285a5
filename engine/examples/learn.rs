//! Learns the pattern evaluation (`reversi_engine::search::patterns`), every
//! game phase of it, and writes the weights:
//!
//!     cargo run --release -p reversi-engine --example learn -- tests/data/wthor/WTH_1985.wtb \
//!         tests/data/wthor/WTH_2015.wtb --out engine/data/patterns.bin
//!
//! First the endgame's weights (24 empty squares or fewer), from the samples of
//! `reversi_engine::search::learn::samples`: the positions of the WTHOR games
//! and of `--endgame-selfplay N` self-play games after them (16,000 by default;
//! `reversi_engine::search::learn::selfplay_lines`), and a few random moves off
//! them, solved exactly. Then the midgame's, phase after phase back to the
//! start (`reversi_engine::search::learn::midgame`), from the positions of
//! `--selfplay N` self-play games (40,000 by default), each labelled by a
//! search 6 plies deep on the weights learned so far. Two threads; the weights
//! are the same for the same files and flags. With `--samples FILE`, the
//! endgame's samples are written there, or read from there when the file
//! exists (then the games are not solved again). `--games N` takes only the
//! first N WTHOR games; `--epochs N` sets the passes of the learning (12).
//! `--endgame WEIGHTS.bin` takes the endgame's weights from a file this
//! example wrote and learns only the midgame's (no WTHOR file is read then):
//! the weights are those of the whole run that wrote the file, with this
//! run's midgame flags (and the same `--epochs`, which both parts take). On
//! two cores (Intel Xeon, AVX-512) the whole takes about 75 minutes: about 55
//! to solve the games (6 the WTHOR games', about 3 each 1,000 self-play
//! games), about 20 to label the midgame. A terminal shows the progress; a
//! pipe does not.

use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};
use reversi::text::wthor::Database;
use reversi::TwoPlayer8;
use reversi_engine::search::learn::{self, Labelling};
use reversi_engine::search::patterns::{Patterns, Sample, Training, WEIGHTS};

const USAGE: &str = "usage: learn FILE.wtb... --out WEIGHTS.bin [--games N] [--epochs N] \
     [--samples SAMPLES.bin] [--selfplay N] [--endgame-selfplay N]\n       \
     learn --endgame WEIGHTS.bin --out WEIGHTS.bin [--epochs N] [--selfplay N]";

/// The self-play games whose positions the midgame learns from, by default.
const SELFPLAY_GAMES: usize = 40_000;

/// The self-play games whose endgames are solved beside the tournament
/// games', by default.
const ENDGAME_SELFPLAY_GAMES: usize = 16_000;

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    // The flags of the endgame's learning, which --endgame skips.
    let endgame_flags: Vec<String> = ["--samples", "--games", "--endgame-selfplay"]
        .into_iter()
        .filter(|flag| args.iter().any(|a| a == flag))
        .map(String::from)
        .collect();
    let mut option = |name: &str| -> Result<Option<String>, String> {
        match args.iter().position(|a| a == name) {
            Some(i) if i + 1 < args.len() => Ok(Some(args.drain(i..i + 2).nth(1).unwrap())),
            Some(_) => Err(format!("learn: {name} needs a value\n{USAGE}")),
            None => Ok(None),
        }
    };
    let (cache, endgame) = match (option("--samples"), option("--endgame")) {
        (Ok(cache), Ok(endgame)) => (cache, endgame),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut count = |flag: &str, default: usize, least: usize| match option(flag)
        .map(|g| g.map(|g| g.parse()))
    {
        Ok(None) => Ok(default),
        Ok(Some(Ok(n))) if n >= least => Ok(n),
        Ok(Some(_)) => Err(format!(
            "learn: {flag} needs a number, {least} or more\n{USAGE}"
        )),
        Err(e) => Err(e),
    };
    let (games, selfplay, endgame_selfplay) = match (
        count("--games", usize::MAX, 1),
        count("--selfplay", SELFPLAY_GAMES, 1),
        count("--endgame-selfplay", ENDGAME_SELFPLAY_GAMES, 0),
    ) {
        (Ok(games), Ok(selfplay), Ok(endgame)) => (games, selfplay, endgame),
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => {
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
        None => Training::default().epochs,
        Some(Ok(n)) => n,
        Some(Err(_)) => {
            eprintln!("learn: --epochs needs a number\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    if let (Some(_), Some(flag)) = (&endgame, endgame_flags.first()) {
        eprintln!("learn: {flag} is for learning the endgame, which --endgame skips\n{USAGE}");
        return ExitCode::FAILURE;
    }
    // With --endgame no game file is read: none may be given.
    let files_wrong = match endgame {
        Some(_) => !args.is_empty(),
        None => args.is_empty() || args.iter().any(|a| a.starts_with("--")),
    };
    if files_wrong {
        eprintln!("{USAGE}");
        return ExitCode::FAILURE;
    }
    let training = Training {
        epochs,
        ..Training::default()
    };
    let learned = match endgame {
        Some(path) => endgame_of(&path),
        None => learn_endgame(&args, cache, games, endgame_selfplay, &training),
    };
    let mut learned = match learned {
        Ok(learned) => learned,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let positions = learn::selfplay_positions(selfplay, 2026);
    eprintln!(
        "{} positions of {selfplay} self-play games",
        positions.len()
    );
    let bar = std::sync::Mutex::new(ProgressBar::hidden());
    learn::midgame(&mut learned, &positions, 2, &training, |step| match step {
        Labelling::Phase { phase, positions } => {
            let empties = Patterns::phase_empties(phase);
            let new = ProgressBar::new(positions as u64)
                .with_style(style())
                .with_message(format!(
                    "phase {phase} ({}-{} empty squares)",
                    empties.start(),
                    empties.end()
                ));
            std::mem::replace(&mut *bar.lock().unwrap(), new).finish();
        }
        Labelling::Labelled => bar.lock().unwrap().inc(1),
        _ => {}
    });
    bar.into_inner().unwrap().finish();
    if let Err(e) = std::fs::write(&out, learned.to_bytes()) {
        eprintln!("learn: cannot write {out}: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// The endgame's weights learned from the samples of the WTHOR files at
/// `paths` (their first `games` games) and of `selfplay` self-play games
/// after them, or from the samples in the file `cache` where it exists
/// (written there when it does not); the midgame's weights are 0.
fn learn_endgame(
    paths: &[String],
    cache: Option<String>,
    games: usize,
    selfplay: usize,
    training: &Training,
) -> Result<Patterns, String> {
    let samples = match cache.as_deref().map(std::fs::read) {
        Some(Ok(bytes)) => learn::read_samples(&bytes)
            .map_err(|e| format!("learn: {}: {e}", cache.unwrap_or_default()))?,
        _ => {
            let samples = generate(paths, games, selfplay)?;
            if let Some(path) = &cache {
                std::fs::write(path, learn::write_samples(&samples))
                    .map_err(|e| format!("learn: cannot write {path}: {e}"))?;
            }
            samples
        }
    };
    if samples.is_empty() {
        return Err("learn: the games give no endgame samples".into());
    }
    eprintln!("{} endgame samples; learning", samples.len());
    let mut learned = Patterns::zero();
    learned.train(&samples, training);
    let error: f64 = samples
        .iter()
        .map(|s| {
            let e = learned.evaluate(&s.position) as f64 / Patterns::ONE_DISC as f64;
            (e - s.score as f64).abs()
        })
        .sum::<f64>()
        / samples.len() as f64;
    eprintln!("mean absolute error on the endgame samples: {error:.2} discs");
    Ok(learned)
}

/// The endgame's weights of the weights file at `path`, the midgame's 0: what
/// [`learn_endgame`] gave the run that wrote the file.
fn endgame_of(path: &str) -> Result<Patterns, String> {
    let mut bytes = std::fs::read(path).map_err(|e| format!("learn: cannot read {path}: {e}"))?;
    Patterns::from_bytes(&bytes).map_err(|e| format!("learn: {path}: {e}"))?;
    // Phase 0 is the first table; the midgame's tables are learned again.
    bytes[2 * WEIGHTS..].fill(0);
    Ok(Patterns::from_bytes(&bytes).expect("the same length"))
}

/// The samples of the first `games` games in the WTHOR files at `paths`, and
/// of `selfplay` self-play games after them.
fn generate(paths: &[String], games: usize, selfplay: usize) -> Result<Vec<Sample>, String> {
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
    lines.extend(learn::selfplay_lines(selfplay, 2026, 2));
    let bar = ProgressBar::new(lines.len() as u64)
        .with_style(style())
        .with_message("solving the games' endgames");
    let samples = learn::samples(&lines, 2, |_| bar.inc(1));
    bar.finish();
    Ok(samples)
}

/// The progress bars' look: what is done, a bar, how many of how many, the
/// time taken and left. Drawn on a terminal only.
fn style() -> ProgressStyle {
    ProgressStyle::with_template("{msg}: {bar:30} {pos}/{len} {elapsed} (about {eta} left)")
        .expect("a valid template")
}
