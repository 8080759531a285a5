//! Texts and files: position strings, move lists, game records, GGF, OBF boards
//! and WTHOR databases. Each reader is strict and says where a problem is; each
//! writer writes what its reader reads back to the same game.

pub mod ggf;
pub mod movelist;
pub mod obf;

pub mod position;
pub mod record;
pub mod wthor;
