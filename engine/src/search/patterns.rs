//! A pattern evaluation for 8×8 Reversi, learned for each phase of the game:
//! the sum of one learned weight per pattern instance, indexed by what lies on
//! the instance's squares (empty, the mover's, the opponent's), from the
//! weights of the position's phase.
//!
//! The patterns are the usual ones of strong Othello programs: each edge with
//! its two X-squares (4 instances), each corner's 3×3 block (4) and 2×5 block
//! (8), the second, third and fourth rows and columns from each side (4 each),
//! and the diagonals of 8, 7, 6, 5 and 4 squares (2 + 4 × 4): 46 instances of
//! 11 patterns, whose instances share their weights; and a weight for each
//! count of the mover's and the opponent's moves and potential moves, and of
//! the empty squares. A position and its mirror images score exactly alike:
//! training sees each sample in its eight forms, and then gives each pattern's
//! contents and their mirror images (where the pattern is its own mirror
//! image) the mean of their weights.
//!
//! The phases ([`Patterns::phase`]): the endgame (24 empty squares or fewer),
//! then six of six empty squares each, 25–30 to 55–60 (the last takes any
//! more). [`Patterns::builtin`]
//! are the weights the built-in `alphabeta` bot evaluates by, and the solver
//! orders its moves by. They were learned by the `learn` example (with
//! [`learn`](super::learn)): the endgame's from the games of the WTHOR files in
//! `tests/data/wthor/` (1985 and 2015) and 16,000 self-play games
//! ([`learn::selfplay_lines`](super::learn::selfplay_lines)), positions from
//! those games and positions a few random moves off them, each solved exactly,
//! the positions along each principal variation with the same score; the
//! midgame's from the positions of 40,000 self-play games, each phase's
//! labelled by a search six plies deep into the phases learned before it
//! ([`learn::midgame`](super::learn::midgame)); see PERFORMANCE.md for the
//! run. [`Patterns::train`] learns weights from any samples.
//!
//! ```
//! use reversi::{AnyPosition, Rules, TwoPlayer8};
//! use reversi_engine::search::patterns::Patterns;
//!
//! let start = TwoPlayer8::try_from(AnyPosition::start(&Rules::default()))?;
//! // The start position: within some discs of even (the weights say +7.3:
//! // the opening phase leans toward the player to move, each phase learned
//! // from searches an even number of plies deep into the phase after it).
//! let score = Patterns::builtin().evaluate(&start);
//! assert!(score.abs() < 10 * Patterns::ONE_DISC, "{score}");
//! # Ok::<_, reversi::KindError>(())
//! ```

use std::sync::OnceLock;

use reversi::layout::Grid8;
use reversi::{features, Position, TwoPlayer8};

/// A board transformed by one of the eight symmetries of the square, given as
/// the eight transforms of one bitboard (bit `8 * row + column`).
#[doc(hidden)] // For the tests in tests/it; not part of the API.
#[inline(always)]
pub fn transforms(b: u64) -> [u64; 8] {
    let t = transpose(b);
    let (m, mt) = (mirror(b), mirror(t));
    [
        b,
        b.swap_bytes(),
        m,
        m.swap_bytes(),
        t,
        t.swap_bytes(),
        mt,
        mt.swap_bytes(),
    ]
}

/// Columns reversed (a ↔ h).
#[inline(always)]
fn mirror(b: u64) -> u64 {
    let b = (b >> 1) & 0x5555_5555_5555_5555 | (b & 0x5555_5555_5555_5555) << 1;
    let b = (b >> 2) & 0x3333_3333_3333_3333 | (b & 0x3333_3333_3333_3333) << 2;
    (b >> 4) & 0x0f0f_0f0f_0f0f_0f0f | (b & 0x0f0f_0f0f_0f0f_0f0f) << 4
}

/// Rows and columns swapped (the a1–h8 diagonal stays).
#[inline(always)]
fn transpose(b: u64) -> u64 {
    let t = (b ^ (b >> 7)) & 0x00aa_00aa_00aa_00aa;
    let b = b ^ t ^ (t << 7);
    let t = (b ^ (b >> 14)) & 0x0000_cccc_0000_cccc;
    let b = b ^ t ^ (t << 14);
    let t = (b ^ (b >> 28)) & 0x0000_0000_f0f0_f0f0;
    b ^ t ^ (t << 28)
}

