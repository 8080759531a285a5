//! The hot path: legal moves and flips, a whole board or line at a time. This module
//! is for kernel authors; a search uses positions, which carry their kernel.
//!
//! Everything here is inlined into its callers and compiled once for each layout;
//! nothing allocates or branches on the variant.
//!
//! A kernel is a way to run these operations, and owns its code for each layout it
//! implements ([`Kernel<L>`]):
//!
//! - [`Portable`], everywhere: shift-and-mask fills over the eight directions one
//!   after the other for legal moves (two single steps, then steps that double
//!   their reach, so a run of six discs takes five shifts rather than six) (and for flips on 10×10 and the octagon); 8×8 and
//!   6×6 flips look along the move's eight rays, from a table, for the first square
//!   that is not the opponent's.
//! - [`Avx2`], where the processor has AVX2: four directions at once in one 256-bit
//!   register (on `u64` for 8×8 and 6×6, on `u128` boards held as 64-bit halves for
//!   10×10 and the octagon); flips along the move's rays, four at a time.
//! - [`Avx512`], where the processor has AVX-512 of Ice Lake or Zen 4 and later:
//!   the AVX2 kernel with `vplzcntq` and `vprorvq` (on the 64-bit halves of the
//!   larger boards' rays too), mask registers, `vpternlogq` (in the flips and
//!   the fills) and funnel shifts (`vpshldvq`).
//!
//! Positions carry their kernel as a type parameter, so a search is compiled for
//! one kernel and chooses it once, not per move ([`fastest_name`] says which one
//! `visit_fastest` chooses here).

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd128;

use core::fmt::Debug;
use core::hash::Hash;

use crate::layout::{Bits, Grid10, Grid8, Layout};

/// How moves and flips are computed on layout `L`. Every kernel computes the same
/// results; they differ in speed.
///
/// The same results, that is, for the arguments a position passes: `mine`,
/// `theirs` and `empty` pairwise disjoint squares of the layout's board, and
/// `index` one of the `empty` squares. For other arguments (overlapping sets, a
/// move on an occupied square) the results are unspecified and the kernels may
/// differ; no kernel reads or writes outside its tables, whatever the arguments.
pub trait Kernel<L: Layout>: Copy + Eq + Hash + Debug + Send + Sync + 'static {
    /// The squares of `empty` where a disc of `mine` would close off a line of one
    /// or more `theirs` discs.
    fn flipping_moves(self, mine: L::Bits, theirs: L::Bits, empty: L::Bits) -> L::Bits;

    /// The discs of `theirs` that a disc of `mine` placed on bit `index` flips.
    fn flips(self, mine: L::Bits, theirs: L::Bits, index: u32) -> L::Bits;

    /// [`flips`](Kernel::flips) of the move on bit `index`, and then the
    /// opponent's moves in the position it leaves (the replies): the squares of
    /// `empty` but `index` where a disc of `theirs` would close off a line of
    /// `mine` once the flips are made. `empty` is the empty squares before the
    /// move (holes left out); the move's own square is taken out here. What a
    /// search does at every node, in one call: the SIMD kernels keep the flips in
    /// vector registers between the two instead of leaving and re-entering them
    /// (on both layouts); the portable kernel makes the two calls in turn.
    #[inline(always)]
    fn flips_and_replies(
        self,
        mine: L::Bits,
        theirs: L::Bits,
        empty: L::Bits,
        index: u32,
    ) -> (L::Bits, L::Bits) {
        let placed = L::Bits::bit(index);
        let flipped = self.flips(mine, theirs, index);
        let replies =
            self.flipping_moves(theirs ^ flipped, mine | flipped | placed, empty & !placed);
        (flipped, replies)
    }
}

/// The kernel that runs on every processor: shift-and-mask fills on 64- or 128-bit
/// integers (steps doubling after the first two), eight directions one after the
/// other.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Portable;

impl<L: Layout> Kernel<L> for Portable {
    #[inline(always)]
    fn flipping_moves(self, mine: L::Bits, theirs: L::Bits, empty: L::Bits) -> L::Bits {
        flipping_moves::<L>(mine, theirs, empty)
    }

