//! Positions: what stands on the board and who moves, with legal moves and play.
//!
//! [`TwoPlayer`] and [`MultiPlayer`] are generic over the bitboard [`Layout`] and
//! the [`Kernel`], so a search written against the [`Position`] trait compiles to
//! code for one board family, one player count and one kernel, with no per-move
//! dispatch. [`AnyPosition`] holds any of the four kinds and dispatches once,
//! through [`AnyPosition::visit`] or [`AnyPosition::visit_fastest`]; it converts
//! to and from the typed positions with `From` and `TryFrom`.

use core::fmt;
use core::hash::Hash;

use crate::bitboard::{Bitboard, Spot};
use crate::board::Board;
use crate::color::{Cell, Color};
use crate::kernel::{self, Avx2, Avx512, Kernel, Portable};
use crate::layout::{Bits, Grid10, Grid8, Layout};
use crate::moves::{Move, PlayError};
use crate::outcome::{Outcome, Scores};
use crate::rules::{Opening, Rules};
use crate::square::{Square, SquareSet};

/// The operations a search needs, on a position of one layout and player count.
///
/// Moves are [`Spot`]s of the layout: [`legal_moves`](Position::legal_moves)
/// yields them, [`play_unchecked`](Position::play_unchecked) takes them, and they
/// convert to and from [`Square`]. Play is copy-make: undo is keeping the old
/// position. The checked way to play, passes included, is
/// [`play`](Position::play) with a [`Move`].
///
/// The trait is open: a wrapper (one that keeps a hash key up to date, say) may
/// implement it around a position of this crate.
///
/// ```
/// use reversi::{AnyPosition, Position, Rules, TwoPlayer8};
/// // Negamax to a fixed depth on the disc margin, written for any position.
/// fn negamax<P: Position>(pos: &P, depth: u32) -> i32 {
///     if depth == 0 || pos.is_over() {
///         return pos.margin();
///     }
///     let moves = pos.legal_moves();
///     if moves.is_empty() {
///         return -negamax(&pos.pass_unchecked(), depth - 1);
///     }
///     moves
///         .iter()
///         .map(|m| -negamax(&pos.play_unchecked(m), depth - 1))
///         .max()
///         .unwrap_or(i32::MIN + 1)
/// }
/// let start = TwoPlayer8::try_from(AnyPosition::start(&Rules::default()))?;
/// assert_eq!(negamax(&start, 3), 3); // Black, moving first, leads by 3 discs
/// # Ok::<_, reversi::KindError>(())
/// ```
pub trait Position: Copy + Eq + Hash + fmt::Debug {
    /// The bitboard layout.
    type Layout: Layout;

    /// The board.
    fn board(&self) -> Board;

    /// The number of players: 2, 3 or 4.
    fn players(&self) -> u8;

    /// Whether this is Anti-Reversi (the fewest discs win).
    fn anti(&self) -> bool;

    /// The colour to move.
    fn to_move(&self) -> Color;

    /// The legal moves of the player to move. Empty when the player must pass or
    /// the game is over.
    fn legal_moves(&self) -> Bitboard<Self::Layout>;

    /// The discs that the move at `spot` flips (nothing for a placement that flips
    /// nothing). Meaningful only for a legal move.
    fn flips(&self, spot: Spot<Self::Layout>) -> Bitboard<Self::Layout>;

    /// The position after the move at `spot`, which must be one of
    /// [`legal_moves`](Position::legal_moves): this is the unchecked hot path. For
    /// another spot the result is a position that no game reaches; never undefined
    /// behaviour. [`play`](Position::play) is the checked way.
    fn play_unchecked(&self, spot: Spot<Self::Layout>) -> Self;

    /// [`play_unchecked`](Position::play_unchecked) that also returns the discs it
    /// flipped, computed once: what an incremental hash key or evaluation needs.
    fn play_unchecked_with_flips(
        &self,
        spot: Spot<Self::Layout>,
    ) -> (Self, Bitboard<Self::Layout>) {
        (self.play_unchecked(spot), self.flips(spot))
    }

