//! Plays games between built-in bots and outside engines, and scores them.
//!
//!     cargo run --release -p reversi-engine --example arena -- --bots mcts,mobility,random --games 100
//!         [--engine "NAME=nboard:CMD ARGS"]... [--engine "NAME=gtp:CMD ARGS"]...
//!         [--seed S] [--out FILE [--format record|ggf] [--times]] [--move-time MS]
//!         [--jobs J] [--openings balanced|random] [--opening-plies K]
//!         [--engine-depth D] [variant flags]
//!
//! Fair by construction: each opening (on standard 8×8 one of the crate's
//! balanced openings, 8 moves from the start and within 2 discs by a search;
//! otherwise, or with --opening-plies K, K seeded random plies) is played by
//! every seating: with two players, every ordered pair of bots (so colours are
//! swapped); with three or four, every rotation of the bots around the table.
//! The number of games is rounded up to whole rounds of seatings. An engine that
//! crashes, hangs past --move-time or answers an illegal move loses the game (a
//! `forfeit` line says why). An engine that never ran (it cannot be started, or
//! dies or stays silent before its first answer) stops the arena with an error
//! that names it, and a non-zero exit: no game is scored against it. The last
//! line is `games N`. The games written with --out keep each move's evaluation
//! in discs when its player gives one (alpha-beta, NBoard engines), and with
//! --times the time it took.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use reversi::text::{ggf, record::Record};
use reversi_engine::arena::{
    elo_line, run_jobs, ArenaError, Config, ConfigError, Openings, Player, Tally,
};
use reversi_engine::bot::Spec;
use reversi_engine::cli;
use reversi_engine::protocol::client::EngineSpec;

const USAGE: &str = "\
usage: arena --bots BOT,BOT,... [--engine NAME=nboard:CMD|NAME=gtp:CMD]...
             [--games N] [--seed S] [--out FILE] [--format record|ggf] [--times]
             [--move-time MS] [--jobs J] [--openings balanced|random]
             [--opening-plies K] [--engine-depth D]
             [--board 6x6|8x8|10x10|octagon] [--players 2|3|4] [--anti]
             [--free-opening] [--handicap COLOR:SQUARES] [--blocked SQUARES|random]

  --bots           built-in bots, two or more with the engines (see below)
  --engine         an outside engine, by protocol and command line (repeatable);
                   two players only; one process per game; an engine that
                   cannot start (or dies before its first answer) stops the
                   arena with an error, it is not scored
  --games N        games to play (default 100), rounded up to whole rounds of
                   seatings
  --seed S         seeds the openings and the bots (default 1)
  --out FILE       writes every game to FILE: records separated by a blank line,
                   or GGF one game a line with --format ggf; each move keeps its
                   player's evaluation in discs, when it gives one
  --times          the games written keep each move's time too (an engine's
                   includes sending it the moves; the same seed no longer
                   writes the same file); --format and --times need --out
  --move-time MS   an engine's time for a move before it forfeits (default 5000)
  --jobs J         games played at once (default: the number of cores); the
                   results are the same for any J
  --openings       balanced: each game opens with one of the crate's 500
                   balanced 8x8 openings (8 moves, within 2 discs by a search;
                   the default on standard 8x8); random: with random plies
                   (the default on every other game)
  --opening-plies K  random plies before the bots take over (default 4;
                   implies --openings random)
  --engine-depth D the `set depth` sent to NBoard engines (default 8)
";

/// The arena's settings and what the program does with the games.
struct Run {
    config: Config,
    /// `--out FILE`.
    out: Option<String>,
    /// `--jobs J`: games played at once.
    jobs: usize,
}

