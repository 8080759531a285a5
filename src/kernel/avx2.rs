//! The 8×8 kernel on AVX2: four directions at once in the four 64-bit lanes of a
//! 256-bit register (shifts 1, 8, 9 and 7, toward higher and lower bits), the
//! Kogge-Stone fills of the portable kernel done lane-parallel.
//!
//! Every function here requires AVX2; the callers guarantee it through the
//! [`Avx2`](super::Avx2) witness, which exists only where the processor has it.

#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

/// The shifts of the four lane directions: east-west, north-south and the two
/// diagonals.
const SHIFTS: [i64; 4] = [1, 8, 9, 7];
/// The discs that may be part of a flipped run in each lane's direction: not on
/// the left or right edge for the directions that move along rows.
const INNER: [i64; 4] = [
    0x7e7e_7e7e_7e7e_7e7e,
    -1,
    0x7e7e_7e7e_7e7e_7e7e,
    0x7e7e_7e7e_7e7e_7e7e,
];

#[inline]
#[target_feature(enable = "avx2")]
fn or_lanes(v: __m256i) -> u64 {
    let half = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    let both = _mm_or_si128(half, _mm_unpackhi_epi64(half, half));
    _mm_cvtsi128_si64(both) as u64
}

#[inline]
#[target_feature(enable = "avx2")]
fn lanes(a: [i64; 4]) -> __m256i {
    _mm256_setr_epi64x(a[0], a[1], a[2], a[3])
}

/// The squares of `empty` where a disc of `mine` closes off a run of `theirs`.
#[inline]
#[target_feature(enable = "avx2")]
pub fn flipping_moves(mine: u64, theirs: u64, empty: u64) -> u64 {
    let s = lanes(SHIFTS);
    let s2 = _mm256_add_epi64(s, s);
    let p = _mm256_set1_epi64x(mine as i64);
    let pro = _mm256_and_si256(_mm256_set1_epi64x(theirs as i64), lanes(INNER));

    let mut up = _mm256_and_si256(pro, _mm256_sllv_epi64(p, s));
    let mut down = _mm256_and_si256(pro, _mm256_srlv_epi64(p, s));
    up = _mm256_or_si256(up, _mm256_and_si256(pro, _mm256_sllv_epi64(up, s)));
    down = _mm256_or_si256(down, _mm256_and_si256(pro, _mm256_srlv_epi64(down, s)));
    let pro_up = _mm256_and_si256(pro, _mm256_sllv_epi64(pro, s));
    let pro_down = _mm256_srlv_epi64(pro_up, s);
    up = _mm256_or_si256(up, _mm256_and_si256(pro_up, _mm256_sllv_epi64(up, s2)));
    down = _mm256_or_si256(
        down,
        _mm256_and_si256(pro_down, _mm256_srlv_epi64(down, s2)),
    );
    up = _mm256_or_si256(up, _mm256_and_si256(pro_up, _mm256_sllv_epi64(up, s2)));
    down = _mm256_or_si256(
        down,
        _mm256_and_si256(pro_down, _mm256_srlv_epi64(down, s2)),
    );
    let moves = _mm256_or_si256(_mm256_sllv_epi64(up, s), _mm256_srlv_epi64(down, s));
    or_lanes(moves) & empty
}

/// The discs of `theirs` that a disc of `mine` on bit `index` flips.
#[inline]
#[target_feature(enable = "avx2")]
pub fn flips(mine: u64, theirs: u64, index: u32) -> u64 {
    let s = lanes(SHIFTS);
    let s2 = _mm256_add_epi64(s, s);
    let s4 = _mm256_add_epi64(s2, s2);
    let x = _mm256_set1_epi64x((1u64 << index) as i64);
    let p = _mm256_set1_epi64x(mine as i64);
    let pro = _mm256_and_si256(_mm256_set1_epi64x(theirs as i64), lanes(INNER));

    // Occluded fills from the move (included) through `pro`: 1, 3, then 7 squares.
    let mut up = _mm256_or_si256(x, _mm256_and_si256(pro, _mm256_sllv_epi64(x, s)));
    let mut down = _mm256_or_si256(x, _mm256_and_si256(pro, _mm256_srlv_epi64(x, s)));
    let pro_up = _mm256_and_si256(pro, _mm256_sllv_epi64(pro, s));
    let pro_down = _mm256_and_si256(pro, _mm256_srlv_epi64(pro, s));
    up = _mm256_or_si256(up, _mm256_and_si256(pro_up, _mm256_sllv_epi64(up, s2)));
    down = _mm256_or_si256(
        down,
        _mm256_and_si256(pro_down, _mm256_srlv_epi64(down, s2)),
    );
    let pro_up4 = _mm256_and_si256(pro_up, _mm256_sllv_epi64(pro_up, s2));
    let pro_down4 = _mm256_and_si256(pro_down, _mm256_srlv_epi64(pro_down, s2));
    up = _mm256_or_si256(up, _mm256_and_si256(pro_up4, _mm256_sllv_epi64(up, s4)));
    down = _mm256_or_si256(
        down,
        _mm256_and_si256(pro_down4, _mm256_srlv_epi64(down, s4)),
    );

    // Keep a run only where a disc of `mine` closes it; the move itself is not
    // flipped.
    let zero = _mm256_setzero_si256();
    let closed_up = _mm256_and_si256(_mm256_sllv_epi64(up, s), p);
    let closed_down = _mm256_and_si256(_mm256_srlv_epi64(down, s), p);
    let up = _mm256_andnot_si256(_mm256_cmpeq_epi64(closed_up, zero), up);
    let down = _mm256_andnot_si256(_mm256_cmpeq_epi64(closed_down, zero), down);
    or_lanes(_mm256_or_si256(up, down)) & !(1u64 << index)
}
