#![no_main]
//! Fuzz target: see `properties::record` for the property checked.

use reversi_fuzz_properties as properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::record(data));
