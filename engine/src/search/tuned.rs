//! A learned evaluation for the boards the [patterns](super::patterns) do not
//! cover: the terms of the hand-written [`Features`](super::eval::Features)
//! and the discs on each kind of square, weighted for each board and game
//! phase by weights learned from self-play.
//!
//! The terms ([`terms`]), each the player to move's count less the
//! opponent's: moves, potential moves, frontier discs, stable discs, and
//! discs on the corners, the X-squares, the C-squares, the rest of the rim and
//! the inside (the square kinds of `reversi::features`); and a constant, the
//! worth of having the move. The weights ([`Tuned::weights`]) are in
//! hundredths of a disc, one set for each phase of [`PHASE_WIDTH`] empty
//! squares.
//!
//! They are learned ([`learn`]) from the positions of self-play games, phase
//! after phase from the end of the game back to the start: the positions
//! with few empty squares are labelled exactly (a search to the end), the
//! others by a search [`PHASE_WIDTH`] plies deep, whose leaves lie in the
//! phases learned already; each phase's weights are then the least-squares
//! fit of the labels. The worth of having the move is learned where the labels
//! are exact and kept after: a search an even number of plies deep cannot
//! tell it. [`Tuned::builtin`] are the weights the `tune` example
//! learned for 6×6, 10×10 and the octagon (Reversi, no blocked squares),
//! which the built-in `alphabeta` bot evaluates by there.
//!
//! ```
//! use reversi::{AnyPosition, Board, Rules, TwoPlayer10};
//! use reversi_engine::search::tuned::Tuned;
//!
//! let rules = Rules::builder(Board::Size10).build()?;
//! let start = TwoPlayer10::try_from(AnyPosition::start(&rules))?;
//! let tuned = Tuned::builtin(Board::Size10).expect("learned for 10×10");
//! // The start is about even: within a few discs.
//! assert!(tuned.evaluate(&start).abs() < 500);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashSet;
use std::sync::OnceLock;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use reversi::layout::{Grid10, Grid8};
use reversi::{
    features, AnyPosition, Bitboard, Board, Color, LayoutVisitor, Position, Rules, SearchPosition,
    TwoPlayer8,
};

use super::alphabeta::{EveryBoard, Searcher, EXACT};
use super::learn::{discs_at_depth, play_game};
use crate::parallel::in_threads;
use crate::solver::Solver;

/// The number of terms ([`terms`]).
pub const TERMS: usize = 10;

/// What each term counts, in the order of [`terms`].
pub const TERM_NAMES: [&str; TERMS] = [
    "moves",
    "potential moves",
    "frontier",
    "stable",
    "corners",
    "x-squares",
    "c-squares",
    "rim",
    "inside",
    "to move",
];

/// The empty squares of a phase: phase `p` holds the positions with
/// `PHASE_WIDTH * p` to `PHASE_WIDTH * p + PHASE_WIDTH - 1` empty squares, and
/// a search this deep from one of them ends in the phases before it.
pub const PHASE_WIDTH: u32 = 4;

/// The terms of `pos` (two players), each the player to move's count less
/// the opponent's, in the order of [`TERM_NAMES`]; the last is 1.
pub fn terms<P: Position>(pos: &P) -> [i32; TERMS] {
    let me = pos.to_move();
    let you = me.opponent();
    let (mine, theirs) = (pos.discs(me), pos.discs(you));
    let count = |f: &dyn Fn(reversi::Color) -> usize| f(me) as i32 - f(you) as i32;
    let corners = features::corner_squares(pos);
    let x = features::x_squares(pos);
    let c = features::c_squares(pos);
    let rim = features::edge_squares(pos) & !corners & !c;
    let inside = !(corners | x | c | rim);
    let on = |squares| (mine & squares).len() as i32 - (theirs & squares).len() as i32;
    [
        count(&|color| features::mobility(pos, color).len()),
        count(&|color| features::potential_mobility(pos, color).len()),
        count(&|color| features::frontier(pos, color).len()),
        count(&|color| features::stable(pos, color).len()),
        on(corners),
        on(x),
        on(c),
        on(rim),
        on(inside),
        1,
    ]
}

