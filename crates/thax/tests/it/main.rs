//! Integration tests of the `thax` crate: rules, notation, properties, conformance.
//!
//! One test binary per crate (each file here is a module), so `cargo test` links one
//! executable instead of one per file.

mod common;
mod conformance;
mod notation;
mod properties;
mod rules;