/// The squares of the diagonal that starts at column `d` of the first row, in
/// the low bits (for `d` from 0 to 4).
#[inline(always)]
const fn diagonal(b: u64, d: u32) -> u64 {
    const MAIN: u64 = 0x8040_2010_0804_0201;
    let mask = (MAIN << d) & !(0x0101_0101_0101_0101u64.wrapping_mul((1 << d) - 1));
    (b & mask).wrapping_mul(0x0101_0101_0101_0101) >> (56 + d)
}

/// A pattern: its squares read from a transformed board into the low bits,
/// and the transforms (indices into [`transforms`]) that give its distinct
/// instances.
#[doc(hidden)] // For the tests in tests/it; not part of the API.
pub struct Pattern {
    pub squares: u32,
    pub read: fn(u64) -> u64,
    pub instances: &'static [usize],
}

/// The edge transforms: row 1, row 8, column a, column h (and their inner rows).
const EDGES: &[usize] = &[0, 1, 4, 5];
/// The four corners.
const CORNER_BLOCKS: &[usize] = &[0, 1, 2, 3];
/// All eight symmetries.
const ALL: &[usize] = &[0, 1, 2, 3, 4, 5, 6, 7];
/// The two long diagonals.
const LONG_DIAGONALS: &[usize] = &[0, 1];
/// The four diagonals of a length under 8.
const DIAGONALS: &[usize] = &[0, 1, 2, 4];

/// Pattern `P`'s squares read from a transformed board into the low bits: a
/// function of its own for each pattern, so that the evaluation's loop over
/// the patterns ([`each_index`]) compiles to straight code with every read
/// inlined (through the function pointers of [`PATTERNS`] it made 92 calls
/// an evaluation, three times the time of the reads).
#[inline(always)]
const fn read<const P: usize>(b: u64) -> u64 {
    match P {
        // The first row with b2 and g2.
        0 => b & 0xff | (b >> 9 & 1) << 8 | (b >> 14 & 1) << 9,
        // a1–c3.
        1 => b & 7 | (b >> 5) & 0x38 | (b >> 10) & 0x1c0,
        // a1–e2.
        2 => b & 0x1f | (b >> 3) & 0x3e0,
        // The second, third and fourth rows.
        3 => b >> 8 & 0xff,
        4 => b >> 16 & 0xff,
        5 => b >> 24 & 0xff,
        // The long diagonal a1–h8, then the diagonals of 7, 6, 5 and 4
        // squares beside it (b1–h7 …).
        6 => diagonal(b, 0),
        7 => diagonal(b, 1),
        8 => diagonal(b, 2),
        9 => diagonal(b, 3),
        10 => diagonal(b, 4),
        _ => panic!("there are 11 patterns"),
    }
}

/// The patterns, their squares as [`read`] reads them.
#[doc(hidden)] // For the tests in tests/it; not part of the API.
pub const PATTERNS: [Pattern; 11] = [
    Pattern {
        squares: 10,
        read: read::<0>,
        instances: EDGES,
    },
    Pattern {
        squares: 9,
        read: read::<1>,
        instances: CORNER_BLOCKS,
    },
    Pattern {
        squares: 10,
        read: read::<2>,
        instances: ALL,
    },
    Pattern {
        squares: 8,
        read: read::<3>,
        instances: EDGES,
    },
    Pattern {
        squares: 8,
        read: read::<4>,
        instances: EDGES,
    },
    Pattern {
        squares: 8,
        read: read::<5>,
        instances: EDGES,
    },
    Pattern {
        squares: 8,
        read: read::<6>,
        instances: LONG_DIAGONALS,
    },
    Pattern {
        squares: 7,
        read: read::<7>,
        instances: DIAGONALS,
    },
    Pattern {
        squares: 6,
        read: read::<8>,
        instances: DIAGONALS,
    },
    Pattern {
        squares: 5,
        read: read::<9>,
        instances: DIAGONALS,
    },
    Pattern {
        squares: 4,
        read: read::<10>,
        instances: DIAGONALS,
    },
];

