use reversi::{
    features, AnyPosition, Board, Color, Game, Position, Rules, TwoPlayer10, TwoPlayer8,
};
use reversi_engine::bot::{AlphaBeta, Bot, Eval};
use reversi_engine::search::alphabeta::EXACT;
use reversi_engine::search::eval;
use reversi_engine::search::tuned::{
    self, terms, Learning, Tuned, TunedError, TunedErrorKind, PHASE_WIDTH, TERMS,
};

use crate::walk;

const BOARDS: [Board; 3] = [Board::Size6, Board::Size10, Board::Octagon];

/// Each position of a seeded random game on `board`, as `f` takes it typed.
fn each_position(board: Board, seed: u64, mut f: impl FnMut(&AnyPosition)) {
    let rules = Rules::builder(board).build().unwrap();
    walk::seeded_game(rules, seed, |game| f(game.position()));
}

/// `terms` of a position of any board.
fn terms_of(pos: &AnyPosition) -> [i32; TERMS] {
    match TwoPlayer8::try_from(*pos) {
        Ok(p) => terms(&p),
        Err(_) => terms(&TwoPlayer10::try_from(*pos).unwrap()),
    }
}

/// The checks of `terms` on one position, against the features it counts.
fn check_terms<P: Position>(pos: &P) {
    let t = terms(pos);
    let (me, you) = (pos.to_move(), pos.to_move().opponent());
    let diff = |f: &dyn Fn(Color) -> usize| f(me) as i32 - f(you) as i32;
    let counted = [
        diff(&|c| features::mobility(pos, c).len()),
        diff(&|c| features::potential_mobility(pos, c).len()),
        diff(&|c| features::frontier(pos, c).len()),
        diff(&|c| features::stable(pos, c).len()),
    ];
    assert_eq!(t[..4], counted, "{pos:?}");
    // Corners, X-, C-squares, rim, inside: disjoint, and all of the board.
    let corners = features::corner_squares(pos);
    let (x, c) = (features::x_squares(pos), features::c_squares(pos));
    let rim = features::edge_squares(pos) & !corners & !c;
    let kinds = [corners, x, c, rim];
    for (i, a) in kinds.iter().enumerate() {
        for b in &kinds[i + 1..] {
            assert!((*a & *b).is_empty(), "{pos:?}");
        }
    }
    let on = |squares: reversi::Bitboard<P::Layout>| {
        (pos.discs(me) & squares).len() as i32 - (pos.discs(you) & squares).len() as i32
    };
    assert_eq!(t[4..8], kinds.map(on), "{pos:?}");
    let discs = pos.discs(me).len() as i32 - pos.discs(you).len() as i32;
    assert_eq!(t[4..9].iter().sum::<i32>(), discs, "{pos:?}");
    assert_eq!(t[TERMS - 1], 1);
}

#[test]
fn the_disc_terms_count_every_disc_once_and_the_first_the_moves() {
    for board in [Board::Size6, Board::Size8, Board::Size10, Board::Octagon] {
        for seed in 0..4 {
            each_position(board, seed, |pos| match TwoPlayer8::try_from(*pos) {
                Ok(p) => check_terms(&p),
                Err(_) => check_terms(&TwoPlayer10::try_from(*pos).unwrap()),
            });
        }
    }
}

#[test]
fn fit_finds_the_weights_that_made_the_labels() {
    let made = [120, 30, -40, 150, 600, -250, -90, 20, 5, 70];
    let mut samples = Vec::new();
    for seed in 0..20 {
        each_position(Board::Size10, seed, |pos| {
            let t = terms_of(pos);
            let label: i32 = t.iter().zip(made).map(|(t, w)| t * w).sum();
            samples.push((t, f64::from(label)));
        });
    }
    let mut tuned = Tuned::zero(Board::Size10);
    tuned.fit(3, &samples);
    for (i, (&got, want)) in tuned.weights()[3].iter().zip(made).enumerate() {
        assert!((got - want).abs() <= 2, "term {i}: {got} for {want}");
    }
    // A term the samples never vary gets no weight.
    let flat: Vec<_> = (samples.iter())
        .map(|&(mut t, label)| {
            t[4] = 0;
            (t, label)
        })
        .collect();
    let mut other = Tuned::zero(Board::Size10);
    other.fit(3, &flat);
    assert_eq!(other.weights()[3][4], 0);
    // The other phases are left alone; no samples, or none finite, change nothing.
    assert!(tuned.weights()[2].iter().all(|&w| w == 0));
    let before = tuned.clone();
    tuned.fit(4, &[]);
    tuned.fit(
        4,
        &[(samples[0].0, f64::NAN), (samples[1].0, f64::INFINITY)],
    );
    tuned.fit(99, &samples);
    assert_eq!(tuned, before);
}

