//! Reading and writing every text format: round trips over random games, real
//! archive lines, and errors that say where the problem is.

use crate::common;

use proptest::prelude::*;
use reversi::text::movelist::{parse_moves, MoveErrorKind, MoveListError};
use reversi::text::record::{Record, RecordError, RecordErrorKind, TagError, VARIANT_TAGS};
use reversi::text::{ggf, obf};
use reversi::{Board, Color, Game, Move, Opening, PlayError, Rules, RulesError, Square};

/// A random game of the variant, cut after `length` moves.
fn random_game(rules: Rules, choices: &[prop::sample::Index], length: usize) -> Game {
    let choices = &choices[..length.min(choices.len())];
    common::random_game(rules, choices, |_| Ok::<_, ()>(())).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn move_lists_round_trip(
        (rules, _) in common::variant(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 200),
        length in 0usize..200,
        run_together in any::<bool>(),
    ) {
        let game = random_game(rules, &choices, length);
        let mut text = game.move_list();
        if run_together {
            text = text.replace("pass", "--").replace(' ', "");
            // `--` cannot run together with squares: keep passes apart.
            text = text.replace("--", " -- ");
        }
        let mut replay = Game::new(rules);
        replay.play_moves(&text).unwrap();
        prop_assert_eq!(&replay, &game);
        // Passes may be left out: they are implied.
        let without_passes = game.move_list().replace("pass", "");
        let mut implied = Game::new(rules);
        implied.play_moves(&without_passes).unwrap();
        if game.moves().last() == Some(Move::Pass) {
            // A pass at the very end has no move after it to imply it.
            implied.pass().unwrap();
        }
        prop_assert_eq!(implied.position(), game.position());
    }

    #[test]
    fn records_round_trip(
        (rules, _) in common::variant(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 200),
        length in 0usize..200,
        tags in prop::collection::vec(("[A-Za-z0-9_]{1,10}", any::<String>()), 0..4),
        event in "[ -~]{0,20}",
    ) {
        let game = random_game(rules, &choices, length);
        let mut record = Record::new(game);
        prop_assert_eq!(record.set_tag("Event", &event), Ok(()));
        // Arbitrary values: set (and written back the same) unless a line break,
        // which is refused with the record unchanged.
        for (name, value) in &tags {
            let before = record.clone();
            let set = record.set_tag(name, value);
            if VARIANT_TAGS.contains(&name.as_str()) {
                prop_assert_eq!(set, Err(TagError::VariantTag(name.clone())));
            } else if value.contains(['\n', '\r']) {
                prop_assert_eq!(set, Err(TagError::LineBreak { name: name.clone() }));
            } else {
                prop_assert_eq!(set, Ok(()));
                prop_assert_eq!(record.tag(name), Some(value.as_str()));
                continue;
            }
            prop_assert_eq!(&record, &before);
        }
        let text = record.to_string();
        let back: Record = text.parse().unwrap();
        prop_assert_eq!(&back, &record, "{}", text);
        prop_assert_eq!(back.to_string(), text);
    }

    #[test]
    fn ggf_round_trips_two_player_games(
        (rules, _) in common::variant(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 200),
        length in 0usize..200,
    ) {
        let game = random_game(rules, &choices, length);
        let record = Record::new(game.clone());
        match ggf::write(&record) {
            Ok(line) => {
                prop_assert_eq!(rules.players(), 2);
                let back = ggf::parse(&line).unwrap();
                prop_assert_eq!(back.game().rules(), game.rules(), "{}", line);
                prop_assert_eq!(back.game(), &game, "{}", line);
            }
            Err(e) => prop_assert!(
                rules.players() > 2 || !rules.blocked().is_empty() || rules.opening() == Opening::Free,
                "{e}"
            ),
        }
    }

    #[test]
    fn obf_round_trips_8x8_positions(
        choices in prop::collection::vec(any::<prop::sample::Index>(), 200),
        length in 0usize..70,
    ) {
        let game = random_game(Rules::default(), &choices, length);
        let line = obf::write(&game).unwrap();
        let back = obf::parse(&line).unwrap();
        prop_assert_eq!(back.game.position(), game.position());
        prop_assert_eq!(obf::write(&back.game).unwrap(), line);
    }

    /// A rejected input leaves no partial game.
    #[test]
    fn rejected_move_lists_change_nothing(
        (rules, _) in common::variant(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 200),
        length in 0usize..60,
        junk in "[a-k0-9 ]{1,12}",
    ) {
        let mut game = random_game(rules, &choices, length);
        let before = game.clone();
        if game.play_moves(&junk).is_err() {
            prop_assert_eq!(game, before);
        }
    }
}

