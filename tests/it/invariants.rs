//! Invariants of play, as properties over random games of every variant.

use crate::common;

use std::collections::BTreeSet;

use proptest::prelude::*;
use reversi::{Board, Cell, Color, Corners, Game, Handicap, Move, Opening, Rules};

/// Plays a random game to its end, checking every move; returns the moves.
fn play_out(rules: Rules, choices: &[prop::sample::Index]) -> Result<Game, TestCaseError> {
    let mut game = Game::new(rules);
    let limit = 2 * rules.board().square_count() + 8;
    let mut turn = 0;
    while !game.is_over() {
        prop_assert!(turn < limit, "the game did not end after {} moves", limit);
        let before = game.clone();
        let mover = game.to_move();
        let discs_before: u32 = Color::ALL.iter().map(|&c| game.count(c)).sum();
        let legal: Vec<_> = game.legal_moves().iter().collect();
        if legal.is_empty() {
            prop_assert!(game.must_pass());
            game.pass().unwrap();
            let discs_after: u32 = Color::ALL.iter().map(|&c| game.count(c)).sum();
            prop_assert_eq!(discs_after, discs_before);
        } else {
            let square = legal[choices[turn % choices.len()].index(legal.len())];
            let expected_flips = game.flips(square).unwrap();
            let flipped = game.play(square).unwrap();
            prop_assert_eq!(flipped, expected_flips);
            for sq in rules.board().squares() {
                let (was, now) = (before.cell(sq).unwrap(), game.cell(sq).unwrap());
                if sq == square {
                    prop_assert_eq!(was, Cell::Empty);
                    prop_assert_eq!(now, Cell::Disc(mover));
                } else if flipped.contains(sq) {
                    prop_assert!(
                        matches!(was, Cell::Disc(c) if c != mover) || was == Cell::Neutral,
                        "{} flipped from {:?}",
                        sq,
                        was
                    );
                    prop_assert_eq!(now, Cell::Disc(mover));
                } else {
                    prop_assert_eq!(was, now, "{} changed without being flipped", sq);
                }
            }
            let discs_after: u32 = Color::ALL.iter().map(|&c| game.count(c)).sum();
            let neutral_lost = flipped
                .iter()
                .filter(|&s| before.cell(s) == Some(Cell::Neutral))
                .count() as u32;
            prop_assert_eq!(discs_after, discs_before + 1 + neutral_lost);
        }
        // Undo gives back exactly the game before the move; redo it.
        let mv = game.moves().last().unwrap();
        let mut undone = game.clone();
        prop_assert_eq!(undone.undo(), Some(mv));
        prop_assert_eq!(undone.redo_moves().len(), 1);
        undone.clear_redo();
        prop_assert_eq!(&undone, &before);
        turn += 1;
    }
    prop_assert!(game.outcome().is_some());
    prop_assert!(game.legal_moves().is_empty());
    Ok(game)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn play_flips_exactly_the_flipped_discs_and_every_game_ends(
        (rules, _) in common::variant(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 1..50),
    ) {
        let mut game = play_out(rules, &choices)?;
        // Undo all the way back to the start.
        let played: Vec<Move> = game.moves().collect();
        for mv in played.iter().rev() {
            prop_assert_eq!(game.undo(), Some(*mv));
        }
        prop_assert_eq!(game.undo(), None);
        let fresh = Game::new(rules);
        prop_assert_eq!(game.position(), fresh.position());
        prop_assert_eq!(game.redo_moves().len(), played.len());
        game.clear_redo();
        prop_assert_eq!(game, fresh);
    }

    #[test]
    fn multi_player_games_give_everyone_the_same_number_of_moves(
        board in prop::sample::select(vec![Board::Size8, Board::Size10, Board::Octagon]),
        players in 3u8..=4,
        anti in any::<bool>(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 1..50),
    ) {
        let rules = Rules::builder(board).players(players).anti(anti).build().unwrap();
        let game = play_out(rules, &choices)?;
        let expected = match (board, players) {
            (Board::Size8, 3) => 20,
            (Board::Size8, 4) => 15,
            (Board::Size10, 3) => 32,
            (Board::Size10, 4) => 24,
            (Board::Octagon, 3) => 28,
            (Board::Octagon, 4) => 21,
            _ => unreachable!(),
        };
        prop_assert_eq!(game.move_count(), expected * players as usize);
        prop_assert!(game.moves().all(|m| m != Move::Pass));
        // Turn order: the moves go round the table in colour order.
        let mut replay = Game::new(rules);
        for (i, mv) in game.moves().enumerate() {
            prop_assert_eq!(replay.to_move(), Color::ALL[i % players as usize]);
            replay.play(mv).unwrap();
        }
    }

    #[test]
    fn position_strings_round_trip(
        (rules, _) in common::variant(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 1..50),
        stop in 0usize..120,
    ) {
        let mut game = play_out(rules, &choices)?;
        while game.move_count() > stop {
            game.undo();
        }
        let text = game.position().to_string();
        let back = Game::from_position_str(&text, rules.players(), rules.anti()).unwrap();
        prop_assert_eq!(back.position(), game.position());
        prop_assert_eq!(back.position().to_string(), text);
    }

    #[test]
    fn random_blocked_squares_obey_the_rules(
        board in prop::sample::select(Board::ALL.to_vec()),
        handicap in prop::option::of(1u8..16),
        seed in any::<u64>(),
    ) {
        let mut builder = Rules::builder(board);
        if let Some(bits) = handicap {
            builder = builder.handicap(Handicap { color: Color::White, corners: Corners::from_bits_truncate(bits) });
        }
        let rules = builder.build_with_blocked_seed(seed).unwrap();
        let blocked = rules.blocked();
        prop_assert!((1..=4).contains(&blocked.len()));
        let shape = common::shape_of(board);
        for sq in blocked {
            let (c, r) = (sq.column() as i32, sq.row() as i32);
            prop_assert!(shape.exists(c, r), "{} off the board", sq);
            prop_assert!(!shape.in_central_4x4(c, r), "{} in the central 4x4", sq);
            if let Some(bits) = handicap {
                for k in 0..4 {
                    if bits >> k & 1 != 0 {
                        let (x, y) = shape.corners()[k];
                        prop_assert!((x, y) != (c, r), "{} on a handicap corner", sq);
                    }
                }
            }
        }
        // Same seed, same squares; and the record's squares rebuild the same rules.
        prop_assert_eq!(builder.build_with_blocked_seed(seed).unwrap(), rules);
        prop_assert_eq!(rules.to_builder().build().unwrap(), rules);
        let game = Game::new(rules);
        prop_assert_eq!(game.blocked(), blocked);
    }
}

