//! Records and GGF keep what a front end saves: tags that read back, typed results
//! (resignations, time, agreements) checked by setters as by readers, player names
//! across formats, and per-move times and comments.

use std::time::Duration;

use proptest::prelude::*;
use reversi::text::ggf;
use reversi::text::record::{Record, RecordErrorKind, TagError};
use reversi::text::result::{Ending, GameResult, ResultError};
use reversi::{Color, Game, Outcome, Rules};

fn opening() -> Game {
    let mut game = Game::new(Rules::default());
    game.play_moves("f5 d6 c3 d3 c4").unwrap();
    game
}

#[test]
fn set_tag_refuses_a_line_break_and_ggf_refuses_it_too() {
    let mut record = Record::new(opening());
    let before = record.clone();
    assert!(matches!(
        record.set_tag("Event", "a\nb"),
        Err(TagError::LineBreak { .. })
    ));
    assert!(matches!(
        record.set_tag("Event", "a\rb"),
        Err(TagError::LineBreak { .. })
    ));
    assert_eq!(record, before);
    let e = ggf::parse("(;GM[Othello]PB[a\nb]TY[8];)").unwrap_err();
    assert!(e.to_string().contains("line break"), "{e}");
}

#[test]
fn set_result_refuses_what_the_reader_refuses() {
    let mut record = Record::new(opening());
    let before = record.clone();
    for bad in [
        "red",
        "foo",
        "",
        "green by resignation",
        "draw by resignation",
        "black 3-4",
        "black 70-31",
    ] {
        let e = record.set_result(bad).unwrap_err();
        assert_eq!(record, before, "{bad}");
        // The reader refuses the same text, with the same error inside.
        let text = format!("[Result \"{bad}\"]\n\nf5 d6 c3 d3 c4\n");
        let read = text.parse::<Record>().unwrap_err();
        assert_eq!(read.kind, RecordErrorKind::Result(e.clone()), "{bad}");
    }
    assert!(matches!(
        record.set_result("red"),
        Err(ResultError::ColorNotInPlay {
            color: Color::Red,
            players: 2
        })
    ));
    assert!(matches!(
        record.set_result("foo"),
        Err(ResultError::Syntax(_))
    ));
    assert!(matches!(record.set_result(""), Err(ResultError::Syntax(_))));
    assert!(matches!(
        record.set_result("draw on time"),
        Err(ResultError::Draw(Ending::Time))
    ));
    assert!(matches!(
        record.set_result("black 3-4"),
        Err(ResultError::ScoresDisagree { .. })
    ));
    // More discs than squares, even by agreement; as many as squares is allowed
    // (empty squares counted to the winner).
    let e = record.set_result("black 70-31 by agreement").unwrap_err();
    assert_eq!(
        e.to_string(),
        "the scores B=70 W=31 count 101 discs, but the board holds 64"
    );
    // Scores near u32::MAX add up without overflow.
    assert!(matches!(
        record.set_result("black 4294967295-1 by agreement"),
        Err(ResultError::TooManyDiscs {
            discs: 4_294_967_296,
            ..
        })
    ));
    record.set_result("black 40-24 by agreement").unwrap();
    record.set_result("*").unwrap();
    assert_eq!(record, before);
    let blocked = Game::new(
        Rules::builder(reversi::Board::Size8)
            .blocked(["a1".parse().unwrap()])
            .build()
            .unwrap(),
    );
    let mut record_blocked = Record::new(blocked);
    assert!(matches!(
        record_blocked.set_result("black 40-24"),
        Err(ResultError::TooManyDiscs {
            discs: 64,
            squares: 63,
            ..
        })
    ));
    record_blocked.set_result("black 40-23").unwrap();
    // Board needs a game over on the board.
    let board = GameResult {
        outcome: Outcome::Draw,
        scores: None,
        ending: Ending::Board,
    };
    assert!(matches!(
        record.set_game_result(Some(board)),
        Err(ResultError::NotOver(_))
    ));
    // Three players: red is in play.
    let three = Game::new(
        Rules::builder(reversi::Board::Size8)
            .players(3)
            .build()
            .unwrap(),
    );
    let mut record3 = Record::new(three);
    record3.set_result("red by resignation").unwrap();
    record3.set_player(Color::Red, "Rosa").unwrap();
    let back: Record = record3.to_string().parse().unwrap();
    assert_eq!(back, record3);
    assert!(matches!(
        Record::new(opening()).set_player(Color::Green, "Gil"),
        Err(TagError::ColorNotInPlay { .. })
    ));
    let e = "[Green \"Gil\"]\n\nf5\n".parse::<Record>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1, column 1: tag Green: no such player in a 2-player game"
    );
}

