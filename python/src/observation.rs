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

use reversi::{AnyPosition, Board, Color, Position, PositionVisitor, Square, SquareSet};

/// The number of planes for `players` players.
pub fn channels(players: u8) -> usize {
    players as usize + 4
}

/// The length of one observation.
pub fn len(board: Board, players: u8) -> usize {
    let width = board.width() as usize;
    channels(players) * width * width
}

/// The squares of the octagon's bounding grid (the whole naming grid) that it lacks.
static OCTAGON_MISSING: SquareSet =
    SquareSet::from_bits(((1u128 << 100) - 1) & !Board::Octagon.squares().bits());

/// Writes the planes of `position` seen by player `view` (an index in turn
/// order, below the player count) into `out` (of [`len`] zeros).
pub fn write(position: &AnyPosition, view: usize, out: &mut [f32]) {
    write_as(position, view, 1.0, out);
}

/// [`write`] for any element type: `one` marks a square, `out` holds zeros.
pub fn write_as<T: Copy>(position: &AnyPosition, view: usize, one: T, out: &mut [T]) {
    debug_assert_eq!(out.len(), len(position.board(), position.players()));
    // On the position's own bitboards: this runs for every game at every step.
    position.visit(Planes { view, one, out });
}

struct Planes<'a, T> {
    view: usize,
    one: T,
    out: &'a mut [T],
}

/// For each square index (the bit of a [`SquareSet`]), its action on a grid of
/// width 6, 8 or 10 (`u8::MAX` off the grid): one table a width, made once.
fn action_table(board: Board) -> &'static [u8; 128] {
    static TABLES: [std::sync::OnceLock<[u8; 128]>; 3] = [const { std::sync::OnceLock::new() }; 3];
    let slot = match board.width() {
        6 => 0,
        8 => 1,
        _ => 2,
    };
    TABLES[slot].get_or_init(|| {
        let mut table = [u8::MAX; 128];
        for (i, entry) in table.iter_mut().enumerate() {
            // `i` is a bit of a `SquareSet`: the square's index on the 10×10 grid.
            if let Some(action) = Square::from_index(Board::Size10, i).and_then(|s| s.index(board))
            {
                *entry = action as u8;
            }
        }
        table
    })
}

impl<T: Copy> Planes<'_, T> {
    fn fill(&mut self, board: Board, channel: usize, squares: SquareSet) {
        let plane = board.width() as usize * board.width() as usize;
        let plane = &mut self.out[channel * plane..(channel + 1) * plane];
        let table = action_table(board);
        let mut bits = squares.bits();
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if let Some(cell) = table.get(i).and_then(|&a| plane.get_mut(a as usize)) {
                *cell = self.one;
            }
        }
    }
}

impl<T: Copy> PositionVisitor for Planes<'_, T> {
    type Output = ();

    fn visit<P: Position>(mut self, position: &P) {
        let board = position.board();
        let players = position.players() as usize;
        let colors = Color::in_play(players as u8);
        for k in 0..players {
            let color = colors[(self.view + k) % players];
            self.fill(board, k, position.discs(color).to_squares());
        }
        self.fill(board, players, position.neutral().to_squares());
        self.fill(board, players + 1, position.empty().to_squares());
        self.fill(board, players + 2, position.blocked().to_squares());
        if board == Board::Octagon {
            self.fill(board, players + 3, OCTAGON_MISSING);
        }
    }
}
