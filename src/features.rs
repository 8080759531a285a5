//! Evaluation features: what a bot measures on a position, for every board and
//! player count, as [`Bitboard`]s (count them with [`Bitboard::len`]).
//!
//! - [`mobility`]: the moves a player would have with the turn.
//! - [`potential_mobility`]: empty squares next to another player's disc.
//! - [`frontier`]: a player's discs next to an empty square.
//! - [`corner_squares`] and [`edge_squares`]: the squares no move can flip, and the
//!   rim of the board (the octagon's cut sides and the squares beside a blocked
//!   square included); intersect them with [`Position::discs`] for occupancy.
//! - [`c_squares`] and [`x_squares`]: the squares beside a corner square, on the
//!   rim and off it, that a bot gives away corners from.
//! - [`stable`]: discs that can never flip again, a proven lower bound.
//!
//! Nothing here allocates; everything is bit-parallel on the position's layout.
//! A blocked square is a hole like the board's outside: lines stop at it, so the
//! squares beside it are edges too.

use core::sync::atomic::{AtomicU16, Ordering};

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::kernel;
use crate::layout::{Bits, Layout};
use crate::position::Position;

/// The moves `color` would have if it were its turn: the legal moves of the
/// position for the player to move; for another colour, the squares where its
/// disc would flip something (with three or four players, when there is none,
/// the empty squares next to a disc, as the rules let a player place there). During
/// the free opening, the empty centre squares. Nothing for a colour not in play.
///
/// ```
/// use reversi::{features, AnyPosition, Color, Position, Rules, TwoPlayer8};
/// //   a b c d e f g h
/// // 4 . . . W B . . .     Black (to move) has d3 c4 f5 e6;
/// // 5 . . . B W . . .     White, if it moved, e3 f4 c5 d6.
/// let start = TwoPlayer8::try_from(AnyPosition::start(&Rules::default()))?;
/// assert_eq!(features::mobility(&start, Color::Black).to_string(), "d3 c4 f5 e6");
/// assert_eq!(features::mobility(&start, Color::White).to_string(), "e3 f4 c5 d6");
/// # Ok::<_, reversi::KindError>(())
/// ```
#[inline]
pub fn mobility<P: Position>(pos: &P, color: Color) -> Bitboard<P::Layout> {
    pos.mobility(color)
}

/// The empty squares next to (by a side or a corner) a disc that is not `color`'s
/// (an opponent's, or the Neutral disc): where `color` may one day be able to move.
///
/// ```
/// use reversi::{features, AnyPosition, Color, Position, Rules, TwoPlayer8};
/// //   a b c d e f g h
/// // 3 . . x x x x . .     x: the 10 empty squares around White's d4 and e5
/// // 4 . . x W B x . .        (d4: c3 d3 e3 c4 c5; e5: f4 f5 d6 e6 f6)
/// // 5 . . x B W x . .
/// // 6 . . . x x x . .
/// let start = TwoPlayer8::try_from(AnyPosition::start(&Rules::default()))?;
/// assert_eq!(features::potential_mobility(&start, Color::Black).len(), 10);
/// # Ok::<_, reversi::KindError>(())
/// ```
#[inline]
pub fn potential_mobility<P: Position>(pos: &P, color: Color) -> Bitboard<P::Layout> {
    let others = (pos.mine() | pos.theirs()) - pos.discs(color);
    Bitboard::from_bits(kernel::neighbours::<P::Layout>(others.bits())) & pos.empty()
}

/// The discs of `color` next to (by a side or a corner) an empty square: the
/// discs a move may still reach, which good players keep few.
///
/// ```
/// use reversi::{features, Color, Game, Position, TwoPlayer8};
/// //   a b c d e f g h
/// // 1 B B B B B B B B     row 2: B on a2 is next to b3 (empty)
/// // 2 B B B B B B B B     row 3: a3 is next to b3
/// // 3 B - - - - - - -     Every other Black disc is surrounded: 2 frontier discs.
/// let game = Game::from_position_str(
///     "BBBBBBBB/BBBBBBBB/B-------/---WB---/---BW---/--------/--------/-------- W", 2, false)?;
/// let pos = TwoPlayer8::try_from(*game.position()).unwrap();
/// let front = features::frontier(&pos, Color::Black);
/// assert!(front.contains_square("a3".parse()?) && front.contains_square("a2".parse()?));
/// // Row 2 touches row 3's empties (b2 to h2 as well): a2…h2, a3, and d5/e4 in the centre.
/// assert_eq!(front.len(), 11);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn frontier<P: Position>(pos: &P, color: Color) -> Bitboard<P::Layout> {
    pos.discs(color) & Bitboard::from_bits(kernel::neighbours::<P::Layout>(pos.empty().bits()))
}

