//! Integration tests of boardgame-io: the workspace scan for bypasses of its mechanisms.
//!
//! One test binary per crate (each file here is a module).

mod bypass;
