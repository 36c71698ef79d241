//! The `optimal` bot and the solved evaluator, over solutions shared by configuration.

use std::sync::{Arc, Mutex};

use boardgame_core::driver::ChaCha8Rng;
use boardgame_core::{Game, Seat};
use thax::{Thax, ThaxConfig, ThaxMove};

use super::{DEFAULT_TOLERANCE, Progress, SolveError, ThaxSolution, best_of};
use crate::Evaluator;
use crate::bots::Bot;

/// Solutions solved so far in this process, one per configuration (by [`ThaxSolution::fits`]).
static SOLUTIONS: Mutex<Vec<Arc<ThaxSolution>>> = Mutex::new(Vec::new());

impl ThaxSolution {
    /// The solution of `config`, solved on first use and then shared (an arena building one
    /// bot per game solves once). Other threads asking meanwhile wait for it.
    ///
    /// # Errors
    /// [`SolveError`] as for [`ThaxSolution::solve`].
    pub fn shared(config: &ThaxConfig) -> Result<Arc<ThaxSolution>, SolveError> {
        ThaxSolution::shared_with_progress(config, |_| {})
    }

    /// [`shared`](Self::shared), calling `progress` after every sweep if it solves.
    ///
    /// # Errors
    /// [`SolveError`] as for [`ThaxSolution::solve`].
    pub fn shared_with_progress(
        config: &ThaxConfig,
        progress: impl FnMut(Progress),
    ) -> Result<Arc<ThaxSolution>, SolveError> {
        let mut solutions = SOLUTIONS
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(found) = solutions.iter().find(|s| s.fits(config)) {
            return Ok(Arc::clone(found));
        }
        let solution = Arc::new(ThaxSolution::solve_with_progress(
            config,
            DEFAULT_TOLERANCE,
            progress,
        )?);
        solutions.push(Arc::clone(&solution));
        Ok(solution)
    }
}

/// The bot spec `optimal`: the move of highest win probability under optimal play (the
/// first in move order among equals), from the shared solution of the game's configuration,
/// solved at its first move.
///
/// # Panics
/// At its first move, if the configuration cannot be solved: check it first with
/// [`bots::check`](crate::bots::check) (or [`ThaxSolution::check`]), which gives the reason.
#[derive(Debug, Default)]
pub struct OptimalBot {
    solution: Option<Arc<ThaxSolution>>,
}

impl OptimalBot {
    /// A bot that solves (or reuses) the configuration of the first position it sees.
    #[must_use]
    pub fn new() -> OptimalBot {
        OptimalBot::default()
    }

    /// The solution for `state`'s configuration.
    fn solution(&mut self, state: &Thax) -> &ThaxSolution {
        let config = state.config();
        if !self.solution.as_ref().is_some_and(|s| s.fits(config)) {
            let solution = ThaxSolution::shared(config)
                .unwrap_or_else(|error| panic!("optimal: cannot solve this Thax: {error}"));
            self.solution = Some(solution);
        }
        self.solution.as_deref().expect("just set")
    }
}

impl Bot<Thax> for OptimalBot {
    fn choose(&mut self, state: &Thax, legal: &[ThaxMove], _: &mut ChaCha8Rng) -> ThaxMove {
        if legal.len() == 1 {
            return legal[0];
        }
        best_of(&self.solution(state).move_values(state)).0
    }
}

/// Evaluation units for a sure win (an evaluation is `(2 p − 1) × SCALE` for win
/// probability `p`).
const SCALE: i32 = 1_000_000_000;

/// An [`Evaluator`] for Thax that returns the solved value: `(2 p − 1) × 10⁹` for the
/// seat's win probability `p`. With it, expectimax at any depth finds the solver's values
/// (up to rounding to 10⁻⁹), which the tests use to check the two against each other.
#[derive(Clone, Debug)]
pub struct SolvedThaxEvaluator {
    solution: Arc<ThaxSolution>,
}

impl SolvedThaxEvaluator {
    /// The evaluator of `solution`'s configuration.
    #[must_use]
    pub fn new(solution: Arc<ThaxSolution>) -> SolvedThaxEvaluator {
        SolvedThaxEvaluator { solution }
    }

    /// A win probability from a search value in these units (a finished game is worth
    /// `±(SCALE + 1)`, which maps just outside `0..=1`; it is clamped).
    #[must_use]
    pub fn probability(value: f64) -> f64 {
        (0.5 + value / (2.0 * f64::from(SCALE))).clamp(0.0, 1.0)
    }
}

impl Evaluator<Thax> for SolvedThaxEvaluator {
    fn evaluate(&self, state: &Thax, seat: Seat) -> i32 {
        let p = self.solution.value(state, seat);
        ((2.0 * p - 1.0) * f64::from(SCALE)).round() as i32
    }

    fn bound(&self) -> i32 {
        SCALE
    }
}
