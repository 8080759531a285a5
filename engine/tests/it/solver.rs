//! The exact solver against a plain minimax written here, on small endgames of
//! every variant it takes: 8×8 and 6×6, Reversi and Anti-Reversi, blocked squares.
//! Each endgame comes from a seeded random game; the solver's score must be the
//! minimax score, and its move must reach that score.

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use reversi::{
    playout, AnyPosition, Board, Move, Position, Rules, Square, TwoPlayer10, TwoPlayer8,
};
use reversi_engine::solver::{Bound, SolveError, Solver, Window};
use reversi_engine::{Interruption, Limits};

/// The final margin with best play for the player to move, empties to the winner.
fn minimax<P: Position>(pos: &P) -> i32 {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        if pos.is_over() {
            return pos.final_margin();
        }
        return -minimax(&pos.pass_unchecked());
    }
    moves
        .iter()
        .map(|m| -minimax(&pos.play_unchecked(m)))
        .max()
        .unwrap()
}

/// A position of a random game of `rules` with `empties` empty squares, if the
/// game lasts that long.
fn endgame(rules: &Rules, empties: usize, seed: u64) -> Option<TwoPlayer8> {
    walk(
        TwoPlayer8::try_from(AnyPosition::start(rules)).unwrap(),
        empties,
        seed,
    )
}

/// Three endgames of 8×8 Reversi with `empties` empty squares that solve
/// quickly (the 9th to 11th of the seeded random games), with their places in
/// that sequence: for the tests of the selective passes, which start at 20.
fn quick_endgames(empties: usize) -> impl Iterator<Item = (usize, TwoPlayer8)> {
    let rules = Rules::builder(Board::Size8).build().unwrap();
    (0..)
        .filter_map(move |seed| endgame(&rules, empties, seed))
        .enumerate()
        .skip(8)
        .take(3)
}

/// `endgame` on 10×10 and the octagon.
fn endgame10(rules: &Rules, empties: usize, seed: u64) -> Option<TwoPlayer10> {
    walk(
        TwoPlayer10::try_from(AnyPosition::start(rules)).unwrap(),
        empties,
        seed,
    )
}

fn walk<P: Position>(mut pos: P, empties: usize, seed: u64) -> Option<P> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    while pos.empty().len() > empties {
        if pos.is_over() {
            return None;
        }
        pos = match playout::random_move(&pos, &mut rng) {
            Some(m) => pos.play_unchecked(m),
            None => pos.pass_unchecked(),
        };
    }
    Some(pos)
}

fn check(rules: Rules, empties: usize) {
    check_with_threads(rules, empties, 1);
}

fn check_with_threads(rules: Rules, empties: usize, threads: usize) {
    let mut solver = Solver::with_table_bits(16);
    solver.set_threads(threads);
    let mut solved = 0;
    for seed in 0..40 {
        let Some(pos) = endgame(&rules, empties, seed) else {
            continue;
        };
        let expected = minimax(&pos);
        let solution = solver.solve(&pos);
        assert_eq!(solution.score, expected, "{rules:?}, seed {seed}: score");
        match solution.best_move {
            Some(square) => {
                let spot = pos
                    .legal_moves()
                    .iter()
                    .find(|m| m.square() == square)
                    .unwrap_or_else(|| panic!("{rules:?}, seed {seed}: {square} is not legal"));
                assert_eq!(
                    -minimax(&pos.play_unchecked(spot)),
                    expected,
                    "{rules:?}, seed {seed}: {square} is not a best move"
                );
            }
            None => assert!(
                pos.legal_moves().is_empty(),
                "{rules:?}, seed {seed}: no move although there are legal ones"
            ),
        }
        solved += 1;
    }
    assert!(solved >= 20, "{rules:?}: only {solved} games lasted");
}

