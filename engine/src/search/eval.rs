//! The evaluation that the alpha-beta search stops at: the library's features.

use reversi::{features, Color, Position};

use super::alphabeta::{EveryBoard, EXACT};

/// The evaluation of `pos` for the player to move (two players), in hundredths
/// of a disc, more or less: mobility and potential mobility are worth having in
/// either game; corners and stable discs are discs kept to the end, good in
/// Reversi and bad in Anti-Reversi; frontier discs give the opponent moves.
#[inline(always)]
pub fn evaluate<P: Position>(pos: &P) -> i32 {
    let me = pos.to_move();
    let you = me.opponent();
    // Closures called directly, not through `&dyn Fn`, so that the small
    // features are inlined into the search, which is compiled for the
    // processor's level (stable discs, the largest, stay a call).
    #[inline(always)]
    fn diff_of(me: Color, you: Color, f: impl Fn(Color) -> usize) -> i32 {
        f(me) as i32 - f(you) as i32
    }
    let corners = features::corner_squares(pos);
    let (my_moves, your_moves) = (
        features::mobility(pos, me).len() as i32,
        features::mobility(pos, you).len() as i32,
    );
    // A game that is over (a wipe-out, a full board, or nobody able to move:
    // with two players, neither side having a move, the free opening's
    // placements included) is worth its result, not its features: a side with
    // no disc left would otherwise look well off, with nothing on the board to
    // lose.
    if my_moves == 0 && your_moves == 0 {
        return pos.final_margin() * EXACT;
    }
    let mobility = my_moves - your_moves;
    let potential = diff_of(me, you, |c| features::potential_mobility(pos, c).len());
    let frontier = diff_of(me, you, |c| features::frontier(pos, c).len());
    let corner = diff_of(me, you, |c| (pos.discs(c) & corners).len());
    let stable = features::stable(pos, me).len() as i32 - features::stable(pos, you).len() as i32;
    let keep = if pos.anti() { -1 } else { 1 };
    40 * mobility + 15 * potential - 10 * frontier + keep * (250 * corner + 60 * stable)
}

/// [`evaluate`] as an [`EveryBoard`] evaluation, for every board and option: the
/// evaluation of the built-in alpha-beta bot wherever no learned one fits.
#[derive(Clone, Copy, Debug, Default)]
pub struct Features;

impl EveryBoard for Features {
    #[inline(always)]
    fn evaluate<P: Position>(&self, pos: &P) -> i32 {
        evaluate(pos)
    }
}
