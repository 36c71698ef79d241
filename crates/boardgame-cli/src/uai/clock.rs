//! Time allocation: how long to think, from the `go` parameters.

use std::time::Duration;

use ataxx::Color;

use super::command::Go;

/// Kept back from every clock for the pipes, thread start-up and a loaded machine: the
/// time between the runner writing `go` and reading `bestmove` is what counts.
pub(crate) const OVERHEAD_MS: u64 = 50;
/// Moves assumed left in the game when `movestogo` is not given.
const MOVES_LEFT: u64 = 30;

/// How long a move may take.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    /// Start no new iteration after half of this.
    pub(crate) soft: Duration,
    /// Stop the search at this point, whatever it is doing.
    pub(crate) hard: Duration,
}

/// The time budget for `side` under `go`, or `None` when no clock or move time is given.
///
/// - `movetime T`: both limits at T − min(T/4, 50 ms).
/// - A clock C (`btime` for `x`, `wtime` for `o`) with increment I: the usable time is
///   U = C − 50 ms; soft = U / movestogo (30 when absent) + ¾ I; hard = min(3 × soft, U / 3),
///   or U × ¾ with one move to go; soft is capped at hard. At least 1 ms each.
pub(crate) fn budget(go: &Go, side: Color) -> Option<Budget> {
    if let Some(movetime) = go.movetime {
        let limit = movetime
            .saturating_sub((movetime / 4).min(OVERHEAD_MS))
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
    let usable = clock.saturating_sub(OVERHEAD_MS);
    let moves_left = go.movestogo.unwrap_or(MOVES_LEFT).max(1);
    let soft = usable / moves_left + inc * 3 / 4;
    let hard = if moves_left == 1 {
        usable * 3 / 4
    } else {
        (3 * soft).min(usable / 3)
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
            wtime: Some(clock + 500),
            binc: Some(inc),
            winc: Some(inc * 2),
            ..Go::default()
        }
    }

    #[test]
    fn the_hard_limit_always_leaves_the_overhead_on_the_clock() {
        for clock in [0, 1, 10, 31, 50, 100, 400, 1000, 10_000, 600_000] {
            for inc in [0, 10, 50, 1000] {
                let budget = budget(&go(clock, inc), Color::X).unwrap();
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
        let x = budget(&go(1000, 50), Color::X).unwrap();
        let o = budget(&go(1000, 50), Color::O).unwrap();
        assert!(o.soft > x.soft);
        // 1 s + 50 ms: (1000 − 50) / 30 + 37 = 68 ms.
        assert_eq!(x.soft, Duration::from_millis(68));
    }

    #[test]
    fn movetime_is_used_nearly_in_full() {
        let go = Go {
            movetime: Some(1000),
            ..Go::default()
        };
        let b = budget(&go, Color::O).unwrap();
        assert_eq!(b.hard, Duration::from_millis(950));
        assert_eq!(budget(&Go::default(), Color::X), None);
    }
}
