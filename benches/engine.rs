//! Criterion benches of the hot path, on a fixed midgame position of every board and
//! of four players: the kernel-level flips (every legal move), legal move generation
//! and copy-make play for each kernel this processor has (portable, AVX2, AVX-512); the same through the
//! front-end API (`AnyPosition`, `Game` play + undo); and perft at a fixed depth.
//! Every bench checks its result before timing it.

mod common;

use common::midgame;
use criterion::{criterion_group, criterion_main, Criterion};
use reversi::kernel::{Avx2, Avx512, Kernel, Portable};
use reversi::layout::{Grid10, Grid8};
use reversi::{AnyPosition, Bitboard, Board, Position, Rules, SquareSet};
use std::hint::black_box;

/// Benches the kernel-level operations of one position: flips of every legal move,
/// legal move generation, and copy-make play.
fn kernel_benches<P: Position>(c: &mut Criterion, name: &str, pos: P, expected: &[SquareSet]) {
    let moves = pos.legal_moves();
    let flips: Vec<SquareSet> = moves
        .iter()
        .map(|m| pos.flips_unchecked(m).to_squares())
        .collect();
    assert_eq!(flips, expected, "{name}: kernel flips against the game's");
    c.bench_function(&format!("kernel_flips/{name}"), |b| {
        b.iter(|| {
            let mut all = Bitboard::EMPTY;
            for m in black_box(moves) {
                all |= black_box(&pos).flips_unchecked(m);
            }
            all
        })
    });
    c.bench_function(&format!("kernel_legal_moves/{name}"), |b| {
        b.iter(|| black_box(&pos).legal_moves())
    });
    let first = moves.first().expect("the bench position has moves");
    c.bench_function(&format!("kernel_play/{name}"), |b| {
        b.iter(|| black_box(&pos).play_unchecked(black_box(first)))
    });
}

/// [`kernel_benches`] for one kernel on any position.
fn on_kernel<K: Kernel<Grid8> + Kernel<Grid10>>(
    c: &mut Criterion,
    name: &str,
    kernel: K,
    pos: &AnyPosition,
    expected: &[SquareSet],
) {
    match *pos {
        AnyPosition::TwoPlayer8(p) => kernel_benches(c, name, p.with_kernel(kernel), expected),
        AnyPosition::TwoPlayer10(p) => kernel_benches(c, name, p.with_kernel(kernel), expected),
        AnyPosition::MultiPlayer8(p) => kernel_benches(c, name, p.with_kernel(kernel), expected),
        AnyPosition::MultiPlayer10(p) => kernel_benches(c, name, p.with_kernel(kernel), expected),
    }
}

fn variants() -> Vec<(&'static str, Rules)> {
    vec![
        ("6x6", Rules::builder(Board::Size6).build().unwrap()),
        ("8x8", Rules::default()),
        ("10x10", Rules::builder(Board::Size10).build().unwrap()),
        ("octagon", Rules::builder(Board::Octagon).build().unwrap()),
        (
            "8x8-4p",
            Rules::builder(Board::Size8).players(4).build().unwrap(),
        ),
    ]
}

fn flips_and_moves(c: &mut Criterion) {
    for (name, rules) in variants() {
        let game = midgame(rules);
        let position = *game.position();
        let moves = position.legal_moves();
        assert!(!moves.is_empty(), "{name}: the bench position has moves");
        let expected: Vec<SquareSet> = moves.iter().map(|m| game.flips(m).unwrap()).collect();
        let got: Vec<SquareSet> = moves.iter().map(|m| position.flips(m).unwrap()).collect();
        assert_eq!(got, expected);
        on_kernel(
            c,
            &format!("{name}/portable"),
            Portable,
            &position,
            &expected,
        );
        if let Some(avx2) = Avx2::detect() {
            on_kernel(c, &format!("{name}/avx2"), avx2, &position, &expected);
        }
        if let Some(avx512) = Avx512::detect() {
            on_kernel(c, &format!("{name}/avx512"), avx512, &position, &expected);
        }
        c.bench_function(&format!("flips/{name}"), |b| {
            b.iter(|| {
                for m in black_box(moves) {
                    let _ = black_box(position.flips(m));
                }
            })
        });
        c.bench_function(&format!("legal_moves/{name}"), |b| {
            b.iter(|| black_box(black_box(position).legal_moves()))
        });
        let first = moves.first().unwrap();
        c.bench_function(&format!("play_undo/{name}"), |b| {
            // Play then undo gives back the same game, so one game serves every
            // iteration.
            let mut g = game.clone();
            b.iter(|| {
                g.play(black_box(first)).unwrap();
                g.undo().unwrap()
            });
            assert_eq!(g, game);
        });
    }
}

fn perft(c: &mut Criterion) {
    let cases = [
        ("8x8", Rules::default(), 6, 8200u64),
        (
            "6x6",
            Rules::builder(Board::Size6).build().unwrap(),
            7,
            47740,
        ),
        (
            "10x10",
            Rules::builder(Board::Size10).build().unwrap(),
            6,
            8200,
        ),
        (
            "octagon",
            Rules::builder(Board::Octagon).build().unwrap(),
            6,
            8200,
        ),
        (
            "8x8-4p",
            Rules::builder(Board::Size8).players(4).build().unwrap(),
            5,
            7427,
        ),
    ];
    for (name, rules, depth, leaves) in cases {
        let start = AnyPosition::start(&rules);
        assert_eq!(start.perft(depth), leaves, "{name} perft({depth})");
        c.bench_function(&format!("perft/{name}/{depth}"), |b| {
            b.iter(|| black_box(black_box(start).perft(depth)))
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(2));
    targets = flips_and_moves, perft
}
criterion_main!(benches);
