use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use reversi::{Game, Move};
use reversi_engine::bot::{Bot, BotError, Choice, Eval};
use std::sync::atomic::Ordering;

use reversi_engine::protocol::*;

#[test]
fn a_set_stop_flag_stops_the_servers_searches_in_both_protocols() {
    let mut server = Server::new(30, 0);
    let stop = Arc::new(AtomicBool::new(true));
    server.stop = Some(Arc::clone(&stop));
    assert_eq!(server.think(), Err(BotError::Stopped));
    let mut out = Vec::new();
    // NBoard: the stopped `go` says nothing, the stopped hint no move.
    nboard::command(&mut server, "go", &mut out).unwrap();
    nboard::command(&mut server, "hint 2", &mut out).unwrap();
    assert_eq!(String::from_utf8_lossy(&out), "status thinking\nstatus\n");
    // GTP: a failure, not a pass.
    out.clear();
    gtp::command(&mut server, "genmove black", &mut out).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out),
        "? the search was stopped\n\n"
    );
    assert_eq!(server.game.moves().count(), 0);
    // The player to move must pass: the pass put in for the colour named
    // is taken back with the failure.
    let mut forced = crate::bots::played_until(Game::must_pass);
    let before: Vec<Move> = forced.moves().collect();
    let named = forced.to_move().opponent();
    std::mem::swap(&mut server.game, &mut forced);
    out.clear();
    let command = format!("genmove {}", named.name());
    gtp::command(&mut server, &command, &mut out).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out),
        "? the search was stopped\n\n"
    );
    assert_eq!(server.game.moves().collect::<Vec<_>>(), before);
    std::mem::swap(&mut server.game, &mut forced);
    // Cleared, the server plays again.
    stop.store(false, Ordering::Relaxed);
    server.depth = 2;
    let (mv, _, _) = server.think().unwrap();
    assert!(server.game.is_legal(mv));
}

/// Plays the last legal move, worth 1.5 discs, and counts the stop flags
/// it is given.
struct Last(Arc<std::sync::atomic::AtomicU32>);

impl Bot for Last {
    fn name(&self) -> &str {
        "last"
    }

    fn choose(&mut self, game: &Game) -> Result<Choice, BotError> {
        let mv = game
            .legal_moves()
            .iter()
            .last()
            .map_or(Move::Pass, Move::Place);
        Ok(Choice {
            eval: Some(Eval::Discs(1.5)),
            nodes: 7,
            ..Choice::new(mv)
        })
    }

    fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        if stop.is_some() {
            self.0.fetch_add(1, Ordering::Relaxed);
        }
    }
}

#[test]
fn a_bot_of_your_own_answers_in_both_protocols() {
    let given = Arc::new(std::sync::atomic::AtomicU32::new(0));
    let mut server = Server::with_bot(Last(Arc::clone(&given)));
    let mut out = Vec::new();
    let input = "nboard 2\nset depth 3\ngo\nhint 4\nnodestats\nmove e6\nping 1\n";
    nboard::serve(&mut server, input.as_bytes(), &mut out).unwrap();
    let out = String::from_utf8_lossy(&out);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "set myname last");
    assert!(lines[1].starts_with("=== e6/+1.50/"), "{out}");
    assert!(lines[2].starts_with("nodestats 7 "), "{out}");
    // The hint shows the bot's one move, at the depth asked for.
    assert_eq!(
        lines[3..6],
        ["status thinking", "search e6 +1.50 0 3", "status"]
    );
    assert!(lines[6].starts_with("nodestats 7 "), "{out}");
    assert_eq!(lines[7], "pong 1");
    // Each search gave the bot the server's stop flag.
    assert_eq!(given.load(Ordering::Relaxed), 2);
    // GTP: the same bot, after e6.
    let last = server.game.legal_moves().iter().last().unwrap();
    let mut out = Vec::new();
    gtp::serve(&mut server, &b"name\ngenmove white\n"[..], &mut out).unwrap();
    let replies = String::from_utf8_lossy(&out);
    assert_eq!(replies, format!("= last\n\n= {last}\n\n"));
    // A bad depth is answered, not ignored.
    let mut out = Vec::new();
    nboard::command(&mut server, "set depth deep", &mut out).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out),
        "status cannot read the depth \"deep\": expected a whole number of plies\n"
    );
    assert_eq!(server.depth, 3);
}

/// Plays the last legal move and gives a line that starts with the first.
struct Astray;

impl Bot for Astray {
    fn name(&self) -> &str {
        "astray"
    }

