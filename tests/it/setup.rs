//! Set-ups: a board editor builds a position cell by cell, without strings, and the
//! check into a position or a game names every problem.

use crate::common;

use reversi::{
    AnyPosition, Board, Cell, Color, Game, Opening, PlayError, Rules, RulesError, Setup, SetupError,
};

use common::sq;

/// The standard two-player cross on `board`'s centre, Black to move.
fn cross(board: Board) -> Setup {
    let mut setup = Setup::empty(board, 2);
    let [top_left, top_right, bottom_left, bottom_right] = board.centre();
    setup.set(top_left, Cell::Disc(Color::White));
    setup.set(top_right, Cell::Disc(Color::Black));
    setup.set(bottom_left, Cell::Disc(Color::Black));
    setup.set(bottom_right, Cell::Disc(Color::White));
    setup
}

/// The three-player start on `board`'s centre.
fn three(board: Board) -> Setup {
    let mut setup = Setup::empty(board, 3);
    let [top_left, top_right, bottom_left, bottom_right] = board.centre();
    setup.set(top_left, Cell::Disc(Color::Black));
    setup.set(top_right, Cell::Disc(Color::White));
    setup.set(bottom_right, Cell::Disc(Color::Red));
    setup.set(bottom_left, Cell::Neutral);
    setup
}

/// Checks that `setup` is refused with `want` both as a game and as a position, and
/// that the message is `message`.
fn refused(setup: Setup, want: SetupError, message: &str) {
    assert_eq!(Game::from_setup(setup), Err(want), "{setup:?}");
    assert_eq!(Game::try_from(setup), Err(want));
    assert_eq!(AnyPosition::try_from(setup), Err(want));
    assert_eq!(setup.rules(), Err(want));
    assert_eq!(want.to_string(), message);
}

#[test]
fn a_board_editor_builds_a_game_cell_by_cell() {
    let mut setup = cross(Board::Size8);
    setup.anti = true;
    setup.set(sq("a1"), Cell::Blocked);
    setup.set(sq("h8"), Cell::Blocked);
    setup.set(sq("c3"), Cell::Disc(Color::Black));
    setup.to_move = Color::White;
    let game = Game::from_setup(setup).unwrap();
    let rules = game.rules();
    assert_eq!(
        (
            rules.board(),
            rules.players(),
            rules.anti(),
            rules.opening()
        ),
        (Board::Size8, 2, true, Opening::Standard)
    );
    assert_eq!(rules.blocked().to_string(), "a1 h8");
    assert_eq!(game.to_move(), Color::White);
    assert_eq!(game.count(Color::Black), 3);
    assert_eq!(game.cell(sq("a1")), Some(Cell::Blocked));
    assert_eq!(
        game.position().to_string(),
        "#-------/--------/--B-----/---WB---/---BW---/--------/--------/-------# W"
    );
    // The same as through a position string.
    let from_text = Game::from_position_str(&game.position().to_string(), 2, true).unwrap();
    assert_eq!(from_text, game);
    // And back to a set-up, to edit further.
    let mut again = Setup::from(&game);
    assert_eq!(again, setup);
    again.set(sq("h8"), Cell::Empty);
    assert_eq!(Game::from_setup(again).unwrap().blocked().to_string(), "a1");
}

#[test]
fn an_empty_centre_square_is_the_free_opening_for_two_players_only() {
    let empty = Game::from_setup(Setup::empty(Board::Size8, 2)).unwrap();
    assert_eq!(empty.rules().opening(), Opening::Free);
    assert_eq!(empty.legal_moves().len(), 4);
    assert_eq!(
        empty,
        Game::new(
            Rules::builder(Board::Size8)
                .opening(Opening::Free)
                .build()
                .unwrap()
        )
    );

    let mut half = Setup::empty(Board::Size6, 2);
    half.set(Board::Size6.centre()[0], Cell::Disc(Color::Black));
    half.to_move = Color::White;
    let mut game = Game::from_setup(half).unwrap();
    assert_eq!(game.rules().opening(), Opening::Free);
    assert_eq!(game.play(sq("a1")), Err(PlayError::OutsideCentre(sq("a1"))));

    let full = Game::from_setup(cross(Board::Octagon)).unwrap();
    assert_eq!(full.rules().opening(), Opening::Standard);
    assert_eq!(
        full,
        Game::new(Rules::builder(Board::Octagon).build().unwrap())
    );

    // Three players with an empty centre square: any position, no free opening.
    let mut multi = three(Board::Size10);
    multi.set(Board::Size10.centre()[0], Cell::Empty);
    let game = Game::from_setup(multi).unwrap();
    assert_eq!(game.rules().opening(), Opening::Standard);
    // An empty multi-player board is a finished game.
    assert!(Game::from_setup(Setup::empty(Board::Size8, 4))
        .unwrap()
        .is_over());
}

#[test]
fn every_start_position_is_its_own_set_up() {
    for board in Board::ALL {
        for players in 2..=4 {
            let Ok(rules) = Rules::builder(board).players(players).build() else {
                continue;
            };
            let game = Game::new(rules);
            let setup = Setup::from(&game);
            assert_eq!(Game::from_setup(setup).unwrap(), game, "{rules}");
            assert_eq!(AnyPosition::try_from(setup).unwrap(), *game.position());
            assert_eq!(Setup::from_position(game.position()), setup);
        }
    }
    assert_eq!(
        Setup::from(&Game::new(Rules::default())),
        cross(Board::Size8)
    );
    assert_eq!(
        Game::from_setup(three(Board::Size8)).unwrap(),
        Game::new(Rules::builder(Board::Size8).players(3).build().unwrap())
    );
}

