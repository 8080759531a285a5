//! Hash keys: a 64-bit key for every position of every variant, for transposition
//! tables and opening books.
//!
//! # The scheme
//!
//! The key is a Zobrist key: the exclusive or of one 64-bit value for each thing
//! in the position.
//!
//! - each disc: one value per square and colour (Black, White, Red, Green), and one
//!   per square for a Neutral disc;
//! - each blocked square: one value per square;
//! - the player to move: one value per colour;
//! - the variant: one value per [`Board`], one for three players and one for four
//!   (two players add nothing), one for Anti-Reversi.
//!
//! Anti-Reversi is in the key because the same discs have the opposite value there:
//! a table or book shared by both games must not mix them up. The board and the
//! player count are in it because the same bits can stand for a 6×6 and an 8×8
//! position, or a three- and a four-player one.
//!
//! The values are the outputs of splitmix64 seeded with `0x5245_5645_5253_4931`
//! ("REVERSI1" in ASCII), in this order
//! (output `n` is `mix(seed + (n + 1) * 0x9e37_79b9_7f4a_7c15)`): outputs
//! `100 * plane + square` for the planes Black, White, Red, Green, Neutral, Blocked
//! (0 to 5) and the square's place on the 10×10 naming grid, `10 * row + column`
//! (its [`Square::index`] on [`Board::Size10`], whatever the board); then 600 to
//! 603 for the colour to move, 604 to 607 for the boards in [`Board::ALL`] order,
//! 608 and 609 for three and four players, 610 for Anti-Reversi. The tables are
//! built at compile time by `const fn`, so keys are the same on every run, platform
//! and version: they may be stored. [`cell_key`] gives each square's value.
//!
//! # Computing it
//!
//! A full key ([`HashKey::hash_key`]) is computed by tabulation over the bytes of the
//! bitboards, as Edax and Egaroucid do: for each colour, one table lookup per byte
//! (8 on 8×8, 14 on 10×10), each entry the exclusive or of the values of the squares
//! of that byte. This is the same key as the bit-by-bit sum, found in 16 lookups
//! instead of one per disc. The bench `keys_symmetry` measures both on a 8×8
//! middle-game position: tabulation takes less than half the time of the
//! disc-by-disc sum (which the tabulated key equals).
//!
//! Because the key is a Zobrist key, a move updates it in a few operations
//! ([`UpdateKey::key_after_move`]): the new disc, and each flipped disc changing
//! colour, one lookup each. [`Hashed`] wraps any position of the crate and does
//! this on every move, as a [`Position`] itself.
//!
//! ```
//! use reversi::hash::{HashKey, UpdateKey};
//! use reversi::{AnyPosition, Position, Rules, TwoPlayer8};
//! let start = TwoPlayer8::try_from(AnyPosition::start(&Rules::default()))?;
//! let key = start.hash_key();
//! let f5 = start.legal_moves().first().unwrap();
//! let (next, flips) = start.play_unchecked_with_flips(f5);
//! assert_eq!(start.key_after_move(key, f5, flips), next.hash_key());
//! # Ok::<_, reversi::KindError>(())
//! ```

use crate::bitboard::{Bitboard, Spot};
use crate::board::Board;
use crate::color::{Cell, Color};
use crate::kernel::Kernel;
use crate::layout::{Bits, Grid10, Grid8, Layout};
use crate::position::{AnyPosition, MultiPlayer, Position, TwoPlayer};
use crate::square::Square;

/// The seed of the splitmix64 stream that the key values come from (private: a
/// public constant would land in the C header).
const SEED: u64 = 0x5245_5645_5253_4931; // "REVERSI1"