/// Each pattern's squares, as a mask of bit `8 * row + column`: `read::<P>(b)`
/// is `pext(b, MASKS[P])` (the bits of `b` under the mask, lowest first),
/// since every pattern reads its squares in the board's order (checked here
/// when the crate compiles, with each pattern's count of squares, 10 at most).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const MASKS: [u64; 11] = {
    const fn mask<const P: usize>() -> u64 {
        let (mut mask, mut q) = (0u64, 0);
        while q < 64 {
            let bit = read::<P>(1 << q);
            if bit != 0 {
                // The square's bit under the mask is the number of the
                // mask's squares below it.
                assert!(bit == 1 << mask.count_ones());
                mask |= 1 << q;
            }
            q += 1;
        }
        mask
    }
    let masks = [
        mask::<0>(),
        mask::<1>(),
        mask::<2>(),
        mask::<3>(),
        mask::<4>(),
        mask::<5>(),
        mask::<6>(),
        mask::<7>(),
        mask::<8>(),
        mask::<9>(),
        mask::<10>(),
    ];
    let mut p = 0;
    while p < 11 {
        let squares = masks[p].count_ones();
        assert!(squares == PATTERNS[p].squares && squares <= 10);
        p += 1;
    }
    masks
};

/// The number of pattern instances.
#[doc(hidden)] // For the tests in tests/it; not part of the API.
pub const PATTERN_INSTANCES: usize = 46;

/// The counts that are looked up like patterns, each in a table of its own:
/// the mover's and the opponent's legal moves and potential moves (empty
/// squares next to the other's discs), and the empty squares (a bias for each
/// stage of the game).
const COUNTS: usize = 5;

/// The largest value of each count.
const COUNT_MAX: [usize; COUNTS] = [32, 32, 64, 64, 64];

/// The number of weights looked up per position.
pub const INSTANCES: usize = PATTERN_INSTANCES + COUNTS;

/// `TERNARY[x]`: the bits of `x` read as base-3 digits (0 or 1 each).
static TERNARY: [u32; 1024] = {
    let mut table = [0; 1024];
    let mut x = 0;
    while x < 1024 {
        let (mut value, mut place, mut bits) = (0, 1, x);
        while bits != 0 {
            value += (bits & 1) * place;
            place *= 3;
            bits >>= 1;
        }
        table[x] = value as u32;
        x += 1;
    }
    table
};

/// Where each pattern's weights start in the weight vector, then each
/// count's, then the end.
const OFFSETS: [usize; 17] = {
    let mut offsets = [0; 17];
    let mut i = 0;
    while i < 11 {
        offsets[i + 1] = offsets[i] + 3usize.pow(PATTERNS[i].squares);
        i += 1;
    }
    while i < 16 {
        offsets[i + 1] = offsets[i] + COUNT_MAX[i - 11] + 1;
        i += 1;
    }
    offsets
};

/// The number of weights.
pub const WEIGHTS: usize = OFFSETS[16];

/// The counts of a position that are looked up like patterns ([`COUNTS`]),
/// the same in all its mirror images.
#[derive(Clone, Copy)]
pub(crate) struct Counts {
    /// The mover's legal moves.
    pub my_moves: u32,
    /// The opponent's legal moves.
    pub their_moves: u32,
    /// Empty squares next to the opponent's discs.
    pub my_potential: u32,
    /// Empty squares next to the mover's discs.
    pub their_potential: u32,
    /// Empty squares.
    pub empties: u32,
}

impl Counts {
    /// The counts of `pos`.
    #[inline(always)]
    fn of<P: Position<Layout = Grid8>>(pos: &P) -> Counts {
        let me = pos.to_move();
        Counts {
            my_moves: pos.legal_moves().len() as u32,
            their_moves: pos.mobility(me.opponent()).len() as u32,
            my_potential: features::potential_mobility(pos, me).len() as u32,
            their_potential: features::potential_mobility(pos, me.opponent()).len() as u32,
            empties: pos.empty().len() as u32,
        }
    }

    /// The counts in the order of their tables ([`COUNT_MAX`]).
    #[inline(always)]
    fn in_order(self) -> [u32; COUNTS] {
        [
            self.my_moves,
            self.their_moves,
            self.my_potential,
            self.their_potential,
            self.empties,
        ]
    }
}

/// How the evaluation reads a pattern's squares from a transformed board.
trait Reader: Copy {
    /// What [`read::<P>`](read) gives.
    fn read<const P: usize>(self, b: u64) -> u64;
}

/// By shifts and masks, on every processor.
#[derive(Clone, Copy)]
struct Shifts;

