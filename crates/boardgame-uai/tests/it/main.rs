//! Integration tests of the `boardgame-uai` engine: the protocol through its pipes, and
//! hostile input.
//!
//! One test binary per crate (each file here is a module).

mod hostile;
mod outputs;
mod round4;
mod round5;
mod same_move;
mod uai;
