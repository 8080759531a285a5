//! The rules crate's integration tests, as one test binary: each file here is a
//! module, so that the crate and the test dependencies are linked once, not once a
//! file (STYLE.md, "Tests that answer fast"). `cargo test --test it MODULE::` runs
//! one module; `common` (the strategies and the one random-game walker),
//! `reference` (the rules written again from RULES.md) and `programs` (running
//! the examples) are shared by the others.
//!
//! Proptest keeps each module's regressions in `tests/proptest-regressions/`
//! (`MODULE.txt`): for a source file beside a `main.rs` it writes them there, and
//! replays them before any new case.

mod common;
mod programs;
mod reference;

// The C ABI exists only with the `capi` feature: `cargo test --features capi`
// (and `--all-features`) run these.
#[cfg(feature = "capi")]
mod c_abi;
mod cross_check;
mod databases;
mod errors;
mod features;
mod fuzz_properties;
mod hash;
mod history;
mod invariants;
mod kernels;
mod layout;
mod loader;
mod no_alloc;
mod numbering;
mod perft;
mod playout;
mod readme_commands;
mod records;
mod serde;
mod settings;
mod setup;
mod symmetry;
mod text;
mod typed_api;
mod vocabulary;
mod wthor;
