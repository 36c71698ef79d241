//! Integration tests of the `boardgame` command.
//!
//! One test binary per crate (each file here is a module), so `cargo test` links one
//! executable instead of one per file.

mod arena;
mod cli;
mod cli_defects;
mod common;
mod compat;
mod engine;
mod hostile;
mod notation_doc;
mod outputs;
mod perft_cli;
mod perft_diff;
mod readme;
mod round4;
mod round5;
mod shards;
mod solve;
mod vectors;
mod web;
