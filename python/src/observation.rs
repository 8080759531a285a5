//! The observation planes, written for one position from the point of view of one
//! player (the player to move, for learning).
//!
//! Shape `(players + 4, width, width)` over the board's bounding grid, `float32`,
//! each plane 0 or 1, indexed `[channel, row, column]`:
//!
//! | channel | holds |
//! |---|---|
//! | `0` | the discs of the player whose view it is (the player to move by default) |
//! | `1` … `players - 1` | the discs of the next players, in turn order |
//! | `players` | the Neutral disc (three players; empty otherwise) |
//! | `players + 1` | the empty squares a disc may go on (not blocked) |
//! | `players + 2` | the blocked squares |
//! | `players + 3` | the squares the board lacks (the octagon's cut corners) |

use reversi::{AnyPosition, Board, Color, Square, SquareSet};

/// The number of planes for `players` players.
pub fn channels(players: u8) -> usize {
    players as usize + 4
}

/// The length of one observation.
pub fn len(board: Board, players: u8) -> usize {
    let width = board.width() as usize;
    channels(players) * width * width
}

/// Writes the planes of `position` seen by player `view` (an index in turn
/// order, below the player count) into `out` (of [`len`] zeros).
pub fn write(position: &AnyPosition, view: usize, out: &mut [f32]) {
    let board = position.board();
    let players = position.players();
    let width = board.width() as usize;
    let plane = width * width;
    debug_assert_eq!(out.len(), len(board, players));
    let mut fill = |channel: usize, set: SquareSet| {
        let plane = &mut out[channel * plane..(channel + 1) * plane];
        for square in set {
            plane[square.row() as usize * width + square.column() as usize] = 1.0;
        }
    };
    let colors = Color::in_play(players);
    let mut discs = SquareSet::EMPTY;
    for k in 0..players as usize {
        let color = colors[(view + k) % players as usize];
        let set = position.discs(color);
        discs = discs | set;
        fill(k, set);
    }
    let empty = position.empty();
    let blocked = position.blocked();
    let on_board = board.squares();
    let p = players as usize;
    fill(p, on_board - discs - empty - blocked);
    fill(p + 1, empty);
    fill(p + 2, blocked);
    let grid: SquareSet = Square::all()
        .filter(|s| (s.column() as usize) < width && (s.row() as usize) < width)
        .collect();
    fill(p + 3, grid - on_board);
}
