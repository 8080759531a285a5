use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use reversi::{AnyPosition, Game, Move, SearchPosition};
use reversi_engine::bot::*;
use reversi_engine::search::alphabeta::RootError;
use reversi_engine::Limits;

/// The game after playing the first legal move (or passing) until `done`.
pub fn played_until(done: impl Fn(&Game) -> bool) -> Game {
    let mut game = Game::new(reversi::Rules::default());
    while !done(&game) {
        match game.legal_moves().iter().next() {
            Some(square) => game.play(square).unwrap(),
            None => {
                game.pass().unwrap();
                continue;
            }
        };
    }
    game
}

/// Sets `stop` from another thread after `delay`, as a host's stop button would.
pub fn set_after(stop: &Arc<AtomicBool>, delay: Duration) -> std::thread::JoinHandle<()> {
    let stop = Arc::clone(stop);
    std::thread::spawn(move || {
        std::thread::sleep(delay);
        stop.store(true, Ordering::Relaxed);
    })
}

#[test]
fn a_stop_flag_stops_a_long_think_and_taking_it_away_lets_the_bot_play() {
    let start = Game::new(reversi::Rules::default());
    let one_move = played_until(|g| g.legal_moves().len() == 1 && g.position().empty().len() < 50);
    let endgame = played_until(|g| g.position().empty().len() <= 8 && g.legal_moves().len() > 1);
    let finished = played_until(|g| g.position().is_over());
    // Thinks that would take minutes or more: the playouts, the midgame
    // search, and the 8x8 solver from the start.
    for (spec, after) in [
        ("mcts:playouts=1000000000", &one_move),
        ("alphabeta:depth=30", &endgame),
        ("alphabeta:depth=2:solve=60", &endgame),
    ] {
        let mut bot = Spec::parse(spec).unwrap().build(1);
        let stop = Arc::new(AtomicBool::new(false));
        bot.set_stop(Some(Arc::clone(&stop)));
        let setter = set_after(&stop, Duration::from_millis(50));
        assert_eq!(bot.choose(&start), Err(BotError::Stopped), "{spec}");
        setter.join().unwrap();
        // Still set: refused at once, even where the answer is quick; a
        // finished game is still said to be over.
        assert_eq!(bot.choose(after), Err(BotError::Stopped), "{spec}");
        assert_eq!(bot.choose(&finished), Err(BotError::GameOver), "{spec}");
        // Taken away (or cleared): the bot plays again.
        bot.set_stop(None);
        let choice = bot.choose(after).unwrap();
        assert!(after.legal_moves().contains(match choice.mv {
            Move::Place(square) => square,
            Move::Pass => panic!("{spec} passed with a legal move"),
        }));
        stop.store(false, Ordering::Relaxed);
        bot.set_stop(Some(stop));
        assert!(bot.choose(after).is_ok(), "{spec}");
    }
}

#[test]
fn the_solver_table_grows_with_the_endgame_and_stays_bounded() {
    assert_eq!(solver_table_bits(0), 16);
    assert_eq!(solver_table_bits(12), 18); // 4 MB at the default
    assert_eq!(solver_table_bits(15), 21);
    assert_eq!(solver_table_bits(16), 22);
    // Any `solve` a user may write (`alphabeta:solve=4294967295`).
    assert_eq!(solver_table_bits(u32::MAX), 22);
}