#[test]
fn a_finished_game_keeps_the_result_of_its_board() {
    let mut game = Game::new(Rules::builder(reversi::Board::Size6).build().unwrap());
    while !game.is_over() {
        match game.legal_moves().first() {
            Some(sq) => drop(game.play(sq).unwrap()),
            None => game.pass().unwrap(),
        }
    }
    let mut record = Record::new(game);
    let board = record.result().unwrap();
    assert_eq!(board.ending, Ending::Board);
    let other = if board.outcome == Outcome::Win(Color::Black) {
        "white"
    } else {
        "black"
    };
    let before = record.clone();
    assert!(matches!(
        record.set_result(&format!("{other} by resignation")),
        Err(ResultError::Contradicts { .. })
    ));
    assert!(record.set_result(board.outcome.word()).is_ok());
    assert_eq!(record, before);
}

#[test]
fn a_resigned_game_reads_back_resigned_in_both_formats() {
    let mut record = Record::new(opening());
    record.set_player(Color::Black, "Ann").unwrap();
    record.set_player(Color::White, "Bo").unwrap();
    record.set_event("club night").unwrap();
    record.set_date("2026.11.30").unwrap();
    record.set_result("white by resignation").unwrap();
    let text = record.to_string();
    assert!(text.contains("[Result \"white by resignation\"]"), "{text}");
    let back: Record = text.parse().unwrap();
    assert_eq!(back, record);

    let line = ggf::write(&record).unwrap();
    assert!(line.contains("PB[Ann]PW[Bo]"), "{line}");
    assert!(
        line.contains("EV[club night]") && line.contains("DT[2026.11.30]"),
        "{line}"
    );
    assert!(line.contains("RE[-64.000:r]"), "{line}");
    let from_ggf = ggf::parse(&line).unwrap();
    assert_eq!(from_ggf.player(Color::Black), Some("Ann"));
    assert_eq!(from_ggf.player(Color::White), Some("Bo"));
    assert_eq!(from_ggf.event(), Some("club night"));
    assert_eq!(from_ggf.date(), Some("2026.11.30"));
    let result = from_ggf.result().unwrap();
    assert_eq!(
        (result.outcome, result.ending),
        (Outcome::Win(Color::White), Ending::Resignation)
    );
    assert_eq!(from_ggf, record);

    for (re, outcome, ending) in [
        ("+64.000:r", Outcome::Win(Color::Black), Ending::Resignation),
        ("-12.00:t", Outcome::Win(Color::White), Ending::Time),
        ("0.000:s", Outcome::Draw, Ending::Agreement),
        ("+3", Outcome::Win(Color::Black), Ending::Unstated),
    ] {
        let text = format!("(;GM[Othello]TY[8]RE[{re}]B[f5];)");
        let result = ggf::parse(&text).unwrap().result().unwrap();
        assert_eq!((result.outcome, result.ending), (outcome, ending), "{re}");
    }
    assert!(ggf::parse("(;GM[Othello]TY[8]RE[?]B[f5];)")
        .unwrap()
        .result()
        .is_none());
    let e = ggf::parse("(;GM[Othello]TY[8]RE[+3:x]B[f5];)").unwrap_err();
    assert_eq!(e.to_string(), "line 1, column 19: RE[+3:x]: expected a disc difference such as +12.000, optionally :r, :t or :s");
}

