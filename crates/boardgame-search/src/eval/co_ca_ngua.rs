//! The Cờ cá ngựa evaluator.

use ::co_ca_ngua::CoCaNgua;
use boardgame_core::Seat;

use super::{Evaluator, clamp};

/// Progress of the seat's pieces minus the best opponent's (the rules crate's own
/// `evaluation`).
#[derive(Copy, Clone, Debug, Default)]
pub struct CoCaNguaEvaluator;

impl Evaluator<CoCaNgua> for CoCaNguaEvaluator {
    fn evaluate(&self, state: &CoCaNgua, seat: Seat) -> i32 {
        clamp(state.evaluation(seat), self.bound())
    }

    fn bound(&self) -> i32 {
        1_000
    }
}
