//! The kernel on AVX-512 (F, VL, CD and VBMI2), in 256-bit registers: the AVX2
//! kernel's four lanes, with the instructions AVX-512 adds where they shorten it.
//!
//! - Flips look along the move's rays as in the AVX2 kernel, but find the first
//!   square that is not the opponent's toward lower bits with `vplzcntq` and a
//!   rotation (`vprorvq`) instead of smearing the mover's discs; on the 128-bit
//!   layout, on each 64-bit half of the ray. Three-input `vpternlogq` takes each
//!   ray's and-nots, and a mask register drops the rays toward higher bits
//!   without a closing disc. The fused flips-and-replies on both layouts brings
//!   the placed disc in from memory with the last or of the lanes.
//! - Legal moves are the AVX2 kernel's fills, compiled here with AVX-512 enabled,
//!   so that the compiler fuses each and-or pair into one `vpternlogq`; on the
//!   128-bit layout, a shift across the two halves is one funnel shift a half
//!   (`vpshldvq`, `vpshrdvq`) instead of the AVX2 kernel's two shifts and an or.
//!
//! 256-bit registers, not 512-bit ones: no clock penalty on any processor, and the
//! eight directions of a move need no more than two registers' worth of work.
//!
//! Every function here requires AVX-512 F, VL, CD and VBMI2 (and AVX2, which every
//! AVX-512 processor has); the callers guarantee it through the
//! [`Avx512`](super::Avx512) witness, which exists only where the processor has
//! them.

use core::arch::x86_64::*;

use super::avx2::{self, Wide};

/// The discs of `theirs` that a disc of `mine` on bit `index` flips (8×8 grid).
///
/// Toward higher bits, the first square of a ray that is not `theirs` is its
/// lowest such bit (`open & !(open - 1)`); toward lower bits, its highest
/// (`vplzcntq`, then a rotation of the top bit: a count of 64, for a ray of
/// nothing but `theirs`, leaves bit 63, which no ray toward lower bits holds). If
/// that square is `mine`, the ray's squares before it flip.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
pub fn flips(mine: u64, theirs: u64, index: u32) -> u64 {
    let p = _mm256_set1_epi64x(mine as i64);
    let o = _mm256_set1_epi64x(theirs as i64);
    avx2::or_lanes(flips_lanes(p, o, index))
}

/// [`flips`] before the lanes are or-ed together, from `mine` and `theirs` in
/// every lane.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
fn flips_lanes(p: __m256i, o: __m256i, index: u32) -> __m256i {
    let [up_ray, down_ray] = super::rays8(index);
    let (up_ray, down_ray) = (avx2::load(up_ray), avx2::load(down_ray));

    // Toward higher bits: `open - 1` without `open` is the squares below the first
    // open one, all `theirs` on the ray; they flip where that square is `mine`.
    let open = _mm256_andnot_si256(o, up_ray);
    let below = _mm256_add_epi64(open, _mm256_set1_epi64x(-1));
    // open & !below & mine: the first open square where it is mine, in one
    // `vpternlogq` (the compiler would otherwise build it as open & -open,
    // one operation more).
    let first_mine = _mm256_ternarylogic_epi64::<0x08>(below, open, p);
    let closed = _mm256_test_epi64_mask(first_mine, first_mine);
    // ray & below & !open
    let up = _mm256_maskz_ternarylogic_epi64::<0x40>(closed, up_ray, below, open);

    // Toward lower bits: the highest open square is bit 63 rotated right by the
    // leading zeros (bit 63 itself for a ray with no open square: never on a ray
    // toward lower bits, so the and with the ray drops it). Where it is `mine`
    // (the closer), the ray's squares above it flip: `-closer` without the closer
    // (none where there is no closer).
    let open = _mm256_andnot_si256(o, down_ray);
    let first = _mm256_rorv_epi64(_mm256_set1_epi64x(i64::MIN), _mm256_lzcnt_epi64(open));
    // first & mine & ray
    let closer = _mm256_ternarylogic_epi64::<0x80>(first, p, down_ray);
    let above = _mm256_sub_epi64(_mm256_setzero_si256(), closer);
    // ray & above & !closer
    let down = _mm256_ternarylogic_epi64::<0x40>(down_ray, above, closer);

    _mm256_or_si256(up, down)
}

