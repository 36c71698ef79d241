//! The game state and move generation (the `Game` implementation is in `game`).

use boardgame_core::{DicePair, Die, Game, MoveList, MoveSink, RollOff, Seat};

use crate::board::MAX_NUMBER;
use crate::config::{ThaxConfig, TurnLimitRule};
use crate::moves::ThaxMove;
use crate::result::ThaxResult;

/// The most legal moves in any position (a double six with ten distinct numbers covered).
pub const MAX_MOVES: usize = 10;

/// A move list sized for any Thax position, for allocation-free move generation.
pub type ThaxMoveList = MoveList<ThaxMove, MAX_MOVES>;

/// A Thax position: both sides' covered spaces, the pot, whose roll or decision it is, and
/// the number of rolls so far. Owns its [`ThaxConfig`].
///
/// # The turn
/// Chance nodes are throws of two dice ([`TWO_D6`](boardgame_core::dist::TWO_D6): 21 unordered outcomes, total 36). Before
/// the first turn, unless the configuration fixes the first player, each seat throws both
/// dice in a roll-off (core's [`RollOff`], highest total starts, ties throw again); those
/// throws are not played. After a game throw the roller decides (see
/// [`legal_moves`](Thax::legal_moves) for the options). A double other than 6-6 gives the
/// same seat another throw; a seat wins the moment its side is full.
///
/// # Text
/// `Display` writes the one-line notation (`31202/00120 m1:3-5 0 17`, see
/// [`ParseThaxError`](crate::ParseThaxError) for the fields), which [`Game::from_notation`] and `FromStr` (default
/// configuration) parse back; `format!("{state:#}")` draws the board for a terminal.
///
/// # Move order
/// `thax n` by increasing `n`; else the placement of both dice (`place a b`) or the single
/// placements (`place a`, then `place b`); `sum s`; `take a>b`, `take b>a` (`a < b`, dice
/// order); `take s>s` (sum take); `pass` last.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Thax {
    pub(crate) config: ThaxConfig,
    /// `covered[seat][n - 1]`: covered spaces numbered `n` on that seat's side.
    pub(crate) covered: [[u8; MAX_NUMBER as usize]; 2],
    /// Covered spaces per side (the sum of `covered[seat]`).
    pub(crate) filled: [u8; 2],
    pub(crate) pot: u32,
    pub(crate) rolls: u32,
    pub(crate) phase: Phase,
}

/// Where the game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Phase {
    /// Deciding the first player; the roll-off's next roller throws.
    RollOff(RollOff),
    /// The seat throws the dice.
    Roll(Seat),
    /// The seat decides what to do with the dice.
    Decide(Seat, DicePair),
    /// The game is over.
    Over(End),
}

/// Why the game is over.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum End {
    Won(Seat),
    TurnLimit,
    DeadDraw,
}

const DOUBLE_SIX: DicePair = DicePair::of(6, 6);

impl Thax {
    /// Pieces on `seat`'s side on spaces numbered `number` (0 for numbers not on the board).
    ///
    /// # Panics
    /// If `seat` is not 0 or 1.
    #[must_use]
    pub fn covered(&self, seat: Seat, number: u8) -> u8 {
        if (1..=MAX_NUMBER).contains(&number) {
            self.covered[seat.index()][usize::from(number) - 1]
        } else {
            0
        }
    }

    /// Uncovered spaces numbered `number` on `seat`'s side.
    ///
    /// # Panics
    /// If `seat` is not 0 or 1.
    #[must_use]
    pub fn uncovered(&self, seat: Seat, number: u8) -> u8 {
        self.config.board.capacity(number) - self.covered(seat, number)
    }

    /// Covered spaces on `seat`'s side.
    ///
    /// # Panics
    /// If `seat` is not 0 or 1.
    #[must_use]
    pub fn covered_spaces(&self, seat: Seat) -> u8 {
        self.filled[seat.index()]
    }

    /// Pieces in the pot (Thax Out; always 0 in Classic THAX).
    #[must_use]
    pub fn pot(&self) -> u32 {
        self.pot
    }

    /// Pieces left in the supply, or `None` when the supply is unlimited.
    #[must_use]
    pub fn supply(&self) -> Option<u32> {
        let on_board = u32::from(self.filled[0]) + u32::from(self.filled[1]);
        self.config
            .supply
            .map(|n| n.saturating_sub(on_board + self.pot))
    }