#[test]
fn the_builtin_weights_cover_every_phase_of_their_boards() {
    for board in BOARDS {
        let tuned = Tuned::builtin(board).unwrap_or_else(|| panic!("{board}"));
        assert_eq!(tuned.board(), board);
        let phases = board.square_count() as u32 / PHASE_WIDTH + 1;
        assert_eq!(tuned.weights().len(), phases as usize, "{board}");
        // Moves are worth something at 20 empty squares: the weights were learned.
        assert_ne!(tuned.weights()[Tuned::phase(20)][0], 0, "{board}");
        // The worth of the move is the same in every phase labelled by search
        // alone (from 26 empty squares on every board), as learned.
        let last = tuned.weights().len() - 1;
        let tempo = tuned.weights()[last][TERMS - 1];
        for phase in Tuned::phase(26)..=last {
            assert_eq!(tuned.weights()[phase][TERMS - 1], tempo, "{board} {phase}");
        }
    }
    assert!(
        Tuned::builtin(Board::Size8).is_none(),
        "8x8 has the patterns"
    );
}

#[test]
fn weights_read_back_as_written_and_bad_text_says_which_line() {
    let tuned = Tuned::builtin(Board::Octagon).unwrap();
    let text = tuned.to_text();
    assert_eq!(Tuned::parse(&text).unwrap(), vec![tuned.clone()]);
    let with_comments = format!("# weights\n\n{text}");
    assert_eq!(Tuned::parse(&with_comments).unwrap(), vec![tuned.clone()]);
    let row = |board: &str, phase: usize| format!("{board} {phase}: 1 2 3 4 5 6 7 8 9 10\n");
    let whole = |board: &str, phases: usize| (0..phases).map(|p| row(board, p)).collect::<String>();
    let errors = [
        ("octagon 0: 1 2 3".to_string(), 1, TunedErrorKind::Count(3)),
        (
            row("octagon", 1),
            1,
            TunedErrorKind::Order {
                found: 1,
                expected: 0,
            },
        ),
        ("# a comment\noctagon 0 1 2".into(), 2, TunedErrorKind::Form),
        ("octagon: 1 2".into(), 1, TunedErrorKind::Form),
        ("6x6 x: 1".into(), 1, TunedErrorKind::Phase("x".into())),
        (
            "6x6 0: 1 2 3 4 5 6 7 8 9 x".into(),
            1,
            TunedErrorKind::Weight("x".into()),
        ),
        (
            "6x6 0: 1 2 3 4 5 6 7 8 9 10001".into(),
            1,
            TunedErrorKind::Weight("10001".into()),
        ),
        (
            whole("6x6", 10) + &whole("10x10", 26) + &row("6x6", 0),
            37,
            TunedErrorKind::Repeated(Board::Size6),
        ),
        (
            whole("6x6", 9),
            9,
            TunedErrorKind::Phases {
                board: Board::Size6,
                found: 9,
                expected: 10,
            },
        ),
    ];
    for (text, line, kind) in errors {
        assert_eq!(
            Tuned::parse(&text),
            Err(TunedError { line, kind }),
            "{text}"
        );
    }
    let e = Tuned::parse("hexagon 0: 1 2 3 4 5 6 7 8 9 10").unwrap_err();
    assert!(matches!(e.kind, TunedErrorKind::Board(_)), "{e:?}");
    assert_eq!(
        e.to_string(),
        format!("line 1: {}", "hexagon".parse::<Board>().unwrap_err())
    );
    assert_eq!(
        Tuned::parse(&whole("6x6", 10)).unwrap()[0].weights().len(),
        10
    );
}

