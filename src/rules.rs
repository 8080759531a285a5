//! The options of a game, validated once into [`Rules`].

use core::fmt;
use core::str::FromStr;

use rand_core::{Rng, SeedableRng};

use crate::board::{Board, ParseBoardError};
use crate::color::Color;
use crate::square::{ParseSquareError, ShortText, Square, SquareSet};

bitflags::bitflags! {
    /// A set of board corners, as used by the corner handicap.
    ///
    /// The corners are the ends of the main diagonals: [`Board::corners`] gives their
    /// squares in the order of these flags.
    #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
    pub struct Corners: u8 {
        /// `a1` on square boards, `b2` on the octagon.
        const TOP_LEFT = 1;
        /// `h1` on 8×8, `i2` on the octagon.
        const TOP_RIGHT = 2;
        /// `a8` on 8×8, `b9` on the octagon.
        const BOTTOM_LEFT = 4;
        /// `h8` on 8×8, `i9` on the octagon.
        const BOTTOM_RIGHT = 8;
    }
}

impl Corners {
    /// The squares of these corners on `board`.
    pub fn squares(self, board: Board) -> SquareSet {
        board
            .corners()
            .into_iter()
            .enumerate()
            .filter(|&(i, _)| self.bits() >> i & 1 != 0)
            .map(|(_, sq)| sq)
            .collect()
    }

    /// The corner of `board` that `square` is, if it is one.
    pub fn from_square(board: Board, square: Square) -> Option<Corners> {
        let i = board.corners().iter().position(|&c| c == square)?;
        Corners::from_bits(1 << i)
    }
}

/// The corner handicap: at the start, the given corners hold discs of the
/// receiving colour (Black or White). Black still moves first.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Handicap {
    /// The colour that receives the corner discs.
    pub color: Color,
    /// The corners that hold its discs.
    pub corners: Corners,
}

/// How a two-player game opens.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Opening {
    /// The Othello cross on the centre.
    #[default]
    Standard,
    /// The centre starts empty; the first four moves fill it, alternately, anywhere
    /// within it, flipping nothing.
    Free,
}

/// Why a set of options is not a game that the rules allow.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RulesError {
    /// The player count is not 2, 3 or 4.
    #[error("{} {}: a game has 2, 3 or 4 players", .0, if *.0 == 1 { "player" } else { "players" })]
    Players(u8),
    /// Three or four players on 6×6.
    #[error("{players} players cannot play on 6x6: too few squares")]
    BoardTooSmall {
        /// The player count asked for.
        players: u8,
    },
    /// The free opening with three or four players.
    #[error("the free opening is for two players, not {players}")]
    FreeOpeningPlayers {
        /// The player count asked for.
        players: u8,
    },
    /// The corner handicap with three or four players.
    #[error("the corner handicap is for two players, not {players}")]
    HandicapPlayers {
        /// The player count asked for.
        players: u8,
    },
    /// A handicap for a colour other than Black or White.
    #[error("the corner handicap goes to black or white, not {0}")]
    HandicapColor(Color),
    /// A handicap without corners.
    #[error("the corner handicap names no corner")]
    HandicapNoCorners,
    /// A handicap square that is not a corner of the board.
    #[error("{square} is not a corner of the {board} board")]
    NotACorner {
        /// The square named.
        square: Square,
        /// The board of the game.
        board: Board,
    },
    /// A handicap corner named twice.
    #[error("handicap corner {0} is named twice")]
    HandicapRepeated(Square),
    /// More than four blocked squares.
    #[error("{0} blocked squares: at most 4 may be blocked")]
    TooManyBlocked(usize),
    /// A blocked square that the board does not have.
    #[error("blocked square {square} is not on the {board} board")]
    BlockedOffBoard {
        /// The square named.
        square: Square,
        /// The board of the game.
        board: Board,
    },
    /// A blocked square in the central 4×4.
    #[error("blocked square {0} is in the central 4x4")]
    BlockedInCentre(Square),
    /// A blocked square on a corner that holds a handicap disc.
    #[error("blocked square {0} is a handicap corner")]
    BlockedOnHandicap(Square),
    /// A blocked square named twice.
    #[error("blocked square {0} is named twice")]
    BlockedRepeated(Square),
    /// Random blocked squares asked for when some were named already.
    #[error("blocked squares are both named and to be drawn at random")]
    BlockedTwice,
}