    /// Throws of the dice so far, roll-off throws included.
    #[must_use]
    pub fn rolls(&self) -> u32 {
        self.rolls
    }

    /// The dice the seat to move decides on, at a decision node.
    #[must_use]
    pub fn dice(&self) -> Option<DicePair> {
        match self.phase {
            Phase::Decide(_, dice) => Some(dice),
            _ => None,
        }
    }

    /// The roll-off in progress, before the first turn.
    #[must_use]
    pub fn roll_off(&self) -> Option<RollOff> {
        match self.phase {
            Phase::RollOff(roll_off) => Some(roll_off),
            _ => None,
        }
    }

    /// The seat that throws next at a chance node after the roll-off.
    #[must_use]
    pub fn roller(&self) -> Option<Seat> {
        match self.phase {
            Phase::Roll(seat) => Some(seat),
            Phase::RollOff(roll_off) => roll_off.roller(),
            _ => None,
        }
    }

    /// The detailed result, once the game is over.
    #[must_use]
    pub fn result(&self) -> Option<ThaxResult> {
        let Phase::Over(end) = self.phase else {
            return None;
        };
        Some(match end {
            End::Won(winner) => ThaxResult::Won {
                winner,
                pot: self.pot,
            },
            End::DeadDraw => ThaxResult::DeadDraw { pot: self.pot },
            End::TurnLimit => {
                let [zero, one] = self.filled;
                let winner = match self.config.turn_limit {
                    TurnLimitRule::Score if zero > one => Some(Seat::new(0)),
                    TurnLimitRule::Score if one > zero => Some(Seat::new(1)),
                    _ => None,
                };
                ThaxResult::TurnLimit {
                    winner,
                    covered: self.filled,
                }
            }
        })
    }

    /// A one-ply heuristic for `seat`: its covered spaces minus the opponent's (the game is
    /// a race to cover a side, and a take swings this by two).
    ///
    /// # Panics
    /// If `seat` is not 0 or 1.
    #[must_use]
    pub fn evaluation(&self, seat: Seat) -> i64 {
        let mine = self.filled[seat.index()];
        let theirs = self.filled[seat.index() ^ 1];
        i64::from(mine) - i64::from(theirs)
    }

    fn free(&self, side: usize, number: u8) -> u8 {
        match self.config.board.capacity(number) {
            0 => 0,
            capacity => capacity - self.covered[side][usize::from(number) - 1],
        }
    }

    fn holds(&self, side: usize, number: u8) -> bool {
        (1..=MAX_NUMBER).contains(&number) && self.covered[side][usize::from(number) - 1] > 0
    }

    fn supply_left(&self) -> u32 {
        self.supply().unwrap_or(u32::MAX)
    }

    pub(crate) fn add(&mut self, side: usize, number: u8) {
        let slot = &mut self.covered[side][usize::from(number) - 1];
        assert!(
            *slot < self.config.board.capacity(number),
            "no uncovered space numbered {number}"
        );
        *slot += 1;
        self.filled[side] += 1;
    }

    pub(crate) fn remove(&mut self, side: usize, number: u8) {
        let slot = &mut self.covered[side][usize::from(number) - 1];
        assert!(*slot > 0, "no piece on a space numbered {number}");
        *slot -= 1;
        self.filled[side] -= 1;
    }

    /// The next throw belongs to `seat`, unless the roll guard stops the game.
    pub(crate) fn start_roll(&mut self, seat: Seat) {
        self.phase = if self.rolls >= self.config.max_rolls {
            Phase::Over(End::TurnLimit)
        } else {
            Phase::Roll(seat)
        };
    }

    /// After `mover` has played `dice`: a win, a dead draw, or the next throw (the same seat
    /// after a double other than 6-6).
    pub(crate) fn settle(&mut self, mover: Seat, dice: DicePair) {
        if self.filled[mover.index()] == self.config.board.spaces() {
            self.phase = Phase::Over(End::Won(mover));
        } else if self.config.is_dead(self.pot) {
            self.phase = Phase::Over(End::DeadDraw);
        } else if dice.is_double() && dice != DOUBLE_SIX {
            self.start_roll(mover);
        } else {
            self.start_roll(mover.next(2));
        }
    }

