//! Plays games between built-in bots and outside engines, and scores them.
//!
//!     cargo run --release --example arena -- --bots mcts,mobility,random --games 100
//!         [--engine "NAME=nboard:CMD ARGS"]... [--engine "NAME=gtp:CMD ARGS"]...
//!         [--seed S] [--out FILE [--format record|ggf]] [--move-time MS]
//!         [--jobs J] [--opening-plies K] [--engine-depth D] [variant flags]
//!
//! Fair by construction: each seeded random opening of K plies is played by
//! every seating: with two players, every ordered pair of bots (so colours are
//! swapped); with three or four, every rotation of the bots around the table.
//! The number of games is rounded up to whole rounds of seatings. An engine that
//! crashes, hangs past --move-time or answers an illegal move loses the game (a
//! `forfeit` line says why). The last line is `games N`.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use reversi::text::result::{Ending, GameResult};
use reversi::text::{ggf, record::Record};
use reversi::{playout, Game, Move, Outcome, Rules, RulesBuilder};

#[path = "shared/bots.rs"]
#[allow(dead_code)]
mod bots;
#[path = "shared/cli.rs"]
#[allow(dead_code)]
mod cli;
#[path = "shared/engine.rs"]
mod engine;
#[path = "solve.rs"]
#[allow(dead_code)]
mod solve;

use bots::{derive_seed, Bot, Spec};
use engine::{Engine, EngineSpec};

const USAGE: &str = "\
usage: arena --bots BOT,BOT,... [--engine NAME=nboard:CMD|NAME=gtp:CMD]...
             [--games N] [--seed S] [--out FILE] [--format record|ggf]
             [--move-time MS] [--jobs J] [--opening-plies K] [--engine-depth D]
             [--board 6x6|8x8|10x10|octagon] [--players 2|3|4] [--anti]
             [--free-opening] [--handicap COLOR:SQUARES] [--blocked SQUARES|random]

  --bots           built-in bots, two or more with the engines (see below)
  --engine         an outside engine, by protocol and command line (repeatable);
                   two players only; one process per game
  --games N        games to play (default 100), rounded up to whole rounds of
                   seatings
  --seed S         seeds the openings and the bots (default 1)
  --out FILE       writes every game to FILE: records separated by a blank line,
                   or GGF one game a line with --format ggf
  --move-time MS   an engine's time for a move before it forfeits (default 5000)
  --jobs J         games played at once (default: the number of cores); the
                   results are the same for any J
  --opening-plies K  random plies before the bots take over (default 4)
  --engine-depth D the `set depth` sent to NBoard engines (default 8)
";

/// A participant: a built-in bot or an outside engine.
#[derive(Clone)]
enum Player {
    Bot(Spec),
    Engine(EngineSpec),
}

impl Player {
    fn name(&self) -> &str {
        match self {
            Player::Bot(spec) => &spec.name,
            Player::Engine(spec) => &spec.name,
        }
    }
}

struct Config {
    players: Vec<Player>,
    games: usize,
    seed: u64,
    out: Option<String>,
    ggf: bool,
    move_time: Duration,
    jobs: usize,
    opening_plies: u32,
    engine_depth: u32,
    rules: Rules,
    random_blocked: Option<RulesBuilder>,
    /// Each seating: the player on each seat, in turn order.
    seatings: Vec<Vec<usize>>,
}

