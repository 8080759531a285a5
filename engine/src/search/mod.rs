//! The searches behind the bots, for bot builders who want them without a bot
//! around them: [`alphabeta`] (the search framework: principal-variation
//! search with a table, deepening, time, threads and Multi-ProbCut on any
//! evaluation, exact near the end, two players) and [`mcts`] (UCT over random playouts, 2–4
//! players);
//! and [`patterns`], an evaluation of 8×8 Reversi positions by game phase,
//! learned from solved positions of tournament and self-play games (the
//! endgame) and from searched positions of self-play games (the midgame, with
//! [`learn`]), which
//! the built-in `alphabeta` bot evaluates by and the exact solver orders by;
//! and [`tuned`], the learned evaluation of the other boards (6×6, 10×10,
//! the octagon): the features' terms weighted for each board and phase.
//! The searches work on any typed position (`P: reversi::Position`), so they run inside
//! `AnyPosition::visit_fastest` on the position's own kernel.

pub mod alphabeta;
pub mod eval;
pub mod learn;
pub mod mcts;
pub mod patterns;
pub mod tuned;