/// The options of a game, not yet checked: build it, then [`build`](RulesBuilder::build)
/// it into [`Rules`].
///
/// ```
/// use reversi::{Board, Rules, RulesError};
/// let rules = Rules::builder(Board::Octagon).players(4).anti(true).build()?;
/// assert_eq!(rules.players(), 4);
/// let err = Rules::builder(Board::Size6).players(3).build().unwrap_err();
/// assert_eq!(err, RulesError::BoardTooSmall { players: 3 });
/// # Ok::<_, RulesError>(())
/// ```
#[derive(Copy, Clone, Debug)]
pub struct RulesBuilder {
    board: Board,
    players: u8,
    anti: bool,
    opening: Opening,
    handicap: Option<Handicap>,
    // The first five blocked squares named (five tell "too many" from "repeated"),
    // and how many were named in all.
    blocked: [Option<Square>; 5],
    blocked_count: usize,
    handicap_error: Option<RulesError>,
}

impl RulesBuilder {
    /// The number of players: 2 (the default), 3 or 4.
    pub fn players(mut self, players: u8) -> RulesBuilder {
        self.players = players;
        self
    }

    /// Anti-Reversi: the fewest discs win.
    pub fn anti(mut self, anti: bool) -> RulesBuilder {
        self.anti = anti;
        self
    }

    /// The opening (two players only).
    pub fn opening(mut self, opening: Opening) -> RulesBuilder {
        self.opening = opening;
        self
    }

    /// The corner handicap (two players only).
    pub fn handicap(mut self, handicap: Handicap) -> RulesBuilder {
        self.handicap = Some(handicap);
        self
    }

    /// The corner handicap given as corner squares of the board, as records and
    /// command lines name them; a square that is not a corner, or a corner named
    /// twice, is an error at [`build`](RulesBuilder::build) (as a blocked square
    /// named twice is).
    pub fn handicap_squares(
        mut self,
        color: Color,
        squares: impl IntoIterator<Item = Square>,
    ) -> RulesBuilder {
        let mut corners = Corners::empty();
        for square in squares {
            let error = match Corners::from_square(self.board, square) {
                Some(c) if corners.contains(c) => RulesError::HandicapRepeated(square),
                Some(c) => {
                    corners |= c;
                    continue;
                }
                None => RulesError::NotACorner {
                    square,
                    board: self.board,
                },
            };
            self.handicap_error.get_or_insert(error);
        }
        self.handicap = Some(Handicap { color, corners });
        self
    }

    /// Names the blocked squares (one to four, added to any named before).
    pub fn blocked(mut self, squares: impl IntoIterator<Item = Square>) -> RulesBuilder {
        for square in squares {
            if let Some(slot) = self.blocked.get_mut(self.blocked_count) {
                *slot = Some(square);
            }
            self.blocked_count += 1;
        }
        self
    }

    /// Checks the options against [RULES.md §3](crate::rules_doc) and §8.
    pub fn build(&self) -> Result<Rules, RulesError> {
        let rules = self.check_options()?;
        let eligible = rules.blocking_eligible();
        if self.blocked_count > 4 {
            return Err(RulesError::TooManyBlocked(self.blocked_count));
        }
        let mut blocked = SquareSet::EMPTY;
        for square in self.blocked.iter().flatten().copied() {
            if !self.board.contains(square) {
                return Err(RulesError::BlockedOffBoard {
                    square,
                    board: self.board,
                });
            }
            if self.board.central_4x4().contains(square) {
                return Err(RulesError::BlockedInCentre(square));
            }
            if !eligible.contains(square) {
                return Err(RulesError::BlockedOnHandicap(square));
            }
            if blocked.contains(square) {
                return Err(RulesError::BlockedRepeated(square));
            }
            blocked.insert(square);
        }
        Ok(Rules { blocked, ..rules })
    }