impl Reader for Shifts {
    #[inline(always)]
    fn read<const P: usize>(self, b: u64) -> u64 {
        read::<P>(b)
    }
}

/// By BMI2's `pext`: one instruction a read, where the shifts compiled for
/// AVX-512 took twice the time of those for AVX2 (the compiler vectorises
/// them badly). Only [`Pext::fast`] makes one, on a processor with a fast
/// `pext`: holding one is the proof that the instruction is there.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Pext(());

#[cfg(target_arch = "x86_64")]
impl Pext {
    /// A `Pext` where this processor has a fast `pext`: BMI2, and not an AMD
    /// (or Hygon) processor before Zen 3 (family 19h), where it is microcoded
    /// and takes tens to hundreds of cycles. Found once.
    #[inline(always)]
    fn fast() -> Option<Pext> {
        static FAST: OnceLock<bool> = OnceLock::new();
        let fast = *FAST.get_or_init(|| {
            if !std::is_x86_feature_detected!("bmi2") {
                return false;
            }
            // SAFETY: `cpuid` is on every x86-64 processor (the function is
            // safe from Rust 1.94, unsafe in the minimum the crate builds with).
            #[allow(unused_unsafe)]
            let (v, signature) = unsafe {
                (
                    core::arch::x86_64::__cpuid(0),
                    core::arch::x86_64::__cpuid(1).eax,
                )
            };
            let vendor = [
                v.ebx.to_le_bytes(),
                v.edx.to_le_bytes(),
                v.ecx.to_le_bytes(),
            ]
            .concat();
            let family = match (signature >> 8) & 0xf {
                0xf => 0xf + ((signature >> 20) & 0xff),
                base => base,
            };
            let amd = vendor == b"AuthenticAMD" || vendor == b"HygonGenuine";
            !amd || family >= 0x19
        });
        fast.then_some(Pext(()))
    }
}

#[cfg(target_arch = "x86_64")]
impl Reader for Pext {
    #[inline(always)]
    fn read<const P: usize>(self, b: u64) -> u64 {
        // SAFETY: a `Pext` exists only where the processor has BMI2.
        unsafe { core::arch::x86_64::_pext_u64(b, MASKS[P]) }
    }
}

/// The weight indices of the instances for a position: `mine` the mover's
/// discs, `theirs` the opponent's (bit `8 * row + column`), and its counts.
#[inline(always)]
fn indices(mine: u64, theirs: u64, counts: Counts) -> [u32; INSTANCES] {
    let mut out = [0; INSTANCES];
    each_index_here(mine, theirs, counts, &mut |slot, index| out[slot] = index);
    out
}

/// The sum of `table`'s weights at the [`indices`] of a position.
#[inline(always)]
fn weighted_sum(table: &[i16], mine: u64, theirs: u64, counts: Counts) -> i32 {
    let mut sum = 0;
    each_index_here(mine, theirs, counts, &mut |_, index| {
        sum += table[index as usize] as i32
    });
    sum
}

/// [`each_index`] by the fastest reader this processor has.
#[inline(always)]
fn each_index_here(mine: u64, theirs: u64, counts: Counts, f: &mut impl FnMut(usize, u32)) {
    #[cfg(target_arch = "x86_64")]
    if let Some(pext) = Pext::fast() {
        // SAFETY: a `Pext` exists only where the processor has BMI2.
        return unsafe { each_index_by_pext(pext, mine, theirs, counts, f) };
    }
    each_index(Shifts, mine, theirs, counts, f)
}

/// [`each_index`] by `pext`, compiled with BMI2 (so that it is inlined into
/// the searches compiled for AVX2 and AVX-512, which have it).
///
/// # Safety
///
/// The processor has BMI2, which `pext` proves.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
unsafe fn each_index_by_pext(
    pext: Pext,
    mine: u64,
    theirs: u64,
    counts: Counts,
    f: &mut impl FnMut(usize, u32),
) {
    each_index(pext, mine, theirs, counts, f)
}