    #[inline(always)]
    fn flips(self, mine: L::Bits, theirs: L::Bits, index: u32) -> L::Bits {
        flips::<L>(mine, theirs, index)
    }
}

/// The AVX2 kernel: four directions at once in the four 64-bit lanes of a 256-bit
/// register, on every layout.
///
/// A value exists only on a processor that has AVX2 ([`Avx2::detect`]), which is
/// what makes its use sound. Its functions are compiled for AVX2: they are inlined
/// into code compiled for AVX2 too (a search built with the `multiversion` crate,
/// as [`perft`](crate::perft) is), and called otherwise.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Avx2 {
    _detected: (),
}

impl Avx2 {
    /// The AVX2 kernel, if this processor has AVX2 (detected at run time with
    /// `std`; without it, only when the crate is compiled for AVX2).
    pub fn detect() -> Option<Avx2> {
        #[cfg(all(target_arch = "x86_64", feature = "std"))]
        {
            if std::is_x86_feature_detected!("avx2") {
                return Some(Avx2 { _detected: () });
            }
        }
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        {
            return Some(Avx2 { _detected: () });
        }
        #[allow(unreachable_code)]
        None
    }
}

/// The `Kernel` impls of a SIMD kernel whose functions live in `$module`, with the
/// portable code on other architectures.
macro_rules! simd_kernel {
    ($kernel:ty, $module:ident) => {
        impl Kernel<Grid8> for $kernel {
            #[inline(always)]
            fn flipping_moves(self, mine: u64, theirs: u64, empty: u64) -> u64 {
                #[cfg(target_arch = "x86_64")]
                // SAFETY: a value of this kernel exists only where the processor
                // has the target features its functions enable.
                return unsafe { $module::flipping_moves(mine, theirs, empty) };
                #[cfg(not(target_arch = "x86_64"))]
                flipping_moves::<Grid8>(mine, theirs, empty)
            }

            #[inline(always)]
            fn flips(self, mine: u64, theirs: u64, index: u32) -> u64 {
                #[cfg(target_arch = "x86_64")]
                // SAFETY: as above.
                return unsafe { $module::flips(mine, theirs, index) };
                #[cfg(not(target_arch = "x86_64"))]
                flips::<Grid8>(mine, theirs, index)
            }

            #[inline(always)]
            fn flips_and_replies(
                self,
                mine: u64,
                theirs: u64,
                empty: u64,
                index: u32,
            ) -> (u64, u64) {
                #[cfg(target_arch = "x86_64")]
                // SAFETY: as above.
                return unsafe { $module::flips_and_replies(mine, theirs, empty, index) };
                #[cfg(not(target_arch = "x86_64"))]
                <Portable as Kernel<Grid8>>::flips_and_replies(Portable, mine, theirs, empty, index)
            }
        }

        impl Kernel<Grid10> for $kernel {
            #[inline(always)]
            fn flipping_moves(self, mine: u128, theirs: u128, empty: u128) -> u128 {
                #[cfg(target_arch = "x86_64")]
                // SAFETY: as above.
                return unsafe { $module::flipping_moves_wide(mine, theirs, empty) };
                #[cfg(not(target_arch = "x86_64"))]
                flipping_moves::<Grid10>(mine, theirs, empty)
            }

            #[inline(always)]
            fn flips(self, mine: u128, theirs: u128, index: u32) -> u128 {
                #[cfg(target_arch = "x86_64")]
                // SAFETY: as above.
                return unsafe { $module::flips_wide(mine, theirs, index) };
                #[cfg(not(target_arch = "x86_64"))]
                flips::<Grid10>(mine, theirs, index)
            }

            #[inline(always)]
            fn flips_and_replies(
                self,
                mine: u128,
                theirs: u128,
                empty: u128,
                index: u32,
            ) -> (u128, u128) {
                #[cfg(target_arch = "x86_64")]
                // SAFETY: as above.
                return unsafe { $module::flips_and_replies_wide(mine, theirs, empty, index) };
                #[cfg(not(target_arch = "x86_64"))]
                <Portable as Kernel<Grid10>>::flips_and_replies(
                    Portable, mine, theirs, empty, index,
                )
            }
        }
    };
}

simd_kernel!(Avx2, avx2);