    /// The position with the turn handed to the next player and nothing placed:
    /// the pass of a player with no legal move, unchecked. A search that has
    /// found [`legal_moves`](Position::legal_moves) empty calls it without
    /// recomputing them; if the next player has no move either, the game is over.
    /// Three or four players never pass, and have no legal move only once the game
    /// is over.
    fn pass_unchecked(&self) -> Self;

    /// Whether nobody can move any more.
    fn is_over(&self) -> bool;

    /// The discs of `color` (nothing for a colour not in play).
    fn discs(&self, color: Color) -> Bitboard<Self::Layout>;

    /// The discs of the player to move.
    fn mine(&self) -> Bitboard<Self::Layout>;

    /// Every other disc: the opponents' and the Neutral disc.
    fn theirs(&self) -> Bitboard<Self::Layout>;

    /// The Neutral disc(s) (three players only).
    fn neutral(&self) -> Bitboard<Self::Layout>;

    /// The squares where a disc may still be placed: on the board, not blocked, empty.
    fn empty(&self) -> Bitboard<Self::Layout>;

    /// The blocked squares.
    fn blocked(&self) -> Bitboard<Self::Layout>;

    /// Whether the player to move must pass: no legal move, and the game goes on
    /// (two players only).
    fn must_pass(&self) -> bool {
        self.legal_moves().is_empty() && !self.is_over()
    }

    /// The position after a pass, if the player to move must pass.
    fn pass(&self) -> Option<Self> {
        self.must_pass().then(|| self.pass_unchecked())
    }

    /// Whether `mv` is legal now: a legal placement, or a pass when the player
    /// must pass.
    fn is_legal(&self, mv: Move) -> bool {
        match mv {
            Move::Place(square) => self.legal_moves().contains_square(square),
            Move::Pass => self.must_pass(),
        }
    }

    /// The position after `mv`, or why it is not legal.
    ///
    /// ```
    /// use reversi::{AnyPosition, Move, PlayError, Position, Rules, TwoPlayer8};
    /// let start = TwoPlayer8::try_from(AnyPosition::start(&Rules::default()))?;
    /// let next = start.play(Move::Place("f5".parse()?))?;
    /// assert_eq!(next.mine().len(), 1);
    /// assert_eq!(start.play(Move::Pass), Err(PlayError::MayNotPass(reversi::Color::Black)));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    fn play(&self, mv: Move) -> Result<Self, PlayError> {
        self.play_with_flips(mv).map(|(next, _)| next)
    }

    /// [`play`](Position::play) that also returns the discs the move flipped
    /// (nothing for a pass or a placement that flips nothing).
    fn play_with_flips(&self, mv: Move) -> Result<(Self, Bitboard<Self::Layout>), PlayError> {
        match mv {
            Move::Place(square) => match Spot::from_square(square) {
                Some(spot) if self.legal_moves().contains(spot) => {
                    Ok(self.play_unchecked_with_flips(spot))
                }
                _ => Err(why_illegal(self, square)),
            },
            Move::Pass if self.is_over() => Err(PlayError::GameOver),
            Move::Pass if self.players() > 2 => Err(PlayError::NoPassing),
            Move::Pass if !self.legal_moves().is_empty() => {
                Err(PlayError::MayNotPass(self.to_move()))
            }
            Move::Pass => Ok((self.pass_unchecked(), Bitboard::EMPTY)),
        }
    }

    /// Each colour's disc count.
    fn scores(&self) -> Scores {
        let mut counts = [0; 4];
        for color in Color::in_play(self.players()) {
            counts[color.index()] = self.discs(*color).len() as u32;
        }
        Scores::new(counts, self.players())
    }

    /// The outcome, once the game is over.
    fn outcome(&self) -> Option<Outcome> {
        self.is_over()
            .then(|| Outcome::from_scores(&self.scores(), self.anti()))
    }

    /// The disc margin of the player to move: their discs minus the most discs of
    /// another player (Anti-Reversi: the fewest discs of another player minus
    /// theirs), so that it is positive when the player to move is ahead. Neutral
    /// discs count for nobody.
    fn margin(&self) -> i32 {
        let mine = self.mine().len() as i32;
        let others = Color::in_play(self.players())
            .iter()
            .filter(|&&c| c != self.to_move())
            .map(|&c| self.discs(c).len() as i32);
        if self.anti() {
            others.min().unwrap_or(0) - mine
        } else {
            mine - others.max().unwrap_or(0)
        }
    }

    /// The final margin of the player to move, with the empty squares counted for
    /// the winner (the FFO and WTHOR convention; a draw stays 0): the exact score
    /// an endgame solver reports. Meant for a finished game; before the end it
    /// counts the empty squares as if the game stopped now.
    ///
    /// ```
    /// use reversi::{Game, Position, TwoPlayer8};
    /// // White wiped out with 59 empty squares left (a 9-move game).
    /// let game = Game::from_position_str(
    ///     "--------/--------/--------/---BBB--/---BBB--/---B----/--------/-------- W", 2, false)?;
    /// let pos = TwoPlayer8::try_from(*game.position()).unwrap();
    /// assert!(pos.is_over());
    /// assert_eq!(pos.final_margin(), -64);
    /// # Ok::<_, reversi::PositionError>(())
    /// ```
    fn final_margin(&self) -> i32 {
        let margin = self.margin();
        let empties = self.empty().len() as i32;
        margin.signum() * (margin.abs() + empties)
    }
}