    fn choose(&mut self, game: &Game) -> Result<Choice, BotError> {
        let moves = game.legal_moves();
        let last = moves.iter().last().ok_or(BotError::Stopped)?;
        Ok(Choice {
            pv: moves.iter().take(1).map(Move::Place).collect(),
            ..Choice::new(last)
        })
    }
}

#[test]
fn a_hint_whose_line_does_not_start_with_the_move_shows_the_move() {
    let mut server = Server::with_bot(Astray);
    let mut out = Vec::new();
    nboard::serve(
        &mut server,
        &b"hint 1
"[..],
        &mut out,
    )
    .unwrap();
    let out = String::from_utf8_lossy(&out);
    // e6, not the line's d3.
    assert!(out.contains("\nsearch e6 +0.00 0 "), "{out}");
}

/// Fails, or plays a1, which is never legal at the start.
struct Wrong(bool);

impl Bot for Wrong {
    fn name(&self) -> &str {
        "wrong"
    }

    fn choose(&mut self, _: &Game) -> Result<Choice, BotError> {
        match self.0 {
            true => Err(BotError::Engine(
                reversi_engine::bot::EngineError::NotAMove("out of ideas".into()),
            )),
            false => Ok(Choice::new("a1".parse::<reversi::Square>().unwrap())),
        }
    }
}

#[test]
fn a_bot_of_your_own_that_fails_or_cheats_gets_an_error_not_a_pass() {
    for (failing, why) in [
        (true, "answered \"out of ideas\", which is not a move"),
        (false, "wrong chose a1, which is not a legal move here"),
    ] {
        let mut server = Server::with_bot(Wrong(failing));
        let mut out = Vec::new();
        gtp::serve(
            &mut server,
            &b"genmove black\nplay black d3\n"[..],
            &mut out,
        )
        .unwrap();
        // The game is unchanged by the failure, so Black still plays d3.
        assert_eq!(String::from_utf8_lossy(&out), format!("? {why}\n\n= \n\n"));
        assert_eq!(server.game.moves().count(), 1);
        let mut out = Vec::new();
        nboard::serve(&mut server, &b"go\nping 3\n"[..], &mut out).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out),
            format!("status cannot move: {why}\npong 3\n")
        );
    }
}

/// Plays the first legal move once `go` is set, and sets `entered` when it
/// starts to wait: a long search that holds the server's shared bot.
struct Waiting {
    entered: Arc<AtomicBool>,
    go: Arc<AtomicBool>,
}

impl Bot for Waiting {
    fn name(&self) -> &str {
        "waiting"
    }

    fn choose(&mut self, game: &Game) -> Result<Choice, BotError> {
        self.entered.store(true, Ordering::Relaxed);
        while !self.go.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
        let mv = game
            .legal_moves()
            .iter()
            .next()
            .map_or(Move::Pass, Move::Place);
        Ok(Choice::new(mv))
    }
}

#[test]
fn a_clone_waiting_for_the_shared_bot_gives_up_when_stopped() {
    let (entered, go) = (
        Arc::new(AtomicBool::new(false)),
        Arc::new(AtomicBool::new(false)),
    );
    let server = Server::with_bot(Waiting {
        entered: Arc::clone(&entered),
        go: Arc::clone(&go),
    });
    // One clone searches (and holds the bot) until told to go on.
    let mut busy = server.clone();
    let search = std::thread::spawn(move || busy.think());
    while !entered.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(1));
    }
    let mut clone = server.clone();
    clone.stop = Some(Arc::new(AtomicBool::new(true)));
    assert_eq!(clone.think(), Err(BotError::Stopped));
    go.store(true, Ordering::Relaxed);
    assert!(search.join().unwrap().is_ok());
    // With the bot free, the same clone's stop flag goes to the bot, which
    // does not look at it and plays.
    assert!(clone.think().is_ok());
}

#[test]
fn gtp_showboard_ends_with_one_empty_line() {
    let mut server = Server::new(2, 0);
    let mut out = Vec::new();
    gtp::command(&mut server, "showboard", &mut out).unwrap();
    let out = String::from_utf8_lossy(&out);
    assert!(out.starts_with("= \n"), "{out}");
    assert!(out.ends_with("\n\n") && !out.ends_with("\n\n\n"), "{out:?}");
    assert!(out.contains(&server.game.to_string()), "{out}");
}

