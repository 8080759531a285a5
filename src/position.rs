//! Positions: what stands on the board and who moves, with legal moves and play.
//!
//! [`TwoPlayer`] and [`MultiPlayer`] are generic over the bitboard [`Layout`], so a
//! search written against the [`Position`] trait compiles to code for one board
//! family and one player count, with no per-move dispatch. [`AnyPosition`] holds
//! any of the four and dispatches once, through [`AnyPosition::visit`].

use core::fmt;

use crate::bitboard::{BitIter, Bits, Grid10, Grid8, Layout};
use crate::board::Board;
use crate::color::{Cell, Color};
use crate::kernel::{self, Avx2, Kernel, Portable};
use crate::rules::{Opening, Rules};
use crate::square::{Square, SquareSet};

mod sealed {
    pub trait Sealed {}
    impl<L: crate::Layout, K: crate::Kernel> Sealed for super::TwoPlayer<L, K> {}
    impl<L: crate::Layout, K: crate::Kernel> Sealed for super::MultiPlayer<L, K> {}
}

/// The operations a search needs, on a position of one layout and player count.
///
/// Moves are bit indices of the layout ([`Layout::index`] and [`Layout::square`]
/// convert to and from [`Square`]). `play` and `pass` return the next position
/// (copy-make): undo is keeping the old one.
pub trait Position: Copy + Eq + fmt::Debug + sealed::Sealed {
    /// The bitboard layout.
    type Layout: Layout;

    /// The board.
    fn board(&self) -> Board;

    /// The number of players: 2, 3 or 4.
    fn players(&self) -> u8;

    /// The colour to move.
    fn to_move(&self) -> Color;

    /// The legal moves of the player to move, as bits of the layout. Empty when the
    /// player must pass or the game is over.
    fn legal_moves(&self) -> <Self::Layout as Layout>::Bits;

    /// The discs that the move at bit `index` flips (nothing for a placement that
    /// flips nothing). Meaningful only for a legal move.
    fn flips(&self, index: u32) -> <Self::Layout as Layout>::Bits;

    /// The position after the move at bit `index`, which must be one of
    /// [`legal_moves`](Position::legal_moves): this is the unchecked hot path. For
    /// another bit below the layout's width the result is a position that no game
    /// reaches; a bit beyond it panics in debug builds. Never undefined behaviour;
    /// [`Game::play`](crate::Game::play) is the checked way.
    fn play_unchecked(&self, index: u32) -> Self;

    /// The position after a pass, if the player to move must pass: two players
    /// only, when the mover has no move and the opponent has one.
    fn pass(&self) -> Option<Self>;

    /// Whether nobody can move any more.
    fn is_over(&self) -> bool;

    /// The discs of `color` (nothing for a colour not in play).
    fn discs(&self, color: Color) -> <Self::Layout as Layout>::Bits;

    /// The Neutral disc(s) (three players only).
    fn neutral(&self) -> <Self::Layout as Layout>::Bits;

    /// The squares where a disc may still be placed: on the board, not blocked, empty.
    fn empty(&self) -> <Self::Layout as Layout>::Bits;

    /// The blocked squares.
    fn blocked(&self) -> <Self::Layout as Layout>::Bits;
}

/// The body of perft, shared by the portable and the AVX2-compiled recursions.
macro_rules! perft_body {
    ($recurse:ident, $pos:expr, $depth:expr) => {{
        let (pos, depth) = ($pos, $depth);
        if depth == 0 {
            return 1;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return match pos.pass() {
                // SAFETY (for the AVX2 recursion): it runs only where AVX2 was detected.
                #[allow(unused_unsafe)]
                Some(next) if depth > 1 => unsafe { $recurse(&next, depth - 1) },
                // A pass at the last ply, or a finished game: one leaf either way.
                _ => 1,
            };
        }
        if depth == 1 {
            return moves.count() as u64;
        }
        if depth == 2 {
            // The last two plies without a call a node: each child counts its moves
            // (or one leaf, for a pass or a finished game).
            let mut leaves = 0;
            for index in BitIter(moves) {
                let child = pos.play_unchecked(index).legal_moves().count() as u64;
                leaves += child.max(1);
            }
            return leaves;
        }
        let mut leaves = 0;
        for index in BitIter(moves) {
            // SAFETY: as above.
            #[allow(unused_unsafe)]
            {
                leaves += unsafe { $recurse(&pos.play_unchecked(index), depth - 1) };
            }
        }
        leaves
    }};
}

