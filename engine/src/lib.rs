//! The engine on top of the [`reversi`] rules crate: what bot builders reuse.
//!
//! - [`solver`]: the exact endgame solver for two-player positions (fast on the
//!   8×8 grid; the search framework to the end on 10×10 and the octagon): [`Solver::solve`](solver::Solver::solve)
//!   on a typed position, [`Solver::solve_any`](solver::Solver::solve_any) on any.
//! - [`bot`]: the built-in bots (random, greedy, mobility, Monte-Carlo tree
//!   search for 2–4 players, alpha-beta with an exact endgame), each a
//!   [`bot::Bot`] made from a [`bot::Spec`], and [`bot::SearchBot`], the
//!   alpha-beta bot on your own evaluation; their searches are in
//!   [`search`] (alpha-beta, Monte-Carlo tree search, the evaluation, a
//!   pattern evaluation for 8×8 learned for each phase of the game, from
//!   tournament and self-play games solved exactly and from self-play
//!   positions labelled by search, which the solver
//!   orders by, and learned weights of the evaluation's terms for 6×6,
//!   10×10 and the octagon).
//! - [`protocol`]: NBoard and GTP, both sides: the client that drives outside
//!   engines (a [`bot::Bot`] too), and the engine side that the `nboard`
//!   example serves; one move codec.
//! - [`arena`]: games between bots and engines, with fair seatings and scoring,
//!   as a library ([`arena::Config::new`], [`arena::play`], [`arena::run`],
//!   [`arena::run_jobs`] on several threads); an
//!   engine that never ran is an error, not a forfeit.
//! - [`Limits`]: how far any of these searches may go (depth, nodes, time, a
//!   stop flag), [`Interruption`], why one stopped early, and [`Clock`], a
//!   move's time from a player's clock.
//! - [`cli`]: the variant flags (`--board`, `--players`, `--anti` …) that the
//!   example programs share.
#![deny(missing_docs)]

pub mod arena;
pub mod bot;
pub mod cli;
pub mod limits;
pub mod line;
pub(crate) mod lockless;
pub(crate) mod parallel;
pub mod protocol;
pub mod search;
pub mod solver;

pub use limits::{Clock, Interruption, Limits};
/// The rules crate this engine is built on, so that a bot's crate can name
/// its types at the same version.
pub use reversi;
