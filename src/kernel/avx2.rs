//! The kernel on AVX2: four directions at once in the four 64-bit lanes of a 256-bit
//! register (shifts 1, 8, 9 and 7 on 8×8; 1, 11, 12 and 10 on the 128-bit layout,
//! held as two 64-bit halves). Legal moves are the portable kernel's shift-and-mask
//! fills done lane-parallel; flips look along the move's rays, from the tables of
//! the parent module.
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

/// The or of the four lanes of each of `lo` and `hi`, the low and high halves
/// of 128-bit boards: the two reductions share their steps (pairs of lanes
/// interleaved, then the two 128-bit halves or-ed), seven instructions where two
/// [`or_lanes`] take ten.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn or_lanes_wide(lo: __m256i, hi: __m256i) -> u128 {
    // [lo0 | lo1, hi0 | hi1, lo2 | lo3, hi2 | hi3]
    let pairs = _mm256_or_si256(_mm256_unpacklo_epi64(lo, hi), _mm256_unpackhi_epi64(lo, hi));
    // [lo, hi]
    let both = _mm_or_si128(
        _mm256_castsi256_si128(pairs),
        _mm256_extracti128_si256::<1>(pairs),
    );
    u128::from(_mm_cvtsi128_si64(both) as u64)
        | u128::from(_mm_extract_epi64::<1>(both) as u64) << 64
}

#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn or_lanes(v: __m256i) -> u64 {
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
    let p = _mm256_set1_epi64x(mine as i64);
    let o = _mm256_set1_epi64x(theirs as i64);
    or_lanes(moves_lanes(p, o)) & empty
}

/// [`flipping_moves`] before the lanes are or-ed together and the empty squares
/// taken: each lane's moves (occupied squares too), from `mine` and `theirs` in
/// every lane.
#[inline]
#[target_feature(enable = "avx2")]
fn moves_lanes(p: __m256i, o: __m256i) -> __m256i {
    let s = lanes(SHIFTS);
    let s2 = _mm256_add_epi64(s, s);
    let pro = _mm256_and_si256(o, lanes(INNER));

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
    _mm256_or_si256(_mm256_sllv_epi64(up, s), _mm256_srlv_epi64(down, s))
}

/// The discs of `theirs` that a disc of `mine` on bit `index` flips.
///
/// Each lane looks along one ray from the move. Toward higher bits, the first
/// square that is not `theirs` is the lowest set bit of the ray without `theirs`,
/// which `x ^ (x - 1)` isolates with everything before it. Toward lower bits it is
/// the highest such bit: the discs of `mine` on the ray are smeared toward lower
/// bits, so the ray above the highest one remains, and that one closes the run
/// exactly when it is higher than every empty square of the ray (a signed compare:
/// no ray reaches bit 63 from above).
#[inline]
#[target_feature(enable = "avx2")]
pub fn flips(mine: u64, theirs: u64, index: u32) -> u64 {
    let p = _mm256_set1_epi64x(mine as i64);
    let o = _mm256_set1_epi64x(theirs as i64);
    or_lanes(flips_lanes(p, o, index))
}

/// [`flips`] before the lanes are or-ed together: each lane's flips, from `mine`
/// and `theirs` in every lane.
#[inline]
#[target_feature(enable = "avx2")]
fn flips_lanes(p: __m256i, o: __m256i, index: u32) -> __m256i {
    let s = lanes(SHIFTS);
    let [up_ray, down_ray] = super::rays8(index);
    let (up_ray, down_ray) = (load(up_ray), load(down_ray));

    // Toward higher bits: the run up to and with the first square not `theirs`,
    // kept only if that square is `mine` (then the run without it is flipped).
    let open = _mm256_andnot_si256(o, up_ray);
    let run = _mm256_and_si256(
        _mm256_xor_si256(open, _mm256_add_epi64(open, _mm256_set1_epi64x(-1))),
        up_ray,
    );
    let inner = _mm256_andnot_si256(p, run);
    let up = _mm256_andnot_si256(_mm256_cmpeq_epi64(inner, run), inner);

    // Toward lower bits.
    let mine_on_ray = _mm256_and_si256(p, down_ray);
    let mut below = _mm256_or_si256(mine_on_ray, _mm256_srlv_epi64(mine_on_ray, s));
    below = _mm256_or_si256(below, _mm256_srlv_epi64(below, _mm256_add_epi64(s, s)));
    below = _mm256_or_si256(below, _mm256_srlv_epi64(below, _mm256_slli_epi64::<2>(s)));
    let empty_on_ray = _mm256_xor_si256(_mm256_andnot_si256(o, down_ray), mine_on_ray);
    let closed = _mm256_cmpgt_epi64(mine_on_ray, empty_on_ray);
    let down = _mm256_and_si256(_mm256_andnot_si256(below, down_ray), closed);

    _mm256_or_si256(up, down)
}