/// Weights for one board: a set of [`TERMS`] for each phase, in hundredths of
/// a disc per unit of each term.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tuned {
    board: Board,
    weights: Vec<[i32; TERMS]>,
}

/// A weights text ([`Tuned::parse`]) that could not be read: where, and what
/// was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct TunedError {
    /// The line, from 1 (for [`TunedErrorKind::Phases`], the board's last).
    pub line: usize,
    /// What was wrong.
    pub kind: TunedErrorKind,
}

/// What was wrong with a weights text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TunedErrorKind {
    /// A line that is not `BOARD PHASE: WEIGHTS`.
    #[error("expected `BOARD PHASE: WEIGHTS`")]
    Form,
    /// The board's name.
    #[error(transparent)]
    Board(#[from] reversi::ParseBoardError),
    /// The phase, not a number.
    #[error("`{0}` is not a phase")]
    Phase(String),
    /// A weight, not a number within ±[`EXACT`].
    #[error("`{0}` is not a weight (an integer within ±{EXACT})")]
    Weight(String),
    /// Not [`TERMS`] weights.
    #[error("{0} weights, not {TERMS}")]
    Count(usize),
    /// A phase out of order.
    #[error("phase {found} where phase {expected} comes next")]
    Order {
        /// The phase given.
        found: usize,
        /// The one expected.
        expected: usize,
    },
    /// A board whose phases were given before.
    #[error("{0} again")]
    Repeated(Board),
    /// A board without its every phase (see [`Tuned::zero`]).
    #[error("{board} has {found} phases, not {expected}")]
    Phases {
        /// The board.
        board: Board,
        /// The phases given.
        found: usize,
        /// The board's phases.
        expected: usize,
    },
}

/// The built-in weights, as the `tune` example writes them.
const BUILTIN: &str = include_str!("../../data/tuned.txt");