/// [`flips`], and then the opponent's moves on the squares of `empty` (the empty
/// squares before the move) but `index`, the flips staying in vector registers
/// between the two.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
pub fn flips_and_replies(mine: u64, theirs: u64, empty: u64, index: u32) -> (u64, u64) {
    let p = _mm256_set1_epi64x(mine as i64);
    let o = _mm256_set1_epi64x(theirs as i64);
    // The flips and the placed disc in every lane: the disc joins the last or of
    // the lanes, in one `vpternlogq` that reads it from memory (a broadcast
    // operand).
    let changed = or_all_with(flips_lanes(p, o, index), super::bit8_lanes(index)[0]);
    avx2::replies_after(p, o, changed, theirs, empty)
}

/// [`avx2::flipping_moves`], compiled for AVX-512.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
pub fn flipping_moves(mine: u64, theirs: u64, empty: u64) -> u64 {
    avx2::flipping_moves(mine, theirs, empty)
}

/// `x` toward higher bits by `s` (less than 64) a lane, across the halves with
/// the funnel shift of AVX-512 VBMI2 (`vpshldvq`): one instruction a half.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2")]
fn up(x: Wide, s: __m256i) -> Wide {
    Wide {
        lo: _mm256_sllv_epi64(x.lo, s),
        hi: _mm256_shldv_epi64(x.hi, x.lo, s),
    }
}

/// `x` toward lower bits by `s` (less than 64) a lane (`vpshrdvq`).
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2")]
fn down(x: Wide, s: __m256i) -> Wide {
    Wide {
        lo: _mm256_shrdv_epi64(x.lo, x.hi, s),
        hi: _mm256_srlv_epi64(x.hi, s),
    }
}

/// The squares of `empty` where a disc of `mine` closes off a run of `theirs`, on
/// the 128-bit layout of 10×10 and the octagon: the AVX2 kernel's fills, four
/// directions at once (shifts 1, 11, 12 and 10 a lane), with funnel shifts.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd,avx512vbmi2")]
pub fn flipping_moves_wide(mine: u128, theirs: u128, empty: u128) -> u128 {
    moves_lanes_wide(Wide::splat(mine), Wide::splat(theirs)).or_lanes() & empty
}

/// [`flipping_moves_wide`] before the lanes are or-ed together and the empty
/// squares taken, from `mine` and `theirs` in every lane of `p` and `pro`.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd,avx512vbmi2")]
fn moves_lanes_wide(p: Wide, pro: Wide) -> Wide {
    let s = _mm256_setr_epi64x(1, 11, 12, 10);
    let s2 = _mm256_add_epi64(s, s);
    let mut ups = pro.and(up(p, s));
    let mut downs = pro.and(down(p, s));
    ups = ups.or(pro.and(up(ups, s)));
    downs = downs.or(pro.and(down(downs, s)));
    let pro_up = pro.and(up(pro, s));
    // The same pairs of `theirs`, each marked on its lower square.
    let pro_down = down(pro_up, s);
    // Runs of up to 8 discs: 2 squares, then 2 more three times.
    for _ in 0..3 {
        ups = ups.or(pro_up.and(up(ups, s2)));
        downs = downs.or(pro_down.and(down(downs, s2)));
    }
    up(ups, s).or(down(downs, s))
}

/// The flips on the 128-bit layout of 10×10 and the octagon, along the move's rays
/// as the 8×8 flips, each 128-bit ray held as two 64-bit halves.
///
/// Toward higher bits the first open square is the lowest bit of the low half, or
/// of the high half where the low half has none. Toward lower bits it is the
/// highest bit of the high half (`vplzcntq`, then a rotation), or of the low half
/// where the high half has none. Where that square is `mine`, the ray's squares
/// before it flip; mask registers drop the other lanes.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd,avx512vbmi2")]
pub fn flips_wide(mine: u128, theirs: u128, index: u32) -> u128 {
    flips_wide_lanes(Wide::splat(mine), Wide::splat(theirs), index).or_lanes()
}