    /// Checks the options and draws the blocked squares from `rng` as [RULES.md §8](crate::rules_doc)
    /// says: the count uniform in 1…4, then the squares uniform among the eligible
    /// ones (on the board, outside the central 4×4, not a handicap corner), without
    /// repeats.
    ///
    /// The draw is part of the contract, so that a seed gives the same squares in
    /// every version: a number uniform below `n` is the first `next_u32()` below the
    /// largest multiple of `n` that fits in 32 bits, taken modulo `n`; the count is
    /// `1 +` such a number below 4; then each square is the one at such an index
    /// among the eligible squares not yet drawn, in index order (`a1`, `b1`, …).
    pub fn build_with_random_blocked<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
    ) -> Result<Rules, RulesError> {
        if self.blocked_count > 0 {
            return Err(RulesError::BlockedTwice);
        }
        let rules = self.check_options()?;
        let mut eligible = rules.blocking_eligible();
        let count = 1 + uniform(rng, 4);
        let mut blocked = SquareSet::EMPTY;
        for _ in 0..count {
            let k = uniform(rng, eligible.len() as u32) as usize;
            if let Some(square) = eligible.iter().nth(k) {
                blocked.insert(square);
                eligible.remove(square);
            }
        }
        Ok(Rules { blocked, ..rules })
    }

    /// [`build_with_random_blocked`](RulesBuilder::build_with_random_blocked) with the
    /// crate's seeded generator (xoshiro256++ seeded by SplitMix64 from `seed`), for
    /// hosts that bring no generator of their own.
    pub fn build_with_blocked_seed(&self, seed: u64) -> Result<Rules, RulesError> {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        self.build_with_random_blocked(&mut rng)
    }

    fn check_options(&self) -> Result<Rules, RulesError> {
        let players = self.players;
        if !(2..=4).contains(&players) {
            return Err(RulesError::Players(players));
        }
        if players > 2 && self.board == Board::Size6 {
            return Err(RulesError::BoardTooSmall { players });
        }
        if players > 2 && self.opening == Opening::Free {
            return Err(RulesError::FreeOpeningPlayers { players });
        }
        if let Some(handicap) = self.handicap {
            if players > 2 {
                return Err(RulesError::HandicapPlayers { players });
            }
            if let Some(err) = self.handicap_error {
                return Err(err);
            }
            if !matches!(handicap.color, Color::Black | Color::White) {
                return Err(RulesError::HandicapColor(handicap.color));
            }
            if handicap.corners.is_empty() {
                return Err(RulesError::HandicapNoCorners);
            }
        }
        Ok(Rules {
            board: self.board,
            players,
            anti: self.anti,
            opening: self.opening,
            handicap: self.handicap,
            blocked: SquareSet::EMPTY,
        })
    }
}

/// A number uniform in `0..n` (`n > 0`), by rejection of the top of the `u32` range.
fn uniform<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    let n = n.max(1);
    let zone = u32::MAX - (u32::MAX - n + 1) % n;
    loop {
        let x = rng.next_u32();
        if x <= zone {
            return x % n;
        }
    }
}

/// The options of a game, checked: every value of this type is a game that
/// [RULES.md](crate::rules_doc) allows.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    board: Board,
    players: u8,
    anti: bool,
    opening: Opening,
    handicap: Option<Handicap>,
    blocked: SquareSet,
}

impl Default for Rules {
    /// Othello: two players on 8×8, standard opening.
    fn default() -> Rules {
        Rules {
            board: Board::Size8,
            players: 2,
            anti: false,
            opening: Opening::Standard,
            handicap: None,
            blocked: SquareSet::EMPTY,
        }
    }
}

impl Rules {
    /// Starts a set of options for `board`: two players, standard opening, no
    /// handicap, no blocked squares.
    pub fn builder(board: Board) -> RulesBuilder {
        RulesBuilder {
            board,
            players: 2,
            anti: false,
            opening: Opening::Standard,
            handicap: None,
            blocked: [None; 5],
            blocked_count: 0,
            handicap_error: None,
        }
    }

