//! The rules this crate implements, in full: `RULES.md` in the crate's root, shown
//! here. The API documentation cites its sections as "§n".
#![doc = include_str!("../RULES.md")]
