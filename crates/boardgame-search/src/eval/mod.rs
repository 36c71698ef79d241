//! Static evaluation: a heuristic value of a non-terminal state for one seat.
//!
//! Evaluators live here, outside the rules crates, so that the rules stay a reference of the
//! rules alone: a heuristic is a matter of playing strength, changes with tuning, and may
//! look at the position in ways the rules never need (see `docs/architecture.md`).
//!
//! One evaluator per game: [`ThaxEvaluator`], [`ParchisEvaluator`], [`CoCaNguaEvaluator`]
//! (and the Ataxx one in `eval::ataxx`), plus [`RaceEvaluator`] and [`NimEvaluator`] for
//! core's toy games. Each is zero-sum in two-seat games
//! (`evaluate(s, 0) == -evaluate(s, 1)`), which the two-seat expectimax relies on.

pub mod ataxx;
mod co_ca_ngua;
mod parchis;
mod thax;
mod toy;

use boardgame_core::{Game, Seat};

pub use co_ca_ngua::CoCaNguaEvaluator;
pub use parchis::ParchisEvaluator;
pub use thax::ThaxEvaluator;
pub use toy::{NimEvaluator, RaceEvaluator};

/// A heuristic value of a non-terminal state from one seat's point of view.
///
/// Searchers score a finished game as `return × (bound() + 1)`, so any win outranks any
/// evaluation; [`Expectimax`](crate::expectimax::Expectimax)'s Star1/Star2 pruning relies on
/// the bound being honest.
pub trait Evaluator<G: Game> {
    /// The value of `state` for `seat`: higher is better, and inside
    /// `-self.bound()..=self.bound()`. Only called on non-terminal states.
    fn evaluate(&self, state: &G, seat: Seat) -> i32;

    /// The largest magnitude [`evaluate`](Evaluator::evaluate) returns (Star1/Star2 pruning
    /// and the scaling of search values rely on it).
    fn bound(&self) -> i32;

    /// About how many evaluation units make one unit of a logistic win-chance model: the
    /// default scale by which MCTS divides evaluations before its softmax over the seats
    /// ([`Mcts::with_evaluator`](crate::mcts::Mcts::with_evaluator)). By default a tenth of
    /// the bound.
    fn scale(&self) -> f64 {
        f64::from(self.bound()) / 10.0
    }
}

/// Clamps a raw evaluation into `-bound..=bound`.
fn clamp(value: i64, bound: i32) -> i32 {
    value.clamp(-i64::from(bound), i64::from(bound)) as i32
}

#[cfg(test)]
mod tests;
