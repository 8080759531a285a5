use std::sync::Arc;

use reversi::text::ggf;
use reversi::text::record::Record;
use reversi::{Game, Rules};
use reversi_engine::bot::{Bot, BotError, Spec};
use std::sync::atomic::{AtomicU64, Ordering};

use reversi::Board;

use reversi::Move;
use reversi_engine::arena::*;

use reversi_engine::bot::{Choice, Greedy};

#[test]
fn records_keep_the_evaluations_and_the_times_when_asked() {
    let players = vec![
        Player::Bot(Spec::parse("alphabeta:depth=1:solve=6").unwrap()),
        Player::Bot(Spec::parse("mcts:playouts=20").unwrap()),
    ];
    let rules = Rules::builder(Board::Size6).build().unwrap();
    let mut config = Config::new(players, rules).unwrap();
    for ggf in [false, true] {
        config.ggf = ggf;
        for times in [false, true] {
            config.times = times;
            // Game 0: alpha-beta plays Black.
            let played = play(&config, 0).unwrap();
            let record = if ggf {
                ggf::parse(&played.text).unwrap()
            } else {
                Record::parse(&played.text).unwrap()
            };
            let opened = opening(&config, 0).unwrap().move_count();
            let plies = &record.game().history()[opened..];
            let black = reversi::Color::Black;
            for ply in plies.iter().filter(|p| p.mv() != Move::Pass) {
                let alphabeta = ply.color() == black;
                // Alpha-beta's evaluation in discs; MCTS's chance has no place.
                assert_eq!(ply.evaluation().is_some(), alphabeta, "{}", played.text);
                assert_eq!(ply.time().is_some(), times, "{}", played.text);
            }
        }
    }
    // Without times, the same game writes the same text.
    config.times = false;
    assert_eq!(
        play(&config, 1).unwrap().text,
        play(&config, 1).unwrap().text
    );
}

#[test]
fn exact_evaluations_in_records_are_the_final_margin_from_the_movers_side() {
    // Both solve the last 8 empty squares, so from there both play
    // perfectly, and each evaluation is the final margin of its mover.
    let spec = || Player::Bot(Spec::parse("alphabeta:depth=1:solve=8").unwrap());
    let rules = Rules::builder(Board::Size6).build().unwrap();
    let mut config = Config::new(vec![spec(), spec()], rules).unwrap();
    config.games = 8;
    let mut checked = 0;
    for index in 0..config.games {
        let record = Record::parse(&play(&config, index).unwrap().text).unwrap();
        let game = record.game();
        let scores = game.final_scores();
        let margin = |c: reversi::Color| {
            scores.get(c) as i32 - scores.get(c.next(game.rules().players())) as i32
        };
        for ply in game.history() {
            let Some(eval) = ply.evaluation() else {
                continue;
            };
            if ply.before().empty().len() <= 8 {
                let expected = reversi::Evaluation::from_millidiscs(1000 * margin(ply.color()));
                assert_eq!(eval, expected, "{}: {record}", ply.mv());
                checked += 1;
            }
        }
    }
    assert!(checked >= 8 * 6, "{checked}");
}

fn two_bots() -> Vec<Player> {
    vec![
        Player::Bot(Spec::parse("greedy").unwrap()),
        Player::Bot(Spec::parse("random").unwrap()),
    ]
}

#[test]
fn a_config_changed_after_new_is_an_error_not_a_panic() {
    let four = Rules::builder(Board::Octagon).players(4).build().unwrap();
    let mut config = Config::new(two_bots(), Rules::default()).unwrap();
    config.rules = four;
    assert_eq!(
        run(&config).unwrap_err(),
        ArenaError::Config(ConfigError::SeatingSize {
            seating: 0,
            seats: 2,
            players: 4
        })
    );
    let mut config = Config::new(two_bots(), Rules::default()).unwrap();
    config.seatings = vec![vec![0, 5]];
    assert_eq!(
        play(&config, 0).unwrap_err().to_string(),
        "seating 0 names player 5 of 2"
    );
    config.seatings.clear();
    assert_eq!(
        run(&config).unwrap_err(),
        ArenaError::Config(ConfigError::NoSeatings)
    );
    let mut config = Config::new(two_bots(), Rules::default()).unwrap();
    config.players.truncate(1);
    assert_eq!(
        run(&config).unwrap_err(),
        ArenaError::Config(ConfigError::TooFewPlayers { players: 1 })
    );
    // Unchanged, it plays.
    let config = Config::new(two_bots(), Rules::default()).unwrap();
    assert_eq!(run(&config).unwrap().len(), 2);
}

