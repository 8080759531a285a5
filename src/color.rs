//! Players' colours and what stands on a square.

use core::fmt;

/// A player's colour. Black always moves first; the turn then passes in the order
/// Black, White, Red, Green and wraps around, among the colours in play.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Color {
    /// The first player.
    Black = 0,
    /// The second player.
    White = 1,
    /// The third player (three or four players).
    Red = 2,
    /// The fourth player (four players).
    Green = 3,
}

impl Color {
    /// Every colour, in turn order.
    pub const ALL: [Color; 4] = [Color::Black, Color::White, Color::Red, Color::Green];

    /// The position of this colour in the turn order, 0 for Black.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour at `index` in the turn order, if below 4.
    pub const fn from_index(index: usize) -> Option<Color> {
        match index {
            0 => Some(Color::Black),
            1 => Some(Color::White),
            2 => Some(Color::Red),
            3 => Some(Color::Green),
            _ => None,
        }
    }

    /// The letter of the position string: `B`, `W`, `R` or `G`.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
            Color::Red => 'R',
            Color::Green => 'G',
        }
    }

    /// The colour of a position-string letter (upper case only).
    pub const fn from_letter(letter: char) -> Option<Color> {
        match letter {
            'B' => Some(Color::Black),
            'W' => Some(Color::White),
            'R' => Some(Color::Red),
            'G' => Some(Color::Green),
            _ => None,
        }
    }

    /// The lower-case name used in records: `black`, `white`, `red`, `green`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
            Color::Red => "red",
            Color::Green => "green",
        }
    }

    /// The colour of a lower-case or capitalised name (`black`, `White`…).
    pub fn from_name(name: &str) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a square of a board holds.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Cell {
    /// Nothing yet: a disc may be placed here.
    Empty,
    /// A blocked square: a hole where no disc is ever placed and no line runs.
    Blocked,
    /// The Neutral disc of the three-player game: it belongs to nobody.
    Neutral,
    /// A player's disc.
    Disc(Color),
}

impl Cell {
    /// The character of the position string: `-`, `#`, `N`, or the colour's letter.
    pub const fn letter(self) -> char {
        match self {
            Cell::Empty => '-',
            Cell::Blocked => '#',
            Cell::Neutral => 'N',
            Cell::Disc(c) => c.letter(),
        }
    }
}
