//! Static evaluation: a heuristic value of a non-terminal state for one seat.
//!
//! Evaluators live here, outside the rules crates, so that the rules stay a reference of the
//! rules alone (see `docs/architecture.md`).

use boardgame_core::{Game, Seat};

/// A heuristic value of a non-terminal state from one seat's point of view.
pub trait Evaluator<G: Game> {
    /// The value of `state` for `seat`: higher is better, and strictly inside
    /// `-self.bound()..=self.bound()`. Only called on non-terminal states.
    fn evaluate(&self, state: &G, seat: Seat) -> i32;

    /// The largest magnitude [`evaluate`](Evaluator::evaluate) returns (Star1/Star2 pruning
    /// and the scaling of search values rely on it).
    fn bound(&self) -> i32;
}

pub mod ataxx;
