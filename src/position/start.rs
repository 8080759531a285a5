//! Start positions ([RULES.md §4](crate::rules_doc) and §8).

use super::AnyPosition;
use crate::color::{Cell, Color};
use crate::rules::{Opening, Rules};
use crate::square::Square;

impl AnyPosition {
    /// The start position of a game with these rules ([RULES.md §4](crate::rules_doc) and §8).
    pub fn start(rules: &Rules) -> AnyPosition {
        let board = rules.board();
        let mut cells = [Cell::Empty; Square::NUM];
        let centre = board.centre();
        match (rules.players(), rules.opening()) {
            (2, Opening::Free) => {}
            (2, Opening::Standard) => {
                // The Othello cross: White top-left and bottom-right.
                cells[centre[0].grid_index()] = Cell::Disc(Color::White);
                cells[centre[1].grid_index()] = Cell::Disc(Color::Black);
                cells[centre[2].grid_index()] = Cell::Disc(Color::Black);
                cells[centre[3].grid_index()] = Cell::Disc(Color::White);
            }
            (players, _) => {
                // Clockwise from the top-left: top-left, top-right, bottom-right, bottom-left.
                let clockwise = [centre[0], centre[1], centre[3], centre[2]];
                for (i, sq) in clockwise.into_iter().enumerate() {
                    cells[sq.grid_index()] = match Color::from_index(i) {
                        Some(c) if i < players as usize => Cell::Disc(c),
                        _ => Cell::Neutral,
                    };
                }
            }
        }
        if let Some(h) = rules.handicap() {
            for sq in h.corners.squares(board) {
                cells[sq.grid_index()] = Cell::Disc(h.color);
            }
        }
        for sq in rules.blocked() {
            cells[sq.grid_index()] = Cell::Blocked;
        }
        AnyPosition::from_cells(board, rules.players(), rules.anti(), &cells, Color::Black)
    }
}
