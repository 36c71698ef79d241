//! Search over [`boardgame_core::Game`]: Monte Carlo tree search, expectimax over exact chance
//! weights, and alpha-beta for deterministic two-seat games, with an [`Evaluator`] for each
//! game of the workspace.
//!
//! Everything is generic over the core trait; nothing here does I/O. Randomness (MCTS
//! rollouts) comes from a caller-seeded `ChaCha8Rng`, so a seed and an iteration budget give
//! the same move on every machine.

pub mod alphabeta;
pub mod eval;
pub mod expectimax;
pub mod mcts;

pub use eval::Evaluator;
