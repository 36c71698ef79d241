//! Integration tests of the `thax` crate: rules, notation, properties, conformance, hostile
//! input.
//!
//! One test binary per crate (each file here is a module), so `cargo test` links one
//! executable instead of one per file.

mod common;
mod conformance;
mod hostile;
mod notation;
mod properties;
mod rules;
