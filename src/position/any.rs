//! [`AnyPosition`]: a position of any board and player count, dispatching once to
//! the typed positions.

use core::fmt;
use core::hash::Hash;

use super::{MultiPlayer, Position, SearchPosition, TwoPlayer};
use crate::bitboard::Spot;
use crate::board::Board;
use crate::color::{Cell, Color};
use crate::kernel::{Kernel, Portable};
use crate::layout::{Bits, Grid10, Grid8, Layout};
use crate::moves::{Move, PlayError};
use crate::outcome::{Outcome, Scores};
use crate::square::{Square, SquareSet};

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
///
/// The position is a [`SearchPosition`]: the whole toolkit works on it, on its own
/// kernel, inside [`AnyPosition::visit_fastest`] too; it is `Send + Sync +
/// 'static`, so the visit may copy it into threads (`std::thread::spawn`).
///
/// ```
/// use reversi::hash::{HashKey, Hashed, UpdateKey};
/// use reversi::{AnyPosition, Color, Position, PositionVisitor, Rules, SearchPosition, Symmetric};
/// struct Look;
/// impl PositionVisitor for Look {
///     type Output = (u64, u64, usize, usize);
///     fn visit<P: SearchPosition>(self, pos: &P) -> Self::Output {
///         let spot = pos.legal_moves().first().unwrap();
///         let (next, flips) = pos.play_unchecked_with_flips(spot);
///         let hashed = Hashed::new(*pos).play_unchecked(spot);
///         assert_eq!(hashed.hash_key(), next.hash_key());
///         let opponent = pos.mobility(Color::White).len();
///         (pos.key_after_move(pos.hash_key(), spot, flips), next.canonical().0.hash_key(),
///          opponent, pos.symmetries().len())
///     }
/// }
/// let start = AnyPosition::start(&Rules::default());
/// let (key, _canonical, white_moves, symmetries) = start.visit_fastest(Look);
/// assert_eq!(key, start.visit(Look).0);
/// assert_eq!((white_moves, symmetries), (4, 4));
/// ```
///
/// Threads take the position as it is:
///
/// ```
/// use reversi::{AnyPosition, Position, PositionVisitor, Rules, SearchPosition};
/// struct Split;
/// impl PositionVisitor for Split {
///     type Output = usize;
///     fn visit<P: SearchPosition>(self, pos: &P) -> usize {
///         let moves: Vec<_> = pos.legal_moves().iter().collect();
///         let handles: Vec<_> = moves
///             .into_iter()
///             .map(|spot| {
///                 let pos = *pos;
///                 std::thread::spawn(move || pos.play_unchecked(spot).legal_moves().len())
///             })
///             .collect();
///         handles.into_iter().map(|h| h.join().unwrap()).sum()
///     }
/// }
/// assert_eq!(AnyPosition::start(&Rules::default()).visit_fastest(Split), 12);
/// ```
pub trait PositionVisitor {
    /// What the visit returns.
    type Output;
    /// Runs on the position.
    fn visit<P: SearchPosition>(self, pos: &P) -> Self::Output;
}