    /// A builder holding these options, to change some of them.
    pub fn to_builder(&self) -> RulesBuilder {
        let mut builder = Rules::builder(self.board)
            .players(self.players)
            .anti(self.anti)
            .opening(self.opening)
            .blocked(self.blocked);
        builder.handicap = self.handicap;
        builder
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The number of indices on this game's board, the length of a policy
    /// vector: [`Board::index_count`].
    pub fn index_count(&self) -> usize {
        self.board.index_count()
    }

    /// The number of players: 2, 3 or 4.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// The colours in play, in turn order.
    pub fn colors(&self) -> &'static [Color] {
        Color::in_play(self.players)
    }

    /// Whether this is Anti-Reversi (the fewest discs win).
    pub fn anti(&self) -> bool {
        self.anti
    }

    /// The opening.
    pub fn opening(&self) -> Opening {
        self.opening
    }

    /// The corner handicap, if any.
    pub fn handicap(&self) -> Option<Handicap> {
        self.handicap
    }

    /// The blocked squares (empty when there are none).
    pub fn blocked(&self) -> SquareSet {
        self.blocked
    }

    /// The squares that may be blocked: on the board, outside the central 4×4,
    /// and not a corner that holds a handicap disc.
    pub fn blocking_eligible(&self) -> SquareSet {
        let handicap = self
            .handicap
            .map_or(SquareSet::EMPTY, |h| h.corners.squares(self.board));
        self.board.squares() - self.board.central_4x4() - handicap
    }
}

impl fmt::Display for Rules {
    /// A short description: `8x8, 2 players, anti, free opening, handicap white a1 h8, blocked c1 j4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, {} players", self.board, self.players)?;
        if self.anti {
            f.write_str(", anti")?;
        }
        if self.opening == Opening::Free {
            f.write_str(", free opening")?;
        }
        if let Some(h) = self.handicap {
            write!(
                f,
                ", handicap {} {}",
                h.color,
                h.corners.squares(self.board)
            )?;
        }
        if !self.blocked.is_empty() {
            write!(f, ", blocked {}", self.blocked)?;
        }
        Ok(())
    }
}

/// Why a text is not a rules description, an opening or a handicap.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ParseRulesErrorKind {
    /// A part that is none of the options.
    Part,
    /// A flag without its value (the flag).
    MissingValue(&'static str),
    /// An unknown board.
    Board(ParseBoardError),
    /// A square that cannot be read.
    Square(ParseSquareError),
    /// A player count that is not a number.
    Players,
    /// A `--seed` that is not a number from 0 to 2^64 - 1.
    Seed,
    /// A handicap colour that is not a colour's name.
    Color,
    /// A handicap corner that is not a corner of any board, nor a corner's name.
    Corner(Square),
    /// A handicap corner named twice (as a square or by name).
    RepeatedCorner,
    /// An opening that is neither `standard` nor `free`.
    Opening,
    /// The options read, but make no game that the rules allow.
    Rules(RulesError),
}

/// A text that is not a rules description, an opening or a handicap: why, and
/// the text at fault.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{}", ParseRulesErrorText(self))]
pub struct ParseRulesError {
    kind: ParseRulesErrorKind,
    text: ShortText,
}

impl ParseRulesError {
    fn new(kind: ParseRulesErrorKind, text: &str) -> ParseRulesError {
        ParseRulesError {
            kind,
            text: ShortText::new(text),
        }
    }

    /// Why.
    pub fn kind(&self) -> &ParseRulesErrorKind {
        &self.kind
    }

    /// The text at fault, cut to its first 16 bytes: this error lives in the
    /// allocation-free core.
    pub fn text(&self) -> &str {
        self.text.as_str()
    }
}

impl From<ParseBoardError> for ParseRulesError {
    fn from(e: ParseBoardError) -> ParseRulesError {
        let text = ShortText::new(e.name());
        ParseRulesError {
            kind: ParseRulesErrorKind::Board(e),
            text,
        }
    }
}

impl From<ParseSquareError> for ParseRulesError {
    fn from(e: ParseSquareError) -> ParseRulesError {
        let text = ShortText::new(e.name());
        ParseRulesError {
            kind: ParseRulesErrorKind::Square(e),
            text,
        }
    }
}

