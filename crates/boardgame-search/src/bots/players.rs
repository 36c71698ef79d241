//! The bots behind each spec.

use core::time::Duration;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use boardgame_core::driver::{ChaCha8Rng, Policy, Rng, UniformRandom, below};
use boardgame_core::{Game, Turn};

use super::{AlphaBetaLimits, Bot, BotGame, Clock};
use crate::Evaluator;
use crate::alphabeta::{AlphaBeta, Limits, StateKey};
use crate::expectimax::{Expectimax, ExpectimaxLimits};
use crate::mcts::{Budget, Mcts, Uct};

/// `random`.
pub(super) struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn choose(&mut self, state: &G, legal: &[G::Move], rng: &mut ChaCha8Rng) -> G::Move {
        UniformRandom.choose(state, legal, rng)
    }
}

/// `greedy`.
pub(super) struct GreedyBot;

impl<G: BotGame> Bot<G> for GreedyBot {
    fn choose(&mut self, state: &G, legal: &[G::Move], rng: &mut ChaCha8Rng) -> G::Move {
        greedy(state, legal, rng)
    }
}

/// The greedy choice: the move whose resulting position has the best
/// [`BotGame::evaluation`] for the mover (one ply, chance not looked through; a won or lost
/// position outweighs any evaluation), ties broken uniformly at random with `rng`.
///
/// # Panics
/// If `legal` is empty.
pub fn greedy<G: BotGame, R: Rng + ?Sized>(state: &G, legal: &[G::Move], rng: &mut R) -> G::Move {
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

/// The greedy choice as a rollout policy for MCTS (`rollout=greedy`).
#[derive(Copy, Clone, Debug, Default)]
pub struct GreedyPolicy;

impl<G: BotGame> Policy<G> for GreedyPolicy {
    fn choose<R: Rng + ?Sized>(&mut self, state: &G, legal: &[G::Move], rng: &mut R) -> G::Move {
        greedy(state, legal, rng)
    }
}

/// How long an MCTS bot thinks, with the clock for a time limit.
pub(super) enum MctsBudget {
    Iterations(u64),
    Millis(u64, Clock),
}

/// `mcts:…`.
pub(super) struct MctsBot<G: Game, P> {
    pub(super) mcts: Mcts<G, Uct, P>,
    pub(super) budget: MctsBudget,
    /// Iterations of every search so far.
    pub(super) iterations: u64,
}

impl<G: Game, P: Policy<G>> Bot<G> for MctsBot<G, P>
where
    Self: Send,
{
    fn choose(&mut self, state: &G, _: &[G::Move], _: &mut ChaCha8Rng) -> G::Move {
        let budget = match self.budget {
            MctsBudget::Iterations(n) => Budget::Iterations(n),
            MctsBudget::Millis(ms, now) => Budget::Deadline(now() + Duration::from_millis(ms)),
        };
        let report = self.mcts.search(state, budget);
        self.iterations += report.iterations;
        report.best
    }

    fn work(&self) -> u64 {
        self.iterations
    }

    fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        Some(self.mcts.stop_flag())
    }
}

/// `expectimax:…`.
pub(super) struct ExpectimaxBot<E> {
    pub(super) search: Expectimax<E>,
    pub(super) limits: ExpectimaxLimits,
    /// Nodes of every search so far.
    pub(super) nodes: u64,
}

impl<G: Game, E: Evaluator<G>> Bot<G> for ExpectimaxBot<E>
where
    Self: Send,
{
    fn choose(&mut self, state: &G, _: &[G::Move], _: &mut ChaCha8Rng) -> G::Move {
        let report = self.search.search(state, &self.limits);
        self.nodes += report.nodes;
        report.best
    }

    fn work(&self) -> u64 {
        self.nodes
    }

    fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        Some(self.search.stop_flag())
    }
}

/// `alphabeta:…`: iterative deepening until the depth, node or time limit of the spec. The
/// transposition table is kept from move to move (it is keyed by the position).
pub(super) struct AlphaBetaBot<G: Game + StateKey, E: Evaluator<G>> {
    pub(super) search: AlphaBeta<G, E>,
    pub(super) limits: AlphaBetaLimits,
}

impl<G: Game + StateKey, E: Evaluator<G>> Bot<G> for AlphaBetaBot<G, E>
where
    Self: Send,
{
    fn choose(&mut self, state: &G, _: &[G::Move], _: &mut ChaCha8Rng) -> G::Move {
        let limits = Limits {
            depth: self.limits.depth,
            nodes: self.limits.nodes,
            deadline: self
                .limits
                .time
                .map(|(ms, now)| now() + Duration::from_millis(ms)),
        };
        self.search.search(state, &limits).best
    }

    fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        Some(self.search.stop_flag())
    }
}
