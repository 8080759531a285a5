//! A line of play as the engine gives it (a principal variation): the moves
//! from a position, a [`Move::Pass`] where a player must pass, so that the
//! line replays move by move with `Game::play`, as every binding shows it.

use reversi::{Move, Position, Square};

/// The moves of a line of placements from `start` (what a search's table of
/// best lines holds, passes left out), with a [`Move::Pass`] put in wherever
/// the player to move must pass. A placement that is not legal where it comes
/// (a line that does not belong to `start`) ends the line there.
///
/// ```
/// use reversi::{Game, Move, Rules, TwoPlayer8};
/// use reversi_engine::line::with_passes;
///
/// // After White's d6 here, Black has no move and must pass.
/// let mut game = Game::new("6x6".parse::<Rules>()?);
/// game.play_moves("e4 e5 c2 b4 e6 f6 a4")?;
/// let pos = TwoPlayer8::try_from(*game.position())?;
/// let [d6, b2] = ["d6".parse()?, "b2".parse()?];
/// let line = with_passes(&pos, &[d6, b2]);
/// assert_eq!(line, [Move::Place(d6), Move::Pass, Move::Place(b2)]);
/// // A placement that is not legal where it comes ends the line.
/// assert_eq!(with_passes(&pos, &[d6, d6]), [Move::Place(d6)]);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn with_passes<P: Position>(start: &P, placements: &[Square]) -> Vec<Move> {
    let mut moves = Vec::with_capacity(placements.len() + 1);
    let mut pos = *start;
    for &square in placements {
        let passed = match pos.must_pass() {
            true => pos.pass().ok(),
            false => None,
        };
        let Ok(next) = passed.unwrap_or(pos).play(square) else {
            break;
        };
        if passed.is_some() {
            moves.push(Move::Pass);
        }
        moves.push(Move::Place(square));
        pos = next;
    }
    moves
}