impl From<RulesError> for ParseRulesError {
    fn from(e: RulesError) -> ParseRulesError {
        ParseRulesError::new(ParseRulesErrorKind::Rules(e), "")
    }
}

struct ParseRulesErrorText<'a>(&'a ParseRulesError);

impl fmt::Display for ParseRulesErrorText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.0.text.as_str();
        match &self.0.kind {
            ParseRulesErrorKind::Part => write!(
                f,
                "{text:?} is not an option: expected a board, N players, anti, free opening, handicap or blocked"
            ),
            ParseRulesErrorKind::MissingValue(flag) => write!(f, "{flag} needs a value"),
            ParseRulesErrorKind::Board(e) => write!(f, "{e}"),
            ParseRulesErrorKind::Square(e) => write!(f, "{e}"),
            ParseRulesErrorKind::Players => write!(f, "{text:?} is not a number of players"),
            ParseRulesErrorKind::Seed => {
                write!(f, "{text:?} is not a seed: expected a number from 0 to 2^64 - 1")
            }
            ParseRulesErrorKind::Color => write!(f, "{text:?} is not a colour"),
            ParseRulesErrorKind::Corner(sq) => write!(f, "{sq} is not a corner of any board"),
            ParseRulesErrorKind::RepeatedCorner => {
                write!(f, "handicap corner {text} is named twice")
            }
            ParseRulesErrorKind::Opening => {
                write!(f, "{text:?} is not an opening: expected standard or free")
            }
            ParseRulesErrorKind::Rules(e) => write!(f, "{e}"),
        }
    }
}

impl fmt::Display for Opening {
    /// `standard` or `free`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Opening::Standard => "standard",
            Opening::Free => "free",
        })
    }
}

impl FromStr for Opening {
    type Err = ParseRulesError;

    /// `standard` or `free` (any case), what `Display` prints.
    fn from_str(s: &str) -> Result<Opening, ParseRulesError> {
        match s.trim() {
            t if t.eq_ignore_ascii_case("standard") => Ok(Opening::Standard),
            t if t.eq_ignore_ascii_case("free") => Ok(Opening::Free),
            t => Err(ParseRulesError::new(ParseRulesErrorKind::Opening, t)),
        }
    }
}

/// The names of the corners, in the order of the [`Corners`] flags.
const CORNER_NAMES: [&str; 4] = ["top-left", "top-right", "bottom-left", "bottom-right"];

impl fmt::Display for Handicap {
    /// The colour, then the corners by name: `white top-left bottom-right` (a
    /// handicap does not know its board, so it cannot name squares).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.color.name())?;
        for (i, name) in CORNER_NAMES.iter().enumerate() {
            if self.corners.bits() >> i & 1 != 0 {
                write!(f, " {name}")?;
            }
        }
        Ok(())
    }
}

impl Handicap {
    /// Reads a handicap as [`FromStr`] does, for a game on `board`: a corner named
    /// by its square must be a corner of that board (`b2` is the octagon's
    /// top-left corner, not 8×8's: [`RulesError::NotACorner`]).
    ///
    /// ```
    /// use reversi::{Board, Corners, Handicap};
    /// let h = Handicap::parse_on(Board::Octagon, "white b2 i9")?;
    /// assert_eq!(h.corners, Corners::TOP_LEFT | Corners::BOTTOM_RIGHT);
    /// let e = Handicap::parse_on(Board::Size8, "white b2").unwrap_err();
    /// assert_eq!(e.to_string(), "b2 is not a corner of the 8x8 board");
    /// # Ok::<_, reversi::ParseRulesError>(())
    /// ```
    pub fn parse_on(board: Board, text: &str) -> Result<Handicap, ParseRulesError> {
        let handicap: Handicap = text.parse()?;
        for word in text
            .split([' ', ':', ','])
            .filter(|w| !w.is_empty())
            .skip(1)
        {
            if let Ok(square) = word.parse::<Square>()
                && Corners::from_square(board, square).is_none()
            {
                let error = RulesError::NotACorner { square, board };
                return Err(ParseRulesError::new(
                    ParseRulesErrorKind::Rules(error),
                    word,
                ));
            }
        }
        Ok(handicap)
    }
}

