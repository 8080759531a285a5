//! Two-player positions: the discs of the player to move and of the opponent.

use core::fmt;
use core::hash::Hash;

use super::{LayoutVisitor, Position, PositionVisitor, SearchPosition};
use crate::bitboard::{Bitboard, Spot};
use crate::board::Board;
use crate::color::Cell;
use crate::color::Color;
use crate::kernel::{Avx2, Avx512, Kernel, Portable};
use crate::layout::{Bits, Grid10, Grid8, Layout};
use crate::setup::{Setup, SetupError};

/// A two-player position: the discs of the player to move and of the opponent,
/// computed on with kernel `K`.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct TwoPlayer<L: Layout, K: Kernel<L> = Portable> {
    pub(super) mine: L::Bits,
    pub(super) theirs: L::Bits,
    /// Every bit that is not a playable square: off the board or blocked.
    pub(super) holes: L::Bits,
    /// The empty centre squares: while there is one (the free opening), only they
    /// are legal. Kept up to date on play rather than recomputed from the empty
    /// squares, so that once it is empty a search compiles the test away below it.
    pub(super) opening: L::Bits,
    pub(super) black_to_move: bool,
    pub(super) anti: bool,
    pub(super) board: Board,
    pub(super) kernel: K,
}

/// A two-player position on 8×8 or 6×6.
pub type TwoPlayer8<K = Portable> = TwoPlayer<Grid8, K>;
/// A two-player position on 10×10 or the octagon.
pub type TwoPlayer10<K = Portable> = TwoPlayer<Grid10, K>;

impl<L: Layout, K: Kernel<L>> TwoPlayer<L, K> {
    #[inline(always)]
    fn empty_squares(&self) -> L::Bits {
        !(self.mine | self.theirs | self.holes)
    }

    /// The moves of the side with discs `mine` against `theirs`. The free opening
    /// (RULES.md §6), written once: while a centre square is empty, the empty
    /// centre squares are the only moves.
    #[inline(always)]
    fn moves_of(&self, mine: L::Bits, theirs: L::Bits) -> Bitboard<L> {
        if !self.opening.is_empty() {
            return Bitboard::from_square_bits(self.opening);
        }
        Bitboard::from_square_bits(
            self.kernel
                .flipping_moves(mine, theirs, self.empty_squares()),
        )
    }