#[test]
fn the_exploration_constant_must_be_a_number_to_explore_with() {
    for bad in ["NaN", "inf", "-inf", "-1"] {
        let error = Spec::parse(&format!("mcts:c={bad}")).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("mcts: c={bad:?} must be a finite number, 0 or more")
        );
    }
    assert!(Spec::parse("mcts:c=0").is_ok());
    assert_eq!(
        Spec::parse("alphabeta:depht=4").unwrap_err().to_string(),
        "alphabeta has no option \"depht\": its options are depth, solve, time, threads, eval and probcut"
    );
    assert_eq!(
        Spec::parse("mcts:playouts=0").unwrap_err(),
        SpecError::BadValue {
            bot: "mcts".into(),
            option: "playouts",
            value: "0".into(),
            why: "must be at least 1"
        }
    );
    assert_eq!(
        Spec::parse("random:x=1").unwrap_err().to_string(),
        "random has no option \"x\": it takes none"
    );
    assert_eq!(
        Spec::parse("mcts:c").unwrap_err().to_string(),
        "mcts: expected OPTION=VALUE, not \"c\""
    );
    assert!(matches!(
        Spec::parse("corners"),
        Err(SpecError::UnknownBot(_))
    ));
    // Built directly, a constant that compares with nothing still gives a
    // move (it once went round the root for ever).
    let game = Game::new(reversi::Rules::default());
    for c in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let mut bot = Mcts::new(1).playouts(200).exploration(c);
        let choice = bot.choose(&game).unwrap();
        assert!(game.is_legal(choice.mv), "c = {c}");
        assert_eq!(choice.nodes, 200);
    }
}

/// The final margin of the player to move with best play, by trying every
/// line: the reference the bots' exact values are checked against.
fn best_margin(pos: &AnyPosition) -> i32 {
    if pos.is_over() {
        return pos.final_margin();
    }
    match pos.pass() {
        Ok(passed) => -best_margin(&passed),
        Err(_) => pos
            .legal_moves()
            .iter()
            .map(|m| -best_margin(&pos.play(m).expect("a legal move")))
            .max()
            .expect("a legal move"),
    }
}

/// A game of `rules` played at random down to `empties` empty squares
/// (or its end), from `seed`.
fn endgame(rules: reversi::Rules, empties: usize, seed: u64) -> Game {
    let mut game = Game::new(rules);
    let mut random = Random::new(seed);
    while game.position().empty().len() > empties && !game.is_over() {
        let choice = random.choose(&game).expect("a move");
        game.play(choice.mv).expect("a legal move");
    }
    game
}

#[test]
fn the_root_searches_say_when_there_is_no_move_to_give() {
    use reversi_engine::search::alphabeta::alphabeta_root;
    use reversi_engine::search::mcts::mcts;
    struct Both;
    impl reversi::PositionVisitor for Both {
        type Output = (Result<(), RootError>, Result<(), RootError>);
        fn visit<P: SearchPosition>(self, pos: &P) -> Self::Output {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
            (
                mcts(pos, &mut rng, &Limits::default().with_nodes(50), 1.4).map(drop),
                alphabeta_root(pos, &Limits::default().with_depth(2), 0).map(drop),
            )
        }
    }
    let passing = played_until(Game::must_pass);
    let over = played_until(Game::is_over);
    for game in [&passing, &over] {
        let found = game.position().visit(Both);
        assert_eq!(found, (Err(RootError::NoMove), Err(RootError::NoMove)));
    }
}

#[test]
fn alpha_beta_values_a_forced_pass_by_the_reply() {
    use reversi::{Board, Rules};
    let mut checked = [0; 2];
    for board in [Board::Size6, Board::Size8] {
        let rules = Rules::builder(board).build().unwrap();
        for seed in 0..300 {
            let mut game = Game::new(rules);
            let mut random = Random::new(seed);
            while !game.is_over() && !game.must_pass() {
                game.play(random.choose(&game).unwrap().mv).unwrap();
            }
            if game.is_over() {
                continue;
            }
            let pos = *game.position();
            let exact = pos.empty().len() <= 10;
            let mut bot = AlphaBeta::new(2, if exact { 10 } else { 0 });
            let choice = bot.choose(&game).unwrap();
            assert_eq!(choice.mv, Move::Pass);
            let after = pos.pass().unwrap();
            let expected = if exact {
                Eval::Exact(best_margin(&pos))
            } else {
                let mut replay = game.clone();
                replay.pass().unwrap();
                let reply = AlphaBeta::new(2, 0).choose(&replay).unwrap();
                assert!(matches!(reply.eval, Some(Eval::Discs(_))));
                reply.eval.unwrap().for_opponent()
            };
            assert_eq!(choice.eval, Some(expected), "{board:?} {seed}: {after}");
            assert!(choice.nodes > 0);
            // The line starts with the pass and replays move by move.
            assert_eq!(choice.pv.first(), Some(&Move::Pass), "{board:?} {seed}");
            let mut replay = game.clone();
            for &mv in &choice.pv {
                replay.play(mv).unwrap();
            }
            checked[usize::from(exact)] += 1;
        }
    }
    assert!(checked.iter().all(|&n| n > 0), "{checked:?}");
}