/// [`flips`], and then the opponent's moves on the squares of `empty` (the empty
/// squares before the move) but `index`, the flips staying in vector registers
/// between the two.
#[inline]
#[target_feature(enable = "avx2")]
pub fn flips_and_replies(mine: u64, theirs: u64, empty: u64, index: u32) -> (u64, u64) {
    let p = _mm256_set1_epi64x(mine as i64);
    let o = _mm256_set1_epi64x(theirs as i64);
    // The placed disc joins the flips in the first lane, from a table, before the
    // lanes are or-ed together: one `vpor` with a memory operand, where a
    // broadcast of the bit would take a shift, a move into a vector register and
    // a broadcast.
    let placed = load(super::bit8_lanes(index));
    let changed = or_all(_mm256_or_si256(flips_lanes(p, o, index), placed));
    replies_after(p, o, changed, theirs, empty)
}

/// The rest of a kernel's `flips_and_replies` once `changed`, the flips and the
/// placed disc, is in every lane (each kernel builds it its own way): the flips
/// (every changed square that was `theirs`: all but the placed disc), and the
/// replies on the squares of `empty` but the changed ones (the move's own square
/// among them), from `mine` and `theirs` in every lane of `p` and `o`.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn replies_after(
    p: __m256i,
    o: __m256i,
    changed: __m256i,
    theirs: u64,
    empty: u64,
) -> (u64, u64) {
    let child_mine = _mm256_andnot_si256(changed, o);
    let child_theirs = _mm256_or_si256(p, changed);
    let moves = _mm256_andnot_si256(changed, moves_lanes(child_mine, child_theirs));
    (first_lane(changed) & theirs, or_lanes(moves) & empty)
}

/// The or of the four lanes of `v`, in every lane: the lanes never leave the
/// vector registers.
#[inline]
#[target_feature(enable = "avx2")]
fn or_all(v: __m256i) -> __m256i {
    let halves = _mm256_or_si256(v, _mm256_permute4x64_epi64::<0b01_00_11_10>(v));
    _mm256_or_si256(halves, _mm256_shuffle_epi32::<0b01_00_11_10>(halves))
}

/// The first lane of `v`.
#[inline]
#[target_feature(enable = "avx2")]
fn first_lane(v: __m256i) -> u64 {
    _mm_cvtsi128_si64(_mm256_castsi256_si128(v)) as u64
}

#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn load(a: &[u64; 4]) -> __m256i {
    // SAFETY: `a` is 32 readable bytes, and the load does not need alignment.
    unsafe { _mm256_loadu_si256(a.as_ptr().cast()) }
}

/// The shifts of the four lane directions on the 11-bit-a-row layout of 10×10 and
/// the octagon (no masks: the eleventh column is always empty).
const WIDE_SHIFTS: [i64; 4] = [1, 11, 12, 10];

/// A 128-bit board in each of four lanes, as its low and high halves (the
/// AVX-512 kernel's too, with shifts of its own).
#[derive(Copy, Clone)]
pub(super) struct Wide {
    pub(super) lo: __m256i,
    pub(super) hi: __m256i,
}

/// A shift a lane (a multiple of the lane's direction) and its complement to 64.
#[derive(Copy, Clone)]
struct Step {
    s: __m256i,
    rest: __m256i,
}

impl Step {
    #[inline]
    #[target_feature(enable = "avx2")]
    fn times(multiple: i64) -> Step {
        let s = lanes(WIDE_SHIFTS.map(|d| d * multiple));
        Step {
            s,
            rest: _mm256_sub_epi64(_mm256_set1_epi64x(64), s),
        }
    }
}

