//! Evaluators for core's toy games.

use boardgame_core::toy::{Nim, Race};
use boardgame_core::{Game, Seat};

use super::{Evaluator, clamp};

/// Nim has no useful static evaluation: every position is worth 0.
#[derive(Copy, Clone, Debug, Default)]
pub struct NimEvaluator;

impl Evaluator<Nim> for NimEvaluator {
    fn evaluate(&self, _: &Nim, _: Seat) -> i32 {
        0
    }

    fn bound(&self) -> i32 {
        1
    }
}

/// Squares travelled by the seat's two tokens minus the best opponent's.
#[derive(Copy, Clone, Debug, Default)]
pub struct RaceEvaluator;

impl Evaluator<Race> for RaceEvaluator {
    fn evaluate(&self, state: &Race, seat: Seat) -> i32 {
        let travelled = |s: Seat| -> i64 { state.tokens(s).iter().map(|&t| i64::from(t)).sum() };
        let best_other = Seat::first(state.num_seats())
            .filter(|&s| s != seat)
            .map(travelled)
            .max()
            .unwrap_or(0);
        clamp(travelled(seat) - best_other, self.bound())
    }

    /// Two tokens of at most 99 squares each.
    fn bound(&self) -> i32 {
        198
    }
}