/// Why `square` is not a legal move of `pos`.
fn why_illegal<P: Position>(pos: &P, square: Square) -> PlayError {
    let cell = Spot::<P::Layout>::from_square(square)
        .filter(|_| pos.board().contains(square))
        .map(|spot| {
            if pos.blocked().contains(spot) {
                Cell::Blocked
            } else if pos.empty().contains(spot) {
                Cell::Empty
            } else {
                Cell::Neutral
            }
        });
    match cell {
        _ if pos.is_over() => PlayError::GameOver,
        None => PlayError::OffBoard(square),
        Some(Cell::Blocked) => PlayError::Blocked(square),
        Some(Cell::Empty) => {
            let legal = pos.legal_moves();
            let centre_open = pos.players() == 2
                && pos
                    .board()
                    .centre()
                    .iter()
                    .any(|&c| pos.empty().contains_square(c));
            let placing = legal.first().is_some_and(|m| pos.flips(m).is_empty());
            if centre_open {
                PlayError::OutsideCentre(square)
            } else if pos.players() > 2 && placing {
                PlayError::NotAdjacent(square)
            } else {
                PlayError::FlipsNothing(square)
            }
        }
        Some(_) => PlayError::Occupied(square),
    }
}

/// Counts the leaves of the game tree below `pos` cut at `depth` (see the rules
/// document's perft section): the move sequences of exactly `depth` moves, plus
/// each finished game reached in fewer moves, counted once. A pass is a move.
///
/// Compiled three times (the `multiversion` crate): for every x86-64, for x86-64
/// with AVX2 and BMI, and for x86-64 with the AVX-512 set of [`Avx512`], and run
/// in the last one this processor has: with a position that carries the
/// [`Avx2`] or [`Avx512`] kernel, the kernel is inlined.
///
/// ```
/// use reversi::{AnyPosition, Rules};
/// let start = AnyPosition::start(&Rules::default());
/// assert_eq!(start.perft(4), 244);
/// ```
#[multiversion::multiversion(targets(
    "x86_64+avx2+avx512f+avx512vl+avx512cd+bmi1+bmi2+lzcnt+popcnt",
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

/// Evaluates `$body` with `$kernel` bound to the fastest kernel this processor has:
/// [`Avx512`], else [`Avx2`], else [`Portable`] (the order of
/// [`kernel::fastest_name`]). Each arm is compiled for its own kernel type.
macro_rules! with_fastest_kernel {
    (|$kernel:ident| $body:expr) => {
        if let Some($kernel) = Avx512::detect() {
            $body
        } else if let Some($kernel) = Avx2::detect() {
            $body
        } else {
            let $kernel = Portable;
            $body
        }
    };
}