fn parse_args(args: &[String]) -> Result<Config, String> {
    let mut players = Vec::new();
    let (mut out, mut ggf, mut move_time, mut jobs) = (None, false, 5000u64, None);
    let (mut opening_plies, mut engine_depth) = (4u32, 8u32);
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
            "--engine" => players.push(Player::Engine(EngineSpec::parse(&value()?)?)),
            "--out" => out = Some(value()?),
            "--format" => {
                ggf = match value()?.as_str() {
                    "ggf" => true,
                    "record" => false,
                    other => {
                        return Err(format!("--format: expected record or ggf, not {other:?}"))
                    }
                }
            }
            "--move-time" => move_time = number(value()?)?,
            "--jobs" => jobs = Some(number(value()?)?.max(1) as usize),
            "--opening-plies" => opening_plies = number(value()?)? as u32,
            "--engine-depth" => engine_depth = number(value()?)? as u32,
            _ => {
                rest.push(flag.clone());
                if !matches!(flag.as_str(), "--anti" | "--free-opening") {
                    rest.extend(it.next().cloned());
                }
            }
        }
    }
    let options = cli::parse(&rest)?;
    if options.depth.is_some() {
        return Err("unknown flag \"--depth\"".into());
    }
    let rules = *options.game.rules();
    if *options.game.start_position() != reversi::AnyPosition::start(&rules) {
        return Err("--position is not an arena option: openings are drawn at random".into());
    }
    if players.len() < 2 {
        return Err("--bots and --engine: two or more players are needed".into());
    }
    let seats = rules.players() as usize;
    for p in &players {
        match p {
            Player::Bot(spec) if !spec.supports(rules.players()) => {
                return Err(format!("{} plays two players only", spec.name))
            }
            Player::Engine(spec) => {
                if let Some(why) = spec.refuses(&rules) {
                    return Err(why);
                }
            }
            _ => {}
        }
    }
    if ggf {
        if let Err(e) = ggf::write(&Record::new(options.game.clone())) {
            return Err(format!("--format ggf: {e}"));
        }
    }
    let n = players.len();
    let seatings: Vec<Vec<usize>> = if seats == 2 {
        (0..n)
            .flat_map(|a| (0..n).filter(move |&b| b != a).map(move |b| vec![a, b]))
            .collect()
    } else if n <= seats {
        // The bots around the table (the first ones again on spare seats), then
        // every rotation of that table.
        (0..seats)
            .map(|r| (0..seats).map(|s| ((s + r) % seats) % n).collect())
            .collect()
    } else {
        return Err(format!("{seats} players: at most {seats} bots and engines"));
    };
    let round = seatings.len();
    let games = (options.games.unwrap_or(100).max(1) as usize).div_ceil(round) * round;
    Ok(Config {
        players,
        games,
        seed: options.seed.unwrap_or(1),
        out,
        ggf,
        move_time: Duration::from_millis(move_time),
        jobs: jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        opening_plies,
        engine_depth,
        rules,
        random_blocked: options.random_blocked,
        seatings,
    })
}

/// How a seat did.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Result3 {
    Win,
    Draw,
    Loss,
}

struct Played {
    /// The player on each seat.
    seating: Vec<usize>,
    results: Vec<Result3>,
    /// The game as written to --out.
    text: String,
    /// `black 40-24`, or the forfeit.
    summary: String,
    forfeit: Option<String>,
}

