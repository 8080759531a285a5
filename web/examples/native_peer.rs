//! The native side of web/bench/speed.mjs: the same perft and the same random
//! games (the same xorshift32 draws, so the same moves), on the portable kernel,
//! the one WebAssembly has, and for perft on the fastest too.
//!
//! ```text
//! cargo run --release -p reversi-web --example native_peer
//! ```
use std::time::Instant;

use reversi::{AnyPosition, Game, Rules};

fn main() {
    let start = AnyPosition::start(&Rules::default());
    for depth in [9, 9, 9, 11] {
        let t = Instant::now();
        let n = start.perft_portable(depth);
        let s = t.elapsed().as_secs_f64();
        println!(
            "perft portable depth {depth}: {n} leaves {s:.3} s {:.1} M leaves/s",
            n as f64 / s / 1e6
        );
    }
    let t = Instant::now();
    let n = start.perft(9);
    let s = t.elapsed().as_secs_f64();
    println!(
        "perft fastest depth 9: {n} leaves {s:.3} s {:.1} M leaves/s",
        n as f64 / s / 1e6
    );
    // Random 8x8 games through the Game API, as a front end plays them.
    let mut x: u32 = 2463534242;
    let games = 20000;
    for _ in 0..3 {
        let mut moves = 0;
        let t = Instant::now();
        for _ in 0..games {
            let mut game = Game::new(Rules::default());
            while !game.is_over() {
                if game.must_pass() {
                    game.pass().expect("a due pass");
                    continue;
                }
                let legal: Vec<_> = game.legal_moves().iter().collect();
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                game.play(legal[x as usize % legal.len()])
                    .expect("a legal move");
                moves += 1;
            }
        }
        let s = t.elapsed().as_secs_f64();
        println!(
            "random games: {:.0} games/s ({moves} moves)",
            games as f64 / s
        );
    }
}
