use reversi::{AnyPosition, Position, Rules};
use std::collections::HashSet;

use reversi::TwoPlayer8;
use reversi_engine::search::alphabeta::{ProbCut, Searcher, INFINITY};
use reversi_engine::search::learn::*;
use reversi_engine::search::patterns::{Patterns, Training, PHASES, PROBCUT_DEPTHS};
use reversi_engine::Limits;

#[test]
fn selfplay_positions_are_distinct_midgame_positions_with_a_move() {
    let positions = selfplay_positions(20, 1);
    let mut seen = HashSet::new();
    for p in &positions {
        assert!(p.empty().len() >= 25);
        assert!(!p.legal_moves().is_empty());
        assert!(seen.insert((p.mine(), p.theirs())));
    }
    // Twenty games part: far more than one game's 36 positions.
    assert!(positions.len() > 300, "{}", positions.len());
    assert_eq!(selfplay_positions(20, 1), positions);
    assert_ne!(selfplay_positions(20, 2), positions);
}

#[test]
fn selfplay_lines_are_whole_games_the_same_on_any_threads() {
    let lines = selfplay_lines(6, 5, 1);
    assert_eq!(lines.len(), 6);
    let key = |p: &TwoPlayer8| (p.mine(), p.theirs());
    let start = TwoPlayer8::try_from(AnyPosition::start(&Rules::default())).unwrap();
    for line in &lines {
        assert_eq!(key(&line[0]), key(&start));
        for pair in line.windows(2) {
            let (before, after) = (pair[0], pair[1]);
            let moves = before.legal_moves();
            let next = if moves.is_empty() {
                vec![before.pass_unchecked()]
            } else {
                moves
                    .into_iter()
                    .map(|m| before.play_unchecked(m))
                    .collect()
            };
            assert!(next.iter().any(|n| key(n) == key(&after)));
        }
        // Played to the end: neither player has a move in the last position.
        let last = line.last().unwrap();
        assert!(last.legal_moves().is_empty());
        assert!(last.pass_unchecked().legal_moves().is_empty());
    }
    // The eight random plies part the games.
    let ninths: HashSet<_> = lines.iter().map(|l| key(&l[8])).collect();
    assert_eq!(ninths.len(), 6);
    assert_eq!(selfplay_lines(6, 5, 2), lines);
    // Game g draws from seed + g: seed 6's first five are seed 5's last five.
    assert_eq!(selfplay_lines(5, 6, 2), lines[1..]);
    assert!(selfplay_lines(0, 5, 2).is_empty());
}

#[test]
fn probcut_errors_are_the_deep_less_the_shallow_values_on_any_threads() {
    // Two positions of each of two phases (30 and 36 empty squares).
    let all = selfplay_positions(4, 3);
    let positions: Vec<TwoPlayer8> = [30, 36]
        .into_iter()
        .flat_map(|empties| {
            all.iter()
                .filter(move |p| p.empty().len() == empties)
                .take(2)
        })
        .copied()
        .collect();
    assert_eq!(positions.len(), 4);
    let errors = probcut_errors(Patterns::builtin(), &positions, 1);
    assert_eq!(probcut_errors(Patterns::builtin(), &positions, 2), errors);
    // Each phase and depth, against the values searched here: every depth
    // in turn from an empty table.
    let mut searcher = Searcher::new(Patterns::builtin()).with_table_bits(18);
    let values: Vec<Vec<i32>> = positions
        .iter()
        .map(|p| {
            searcher.clear();
            (0..=*PROBCUT_DEPTHS.end())
                .map(|depth| {
                    searcher
                        .start(&Limits::default())
                        .negamax(p, depth, -INFINITY, INFINITY)
                })
                .collect()
        })
        .collect();
    assert_eq!(errors.len(), 2 * PROBCUT_DEPTHS.count());
    for e in &errors {
        let shallow = ProbCut::shallow_depth(e.depth) as usize;
        let diffs: Vec<i32> = positions
            .iter()
            .zip(&values)
            .filter(|(p, _)| Patterns::phase(p.empty().len() as u32) == e.phase)
            .map(|(_, v)| v[e.depth as usize] - v[shallow])
            .collect();
        assert_eq!((e.positions, diffs.len()), (2, 2), "{e:?}");
        let mean = f64::from(diffs[0] + diffs[1]) / 2.0;
        assert_eq!(e.mean, mean.round() as i32, "{e:?}");
        // Two values: their standard deviation is their distance over the
        // square root of two.
        let spread = f64::from((diffs[0] - diffs[1]).abs()) / 2f64.sqrt();
        assert_eq!(e.spread, spread.round() as i32, "{e:?}");
    }
}

#[test]
fn the_midgame_learns_each_phase_but_the_endgames_the_same_on_any_threads() {
    let positions = selfplay_positions(2, 7);
    let training = Training {
        epochs: 2,
        ..Training::default()
    };
    let learn = |threads| {
        let mut patterns = Patterns::builtin().clone();
        let phases = std::sync::Mutex::new(Vec::new());
        let labelled = std::sync::atomic::AtomicUsize::new(0);
        midgame(
            &mut patterns,
            &positions,
            threads,
            &training,
            |step| match step {
                Labelling::Phase { phase, positions } => {
                    phases.lock().unwrap().push((phase, positions))
                }
                Labelling::Labelled => {
                    labelled.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
                // Labelling is non_exhaustive: later steps are not counted here.
                _ => {}
            },
        );
        let phases = phases.into_inner().unwrap();
        (patterns, phases, labelled.into_inner())
    };
    let (one, phases, labelled) = learn(1);
    assert_eq!(
        phases.iter().map(|p| p.0).collect::<Vec<_>>(),
        (1..PHASES).collect::<Vec<_>>()
    );
    assert_eq!(phases.iter().map(|p| p.1).sum::<usize>(), positions.len());
    assert_eq!(labelled, positions.len());
    let (two, ..) = learn(2);
    assert!(one == two, "the weights differ with two threads");
    // The endgame keeps its weights; each phase starts from the one
    // after it in the game (learned just before), and learns something
    // if it has positions.
    assert!(one.table(0) == Patterns::builtin().table(0));
    for (phase, count) in phases {
        let learned = one.table(phase) != one.table(phase - 1);
        assert_eq!(learned, count > 0, "phase {phase}, {count} positions");
    }
}

#[test]
fn sample_files_refuse_bad_lengths_and_overlaps() {
    assert_eq!(read_samples(&[0; 16]), Err(SampleFileError::Length(16)));
    let mut bytes = vec![0; 34];
    bytes[17] = 1;
    bytes[25] = 1;
    assert_eq!(read_samples(&bytes), Err(SampleFileError::Overlap(17)));
    assert_eq!(read_samples(&[]), Ok(Vec::new()));
}