/// The squares of the board that no move can ever flip: in each of the four line
/// directions, at least one neighbour is off the board or blocked. On the square
/// boards, the four corners; on the octagon, the eight ends of its cut sides (`c1`,
/// `h1`, `a3`, `j3`, `a8`, `j8`, `c10`, `h10`), where its straight and cut sides
/// meet. (The corners of the rules' corner handicap, [`Board::corners`](crate::Board::corners), are
/// another notion: on the octagon they are `b2` and its images.)
///
/// ```
/// use reversi::{features, AnyPosition, Board, Rules, TwoPlayer10};
/// //   a b c d e f g h i j
/// // 1     C . . . . C
/// // 2   . . . . . . . .      C: a corner square of the octagon
/// // 3 C . . . . . . . . C
/// let rules = Rules::builder(Board::Octagon).build()?;
/// let pos = TwoPlayer10::try_from(AnyPosition::start(&rules)).unwrap();
/// assert_eq!(features::corner_squares(&pos).to_string(), "c1 h1 a3 j3 a8 j8 c10 h10");
/// # Ok::<_, reversi::RulesError>(())
/// ```
pub fn corner_squares<P: Position>(pos: &P) -> Bitboard<P::Layout> {
    let playable = playable(pos);
    let mut corners = playable;
    for axis in axes::<P::Layout>() {
        corners &= axis.ends(playable);
    }
    Bitboard::from_bits(corners)
}

/// The squares of the rim: those with a neighbour by a side that is off the board
/// or blocked. On 8×8 the 28 squares of the four edges; on the octagon its straight
/// and cut sides (`c1`…`h1`, `b2`, `a3`, …).
///
/// ```
/// use reversi::{features, AnyPosition, Board, Rules, TwoPlayer10, TwoPlayer8};
/// let pos = TwoPlayer8::try_from(AnyPosition::start(&Rules::default()))?;
/// assert_eq!(features::edge_squares(&pos).len(), 28);
/// //   a b c d e f g h i j
/// // 1     E E E E E E         6 + 6 on the straight sides of each kind,
/// // 2   E . . . . . . E       2 on each cut side between them: 4 * 6 + 4 * 1
/// // 3 E . . . . . . . . E
/// let rules = Rules::builder(Board::Octagon).build().unwrap();
/// let octagon = TwoPlayer10::try_from(AnyPosition::start(&rules))?;
/// assert_eq!(features::edge_squares(&octagon).len(), 28);
/// # Ok::<_, reversi::KindError>(())
/// ```
pub fn edge_squares<P: Position>(pos: &P) -> Bitboard<P::Layout> {
    let playable = playable(pos);
    let [horizontal, vertical, _, _] = axes::<P::Layout>();
    Bitboard::from_bits(playable & !(horizontal.inner(playable) & vertical.inner(playable)))
}

/// The C-squares: the squares of the rim ([`edge_squares`]) beside a corner
/// square ([`corner_squares`]) by a side or a corner, the corners themselves
/// left out. On 8×8, `b1 g1 a2 h2 a7 h7 b8 g8`; on the octagon, the squares
/// next to each end of a cut side along its two sides (`d1 b2 …`; `b2` is beside
/// `c1` and `a3` both). Blocked squares make corners and rims of their own, and
/// so C-squares.
///
/// ```
/// use reversi::{features, AnyPosition, Board, Rules, TwoPlayer10, TwoPlayer8};
/// let pos = TwoPlayer8::try_from(AnyPosition::start(&Rules::default()))?;
/// assert_eq!(features::c_squares(&pos).to_string(), "b1 g1 a2 h2 a7 h7 b8 g8");
/// let rules = Rules::builder(Board::Octagon).build().unwrap();
/// let octagon = TwoPlayer10::try_from(AnyPosition::start(&rules))?;
/// assert_eq!(
///     features::c_squares(&octagon).to_string(),
///     "d1 g1 b2 i2 a4 j4 a7 j7 b9 i9 d10 g10"
/// );
/// # Ok::<_, reversi::KindError>(())
/// ```
pub fn c_squares<P: Position>(pos: &P) -> Bitboard<P::Layout> {
    let corners = corner_squares(pos).bits();
    let beside = kernel::neighbours::<P::Layout>(corners);
    Bitboard::from_bits(beside & edge_squares(pos).bits() & !corners)
}

