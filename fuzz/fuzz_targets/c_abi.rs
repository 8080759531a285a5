#![no_main]
//! Fuzz target: see `properties::c_abi` for the property checked.

#[path = "../properties.rs"]
#[allow(dead_code)]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::c_abi(data));
