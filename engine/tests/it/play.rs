//! Whole games of engine/examples/play.rs through a pipe: two people typing a game that
//! has a forced pass (with undo, hint and wrong input on the way), and bots alone.

use crate::programs;

use programs::{example, run, scratch, stdout_of};
use rand_core::SeedableRng;
use reversi::text::record::Record;
use reversi::{playout, Board, Game, Move, Rules};

/// A random 6×6 game with a pass in it.
fn game_with_a_pass() -> Game {
    let rules = Rules::builder(Board::Size6).build().unwrap();
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
    loop {
        let mut game = Game::new(rules);
        while !game.is_over() {
            if game.must_pass() {
                game.pass().unwrap();
                continue;
            }
            let pos = reversi::TwoPlayer8::try_from(*game.position()).unwrap();
            game.play(playout::random_move(&pos, &mut rng).unwrap().square())
                .unwrap();
        }
        if game.moves().any(|m| m == Move::Pass) {
            return game;
        }
    }
}

#[test]
fn two_people_play_a_whole_game_through_a_pipe() {
    let game = game_with_a_pass();
    let moves: Vec<String> = game
        .moves()
        .filter(|&m| m != Move::Pass)
        .map(|m| m.to_string())
        .collect();
    // Wrong input and an occupied square first, a hint, then two moves taken
    // back and played again.
    let mut input = vec!["hello".to_string(), "c3".into(), "hint".into()];
    input.extend(moves[..2].iter().cloned());
    input.push("undo".into());
    input.extend(moves.iter().cloned());
    let path = scratch("play-people.txt");
    let out = stdout_of(&run(
        "play",
        &[
            "--board",
            "6x6",
            "--black",
            "human",
            "--white",
            "human",
            "--color",
            "always",
            "--out",
            path.to_str().unwrap(),
        ],
        &(input.join("\n") + "\n"),
    ));
    assert!(out.contains("not a move"), "{out}");
    assert!(out.contains("illegal: c3 is occupied"), "{out}");
    // `hint: e3 (+1.25)`: a legal move, and alpha-beta's value in discs.
    let hint = out.lines().find_map(|l| l.strip_prefix("hint: ")).unwrap();
    let (square, value) = hint.split_once(' ').unwrap();
    assert!(
        Game::new(*game.rules()).is_legal(square.parse::<reversi::Square>().unwrap()),
        "{hint}"
    );
    let value = value.strip_prefix('(').and_then(|v| v.strip_suffix(')'));
    assert!(value.unwrap().parse::<f64>().is_ok(), "{hint}");
    // Undo on Black's second turn goes back to Black's first: two moves.
    assert!(
        out.contains("took back 2 moves: black (you) to move"),
        "{out}"
    );
    assert!(out.contains("has no legal move and passes"), "{out}");
    assert!(out.contains("\x1b["), "colours were asked for");
    assert!(out.contains('*'), "legal moves are marked");
    let outcome = game.outcome().unwrap();
    let end = match outcome {
        reversi::Outcome::Win(c) => format!("game over: {c} (you) wins, {}", game.scores()),
        reversi::Outcome::Draw => format!("game over: a draw, {}", game.scores()),
    };
    assert!(out.contains(&end), "{end}\n{out}");
    let saved = Record::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(saved.game().move_list(), game.move_list());
    assert_eq!(saved.tag("Black"), Some("human"));
}

#[test]
fn bots_play_each_other_on_three_player_boards() {
    let path = scratch("play-bots.txt");
    let out = stdout_of(&run(
        "play",
        &[
            "--players",
            "3",
            "--black",
            "greedy",
            "--white",
            "random",
            "--red",
            "mcts:playouts=20",
            "--seed",
            "4",
            "--out",
            path.to_str().unwrap(),
        ],
        "",
    ));
    assert!(out.contains("red (mcts:playouts=20) plays "), "{out}");
    assert!(out.contains("game over: "), "{out}");
    assert!(!out.contains("\x1b["), "no colour codes into a pipe");
    let saved = Record::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert!(saved.game().is_over());
    assert_eq!(saved.tag("Red"), Some("mcts:playouts=20"));
    let last = out.lines().rev().nth(1).unwrap();
    assert!(last.starts_with("game over: "), "{last}");
}

#[test]
fn a_person_who_stops_early_still_gets_the_record() {
    let path = scratch("play-stopped.txt");
    let out = stdout_of(&run(
        "play",
        &["--white", "mobility", "--out", path.to_str().unwrap()],
        "f5\nquit\n",
    ));
    assert!(out.contains("white (mobility) plays "), "{out}");
    assert!(out.contains("game stopped after 2 moves"), "{out}");
    let saved = Record::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(saved.game().move_count(), 2);
    assert!(saved.game().move_list().starts_with("f5 "));
}

#[test]
fn without_out_the_game_goes_to_the_temporary_directory_not_the_current_one() {
    let tmp = scratch("play-default-tmp");
    let cwd = scratch("play-default-cwd");
    for dir in [&tmp, &cwd] {
        let _ = std::fs::remove_dir_all(dir);
        std::fs::create_dir_all(dir).unwrap();
    }
    let output = std::process::Command::new(example("play"))
        .args(["--white", "mobility"])
        .env("TMPDIR", &tmp)
        .current_dir(&cwd)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let out = stdout_of(&output);
    let saved = tmp.join("reversi-game.txt");
    assert!(
        out.ends_with(&format!("saved to {}\n", saved.display())),
        "{out}"
    );
    assert!(Record::parse(&std::fs::read_to_string(&saved).unwrap()).is_ok());
    assert_eq!(
        std::fs::read_dir(&cwd).unwrap().count(),
        0,
        "nothing in the current directory"
    );
}
