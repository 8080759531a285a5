#![no_main]
//! Fuzz target: see `properties::ggf` for the property checked.

use reversi_fuzz_properties as properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::ggf(data));
