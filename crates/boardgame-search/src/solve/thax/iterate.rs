//! Value iteration over the dense states with a certified bracket, a row of states at a
//! time.
//!
//! The move generation here mirrors `thax`'s rules on covered counts (no `Thax` value is
//! built); the tests check the fixed point against the rules crate's own moves, so any
//! difference between the two shows up as a Bellman residual.

use boardgame_core::dist::TWO_D6;
use thax::ThaxConfig;

use super::layout::Layout;

/// The rule switches the generator reads.
#[derive(Copy, Clone, Debug)]
pub(super) struct Switches {
    strict_place_both: bool,
    take_with_sum: bool,
    half_thax_take: bool,
}

impl Switches {
    pub(super) fn of(config: &ThaxConfig) -> Switches {
        Switches {
            strict_place_both: config.strict_place_both,
            take_with_sum: config.take_with_sum,
            half_thax_take: config.half_thax_take,
        }
    }
}

/// One of the 21 throws: low die, high die, weight out of 36.
#[derive(Copy, Clone, Debug)]
struct Throw {
    low: u8,
    high: u8,
    weight: f64,
}

/// The 21 throws of two dice with their weights, in `TWO_D6` order.
fn throws() -> Vec<Throw> {
    TWO_D6
        .iter()
        .map(|(pair, weight)| Throw {
            low: pair.low().value(),
            high: pair.high().value(),
            weight: f64::from(weight) / f64::from(TWO_D6.total()),
        })
        .collect()
}

/// A take the roller's side allows: the opponent's piece on `from` to the roller's `to`
/// (the roller's new side `mine`); legal where the opponent covers a `from`.
#[derive(Copy, Clone, Debug)]
struct Take {
    from: u8,
    step: u32,
    mine: u32,
}

/// The moves one throw allows the roller's side, before the opponent's side is known.
#[derive(Clone, Debug, Default)]
struct Plan {
    /// Double six: the sides after each possible thax.
    thax: Vec<u32>,
    is_thax: bool,
    /// A double other than 6-6: the roller throws again.
    again: bool,
    /// Placing both dice (needs two pieces).
    both: Option<u32>,
    /// Single placements (each needs one piece), used when both cannot be placed.
    singles: Vec<u32>,
    /// The sum (needs one piece).
    sum: Option<u32>,
    takes: Vec<Take>,
}

impl Layout {
    /// The plan of `throw` for the roller's side `me`.
    fn plan(&self, switches: Switches, me: u32, throw: Throw, plan: &mut Plan) {
        let (a, b) = (throw.low, throw.high);
        let mine = &self.covered[me as usize];
        let free = |n: u8| self.capacity[usize::from(n)] - mine[usize::from(n)];
        let step = |n: u8| self.radix[usize::from(n)];
        plan.thax.clear();
        plan.singles.clear();
        plan.takes.clear();
        plan.both = None;
        plan.sum = None;
        plan.is_thax = a == 6;
        plan.again = a == b && a != 6;
        if a == 6 {
            for &n in &self.numbers {
                if mine[usize::from(n)] > 0 {
                    plan.thax.push(me - step(n));
                }
            }
            return;
        }
        let mut take = |from: u8, to: u8| {
            if free(to) > 0 {
                plan.takes.push(Take {
                    from,
                    step: step(from),
                    mine: me + step(to),
                });
            }
        };
        if b == 6 {
            if switches.half_thax_take {
                take(a, a);
            }
            // The half thax places `a` (one piece) as a "single" that is always allowed.
            if free(a) > 0 {
                plan.sum = Some(me + step(a));
            }
            return;
        }
        take(a, b);
        if a != b {
            take(b, a);
        }
        let sum = a + b;
        if switches.take_with_sum {
            take(sum, sum);
        }
        let both = if a == b {
            free(a) >= 2
        } else {
            free(a) > 0 && free(b) > 0
        };
        if both {
            plan.both = Some(me + step(a) + step(b));
        }
        if !switches.strict_place_both {
            if free(a) > 0 {
                plan.singles.push(me + step(a));
            }
            if a != b && free(b) > 0 {
                plan.singles.push(me + step(b));
            }
        }
        if free(sum) > 0 {
            plan.sum = Some(me + step(sum));
        }
    }
}

/// Lower and upper bounds on the roller's win probability at every state.
pub(super) type Bracket = [f64; 2];

/// The Bellman update of one state, split: `rest` is the contribution of every throw that
/// allows a move (bounds of the best move, weighted), `pass` the weight of the throws whose
/// only move is to pass the dice, `again` that of the doubles whose only move is to pass and
/// throw again.
#[derive(Copy, Clone, Debug, Default)]
struct Update {
    rest: Bracket,
    pass: f64,
    again: f64,
}