/// The weight indices of the [`PATTERN_INSTANCES`] pattern instances of the
/// board with `mine` and `theirs` (bit `8 * row + column`), as the evaluation
/// reads them by shifts, and by `pext` where that is fast here (`None`
/// elsewhere): for the tests, which compare both with their definition.
#[doc(hidden)] // For the tests in tests/it; not part of the API.
pub fn pattern_indices(
    mine: u64,
    theirs: u64,
) -> ([u32; PATTERN_INSTANCES], Option<[u32; PATTERN_INSTANCES]>) {
    let counts = Counts {
        my_moves: 0,
        their_moves: 0,
        my_potential: 0,
        their_potential: 0,
        empties: 0,
    };
    /// The pattern slots that `each` fills, a slot filled twice (or never)
    /// left other than any index.
    fn filled(each: impl FnOnce(&mut dyn FnMut(usize, u32))) -> [u32; PATTERN_INSTANCES] {
        let mut out = [u32::MAX; PATTERN_INSTANCES];
        each(&mut |slot, index| {
            if slot < PATTERN_INSTANCES {
                out[slot] = if out[slot] == u32::MAX {
                    index
                } else {
                    u32::MAX - 1
                };
            }
        });
        out
    }
    let shifts = filled(|mut f| each_index(Shifts, mine, theirs, counts, &mut f));
    #[cfg(target_arch = "x86_64")]
    if let Some(pext) = Pext::fast() {
        // SAFETY: a `Pext` exists only where the processor has BMI2.
        let by_pext =
            filled(|mut f| unsafe { each_index_by_pext(pext, mine, theirs, counts, &mut f) });
        return (shifts, Some(by_pext));
    }
    (shifts, None)
}

/// `f(slot, index)` for each of the [`INSTANCES`] weight indices of a
/// position (as [`indices`]), each pattern's squares read by `reader`.
#[inline(always)]
fn each_index<R: Reader>(
    reader: R,
    mine: u64,
    theirs: u64,
    counts: Counts,
    f: &mut impl FnMut(usize, u32),
) {
    let (mt, tt) = (transforms(mine), transforms(theirs));
    /// `f` of pattern `P`'s instances, their slots from the first after the
    /// instances of the patterns before `P`.
    #[inline(always)]
    fn instances<R: Reader, const P: usize>(
        reader: R,
        mt: &[u64; 8],
        tt: &[u64; 8],
        f: &mut impl FnMut(usize, u32),
    ) {
        let first = const {
            let (mut first, mut p) = (0, 0);
            while p < P {
                first += PATTERNS[p].instances.len();
                p += 1;
            }
            first
        };
        for (i, &s) in PATTERNS[P].instances.iter().enumerate() {
            // Masked to the table, which no read exceeds (no pattern has
            // more than 10 squares: `MASKS`), so that no bound is checked.
            let (m, t) = (
                reader.read::<P>(mt[s]) & 0x3ff,
                reader.read::<P>(tt[s]) & 0x3ff,
            );
            f(
                first + i,
                OFFSETS[P] as u32 + TERNARY[m as usize] + 2 * TERNARY[t as usize],
            );
        }
    }
    instances::<R, 0>(reader, &mt, &tt, f);
    instances::<R, 1>(reader, &mt, &tt, f);
    instances::<R, 2>(reader, &mt, &tt, f);
    instances::<R, 3>(reader, &mt, &tt, f);
    instances::<R, 4>(reader, &mt, &tt, f);
    instances::<R, 5>(reader, &mt, &tt, f);
    instances::<R, 6>(reader, &mt, &tt, f);
    instances::<R, 7>(reader, &mt, &tt, f);
    instances::<R, 8>(reader, &mt, &tt, f);
    instances::<R, 9>(reader, &mt, &tt, f);
    instances::<R, 10>(reader, &mt, &tt, f);
    for (k, &count) in counts.in_order().iter().enumerate() {
        f(
            PATTERN_INSTANCES + k,
            (OFFSETS[11 + k] + (count as usize).min(COUNT_MAX[k])) as u32,
        );
    }
}

/// The game phases, each with weights of its own: the first empty-square count
/// of each (the last runs to 64). Positions with 24 or fewer empty squares
/// share the endgame's weights, learned from solved positions; each phase
/// after spans six empty squares, the depth of the search that labels its
/// positions ([`learn::midgame`](super::learn::midgame)), so that the search
/// of a phase's position ends in the phase before.
const PHASE_STARTS: [u32; PHASES] = [0, 25, 31, 37, 43, 49, 55];

/// The number of game phases with weights of their own ([`Patterns::phase`]).
pub const PHASES: usize = 7;