/// The game's opening: the rules (with its blocked squares, when drawn per
/// opening) and K random plies, the same for every seating.
fn opening(config: &Config, number: usize) -> Result<Game, String> {
    let seed = derive_seed(config.seed, number as u64, 1);
    let rules = match config.random_blocked {
        Some(builder) => builder
            .build_with_blocked_seed(seed)
            .map_err(|e| e.to_string())?,
        None => config.rules,
    };
    let mut game = Game::new(rules);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    for _ in 0..config.opening_plies {
        if game.is_over() {
            break;
        }
        let moves = game.legal_moves();
        let mv = match moves.len() {
            0 => Move::Pass,
            n => Move::Place(
                moves
                    .iter()
                    .nth(playout::uniform_below(&mut rng, n as u32) as usize)
                    .expect("n moves"),
            ),
        };
        game.play(mv).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

enum Seat {
    Bot(Bot),
    Engine(Option<Engine>, EngineSpec),
}

fn play(config: &Config, index: usize) -> Result<Played, String> {
    let round = config.seatings.len();
    let seating = config.seatings[index % round].clone();
    let mut game = opening(config, index / round)?;
    let mut seats: Vec<Seat> = seating
        .iter()
        .enumerate()
        .map(|(seat, &p)| match &config.players[p] {
            Player::Bot(spec) => Seat::Bot(Bot::new(
                spec.clone(),
                derive_seed(config.seed, index as u64, 2 + seat as u64),
            )),
            Player::Engine(spec) => Seat::Engine(None, spec.clone()),
        })
        .collect();
    let mut forfeit = None;
    while !game.is_over() {
        let seat = game.to_move().index();
        if game.must_pass() {
            game.pass().map_err(|e| e.to_string())?;
            continue;
        }
        let mv = match &mut seats[seat] {
            Seat::Bot(bot) => Ok(bot.choose(game.position()).mv),
            Seat::Engine(running, spec) => {
                let answer = match running {
                    Some(engine) => engine.genmove(&game, config.move_time, config.engine_depth),
                    None => Engine::start(spec).and_then(|engine| {
                        running
                            .insert(engine)
                            .genmove(&game, config.move_time, config.engine_depth)
                    }),
                };
                answer
            }
        };
        let failure = match mv {
            Ok(mv) => match game.play(mv) {
                Ok(_) => None,
                Err(e) => Some(format!("answered {mv}, which is illegal: {e}")),
            },
            Err(e) => Some(e),
        };
        if let Some(why) = failure {
            forfeit = Some((seat, why));
            break;
        }
    }
    for seat in seats {
        if let Seat::Engine(Some(engine), _) = seat {
            engine.stop();
        }
    }
    let colors = game.rules().colors();
    let name = |seat: usize| config.players[seating[seat]].name();
    let mut record = Record::new(game.clone());
    let _ = record.set_tag("Event", "arena");
    let _ = record.set_tag("Round", &(index + 1).to_string());
    for (seat, &color) in colors.iter().enumerate() {
        // `Black`/`White`/... in records, `PB`/`PW` in GGF: the writers map them.
        let _ = record.set_player(color, name(seat));
    }
    let (results, summary, forfeit_line) = match forfeit {
        Some((loser, why)) => {
            // Two players: the other one wins.
            let winner = colors[1 - loser];
            // The game stopped before its end: the result says who won, and the
            // `Termination` tag why.
            let forfeited = GameResult {
                outcome: Outcome::Win(winner),
                scores: None,
                ending: Ending::Unstated,
            };
            if let Err(e) = record.set_game_result(Some(forfeited)) {
                eprintln!("arena: game {}: {e}", index + 1);
            }
            let text = format!("forfeit: {} ({}) {why}", name(loser), colors[loser]);
            let _ = record.set_tag("Termination", &text);
            let results = (0..colors.len())
                .map(|s| {
                    if s == loser {
                        Result3::Loss
                    } else {
                        Result3::Win
                    }
                })
                .collect();
            (
                results,
                format!("{} by forfeit", winner.name()),
                Some(format!("game {}: {text}", index + 1)),
            )
        }
        None => {
            let outcome = game.outcome().expect("the game is over");
            let results = colors
                .iter()
                .map(|&c| match outcome {
                    Outcome::Draw => Result3::Draw,
                    Outcome::Win(w) if w == c => Result3::Win,
                    Outcome::Win(_) => Result3::Loss,
                })
                .collect();
            (results, format!("{outcome} {}", game.scores()), None)
        }
    };
    let text = if config.ggf {
        ggf::write(&record).map_err(|e| e.to_string())? + "\n"
    } else {
        record.to_string()
    };
    Ok(Played {
        seating,
        results,
        text,
        summary,
        forfeit: forfeit_line,
    })
}

#[derive(Clone, Copy, Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
}

impl Tally {
    fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
    fn score(&self) -> f64 {
        match self.games() {
            0 => 0.0,
            n => (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n),
        }
    }
}

/// The Elo difference for a score `p` (from 0 to 1).
fn elo(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

fn format_elo(value: f64) -> String {
    if value.is_finite() {
        format!("{value:+.0}")
    } else if value > 0.0 {
        "+inf".to_string()
    } else {
        "-inf".to_string()
    }
}

/// The Elo line for two players, from the first one's side: the difference and
/// its 95 % interval, a Wilson score interval on the per-game scores' spread (so
/// that a clean sweep still gets a finite lower bound).
fn elo_line(names: [&str; 2], t: &Tally) -> String {
    const Z: f64 = 1.96;
    let n = f64::from(t.games());
    let p = t.score();
    let spread = (f64::from(t.wins) * (1.0 - p).powi(2)
        + f64::from(t.draws) * (0.5 - p).powi(2)
        + f64::from(t.losses) * p.powi(2))
        / n;
    let scale = 1.0 + Z * Z / n;
    let centre = (p + Z * Z / (2.0 * n)) / scale;
    let half = Z * (spread / n + Z * Z / (4.0 * n * n)).sqrt() / scale;
    format!(
        "elo {} - {}: {} (95% interval {} to {})",
        names[0],
        names[1],
        format_elo(elo(p)),
        // With no loss (no win) at all the interval is open on that side.
        format_elo(if p == 0.0 {
            elo(0.0)
        } else {
            elo((centre - half).max(0.0))
        }),
        format_elo(if p == 1.0 {
            elo(1.0)
        } else {
            elo((centre + half).min(1.0))
        }),
    )
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        print!("{USAGE}\n{}\n", bots::HELP);
        return ExitCode::SUCCESS;
    }
    let config = match parse_args(&args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("arena: {e}");
            return ExitCode::FAILURE;
        }
    };
    let started = Instant::now();
    let terminal = std::io::stdout().is_terminal();
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    let mut tallies = vec![Tally::default(); config.players.len()];
    let mut texts = Vec::with_capacity(config.games);
    let mut failed = None;
    std::thread::scope(|scope| {
        for _ in 0..config.jobs.min(config.games) {
            let tx = tx.clone();
            let (config, next) = (&config, &next);
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= config.games {
                    break;
                }
                if tx.send((index, play(config, index))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        // Results are taken in game order, whatever order they finish in, so the
        // output is the same for any number of jobs.
        let mut pending = BTreeMap::new();
        let mut done = 0;
        let mut stdout = std::io::stdout().lock();
        for (index, result) in rx {
            pending.insert(index, result);
            while let Some(result) = pending.remove(&done) {
                let played = match result {
                    Ok(p) => p,
                    Err(e) => {
                        failed.get_or_insert(format!("game {}: {e}", done + 1));
                        next.store(config.games, Ordering::Relaxed);
                        done += 1;
                        continue;
                    }
                };
                done += 1;
                for (seat, &p) in played.seating.iter().enumerate() {
                    let t = &mut tallies[p];
                    match played.results[seat] {
                        Result3::Win => t.wins += 1,
                        Result3::Draw => t.draws += 1,
                        Result3::Loss => t.losses += 1,
                    }
                }
                texts.push(played.text);
                if terminal {
                    let _ = write!(stdout, "\r\x1b[2K");
                }
                if let Some(line) = &played.forfeit {
                    let _ = writeln!(stdout, "{line}");
                }
                if terminal {
                    let _ = write!(
                        stdout,
                        "{}",
                        progress(&config, &tallies, done, started.elapsed())
                    );
                } else {
                    let names: Vec<&str> = played
                        .seating
                        .iter()
                        .map(|&p| config.players[p].name())
                        .collect();
                    let _ = writeln!(
                        stdout,
                        "game {done}: {}: {}",
                        names.join(" vs "),
                        played.summary
                    );
                }
                let _ = stdout.flush();
            }
        }
        if terminal {
            let _ = write!(stdout, "\r\x1b[2K");
        }
    });
    if let Some(e) = failed {
        eprintln!("arena: {e}");
        return ExitCode::FAILURE;
    }
    if let Some(path) = &config.out {
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
        config.jobs
    );
    println!("games {}", config.games);
    ExitCode::SUCCESS
}

/// The progress bar: games done, each player's score, elapsed and remaining time.
fn progress(config: &Config, tallies: &[Tally], done: usize, elapsed: Duration) -> String {
    const WIDTH: usize = 30;
    let filled = WIDTH * done / config.games;
    let scores: Vec<String> = config
        .players
        .iter()
        .zip(tallies)
        .map(|(p, t)| format!("{} {:.0}%", p.name(), 100.0 * t.score()))
        .collect();
    let left = elapsed.as_secs_f64() * (config.games - done) as f64 / done.max(1) as f64;
    format!(
        "[{}{}] {done}/{} | {} | {:.0}s elapsed, {:.0}s left",
        "#".repeat(filled),
        "-".repeat(WIDTH - filled),
        config.games,
        scores.join(", "),
        elapsed.as_secs_f64(),
        left
    )
}