/// Value iteration on `(lower, upper)` pairs, Gauss–Seidel.
///
/// Starting from `[0, 1]` everywhere, one sweep replaces each bracket by the Bellman update
/// of the lower bounds (the mover's next states at their lower bound, the opponent's at
/// their upper) and of the upper bounds. The update is monotone, so the true values stay
/// inside every bracket and the brackets only shrink; the returned gap (the widest bracket)
/// bounds the error of the midpoint by half of it.
///
/// - **Rows.** The states `(pot, me, ·)` of one roller's side are updated together, throw
///   by throw: the moves of a throw depend on the roller's side only (and on which numbers
///   the opponent covers, for takes), and their next states lie in a few contiguous rows of
///   the table and of its transpose (which holds the states the opponent throws from).
/// - **Order.** Rows go by decreasing side index: a placement or a take raises the mover's
///   side index, so most moves lead to rows already updated in the same sweep.
/// - **Mirror pairs.** Late in a game most throws are forced passes, which only swap the
///   roller: `(me, opp)` and its mirror `(opp, me)` are solved together, exactly (two
///   linear equations given every other state), instead of one pass per sweep. The mirror's
///   split update is kept from its own row.
pub(super) struct Iteration<'a> {
    layout: &'a Layout,
    switches: Switches,
    throws: Vec<Throw>,
    pub(super) values: Vec<Bracket>,
    /// `transposed[(pot, a, b)] = values[(pot, b, a)]`.
    transposed: Vec<Bracket>,
    /// The split update of each state, stored at its mirror's index (so a row reads its
    /// mirrors' updates contiguously).
    mirrored: Vec<Update>,
}

impl Iteration<'_> {
    pub(super) fn new(layout: &Layout, switches: Switches) -> Iteration<'_> {
        let states = layout.states();
        Iteration {
            layout,
            switches,
            throws: throws(),
            values: vec![[0.0, 1.0]; states],
            transposed: vec![[0.0, 1.0]; states],
            mirrored: vec![Update::default(); states],
        }
    }

    /// Raises `best[opp]` to the mover's bounds after the move to `(mine, opp − shift)` and
    /// `pot`, for every `opp` that `keep` allows.
    #[inline]
    #[allow(clippy::too_many_arguments)] // one call per kind of move; a struct would only rename them
    fn consider_row(
        &self,
        best: &mut [Bracket],
        again: bool,
        pot: u32,
        mine: u32,
        shift: u32,
        keep: impl Fn(usize) -> bool,
    ) {
        let layout = self.layout;
        let sides = layout.sides as usize;
        let shift = shift as usize;
        let constant = if layout.filled[mine as usize] == layout.spaces {
            Some(1.0)
        } else if pot >= layout.pots {
            Some(0.5)
        } else {
            None
        };
        if let Some(value) = constant {
            for (opp, b) in best.iter_mut().enumerate().skip(shift) {
                if keep(opp) {
                    b[0] = b[0].max(value);
                    b[1] = b[1].max(value);
                }
            }
            return;
        }
        let start = layout.index(pot, mine, 0);
        if again {
            let row = &self.values[start..start + sides];
            for (opp, b) in best.iter_mut().enumerate().skip(shift) {
                if keep(opp) {
                    let [low, high] = row[opp - shift];
                    b[0] = b[0].max(low);
                    b[1] = b[1].max(high);
                }
            }
        } else {
            let row = &self.transposed[start..start + sides];
            for (opp, b) in best.iter_mut().enumerate().skip(shift) {
                if keep(opp) {
                    let [low, high] = row[opp - shift];
                    b[0] = b[0].max(1.0 - high);
                    b[1] = b[1].max(1.0 - low);
                }
            }
        }
    }

    /// The split updates of row `(pot, me)` into `updates` (`best` is scratch space).
    fn row_updates(
        &self,
        pot: u32,
        me: u32,
        plan: &mut Plan,
        best: &mut [Bracket],
        updates: &mut [Update],
    ) {
        let layout = self.layout;
        updates.fill(Update::default());
        let thax_pot = if layout.pot_counts { pot + 1 } else { pot };
        let fm = u32::from(layout.filled[me as usize]);
        // Pieces left to place with the opponent's side `opp`.
        let supply = |opp: usize| match layout.supply {
            None => u32::MAX,
            Some(n) => n.saturating_sub(fm + u32::from(layout.filled[opp]) + pot),
        };
        let limited = layout.supply.is_some();
        for &throw in &self.throws {
            layout.plan(self.switches, me, throw, plan);
            best.fill([f64::NEG_INFINITY; 2]);
            let again = plan.again;
            if plan.is_thax {
                for &mine in &plan.thax {
                    self.consider_row(best, false, thax_pot, mine, 0, |_| true);
                }
            } else if !limited {
                match plan.both {
                    Some(mine) => self.consider_row(best, again, pot, mine, 0, |_| true),
                    None => {
                        for &mine in &plan.singles {
                            self.consider_row(best, again, pot, mine, 0, |_| true);
                        }
                    }
                }
                if let Some(mine) = plan.sum {
                    self.consider_row(best, again, pot, mine, 0, |_| true);
                }
            } else {
                let both = plan.both.is_some();
                if let Some(mine) = plan.both {
                    self.consider_row(best, again, pot, mine, 0, |opp| supply(opp) >= 2);
                }
                for &mine in &plan.singles {
                    self.consider_row(best, again, pot, mine, 0, |opp| {
                        let left = supply(opp);
                        left >= 1 && !(both && left >= 2)
                    });
                }
                if let Some(mine) = plan.sum {
                    self.consider_row(best, again, pot, mine, 0, |opp| supply(opp) >= 1);
                }
            }
            for take in &plan.takes {
                let from = usize::from(take.from);
                self.consider_row(best, again, pot, take.mine, take.step, |opp| {
                    layout.covered[opp][from] > 0
                });
            }
            let w = throw.weight;
            for (update, &[low, high]) in updates.iter_mut().zip(best.iter()) {
                if low == f64::NEG_INFINITY {
                    if again {
                        update.again += w;
                    } else {
                        update.pass += w;
                    }
                } else {
                    update.rest[0] += w * low;
                    update.rest[1] += w * high;
                }
            }
        }
    }

    /// Stores the new bracket of `(pot, me, opp)` (and its transposed copy), never widening
    /// it; returns its width.
    #[inline]
    fn store(&mut self, pot: u32, me: u32, opp: u32, [low, high]: Bracket) -> f64 {
        let index = self.layout.index(pot, me, opp);
        // Monotone by construction; the max/min only absorbs rounding.
        let [old_low, old_high] = self.values[index];
        let low = low.max(old_low);
        let high = high.min(old_high).max(low);
        self.values[index] = [low, high];
        self.transposed[self.layout.index(pot, opp, me)] = [low, high];
        high - low
    }

    /// One Gauss–Seidel sweep; returns the widest bracket after it.
    pub(super) fn sweep(&mut self) -> f64 {
        let layout = self.layout;
        let mut gap = 0.0f64;
        let mut plan = Plan::default();
        let mut updates = vec![Update::default(); layout.sides as usize];
        let mut best = vec![[0.0; 2]; layout.sides as usize];
        for pot in (0..layout.pots).rev() {
            for me in (0..layout.sides).rev() {
                if layout.filled[me as usize] == layout.spaces {
                    continue;
                }
                self.row_updates(pot, me, &mut plan, &mut best, &mut updates);
                for opp in 0..layout.sides {
                    if layout.filled[opp as usize] == layout.spaces {
                        continue;
                    }
                    let here = updates[opp as usize];
                    let index = layout.index(pot, me, opp);
                    if opp > me {
                        // The mirror's row came earlier in this sweep: solve the pair.
                        let there = self.mirrored[index];
                        let (s, m) = solve_pair(here, there);
                        gap = gap.max(self.store(pot, me, opp, s));
                        gap = gap.max(self.store(pot, opp, me, m));
                    } else if opp == me {
                        let (s, _) = solve_pair(here, here);
                        gap = gap.max(self.store(pot, me, opp, s));
                    } else {
                        // The mirror comes later: use its current bracket.
                        let [low_m, high_m] = self.transposed[index];
                        let d = 1.0 - here.again;
                        let s = [
                            (here.rest[0] + here.pass * (1.0 - high_m)) / d,
                            (here.rest[1] + here.pass * (1.0 - low_m)) / d,
                        ];
                        gap = gap.max(self.store(pot, me, opp, s));
                        self.mirrored[layout.index(pot, opp, me)] = here;
                    }
                }
            }
        }
        gap
    }

    /// The live states (neither side full).
    pub(super) fn live(&self) -> usize {
        (0..self.layout.states())
            .filter(|&i| self.layout.is_live(i))
            .count()
    }
}

