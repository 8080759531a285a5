use reversi::Position;
use reversi::TwoPlayer8;
use reversi::{Bitboard, Board, Color};
use reversi_engine::search::patterns::*;

use crate::solver_parts::xorshift;

/// The position with Black (`mine`) to move against White (`theirs`).
fn position(mine: u64, theirs: u64) -> TwoPlayer8 {
    TwoPlayer8::from_bitboards(
        Board::Size8,
        Bitboard::from_bits(mine),
        Bitboard::from_bits(theirs),
        Color::Black,
    )
    .unwrap()
}

/// The squares an instance reads, found by reading single-disc boards.
fn instance_squares(pattern: &Pattern, s: usize) -> u64 {
    (0..64)
        .filter(|&sq| (pattern.read)(transforms(1 << sq)[s]) != 0)
        .fold(0, |acc, sq| acc | 1 << sq)
}

#[test]
fn each_pattern_reads_its_squares_in_distinct_instances_covering_its_orbit() {
    for (p, pattern) in PATTERNS.iter().enumerate() {
        let sets: Vec<u64> = pattern
            .instances
            .iter()
            .map(|&s| instance_squares(pattern, s))
            .collect();
        let mut orbit: Vec<u64> = (0..8).map(|s| instance_squares(pattern, s)).collect();
        orbit.sort();
        orbit.dedup();
        let mut distinct = sets.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(
            distinct.len(),
            sets.len(),
            "pattern {p} repeats an instance"
        );
        assert_eq!(distinct, orbit, "pattern {p} misses an instance");
        for set in sets {
            assert_eq!(set.count_ones(), pattern.squares, "pattern {p}");
        }
        // Each square read lands on its own bit, below the pattern's size.
        for sq in 0..64 {
            let v = (pattern.read)(1 << sq);
            assert!(
                v.count_ones() <= 1 && v < 1 << pattern.squares,
                "pattern {p}"
            );
        }
    }
    let total: usize = PATTERNS.iter().map(|p| p.instances.len()).sum();
    assert_eq!(total, PATTERN_INSTANCES);
}

#[test]
fn the_transforms_are_the_eight_symmetries() {
    let b: u64 = 0x0000_0000_0000_0102; // b1 and a2
    let t = transforms(b);
    assert_eq!(t[1], 0x0201_0000_0000_0000); // b8 and a7
    assert_eq!(t[2], 0x0000_0000_0000_8040); // g1 and h2
    assert_eq!(t[4], b); // symmetric about a1–h8
    let mut all = t.to_vec();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 4);
}

#[test]
fn the_builtin_weights_score_mirror_images_alike() {
    // Learned from each position in its eight forms, then each pattern's
    // weights made symmetric: mirror images score exactly alike, in the
    // midgame (53 empty squares) and in the endgame (20).
    let patterns = Patterns::builtin();
    for (mine, theirs) in [
        (0x0000_0018_3c00_0000u64, 0x0000_3c20_0000_0000u64),
        (0x0000_1c3c_7e7e_3c18, 0x3c7e_8000_0000_81e7),
    ] {
        let (m, t) = (transforms(mine), transforms(theirs));
        let base = patterns.evaluate(&position(mine, theirs));
        for k in 0..8 {
            let e = patterns.evaluate(&position(m[k], t[k]));
            assert_eq!(e, base, "symmetry {k}");
        }
    }
}

/// The weight indices of the pattern instances as the module's
/// documentation defines them, the slow way: each instance's squares read
/// one by one into a base-3 index (1 the mover's disc, 2 the opponent's),
/// after the weights of the patterns before its own.
fn indices_by_definition(mine: u64, theirs: u64) -> Vec<u32> {
    let (mt, tt) = (transforms(mine), transforms(theirs));
    let (mut indices, mut offset) = (Vec::new(), 0);
    for pattern in &PATTERNS {
        for &s in pattern.instances {
            let (m, t) = ((pattern.read)(mt[s]), (pattern.read)(tt[s]));
            let index: u32 = (0..pattern.squares)
                .map(|j| (m >> j & 1 | (t >> j & 1) << 1) as u32 * 3u32.pow(j))
                .sum();
            indices.push(offset + index);
        }
        offset += 3u32.pow(pattern.squares);
    }
    indices
}