/// [`flips_wide`] before the lanes are or-ed together, from `mine` and `theirs`
/// in every lane of `p` and `o`.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd,avx512vbmi2")]
fn flips_wide_lanes(p: Wide, o: Wide, index: u32) -> Wide {
    let [[up_lo, up_hi], [down_lo, down_hi]] = super::rays10(index);
    let zero = _mm256_setzero_si256();
    let one = _mm256_set1_epi64x(1);

    // Toward higher bits: the squares below the first open one, where it is mine.
    let (up_lo, up_hi) = (avx2::load(up_lo), avx2::load(up_hi));
    let (open_lo, open_hi) = (
        _mm256_andnot_si256(o.lo, up_lo),
        _mm256_andnot_si256(o.hi, up_hi),
    );
    // 128-bit `open - 1` (the high half borrows where the low half is zero)
    // without `open`: the squares below the first open one; that square is
    // `open` without `open - 1`.
    let low_none = _mm256_testn_epi64_mask(open_lo, open_lo);
    let below_lo = _mm256_sub_epi64(open_lo, one);
    let below_hi = _mm256_mask_sub_epi64(open_hi, low_none, open_hi, one);
    let closed = _mm256_test_epi64_mask(_mm256_andnot_si256(below_lo, open_lo), p.lo)
        | _mm256_test_epi64_mask(_mm256_andnot_si256(below_hi, open_hi), p.hi);
    // ray & below & !open, each half
    let up = Wide {
        lo: _mm256_maskz_ternarylogic_epi64::<0x40>(closed, up_lo, below_lo, open_lo),
        hi: _mm256_maskz_ternarylogic_epi64::<0x40>(closed, up_hi, below_hi, open_hi),
    };

    // Toward lower bits: the squares above the first open one, where it is mine.
    // The highest open square of a half is its bit 63 rotated right by the
    // half's leading zeros; a half with no open square gives its bit 63, which is
    // either off the board (the high half) or then `theirs` (the low half; the
    // mover's and the opponent's discs are disjoint), so the and with `mine`
    // drops it. The closer is in the low half only where the high half has no
    // open square.
    let (down_lo, down_hi) = (avx2::load(down_lo), avx2::load(down_hi));
    let (open_lo, open_hi) = (
        _mm256_andnot_si256(o.lo, down_lo),
        _mm256_andnot_si256(o.hi, down_hi),
    );
    let top = _mm256_set1_epi64x(i64::MIN);
    let high_none = _mm256_testn_epi64_mask(open_hi, open_hi);
    // first & mine & ray, each half
    let closer_hi = _mm256_ternarylogic_epi64::<0x80>(
        _mm256_rorv_epi64(top, _mm256_lzcnt_epi64(open_hi)),
        p.hi,
        down_hi,
    );
    let closer_lo = _mm256_maskz_ternarylogic_epi64::<0x80>(
        high_none,
        _mm256_rorv_epi64(top, _mm256_lzcnt_epi64(open_lo)),
        p.lo,
        down_lo,
    );
    // The ray above the closer: `-closer` without the closer, in 128 bits (the
    // whole high half where the closer is in the low half); nothing where there
    // is no closer.
    let closer_in_lo = _mm256_test_epi64_mask(closer_lo, closer_lo);
    let down = Wide {
        // ray & -closer & !closer
        lo: _mm256_ternarylogic_epi64::<0x40>(
            down_lo,
            _mm256_sub_epi64(zero, closer_lo),
            closer_lo,
        ),
        hi: _mm256_mask_mov_epi64(
            _mm256_ternarylogic_epi64::<0x40>(
                down_hi,
                _mm256_sub_epi64(zero, closer_hi),
                closer_hi,
            ),
            closer_in_lo,
            down_hi,
        ),
    };

    up.or(down)
}

/// [`flips_wide`], and then the opponent's moves on the squares of `empty` (the
/// empty squares before the move) but `index`, the flips staying in vector
/// registers between the two: [`flips_and_replies`] on the 128-bit layout.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd,avx512vbmi2")]
pub fn flips_and_replies_wide(mine: u128, theirs: u128, empty: u128, index: u32) -> (u128, u128) {
    let p = Wide::splat(mine);
    let o = Wide::splat(theirs);
    let flips = flips_wide_lanes(p, o, index);
    // The flips and the placed disc in every lane of each half: the disc joins the
    // last or of the lanes, in one `vpternlogq` that reads it from memory.
    let [placed_lo, placed_hi] = *super::bit10_halves(index);
    let changed = Wide {
        lo: or_all_with(flips.lo, placed_lo),
        hi: or_all_with(flips.hi, placed_hi),
    };
    // The changed squares leave the child's moves in the fill's last or.
    let child_moves = moves_lanes_wide(o.and_not(changed), p.or(changed));
    avx2::wide_result(changed, child_moves, theirs, empty)
}

/// The or of the four lanes of `v` and of `x`, in every lane.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl")]
fn or_all_with(v: __m256i, x: u64) -> __m256i {
    let halves = _mm256_or_si256(v, _mm256_permute4x64_epi64::<0b01_00_11_10>(v));
    _mm256_ternarylogic_epi64::<0xfe>(
        halves,
        _mm256_shuffle_epi32::<0b01_00_11_10>(halves),
        _mm256_set1_epi64x(x as i64),
    )
}
