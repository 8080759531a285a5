//! Scripted sessions with engine/examples/nboard.rs, as the NBoard GUI drives an engine
//! (`ping`, `move` or `set game`, `set depth`, then `go` or `hint`): every reply is
//! checked, and every move it gives is legal in the position it was asked about.

use crate::programs;

use programs::{run, stdout_of};
use rand_core::SeedableRng;
use reversi::text::{ggf, record::Record};
use reversi::{playout, Game, Move, Rules};

fn session(args: &[&str], commands: &[String]) -> Vec<String> {
    let input: String = commands.iter().map(|c| format!("{c}\n")).collect();
    stdout_of(&run("nboard", args, &input))
        .lines()
        .map(str::to_string)
        .collect()
}

/// The move of `=== MOVE/EVAL/TIME`, checked for shape.
fn answer(line: &str) -> Move {
    let text = line
        .strip_prefix("=== ")
        .unwrap_or_else(|| panic!("not an answer: {line}"));
    let parts: Vec<&str> = text.split('/').collect();
    assert_eq!(parts.len(), 3, "{line}");
    if !parts[1].is_empty() {
        parts[1].parse::<f64>().unwrap();
    }
    parts[2].parse::<f64>().unwrap();
    if parts[0] == "PA" {
        Move::Pass
    } else {
        parts[0].parse().unwrap()
    }
}

#[test]
fn a_gui_session_is_answered_line_by_line() {
    let mut game = Game::new(Rules::default());
    game.play_moves("f5 d6").unwrap();
    let text = ggf::write(&Record::new(game.clone())).unwrap();
    let commands = [
        "nboard 2".to_string(),
        "set depth 3".into(),
        "ping 1".into(),
        format!("set game {text}"),
        "move c3/0.5/1.2".into(),
        "set contempt 10".into(),
        "an unknown command".into(),
        "ping 2".into(),
        "go".into(),
        "hint 3".into(),
        "learn".into(),
        "status".into(),
        "nodestats".into(),
        "set myname tester".into(),
        "nboard 2".into(),
        "quit".into(),
        "ping 3".into(),
    ];
    let out = session(&["--solve", "8"], &commands);
    assert_eq!(out[0], "set myname reversi-alphabeta");
    assert_eq!(out[1], "pong 1");
    // `set game`, `move`, `set contempt` and the unknown command say nothing.
    assert_eq!(out[2], "pong 2");
    game.play_moves("c3").unwrap();
    let mv = answer(&out[3]);
    assert!(
        game.position().is_legal(mv),
        "{mv} is not legal after f5 d6 c3"
    );
    assert!(out[4].starts_with("nodestats "), "{}", out[4]);
    // The hint: three different legal moves, best first, then an empty status.
    assert_eq!(out[5], "status thinking");
    let mut evals = Vec::new();
    for line in &out[6..9] {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words[0], "search", "{line}");
        // The principal variation, three moves deep, legal from the position.
        let pv = read_line(words[1]);
        assert_eq!(pv.len(), 3, "{line}");
        let mut after = game.clone();
        for &mv in &pv {
            after.play(mv).unwrap_or_else(|e| panic!("{line}: {e}"));
        }
        evals.push(words[2].parse::<f64>().unwrap());
        assert_eq!(&words[3..], ["0", "3"], "{line}");
    }
    assert!(evals.windows(2).all(|w| w[0] >= w[1]), "{evals:?}");
    assert_eq!(out[9], "status");
    assert_eq!(out[10], "learned");
    assert_eq!(out[11], "status ready");
    assert!(out[12].starts_with("nodestats "));
    assert_eq!(out[13], "set myname tester");
    // Nothing after `quit`.
    assert_eq!(out.len(), 14, "{out:?}");
}

/// The moves of a `search` line's principal variation, run together as Edax
/// writes them: square names, `PA` for a pass.
fn read_line(mut text: &str) -> Vec<Move> {
    let mut moves = Vec::new();
    while !text.is_empty() {
        if let Some(rest) = text.strip_prefix("PA") {
            moves.push(Move::Pass);
            text = rest;
            continue;
        }
        let (square, used) = reversi::Square::parse_prefix(text)
            .unwrap_or_else(|e| panic!("{text:?} is not a line of moves: {e}"));
        moves.push(Move::Place(square));
        text = &text[used..];
    }
    moves
}

