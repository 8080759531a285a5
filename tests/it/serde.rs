//! The `serde` feature: every serialisable type reads back to itself, and bad data
//! is refused through the same checks as the text readers.
#![cfg(feature = "serde")]

use std::time::Duration;

use reversi::{AnyPosition, Board, Color, Game, Move, MultiPlayer10, Rules, Square, TwoPlayer8};

fn round_trip<T>(value: &T) -> T
where
    T: serde::Serialize + serde::de::DeserializeOwned,
{
    let json = serde_json::to_string(value).unwrap();
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

#[test]
fn small_values_are_their_names() {
    let f5: Square = "f5".parse().unwrap();
    assert_eq!(serde_json::to_string(&f5).unwrap(), "\"f5\"");
    assert_eq!(serde_json::to_string(&Color::White).unwrap(), "\"white\"");
    assert_eq!(serde_json::to_string(&Move::Pass).unwrap(), "\"pass\"");
    for square in Square::all() {
        assert_eq!(round_trip(&square), square);
        assert_eq!(round_trip(&Move::Place(square)), Move::Place(square));
    }
    for color in Color::ALL {
        assert_eq!(round_trip(&color), color);
    }
    assert_eq!(round_trip(&Move::Pass), Move::Pass);
    assert!(serde_json::from_str::<Square>("\"k1\"").is_err());
    assert!(serde_json::from_str::<Color>("\"purple\"").is_err());
    assert!(serde_json::from_str::<Move>("3").is_err());
}

#[test]
fn rules_and_positions_read_back() {
    let rules = Rules::builder(Board::Octagon)
        .players(4)
        .anti(true)
        .blocked(["c1".parse().unwrap()])
        .build()
        .unwrap();
    assert_eq!(
        serde_json::to_string(&rules).unwrap(),
        "\"octagon, 4 players, anti, blocked c1\""
    );
    assert_eq!(round_trip(&rules), rules);
    assert!(serde_json::from_str::<Rules>("\"6x6, 3 players\"").is_err());

    let start = AnyPosition::start(&rules);
    assert_eq!(round_trip(&start), start);
    let typed = MultiPlayer10::try_from(start).unwrap();
    assert_eq!(round_trip(&typed), typed);
    let eight = TwoPlayer8::try_from(AnyPosition::start(&Rules::default())).unwrap();
    assert_eq!(round_trip(&eight), eight);
    // A position of another kind is refused by the typed position.
    let json = serde_json::to_string(&start).unwrap();
    assert!(serde_json::from_str::<TwoPlayer8>(&json).is_err());
    // A position the rules forbid is refused.
    let bad = r#"{"position":"--------/--------/--------/---WB---/---BR---/--------/--------/-------- B","players":2,"anti":false}"#;
    assert!(serde_json::from_str::<AnyPosition>(bad).is_err());
}

#[test]
fn games_keep_their_line_annotations_and_place() {
    let mut game = Game::new(Rules::builder(Board::Size10).anti(true).build().unwrap());
    game.play_moves("g6 g7 f7").unwrap();
    game.ply_mut(1)
        .unwrap()
        .set_time(Some(Duration::new(3, 250_000_000)));
    game.ply_mut(2).unwrap().set_comment(Some("a {quiet} move"));
    game.go_to(1).unwrap();
    let back = round_trip(&game);
    assert_eq!(back, game);
    assert_eq!(back.redo_moves(), game.redo_moves());
    assert_eq!(back.move_count(), 1);
    let mut ended = back.clone();
    ended.go_to_end();
    assert_eq!(ended.history()[2].comment(), Some("a {quiet} move"));
    // An illegal move in the data is refused, with the reader's error.
    let json = serde_json::to_string(&game).unwrap().replace("g7", "a1");
    let e = serde_json::from_str::<Game>(&json).unwrap_err();
    assert!(e.to_string().contains("a1 flips nothing"), "{e}");
}