impl Tuned {
    /// The weights learned for `board` (Reversi, no blocked squares), if any:
    /// 6×6, 10×10 and the octagon (8×8 has the [patterns](super::patterns)).
    pub fn builtin(board: Board) -> Option<&'static Tuned> {
        static BUILTIN_WEIGHTS: OnceLock<Vec<Tuned>> = OnceLock::new();
        BUILTIN_WEIGHTS
            .get_or_init(|| Tuned::parse(BUILTIN).expect("the built-in weights parse"))
            .iter()
            .find(|t| t.board == board)
    }

    /// Zero weights for `board`: every phase from the end to a full board.
    pub fn zero(board: Board) -> Tuned {
        let phases = board.square_count() as u32 / PHASE_WIDTH + 1;
        Tuned {
            board,
            weights: vec![[0; TERMS]; phases as usize],
        }
    }

    /// The board the weights are for.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The phase of a position with `empties` empty squares.
    pub fn phase(empties: u32) -> usize {
        (empties / PHASE_WIDTH) as usize
    }

    /// Each phase's weights, in the order of [`TERM_NAMES`].
    pub fn weights(&self) -> &[[i32; TERMS]] {
        &self.weights
    }

    /// The value of `pos` (two players, on the weights' board) for the player
    /// to move, in hundredths of a disc; a finished game is worth its margin
    /// times [`EXACT`].
    pub fn evaluate<P: Position>(&self, pos: &P) -> i32 {
        let terms = terms(pos);
        if terms[0] == 0 && pos.is_over() {
            return pos.final_margin() * EXACT;
        }
        let phase = Tuned::phase(pos.empty().len() as u32).min(self.weights.len() - 1);
        let value: i64 = (terms.iter().zip(&self.weights[phase]))
            .map(|(&t, &w)| i64::from(t) * i64::from(w))
            .sum();
        value.clamp(i64::from(-EXACT + 1), i64::from(EXACT - 1)) as i32
    }

    /// Sets `phase`'s weights (rounded to hundredths of a disc) to those that
    /// fit `samples` best in the least squares: each sample's [`terms`] and
    /// its label, in hundredths of a disc. A small ridge keeps the weight of a
    /// term the samples never vary (the corners of an opening phase) at 0;
    /// each weight stays within ±[`EXACT`]. Samples whose label is not a
    /// finite number are left out; without samples, or for a phase the
    /// weights do not have, nothing changes.
    pub fn fit(&mut self, phase: usize, samples: &[([i32; TERMS], f64)]) {
        let samples: Vec<_> = (samples.iter())
            .filter(|(_, label)| label.is_finite())
            .collect();
        if samples.is_empty() || phase >= self.weights.len() {
            return;
        }
        // The normal equations (XᵀX + λI) w = Xᵀy, solved by Gaussian elimination
        // with partial pivoting on the augmented matrix.
        let mut a = [[0.0f64; TERMS + 1]; TERMS];
        for &&(terms, label) in &samples {
            for i in 0..TERMS {
                let ti = f64::from(terms[i]);
                for j in 0..TERMS {
                    a[i][j] += ti * f64::from(terms[j]);
                }
                a[i][TERMS] += ti * label;
            }
        }
        let ridge = 1e-3 * samples.len() as f64;
        for (i, row) in a.iter_mut().enumerate() {
            row[i] += ridge;
        }
        for col in 0..TERMS {
            let pivot = (col..TERMS)
                .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
                .expect("a row");
            a.swap(col, pivot);
            let pivot = a[col];
            for (r, row) in a.iter_mut().enumerate() {
                if r != col {
                    let factor = row[col] / pivot[col];
                    for (x, p) in row[col..].iter_mut().zip(&pivot[col..]) {
                        *x -= factor * p;
                    }
                }
            }
        }
        for (i, w) in self.weights[phase].iter_mut().enumerate() {
            let limit = f64::from(EXACT);
            *w = (a[i][TERMS] / a[i][i]).round().clamp(-limit, limit) as i32;
        }
    }

    /// Weights in the text form that [`Tuned::to_text`] writes: for each board
    /// and phase a line `BOARD PHASE: W...` ([`TERMS`] integers within
    /// ±[`EXACT`]), with `#` comments and blank lines; each board's every
    /// phase from 0, in order.
    pub fn parse(text: &str) -> Result<Vec<Tuned>, TunedError> {
        let mut all: Vec<(Tuned, usize)> = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let at = |kind: TunedErrorKind| TunedError { line: n + 1, kind };
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let (head, numbers) = line.split_once(':').ok_or(at(TunedErrorKind::Form))?;
            let (board, phase) = head.split_once(' ').ok_or(at(TunedErrorKind::Form))?;
            let board: Board = board.parse().map_err(|e| at(TunedErrorKind::Board(e)))?;
            let phase = phase.trim();
            let phase: usize =
                (phase.parse()).map_err(|_| at(TunedErrorKind::Phase(phase.to_string())))?;
            let weight = |w: &str| match w.parse::<i32>() {
                Ok(v) if v.abs() <= EXACT => Ok(v),
                _ => Err(at(TunedErrorKind::Weight(w.to_string()))),
            };
            let weights: Vec<i32> = numbers
                .split_whitespace()
                .map(weight)
                .collect::<Result<_, _>>()?;
            let weights: [i32; TERMS] =
                (weights.try_into()).map_err(|w: Vec<i32>| at(TunedErrorKind::Count(w.len())))?;
            if all.last().is_none_or(|(t, _)| t.board != board) {
                if all.iter().any(|(t, _)| t.board == board) {
                    return Err(at(TunedErrorKind::Repeated(board)));
                }
                all.push((
                    Tuned {
                        board,
                        weights: Vec::new(),
                    },
                    0,
                ));
            }
            let (tuned, last) = all.last_mut().expect("pushed");
            if phase != tuned.weights.len() {
                let expected = tuned.weights.len();
                return Err(at(TunedErrorKind::Order {
                    found: phase,
                    expected,
                }));
            }
            tuned.weights.push(weights);
            *last = n + 1;
        }
        all.into_iter()
            .map(|(tuned, line)| {
                let expected = Tuned::zero(tuned.board).weights.len();
                let found = tuned.weights.len();
                if found != expected {
                    let board = tuned.board;
                    let kind = TunedErrorKind::Phases {
                        board,
                        found,
                        expected,
                    };
                    return Err(TunedError { line, kind });
                }
                Ok(tuned)
            })
            .collect()
    }

    /// The weights as text, as [`Tuned::parse`] reads them.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for (phase, weights) in self.weights.iter().enumerate() {
            let weights: Vec<String> = weights.iter().map(|w| w.to_string()).collect();
            text += &format!("{} {phase}: {}\n", self.board, weights.join(" "));
        }
        text
    }
}

