//! Every rejected input has a typed error that names the problem, and a rejected
//! move leaves the game exactly as it was.

use crate::common;

use reversi::{
    Board, Color, Corners, Game, Handicap, Move, Opening, ParseSquareError, PlayError,
    PositionError, Rules, RulesError, SetupError, Square,
};

use common::sq;

fn handicap(color: Color, corners: Corners) -> Handicap {
    Handicap { color, corners }
}

#[test]
fn forbidden_combinations_are_typed_errors() {
    let cases: Vec<(Result<Rules, RulesError>, RulesError)> = vec![
        (
            Rules::builder(Board::Size8).players(1).build(),
            RulesError::Players(1),
        ),
        (
            Rules::builder(Board::Size8).players(5).build(),
            RulesError::Players(5),
        ),
        (
            Rules::builder(Board::Size8).players(0).build(),
            RulesError::Players(0),
        ),
        (
            Rules::builder(Board::Size6).players(3).build(),
            RulesError::BoardTooSmall { players: 3 },
        ),
        (
            Rules::builder(Board::Size6).players(4).build(),
            RulesError::BoardTooSmall { players: 4 },
        ),
        (
            Rules::builder(Board::Size8)
                .players(3)
                .opening(Opening::Free)
                .build(),
            RulesError::FreeOpeningPlayers { players: 3 },
        ),
        (
            Rules::builder(Board::Size10)
                .players(4)
                .handicap(handicap(Color::Black, Corners::TOP_LEFT))
                .build(),
            RulesError::HandicapPlayers { players: 4 },
        ),
        (
            Rules::builder(Board::Size8)
                .handicap(handicap(Color::Red, Corners::TOP_LEFT))
                .build(),
            RulesError::HandicapColor(Color::Red),
        ),
        (
            Rules::builder(Board::Size8)
                .handicap(handicap(Color::White, Corners::empty()))
                .build(),
            RulesError::HandicapNoCorners,
        ),
        (
            Rules::builder(Board::Octagon)
                .handicap_squares(Color::White, [sq("a1")])
                .build(),
            RulesError::NotACorner {
                square: sq("a1"),
                board: Board::Octagon,
            },
        ),
        (
            Rules::builder(Board::Size8)
                .handicap_squares(Color::Black, ["a1", "h8", "a1"].map(sq))
                .build(),
            RulesError::HandicapRepeated(sq("a1")),
        ),
        (
            Rules::builder(Board::Size8)
                .blocked(["a1", "b1", "c1", "d1", "e1"].map(sq))
                .build(),
            RulesError::TooManyBlocked(5),
        ),
        (
            Rules::builder(Board::Size8).blocked([sq("d3")]).build(),
            RulesError::BlockedInCentre(sq("d3")),
        ),
        (
            Rules::builder(Board::Size8).blocked([sq("j4")]).build(),
            RulesError::BlockedOffBoard {
                square: sq("j4"),
                board: Board::Size8,
            },
        ),
        (
            Rules::builder(Board::Octagon).blocked([sq("a2")]).build(),
            RulesError::BlockedOffBoard {
                square: sq("a2"),
                board: Board::Octagon,
            },
        ),
        (
            Rules::builder(Board::Size8)
                .handicap(handicap(Color::Black, Corners::BOTTOM_RIGHT))
                .blocked([sq("h8")])
                .build(),
            RulesError::BlockedOnHandicap(sq("h8")),
        ),
        (
            Rules::builder(Board::Size8)
                .blocked([sq("a1"), sq("a1")])
                .build(),
            RulesError::BlockedRepeated(sq("a1")),
        ),
        (
            Rules::builder(Board::Size8)
                .blocked([sq("a1")])
                .build_with_blocked_seed(7),
            RulesError::BlockedTwice,
        ),
    ];
    for (i, (got, want)) in cases.into_iter().enumerate() {
        assert_eq!(got, Err(want), "case {i}");
        assert!(!want.to_string().is_empty());
    }
}

#[test]
fn error_messages_name_the_culprit() {
    let err = Rules::builder(Board::Size8)
        .blocked([sq("d3")])
        .build()
        .unwrap_err();
    assert_eq!(err.to_string(), "blocked square d3 is in the central 4x4");
    let err = "k1".parse::<Square>().unwrap_err();
    assert!(err.to_string().contains("\"k1\""), "{err}");
    assert_eq!(
        RulesError::Players(1).to_string(),
        "1 player: a game has 2, 3 or 4 players"
    );
    assert_eq!(
        RulesError::Players(5).to_string(),
        "5 players: a game has 2, 3 or 4 players"
    );
}

#[test]
fn unknown_square_names_are_errors() {
    for bad in [
        "", "a", "a0", "a11", "k1", "11", "aa1", "a1 ", " a1", "a01", "é1", "a100",
    ] {
        let err: ParseSquareError = bad.parse::<Square>().unwrap_err();
        assert_eq!(err.name(), bad, "{bad:?}");
    }
    assert_eq!(sq("J10"), Square::new(9, 9));
    assert_eq!(sq("a10").to_string(), "a10");
    assert_eq!("pass".parse::<Move>().unwrap(), Move::Pass);
    assert_eq!("PA".parse::<Move>().unwrap(), Move::Pass);
    assert_eq!("--".parse::<Move>().unwrap(), Move::Pass);
    assert!("p".parse::<Move>().is_err());
    assert!("octogon".parse::<Board>().is_err());
}

