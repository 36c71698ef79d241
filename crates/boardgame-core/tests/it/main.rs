//! Integration tests of `boardgame-core`: the toy games, golden transcripts, properties.
//!
//! One test binary per crate (each file here is a module), so `cargo test` links one
//! executable instead of one per file.

mod golden;
mod properties;
mod record;
mod rolloff;
mod seat;
mod sink;
mod toys;
