//! Settings can be saved and typed: `FromStr` reads what `Display` prints for
//! `Rules`, `Opening`, `Handicap` and `Board`, and the examples' flags.

use reversi::{Board, Color, Corners, Handicap, Opening, ParseRulesErrorKind, Rules, RulesError};

#[test]
fn rules_read_back_what_they_print_for_every_option() {
    let mut count = 0;
    for board in Board::ALL {
        for players in 2..=4 {
            for anti in [false, true] {
                for opening in [Opening::Standard, Opening::Free] {
                    let builder = Rules::builder(board)
                        .players(players)
                        .anti(anti)
                        .opening(opening);
                    let variants = [
                        builder.build(),
                        builder
                            .handicap(Handicap {
                                color: Color::White,
                                corners: Corners::TOP_LEFT | Corners::BOTTOM_RIGHT,
                            })
                            .build(),
                        builder
                            .blocked(
                                board.squares()
                                    - board.central_4x4()
                                    - board.corners().into_iter().collect(),
                            )
                            .build(),
                    ];
                    for rules in variants.into_iter().flatten() {
                        let text = rules.to_string();
                        assert_eq!(text.parse::<Rules>(), Ok(rules), "{text}");
                        count += 1;
                    }
                }
            }
        }
    }
    assert!(count > 30);
}

#[test]
fn rules_read_the_examples_flags() {
    let rules: Rules = "--board octagon --players 4 --blocked c1,j4"
        .parse()
        .unwrap();
    assert_eq!(rules.to_string(), "octagon, 4 players, blocked c1 j4");
    let rules: Rules = "--board 10x10 --anti --free-opening".parse().unwrap();
    assert_eq!(rules.to_string(), "10x10, 2 players, anti, free opening");
    let rules: Rules = "--handicap black:a1,h8".parse().unwrap();
    assert_eq!(rules.to_string(), "8x8, 2 players, handicap black a1 h8");
    assert_eq!(
        "--anti".parse::<Rules>().map(|r| r.board()),
        Ok(Board::Size8),
        "flags left out keep their defaults"
    );
    assert!("".parse::<Rules>().is_err(), "an empty text names no board");
}

#[test]
fn bad_settings_say_why() {
    let e = "--board 9x9".parse::<Rules>().unwrap_err();
    assert!(matches!(e.kind(), ParseRulesErrorKind::Board(_)));
    assert_eq!(
        e.to_string(),
        "unknown board \"9x9\": expected 6x6, 8x8, 10x10 or octagon"
    );
    let e = "6x6, 3 players".parse::<Rules>().unwrap_err();
    assert_eq!(
        e.kind(),
        &ParseRulesErrorKind::Rules(RulesError::BoardTooSmall { players: 3 })
    );
    // Options that do not go together: the whole text is at fault (cut to 16
    // bytes), not an empty one.
    assert_eq!(e.text(), "6x6, 3 players");
    let e = "--board 6x6 --players 4".parse::<Rules>().unwrap_err();
    assert_eq!(e.text(), "--board 6x6 --pl");
    let e = "8x8, many players".parse::<Rules>().unwrap_err();
    assert_eq!(e.to_string(), "\"many\" is not a number of players");
    let e = "8x8, sideways".parse::<Rules>().unwrap_err();
    assert_eq!(e.text(), "sideways");
    let e = "--players".parse::<Rules>().unwrap_err();
    assert_eq!(e.to_string(), "--players needs a value");
    for text in ["8x8, blocked", "8x8, blocked ,", "--blocked ,"] {
        let e = text.parse::<Rules>().unwrap_err();
        assert_eq!(e.to_string(), "blocked needs a value", "{text}");
    }
    let e = "--blocked random".parse::<Rules>().unwrap_err();
    assert!(matches!(e.kind(), ParseRulesErrorKind::Square(_)));
    let e = "purple a1".parse::<Handicap>().unwrap_err();
    assert_eq!(e.to_string(), "\"purple\" is not a colour");
    let e = "white d4".parse::<Handicap>().unwrap_err();
    assert_eq!(e.to_string(), "d4 is not a corner of any board");
    // A corner or a blocked square named twice is refused, not read as one.
    let e = "white a1 h8 a1".parse::<Handicap>().unwrap_err();
    assert_eq!(e.kind(), &ParseRulesErrorKind::RepeatedCorner);
    // Worded as the builder words it (RulesError::HandicapRepeated).
    assert_eq!(e.to_string(), "handicap corner a1 is named twice");
    let e = "white top-left a1".parse::<Handicap>().unwrap_err();
    assert_eq!(e.text(), "a1");
    for text in ["8x8, blocked c1 c1", "--blocked c1,b2,c1"] {
        let e = text.parse::<Rules>().unwrap_err();
        assert_eq!(
            e.kind(),
            &ParseRulesErrorKind::Rules(RulesError::BlockedRepeated("c1".parse().unwrap())),
            "{text}"
        );
    }
    assert_eq!("free".parse::<Opening>(), Ok(Opening::Free));
    assert_eq!(
        Opening::Free.to_string().parse::<Opening>(),
        Ok(Opening::Free)
    );
    assert!("closed".parse::<Opening>().is_err());
}