#[test]
fn every_blocked_count_occurs_and_seeds_differ() {
    let builder = Rules::builder(Board::Size8);
    let mut counts = [0u32; 5];
    let mut sets = BTreeSet::new();
    for seed in 0..400 {
        let rules = builder.build_with_blocked_seed(seed).unwrap();
        counts[rules.blocked().len()] += 1;
        sets.insert(rules.blocked().bits());
    }
    assert_eq!(counts[0], 0);
    for (n, &count) in counts.iter().enumerate().skip(1) {
        // Uniform over 1..=4: about 100 each out of 400.
        assert!(
            (60..=140).contains(&count),
            "{n} blocked squares drawn {count} times of 400"
        );
    }
    assert!(sets.len() > 300, "only {} different draws", sets.len());
}

#[test]
fn random_blocked_squares_from_any_rand_core_generator() {
    use rand_core::SeedableRng;
    let mut rng = rand_xoshiro::Xoshiro128PlusPlus::seed_from_u64(3);
    let rules = Rules::builder(Board::Octagon)
        .players(3)
        .build_with_random_blocked(&mut rng)
        .unwrap();
    assert!((1..=4).contains(&rules.blocked().len()));
    assert_eq!(rules.opening(), Opening::Standard);
    assert!(rules.blocked().iter().all(|s| Board::Octagon.contains(s)));
}

#[test]
fn start_positions_follow_the_rules() {
    let four = Game::new(Rules::builder(Board::Size8).players(4).build().unwrap());
    assert_eq!(
        four.position().to_string(),
        "--------/--------/--------/---BW---/---GR---/--------/--------/-------- B"
    );
    let three = Game::new(Rules::builder(Board::Octagon).players(3).build().unwrap());
    assert_eq!(
        three.position().to_string(),
        "------/--------/----------/----------/----BW----/----NR----/----------/----------/--------/------ B"
    );
    let handicap = Game::new(
        Rules::builder(Board::Size8)
            .handicap(Handicap {
                color: Color::White,
                corners: Corners::TOP_LEFT | Corners::BOTTOM_RIGHT,
            })
            .build()
            .unwrap(),
    );
    assert_eq!(
        handicap.position().to_string(),
        "W-------/--------/--------/---WB---/---BW---/--------/--------/-------W B"
    );
    assert_eq!(handicap.count(Color::White), 4);
}
