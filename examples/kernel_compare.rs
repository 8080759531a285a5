//! Times perft on every kernel this processor has (portable, AVX2, AVX-512), in
//! one run: `cargo run --release --example kernel_compare`. The counts must agree.
//!
//! Each runs inside `reversi::perft`, which is compiled for the processor's level
//! (x86-64, with AVX2, or with AVX-512): so the "portable" column is the portable
//! kernel as the compiler builds it for this processor, and on an AVX-512
//! processor the "avx2" column is the AVX2 kernel built with AVX-512 enabled.
use reversi::kernel::{Avx2, Avx512, Kernel, Portable};
use reversi::layout::{Grid10, Grid8};
use reversi::{perft, AnyPosition, Board, Rules};
use std::time::Instant;

/// Leaves per second (millions) of perft(`depth`) with `kernel`: best of three,
/// after a warm-up run.
fn rate<K: Kernel<Grid8> + Kernel<Grid10>>(
    start: &AnyPosition,
    kernel: K,
    depth: u32,
) -> (u64, f64) {
    let run = || match *start {
        AnyPosition::TwoPlayer8(p) => perft(&p.with_kernel(kernel), depth),
        AnyPosition::TwoPlayer10(p) => perft(&p.with_kernel(kernel), depth),
        AnyPosition::MultiPlayer8(p) => perft(&p.with_kernel(kernel), depth),
        AnyPosition::MultiPlayer10(p) => perft(&p.with_kernel(kernel), depth),
    };
    run();
    let mut best = 0.0f64;
    let mut leaves = 0;
    for _ in 0..3 {
        let t = Instant::now();
        leaves = run();
        best = best.max(leaves as f64 / t.elapsed().as_secs_f64());
    }
    (leaves, best / 1e6)
}

fn main() -> std::process::ExitCode {
    if let Some(flag) = std::env::args().nth(1) {
        if flag == "--help" || flag == "-h" {
            println!(
                "usage: kernel_compare\n\n\
                 Times perft on every kernel this processor has (8x8, 10x10, the octagon,\n\
                 four players), printing M leaves a second for each; takes no flags."
            );
            return std::process::ExitCode::SUCCESS;
        }
        eprintln!("kernel_compare: takes no flags, not {flag:?} (it times fixed perfts)");
        return std::process::ExitCode::FAILURE;
    }
    println!("fastest kernel here: {}", reversi::kernel::fastest_name());
    for (board, players, depth) in [
        (Board::Size8, 2, 10),
        (Board::Size10, 2, 9),
        (Board::Octagon, 2, 9),
        (Board::Size8, 4, 8),
    ] {
        let start = AnyPosition::start(&Rules::builder(board).players(players).build().unwrap());
        let (expected, portable) = rate(&start, Portable, depth);
        let mut line =
            format!("{board} {players}p perft({depth}) = {expected}: portable {portable:.1}");
        if let Some(avx2) = Avx2::detect() {
            let (leaves, speed) = rate(&start, avx2, depth);
            assert_eq!(leaves, expected, "AVX2 kernel");
            line += &format!(", avx2 {speed:.1}");
        }
        if let Some(avx512) = Avx512::detect() {
            let (leaves, speed) = rate(&start, avx512, depth);
            assert_eq!(leaves, expected, "AVX-512 kernel");
            line += &format!(", avx512 {speed:.1}");
        }
        println!("{line} M leaves/s");
    }
    std::process::ExitCode::SUCCESS
}
