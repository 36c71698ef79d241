//! Bots: the specs and players of `boardgame_search::bots`, with the wall clock that the
//! time-limited specs (`mcts:ms=T`, `alphabeta:ms=T`) read. The command is the only front end
//! with a clock.

use std::time::Instant;

pub(crate) use boardgame_search::bots::{Bot, BotSpec};
use boardgame_search::bots::{BuildError, SpecError};

use crate::error::CliError;
use crate::games::CliGame;

impl From<SpecError> for CliError {
    fn from(error: SpecError) -> CliError {
        CliError::Usage(error.to_string())
    }
}

impl From<BuildError> for CliError {
    fn from(error: BuildError) -> CliError {
        CliError::Usage(error.0)
    }
}

/// Builds the bot of `spec` for a table of `seats`, its own randomness seeded with `seed`;
/// time limits read [`Instant::now`].
pub(crate) fn build<G: CliGame>(
    spec: &BotSpec,
    seats: usize,
    seed: u64,
) -> Result<Box<dyn Bot<G>>, CliError> {
    Ok(boardgame_search::bots::build(
        spec,
        seats,
        seed,
        Some(Instant::now),
    )?)
}

/// Checks, before the first game, that `spec` can play every game that starts at `start`:
/// it builds for the table, and suits the rules (`optimal` needs a configuration the solver
/// takes; its reason is the error, as `boardgame solve thax` gives it).
pub(crate) fn check<G: CliGame>(spec: &BotSpec, start: &G) -> Result<(), CliError> {
    build::<G>(spec, start.num_seats(), 0)?;
    Ok(boardgame_search::bots::check(spec, start)?)
}
