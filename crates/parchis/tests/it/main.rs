//! Integration tests of the `parchis` crate: rules, presets, notation, perft, golden transcripts, properties, hostile input, testkit.
//!
//! One test binary per crate (each file here is a module), so `cargo test` links one
//! executable instead of one per file.

mod common;
mod glparchis;
mod golden;
mod hostile;
mod notation;
mod perft;
mod presets;
mod properties;
mod rules;
mod testkit;
