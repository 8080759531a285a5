//! Criterion benches of the bot toolkit on a late position of every board and of
//! three and four players (the start, then a fixed sequence of moves: the first
//! legal move, then the last, alternately): stable discs, the mobility features,
//! and one random playout to the end, each with the fastest kernel this processor
//! has. Every bench checks its result before timing it.

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use reversi::{features, playout, Board, Color, Game, Position, PositionVisitor, Rules};
use std::hint::black_box;

struct Benches<'a>(&'a mut Criterion, &'a str);

impl PositionVisitor for Benches<'_> {
    type Output = ();
    fn visit<P: Position>(self, pos: &P) {
        let Benches(c, name) = self;
        // A colour with stable discs, so that the bench times the whole algorithm.
        let (owner, stable) = Color::in_play(pos.players())
            .iter()
            .map(|&c| (c, features::stable(pos, c)))
            .find(|(_, s)| !s.is_empty())
            .unwrap_or_else(|| panic!("{name}: the bench position has stable discs"));
        assert!((stable - pos.discs(owner)).is_empty());
        c.bench_function(&format!("stable/{name}"), |b| {
            b.iter(|| features::stable(black_box(pos), black_box(owner)))
        });
        let me = pos.to_move();
        let opponent = me.next(pos.players());
        assert_eq!(features::mobility(pos, me), pos.legal_moves());
        c.bench_function(&format!("mobility_of_opponent/{name}"), |b| {
            b.iter(|| features::mobility(black_box(pos), black_box(opponent)))
        });
        let potential = features::potential_mobility(pos, me);
        assert!(!potential.is_empty() && (potential - pos.empty()).is_empty());
        c.bench_function(&format!("potential_mobility_and_frontier/{name}"), |b| {
            b.iter(|| {
                let p = black_box(pos);
                (
                    features::potential_mobility(p, me).len(),
                    features::frontier(p, me).len(),
                )
            })
        });
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let end = playout::playout(pos, &mut rng);
        assert!(end.is_over(), "{name}: the playout ends the game");
        assert_eq!(
            end,
            playout::playout(pos, &mut Xoshiro256PlusPlus::seed_from_u64(1))
        );
        c.bench_function(&format!("playout/{name}"), |b| {
            b.iter(|| playout::playout(black_box(pos), &mut rng))
        });
    }
}

/// One random playout from the start of each game, the number bots care about.
struct FromStart<'a>(&'a mut Criterion, &'a str);

impl PositionVisitor for FromStart<'_> {
    type Output = ();
    fn visit<P: Position>(self, pos: &P) {
        let FromStart(c, name) = self;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
        assert!(playout::playout(pos, &mut rng).is_over());
        c.bench_function(&format!("playout_from_start/{name}"), |b| {
            b.iter(|| playout::playout(black_box(pos), &mut rng))
        });
    }
}

fn toolkit(c: &mut Criterion) {
    let variants = [
        ("6x6", Rules::builder(Board::Size6).build().unwrap(), 20),
        ("8x8", Rules::default(), 48),
        ("10x10", Rules::builder(Board::Size10).build().unwrap(), 70),
        (
            "octagon",
            Rules::builder(Board::Octagon).build().unwrap(),
            60,
        ),
        (
            "8x8-3p",
            Rules::builder(Board::Size8).players(3).build().unwrap(),
            45,
        ),
        (
            "8x8-4p",
            Rules::builder(Board::Size8).players(4).build().unwrap(),
            45,
        ),
        (
            "10x10-4p",
            Rules::builder(Board::Size10).players(4).build().unwrap(),
            70,
        ),
    ];
    for (name, rules, moves) in variants {
        let game = common::fixed_game(rules, moves);
        game.position().visit_fastest(Benches(c, name));
        Game::new(rules)
            .position()
            .visit_fastest(FromStart(c, name));
    }
}

criterion_group!(benches, toolkit);
criterion_main!(benches);