/// A two-player position: the discs of the player to move and of the opponent,
/// computed on with kernel `K`.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct TwoPlayer<L: Layout, K: Kernel<L> = Portable> {
    mine: L::Bits,
    theirs: L::Bits,
    /// Every bit that is not a playable square: off the board or blocked.
    holes: L::Bits,
    /// The centre squares: while one is empty (the free opening), only they are legal.
    centre: L::Bits,
    black_to_move: bool,
    anti: bool,
    board: Board,
    kernel: K,
}

/// A two-player position on 8×8 or 6×6.
pub type TwoPlayer8<K = Portable> = TwoPlayer<Grid8, K>;
/// A two-player position on 10×10 or the octagon.
pub type TwoPlayer10<K = Portable> = TwoPlayer<Grid10, K>;
/// A position of three or four players on 8×8.
pub type MultiPlayer8<K = Portable> = MultiPlayer<Grid8, K>;
/// A position of three or four players on 10×10 or the octagon.
pub type MultiPlayer10<K = Portable> = MultiPlayer<Grid10, K>;

impl<L: Layout, K: Kernel<L>> TwoPlayer<L, K> {
    #[inline(always)]
    fn empty_squares(&self) -> L::Bits {
        !(self.mine | self.theirs | self.holes)
    }

    /// The same position, computed on with another kernel.
    pub fn with_kernel<K2: Kernel<L>>(self, kernel: K2) -> TwoPlayer<L, K2> {
        let TwoPlayer {
            mine,
            theirs,
            holes,
            centre,
            black_to_move,
            anti,
            board,
            kernel: _,
        } = self;
        TwoPlayer {
            mine,
            theirs,
            holes,
            centre,
            black_to_move,
            anti,
            board,
            kernel,
        }
    }

    /// Runs `visitor` on this position carrying the fastest kernel this processor
    /// has ([`Avx512`], else [`Avx2`], else [`Portable`]), chosen once: the way
    /// into a search written for one layout.
    pub fn visit_fastest<V: PositionVisitor>(&self, visitor: V) -> V::Output
    where
        Avx2: Kernel<L>,
        Avx512: Kernel<L>,
    {
        with_fastest_kernel!(|kernel| visitor.visit(&self.with_kernel(kernel)))
    }
}

impl<L: Layout, K: Kernel<L>> Position for TwoPlayer<L, K> {
    type Layout = L;

    fn board(&self) -> Board {
        self.board
    }

    fn players(&self) -> u8 {
        2
    }

    fn anti(&self) -> bool {
        self.anti
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
    fn legal_moves(&self) -> Bitboard<L> {
        let empty = self.empty_squares();
        let opening = empty & self.centre;
        if !opening.is_empty() {
            return Bitboard::from_square_bits(opening);
        }
        Bitboard::from_square_bits(self.kernel.flipping_moves(self.mine, self.theirs, empty))
    }

    #[inline(always)]
    fn flips(&self, spot: Spot<L>) -> Bitboard<L> {
        Bitboard::from_square_bits(
            self.kernel
                .flips(self.mine, self.theirs, spot.index() as u32),
        )
    }

    #[inline(always)]
    fn play_unchecked(&self, spot: Spot<L>) -> Self {
        self.play_unchecked_with_flips(spot).0
    }

    #[inline(always)]
    fn play_unchecked_with_flips(&self, spot: Spot<L>) -> (Self, Bitboard<L>) {
        let index = spot.index() as u32;
        let flipped = self.kernel.flips(self.mine, self.theirs, index);
        let next = TwoPlayer {
            mine: self.theirs ^ flipped,
            theirs: self.mine | flipped | L::Bits::bit(index),
            black_to_move: !self.black_to_move,
            ..*self
        };
        (next, Bitboard::from_square_bits(flipped))
    }

    #[inline(always)]
    fn pass_unchecked(&self) -> Self {
        TwoPlayer {
            mine: self.theirs,
            theirs: self.mine,
            black_to_move: !self.black_to_move,
            ..*self
        }
    }

    fn is_over(&self) -> bool {
        self.legal_moves().is_empty() && self.pass_unchecked().legal_moves().is_empty()
    }

    fn discs(&self, color: Color) -> Bitboard<L> {
        Bitboard::from_square_bits(match (color, self.black_to_move) {
            (Color::Black, true) | (Color::White, false) => self.mine,
            (Color::Black, false) | (Color::White, true) => self.theirs,
            _ => L::Bits::ZERO,
        })
    }

    #[inline(always)]
    fn mine(&self) -> Bitboard<L> {
        Bitboard::from_square_bits(self.mine)
    }

    #[inline(always)]
    fn theirs(&self) -> Bitboard<L> {
        Bitboard::from_square_bits(self.theirs)
    }

    fn neutral(&self) -> Bitboard<L> {
        Bitboard::EMPTY
    }

    #[inline(always)]
    fn empty(&self) -> Bitboard<L> {
        Bitboard::from_square_bits(self.empty_squares())
    }

    fn blocked(&self) -> Bitboard<L> {
        // The holes on the board are the blocked squares.
        Bitboard::from_square_bits(self.holes & L::board_squares(self.board))
    }
}

/// A position of three or four players: each colour's discs, and the Neutral disc,
/// computed on with kernel `K`.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct MultiPlayer<L: Layout, K: Kernel<L> = Portable> {
    discs: [L::Bits; 4],
    neutral: L::Bits,
    /// Every disc, Neutral included: kept, not recomputed, on the hot path.
    occupied: L::Bits,
    /// Every bit that is not a playable square: off the board or blocked.
    holes: L::Bits,
    to_move: u8,
    players: u8,
    anti: bool,
    board: Board,
    kernel: K,
}