/// Learned weights, for each game phase, for the 46 pattern instances and the
/// count tables, in 1/[`ONE_DISC`](Self::ONE_DISC) of a disc.
#[derive(Clone, PartialEq, Eq)]
pub struct Patterns {
    /// [`PHASES`] tables of [`WEIGHTS`] weights, phase after phase.
    weights: Vec<i16>,
}

impl std::fmt::Debug for Patterns {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Patterns")
            .field("weights", &self.weights.len())
            .finish()
    }
}

/// The weights shipped with the crate, as [`Patterns::to_bytes`] writes them.
static BUILTIN: &[u8] = include_bytes!("../../data/patterns.bin");

/// Weight files that are not [`Patterns::to_bytes`] of this crate's patterns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a pattern weight file has {PHASES} phases of {WEIGHTS} little-endian i16 weights ({} bytes), not {found} bytes", 2 * PHASES * WEIGHTS)]
pub struct PatternsError {
    /// The length of the bytes given.
    pub found: usize,
}

impl Patterns {
    /// A disc in the evaluation's units.
    pub const ONE_DISC: i32 = 64;

    /// The weights the built-in `alphabeta` bot evaluates by and the solver
    /// orders its moves by: the endgame's learned from WTHOR and self-play
    /// games solved exactly, the midgame's from self-play labelled by search
    /// (see the module's documentation).
    pub fn builtin() -> &'static Patterns {
        static CELL: OnceLock<Patterns> = OnceLock::new();
        CELL.get_or_init(|| Patterns::from_bytes(BUILTIN).expect("the shipped weights fit"))
    }

    /// Weights from the bytes [`to_bytes`](Self::to_bytes) wrote.
    pub fn from_bytes(bytes: &[u8]) -> Result<Patterns, PatternsError> {
        if bytes.len() != 2 * PHASES * WEIGHTS {
            return Err(PatternsError { found: bytes.len() });
        }
        let weights = bytes
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        Ok(Patterns { weights })
    }

    /// Weights of 0 everywhere: what [`train`](Self::train) starts from
    /// without weights of its own to start from.
    pub fn zero() -> Patterns {
        Patterns {
            weights: vec![0; PHASES * WEIGHTS],
        }
    }

    /// The phase whose weights evaluate positions with `empties` empty
    /// squares, from 0 (24 or fewer, the endgame) to [`PHASES`] − 1 (55 or
    /// more).
    pub fn phase(empties: u32) -> usize {
        PHASE_STARTS
            .iter()
            .rposition(|&start| start <= empties)
            .unwrap_or(0)
    }

    /// The empty-square counts of `phase`'s positions.
    pub fn phase_empties(phase: usize) -> std::ops::RangeInclusive<u32> {
        let end = PHASE_STARTS.get(phase + 1).map_or(64, |next| next - 1);
        PHASE_STARTS[phase]..=end
    }

    /// The weights as little-endian `i16`s, phase by phase, pattern by pattern.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.weights.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    /// The evaluation of a two-player position on the 8×8 grid for the player
    /// to move: the expected final disc difference with good play, in
    /// 1/[`ONE_DISC`](Self::ONE_DISC) discs. Learned on standard 8×8 Reversi;
    /// on other boards and in Anti-Reversi it means little.
    #[inline(always)]
    pub fn evaluate<P: Position<Layout = Grid8>>(&self, pos: &P) -> i32 {
        self.evaluate_counted(pos.mine().bits(), pos.theirs().bits(), Counts::of(pos))
    }

    /// [`evaluate`](Self::evaluate) with the position's counts already known
    /// (the solver has them at hand).
    #[inline(always)]
    pub(crate) fn evaluate_counted(&self, mine: u64, theirs: u64, counts: Counts) -> i32 {
        weighted_sum(
            self.table(Self::phase(counts.empties)),
            mine,
            theirs,
            counts,
        )
    }

    /// `from`'s weights copied onto phase `to`'s.
    pub fn copy_phase(&mut self, from: usize, to: usize) {
        self.weights
            .copy_within(from * WEIGHTS..(from + 1) * WEIGHTS, to * WEIGHTS);
    }

    /// The weights of `phase`.
    #[inline(always)]
    pub fn table(&self, phase: usize) -> &[i16] {
        &self.weights[phase * WEIGHTS..][..WEIGHTS]
    }
}

/// Multi-ProbCut's errors for the built-in weights, as the `probcut` example
/// measures them: `phase depth mean spread positions` a line.
static PROBCUT: &str = include_str!("../../data/probcut.txt");

