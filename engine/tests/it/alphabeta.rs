use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use reversi::{features, Move, Position, Square};
use reversi::{AnyPosition, Game, PositionVisitor, Rules, SearchPosition};
use reversi_engine::line::with_passes;
use reversi_engine::Limits;

use reversi_engine::search::alphabeta::*;
use reversi_engine::search::eval::{evaluate, Features};

/// Plays `line` from `root`, a pass where it says: the position it ends
/// in, and 1 when `root`'s player is to move there, else -1.
fn end_of<P: Position>(root: &P, line: &[Move]) -> (P, i32) {
    let (mut pos, mut sign) = (*root, 1);
    for &mv in line {
        pos = pos
            .play(mv)
            .unwrap_or_else(|e| panic!("{mv} in the line: {e}"));
        sign = -sign;
    }
    (pos, sign)
}

/// A search's own line (placements only), with its passes: every
/// placement kept, or the line was not legal.
fn moves_of<P: Position>(root: &P, line: &[Square]) -> Vec<Move> {
    let moves = with_passes(root, line);
    let placed = moves.iter().filter(|m| m.square().is_some()).count();
    assert_eq!(placed, line.len(), "the line {line:?} is not legal");
    moves
}

/// The position `line` ends in, valued as the search does, for `root`'s
/// player to move: the final margin at the end of the game, else the
/// evaluation.
fn value_at_the_end_of<P: Position>(root: &P, line: &[Move]) -> i32 {
    let (end, sign) = end_of(root, line);
    sign * evaluate(&end)
}

/// Random games of each of `rules`, `games` of each, their moves drawn
/// from `seed`: `at` sees every position before its move (or pass), with
/// the random source.
fn random_games(
    rules: &[&str],
    games: usize,
    seed: u64,
    mut at: impl FnMut(&Game, &mut Xoshiro256PlusPlus),
) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    for text in rules {
        let rules: Rules = text.parse().unwrap();
        for _ in 0..games {
            let mut game = Game::new(rules);
            while !game.is_over() {
                at(&game, &mut rng);
                let moves: Vec<Square> = game.legal_moves().iter().collect();
                if moves.is_empty() {
                    game.pass().unwrap();
                    continue;
                }
                let m = moves[rng.next_u32() as usize % moves.len()];
                game.play(m).unwrap();
            }
        }
    }
}

/// Searches a position and checks its principal variation.
struct CheckLine {
    depth: u32,
    solve: u32,
}

impl PositionVisitor for CheckLine {
    type Output = ();
    fn visit<P: SearchPosition>(self, pos: &P) {
        let limits = Limits::default().with_depth(self.depth);
        let found = alphabeta_root(pos, &limits, self.solve).unwrap();
        let context = format!("{pos:?} depth {} solve {}", self.depth, self.solve);
        assert_eq!(
            found.pv.first(),
            Some(&Move::Place(found.best.square())),
            "{context}"
        );
        // The line ends where the search valued it: at the end of the
        // game, or after `depth` moves.
        assert_eq!(
            value_at_the_end_of(pos, &found.pv),
            found.value,
            "{context}"
        );
        let (end, _) = end_of(pos, &found.pv);
        if found.exact {
            assert!(end.is_over(), "{context}: an exact line ends the game");
        } else {
            // A pass is no ply of the depth.
            let placed = found.pv.iter().filter(|m| m.square().is_some()).count();
            assert!(
                placed == self.depth as usize || end.is_over(),
                "{context}: a line of {placed} placements",
            );
        }
    }
}

#[test]
fn the_principal_variation_is_legal_and_ends_in_the_value_found() {
    let mut searched = 0;
    let rules = ["6x6", "8x8", "10x10", "octagon", "8x8, anti", "6x6, anti"];
    random_games(&rules, 6, 20261203, |game, rng| {
        if game.must_pass() || rng.next_u32() % 4 != 0 {
            return;
        }
        let depth = 1 + rng.next_u32() % 4;
        // Exact near the end, where the search is cheap.
        let solve = if game.position().empty().len() <= 9 {
            9
        } else {
            0
        };
        game.position().visit(CheckLine { depth, solve });
        searched += 1;
    });
    assert!(searched > 300, "{searched} searches");
}

#[test]
fn a_position_that_must_pass_has_a_line_only_inside_the_window() {
    let mut passes = 0;
    random_games(&["6x6", "8x8", "8x8, anti"], 60, 7, |game, _| {
        if game.must_pass() {
            game.position().visit(CheckPass);
            passes += 1;
        }
    });
    assert!(passes >= 20, "{passes} positions that must pass");
}

/// Searches a position that must pass with the whole window and with
/// windows above, around and below its value.
struct CheckPass;

