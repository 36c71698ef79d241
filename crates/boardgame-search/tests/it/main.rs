//! Integration tests of `boardgame-search`.
//!
//! One test binary per crate (each file here is a module).

mod bots;
mod searchers;
mod solve;
mod stop;