/// The squares beyond each square of the 8×8 grid in each direction, to the grid's
/// edge: for square `i`, `[0]` holds the four directions toward higher bits (east,
/// north, north-east, north-west) and `[1]` the four toward lower bits (west,
/// south, south-west, south-east). 4 KiB, aligned for 256-bit loads.
#[repr(C, align(64))]
struct Rays8([[[u64; 4]; 2]; 64]);

static RAYS8: Rays8 = Rays8(compute_rays8());

/// The rays of bit `index` (taken modulo 64) of the 8×8 grid.
#[inline(always)]
fn rays8(index: u32) -> &'static [[u64; 4]; 2] {
    &RAYS8.0[index as usize & 63]
}

/// Bit `index` (taken modulo 64) in the first of four lanes, the others zero:
/// for SIMD code to or into a vector, or broadcast from its first lane, straight
/// from memory. Each entry takes 64 bytes, as
/// an entry of [`RAYS8`] does, so that one scaled index addresses both tables
/// (4 KiB, aligned for 256-bit loads).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn bit8_lanes(index: u32) -> &'static [u64; 4] {
    #[repr(C, align(64))]
    struct Lanes([[[u64; 4]; 2]; 64]);
    static LANES: Lanes = Lanes({
        let mut lanes = [[[0; 4]; 2]; 64];
        let mut i = 0;
        while i < 64 {
            lanes[i][0][0] = 1 << i;
            i += 1;
        }
        lanes
    });
    &LANES.0[index as usize & 63][0]
}

/// Bit `index` (taken modulo 128) of the 128-bit layout as its low and high
/// 64-bit halves: for SIMD code to broadcast each half straight from memory
/// (2 KiB).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn bit10_halves(index: u32) -> &'static [u64; 2] {
    #[repr(C, align(16))]
    struct Halves([[u64; 2]; 128]);
    static HALVES: Halves = Halves({
        let mut halves = [[0; 2]; 128];
        let mut i = 0;
        while i < 128 {
            halves[i][i / 64] = 1 << (i % 64);
            i += 1;
        }
        halves
    });
    &HALVES.0[index as usize & 127]
}

/// The squares beyond square `square` of a `size`×`size` grid laid out `stride`
/// bits a row, stepping `dc` columns and `dr` rows at a time to the grid's edge.
const fn ray(stride: i32, size: i32, square: usize, dc: i32, dr: i32) -> u128 {
    let (mut c, mut r) = (square as i32 % stride + dc, square as i32 / stride + dr);
    let mut ray = 0u128;
    while c >= 0 && c < size && r >= 0 && r < size {
        ray |= 1 << (r * stride + c);
        c += dc;
        r += dr;
    }
    ray
}

/// Column and row steps of the four lane directions toward higher bits (east,
/// north, north-east, north-west); toward lower bits is their negation.
const RAY_STEPS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];

/// Computes [`RAYS8`].
const fn compute_rays8() -> [[[u64; 4]; 2]; 64] {
    let mut table = [[[0u64; 4]; 2]; 64];
    let mut square = 0;
    while square < 64 {
        let mut lane = 0;
        while lane < 4 {
            let (dc, dr) = RAY_STEPS[lane];
            table[square][0][lane] = ray(8, 8, square, dc, dr) as u64;
            table[square][1][lane] = ray(8, 8, square, -dc, -dr) as u64;
            lane += 1;
        }
        square += 1;
    }
    table
}

/// The squares beyond each square of the 10×10 grid (eleven bits a row) in each
/// direction, to the grid's edge, as 64-bit halves: for square `i`, `[side][half]`
/// with side 0 toward higher bits (east, north, north-east, north-west), side 1
/// toward lower bits (west, south, south-west, south-east), half 0 the low 64 bits.
/// Padded to 128 squares (the padding has no rays), so that any bit index reads it
/// with one mask; 16 KiB, aligned for 256-bit loads.
#[repr(C, align(64))]
struct Rays10([[[[u64; 4]; 2]; 2]; 128]);

static RAYS10: Rays10 = Rays10(compute_rays10());

/// The rays of bit `index` (taken modulo 128) of the 10×10 grid.
#[inline(always)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn rays10(index: u32) -> &'static [[[u64; 4]; 2]; 2] {
    &RAYS10.0[index as usize & 127]
}