/// Output `n` of splitmix64 seeded with [`SEED`].
const fn splitmix(n: u64) -> u64 {
    let mut z = SEED.wrapping_add((n + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const NEUTRAL: usize = 4;
const BLOCKED: usize = 5;
/// The plane of a disc that flips between Black and White: both values at once.
const BLACK_WHITE: usize = 6;

/// The value of plane `plane` on square `index` of the 10×10 naming grid.
const fn square_value(plane: usize, index: usize) -> u64 {
    if plane == BLACK_WHITE {
        square_value(0, index) ^ square_value(1, index)
    } else {
        splitmix((100 * plane + index) as u64)
    }
}

const SIDE: [u64; 4] = [splitmix(600), splitmix(601), splitmix(602), splitmix(603)];
const BOARD: [u64; 4] = [splitmix(604), splitmix(605), splitmix(606), splitmix(607)];
/// Indexed by the player count (masked to 0..8); two players add nothing.
const PLAYERS: [u64; 8] = [0, 0, 0, splitmix(608), splitmix(609), 0, 0, 0];
const ANTI: u64 = splitmix(610);

/// The value that `cell` on `square` adds to a key: a disc of each colour, a
/// Neutral disc and a blocked square have one each; an empty square adds nothing.
/// The key of a position is the exclusive or of these for its squares, with the
/// values of the player to move and of the variant (see the [module](self) docs).
///
/// ```
/// use reversi::hash::{cell_key, side_key, HashKey};
/// use reversi::{AnyPosition, Cell, Color, Rules, Square};
/// let start = AnyPosition::start(&Rules::default());
/// // Playing f5 puts a Black disc on f5 and turns e5 Black: three values change,
/// // besides the player to move.
/// let next = start.play(reversi::Move::Place("f5".parse()?)).unwrap();
/// let (f5, e5): (Square, Square) = ("f5".parse()?, "e5".parse()?);
/// let discs = cell_key(f5, Cell::Disc(Color::Black))
///     ^ cell_key(e5, Cell::Disc(Color::White))
///     ^ cell_key(e5, Cell::Disc(Color::Black));
/// let side = side_key(Color::Black) ^ side_key(Color::White);
/// assert_eq!(start.hash_key() ^ next.hash_key(), discs ^ side);
/// assert_eq!(cell_key(f5, Cell::Empty), 0);
/// # Ok::<_, reversi::ParseSquareError>(())
/// ```
pub const fn cell_key(square: Square, cell: Cell) -> u64 {
    let plane = match cell {
        Cell::Empty => return 0,
        Cell::Disc(c) => c.index(),
        Cell::Neutral => NEUTRAL,
        Cell::Blocked => BLOCKED,
    };
    square_value(plane, square.grid_index())
}

/// The value that the player to move adds to a key, for each colour.
///
/// ```
/// use reversi::hash::side_key;
/// use reversi::Color;
/// assert_ne!(side_key(Color::Black), side_key(Color::White));
/// ```
pub const fn side_key(color: Color) -> u64 {
    SIDE[color.index()]
}

/// The value of plane `plane` on bit `bit` of a layout with `stride` bits a row
/// (zero for a bit that is no square).
const fn bit_value(plane: usize, stride: usize, bit: usize) -> u64 {
    let (column, row) = (bit % stride, bit / stride);
    if column >= 10 || row >= 10 {
        0
    } else {
        square_value(plane, 10 * row + column)
    }
}

/// Bit tables: planes Black, White, Red, Green, Neutral, Blocked, Black ^ White.
const fn bit_table<const N: usize>(stride: usize) -> [[u64; N]; 7] {
    let mut table = [[0; N]; 7];
    let mut plane = 0;
    while plane < 7 {
        let mut bit = 0;
        while bit < N {
            table[plane][bit] = bit_value(plane, stride, bit);
            bit += 1;
        }
        plane += 1;
    }
    table
}

/// Byte tables of the four colours: entry `[colour][k][b]` is the sum of the values
/// of the bits of byte value `b` at byte `k` of the bitboard.
const fn byte_table<const BYTES: usize>(stride: usize) -> [[[u64; 256]; BYTES]; 4] {
    let mut table = [[[0; 256]; BYTES]; 4];
    let mut plane = 0;
    while plane < 4 {
        let mut k = 0;
        while k < BYTES {
            let mut b = 1;
            while b < 256 {
                // The value of b is that of b without its lowest bit, plus that bit's.
                let low = (b as u32).trailing_zeros() as usize;
                table[plane][k][b] =
                    table[plane][k][b & (b - 1)] ^ bit_value(plane, stride, 8 * k + low);
                b += 1;
            }
            k += 1;
        }
        plane += 1;
    }
    table
}

static BITS8: [[u64; 64]; 7] = bit_table::<64>(8);
static BITS10: [[u64; 128]; 7] = bit_table::<128>(11);
static BYTES8: [[[u64; 256]; 8]; 4] = byte_table::<8>(8);
static BYTES10: [[[u64; 256]; 14]; 4] = byte_table::<14>(11);

/// The tables of a layout (both layouts of the crate have them).
trait Tables: Layout {
    /// The value of plane `plane` (below 7) on bit `bit`.
    fn bit_key(plane: usize, bit: u32) -> u64;
    /// The sum over the bits of `bits` of colour `color`'s values, by bytes.
    fn color_key(color: usize, bits: Self::Bits) -> u64;

    /// The sum over the bits of `bits` of plane `plane`'s values, bit by bit: for
    /// the few discs a move flips, the few blocked squares and Neutral discs.
    #[inline(always)]
    fn sparse_key(plane: usize, bits: Self::Bits) -> u64 {
        let mut key = 0;
        let mut rest = bits;
        while !rest.is_empty() {
            key ^= Self::bit_key(plane, rest.lowest());
            rest = rest.without_lowest();
        }
        key
    }
}

impl Tables for Grid8 {
    #[inline(always)]
    fn bit_key(plane: usize, bit: u32) -> u64 {
        BITS8[plane][bit as usize & 63]
    }

    #[inline(always)]
    fn color_key(color: usize, bits: u64) -> u64 {
        let t = &BYTES8[color & 3];
        let b = bits.to_le_bytes();
        (t[0][b[0] as usize] ^ t[1][b[1] as usize])
            ^ (t[2][b[2] as usize] ^ t[3][b[3] as usize])
            ^ ((t[4][b[4] as usize] ^ t[5][b[5] as usize])
                ^ (t[6][b[6] as usize] ^ t[7][b[7] as usize]))
    }
}

impl Tables for Grid10 {
    #[inline(always)]
    fn bit_key(plane: usize, bit: u32) -> u64 {
        BITS10[plane][bit as usize & 127]
    }

    #[inline(always)]
    fn color_key(color: usize, bits: u128) -> u64 {
        let t = &BYTES10[color & 3];
        let b = bits.to_le_bytes();
        let mut key = 0;
        let mut k = 0;
        while k < 14 {
            key ^= t[k][b[k] as usize];
            k += 1;
        }
        key
    }
}

/// The values of the variant: board, player count, Anti-Reversi.
#[inline(always)]
fn variant_key(board: Board, players: u8, anti: bool) -> u64 {
    BOARD[board.index()] ^ PLAYERS[players as usize & 7] ^ if anti { ANTI } else { 0 }
}

/// A position's 64-bit hash key (see the [module](self) docs for the scheme).
///
/// Equal positions have equal keys, however they were reached; the key is the same
/// on every run, platform and version. Implemented for the typed positions, for
/// [`AnyPosition`] and for `Game`, which all give the same key for the same
/// position.
///
/// ```
/// use reversi::hash::HashKey;
/// use reversi::{AnyPosition, Move, Position, Rules, TwoPlayer8};
/// let start = AnyPosition::start(&Rules::default());
/// let play = |pos: AnyPosition, moves: &[&str]| {
///     moves.iter().fold(pos, |p, m| p.play(Move::Place(m.parse().unwrap())).unwrap())
/// };
/// // Two move orders, one position.
/// let a = play(start, &["f5", "f6", "e6", "f4"]);
/// let b = play(start, &["e6", "f6", "f5", "f4"]);
/// assert_eq!(a, b);
/// assert_eq!(a.hash_key(), b.hash_key());
/// assert_eq!(TwoPlayer8::try_from(a)?.hash_key(), a.hash_key());
/// assert_ne!(start.hash_key(), a.hash_key());
/// # Ok::<_, reversi::KindError>(())
/// ```
pub trait HashKey {
    /// The key of the position.
    fn hash_key(&self) -> u64;
}

/// Updating a key through a move or a pass, for a search that keeps the key of
/// each node instead of computing it again: a few operations, one per disc that
/// changes.
///
/// The methods are called on the position *before* the move, with its key.
///
/// ```
/// use reversi::hash::{HashKey, UpdateKey};
/// use reversi::{AnyPosition, Board, MultiPlayer10, Position, Rules};
/// let rules = Rules::builder(Board::Octagon).players(3).build()?;
/// let pos = MultiPlayer10::try_from(AnyPosition::start(&rules)).unwrap();
/// let key = pos.hash_key();
/// for spot in pos.legal_moves() {
///     let (next, flips) = pos.play_unchecked_with_flips(spot);
///     assert_eq!(pos.key_after_move(key, spot, flips), next.hash_key());
/// }
/// assert_eq!(pos.key_after_pass(key), pos.pass_unchecked().hash_key());
/// # Ok::<_, reversi::RulesError>(())
/// ```
pub trait UpdateKey: Position + HashKey {
    /// The key of the position after the move at `spot` that flips `flips` (as
    /// [`Position::play_unchecked_with_flips`] returns them), from this position's
    /// `key`. For a `spot` and `flips` that are not a legal move's, the result is
    /// some number, never a panic.
    fn key_after_move(
        &self,
        key: u64,
        spot: Spot<Self::Layout>,
        flips: Bitboard<Self::Layout>,
    ) -> u64;

    /// The key of the position after a pass ([`Position::pass_unchecked`]), from
    /// this position's `key`.
    fn key_after_pass(&self, key: u64) -> u64 {
        let mover = self.to_move();
        key ^ SIDE[mover.index()] ^ SIDE[mover.next(self.players()).index()]
    }
}

/// The key of a two-player position of layout `L`.
#[inline(always)]
fn two_player_key<L: Tables, P: Position<Layout = L>>(pos: &P) -> u64 {
    let to_move = pos.to_move();
    let (mine, theirs) = (pos.mine().bits(), pos.theirs().bits());
    let (black, white) = if to_move == Color::Black {
        (mine, theirs)
    } else {
        (theirs, mine)
    };
    let blocked = pos.blocked().bits();
    let blocked_key = if blocked.is_empty() {
        0
    } else {
        L::sparse_key(BLOCKED, blocked)
    };
    variant_key(pos.board(), 2, pos.anti())
        ^ SIDE[to_move.index()]
        ^ L::color_key(0, black)
        ^ L::color_key(1, white)
        ^ blocked_key
}

/// The key of a three- or four-player position of layout `L`.
fn multi_player_key<L: Tables, P: Position<Layout = L>>(pos: &P) -> u64 {
    let mut key = variant_key(pos.board(), pos.players(), pos.anti())
        ^ SIDE[pos.to_move().index()]
        ^ L::sparse_key(NEUTRAL, pos.neutral().bits())
        ^ L::sparse_key(BLOCKED, pos.blocked().bits());
    for color in Color::ALL {
        let discs = pos.discs(color).bits();
        if !discs.is_empty() {
            key ^= L::color_key(color.index(), discs);
        }
    }
    key
}

macro_rules! impl_keys {
    ($($layout:ident),*) => {$(
        impl<K: Kernel<$layout>> HashKey for TwoPlayer<$layout, K> {
            #[inline]
            fn hash_key(&self) -> u64 {
                two_player_key(self)
            }
        }

        impl<K: Kernel<$layout>> UpdateKey for TwoPlayer<$layout, K> {
            #[inline]
            fn key_after_move(
                &self,
                key: u64,
                spot: Spot<$layout>,
                flips: Bitboard<$layout>,
            ) -> u64 {
                let mut key = key
                    ^ (SIDE[0] ^ SIDE[1])
                    ^ $layout::bit_key(self.to_move().index(), spot.bit() as u32);
                // A flipped disc leaves one colour for the other: both values change.
                let mut rest = flips.bits();
                while !rest.is_empty() {
                    key ^= $layout::bit_key(BLACK_WHITE, rest.lowest());
                    rest = rest.without_lowest();
                }
                key
            }
        }

        impl<K: Kernel<$layout>> HashKey for MultiPlayer<$layout, K> {
            #[inline]
            fn hash_key(&self) -> u64 {
                multi_player_key(self)
            }
        }

        impl<K: Kernel<$layout>> UpdateKey for MultiPlayer<$layout, K> {
            fn key_after_move(
                &self,
                key: u64,
                spot: Spot<$layout>,
                flips: Bitboard<$layout>,
            ) -> u64 {
                let mover = self.to_move().index();
                let flips = flips.bits();
                let mut key = self.key_after_pass(key)
                    ^ $layout::bit_key(mover, spot.bit() as u32)
                    ^ $layout::sparse_key(mover, flips);
                // Each flipped disc leaves its colour, or stops being Neutral.
                for color in Color::ALL {
                    if color.index() != mover {
                        key ^= $layout::sparse_key(color.index(), flips & self.discs(color).bits());
                    }
                }
                key ^ $layout::sparse_key(NEUTRAL, flips & self.neutral().bits())
            }
        }
    )*};
}

impl_keys!(Grid8, Grid10);

impl HashKey for AnyPosition {
    fn hash_key(&self) -> u64 {
        match self {
            AnyPosition::TwoPlayer8(p) => p.hash_key(),
            AnyPosition::TwoPlayer10(p) => p.hash_key(),
            AnyPosition::MultiPlayer8(p) => p.hash_key(),
            AnyPosition::MultiPlayer10(p) => p.hash_key(),
        }
    }
}

/// A position that carries its hash key and keeps it up to date as it is played
/// ([`UpdateKey`] on every move and pass): a [`Position`] itself, so a search
/// written for any position runs on it unchanged and reads each node's key for
/// free.
///
/// ```
/// use reversi::hash::{HashKey, Hashed};
/// use reversi::{AnyPosition, Position, Rules, TwoPlayer8};
/// let start = Hashed::new(TwoPlayer8::try_from(AnyPosition::start(&Rules::default()))?);
/// let mut pos = start;
/// for _ in 0..10 {
///     pos = match pos.legal_moves().first() {
///         Some(spot) => pos.play_unchecked(spot),
///         None => pos.pass_unchecked(),
///     };
///     assert_eq!(pos.hash_key(), pos.position().hash_key());
/// }
/// # Ok::<_, reversi::KindError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Hashed<P> {
    position: P,
    key: u64,
}

impl<P: UpdateKey> Hashed<P> {
    /// `position` with its key, computed once.
    pub fn new(position: P) -> Hashed<P> {
        Hashed {
            key: position.hash_key(),
            position,
        }
    }

    /// The position without its key.
    pub fn position(&self) -> &P {
        &self.position
    }
}

impl<P: UpdateKey> From<P> for Hashed<P> {
    fn from(position: P) -> Hashed<P> {
        Hashed::new(position)
    }
}

impl<P: UpdateKey> HashKey for Hashed<P> {
    /// The key carried along: no computation.
    #[inline(always)]
    fn hash_key(&self) -> u64 {
        self.key
    }
}

impl<P: UpdateKey> UpdateKey for Hashed<P> {
    #[inline(always)]
    fn key_after_move(
        &self,
        key: u64,
        spot: Spot<Self::Layout>,
        flips: Bitboard<Self::Layout>,
    ) -> u64 {
        self.position.key_after_move(key, spot, flips)
    }

    #[inline(always)]
    fn key_after_pass(&self, key: u64) -> u64 {
        self.position.key_after_pass(key)
    }
}

impl<P: UpdateKey> Position for Hashed<P> {
    type Layout = P::Layout;

    fn board(&self) -> Board {
        self.position.board()
    }

    fn players(&self) -> u8 {
        self.position.players()
    }

    fn anti(&self) -> bool {
        self.position.anti()
    }

    #[inline(always)]
    fn to_move(&self) -> Color {
        self.position.to_move()
    }

    #[inline(always)]
    fn legal_moves(&self) -> Bitboard<P::Layout> {
        self.position.legal_moves()
    }

    #[inline(always)]
    fn flips_unchecked(&self, spot: Spot<P::Layout>) -> Bitboard<P::Layout> {
        self.position.flips_unchecked(spot)
    }

    #[inline(always)]
    fn play_unchecked(&self, spot: Spot<P::Layout>) -> Self {
        self.play_unchecked_with_flips(spot).0
    }

    #[inline(always)]
    fn play_unchecked_with_flips(&self, spot: Spot<P::Layout>) -> (Self, Bitboard<P::Layout>) {
        let (position, flips) = self.position.play_unchecked_with_flips(spot);
        let key = self.position.key_after_move(self.key, spot, flips);
        (Hashed { position, key }, flips)
    }

    #[inline(always)]
    fn play_unchecked_with_replies(
        &self,
        spot: Spot<P::Layout>,
    ) -> (Self, Bitboard<P::Layout>, Bitboard<P::Layout>) {
        let (position, flips, replies) = self.position.play_unchecked_with_replies(spot);
        let key = self.position.key_after_move(self.key, spot, flips);
        (Hashed { position, key }, flips, replies)
    }

    #[inline(always)]
    fn pass_unchecked(&self) -> Self {
        Hashed {
            position: self.position.pass_unchecked(),
            key: self.position.key_after_pass(self.key),
        }
    }

    fn is_over(&self) -> bool {
        self.position.is_over()
    }

    fn mobility(&self, color: Color) -> Bitboard<P::Layout> {
        self.position.mobility(color)
    }

    fn discs(&self, color: Color) -> Bitboard<P::Layout> {
        self.position.discs(color)
    }

    #[inline(always)]
    fn mine(&self) -> Bitboard<P::Layout> {
        self.position.mine()
    }

    #[inline(always)]
    fn theirs(&self) -> Bitboard<P::Layout> {
        self.position.theirs()
    }

    fn neutral(&self) -> Bitboard<P::Layout> {
        self.position.neutral()
    }

    #[inline(always)]
    fn empty(&self) -> Bitboard<P::Layout> {
        self.position.empty()
    }

    fn blocked(&self) -> Bitboard<P::Layout> {
        self.position.blocked()
    }
}