/// Counts the leaves of the game tree below `pos` cut at `depth` ([RULES.md §11](crate::rules_doc)): the
/// move sequences of exactly `depth` moves, plus each finished game reached in fewer
/// moves, counted once. A pass is a move.
///
/// ```
/// use reversi::{AnyPosition, Rules};
/// let start = AnyPosition::start(&Rules::default());
/// assert_eq!(start.perft(4), 244);
/// ```
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    perft_body!(perft, pos, depth)
}

/// [`perft`] compiled for AVX2, BMI and POPCNT.
///
/// # Safety
///
/// The processor has AVX2, BMI1, BMI2, LZCNT and POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
unsafe fn perft_avx2<P: Position>(pos: &P, depth: u32) -> u64 {
    perft_body!(perft_avx2, pos, depth)
}

/// A two-player position: the discs of the player to move and of the opponent,
/// computed on with kernel `K`.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct TwoPlayer<L: Layout, K: Kernel = Portable> {
    mine: L::Bits,
    theirs: L::Bits,
    /// Every bit that is not a playable square: off the board or blocked.
    holes: L::Bits,
    /// The centre squares: while one is empty (the free opening), only they are legal.
    centre: L::Bits,
    black_to_move: bool,
    board: Board,
    kernel: K,
}

impl<L: Layout, K: Kernel> TwoPlayer<L, K> {
    #[inline(always)]
    fn empty_squares(&self) -> L::Bits {
        !(self.mine | self.theirs | self.holes)
    }

    /// The same position, computed on with another kernel.
    pub fn with_kernel<K2: Kernel>(self, kernel: K2) -> TwoPlayer<L, K2> {
        let TwoPlayer {
            mine,
            theirs,
            holes,
            centre,
            black_to_move,
            board,
            kernel: _,
        } = self;
        TwoPlayer {
            mine,
            theirs,
            holes,
            centre,
            black_to_move,
            board,
            kernel,
        }
    }
}

impl<L: Layout, K: Kernel> Position for TwoPlayer<L, K> {
    type Layout = L;

    fn board(&self) -> Board {
        self.board
    }

    fn players(&self) -> u8 {
        2
    }

    #[inline(always)]
    fn to_move(&self) -> Color {
        if self.black_to_move {
            Color::Black
        } else {
            Color::White
        }
    }

    #[inline(always)]
    fn legal_moves(&self) -> L::Bits {
        let empty = self.empty_squares();
        let opening = empty & self.centre;
        if !opening.is_empty() {
            return opening;
        }
        self.kernel
            .flipping_moves::<L>(self.mine, self.theirs, empty)
    }

    #[inline(always)]
    fn flips(&self, index: u32) -> L::Bits {
        self.kernel.flips::<L>(self.mine, self.theirs, index)
    }

    #[inline(always)]
    fn play_unchecked(&self, index: u32) -> Self {
        let x = L::Bits::bit(index);
        let flipped = self.kernel.flips::<L>(self.mine, self.theirs, index);
        TwoPlayer {
            mine: self.theirs ^ flipped,
            theirs: self.mine | flipped | x,
            black_to_move: !self.black_to_move,
            ..*self
        }
    }

    #[inline(always)]
    fn pass(&self) -> Option<Self> {
        let passed = TwoPlayer {
            mine: self.theirs,
            theirs: self.mine,
            black_to_move: !self.black_to_move,
            ..*self
        };
        (self.legal_moves().is_empty() && !passed.legal_moves().is_empty()).then_some(passed)
    }

    fn is_over(&self) -> bool {
        self.legal_moves().is_empty() && self.pass().is_none()
    }

    fn discs(&self, color: Color) -> L::Bits {
        match (color, self.black_to_move) {
            (Color::Black, true) | (Color::White, false) => self.mine,
            (Color::Black, false) | (Color::White, true) => self.theirs,
            _ => L::Bits::ZERO,
        }
    }