/// The X-squares: the squares off the rim beside a corner square by a side or a
/// corner. On 8×8, `b2 g2 b7 g7`; on the octagon, two beside each end of a cut
/// side (`c2 d2` beside `c1`, `b3 b4` beside `a3`, …).
///
/// ```
/// use reversi::{features, AnyPosition, Board, Rules, TwoPlayer10, TwoPlayer8};
/// let pos = TwoPlayer8::try_from(AnyPosition::start(&Rules::default()))?;
/// assert_eq!(features::x_squares(&pos).to_string(), "b2 g2 b7 g7");
/// let rules = Rules::builder(Board::Octagon).build().unwrap();
/// let octagon = TwoPlayer10::try_from(AnyPosition::start(&rules))?;
/// assert_eq!(
///     features::x_squares(&octagon).to_string(),
///     "c2 d2 g2 h2 b3 i3 b4 i4 b7 i7 b8 i8 c9 d9 g9 h9"
/// );
/// # Ok::<_, reversi::KindError>(())
/// ```
pub fn x_squares<P: Position>(pos: &P) -> Bitboard<P::Layout> {
    let corners = corner_squares(pos).bits();
    let beside = kernel::neighbours::<P::Layout>(corners);
    Bitboard::from_bits(beside & playable(pos) & !edge_squares(pos).bits() & !corners)
}

/// Discs of `color` that can never flip again, whatever is played: a proven lower
/// bound on the discs `color` ends the game with (with two players).
///
/// A disc is stable when, in each of the four line directions, it cannot be
/// flipped: its line in that direction is full (no empty square between the holes
/// that end it), or a neighbour along it is off the board, blocked, or a stable disc
/// of the same colour. With two players, the lines of the rim (whose squares can
/// flip along the rim only: the square boards' edges, the octagon's straight and
/// cut sides) are solved exactly, as if either player could fill any empty square
/// of the line in any order, as Edax's `get_stable_discs` does on 8×8. With three or
/// four players the rule above alone gives the bound.
///
/// ```
/// use reversi::{features, Color, Game, Position, TwoPlayer8};
/// //   a b c d e f g h
/// // 1 B B W - - - - -     a1 b1: Black from the corner; c1 White could flip back
/// // 2 B - - - - - - -     a2: Black next to the corner along the a-file
/// // 3 - - - W B - - -     (d4 e4 … in the centre: not stable)
/// let game = Game::from_position_str(
///     "BBW-----/B-------/---WB---/---BW---/--------/--------/--------/-------- W", 2, false)?;
/// let pos = TwoPlayer8::try_from(*game.position()).unwrap();
/// assert_eq!(features::stable(&pos, Color::Black).to_string(), "a1 b1 a2");
/// assert!(features::stable(&pos, Color::White).is_empty());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn stable<P: Position>(pos: &P, color: Color) -> Bitboard<P::Layout> {
    let discs = pos.discs(color).bits();
    if discs.is_empty() {
        return Bitboard::EMPTY;
    }
    let occupied = (pos.mine() | pos.theirs()).bits();
    let empty = pos.empty().bits();
    let playable = occupied | empty;
    let axes = axes::<P::Layout>();
    // Per direction: the squares where no flip can happen along it, ever (written
    // out an axis at a time, so that every shift is by a constant).
    let [h, v, d, a] = &axes;
    let full_along = |axis: &Axis<P::Layout>| playable & !axis.reach(empty, playable);
    let full = [full_along(h), full_along(v), full_along(d), full_along(a)];
    let ends = [
        h.ends(playable),
        v.ends(playable),
        d.ends(playable),
        a.ends(playable),
    ];
    let settled = [0, 1, 2, 3].map(|i| full[i] | ends[i]);
    let mut stable = discs & settled[0] & settled[1] & settled[2] & settled[3];
    if pos.players() == 2 {
        let lines = RimLines {
            playable,
            mine: discs,
            theirs: occupied ^ discs,
        };
        // One call an axis, so that each shift is by a constant.
        stable |= lines.stable(h, full[0], ends[1] & ends[2] & ends[3])
            | lines.stable(v, full[1], ends[0] & ends[2] & ends[3])
            | lines.stable(d, full[2], ends[0] & ends[1] & ends[3])
            | lines.stable(a, full[3], ends[0] & ends[1] & ends[2]);
    }
    loop {
        let mut more = discs & !stable;
        for (s, axis) in settled.iter().zip(&axes) {
            more &= *s | axis.neighbours(stable);
        }
        if more.is_empty() {
            return Bitboard::from_bits(stable);
        }
        stable |= more;
    }
}