    /// Generates the moves of `seat` with `dice` (see the move order on [`Thax`]).
    pub(crate) fn generate<S: MoveSink<ThaxMove>>(&self, seat: Seat, dice: DicePair, sink: &mut S) {
        let me = seat.index();
        let opp = me ^ 1;
        let config = &self.config;
        let (a, b) = (dice.low().value(), dice.high().value());
        let mut pushed = false;
        let mut push = |mv| {
            sink.push(mv);
            pushed = true;
        };
        if dice == DOUBLE_SIX {
            for n in config.board.numbers() {
                if self.holds(me, n) {
                    push(ThaxMove::Thax(n));
                }
            }
            if !pushed {
                sink.push(ThaxMove::Pass);
            }
            return;
        }
        let supply = self.supply_left();
        let can_place = |n: u8| supply >= 1 && self.free(me, n) > 0;
        let can_take = |from: u8, to: u8| self.holds(opp, from) && self.free(me, to) > 0;
        if b == 6 {
            if can_place(a) {
                push(ThaxMove::PlaceOne(a));
            }
            if config.half_thax_take && can_take(a, a) {
                push(ThaxMove::Take { from: a, to: a });
            }
        } else {
            let both = if a == b {
                supply >= 2 && self.free(me, a) >= 2
            } else {
                supply >= 2 && can_place(a) && can_place(b)
            };
            if both {
                push(ThaxMove::Place(a, b));
            } else if !config.strict_place_both {
                if can_place(a) {
                    push(ThaxMove::PlaceOne(a));
                }
                if a != b && can_place(b) {
                    push(ThaxMove::PlaceOne(b));
                }
            }
            let sum = a + b;
            if can_place(sum) {
                push(ThaxMove::Sum(sum));
            }
            if can_take(a, b) {
                push(ThaxMove::Take { from: a, to: b });
            }
            if a != b && can_take(b, a) {
                push(ThaxMove::Take { from: b, to: a });
            }
            if config.take_with_sum && can_take(sum, sum) {
                push(ThaxMove::Take { from: sum, to: sum });
            }
        }
        if !pushed || config.voluntary_pass {
            sink.push(ThaxMove::Pass);
        }
    }
}

/// The dice of ordered throw `index` of the 36 equally likely (first die, second die) pairs.
///
/// # Panics
/// If `index >= 36`.
fn ordered_throw(index: u32) -> DicePair {
    assert!(index < 36, "a throw of two dice is one of 36, not {index}");
    DicePair::new(
        Die::ALL[(index / 6) as usize],
        Die::ALL[(index % 6) as usize],
    )
}

impl Thax {
    /// Plays the game to its end with uniformly random moves and exactly weighted dice,
    /// without allocating, and returns the result. `below(n)` must return a uniform integer
    /// in `0..n` (for `n` up to 36). The same `below` sequence gives the same game.
    ///
    /// This is the fast path for playout-heavy code (MCTS, statistics); it does not draw the
    /// same games as core's seeded driver, which samples differently.
    ///
    /// # Panics
    /// If `below(n)` returns a value `>= n`.
    pub fn play_out(&mut self, mut below: impl FnMut(u32) -> u32) -> ThaxResult {
        let mut moves = ThaxMoveList::new();
        loop {
            match self.phase {
                Phase::Over(_) => return self.result().expect("a finished game has a result"),
                Phase::RollOff(_) | Phase::Roll(_) => {
                    let throw = below(36);
                    self.apply_chance_unchecked(ordered_throw(throw));
                }
                Phase::Decide(seat, dice) => {
                    moves.clear();
                    self.generate(seat, dice, &mut moves);
                    let pick = if moves.len() == 1 {
                        0
                    } else {
                        below(moves.len() as u32) as usize
                    };
                    self.play_unchecked(moves[pick]);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_core::dist::TWO_D6;

    #[test]
    fn ordered_throws_give_each_pair_its_exact_weight() {
        for (pair, weight) in TWO_D6.iter() {
            let hits = (0..36).filter(|&i| ordered_throw(i) == pair).count();
            assert_eq!(hits as u32, weight, "{pair}");
        }
    }

    #[test]
    #[should_panic(expected = "one of 36")]
    fn a_throw_beyond_36_panics() {
        let _ = ordered_throw(36);
    }
}
