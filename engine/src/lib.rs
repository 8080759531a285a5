//! The engine on top of the [`reversi`] rules crate: what bot builders reuse.
//!
//! - [`solver`]: the exact endgame solver for two-player positions (fast on the
//!   8×8 grid, plain on 10×10 and the octagon): [`Solver::solve`](solver::Solver::solve)
//!   on a typed position, [`Solver::solve_any`](solver::Solver::solve_any) on any.
//! - [`bot`]: the built-in bots (random, greedy, mobility, Monte-Carlo tree
//!   search for 2–4 players, alpha-beta with an exact endgame), each a
//!   [`bot::Bot`] made from a [`bot::Spec`]; their searches live in a
//!   crate-internal `search` module (alpha-beta, Monte-Carlo tree search, the
//!   evaluation).
//! - [`protocol`]: NBoard and GTP, the client side that drives outside engines.
//! - [`arena`]: games between bots and engines, with fair seatings and scoring.
//! - [`cli`]: the variant flags (`--board`, `--players`, `--anti` …) that the
//!   example programs share.
#![deny(missing_docs)]

pub mod arena;
pub mod bot;
pub mod cli;
pub mod protocol;
mod search;
pub mod solver;
