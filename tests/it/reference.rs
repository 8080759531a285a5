//! A deliberately simple reference implementation of RULES.md, written from the
//! rules text alone: a plain array of cells, one square and one direction at a
//! time. The engine is checked against it; it shares nothing with the engine but
//! the names of squares and colours.
#![allow(dead_code)]

use reversi::{Color, Square};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Shape {
    Six,
    Eight,
    Ten,
    Octagon,
}

impl Shape {
    pub fn width(self) -> i32 {
        match self {
            Shape::Six => 6,
            Shape::Eight => 8,
            Shape::Ten | Shape::Octagon => 10,
        }
    }

    /// RULES.md §1: the octagon lacks a1 b1 a2, i1 j1 j2, a9 a10 b10, j9 i10 j10.
    pub fn exists(self, c: i32, r: i32) -> bool {
        let w = self.width();
        if c < 0 || r < 0 || c >= w || r >= w {
            return false;
        }
        if self == Shape::Octagon {
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
            return !cut.contains(&(c, r));
        }
        true
    }

    pub fn corners(self) -> [(i32, i32); 4] {
        match self {
            Shape::Octagon => [(1, 1), (8, 1), (1, 8), (8, 8)],
            s => {
                let w = s.width() - 1;
                [(0, 0), (w, 0), (0, w), (w, w)]
            }
        }
    }

    /// The 2×2 centre, top-left first.
    pub fn centre(self) -> [(i32, i32); 4] {
        let h = self.width() / 2;
        [(h - 1, h - 1), (h, h - 1), (h - 1, h), (h, h)]
    }

