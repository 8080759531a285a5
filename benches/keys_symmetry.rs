//! Criterion benches of the bot toolkit: hash keys (full, by tabulation and disc by
//! disc; copy-make with the full key against the incremental update) and the
//! symmetries, on a fixed midgame position of every board and of several players.
//! Every bench checks its result before timing it.

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use reversi::hash::{cell_key, side_key, HashKey, UpdateKey};
use reversi::layout::Layout;
use reversi::symmetry::{Symmetric, SymmetricLayout, Symmetry};
use reversi::{AnyPosition, Bitboard, Board, Cell, Color, Position, Rules, Spot};
use std::hint::black_box;

/// A middle-game position of `rules` (see `common::midgame`).
fn midgame(rules: Rules) -> AnyPosition {
    *common::midgame(rules).position()
}

fn variants() -> Vec<(&'static str, AnyPosition)> {
    let rules = |board, players| Rules::builder(board).players(players).build().unwrap();
    vec![
        ("6x6", midgame(rules(Board::Size6, 2))),
        ("8x8", midgame(Rules::default())),
        ("10x10", midgame(rules(Board::Size10, 2))),
        ("octagon", midgame(rules(Board::Octagon, 2))),
        ("8x8-4p", midgame(rules(Board::Size8, 4))),
        ("octagon-3p", midgame(rules(Board::Octagon, 3))),
    ]
}

/// The Zobrist values of Black's and White's discs by layout bit: the key computed
/// one disc at a time, to compare with the crate's tabulation.
struct Bitwise([[u64; 128]; 2]);

impl Bitwise {
    fn new<L: Layout>() -> Bitwise {
        let mut t = [[0; 128]; 2];
        for (c, color) in [Color::Black, Color::White].into_iter().enumerate() {
            for (i, v) in t[c].iter_mut().enumerate() {
                if let Some(spot) = Spot::<L>::from_bit(i) {
                    *v = cell_key(spot.square(), Cell::Disc(color));
                }
            }
        }
        Bitwise(t)
    }

    #[inline]
    fn discs<P: Position>(&self, pos: &P) -> u64 {
        let mut key = 0;
        for (c, color) in [Color::Black, Color::White].into_iter().enumerate() {
            for spot in pos.discs(color) {
                key ^= self.0[c][spot.bit() & 127];
            }
        }
        key
    }
}

fn hash_benches<P: UpdateKey>(c: &mut Criterion, name: &str, pos: P, any: &AnyPosition) {
    let moves = pos.legal_moves();
    assert!(!moves.is_empty(), "{name}: the bench position has moves");
    let key = pos.hash_key();
    assert_eq!(key, any.hash_key());
    for m in moves {
        let (next, flips) = pos.play_unchecked_with_flips(m);
        assert_eq!(pos.key_after_move(key, m, flips), next.hash_key(), "{name}");
    }
    c.bench_function(&format!("hash/full/{name}"), |b| {
        b.iter(|| black_box(&pos).hash_key())
    });
    c.bench_function(&format!("hash/any/{name}"), |b| {
        b.iter(|| black_box(any).hash_key())
    });
    c.bench_function(&format!("hash/copy_make_play_only/{name}"), |b| {
        b.iter(|| {
            let mut sum = Bitboard::EMPTY;
            for m in black_box(moves) {
                sum |= black_box(&pos).play_unchecked(m).mine();
            }
            sum
        })
    });
    c.bench_function(&format!("hash/copy_make_full/{name}"), |b| {
        b.iter(|| {
            let mut sum = 0;
            for m in black_box(moves) {
                sum ^= black_box(&pos).play_unchecked(m).hash_key();
            }
            sum
        })
    });
    c.bench_function(&format!("hash/copy_make_incremental/{name}"), |b| {
        b.iter(|| {
            let mut sum = 0;
            for m in black_box(moves) {
                let (_, flips) = black_box(&pos).play_unchecked_with_flips(m);
                sum ^= pos.key_after_move(black_box(key), m, flips);
            }
            sum
        })
    });
    if pos.players() == 2 {
        let bitwise = Bitwise::new::<P::Layout>();
        // Everything but the discs: the variant, the side to move, blocked squares.
        let rest = key ^ bitwise.discs(&pos);
        let swap = side_key(Color::Black) ^ side_key(Color::White);
        for m in moves {
            let next = pos.play_unchecked(m);
            assert_eq!(bitwise.discs(&next) ^ rest ^ swap, next.hash_key());
        }
        c.bench_function(&format!("hash/full_disc_by_disc/{name}"), |b| {
            b.iter(|| bitwise.discs(black_box(&pos)) ^ rest)
        });
        c.bench_function(&format!("hash/copy_make_full_disc_by_disc/{name}"), |b| {
            b.iter(|| {
                let mut sum = 0;
                for m in black_box(moves) {
                    sum ^= bitwise.discs(&black_box(&pos).play_unchecked(m)) ^ rest ^ swap;
                }
                sum
            })
        });
    }
}

fn hash(c: &mut Criterion) {
    for (name, any) in variants() {
        match any {
            AnyPosition::TwoPlayer8(p) => hash_benches(c, name, p, &any),
            AnyPosition::TwoPlayer10(p) => hash_benches(c, name, p, &any),
            AnyPosition::MultiPlayer8(p) => hash_benches(c, name, p, &any),
            AnyPosition::MultiPlayer10(p) => hash_benches(c, name, p, &any),
        }
    }
}

fn symmetry_benches<P>(c: &mut Criterion, name: &str, pos: P)
where
    P: Position + Symmetric,
    P::Layout: SymmetricLayout,
{
    let board = pos.board();
    let mine = pos.mine();
    let (canonical, s) = pos.canonical();
    assert_eq!(pos.transform(s), canonical, "{name}");
    for s in Symmetry::ALL {
        assert_eq!(pos.transform(s).transform(s.inverse()), pos, "{name}");
        let image = s.bitboard(board, mine);
        assert_eq!(
            image.to_squares(),
            s.squares(board, mine.to_squares()),
            "{name}"
        );
    }
    c.bench_function(&format!("symmetry/bitboard_all_eight/{name}"), |b| {
        b.iter(|| {
            let mut sum = Bitboard::EMPTY;
            for s in Symmetry::ALL {
                sum ^= s.bitboard(board, black_box(mine));
            }
            sum
        })
    });
    c.bench_function(&format!("symmetry/rotate90_position/{name}"), |b| {
        b.iter(|| black_box(&pos).transform(black_box(Symmetry::Rotate90)))
    });
    c.bench_function(&format!("symmetry/flip_diagonal_position/{name}"), |b| {
        b.iter(|| black_box(&pos).transform(black_box(Symmetry::FlipDiagonal)))
    });
    c.bench_function(&format!("symmetry/canonical/{name}"), |b| {
        b.iter(|| black_box(&pos).canonical())
    });
}

fn symmetry(c: &mut Criterion) {
    for (name, any) in variants() {
        match any {
            AnyPosition::TwoPlayer8(p) => symmetry_benches(c, name, p),
            AnyPosition::TwoPlayer10(p) => symmetry_benches(c, name, p),
            AnyPosition::MultiPlayer8(p) => symmetry_benches(c, name, p),
            AnyPosition::MultiPlayer10(p) => symmetry_benches(c, name, p),
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = hash, symmetry
}
criterion_main!(benches);
