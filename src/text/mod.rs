//! Texts and files: position strings, move lists, game records, GGF, OBF boards
//! and WTHOR databases, and readers of many games ([`games`]). Each reader is strict
//! and says where a problem is; a reader of one game refuses a second one; each
//! writer writes what its reader reads back to the same game, the whole line of a
//! game (its redo list included) wherever it stands.
//!
//! Every reader that reads a position (a position string, an OBF board, a GGF `BO`
//! board, a record's `Position` tag) reads it into a [`Setup`](crate::Setup) and
//! lets [`Game::from_setup`](crate::Game::from_setup) check it, so the rules a
//! position implies are derived in one place. Reader errors keep the whole text
//! they quote and the typed cause (a [`PlayError`](crate::PlayError) for a move the
//! rules refuse, a [`SetupError`](crate::SetupError) for a position), and read
//! `line L, column C: …` (or `column C: …` for one-line texts).

pub mod clock;
pub mod games;
pub mod ggf;
pub mod load;
pub mod movelist;
pub mod obf;

pub mod position;
pub mod record;
pub mod result;
pub mod wthor;
