//! Exact solutions of small games, for reference play and for measuring the other bots.
//!
//! - [`thax`]: two-player Thax by value iteration over every throw state, with a certified
//!   error bound; the `optimal` bot and an evaluator built on it.

pub mod thax;
