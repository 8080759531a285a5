//! Positions: what stands on the board and who moves, with legal moves and play.
//!
//! [`TwoPlayer`] and [`MultiPlayer`] are generic over the bitboard [`Layout`] and
//! the [`Kernel`](crate::kernel::Kernel), so a search written against the [`Position`] trait compiles to
//! code for one board family, one player count and one kernel, with no per-move
//! dispatch. [`AnyPosition`] holds any of the four kinds and dispatches once,
//! through [`AnyPosition::visit`] or [`AnyPosition::visit_fastest`]; it converts
//! to and from the typed positions with `From` and `TryFrom`.//!
//! One file per concern: the [`Position`] trait (here), `two_player`,
//! `multi_player`, `any` ([`AnyPosition`]), `start` (start positions) and `perft`.

use core::fmt;
use core::hash::Hash;

use crate::bitboard::{Bitboard, Spot};
use crate::board::Board;
use crate::color::{Cell, Color};
use crate::hash::UpdateKey;
use crate::layout::Layout;
use crate::moves::{Move, PlayError};
use crate::outcome::{Outcome, Scores};
use crate::square::Square;
use crate::symmetry::Symmetric;

/// Evaluates `$body` with `$kernel` bound to the fastest kernel this processor has:
/// [`Avx512`], else [`Avx2`], else [`Portable`] (the order of
/// [`kernel::fastest_name`]). Each arm is compiled for its own kernel type.
macro_rules! with_fastest_kernel {
    (|$kernel:ident| $body:expr) => {
        match $crate::kernel::fastest() {
            $crate::kernel::Fastest::Avx512($kernel) => $body,
            $crate::kernel::Fastest::Avx2($kernel) => $body,
            $crate::kernel::Fastest::Portable($kernel) => $body,
        }
    };
}

mod any;
mod multi_player;
mod perft;
mod start;
mod two_player;

pub use any::{AnyPosition, KindError, LayoutVisitor, PositionVisitor};

/// A typed position with the bot toolkit: hash keys updated move by move
/// ([`UpdateKey`], so [`Hashed::new`](crate::hash::Hashed::new) wraps it), the
/// symmetries ([`Symmetric`]), and per-colour mobility
/// ([`Position::mobility`]), all on the position's own kernel. Every
/// [`TwoPlayer`] and [`MultiPlayer`], whatever its kernel, is one; it is what a
/// [`PositionVisitor`] receives, from [`AnyPosition::visit_fastest`] too.
///
/// It is also `Send + Sync + 'static` (a position is a few integers), so a visit
/// may hand it to threads or keep it in a struct of its own.
pub trait SearchPosition: Position + UpdateKey + Symmetric + Send + Sync + 'static {}

impl<P: Position + UpdateKey + Symmetric + Send + Sync + 'static> SearchPosition for P {}
pub use multi_player::{MultiPlayer, MultiPlayer10, MultiPlayer8};
pub use perft::perft;
pub use two_player::{TwoPlayer, TwoPlayer10, TwoPlayer8};

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
    /// nothing), unchecked: meaningful only for a legal move.
    /// [`flips`](Position::flips) is the checked way.
    fn flips_unchecked(&self, spot: Spot<Self::Layout>) -> Bitboard<Self::Layout>;

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
        (self.play_unchecked(spot), self.flips_unchecked(spot))
    }

    /// [`play_unchecked_with_flips`](Position::play_unchecked_with_flips), and the
    /// replies: the legal moves of the position it leaves (of the opponent with
    /// two players, of the next player with three or four), computed together as
    /// `(next, flips, next.legal_moves())`. What a search does at every node, in
    /// one call: for two players, the SIMD kernels keep the flips in vector
    /// registers for the replies
    /// ([`Kernel::flips_and_replies`](crate::kernel::Kernel::flips_and_replies)),
    /// which is faster than the two calls (PERFORMANCE.md); with three or four
    /// players, in the free opening's first moves, or with the portable kernel,
    /// it is the two calls. Empty replies mean that the next player must pass or
    /// that the game is over.
    #[inline(always)]
    fn play_unchecked_with_replies(
        &self,
        spot: Spot<Self::Layout>,
    ) -> (Self, Bitboard<Self::Layout>, Bitboard<Self::Layout>) {
        let (next, flips) = self.play_unchecked_with_flips(spot);
        let replies = next.legal_moves();
        (next, flips, replies)
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

    /// The legal moves `color` would have if it were to move now, on the position's
    /// own kernel (the free opening and the multi-player placement rule included):
    /// per-colour mobility for evaluations. Empty for a colour not in play.
    fn mobility(&self, color: Color) -> Bitboard<Self::Layout>;

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

    /// The position after a pass, or why the player to move may not pass: the
    /// same as [`play`](Position::play) of [`Move::Pass`], and the same kind of
    /// answer as `Game::pass` gives.
    fn pass(&self) -> Result<Self, PlayError> {
        self.play(Move::Pass)
    }

    /// Whether `mv` (a [`Move`], or a [`Square`] for a placement) is legal now: a
    /// legal placement, or a pass when the player must pass.
    fn is_legal(&self, mv: impl Into<Move>) -> bool {
        match mv.into() {
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
    fn play(&self, mv: impl Into<Move>) -> Result<Self, PlayError> {
        self.play_with_flips(mv).map(|(next, _)| next)
    }

    /// The discs `mv` would flip (nothing for a pass), or why it is not legal:
    /// the checked twin of [`flips_unchecked`](Position::flips_unchecked), refusing
    /// what [`play`](Position::play) refuses.
    ///
    /// ```
    /// use reversi::{AnyPosition, Move, PlayError, Position, Rules, TwoPlayer8};
    /// let start = TwoPlayer8::try_from(AnyPosition::start(&Rules::default()))?;
    /// assert_eq!(start.flips(Move::Place("f5".parse()?))?.len(), 1);
    /// assert!(matches!(start.flips(Move::Place("a1".parse()?)), Err(PlayError::FlipsNothing(_))));
    /// assert_eq!(start.flips(Move::Pass), Err(PlayError::MayNotPass(reversi::Color::Black)));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    fn flips(&self, mv: impl Into<Move>) -> Result<Bitboard<Self::Layout>, PlayError> {
        // One legality check, play's: off the hot path, the next position it
        // also makes costs less than a second copy of the check.
        self.play_with_flips(mv).map(|(_, flips)| flips)
    }

    /// [`play`](Position::play) that also returns the discs the move flipped
    /// (nothing for a pass or a placement that flips nothing).
    fn play_with_flips(
        &self,
        mv: impl Into<Move>,
    ) -> Result<(Self, Bitboard<Self::Layout>), PlayError> {
        match mv.into() {
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

    /// Each colour's final score, the empty squares counted for the winner
    /// ([`Scores::with_empties_to_winner`]); with no allocation. Meant for a
    /// finished game, like [`final_margin`](Position::final_margin).
    fn final_scores(&self) -> Scores {
        self.scores()
            .with_empties_to_winner(self.empty().len() as u32, self.anti())
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
            let centre_open =
                crate::rules::free_opening_on(pos.board(), pos.players(), pos.empty().to_squares());
            let placing = legal
                .first()
                .is_some_and(|m| pos.flips_unchecked(m).is_empty());
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