    fn neutral(&self) -> L::Bits {
        L::Bits::ZERO
    }

    fn empty(&self) -> L::Bits {
        self.empty_squares()
    }

    fn blocked(&self) -> L::Bits {
        // The holes on the board are the blocked squares.
        self.holes & L::board_squares(self.board)
    }
}

/// A position of three or four players: each colour's discs, and the Neutral disc,
/// computed on with kernel `K`.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct MultiPlayer<L: Layout, K: Kernel = Portable> {
    discs: [L::Bits; 4],
    neutral: L::Bits,
    /// Every bit that is not a playable square: off the board or blocked.
    holes: L::Bits,
    to_move: u8,
    players: u8,
    board: Board,
    kernel: K,
}

impl<L: Layout, K: Kernel> MultiPlayer<L, K> {
    #[inline(always)]
    fn occupied(&self) -> L::Bits {
        self.discs[0] | self.discs[1] | self.discs[2] | self.discs[3] | self.neutral
    }

    /// The same position, computed on with another kernel.
    pub fn with_kernel<K2: Kernel>(self, kernel: K2) -> MultiPlayer<L, K2> {
        let MultiPlayer {
            discs,
            neutral,
            holes,
            to_move,
            players,
            board,
            kernel: _,
        } = self;
        MultiPlayer {
            discs,
            neutral,
            holes,
            to_move,
            players,
            board,
            kernel,
        }
    }
}

impl<L: Layout, K: Kernel> Position for MultiPlayer<L, K> {
    type Layout = L;

    fn board(&self) -> Board {
        self.board
    }

    fn players(&self) -> u8 {
        self.players
    }

    #[inline(always)]
    fn to_move(&self) -> Color {
        Color::ALL[self.to_move as usize & 3]
    }

    #[inline(always)]
    fn legal_moves(&self) -> L::Bits {
        let occupied = self.occupied();
        let empty = !(occupied | self.holes);
        let mine = self.discs[self.to_move as usize & 3];
        let flipping = self
            .kernel
            .flipping_moves::<L>(mine, occupied ^ mine, empty);
        if flipping.is_empty() {
            kernel::neighbours::<L>(occupied) & empty
        } else {
            flipping
        }
    }

    #[inline(always)]
    fn flips(&self, index: u32) -> L::Bits {
        let mine = self.discs[self.to_move as usize & 3];
        self.kernel.flips::<L>(mine, self.occupied() ^ mine, index)
    }

    #[inline(always)]
    fn play_unchecked(&self, index: u32) -> Self {
        let occupied = self.occupied();
        let x = L::Bits::bit(index);
        let mover = self.to_move as usize & 3;
        let flipped =
            self.kernel
                .flips::<L>(self.discs[mover], occupied ^ self.discs[mover], index);
        let mut next = *self;
        for discs in &mut next.discs {
            *discs &= !flipped;
        }
        next.neutral &= !flipped;
        next.discs[mover] |= flipped | x;
        next.to_move = if self.to_move + 1 >= self.players {
            0
        } else {
            self.to_move + 1
        };
        next
    }

    fn pass(&self) -> Option<Self> {
        None
    }

    fn is_over(&self) -> bool {
        let occupied = self.occupied();
        (kernel::neighbours::<L>(occupied) & !(occupied | self.holes)).is_empty()
    }

    fn discs(&self, color: Color) -> L::Bits {
        self.discs[color.index()]
    }

    fn neutral(&self) -> L::Bits {
        self.neutral
    }

    fn empty(&self) -> L::Bits {
        !(self.occupied() | self.holes)
    }

    fn blocked(&self) -> L::Bits {
        // The holes on the board are the blocked squares.
        self.holes & L::board_squares(self.board)
    }
}

/// Any position, of any board and player count.
///
/// ```
/// use reversi::{AnyPosition, Board, Rules};
/// let rules = Rules::builder(Board::Size10).players(3).build()?;
/// let pos = AnyPosition::start(&rules);
/// assert_eq!(pos.legal_moves().len(), 3);
/// # Ok::<_, reversi::RulesError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub enum AnyPosition {
    /// Two players on 6×6 or 8×8.
    TwoPlayer8(TwoPlayer<Grid8>),
    /// Two players on 10×10 or the octagon.
    TwoPlayer10(TwoPlayer<Grid10>),
    /// Three or four players on 8×8.
    MultiPlayer8(MultiPlayer<Grid8>),
    /// Three or four players on 10×10 or the octagon.
    MultiPlayer10(MultiPlayer<Grid10>),
}