/// The evaluation as the module's documentation defines it: the weights at
/// [`indices_by_definition`] in `Patterns::table`, then those of the tables
/// of the counts (the mover's and the opponent's moves up to 32, potential
/// moves up to 64, empty squares) after the patterns'.
fn evaluation_by_definition(patterns: &Patterns, pos: &TwoPlayer8) -> i32 {
    let table = patterns.table(Patterns::phase(pos.empty().len() as u32));
    let indices = indices_by_definition(pos.mine().bits(), pos.theirs().bits());
    let mut sum: i32 = indices.iter().map(|&i| table[i as usize] as i32).sum();
    let mut offset: usize = PATTERNS.iter().map(|p| 3usize.pow(p.squares)).sum();
    let me = pos.to_move();
    let counts = [
        (pos.legal_moves().len(), 32),
        (pos.mobility(me.opponent()).len(), 32),
        (reversi::features::potential_mobility(pos, me).len(), 64),
        (
            reversi::features::potential_mobility(pos, me.opponent()).len(),
            64,
        ),
        (pos.empty().len(), 64),
    ];
    for (count, most) in counts {
        sum += table[offset + count.min(most)] as i32;
        offset += most + 1;
    }
    assert_eq!(offset, WEIGHTS);
    sum
}

/// Boards drawn from a fixed xorshift sequence: dense (5 or more empty
/// squares), half full and sparse in turn, so every phase.
fn boards(count: usize) -> Vec<(u64, u64)> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    (0..count)
        .map(|i| {
            let occupied = match i % 3 {
                0 => xorshift(&mut state),
                1 => xorshift(&mut state) | xorshift(&mut state),
                _ => xorshift(&mut state) & xorshift(&mut state),
            };
            let mine = occupied & xorshift(&mut state);
            (mine, occupied & !mine)
        })
        .collect()
}

#[test]
fn the_pattern_indices_are_their_definition_by_shifts_and_by_pext() {
    // The evaluation reads the patterns' squares by `pext` where the
    // processor has a fast one, by shifts elsewhere: both give each
    // instance's index once, in the order of the instances.
    let mut by_pext = 0;
    for (mine, theirs) in boards(3_000) {
        let expected = indices_by_definition(mine, theirs);
        let (shifts, pext) = pattern_indices(mine, theirs);
        assert_eq!(shifts.to_vec(), expected, "{mine:#x} {theirs:#x}");
        if let Some(pext) = pext {
            assert_eq!(pext.to_vec(), expected, "{mine:#x} {theirs:#x}");
            by_pext += 1;
        }
    }
    // Machines with BMI2 (and not an AMD processor before Zen 3) read by
    // `pext`: all or none of the boards.
    assert!(by_pext == 0 || by_pext == 3_000);
}

#[test]
fn the_evaluation_is_its_definition() {
    // The sum of the weights the definition names, whichever way this
    // processor reads the patterns.
    let patterns = Patterns::builtin();
    for (mine, theirs) in boards(3_000) {
        let pos = position(mine, theirs);
        assert_eq!(
            patterns.evaluate(&pos),
            evaluation_by_definition(patterns, &pos),
            "{mine:#x} {theirs:#x}"
        );
    }
}

#[test]
fn the_builtin_weights_prefer_the_best_move_to_the_worst_of_ffo_1_to_19() {
    // Each FFO line lists moves with their exact scores, best first: the
    // learned evaluation of the position after the best move should beat
    // that after the worst listed one. It was learned on other positions
    // (games from WTHOR and self-play).
    let text = include_str!("../../../tests/data/ffo/fforum-1-19.obf");
    let patterns = Patterns::builtin();
    let (mut right, mut lines) = (0, 0);
    for line in text.lines() {
        let board = reversi::text::obf::parse(line).unwrap();
        let pos = TwoPlayer8::try_from(*board.game.position()).unwrap();
        let moves: Vec<&str> = board
            .annotations
            .split(';')
            .filter_map(|pair| pair.trim().split(':').next())
            .filter(|m| !m.is_empty())
            .collect();
        let after = |name: &str| {
            let square: reversi::Square = name.to_ascii_lowercase().parse().unwrap();
            let child = pos.play_unchecked(reversi::Spot::from_square(square).unwrap());
            -patterns.evaluate(&child)
        };
        lines += 1;
        right += (after(moves[0]) > after(moves[moves.len() - 1])) as u32;
    }
    assert_eq!(lines, 19);
    assert!(right >= 16, "{right} of 19");
}

