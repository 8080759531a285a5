//! The engine against the reference implementation of RULES.md, over random games
//! of every variant: legal moves, flips, turn order, passes, ends, scores, outcomes
//! and perft must agree.

use crate::common;
use crate::reference;

use proptest::prelude::*;
use reversi::{Cell, Color, Game, Outcome, Square};

use reference::{square, Cell as RefCell, RefGame};

fn same_state(game: &Game, reference: &RefGame) -> Result<(), TestCaseError> {
    for r in 0..10 {
        for c in 0..10 {
            let expected = match reference.at(c, r) {
                RefCell::Missing => None,
                RefCell::Empty => Some(Cell::Empty),
                RefCell::Blocked => Some(Cell::Blocked),
                RefCell::Neutral => Some(Cell::Neutral),
                RefCell::Disc(p) => Some(Cell::Disc(Color::ALL[p])),
            };
            prop_assert_eq!(game.cell(square(c, r)), expected, "cell {}", square(c, r));
        }
    }
    prop_assert_eq!(game.to_move(), Color::ALL[reference.to_move]);
    let expected: Vec<Square> = reference
        .legal_moves()
        .into_iter()
        .map(|(c, r)| square(c, r))
        .collect();
    let legal: Vec<Square> = game.legal_moves().iter().collect();
    prop_assert_eq!(&legal, &expected, "legal moves in\n{}", game);
    for &(c, r) in &reference.legal_moves() {
        let mut want: Vec<Square> = reference
            .flips_for(reference.to_move, c, r)
            .into_iter()
            .map(|(x, y)| square(x, y))
            .collect();
        want.sort();
        let got: Vec<Square> = game.flips(square(c, r)).unwrap().iter().collect();
        prop_assert_eq!(got, want, "flips of {}", square(c, r));
    }
    prop_assert_eq!(game.must_pass(), reference.must_pass());
    prop_assert_eq!(game.is_over(), reference.is_over());
    for p in 0..reference.players {
        prop_assert_eq!(game.count(Color::ALL[p]), reference.score(p));
    }
    let outcome = reference.is_over().then(|| match reference.winner() {
        Some(p) => Outcome::Win(Color::ALL[p]),
        None => Outcome::Draw,
    });
    prop_assert_eq!(game.outcome(), outcome);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn random_games_agree_with_the_reference(
        (rules, setup) in common::variant(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 200),
    ) {
        let mut game = Game::new(rules);
        let mut reference = RefGame::new(&setup);
        for choice in choices {
            same_state(&game, &reference)?;
            if !common::step_both(&mut game, &mut reference, choice) {
                prop_assert!(game.is_over());
                break;
            }
        }
        same_state(&game, &reference)?;
    }

    #[test]
    fn perft_agrees_with_the_reference(
        (rules, setup) in common::variant(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 0..40),
    ) {
        let mut game = Game::new(rules);
        let mut reference = RefGame::new(&setup);
        for choice in choices {
            common::step_both(&mut game, &mut reference, choice);
        }
        for depth in 0..=3 {
            prop_assert_eq!(game.perft(depth), reference.perft(depth), "depth {} from {}", depth, game.position());
        }
    }
}

/// The end-game corner: positions near the end, where passes and finished games
/// below the perft horizon happen, on every board.
#[test]
fn perft_counts_finished_games_once() {
    // Black to move with no move; White has none either: the game is over.
    let game =
        Game::from_position_str("BBBBBB/BBBBBB/BBBBBB/BBBBBB/BBBBBB/BBBBB- W", 2, false).unwrap();
    assert!(game.is_over());
    assert_eq!(game.perft(5), 1);
}
