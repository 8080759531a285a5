//! The kernel on AVX-512 (F, VL and CD), in 256-bit registers: the AVX2 kernel's
//! four lanes, with the instructions AVX-512 adds where they shorten it.
//!
//! - 8×8 flips look along the move's rays as in the AVX2 kernel, but find the first
//!   square that is not the opponent's toward lower bits with `vplzcntq` instead of
//!   smearing the mover's discs, and drop the lanes without a closing disc with a
//!   mask register.
//! - The fills (legal moves on every layout, flips on the 128-bit layout) are the
//!   AVX2 kernel's, compiled here with AVX-512 enabled, so that the compiler fuses
//!   each and-or pair into one `vpternlogq`.
//!
//! 256-bit registers, not 512-bit ones: no clock penalty on any processor, and the
//! eight directions of a move need no more than two registers' worth of work.
//!
//! Every function here requires AVX-512 F, VL and CD (and AVX2, which every
//! AVX-512 processor has); the callers guarantee it through the
//! [`Avx512`](super::Avx512) witness, which exists only where the processor has
//! them.

use core::arch::x86_64::*;

use super::avx2;

/// The discs of `theirs` that a disc of `mine` on bit `index` flips (8×8 grid).
///
/// Toward higher bits, the first square of a ray that is not `theirs` is its
/// lowest such bit (`x & -x`); toward lower bits, its highest (`vplzcntq`, then a
/// shift of the top bit: a count of 64, for a ray of nothing but `theirs`, shifts
/// it out). If that square is `mine`, the ray's squares before it flip.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
pub fn flips(mine: u64, theirs: u64, index: u32) -> u64 {
    let [up_ray, down_ray] = super::rays8(index);
    let (up_ray, down_ray) = (avx2::load(up_ray), avx2::load(down_ray));
    let p = _mm256_set1_epi64x(mine as i64);
    let o = _mm256_set1_epi64x(theirs as i64);
    let one = _mm256_set1_epi64x(1);

    // Toward higher bits: the squares below the first open one, where it is mine.
    let open = _mm256_andnot_si256(o, up_ray);
    let first = _mm256_and_si256(open, _mm256_sub_epi64(_mm256_setzero_si256(), open));
    let closed = _mm256_test_epi64_mask(first, p);
    let up = _mm256_maskz_and_epi64(closed, _mm256_sub_epi64(first, one), up_ray);

    // Toward lower bits: the squares above the first open one, where it is mine
    // (none where it is not: the closer is zero, and so is the mask built from it).
    let open = _mm256_andnot_si256(o, down_ray);
    let first = _mm256_srlv_epi64(_mm256_set1_epi64x(i64::MIN), _mm256_lzcnt_epi64(open));
    let closer = _mm256_and_si256(first, p);
    let below = _mm256_sub_epi64(_mm256_add_epi64(closer, closer), one);
    let down = _mm256_andnot_si256(below, down_ray);

    avx2::or_lanes(_mm256_or_si256(up, down))
}

/// [`avx2::flipping_moves`], compiled for AVX-512.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
pub fn flipping_moves(mine: u64, theirs: u64, empty: u64) -> u64 {
    avx2::flipping_moves(mine, theirs, empty)
}

/// [`avx2::flipping_moves_wide`], compiled for AVX-512.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
pub fn flipping_moves_wide(mine: u128, theirs: u128, empty: u128) -> u128 {
    avx2::flipping_moves_wide(mine, theirs, empty)
}

/// [`avx2::flips_wide`], compiled for AVX-512.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
pub fn flips_wide(mine: u128, theirs: u128, index: u32) -> u128 {
    avx2::flips_wide(mine, theirs, index)
}
