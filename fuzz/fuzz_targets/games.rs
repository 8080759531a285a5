#![no_main]
//! Fuzz target: see `properties::games` for the property checked (the readers of
//! many games: text and stream agree, games write back, a corrupted game never
//! hides or invents another).

use reversi_fuzz_properties as properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::games(data));