/// A game of random moves (drawn from `seed`) up to the first position where the
/// player to move must pass.
fn random_game_to_a_forced_pass(seed: u64) -> Game {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    (0..)
        .find_map(|_| {
            let mut game = Game::new(Rules::default());
            while !game.is_over() {
                if game.must_pass() {
                    return Some(game);
                }
                let pos = reversi::TwoPlayer8::try_from(*game.position()).unwrap();
                let spot = playout::random_move(&pos, &mut rng).unwrap();
                game.play(spot.square()).unwrap();
            }
            None
        })
        .unwrap()
}

#[test]
fn moves_played_one_by_one_and_passes() {
    // A random game up to a forced pass, sent as `move` lines (PA for passes);
    // the engine must answer PA there, and a legal move after it.
    let game = random_game_to_a_forced_pass(0);
    let mut commands = vec!["nboard 2".to_string(), "set depth 2".into()];
    commands.extend(game.moves().map(|m| match m {
        Move::Pass => "move PA".to_string(),
        Move::Place(sq) => format!("move {sq}"),
    }));
    commands.extend(["ping 7", "go", "hint 3", "move PA", "go"].map(String::from));
    let out = session(&["--solve", "8"], &commands);
    assert_eq!(out[0], "set myname reversi-alphabeta");
    assert_eq!(out[1], "pong 7");
    assert_eq!(answer(&out[2]), Move::Pass);
    let mut after = game.clone();
    after.pass().unwrap();
    let mv = answer(&out[7]);
    assert!(after.position().is_legal(mv), "{mv} after the pass");
    // The endgame is exact: a whole number of discs.
    let eval: f64 = out[7].split('/').nth(1).unwrap().parse().unwrap();
    if after.position().empty().len() <= 8 {
        assert_eq!(eval.fract(), 0.0, "{}", out[7]);
    }
    // The pass is worth what the reply is worth to the other player, in the
    // answer and in the hint (one line: the forced pass).
    let pass_eval: f64 = out[2].split('/').nth(1).unwrap().parse().unwrap();
    assert_eq!(pass_eval, -eval, "{out:?}");
    assert_eq!(out[4], "status thinking");
    let shown = if after.position().empty().len() <= 8 {
        60
    } else {
        2
    };
    // The hint's line: the pass, then the reply's line, each move legal.
    let words: Vec<&str> = out[5].split(' ').collect();
    assert_eq!(
        words[2..],
        [format!("{pass_eval:+.2}"), "0".into(), shown.to_string()],
        "{}",
        out[5]
    );
    let pv = read_line(words[1]);
    assert_eq!((pv[0], pv.len() > 1), (Move::Pass, true), "{}", out[5]);
    let mut line = game.clone();
    for &mv in &pv {
        line.play(mv).unwrap_or_else(|e| panic!("{}: {e}", out[5]));
    }
    assert_eq!(out[6], "status");
}