/// The depths measured in `engine/data/probcut.txt`; deeper nodes take the errors of
/// the deepest measured depth of the same parity.
pub const PROBCUT_DEPTHS: std::ops::RangeInclusive<u32> = 3..=10;

impl Patterns {
    /// Multi-ProbCut ([`ProbCut`](super::alphabeta::ProbCut)) for the built-in
    /// weights ([`builtin`](Self::builtin)), at `t` spreads: the errors of
    /// the shallow searches measured by the `probcut` example on positions
    /// of each phase (`engine/data/probcut.txt`); depths beyond
    /// [`PROBCUT_DEPTHS`] take the deepest measured of the same parity. In
    /// the endgame phase (24 empty squares or fewer) too, whose errors were
    /// measured at 14 to 24 and serve its nodes with fewer as well: a search
    /// that does not reach the end is cut there as elsewhere, one that does
    /// stays exact.
    pub fn probcut(t: f32) -> super::alphabeta::ProbCut {
        super::alphabeta::ProbCut {
            error: builtin_probcut_error,
            t,
        }
    }
}

/// The measured errors of [`Patterns::probcut`]: `(mean, spread)` in
/// hundredths of a disc, by phase and depth.
fn builtin_probcut_error(empties: u32, depth: u32) -> Option<(i32, i32)> {
    type Errors = [[Option<(i32, i32)>; 11]; PHASES];
    static CELL: OnceLock<Errors> = OnceLock::new();
    let errors = CELL.get_or_init(|| {
        let mut errors = [[None; 11]; PHASES];
        for line in PROBCUT.lines().filter(|l| !l.starts_with('#')) {
            let v: Vec<i32> = line
                .split_whitespace()
                .map(|x| x.parse().expect("probcut.txt holds numbers"))
                .collect();
            if let [phase, depth, mean, spread, _] = v[..] {
                errors[phase as usize][depth as usize] = Some((mean, spread));
            }
        }
        errors
    });
    let deepest = *PROBCUT_DEPTHS.end();
    let depth = if depth > deepest {
        deepest - (depth - deepest) % 2
    } else {
        depth
    };
    errors[Patterns::phase(empties)]
        .get(depth as usize)
        .copied()
        .flatten()
}

/// The pattern evaluation as the alpha-beta search takes it, in hundredths of
/// a disc.
impl<P: Position<Layout = Grid8>> super::alphabeta::Evaluator<P> for Patterns {
    #[inline(always)]
    fn evaluate(&self, pos: &P) -> i32 {
        Patterns::evaluate(self, pos) * 100 / Patterns::ONE_DISC
    }
}

impl<P: Position<Layout = Grid8>> super::alphabeta::Evaluator<P> for &Patterns {
    #[inline(always)]
    fn evaluate(&self, pos: &P) -> i32 {
        Patterns::evaluate(self, pos) * 100 / Patterns::ONE_DISC
    }
}

/// A position with its score, to learn from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The position.
    pub position: TwoPlayer8,
    /// The final disc difference for the player to move: with best play
    /// (solved) for the endgame's samples, as a search finds it for the
    /// midgame's ([`learn::midgame`](super::learn::midgame)).
    pub score: i32,
}

/// How [`Patterns::train`] learns: least squares by stochastic gradient
/// descent over `epochs` passes, samples taken in an order fixed by `seed`,
/// each weight's step `rate` (the first pass's; it falls as `rate / (1 + 0.1 ×
/// pass)`) times the error divided among the instances.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Training {
    /// Passes over the samples.
    pub epochs: u32,
    /// The seed of the samples' order.
    pub seed: u64,
    /// The first pass's step.
    pub rate: f32,
}

impl Default for Training {
    /// 12 passes at a step of 0.5, seed 2026: how the built-in weights were
    /// learned.
    fn default() -> Training {
        Training {
            epochs: 12,
            seed: 2026,
            rate: 0.5,
        }
    }
}

