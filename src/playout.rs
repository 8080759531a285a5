//! Random playouts, the base of Monte-Carlo bots: play uniformly random legal
//! moves to the end of the game, from any position, with any `rand_core`
//! generator, without allocation.
//!
//! The draw is exact: a move is uniform among the legal moves (no modulo bias), by
//! Lemire's multiply-and-reject on `next_u32`.
//!
//! ```
//! use rand_core::SeedableRng;
//! use reversi::{playout, AnyPosition, Position, Rules, TwoPlayer8};
//! let start = TwoPlayer8::try_from(AnyPosition::start(&Rules::default()))?;
//! let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
//! let end = playout::playout(&start, &mut rng);
//! assert!(end.is_over());
//! // A Monte-Carlo estimate of Black's chances: count the playouts Black wins.
//! let wins = (0..100)
//!     .filter(|_| {
//!         let end = playout::playout(&start, &mut rng);
//!         end.discs(reversi::Color::Black).len() > end.discs(reversi::Color::White).len()
//!     })
//!     .count();
//! assert!(wins > 20 && wins < 80);
//! # Ok::<_, reversi::KindError>(())
//! ```

use rand_core::Rng;

use crate::bitboard::{Bitboard, Spot};
use crate::layout::Layout;
use crate::position::Position;

/// A number uniform in `0..n` (`n > 0`): Lemire's nearly divisionless method,
/// which draws again in the rare case that would favour some results.
#[inline]
pub fn uniform_below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n > 0);
    let mut product = u64::from(rng.next_u32()) * u64::from(n);
    if (product as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (product as u32) < threshold {
            product = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (product >> 32) as u32
}

/// A square of `set` chosen uniformly, or `None` for an empty set.
#[inline]
pub fn random_spot<L: Layout, R: Rng + ?Sized>(set: Bitboard<L>, rng: &mut R) -> Option<Spot<L>> {
    let n = set.len() as u32;
    if n == 0 {
        return None;
    }
    set.iter().nth(uniform_below(rng, n) as usize)
}

/// One legal move of `pos` chosen uniformly, or `None` when the player to move has
/// none (must pass, or the game is over).
#[inline]
pub fn random_move<P: Position, R: Rng + ?Sized>(pos: &P, rng: &mut R) -> Option<Spot<P::Layout>> {
    random_spot(pos.legal_moves(), rng)
}

/// Plays uniformly random legal moves from `pos` to the end of the game (passing
/// when a player must) and returns the finished position.
///
/// Each move is drawn with [`random_move`]'s rule, so the same generator state
/// gives the same game on every platform.
///
/// With two players the loop is compiled for each x86-64 level (the
/// `multiversion` crate's `simd` targets, AVX2 and AVX-512 among them) and runs in
/// the last one this processor has, so that a SIMD kernel's code is inlined into
/// it; with three or four it is compiled once (compiled for each level, it made
/// 8×8 three- and four-player playouts 9–12 % slower on an Intel Xeon, though
/// 10×10 four-player ones 11 % faster).
#[inline]
pub fn playout<P: Position, R: Rng + ?Sized>(pos: &P, rng: &mut R) -> P {
    if pos.players() == 2 {
        playout_compiled(pos, rng)
    } else {
        playout_loop(pos, rng)
    }
}

/// [`playout_loop`], compiled for each processor level as [`playout`] says.
#[multiversion::multiversion(targets = "simd")]
fn playout_compiled<P: Position, R: Rng + ?Sized>(pos: &P, rng: &mut R) -> P {
    playout_loop(pos, rng)
}

/// The playout itself.
#[inline(always)]
fn playout_loop<P: Position, R: Rng + ?Sized>(pos: &P, rng: &mut R) -> P {
    let mut pos = *pos;
    let mut moves = pos.legal_moves();
    loop {
        match random_spot(moves, rng) {
            Some(spot) => (pos, _, moves) = pos.play_unchecked_with_replies(spot),
            None => {
                // No move: three or four players never pass, so the game is over;
                // with two, it is over if the opponent cannot move either.
                if pos.players() > 2 {
                    return pos;
                }
                let next = pos.pass_unchecked();
                let next_moves = next.legal_moves();
                if next_moves.is_empty() {
                    return pos;
                }
                pos = next;
                moves = next_moves;
            }
        }
    }
}
