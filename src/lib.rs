#![doc = include_str!("../README.md")]
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_op_in_unsafe_fn)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod bitboard;
mod board;
mod color;
pub mod features;
#[cfg(feature = "capi")]
pub mod ffi;
#[cfg(feature = "alloc")]
mod game;
pub mod hash;
pub mod kernel;
pub mod layout;
mod moves;
mod outcome;
pub mod playout;
mod position;
mod rules;
pub mod rules_doc;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod simple_enum;
mod square;
pub mod symmetry;
#[cfg(feature = "alloc")]
pub mod text;

/// The guides in `docs/guide/`, compiled here only so that their Rust examples run
/// as doctests (the README's run as the crate docs above); they are read on the
/// repository's pages, not in the API documentation.
#[cfg(doctest)]
pub mod guide {
    #[doc = include_str!("../docs/guide/library.md")]
    pub struct Library;
    #[doc = include_str!("../docs/guide/search.md")]
    pub struct Search;
    #[doc = include_str!("../docs/guide/bots.md")]
    pub struct Bots;
    #[doc = include_str!("../docs/guide/games.md")]
    pub struct Games;
}

// Re-exports, one policy: every public type and trait of the core (squares,
// boards, rules, set-ups, positions, moves, outcomes, games) at the root, and the
// toolkit's traits whose methods a search calls on positions (hashing,
// symmetries); the rest of the toolkit (features, playout, layout, kernel, text,
// ffi) is reached through its module.
pub use bitboard::{Bitboard, BitboardIter, Spot};
pub use board::{Board, ParseBoardError};
pub use color::{Cell, Color};
#[cfg(feature = "alloc")]
pub use game::{
    BoardStyle, Evaluation, Game, GameDisplay, GoToError, GridCell, ParseEvaluationError, Ply,
};
pub use hash::{HashKey, Hashed, UpdateKey};
pub use moves::{Move, PlayError};
pub use outcome::{Outcome, Scores};
pub use position::{
    perft, AnyPosition, KindError, LayoutVisitor, MultiPlayer, MultiPlayer10, MultiPlayer8,
    Position, PositionVisitor, SearchPosition, TwoPlayer, TwoPlayer10, TwoPlayer8,
};
pub use rules::{
    Corners, Handicap, Opening, ParseRulesError, ParseRulesErrorKind, Rules, RulesBuilder,
    RulesError, RulesFlags,
};
pub use setup::{Setup, SetupError};
pub use square::{ParseSquareError, Square, SquareSet, SquareSetIter};
pub use symmetry::{Symmetric, Symmetry};
#[cfg(feature = "alloc")]
pub use text::position::{FlagsError, PositionError};
