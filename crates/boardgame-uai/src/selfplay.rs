//! Fixed-node matches between two configurations of the engine, in one process: the test
//! every search or evaluation change must pass before it is kept (`docs/strength.md`).
//!
//! Each opening (datagen's: random plies from the start, some on blocker layouts, kept
//! when balanced) is played twice with the colours swapped. Every move is searched with a
//! node budget, so a match does not depend on the machine or its load: the same settings
//! give the same games. The result is the first configuration's W/L/D, score, Elo with a
//! 95% interval, and a sequential probability ratio test (SPRT) that may end the match
//! early.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use ataxx::{Ataxx, Color, Move};
use boardgame_core::driver::{game_seed, rng_from_seed};
use boardgame_core::{Game, Turn};

use crate::eval::Evaluation;
use crate::search::{Limits, Params, Searcher};

/// One side of a match.
#[derive(Clone, Debug)]
pub struct Player {
    /// The search parameters.
    pub params: Params,
    /// The evaluation.
    pub evaluation: Evaluation,
}

/// The settings of a match.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Game pairs (each opening twice).
    pub pairs: u32,
    /// Nodes per move (soft: no new iteration after them; hard at twice as many).
    pub nodes: u64,
    /// The openings' seed.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
    /// The SPRT's hypotheses (Elo of the first player over the second), if one is run.
    pub sprt: Option<(f64, f64)>,
}

/// The first player's results.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

impl Tally {
    /// Games played.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The score, wins plus half the draws, per game.
    #[must_use]
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games().max(1))
    }

    /// The variance of one game's result, regularised: half a pseudo-win and half a
    /// pseudo-loss are added to the spread around the mean (not to the mean), so that a clean
    /// sweep (every game won, or every game lost) has a variance above zero and its SPRT and
    /// interval move instead of staying at 0 (issue 44). With a few hundred games the
    /// pseudo-games change the variance by well under 1%.
    fn variance(&self) -> f64 {
        let n = f64::from(self.games());
        let mean = self.score();
        (f64::from(self.wins) * (1.0 - mean).powi(2)
            + f64::from(self.losses) * mean.powi(2)
            + f64::from(self.draws) * (0.5 - mean).powi(2)
            + 0.5 * (1.0 - mean).powi(2)
            + 0.5 * mean.powi(2))
            / (n + 1.0)
    }

    /// The score's 95% interval (normal approximation on the per-game results, with the
    /// regularised variance).
    #[must_use]
    pub fn interval(&self) -> (f64, f64) {
        let n = f64::from(self.games().max(1));
        let mean = self.score();
        let half = 1.96 * (self.variance() / n).sqrt();
        ((mean - half).max(0.0), (mean + half).min(1.0))
    }

    /// The log-likelihood ratio of Elo `elo1` against `elo0` (the normal approximation of
    /// the trinomial model used by chess testing frameworks, with the regularised variance).
    #[must_use]
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let n = f64::from(self.games());
        if n == 0.0 {
            return 0.0;
        }
        let mean = self.score();
        let (s0, s1) = (expected_score(elo0), expected_score(elo1));
        (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * self.variance()) * n
    }
}

/// The expected score of a player `elo` points stronger.
#[must_use]
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of a score.
#[must_use]
pub fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// `elo` rounded to a whole number with its sign: `+0`, never `-0`.
#[must_use]
pub fn signed(elo: f64) -> String {
    // Adding 0 turns a rounded -0 into +0.
    format!("{:+.0}", elo.round() + 0.0)
}

/// The SPRT's bounds for α = β = 0.05.
pub const SPRT_BOUNDS: (f64, f64) = (-2.944_438_979_166_44, 2.944_438_979_166_44);

/// Plays one game from `opening`: `x_player` moves first. The result for `x`: 1, ½ or 0.
fn play(
    opening: &Ataxx,
    searchers: [&mut Searcher; 2],
    nodes: u64,
    stop: &AtomicBool,
) -> Option<f64> {
    let mut position = opening.clone();
    let [x, o] = searchers;
    x.clear();
    o.clear();
    let limits = Limits {
        soft_nodes: Some(nodes),
        nodes: Some(nodes.saturating_mul(2)),
        ..Limits::default()
    };
    for _ in 0..2_000 {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        if !matches!(position.turn(), Turn::Player(_)) {
            break;
        }
        let mv = if position.must_pass() {
            Move::Pass
        } else {
            let searcher = match position.side_to_move() {
                Color::X => &mut *x,
                Color::O => &mut *o,
            };
            searcher.search(&position, &limits, |_| {}).best
        };
        position.make_move(mv);
    }
    Some(match position.outcome().and_then(|o| o.winner()) {
        Some(seat) if seat.index() == 0 => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    })
}

