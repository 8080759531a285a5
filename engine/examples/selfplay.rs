//! Plays complete games of any variant between players that pick uniformly random
//! legal moves, printing the board after each move, then the scores and outcome.
//!
//!     cargo run --release -p reversi-engine --example selfplay -- [variant flags as for perft]
//!         [--blocked random] [--seed N] [--games N]
//!
//! `--blocked random` draws one to four blocked squares per game from the seed.

use std::process::ExitCode;

use rand_core::{Rng, SeedableRng};
use reversi::{Game, Move};

use reversi_engine::cli;

/// A number uniform in `0..n`: the top of the `u32` range that would favour small
/// numbers is drawn again.
fn uniform(rng: &mut impl Rng, n: u32) -> usize {
    let zone = u32::MAX - (u32::MAX - n + 1) % n;
    loop {
        let x = rng.next_u32();
        if x <= zone {
            return (x % n) as usize;
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!(
            "usage: selfplay [VARIANT FLAGS] [--games N]\n\n\
             Plays N games (default 1) of random legal moves, printing the board after\n\
             each move and the outcome; --seed N (default 1) seeds the moves.\n\n{}",
            cli::VARIANT_FLAGS
        );
        return ExitCode::SUCCESS;
    }
    let options = match cli::parse(&args, &["--games"]) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("selfplay: {e}");
            return ExitCode::FAILURE;
        }
    };
    let seed = options.seed.unwrap_or(1);
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    for number in 1..=options.games.unwrap_or(1) {
        let mut game = match options.random_blocked {
            Some(builder) => match builder.build_with_random_blocked(&mut rng) {
                Ok(rules) => Game::new(rules),
                Err(e) => {
                    eprintln!("selfplay: {e}");
                    return ExitCode::FAILURE;
                }
            },
            None => options.game.clone(),
        };
        println!("game {number}: {}", game.rules());
        println!("{game}");
        while !game.is_over() {
            let moves = game.legal_moves();
            let mover = game.to_move();
            let mv = match moves.len() {
                0 => Move::Pass,
                n => Move::Place(moves.iter().nth(uniform(&mut rng, n as u32)).unwrap()),
            };
            if let Err(e) = game.play(mv) {
                eprintln!("selfplay: {e}");
                return ExitCode::FAILURE;
            }
            println!("{}. {mover} {mv}", game.move_count());
            println!("{game}");
        }
        let outcome = game.outcome().expect("the game is over");
        println!("result: {outcome} {}", game.scores());
        println!();
    }
    ExitCode::SUCCESS
}