impl PositionVisitor for CheckPass {
    type Output = ();
    fn visit<P: SearchPosition>(self, pos: &P) {
        let mut searcher = Searcher::new(Features);
        let mut search = searcher.start(&Limits::default());
        let value = search.negamax(pos, 3, -INFINITY, INFINITY);
        let whole = search.principal_variation().to_vec();
        assert_eq!(
            value_at_the_end_of(pos, &moves_of(pos, &whole)),
            value,
            "{pos:?}"
        );
        assert!(search.negamax(pos, 3, value - 3, value + 3) == value);
        assert_eq!(search.principal_variation(), whole, "{pos:?}");
        // Outside the window the value is a bound, and the line empty.
        for width in [30, 300, 3000, 30000] {
            assert!(search.negamax(pos, 3, value + 1, value + width) <= value + 1);
            assert_eq!(search.principal_variation(), [], "{pos:?} below alpha");
            assert!(search.negamax(pos, 3, value - width, value - 1) >= value - 1);
            assert_eq!(search.principal_variation(), [], "{pos:?} above beta");
        }
    }
}

#[test]
fn the_line_of_a_search_you_run_yourself_is_cut_at_beta_and_empty_below_alpha() {
    let AnyPosition::TwoPlayer8(pos) = AnyPosition::start(&Rules::default()) else {
        unreachable!()
    };
    let mut searcher = Searcher::new(Features);
    let mut search = searcher.start(&Limits::default());
    let value = search.negamax(&pos, 4, -INFINITY, INFINITY);
    assert_eq!(search.principal_variation().len(), 4);
    let line = moves_of(&pos, search.principal_variation());
    assert_eq!(value_at_the_end_of(&pos, &line), value);
    // Above beta: the move that reached it, alone.
    assert!(search.negamax(&pos, 4, value - 10, value - 5) >= value - 5);
    assert_eq!(search.principal_variation().len(), 1);
    // Below alpha: no move did better.
    assert!(search.negamax(&pos, 4, value + 5, value + 10) <= value + 5);
    assert!(search.principal_variation().is_empty());
}

/// Plain negamax, the obviously correct reference: every move searched,
/// no window, no table; a pass is no ply, the end of the game is worth its
/// margin times [`EXACT`], the depth's positions their evaluation.
fn minimax<P: Position>(eval: &impl Evaluator<P>, pos: &P, depth: u32) -> i32 {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        let next = pos.pass_unchecked();
        if next.legal_moves().is_empty() {
            return pos.final_margin() * EXACT;
        }
        return -minimax(eval, &next, depth);
    }
    if depth == 0 {
        return eval.evaluate(pos);
    }
    moves
        .iter()
        .map(|m| -minimax(eval, &pos.play_unchecked(m), depth - 1))
        .max()
        .unwrap_or(-INFINITY)
}

/// Searches positions with one searcher (its table kept from one to the
/// next, as a bot's is) and checks each value against [`minimax`].
struct AgainstMinimax<'a> {
    searcher: &'a mut Searcher<Features>,
    depth: u32,
}

impl PositionVisitor for AgainstMinimax<'_> {
    type Output = ();
    fn visit<P: SearchPosition>(self, pos: &P) {
        let limits = Limits::default().with_depth(self.depth);
        let found = self.searcher.search(pos, &limits).unwrap();
        let expected = minimax(&Features, pos, found.depth);
        assert_eq!(found.value, expected, "{pos:?} depth {}", self.depth);
        // The best move is worth the value: its child, searched plainly.
        let child = pos.play_unchecked(found.best);
        assert_eq!(
            -minimax(&Features, &child, found.depth - 1),
            expected,
            "{pos:?}"
        );
        // Any window: the value inside it, a bound outside.
        let mut search = self.searcher.start(&Limits::default());
        for (alpha, beta) in [
            (expected - 1, expected + 1),
            (expected + 5, expected + 900),
            (expected - 900, expected - 5),
        ] {
            let value = search.negamax(pos, self.depth, alpha, beta);
            match value {
                v if v <= alpha => assert!(expected <= v, "{pos:?} ({alpha}, {beta}): {v}"),
                v if v >= beta => assert!(expected >= v, "{pos:?} ({alpha}, {beta}): {v}"),
                v => assert_eq!(v, expected, "{pos:?} ({alpha}, {beta})"),
            }
        }
    }
}

#[test]
fn the_framework_finds_the_minimax_value_on_every_board() {
    let rules = [
        "6x6",
        "8x8",
        "10x10",
        "octagon",
        "8x8, anti",
        "6x6, anti",
        "8x8, blocked b3 g6",
    ];
    let mut searcher = Searcher::new(Features).with_table_bits(12);
    let mut searched = 0;
    random_games(&rules, 3, 20261205, |game, rng| {
        if game.must_pass() || rng.next_u32() % 3 != 0 {
            return;
        }
        // Deeper near the end, where the reference is cheap, so that some
        // searches reach the end of the game.
        let empties = game.position().empty().len() as u32;
        let depth = if empties <= 8 {
            1 + rng.next_u32() % 9
        } else {
            1 + rng.next_u32() % 3
        };
        game.position().visit(AgainstMinimax {
            searcher: &mut searcher,
            depth,
        });
        searched += 1;
    });
    assert!(searched > 100, "{searched} searches");
}