impl<L: Layout, K: Kernel<L>> MultiPlayer<L, K> {
    #[inline(always)]
    fn occupied(&self) -> L::Bits {
        self.occupied
    }

    #[inline(always)]
    fn mover(&self) -> usize {
        self.to_move as usize & 3
    }

    /// The same position, computed on with another kernel.
    pub fn with_kernel<K2: Kernel<L>>(self, kernel: K2) -> MultiPlayer<L, K2> {
        let MultiPlayer {
            discs,
            neutral,
            occupied,
            holes,
            to_move,
            players,
            anti,
            board,
            kernel: _,
        } = self;
        MultiPlayer {
            discs,
            neutral,
            occupied,
            holes,
            to_move,
            players,
            anti,
            board,
            kernel,
        }
    }

    /// Runs `visitor` on this position carrying the fastest kernel this processor
    /// has, chosen once (see [`TwoPlayer::visit_fastest`]).
    pub fn visit_fastest<V: PositionVisitor>(&self, visitor: V) -> V::Output
    where
        Avx2: Kernel<L>,
        Avx512: Kernel<L>,
    {
        with_fastest_kernel!(|kernel| visitor.visit(&self.with_kernel(kernel)))
    }
}

impl<L: Layout, K: Kernel<L>> Position for MultiPlayer<L, K> {
    type Layout = L;

    fn board(&self) -> Board {
        self.board
    }

    fn players(&self) -> u8 {
        self.players
    }

    fn anti(&self) -> bool {
        self.anti
    }

    #[inline(always)]
    fn to_move(&self) -> Color {
        Color::ALL[self.mover()]
    }

    #[inline(always)]
    fn legal_moves(&self) -> Bitboard<L> {
        let occupied = self.occupied();
        let empty = !(occupied | self.holes);
        let mine = self.discs[self.mover()];
        let flipping = self.kernel.flipping_moves(mine, occupied ^ mine, empty);
        Bitboard::from_square_bits(if flipping.is_empty() {
            kernel::neighbours::<L>(occupied) & empty
        } else {
            flipping
        })
    }

    #[inline(always)]
    fn flips(&self, spot: Spot<L>) -> Bitboard<L> {
        let mine = self.discs[self.mover()];
        Bitboard::from_square_bits(self.kernel.flips(
            mine,
            self.occupied() ^ mine,
            spot.index() as u32,
        ))
    }

    #[inline(always)]
    fn play_unchecked(&self, spot: Spot<L>) -> Self {
        self.play_unchecked_with_flips(spot).0
    }

