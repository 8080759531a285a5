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
#[cfg(feature = "std")]
pub mod ffi;
#[cfg(feature = "alloc")]
mod game;
pub mod kernel;
mod position;
mod rules;
pub mod rules_doc;
mod square;
#[cfg(feature = "alloc")]
pub mod text;

pub use bitboard::{BitIter, Bits, Grid10, Grid8, Layout};
pub use board::{Board, ParseBoardError};
pub use color::{Cell, Color};
#[cfg(feature = "alloc")]
pub use game::{Game, Move, Outcome, PlayError, Scores};
pub use kernel::{Avx2, Kernel, Portable};
pub use position::{perft, AnyPosition, MultiPlayer, Position, PositionVisitor, TwoPlayer};
pub use rand_core;
pub use rules::{Corners, Handicap, Opening, Rules, RulesBuilder, RulesError};
pub use square::{ParseSquareError, ShortText, Square, SquareSet, SquareSetIter};
#[cfg(feature = "alloc")]
pub use text::position::PositionError;
