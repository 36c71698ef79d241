//! [`AtaxxEvaluator`]: material, mobility, safe stones, rim squares, parity and tempo for
//! Ataxx. It lives in `boardgame-engine` (the Ataxx engine's `Eval handcrafted`), which does
//! not depend on this crate; this module re-exports it and implements [`Evaluator`] for it.
//!
//! ```
//! use ataxx::Ataxx;
//! use boardgame_core::Seat;
//! use boardgame_search::Evaluator;
//! use boardgame_search::eval::ataxx::AtaxxEvaluator;
//!
//! let eval = AtaxxEvaluator::default();
//! let start = Ataxx::default();
//! // The start is symmetric: only the tempo bonus separates the two sides.
//! let x = Evaluator::evaluate(&eval, &start, Seat::new(0));
//! assert_eq!(x, -Evaluator::evaluate(&eval, &start, Seat::new(1)));
//! assert!(x > 0 && x <= Evaluator::<Ataxx>::bound(&eval));
//! ```

use ataxx::Ataxx;
use boardgame_core::Seat;

pub use boardgame_engine::eval::handcrafted::{AtaxxEvaluator, AtaxxWeights, LINEAR_WEIGHTS};

use super::Evaluator;

impl Evaluator<Ataxx> for AtaxxEvaluator {
    fn evaluate(&self, state: &Ataxx, seat: Seat) -> i32 {
        AtaxxEvaluator::evaluate(self, state, seat)
    }

    fn bound(&self) -> i32 {
        AtaxxEvaluator::bound(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_trait_gives_the_engines_values() {
        let eval = AtaxxEvaluator::default();
        for fen in ["x5o/7/7/7/7/7/o5x x 0 1", "xxo4/1o5/7/3x3/7/7/6o o 3 9"] {
            let state: Ataxx = fen.parse().unwrap();
            for seat in [Seat::new(0), Seat::new(1)] {
                assert_eq!(
                    Evaluator::evaluate(&eval, &state, seat),
                    AtaxxEvaluator::evaluate(&eval, &state, seat)
                );
            }
            assert_eq!(Evaluator::<Ataxx>::bound(&eval), eval.bound());
        }
    }
}