fn square(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn reversi_8x8() {
    check(Rules::builder(Board::Size8).build().unwrap(), 9);
}

/// Few enough empty squares for the solver's shallow search from the root.
#[test]
fn reversi_8x8_few_empties() {
    check(Rules::builder(Board::Size8).build().unwrap(), 5);
}

#[test]
fn two_threads_reach_the_minimax_score() {
    check_with_threads(Rules::builder(Board::Size8).build().unwrap(), 9, 2);
    check_with_threads(
        Rules::builder(Board::Size6).anti(true).build().unwrap(),
        9,
        2,
    );
}

/// Deep enough for the threads to put off each other's subtrees (from 12 empty
/// squares up): two and three threads give the one-thread score, and a best
/// move by that score.
#[test]
fn threads_give_the_one_thread_score() {
    let rules = Rules::builder(Board::Size8).build().unwrap();
    let endgames = (0..12).filter_map(|seed| endgame(&rules, 16, seed).map(AnyPosition::from));
    let solved = threads_give_the_one_thread_score_on(endgames);
    assert!(solved >= 8, "only {solved} games lasted");
}

/// The same on 10×10, where the threads share the root.
#[test]
fn threads_give_the_one_thread_score_on_10x10() {
    let rules = Rules::builder(Board::Size10).build().unwrap();
    let endgames = (0..10).filter_map(|seed| endgame10(&rules, 14, seed).map(AnyPosition::from));
    let solved = threads_give_the_one_thread_score_on(endgames);
    assert!(solved >= 6, "only {solved} games lasted");
}

/// Solves each endgame on one, two and three threads: the same score, and a
/// best move by it. How many endgames had a move to play.
fn threads_give_the_one_thread_score_on(endgames: impl Iterator<Item = AnyPosition>) -> usize {
    let [mut one, mut two, mut three] = [18, 18, 18].map(Solver::with_table_bits);
    two.set_threads(2);
    three.set_threads(3);
    assert_eq!(two.threads(), 2);
    let mut solved = 0;
    for (seed, pos) in endgames.enumerate() {
        if pos.legal_moves().is_empty() {
            continue;
        }
        let expected = one.solve_any(&pos).unwrap();
        for solver in [&mut two, &mut three] {
            let solution = solver.solve_any(&pos).unwrap();
            assert_eq!(solution.score, expected.score, "seed {seed}: score");
            let square = solution.best_move.expect("a best move");
            let after = pos.play(Move::Place(square)).unwrap();
            let reached = -one.solve_any(&after).unwrap().score;
            assert_eq!(reached, expected.score, "seed {seed}: not a best move");
        }
        solved += 1;
    }
    solved
}

#[test]
fn anti_reversi_8x8() {
    check(Rules::builder(Board::Size8).anti(true).build().unwrap(), 9);
}

#[test]
fn reversi_6x6() {
    check(Rules::builder(Board::Size6).build().unwrap(), 9);
}

#[test]
fn anti_reversi_6x6() {
    check(Rules::builder(Board::Size6).anti(true).build().unwrap(), 9);
}

#[test]
fn blocked_squares_8x8() {
    let rules = Rules::builder(Board::Size8)
        .blocked(vec![square("a1"), square("b7"), square("h4")])
        .build()
        .unwrap();
    check(rules, 9);
}

/// With one empty square left on a board of fewer than 64 squares, the score
/// counts that board's squares (the last-square shortcut once assumed 64).
#[test]
fn the_last_square_of_a_6x6_board() {
    let mut seen = 0;
    for seed in 0..40 {
        let rules = Rules::builder(Board::Size6).build().unwrap();
        if let Some(pos) = endgame(&rules, 1, seed) {
            let solution = Solver::with_table_bits(4).solve(&pos);
            assert_eq!(solution.score, minimax(&pos), "seed {seed}");
            assert!(
                solution.score.abs() <= 36,
                "seed {seed}: {}",
                solution.score
            );
            seen += 1;
        }
    }
    assert!(seen >= 10, "only {seen} games reached one empty square");
}

/// The generic path (the search framework to the end) on the 128-bit layout:
/// 10×10 and the octagon, Reversi and Anti-Reversi, through `solve_any` on
/// `threads` threads, with a table of 16 entries (most positions miss it) and
/// the principal variation, which must reach the score when played out; the
/// best move must reach it too.
fn check_generic(rules: Rules, empties: usize, threads: usize) {
    let mut solver = Solver::with_table_bits(4);
    solver.set_principal_variation(true).set_threads(threads);
    let mut solved = 0;
    for seed in 0..30 {
        let Some(pos) = endgame10(&rules, empties, seed) else {
            continue;
        };
        let expected = minimax(&pos);
        let solution = solver.solve_any(&AnyPosition::from(pos)).unwrap();
        assert_eq!(solution.score, expected, "{rules:?}, seed {seed}: score");
        assert_eq!(solution.bound, Bound::Exact);
        if let Some(square) = solution.best_move {
            let after = pos.play(Move::Place(square)).unwrap();
            assert_eq!(-minimax(&after), expected, "{rules:?}, seed {seed}: move");
        }
        assert_eq!(
            play_out(pos, &solution.pv),
            expected,
            "{rules:?}, seed {seed}: pv"
        );
        solved += 1;
    }
    assert!(solved >= 15, "{rules:?}: only {solved} games lasted");
}

/// Plays `line` from `pos` (passing where the player to move must) to the end,
/// and returns the final margin for the player to move at `pos`.
fn play_out<P: Position>(mut pos: P, line: &[Move]) -> i32 {
    let mover = pos.to_move();
    for &mv in line {
        pos = pos
            .play(mv)
            .unwrap_or_else(|e| panic!("{mv} in the principal variation: {e}"));
    }
    if !pos.is_over() {
        pos = pos.pass_unchecked();
    }
    assert!(
        pos.is_over(),
        "the principal variation stops before the end"
    );
    if pos.to_move() == mover {
        pos.final_margin()
    } else {
        -pos.final_margin()
    }
}

#[test]
fn reversi_10x10() {
    check_generic(Rules::builder(Board::Size10).build().unwrap(), 8, 1);
}

#[test]
fn anti_reversi_10x10() {
    check_generic(
        Rules::builder(Board::Size10).anti(true).build().unwrap(),
        8,
        1,
    );
}

#[test]
fn reversi_octagon() {
    check_generic(Rules::builder(Board::Octagon).build().unwrap(), 8, 1);
}

#[test]
fn two_threads_on_10x10_and_the_octagon() {
    check_generic(Rules::builder(Board::Size10).build().unwrap(), 9, 2);
    check_generic(
        Rules::builder(Board::Octagon).anti(true).build().unwrap(),
        9,
        2,
    );
}

/// The fast path's principal variation reaches the score when played out.
#[test]
fn the_principal_variation_reaches_the_score() {
    let rules = Rules::builder(Board::Size8).build().unwrap();
    let mut solver = Solver::with_table_bits(16);
    solver.set_principal_variation(true);
    for seed in 0..20 {
        let Some(pos) = endgame(&rules, 12, seed) else {
            continue;
        };
        let solution = solver.solve(&pos);
        if solution.best_move.is_some() {
            assert_eq!(play_out(pos, &solution.pv), solution.score, "seed {seed}");
        }
    }
}

/// With two threads, a solve stopped by a node limit is an interruption, and the
/// same solver then solves the position exactly, with a principal variation
/// that reaches the score (the stopped threads left nothing false behind).
#[test]
fn two_threads_stop_and_then_solve_with_a_principal_variation() {
    let rules = Rules::builder(Board::Size8).build().unwrap();
    let mut one = Solver::with_table_bits(18);
    let mut two = Solver::with_table_bits(18);
    two.set_threads(2).set_principal_variation(true);
    let mut solved = 0;
    for seed in 0..8 {
        let Some(pos) = endgame(&rules, 16, seed).filter(|p| !p.legal_moves().is_empty()) else {
            continue;
        };
        two.set_limits(Limits {
            nodes: Some(5000),
            ..Limits::default()
        });
        assert!(
            matches!(
                two.try_solve(&pos),
                Err(SolveError::Interrupted {
                    why: Interruption::Nodes,
                    ..
                })
            ),
            "seed {seed}: the node limit stops the threads"
        );
        two.set_limits(Limits::default());
        let solution = two.try_solve(&pos).unwrap();
        assert_eq!(solution.score, one.solve(&pos).score, "seed {seed}: score");
        assert_eq!(
            play_out(pos, &solution.pv),
            solution.score,
            "seed {seed}: pv"
        );
        solved += 1;
    }
    assert!(solved >= 5, "only {solved} games lasted");
}

/// Win/draw/loss and a window give bounds on the right side of the exact
/// score: on 8×8, and on 10×10 with one thread and two (whose threads share
/// the root's bounds).
#[test]
fn windows_give_bounds_on_the_right_side() {
    let rules = Rules::builder(Board::Size8).build().unwrap();
    let endgames = (0..30).filter_map(|seed| endgame(&rules, 11, seed).map(AnyPosition::from));
    windows_give_bounds(endgames.collect(), 1);
    let rules = Rules::builder(Board::Size10).build().unwrap();
    let endgames: Vec<_> = (0..30)
        .filter_map(|seed| endgame10(&rules, 11, seed).map(AnyPosition::from))
        .collect();
    windows_give_bounds(endgames.clone(), 1);
    windows_give_bounds(endgames, 2);
}

fn windows_give_bounds(endgames: Vec<AnyPosition>, threads: usize) {
    let mut exact = Solver::with_table_bits(16);
    let mut wdl = Solver::with_table_bits(16);
    wdl.set_window(Window::WinDrawLoss).set_threads(threads);
    let mut window = Solver::with_table_bits(16);
    window
        .set_window(Window::Between(-4, 4))
        .set_threads(threads);
    assert!(endgames.len() >= 20, "only {} games lasted", endgames.len());
    for (seed, pos) in endgames.iter().enumerate() {
        let score = exact.solve_any(pos).unwrap().score;
        for (solver, (low, high)) in [(&mut wdl, (-1, 1)), (&mut window, (-4, 4))] {
            let s = solver.solve_any(pos).unwrap();
            match s.bound {
                Bound::Exact => assert_eq!(s.score, score, "seed {seed}"),
                Bound::Lower => assert!(s.score >= high && score >= s.score, "seed {seed}"),
                Bound::Upper => assert!(s.score <= low && score <= s.score, "seed {seed}"),
            }
            assert_eq!(
                s.bound == Bound::Exact,
                low < score && score < high,
                "seed {seed}"
            );
        }
    }
}

/// A node limit, a set stop flag and a zero time limit each stop the solve with
/// their reason; the progress callback hears of every root move of a full
/// solve: on both paths.
#[test]
fn limits_stop_the_solve_and_progress_is_told() {
    let rules = Rules::builder(Board::Size8).build().unwrap();
    let pos = (0..)
        .find_map(|seed| endgame(&rules, 16, seed).filter(|p| !p.legal_moves().is_empty()))
        .unwrap();
    limits_stop_and_progress_is_told(AnyPosition::from(pos));
    let rules = Rules::builder(Board::Size10).build().unwrap();
    let pos = (0..)
        .find_map(|seed| endgame10(&rules, 14, seed).filter(|p| !p.legal_moves().is_empty()))
        .unwrap();
    limits_stop_and_progress_is_told(AnyPosition::from(pos));
}

fn limits_stop_and_progress_is_told(pos: AnyPosition) {
    let mut solver = Solver::with_table_bits(16);
    let cases = [
        (
            Limits {
                nodes: Some(1000),
                ..Limits::default()
            },
            Interruption::Nodes,
        ),
        (
            Limits {
                stop: Some(Arc::new(AtomicBool::new(true))),
                ..Limits::default()
            },
            Interruption::Stopped,
        ),
        (
            Limits {
                time: Some(std::time::Duration::ZERO),
                ..Limits::default()
            },
            Interruption::Time,
        ),
    ];
    for (limits, why) in cases {
        solver.set_limits(limits);
        match solver.solve_any(&pos) {
            Err(SolveError::Interrupted { why: reason, .. }) => assert_eq!(reason, why),
            other => panic!("{why:?}: {other:?}"),
        }
    }
    solver.set_limits(Limits::default());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&seen);
    solver.set_progress(move |p| {
        log.lock()
            .unwrap()
            .push((p.moves_searched, p.moves, p.pass, p.window))
    });
    let solution = solver.solve_any(&pos).unwrap();
    assert_eq!(
        solution.score,
        Solver::with_table_bits(16).solve_any(&pos).unwrap().score
    );
    let seen = seen.lock().unwrap();
    let moves = pos.legal_moves().len();
    assert!(!seen.is_empty() && seen.iter().all(|&(_, n, _, _)| n == moves));
    // The last pass's window holds the exact score.
    let (low, high) = seen.last().unwrap().3;
    assert!(
        low < solution.score && solution.score < high,
        "{low} {high}"
    );
    // Each pass counts the root moves from 1 to the last searched; the last
    // pass searches them all (the exact score was within its window).
    let last = seen.last().unwrap().2;
    for pass in 1..=last {
        let counts: Vec<usize> = seen.iter().filter(|s| s.2 == pass).map(|s| s.0).collect();
        assert_eq!(
            counts,
            (1..=counts.len()).collect::<Vec<_>>(),
            "pass {pass}"
        );
    }
    assert_eq!(seen.iter().filter(|s| s.2 == last).count(), moves);
}