/// Code that runs on a position of any kind, monomorphised for each: the way to run
/// a whole search inside one dispatch (see [`AnyPosition::visit`]).
pub trait PositionVisitor {
    /// What the visit returns.
    type Output;
    /// Runs on the position.
    fn visit<P: Position>(self, pos: &P) -> Self::Output;
}

macro_rules! dispatch {
    ($self:expr, $p:ident => $body:expr) => {
        match $self {
            AnyPosition::TwoPlayer8($p) => $body,
            AnyPosition::TwoPlayer10($p) => $body,
            AnyPosition::MultiPlayer8($p) => $body,
            AnyPosition::MultiPlayer10($p) => $body,
        }
    };
}

fn layout_set<P: Position>(_: &P, bits: <P::Layout as Layout>::Bits) -> SquareSet {
    P::Layout::to_set(bits)
}

fn index_of<P: Position>(_: &P, square: Square) -> Option<u32> {
    P::Layout::index(square)
}

impl AnyPosition {
    /// The start position of a game with these rules ([RULES.md §4](crate::rules_doc) and §8).
    pub fn start(rules: &Rules) -> AnyPosition {
        let board = rules.board();
        let mut cells = [Cell::Empty; Square::NUM];
        let centre = board.centre();
        match (rules.players(), rules.opening()) {
            (2, Opening::Free) => {}
            (2, Opening::Standard) => {
                // The Othello cross: White top-left and bottom-right.
                cells[centre[0].index()] = Cell::Disc(Color::White);
                cells[centre[1].index()] = Cell::Disc(Color::Black);
                cells[centre[2].index()] = Cell::Disc(Color::Black);
                cells[centre[3].index()] = Cell::Disc(Color::White);
            }
            (players, _) => {
                // Clockwise from the top-left: top-left, top-right, bottom-right, bottom-left.
                let clockwise = [centre[0], centre[1], centre[3], centre[2]];
                for (i, sq) in clockwise.into_iter().enumerate() {
                    cells[sq.index()] = match Color::from_index(i) {
                        Some(c) if i < players as usize => Cell::Disc(c),
                        _ => Cell::Neutral,
                    };
                }
            }
        }
        if let Some(h) = rules.handicap() {
            for sq in h.corners.squares(board) {
                cells[sq.index()] = Cell::Disc(h.color);
            }
        }
        for sq in rules.blocked() {
            cells[sq.index()] = Cell::Blocked;
        }
        AnyPosition::from_cells(board, rules.players(), &cells, Color::Black)
    }