/// The playable squares: on the board, not blocked.
fn playable<P: Position>(pos: &P) -> <P::Layout as Layout>::Bits {
    (pos.mine() | pos.theirs() | pos.empty()).bits()
}

/// One of the four line directions: a shift by `step` bits toward higher bits
/// lands on `up_mask`, toward lower bits on `down_mask` (the squares a shift may
/// reach without wrapping around a row).
struct Axis<L: Layout> {
    step: u32,
    up_mask: L::Bits,
    down_mask: L::Bits,
}

/// Horizontal, vertical, diagonal (down-right) and anti-diagonal (down-left).
#[inline(always)]
fn axes<L: Layout>() -> [Axis<L>; 4] {
    let all = L::Bits::ALL;
    [
        Axis {
            step: 1,
            up_mask: L::FROM_WEST,
            down_mask: L::FROM_EAST,
        },
        Axis {
            step: L::STRIDE,
            up_mask: all,
            down_mask: all,
        },
        Axis {
            step: L::STRIDE + 1,
            up_mask: L::FROM_WEST,
            down_mask: L::FROM_EAST,
        },
        Axis {
            step: L::STRIDE - 1,
            up_mask: L::FROM_EAST,
            down_mask: L::FROM_WEST,
        },
    ]
}

impl<L: Layout> Axis<L> {
    #[inline(always)]
    fn up(&self, x: L::Bits, times: u32) -> L::Bits {
        x << (self.step * times)
    }

    #[inline(always)]
    fn down(&self, x: L::Bits, times: u32) -> L::Bits {
        x >> (self.step * times)
    }

    /// The squares with a square of `x` beside them along this direction.
    #[inline(always)]
    fn neighbours(&self, x: L::Bits) -> L::Bits {
        (self.up(x, 1) & self.up_mask) | (self.down(x, 1) & self.down_mask)
    }

    /// The squares of `playable` with a playable neighbour on both sides.
    #[inline(always)]
    fn inner(&self, playable: L::Bits) -> L::Bits {
        playable & self.up(playable, 1) & self.up_mask & self.down(playable, 1) & self.down_mask
    }

    /// The squares of `playable` at an end of their line in this direction.
    #[inline(always)]
    fn ends(&self, playable: L::Bits) -> L::Bits {
        playable & !self.inner(playable)
    }

    /// The squares of `playable` on a line (along this direction, between holes)
    /// that holds a square of `from`.
    #[inline(always)]
    fn reach(&self, from: L::Bits, playable: L::Bits) -> L::Bits {
        // Kogge-Stone fills both ways, doubling the step: 1, 3, 7 (and 15) squares.
        let mut pro = playable & self.up_mask;
        let mut up = from | (pro & self.up(from, 1));
        pro &= self.up(pro, 1);
        up |= pro & self.up(up, 2);
        pro &= self.up(pro, 2);
        up |= pro & self.up(up, 4);
        if L::MAX_RUN > 6 {
            pro &= self.up(pro, 4);
            up |= pro & self.up(up, 8);
        }
        let mut pro = playable & self.down_mask;
        let mut down = from | (pro & self.down(from, 1));
        pro &= self.down(pro, 1);
        down |= pro & self.down(down, 2);
        pro &= self.down(pro, 2);
        down |= pro & self.down(down, 4);
        if L::MAX_RUN > 6 {
            pro &= self.down(pro, 4);
            down |= pro & self.down(down, 8);
        }
        up | down
    }
}

/// A position as [`RimLines::stable`] reads it: the playable squares and the
/// discs of the two players.
struct RimLines<B> {
    playable: B,
    mine: B,
    theirs: B,
}