/// Code for positions of one layout `L`, which it knows: a search written for
/// the 8×8 grid (`L` = [`Grid8`]) works on its `u64` bitboards. Run by
/// [`TwoPlayer::visit_fastest_typed`] and [`MultiPlayer::visit_fastest_typed`]
/// with the fastest kernel this processor has. The position is a
/// [`SearchPosition`] (so `Send + Sync`): the visit may hand it to threads.
///
/// ```
/// use reversi::layout::Grid8;
/// use reversi::{AnyPosition, LayoutVisitor, Position, Rules, SearchPosition, TwoPlayer8};
/// /// The mover's discs and moves as the raw `u64`s of the 8×8 grid.
/// struct Raw;
/// impl LayoutVisitor<Grid8> for Raw {
///     type Output = (u64, u64);
///     fn visit<P: SearchPosition<Layout = Grid8>>(self, pos: &P) -> (u64, u64) {
///         let moves = std::thread::scope(|s| s.spawn(|| pos.legal_moves().bits()).join().unwrap());
///         (pos.mine().bits(), moves)
///     }
/// }
/// let start = TwoPlayer8::try_from(AnyPosition::start(&Rules::default()))?;
/// let (mine, moves) = start.visit_fastest_typed(Raw);
/// assert_eq!((mine.count_ones(), moves.count_ones()), (2, 4));
/// # Ok::<_, reversi::KindError>(())
/// ```
pub trait LayoutVisitor<L: Layout> {
    /// What the visit returns.
    type Output;
    /// Runs on the position.
    fn visit<P: SearchPosition<Layout = L>>(self, pos: &P) -> Self::Output;
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
        /// The squares of each kind of cell, sorted in one pass over the board.
        struct Sorted {
            discs: [SquareSet; 4],
            neutral: SquareSet,
            blocked: SquareSet,
        }
        let mut sorted = Sorted {
            discs: [SquareSet::EMPTY; 4],
            neutral: SquareSet::EMPTY,
            blocked: SquareSet::EMPTY,
        };
        for square in board.squares() {
            let set = match cells[square.grid_index()] {
                Cell::Empty => continue,
                Cell::Disc(c) => &mut sorted.discs[c.index()],
                Cell::Neutral => &mut sorted.neutral,
                Cell::Blocked => &mut sorted.blocked,
            };
            set.insert(square);
        }
        fn two<L: Layout>(
            board: Board,
            anti: bool,
            sorted: &Sorted,
            to_move: Color,
        ) -> TwoPlayer<L> {
            let black = L::from_set(sorted.discs[Color::Black.index()]);
            let white = L::from_set(sorted.discs[Color::White.index()]);
            let blocked = L::from_set(sorted.blocked);
            let black_to_move = to_move == Color::Black;
            let (mine, theirs) = if black_to_move {
                (black, white)
            } else {
                (white, black)
            };
            let holes = !L::board_squares(board) | blocked;
            TwoPlayer {
                mine,
                theirs,
                holes,
                opening: L::from_set(board.centre().into_iter().collect())
                    & !(mine | theirs | holes),
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
            sorted: &Sorted,
            to_move: Color,
        ) -> MultiPlayer<L> {
            let blocked = L::from_set(sorted.blocked);
            let mut discs = [L::Bits::ZERO; 4];
            for c in Color::in_play(players) {
                discs[c.index()] = L::from_set(sorted.discs[c.index()]);
            }
            let neutral = if players == 3 {
                L::from_set(sorted.neutral)
            } else {
                L::Bits::ZERO
            };
            MultiPlayer {
                seats: MultiPlayer::<L>::seats_from_colours(discs, to_move.index() as u8, players),
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
            (2, true) => AnyPosition::TwoPlayer8(two(board, anti, &sorted, to_move)),
            (2, false) => AnyPosition::TwoPlayer10(two(board, anti, &sorted, to_move)),
            (_, true) => AnyPosition::MultiPlayer8(multi(board, players, anti, &sorted, to_move)),
            (_, false) => AnyPosition::MultiPlayer10(multi(board, players, anti, &sorted, to_move)),
        }
    }

    /// Runs `visitor` on the position, monomorphised for its kind, with the
    /// portable kernel.
    pub fn visit<V: PositionVisitor>(&self, visitor: V) -> V::Output {
        dispatch!(self, p => visitor.visit(p))
    }

    /// Runs `visitor` on the position with the fastest kernel this processor has
    /// ([`Avx512`](crate::kernel::Avx512), else [`Avx2`](crate::kernel::Avx2), else [`Portable`](crate::kernel::Portable)), chosen once: the visitor's position
    /// type carries the kernel, so its whole search runs without further dispatch.
    /// For full speed, compile the search for the same processor features with the
    /// `multiversion` crate, as the guide `docs/guide/search.md` shows.
    pub fn visit_fastest<V: PositionVisitor>(&self, visitor: V) -> V::Output {
        dispatch!(self, p => p.visit_fastest(visitor))
    }

    /// Runs `visitor`, which knows both layouts, on the position with the fastest
    /// kernel this processor has, as [`visit_fastest`](Self::visit_fastest)
    /// chooses it: the way into a search written once for the 8×8 grid's `u64`
    /// bitboards and once for the 10×10 grid's `u128` ones.
    ///
    /// ```
    /// use reversi::layout::{Grid10, Grid8};
    /// use reversi::{AnyPosition, LayoutVisitor, Position, Rules, SearchPosition};
    /// /// The number of the mover's moves, counted on a thread of its own.
    /// struct Moves;
    /// impl LayoutVisitor<Grid8> for Moves {
    ///     type Output = u32;
    ///     fn visit<P: SearchPosition<Layout = Grid8>>(self, pos: &P) -> u32 {
    ///         let pos = *pos;
    ///         std::thread::spawn(move || pos.legal_moves().bits().count_ones()).join().unwrap()
    ///     }
    /// }
    /// impl LayoutVisitor<Grid10> for Moves {
    ///     type Output = u32;
    ///     fn visit<P: SearchPosition<Layout = Grid10>>(self, pos: &P) -> u32 {
    ///         pos.legal_moves().bits().count_ones()
    ///     }
    /// }
    /// for rules in ["8x8", "octagon, 4 players"] {
    ///     let start = AnyPosition::start(&rules.parse::<Rules>()?);
    ///     assert_eq!(start.visit_fastest_typed(Moves), start.legal_moves().len() as u32);
    /// }
    /// # Ok::<_, reversi::ParseRulesError>(())
    /// ```
    pub fn visit_fastest_typed<O, V>(&self, visitor: V) -> O
    where
        V: LayoutVisitor<Grid8, Output = O> + LayoutVisitor<Grid10, Output = O>,
    {
        dispatch!(self, p => p.visit_fastest_typed(visitor))
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

    /// Whether `mv` (a [`Move`], or a [`Square`] for a placement) is legal now.
    pub fn is_legal(&self, mv: impl Into<Move>) -> bool {
        let mv = mv.into();
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

    /// Each colour's final score, empties to the winner (see
    /// [`Position::final_scores`]).
    pub fn final_scores(&self) -> Scores {
        dispatch!(self, p => p.final_scores())
    }

    /// The discs `mv` (a [`Move`], or a [`Square`] for a placement) would flip
    /// (none for a pass), or why it is not legal.
    pub fn flips(&self, mv: impl Into<Move>) -> Result<SquareSet, PlayError> {
        self.play_with_flips(mv).map(|(_, flips)| flips)
    }

    /// The position after `mv` (a [`Move`], or a [`Square`] for a placement), or
    /// why it is not legal.
    pub fn play(&self, mv: impl Into<Move>) -> Result<AnyPosition, PlayError> {
        self.play_with_flips(mv).map(|(next, _)| next)
    }

    /// The position after `mv` and the discs it flipped, from one legality
    /// check, or why it is not legal.
    pub fn play_with_flips(
        &self,
        mv: impl Into<Move>,
    ) -> Result<(AnyPosition, SquareSet), PlayError> {
        let mv = mv.into();
        dispatch!(self, p => p
            .play_with_flips(mv)
            .map(|(next, flips)| (AnyPosition::from(next), flips.to_squares())))
    }

    /// The position after a pass, or why the player to move may not pass, as
    /// [`Position::pass`] and `Game::pass` answer.
    pub fn pass(&self) -> Result<AnyPosition, PlayError> {
        dispatch!(self, p => p.pass().map(AnyPosition::from))
    }
}

impl fmt::Debug for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AnyPosition({self})")
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
