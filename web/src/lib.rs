//! The `reversi` rules library for JavaScript and TypeScript, through
//! WebAssembly (`wasm-bindgen`): [`Rules`] from the same rules strings as Rust,
//! C and Python, a [`Game`] a front end drives (legal moves, play by name or
//! index, pass, undo and redo, scores, result, flips, records in and out), and
//! with the `engine` feature the built-in bots and the exact solver ([`Bot`],
//! [`solve`]).
//!
//! Squares are named as everywhere (`d3`); a move's index is the library's one
//! numbering, `row * width + column`, the pass `width * width`. Every error is a
//! thrown JavaScript `Error` whose `name` says its kind (`IllegalMoveError`,
//! `RulesError`, `RecordError`, or `ReversiError`) and whose message is the
//! library's; the package's `index.js` exports classes of those names that
//! `instanceof` recognises. A refused call leaves the game unchanged.

use core::fmt;

use js_sys::{Array, Object, Reflect};
use reversi::text::ggf;
use reversi::text::load::load;
use reversi::text::record::Record;
use reversi::{Board, Cell, Color, Move, Square, SquareSet};
use wasm_bindgen::prelude::*;

/// The kinds of error, as the JavaScript classes are named (the Python
/// package's exceptions have the same names).
#[derive(Clone, Copy)]
enum Kind {
    IllegalMove,
    Rules,
    Record,
    Other,
}

/// A thrown `Error` of `kind` with `message`.
fn error(kind: Kind, message: impl fmt::Display) -> JsValue {
    let error = js_sys::Error::new(&message.to_string());
    error.set_name(match kind {
        Kind::IllegalMove => "IllegalMoveError",
        Kind::Rules => "RulesError",
        Kind::Record => "RecordError",
        Kind::Other => "ReversiError",
    });
    error.into()
}

/// The kind of each error type of the library: the decision of which class a
/// Rust error becomes, made here alone for JavaScript.
trait Raise: fmt::Display {
    const KIND: Kind;
    fn raise(&self) -> JsValue {
        error(Self::KIND, self)
    }
}

macro_rules! raise {
    ($kind:ident: $($error:ty),+ $(,)?) => {
        $(impl Raise for $error {
            const KIND: Kind = Kind::$kind;
        })+
    };
}

raise!(IllegalMove: reversi::PlayError, reversi::ParseSquareError);
raise!(Rules: reversi::ParseRulesError, reversi::RulesError, reversi::ParseBoardError);
raise!(Record:
    reversi::text::record::RecordError,
    reversi::text::record::TagError,
    reversi::text::result::ResultError,
    reversi::text::load::LoadError,
    reversi::text::movelist::MoveListError,
    reversi::text::ggf::GgfWriteError,
    reversi::PositionError,
    reversi::SetupError,
);
raise!(Other: reversi::GoToError);

// After the macro, which it uses.
#[cfg(feature = "engine")]
mod engine;
#[cfg(feature = "engine")]
pub use engine::*;

fn raise<E: Raise>(e: E) -> JsValue {
    e.raise()
}

/// A plain object of `fields`.
fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let object = Object::new();
    for (key, value) in fields {
        // Setting a property of a new plain object does not fail.
        let _ = Reflect::set(&object, &JsValue::from_str(key), value);
    }
    object.into()
}