    pub fn in_central_4x4(self, c: i32, r: i32) -> bool {
        let h = self.width() / 2;
        (h - 2..=h + 1).contains(&c) && (h - 2..=h + 1).contains(&r)
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Cell {
    Missing,
    Empty,
    Blocked,
    Neutral,
    Disc(usize),
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefGame {
    pub shape: Shape,
    pub players: usize,
    pub anti: bool,
    pub cells: [[Cell; 10]; 10], // [row][column]
    pub to_move: usize,
}

/// The eight directions, as (column, row) steps.
pub const DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

#[derive(Clone, Debug)]
pub struct Setup {
    pub shape: Shape,
    pub players: usize,
    pub anti: bool,
    pub free: bool,
    /// (receiving colour index, corner indices 0..4)
    pub handicap: Option<(usize, Vec<usize>)>,
    pub blocked: Vec<(i32, i32)>,
}

impl RefGame {
    pub fn new(setup: &Setup) -> RefGame {
        let shape = setup.shape;
        let mut cells = [[Cell::Missing; 10]; 10];
        for r in 0..10 {
            for c in 0..10 {
                if shape.exists(c, r) {
                    cells[r as usize][c as usize] = Cell::Empty;
                }
            }
        }
        let [tl, tr, bl, br] = shape.centre();
        let mut put = |(c, r): (i32, i32), cell| cells[r as usize][c as usize] = cell;
        if setup.players == 2 {
            if !setup.free {
                // Othello cross: White on d4 and e5, Black on e4 and d5 (8×8).
                put(tl, Cell::Disc(1));
                put(br, Cell::Disc(1));
                put(tr, Cell::Disc(0));
                put(bl, Cell::Disc(0));
            }
        } else {
            // Clockwise from the top-left centre square: Black, White, Red, Green/Neutral.
            put(tl, Cell::Disc(0));
            put(tr, Cell::Disc(1));
            put(br, Cell::Disc(2));
            put(
                bl,
                if setup.players == 4 {
                    Cell::Disc(3)
                } else {
                    Cell::Neutral
                },
            );
        }
        if let Some((color, corners)) = &setup.handicap {
            for &k in corners {
                put(shape.corners()[k], Cell::Disc(*color));
            }
        }
        for &sq in &setup.blocked {
            put(sq, Cell::Blocked);
        }
        RefGame {
            shape,
            players: setup.players,
            anti: setup.anti,
            cells,
            to_move: 0,
        }
    }

    pub fn at(&self, c: i32, r: i32) -> Cell {
        if (0..10).contains(&c) && (0..10).contains(&r) {
            self.cells[r as usize][c as usize]
        } else {
            Cell::Missing
        }
    }

    fn centre_has_empty(&self) -> bool {
        self.shape
            .centre()
            .iter()
            .any(|&(c, r)| self.at(c, r) == Cell::Empty)
    }

    /// The discs flipped by `player` placing on (c, r), walking each direction.
    pub fn flips_for(&self, player: usize, c: i32, r: i32) -> Vec<(i32, i32)> {
        let mut all = vec![];
        if self.at(c, r) != Cell::Empty {
            return all;
        }
        for (dc, dr) in DIRS {
            let mut line = vec![];
            let (mut x, mut y) = (c + dc, r + dr);
            loop {
                match self.at(x, y) {
                    Cell::Disc(p) if p == player => {
                        all.extend(line);
                        break;
                    }
                    // Any disc that is not the mover's, Neutral included.
                    Cell::Disc(_) | Cell::Neutral => line.push((x, y)),
                    _ => break,
                }
                x += dc;
                y += dr;
            }
        }
        all
    }

    fn touches_disc(&self, c: i32, r: i32) -> bool {
        DIRS.iter()
            .any(|(dc, dr)| matches!(self.at(c + dc, r + dr), Cell::Disc(_) | Cell::Neutral))
    }

    fn empties(&self) -> Vec<(i32, i32)> {
        let mut v = vec![];
        for r in 0..10 {
            for c in 0..10 {
                if self.at(c, r) == Cell::Empty {
                    v.push((c, r));
                }
            }
        }
        v
    }

    fn moves_of(&self, player: usize) -> Vec<(i32, i32)> {
        if self.players == 2 && self.centre_has_empty() {
            // RULES.md §6: the free opening fills the centre first, flipping nothing.
            return self
                .shape
                .centre()
                .into_iter()
                .filter(|&(c, r)| self.at(c, r) == Cell::Empty)
                .collect();
        }
        let flipping: Vec<_> = self
            .empties()
            .into_iter()
            .filter(|&(c, r)| !self.flips_for(player, c, r).is_empty())
            .collect();
        if self.players == 2 || !flipping.is_empty() {
            return flipping;
        }
        self.empties()
            .into_iter()
            .filter(|&(c, r)| self.touches_disc(c, r))
            .collect()
    }

    pub fn legal_moves(&self) -> Vec<(i32, i32)> {
        let mut v = self.moves_of(self.to_move);
        v.sort_by_key(|&(c, r)| (r, c));
        v
    }

    pub fn must_pass(&self) -> bool {
        self.players == 2
            && self.legal_moves().is_empty()
            && !self.moves_of(1 - self.to_move).is_empty()
    }

    pub fn is_over(&self) -> bool {
        if self.players == 2 {
            self.moves_of(0).is_empty() && self.moves_of(1).is_empty()
        } else {
            self.legal_moves().is_empty()
        }
    }

    pub fn play(&mut self, c: i32, r: i32) {
        let p = self.to_move;
        for (x, y) in self.flips_for(p, c, r) {
            self.cells[y as usize][x as usize] = Cell::Disc(p);
        }
        self.cells[r as usize][c as usize] = Cell::Disc(p);
        self.to_move = (p + 1) % self.players;
    }

    pub fn pass(&mut self) {
        self.to_move = (self.to_move + 1) % self.players;
    }

    pub fn score(&self, player: usize) -> u32 {
        let mut n = 0;
        for row in &self.cells {
            for cell in row {
                if *cell == Cell::Disc(player) {
                    n += 1;
                }
            }
        }
        n
    }

    /// Some(winner) or None for a draw (RULES.md §9).
    pub fn winner(&self) -> Option<usize> {
        let scores: Vec<u32> = (0..self.players).map(|p| self.score(p)).collect();
        let best = if self.anti {
            *scores.iter().min().unwrap()
        } else {
            *scores.iter().max().unwrap()
        };
        let winners: Vec<usize> = (0..self.players).filter(|&p| scores[p] == best).collect();
        (winners.len() == 1).then(|| winners[0])
    }

    /// RULES.md §11, move by move.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 || self.is_over() {
            return 1;
        }
        let moves = self.legal_moves();
        if moves.is_empty() {
            let mut next = self.clone();
            next.pass();
            return next.perft(depth - 1);
        }
        moves
            .into_iter()
            .map(|(c, r)| {
                let mut next = self.clone();
                next.play(c, r);
                next.perft(depth - 1)
            })
            .sum()
    }
}

pub fn square(c: i32, r: i32) -> Square {
    Square::new(c as u8, r as u8)
}

pub fn color(p: usize) -> Color {
    Color::ALL[p]
}
