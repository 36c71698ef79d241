//! Integration tests of `boardgame-web`: the session over every game, natively.
//!
//! One test binary per crate (each file here is a module).

mod common;
mod session;
mod views;