#[test]
fn move_list_syntax() {
    let moves = parse_moves("f5d6c3 PA ps pass -- a10b3").unwrap();
    let text: Vec<String> = moves.iter().map(|(m, _)| m.to_string()).collect();
    assert_eq!(
        text,
        ["f5", "d6", "c3", "pass", "pass", "pass", "pass", "a10", "b3"]
    );
    assert_eq!(moves[7].1, 22, "column of a10");
    let err = parse_moves("f5 d6 z9").unwrap_err();
    assert_eq!((err.number, err.column), (3, 7));
    assert!(matches!(err.kind, MoveErrorKind::Square(_)));
    assert_eq!(parse_moves("").unwrap(), vec![]);
}

#[test]
fn illegal_moves_in_a_list_name_their_number() {
    let mut game = Game::new(Rules::default());
    let err = game.play_moves("f5 d6 c3 d3 c4 f4 f6 f5").unwrap_err();
    assert_eq!(
        err,
        MoveListError {
            number: 8,
            column: 22,
            kind: MoveErrorKind::Illegal(PlayError::Occupied(Square::new(5, 4))),
        }
    );
    assert_eq!(game.move_count(), 0, "all or nothing");
    assert_eq!(err.to_string(), "column 22: move 8: f5 is occupied");
}

#[test]
fn the_rules_examples_read() {
    let text = "[Event \"club night\"]\n[Board \"octagon\"]\n[Players \"3\"]\n[Anti \"yes\"]\n[Blocked \"c1 j4\"]\n\ng7 d7 e7 e8 d5 c8 f4 g3 g4\n";
    let record: Record = text.parse().unwrap();
    let rules = record.game().rules();
    assert_eq!(
        (rules.board(), rules.players(), rules.anti()),
        (Board::Octagon, 3, true)
    );
    assert_eq!(rules.blocked().to_string(), "c1 j4");
    assert_eq!(record.game().move_count(), 9);

    let text = "[Handicap \"white a1 h8\"]\n[Opening \"free\"]\n\nd4 e5 d5 e4 f6 e6 f3 g6\n";
    let record: Record = text.parse().unwrap();
    assert_eq!(record.game().rules().opening(), Opening::Free);
    assert_eq!(record.game().move_count(), 8);
}

fn record_error(text: &str) -> RecordError {
    text.parse::<Record>().unwrap_err()
}

#[test]
fn record_errors_say_where() {
    let e = record_error("[Board \"9x9\"]\n\nf5\n");
    assert_eq!(
        (e.line, e.kind.clone()),
        (
            1,
            RecordErrorKind::TagValue {
                tag: "Board",
                value: "9x9".to_string(),
                expected: "6x6, 8x8, 10x10 or octagon",
            }
        )
    );
    let e = record_error("[Event \"x\"]\n[Board \"6x6\"]\n[Players \"3\"]\n\n");
    assert_eq!(e.line, 2);
    assert_eq!(
        e.kind,
        RecordErrorKind::Rules {
            tag: "Board",
            error: RulesError::BoardTooSmall { players: 3 }
        }
    );
    let e = record_error("[Blocked \"d4\"]\n\n");
    assert_eq!(
        e.to_string(),
        "line 1, column 1: tag Blocked: blocked square d4 is in the central 4x4"
    );
    let e = record_error("[Event \"x\"]\n[Handicap \"black a1 h8 a1\"]\n\n");
    assert_eq!(
        e.to_string(),
        "line 2, column 1: tag Handicap: handicap corner a1 is named twice"
    );
    let e = record_error("[Event \"x\"]\n\nf5 d6\nc3 d3 c4 f4 f6 e3\n");
    assert_eq!((e.line, e.column), (4, 16));
    assert_eq!(e.to_string(), "line 4, column 16: move 8: e3 flips nothing");
    let e = record_error("[Event x]\n");
    assert_eq!((e.line, e.kind), (1, RecordErrorKind::TagSyntax));
    let e = record_error("[Event \"a\"]\n[Event \"b\"]\n");
    assert_eq!(e.line, 2);
    let e = record_error("[Anti \"maybe\"]\n");
    assert!(e.to_string().contains("tag Anti"), "{e}");
}

