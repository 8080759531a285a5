//! Scripted runs of engine/examples/arena.rs: built-in bots, the NBoard example as an
//! outside engine over both protocols, and broken engines that crash, hang or
//! cheat. Each run's summary is checked against its own game lines and records.

use crate::programs;
use crate::walk;

use programs::{run, scratch, stdout_of};
use reversi::text::{ggf, record::Record};

/// One summary line: name, wins, draws, losses.
fn summary(out: &str, name: &str) -> (u32, u32, u32) {
    let prefix = format!("{name}: ");
    let line = out
        .lines()
        .find(|l| l.starts_with(&prefix) && l.contains(" wins, "))
        .unwrap_or_else(|| panic!("no summary line for {name} in\n{out}"));
    let numbers: Vec<u32> = line[prefix.len()..]
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .take(3)
        .map(|w| w.parse().unwrap())
        .collect();
    let score = line.rsplit("score ").next().unwrap();
    let (w, d, l) = (numbers[0], numbers[1], numbers[2]);
    let expected = 100.0 * (f64::from(w) + f64::from(d) / 2.0) / f64::from(w + d + l);
    assert_eq!(score, format!("{expected:.1}%"), "{line}");
    (w, d, l)
}

fn last_line(out: &str) -> &str {
    out.lines().last().unwrap()
}

/// The records of a --out file (our format): split where a tag line follows the
/// blank line after a move list.
fn records(text: &str) -> Vec<Record> {
    text.split("\n\n[")
        .enumerate()
        .map(|(i, part)| {
            let part = if i == 0 {
                part.to_string()
            } else {
                format!("[{part}")
            };
            Record::parse(&part).unwrap_or_else(|e| panic!("{e}\n{part}"))
        })
        .collect()
}

/// Every game of a file as `examples/replay.rs` (the rules crate's) reads it: the first line of each.
fn replayed(games: &[String]) -> Vec<String> {
    games
        .iter()
        .map(|g| {
            let out = stdout_of(&run("replay", &["-"], g));
            out.lines().nth(1).unwrap().to_string()
        })
        .collect()
}

#[test]
fn built_in_bots_round_robin_with_records() {
    let path = scratch("arena-round-robin.txt");
    let out = stdout_of(&run(
        "arena",
        &[
            "--bots",
            "greedy,mobility,random",
            "--games",
            "5",
            "--seed",
            "3",
            "--jobs",
            "1",
            "--out",
            path.to_str().unwrap(),
        ],
        "",
    ));
    // Three bots: six seatings a round, so 5 games become 6.
    assert_eq!(last_line(&out), "games 6", "{out}");
    let game_lines: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(game_lines.len(), 6, "{out}");
    let tallies: Vec<_> = ["greedy", "mobility", "random"]
        .iter()
        .map(|n| summary(&out, n))
        .collect();
    for &(w, d, l) in &tallies {
        assert_eq!(w + d + l, 4, "each bot plays 4 of the 6 games: {out}");
    }
    let wins: u32 = tallies.iter().map(|t| t.0).sum();
    let losses: u32 = tallies.iter().map(|t| t.2).sum();
    assert_eq!(wins, losses);
    assert!(!out.contains("elo "), "no Elo line for three bots");
    assert!(!out.contains("forfeit"));
    // The records: the colours of each seating, the result of each game line.
    let text = std::fs::read_to_string(&path).unwrap();
    let games = records(&text);
    assert_eq!(games.len(), 6);
    let chunks: Vec<String> = games.iter().map(|r| r.to_string()).collect();
    for ((record, line), replay) in games.iter().zip(&game_lines).zip(replayed(&chunks)) {
        let game = record.game();
        assert!(game.is_over());
        let result = format!("{} {}", game.outcome().unwrap(), game.scores());
        assert!(line.ends_with(&result), "{line} / {result}");
        assert_eq!(replay, result);
        let seated = format!(
            "{} vs {}",
            record.tag("Black").unwrap(),
            record.tag("White").unwrap()
        );
        assert!(line.contains(&seated), "{line}");
        // The same opening (a balanced one, 8 moves) for every seating.
        assert!(game.move_count() > 8);
    }
    let opening = |r: &Record| r.game().moves().take(8).collect::<Vec<_>>();
    assert!(games.iter().all(|g| opening(g) == opening(&games[0])));
}