impl EveryBoard for Tuned {
    fn evaluate<P: Position>(&self, pos: &P) -> i32 {
        Tuned::evaluate(self, pos)
    }
}

impl EveryBoard for &Tuned {
    fn evaluate<P: Position>(&self, pos: &P) -> i32 {
        Tuned::evaluate(self, pos)
    }
}

/// What [`learn`] has got to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Tuning {
    /// The self-play games are played: `positions` distinct positions.
    Played {
        /// The positions to label.
        positions: usize,
    },
    /// The labelling of `phase`'s positions starts.
    Phase {
        /// The phase ([`Tuned::phase`]).
        phase: usize,
        /// Its positions.
        positions: usize,
    },
    /// One more position is labelled.
    Labelled,
}

/// How [`learn`] learns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Learning {
    /// The self-play games whose positions are labelled.
    pub games: usize,
    /// Game `g` draws its random moves from seed `seed + g`.
    pub seed: u64,
    /// Positions with this many empty squares or fewer are labelled exactly.
    pub exact: u32,
    /// The threads that label (at least one); the weights do not depend on it.
    pub threads: usize,
}

/// Learns weights for `board` (two-player Reversi, no blocked squares, what
/// the built-in bot evaluates by them): the positions of
/// `learning.games` self-play games, each move the best by the hand-written
/// [features](super::eval::evaluate) one ply ahead or, one time in four, one
/// at random; then phase after phase from the end of the game back to the
/// start, each phase's positions labelled (exactly from `learning.exact`
/// empty squares, by the exact [`Solver`] on 6×6 and a search to the end
/// elsewhere; else by a search [`PHASE_WIDTH`] plies deep on the weights
/// learned so far, each from an empty table) and its weights fitted to them
/// by least squares. `progress` hears what is done. The same rules and
/// learning give the same weights, whatever the threads.
pub fn learn(board: Board, learning: &Learning, progress: impl Fn(Tuning) + Sync) -> Tuned {
    struct Learn<'a, F>(&'a Learning, F);
    impl<F: Fn(Tuning) + Sync> LayoutVisitor<Grid8> for Learn<'_, F> {
        type Output = Tuned;
        fn visit<P: SearchPosition<Layout = Grid8>>(self, start: &P) -> Tuned {
            // The exact solver takes the 8×8 grid's boards (6×6).
            let solvable = |p: &P| {
                let (black, white) = (p.discs(Color::Black), p.discs(Color::White));
                TwoPlayer8::from_bitboards(p.board(), black, white, p.to_move()).ok()
            };
            learn_from(*start, self.0, &self.1, solvable)
        }
    }
    impl<F: Fn(Tuning) + Sync> LayoutVisitor<Grid10> for Learn<'_, F> {
        type Output = Tuned;
        fn visit<P: SearchPosition<Layout = Grid10>>(self, start: &P) -> Tuned {
            learn_from(*start, self.0, &self.1, |_: &P| None)
        }
    }
    let rules = Rules::builder(board)
        .build()
        .expect("two players on every board");
    AnyPosition::start(&rules).visit_fastest_typed(Learn(learning, progress))
}

