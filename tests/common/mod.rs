//! Strategies shared by the property tests: random variants of every kind.
#![allow(dead_code)]

use proptest::prelude::*;
use reversi::{Board, Corners, Game, Handicap, Opening, Rules};

use crate::reference::{square, RefGame, Setup, Shape};

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
