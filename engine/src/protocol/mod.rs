//! The protocols that engines speak: NBoard (version 2) and GTP. The client side,
//! which drives an outside engine, is [`client`]; both sides write moves with
//! [`nboard_move`].

pub mod client;

use reversi::Move;

/// A move as NBoard writes it: the square (`f5`), or `PA` for a pass.
///
/// ```
/// use reversi::{Move, Square};
/// use reversi_engine::protocol::nboard_move;
///
/// assert_eq!(nboard_move(Move::Place(Square::new(5, 4))), "f5");
/// assert_eq!(nboard_move(Move::Pass), "PA");
/// ```
pub fn nboard_move(mv: Move) -> String {
    match mv {
        Move::Place(square) => square.to_string(),
        Move::Pass => "PA".to_string(),
    }
}
