//! The bots of `play`: uniform random, and greedy on the game's one-ply evaluation.

use boardgame_core::Turn;
use boardgame_core::driver::{ChaCha8Rng, Policy, UniformRandom, below};

use crate::games::CliGame;

/// Which bot plays the non-human seats.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum BotKind {
    /// A uniformly random legal move.
    Random,
    /// The move whose resulting position has the best `evaluation` for the mover (one ply,
    /// chance not looked through); ties broken uniformly at random.
    Greedy,
}

/// Picks a move for the seat to move in `state`.
pub(crate) fn choose<G: CliGame>(
    bot: BotKind,
    state: &G,
    legal: &[G::Move],
    rng: &mut ChaCha8Rng,
) -> G::Move {
    match bot {
        BotKind::Random => UniformRandom.choose(state, legal, rng),
        BotKind::Greedy => {
            let Turn::Player(seat) = state.turn() else {
                return legal[0];
            };
            let mut best = Vec::new();
            let mut best_score = i64::MIN;
            for &mv in legal {
                let mut child = state.clone();
                child.play_unchecked(mv);
                let score = match child.outcome() {
                    Some(outcome) => i64::from(outcome.returns()[seat]) * (1 << 40),
                    None => child.evaluation(seat),
                };
                if score > best_score {
                    best_score = score;
                    best.clear();
                }
                if score == best_score {
                    best.push(mv);
                }
            }
            best[below(rng, best.len() as u64) as usize]
        }
    }
}
