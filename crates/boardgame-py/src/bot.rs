//! Bots from Python: a spec of `boardgame-search` (`mcts:ms=50`, `expectimax:depth=2`, …)
//! built for one game, choosing moves for the state it is given.

use std::time::Instant;

use boardgame_core::driver::{ChaCha8Rng, rng_from_seed};
use boardgame_search::bots::{Bot, BotSpec, build as build_bot};

use crate::games::PyGame;
use crate::table::{AnyState, Live, Refusal};

/// A bot for some game.
pub(crate) trait AnyBot {
    /// The action id of the bot's move in `state` (a decision node of its game).
    fn step(&mut self, state: &dyn AnyState) -> Result<usize, Refusal>;
}

struct BotOf<G: PyGame> {
    bot: Box<dyn Bot<G>>,
    rng: ChaCha8Rng,
}

/// The bot of `spec` for `G` at a table of `seats`, seeded with `seed`; time limits read
/// the wall clock.
pub(crate) fn build<G: PyGame>(
    spec: &str,
    seats: usize,
    seed: u64,
) -> Result<Box<dyn AnyBot>, Refusal> {
    let parsed: BotSpec = spec.trim().parse().map_err(|e| format!("{e}"))?;
    let bot = build_bot::<G>(&parsed, seats, seed, Some(Instant::now)).map_err(|e| e.0)?;
    Ok(Box::new(BotOf {
        bot,
        rng: rng_from_seed(seed),
    }))
}

impl<G: PyGame> AnyBot for BotOf<G> {
    fn step(&mut self, state: &dyn AnyState) -> Result<usize, Refusal> {
        let live = state
            .as_any()
            .downcast_ref::<Live<G>>()
            .ok_or_else(|| format!("this bot plays {}, not {}", G::NAME, state.game().name()))?;
        if live.state.turn().seat().is_none() {
            return Err(format!("no player is to move here: {}", live.state));
        }
        let legal = live.state.legal_moves_vec();
        let mv = self.bot.choose(&live.state, &legal, &mut self.rng);
        Ok(live.state.action_id(mv))
    }
}