#[test]
fn ggf_keeps_move_times_and_the_record_keeps_times_and_comments() {
    let record = ggf::parse("(;GM[Othello]TY[8]B[f5//1.2]W[d6/0.5/0.013]B[c3];)").unwrap();
    let times: Vec<Option<Duration>> = record.game().history().iter().map(|p| p.time()).collect();
    assert_eq!(
        times,
        [
            Some(Duration::from_millis(1200)),
            Some(Duration::from_millis(13)),
            None
        ]
    );
    let line = ggf::write(&record).unwrap();
    assert!(line.contains("B[f5//1.2]W[d6/0.5/0.013]B[c3]"), "{line}");

    let mut record = record;
    record
        .game_mut()
        .ply_mut(2)
        .unwrap()
        .set_comment(Some("the {best} move \\ [sic]"));
    let text = record.to_string();
    assert!(
        text.ends_with(
            "f5 {[%emt 0:00:01.2]} d6 {[%emt 0:00:00.013] [%eval 0.5]} c3 {the \\{best\\} move \\\\ [sic]}\n"
        ),
        "{text}"
    );
    let back: Record = text.parse().unwrap();
    assert_eq!(back, record);
    // Comments are not GGF's: the line is the same without them.
    assert_eq!(ggf::write(&back).unwrap(), line);
    let bad = ggf::parse("(;GM[Othello]TY[8]B[f5//soon];)").unwrap_err();
    assert_eq!(
        bad.to_string(),
        "line 1, column 19: move 1: \"soon\" is not a time in seconds"
    );
}

#[test]
fn annotation_errors_say_where() {
    for (text, expected) in [
        ("f5 {open", "line 1, column 4: a { annotation without its }"),
        (
            "{x} f5",
            "line 1, column 1: an annotation before the first move",
        ),
        (
            "f5 {a} {b}",
            "line 1, column 8: move 1 has a second annotation",
        ),
        (
            "f5 {[%emt 1:2:3]}",
            "line 1, column 4: \"1:2:3\" is not a time H:MM:SS[.fraction]",
        ),
        ("f5 d6}", "line 1, column 6: a { annotation without its }"),
    ] {
        let e = text.parse::<Record>().unwrap_err();
        assert_eq!(e.to_string(), expected, "{text}");
    }
    // An annotation on a move after an implied pass goes to the move, and a
    // comment that starts like a time is escaped.
    let position = "-WB-----/--------/--------/---BB---/---BB---/--------/--------/------WB B";
    let text = format!("[Position \"{position}\"]\n\na1 f8 {{\\[%emt 0:00:01] is text}}\n");
    let record: Record = text.parse().unwrap();
    let history = record.game().history();
    assert_eq!(history.len(), 3);
    assert_eq!(history[2].comment(), Some("[%emt 0:00:01] is text"));
    assert_eq!(history[2].time(), None);
    let again: Record = record.to_string().parse().unwrap();
    assert_eq!(again, record);
}

fn any_result() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("*".to_string()),
        (0..5usize, 0..5usize).prop_map(|(o, e)| {
            let word = ["black", "white", "draw", "red", "green"][o];
            let ending = ["", " by resignation", " on time", " by agreement", " 40-24"][e];
            format!("{word}{ending}")
        }),
        ".*",
    ]
}