/// Plays the match; `on_game` sees the tally after every game (to print progress).
/// Returns the first player's tally; with an SPRT, the match ends once the log-likelihood
/// ratio leaves [`SPRT_BOUNDS`].
pub fn run(
    settings: &Settings,
    players: [&Player; 2],
    stop: &AtomicBool,
    on_game: impl Fn(&Tally) + Sync,
) -> Tally {
    let tally = Mutex::new(Tally::default());
    let next = AtomicUsize::new(0);
    let decided = AtomicBool::new(false);
    // More threads than pairs would only hold tables.
    let threads = settings
        .threads
        .min(usize::try_from(settings.pairs).unwrap_or(usize::MAX))
        .max(1);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let make = |player: &Player| {
                    let mut searcher = Searcher::new(16).ok()?;
                    searcher.set_evaluation(player.evaluation.clone());
                    *searcher.params_mut() = player.params.clone();
                    Some(searcher)
                };
                let (Some(mut first), Some(mut second)) = (make(players[0]), make(players[1]))
                else {
                    return;
                };
                let mut opener = Searcher::new(1).ok();
                loop {
                    if stop.load(Ordering::Relaxed) || decided.load(Ordering::Relaxed) {
                        return;
                    }
                    let pair = next.fetch_add(1, Ordering::Relaxed);
                    if pair >= settings.pairs as usize {
                        return;
                    }
                    let mut rng = rng_from_seed(game_seed(settings.seed, pair as u64));
                    let Some(opener) = opener.as_mut() else {
                        return;
                    };
                    let opening = crate::datagen::opening(opener, &mut rng);
                    for swap in [false, true] {
                        let result = if swap {
                            play(&opening, [&mut second, &mut first], settings.nodes, stop)
                                .map(|r| 1.0 - r)
                        } else {
                            play(&opening, [&mut first, &mut second], settings.nodes, stop)
                        };
                        let Some(result) = result else {
                            return;
                        };
                        let mut tally = tally.lock().unwrap_or_else(|p| p.into_inner());
                        match result {
                            r if r > 0.75 => tally.wins += 1,
                            r if r < 0.25 => tally.losses += 1,
                            _ => tally.draws += 1,
                        }
                        on_game(&tally);
                        if let Some((elo0, elo1)) = settings.sprt {
                            let llr = tally.llr(elo0, elo1);
                            // Decided after whole pairs only.
                            if swap && (llr <= SPRT_BOUNDS.0 || llr >= SPRT_BOUNDS.1) {
                                decided.store(true, Ordering::Relaxed);
                            }
                        }
                    }
                }
            });
        }
    });
    tally.into_inner().unwrap_or_else(|p| p.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_elo_and_the_llr_behave() {
        let even = Tally {
            wins: 40,
            losses: 40,
            draws: 20,
        };
        assert_eq!(even.score(), 0.5);
        assert!(elo(even.score()).abs() < 1e-9);
        let (low, high) = even.interval();
        assert!(low < 0.5 && high > 0.5);
        let strong = Tally {
            wins: 300,
            losses: 100,
            draws: 0,
        };
        assert!(strong.llr(0.0, 10.0) > SPRT_BOUNDS.1);
        assert!(even.llr(0.0, 10.0) < 0.0);
        assert!((expected_score(elo(0.75)) - 0.75).abs() < 1e-9);
    }

    /// Issue 44, defect 16: with no draw and no loss (or no win) the variance was 0 and the
    /// LLR stayed at 0.00, so `--sprt` never stopped a clean sweep.
    #[test]
    fn a_clean_sweep_ends_the_sprt_but_a_short_one_does_not() {
        let sweep = |wins, losses| Tally {
            wins,
            losses,
            draws: 0,
        };
        assert!(sweep(120, 0).llr(0.0, 5.0) >= SPRT_BOUNDS.1);
        assert!(sweep(0, 120).llr(0.0, 5.0) <= SPRT_BOUNDS.0);
        // Two games prove nothing yet.
        let two = sweep(2, 0).llr(0.0, 5.0);
        assert!(SPRT_BOUNDS.0 < two && two < SPRT_BOUNDS.1, "{two}");
        let (low, high) = sweep(0, 120).interval();
        assert!(low == 0.0 && high > 0.0, "{low} {high}");
        // The first pair after which a sweep is decided, at 0,5 Elo.
        let decided = (1..=200).find(|&n| sweep(n, 0).llr(0.0, 5.0) >= SPRT_BOUNDS.1);
        assert!(
            decided.is_some_and(|n| (10..=40).contains(&n)),
            "{decided:?}"
        );
    }

    #[test]
    fn elo_near_zero_prints_without_a_minus_sign() {
        assert_eq!(signed(elo(0.5)), "+0");
        assert_eq!(signed(-0.4), "+0");
        assert_eq!(signed(-0.6), "-1");
        assert_eq!(signed(191.2), "+191");
    }

    #[test]
    fn fixed_node_games_are_reproducible_and_colour_symmetric() {
        let strong = Player {
            params: Params::default(),
            evaluation: Evaluation::handcrafted(),
        };
        let weak = Player {
            params: Params::minimax(),
            evaluation: Evaluation::handcrafted(),
        };
        let settings = Settings {
            pairs: 3,
            nodes: 400,
            seed: 3,
            threads: 2,
            sprt: None,
        };
        let never = AtomicBool::new(false);
        let a = run(&settings, [&strong, &weak], &never, |_| {});
        assert_eq!(a.games(), 6);
        let b = run(&settings, [&strong, &weak], &never, |_| {});
        assert_eq!(a, b, "fixed nodes: the same games");
        let mirrored = run(&settings, [&weak, &strong], &never, |_| {});
        assert_eq!(
            (mirrored.wins, mirrored.losses, mirrored.draws),
            (a.losses, a.wins, a.draws)
        );
    }
}