impl Wide {
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) fn splat(x: u128) -> Wide {
        Wide {
            lo: _mm256_set1_epi64x(x as u64 as i64),
            hi: _mm256_set1_epi64x((x >> 64) as u64 as i64),
        }
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) fn and(self, o: Wide) -> Wide {
        Wide {
            lo: _mm256_and_si256(self.lo, o.lo),
            hi: _mm256_and_si256(self.hi, o.hi),
        }
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) fn or(self, o: Wide) -> Wide {
        Wide {
            lo: _mm256_or_si256(self.lo, o.lo),
            hi: _mm256_or_si256(self.hi, o.hi),
        }
    }

    /// Toward higher bits, by less than 64 a lane.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn up(self, step: Step) -> Wide {
        Wide {
            lo: _mm256_sllv_epi64(self.lo, step.s),
            hi: _mm256_or_si256(
                _mm256_sllv_epi64(self.hi, step.s),
                _mm256_srlv_epi64(self.lo, step.rest),
            ),
        }
    }

    /// Toward lower bits, by less than 64 a lane.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn down(self, step: Step) -> Wide {
        Wide {
            lo: _mm256_or_si256(
                _mm256_srlv_epi64(self.lo, step.s),
                _mm256_sllv_epi64(self.hi, step.rest),
            ),
            hi: _mm256_srlv_epi64(self.hi, step.s),
        }
    }

    /// `self` without the bits of `o`.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) fn and_not(self, o: Wide) -> Wide {
        Wide {
            lo: _mm256_andnot_si256(o.lo, self.lo),
            hi: _mm256_andnot_si256(o.hi, self.hi),
        }
    }

    /// All ones in the lanes where `self` is zero (both halves), zero elsewhere.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn is_zero(self) -> __m256i {
        _mm256_cmpeq_epi64(_mm256_or_si256(self.lo, self.hi), _mm256_setzero_si256())
    }

    /// `self` with the lanes where `mask` is all ones cleared.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn and_not_mask(self, mask: __m256i) -> Wide {
        Wide {
            lo: _mm256_andnot_si256(mask, self.lo),
            hi: _mm256_andnot_si256(mask, self.hi),
        }
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) fn or_lanes(self) -> u128 {
        or_lanes_wide(self.lo, self.hi)
    }
}

/// [`flipping_moves`] on the 128-bit layout of 10×10 and the octagon.
#[inline]
#[target_feature(enable = "avx2")]
pub fn flipping_moves_wide(mine: u128, theirs: u128, empty: u128) -> u128 {
    moves_lanes_wide(Wide::splat(mine), Wide::splat(theirs)).or_lanes() & empty
}

/// [`flipping_moves_wide`] before the lanes are or-ed together and the empty
/// squares taken, from `mine` and `theirs` in every lane of `p` and `pro`.
#[inline]
#[target_feature(enable = "avx2")]
fn moves_lanes_wide(p: Wide, pro: Wide) -> Wide {
    let (s, s2) = (Step::times(1), Step::times(2));
    let mut up = pro.and(p.up(s));
    let mut down = pro.and(p.down(s));
    up = up.or(pro.and(up.up(s)));
    down = down.or(pro.and(down.down(s)));
    let pro_up = pro.and(pro.up(s));
    // The same pairs of `theirs`, each marked on its lower square.
    let pro_down = pro_up.down(s);
    // Runs of up to 8 discs: 2 squares, then 2 more three times.
    for _ in 0..3 {
        up = up.or(pro_up.and(up.up(s2)));
        down = down.or(pro_down.and(down.down(s2)));
    }
    up.up(s).or(down.down(s))
}

/// The flips on the 128-bit layout of 10×10 and the octagon, along the move's rays
/// as the 8×8 flips, each 128-bit ray held as two 64-bit halves. Toward higher
/// bits the first open square is the lowest bit of the low half, or of the high
/// half where the low half has none. Toward lower bits the mover's discs on the
/// ray are smeared down it (runs are at most 8 long), and the squares above them
/// flip if they are all `theirs` and a disc of `mine` closes them.
#[inline]
#[target_feature(enable = "avx2")]
pub fn flips_wide(mine: u128, theirs: u128, index: u32) -> u128 {
    flips_wide_lanes(Wide::splat(mine), Wide::splat(theirs), index).or_lanes()
}