#[test]
fn handicaps_and_boards_read_back_what_they_print() {
    for color in [Color::Black, Color::White] {
        for bits in 1..16u8 {
            let h = Handicap {
                color,
                corners: Corners::from_bits(bits).unwrap(),
            };
            assert_eq!(h.to_string().parse::<Handicap>(), Ok(h), "{h}");
        }
    }
    // The octagon's corner squares name the same corners.
    let h: Handicap = "black b2 i2 b9 i9".parse().unwrap();
    assert_eq!(h.corners, Corners::all());
    for board in Board::ALL {
        assert_eq!(board.to_string().parse::<Board>(), Ok(board));
    }
}

#[test]
fn handicap_squares_in_rules_text_are_corners_of_its_board() {
    let sq = |name: &str| name.parse().unwrap();
    // b2 is the octagon's top-left corner, j10 a corner of 10x10, h1 of 8x8:
    // on another board each is refused, not moved to that board's corner.
    for (text, square, board) in [
        ("--board 8x8 --handicap black:b2", "b2", Board::Size8),
        ("8x8, handicap black j10", "j10", Board::Size8),
        ("octagon, handicap black h1", "h1", Board::Octagon),
        ("--handicap white:a1 --board octagon", "a1", Board::Octagon),
    ] {
        let e = text.parse::<Rules>().unwrap_err();
        let want = RulesError::NotACorner {
            square: sq(square),
            board,
        };
        assert_eq!(e.kind(), &ParseRulesErrorKind::Rules(want), "{text}");
        assert_eq!(
            e.to_string(),
            format!("{square} is not a corner of the {board} board")
        );
    }
    // The board named after the handicap is the one its squares are read on.
    let octagon: Rules = "--handicap white:b2,i9 --board octagon".parse().unwrap();
    let corners = Corners::TOP_LEFT | Corners::BOTTOM_RIGHT;
    assert_eq!(octagon.handicap().map(|h| h.corners), Some(corners));
    assert_eq!(
        octagon.to_string(),
        "octagon, 2 players, handicap white b2 i9"
    );
    // A bad handicap is refused even when another follows it.
    for text in [
        "8x8, handicap nonsense, handicap white a1",
        "--handicap purple:a1 --handicap white:a1",
    ] {
        assert!(text.parse::<Rules>().is_err(), "{text}");
    }
    // Corners by name fit every board.
    let named: Rules = "10x10, handicap black top-left".parse().unwrap();
    assert_eq!(named.to_string(), "10x10, 2 players, handicap black a1");
}

#[test]
fn colour_names_for_people_are_capitalised() {
    let names: Vec<&str> = Color::ALL.iter().map(|c| c.display_name()).collect();
    assert_eq!(names, ["Black", "White", "Red", "Green"]);
    assert_eq!(
        Color::Black.to_string(),
        "black",
        "records keep the lower-case word"
    );
}
