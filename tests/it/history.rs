//! The game's history as data: plies with colour, move, flips and positions; undo,
//! redo and navigation without replaying; refused calls leave everything unchanged.

use crate::common;

use std::time::Duration;

use proptest::prelude::*;
use reversi::{BoardStyle, Color, Game, Move, Rules, Square};

use common::sq;

#[test]
fn each_ply_says_who_played_what_and_what_turned() {
    let mut game = Game::new(Rules::default());
    game.play_moves("f5 d6 c3 d3 c4").unwrap();
    let history = game.history();
    assert_eq!(history.len(), 5);
    let colors: Vec<Color> = history.iter().map(|p| p.color()).collect();
    assert_eq!(
        colors,
        [
            Color::Black,
            Color::White,
            Color::Black,
            Color::White,
            Color::Black
        ]
    );
    assert_eq!(history[0].mv(), Move::Place(sq("f5")));
    assert_eq!(history[0].flips().to_string(), "e5");
    assert_eq!(history[0].before(), game.start_position());
    for pair in history.windows(2) {
        assert_eq!(pair[0].after(), pair[1].before());
    }
    assert_eq!(history[4].after(), game.position());
    assert_eq!(game.last_move().unwrap().mv(), Move::Place(sq("c4")));
    assert!(Game::new(Rules::default()).last_move().is_none());
}

#[test]
fn undo_keeps_the_move_for_redo_and_a_new_move_clears_it() {
    let mut game = Game::new(Rules::default());
    game.play_moves("f5 d6 c3").unwrap();
    let full = game.clone();
    assert_eq!(game.undo(), Some(Move::Place(sq("c3"))));
    assert_eq!(game.undo(), Some(Move::Place(sq("d6"))));
    let mut fresh = Game::new(Rules::default());
    fresh.play(sq("f5")).unwrap();
    assert_ne!(game, fresh, "the redo list is saved, so compared");
    assert_eq!(game, full, "where the game stands is not compared");
    assert_eq!(game.redo_moves().len(), 2);
    assert_eq!(game.redo_moves()[0].mv(), Move::Place(sq("d6")));
    assert_eq!(game.redo(), Some(Move::Place(sq("d6"))));
    assert_eq!(game.redo(), Some(Move::Place(sq("c3"))));
    assert_eq!(game.redo(), None);
    assert_eq!(game, full);

    game.undo();
    let other = game.legal_moves().iter().find(|&s| s != sq("c3")).unwrap();
    game.play(other).unwrap();
    assert!(
        game.redo_moves().is_empty(),
        "a new move clears the redo list"
    );
    assert_eq!(game.redo(), None);
    assert_eq!(game.move_list(), format!("f5 d6 {other}"));
}

#[test]
fn a_refused_move_keeps_the_redo_list() {
    let mut game = Game::new(Rules::default());
    game.play_moves("f5 d6 c3").unwrap();
    game.go_to(1).unwrap();
    let before = game.clone();
    assert!(game.play(sq("a1")).is_err());
    assert!(game.pass().is_err());
    assert!(game.play_implied(Move::Place(sq("a1"))).is_err());
    assert!(game.play_moves("c5 a1").is_err());
    assert_eq!(game, before);
    assert_eq!(game.redo_moves(), before.redo_moves());
    assert_eq!(game.redo_moves().len(), 2);
}

#[test]
fn go_to_jumps_both_ways_and_refuses_beyond_the_end() {
    let mut game = Game::new(Rules::default());
    game.play_moves("f5 d6 c3 d3 c4 f4").unwrap();
    let positions: Vec<_> = std::iter::once(*game.start_position())
        .chain(game.history().iter().map(|p| *p.after()))
        .collect();
    for k in [3, 0, 6, 1, 5, 2, 4] {
        game.go_to(k).unwrap();
        assert_eq!(game.position(), &positions[k]);
        assert_eq!(game.move_count(), k);
        assert_eq!(game.history().len() + game.redo_moves().len(), 6);
    }
    let before = game.clone();
    let err = game.go_to(7).unwrap_err();
    assert_eq!(err.to_string(), "move 7 is beyond the game's last move, 6");
    assert_eq!(game, before);
    game.go_to_start();
    assert_eq!(game.position(), game.start_position());
    game.go_to_end();
    assert_eq!(game.move_count(), 6);
    game.go_to(2).unwrap();
    game.clear_redo();
    assert!(game.go_to(3).is_err());
}