#[test]
fn a_result_that_contradicts_the_replay_is_an_error() {
    // A complete 6×6 game from the reference data of the selfplay example.
    let mut game = Game::new(Rules::builder(Board::Size6).build().unwrap());
    while !game.is_over() {
        match game.legal_moves().first() {
            Some(sq) => {
                game.play(sq).unwrap();
            }
            None => game.pass().unwrap(),
        }
    }
    let record = Record::new(game.clone());
    let text = record.to_string();
    let result = record.result().unwrap().to_string();
    assert!(text.contains(&format!("[Result \"{result}\"]")));
    let winner = result.split(' ').next().unwrap();
    for bad in ["black", "white", "draw", "*"]
        .into_iter()
        .filter(|&w| w != winner)
    {
        let e = record_error(&text.replace(&result, bad));
        assert!(
            matches!(e.kind, RecordErrorKind::ResultContradicts { .. }),
            "{bad}: {e}"
        );
    }
    let wrong_scores = record_error(&text.replace(&result, &format!("{winner} 1-2")));
    assert!(matches!(
        wrong_scores.kind,
        RecordErrorKind::ResultContradicts { .. }
    ));
    // The word alone agrees.
    assert!(text.replace(&result, winner).parse::<Record>().is_ok());
    // An unfinished game keeps the result it was given (a resignation).
    let resigned = "[Result \"white\"]\n\nf5 d6\n".parse::<Record>().unwrap();
    assert_eq!(
        resigned.result().map(|r| r.to_string()).as_deref(),
        Some("white")
    );
    assert!(resigned.to_string().contains("[Result \"white\"]"));
    assert!(record_error("[Result \"red\"]\n\nf5\n")
        .to_string()
        .contains("tag Result"));
}

#[test]
fn a_real_ggs_archive_line_reads() {
    let line = "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[Saio1200]PW[Saio3000]RB[2197.01]RW[2199.72]TI[05:00//02:00]TY[8]RE[+0.000]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[d3//0.01]W[c5//0.01];)";
    let record = ggf::parse(line).unwrap();
    assert_eq!(record.game().move_list(), "d3 c5");
    assert_eq!(record.game().rules(), &Rules::default());
    assert_eq!(record.date(), Some("2003.12.15_13:24:03.MST"));
    assert_eq!(record.tag("BlackRating"), Some("2197.01"));
    assert_eq!(record.tag("TimeControl"), Some("05:00//02:00"));
    // The game is not over: RE[+0.000] is a draw, for a reason not given.
    let result = record.result().unwrap();
    assert_eq!(result.to_string(), "draw");
    let written = ggf::write(&record).unwrap();
    assert_eq!(ggf::parse(&written).unwrap(), record);
    // Through our record format and back.
    let again: Record = record.to_string().parse().unwrap();
    assert_eq!(again, record);
}

#[test]
fn ggf_variants_and_errors() {
    let anti10 = "(;GM[Othello]TY[10a]B[e4];)";
    let record = ggf::parse(anti10).unwrap();
    assert!(record.game().rules().anti());
    assert_eq!(record.game().board(), Board::Size10);
    let handicap = "(;GM[Othello]TY[8]BO[8 O------- -------- -------- ---O*--- ---*O--- -------- -------- -------O *]B[d3];)";
    let record = ggf::parse(handicap).unwrap();
    let h = record.game().rules().handicap().unwrap();
    assert_eq!(h.color, reversi::Color::White);
    assert_eq!(ggf::write(&record).unwrap().matches("O-------").count(), 1);
    let octagon = Game::new(Rules::builder(Board::Octagon).build().unwrap());
    let line = ggf::write(&Record::new(octagon.clone())).unwrap();
    assert!(line.contains("TY[88]"), "{line}");
    assert_eq!(ggf::parse(&line).unwrap().game(), &octagon);

    for (bad, column) in [
        ("(;GM[Chess];)", 3),
        ("(;GM[Othello]TY[9];)", 14),
        ("(;GM[Othello]TY[8s];)", 14),
        ("(;GM[Othello]BO[8 --- *];)", 14),
        ("(;GM[Othello]B[a1];)", 14),
        ("(;GM[Othello]W[d3];)", 14),
        ("(;GM[Othello]B[d3", 14),
        ("GM[Othello]", 1),
        ("(;GM[Othello]BO[8 -------- -------- -------- ---O*--- ---*---- -------- -------- -------- *];)", 14),
    ] {
        let e = ggf::parse(bad).unwrap_err();
        assert_eq!((e.line, e.column), (1, column), "{bad}: {e}");
    }
    let e = ggf::parse("(;GM[Othello]\nTY[8]\n  B[a1];)").unwrap_err();
    assert_eq!((e.line, e.column), (3, 3), "{e}");
    assert_eq!(e.to_string(), "line 3, column 3: move 1: a1 flips nothing");
    let three = Game::new(Rules::builder(Board::Size8).players(3).build().unwrap());
    assert_eq!(
        ggf::write(&Record::new(three)),
        Err(ggf::GgfWriteError::Players(3))
    );
    let free = Game::new(
        Rules::builder(Board::Size8)
            .opening(Opening::Free)
            .build()
            .unwrap(),
    );
    assert_eq!(
        ggf::write(&Record::new(free)),
        Err(ggf::GgfWriteError::FreeOpening)
    );
    let blocked = Game::new(
        Rules::builder(Board::Size8)
            .blocked([Square::new(0, 0)])
            .build()
            .unwrap(),
    );
    assert_eq!(
        ggf::write(&Record::new(blocked)),
        Err(ggf::GgfWriteError::Blocked)
    );
}

