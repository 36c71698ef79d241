//! Bots from Python: a spec of `boardgame-search` (`mcts:ms=50`, `expectimax:depth=2`, …)
//! built for one game, choosing moves for the state it is given.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use boardgame_core::driver::{ChaCha8Rng, rng_from_seed};
use boardgame_search::bots::{Bot, BotSpec, build as build_spec};

use crate::games::PyGame;
use crate::table::{AnyState, Live, Refusal};

/// A bot for some game.
pub(crate) trait AnyBot {
    /// The action id of the bot's move in `state` (a decision node of its game).
    fn step(&mut self, state: &dyn AnyState) -> Result<usize, Refusal>;
    /// The flag that stops the bot's search (see [`Bot::stop_flag`]).
    fn stop_flag(&self) -> Option<Arc<AtomicBool>>;
}

struct BotOf<G: PyGame> {
    bot: Box<dyn Bot<G>>,
    rng: ChaCha8Rng,
}

/// The bot of `spec` for `G` at a table of `seats`, seeded with `seed`; time limits read
/// the wall clock.
pub(crate) fn build_bot<G: PyGame>(
    spec: &str,
    seats: usize,
    seed: u64,
) -> Result<Box<dyn Bot<G>>, Refusal> {
    let parsed: BotSpec = spec
        .trim()
        .parse()
        .map_err(|e| first_line(format!("{e}")))?;
    build_spec::<G>(&parsed, seats, seed, Some(Instant::now)).map_err(|e| first_line(e.0))
}

/// The first line of a spec error: the list of accepted specs that follows it in
/// `boardgame-search`'s messages is `boardgame.BOT_SPECS`, named instead.
fn first_line(message: String) -> Refusal {
    match message.split_once('\n') {
        Some((first, _)) => format!("{first} (boardgame.BOT_SPECS lists the accepted specs)"),
        None => message,
    }
}

/// [`build_bot`] behind [`AnyBot`], with its own generator seeded with `seed`.
pub(crate) fn build<G: PyGame>(
    spec: &str,
    seats: usize,
    seed: u64,
) -> Result<Box<dyn AnyBot>, Refusal> {
    Ok(Box::new(BotOf {
        bot: build_bot::<G>(spec, seats, seed)?,
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

    fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        self.bot.stop_flag()
    }
}
