//! The engine's exact solver (`reversi_engine::solver`) against the published
//! exact scores of the FFO endgame suite (tests/data/ffo/SOURCE.md): every
//! position's score must be the best published score, and its move one of the
//! moves published with that score.

use reversi_engine::solver::Solver;

/// The published `MOVE:SCORE` pairs of an OBF line.
fn published(line: &str) -> Vec<(String, i32)> {
    line.split(';')
        .skip(1)
        .filter_map(|pair| {
            let (mv, score) = pair.trim().split_once(':')?;
            Some((mv.to_lowercase(), score.parse().ok()?))
        })
        .collect()
}

fn check(file: &str, numbers: std::ops::RangeInclusive<usize>, first_number: usize) {
    check_with_threads(file, numbers, first_number, 1);
}

fn check_with_threads(
    file: &str,
    numbers: std::ops::RangeInclusive<usize>,
    first_number: usize,
    threads: usize,
) {
    // `file` from the workspace's root, where the data is.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(file);
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut solver = Solver::default();
    solver.set_threads(threads);
    for number in numbers {
        let line = lines[number - first_number];
        let answers = published(line);
        let best = answers.iter().map(|a| a.1).max().unwrap();
        let solution = solver.solve_obf(line).unwrap();
        assert_eq!(solution.score, best, "FFO #{number}: score");
        let mv = solution
            .best_move
            .expect("every FFO position has a move")
            .to_string();
        assert!(
            answers.iter().any(|(m, s)| *m == mv && *s == best),
            "FFO #{number}: {mv} is not a best move ({answers:?})"
        );
    }
}

#[test]
fn ffo_1_to_19() {
    check("tests/data/ffo/fforum-1-19.obf", 1..=19, 1);
}

#[test]
fn ffo_1_to_19_with_two_threads() {
    check_with_threads("tests/data/ffo/fforum-1-19.obf", 1..=19, 1, 2);
}

#[test]
#[ignore = "about a minute in release mode: cargo test --release -p reversi-engine --test it solve:: -- --ignored"]
fn ffo_40_to_44() {
    check("tests/data/ffo/fforum-40-59.obf", 40..=44, 40);
}