/// The FFO endgame suite: every position reads, and its annotated moves are
/// exactly the legal moves.
#[test]
fn ffo_positions_read_with_their_legal_moves() {
    let mut positions = 0;
    for file in [
        include_str!("../data/ffo/fforum-1-19.obf"),
        include_str!("../data/ffo/fforum-40-59.obf"),
    ] {
        for line in file.lines().filter(|l| !l.trim().is_empty()) {
            let board = obf::parse(line).unwrap_or_else(|e| panic!("{line}: {e}"));
            let mut annotated: Vec<Square> = board
                .annotations
                .split(';')
                .filter_map(|a| a.trim().split(':').next())
                .filter(|m| !m.is_empty())
                .map(|m| m.parse().unwrap())
                .collect();
            annotated.sort();
            let legal: Vec<Square> = board.game.legal_moves().iter().collect();
            assert_eq!(legal, annotated, "{line}");
            positions += 1;
        }
    }
    assert_eq!(positions, 39);
}

#[test]
fn obf_character_sets_and_errors() {
    let edax = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    let alt = edax.replace('X', "*").replace('O', "w").replace('-', ".");
    let alt = format!("{}b", &alt[..65]);
    assert_eq!(
        obf::parse(&alt).unwrap().game,
        obf::parse(edax).unwrap().game
    );
    assert_eq!(
        obf::parse("0").unwrap_err(),
        obf::ObfError::Cell {
            column: 1,
            found: '0'
        }
    );
    assert_eq!(
        obf::parse(&edax[..60]).unwrap_err(),
        obf::ObfError::Cells(60)
    );
    assert_eq!(
        obf::parse(&edax[..64]).unwrap_err(),
        obf::ObfError::ToMove { column: 65 }
    );
    assert_eq!(
        obf::parse(&format!("{} Q", &edax[..64])).unwrap_err(),
        obf::ObfError::ToMove { column: 66 }
    );
    // A line as fgets or read_line leaves it, with its line break.
    for ending in ["\n", "\r\n", "; G8:+18;\n"] {
        let line = format!("{edax}{ending}");
        let board = obf::parse(&line).unwrap_or_else(|e| panic!("{line:?}: {e}"));
        assert_eq!(board.game, obf::parse(edax).unwrap().game);
    }
    assert_eq!(obf::parse(&format!("{edax}\n")).unwrap().annotations, "");
    // But one board only: a second line is not taken for annotations.
    assert_eq!(
        obf::parse(&format!("{edax}; G8:+18;\n\n{edax}\n")).unwrap_err(),
        obf::ObfError::MoreLines { line: 3 }
    );
    assert_eq!(
        obf::parse(&format!("{edax}\n  \n")).unwrap().annotations,
        ""
    );
    let ten = Game::new(Rules::builder(Board::Size10).build().unwrap());
    assert!(obf::write(&ten).is_err());
}

#[test]
fn implied_passes() {
    // White has no move after black's a1 here; the next black move implies a pass.
    let mut game = Game::from_position_str(
        "-WBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBB-/BBBBBBW- B",
        2,
        false,
    )
    .unwrap();
    game.play_moves("a1").unwrap();
    assert!(game.must_pass());
    game.play_moves("h8").unwrap();
    assert_eq!(game.move_list(), "a1 pass h8");
    assert_eq!(game.moves().filter(|&m| m == Move::Pass).count(), 1);
}

