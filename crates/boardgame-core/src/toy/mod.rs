//! Two tiny games that exercise the whole trait: used by core's own tests, the docs, the
//! fuzz target and as a template for new games.
//!
//! - [`Nim`]: deterministic. Take 1 to `max_take` counters; whoever takes the last wins.
//! - [`Race`]: one die, roll again on a six, an explicit pass when stuck.

mod nim;
mod race;

pub use nim::{Nim, NimConfig, NimMove, ParseNimError};
pub use race::{ParseRaceError, Race, RaceConfig, RaceMove};