proptest! {
    /// Whatever a setter accepts, the record writes and reads back to the same
    /// record; whatever it refuses, the reader refuses too.
    #[test]
    fn records_round_trip(
        event in ".*",
        name in "[A-Za-z_][A-Za-z0-9_]{0,8}",
        value in ".*",
        result in any_result(),
        annotations in proptest::collection::vec((proptest::option::of(any::<(u32, u32)>()), proptest::option::of(".*")), 0..5),
    ) {
        let mut record = Record::new(opening());
        let _ = record.set_event(&event);
        let _ = record.set_tag(&name, &value);
        for (i, (time, comment)) in annotations.iter().enumerate() {
            let ply = record.game_mut().ply_mut(i).unwrap();
            ply.set_time(time.map(|(s, n)| Duration::new(s as u64 * 7919, n % 1_000_000_000)));
            ply.set_comment(comment.as_deref());
        }
        let set = record.set_result(&result);
        let text = record.to_string();
        let back: Record = text.parse().map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &record);
        if set.is_err() {
            let tagged = text.replace("[Result \"*\"]", &format!("[Result {:?}]", result));
            if !result.contains(['\n', '\r', '"', '\\']) && result.trim() != "*" {
                prop_assert!(tagged.parse::<Record>().is_err(), "{}", tagged);
            }
        }
        // GGF keeps the players, the result and the times; a tag named as one of
        // GGF's own properties (or a property another tag maps to) is refused.
        let line = match ggf::write(&record) {
            Err(ggf::GgfWriteError::Tag(tag)) => {
                prop_assert_eq!(&tag, &name);
                prop_assert!(["GM", "TY", "BO", "B", "W", "RE", "PB", "PW", "DT", "EV", "PC", "RB", "RW", "TI"].contains(&tag.as_str()));
                return Ok(());
            }
            other => other.unwrap(),
        };
        let from_ggf = ggf::parse(&line).map_err(|e| TestCaseError::fail(format!("{e}\n{line}")))?;
        let times = |r: &Record| r.game().history().iter().map(|p| p.time()).collect::<Vec<_>>();
        prop_assert_eq!(times(&from_ggf), times(&record));
        let typed = |r: &Record| r.result().map(|r| (r.outcome, r.ending));
        prop_assert_eq!(typed(&from_ggf), typed(&record));
        prop_assert_eq!(from_ggf.event(), record.event());
    }
}

#[test]
fn the_documented_annotation_example_reads() {
    let text = "f5 {[%emt 0:00:01.2] the usual} d6 {[%emt 0:00:03]} c3 {a \\{rare\\} move? [sic]}";
    let record: Record = text.parse().unwrap();
    let history = record.game().history();
    assert_eq!(history[0].time(), Some(Duration::from_millis(1200)));
    assert_eq!(history[0].comment(), Some("the usual"));
    assert_eq!(history[1].time(), Some(Duration::from_secs(3)));
    assert_eq!(history[2].comment(), Some("a {rare} move? [sic]"));
    assert!(record.to_string().ends_with(&format!("{text}\n")));
}

#[test]
fn a_stated_margin_is_kept_only_where_it_fits() {
    let mut record = Record::new(opening());
    let before = record.clone();
    let refused = |record: &mut Record, margin| match record.set_stated_margin(margin) {
        Err(ResultError::Margin { reason, .. }) => reason,
        other => panic!("{other:?}"),
    };
    assert_eq!(refused(&mut record, 4), "no result is stated");
    assert_eq!(record, before);
    record.set_result("black by resignation").unwrap();
    assert_eq!(
        refused(&mut record, -4),
        "its sign does not make the stated winner"
    );
    assert_eq!(
        refused(&mut record, 0),
        "its sign does not make the stated winner"
    );
    assert_eq!(record.stated_margin(), None);
    record.set_stated_margin(4).unwrap();
    assert_eq!(record.stated_margin(), Some(4));
    assert!(ggf::write(&record).unwrap().contains("RE[+4.000:r]"));
    record.set_result("black 40-24 by agreement").unwrap();
    assert_eq!(
        refused(&mut record, 16),
        "the result has scores, which say the margin"
    );
    record.set_result("draw by agreement").unwrap();
    record.set_stated_margin(0).unwrap();
    assert_eq!(
        ResultError::Margin {
            margin: 3,
            reason: "no result is stated"
        }
        .to_string(),
        "a margin of 3: no result is stated"
    );
}
