//! Scaffolding shared by the tests: random variants of every kind (proptest
//! strategies), the one random-game walker, `sq`, and the kernels the machine must
//! have (`REVERSI_REQUIRE_KERNEL`).
#![allow(dead_code)]

use proptest::prelude::*;
use reversi::kernel::{Avx2, Avx512};
use reversi::{Board, Corners, Game, Handicap, Opening, Rules, Square};

use crate::reference::{square, RefGame, Setup, Shape};

// The walker itself is in walk.rs, which the engine's tests share (they have no
// proptest).
mod walk;
pub use walk::{play_out, seeded_game};

/// Plays the same move in the engine and the reference: the legal move `choice`
/// picks (in the reference's order), or a pass where one is due. Returns `false`
/// when the reference says the game is over (and plays nothing).
pub fn step_both(game: &mut Game, reference: &mut RefGame, choice: prop::sample::Index) -> bool {
    let moves = reference.legal_moves();
    if !moves.is_empty() {
        let (c, r) = moves[choice.index(moves.len())];
        game.play(square(c, r)).unwrap();
        reference.play(c, r);
    } else if reference.must_pass() {
        game.pass().unwrap();
        reference.pass();
    } else {
        return false;
    }
    true
}

pub fn shape_of(board: Board) -> Shape {
    match board {
        Board::Size6 => Shape::Six,
        Board::Size8 => Shape::Eight,
        Board::Size10 => Shape::Ten,
        Board::Octagon => Shape::Octagon,
    }
}

/// A random variant of every kind that RULES.md allows, as both the engine's
/// rules and the reference's setup.
pub fn variant() -> impl Strategy<Value = (Rules, Setup)> {
    (
        prop::sample::select(Board::ALL.to_vec()),
        2u8..=4,
        any::<bool>(),
        any::<bool>(),
        prop::option::of((0usize..2, 1u8..16)),
        prop::collection::vec(any::<prop::sample::Index>(), 0..=4),
    )
        .prop_map(|(board, players, anti, free, handicap, blocked)| {
            let players = if board == Board::Size6 { 2 } else { players };
            let two = players == 2;
            let free = free && two;
            let handicap = handicap.filter(|_| two);
            let shape = shape_of(board);
            let corners: Vec<usize> = handicap
                .map(|(_, bits)| (0..4).filter(|i| bits >> i & 1 != 0).collect())
                .unwrap_or_default();
            // Eligible for blocking, from the rules text: on the board, outside the
            // central 4×4, not a handicap corner.
            let mut eligible: Vec<(i32, i32)> = (0..10)
                .flat_map(|r| (0..10).map(move |c| (c, r)))
                .filter(|&(c, r)| shape.exists(c, r) && !shape.in_central_4x4(c, r))
                .filter(|sq| !corners.iter().any(|&k| shape.corners()[k] == *sq))
                .collect();
            let mut chosen = vec![];
            for index in blocked {
                chosen.push(eligible.remove(index.index(eligible.len())));
            }
            let setup = Setup {
                shape,
                players: players as usize,
                anti,
                free,
                handicap: handicap.map(|(color, _)| (color, corners.clone())),
                blocked: chosen.clone(),
            };
            let mut builder = Rules::builder(board)
                .players(players)
                .anti(anti)
                .opening(if free {
                    Opening::Free
                } else {
                    Opening::Standard
                })
                .blocked(chosen.iter().map(|&(c, r)| crate::reference::square(c, r)));
            if let Some((color, bits)) = handicap {
                builder = builder.handicap(Handicap {
                    color: crate::reference::color(color),
                    corners: Corners::from_bits_truncate(bits),
                });
            }
            (builder.build().expect("a variant the rules allow"), setup)
        })
}

/// The square named `name` (`"e4"`).
pub fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// [`play_out`] with one proptest choice a move (passes take none), stopping when
/// the choices run out.
pub fn random_game<E>(
    rules: Rules,
    choices: &[prop::sample::Index],
    each: impl FnMut(&Game) -> Result<(), E>,
) -> Result<Game, E> {
    let mut choices = choices.iter();
    play_out(rules, |n| choices.next().map(|c| c.index(n)), each)
}

/// The kernels that `REVERSI_REQUIRE_KERNEL` (a comma list of `avx2`, `avx512`)
/// says this machine has: a kernel test then fails, instead of skipping, where the
/// kernel is not detected. `.ci/run` sets it from the processor's flags.
fn required(kernel: &str) -> bool {
    let list = std::env::var("REVERSI_REQUIRE_KERNEL").unwrap_or_default();
    list.split(',')
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .any(|k| {
            assert!(
                matches!(k, "avx2" | "avx512"),
                "REVERSI_REQUIRE_KERNEL: unknown kernel {k:?} (avx2, avx512)"
            );
            k == kernel
        })
}

/// The AVX2 kernel if this processor has it; a failure if it lacks it and
/// `REVERSI_REQUIRE_KERNEL` names it.
pub fn avx2() -> Option<Avx2> {
    let kernel = Avx2::detect();
    let needed = required("avx2");
    assert!(
        kernel.is_some() || !needed,
        "REVERSI_REQUIRE_KERNEL names avx2, but Avx2::detect found no AVX2"
    );
    kernel
}

/// The AVX-512 kernel if this processor has it; a failure if it lacks it and
/// `REVERSI_REQUIRE_KERNEL` names it.
pub fn avx512() -> Option<Avx512> {
    let kernel = Avx512::detect();
    let needed = required("avx512");
    assert!(
        kernel.is_some() || !needed,
        "REVERSI_REQUIRE_KERNEL names avx512, but Avx512::detect found not all the \
         features it needs"
    );
    kernel
}