#[test]
fn gtp_mode_answers_each_command() {
    let commands: Vec<String> = [
        "protocol_version",
        "boardsize 8",
        "clear_board",
        "play black f5",
        "5 genmove white",
        "play black a1",
        "boardsize 7",
        "",
        "# a comment",
        "9",
        "quit",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let out = session(&["--gtp", "--max-depth", "2"], &commands);
    let replies: Vec<&String> = out.iter().filter(|l| !l.is_empty()).collect();
    assert_eq!(replies[0], "= 2");
    assert_eq!(replies[1].trim(), "=");
    assert_eq!(replies[2].trim(), "=");
    assert_eq!(replies[3].trim(), "=");
    let mv = replies[4].strip_prefix("=5 ").unwrap();
    let mut game = Game::new(Rules::default());
    game.play_moves("f5").unwrap();
    assert!(
        game.is_legal(mv.parse::<reversi::Square>().unwrap()),
        "{mv}"
    );
    assert!(replies[5].starts_with("? illegal move"), "{}", replies[5]);
    assert!(replies[6].starts_with("? "), "{}", replies[6]);
    // The empty line and the comment get no answer; an id alone gets an error.
    assert_eq!(replies[7], "?9 missing command after the id");
    assert_eq!(replies[8].trim(), "=");
    assert_eq!(replies.len(), 9, "{replies:?}");
}

#[test]
fn gtp_play_and_genmove_take_the_colour_they_name() {
    // A game that comes to a forced pass, to see that a move of the other
    // colour puts the pass in.
    let game = random_game_to_a_forced_pass(1);
    let mut commands: Vec<String> = vec![
        "clear_board".into(),
        // Out of turn: refused, and the board stays as it was.
        "1 play white f5".into(),
        "2 genmove white".into(),
        "3 play purple f5".into(),
        "known_command showboard".into(),
    ];
    let mut replay = Game::new(Rules::default());
    for m in game.moves() {
        if let Move::Place(square) = m {
            // GTP sends no passes: the other colour's move stands for them.
            commands.push(format!("play {} {square}", replay.to_move().name()));
        }
        replay.play(m).unwrap();
    }
    let passer = game.to_move();
    let other = if passer == reversi::Color::Black {
        "white"
    } else {
        "black"
    };
    // An illegal move of the other colour (on an occupied square) is refused,
    // and the pass put in for it taken back: the passer is still to move.
    let occupied = game
        .moves()
        .find_map(|m| match m {
            Move::Place(square) => Some(square),
            Move::Pass => None,
        })
        .unwrap();
    commands.push(format!("6 play {other} {occupied}"));
    commands.push(format!("7 genmove {}", passer.name()));
    commands.push(format!("4 genmove {other}"));
    let out = session(&["--gtp", "--max-depth", "1", "--solve", "4"], &commands);
    let replies: Vec<&String> = out.iter().filter(|l| !l.is_empty()).collect();
    assert_eq!(replies[0].trim(), "=");
    assert_eq!(replies[1].as_str(), "?1 illegal move: it is black's turn");
    assert_eq!(replies[2].as_str(), "?2 illegal move: it is black's turn");
    assert_eq!(replies[3].as_str(), "?3 syntax error");
    assert_eq!(replies[4].as_str(), "= true");
    let placed = game.moves().filter(|m| matches!(m, Move::Place(_))).count();
    for (i, reply) in replies[5..5 + placed].iter().enumerate() {
        assert_eq!(reply.trim(), "=", "move {i}");
    }
    assert!(
        replies[5 + placed].starts_with("?6 illegal move"),
        "{}",
        replies[5 + placed]
    );
    assert_eq!(replies[6 + placed].as_str(), "=7 pass");
    // The other colour's move comes after that pass.
    let mv = replies[7 + placed].strip_prefix("=4 ").unwrap();
    let mut after = game.clone();
    after.pass().unwrap();
    assert!(
        after.is_legal(mv.parse::<reversi::Square>().unwrap()),
        "{mv}"
    );
}

#[test]
fn a_ping_or_quit_calls_a_search_off_and_other_lines_wait_for_it() {
    // Depth 16 from the start takes seconds or more without a stop: were the
    // `ping` not to stop it, its `===` answer would come before the `pong`.
    let commands: Vec<String> = [
        "set depth 16",
        "go",
        "ping 1",
        "hint 3",
        "ping 2",
        // A line that does not call the search off waits for its answer.
        "set depth 2",
        "go",
        "status",
        // The input ends during a search: it is finished and answered.
        "go",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let out = session(&["--max-depth", "30", "--solve", "0"], &commands);
    // The stopped `go` says nothing; the stopped hint only its closing status.
    assert_eq!(out[..4], ["pong 1", "status thinking", "status", "pong 2"]);
    let start = Game::new(Rules::default());
    for (answer_at, next) in [(4, "status ready"), (7, "")] {
        assert!(start.position().is_legal(answer(&out[answer_at])));
        assert!(out[answer_at + 1].starts_with("nodestats "), "{out:?}");
        assert_eq!(out.get(answer_at + 2).map_or("", String::as_str), next);
    }
    assert_eq!(out.len(), 9, "{out:?}");
    // `quit` during a search stops it too, and nothing after it is read.
    let commands = ["set depth 16", "go", "quit", "ping 3"].map(String::from);
    assert!(session(&["--max-depth", "30"], &commands).is_empty());
}

#[test]
fn a_ping_in_the_middle_of_a_search_stops_it() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let mut engine = Command::new(programs::example("nboard"))
        .args(["--max-depth", "30", "--solve", "0"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut to_engine = engine.stdin.take().unwrap();
    let mut from_engine = BufReader::new(engine.stdout.take().unwrap());
    // The hint says it is thinking before it searches: the ping comes after
    // that, so it reaches a running search.
    writeln!(to_engine, "set depth 16\nhint 1").unwrap();
    let mut line = String::new();
    from_engine.read_line(&mut line).unwrap();
    assert_eq!(line, "status thinking\n");
    std::thread::sleep(std::time::Duration::from_millis(100));
    writeln!(to_engine, "ping 4").unwrap();
    let said: Vec<String> = (0..2)
        .map(|_| {
            let mut line = String::new();
            from_engine.read_line(&mut line).unwrap();
            line
        })
        .collect();
    assert_eq!(said, ["status\n", "pong 4\n"]);
    drop(to_engine);
    assert!(engine.wait().unwrap().success());
}
