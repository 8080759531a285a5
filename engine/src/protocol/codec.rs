//! Moves as the protocols write them, one codec for both sides: a square name
//! (`f5`) for a placement; a pass is `PA` in NBoard and `pass` in GTP; a move
//! read may carry NBoard's `/eval/time` tail, and any pass spelling is read.

use reversi::{Move, ParseSquareError};

use super::Protocol;

/// `mv` as `protocol` writes it.
///
/// ```
/// use reversi::{Move, Square};
/// use reversi_engine::protocol::{codec::write_move, Protocol};
///
/// assert_eq!(write_move(Move::Place(Square::new(5, 4)), Protocol::Nboard), "f5");
/// assert_eq!(write_move(Move::Pass, Protocol::Nboard), "PA");
/// assert_eq!(write_move(Move::Pass, Protocol::Gtp), "pass");
/// ```
pub fn write_move(mv: Move, protocol: Protocol) -> String {
    match (mv, protocol) {
        (Move::Place(square), _) => square.to_string(),
        (Move::Pass, Protocol::Nboard) => "PA".to_string(),
        (Move::Pass, Protocol::Gtp) => "pass".to_string(),
    }
}

/// A move written by either protocol: `f5`, `PA`, `pass`, or NBoard's
/// `f5/+2.00/0.1` (the tail after `/` is not part of the move).
///
/// ```
/// use reversi::{Move, Square};
/// use reversi_engine::protocol::codec::read_move;
///
/// assert_eq!(read_move(" f5/+2.00/0.1"), Ok(Move::Place(Square::new(5, 4))));
/// assert_eq!(read_move("PA"), Ok(Move::Pass));
/// assert!(read_move("z9").is_err());
/// ```
pub fn read_move(text: &str) -> Result<Move, ParseSquareError> {
    text.trim()
        .split('/')
        .next()
        .unwrap_or_default()
        .trim()
        .parse()
}