impl<B: Bits> RimLines<B> {
    /// The stable discs of `mine` on the rim lines along `axis` that are not full
    /// (`full`: the squares of full lines), each solved as a line game of its own
    /// (see [`line_stable`]), a subset of `mine`. `only_here`: the playable squares
    /// at an end of their line in each of the three other directions, which only a
    /// move along `axis` can flip.
    #[inline(always)]
    fn stable<L: Layout<Bits = B>>(&self, axis: &Axis<L>, full: B, only_here: B) -> B {
        let Self {
            playable,
            mine,
            theirs,
        } = *self;
        // A rim line that holds a disc of `mine` and is not full holds one of
        // these (fullness is a property of the whole line); most positions have
        // none, and cost no fill.
        let seeds = only_here & !full & mine;
        if seeds.is_empty() {
            return B::ZERO;
        }
        // Lines made of such squares alone.
        let mixed = axis.reach(playable & !only_here, playable);
        let mut lines = axis.reach(seeds, playable) & only_here & !mixed & !full;
        let mut stable = B::ZERO;
        while !lines.is_empty() {
            // Walk the line up from its lowest square, a square as a one-bit set
            // (no bit index, no shift by a variable amount).
            let mut squares = [B::ZERO; 10];
            let (mut p, mut o, mut len) = (0u16, 0u16, 0usize);
            let mut at = B::bit(lines.lowest());
            while !at.is_empty() && len < 10 {
                squares[len] = at;
                p |= u16::from(!(mine & at).is_empty()) << len;
                o |= u16::from(!(theirs & at).is_empty()) << len;
                len += 1;
                lines &= !at;
                at = axis.up(at, 1) & axis.up_mask & playable;
            }
            let solved = line_stable(len, p, o) & p;
            for (i, &square) in squares.iter().enumerate().take(len) {
                if solved >> i & 1 != 0 {
                    stable |= square;
                }
            }
        }
        stable
    }
}

/// `3^k`.
const fn pow3(k: usize) -> usize {
    let mut p = 1;
    let mut i = 0;
    while i < k {
        p *= 3;
        i += 1;
    }
    p
}

/// Where the lines of each length start in [`LINES`]: lines of 1 to 10 squares.
const LINE_OFFSET: [usize; 11] = {
    let mut offset = [0; 11];
    let mut k = 1;
    while k < 10 {
        offset[k + 1] = offset[k] + pow3(k);
        k += 1;
    }
    offset
};

const LINE_STATES: usize = LINE_OFFSET[10] + pow3(10);

/// A line of 10 squares or fewer as a base-3 number: each set bit of `bits` is the
/// digit 1 (so `TERNARY[p] + 2 * TERNARY[o]` numbers a line's discs).
const TERNARY: [u16; 1024] = {
    let mut t = [0u16; 1024];
    let mut bits = 0;
    while bits < 1024 {
        let mut value = 0u16;
        let mut i = 10;
        while i > 0 {
            i -= 1;
            value = value * 3 + ((bits >> i) & 1) as u16;
        }
        t[bits] = value;
        bits += 1;
    }
    t
};

const UNKNOWN: u16 = u16::MAX;

/// The stable squares of every line state, filled in on first use (the same
/// value whichever thread computes it, so relaxed order suffices): 177 KB that a
/// `const` table would take minutes of compile time to compute.
static LINES: [AtomicU16; LINE_STATES] = [const { AtomicU16::new(UNKNOWN) }; LINE_STATES];

/// The discs of a line of `len` squares (`p` one player's, `o` the other's) that no
/// sequence of moves on the line flips, where either player may fill any empty
/// square at any time (flipping along the line as the rules say): exact for a line
/// whose squares can flip along it only.
fn line_stable(len: usize, p: u16, o: u16) -> u16 {
    let state = LINE_OFFSET[len] + TERNARY[p as usize] as usize + 2 * TERNARY[o as usize] as usize;
    let known = LINES[state].load(Ordering::Relaxed);
    if known != UNKNOWN {
        return known;
    }
    let full = (1u16 << len) - 1;
    let mut empty = full & !(p | o);
    let mut stable = p | o;
    while empty != 0 && stable != 0 {
        let x = empty.trailing_zeros();
        empty &= empty - 1;
        let f = line_flips(len, p, o, x);
        stable &= !f & line_stable(len, p | f | 1 << x, o & !f);
        let f = line_flips(len, o, p, x);
        stable &= !f & line_stable(len, p & !f, o | f | 1 << x);
    }
    LINES[state].store(stable, Ordering::Relaxed);
    stable
}

/// The discs of `theirs` that a disc of `mine` on square `x` of a line flips.
fn line_flips(len: usize, mine: u16, theirs: u16, x: u32) -> u16 {
    let mut flips = 0;
    for dir in [1i32, -1] {
        let mut run = 0u16;
        let mut i = x as i32 + dir;
        while i >= 0 && (i as usize) < len && theirs >> i & 1 != 0 {
            run |= 1 << i;
            i += dir;
        }
        if i >= 0 && (i as usize) < len && mine >> i & 1 != 0 {
            flips |= run;
        }
    }
    flips
}
