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

#[cfg(test)]
mod tests {
    use reversi::{Game, Rules, TwoPlayer8};

    use super::*;
    use crate::search::alphabeta::{alphabeta_root, RootError};
    use crate::Limits;

    /// After `f5 d6 c6 f6 e6 b6 e7 f4 d7 d8 e8 f8`, Black's e3 lets White wipe
    /// Black out with e2 (the line a user found the bot walking into).
    fn before_the_wipe_out() -> TwoPlayer8 {
        let mut game = Game::new(Rules::default());
        game.play_moves("f5 d6 c6 f6 e6 b6 e7 f4 d7 d8 e8 f8")
            .unwrap();
        TwoPlayer8::try_from(*game.position()).unwrap()
    }

    #[test]
    fn a_wiped_out_side_is_scored_by_the_result() {
        let mut game = Game::new(Rules::default());
        game.play_moves("f5 d6 c6 f6 e6 b6 e7 f4 d7 d8 e8 f8 e3 e2")
            .unwrap();
        assert!(game.is_over());
        let over = TwoPlayer8::try_from(*game.position()).unwrap();
        assert_eq!(over.final_margin(), -64);
        assert_eq!(evaluate(&over), -64 * EXACT);
        assert_eq!(
            alphabeta_root(&over, &Limits::default().with_depth(3), 0),
            Err(RootError::NoMove)
        );
    }

    #[test]
    fn the_search_does_not_walk_into_a_wipe_out() {
        let pos = before_the_wipe_out();
        let e3 = "e3".parse().unwrap();
        assert!(pos.is_legal(e3));
        for depth in 2..=3 {
            let found = alphabeta_root(&pos, &Limits::default().with_depth(depth), 0).unwrap();
            let (best, value) = (found.best, found.value);
            assert_ne!(best.square(), e3, "depth {depth}");
            assert!(value > -EXACT, "depth {depth}: {value}");
        }
    }
}