#[test]
fn weight_files_of_the_wrong_length_are_refused() {
    assert_eq!(
        Patterns::from_bytes(&[0; 10]),
        Err(PatternsError { found: 10 })
    );
    let builtin = Patterns::builtin();
    assert_eq!(&Patterns::from_bytes(&builtin.to_bytes()).unwrap(), builtin);
}

#[test]
fn the_phases_cover_every_empty_square_count_once_in_order() {
    let mut next = 0;
    for phase in 0..PHASES {
        let empties = Patterns::phase_empties(phase);
        assert_eq!(*empties.start(), next, "phase {phase}");
        for e in empties.clone() {
            assert_eq!(Patterns::phase(e), phase, "{e} empty squares");
        }
        next = empties.end() + 1;
    }
    assert_eq!(next, 65);
    assert_eq!(Patterns::phase(24), 0);
    assert_eq!(Patterns::phase(25), 1);
}

#[test]
fn training_changes_only_the_phases_it_has_samples_of() {
    // A position with 60 empty squares but for its discs: the last phase.
    let sample = Sample {
        position: position(0x0000_0008_1000_0000, 0x0000_0010_0800_0000),
        score: 10,
    };
    let mut learned = Patterns::builtin().clone();
    learned.train(&[sample], &Training::default());
    let last = PHASES - 1;
    for phase in 0..PHASES {
        let same = learned.table(phase) == Patterns::builtin().table(phase);
        assert_eq!(same, phase != last, "phase {phase}");
    }
    // Toward the sample's score, from where the weights were.
    let (before, after) = (
        Patterns::builtin().evaluate(&sample.position),
        learned.evaluate(&sample.position),
    );
    assert!(
        (after - 10 * Patterns::ONE_DISC).abs() < (before - 10 * Patterns::ONE_DISC).abs(),
        "{before} -> {after}"
    );
}

#[test]
fn the_builtin_midgame_weights_predict_tournament_results_better_than_the_endgames() {
    // Each WTHOR game's position from 25 to 50 empty squares against the
    // game's theoretical result for the player to move: the weights of
    // each phase come nearer than the endgame's weights would there.
    let builtin = Patterns::builtin();
    let mut endgame_everywhere = builtin.clone();
    for phase in 1..PHASES {
        endgame_everywhere.copy_phase(0, phase);
    }
    let bytes = include_bytes!("../../../tests/data/wthor/WTH_2015.wtb");
    let database = reversi::text::wthor::Database::parse(bytes).unwrap();
    let (mut phased, mut flat, mut n) = (0i64, 0i64, 0i64);
    for game in database.games().flatten() {
        let margin = 2 * game.theoretical_score as i32 - 64;
        for ply in game.record.game().line() {
            let Ok(pos) = TwoPlayer8::try_from(*ply.before()) else {
                continue;
            };
            if !(25..=50).contains(&pos.empty().len()) {
                continue;
            }
            let target = if pos.to_move() == reversi::Color::Black {
                margin
            } else {
                -margin
            } * Patterns::ONE_DISC;
            phased += i64::from((builtin.evaluate(&pos) - target).abs());
            flat += i64::from((endgame_everywhere.evaluate(&pos) - target).abs());
            n += 1;
        }
    }
    assert!(n > 40_000, "{n} positions");
    assert!(
        phased < flat,
        "mean error {} against {}",
        phased / n,
        flat / n
    );
}

