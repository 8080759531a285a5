//! Positions of three or four players.

use core::fmt;
use core::hash::Hash;

use super::{LayoutVisitor, Position, PositionVisitor, SearchPosition};
use crate::bitboard::{Bitboard, Spot};
use crate::board::Board;
use crate::color::Color;
use crate::kernel::{self, Avx2, Avx512, Kernel, Portable};
use crate::layout::{Bits, Grid10, Grid8, Layout};

/// A position of three or four players: each colour's discs, and the Neutral disc,
/// computed on with kernel `K`.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct MultiPlayer<L: Layout, K: Kernel<L> = Portable> {
    /// The discs of each seat counted from the player to move: `seats[0]` is the
    /// mover's, `seats[1]` the next player's, and so on (zero past the last
    /// player). Rotated at every move, so that the hot path reads fixed slots and
    /// a child position stays in registers instead of being indexed in memory.
    pub(super) seats: [L::Bits; 4],
    pub(super) neutral: L::Bits,
    /// Every disc, Neutral included: kept, not recomputed, on the hot path.
    pub(super) occupied: L::Bits,
    /// Every bit that is not a playable square: off the board or blocked.
    pub(super) holes: L::Bits,
    pub(super) to_move: u8,
    pub(super) players: u8,
    pub(super) anti: bool,
    pub(super) board: Board,
    pub(super) kernel: K,
}

/// A position of three or four players on 8×8.
pub type MultiPlayer8<K = Portable> = MultiPlayer<Grid8, K>;
/// A position of three or four players on 10×10 or the octagon.
pub type MultiPlayer10<K = Portable> = MultiPlayer<Grid10, K>;

impl<L: Layout, K: Kernel<L>> MultiPlayer<L, K> {
    #[inline(always)]
    fn occupied(&self) -> L::Bits {
        self.occupied
    }

    #[inline(always)]
    fn mover(&self) -> usize {
        self.to_move as usize & 3
    }

    /// The seat of `color` counted from the player to move (below `players` for
    /// a colour in play).
    #[inline(always)]
    fn seat(&self, color: Color) -> usize {
        let players = usize::from(self.players);
        (color.index() + players - self.mover()) % players
    }

    /// Each colour's discs, in colour order (zero for a colour not in play).
    pub(super) fn discs_by_colour(&self) -> [L::Bits; 4] {
        let mut discs = [L::Bits::ZERO; 4];
        for (d, &color) in discs
            .iter_mut()
            .zip(&Color::ALL)
            .take(usize::from(self.players))
        {
            *d = self.seats[self.seat(color)];
        }
        discs
    }

    /// The seats of a position whose colours' discs are `discs` (in colour order)
    /// with colour index `to_move` to move among `players`.
    pub(super) fn seats_from_colours(
        discs: [L::Bits; 4],
        to_move: u8,
        players: u8,
    ) -> [L::Bits; 4] {
        let mut seats = [L::Bits::ZERO; 4];
        let players = usize::from(players);
        for (i, s) in seats.iter_mut().enumerate().take(players) {
            *s = discs[(usize::from(to_move) + i) % players];
        }
        seats
    }

    /// The seats after the mover's turn, the mover's discs being `mover`
    /// (flips applied by the caller to the others): the next player in slot 0.
    #[inline(always)]
    fn rotated(&self, mover: L::Bits, others: [L::Bits; 3]) -> [L::Bits; 4] {
        let [a, b, c] = others;
        if self.players == 4 {
            [a, b, c, mover]
        } else {
            [a, b, mover, L::Bits::ZERO]
        }
    }

