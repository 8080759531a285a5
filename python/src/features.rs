//! The rules crate's evaluation features (`reversi::features`), counted for one
//! player of a position: what a hand-written evaluation or a feature-based
//! learner reads.

use reversi::features;
use reversi::{AnyPosition, Color, PositionVisitor, SearchPosition};

/// The names of the features, in the order [`counts`] returns them.
pub const NAMES: [&str; 9] = [
    "discs",
    "mobility",
    "potential_mobility",
    "frontier",
    "stable",
    "corners",
    "edges",
    "c_squares",
    "x_squares",
];

/// The features of `color` in `position`, counted, in [`NAMES`] order.
pub fn counts(position: &AnyPosition, color: Color) -> [u32; 9] {
    position.visit_fastest(Counts { color })
}

struct Counts {
    color: Color,
}

impl PositionVisitor for Counts {
    type Output = [u32; 9];

    fn visit<P: SearchPosition>(self, pos: &P) -> [u32; 9] {
        let color = self.color;
        let discs = pos.discs(color);
        [
            discs.len(),
            features::mobility(pos, color).len(),
            features::potential_mobility(pos, color).len(),
            features::frontier(pos, color).len(),
            features::stable(pos, color).len(),
            (discs & features::corner_squares(pos)).len(),
            (discs & features::edge_squares(pos)).len(),
            (discs & features::c_squares(pos)).len(),
            (discs & features::x_squares(pos)).len(),
        ]
        .map(|n| n as u32)
    }
}
