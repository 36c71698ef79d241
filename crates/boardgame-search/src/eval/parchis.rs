//! The Parchís evaluator.

use ::parchis::board::{TRACK_LEN, is_safe};
use ::parchis::{Colour, Loc, Parchis};
use boardgame_core::Seat;

use super::{Evaluator, clamp};

/// Squares of a colour's track before its home column (the entry square's progress).
const TRACK_PROGRESS: i64 = 64;

/// A race evaluation with safety: each piece is worth its progress (nest 0, a piece out of
/// the nest 10 plus the squares travelled, home column and goal more), a piece on a
/// non-safe track square with an enemy piece one to six squares behind it loses a third of
/// its worth-so-far, up to 25; the value is the seat's total minus the best opponent's.
#[derive(Copy, Clone, Debug, Default)]
pub struct ParchisEvaluator;

/// The progress (1..=64 on the track) of a piece of `colour` on track square `square`.
fn track_progress(colour: Colour, square: u8) -> i64 {
    i64::from((square + TRACK_LEN - colour.exit_square()) % TRACK_LEN + 1)
}

fn worth(state: &Parchis, colour: Colour) -> i64 {
    let Some(pieces) = state.pieces(colour) else {
        return 0;
    };
    let mut total = 0;
    for loc in pieces {
        total += match loc {
            Loc::Nest => 0,
            Loc::Track(square) => {
                let value = 10 + track_progress(colour, square);
                if !is_safe(square) && threatened(state, colour, square) {
                    value - (value / 3).min(25)
                } else {
                    value
                }
            }
            Loc::Home(h) => 10 + TRACK_PROGRESS + 8 + i64::from(h),
            Loc::Goal => 10 + TRACK_PROGRESS + 30,
        };
    }
    total
}

/// Whether a piece of another colour stands one to six track squares behind `square`.
fn threatened(state: &Parchis, mine: Colour, square: u8) -> bool {
    state.colours().iter().filter(|&&c| c != mine).any(|&c| {
        state.pieces(c).is_some_and(|pieces| {
            pieces.iter().any(|&loc| match loc {
                Loc::Track(theirs) => {
                    let gap = (square + TRACK_LEN - theirs) % TRACK_LEN;
                    (1..=6).contains(&gap)
                }
                _ => false,
            })
        })
    })
}

impl Evaluator<Parchis> for ParchisEvaluator {
    fn evaluate(&self, state: &Parchis, seat: Seat) -> i32 {
        let mine = state.colour_of(seat);
        let best_other = state
            .colours()
            .iter()
            .filter(|&&c| c != mine)
            .map(|&c| worth(state, c))
            .max()
            .unwrap_or(0);
        clamp(worth(state, mine) - best_other, self.bound())
    }

    /// Four pieces of at most 104 each.
    fn bound(&self) -> i32 {
        420
    }

    /// 30 units (about five squares of progress) for one logistic unit.
    fn scale(&self) -> f64 {
        30.0
    }
}
