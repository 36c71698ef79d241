//! Search over [`boardgame_core::Game`]: Monte Carlo tree search, expectimax over exact chance
//! weights, and alpha-beta for deterministic two-seat games, with an [`Evaluator`] for each
//! game of the workspace.
//!
//! - [`mcts`]: UCT with a swappable [`SelectionRule`](mcts::SelectionRule) (PUCT included) and
//!   rollout policy, closed-loop chance nodes drawn with their exact weights, 2–4 seats each
//!   backing up their own reward, budgets by iterations or deadline, tree reuse, root
//!   statistics.
//! - [`expectimax`]: depth-limited over decision and chance nodes, Star1/Star2 pruning for two
//!   seats, max^n for three or four.
//! - [`alphabeta`]: negamax with iterative deepening and a transposition table.
//! - [`eval`]: the [`Evaluator`] trait and one evaluator per game.
//! - [`bots`]: bot specs (`greedy`, `mcts:iters=800`, …) built into ready players, shared by
//!   the command line and the web playground.
//!
//! Everything is generic over the core trait; nothing here does I/O. Randomness (MCTS
//! rollouts and chance draws) comes from the searcher's own seeded `ChaCha8Rng`, so a seed and
//! an iteration budget give the same move on every machine.
//!
//! # Example: MCTS and expectimax pick a move in Thax
//!
//! ```
//! use boardgame_core::{Game, Turn};
//! use boardgame_search::eval::ThaxEvaluator;
//! use boardgame_search::expectimax::{Expectimax, ExpectimaxLimits};
//! use boardgame_search::mcts::{Budget, Mcts};
//! use thax::{Thax, ThaxConfig};
//!
//! // Seat 0 has thrown 2-3 and must choose.
//! let state = Thax::from_notation("21101/11210 m0:2-3 0 20", &ThaxConfig::default())?;
//! assert_eq!(state.turn(), Turn::Player(boardgame_core::Seat::new(0)));
//!
//! let report = Mcts::new(42).search(&state, Budget::Iterations(500));
//! assert!(state.is_legal(report.best));
//! assert_eq!(report.iterations, 500);
//! let most = report.root.iter().map(|m| m.visits).max().unwrap();
//! assert_eq!(report.root.iter().find(|m| m.mv == report.best).unwrap().visits, most);
//!
//! let exact = Expectimax::new(ThaxEvaluator).search(&state, &ExpectimaxLimits::depth(2));
//! assert!(state.is_legal(exact.best));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod alphabeta;
pub mod bots;
pub mod eval;
pub mod expectimax;
pub mod mcts;

pub use eval::Evaluator;
