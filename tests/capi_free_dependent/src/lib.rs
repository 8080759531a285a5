//! One exported function over the Rust API of `reversi`: its own export is all
//! that `nm -D` may show, with no `reversi_*` symbol unless `capi` is asked for.

use reversi::{AnyPosition, Rules};

/// The number of legal moves at the start of 8×8 Reversi (4).
#[no_mangle]
pub extern "C" fn start_move_count() -> u32 {
    AnyPosition::start(&Rules::default()).legal_moves().len() as u32
}
