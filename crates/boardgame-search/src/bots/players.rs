//! The bots behind each spec.

use core::time::Duration;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use boardgame_core::clock::Clock;
use boardgame_core::driver::{ChaCha8Rng, Policy, Rng, UniformRandom, below};
use boardgame_core::{Game, Turn};
use boardgame_engine::search::{Report, Searcher};
use boardgame_engine::spec::{Budget as EngineBudget, EngineSpec, Play};

use super::{AlphaBetaLimits, Bot, BotGame, Clock as InstantClock};
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
    Millis(u64, InstantClock),
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

/// The nodes a millisecond of an engine bot built without a clock: about the native
/// engine's speed on one thread.
pub const NODES_PER_MILLI: u64 = 1_000;

/// `engine:…`: the Ataxx engine of `boardgame-engine` with its network (the one compiled
/// in, or the one a program handed to `boardgame_engine::eval::set_default_network`), one
/// thread and `boardgame-uai`'s default table
/// ([`DEFAULT_HASH_MB`](boardgame_engine::spec::DEFAULT_HASH_MB) MiB, allocated at the first
/// move; 1 MiB for the weak levels, see [`Play::hash_megabytes`]).
///
/// Every move starts from a fresh state, as `boardgame-uai` after `uainewgame`: the table,
/// killers and history are cleared first. So `engine:nodes=N` plays in a position exactly
/// the move `boardgame-uai` answers to `uainewgame`, `position fen F`, `go nodes N` (a test
/// checks it on a committed table). The weak levels draw their noise from the generator the
/// front end hands the bot (one word a move), so a seeded game is reproducible. A time
/// budget (`engine:ms=T`, `master`) is read on the clock the bot is built with; without one
/// (the web page's session, whose engine seats the page's worker plays with its own clock)
/// it becomes [`NODES_PER_MILLI`] nodes a millisecond.
#[derive(Debug)]
pub struct EngineBot {
    play: Play,
    clock: Clock,
    searcher: Option<Searcher>,
    stop: Arc<AtomicBool>,
    /// Nodes of every search so far.
    nodes: u64,
    /// The last move's report.
    last: Option<Report>,
}

impl EngineBot {
    /// The bot of `spec`, its time limits read on `clock` (nothing is allocated before its
    /// first move).
    #[must_use]
    pub fn new(spec: EngineSpec, clock: Option<Clock>) -> EngineBot {
        EngineBot::with_play(spec.play(), clock)
    }

    /// The bot that plays `play` (a budget, perhaps a weakening of one's own), its time
    /// limits read on `clock`.
    #[must_use]
    pub fn with_play(mut play: Play, clock: Option<Clock>) -> EngineBot {
        if let (EngineBudget::Millis(ms), None) = (play.budget, clock) {
            play.budget = EngineBudget::Nodes(ms.saturating_mul(NODES_PER_MILLI));
        }
        EngineBot {
            play,
            clock: clock.unwrap_or(|| 0),
            searcher: None,
            stop: Arc::new(AtomicBool::new(false)),
            nodes: 0,
            last: None,
        }
    }

    /// The engine's report of its last move (score, depth, nodes, the expected line).
    #[must_use]
    pub fn last_report(&self) -> Option<&Report> {
        self.last.as_ref()
    }

    /// Plays `position` from a fresh state and answers the engine's report; `random` is the
    /// word of a weak level's noise. `None` only if not even a one-MiB table can be allocated.
    pub fn think(&mut self, position: &ataxx::Ataxx, random: u64) -> Option<&Report> {
        if self.searcher.is_none() {
            let searcher = Searcher::new(self.play.hash_megabytes()).or_else(|_| Searcher::new(1));
            let mut searcher = searcher.ok()?;
            searcher.set_stop_flag(Arc::clone(&self.stop));
            self.searcher = Some(searcher);
        }
        let searcher = self.searcher.as_mut()?;
        searcher.clear();
        let report = self
            .play
            .choose(searcher, position, self.clock, random, |_| {});
        self.nodes += report.nodes;
        self.last = Some(report);
        self.last.as_ref()
    }
}

impl Bot<ataxx::Ataxx> for EngineBot {
    fn choose(
        &mut self,
        state: &ataxx::Ataxx,
        legal: &[ataxx::Move],
        rng: &mut ChaCha8Rng,
    ) -> ataxx::Move {
        let random = if self.play.is_random() {
            rng.next_u64()
        } else {
            0
        };
        match self.think(state, random) {
            Some(report) if legal.contains(&report.best) => report.best,
            _ => legal[0],
        }
    }

    fn work(&self) -> u64 {
        self.nodes
    }

    fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        Some(Arc::clone(&self.stop))
    }
}
