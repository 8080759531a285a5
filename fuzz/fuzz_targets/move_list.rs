#![no_main]
//! Fuzz target: see `properties::move_list` for the property checked.

use reversi_fuzz_properties as properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::move_list(data));
