//! Integration tests of the `ataxx` crate: perft table, rules, moves and
//! batches, properties, serde, testkit.
//!
//! One test binary per crate (each file here is a module), so `cargo test` links one
//! executable instead of one per file.

mod key;
mod moves;
mod perft;
mod playout;
mod properties;
mod rules;
mod serde;
mod setup;
mod testkit;