    /// The same position, computed on with another kernel.
    pub fn with_kernel<K2: Kernel<L>>(self, kernel: K2) -> TwoPlayer<L, K2> {
        let TwoPlayer {
            mine,
            theirs,
            holes,
            opening,
            black_to_move,
            anti,
            board,
            kernel: _,
        } = self;
        TwoPlayer {
            mine,
            theirs,
            holes,
            opening,
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
        TwoPlayer<L, Portable>: SearchPosition,
        TwoPlayer<L, Avx2>: SearchPosition,
        TwoPlayer<L, Avx512>: SearchPosition,
    {
        with_fastest_kernel!(|kernel| visitor.visit(&self.with_kernel(kernel)))
    }

    /// Runs `visitor`, which knows the layout, on this position carrying the
    /// fastest kernel this processor has, chosen as
    /// [`visit_fastest`](Self::visit_fastest) chooses it.
    pub fn visit_fastest_typed<V: LayoutVisitor<L>>(&self, visitor: V) -> V::Output
    where
        Avx2: Kernel<L>,
        Avx512: Kernel<L>,
        TwoPlayer<L, Portable>: SearchPosition<Layout = L>,
        TwoPlayer<L, Avx2>: SearchPosition<Layout = L>,
        TwoPlayer<L, Avx512>: SearchPosition<Layout = L>,
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
        self.moves_of(self.mine, self.theirs)
    }

    #[inline]
    fn mobility(&self, color: Color) -> Bitboard<L> {
        if color == self.to_move() {
            return self.legal_moves();
        }
        if color.index() >= 2 {
            return Bitboard::EMPTY;
        }
        self.moves_of(self.theirs, self.mine)
    }

    #[inline(always)]
    fn flips_unchecked(&self, spot: Spot<L>) -> Bitboard<L> {
        Bitboard::from_square_bits(self.kernel.flips(self.mine, self.theirs, spot.bit() as u32))
    }

    #[inline(always)]
    fn play_unchecked(&self, spot: Spot<L>) -> Self {
        self.play_unchecked_with_flips(spot).0
    }

    #[inline(always)]
    fn play_unchecked_with_flips(&self, spot: Spot<L>) -> (Self, Bitboard<L>) {
        let index = spot.bit() as u32;
        let flipped = self.kernel.flips(self.mine, self.theirs, index);
        let next = TwoPlayer {
            mine: self.theirs ^ flipped,
            theirs: self.mine | flipped | L::Bits::bit(index),
            // Unchanged once empty, written so that a search's loop over the
            // moves tests the parent's opening once instead of each child's.
            opening: if self.opening.is_empty() {
                self.opening
            } else {
                self.opening & !L::Bits::bit(index)
            },
            black_to_move: !self.black_to_move,
            ..*self
        };
        (next, Bitboard::from_square_bits(flipped))
    }

    #[inline(always)]
    fn play_unchecked_with_replies(&self, spot: Spot<L>) -> (Self, Bitboard<L>, Bitboard<L>) {
        if !self.opening.is_empty() {
            // The replies are the centre squares, or the child's opening is over.
            let (next, flipped) = self.play_unchecked_with_flips(spot);
            return (next, flipped, next.legal_moves());
        }
        let index = spot.bit() as u32;
        let placed = L::Bits::bit(index);
        let (flipped, replies) =
            self.kernel
                .flips_and_replies(self.mine, self.theirs, self.empty_squares(), index);
        let next = TwoPlayer {
            mine: self.theirs ^ flipped,
            theirs: self.mine | flipped | placed,
            black_to_move: !self.black_to_move,
            ..*self
        };
        (
            next,
            Bitboard::from_square_bits(flipped),
            Bitboard::from_square_bits(replies),
        )
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

/// Positions rebuilt from bitboards of the same board: the images of a position under
/// a symmetry (`src/symmetry.rs`). Kept apart from the hot path above.
impl<L: Layout, K: Kernel<L>> TwoPlayer<L, K> {
    /// This position with the discs and blocked squares replaced (the same board,
    /// player to move, options and kernel).
    pub(crate) fn with_squares(&self, mine: L::Bits, theirs: L::Bits, blocked: L::Bits) -> Self {
        let board = L::board_squares(self.board);
        let (mine, theirs, holes) = (mine & board, theirs & board & !mine, !board | blocked);
        TwoPlayer {
            mine,
            theirs,
            holes,
            opening: L::from_set(self.board.centre().into_iter().collect())
                & !(mine | theirs | holes),
            ..*self
        }
    }
}

macro_rules! from_bitboards {
    ($($layout:ident),*) => {$(
        impl TwoPlayer<$layout> {
            /// The two-player position on `board` with `black`'s and `white`'s discs
            /// and `to_move` to play: one's own bitboards in one call, checked
            /// through [`Setup`] (so the free opening applies when a centre square
            /// is empty). An overlap, a disc off the board, a colour to move not in
            /// play, or a board of another layout is a [`SetupError`].
            ///
            /// ```
            /// use reversi::{Bitboard, Board, Color, Position, SetupError, Square, TwoPlayer8};
            /// let sq = |name: &str| name.parse::<Square>().unwrap();
            /// let squares = |names: &[&str]| Bitboard::from_squares(names.iter().map(|n| sq(n)).collect());
            /// let black = squares(&["e4", "d5"]);
            /// let white = squares(&["d4", "e5"]);
            /// let pos = TwoPlayer8::from_bitboards(Board::Size8, black, white, Color::Black)?;
            /// assert_eq!(pos.legal_moves().len(), 4);
            /// assert_eq!(
            ///     TwoPlayer8::from_bitboards(Board::Size8, black, black, Color::Black),
            ///     Err(SetupError::Overlap { square: sq("e4") })
            /// );
            /// # Ok::<_, SetupError>(())
            /// ```
            pub fn from_bitboards(
                board: Board,
                black: Bitboard<$layout>,
                white: Bitboard<$layout>,
                to_move: Color,
            ) -> Result<Self, SetupError> {
                let overlap = black.to_squares() & white.to_squares();
                if let Some(square) = overlap.first() {
                    return Err(SetupError::Overlap { square });
                }
                let mut setup = Setup::empty(board, 2);
                setup.fill(black.to_squares(), Cell::Disc(Color::Black));
                setup.fill(white.to_squares(), Cell::Disc(Color::White));
                setup.to_move = to_move;
                Ok(Self::try_from(super::AnyPosition::try_from(setup)?)?)
            }
        }
    )*};
}

from_bitboards!(Grid8, Grid10);
