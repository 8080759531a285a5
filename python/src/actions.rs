//! The action numbering of the Python package, in this one place: the rules
//! crate's (`Move::action_index`, `Move::from_action`, `Board::action_count`):
//! `row * width + column` over the board's bounding grid (6, 8 or 10 wide; the
//! octagon lies on the 10×10 grid), then one pass action. On 8×8 the squares are
//! 0–63 and the pass is 64, as in OpenSpiel's `othello`. The octagon's missing
//! corner squares have numbers that are never legal. It is the numbering that
//! `Symmetry::move_permutation` permutes.

use reversi::{Board, Move, Square};

/// The number of actions: every square of the bounding grid and the pass.
pub fn count(board: Board) -> usize {
    board.action_count()
}

/// The pass action: the last one.
pub fn pass(board: Board) -> usize {
    count(board) - 1
}

/// The action of a square (which need not be on the board, only on its grid).
pub fn of_square(board: Board, square: Square) -> Option<usize> {
    Move::Place(square).action_index(board)
}

/// The action of a move.
pub fn of_move(board: Board, mv: Move) -> Option<usize> {
    mv.action_index(board)
}

/// The move of an action, if the action is below [`count`]. A square move may
/// still be off the board (the octagon's cut corners).
pub fn to_move(board: Board, action: usize) -> Option<Move> {
    Move::from_action(board, action)
}