#[test]
fn an_evaluation_of_one_type_searches_and_threads_find_a_legal_line() {
    let AnyPosition::TwoPlayer8(start) = AnyPosition::start(&Rules::default()) else {
        unreachable!()
    };
    struct Corners;
    impl Evaluator<reversi::TwoPlayer8> for Corners {
        fn evaluate(&self, pos: &reversi::TwoPlayer8) -> i32 {
            let c = features::corner_squares(pos);
            100 * ((pos.mine() & c).len() as i32 - (pos.theirs() & c).len() as i32)
                + 10 * pos.legal_moves().len() as i32
        }
    }
    let corners = Corners;
    let mut one = Searcher::new(Corners);
    let single = one
        .search(&start, &Limits::default().with_depth(5))
        .unwrap();
    assert_eq!(single.value, minimax(&corners, &start, 5));
    let mut two = Searcher::new(Corners).with_threads(2);
    let found = two
        .search(&start, &Limits::default().with_depth(7))
        .unwrap();
    assert_eq!(found.depth, 7);
    let line = moves_of(
        &start,
        &found
            .pv
            .iter()
            .filter_map(|m| m.square())
            .collect::<Vec<_>>(),
    );
    assert_eq!(line.len(), 7);
    assert_eq!(line[0], Move::Place(found.best.square()));
    // The helper's nodes are counted.
    let alone = Searcher::new(Corners)
        .search(&start, &Limits::default().with_depth(7))
        .unwrap();
    assert!(
        found.nodes > alone.nodes / 2,
        "{} {}",
        found.nodes,
        alone.nodes
    );
}

#[test]
fn a_search_on_time_stops_and_a_stopped_search_says_so() {
    let AnyPosition::TwoPlayer10(start) = AnyPosition::start(&"10x10".parse().unwrap()) else {
        unreachable!()
    };
    for threads in [1, 2] {
        let mut searcher = Searcher::new(Features).with_threads(threads);
        let started = std::time::Instant::now();
        let on_time = Limits::default().with_time(std::time::Duration::from_millis(30));
        let found = searcher.search(&start, &on_time).unwrap();
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        assert!(start.is_legal(found.best.square()) && found.depth >= 1);
        let stop = Arc::new(AtomicBool::new(true));
        let stopped = searcher.search(&start, &Limits::default().with_stop(stop));
        assert_eq!(stopped, Err(RootError::Stopped));
    }
}

/// Searches started together share one table, each within its own limits, and
/// run on threads of their own: what one stored, another finds (a null window
/// at the value the first proved is answered by the root's entry alone), and
/// one whose stop flag is set stops at once.
#[test]
fn searches_started_together_share_the_table_and_keep_their_own_limits() {
    let AnyPosition::TwoPlayer8(pos) = AnyPosition::start(&Rules::default()) else {
        unreachable!()
    };
    let mut searcher = Searcher::new(Features);
    let stopped = Limits::default().with_stop(Arc::new(AtomicBool::new(true)));
    let limits = [Limits::default(), Limits::default(), stopped];
    let mut searches = searcher.start_shared(&limits);
    assert_eq!(searches.len(), 3);
    let (value, rest) = {
        let first = &mut searches[0];
        (first.negamax(&pos, 5, -INFINITY, INFINITY), first.nodes())
    };
    assert!(rest > 100, "{rest} nodes");
    std::thread::scope(|scope| {
        let [_, second, third] = &mut searches[..] else {
            unreachable!()
        };
        scope.spawn(|| {
            assert!(second.negamax(&pos, 5, value - 1, value) >= value);
            assert_eq!(second.nodes(), 1, "the table's entry answers");
            assert_eq!(second.stopped(), None);
        });
        scope.spawn(|| {
            third.negamax(&pos, 5, -INFINITY, INFINITY);
            assert_eq!(third.stopped(), Some(reversi_engine::Interruption::Stopped));
        });
    });
}

/// Two threads that put off each other's children (from 12 empty squares up
/// in a search to the end) still search every move: to the end of 8×8
/// endgames of 17 empty squares, their value is the solver's exact score.
#[test]
fn two_threads_searching_to_the_end_reach_the_exact_score() {
    let mut endgames = Vec::new();
    random_games(&["8x8"], 8, 7, |game, _| {
        if let AnyPosition::TwoPlayer8(pos) = *game.position() {
            if pos.empty().len() == 17 && !pos.legal_moves().is_empty() {
                endgames.push(pos);
            }
        }
    });
    assert!(endgames.len() >= 5, "only {} endgames", endgames.len());
    let mut solver = reversi_engine::solver::Solver::with_table_bits(16);
    for pos in endgames {
        let exact = solver.solve(&pos).score;
        let found = Searcher::new(Features)
            .with_threads(2)
            .search(&pos, &Limits::default())
            .unwrap();
        assert!(found.exact, "{pos:?}");
        assert_eq!(found.value, exact * EXACT, "{pos:?}");
    }
}