#[test]
fn options_given_twice_or_together_are_refused() {
    for (text, message) in [
        (
            "alphabeta:depth=3:depth=5",
            "alphabeta: depth is given twice",
        ),
        ("mcts:c=1:c=2", "mcts: c is given twice"),
        (
            "mcts:time=5:playouts=3",
            "mcts: playouts and time exclude each other: give one",
        ),
        (
            "mcts:playouts=3:time=5",
            "mcts: time and playouts exclude each other: give one",
        ),
        (
            "alphabeta:depth=4,solve=12",
            "alphabeta: depth=\"4,solve=12\" is not a number (options are separated by `:`)",
        ),
    ] {
        assert_eq!(
            Spec::parse(text).unwrap_err().to_string(),
            message,
            "{text}"
        );
    }
    assert!(Spec::parse("alphabeta:depth=3:solve=10").is_ok());
    assert!(Spec::parse("mcts:time=5:c=1").is_ok());
    assert_eq!(
        Spec::parse("alphabeta:time=0").unwrap_err().to_string(),
        "alphabeta: time=\"0\" must be at least 1 (milliseconds)"
    );
    assert_eq!(
        Spec::parse("alphabeta:time=5:time=6")
            .unwrap_err()
            .to_string(),
        "alphabeta: time is given twice"
    );
}

#[test]
fn alpha_beta_takes_threads_and_an_evaluation() {
    let kind = |text| Spec::parse(text).unwrap().kind;
    assert_eq!(
        kind("alphabeta:threads=2:eval=features"),
        Kind::AlphaBeta {
            depth: 4,
            solve: 12,
            time: None,
            threads: 2,
            learned: false,
            probcut: None,
        }
    );
    let error = |text| Spec::parse(text).unwrap_err().to_string();
    assert_eq!(
        error("alphabeta:eval=nn"),
        "alphabeta: eval=\"nn\" must be learned or features"
    );
    let learned = kind("alphabeta:eval=learned");
    assert!(
        matches!(learned, Kind::AlphaBeta { learned: true, .. }),
        "{learned:?}"
    );
    assert_eq!(
        error("alphabeta:eval=patterns"),
        "alphabeta: eval=\"patterns\" must be learned or features"
    );
    assert_eq!(
        error("alphabeta:threads=0"),
        "alphabeta: threads=\"0\" must be 1 to 256"
    );
    // Either evaluation plays a whole game of 8x8, 6x6 and the octagon.
    for rules in ["8x8", "6x6", "octagon"] {
        for text in [
            "alphabeta:depth=2:solve=6",
            "alphabeta:depth=2:solve=6:eval=features:threads=2",
        ] {
            let mut bot = Spec::parse(text).unwrap().build(1);
            let mut game = Game::new(rules.parse().unwrap());
            while !game.is_over() {
                let choice = bot.choose(&game).unwrap();
                game.play(choice.mv).unwrap();
            }
        }
    }
}

#[test]
fn alpha_beta_takes_a_probcut_and_plays_with_it() {
    let kind = |text| Spec::parse(text).unwrap().kind;
    assert!(matches!(
        kind("alphabeta:probcut=1.5"),
        Kind::AlphaBeta {
            probcut: Some(1.5),
            ..
        }
    ));
    assert_eq!(
        Spec::parse("alphabeta:probcut=-1").unwrap_err().to_string(),
        "alphabeta: probcut=\"-1\" must be a finite number, 0 or more"
    );
    // On time it cuts by default, at a fixed depth not, unless told.
    let spreads = |bot: AlphaBeta| bot.probcut_spreads();
    assert_eq!(spreads(AlphaBeta::new(4, 12)), 0.0);
    let on_time = || AlphaBeta::new(4, 12).time(Some(Duration::from_millis(5)));
    assert_eq!(spreads(on_time()), AlphaBeta::PROBCUT);
    assert_eq!(spreads(on_time().probcut(Some(0.0))), 0.0);
    assert_eq!(spreads(AlphaBeta::new(4, 12).probcut(Some(2.0))), 2.0);
    // A whole 8x8 game with it.
    let mut bot = Spec::parse("alphabeta:depth=6:probcut=1").unwrap().build(1);
    let mut game = Game::new(reversi::Rules::default());
    while !game.is_over() {
        let choice = bot.choose(&game).unwrap();
        game.play(choice.mv).unwrap();
    }
}