#[test]
fn the_records_keep_alpha_betas_evaluations_and_with_times_every_moves_time() {
    let path = scratch("arena-times.txt");
    let out = stdout_of(&run(
        "arena",
        &[
            "--bots",
            "alphabeta:depth=2:solve=8,greedy",
            "--board",
            "6x6",
            "--games",
            "2",
            "--times",
            "--out",
            path.to_str().unwrap(),
        ],
        "",
    ));
    assert_eq!(last_line(&out), "games 2", "{out}");
    let games = records(&std::fs::read_to_string(&path).unwrap());
    assert_eq!(games.len(), 2);
    for record in &games {
        let alphabeta = if record.tag("Black") == Some("alphabeta:depth=2:solve=8") {
            reversi::Color::Black
        } else {
            reversi::Color::White
        };
        // After the 4 random opening plies, every move has its time, and
        // alpha-beta's its evaluation.
        for ply in &record.game().history()[4..] {
            if ply.mv() == reversi::Move::Pass {
                continue;
            }
            assert!(ply.time().is_some(), "{record}");
            assert_eq!(
                ply.evaluation().is_some(),
                ply.color() == alphabeta,
                "{record}"
            );
        }
    }
}

#[test]
fn jobs_do_not_change_the_results() {
    let args = |jobs| {
        [
            "--bots",
            "mcts:playouts=30,mobility",
            "--games",
            "4",
            "--seed",
            "11",
            "--jobs",
            jobs,
            "--board",
            "6x6",
        ]
    };
    let strip = |out: String| {
        out.lines()
            .filter(|l| !l.starts_with("time "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let (one, three) = (args("1"), args("3"));
    let a = strip(stdout_of(&run("arena", &one, "")));
    let b = strip(stdout_of(&run("arena", &three, "")));
    assert_eq!(a, b);
    assert!(a.ends_with("games 4"), "{a}");
    // Two bots: the Elo line, with its interval.
    let elo = a
        .lines()
        .find(|l| l.starts_with("elo mcts:playouts=30 - mobility: "))
        .unwrap();
    assert!(elo.contains("(95% interval "), "{elo}");
    let (w, d, l) = summary(&a, "mcts:playouts=30");
    let (w2, d2, l2) = summary(&a, "mobility");
    assert_eq!((w, d, l), (l2, d2, w2));
    assert_eq!(w + d + l, 4);
}

#[test]
fn four_players_on_the_octagon_rotate_the_seats() {
    let path = scratch("arena-octagon.txt");
    let out = stdout_of(&run(
        "arena",
        &[
            "--bots",
            "mcts:playouts=10,mobility,random",
            "--board",
            "octagon",
            "--players",
            "4",
            "--games",
            "4",
            "--seed",
            "5",
            "--out",
            path.to_str().unwrap(),
        ],
        "",
    ));
    assert_eq!(last_line(&out), "games 4");
    // Four seats a game: the first bot takes the spare seat.
    let seats: Vec<u32> = ["mcts:playouts=10", "mobility", "random"]
        .iter()
        .map(|n| {
            let (w, d, l) = summary(&out, n);
            w + d + l
        })
        .collect();
    assert_eq!(seats, [8, 4, 4], "{out}");
    let games = records(&std::fs::read_to_string(&path).unwrap());
    assert_eq!(games.len(), 4);
    // Every rotation: each bot sits on each colour once (the first bot twice).
    for color in ["Black", "White", "Red", "Green"] {
        let mut names: Vec<&str> = games.iter().map(|g| g.tag(color).unwrap()).collect();
        names.sort();
        assert_eq!(
            names,
            ["mcts:playouts=10", "mcts:playouts=10", "mobility", "random"]
        );
    }
}

#[test]
fn the_nboard_example_plays_as_an_outside_engine() {
    let engine = programs::example("nboard");
    let spec = format!("ours=nboard:{} --max-depth 2 --solve 6", engine.display());
    plays_as_an_outside_engine(&spec, "arena-nboard.ggf");
}

#[test]
fn an_engine_answering_as_edax_does_is_understood() {
    // Edax answers `go` with `=== f5 +1.20 0.5`: spaces, not slashes.
    let engine = programs::example("nboard");
    let spec = format!(
        "ours=nboard:{} {} --max-depth 2 --solve 6",
        engine_script("spaced.sh"),
        engine.display()
    );
    plays_as_an_outside_engine(&spec, "arena-spaced.ggf");
}

#[test]
fn an_engine_is_sent_the_moves_without_its_opponents_times() {
    let engine = programs::example("nboard");
    let log = scratch("arena-engine-input.txt");
    let _ = std::fs::remove_file(&log);
    let spec = format!(
        "ours=nboard:{} {} {} --max-depth 1 --solve 4",
        engine_script("logged.sh"),
        log.display(),
        engine.display()
    );
    let out = stdout_of(&run(
        "arena",
        &[
            "--bots",
            "mobility",
            "--engine",
            &spec,
            "--games",
            "2",
            "--times",
            "--out",
            scratch("arena-engine-games.txt").to_str().unwrap(),
        ],
        "",
    ));
    assert_eq!(last_line(&out), "games 2", "{out}");
    let sent = std::fs::read_to_string(&log).unwrap();
    let games: Vec<&str> = sent
        .lines()
        .filter_map(|l| l.strip_prefix("set game "))
        .collect();
    // One game for each of the two engine processes; when the engine plays
    // White, the game sent holds the balanced opening's 8 moves and
    // mobility's first move, timed in the arena.
    assert_eq!(games.len(), 2, "{sent}");
    let plies: Vec<usize> = games
        .iter()
        .map(|text| {
            let record = ggf::parse(text).unwrap_or_else(|e| panic!("{e}: {text}"));
            for ply in record.game().history() {
                assert_eq!((ply.time(), ply.evaluation()), (None, None), "{text}");
            }
            record.game().move_count()
        })
        .collect();
    assert!(plies.contains(&9), "{plies:?}");
}

/// Two games of `mobility` against the engine of `spec`, named `ours`, written
/// as GGF to the scratch file `file`: no forfeit, and the engine's evaluations
/// kept with its moves.
fn plays_as_an_outside_engine(spec: &str, file: &str) {
    let path = scratch(file);
    let out = stdout_of(&run(
        "arena",
        &[
            "--bots",
            "mobility",
            "--engine",
            spec,
            "--games",
            "2",
            "--engine-depth",
            "2",
            "--format",
            "ggf",
            "--out",
            path.to_str().unwrap(),
        ],
        "",
    ));
    assert!(!out.contains("forfeit"), "{out}");
    assert_eq!(last_line(&out), "games 2");
    let (w, d, l) = summary(&out, "ours");
    assert_eq!(w + d + l, 2);
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<String> = text.lines().map(|l| format!("{l}\n")).collect();
    assert_eq!(lines.len(), 2);
    for (line, replay) in lines.iter().zip(replayed(&lines)) {
        let record = ggf::parse(line).unwrap();
        assert!(record.game().is_over());
        // GGF `PB`/`PW` read back as the players of Black and White.
        assert!(record.player(reversi::Color::Black).is_some());
        assert!(record.player(reversi::Color::White).is_some());
        assert!(text.contains("PB[") && text.contains("PW["));
        // The NBoard engine's evaluations (`=== f5/EVAL/TIME`) are kept with its
        // moves; mobility gives none.
        let ours = if record.player(reversi::Color::Black) == Some("ours") {
            reversi::Color::Black
        } else {
            reversi::Color::White
        };
        // After the balanced opening's 8 moves.
        let plies = &record.game().history()[8..];
        for ply in plies.iter().filter(|p| p.mv() != reversi::Move::Pass) {
            assert_eq!(ply.evaluation().is_some(), ply.color() == ours, "{line}");
        }
        assert_eq!(
            replay,
            format!(
                "{} {}",
                record.game().outcome().unwrap(),
                record.game().scores()
            )
        );
    }
}

#[test]
fn the_nboard_example_plays_over_gtp() {
    let engine = programs::example("nboard");
    let spec = format!(
        "ours=gtp:{} --gtp --max-depth 1 --solve 4",
        engine.display()
    );
    let out = stdout_of(&run(
        "arena",
        &[
            "--bots", "greedy", "--engine", &spec, "--games", "2", "--seed", "9",
        ],
        "",
    ));
    assert!(!out.contains("forfeit"), "{out}");
    let (w, d, l) = summary(&out, "ours");
    assert_eq!(w + d + l, 2);
    assert_eq!(last_line(&out), "games 2");
}

fn engine_script(name: &str) -> String {
    let path = programs::root().join("tests/engines").join(name);
    format!("sh {}", path.display())
}

#[test]
fn broken_engines_forfeit_and_the_arena_goes_on() {
    let path = scratch("arena-broken.txt");
    let crash = format!("crashy=nboard:{}", engine_script("crash.sh"));
    let cheat = format!("cheat=nboard:{}", engine_script("illegal.sh"));
    let hang = format!("sleepy=nboard:{}", engine_script("hang.sh"));
    let out = stdout_of(&run(
        "arena",
        &[
            "--bots",
            "random",
            "--engine",
            &crash,
            "--engine",
            &cheat,
            "--engine",
            &hang,
            "--games",
            "12",
            "--move-time",
            "300",
            "--out",
            path.to_str().unwrap(),
        ],
        "",
    ));
    assert_eq!(last_line(&out), "games 12");
    let forfeits: Vec<&str> = out.lines().filter(|l| l.contains("forfeit: ")).collect();
    // Every game has an engine in it, and every engine loses each game it moves in.
    assert_eq!(forfeits.len(), 12, "{out}");
    assert!(
        forfeits
            .iter()
            .any(|l| l.contains("crashy") && l.contains("crashed")),
        "{out}"
    );
    assert!(
        forfeits
            .iter()
            .any(|l| l.contains("cheat") && l.contains("a1, which is illegal")),
        "{out}"
    );
    assert!(
        forfeits
            .iter()
            .any(|l| l.contains("sleepy") && l.contains("did not answer in time")),
        "{out}"
    );
    assert_eq!(summary(&out, "random"), (6, 0, 0));
    for engine in ["crashy", "cheat", "sleepy"] {
        let (w, _, l) = summary(&out, engine);
        assert_eq!(w + l, 6);
    }
    // The records say who forfeited, and replay shows the winner.
    let games = records(&std::fs::read_to_string(&path).unwrap());
    assert_eq!(games.len(), 12);
    let chunks: Vec<String> = games.iter().map(|r| r.to_string()).collect();
    for (record, replay) in games.iter().zip(replayed(&chunks)) {
        let termination = record.tag("Termination").unwrap();
        assert!(termination.starts_with("forfeit: "), "{termination}");
        let winner = replay.split(' ').next().unwrap();
        assert!(winner == "black" || winner == "white", "{replay}");
        assert_eq!(
            Some(winner.to_string()),
            record.result().map(|r| r.outcome.to_string())
        );
    }
}

#[test]
fn an_engine_that_never_ran_is_an_error_not_a_forfeit() {
    let silent = programs::scratch("silent-engine.sh");
    // Exits at once, without reading or answering anything.
    std::fs::write(&silent, "exit 0\n").unwrap();
    let silent = format!("mute=nboard:sh {}", silent.display());
    // Refuses its flag on standard error: the reason quotes it.
    let engine = programs::example("nboard");
    let bogus = format!("picky=nboard:{} --bogus", engine.display());
    let cases = [
        ("ghost=nboard:/no/such/program", "ghost", "cannot start"),
        ("ghost=gtp:/no/such/program --gtp", "ghost", "cannot start"),
        (
            silent.as_str(),
            "mute",
            "exited (exit status: 0), before its first answer",
        ),
        (
            bogus.as_str(),
            "picky",
            "crashed (exit status: 1), saying \"nboard: unknown flag",
        ),
    ];
    for (engine, name, why) in cases {
        let output = run(
            "arena",
            &["--bots", "random", "--engine", engine, "--games", "4"],
            "",
        );
        assert!(!output.status.success(), "{engine}");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(
            err.contains(&format!("engine \"{name}\" never ran")) && err.contains(why),
            "{engine}: {err}"
        );
        let out = String::from_utf8_lossy(&output.stdout);
        // Nothing is scored: no game line, no summary, no win.
        assert!(!out.contains("wins") && !out.contains("game 1"), "{out}");
    }
}

#[test]
fn refuses_what_it_cannot_play() {
    let out = scratch("arena-refused.ggf");
    let out = out.to_str().unwrap();
    let cases: [(&[&str], &str); 6] = [
        (
            &["--bots", "alphabeta,random", "--players", "3"],
            "alphabeta does not play games of 3 players",
        ),
        (&["--bots", "random"], "two or more players"),
        (&["--bots", "random,minimax"], "unknown bot"),
        (
            &[
                "--bots",
                "random,greedy",
                "--players",
                "3",
                "--out",
                out,
                "--format",
                "ggf",
            ],
            "--format ggf",
        ),
        // Flags about the written games, with no games written.
        (
            &["--bots", "random,greedy", "--format", "ggf"],
            "--format is for the games written with --out FILE",
        ),
        (
            &["--bots", "random,greedy", "--times"],
            "--times is for the games written with --out FILE",
        ),
    ];
    for (args, message) in cases {
        let output = run("arena", args, "");
        assert!(!output.status.success());
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(err.contains(message), "{args:?}: {err}");
    }
    let help = stdout_of(&run("arena", &["--help"], ""));
    for word in [
        "--engine",
        "--move-time",
        "random",
        "greedy",
        "mobility",
        "mcts",
        "alphabeta",
    ] {
        assert!(help.contains(word), "{word}");
    }
}

#[test]
fn every_bot_plays_every_variant_it_can() {
    // An illegal move by a built-in bot would be a forfeit line.
    let runs: [(&[&str], &[&str], &str); 4] = [
        (
            &["--players", "3", "--anti", "--blocked", "random"],
            &["greedy", "mobility", "mcts:playouts=10"],
            "games 3",
        ),
        (
            &["--board", "10x10", "--players", "4"],
            &["random", "greedy", "mobility", "mcts:playouts=10"],
            "games 4",
        ),
        (
            &["--board", "octagon", "--anti", "--handicap", "white:b2"],
            &["alphabeta:depth=2:solve=6", "mcts:playouts=10"],
            "games 2",
        ),
        (
            &["--board", "6x6", "--free-opening"],
            &["alphabeta:depth=2:solve=8", "greedy", "random"],
            "games 6",
        ),
    ];
    for (variant, bots, games) in runs {
        let list = bots.join(",");
        let mut args = vec!["--bots", &list, "--games", "1", "--seed", "2"];
        args.extend_from_slice(variant);
        let out = stdout_of(&run("arena", &args, ""));
        assert!(!out.contains("forfeit"), "{variant:?}: {out}");
        assert_eq!(last_line(&out), games, "{variant:?}: {out}");
        let seats: u32 = bots
            .iter()
            .map(|b| {
                let (w, d, l) = summary(&out, b);
                w + d + l
            })
            .sum();
        let per_game = if variant.contains(&"--players") {
            variant[variant.iter().position(|&a| a == "--players").unwrap() + 1]
                .parse()
                .unwrap()
        } else {
            2
        };
        let n: u32 = games[6..].parse().unwrap();
        assert_eq!(seats, per_game * n, "{variant:?}: {out}");
    }
}

#[test]
fn a_clean_sweep_has_a_finite_lower_elo_bound() {
    let out = stdout_of(&run(
        "arena",
        &["--bots", "mobility,random", "--games", "4", "--seed", "2"],
        "",
    ));
    let (w, d, l) = summary(&out, "mobility");
    let elo = out
        .lines()
        .find(|l| l.starts_with("elo mobility - random: "))
        .unwrap();
    if (w, d, l) == (4, 0, 0) {
        let low: f64 = elo
            .split("interval ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(low > 0.0 && low < 1000.0, "{elo}");
        assert!(
            elo.starts_with("elo mobility - random: +inf (95% interval ")
                && elo.ends_with(" to +inf)"),
            "{elo}"
        );
    } else {
        // Not a sweep: every bound is a number.
        assert!(!elo.contains("inf"), "{elo}");
    }
}

#[test]
fn a_stop_flag_calls_an_outside_engines_search_off() {
    use reversi::{Game, Move, Rules};
    use reversi_engine::bot::{Bot, BotError};
    use reversi_engine::protocol::client::{EngineBot, EngineSpec};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

    let engine = programs::example("nboard");
    // Searches from the start: NBoard's at depth 18, seconds long (7.5 s on
    // Zen 4), which the ping calls off, so that an engine that ignored it
    // would not answer the pong within the move time of a second; GTP's at
    // depth 15, longer than the 50 ms before the stop (about 0.5 s), which
    // cannot be called off and is waited for (and its answer dropped) before
    // the next move, within the client's 10 s allowance even on a loaded
    // machine.
    for (protocol, flags) in [
        ("nboard", "--max-depth 18"),
        ("gtp", "--gtp --max-depth 15"),
    ] {
        let spec = format!("ours={protocol}:{} {flags} --solve 0", engine.display());
        let spec = EngineSpec::parse(&spec).unwrap();
        let mut bot = EngineBot::start(&spec, Duration::from_secs(1), 18).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        bot.set_stop(Some(Arc::clone(&stop)));
        let setter = crate::bots::set_after(&stop, Duration::from_millis(50));
        let start = Game::new(Rules::default());
        assert_eq!(bot.choose(&start), Err(BotError::Stopped), "{protocol}");
        setter.join().unwrap();
        // Still set: refused before the engine is asked.
        assert_eq!(bot.choose(&start), Err(BotError::Stopped), "{protocol}");
        // Cleared: the engine plays on in a later position (near the end, for
        // a short search), which it must have been given as the game has it,
        // not with the move its stopped search may have played.
        stop.store(false, Ordering::Relaxed);
        let game = random_game_to(10);
        let choice = bot.choose(&game).unwrap();
        let Move::Place(square) = choice.mv else {
            panic!("{protocol}: a pass with legal moves");
        };
        assert!(game.is_legal(square), "{protocol}: {square}");
    }
}

/// The first position of a game of seeded random moves with at most `empty`
/// empty squares and a legal move for the player to move.
fn random_game_to(empty: usize) -> reversi::Game {
    let mut found = None;
    walk::seeded_game(reversi::Rules::default(), 3, |game| {
        let there = game.position().empty().len() <= empty && !game.legal_moves().is_empty();
        if there && found.is_none() {
            found = Some(game.clone());
        }
    });
    found.expect("the seeded game reaches the endgame with a move to play")
}

#[test]
fn an_outside_engine_follows_any_game_it_is_asked_about() {
    use reversi::{Game, Move, Rules};
    use reversi_engine::bot::Bot;
    use reversi_engine::protocol::client::{EngineBot, EngineSpec};
    use std::time::Duration;

    let engine = programs::example("nboard");
    for (protocol, flags) in [("nboard", "--max-depth 2"), ("gtp", "--gtp --max-depth 2")] {
        let spec = format!("ours={protocol}:{} {flags} --solve 4", engine.display());
        let spec = EngineSpec::parse(&spec).unwrap();
        let mut bot = EngineBot::start(&spec, Duration::from_secs(30), 2).unwrap();
        let (mut asked, mut counted) = (0, 0);
        let mut ask = |game: &Game| {
            asked += 1;
            let choice = bot.choose(game).unwrap();
            // The nodes of its `nodestats` (sent after its answer): NBoard only.
            counted += usize::from(choice.nodes > 0);
            let mv = choice.mv;
            let legal = match mv {
                Move::Place(square) => game.is_legal(square),
                Move::Pass => game.must_pass(),
            };
            assert!(
                legal,
                "{protocol}: {mv} after {:?}",
                game.moves().collect::<Vec<_>>()
            );
            mv
        };
        // Two whole games, the engine playing both sides; each move is played
        // (GTP engines play their own moves) or, every third, another instead.
        for seed in [1, 2] {
            let mut game = Game::new(Rules::default());
            let mut other = seed;
            while !game.is_over() {
                let mv = ask(&game);
                other += 1;
                if other % 3 == 0 {
                    game.play(
                        game.legal_moves()
                            .iter()
                            .last()
                            .map_or(Move::Pass, Move::Place),
                    )
                    .unwrap();
                } else {
                    game.play(mv).unwrap();
                }
            }
            // Taken back a few moves, and another line from there.
            game.go_to(20).unwrap();
            ask(&game);
            game.go_to(10).unwrap();
            game.clear_redo();
            let last = game.legal_moves().iter().last().unwrap();
            game.play(last).unwrap();
            ask(&game);
        }
        // Another board altogether.
        let mut small = Game::new(Rules::builder(reversi::Board::Size6).build().unwrap());
        small.play_moves("c2").ok();
        ask(&small);
        assert!(asked > 100, "{protocol}: {asked}");
        match protocol {
            "nboard" => assert!(counted > asked / 2, "{counted} of {asked}"),
            _ => assert_eq!(counted, 0),
        }
    }
}

#[test]
fn an_nboard_engine_too_slow_for_its_move_time_is_called_off_for_the_next() {
    use reversi::Move;
    use reversi_engine::bot::{Bot, BotError};
    use reversi_engine::protocol::client::{EngineBot, EngineSpec};
    use std::time::Duration;

    // Depth 20 from the start takes a minute or more: were the late search not
    // called off, the next request would wait for it past its own 10 s
    // allowance for reading the game.
    let engine = programs::example("nboard");
    let spec = format!("ours=nboard:{} --max-depth 20 --solve 0", engine.display());
    let spec = EngineSpec::parse(&spec).unwrap();
    let mut bot = EngineBot::start(&spec, Duration::from_millis(200), 20).unwrap();
    let start = reversi::Game::new(reversi::Rules::default());
    assert_eq!(
        bot.choose(&start),
        Err(BotError::Engine(reversi_engine::bot::EngineError::Timeout))
    );
    let game = random_game_to(6);
    let Move::Place(square) = bot.choose(&game).unwrap().mv else {
        panic!("a pass with legal moves");
    };
    assert!(game.is_legal(square), "{square}");
}

#[test]
fn a_gtp_command_answered_too_late_is_not_taken_for_the_next_ones_answer() {
    use reversi::{Game, Move, Rules};
    use reversi_engine::bot::Bot;
    use reversi_engine::protocol::client::{EngineBot, EngineSpec};
    use std::time::Duration;

    let marker = scratch("slow-setup-gtp.marker");
    let _ = std::fs::remove_file(&marker);
    let spec = format!(
        "slow=gtp:{} {}",
        engine_script("slow_setup_gtp.sh"),
        marker.display()
    );
    let spec = EngineSpec::parse(&spec).unwrap();
    // Two seconds to read a game, not the default ten: the test waits less.
    let mut bot = EngineBot::start(&spec, Duration::from_millis(500), 8)
        .unwrap()
        .setup_time(Duration::from_secs(2));
    let game = Game::new(Rules::default());
    // The first clear_board answers after the client has stopped waiting.
    let first = bot.choose(&game).unwrap_err().to_string();
    assert!(first.contains("did not answer in time"), "{first}");
    // Its late answer is read and dropped, and the engine given the game
    // again: each move is the engine's, not another command's answer.
    let d3 = Move::Place("d3".parse().unwrap());
    for _ in 0..3 {
        assert_eq!(bot.choose(&game).unwrap().mv, d3);
    }
}

#[test]
fn an_engine_that_writes_bytes_that_are_not_utf8_still_plays() {
    use reversi::{Game, Move, Rules};
    use reversi_engine::bot::Bot;
    use reversi_engine::protocol::client::{EngineBot, EngineSpec};
    use std::time::Duration;

    let spec = format!("latin=nboard:{}", engine_script("latin1.sh"));
    let spec = EngineSpec::parse(&spec).unwrap();
    let d3 = Move::Place("d3".parse().unwrap());
    // A move time longer than the clock can add (it was a panic) is as good
    // as forever.
    for move_time in [Duration::from_secs(5), Duration::MAX] {
        let mut bot = EngineBot::start(&spec, move_time, 8).unwrap();
        for _ in 0..3 {
            assert_eq!(bot.choose(&Game::new(Rules::default())).unwrap().mv, d3);
        }
    }
}
