//! Learns the solver's pattern evaluation (`reversi_engine::search::patterns`)
//! from WTHOR game files, and writes the weights.
//!
//!     cargo run --release --example learn -- tests/data/wthor/WTH_1985.wtb \
//!         tests/data/wthor/WTH_2015.wtb --out engine/data/patterns.bin
//!
//! For each game and each of 12, 14, 16 and 18 empty squares: the game's
//! position with that many empties, and one reached by two random moves from the
//! game's position two plies earlier; and every fourth game's position with 20
//! empties; each solved exactly with its principal variation. Every position along a variation with 10 or more empties is a
//! sample with the solved score (negated at each change of side). The weights
//! are the same for the same files: each game's random moves come from its own
//! fixed seed, and two threads share the games. With `--samples FILE`, the
//! samples are written there, or read from there when the file exists (then
//! the games are not solved again). `--games N` takes only the first N games.
//! The whole of the two files takes about nine minutes on two cores.

use std::collections::HashSet;
use std::process::ExitCode;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use reversi::text::wthor::Database;
use reversi::{Bitboard, Board, Color, Position, Spot, TwoPlayer8};
use reversi_engine::search::patterns::{self, Sample};
use reversi_engine::solver::Solver;

const USAGE: &str =
    "usage: learn FILE.wtb... --out WEIGHTS.bin [--games N] [--epochs N] [--samples SAMPLES.bin]";

/// The empty-square counts at which positions are taken from each game.
const EMPTIES: [u32; 4] = [12, 14, 16, 18];

/// Every `DEEP_EVERY`-th game gives its position with `DEEP` empties too.
const DEEP_EVERY: usize = 4;
const DEEP: u32 = 20;

/// The threads that solve.
const WORKERS: usize = 2;

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
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
        Ok(Some(Ok(n))) => n,
        Ok(Some(Err(_))) => {
            eprintln!("learn: --games needs a number\n{USAGE}");
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
        Some(Ok(bytes)) => match load(&bytes) {
            Some(samples) => samples,
            None => {
                eprintln!("learn: {} is not a sample file", cache.unwrap());
                return ExitCode::FAILURE;
            }
        },
        _ => match generate(&args, games) {
            Ok(samples) => {
                if let Some(path) = &cache {
                    if let Err(e) = std::fs::write(path, save(&samples)) {
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
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                return Err(format!("learn: cannot read {path}: {e}"));
            }
        };
        let database = match Database::parse(&bytes) {
            Ok(d) => d,
            Err(e) => {
                return Err(format!("learn: {path}: {e}"));
            }
        };
        for game in database.games().flatten() {
            let line: Vec<TwoPlayer8> = game
                .record
                .game()
                .line()
                .iter()
                .filter_map(|ply| TwoPlayer8::try_from(*ply.before()).ok())
                .collect();
            lines.push(line);
        }
    }
    // Two workers, each game on one of them with its own seed: the same
    // samples in the same order whatever the timing.
    lines.truncate(games);
    let started = std::time::Instant::now();
    let per_game: Vec<Vec<Sample>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..WORKERS)
            .map(|w| {
                let lines = &lines;
                scope.spawn(move || {
                    let mut solver = Solver::with_table_bits(20);
                    solver
                        .set_principal_variation(true)
                        .set_learned_ordering(false);
                    let mut out = Vec::new();
                    for g in (w..lines.len()).step_by(WORKERS) {
                        out.push((g, game_samples(&mut solver, &lines[g], g)));
                        if w == 0 && g.is_multiple_of(200) {
                            eprintln!("game {g}, {:.0} s", started.elapsed().as_secs_f64());
                        }
                    }
                    out
                })
            })
            .collect();
        let mut all: Vec<(usize, Vec<Sample>)> = workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker finishes"))
            .collect();
        all.sort_by_key(|(g, _)| *g);
        all.into_iter().map(|(_, s)| s).collect()
    });
    let mut seen = HashSet::new();
    let samples: Vec<Sample> = per_game
        .into_iter()
        .flatten()
        .filter(|s| seen.insert((s.position.mine(), s.position.theirs())))
        .collect();
    Ok(samples)
}

/// Reads samples that [`save`] wrote: per sample, the mover's discs and the
/// opponent's (little-endian `u64`s) and the score (an `i8`).
fn load(bytes: &[u8]) -> Option<Vec<Sample>> {
    if !bytes.len().is_multiple_of(17) {
        return None;
    }
    bytes
        .chunks_exact(17)
        .map(|c| {
            let mine = u64::from_le_bytes(c[..8].try_into().ok()?);
            let theirs = u64::from_le_bytes(c[8..16].try_into().ok()?);
            let position = TwoPlayer8::from_bitboards(
                Board::Size8,
                Bitboard::from_bits(mine),
                Bitboard::from_bits(theirs),
                Color::Black,
            )
            .ok()?;
            Some(Sample {
                position,
                score: c[16] as i8 as i32,
            })
        })
        .collect()
}

/// The bytes of `samples` as [`load`] reads them.
fn save(samples: &[Sample]) -> Vec<u8> {
    let mut out = Vec::with_capacity(17 * samples.len());
    for s in samples {
        out.extend(s.position.mine().bits().to_le_bytes());
        out.extend(s.position.theirs().bits().to_le_bytes());
        out.push(s.score as i8 as u8);
    }
    out
}

/// The samples of game `g`, whose positions are `line`.
fn game_samples(solver: &mut Solver, line: &[TwoPlayer8], g: usize) -> Vec<Sample> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2026 + g as u64);
    let at = |e: u32| line.iter().find(|p| p.empty().len() as u32 == e);
    let mut samples = Vec::new();
    for e in EMPTIES {
        let mut starts: Vec<TwoPlayer8> = at(e).into_iter().copied().collect();
        if let Some(mut pos) = at(e + 2).copied() {
            for _ in 0..2 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let k = rng.next_u64() % moves.len() as u64;
                pos = pos.play_unchecked(moves.into_iter().nth(k as usize).unwrap());
            }
            starts.push(pos);
        }
        for pos in starts {
            collect(solver, pos, &mut samples);
        }
    }
    if g.is_multiple_of(DEEP_EVERY) {
        if let Some(&pos) = at(DEEP) {
            collect(solver, pos, &mut samples);
        }
    }
    samples
}

/// Solves `pos` and adds the positions of its principal variation (10 or more
/// empties) with their scores.
fn collect(solver: &mut Solver, mut pos: TwoPlayer8, samples: &mut Vec<Sample>) {
    let solution = solver.solve(&pos);
    let mut score = solution.score;
    let mut pv = solution.pv.iter();
    while pos.empty().len() >= 10 {
        if pos.legal_moves().is_empty() {
            if pos.pass_unchecked().legal_moves().is_empty() {
                return;
            }
            pos = pos.pass_unchecked();
            score = -score;
        }
        samples.push(Sample {
            position: pos,
            score,
        });
        let Some(spot) = pv.next().and_then(|&sq| Spot::from_square(sq)) else {
            return;
        };
        pos = pos.play_unchecked(spot);
        score = -score;
    }
}