#[test]
fn alpha_beta_on_time_deepens_as_far_as_it_is_let_and_solves_from_further_back() {
    let kind = |text| Spec::parse(text).unwrap().kind;
    let ms = |n| Some(Duration::from_millis(n));
    assert_eq!(
        kind("alphabeta:time=200"),
        Kind::AlphaBeta {
            depth: u32::MAX,
            solve: AlphaBeta::SOLVE_ON_TIME,
            time: ms(200),
            threads: 1,
            learned: true,
            probcut: None,
        }
    );
    for text in [
        "alphabeta:time=200:depth=6:solve=12",
        "alphabeta:solve=12:depth=6:time=200",
    ] {
        assert_eq!(
            kind(text),
            Kind::AlphaBeta {
                depth: 6,
                solve: 12,
                time: ms(200),
                threads: 1,
                learned: true,
                probcut: None,
            }
        );
    }
    assert_eq!(
        kind("alphabeta"),
        Kind::AlphaBeta {
            depth: 4,
            solve: 12,
            time: None,
            threads: 1,
            learned: true,
            probcut: None,
        }
    );
}

#[test]
fn deepening_on_time_ends_with_the_plain_search_of_its_last_depth() {
    use reversi_engine::search::alphabeta::alphabeta_root;
    struct Compare;
    impl reversi::PositionVisitor for Compare {
        type Output = u32;
        fn visit<P: SearchPosition>(self, pos: &P) -> u32 {
            let hour = Limits::default().with_time(Duration::from_secs(3600));
            for depth in 1..=5 {
                let deepened = alphabeta_root(pos, &hour.clone().with_depth(depth), 0).unwrap();
                let plain = alphabeta_root(pos, &Limits::default().with_depth(depth), 0).unwrap();
                assert_eq!((deepened.depth, plain.depth), (depth, depth));
                // The value is the minimax value at that depth, whatever
                // the order the moves were tried in.
                assert_eq!(deepened.value, plain.value, "depth {depth}");
                assert!(pos.is_legal(deepened.best.square()));
                assert!(deepened.nodes > 0);
            }
            let empties = pos.empty().len();
            if empties <= 10 {
                // From `solve` empties, to the end whatever the depth cap:
                // one ply more than the empty squares, exact.
                let exact = alphabeta_root(pos, &Limits::default().with_depth(1), 64).unwrap();
                let found = alphabeta_root(pos, &hour.clone().with_depth(2), 64).unwrap();
                assert!(found.exact && found.depth as usize == empties + 1);
                assert_eq!(found.value, exact.value);
                assert_eq!(found.eval(), exact.eval());
                // No deeper than that, and exact there without `solve`.
                let found = alphabeta_root(pos, &hour.clone().with_depth(99), 0).unwrap();
                assert!(found.exact && found.depth as usize == empties + 1);
                assert_eq!(found.value, exact.value);
            }
            // A node budget ends the deepening too: spent at once, the first
            // ply alone (which always finishes); ample, the whole depth.
            let spent = alphabeta_root(pos, &Limits::default().with_depth(4).with_nodes(1), 0);
            assert_eq!(spent.unwrap().depth, 1);
            let ample = Limits::default().with_depth(4).with_nodes(u64::MAX / 2);
            let ample = alphabeta_root(pos, &ample, 0).unwrap();
            let plain = alphabeta_root(pos, &Limits::default().with_depth(4), 0).unwrap();
            assert_eq!((ample.depth, ample.value), (4, plain.value));
            // A stop flag set is a stop, not a move.
            let stop = Arc::new(AtomicBool::new(true));
            let stopped = alphabeta_root(pos, &hour.clone().with_depth(99).with_stop(stop), 0);
            assert_eq!(stopped.map(drop), Err(RootError::Stopped));
            empties as u32
        }
    }
    let mut endgames = 0;
    for seed in 0..6 {
        let board = [reversi::Board::Size6, reversi::Board::Size8][seed as usize % 2];
        let rules = reversi::Rules::builder(board).build().unwrap();
        for empties in [8, 20] {
            let game = endgame(rules, empties, seed);
            if game.is_over() || game.must_pass() {
                continue;
            }
            endgames += u32::from(game.position().visit(Compare) <= 10);
        }
    }
    assert!(endgames > 0);
}