fn parse_args(args: &[String]) -> Result<Run, String> {
    let mut players = Vec::new();
    let (mut out, mut ggf, mut move_time, mut jobs) = (None, false, 5000u64, None);
    let (mut times, mut format_given) = (false, false);
    let (mut opening_plies, mut engine_depth) = (None, 8u32);
    let mut balanced = None;
    let mut rest = Vec::new();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        let number = |v: String| {
            v.parse::<u64>()
                .map_err(|_| format!("{flag}: {v:?} is not a number"))
        };
        match flag.as_str() {
            "--bots" => {
                for name in value()?.split(',').filter(|n| !n.trim().is_empty()) {
                    players.push(Player::Bot(Spec::parse(name)?));
                }
            }
            "--engine" => players.push(Player::Engine(
                EngineSpec::parse(&value()?).map_err(|e| format!("--engine {e}"))?,
            )),
            "--out" => out = Some(value()?),
            "--format" => {
                format_given = true;
                ggf = match value()?.as_str() {
                    "ggf" => true,
                    "record" => false,
                    other => {
                        return Err(format!("--format: expected record or ggf, not {other:?}"))
                    }
                }
            }
            "--times" => times = true,
            "--move-time" => move_time = number(value()?)?,
            "--jobs" => jobs = Some(number(value()?)?.max(1) as usize),
            "--opening-plies" => opening_plies = Some(number(value()?)? as u32),
            "--openings" => {
                balanced = match value()?.as_str() {
                    "balanced" => Some(true),
                    "random" => Some(false),
                    other => {
                        return Err(format!(
                            "--openings: expected balanced or random, not {other:?}"
                        ))
                    }
                }
            }
            "--engine-depth" => engine_depth = number(value()?)? as u32,
            _ => {
                rest.push(flag.clone());
                if !matches!(flag.as_str(), "--anti" | "--free-opening") {
                    rest.extend(it.next().cloned());
                }
            }
        }
    }
    if rest.iter().any(|a| a == "--position") {
        return Err("--position is not an arena option: openings are drawn at random".into());
    }
    let options = cli::parse(&rest, &["--games"])?;
    match &out {
        Some(path) => cli::check_writable("--out", path)?,
        // Without a file the games are not written: a format would do nothing.
        None if format_given || times => {
            let flag = if format_given { "--format" } else { "--times" };
            return Err(format!("{flag} is for the games written with --out FILE"));
        }
        None => {}
    }
    let rules = *options.game.rules();
    if ggf {
        if let Err(e) = ggf::write(&Record::new(options.game.clone())) {
            return Err(format!("--format ggf: {e}"));
        }
    }
    let mut config = Config::new(players, rules).map_err(|e| match e {
        ArenaError::Config(why @ ConfigError::TooFewPlayers { .. }) => {
            format!("--bots and --engine: {why}")
        }
        e => e.to_string(),
    })?;
    let round = config.seatings.len();
    config.games = (options.games.unwrap_or(100).max(1) as usize).div_ceil(round) * round;
    config.seed = options.seed.unwrap_or(1);
    config.ggf = ggf;
    config.times = times;
    config.move_time = Duration::from_millis(move_time);
    config.random_blocked = options.random_blocked;
    config.openings = match (balanced, opening_plies) {
        (Some(true), Some(_)) => {
            return Err("--opening-plies is for --openings random".into());
        }
        (Some(true), None) => Openings::Balanced,
        (None, None) if config.random_blocked.is_none() => config.openings,
        (_, plies) => Openings::Random {
            plies: plies.unwrap_or(4),
        },
    };
    config.engine_depth = engine_depth;
    config.check().map_err(|e| match e {
        ArenaError::Config(why @ ConfigError::BalancedOpenings) => format!("--openings: {why}"),
        e => e.to_string(),
    })?;
    Ok(Run {
        config,
        out,
        jobs: jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        print!("{USAGE}\n{}\n", reversi_engine::bot::HELP);
        return ExitCode::SUCCESS;
    }
    let Run { config, out, jobs } = match parse_args(&args) {
        Ok(run) => run,
        Err(e) => {
            eprintln!("arena: {e}");
            return ExitCode::FAILURE;
        }
    };
    let started = Instant::now();
    // On a terminal a progress bar (on standard error); piped, a line a game.
    let terminal = std::io::stdout().is_terminal();
    let bar = ProgressBar::new(config.games as u64).with_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} | {msg} | {elapsed}, {eta} left")
            .expect("a valid template"),
    );
    if !terminal {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    let mut tallies = vec![Tally::default(); config.players.len()];
    let mut texts = Vec::with_capacity(config.games);
    let result = run_jobs(&config, jobs, |played| {
        let done = texts.len() + 1;
        for (t, new) in tallies.iter_mut().zip(config.tally([played])) {
            t.wins += new.wins;
            t.draws += new.draws;
            t.losses += new.losses;
        }
        texts.push(played.text.clone());
        bar.suspend(|| {
            if let Some(line) = &played.forfeit {
                println!("{line}");
            }
            if !terminal {
                let names: Vec<&str> = played
                    .seating
                    .iter()
                    .map(|&p| config.players[p].name())
                    .collect();
                println!("game {done}: {}: {}", names.join(" vs "), played.summary);
            }
        });
        bar.set_message(standing(&config, &tallies));
        bar.inc(1);
    });
    bar.finish_and_clear();
    if let Err(e) = result {
        let failed = match e {
            ArenaError::EngineNeverRan(e) => e.to_string(),
            e @ ArenaError::BotFailed { .. } => e.to_string(),
            e => format!("game {}: {e}", texts.len() + 1),
        };
        eprintln!("arena: {failed}");
        return ExitCode::FAILURE;
    }
    if let Some(path) = &out {
        let joined = texts.join(if config.ggf { "" } else { "\n" });
        if let Err(e) = std::fs::write(path, joined) {
            eprintln!("arena: {path}: {e}");
            return ExitCode::FAILURE;
        }
    }
    for (p, t) in config.players.iter().zip(&tallies) {
        println!(
            "{}: {} wins, {} draws, {} losses, score {:.1}%",
            p.name(),
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.score()
        );
    }
    if config.players.len() == 2 {
        println!(
            "{}",
            elo_line(
                [config.players[0].name(), config.players[1].name()],
                &tallies[0]
            )
        );
    }
    println!(
        "time {:.1}s, {} jobs",
        started.elapsed().as_secs_f64(),
        jobs
    );
    println!("games {}", config.games);
    ExitCode::SUCCESS
}

/// The standing on the progress bar: each player's score, and for two players
/// the Elo difference with its interval.
fn standing(config: &Config, tallies: &[Tally]) -> String {
    let scores: Vec<String> = config
        .players
        .iter()
        .zip(tallies)
        .map(|(p, t)| format!("{} {:.0}%", p.name(), 100.0 * t.score()))
        .collect();
    let mut standing = scores.join(", ");
    if let [a, b] = &config.players[..] {
        standing += " | ";
        standing += &elo_line([a.name(), b.name()], &tallies[0]);
    }
    standing
}
