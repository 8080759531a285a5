//! Perft: counting the leaves of the game tree, the check of move generation.

use super::{AnyPosition, Position, PositionVisitor};

/// Counts the leaves of the game tree below `pos` cut at `depth` (see the rules
/// document's perft section): the move sequences of exactly `depth` moves, plus
/// each finished game reached in fewer moves, counted once. A pass is a move.
///
/// Compiled three times (the `multiversion` crate): for every x86-64, for x86-64
/// with AVX2 and BMI, and for x86-64 with the AVX-512 set of [`Avx512`](crate::kernel::Avx512), and run
/// in the last one this processor has: with a position that carries the
/// [`Avx2`](crate::kernel::Avx2) or [`Avx512`](crate::kernel::Avx512) kernel, the kernel is inlined.
///
/// ```
/// use reversi::{AnyPosition, Rules};
/// let start = AnyPosition::start(&Rules::default());
/// assert_eq!(start.perft(4), 244);
/// ```
#[multiversion::multiversion(targets(
    "x86_64+avx2+avx512f+avx512vl+avx512cd+avx512vbmi2+bmi1+bmi2+lzcnt+popcnt",
    "x86_64+avx2+bmi1+bmi2+lzcnt+popcnt"
))]
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    /// The recursion, compiled for the same processor features as the function
    /// around it, so that it calls itself directly rather than through the
    /// run-time dispatch.
    #[multiversion::inherit_target]
    fn count<P: Position>(pos: &P, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            let next = pos.pass_unchecked();
            return match depth {
                // A pass at the last ply, or a finished game: one leaf either way.
                1 => 1,
                _ if next.legal_moves().is_empty() => 1,
                _ => count(&next, depth - 1),
            };
        }
        match depth {
            1 => moves.len() as u64,
            // The last two plies without a call a node: each child counts its
            // moves (or one leaf, for a pass or a finished game).
            2 => moves
                .iter()
                .map(|m| pos.play_unchecked(m).legal_moves().len().max(1) as u64)
                .sum(),
            _ => moves
                .iter()
                .map(|m| count(&pos.play_unchecked(m), depth - 1))
                .sum(),
        }
    }
    count(pos, depth)
}

impl AnyPosition {
    /// Counts perft from this position (see [`perft`]) with the fastest kernel
    /// this processor has, chosen once, then recursing without dispatch.
    pub fn perft(&self, depth: u32) -> u64 {
        self.visit_fastest(Perft(depth))
    }

    /// Counts perft with the portable kernel only: the reference the kernel tests
    /// compare the others with, not part of the supported API.
    #[doc(hidden)]
    pub fn perft_portable(&self, depth: u32) -> u64 {
        self.visit(Perft(depth))
    }
}

/// [`perft`] as a visitor.
struct Perft(u32);

impl PositionVisitor for Perft {
    type Output = u64;
    fn visit<P: Position>(self, pos: &P) -> u64 {
        perft(pos, self.0)
    }
}