#[test]
fn annotations_stay_with_their_move_through_undo_and_redo() {
    let mut game = Game::new(Rules::default());
    game.play_moves("f5 d6").unwrap();
    let ply = game.ply_mut(0).unwrap();
    ply.set_time(Some(Duration::from_millis(1200)));
    ply.set_comment(Some("  the usual  "));
    game.last_move_mut().unwrap().set_comment(Some("   "));
    assert_eq!(game.history()[0].comment(), Some("the usual"));
    assert_eq!(game.history()[1].comment(), None, "blank clears");
    game.go_to(0).unwrap();
    game.ply_mut(1)
        .expect("moves to redo are annotated too")
        .set_comment(Some("annotated while browsing"));
    assert!(game.ply_mut(2).is_none(), "beyond the line");
    game.redo();
    game.redo();
    assert_eq!(
        game.history()[1].comment(),
        Some("annotated while browsing")
    );
    assert_eq!(game.history()[0].time(), Some(Duration::from_millis(1200)));
}

/// Black plays a1 (flipping b1); White, whose only disc is g8 beside Black's h8,
/// must pass; Black plays f8.
pub const PASS_POSITION: &str =
    "-WB-----/--------/--------/---BB---/---BB---/--------/--------/------WB B";

#[test]
fn implied_passes_are_plies_of_their_own() {
    let mut game = Game::from_position_str(PASS_POSITION, 2, false).unwrap();
    game.play_moves("a1 f8").unwrap();
    let moves: Vec<String> = game.history().iter().map(|p| p.mv().to_string()).collect();
    assert_eq!(moves, ["a1", "pass", "f8"]);
    assert_eq!(game.history()[1].color(), Color::White);
    assert!(game.history()[1].flips().is_empty());
    assert!(game.is_over());
    // play_implied returns the flips of the move, not of the pass.
    let mut again = Game::from_position_str(PASS_POSITION, 2, false).unwrap();
    again.play(sq("a1")).unwrap();
    assert_eq!(
        again
            .play_implied(Move::Place(sq("f8")))
            .unwrap()
            .to_string(),
        "g8"
    );
    assert_eq!(again, game);
}

#[test]
fn the_grid_and_the_styled_display_mark_what_a_front_end_draws() {
    let mut game = Game::new(Rules::default());
    game.play(sq("f5")).unwrap();
    let cells: Vec<_> = game.grid().flatten().collect();
    assert_eq!(cells.len(), 64);
    assert_eq!(cells.iter().filter(|c| c.legal).count(), 3);
    assert!(cells.iter().any(|c| c.last_move && c.square == sq("f5")));
    let plain = game.to_string();
    assert_eq!(plain, game.display(BoardStyle::default()).to_string());
    assert!(plain.ends_with("White to move, B=4 W=1\n"), "{plain}");
    let bare = BoardStyle {
        coordinates: false,
        status: false,
        ..BoardStyle::default()
    };
    let text = game.display(bare).to_string();
    assert_eq!(text.lines().next(), Some("- - - - - - - -"));
    assert_eq!(text.lines().count(), 8);
    let octagon = Game::new(Rules::builder(reversi::Board::Octagon).build().unwrap());
    assert_eq!(
        octagon
            .grid()
            .flatten()
            .filter(|c| c.cell.is_none())
            .count(),
        12
    );
}

proptest! {
    /// Along random games, navigation reproduces what playing produced, and the
    /// flips of each ply are the discs that changed colour.
    #[test]
    fn navigation_matches_play(seed in any::<u64>(), stops in proptest::collection::vec(0usize..70, 1..8)) {
        let mut game = Game::new(Rules::default());
        let mut state = seed;
        let mut positions = vec![*game.position()];
        while !game.is_over() {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let legal: Vec<Square> = game.legal_moves().iter().collect();
            if legal.is_empty() {
                game.pass().unwrap();
            } else {
                let pick = legal[(state >> 33) as usize % legal.len()];
                let flips = game.play(pick).unwrap();
                let ply = game.last_move().unwrap();
                prop_assert_eq!(ply.flips(), flips);
                let opponent = ply.color().opponent();
                let turned: Vec<Square> = ply.before().discs(opponent).iter()
                    .filter(|&s| ply.after().cell(s) == Some(reversi::Cell::Disc(ply.color())))
                    .collect();
                prop_assert_eq!(turned, flips.iter().collect::<Vec<_>>());
            }
            positions.push(*game.position());
        }
        let total = game.move_count();
        for stop in stops {
            let k = stop.min(total);
            game.go_to(k).unwrap();
            prop_assert_eq!(game.position(), &positions[k]);
            prop_assert_eq!(game.history().len(), k);
        }
        game.go_to_start();
        while game.redo().is_some() {}
        prop_assert_eq!(game.position(), &positions[total]);
    }
}
