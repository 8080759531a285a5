//! The engine's integration tests, as one test binary (one link of the crate, not
//! one a file): the solver against minimax and the FFO suite, and the engine's
//! example programs (arena, nboard, play) run as a user runs them.
//!
//! Two helpers come from the rules crate's tests by path, so that there is one of
//! each: the random-game walker and the runner of example programs (which builds
//! any example of the workspace, so these tests also run `replay`).

#[path = "../../../tests/it/programs.rs"]
mod programs;
#[path = "../../../tests/it/common/walk.rs"]
mod walk;

mod alphabeta;
mod arena;
mod arena_lib;
mod bots;
mod eval;
mod last_flip;
mod learn;
mod nboard;
mod openings;
mod patterns;
mod play;
mod protocol;
mod protocol_client;
mod solve;
mod solver;
mod solver_parts;
mod tuned;