/// [`learn`] from `start`; `solvable` gives the positions the exact
/// [`Solver`] takes, which it labels faster than a search to the end.
fn learn_from<P: SearchPosition>(
    start: P,
    learning: &Learning,
    progress: &(impl Fn(Tuning) + Sync),
    solvable: impl Fn(&P) -> Option<TwoPlayer8> + Sync,
) -> Tuned {
    let positions = selfplay(start, learning);
    progress(Tuning::Played {
        positions: positions.len(),
    });
    let mut tuned = Tuned::zero(start.board());
    for phase in 0..tuned.weights.len() {
        if phase > 0 {
            tuned.weights[phase] = tuned.weights[phase - 1];
        }
        let of_phase: Vec<&P> = positions
            .iter()
            .filter(|p| Tuned::phase(p.empty().len() as u32) == phase)
            .collect();
        progress(Tuning::Phase {
            phase,
            positions: of_phase.len(),
        });
        let labellers = || {
            let searcher = Searcher::new(tuned.clone())
                .with_table_bits(16)
                .with_solve(learning.exact);
            (searcher, None::<Solver>)
        };
        let labels = in_threads(of_phase.len(), learning.threads, labellers, |state, i| {
            let (searcher, solver) = state;
            let pos = of_phase[i];
            let solved = (pos.empty().len() as u32 <= learning.exact)
                .then(|| solvable(pos))
                .flatten();
            let value = match solved {
                Some(pos) => {
                    let solver = solver.get_or_insert_with(|| Solver::with_table_bits(18));
                    Some(f64::from(solver.solve(&pos).score) * 100.0)
                }
                None => discs_at_depth(searcher, pos, PHASE_WIDTH).map(|d| (d * 100.0).round()),
            };
            progress(Tuning::Labelled);
            value
        });
        let samples: Vec<([i32; TERMS], f64)> = (of_phase.iter().zip(labels))
            .filter_map(|(p, label)| Some((terms(*p), label?)))
            .collect();
        // A search PHASE_WIDTH plies deep from fewer empty squares reaches
        // the end: exact too.
        let exactly = learning.exact.max(PHASE_WIDTH - 1);
        let searched = of_phase.iter().all(|p| p.empty().len() as u32 > exactly);
        if searched {
            // A search an even number of plies deep ends with the same player
            // to move, so its value carries the constant of the phase it ends
            // in and cannot tell the worth of having the move (fitted, it grows
            // a little with each phase, the search's bias): that stays as the
            // exactly labelled phases learned it.
            let tempo = tuned.weights[phase][TERMS - 1];
            let samples: Vec<([i32; TERMS], f64)> = (samples.iter())
                .map(|&(mut t, label)| {
                    t[TERMS - 1] = 0;
                    (t, label - f64::from(tempo))
                })
                .collect();
            tuned.fit(phase, &samples);
            tuned.weights[phase][TERMS - 1] = tempo;
        } else {
            tuned.fit(phase, &samples);
        }
    }
    tuned
}

/// The distinct positions with a move of `learning.games` self-play games from
/// `start`, in the order the games reach them.
fn selfplay<P: Position>(start: P, learning: &Learning) -> Vec<P> {
    let mut seen = HashSet::new();
    let mut positions = Vec::new();
    for g in 0..learning.games {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(learning.seed.wrapping_add(g as u64));
        let choose = |pos: &P, moves: Bitboard<P::Layout>, _| {
            let draw = rng.next_u64();
            if draw % 4 == 0 {
                moves
                    .into_iter()
                    .nth(((draw >> 2) % moves.len() as u64) as usize)
            } else {
                moves
                    .into_iter()
                    .max_by_key(|&m| -super::eval::evaluate(&pos.play_unchecked(m)))
            }
        };
        let line = play_game(start, choose, |_| true);
        positions.extend(
            (line.into_iter()).filter(|pos| !pos.legal_moves().is_empty() && seen.insert(*pos)),
        );
    }
    positions
}
