#![doc = include_str!("../README.md")]
//!
//! # Overview
//!
//! - [`mcts`]: UCT with a swappable [`SelectionRule`](mcts::SelectionRule) (PUCT included) and
//!   rollout policy, closed-loop chance nodes drawn with their exact weights, 2–4 seats each
//!   backing up their own reward, budgets by iterations or deadline, tree reuse, root
//!   statistics; optionally rollouts cut and ended by an [`Evaluator`] and progressive bias
//!   from it.
//! - [`expectimax`]: depth-limited over decision and chance nodes, Star1/Star2 pruning for two
//!   seats, max^n for three or four.
//! - [`alphabeta`]: negamax with iterative deepening and a transposition table.
//! - [`eval`]: the [`Evaluator`] trait and one evaluator per game.
//! - [`solve`]: Thax solved exactly (values of every position, the `optimal` bot).
//! - [`bots`]: bot specs (`greedy`, `mcts:iters=800`, …) built into ready players, shared by
//!   the command line and the web playground.
//!
//! Everything is generic over the core trait; nothing here does I/O. Randomness (MCTS
//! rollouts and chance draws) comes from the searcher's own seeded `ChaCha8Rng`, so a seed and
//! an iteration budget give the same move on every machine.

pub mod alphabeta;
pub mod bots;
pub mod eval;
pub mod expectimax;
pub mod mcts;
pub mod solve;

pub use eval::Evaluator;