#[test]
fn bytes_that_are_not_utf8_make_an_unknown_line_not_the_end() {
    let mut server = Server::new(2, 0);
    let mut out = Vec::new();
    nboard::serve(&mut server, &b"ping 1\n\xff go\nping 2\r\n"[..], &mut out).unwrap();
    assert_eq!(String::from_utf8_lossy(&out), "pong 1\npong 2\n");
    out.clear();
    gtp::serve(&mut server, &b"name\n\xff\nquit\n"[..], &mut out).unwrap();
    let replies = String::from_utf8_lossy(&out);
    let replies: Vec<&str> = replies.split("\n\n").collect();
    assert_eq!(replies[0], "= reversi-alphabeta");
    assert!(replies[1].starts_with("? "), "{replies:?}");
    assert_eq!(replies[2].trim(), "=");
}

#[test]
fn a_timed_game_gives_each_move_a_share_of_the_clock_in_both_protocols() {
    let mut server = Server::new(60, 12);
    let mut out = Vec::new();
    let mut gtp = |server: &mut Server, line: &str| {
        out.clear();
        gtp::command(server, line, &mut out).unwrap();
        String::from_utf8_lossy(&out).into_owned()
    };
    assert_eq!(server.move_time(), None);
    // Bad settings are refused and change nothing.
    for bad in [
        "time_settings 60",
        "time_settings x 0 0",
        "time_settings -1 0 0",
        "time_left z 10 0",
    ] {
        assert!(gtp(&mut server, bad).starts_with("? syntax error"), "{bad}");
        assert_eq!(server.move_time(), None, "{bad}");
    }
    assert_eq!(gtp(&mut server, "time_settings 60 0 0"), "= \n\n");
    let fresh = server.move_time().unwrap();
    assert!(
        fresh > Duration::from_secs(2) && fresh < Duration::from_secs(4),
        "{fresh:?}"
    );
    // The engine's own moves count on its clock.
    assert!(gtp(&mut server, "genmove b").starts_with("= "));
    let used = server.game.last_move().and_then(|p| p.time()).unwrap();
    assert!(
        used <= fresh + Duration::from_millis(500),
        "{used:?} of {fresh:?}"
    );
    // The controller's word counts in place of the engine's count: five
    // seconds left, then a byo-yomi period of 2 s for 4 moves.
    assert!(gtp(&mut server, "genmove w").starts_with("= "));
    gtp(&mut server, "time_left black 5 0");
    let short = server.move_time().unwrap();
    assert!(
        short < fresh && short > Duration::from_millis(150),
        "{short:?}"
    );
    gtp(&mut server, "time_left b 2 4");
    assert!(server.move_time().unwrap() <= Duration::from_millis(500));
    // NBoard: the clock comes with the game, the moves' times on it.
    let mut out = Vec::new();
    let board = "BO[8 ---------------------------O*------*O--------------------------- *]";
    let set = |tail: &str| {
        format!("set game (;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[0:30]TY[8]{board}{tail};)")
    };
    nboard::command(&mut server, &set(""), &mut out).unwrap();
    let start = server.move_time().unwrap();
    nboard::command(&mut server, &set("B[F5//10]W[D6//1]"), &mut out).unwrap();
    let later = server.move_time().unwrap();
    assert!(
        later < start,
        "{later:?} after 10 s spent, {start:?} before"
    );
    nboard::command(&mut server, "move c3/0.00/15.5", &mut out).unwrap();
    assert_eq!(
        server.game.last_move().and_then(|p| p.time()),
        Some(Duration::from_millis(15_500))
    );
    assert!(out.is_empty(), "{}", String::from_utf8_lossy(&out));
    // White, to move, has 29 s: its move time is more than Black's was.
    assert!(server.move_time().unwrap() > later);
    // Without TI, no clock.
    nboard::command(&mut server, &set("").replace("TI[0:30]", ""), &mut out).unwrap();
    assert_eq!(server.move_time(), None);
}

/// The alpha-beta bot's tables carry over from one move to the next, as an
/// engine's do: the same search again costs less than the first time. Another
/// depth makes another bot.
#[test]
fn the_servers_alpha_beta_bot_keeps_its_table_from_move_to_move() {
    let mut server = Server::new(7, 0);
    let think = |server: &mut Server| {
        let (mv, ..) = server.think().unwrap();
        (mv, server.last_nodes.0)
    };
    let (first, nodes) = think(&mut server);
    let (again, fewer) = think(&mut server);
    assert_eq!(again, first);
    assert!(
        fewer * 2 < nodes,
        "{fewer} nodes again, {nodes} the first time"
    );
    server.depth = 6;
    let (_, shallower) = think(&mut server);
    server.depth = 7;
    let (_, anew) = think(&mut server);
    assert_eq!(
        anew, nodes,
        "a new bot at depth 7 searches as the first did"
    );
    assert!(shallower < nodes);
}