// Square names live on the JavaScript side, made once: a set of squares crosses
// the boundary as the four 32-bit words of its naming-grid bits and comes back as
// an array of those strings, and a name given to `play` is looked up there too.
// One call each way instead of a string a square (five times slower).
#[wasm_bindgen(inline_js = r#"
const NAMES = Array.from({ length: 100 }, (_, i) => String.fromCharCode(97 + (i % 10)) + (Math.floor(i / 10) + 1));
function push(names, word, base) {
  while (word !== 0) {
    const lowest = word & -word;
    names.push(NAMES[base + 31 - Math.clz32(lowest)]);
    word ^= lowest;
  }
}
export function squareNames(w0, w1, w2, w3) {
  const names = [];
  if (w0 !== 0) push(names, w0, 0);
  if (w1 !== 0) push(names, w1, 32);
  if (w2 !== 0) push(names, w2, 64);
  if (w3 !== 0) push(names, w3, 96);
  return names;
}
export function gridIndex(value) {
  if (typeof value !== 'string') return -1;
  const column = value.charCodeAt(0) - 97;
  if (!(column >= 0 && column < 10)) return -1;
  const row = value.charCodeAt(1) - 49;
  if (value.length === 2 && row >= 0 && row < 9) return row * 10 + column;
  if (value.length === 3 && row === 0 && value.charCodeAt(2) === 48) return 90 + column;
  return -1;
}
"#)]
extern "C" {
    /// The names of the squares whose naming-grid bits are the words, lowest first.
    #[wasm_bindgen(js_name = squareNames)]
    fn square_names(w0: u32, w1: u32, w2: u32, w3: u32) -> Array;
    /// The naming-grid place (`10 * row + column`) of a lower-case square name,
    /// or -1 for anything else.
    #[wasm_bindgen(js_name = gridIndex)]
    fn grid_index(value: &JsValue) -> i32;
}

/// Names of squares, as a JavaScript array of strings.
fn names(set: SquareSet) -> Array {
    let bits = set.bits();
    square_names(
        bits as u32,
        (bits >> 32) as u32,
        (bits >> 64) as u32,
        (bits >> 96) as u32,
    )
}

/// The text of a string argument; anything else is an error of `kind` that
/// says what was given (wasm-bindgen would read a number as a string's address).
fn text_arg(kind: Kind, what: &str, value: &JsValue) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| {
        let given = value.js_typeof().as_string().unwrap_or_default();
        error(kind, format_args!("{what} must be a string, not {given}"))
    })
}

/// The text of an optional string argument (`undefined` or `null` for none).
fn optional_text(
    kind: Kind,
    what: &str,
    value: Option<JsValue>,
) -> Result<Option<String>, JsValue> {
    match value {
        Some(v) if !v.is_undefined() && !v.is_null() => text_arg(kind, what, &v).map(Some),
        _ => Ok(None),
    }
}

/// A whole number from 0 to `most`, or an error of `kind` that says so.
fn count_arg(kind: Kind, what: &str, value: f64, most: u32) -> Result<u32, JsValue> {
    if value.fract() == 0.0 && (0.0..=f64::from(most)).contains(&value) {
        Ok(value as u32)
    } else {
        Err(error(
            kind,
            format_args!("{what} must be a whole number from 0 to {most}"),
        ))
    }
}

/// A move given as a name (`"d3"`, `"pass"`) or an index on `board`.
fn move_arg(board: Board, value: &JsValue) -> Result<Move, JsValue> {
    if let Ok(place @ 0..100) = u8::try_from(grid_index(value)) {
        return Ok(Move::Place(Square::new(place % 10, place / 10)));
    }
    if let Some(text) = value.as_string() {
        return match text.trim() {
            t if t.eq_ignore_ascii_case("pass") => Ok(Move::Pass),
            t => t.parse::<Square>().map(Move::Place).map_err(raise),
        };
    }
    if let Some(number) = value.as_f64() {
        let whole = number.fract() == 0.0 && number.abs() < 1e15;
        let index = (whole && number >= 0.0).then_some(number as usize);
        return index
            .and_then(|i| Move::from_index(board, i))
            .ok_or_else(|| {
                // Integers only: formatting an f64 would bring the float printer
                // into the module (14 KB).
                let given = match whole {
                    true => (number as i64).to_string(),
                    false => "a fraction".to_string(),
                };
                error(
                    Kind::IllegalMove,
                    format_args!(
                        "{given} is not a move index on {}: 0 to {} (the pass)",
                        board.name(),
                        board.pass_index()
                    ),
                )
            });
    }
    Err(error(
        Kind::IllegalMove,
        "a move is a square name such as \"d3\", \"pass\", or an index",
    ))
}