#[test]
fn a_finished_game_is_worth_its_margin() {
    let tuned = Tuned::builtin(Board::Size6).unwrap();
    let mut over = None;
    each_position(Board::Size6, 5, |pos| over = Some(*pos));
    let over = TwoPlayer8::try_from(over.unwrap()).unwrap();
    assert!(over.is_over());
    assert_eq!(tuned.evaluate(&over), over.final_margin() * EXACT);
}

#[test]
fn learning_is_the_same_on_any_threads_and_fills_every_phase() {
    let learning = |threads| Learning {
        games: 6,
        seed: 7,
        exact: 8,
        threads,
    };
    let phases = std::sync::Mutex::new(Vec::new());
    let one = tuned::learn(Board::Size6, &learning(1), |step| {
        if let tuned::Tuning::Phase { phase, .. } = step {
            phases.lock().unwrap().push(phase);
        }
    });
    let two = tuned::learn(Board::Size6, &learning(2), |_| {});
    assert_eq!(one, two);
    // Every phase from the end to the start, in that order.
    assert_eq!(phases.into_inner().unwrap(), (0..=9).collect::<Vec<_>>());
    // Phases with positions were fitted; the start's phase holds one position.
    for phase in 1..8 {
        assert!(
            one.weights()[phase].iter().any(|&w| w != 0),
            "phase {phase}"
        );
    }
    let other = tuned::learn(
        Board::Size6,
        &Learning {
            seed: 1_000,
            ..learning(2)
        },
        |_| {},
    );
    assert_ne!(one, other, "another seed plays other games");
}

/// The value of the best move one ply ahead by `evaluate`, in discs.
fn one_ply(pos: &AnyPosition, evaluate: impl Fn(&AnyPosition) -> i32) -> f64 {
    let best = pos
        .legal_moves()
        .into_iter()
        .map(|m| -evaluate(&pos.play(m).unwrap()))
        .max()
        .unwrap();
    f64::from(best) / 100.0
}

#[test]
fn the_alphabeta_bot_evaluates_by_the_weights_of_the_board_it_plays() {
    let mut learned = AlphaBeta::new(1, 0);
    let mut features = AlphaBeta::new(1, 0).learned(false);
    // The same bot on 10×10, then the octagon: each board's own weights.
    for board in [Board::Size10, Board::Octagon, Board::Size6] {
        let tuned = Tuned::builtin(board).unwrap();
        let mut game = Game::new(Rules::builder(board).build().unwrap());
        let first = game.position().legal_moves().into_iter().next().unwrap();
        game.play(first).unwrap();
        let pos = *game.position();
        let by = |evaluate: &dyn Fn(&AnyPosition) -> i32| Eval::Discs(one_ply(&pos, evaluate));
        let tuned_eval = |p: &AnyPosition| match TwoPlayer8::try_from(*p) {
            Ok(p) => tuned.evaluate(&p),
            Err(_) => tuned.evaluate(&TwoPlayer10::try_from(*p).unwrap()),
        };
        let features_eval = |p: &AnyPosition| match TwoPlayer8::try_from(*p) {
            Ok(p) => eval::evaluate(&p),
            Err(_) => eval::evaluate(&TwoPlayer10::try_from(*p).unwrap()),
        };
        assert_eq!(
            learned.choose(&game).unwrap().eval,
            Some(by(&tuned_eval)),
            "{board}"
        );
        assert_eq!(
            features.choose(&game).unwrap().eval,
            Some(by(&features_eval)),
            "{board}"
        );
        assert_ne!(
            by(&tuned_eval),
            by(&features_eval),
            "{board}: a test that can fail"
        );
    }
    // Neither Anti-Reversi nor blocked squares were learned: the features
    // evaluate them.
    let j1 = "j1".parse().unwrap();
    for rules in [
        Rules::builder(Board::Size10).anti(true).build().unwrap(),
        Rules::builder(Board::Size10).blocked([j1]).build().unwrap(),
    ] {
        let mut game = Game::new(rules);
        let first = game.position().legal_moves().into_iter().next().unwrap();
        game.play(first).unwrap();
        let pos = *game.position();
        let features_eval = |p: &AnyPosition| eval::evaluate(&TwoPlayer10::try_from(*p).unwrap());
        let want = Eval::Discs(one_ply(&pos, features_eval));
        assert_eq!(learned.choose(&game).unwrap().eval, Some(want));
    }
}