impl FromStr for Handicap {
    type Err = ParseRulesError;

    /// A colour, then its corners, as names (`white top-left bottom-right`, what
    /// `Display` prints) or squares (`white a1 h8`, as records write them, or the
    /// examples' `white:a1,h8`). A corner square names the same corner on every
    /// board that has it (`h1` is the top-right corner of 8×8, `i2` of the
    /// octagon), so no board is needed; [`Handicap::parse_on`] reads a handicap
    /// for one board.
    ///
    /// ```
    /// use reversi::{Color, Corners, Handicap};
    /// let h: Handicap = "white a1 h8".parse()?;
    /// assert_eq!(h, Handicap { color: Color::White, corners: Corners::TOP_LEFT | Corners::BOTTOM_RIGHT });
    /// assert_eq!(h.to_string(), "white top-left bottom-right");
    /// assert_eq!(h.to_string().parse::<Handicap>()?, h);
    /// assert_eq!("white:a1,h8".parse::<Handicap>()?, h);
    /// # Ok::<_, reversi::ParseRulesError>(())
    /// ```
    fn from_str(s: &str) -> Result<Handicap, ParseRulesError> {
        let mut words = s.trim().split([' ', ':', ',']).filter(|w| !w.is_empty());
        let color_text = words.next().unwrap_or("");
        let color = Color::from_name(color_text)
            .ok_or_else(|| ParseRulesError::new(ParseRulesErrorKind::Color, color_text))?;
        let mut corners = Corners::empty();
        for word in words {
            let corner = match CORNER_NAMES
                .iter()
                .position(|n| n.eq_ignore_ascii_case(word))
            {
                Some(i) => i,
                None => {
                    let square: Square = word.parse()?;
                    Board::ALL
                        .iter()
                        .find_map(|b| b.corners().iter().position(|&c| c == square))
                        .ok_or_else(|| {
                            ParseRulesError::new(ParseRulesErrorKind::Corner(square), word)
                        })?
                }
            };
            let corner = Corners::from_bits_truncate(1 << corner);
            if corners.contains(corner) {
                return Err(ParseRulesError::new(
                    ParseRulesErrorKind::RepeatedCorner,
                    word,
                ));
            }
            corners |= corner;
        }
        Ok(Handicap { color, corners })
    }
}

impl FromStr for Rules {
    type Err = ParseRulesError;

    /// Reads what `Display` prints (`octagon, 3 players, anti, blocked c1 j4`;
    /// `free opening` and `handicap white a1 h8` too) or the examples' flags
    /// (`--board octagon --players 3 --anti --free-opening --handicap white:a1,h8
    /// --blocked c1,j4`), then checks the options as [`RulesBuilder::build`] does.
    /// Options left out keep their defaults (8×8, two players); random blocked
    /// squares are not a `Rules` value and are refused.
    ///
    /// ```
    /// use reversi::{Board, Rules};
    /// let rules = Rules::builder(Board::Octagon).players(3).anti(true)
    ///     .blocked(["c1".parse()?, "j4".parse()?]).build()?;
    /// assert_eq!(rules.to_string().parse::<Rules>()?, rules);
    /// let flags: Rules = "--board octagon --players 3 --anti --blocked c1,j4".parse()?;
    /// assert_eq!(flags, rules);
    /// assert!("6x6, 3 players".parse::<Rules>().is_err());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        let s = s.trim();
        // Options that do not go together: the whole text is at fault.
        let whole = |e: RulesError| ParseRulesError::new(ParseRulesErrorKind::Rules(e), s);
        if s.starts_with("--") {
            let mut flags = RulesFlags::new();
            let mut words = s.split_whitespace();
            while let Some(flag) = words.next() {
                // A position and a seed are not rules.
                let rules_flag = !matches!(flag, "--position" | "--seed");
                if !rules_flag || !flags.read(flag, || words.next())? {
                    return Err(ParseRulesError::new(ParseRulesErrorKind::Part, flag));
                }
            }
            if flags.random_blocked {
                // Random blocked squares are not a `Rules` value: refused as the
                // square name that `random` is not.
                return Err("random".parse::<Square>().unwrap_err().into());
            }
            return flags.builder()?.build().map_err(whole);
        }
        let mut builder = Rules::builder(Board::Size8);
        let mut handicap = None;
        for (i, part) in s.split(',').map(str::trim).enumerate() {
            let (head, rest) = part.split_once(' ').unwrap_or((part, ""));
            builder = match (head, rest.trim()) {
                _ if i == 0 => {
                    let mut rebuilt = builder;
                    rebuilt.board = part.parse()?;
                    rebuilt
                }
                (n, "players") => builder.players(players(n)?),
                ("anti", "") => builder.anti(true),
                (opening, "opening") => builder.opening(opening.parse()?),
                ("handicap", h) => {
                    h.parse::<Handicap>()?;
                    handicap = Some(h);
                    builder
                }
                ("blocked", list) => blocked(builder, list)?,
                _ => return Err(ParseRulesError::new(ParseRulesErrorKind::Part, part)),
            };
        }
        with_handicap(builder, handicap)?.build().map_err(whole)
    }
}