/// [`flips_wide`] before the lanes are or-ed together, from `mine` and `theirs`
/// in every lane of `p` and `o`.
#[inline]
#[target_feature(enable = "avx2")]
fn flips_wide_lanes(p: Wide, o: Wide, index: u32) -> Wide {
    let [[up_lo, up_hi], [down_lo, down_hi]] = super::rays10(index);
    let up_ray = Wide {
        lo: load(up_lo),
        hi: load(up_hi),
    };
    let down_ray = Wide {
        lo: load(down_lo),
        hi: load(down_hi),
    };
    let zero = _mm256_setzero_si256();
    let ones = _mm256_set1_epi64x(-1);

    // Toward higher bits.
    let open = up_ray.and_not(o);
    let low_none = _mm256_cmpeq_epi64(open.lo, zero);
    let first = Wide {
        lo: _mm256_and_si256(open.lo, _mm256_sub_epi64(zero, open.lo)),
        hi: _mm256_and_si256(
            low_none,
            _mm256_and_si256(open.hi, _mm256_sub_epi64(zero, open.hi)),
        ),
    };
    let unclosed = first.and(p).is_zero();
    // The squares below `first`: 128-bit `first - 1`, whose high half borrows
    // only where the low half is zero.
    let below = Wide {
        lo: _mm256_add_epi64(first.lo, ones),
        hi: _mm256_and_si256(low_none, _mm256_add_epi64(first.hi, ones)),
    };
    let up = below.and(up_ray).and_not_mask(unclosed);

    // Toward lower bits.
    let (s, s2, s4) = (Step::times(1), Step::times(2), Step::times(4));
    let mine_on_ray = p.and(down_ray);
    let mut under = mine_on_ray.or(mine_on_ray.down(s));
    under = under.or(under.down(s2));
    under = under.or(under.down(s4));
    under = under.or(under.down(s));
    let run = down_ray.and_not(under);
    let unclosed = _mm256_or_si256(
        mine_on_ray.is_zero(),
        _mm256_cmpeq_epi64(run.and_not(o).is_zero(), zero),
    );
    let down = run.and_not_mask(unclosed);

    up.or(down)
}

/// [`flips_wide`], and then the opponent's moves on the squares of `empty` (the
/// empty squares before the move) but `index`, the flips staying in vector
/// registers between the two: [`flips_and_replies`] on the 128-bit layout.
///
/// Two functions, the flips and then the replies, where one would do: as one, it
/// is too large for the compiler to inline into a search compiled for AVX2, and a
/// call passes the vectors through memory.
///
/// # Safety
///
/// The processor must have AVX2.
#[inline(always)]
pub unsafe fn flips_and_replies_wide(
    mine: u128,
    theirs: u128,
    empty: u128,
    index: u32,
) -> (u128, u128) {
    // SAFETY: the caller guarantees AVX2.
    unsafe {
        let changed = changed_wide(mine, theirs, index);
        replies_wide(mine, theirs, changed, empty)
    }
}

/// The flips of the move on bit `index` and its placed disc, in every lane of
/// each half.
#[inline]
#[target_feature(enable = "avx2")]
fn changed_wide(mine: u128, theirs: u128, index: u32) -> Wide {
    let flips = flips_wide_lanes(Wide::splat(mine), Wide::splat(theirs), index);
    // The placed disc is broadcast from memory: a load, no vector operation.
    let [placed_lo, placed_hi] = *super::bit10_halves(index);
    Wide {
        lo: _mm256_or_si256(or_all(flips.lo), _mm256_set1_epi64x(placed_lo as i64)),
        hi: _mm256_or_si256(or_all(flips.hi), _mm256_set1_epi64x(placed_hi as i64)),
    }
}

/// [`flips_and_replies_wide`]'s result once `changed` is known.
#[inline]
#[target_feature(enable = "avx2")]
fn replies_wide(mine: u128, theirs: u128, changed: Wide, empty: u128) -> (u128, u128) {
    let (p, o) = (Wide::splat(mine), Wide::splat(theirs));
    let child_moves = moves_lanes_wide(o.and_not(changed), p.or(changed));
    wide_result(changed, child_moves, theirs, empty)
}

/// A kernel's `flips_and_replies_wide` from `changed` (the flips and the placed
/// disc, in every lane) and `child_moves` (the child's fill before its lanes are
/// or-ed together): the flips are the changed squares that were `theirs` (all
/// but the placed disc), the replies the child's moves on `empty` but the
/// changed squares. The move's own square is one of those, so taking them out in
/// the vectors leaves no bit of the move to make in general registers.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn wide_result(
    changed: Wide,
    child_moves: Wide,
    theirs: u128,
    empty: u128,
) -> (u128, u128) {
    let changed_bits =
        u128::from(first_lane(changed.lo)) | u128::from(first_lane(changed.hi)) << 64;
    (
        changed_bits & theirs,
        child_moves.and_not(changed).or_lanes() & empty,
    )
}