    /// The position with `cells` (indexed by [`Square::index`]; squares off the
    /// board are ignored) and `to_move` to play. The caller has checked that the
    /// colours are in play; discs of other colours are dropped.
    pub(crate) fn from_cells(
        board: Board,
        players: u8,
        cells: &[Cell; Square::NUM],
        to_move: Color,
    ) -> AnyPosition {
        fn bits<L: Layout>(board: Board, cells: &[Cell; Square::NUM], cell: Cell) -> L::Bits {
            L::from_set(
                board
                    .squares()
                    .iter()
                    .filter(|sq| cells[sq.index()] == cell)
                    .collect(),
            )
        }
        fn two<L: Layout>(
            board: Board,
            cells: &[Cell; Square::NUM],
            to_move: Color,
        ) -> TwoPlayer<L> {
            let black = bits::<L>(board, cells, Cell::Disc(Color::Black));
            let white = bits::<L>(board, cells, Cell::Disc(Color::White));
            let blocked = bits::<L>(board, cells, Cell::Blocked);
            let black_to_move = to_move == Color::Black;
            let (mine, theirs) = if black_to_move {
                (black, white)
            } else {
                (white, black)
            };
            TwoPlayer {
                mine,
                theirs,
                holes: !L::board_squares(board) | blocked,
                centre: L::from_set(board.centre().into_iter().collect()),
                black_to_move,
                board,
                kernel: Portable,
            }
        }
        fn multi<L: Layout>(
            board: Board,
            players: u8,
            cells: &[Cell; Square::NUM],
            to_move: Color,
        ) -> MultiPlayer<L> {
            let blocked = bits::<L>(board, cells, Cell::Blocked);
            let mut discs = [L::Bits::ZERO; 4];
            for c in &Color::ALL[..players as usize] {
                discs[c.index()] = bits::<L>(board, cells, Cell::Disc(*c));
            }
            MultiPlayer {
                discs,
                neutral: if players == 3 {
                    bits::<L>(board, cells, Cell::Neutral)
                } else {
                    L::Bits::ZERO
                },
                holes: !L::board_squares(board) | blocked,
                to_move: to_move.index() as u8,
                players,
                board,
                kernel: Portable,
            }
        }
        match (players, Grid8::holds(board)) {
            (2, true) => AnyPosition::TwoPlayer8(two(board, cells, to_move)),
            (2, false) => AnyPosition::TwoPlayer10(two(board, cells, to_move)),
            (_, true) => AnyPosition::MultiPlayer8(multi(board, players, cells, to_move)),
            (_, false) => AnyPosition::MultiPlayer10(multi(board, players, cells, to_move)),
        }
    }

    /// Runs `visitor` on the position, monomorphised for its kind.
    pub fn visit<V: PositionVisitor>(&self, visitor: V) -> V::Output {
        dispatch!(self, p => visitor.visit(p))
    }

    /// The board.
    pub fn board(&self) -> Board {
        dispatch!(self, p => p.board())
    }

    /// The number of players.
    pub fn players(&self) -> u8 {
        dispatch!(self, p => p.players())
    }

    /// The colour to move.
    pub fn to_move(&self) -> Color {
        dispatch!(self, p => p.to_move())
    }

    /// What stands on `square`; `None` when the board does not have it.
    pub fn cell(&self, square: Square) -> Option<Cell> {
        if !self.board().contains(square) {
            return None;
        }
        dispatch!(self, p => {
            let i = index_of(p, square)?;
            if p.blocked().has(i) {
                return Some(Cell::Blocked);
            }
            if p.neutral().has(i) {
                return Some(Cell::Neutral);
            }
            for c in Color::ALL {
                if p.discs(c).has(i) {
                    return Some(Cell::Disc(c));
                }
            }
            Some(Cell::Empty)
        })
    }

    /// The squares holding discs of `color`.
    pub fn discs(&self, color: Color) -> SquareSet {
        dispatch!(self, p => layout_set(p, p.discs(color)))
    }

    /// The number of discs of `color`: its score.
    pub fn count(&self, color: Color) -> u32 {
        dispatch!(self, p => p.discs(color).count())
    }

    /// The blocked squares.
    pub fn blocked(&self) -> SquareSet {
        dispatch!(self, p => layout_set(p, p.blocked()))
    }

    /// The empty, unblocked squares.
    pub fn empty(&self) -> SquareSet {
        dispatch!(self, p => layout_set(p, p.empty()))
    }

    /// The legal moves of the player to move.
    pub fn legal_moves(&self) -> SquareSet {
        dispatch!(self, p => layout_set(p, p.legal_moves()))
    }

    /// Whether the player to move must pass (two players only).
    pub fn must_pass(&self) -> bool {
        dispatch!(self, p => p.pass().is_some())
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        dispatch!(self, p => p.is_over())
    }

    /// The discs a move on `square` would flip, if it is legal.
    pub fn flips(&self, square: Square) -> Option<SquareSet> {
        dispatch!(self, p => {
            let i = index_of(p, square)?;
            p.legal_moves().has(i).then(|| layout_set(p, p.flips(i)))
        })
    }

    /// The position after a legal move on `square`; `None` if it is not legal.
    pub fn play(&self, square: Square) -> Option<AnyPosition> {
        self.play_with_flips(square).map(|(next, _)| next)
    }