#[test]
fn probcut_leaves_a_search_to_the_end_exact_and_cuts_one_that_stops_short() {
    use reversi_engine::bot::Eval;
    use reversi_engine::search::alphabeta::Searcher;
    use reversi_engine::solver::Solver;
    // Endgames of 14 to 18 empty squares, the first legal move played
    // from the start (passing where forced).
    let mut game = reversi::Game::new(reversi::Rules::default());
    let mut checked = 0;
    while game.position().empty().len() > 13 {
        if game.must_pass() {
            game.pass().unwrap();
            continue;
        }
        if game.position().empty().len() <= 18 {
            let pos = TwoPlayer8::try_from(*game.position()).unwrap();
            let exact = Solver::with_table_bits(16).solve(&pos).score;
            let cutting =
                || Searcher::new(Patterns::builtin()).with_probcut(Patterns::probcut(1.0));
            // To the end (no depth): exact, the solver's score.
            let found = cutting()
                .search(&pos, &reversi_engine::Limits::default())
                .unwrap();
            assert_eq!(found.eval(), Eval::Exact(exact), "{pos:?}");
            // Short of the end: cut, so fewer nodes than without.
            let limits = reversi_engine::Limits::default().with_depth(10);
            let cut = cutting().search(&pos, &limits).unwrap().nodes;
            let full = Searcher::new(Patterns::builtin())
                .search(&pos, &limits)
                .unwrap()
                .nodes;
            assert!(
                cut < full,
                "{cut} nodes with ProbCut, {full} without, {pos:?}"
            );
            checked += 1;
        }
        let first = game.legal_moves().iter().next().unwrap();
        game.play(first).unwrap();
    }
    assert!(checked >= 4, "{checked}");
}

#[test]
fn probcut_cuts_the_searches_where_it_was_measured() {
    let error = Patterns::probcut(1.0).error;
    // Measured for every phase and depth, the endgame's too.
    for phase in 0..PHASES {
        let empties = *Patterns::phase_empties(phase).start();
        for depth in PROBCUT_DEPTHS {
            let (_, spread) = error(empties, depth).expect("measured");
            assert!(spread > 0, "phase {phase} depth {depth}");
        }
        // Deeper: the deepest measured of the same parity.
        assert_eq!(error(empties, 12), error(empties, 10));
        assert_eq!(error(empties, 13), error(empties, 9));
    }
    // Not below the depth the cut starts at.
    assert_eq!(
        error(
            24,
            reversi_engine::search::alphabeta::ProbCut::MIN_DEPTH - 1
        ),
        None
    );
    // The same depth in fewer nodes, on a position of the midgame.
    let mut game = reversi::Game::new(reversi::Rules::default());
    game.play_moves("f5d6c3d3c4f4f6f3e6e7d7c5").unwrap();
    let pos = TwoPlayer8::try_from(*game.position()).unwrap();
    let limits = reversi_engine::Limits::default().with_depth(8);
    let nodes = |probcut: Option<f32>| {
        let mut searcher = reversi_engine::search::alphabeta::Searcher::new(Patterns::builtin());
        searcher.set_probcut(probcut.map(Patterns::probcut));
        let found = searcher.search(&pos, &limits).unwrap();
        assert!(pos.legal_moves().contains(found.best));
        found.nodes
    };
    let (full, cut) = (nodes(None), nodes(Some(1.0)));
    assert!(cut < full, "{cut} nodes with ProbCut, {full} without");
}

#[test]
fn training_fits_a_rule_the_patterns_can_express() {
    // The score: corners held, mine minus theirs, times 10.
    let mut samples = Vec::new();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..2000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let occupied = state | 0x0000_0018_1800_0000;
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let (mine, theirs) = (occupied & state, occupied & !state);
        let corners = 0x8100_0000_0000_0081u64;
        let score =
            10 * ((mine & corners).count_ones() as i32 - (theirs & corners).count_ones() as i32);
        samples.push(Sample {
            position: position(mine, theirs),
            score,
        });
    }
    let mut learned = Patterns::zero();
    let training = Training {
        epochs: 10,
        seed: 1,
        ..Training::default()
    };
    learned.train(&samples, &training);
    let error: i32 = samples
        .iter()
        .map(|s| (learned.evaluate(&s.position) - s.score * Patterns::ONE_DISC).abs())
        .sum::<i32>()
        / samples.len() as i32;
    assert!(error < 2 * Patterns::ONE_DISC, "mean error {error}");
    // Mirror images alike, exactly.
    for s in &samples[..20] {
        let (m, t) = (
            transforms(s.position.mine().bits()),
            transforms(s.position.theirs().bits()),
        );
        let base = learned.evaluate(&s.position);
        for k in 0..8 {
            assert_eq!(
                learned.evaluate(&position(m[k], t[k])),
                base,
                "symmetry {k}"
            );
        }
    }
}