/// Plays until the game ends, choosing among the legal moves by the move number
/// (so that every score of the four-player octagon game below has two digits).
fn play_out(mut game: Game) -> Game {
    while !game.is_over() {
        let moves: Vec<Square> = game.legal_moves().iter().collect();
        if moves.is_empty() {
            game.pass().unwrap();
        } else {
            game.play(moves[game.move_count() % moves.len()]).unwrap();
        }
    }
    game
}

#[test]
fn a_ggf_move_out_of_turn_says_so_in_full() {
    let line = "(;GM[Othello]PC[GGS/os]PB[Saio1200]PW[Saio3000]TY[8]\
                BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]\
                W[d3//0.01];)";
    let column = line.find("W[d3").unwrap() + 1;
    let e = ggf::parse(line).unwrap_err();
    assert_eq!(
        e.kind,
        ggf::GgfErrorKind::OutOfTurn {
            number: 1,
            played: Color::White,
            to_move: Color::Black,
        }
    );
    assert_eq!(
        e.to_string(),
        format!("line 1, column {column}: move 1: white played, but black is to move")
    );
    // The rule a move broke is the typed cause.
    let e = ggf::parse("(;GM[Othello]TY[8]B[d3]W[a1];)").unwrap_err();
    assert_eq!(
        e.kind,
        ggf::GgfErrorKind::Illegal {
            number: 2,
            error: PlayError::FlipsNothing(Square::new(0, 0)),
        }
    );
    assert_eq!(e.to_string(), "line 1, column 24: move 2: a1 flips nothing");
    // The player who must pass cannot place a disc: archives leave out passes of
    // the other player only.
    let implied = "(;GM[Othello]TY[8]\
                   BO[8 -O****** ******** ******** ******** ******** ******** ******** ******O- *]\
                   B[a1]B[h8];)";
    assert_eq!(
        ggf::parse(implied).unwrap().game().move_list(),
        "a1 pass h8"
    );
    let must_pass = "(;GM[Othello]TY[8]\
                     BO[8 -OOOOOOO OOOOOOOO OOOOOOOO OOOOOOOO OOOOOOOO OOOOOOOO OOOOOOOO OOOOOO*- *]\
                     B[h8];)";
    let column = must_pass.find("B[h8]").unwrap() + 1;
    let e = ggf::parse(must_pass).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("line 1, column {column}: move 1: h8 flips nothing")
    );
}