#[test]
fn player_counts_outside_two_to_four() {
    for players in [0, 1, 5, u8::MAX] {
        refused(
            Setup::empty(Board::Size8, players),
            SetupError::Rules(RulesError::Players(players)),
            &format!(
                "{players} {}: a game has 2, 3 or 4 players",
                if players == 1 { "player" } else { "players" }
            ),
        );
    }
}

#[test]
fn a_board_too_small_for_the_players() {
    let mut setup = three(Board::Size8);
    setup.board = Board::Size6;
    refused(
        setup,
        SetupError::Rules(RulesError::BoardTooSmall { players: 3 }),
        "3 players cannot play on 6x6: too few squares",
    );
}

#[test]
fn a_disc_or_block_off_the_board() {
    let mut setup = cross(Board::Octagon);
    setup.set(sq("a1"), Cell::Disc(Color::Black));
    refused(
        setup,
        SetupError::OffBoard {
            square: sq("a1"),
            board: Board::Octagon,
            cell: Cell::Disc(Color::Black),
        },
        "a1 is not on the octagon board and must stay empty",
    );
    let mut setup = cross(Board::Size6);
    setup.set(sq("j10"), Cell::Blocked);
    refused(
        setup,
        SetupError::OffBoard {
            square: sq("j10"),
            board: Board::Size6,
            cell: Cell::Blocked,
        },
        "j10 is not on the 6x6 board and must stay empty",
    );
}

#[test]
fn a_disc_of_a_colour_not_in_play() {
    let mut setup = three(Board::Size10);
    setup.set(sq("a1"), Cell::Disc(Color::Green));
    refused(
        setup,
        SetupError::ColorNotInPlay {
            square: sq("a1"),
            color: Color::Green,
            players: 3,
        },
        "a1 holds a green disc, but a 3-player game has no green",
    );
}

#[test]
fn a_neutral_disc_outside_three_players() {
    for players in [2, 4] {
        let mut setup = Setup::empty(Board::Size8, players);
        setup.set(sq("c3"), Cell::Neutral);
        refused(
            setup,
            SetupError::Neutral {
                square: sq("c3"),
                players,
            },
            &format!(
                "c3 holds a neutral disc, which only a 3-player game has, not a {players}-player one"
            ),
        );
    }
}

#[test]
fn more_than_one_neutral_disc() {
    let mut setup = three(Board::Octagon);
    setup.set(sq("b2"), Cell::Neutral);
    setup.set(sq("i9"), Cell::Neutral);
    refused(
        setup,
        SetupError::NeutralCount(3),
        "3 neutral discs: a 3-player game has one at most",
    );
    // Flipped away, none is fine.
    let mut none = three(Board::Octagon);
    none.set(Board::Octagon.centre()[2], Cell::Disc(Color::Red));
    assert!(Game::from_setup(none).is_ok());
}

#[test]
fn a_side_to_move_not_in_play() {
    let mut setup = cross(Board::Size8);
    setup.to_move = Color::Red;
    refused(
        setup,
        SetupError::ToMove {
            color: Color::Red,
            players: 2,
        },
        "red to move, but a 2-player game has no red",
    );
    let mut setup = three(Board::Size8);
    setup.to_move = Color::Green;
    refused(
        setup,
        SetupError::ToMove {
            color: Color::Green,
            players: 3,
        },
        "green to move, but a 3-player game has no green",
    );
}

#[test]
fn too_many_blocked_squares() {
    let mut setup = cross(Board::Size8);
    for name in ["a1", "b1", "c1", "d1", "e1"] {
        setup.set(sq(name), Cell::Blocked);
    }
    refused(
        setup,
        SetupError::Rules(RulesError::TooManyBlocked(5)),
        "5 blocked squares: at most 4 may be blocked",
    );
    setup.set(sq("e1"), Cell::Empty);
    assert_eq!(Game::from_setup(setup).unwrap().blocked().len(), 4);
}

#[test]
fn a_blocked_square_in_the_central_4x4() {
    let mut setup = cross(Board::Size10);
    setup.set(sq("d4"), Cell::Blocked);
    refused(
        setup,
        SetupError::Rules(RulesError::BlockedInCentre(sq("d4"))),
        "blocked square d4 is in the central 4x4",
    );
    // Just outside it is eligible.
    setup.set(sq("d4"), Cell::Empty);
    setup.set(sq("c3"), Cell::Blocked);
    assert!(Game::from_setup(setup).is_ok());
}

#[test]
fn the_first_problem_is_reported_in_a_fixed_order() {
    // The options before the cells, the cells before the side to move, and those
    // before the blocked squares.
    let mut setup = Setup::empty(Board::Size6, 3);
    setup.set(sq("j10"), Cell::Disc(Color::Green));
    setup.to_move = Color::Green;
    assert_eq!(
        setup.rules(),
        Err(SetupError::Rules(RulesError::BoardTooSmall { players: 3 }))
    );
    setup.board = Board::Size8;
    assert!(matches!(setup.rules(), Err(SetupError::OffBoard { .. })));
    setup.set(sq("j10"), Cell::Empty);
    setup.set(sq("d4"), Cell::Blocked);
    assert!(matches!(setup.rules(), Err(SetupError::ToMove { .. })));
    setup.to_move = Color::Red;
    assert_eq!(
        setup.rules(),
        Err(SetupError::Rules(RulesError::BlockedInCentre(sq("d4"))))
    );
}