#[test]
fn an_interrupted_solve_plays_a_proved_win_else_a_proved_move_or_its_selective_guess() {
    use reversi_engine::solver::{Guess, Partial};
    let (square, other) = (reversi::Square::new(2, 3), reversi::Square::new(5, 4));
    let partial = |at_least| {
        Some(Partial {
            best_move: square,
            at_least,
        })
    };
    let guess = Some(Guess {
        best_move: other,
        score: 6,
        margin: 8,
    });
    let won = interrupted_choice(partial(2), None, 1234).expect("a win proved");
    assert_eq!(won.mv, Move::Place(square));
    assert_eq!(won.eval, Some(Eval::Discs(2.0)));
    assert_eq!(won.nodes, 1234);
    assert_eq!(won.pv, vec![Move::Place(square)]);
    // A proved win comes before a guess that hopes for more.
    assert_eq!(interrupted_choice(partial(2), guess, 1234), Some(won));
    for at_least in [0, -6] {
        // A draw or a loss at least, after a selective pass: the exact
        // search's move, which it searched after the guess's, at its bound.
        let proved = interrupted_choice(partial(at_least), guess, 99).expect("a move");
        assert_eq!(proved.mv, Move::Place(square), "{at_least}");
        assert_eq!(proved.eval, Some(Eval::Discs(f64::from(at_least))));
        assert_eq!(proved.nodes, 99);
        // Without a selective pass: the midgame search decides.
        assert_eq!(
            interrupted_choice(partial(at_least), None, 1),
            None,
            "{at_least}"
        );
    }
    // No move searched to the end: the selective pass's move, at its estimate.
    let guessed = interrupted_choice(None, guess, 99).expect("a guess");
    assert_eq!(guessed.mv, Move::Place(other));
    assert_eq!(guessed.eval, Some(Eval::Discs(6.0)));
    assert_eq!(interrupted_choice(None, None, 1234), None);
}

#[test]
fn on_time_the_exact_endgame_gives_way_to_the_deepening() {
    use reversi::{Board, Rules};
    // 22 empty squares cannot be solved in a few milliseconds, on 8×8 (the
    // solver) or 10×10 (the plain search): the deepening's move comes
    // instead, an estimate.
    for board in [Board::Size8, Board::Size10] {
        let game = endgame(Rules::builder(board).build().unwrap(), 22, 4);
        assert!(!game.is_over() && !game.must_pass());
        let mut bot = AlphaBeta::new(u32::MAX, 30).time(Some(Duration::from_millis(1)));
        let started = Instant::now();
        let choice = bot.choose(&game).unwrap();
        assert!(started.elapsed() < Duration::from_secs(10));
        assert!(game.is_legal(choice.mv));
        assert!(matches!(choice.eval, Some(Eval::Discs(_))), "{choice:?}");
    }
}