/// Computes [`RAYS10`].
const fn compute_rays10() -> [[[[u64; 4]; 2]; 2]; 128] {
    let mut table = [[[[0u64; 4]; 2]; 2]; 128];
    let mut square = 0;
    while square < 110 {
        let mut lane = 0;
        while lane < 4 {
            let (dc, dr) = RAY_STEPS[lane];
            let (up, down) = (ray(11, 10, square, dc, dr), ray(11, 10, square, -dc, -dr));
            table[square][0][0][lane] = up as u64;
            table[square][0][1][lane] = (up >> 64) as u64;
            table[square][1][0][lane] = down as u64;
            table[square][1][1][lane] = (down >> 64) as u64;
            lane += 1;
        }
        square += 1;
    }
    table
}

/// The discs of `theirs` that a disc of `mine` on bit `index` of the 8×8 grid
/// flips, one ray at a time. Toward higher bits, the first square of a ray that is
/// not `theirs` is its lowest such bit; toward lower bits, its highest. If that
/// square is `mine`, the ray's squares before it are flipped.
#[inline(always)]
fn ray_flips8(mine: u64, theirs: u64, index: u32) -> u64 {
    let [up, down] = rays8(index);
    let mut flipped = 0;
    // At opt-level "z" (the WebAssembly package) the compiler keeps the loops over
    // four rays as loops: written out there (+10 % on perft in Node.js), looped
    // elsewhere, where the compiler unrolls them itself.
    #[cfg(target_arch = "wasm32")]
    {
        flipped |= up_flips(mine, theirs, up[0]);
        flipped |= up_flips(mine, theirs, up[1]);
        flipped |= up_flips(mine, theirs, up[2]);
        flipped |= up_flips(mine, theirs, up[3]);
        flipped |= down_flips(mine, theirs, down[0]);
        flipped |= down_flips(mine, theirs, down[1]);
        flipped |= down_flips(mine, theirs, down[2]);
        flipped |= down_flips(mine, theirs, down[3]);
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        for &ray in up {
            flipped |= up_flips(mine, theirs, ray);
        }
        for &ray in down {
            flipped |= down_flips(mine, theirs, ray);
        }
    }
    flipped
}

/// The discs of `theirs` that a disc of `mine` flips along `ray`, a ray toward
/// higher bits: the first square that is not `theirs` is its lowest such bit.
#[inline(always)]
fn up_flips(mine: u64, theirs: u64, ray: u64) -> u64 {
    let open = ray & !theirs;
    let first = open & open.wrapping_neg();
    let closed = 0u64.wrapping_sub(u64::from(first & mine != 0));
    first.wrapping_sub(1) & ray & closed
}

/// The same along a ray toward lower bits, whose first square that is not
/// `theirs` is its highest such bit.
#[inline(always)]
fn down_flips(mine: u64, theirs: u64, ray: u64) -> u64 {
    let open = ray & !theirs;
    let first = (1u64 << 63).checked_shr(open.leading_zeros()).unwrap_or(0);
    // Every square above the closing disc (none if there is none); no ray
    // toward lower bits holds bit 63, so the shift loses nothing.
    let closer = first & mine;
    ray & !(closer << 1).wrapping_sub(1)
}

/// The AVX-512 kernel: the AVX2 kernel's lanes with the instructions AVX-512 adds
/// (`vplzcntq` and `vprorvq` for the first square toward lower bits, on 64-bit
/// halves on the 128-bit layout; mask registers; `vpternlogq` for the flips and
/// the fills; funnel shifts across the halves of 128-bit boards), in 256-bit
/// registers.
///
/// A value exists only where the processor has AVX-512 with the extensions of
/// Intel's Ice Lake and AMD's Zen 4 and later ([`Avx512::detect`]): the same set
/// that the `multiversion` crate requires for its AVX-512 targets (such as
/// `targets = "simd"`), so that a search compiled that way has this kernel
/// inlined exactly where it runs. On earlier AVX-512 processors (Skylake-X,
/// Cascade Lake) [`Avx2`] is the kernel.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Avx512 {
    _detected: (),
}

