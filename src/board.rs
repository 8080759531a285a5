//! Board shapes: which squares exist, the centre, the corners, the central 4×4.

use core::fmt;
use core::str::FromStr;

use crate::simple_enum::simple_enum;
use crate::square::{ShortText, Square, SquareSet};

simple_enum! {
    /// The shape of the board.
    #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
    pub enum Board {
        /// 6×6, 36 squares (two players only).
        Size6,
        /// 8×8, 64 squares: the Othello board.
        #[default]
        Size8,
        /// 10×10, 100 squares.
        Size10,
        /// 88 squares: 10×10 with a 3-square triangle cut off each corner
        /// (`a1 b1 a2`, `i1 j1 j2`, `a9 a10 b10`, `j9 i10 j10` do not exist).
        Octagon,
    }
}

const fn rect(c0: u8, r0: u8, c1: u8, r1: u8) -> u128 {
    let mut bits = 0u128;
    let mut r = r0;
    while r <= r1 {
        let mut c = c0;
        while c <= c1 {
            bits |= 1u128 << (r as u32 * 10 + c as u32);
            c += 1;
        }
        r += 1;
    }
    bits
}

const fn octagon_cut() -> u128 {
    let cut = [
        (0, 0),
        (1, 0),
        (0, 1),
        (8, 0),
        (9, 0),
        (9, 1),
        (0, 8),
        (0, 9),
        (1, 9),
        (9, 8),
        (8, 9),
        (9, 9),
    ];
    let mut bits = 0u128;
    let mut i = 0;
    while i < cut.len() {
        bits |= 1u128 << (cut[i].1 * 10 + cut[i].0);
        i += 1;
    }
    bits
}

impl Board {
    /// The number of columns (and rows) of the grid the board lies on.
    pub const fn width(self) -> u8 {
        match self {
            Board::Size6 => 6,
            Board::Size8 => 8,
            Board::Size10 | Board::Octagon => 10,
        }
    }

    /// The number of indices on this board: one per square of the bounding grid
    /// and one for the pass, `width * width + 1` (65 on 8×8): the length of a
    /// policy vector (see [the numbering](crate::Move::index)).
    pub const fn index_count(self) -> usize {
        self.pass_index() + 1
    }

    /// The index of a pass, `width * width`: 36, 64, 100 or 100 (see [the
    /// numbering](crate::Move::index)).
    pub const fn pass_index(self) -> usize {
        self.width() as usize * self.width() as usize
    }

    /// The name used in records and on the command line: `6x6`, `8x8`, `10x10`, `octagon`.
    pub const fn name(self) -> &'static str {
        match self {
            Board::Size6 => "6x6",
            Board::Size8 => "8x8",
            Board::Size10 => "10x10",
            Board::Octagon => "octagon",
        }
    }

    /// The squares of the board.
    pub const fn squares(self) -> SquareSet {
        // Worked out at compile time: a game asks at every move.
        const SIX: u128 = rect(0, 0, 5, 5);
        const EIGHT: u128 = rect(0, 0, 7, 7);
        const TEN: u128 = rect(0, 0, 9, 9);
        const OCTAGON: u128 = TEN & !octagon_cut();
        SquareSet::from_bits(match self {
            Board::Size6 => SIX,
            Board::Size8 => EIGHT,
            Board::Size10 => TEN,
            Board::Octagon => OCTAGON,
        })
    }

    /// The number of squares: 36, 64, 100 or 88.
    pub const fn square_count(self) -> usize {
        self.squares().len()
    }

    /// Whether the board has `square`.
    pub const fn contains(self, square: Square) -> bool {
        self.squares().contains(square)
    }

    /// The 2×2 block in the middle, in the order top-left, top-right, bottom-left,
    /// bottom-right (on 8×8: `d4 e4 d5 e5`).
    pub const fn centre(self) -> [Square; 4] {
        let h = self.width() / 2;
        [
            Square::new(h - 1, h - 1),
            Square::new(h, h - 1),
            Square::new(h - 1, h),
            Square::new(h, h),
        ]
    }

    /// The 4×4 block around the centre, where no blocked square may stand.
    pub const fn central_4x4(self) -> SquareSet {
        let h = self.width() / 2;
        SquareSet::from_bits(rect(h - 2, h - 2, h + 1, h + 1))
    }

    /// The four ends of the main diagonals in the order top-left, top-right,
    /// bottom-left, bottom-right: `a1 h1 a8 h8` on 8×8, `b2 i2 b9 i9` on the octagon.
    pub const fn corners(self) -> [Square; 4] {
        let (lo, hi) = match self {
            Board::Octagon => (1, 8),
            _ => (0, self.width() - 1),
        };
        [
            Square::new(lo, lo),
            Square::new(hi, lo),
            Square::new(lo, hi),
            Square::new(hi, hi),
        ]
    }

    /// The squares that touch `square` by a side or a corner on this board.
    pub fn neighbours(self, square: Square) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for dr in -1i8..=1 {
            for dc in -1i8..=1 {
                let (c, r) = (square.column() as i8 + dc, square.row() as i8 + dr);
                if (dr, dc) != (0, 0) && (0..10).contains(&c) && (0..10).contains(&r) {
                    set.insert(Square::new(c as u8, r as u8));
                }
            }
        }
        set & self.squares()
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A board name that is not `6x6`, `8x8`, `10x10` or `octagon`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown board {name:?}: expected 6x6, 8x8, 10x10 or octagon")]
pub struct ParseBoardError {
    name: ShortText,
}

impl ParseBoardError {
    /// The text that was read, cut to its first 16 bytes: this error lives in the
    /// allocation-free core.
    pub fn name(&self) -> &str {
        self.name.as_str()
    }
}

impl FromStr for Board {
    type Err = ParseBoardError;

    /// Reads a board name, case-insensitively.
    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        Board::ALL
            .into_iter()
            .find(|b| b.name().eq_ignore_ascii_case(s))
            .ok_or(ParseBoardError {
                name: ShortText::new(s),
            })
    }
}