#[test]
fn seatings_refuse_tables_that_do_not_exist() {
    assert_eq!(seatings(2, 5), Err(ConfigError::Seats { seats: 5 }));
    assert_eq!(seatings(3, 0), Err(ConfigError::Seats { seats: 0 }));
    assert_eq!(
        seatings(1, 2),
        Err(ConfigError::TooFewPlayers { players: 1 })
    );
    assert_eq!(
        seatings(5, 4),
        Err(ConfigError::TooManyPlayers {
            players: 5,
            seats: 4
        })
    );
    assert_eq!(seatings(2, 2).unwrap(), vec![vec![0, 1], vec![1, 0]]);
    assert_eq!(seatings(2, 3).unwrap().len(), 3);
}

/// A custom bot that counts the bots made and plays as greedy does.
struct Counted(Greedy);

impl Bot for Counted {
    fn name(&self) -> &str {
        "counted"
    }

    fn choose(&mut self, game: &Game) -> Result<Choice, BotError> {
        self.0.choose(game)
    }
}

#[test]
fn custom_bots_play_each_game_with_a_fresh_bot_and_its_own_seed() {
    static MADE: AtomicU64 = AtomicU64::new(0);
    let seeds = Arc::new(std::sync::Mutex::new(Vec::new()));
    let seen = Arc::clone(&seeds);
    let custom = CustomBot::new("mine", move |seed| {
        MADE.fetch_add(1, Ordering::Relaxed);
        seen.lock().unwrap().push(seed);
        Box::new(Counted(Greedy::new(seed)))
    });
    let players = vec![
        Player::Custom(custom.clone()),
        Player::Bot(Spec::parse("random").unwrap()),
    ];
    assert_eq!(players[0], Player::Custom(custom));
    let mut config = Config::new(players, Rules::default()).unwrap();
    config.games = 4;
    let games = run(&config).unwrap();
    assert_eq!(MADE.load(Ordering::Relaxed), 4);
    let mut seeds = seeds.lock().unwrap().clone();
    seeds.sort_unstable();
    seeds.dedup();
    assert_eq!(seeds.len(), 4, "a seed per game");
    // The record names the player by the custom name, on its seat.
    let first = &games[0];
    assert_eq!(first.seating, vec![0, 1]);
    assert!(first.text.contains("[Black \"mine\"]"), "{}", first.text);
    assert_eq!(config.tally(&games)[0].games(), 4);
}

#[test]
fn a_custom_bot_that_cannot_play_the_game_stops_the_arena() {
    let custom = CustomBot::new("two only", |_| {
        Box::new(reversi_engine::bot::AlphaBeta::new(1, 0))
    });
    let players = vec![
        Player::Custom(custom),
        Player::Bot(Spec::parse("random").unwrap()),
    ];
    let four = Rules::builder(Board::Size8).players(4).build().unwrap();
    let config = Config::new(players, four).unwrap();
    let error = run(&config).unwrap_err();
    assert_eq!(
        error,
        ArenaError::BotFailed {
            game: 0,
            player: "two only".into(),
            error: BotError::Players {
                bot: "alphabeta".into(),
                players: 4
            }
        }
    );
    assert_eq!(
        error.to_string(),
        "game 1 (two only's move): alphabeta does not play games of 4 players"
    );
}

#[test]
fn ggf_for_rules_it_cannot_write_is_refused_before_any_game() {
    let free = Rules::builder(Board::Size8)
        .opening(reversi::Opening::Free)
        .build()
        .unwrap();
    let mut config = Config::new(two_bots(), free).unwrap();
    config.ggf = true;
    let error = config.check().unwrap_err();
    assert!(matches!(error, ArenaError::Ggf(_)), "{error:?}");
    assert_eq!(error.to_string(), "GGF cannot express the free opening");
    let mut config = Config::new(two_bots(), Rules::default()).unwrap();
    config.random_blocked = Some(Rules::builder(Board::Size8));
    config.ggf = true;
    assert!(matches!(run(&config), Err(ArenaError::Ggf(_))));
    config.random_blocked = None;
    assert!(run(&config).is_ok());
}