/// The body of a kernel's `detect`: `Some($kernel)` where the processor has every
/// one of the target features, detected at run time with `std`, and otherwise
/// only when the crate is compiled for them.
macro_rules! detect_features {
    ($kernel:expr; $($feature:tt),+) => {{
        #[cfg(all(target_arch = "x86_64", feature = "std"))]
        {
            if $(std::is_x86_feature_detected!($feature))&&+ {
                return Some($kernel);
            }
        }
        #[cfg(all(target_arch = "x86_64", $(target_feature = $feature),+))]
        {
            return Some($kernel);
        }
        #[allow(unreachable_code)]
        None
    }};
}

impl Avx512 {
    /// The AVX-512 kernel, if this processor has AVX-512 F, VL and CD with the rest
    /// of Ice Lake's set (BW, DQ, BITALG, IFMA, VBMI, VBMI2, VNNI, VPOPCNTDQ, GFNI,
    /// VAES, VPCLMULQDQ), and AVX2 (detected at run time with `std`; without it,
    /// only when the crate is compiled for all of them).
    pub fn detect() -> Option<Avx512> {
        detect_features!(
            Avx512 { _detected: () };
            "avx2",
            "avx512f",
            "avx512vl",
            "avx512cd",
            "avx512bw",
            "avx512dq",
            "avx512bitalg",
            "avx512ifma",
            "avx512vbmi",
            "avx512vbmi2",
            "avx512vnni",
            "avx512vpopcntdq",
            "gfni",
            "vaes",
            "vpclmulqdq"
        )
    }

    /// The AVX2 kernel, which every processor with AVX-512 has too.
    pub fn avx2(self) -> Avx2 {
        Avx2 { _detected: () }
    }
}

simd_kernel!(Avx512, avx512);

/// The fastest kernel this processor has, as a value: [`fastest`] decides, and
/// every `visit_fastest` (and anything else that picks a kernel, such as the
/// Python package's batches) matches on its answer, so the order of preference is
/// written once.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Fastest {
    /// AVX-512 with the extensions [`Avx512::detect`] asks for.
    Avx512(Avx512),
    /// AVX2 and BMI.
    Avx2(Avx2),
    /// Neither: the portable kernel.
    Portable(Portable),
}

impl Fastest {
    /// The kernel's name: `"avx512"`, `"avx2"` or `"portable"`.
    pub fn name(self) -> &'static str {
        match self {
            Fastest::Avx512(_) => "avx512",
            Fastest::Avx2(_) => "avx2",
            Fastest::Portable(_) => "portable",
        }
    }
}

/// The fastest kernel this processor has: [`Avx512`], else [`Avx2`], else
/// [`Portable`].
pub fn fastest() -> Fastest {
    if let Some(kernel) = Avx512::detect() {
        Fastest::Avx512(kernel)
    } else if let Some(kernel) = Avx2::detect() {
        Fastest::Avx2(kernel)
    } else {
        Fastest::Portable(Portable)
    }
}

/// The name of the kernel that `visit_fastest` chooses on this processor:
/// `"avx512"`, `"avx2"` or `"portable"` ([`fastest`]'s [`name`](Fastest::name)).
pub fn fastest_name() -> &'static str {
    fastest().name()
}

/// Shifts `x` by `s` bits toward higher indices (`up`) or lower ones.
#[inline(always)]
fn shift<B: Bits>(x: B, s: u32, up: bool) -> B {
    if up {
        x << s
    } else {
        x >> s
    }
}

/// Runs `$body` once for each of the eight directions, with `$s` the shift,
/// `$up` whether it goes toward higher bits, and `$mask` the squares it may land on.
/// Written out rather than looped so that every shift is a constant.
macro_rules! each_direction {
    ($L:ty, |$s:ident, $up:ident, $mask:ident| $body:block) => {{
        let stride = <$L>::STRIDE;
        let all = <<$L as Layout>::Bits as Bits>::ALL;
        {
            let ($s, $up, $mask) = (1, true, <$L>::FROM_WEST);
            $body
        }
        {
            let ($s, $up, $mask) = (1, false, <$L>::FROM_EAST);
            $body
        }
        {
            let ($s, $up, $mask) = (stride, true, all);
            $body
        }
        {
            let ($s, $up, $mask) = (stride, false, all);
            $body
        }
        {
            let ($s, $up, $mask) = (stride + 1, true, <$L>::FROM_WEST);
            $body
        }
        {
            let ($s, $up, $mask) = (stride + 1, false, <$L>::FROM_EAST);
            $body
        }
        {
            let ($s, $up, $mask) = (stride - 1, true, <$L>::FROM_EAST);
            $body
        }
        {
            let ($s, $up, $mask) = (stride - 1, false, <$L>::FROM_WEST);
            $body
        }
    }};
}

