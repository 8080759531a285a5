//! The C ABI: opaque handles, status codes, and one panic boundary around every
//! exported body. `include/reversi.h` is generated from this module by cbindgen.
//!
//! The conventions every `reversi_*` function follows (status codes, out-parameters,
//! square indices, cell values, `(buf, len, written)` buffers and size queries, the
//! last error, threads) are written at the top of the header, from `cbindgen.toml`.//!
//! One file per object, as the exports group in the header: `status` (codes,
//! version, last error), `rules` (the options of a new game and the enumerations),
//! `game` (the game handle), `line` (a game's line: undo, redo, go-to and each
//! move's data), `reader` (a reader of many games), `text` (text formats in and
//! out of a game) and `wthor` (WTHOR databases); `plumbing` holds what every export goes through
//! (the panic boundary, NULL checks, buffers).
//!
//! Compiled only with the `capi` feature, so that no Rust dependent exports
//! `reversi_*` symbols unless it asks for them.

// The order of these modules is the order of the header's functions.
mod game;
mod line;
mod plumbing;
mod reader;
mod rules;
mod status;
mod text;
mod wthor;

pub use game::*;
pub use line::*;
pub use reader::*;
pub use rules::*;
pub use status::*;
pub use text::*;
pub use wthor::*;
