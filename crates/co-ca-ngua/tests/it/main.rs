//! Integration tests of the `co-ca-ngua` crate: rules, notation, properties, hostile input,
//! testkit.
//!
//! One test binary per crate (each file here is a module), so `cargo test` links one
//! executable instead of one per file.

mod accessors;
mod common;
mod equality;
mod hostile;
mod movement;
mod notation;
mod properties;
mod rules;
mod switches;
mod testkit;
mod traditional;
mod traditional_preset;
mod two_dice;