/// The squares of `empty` where a disc of `mine` would close off a line of one or
/// more `theirs` discs (a shift-and-mask fill in each of the eight directions).
#[inline(always)]
pub(crate) fn flipping_moves<L: Layout>(mine: L::Bits, theirs: L::Bits, empty: L::Bits) -> L::Bits {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    if L::STRIDE == 8 {
        return L::Bits::from_low_u64(simd128::flipping_moves8(
            mine.low_u64(),
            theirs.low_u64(),
            empty.low_u64(),
        ));
    }
    let mut moves = L::Bits::ZERO;
    each_direction!(L, |s, up, mask| {
        moves |= direction_moves::<L>(mine, theirs & mask, s, up) & mask;
    });
    moves & empty
}

/// The squares one step beyond a run of `pro` discs that starts next to `mine`, in
/// one direction.
#[inline(always)]
fn direction_moves<L: Layout>(mine: L::Bits, pro: L::Bits, s: u32, up: bool) -> L::Bits {
    // Each step reaches two squares further; the conditions are constants, written
    // out because the compiler does not unroll such loops.
    let mut fill = pro & shift(mine, s, up);
    fill |= pro & shift(fill, s, up);
    let pro2 = pro & shift(pro, s, up);
    fill |= pro2 & shift(fill, 2 * s, up);
    fill |= pro2 & shift(fill, 2 * s, up);
    if L::MAX_RUN > 6 {
        fill |= pro2 & shift(fill, 2 * s, up);
    }
    shift(fill, s, up)
}

/// The discs of `theirs` that a disc of `mine` placed on bit `index` closes off:
/// the discs it flips (none if the move is not a flipping move).
#[inline(always)]
pub(crate) fn flips<L: Layout>(mine: L::Bits, theirs: L::Bits, index: u32) -> L::Bits {
    if L::STRIDE == 8 {
        // 8×8 and 6×6: along the move's rays, from a table.
        return L::Bits::from_low_u64(ray_flips8(mine.low_u64(), theirs.low_u64(), index));
    }
    let x = L::Bits::bit(index);
    let mut flipped = L::Bits::ZERO;
    each_direction!(L, |s, up, mask| {
        flipped |= direction_flips::<L>(mine & mask, theirs & mask, x, s, up);
    });
    flipped
}

/// The discs of `pro` that a disc on `x` closes off against `mine`, in one direction.
#[inline(always)]
fn direction_flips<L: Layout>(
    mine: L::Bits,
    pro: L::Bits,
    x: L::Bits,
    s: u32,
    up: bool,
) -> L::Bits {
    // Occluded fill from the move through `pro`, doubling the step: 1, 3, 7 (and 15)
    // squares.
    let mut line = x | (pro & shift(x, s, up));
    let pro2 = pro & shift(pro, s, up);
    line |= pro2 & shift(line, 2 * s, up);
    let pro4 = pro2 & shift(pro2, 2 * s, up);
    line |= pro4 & shift(line, 4 * s, up);
    if L::MAX_RUN > 7 {
        let pro8 = pro4 & shift(pro4, 4 * s, up);
        line |= pro8 & shift(line, 8 * s, up);
    }
    if (shift(line, s, up) & mine).is_empty() {
        L::Bits::ZERO
    } else {
        line ^ x
    }
}

/// The squares that touch a square of `discs` by a side or a corner.
#[inline(always)]
pub fn neighbours<L: Layout>(discs: L::Bits) -> L::Bits {
    let mut around = L::Bits::ZERO;
    each_direction!(L, |s, up, mask| {
        around |= shift(discs, s, up) & mask;
    });
    around
}