/// A player count.
fn players(text: &str) -> Result<u8, ParseRulesError> {
    text.parse::<u8>()
        .map_err(|_| ParseRulesError::new(ParseRulesErrorKind::Players, text))
}

/// The builder with each square of `list` (split at spaces and commas) blocked:
/// the builder refuses one named twice.
fn blocked(mut builder: RulesBuilder, list: &str) -> Result<RulesBuilder, ParseRulesError> {
    let mut named = false;
    for word in list.split([' ', ',']).filter(|w| !w.is_empty()) {
        builder = builder.blocked([word.parse::<Square>()?]);
        named = true;
    }
    if !named {
        // `blocked` with no square is a mistake, not a game without any.
        return Err(ParseRulesError::new(
            ParseRulesErrorKind::MissingValue("blocked"),
            list,
        ));
    }
    Ok(builder)
}

/// The variant flags of a command line, read one flag at a time: the one reader
/// of them, behind `Rules`' [`FromStr`] (`--board octagon --players 3`) and every
/// example's command line, which reads its own flags around them.
///
/// The flags are those of [`RulesFlags::USAGE`]: `--board`, `--players`, `--anti`,
/// `--free-opening`, `--handicap COLOR:SQUARES`, `--blocked SQUARES` or
/// `--blocked random` (one to four squares drawn from the seed), `--position TEXT`
/// (a whole position instead: `Game::from_position_str`) and `--seed N`.
///
/// ```
/// use reversi::{Board, RulesFlags};
/// let args = ["--board", "octagon", "--players", "3", "--depth", "4"];
/// let mut flags = RulesFlags::new();
/// let mut rest = Vec::new();
/// let mut words = args.into_iter();
/// while let Some(flag) = words.next() {
///     if !flags.read(flag, || words.next())? {
///         rest.push(flag); // the program's own flag (and its value)
///     }
/// }
/// assert_eq!(rest, ["--depth", "4"]);
/// let rules = flags.builder()?.build()?;
/// assert_eq!((rules.board(), rules.players()), (Board::Octagon, 3));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug)]
pub struct RulesFlags<'a> {
    builder: RulesBuilder,
    // Read for its own errors at once, placed for the board once every flag is read.
    handicap: Option<&'a str>,
    random_blocked: bool,
    position: Option<&'a str>,
    seed: Option<u64>,
    // Whether a flag that sets up the board (`--free-opening`, `--handicap`,
    // `--blocked`) was read: a `--position` gives the whole board instead.
    sets_up: bool,
}

impl Default for RulesFlags<'_> {
    fn default() -> Self {
        RulesFlags::new()
    }
}