/// The rules of a game: board, players, Anti-Reversi, opening, handicap,
/// blocked squares. Made from a rules string: `"8x8"`, `"octagon, 4 players"`,
/// `"10x10, anti, free opening"`, `"8x8, handicap black a1 h8"`,
/// `"8x8, blocked c3 f6"`.
#[wasm_bindgen]
#[derive(Clone)]
pub struct Rules {
    rules: reversi::Rules,
}

#[wasm_bindgen]
impl Rules {
    /// The rules a rules string says (`"8x8"` when none is given); a
    /// `RulesError` when it does not read.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "string")] text: Option<JsValue>,
    ) -> Result<Rules, JsValue> {
        let rules = match optional_text(Kind::Rules, "the rules", text)? {
            Some(text) => text.parse().map_err(raise)?,
            None => reversi::Rules::default(),
        };
        Ok(Rules { rules })
    }

    /// The rules of `text` with one to four blocked squares drawn from `seed`
    /// (the same squares as Rust, C and Python draw from that seed).
    #[wasm_bindgen(js_name = withBlockedSeed)]
    pub fn with_blocked_seed(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        seed: f64,
    ) -> Result<Rules, JsValue> {
        let seed = count_arg(Kind::Rules, "the seed", seed, u32::MAX)?;
        let rules: reversi::Rules = text_arg(Kind::Rules, "the rules", &text)?
            .parse()
            .map_err(raise)?;
        let rules = rules
            .to_builder()
            .build_with_blocked_seed(seed.into())
            .map_err(raise)?;
        Ok(Rules { rules })
    }

    /// The board: `"6x6"`, `"8x8"`, `"10x10"` or `"octagon"`.
    #[wasm_bindgen(getter)]
    pub fn board(&self) -> String {
        self.rules.board().to_string()
    }

    /// The board's width: 6, 8 or 10 (the octagon is on a 10×10 grid).
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.rules.board().width().into()
    }

    /// The number of players: 2, 3 or 4.
    #[wasm_bindgen(getter)]
    pub fn players(&self) -> u8 {
        self.rules.players()
    }

    /// Whether this is Anti-Reversi (the fewest discs win).
    #[wasm_bindgen(getter)]
    pub fn anti(&self) -> bool {
        self.rules.anti()
    }

    /// The colours in play, in turn order.
    #[wasm_bindgen(getter)]
    pub fn colors(&self) -> Vec<String> {
        self.rules.colors().iter().map(|c| c.to_string()).collect()
    }

    /// The blocked squares.
    #[wasm_bindgen(getter, unchecked_return_type = "string[]")]
    pub fn blocked(&self) -> Array {
        names(self.rules.blocked())
    }

    /// The squares of the board, row by row from `a1` (the octagon's 88).
    #[wasm_bindgen(getter, unchecked_return_type = "string[]")]
    pub fn squares(&self) -> Array {
        names(self.rules.board().squares())
    }

    /// How many move indices there are: `width * width + 1`, the pass last.
    #[wasm_bindgen(getter, js_name = indexCount)]
    pub fn index_count(&self) -> u32 {
        self.rules.index_count() as u32
    }

    /// The pass's index: `width * width`.
    #[wasm_bindgen(getter, js_name = passIndex)]
    pub fn pass_index(&self) -> u32 {
        self.rules.board().pass_index() as u32
    }

    /// The index of a move given by name (`"d3"`, `"pass"`).
    #[wasm_bindgen(js_name = indexOf)]
    pub fn index_of(&self, name: &str) -> Result<u32, JsValue> {
        let board = self.rules.board();
        let mv = move_arg(board, &JsValue::from_str(name))?;
        if mv.square().is_some_and(|square| !board.contains(square)) {
            return Err(error(
                Kind::IllegalMove,
                format_args!("{name} is not on the {} board", board.name()),
            ));
        }
        mv.index(board).map(|i| i as u32).ok_or_else(|| {
            error(
                Kind::IllegalMove,
                format_args!("{name} is not on the {} board", board.name()),
            )
        })
    }

    /// The name of the move with `index` (`"pass"` for the pass index).
    #[wasm_bindgen(js_name = nameOf)]
    pub fn name_of(&self, index: f64) -> Result<String, JsValue> {
        move_arg(self.rules.board(), &JsValue::from(index)).map(|m| m.to_string())
    }

    /// The rules as a rules string, which `new Rules` reads back.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_string_js(&self) -> String {
        self.rules.to_string()
    }
}