    /// The same position, computed on with another kernel.
    pub fn with_kernel<K2: Kernel<L>>(self, kernel: K2) -> MultiPlayer<L, K2> {
        let MultiPlayer {
            seats,
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
            seats,
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
    /// has, chosen once (see [`TwoPlayer::visit_fastest`](super::TwoPlayer::visit_fastest)).
    pub fn visit_fastest<V: PositionVisitor>(&self, visitor: V) -> V::Output
    where
        Avx2: Kernel<L>,
        Avx512: Kernel<L>,
        MultiPlayer<L, Portable>: SearchPosition,
        MultiPlayer<L, Avx2>: SearchPosition,
        MultiPlayer<L, Avx512>: SearchPosition,
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
        MultiPlayer<L, Portable>: SearchPosition<Layout = L>,
        MultiPlayer<L, Avx2>: SearchPosition<Layout = L>,
        MultiPlayer<L, Avx512>: SearchPosition<Layout = L>,
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
        let mine = self.seats[0];
        let flipping = self.kernel.flipping_moves(mine, occupied ^ mine, empty);
        Bitboard::from_square_bits(if flipping.is_empty() {
            kernel::neighbours::<L>(occupied) & empty
        } else {
            flipping
        })
    }

    #[inline]
    fn mobility(&self, color: Color) -> Bitboard<L> {
        if color.index() >= usize::from(self.players) {
            return Bitboard::EMPTY;
        }
        let occupied = self.occupied();
        let empty = !(occupied | self.holes);
        let discs = self.seats[self.seat(color)];
        let flipping = self.kernel.flipping_moves(discs, occupied ^ discs, empty);
        Bitboard::from_square_bits(if flipping.is_empty() {
            kernel::neighbours::<L>(occupied) & empty
        } else {
            flipping
        })
    }

    #[inline(always)]
    fn flips_unchecked(&self, spot: Spot<L>) -> Bitboard<L> {
        let mine = self.seats[0];
        Bitboard::from_square_bits(self.kernel.flips(
            mine,
            self.occupied() ^ mine,
            spot.bit() as u32,
        ))
    }

    #[inline(always)]
    fn play_unchecked(&self, spot: Spot<L>) -> Self {
        self.play_unchecked_with_flips(spot).0
    }

    #[inline(always)]
    fn play_unchecked_with_flips(&self, spot: Spot<L>) -> (Self, Bitboard<L>) {
        let index = spot.bit() as u32;
        let mine = self.seats[0];
        let flipped = self.kernel.flips(mine, self.occupied() ^ mine, index);
        let [_, a, b, c] = self.seats;
        let next = MultiPlayer {
            seats: self.rotated(
                mine | flipped | L::Bits::bit(index),
                [a & !flipped, b & !flipped, c & !flipped],
            ),
            neutral: self.neutral & !flipped,
            occupied: self.occupied | L::Bits::bit(index),
            to_move: self.next_to_move(),
            ..*self
        };
        (next, Bitboard::from_square_bits(flipped))
    }

    #[inline(always)]
    fn pass_unchecked(&self) -> Self {
        let [mine, a, b, c] = self.seats;
        MultiPlayer {
            seats: self.rotated(mine, [a, b, c]),
            to_move: self.next_to_move(),
            ..*self
        }
    }

    fn is_over(&self) -> bool {
        let occupied = self.occupied();
        (kernel::neighbours::<L>(occupied) & !(occupied | self.holes)).is_empty()
    }

    fn discs(&self, color: Color) -> Bitboard<L> {
        if color.index() >= usize::from(self.players) {
            return Bitboard::EMPTY;
        }
        Bitboard::from_square_bits(self.seats[self.seat(color)])
    }

    #[inline(always)]
    fn mine(&self) -> Bitboard<L> {
        Bitboard::from_square_bits(self.seats[0])
    }

    #[inline(always)]
    fn theirs(&self) -> Bitboard<L> {
        Bitboard::from_square_bits(self.occupied() ^ self.seats[0])
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

impl<L: Layout, K: Kernel<L>> fmt::Debug for MultiPlayer<L, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MultiPlayer")
            .field("board", &self.board)
            .field("to_move", &self.to_move())
            .field("anti", &self.anti)
            .field(
                "discs",
                &self.discs_by_colour().map(Bitboard::<L>::from_square_bits),
            )
            .field("neutral", &self.neutral())
            .field("blocked", &self.blocked())
            .finish()
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
            seats: Self::seats_from_colours(discs, self.to_move, self.players),
            neutral,
            occupied: discs[0] | discs[1] | discs[2] | discs[3] | neutral,
            holes: !board | blocked,
            ..*self
        }
    }
}