impl Patterns {
    /// Learns, for each phase that `samples` have positions of, weights that
    /// predict their scores, starting from the weights there (each sample in
    /// its eight symmetric forms). Each weight's step is divided by how often
    /// it occurs, so rare configurations stay near where they started. The
    /// phases without samples keep their weights.
    pub fn train(&mut self, samples: &[Sample], training: &Training) {
        for phase in 0..PHASES {
            let of_phase: Vec<&Sample> = samples
                .iter()
                .filter(|s| Self::phase(s.position.empty().len() as u32) == phase)
                .collect();
            if !of_phase.is_empty() {
                let range = phase * WEIGHTS..(phase + 1) * WEIGHTS;
                train_table(&mut self.weights[range], &of_phase, training);
            }
        }
    }
}

/// For each pattern, the symmetries of the square that map its squares onto
/// themselves (the identity among them), each as the bit that each of the
/// pattern's bits is read into: a board turned by one of them puts the same
/// discs on the pattern's squares in another order, which should score alike.
fn pattern_symmetries(pattern: &Pattern) -> Vec<Vec<u32>> {
    // The bit that square `q` is read into under transform `t`, if any.
    let bit = |q: u32, t: usize| {
        let v = (pattern.read)(transforms(1 << q)[t]);
        (v != 0).then(|| v.trailing_zeros())
    };
    let squares = |t: usize| {
        (0..64)
            .filter(|&q| bit(q, t).is_some())
            .collect::<Vec<u32>>()
    };
    let own = squares(0);
    (0..8)
        .filter(|&t| squares(t) == own)
        .map(|t| {
            let mut to = vec![0; pattern.squares as usize];
            for &q in &own {
                to[bit(q, 0).unwrap() as usize] = bit(q, t).unwrap();
            }
            to
        })
        .collect()
}

/// Each pattern configuration's weight made the mean of the weights of its
/// images under the pattern's symmetries ([`pattern_symmetries`]), so that a
/// position and its mirror images score exactly alike.
fn symmetrize(weights: &mut [f32]) {
    for (pattern, &offset) in PATTERNS.iter().zip(&OFFSETS) {
        let n = pattern.squares as usize;
        let symmetries = pattern_symmetries(pattern);
        let size = 3usize.pow(n as u32);
        let table = &weights[offset..offset + size];
        let mean: Vec<f32> = (0..size)
            .map(|config| {
                let sum: f32 = symmetries
                    .iter()
                    .map(|to| {
                        let (mut rest, mut image) = (config, 0);
                        for &bit in to {
                            image += rest % 3 * 3usize.pow(bit);
                            rest /= 3;
                        }
                        table[image]
                    })
                    .sum();
                sum / symmetries.len() as f32
            })
            .collect();
        weights[offset..offset + size].copy_from_slice(&mean);
    }
}

/// [`Patterns::train`] of one phase's weights `table` on its `samples`.
fn train_table(table: &mut [i16], samples: &[&Sample], training: &Training) {
    let rows: Vec<([u32; INSTANCES], f32)> = samples
        .iter()
        .flat_map(|s| {
            let pos = &s.position;
            let (m, t) = (
                transforms(pos.mine().bits()),
                transforms(pos.theirs().bits()),
            );
            let c = Counts::of(pos);
            (0..8).map(move |k| (indices(m[k], t[k], c), s.score as f32))
        })
        .collect();
    let mut occurrences = vec![0f32; WEIGHTS];
    for (idx, _) in &rows {
        for &i in idx {
            occurrences[i as usize] += 1.0;
        }
    }
    let scale = Patterns::ONE_DISC as f32;
    let mut weights: Vec<f32> = table.iter().map(|&w| w as f32 / scale).collect();
    let mut order: Vec<usize> = (0..rows.len()).collect();
    let mut state = training.seed | 1;
    for epoch in 0..training.epochs {
        // Fisher–Yates with xorshift: the same order for the same seed.
        for i in (1..order.len()).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            order.swap(i, (state % (i as u64 + 1)) as usize);
        }
        let rate = training.rate / (1.0 + epoch as f32 * 0.1);
        for &r in &order {
            let (idx, target) = &rows[r];
            let predicted: f32 = idx.iter().map(|&i| weights[i as usize]).sum();
            let error = (target - predicted) / INSTANCES as f32;
            for &i in idx {
                let i = i as usize;
                weights[i] += rate * error * (1.0 - 1.0 / (1.0 + occurrences[i]).sqrt());
            }
        }
    }
    symmetrize(&mut weights);
    for (w, learned) in table.iter_mut().zip(weights) {
        *w = (learned * scale)
            .round()
            .clamp(i16::MIN as f32, i16::MAX as f32) as i16;
    }
}
