//! The Thax evaluator.

use ::thax::Thax;
use boardgame_core::Seat;

use super::{Evaluator, clamp};

/// Covered spaces minus the opponent's (the rules crate's own `evaluation`).
#[derive(Copy, Clone, Debug, Default)]
pub struct ThaxEvaluator;

impl Evaluator<Thax> for ThaxEvaluator {
    fn evaluate(&self, state: &Thax, seat: Seat) -> i32 {
        clamp(state.evaluation(seat), self.bound())
    }

    /// A side has at most 10 numbers × 9 spaces.
    fn bound(&self) -> i32 {
        90
    }
}