    #[inline(always)]
    fn play_unchecked_with_flips(&self, spot: Spot<L>) -> (Self, Bitboard<L>) {
        let index = spot.index() as u32;
        let occupied = self.occupied();
        let mover = self.mover();
        let flipped = self
            .kernel
            .flips(self.discs[mover], occupied ^ self.discs[mover], index);
        let mut next = *self;
        for discs in &mut next.discs {
            *discs &= !flipped;
        }
        next.neutral &= !flipped;
        next.discs[mover] |= flipped | L::Bits::bit(index);
        next.occupied |= L::Bits::bit(index);
        next.to_move = self.next_to_move();
        (next, Bitboard::from_square_bits(flipped))
    }

    #[inline(always)]
    fn pass_unchecked(&self) -> Self {
        MultiPlayer {
            to_move: self.next_to_move(),
            ..*self
        }
    }

    fn is_over(&self) -> bool {
        let occupied = self.occupied();
        (kernel::neighbours::<L>(occupied) & !(occupied | self.holes)).is_empty()
    }

    fn discs(&self, color: Color) -> Bitboard<L> {
        Bitboard::from_square_bits(self.discs[color.index()])
    }

    #[inline(always)]
    fn mine(&self) -> Bitboard<L> {
        Bitboard::from_square_bits(self.discs[self.mover()])
    }

    #[inline(always)]
    fn theirs(&self) -> Bitboard<L> {
        Bitboard::from_square_bits(self.occupied() ^ self.discs[self.mover()])
    }

    fn neutral(&self) -> Bitboard<L> {
        Bitboard::from_square_bits(self.neutral)
    }

    fn empty(&self) -> Bitboard<L> {
        Bitboard::from_square_bits(!(self.occupied() | self.holes))
    }

    fn blocked(&self) -> Bitboard<L> {
        // The holes on the board are the blocked squares.
        Bitboard::from_square_bits(self.holes & L::board_squares(self.board))
    }
}

