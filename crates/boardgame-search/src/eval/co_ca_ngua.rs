//! The Cờ cá ngựa evaluator.

use ::co_ca_ngua::CoCaNgua;
use boardgame_core::{Game, Seat};

use super::{Evaluator, clamp};

/// A race evaluation with safety: each piece out of the nest is worth 10 plus its progress
/// (the centre 20 more), a piece outside the safe area with an enemy piece one to six steps
/// behind it on that enemy's path loses a third of its worth; the value is the seat's total
/// minus the best opponent's.
#[derive(Copy, Clone, Debug, Default)]
pub struct CoCaNguaEvaluator;

fn worth(state: &CoCaNgua, seat: Seat) -> i64 {
    let board = state.board();
    let colour = usize::from(state.colour(seat));
    let mut total = 0;
    for &progress in state.pieces(seat) {
        if progress == 0 {
            continue;
        }
        let mut value = 10 + i64::from(progress);
        if progress == board.end() {
            value += 20;
        } else if !board.is_safe(progress)
            && threatened(state, seat, board.square(colour, progress))
        {
            value -= value / 3;
        }
        total += value;
    }
    total
}

/// Whether another seat has a piece one to six steps before `square` on its own path.
fn threatened(state: &CoCaNgua, mine: Seat, square: ::co_ca_ngua::Square) -> bool {
    let board = state.board();
    Seat::first(state.num_seats())
        .filter(|&s| s != mine)
        .any(|s| {
            let colour = usize::from(state.colour(s));
            let path = board.path(colour);
            state.pieces(s).iter().any(|&p| {
                p > 0
                    && !board.is_safe(p)
                    && (1..=6usize).any(|step| path.get(usize::from(p) - 1 + step) == Some(&square))
            })
        })
}

impl Evaluator<CoCaNgua> for CoCaNguaEvaluator {
    fn evaluate(&self, state: &CoCaNgua, seat: Seat) -> i32 {
        let best_other = Seat::first(state.num_seats())
            .filter(|&s| s != seat)
            .map(|s| worth(state, s))
            .max()
            .unwrap_or(0);
        clamp(worth(state, seat) - best_other, self.bound())
    }

    /// Two pieces of at most 150 each.
    fn bound(&self) -> i32 {
        300
    }

    /// 20 units (about three throws of progress) for one logistic unit.
    fn scale(&self) -> f64 {
        20.0
    }
}