/// On time, the solver may take four times the move's time until a solve
/// has finished in the game, and half of it after. Timed against the solver
/// itself on this machine (a fresh one, as the bot's), on positions that
/// take it 15 ms or more: a position it solves in `s` is solved exactly by a
/// bot given `s` a move, but not by one whose first solve may take only half
/// of it (`first_solve_times(0)`); after that solve, a position of fewer
/// empty squares that takes `s2` is not solved exactly in a third of `s2` a
/// move (the solver has half of it; four times would have solved it).
#[test]
fn on_time_the_first_solve_of_a_game_takes_longer_than_the_next() {
    use reversi_engine::solver::Solver;
    let solve_time = |game: &Game| {
        let pos = reversi::TwoPlayer8::try_from(*game.position()).unwrap();
        (0..2)
            .map(|_| {
                let mut solver = Solver::with_table_bits(solver_table_bits(20));
                let started = Instant::now();
                solver.solve(&pos);
                started.elapsed()
            })
            .min()
            .unwrap()
    };
    let long = |game: &Game| {
        !game.is_over() && !game.must_pass() && solve_time(game) > Duration::from_millis(15)
    };
    let first = (0..)
        .map(|seed| endgame(reversi::Rules::default(), 19, seed))
        .find(long)
        .unwrap();
    let s = solve_time(&first);
    let mut halved = AlphaBeta::new(u32::MAX, 20)
        .time(Some(s))
        .first_solve_times(0);
    let choice = halved.choose(&first).unwrap();
    assert!(
        matches!(choice.eval, Some(Eval::Discs(_))),
        "{choice:?} in {s:?}"
    );
    let mut bot = AlphaBeta::new(u32::MAX, 20).time(Some(s));
    let choice = bot.choose(&first).unwrap();
    assert!(
        matches!(choice.eval, Some(Eval::Exact(_))),
        "{choice:?} in {s:?}"
    );
    // Another game's position, whose tree the table does not hold.
    let next = (100..)
        .map(|seed| endgame(reversi::Rules::default(), 17, seed))
        .find(long)
        .unwrap();
    let s2 = solve_time(&next);
    let mut bot = bot.time(Some(s2 / 3));
    let choice = bot.choose(&next).unwrap();
    assert!(
        matches!(choice.eval, Some(Eval::Discs(_))),
        "{choice:?} in {s2:?}"
    );
}

#[test]
fn a_timed_search_plays_within_its_time() {
    // Time is not asserted tightly (a test machine may be loaded): the
    // search of an unbounded depth ends, on time, at some depth.
    let game = Game::new(reversi::Rules::default());
    let mut bot = AlphaBeta::new(u32::MAX, 0).time(Some(Duration::from_millis(30)));
    let started = std::time::Instant::now();
    let choice = bot.choose(&game).unwrap();
    assert!(started.elapsed() < Duration::from_secs(10));
    assert!(game.is_legal(choice.mv));
    assert!(matches!(choice.eval, Some(Eval::Discs(_))));
}

#[test]
fn mcts_gives_no_value_for_a_forced_move() {
    let mut random = Random::new(5);
    let mut checked = 0;
    for seed in 0..40 {
        let mut game = Game::new(reversi::Rules::default());
        let mut bot = Mcts::new(seed).playouts(50);
        while !game.is_over() {
            let moves = game.position().legal_moves();
            if moves.len() == 1 {
                let choice = bot.choose(&game).unwrap();
                assert_eq!((choice.eval, choice.nodes), (None, 0));
                checked += 1;
            } else if moves.len() > 1 && checked == 0 {
                assert!(bot.choose(&game).unwrap().eval.is_some());
            }
            let choice = random.choose(&game).unwrap();
            game.play(choice.mv).unwrap();
        }
    }
    assert!(checked > 0, "no forced move in 40 games");
}

#[test]
fn each_bot_gives_its_evaluation_in_its_own_unit() {
    let game = Game::new(reversi::Rules::default());
    let ab = AlphaBeta::new(2, 0).choose(&game).unwrap();
    assert!(matches!(ab.eval, Some(Eval::Discs(_))), "{ab:?}");
    let mcts = Mcts::new(1).playouts(200).choose(&game).unwrap();
    match mcts.eval {
        Some(Eval::WinChance(c)) => assert!((0.0..=1.0).contains(&c), "{c}"),
        other => panic!("MCTS gave {other:?}"),
    }
    assert_eq!(mcts.eval.and_then(Eval::discs), None);
    assert_eq!(mcts.eval.and_then(Eval::evaluation), None);
    assert_eq!(Greedy::new(1).choose(&game).unwrap().eval, None);
}