impl<L: Layout, K: Kernel<L>> MultiPlayer<L, K> {
    #[inline(always)]
    fn next_to_move(&self) -> u8 {
        if self.to_move + 1 >= self.players {
            0
        } else {
            self.to_move + 1
        }
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

/// A position converted to a typed position of another kind.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("a {found} position is not a {expected} position")]
pub struct KindError {
    /// The kind asked for.
    pub expected: &'static str,
    /// The kind of the position.
    pub found: &'static str,
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

macro_rules! kinds {
    ($($variant:ident: $ty:ident<$layout:ident>, $name:literal;)*) => {
        impl AnyPosition {
            /// The kind of position, as [`KindError`] names it.
            pub fn kind(&self) -> &'static str {
                match self {
                    $(AnyPosition::$variant(_) => $name,)*
                }
            }
        }
        $(
            impl<K: Kernel<$layout>> From<$ty<$layout, K>> for AnyPosition {
                fn from(pos: $ty<$layout, K>) -> AnyPosition {
                    AnyPosition::$variant(pos.with_kernel(Portable))
                }
            }

            impl TryFrom<AnyPosition> for $ty<$layout> {
                type Error = KindError;
                fn try_from(pos: AnyPosition) -> Result<Self, KindError> {
                    match pos {
                        AnyPosition::$variant(p) => Ok(p),
                        other => Err(KindError { expected: $name, found: other.kind() }),
                    }
                }
            }
        )*
    };
}

kinds! {
    TwoPlayer8: TwoPlayer<Grid8>, "two-player 8x8 or 6x6";
    TwoPlayer10: TwoPlayer<Grid10>, "two-player 10x10 or octagon";
    MultiPlayer8: MultiPlayer<Grid8>, "multi-player 8x8";
    MultiPlayer10: MultiPlayer<Grid10>, "multi-player 10x10 or octagon";
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
        AnyPosition::from_cells(board, rules.players(), rules.anti(), &cells, Color::Black)
    }

    /// The position with `cells` (indexed by [`Square::index`]; squares off the
    /// board are ignored) and `to_move` to play. The caller has checked that the
    /// colours are in play; discs of other colours are dropped.
    pub(crate) fn from_cells(
        board: Board,
        players: u8,
        anti: bool,
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
            anti: bool,
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
                anti,
                board,
                kernel: Portable,
            }
        }
        fn multi<L: Layout>(
            board: Board,
            players: u8,
            anti: bool,
            cells: &[Cell; Square::NUM],
            to_move: Color,
        ) -> MultiPlayer<L> {
            let blocked = bits::<L>(board, cells, Cell::Blocked);
            let mut discs = [L::Bits::ZERO; 4];
            for c in Color::in_play(players) {
                discs[c.index()] = bits::<L>(board, cells, Cell::Disc(*c));
            }
            let neutral = if players == 3 {
                bits::<L>(board, cells, Cell::Neutral)
            } else {
                L::Bits::ZERO
            };
            MultiPlayer {
                discs,
                neutral,
                occupied: discs[0] | discs[1] | discs[2] | discs[3] | neutral,
                holes: !L::board_squares(board) | blocked,
                to_move: to_move.index() as u8,
                players,
                anti,
                board,
                kernel: Portable,
            }
        }
        match (players, Grid8::holds(board)) {
            (2, true) => AnyPosition::TwoPlayer8(two(board, anti, cells, to_move)),
            (2, false) => AnyPosition::TwoPlayer10(two(board, anti, cells, to_move)),
            (_, true) => AnyPosition::MultiPlayer8(multi(board, players, anti, cells, to_move)),
            (_, false) => AnyPosition::MultiPlayer10(multi(board, players, anti, cells, to_move)),
        }
    }

    /// Runs `visitor` on the position, monomorphised for its kind, with the
    /// portable kernel.
    pub fn visit<V: PositionVisitor>(&self, visitor: V) -> V::Output {
        dispatch!(self, p => visitor.visit(p))
    }

    /// Runs `visitor` on the position with the fastest kernel this processor has
    /// ([`Avx512`], else [`Avx2`], else [`Portable`]), chosen once: the visitor's position
    /// type carries the kernel, so its whole search runs without further dispatch.
    /// For full speed, compile the search for the same processor features with the
    /// `multiversion` crate, as the README's "Writing a search" shows.
    pub fn visit_fastest<V: PositionVisitor>(&self, visitor: V) -> V::Output {
        dispatch!(self, p => p.visit_fastest(visitor))
    }

    /// The board.
    pub fn board(&self) -> Board {
        dispatch!(self, p => p.board())
    }

    /// The number of players.
    pub fn players(&self) -> u8 {
        dispatch!(self, p => p.players())
    }

    /// Whether this is Anti-Reversi (the fewest discs win).
    pub fn anti(&self) -> bool {
        dispatch!(self, p => p.anti())
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
            let spot = Spot::from_square(square)?;
            if p.blocked().contains(spot) {
                return Some(Cell::Blocked);
            }
            if p.neutral().contains(spot) {
                return Some(Cell::Neutral);
            }
            for c in Color::ALL {
                if p.discs(c).contains(spot) {
                    return Some(Cell::Disc(c));
                }
            }
            Some(Cell::Empty)
        })
    }

    /// The squares holding discs of `color`.
    pub fn discs(&self, color: Color) -> SquareSet {
        dispatch!(self, p => p.discs(color).to_squares())
    }

    /// The number of discs of `color`: its score.
    pub fn count(&self, color: Color) -> u32 {
        dispatch!(self, p => p.discs(color).len() as u32)
    }

    /// The blocked squares.
    pub fn blocked(&self) -> SquareSet {
        dispatch!(self, p => p.blocked().to_squares())
    }

    /// The empty, unblocked squares.
    pub fn empty(&self) -> SquareSet {
        dispatch!(self, p => p.empty().to_squares())
    }

    /// The legal moves of the player to move.
    pub fn legal_moves(&self) -> SquareSet {
        dispatch!(self, p => p.legal_moves().to_squares())
    }

    /// Whether `mv` is legal now.
    pub fn is_legal(&self, mv: Move) -> bool {
        dispatch!(self, p => p.is_legal(mv))
    }

    /// Whether the player to move must pass (two players only).
    pub fn must_pass(&self) -> bool {
        dispatch!(self, p => p.must_pass())
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        dispatch!(self, p => p.is_over())
    }

    /// Each colour's disc count.
    pub fn scores(&self) -> Scores {
        dispatch!(self, p => p.scores())
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, p => p.outcome())
    }

    /// The disc margin of the player to move (see [`Position::margin`]).
    pub fn margin(&self) -> i32 {
        dispatch!(self, p => p.margin())
    }

    /// The final margin of the player to move, empties to the winner (see
    /// [`Position::final_margin`]).
    pub fn final_margin(&self) -> i32 {
        dispatch!(self, p => p.final_margin())
    }

    /// The discs a move on `square` would flip, if it is legal.
    pub fn flips(&self, square: Square) -> Option<SquareSet> {
        dispatch!(self, p => {
            let spot = Spot::from_square(square)?;
            p.legal_moves().contains(spot).then(|| p.flips(spot).to_squares())
        })
    }

    /// The position after `mv`, or why it is not legal.
    pub fn play(&self, mv: Move) -> Result<AnyPosition, PlayError> {
        self.play_with_flips(mv).map(|(next, _)| next)
    }

    /// The position after `mv` and the discs it flipped, from one legality
    /// check, or why it is not legal.
    pub fn play_with_flips(&self, mv: Move) -> Result<(AnyPosition, SquareSet), PlayError> {
        dispatch!(self, p => p
            .play_with_flips(mv)
            .map(|(next, flips)| (AnyPosition::from(next), flips.to_squares())))
    }

    /// The position after a pass; `None` unless the player to move must pass.
    pub fn pass(&self) -> Option<AnyPosition> {
        dispatch!(self, p => p.pass().map(AnyPosition::from))
    }

    /// Counts perft from this position (see [`perft`]) with the fastest kernel
    /// this processor has, chosen once, then recursing without dispatch.
    pub fn perft(&self, depth: u32) -> u64 {
        self.visit_fastest(Perft(depth))
    }

    /// Counts perft with the portable kernel only (the reference for the others).
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