    /// The position after a legal move on `square` and the discs it flipped, from
    /// one legality check; `None` if it is not legal.
    pub fn play_with_flips(&self, square: Square) -> Option<(AnyPosition, SquareSet)> {
        dispatch!(self, p => {
            let i = index_of(p, square)?;
            p.legal_moves()
                .has(i)
                .then(|| (wrap(p.play_unchecked(i)), layout_set(p, p.flips(i))))
        })
    }

    /// The position after a pass; `None` unless the player to move must pass.
    pub fn pass(&self) -> Option<AnyPosition> {
        dispatch!(self, p => p.pass().map(wrap))
    }

    /// Counts perft from this position (see [`perft`]), choosing the fastest
    /// kernel this processor runs once, then recursing without dispatch.
    pub fn perft(&self, depth: u32) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = Avx2::detect() {
            if avx2_extras() {
                // SAFETY: AVX2 detected, and the other features alongside.
                return dispatch!(self, p => unsafe { perft_avx2(&p.with_kernel(avx2), depth) });
            }
        }
        dispatch!(self, p => perft(p, depth))
    }

    /// Counts perft with the portable kernel only (the reference for the others).
    pub fn perft_portable(&self, depth: u32) -> u64 {
        dispatch!(self, p => perft(p, depth))
    }

    /// Runs `visitor` on the position with the fastest kernel this processor has
    /// (AVX2 where detected, else portable), chosen once: the visitor's position
    /// type carries the kernel, so its whole search runs without further dispatch.
    pub fn visit_fastest<V: PositionVisitor>(&self, visitor: V) -> V::Output {
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = Avx2::detect() {
            return dispatch!(self, p => visitor.visit(&p.with_kernel(avx2)));
        }
        self.visit(visitor)
    }
}

/// Whether the features that the AVX2-compiled perft also uses are present.
#[cfg(target_arch = "x86_64")]
fn avx2_extras() -> bool {
    #[cfg(feature = "std")]
    {
        std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(feature = "std"))]
    {
        cfg!(all(
            target_feature = "bmi1",
            target_feature = "bmi2",
            target_feature = "lzcnt",
            target_feature = "popcnt"
        ))
    }
}

/// Wraps a position of a known kind back into [`AnyPosition`].
trait Wrap {
    fn wrap(self) -> AnyPosition;
}

impl Wrap for TwoPlayer<Grid8> {
    fn wrap(self) -> AnyPosition {
        AnyPosition::TwoPlayer8(self)
    }
}
impl Wrap for TwoPlayer<Grid10> {
    fn wrap(self) -> AnyPosition {
        AnyPosition::TwoPlayer10(self)
    }
}
impl Wrap for MultiPlayer<Grid8> {
    fn wrap(self) -> AnyPosition {
        AnyPosition::MultiPlayer8(self)
    }
}
impl Wrap for MultiPlayer<Grid10> {
    fn wrap(self) -> AnyPosition {
        AnyPosition::MultiPlayer10(self)
    }
}

fn wrap<P: Wrap>(p: P) -> AnyPosition {
    p.wrap()
}

impl fmt::Debug for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AnyPosition({self})")
    }
}

impl<L: Layout, K: Kernel> fmt::Debug for TwoPlayer<L, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TwoPlayer")
            .field("board", &self.board)
            .field("to_move", &self.to_move())
            .field("mine", &L::to_set(self.mine))
            .field("theirs", &L::to_set(self.theirs))
            .field("blocked", &L::to_set(self.blocked()))
            .finish()
    }
}

impl<L: Layout, K: Kernel> fmt::Debug for MultiPlayer<L, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MultiPlayer")
            .field("board", &self.board)
            .field("to_move", &self.to_move())
            .field("discs", &self.discs.map(L::to_set))
            .field("neutral", &L::to_set(self.neutral))
            .field("blocked", &L::to_set(self.blocked()))
            .finish()
    }
}

impl fmt::Display for AnyPosition {
    /// The position string of [RULES.md §10](crate::rules_doc).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board();
        let width = board.width();
        for row in 0..width {
            if row > 0 {
                f.write_str("/")?;
            }
            for column in 0..width {
                if let Some(cell) = self.cell(Square::new(column, row)) {
                    write!(f, "{}", cell.letter())?;
                }
            }
        }
        write!(f, " {}", self.to_move().letter())
    }
}