fn assert_rejected(game: &mut Game, square: &str, want: PlayError) {
    let before = game.clone();
    assert_eq!(game.play(sq(square)), Err(want), "{square}");
    assert_eq!(game.flips(sq(square)), Err(want), "{square}");
    assert_eq!(*game, before, "a refused move changed the game");
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let rules = Rules::builder(Board::Octagon)
        .blocked([sq("c1")])
        .build()
        .unwrap();
    let mut game = Game::new(rules);
    assert_rejected(&mut game, "a1", PlayError::OffBoard(sq("a1")));
    assert_rejected(&mut game, "c1", PlayError::Blocked(sq("c1")));
    assert_rejected(&mut game, "e5", PlayError::Occupied(sq("e5")));
    assert_rejected(&mut game, "a5", PlayError::FlipsNothing(sq("a5")));
    let before = game.clone();
    assert_eq!(game.pass(), Err(PlayError::MayNotPass(Color::Black)));
    assert_eq!(game, before);

    let mut free = Game::new(
        Rules::builder(Board::Size8)
            .opening(Opening::Free)
            .build()
            .unwrap(),
    );
    assert_rejected(&mut free, "c3", PlayError::OutsideCentre(sq("c3")));
    free.play(sq("e5")).unwrap();
    assert_rejected(&mut free, "e5", PlayError::Occupied(sq("e5")));

    let mut four = Game::new(Rules::builder(Board::Size8).players(4).build().unwrap());
    assert_rejected(&mut four, "c3", PlayError::FlipsNothing(sq("c3")));
    let before = four.clone();
    assert_eq!(four.pass(), Err(PlayError::NoPassing));
    assert_eq!(four, before);
}

#[test]
fn non_flipping_placements_only_when_nothing_flips() {
    // Black (to move) has no flipping move: Black has no disc at all.
    let mut game = Game::from_position_str(
        "--------/--------/--------/---WR---/---GW---/--------/--------/-------- B",
        4,
        false,
    )
    .unwrap();
    let legal = game.legal_moves();
    assert_eq!(legal.len(), 12, "the squares around the centre block");
    assert!(legal.contains(sq("c3")));
    assert_rejected(&mut game, "a1", PlayError::NotAdjacent(sq("a1")));
    assert_eq!(game.play(sq("c3")).unwrap().len(), 0);
}

#[test]
fn a_finished_game_refuses_everything() {
    let mut game =
        Game::from_position_str("BBBBBB/BBBBBB/BBBBBB/BBBBBB/BBBBBB/BBBBB- W", 2, false).unwrap();
    assert!(game.is_over());
    assert_rejected(&mut game, "f6", PlayError::GameOver);
    let before = game.clone();
    assert_eq!(game.pass(), Err(PlayError::GameOver));
    assert_eq!(game, before);
}

#[test]
fn bad_position_strings_are_typed_errors() {
    let start = "--------/--------/--------/---WB---/---BW---/--------/--------/-------- B";
    assert!(Game::from_position_str(start, 2, false).is_ok());
    let cases = [
        ("--------/-------- B", 2, PositionError::Rows { rows: 2 }),
        (
            "--------/--------/--------/---WB---/---BW---/--------/--------/------- B",
            2,
            PositionError::RowLength {
                row: 8,
                found: 7,
                expected: 8,
            },
        ),
        (
            "--------/--------/--------/---WX---/---BW---/--------/--------/-------- B",
            2,
            PositionError::Cell {
                column: 32,
                found: 'X',
            },
        ),
        (
            "--------/--------/--------/---WR---/---BW---/--------/--------/-------- B",
            2,
            PositionError::Setup(SetupError::ColorNotInPlay {
                square: sq("e4"),
                color: Color::Red,
                players: 2,
            }),
        ),
        (
            "--------/--------/--------/---WB---/---BW---/--------/--------/-------- R",
            2,
            PositionError::Setup(SetupError::ToMove {
                color: Color::Red,
                players: 2,
            }),
        ),
        (
            "--------/--------/--------/---WB---/---BW---/--------/--------/-------- Black",
            2,
            PositionError::ToMove {
                column: 73,
                found: "Black".to_string(),
            },
        ),
        (
            "--------/--------/--------/---WB---/---BW---/--------/--------/--------",
            2,
            PositionError::ToMove {
                column: 73,
                found: String::new(),
            },
        ),
        (
            "--#-----/--------/--------/---W#---/---BW---/--------/--------/-------- B",
            2,
            PositionError::Setup(SetupError::Rules(RulesError::BlockedInCentre(sq("e4")))),
        ),
        (
            "#####---/--------/--------/---WB---/---BW---/--------/--------/-------- B",
            2,
            PositionError::Setup(SetupError::Rules(RulesError::TooManyBlocked(5))),
        ),
        (
            start,
            5,
            PositionError::Setup(SetupError::Rules(RulesError::Players(5))),
        ),
    ];
    for (text, players, want) in cases {
        assert_eq!(
            Game::from_position_str(text, players, false),
            Err(want),
            "{text}"
        );
    }
    let messages = [
        (
            "--------/--------/--------/---WX---/---BW---/--------/--------/-------- B",
            "column 32: 'X' is not a square (- # B W R G N)",
        ),
        (
            "--------/--------/--------/---WR---/---BW---/--------/--------/-------- B",
            "e4 holds a red disc, but a 2-player game has no red",
        ),
        (
            "--------/--------/--------/---WB---/---BW---/--------/--------/-------- black is the one to move",
            "column 73: expected the player to move (B W R G) after one space, \
             found \"black is the one to move\"",
        ),
    ];
    for (text, want) in messages {
        let e = Game::from_position_str(text, 2, false).unwrap_err();
        assert_eq!(e.to_string(), want);
    }
}