impl fmt::Debug for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AnyPosition({self})")
    }
}

impl<L: Layout, K: Kernel<L>> fmt::Debug for TwoPlayer<L, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TwoPlayer")
            .field("board", &self.board)
            .field("to_move", &self.to_move())
            .field("anti", &self.anti)
            .field("mine", &self.mine())
            .field("theirs", &self.theirs())
            .field("blocked", &self.blocked())
            .finish()
    }
}

impl<L: Layout, K: Kernel<L>> fmt::Debug for MultiPlayer<L, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MultiPlayer")
            .field("board", &self.board)
            .field("to_move", &self.to_move())
            .field("anti", &self.anti)
            .field("discs", &self.discs.map(Bitboard::<L>::from_square_bits))
            .field("neutral", &self.neutral())
            .field("blocked", &self.blocked())
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

/// Positions rebuilt from bitboards of the same board: the images of a position under
/// a symmetry (`src/symmetry.rs`). Kept apart from the hot path above.
impl<L: Layout, K: Kernel<L>> TwoPlayer<L, K> {
    /// This position with the discs and blocked squares replaced (the same board,
    /// player to move, options and kernel). The board's centre is the same under
    /// every symmetry, so the free-opening mask stays.
    pub(crate) fn with_squares(&self, mine: L::Bits, theirs: L::Bits, blocked: L::Bits) -> Self {
        let board = L::board_squares(self.board);
        TwoPlayer {
            mine: mine & board,
            theirs: theirs & board & !mine,
            holes: !board | blocked,
            ..*self
        }
    }
}

/// Positions rebuilt from bitboards of the same board (see above).
impl<L: Layout, K: Kernel<L>> MultiPlayer<L, K> {
    /// This position with every colour's discs, the Neutral discs and the blocked
    /// squares replaced (the same board, player to move, options and kernel).
    pub(crate) fn with_squares(
        &self,
        discs: [L::Bits; 4],
        neutral: L::Bits,
        blocked: L::Bits,
    ) -> Self {
        let board = L::board_squares(self.board);
        let discs = discs.map(|d| d & board);
        let neutral = neutral & board;
        MultiPlayer {
            discs,
            neutral,
            occupied: discs[0] | discs[1] | discs[2] | discs[3] | neutral,
            holes: !board | blocked,
            ..*self
        }
    }
}