/// The brackets of a state `s` and its mirror `m` from their split updates, solving the
/// forced passes between them exactly:
///
/// `low_s = rest_s.low + pass_s (1 − high_m) + again_s low_s`, and the same with the roles of
/// low and high (and of `s` and `m`) exchanged: two 2×2 systems, one coupling `low_s` with
/// `high_m`, the other `high_s` with `low_m`. For a state that is its own mirror (equal
/// sides) `m = s` and both systems are the same. The determinant
/// `(1 − again_s)(1 − again_m) − pass_s pass_m` is positive: from any state some throw
/// covers a space.
fn solve_pair(s: Update, m: Update) -> (Bracket, Bracket) {
    let (ps, qs, pm, qm) = (s.pass, s.again, m.pass, m.again);
    let det = (1.0 - qs) * (1.0 - qm) - ps * pm;
    // x_s (1 − qs) + ps y_m = rs + ps;  pm x_s + (1 − qm) y_m = rm + pm.
    let solve = |rs: f64, rm: f64| -> (f64, f64) {
        let (bs, bm) = (rs + ps, rm + pm);
        (
            (bs * (1.0 - qm) - ps * bm) / det,
            ((1.0 - qs) * bm - pm * bs) / det,
        )
    };
    let (low_s, high_m) = solve(s.rest[0], m.rest[1]);
    let (high_s, low_m) = solve(s.rest[1], m.rest[0]);
    ([low_s, high_s], [low_m, high_m])
}