/// From 20 empty squares up the root is searched selectively first: the
/// progress callback hears those passes, marked selective, before the exact
/// ones; the last pass is exact and its window holds the exact score. At 19
/// empty squares no pass is selective. (Endgames of seeded random games that
/// solve quickly.)
#[test]
fn selective_passes_come_before_the_exact_search_from_20_empties() {
    for empties in [19, 20] {
        for (i, pos) in quick_endgames(empties) {
            let seen = Arc::new(Mutex::new(Vec::new()));
            let log = Arc::clone(&seen);
            let mut solver = Solver::with_table_bits(18);
            solver.set_progress(move |p| log.lock().unwrap().push((p.pass, p.selective, p.window)));
            let solution = solver.solve(&pos);
            assert_eq!(solution.bound, Bound::Exact);
            let seen = seen.lock().unwrap();
            let selective: Vec<u32> = seen.iter().filter(|s| s.1).map(|s| s.0).collect();
            let exact: Vec<u32> = seen.iter().filter(|s| !s.1).map(|s| s.0).collect();
            assert_eq!(
                !selective.is_empty(),
                empties >= 20,
                "endgame {i}, {empties}"
            );
            assert!(
                selective.iter().all(|s| exact.iter().all(|e| s < e)),
                "endgame {i}, {empties}: {seen:?}"
            );
            let &(_, last_selective, (low, high)) = seen.last().unwrap();
            assert!(!last_selective && low < solution.score && solution.score < high);
        }
    }
}