#[test]
fn ggf_errors_keep_their_whole_text() {
    let cases = [
        (
            "(;GM[Chess, the game of kings];)",
            "line 1, column 3: GM[Chess, the game of kings]: not an Othello game",
        ),
        (
            "(;GM[Othello]TY[8 with a long modifier];)",
            "line 1, column 14: TY[8 with a long modifier]: expected 6, 8, 10 or 88, \
             optionally with the modifier a",
        ),
        (
            "(;GM[Othello]TY[8]B[the first move of the game];)",
            "line 1, column 19: move 1: \"the first move of the game\" is not a square or PA",
        ),
        (
            "(;GM[Othello]BO[8 -------- -------- -------- ---O*--- ---*---- -------- -------- -------- *];)",
            "line 1, column 14: BO: an empty centre square is the free opening, \
             which GGF cannot express",
        ),
        (
            // A disc on j1, which the octagon does not have (100 cells given).
            "(;GM[Othello]TY[88]BO[10 ---------* ---------- ---------- ---------- ----O*---- \
             ----*O---- ---------- ---------- ---------- ---------- *];)",
            "line 1, column 20: j1 is not on the octagon board and must stay empty",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(ggf::parse(text).unwrap_err().to_string(), want, "{text}");
    }
}

#[test]
fn a_contradicted_result_says_both_full_texts() {
    let octagon4 = Rules::builder(Board::Octagon).players(4).build().unwrap();
    let record = Record::new(play_out(Game::new(octagon4)));
    let text = record.to_string();
    let replay = record.result().unwrap().to_string();
    let (winner, scores) = replay.split_once(' ').unwrap();
    let wrong = if winner == "white" { "black" } else { "white" };
    let given = format!("{wrong} {scores}");
    // Longer than the 16 bytes that errors used to keep.
    assert!(given.len() > 16 && replay.len() > 16, "{given}");
    let line = text.lines().position(|l| l.starts_with("[Result")).unwrap() + 1;
    let e = record_error(&text.replace(&replay, &given));
    assert_eq!(
        e.kind,
        RecordErrorKind::ResultContradicts {
            given: given.clone(),
            replay: replay.clone(),
        }
    );
    assert_eq!(
        e.to_string(),
        format!("line {line}, column 1: tag Result: {given:?}, but the replay ends {replay:?}")
    );
}

#[test]
fn record_errors_keep_their_whole_text() {
    let cases = [
        (
            "[AVeryLongTagNameIndeed \"1\"]\n[AVeryLongTagNameIndeed \"2\"]\n",
            "line 2, column 1: tag AVeryLongTagNameIndeed is given twice",
        ),
        (
            "[Board \"nine by nine, or bigger\"]\n",
            "line 1, column 1: tag Board: \"nine by nine, or bigger\" is not \
             6x6, 8x8, 10x10 or octagon",
        ),
        (
            "[Event \"x\"]\n\nf5 notasquareatall\n",
            "line 3, column 4: move 2: \"notasquareatall\" is not a square (a-j and 1-10) \
             or a pass",
        ),
        (
            "[Position \"--------/--------/--------/---WB---/---BW---/--------/--------/-------- \
             black\"]\n",
            "line 1, column 1: tag Position: column 73: expected the player to move \
             (B W R G) after one space, found \"black\"",
        ),
        (
            "[Position \"--------/--------/--------/---WR---/---BW---/--------/--------/-------- B\"]\n",
            "line 1, column 1: tag Position: e4 holds a red disc, but a 2-player game has no red",
        ),
        (
            "[Board \"octagon\"]\n\
             [Position \"--------/--------/--------/---WB---/---BW---/--------/--------/-------- B\"]\n",
            "line 2, column 1: tag Position: its board \"8x8\", but the other tags say \"octagon\"",
        ),
        (
            "[Blocked \"a1\"]\n\
             [Position \"--------/--------/--------/---WB---/---BW---/--------/--------/-------# B\"]\n",
            "line 2, column 1: tag Position: its blocked squares \"h8\", \
             but the other tags say \"a1\"",
        ),
        (
            "[Position \"--------/--------/--------/---WB---/---B----/--------/--------/-------- W\"]\n",
            "line 1, column 1: tag Position: its opening \"free\", \
             but the other tags say \"standard\"",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(record_error(text).to_string(), want, "{text}");
    }
    // With the tags that agree, the same positions read.
    let free = "[Opening \"free\"]\n\
                [Position \"--------/--------/--------/---WB---/---B----/--------/--------/-------- W\"]\n\ne5\n";
    let record: Record = free.parse().unwrap();
    assert_eq!(record.game().rules().opening(), Opening::Free);
    assert_eq!(record.to_string().parse::<Record>().unwrap(), record);
}

#[test]
fn move_list_errors_keep_their_whole_text() {
    let e = parse_moves("f5 d6 thisisnotasquareatall").unwrap_err();
    assert_eq!(
        e,
        MoveListError {
            number: 3,
            column: 7,
            kind: MoveErrorKind::Square("thisisnotasquareatall".to_string()),
        }
    );
    assert_eq!(
        e.to_string(),
        "column 7: move 3: \"thisisnotasquareatall\" is not a square (a-j and 1-10) or a pass"
    );
    // Within a run-together word, the text from where reading stopped.
    let e = parse_moves("f5d6zz").unwrap_err();
    assert_eq!((e.number, e.column), (3, 5));
    assert_eq!(e.kind, MoveErrorKind::Square("zz".to_string()));
}

#[test]
fn a_ggf_property_with_a_line_break_is_refused_not_kept_unwritable() {
    let err = ggf::parse("(;GM[Othello]PB[a\nb]TY[8];)").unwrap_err();
    assert_eq!(
        err.kind,
        ggf::GgfErrorKind::Tag(TagError::LineBreak {
            name: "PB".to_string()
        })
    );
    assert_eq!(err.line, 1);
    // Without the line break the same game reads, and its record reads back.
    let record = ggf::parse("(;GM[Othello]PB[a b]TY[8];)").unwrap();
    let back: Record = record.to_string().parse().unwrap();
    assert_eq!(back, record);
}
