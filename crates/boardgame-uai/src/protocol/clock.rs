//! Time allocation: how long to think, from the `go` parameters.

use std::time::Duration;

use ataxx::Color;

use super::command::Go;

/// Kept back from every clock by default (the option `MoveOverhead`) for the pipes, thread
/// start-up and a loaded machine: the time between the runner writing `go` and reading
/// `bestmove` is what counts.
pub(crate) const OVERHEAD_MS: u64 = 50;
/// Moves assumed left in the game when `movestogo` is not given.
const MOVES_LEFT: u64 = 30;
/// The budget of a `go` whose time could not be read (`go movetime abc`): one second.
pub(crate) const FALLBACK_MS: u64 = 1000;
/// No move takes longer than this, whatever the clock says (a day): keeps every deadline
/// representable.
pub(crate) const LONGEST_MOVE_MS: u64 = 86_400_000;

/// How long a move may take.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    /// Start no new iteration after half of this.
    pub(crate) soft: Duration,
    /// Stop the search at this point, whatever it is doing.
    pub(crate) hard: Duration,
}

/// The time budget for `side` under `go`, or `None` when no clock or move time is given.
/// A `go` with an unreadable time and no usable clock for `side` gets [`FALLBACK_MS`].
/// Every limit is at most [`LONGEST_MOVE_MS`]; the arithmetic saturates.
///
/// - `movetime T`: both limits at T − min(T/4, 50 ms).
/// - A clock C (`btime` for `x`, `wtime` for `o`) with increment I: the usable time is
///   U = C − 50 ms; soft = U / movestogo (30 when absent or 0) + ¾ I; hard = min(3 × soft, U / 3),
///   or U × ¾ with one move to go; soft is capped at hard. At least 1 ms each.
pub(crate) fn budget(go: &Go, side: Color, overhead_ms: u64) -> Option<Budget> {
    let budget = clock_budget(go, side, overhead_ms).or_else(|| {
        go.bad_time.then_some(Budget {
            soft: Duration::from_millis(FALLBACK_MS),
            hard: Duration::from_millis(FALLBACK_MS),
        })
    })?;
    let longest = Duration::from_millis(LONGEST_MOVE_MS);
    Some(Budget {
        soft: budget.soft.min(longest),
        hard: budget.hard.min(longest),
    })
}

/// [`budget`] from the move time or the clock alone.
fn clock_budget(go: &Go, side: Color, overhead_ms: u64) -> Option<Budget> {
    if let Some(movetime) = go.movetime {
        let limit = movetime
            .saturating_sub((movetime / 4).min(overhead_ms))
            .max(1);
        return Some(Budget {
            soft: Duration::from_millis(limit),
            hard: Duration::from_millis(limit),
        });
    }
    let (clock, inc) = match side {
        Color::X => (go.btime?, go.binc.unwrap_or(0)),
        Color::O => (go.wtime?, go.winc.unwrap_or(0)),
    };
    let usable = clock.saturating_sub(overhead_ms);
    // `movestogo 0` is not a count (UCI has none): it is read as no `movestogo`, never as
    // "the last move before the control", which would spend ¾ of the clock.
    let moves_left = go.movestogo.filter(|&n| n > 0).unwrap_or(MOVES_LEFT);
    let soft = (usable / moves_left).saturating_add(inc / 4 * 3 + inc % 4 * 3 / 4);
    let hard = if moves_left == 1 {
        usable / 4 * 3 + usable % 4 * 3 / 4
    } else {
        soft.saturating_mul(3).min(usable / 3)
    };
    Some(Budget {
        soft: Duration::from_millis(soft.min(hard).max(1)),
        hard: Duration::from_millis(hard.max(1)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(clock: u64, inc: u64) -> Go {
        Go {
            btime: Some(clock),
            wtime: Some(clock.saturating_add(500)),
            binc: Some(inc),
            winc: Some(inc.saturating_mul(2)),
            ..Go::default()
        }
    }

    #[test]
    fn the_hard_limit_always_leaves_the_overhead_on_the_clock() {
        for clock in [0, 1, 10, 31, 50, 100, 400, 1000, 10_000, 600_000] {
            for inc in [0, 10, 50, 1000] {
                let budget = budget(&go(clock, inc), Color::X, OVERHEAD_MS).unwrap();
                assert!(budget.soft <= budget.hard);
                let hard = budget.hard.as_millis() as u64;
                // 1 ms is the floor: the search then returns its first ordered move.
                assert!(
                    hard <= clock.saturating_sub(OVERHEAD_MS).max(1),
                    "{clock}+{inc}: {hard}"
                );
            }
        }
    }

    #[test]
    fn x_uses_btime_and_o_uses_wtime() {
        let x = budget(&go(1000, 50), Color::X, OVERHEAD_MS).unwrap();
        let o = budget(&go(1000, 50), Color::O, OVERHEAD_MS).unwrap();
        assert!(o.soft > x.soft);
        // 1 s + 50 ms: (1000 − 50) / 30 + 37 = 68 ms.
        assert_eq!(x.soft, Duration::from_millis(68));
    }

    #[test]
    fn huge_increments_and_clocks_saturate_and_stay_bounded() {
        let huge = i64::MAX as u64;
        for (clock, inc) in [(1000, huge), (huge, 50), (huge, huge), (u64::MAX, u64::MAX)] {
            let b = budget(&go(clock, inc), Color::X, OVERHEAD_MS).unwrap();
            assert!(b.soft <= b.hard, "{clock}+{inc}");
            assert!(
                b.hard <= Duration::from_millis(LONGEST_MOVE_MS),
                "{clock}+{inc}"
            );
        }
        // The increment cannot lift the hard limit past a third of the clock.
        let b = budget(&go(1000, huge), Color::X, OVERHEAD_MS).unwrap();
        assert_eq!(b.hard, Duration::from_millis(950 / 3));
    }

    #[test]
    fn an_unreadable_time_gets_the_fallback_budget() {
        let bad = Go {
            bad_time: true,
            ..Go::default()
        };
        let b = budget(&bad, Color::X, OVERHEAD_MS).unwrap();
        assert_eq!(b.hard, Duration::from_millis(FALLBACK_MS));
        // A readable clock for the side to move is used as usual.
        let clock = Go {
            bad_time: true,
            ..go(1000, 50)
        };
        assert_eq!(
            budget(&clock, Color::X, OVERHEAD_MS),
            budget(&go(1000, 50), Color::X, OVERHEAD_MS)
        );
    }

    /// Issue 44, defect 19: `movestogo 0` was read as 1, and spent ¾ of the clock.
    #[test]
    fn movestogo_0_is_read_as_no_movestogo() {
        let zero = Go {
            movestogo: Some(0),
            ..go(20_000, 0)
        };
        assert_eq!(
            budget(&zero, Color::X, OVERHEAD_MS),
            budget(&go(20_000, 0), Color::X, OVERHEAD_MS)
        );
        let one = Go {
            movestogo: Some(1),
            ..go(20_000, 0)
        };
        assert!(budget(&one, Color::X, OVERHEAD_MS).unwrap().hard > Duration::from_secs(10));
    }

    #[test]
    fn movetime_is_used_nearly_in_full() {
        let go = Go {
            movetime: Some(1000),
            ..Go::default()
        };
        let b = budget(&go, Color::O, OVERHEAD_MS).unwrap();
        assert_eq!(b.hard, Duration::from_millis(950));
        assert_eq!(budget(&Go::default(), Color::X, OVERHEAD_MS), None);
    }
}