/// A game: its rules, the position, and the line of moves (the history and
/// the moves that can be redone), with the tags and result of its record.
#[wasm_bindgen]
#[derive(Clone)]
pub struct Game {
    record: Record,
}

impl Game {
    fn game(&self) -> &reversi::Game {
        self.record.game()
    }

    fn game_mut(&mut self) -> &mut reversi::Game {
        self.record.game_mut()
    }

    fn shape(&self) -> Board {
        self.game().rules().board()
    }

    pub(crate) fn index(&self, mv: Move) -> u32 {
        // Every move of a game is on its board.
        mv.index(self.shape()).unwrap_or(0) as u32
    }

    /// The library's game.
    pub fn inner(&self) -> &reversi::Game {
        self.game()
    }
}

#[wasm_bindgen]
impl Game {
    /// A new game of a rules string (`"octagon, 4 players"`; 8×8 when none is
    /// given); a `RulesError` when it does not read.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "string")] rules: Option<JsValue>,
    ) -> Result<Game, JsValue> {
        Ok(Game::of_rules(&Rules::new(rules)?))
    }

    /// A new game of `rules`.
    #[wasm_bindgen(js_name = ofRules)]
    pub fn of_rules(rules: &Rules) -> Game {
        Game {
            record: Record::new(reversi::Game::new(rules.rules)),
        }
    }

    /// Reads a game from any text format the library reads: a game record,
    /// GGF, a move list, a position string or an OBF board. A `RecordError`
    /// that says where when it does not read.
    pub fn load(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<Game, JsValue> {
        let loaded = load(&text_arg(Kind::Record, "a record", &text)?).map_err(raise)?;
        Ok(Game {
            record: loaded.record,
        })
    }

    /// A game of `rules` with the moves of a move list played from its start
    /// (`"f5 d6 c3"`; passes as `pass` or `PA`, or left out where forced). A move
    /// list names no rules, so `Game.load` reads one as 8×8 (or the board its
    /// squares need): for any other rules, this. A `RecordError` that says which
    /// move, when one does not read or is not legal.
    #[wasm_bindgen(js_name = fromMoveList)]
    pub fn from_move_list(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        rules: &Rules,
    ) -> Result<Game, JsValue> {
        let text = text_arg(Kind::Record, "a move list", &text)?;
        let mut game = reversi::Game::new(rules.rules);
        game.play_moves(&text).map_err(raise)?;
        Ok(Game {
            record: Record::new(game),
        })
    }

    /// A copy of the game.
    #[wasm_bindgen(js_name = clone)]
    pub fn copy(&self) -> Game {
        self.clone()
    }

    /// The rules.
    #[wasm_bindgen(getter)]
    pub fn rules(&self) -> Rules {
        Rules {
            rules: *self.game().rules(),
        }
    }

    /// The colour to move (`"black"`, `"white"`, `"red"`, `"green"`).
    #[wasm_bindgen(getter)]
    pub fn turn(&self) -> String {
        self.game().to_move().to_string()
    }

    /// The legal moves of the player to move, by name; empty when the player
    /// must pass or the game is over.
    #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "string[]")]
    pub fn legal_moves(&self) -> Array {
        names(self.game().legal_moves())
    }

    /// The legal moves by index (the pass index alone when the player must pass).
    #[wasm_bindgen(js_name = legalIndices)]
    pub fn legal_indices(&self) -> Vec<u32> {
        let game = self.game();
        if game.must_pass() {
            return vec![self.index(Move::Pass)];
        }
        game.legal_moves()
            .iter()
            .map(|s| self.index(Move::Place(s)))
            .collect()
    }

    /// Whether a move (a name, `"pass"`, or an index) is legal now.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | number")] mv: JsValue,
    ) -> bool {
        move_arg(self.shape(), &mv).is_ok_and(|m| self.game().is_legal(m))
    }

    /// Plays a move (a name such as `"d3"`, `"pass"`, or an index) and returns
    /// the names of the discs it flipped; an `IllegalMoveError`, the game
    /// unchanged, when the rules refuse it.
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | number")] mv: JsValue,
    ) -> Result<Array, JsValue> {
        let mv = move_arg(self.shape(), &mv)?;
        let flips = self.record.game_mut().play(mv).map_err(raise)?;
        Ok(names(flips))
    }

    /// Passes: legal only when the player to move has no placement.
    pub fn pass(&mut self) -> Result<(), JsValue> {
        self.game_mut().pass().map_err(raise)
    }

    /// The names of the discs a move would flip, without playing it.
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn flips(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | number")] mv: JsValue,
    ) -> Result<Array, JsValue> {
        let mv = move_arg(self.shape(), &mv)?;
        let flips = self.game().flips(mv).map_err(raise)?;
        Ok(names(flips))
    }

    /// Takes back the last move: its name, or `undefined` at the start.
    pub fn undo(&mut self) -> Option<String> {
        self.game_mut().undo().map(|m| m.to_string())
    }

    /// Plays the next undone move again: its name, or `undefined`.
    pub fn redo(&mut self) -> Option<String> {
        self.game_mut().redo().map(|m| m.to_string())
    }

    /// The moves that `redo` would play again, in order (empty after a new move).
    #[wasm_bindgen(getter, js_name = redoMoves)]
    pub fn redo_moves(&self) -> Vec<String> {
        self.game()
            .redo_moves()
            .iter()
            .map(|ply| ply.mv().to_string())
            .collect()
    }

    /// Whether nobody can move any more.
    #[wasm_bindgen(getter, js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.game().is_over()
    }

    /// Whether the player to move must pass (two players only).
    #[wasm_bindgen(getter, js_name = mustPass)]
    pub fn must_pass(&self) -> bool {
        self.game().must_pass()
    }

    /// Each colour's disc count: `{ black: 2, white: 2 }`.
    #[wasm_bindgen(getter, unchecked_return_type = "Record<string, number>")]
    pub fn scores(&self) -> JsValue {
        let scores = self.game().scores();
        let fields: Vec<(&str, JsValue)> = self
            .game()
            .rules()
            .colors()
            .iter()
            .map(|&c| (c.name(), JsValue::from(scores.get(c))))
            .collect();
        object(&fields)
    }

    /// The result in the library's notation: `"black 36-28"`, `"draw 32-32"`,
    /// `"white by resignation"`, or `"*"` while the game goes on.
    #[wasm_bindgen(getter)]
    pub fn result(&self) -> String {
        // A record's result is its line's: before the end of the line (after an
        // undo), the game goes on.
        let at_end = self.game().redo_moves().is_empty();
        self.record
            .result()
            .filter(|_| at_end)
            .map_or_else(|| "*".to_string(), |r| r.to_string())
    }

    /// The winner's colour, `"draw"`, or `undefined` while the game goes on.
    #[wasm_bindgen(getter)]
    pub fn outcome(&self) -> Option<String> {
        self.game().outcome().map(|o| o.word().to_string())
    }

    /// What stands on a square: `"empty"`, `"blocked"`, `"neutral"` or a
    /// colour; `undefined` for a square the board lacks.
    pub fn cell(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] square: JsValue,
    ) -> Result<Option<String>, JsValue> {
        let square: Square = text_arg(Kind::IllegalMove, "a square", &square)?
            .parse()
            .map_err(raise)?;
        Ok(self.game().cell(square).map(|cell| match cell {
            Cell::Empty => "empty".to_string(),
            Cell::Blocked => "blocked".to_string(),
            Cell::Neutral => "neutral".to_string(),
            Cell::Disc(c) => c.to_string(),
        }))
    }

    /// Every square of the board with what stands on it, row by row:
    /// `[{ square: "a1", cell: "empty" }, …]`, what a front end draws.
    #[wasm_bindgen(unchecked_return_type = "{ square: string; cell: string }[]")]
    pub fn board(&self) -> Array {
        let game = self.game();
        self.shape()
            .squares()
            .iter()
            .map(|square| {
                let cell = match game.cell(square) {
                    Some(Cell::Disc(c)) => c.name(),
                    Some(Cell::Blocked) => "blocked",
                    Some(Cell::Neutral) => "neutral",
                    _ => "empty",
                };
                object(&[
                    ("square", JsValue::from_str(&square.to_string())),
                    ("cell", JsValue::from_str(cell)),
                ])
            })
            .collect()
    }

    /// The moves played, each `{ move, index, color, flips }`: what a front
    /// end shows as the last move and animates.
    #[wasm_bindgen(
        getter,
        unchecked_return_type = "{ move: string; index: number; color: string; flips: string[] }[]"
    )]
    pub fn history(&self) -> Array {
        self.game()
            .history()
            .iter()
            .map(|ply| {
                let flips = names(ply.flips());
                object(&[
                    ("move", JsValue::from_str(&ply.mv().to_string())),
                    ("index", JsValue::from(self.index(ply.mv()))),
                    ("color", JsValue::from_str(ply.color().name())),
                    ("flips", flips.into()),
                ])
            })
            .collect()
    }

    /// The moves played, by name (`"pass"` for a pass).
    #[wasm_bindgen(getter)]
    pub fn moves(&self) -> Vec<String> {
        self.game().moves().map(|m| m.to_string()).collect()
    }

    /// The current position as a position string, what `Game.load` reads.
    #[wasm_bindgen(getter)]
    pub fn position(&self) -> String {
        self.game().position().to_string()
    }

    /// The game as a game record (the library's text format, with its tags,
    /// result and whole line), what `Game.load` reads back.
    #[wasm_bindgen(js_name = toRecord)]
    pub fn to_record(&self) -> String {
        self.record.to_string()
    }

    /// The game as one GGF line (two players; not with blocked squares or the
    /// free opening): a `RecordError` for a game GGF cannot hold.
    #[wasm_bindgen(js_name = toGgf)]
    pub fn to_ggf(&self) -> Result<String, JsValue> {
        ggf::write(&self.record).map_err(raise)
    }

    /// The moves played as a move list (`f5 d6 c3 …`).
    #[wasm_bindgen(js_name = toMoveList)]
    pub fn to_move_list(&self) -> String {
        self.moves().join(" ")
    }

    /// The number of leaves of the game tree `depth` moves deep from here.
    pub fn perft(&self, depth: f64) -> Result<f64, JsValue> {
        let depth = count_arg(Kind::Other, "the depth", depth, 64)?;
        Ok(self.game().perft(depth) as f64)
    }

    /// The game as a game record.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_string_js(&self) -> String {
        self.to_record()
    }
}

/// The colour names in turn order for `players` players.
#[wasm_bindgen]
pub fn colors(players: u8) -> Vec<String> {
    Color::in_play(players.clamp(2, 4))
        .iter()
        .map(|c| c.to_string())
        .collect()
}
