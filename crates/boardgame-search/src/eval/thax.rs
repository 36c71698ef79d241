//! The Thax evaluator: expected turns to cover a side, from an exact solo model.

use std::sync::{Arc, Mutex};

use ::thax::{Board, MAX_NUMBER, Thax};
use boardgame_core::dist::TWO_D6;
use boardgame_core::{Game, Seat};

use super::{Evaluator, clamp};

/// Evaluation units per expected turn.
const PER_TURN: f64 = 20.0;

/// The most side states a table may have (larger boards fall back to covered spaces).
const MAX_STATES: usize = 200_000;

/// The difference in expected turns to cover a side, in twentieths of a turn: how many more
/// turns the opponent needs than `seat`.
///
/// The expected turns of each side come from a *solo* model of the rules, solved exactly by
/// value iteration over every covered-count vector of the board (1 024 of them on the default
/// board): each turn one throw of the two dice, the best of the legal placements (both
/// numbers, one when only one fits, the sum), 6-6 removing the piece whose loss costs least,
/// and another throw after doubles other than 6-6. Takes, the pot and the supply are left to
/// the search. The table is computed once per board and shared (about 20 ms); boards with
/// more than 200 000 side states fall back to covered spaces minus the opponent's.
#[derive(Copy, Clone, Debug, Default)]
pub struct ThaxEvaluator;

/// Expected remaining turns per side state, at the moment of a throw.
#[derive(Debug)]
struct Table {
    board: Board,
    /// `radix[n]`: the index weight of number `n + 1` (0 when not on the board).
    radix: [usize; MAX_NUMBER as usize],
    turns: Vec<f64>,
}

static TABLES: Mutex<Vec<Arc<Table>>> = Mutex::new(Vec::new());

fn table(board: Board) -> Option<Arc<Table>> {
    let mut tables = TABLES
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(found) = tables.iter().find(|t| t.board == board) {
        return Some(Arc::clone(found));
    }
    let table = Arc::new(Table::solve(board)?);
    tables.push(Arc::clone(&table));
    Some(table)
}

impl Table {
    fn solve(board: Board) -> Option<Table> {
        let capacity = board.capacities();
        let mut radix = [0usize; MAX_NUMBER as usize];
        let mut states = 1usize;
        for (n, &cap) in capacity.iter().enumerate() {
            if cap > 0 {
                radix[n] = states;
                states = states.checked_mul(usize::from(cap) + 1)?;
                if states > MAX_STATES {
                    return None;
                }
            }
        }
        let mut table = Table {
            board,
            radix,
            turns: vec![0.0; states],
        };
        let full = states - 1;
        for _ in 0..500 {
            let mut change = 0.0f64;
            for index in 0..full {
                let value = table.throw_value(index);
                change = change.max((value - table.turns[index]).abs());
                table.turns[index] = value;
            }
            if change < 1e-9 {
                break;
            }
        }
        Some(table)
    }

    fn covered(&self, index: usize, number: u8) -> u8 {
        let n = usize::from(number) - 1;
        let cap = self.board.capacity(number);
        if cap == 0 {
            0
        } else {
            ((index / self.radix[n]) % (usize::from(cap) + 1)) as u8
        }
    }

    fn free(&self, index: usize, number: u8) -> u8 {
        if (1..=MAX_NUMBER).contains(&number) {
            self.board.capacity(number) - self.covered(index, number)
        } else {
            0
        }
    }

    fn step(&self, number: u8) -> usize {
        self.radix[usize::from(number) - 1]
    }

    /// Expected turns still to come after a throw from `index` (the current turn counted).
    fn throw_value(&self, index: usize) -> f64 {
        let full = self.turns.len() - 1;
        let after = |next: usize, again: bool| -> f64 {
            if next == full {
                0.0
            } else if again {
                self.turns[next]
            } else {
                1.0 + self.turns[next]
            }
        };
        let mut total = 0.0;
        for (pair, weight) in TWO_D6.iter() {
            let (a, b) = (pair.low().value(), pair.high().value());
            let again = pair.is_double() && a != 6;
            let mut best = f64::INFINITY;
            let mut consider = |next: usize| best = best.min(after(next, again));
            if a == 6 {
                for n in self.board.numbers() {
                    if self.covered(index, n) > 0 {
                        consider(index - self.step(n));
                    }
                }
            } else if b == 6 {
                if self.free(index, a) > 0 {
                    consider(index + self.step(a));
                }
            } else {
                let both = if a == b {
                    self.free(index, a) >= 2
                } else {
                    self.free(index, a) > 0 && self.free(index, b) > 0
                };
                if both {
                    consider(index + self.step(a) + self.step(b));
                } else {
                    for n in [a, b] {
                        if self.free(index, n) > 0 {
                            consider(index + self.step(n));
                        }
                    }
                }
                if self.free(index, a + b) > 0 {
                    consider(index + self.step(a + b));
                }
            }
            if best.is_infinite() {
                best = after(index, again);
            }
            total += f64::from(weight) * best;
        }
        total / f64::from(TWO_D6.total())
    }

    fn side_turns(&self, state: &Thax, seat: Seat) -> f64 {
        let index = self
            .board
            .numbers()
            .map(|n| usize::from(state.covered(seat, n)) * self.step(n))
            .sum::<usize>();
        self.turns[index]
    }
}

impl Evaluator<Thax> for ThaxEvaluator {
    fn evaluate(&self, state: &Thax, seat: Seat) -> i32 {
        let other = Seat::new(1 - seat.index());
        match table(state.config().board) {
            Some(table) => {
                let lead = table.side_turns(state, other) - table.side_turns(state, seat);
                clamp((lead * PER_TURN).round() as i64, self.bound())
            }
            None => clamp(state.evaluation(seat), self.bound()),
        }
    }

    fn bound(&self) -> i32 {
        10_000
    }

    /// Two turns of lead (40 units) for one logistic unit.
    fn scale(&self) -> f64 {
        40.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_classic_side_needs_more_turns_than_a_nearly_full_one() {
        let table = Table::solve(Board::CLASSIC).unwrap();
        assert_eq!(table.turns.len(), 1024);
        let empty = table.turns[0];
        let nearly = table.turns[1022];
        assert!(empty > nearly && nearly > 0.0, "{empty} {nearly}");
        // A side with 15 spaces to fill at about two per turn: between 7 and 30 turns.
        assert!((7.0..30.0).contains(&empty), "{empty}");
    }

    #[test]
    fn covering_a_space_never_adds_expected_turns() {
        let table = Table::solve(Board::N_OF_N).unwrap();
        for index in 0..table.turns.len() - 1 {
            for n in table.board.numbers() {
                if table.free(index, n) > 0 {
                    let next = index + table.step(n);
                    assert!(table.turns[next] <= table.turns[index] + 1e-9);
                }
            }
        }
    }
}
