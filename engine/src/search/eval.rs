//! The evaluation that the alpha-beta search stops at: the library's features.

use reversi::{features, Color, Position};

/// The evaluation of `pos` for the player to move (two players), in hundredths
/// of a disc, more or less: mobility and potential mobility are worth having in
/// either game; corners and stable discs are discs kept to the end, good in
/// Reversi and bad in Anti-Reversi; frontier discs give the opponent moves.
pub fn evaluate<P: Position>(pos: &P) -> i32 {
    let me = pos.to_move();
    let you = me.opponent();
    let diff = |f: &dyn Fn(Color) -> usize| f(me) as i32 - f(you) as i32;
    let corners = features::corner_squares(pos);
    let mobility = diff(&|c| features::mobility(pos, c).len());
    let potential = diff(&|c| features::potential_mobility(pos, c).len());
    let frontier = diff(&|c| features::frontier(pos, c).len());
    let corner = diff(&|c| (pos.discs(c) & corners).len());
    let stable = diff(&|c| features::stable(pos, c).len());
    let keep = if pos.anti() { -1 } else { 1 };
    40 * mobility + 15 * potential - 10 * frontier + keep * (250 * corner + 60 * stable)
}