#[test]
fn alpha_beta_is_exact_in_the_endgame_on_every_board() {
    use reversi::{Board, Rules};
    let boards = [Board::Size6, Board::Size8, Board::Size10, Board::Octagon];
    let mut checked = 0;
    for (i, board) in boards.into_iter().enumerate() {
        let rules = Rules::builder(board).build().unwrap();
        for seed in 0..4 {
            let game = endgame(rules, 7, 10 * i as u64 + seed);
            let pos = *game.position();
            if pos.is_over() || pos.must_pass() {
                continue;
            }
            // 8×8 goes to the solver, the others to the plain exact search.
            let choice = AlphaBeta::new(1, 8).choose(&game).unwrap();
            let best = best_margin(&pos);
            assert_eq!(choice.eval, Some(Eval::Exact(best)), "{board:?} {seed}");
            let after = pos.play(choice.mv).unwrap();
            assert_eq!(-best_margin(&after), best, "a best move, {board:?} {seed}");
            // Every ranked move is exact, and the first is worth the best.
            let ranked = rank_moves(&pos, &Limits::default().with_depth(1), 8).unwrap();
            assert!(ranked.iter().all(|c| c.eval.is_some_and(Eval::is_exact)));
            assert_eq!(ranked[0].eval, Some(Eval::Exact(best)));
            checked += 1;
        }
    }
    assert!(checked >= 12, "only {checked} endgames checked");
}

#[test]
fn evaluations_convert_to_records_and_show_their_unit() {
    use reversi::Evaluation;
    let e = |m| Some(Evaluation::from_millidiscs(m));
    assert_eq!(Eval::Exact(-12).evaluation(), e(-12_000));
    assert_eq!(Eval::Discs(2.3876).evaluation(), e(2_388));
    assert_eq!(Eval::Discs(-0.0004).evaluation(), e(0));
    assert_eq!(Eval::Discs(f64::NAN).evaluation(), None);
    assert_eq!(Eval::Discs(3e6).evaluation(), None);
    assert_eq!(Eval::WinChance(0.5).evaluation(), None);
    assert_eq!(Eval::Exact(12).to_string(), "+12");
    assert_eq!(Eval::Exact(0).to_string(), "+0");
    assert_eq!(Eval::Discs(-2.345).to_string(), "-2.35");
    assert_eq!(Eval::Discs(-0.001).to_string(), "+0.00");
    assert_eq!(Eval::Discs(-0.0).to_string(), "+0.00");
    assert_eq!(Eval::Discs(-0.006).to_string(), "-0.01");
    assert_eq!(Eval::WinChance(0.634).to_string(), "63%");
    assert!(Eval::Exact(0).is_exact() && !Eval::Discs(0.0).is_exact());
    let units = [Eval::Exact(-3), Eval::Discs(1.5), Eval::WinChance(0.25)];
    assert_eq!(units.map(Eval::unit), ["exact", "discs", "win_chance"]);
    assert_eq!(units.map(Eval::value), [-3.0, 1.5, 0.25]);
}

#[test]
fn moves_are_ranked_for_two_players_and_refused_for_more() {
    let two = AnyPosition::start(&reversi::Rules::default());
    let ranked = rank_moves(&two, &Limits::default().with_depth(2), 0).unwrap();
    assert_eq!(ranked.len(), 4);
    // Depth 0 is taken as 1, not as a depth that wraps around.
    assert_eq!(
        rank_moves(&two, &Limits::default().with_depth(0), 0)
            .unwrap()
            .len(),
        4
    );
    let four = reversi::Rules::builder(reversi::Board::Octagon)
        .players(4)
        .build()
        .unwrap();
    assert_eq!(
        rank_moves(
            &AnyPosition::start(&four),
            &Limits::default().with_depth(2),
            0
        )
        .unwrap_err(),
        BotError::Players {
            bot: "alphabeta".into(),
            players: 4
        }
    );
}
