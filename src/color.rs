//! Players' colours and what stands on a square.

use core::fmt;

use crate::simple_enum::simple_enum;

simple_enum! {
    /// A player's colour. Black always moves first; the turn then passes in the
    /// order Black, White, Red, Green and wraps around, among the colours in play.
    #[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
    #[repr(u8)]
    pub enum Color {
        /// The first player.
        Black,
        /// The second player.
        White,
        /// The third player (three or four players).
        Red,
        /// The fourth player (four players).
        Green,
    }
}

impl Color {
    /// The colours in play with `players` players (2 to 4), in turn order; every
    /// colour for a count above 4.
    pub const fn in_play(players: u8) -> &'static [Color] {
        match players {
            0..=2 => &[Color::Black, Color::White],
            3 => &[Color::Black, Color::White, Color::Red],
            _ => &Color::ALL,
        }
    }

    /// The colour that moves after this one with `players` players, wrapping
    /// around: `White.next(2)` is Black, `White.next(3)` is Red.
    ///
    /// ```
    /// use reversi::Color;
    /// assert_eq!(Color::White.next(2), Color::Black);
    /// assert_eq!(Color::White.next(3), Color::Red);
    /// assert_eq!(Color::Green.next(4), Color::Black);
    /// ```
    pub const fn next(self, players: u8) -> Color {
        let next = self as usize + 1;
        if next >= players as usize || next >= Color::NUM {
            Color::Black
        } else {
            Color::ALL[next]
        }
    }

    /// The opponent in a two-player game: White for Black and Black for White
    /// (for Red and Green, which never play two-player games, the colour itself).
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
            other => other,
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

    /// The name for people, capitalised as at the start of a sentence: `Black`,
    /// `White`, `Red`, `Green` (`Display` writes the lower-case [`name`](Color::name)).
    pub const fn display_name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
            Color::Red => "Red",
            Color::Green => "Green",
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
