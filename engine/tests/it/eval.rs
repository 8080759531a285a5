use reversi::Position;
use reversi::{Game, Rules, TwoPlayer8};
use reversi_engine::search::alphabeta::EXACT;

use reversi_engine::search::alphabeta::{alphabeta_root, RootError};
use reversi_engine::search::eval::*;
use reversi_engine::Limits;

/// After `f5 d6 c6 f6 e6 b6 e7 f4 d7 d8 e8 f8`, Black's e3 lets White wipe
/// Black out with e2 (the line a user found the bot walking into).
fn before_the_wipe_out() -> TwoPlayer8 {
    let mut game = Game::new(Rules::default());
    game.play_moves("f5 d6 c6 f6 e6 b6 e7 f4 d7 d8 e8 f8")
        .unwrap();
    TwoPlayer8::try_from(*game.position()).unwrap()
}

#[test]
fn a_wiped_out_side_is_scored_by_the_result() {
    let mut game = Game::new(Rules::default());
    game.play_moves("f5 d6 c6 f6 e6 b6 e7 f4 d7 d8 e8 f8 e3 e2")
        .unwrap();
    assert!(game.is_over());
    let over = TwoPlayer8::try_from(*game.position()).unwrap();
    assert_eq!(over.final_margin(), -64);
    assert_eq!(evaluate(&over), -64 * EXACT);
    assert_eq!(
        alphabeta_root(&over, &Limits::default().with_depth(3), 0),
        Err(RootError::NoMove)
    );
}

#[test]
fn the_search_does_not_walk_into_a_wipe_out() {
    let pos = before_the_wipe_out();
    let e3 = "e3".parse().unwrap();
    assert!(pos.is_legal(e3));
    for depth in 2..=3 {
        let found = alphabeta_root(&pos, &Limits::default().with_depth(depth), 0).unwrap();
        let (best, value) = (found.best, found.value);
        assert_ne!(best.square(), e3, "depth {depth}");
        assert!(value > -EXACT, "depth {depth}: {value}");
    }
}