impl<'a> RulesFlags<'a> {
    /// The flags as usage text, for a program's `--help`.
    pub const USAGE: &'static str = "\
  --board 6x6|8x8|10x10|octagon   the board (default 8x8)
  --players 2|3|4                 players (default 2)
  --anti                          Anti-Reversi
  --free-opening                  the free opening
  --handicap COLOR:SQUARES        handicap discs on corners, e.g. black:a1,h8
  --blocked SQUARES|random        blocked squares, or one to four drawn from --seed
  --position TEXT                 a whole position instead (see the README)
  --seed N                        seeds the draws (--blocked random, and the program's own)";

    /// No flag read yet: 8×8, two players.
    pub fn new() -> RulesFlags<'a> {
        RulesFlags {
            builder: Rules::builder(Board::Size8),
            handicap: None,
            random_blocked: false,
            position: None,
            seed: None,
            sets_up: false,
        }
    }

    /// Reads `flag` if it is one of these flags, taking its value from `value`
    /// when it has one: `Ok(true)`; `Ok(false)` for any other flag (and `value`
    /// is not called). A missing or bad value is an error; flags that do not go
    /// together are found by [`RulesFlags::builder`].
    pub fn read(
        &mut self,
        flag: &str,
        value: impl FnOnce() -> Option<&'a str>,
    ) -> Result<bool, ParseRulesError> {
        let value = |name: &'static str| {
            value()
                .ok_or_else(|| ParseRulesError::new(ParseRulesErrorKind::MissingValue(name), name))
        };
        self.builder = match flag {
            "--board" => {
                let mut rebuilt = self.builder;
                rebuilt.board = value("--board")?.parse()?;
                rebuilt
            }
            "--players" => self.builder.players(players(value("--players")?)?),
            "--anti" => self.builder.anti(true),
            "--free-opening" => self.builder.opening(Opening::Free),
            "--handicap" => {
                let text = value("--handicap")?;
                text.parse::<Handicap>()?;
                self.handicap = Some(text);
                self.builder
            }
            "--blocked" => match value("--blocked")? {
                "random" => {
                    self.random_blocked = true;
                    self.builder
                }
                list => blocked(self.builder, list)?,
            },
            "--position" => {
                self.position = Some(value("--position")?);
                return Ok(true);
            }
            "--seed" => {
                let text = value("--seed")?;
                let seed = text
                    .parse()
                    .map_err(|_| ParseRulesError::new(ParseRulesErrorKind::Seed, text))?;
                self.seed = Some(seed);
                return Ok(true);
            }
            _ => return Ok(false),
        };
        self.sets_up |= matches!(flag, "--free-opening" | "--handicap" | "--blocked");
        Ok(true)
    }

    /// The rules the flags name (with the handicap placed for the board named),
    /// not yet checked together, and without the squares of `--blocked random`.
    pub fn builder(&self) -> Result<RulesBuilder, ParseRulesError> {
        with_handicap(self.builder, self.handicap)
    }

    /// Whether `--blocked random` asked for blocked squares drawn from the seed.
    pub fn random_blocked(&self) -> bool {
        self.random_blocked
    }

    /// The text of `--position`, if given.
    pub fn position(&self) -> Option<&'a str> {
        self.position
    }

    /// Whether `--free-opening`, `--handicap` or `--blocked` was read: flags
    /// that a `--position` cannot go with.
    pub fn sets_up_the_board(&self) -> bool {
        self.sets_up
    }

    /// `--seed N`, if given.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The number of players of `--players` (2 without it).
    pub fn players(&self) -> u8 {
        self.builder.players
    }

    /// Whether `--anti` was read.
    pub fn anti(&self) -> bool {
        self.builder.anti
    }
}

/// The builder with the handicap `text` read for its board, which is known only
/// once every option is read.
fn with_handicap(
    builder: RulesBuilder,
    text: Option<&str>,
) -> Result<RulesBuilder, ParseRulesError> {
    match text {
        None => Ok(builder),
        Some(text) => Ok(builder.handicap(Handicap::parse_on(builder.board, text)?)),
    }
}

/// Whether the free opening is on (RULES.md §6): two players, and a centre square
/// of `board` among the `empty` squares. What a set-up's opening is read from, and
/// why a move off the centre is refused; the positions keep the same rule as a
/// centre mask on their hot path.
pub(crate) fn free_opening_on(board: Board, players: u8, empty: SquareSet) -> bool {
    players == 2 && board.centre().iter().any(|&square| empty.contains(square))
}
