//! What a bot builder does with reversi-engine, through its documented API.

use reversi::{Board, Color, Game, Move, Rules};
use reversi_engine::arena::{self, Config, Player, SeatResult};
use reversi_engine::bot::{Bot, Eval, Spec};
use reversi_engine::solver::Solver;
use reversi_engine_dependent::Quick;

/// FFO endgame #1 (14 empty squares, Black to move), from the FFO endgame suite
/// (www.radagast.se/othello/ffotest.html), with its published best moves.
const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;";

#[test]
fn solves_an_ffo_position() {
    let mut solver = Solver::default();
    let solution = solver.solve_obf(FFO_1).expect("a valid OBF line");
    assert_eq!(solution.score, 18);
    assert_eq!(solution.best_move.map(|m| m.to_string()), Some("g8".into()));
}

#[test]
fn mcts_plays_the_four_player_octagon() {
    let rules = Rules::builder(Board::Octagon).players(4).build().unwrap();
    let mut game = Game::new(rules);
    let mut bots: Vec<Box<dyn Bot + Send>> = (0..4)
        .map(|seat| Spec::parse("mcts:playouts=50").unwrap().build(seat))
        .collect();
    let mut colours = Vec::new();
    while !game.is_over() {
        let seat = game.to_move().index();
        colours.push(game.to_move());
        let choice = bots[seat].choose(&game).unwrap();
        if let Move::Place(_) = choice.mv {
            // MCTS says how likely it thinks a win is, from 0 to 1; a forced
            // move runs no playout and says nothing.
            match (choice.eval, game.position().legal_moves().len()) {
                (None, 1) => assert_eq!(choice.nodes, 0),
                (Some(Eval::WinChance(chance)), _) => {
                    assert!((0.0..=1.0).contains(&chance), "{chance}")
                }
                other => panic!("MCTS gave {other:?}"),
            }
        }
        game.play(choice.mv).unwrap();
    }
    for colour in [Color::Black, Color::White, Color::Red, Color::Green] {
        assert!(colours.contains(&colour), "{colour} never moved");
    }
    assert!(bots[0].choose(&game).is_err(), "no move in a finished game");
}

#[test]
fn plays_an_arena_game() {
    let players = vec![
        Player::Bot(Spec::parse("alphabeta:depth=2:solve=8").unwrap()),
        Player::Bot(Spec::parse("random").unwrap()),
    ];
    let config = Config::new(players, Rules::default()).unwrap();
    let played = arena::play(&config, 0).unwrap();
    assert_eq!(played.seating, vec![0, 1]);
    assert_eq!(played.results.len(), 2);
    let wins = played.results.iter().filter(|r| **r == SeatResult::Win).count();
    let draws = played.results.iter().filter(|r| **r == SeatResult::Draw).count();
    assert!(wins == 1 || draws == 2, "{:?}", played.results);
    assert!(played.forfeit.is_none());
    // The record names the players.
    assert!(played.text.contains("alphabeta:depth=2:solve=8"), "{}", played.text);
}

#[test]
fn a_bot_of_its_own_plays() {
    let mut game = Game::new(Rules::default());
    let mut bot = Quick::new(3);
    for _ in 0..6 {
        let mv = bot.choose(&game).unwrap().mv;
        game.play(mv).unwrap();
    }
    assert_eq!(game.moves().count(), 6);
    assert_eq!(bot.name(), "quick");
}
