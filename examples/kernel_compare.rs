//! Times perft with the fastest kernel this processor has against the portable
//! kernel, in one run: `cargo run --release --example kernel_compare`.
use reversi::{AnyPosition, Board, Rules};
use std::time::Instant;

fn rate(f: impl Fn() -> u64) -> (u64, f64) {
    // Best of three, after a warm-up run.
    f();
    let mut best = 0.0f64;
    let mut leaves = 0;
    for _ in 0..3 {
        let t = Instant::now();
        leaves = f();
        best = best.max(leaves as f64 / t.elapsed().as_secs_f64());
    }
    (leaves, best / 1e6)
}

fn main() {
    for (board, players, depth) in [
        (Board::Size8, 2, 10),
        (Board::Size10, 2, 9),
        (Board::Octagon, 2, 9),
        (Board::Size8, 4, 8),
    ] {
        let start = AnyPosition::start(&Rules::builder(board).players(players).build().unwrap());
        let (a, fast) = rate(|| start.perft(depth));
        let (b, portable) = rate(|| start.perft_portable(depth));
        assert_eq!(a, b);
        println!("{board} {players}p perft({depth}) = {a}: fastest kernel {fast:.1} M leaves/s, portable {portable:.1} M leaves/s");
    }
}