#[test]
fn standard_games_open_with_each_balanced_opening_once_before_any_twice() {
    let mut config = Config::new(two_bots(), Rules::default()).unwrap();
    assert_eq!(config.openings, Openings::Balanced);
    let set = openings::balanced();
    let first = opening(&config, 0).unwrap();
    let at = set
        .iter()
        .position(|o| o.game().position() == first.position())
        .expect("a game opens with an opening of the set");
    let mut seen = std::collections::HashSet::new();
    for n in 0..set.len() {
        let game = opening(&config, n).unwrap();
        assert_eq!(
            game.moves().collect::<Vec<_>>(),
            set[(at + n) % set.len()].moves
        );
        assert!(seen.insert(*game.position()), "opening {n} again");
    }
    assert_eq!(
        opening(&config, set.len()).unwrap().position(),
        first.position()
    );
    // Another seed starts elsewhere in the set.
    config.seed = 2;
    assert_ne!(opening(&config, 0).unwrap().position(), first.position());
    // Each seating of a round plays the same opening.
    config.games = 4;
    let played = run(&config).unwrap();
    let opened = |p: &Played| {
        let record = Record::parse(&p.text).unwrap();
        record.game().moves().take(8).collect::<Vec<_>>()
    };
    assert_eq!(opened(&played[0]), opened(&played[1]));
    assert_ne!(opened(&played[0]), opened(&played[2]));
}

#[test]
fn balanced_openings_are_for_standard_eight_by_eight_only() {
    let six = Rules::builder(Board::Size6).build().unwrap();
    let mut config = Config::new(two_bots(), six).unwrap();
    assert_eq!(config.openings, Openings::Random { plies: 4 });
    config.openings = Openings::Balanced;
    assert_eq!(
        run(&config).unwrap_err(),
        ArenaError::Config(ConfigError::BalancedOpenings)
    );
    let mut config = Config::new(two_bots(), Rules::default()).unwrap();
    config.random_blocked = Some(Rules::builder(Board::Size8));
    assert_eq!(
        config.check().unwrap_err(),
        ArenaError::Config(ConfigError::BalancedOpenings)
    );
    config.openings = Openings::Random { plies: 4 };
    assert!(config.check().is_ok());
}

#[test]
fn no_games_no_elo() {
    let none = Tally::default();
    assert_eq!(none.score(), 0.5);
    assert_eq!(elo_line(["a", "b"], &none), "elo a - b: no games");
}

/// A custom bot that passes whatever the game.
struct Passer;

impl Bot for Passer {
    fn name(&self) -> &str {
        "passer"
    }

    fn choose(&mut self, _: &Game) -> Result<Choice, BotError> {
        Ok(Choice::new(Move::Pass))
    }
}

#[test]
fn an_illegal_move_in_a_three_player_game_forfeits_without_a_winner() {
    let three = Rules::builder(Board::Size8).players(3).build().unwrap();
    let players = vec![
        Player::Bot(Spec::parse("random").unwrap()),
        Player::Custom(CustomBot::new("passer", |_| Box::new(Passer))),
    ];
    let config = Config::new(players, three).unwrap();
    let games = run(&config).unwrap();
    assert_eq!(games.len(), 3);
    for game in &games {
        // Nobody may pass in three-player games: the passer's first turn
        // ends the game, on whichever seat it sits.
        let loser = game.seating.iter().position(|&p| p == 1).unwrap();
        for (seat, result) in game.results.iter().enumerate() {
            let expected = if seat == loser {
                SeatResult::Loss
            } else {
                SeatResult::Draw
            };
            assert_eq!(*result, expected, "{game:?}");
        }
        assert!(game.summary.ends_with(" forfeits"), "{}", game.summary);
        assert!(game.forfeit.as_deref().unwrap().contains("passer"));
    }
}

#[test]
fn a_config_checks_its_players_against_rules_changed_after_new() {
    let players = vec![
        Player::Bot(Spec::parse("alphabeta").unwrap()),
        Player::Bot(Spec::parse("random").unwrap()),
    ];
    let mut config = Config::new(players, Rules::default()).unwrap();
    config.rules = Rules::builder(Board::Size8).players(3).build().unwrap();
    config.seatings = seatings(2, 3).unwrap();
    assert_eq!(
        run(&config).unwrap_err(),
        ArenaError::Bot(BotError::Players {
            bot: "alphabeta".into(),
            players: 3
        })
    );
    let mut config = Config::new(two_bots(), Rules::default()).unwrap();
    config.random_blocked = Some(Rules::builder(Board::Size8).players(4));
    assert_eq!(
        run(&config).unwrap_err(),
        ArenaError::Config(ConfigError::RandomBlockedPlayers { drawn: 4, rules: 2 })
    );
}