/// Selective passes that cut wherever the shallow search lies beyond the
/// window at all (a margin of 0 discs) leave the table full of wrong bounds,
/// marked selective; the exact search after them must not cut on them: its
/// scores are those of the default solver, on one thread and two. The
/// endgames (20 empty squares) are three of seeded random games that solve
/// quickly; an exact search that took the selective bounds scored two of the
/// three wrong (and 5 of the first 12).
#[test]
fn the_exact_search_never_cuts_on_a_selective_bound() {
    let mut solver = Solver::with_table_bits(18);
    for (i, pos) in quick_endgames(20) {
        let score = solver.solve(&pos).score;
        for threads in [1, 2] {
            let mut careless = Solver::with_table_bits(18);
            careless.set_selective_margins(&[0]).set_threads(threads);
            assert_eq!(
                careless.solve(&pos).score,
                score,
                "endgame {i}, {threads} threads"
            );
        }
    }
}

/// A solve stopped during its selective passes gives back no move: none of
/// their root moves was searched to the end (the stop flag is set when the
/// progress callback hears the first selective root move).
#[test]
fn a_solve_stopped_in_a_selective_pass_gives_no_move() {
    let (_, pos) = quick_endgames(20).nth(1).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let mut solver = Solver::with_table_bits(18);
    solver.set_progress(move |p| {
        if p.selective {
            flag.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    });
    solver.set_limits(Limits {
        stop: Some(stop),
        ..Limits::default()
    });
    match solver.try_solve(&pos) {
        Err(SolveError::Interrupted {
            why: Interruption::Stopped,
            best,
            ..
        }) => assert_eq!(best, None),
        other => panic!("{other:?}"),
    }
}

/// A solve stopped in the exact search after its selective passes (the stop
/// flag set when the progress callback hears the first exact root move)
/// gives back the last selective pass's move and score as its guess, at
/// that pass's margin (8 discs).
#[test]
fn a_solve_stopped_after_its_selective_passes_gives_their_guess() {
    for (i, pos) in quick_endgames(20) {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::clone(&seen);
        let mut solver = Solver::with_table_bits(18);
        solver.set_progress(move |p| {
            if p.selective {
                log.lock().unwrap().push((p.best_move, p.score));
            } else {
                flag.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        });
        solver.set_limits(Limits {
            stop: Some(stop),
            ..Limits::default()
        });
        let Err(SolveError::Interrupted {
            why: Interruption::Stopped,
            guess: Some(guess),
            ..
        }) = solver.try_solve(&pos)
        else {
            panic!("endgame {i}: not stopped with a guess");
        };
        let last = seen.lock().unwrap().last().copied();
        assert_eq!(Some((guess.best_move, guess.score)), last, "endgame {i}");
        assert_eq!(guess.margin, 8);
        assert!(pos.is_legal(guess.best_move), "endgame {i}");
    }
}

/// Below 20 empty squares there is no selective pass, so an interrupted
/// solve has no guess.
#[test]
fn an_interrupted_solve_below_20_empties_has_no_guess() {
    let rules = Rules::builder(Board::Size8).build().unwrap();
    let mut solver = Solver::with_table_bits(16);
    solver.set_limits(Limits {
        nodes: Some(20_000),
        ..Limits::default()
    });
    let mut interrupted = 0;
    for pos in (0..6).filter_map(|seed| endgame(&rules, 19, seed)) {
        match solver.try_solve(&pos) {
            Err(SolveError::Interrupted { guess, .. }) => {
                interrupted += 1;
                assert_eq!(guess, None);
            }
            other => assert!(other.is_ok(), "{other:?}"),
        }
    }
    assert!(interrupted > 0);
}

/// A multi-player position is refused with a typed error.
/// An interrupted solve gives back the best move it had searched to the end,
/// with a score the position reaches at least: never above the exact score,
/// and the move reaches it. Too small a budget to finish a root move gives
/// nothing.
#[test]
fn an_interrupted_solve_gives_its_best_move_so_far_with_a_lower_bound() {
    let rules = Rules::builder(Board::Size8).build().unwrap();
    let endgames = (0..12).filter_map(|seed| endgame(&rules, 16, seed).map(AnyPosition::from));
    interrupted_solves_give_a_lower_bound(endgames);
}

/// The same on 10×10, which the search framework solves; with two threads,
/// the best move may come from the helper, and must be as sure.
#[test]
fn an_interrupted_solve_on_10x10_gives_its_best_move_so_far() {
    let rules = Rules::builder(Board::Size10).build().unwrap();
    let endgames: Vec<_> = (0..12)
        .filter_map(|seed| endgame10(&rules, 13, seed).map(AnyPosition::from))
        .collect();
    interrupted_solves_give_a_lower_bound(endgames.clone().into_iter());
    interrupted_solves_give_a_lower_bound_with_threads(endgames.into_iter(), 2);
}

fn interrupted_solves_give_a_lower_bound(endgames: impl Iterator<Item = AnyPosition>) {
    let (with_best, without) = interrupted_solves_give_a_lower_bound_with_threads(endgames, 1);
    assert!(
        with_best > 0 && without > 0,
        "{with_best} with a move, {without} without"
    );
}

/// Solves each endgame exactly, then within node limits too small to finish
/// on `threads` threads: a best move so far must reach its bound, which must
/// not pass the exact score. How many interrupted solves gave a move, and
/// how many none.
fn interrupted_solves_give_a_lower_bound_with_threads(
    endgames: impl Iterator<Item = AnyPosition>,
    threads: usize,
) -> (usize, usize) {
    let mut solver = Solver::with_table_bits(16);
    solver.set_threads(threads);
    let (mut with_best, mut without) = (0, 0);
    for (seed, pos) in endgames.enumerate() {
        if pos.legal_moves().len() < 2 {
            continue;
        }
        solver.set_limits(Limits::default());
        let exact = solver.solve_any(&pos).unwrap();
        for nodes in [100, exact.nodes / 2] {
            solver.set_limits(Limits {
                nodes: Some(nodes),
                ..Limits::default()
            });
            match solver.solve_any(&pos) {
                Err(SolveError::Interrupted {
                    why: Interruption::Nodes,
                    best: Some(best),
                    ..
                }) => {
                    with_best += 1;
                    assert!(best.at_least <= exact.score, "seed {seed}: {best:?}");
                    // The move reaches it (the solver is checked against
                    // minimax above, on smaller endgames).
                    let after = pos.play(Move::Place(best.best_move)).unwrap();
                    let reached = -Solver::with_table_bits(16).solve_any(&after).unwrap().score;
                    assert!(reached >= best.at_least, "seed {seed}: {best:?}");
                }
                Err(SolveError::Interrupted {
                    why: Interruption::Nodes,
                    best: None,
                    ..
                }) => without += 1,
                Ok(_) => {}
                other => panic!("seed {seed}: {other:?}"),
            }
        }
    }
    (with_best, without)
}

/// A stop flag set before the solve stops it even with a few empty squares,
/// below the searches that look at the limits at every node.
#[test]
fn a_set_stop_flag_stops_a_solve_of_few_empty_squares() {
    let stop = Limits::default().with_stop(Arc::new(AtomicBool::new(true)));
    let mut solver = Solver::with_table_bits(8);
    solver.set_limits(stop);
    let eight = Rules::builder(Board::Size8).build().unwrap();
    let ten = Rules::builder(Board::Size10).build().unwrap();
    for empties in [2, 5, 7] {
        let small = (0..)
            .find_map(|seed| endgame(&eight, empties, seed))
            .unwrap();
        let large = (0..)
            .find_map(|seed| endgame10(&ten, empties, seed))
            .unwrap();
        for pos in [AnyPosition::from(small), AnyPosition::from(large)] {
            match solver.solve_any(&pos) {
                Err(SolveError::Interrupted {
                    why: Interruption::Stopped,
                    ..
                }) => {}
                other => panic!("{empties} empties on {:?}: {other:?}", pos.board()),
            }
        }
    }
}

#[test]
fn multi_player_positions_are_refused() {
    let rules = Rules::builder(Board::Size8).players(3).build().unwrap();
    let err = Solver::with_table_bits(4)
        .solve_any(&AnyPosition::start(&rules))
        .unwrap_err();
    assert!(matches!(err, SolveError::Position(_)), "{err:?}");
}

/// The published result (tests/data/6x6/SOURCE.md, Feinstein 1993): perfect play
/// from the 6×6 start ends 16–20, White ahead by 4, so −4 for Black to move.
#[test]
#[ignore = "about 2.5 minutes in a release build, 4.4 G nodes (Intel Xeon, 2026-12-02): cargo test --release -p reversi-engine --test it solver:: -- --ignored"]
fn the_6x6_start_is_a_white_win_by_4() {
    let rules = Rules::builder(Board::Size6).build().unwrap();
    let solution = Solver::default()
        .solve_any(&AnyPosition::start(&rules))
        .unwrap();
    assert_eq!(solution.score, -4);
    assert_eq!(solution.bound, Bound::Exact);
}

/// FFO 1–19 (14 to 16 empties: the learned ordering and, at 16, the
/// aspiration window are at work): the learned
/// ordering on and off give the same exact scores, and windows wide enough for
/// an aspiration window inside them give bounds on the right side.
#[test]
fn learned_ordering_and_aspiration_keep_the_scores() {
    let text = include_str!("../../../tests/data/ffo/fforum-1-19.obf");
    let mut learned = Solver::with_table_bits(18);
    let mut plain = Solver::with_table_bits(18);
    plain.set_learned_ordering(false);
    let mut nodes = (0, 0);
    for (n, line) in text.lines().enumerate() {
        let on = learned.solve_obf(line).unwrap();
        let off = plain.solve_obf(line).unwrap();
        assert_eq!(on.score, off.score, "FFO {}", n + 1);
        nodes = (nodes.0 + on.nodes, nodes.1 + off.nodes);
        for (low, high) in [
            (-64, on.score - 2),
            (on.score, 64),
            (-30, 30),
            (on.score - 12, on.score + 12),
        ] {
            let mut windowed = Solver::with_table_bits(18);
            windowed.set_window(Window::Between(low, high));
            let s = windowed.solve_obf(line).unwrap();
            match s.bound {
                Bound::Exact => assert_eq!(s.score, on.score, "FFO {}", n + 1),
                Bound::Lower => assert!(s.score >= high && on.score >= s.score, "FFO {}", n + 1),
                Bound::Upper => assert!(
                    s.score <= low && on.score <= s.score,
                    "FFO {} ({low}, {high}): {s:?} against {}",
                    n + 1,
                    on.score
                ),
            }
            assert_eq!(
                s.bound == Bound::Exact,
                low < on.score && on.score < high,
                "FFO {}",
                n + 1
            );
        }
    }
    // The two orderings search different trees.
    assert_ne!(nodes.0, nodes.1);
}

#[test]
fn a_kept_table_gives_the_scores_of_an_empty_one_along_games_and_across_rules() {
    let mut kept = Solver::with_table_bits(16);
    kept.set_keep_table(true);
    let mut fresh = Solver::with_table_bits(16);
    let rules = Rules::builder(Board::Size8).build().unwrap();
    for seed in 0..6 {
        // Down one game, as a bot solves move after move.
        let Some(mut pos) = endgame(&rules, 14, seed) else {
            continue;
        };
        while !pos.is_over() {
            let (with_kept, alone) = (kept.solve(&pos), fresh.solve(&pos));
            assert_eq!(with_kept.score, alone.score, "seed {seed}, {pos:?}");
            if let Some(square) = with_kept.best_move {
                let spot = pos.legal_moves().iter().find(|m| m.square() == square);
                let after = pos.play_unchecked(spot.expect("a legal move"));
                assert_eq!(-fresh.solve(&after).score, alone.score, "{square}");
            }
            // The same position again: the kept table holds its proof (from
            // 10 empty squares up; below, a search costs little either way).
            let again = kept.solve(&pos);
            assert_eq!(again.score, alone.score);
            assert!(
                pos.empty().len() < 10 || again.nodes * 4 < alone.nodes,
                "seed {seed}: {} nodes again, {} alone",
                again.nodes,
                alone.nodes
            );
            pos = match pos.legal_moves().iter().next() {
                Some(m) => pos.play_unchecked(m),
                None => pos.pass_unchecked(),
            };
        }
        // The same discs under Reversi's rules, Anti-Reversi's, then
        // Reversi's again: the keys tell the rules apart, so that what the
        // table kept of the others does not count.
        let Some(start) = endgame(&rules, 10, seed) else {
            continue;
        };
        let text = AnyPosition::from(start).to_string();
        for anti in [false, true, false] {
            let game = reversi::Game::from_position_str(&text, 2, anti).unwrap();
            let pos = TwoPlayer8::try_from(*game.position()).unwrap();
            assert_eq!(
                kept.solve(&pos).score,
                minimax(&pos),
                "seed {seed}, anti {anti}"
            );
        }
    }
}

/// A kept table after interrupted solves, selective passes and aspiration
/// (from 20 empty squares), on two threads, on 6×6 and with blocked squares:
/// the scores of a solver that starts empty.
#[test]
fn a_kept_table_gives_exact_scores_after_interruptions_and_selective_passes() {
    let mut kept = Solver::with_table_bits(18);
    kept.set_keep_table(true).set_threads(2);
    let mut fresh = Solver::with_table_bits(18);
    let mut solve_both = |pos: &TwoPlayer8, what: &str| {
        kept.set_limits(Limits::default().with_nodes(20_000));
        let _ = kept.try_solve(pos);
        kept.set_limits(Limits::default());
        assert_eq!(
            kept.solve(pos).score,
            fresh.solve(pos).score,
            "{what}: {pos:?}"
        );
    };
    for (i, pos) in quick_endgames(20) {
        solve_both(&pos, &format!("endgame {i}"));
    }
    let six = Rules::builder(Board::Size6).build().unwrap();
    let blocked = Rules::builder(Board::Size8)
        .blocked(vec![square("a1"), square("d7")])
        .build()
        .unwrap();
    for (rules, empties) in [(six, 14), (blocked, 14)] {
        for seed in 0..3 {
            if let Some(pos) = endgame(&rules, empties, seed) {
                solve_both(&pos, &format!("{rules:?}, seed {seed}"));
            }
        }
    }
}
