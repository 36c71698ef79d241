//! The Parchís evaluator.

use ::parchis::Parchis;
use boardgame_core::Seat;

use super::{Evaluator, clamp};

/// Progress of the seat's pieces minus the best opponent's (the rules crate's own
/// `evaluation`).
#[derive(Copy, Clone, Debug, Default)]
pub struct ParchisEvaluator;

impl Evaluator<Parchis> for ParchisEvaluator {
    fn evaluate(&self, state: &Parchis, seat: Seat) -> i32 {
        clamp(state.evaluation(seat), self.bound())
    }

    fn bound(&self) -> i32 {
        1_000
    }
}
