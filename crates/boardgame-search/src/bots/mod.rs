//! Ready-made bots for front ends (the `boardgame` command, the web playground): a spec such
//! as `mcts:iters=800` parsed into a [`BotSpec`] and built into a [`Bot`] for one game.
//!
//! Nothing here reads a clock. The time-limited specs (`mcts:ms=T`, `alphabeta:ms=T`) are built
//! only when the caller passes a [`Clock`] (the command line passes `Instant::now`); without
//! one (in the browser, where `std::time::Instant` is unavailable) they are refused.
//!
//! ```
//! use boardgame_core::Game;
//! use boardgame_core::driver::rng_from_seed;
//! use boardgame_search::bots::{build, BotSpec};
//!
//! let state = ataxx::Ataxx::default();
//! let spec: BotSpec = "greedy".parse()?;
//! let mut bot = build::<ataxx::Ataxx>(&spec, 2, 7, None)?;
//! let mv = bot.choose(&state, &state.legal_moves_vec(), &mut rng_from_seed(7));
//! assert!(state.is_legal(mv));
//! assert!(build::<ataxx::Ataxx>(&"mcts:ms=10".parse()?, 2, 7, None).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod games;
mod players;
mod spec;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use boardgame_core::driver::{ChaCha8Rng, Policy};
use boardgame_core::{Game, Seat};
use boardgame_engine::spec::EngineSpec;

use crate::Evaluator;
use crate::alphabeta::{AlphaBeta, StateKey};
use crate::expectimax::{Expectimax, ExpectimaxLimits};
use crate::mcts::{Mcts, Uct};

pub use players::{EngineBot, GreedyPolicy, NODES_PER_MILLI, greedy};
pub use spec::{
    BotSpec, MAX_ALPHABETA_DEPTH, MAX_DEPTH, MAX_EXPECTIMAX_DEPTH, MAX_ITERATIONS, MAX_MILLIS,
    MAX_NODES, MAX_ROLLOUT_DEPTH, MAX_WEIGHT, MIN_SCALE, SPEC_HELP, SpecError, Think,
};

/// Where a time-limited bot reads the time (`Instant::now` on the command line).
pub type Clock = fn() -> Instant;

/// A player that picks a move at a decision node. `Send`, so that a front end can step it on
/// whichever thread steps its games (Python's batches split over threads).
pub trait Bot<G: Game>: Send {
    /// Picks one of `legal` (never empty) for the seat to move in `state`.
    fn choose(&mut self, state: &G, legal: &[G::Move], rng: &mut ChaCha8Rng) -> G::Move;

    /// How much searching the bot has done since it was built: MCTS iterations or
    /// expectimax nodes (0 for the other bots). A front end that
    /// times [`choose`](Bot::choose) divides it by the time for a speed.
    fn work(&self) -> u64 {
        0
    }

    /// The flag that stops a running [`choose`](Bot::choose) from another thread, for the
    /// bots that search (MCTS, expectimax, alpha-beta): set it to `true` and `choose`
    /// returns soon with the best move found so far. The bot never clears it; the caller
    /// lowers it before the next call. `None` for the bots that answer at once.
    fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        None
    }
}

/// What the bots need from a game: a one-ply evaluation for `greedy`, an [`Evaluator`] for
/// `expectimax` (and `alphabeta`), the alpha-beta bot where alpha-beta applies, and the
/// `optimal` bot where the game is solved.
pub trait BotGame: Game<Move: Send, Chance: Send, Config: Send> + Send + 'static {
    /// The evaluator of `expectimax` (and of `alphabeta`, where it applies).
    type Eval: Evaluator<Self> + Default + Send + Sync + 'static;

    /// The one-ply evaluation the greedy bot maximises (higher is better for `seat`).
    fn evaluation(&self, seat: Seat) -> i64;

    /// The alpha-beta bot, or an error if the game is not deterministic with two seats.
    ///
    /// # Errors
    /// [`BuildError`] saying which games alpha-beta applies to.
    fn alphabeta(limits: AlphaBetaLimits, seats: usize) -> Result<Box<dyn Bot<Self>>, BuildError> {
        let _ = (limits, seats);
        Err(BuildError(format!(
            "alphabeta applies only to deterministic two-seat games (ataxx, nim), not {}; \
             use mcts or expectimax",
            Self::NAME
        )))
    }

    /// The `optimal` bot, or an error if the game is not solved.
    ///
    /// # Errors
    /// [`BuildError`] saying which games are solved.
    fn optimal() -> Result<Box<dyn Bot<Self>>, BuildError> {
        Err(BuildError(format!(
            "optimal play is solved only for thax, not {}",
            Self::NAME
        )))
    }

    /// Whether the `optimal` bot can play games that start at `start`: the game is solved,
    /// and the solver takes (and solves) its configuration.
    ///
    /// # Errors
    /// [`BuildError`] with the solver's reason, or saying which games are solved.
    fn check_optimal(start: &Self) -> Result<(), BuildError> {
        let _ = start;
        Self::optimal().map(drop)
    }

    /// The Ataxx engine's bot (`engine:…`), its time limits read on `clock`, or an error for
    /// every other game.
    ///
    /// # Errors
    /// [`BuildError`] saying that the engine plays Ataxx only.
    fn engine(
        spec: EngineSpec,
        seats: usize,
        clock: Option<boardgame_core::clock::Clock>,
    ) -> Result<Box<dyn Bot<Self>>, BuildError> {
        let _ = (spec, seats, clock);
        Err(BuildError(format!(
            "engine plays only ataxx, not {}; use mcts, expectimax or alphabeta",
            Self::NAME
        )))
    }
}

/// Checks, before any game, that `spec` can play the games that start at `start`: what
/// [`build`] cannot see because it does not know the game's configuration. Only `optimal`
/// depends on it: the solver refuses some Thax rules, and this solves the others (seconds
/// on the default board; the bots then share the solution), so that no bot panics at its
/// first move. The other specs always pass.
///
/// ```
/// use boardgame_core::{Configure, Game};
/// use boardgame_search::bots::{BotSpec, check};
///
/// let mut config = thax::ThaxConfig::default();
/// config.set("voluntary_pass", "true")?;
/// let start = thax::Thax::new(config)?;
/// let error = check(&BotSpec::Optimal, &start).unwrap_err();
/// assert!(error.0.contains("voluntary_pass"), "{error}");
/// assert!(check(&BotSpec::Greedy, &start).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`BuildError`] saying why `spec` cannot play from `start`.
pub fn check<G: BotGame>(spec: &BotSpec, start: &G) -> Result<(), BuildError> {
    match spec {
        BotSpec::Optimal => G::check_optimal(start),
        _ => Ok(()),
    }
}

/// The limits of an `alphabeta` bot, per move.
#[derive(Copy, Clone, Debug, Default)]
pub struct AlphaBetaLimits {
    /// Depth limit.
    pub depth: Option<u32>,
    /// Time limit, with the clock to read it.
    pub time: Option<(u64, Clock)>,
    /// Node limit.
    pub nodes: Option<u64>,
}

/// A spec that cannot be built for this game or table (the message says why).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildError(pub String);

impl core::fmt::Display for BuildError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}

impl core::error::Error for BuildError {}

/// Megabytes of transposition table per alpha-beta bot (an arena builds one per game).
const ALPHABETA_HASH_MB: usize = 4;

fn no_clock(spec: &BotSpec) -> BuildError {
    let name = match spec {
        BotSpec::Mcts { .. } => "mcts",
        BotSpec::AlphaBeta { .. } => "alphabeta",
        _ => "this bot",
    };
    BuildError(format!(
        "{name}: time limits (ms=T) need a clock, which this front end does not have; \
         use iters=N or depth=D"
    ))
}

/// Builds the bot of `spec` for a table of `seats`, its own randomness (MCTS) seeded with
/// `seed`. Time-limited specs need `clock`.
///
/// # Errors
/// [`BuildError`] for a time limit without a clock, or alpha-beta where it does not apply.
pub fn build<G: BotGame>(
    spec: &BotSpec,
    seats: usize,
    seed: u64,
    clock: Option<Clock>,
) -> Result<Box<dyn Bot<G>>, BuildError> {
    Ok(match *spec {
        BotSpec::Random => Box::new(players::RandomBot),
        BotSpec::Greedy => Box::new(players::GreedyBot),
        BotSpec::Optimal => G::optimal()?,
        BotSpec::Mcts {
            think,
            exploration,
            reuse,
            greedy_rollouts,
            rollout_depth,
            bias,
            scale,
        } => {
            let budget = match think {
                Think::Iterations(n) => players::MctsBudget::Iterations(n),
                Think::Millis(ms) => {
                    players::MctsBudget::Millis(ms, clock.ok_or_else(|| no_clock(spec))?)
                }
            };
            let selection = Uct { exploration };
            let leaf = LeafOptions {
                reuse,
                rollout_depth,
                bias,
                scale,
            };
            if greedy_rollouts {
                let mcts = Mcts::<G, Uct, GreedyPolicy>::with_parts(selection, GreedyPolicy, seed);
                Box::new(players::MctsBot {
                    mcts: leaf.apply(mcts),
                    budget,
                    iterations: 0,
                })
            } else {
                let mcts = Mcts::<G>::new(seed).with_selection(selection);
                Box::new(players::MctsBot {
                    mcts: leaf.apply(mcts),
                    budget,
                    iterations: 0,
                })
            }
        }
        BotSpec::Expectimax { depth, nodes } => Box::new(players::ExpectimaxBot {
            search: Expectimax::new(G::Eval::default()),
            limits: ExpectimaxLimits { depth, nodes },
            nodes: 0,
        }),
        BotSpec::AlphaBeta { depth, ms, nodes } => {
            let time = match ms {
                Some(ms) => Some((ms, clock.ok_or_else(|| no_clock(spec))?)),
                None => None,
            };
            G::alphabeta(AlphaBetaLimits { depth, time, nodes }, seats)?
        }
        BotSpec::Engine(engine) => G::engine(engine, seats, engine_clock(clock))?,
    })
}

/// The engine's clock (monotonic microseconds) when the front end has a clock:
/// `boardgame_core::clock::monotonic`, which `wasm32-unknown-unknown` does not have (there the
/// front end has no `Instant` clock either, and the engine bot counts nodes instead).
fn engine_clock(clock: Option<Clock>) -> Option<boardgame_core::clock::Clock> {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    {
        clock.map(|_| boardgame_core::clock::monotonic as boardgame_core::clock::Clock)
    }
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    {
        let _ = clock;
        None
    }
}

/// The MCTS options beyond the selection rule and the rollout policy.
#[derive(Copy, Clone)]
struct LeafOptions {
    reuse: bool,
    rollout_depth: Option<u32>,
    bias: f64,
    scale: Option<f64>,
}

impl LeafOptions {
    fn apply<G: BotGame, P: Policy<G>>(self, mcts: Mcts<G, Uct, P>) -> Mcts<G, Uct, P> {
        let mut mcts = mcts.reuse_tree(self.reuse);
        if self.rollout_depth.is_some() || self.bias > 0.0 {
            let evaluator = G::Eval::default();
            let scale = self.scale.unwrap_or_else(|| evaluator.scale());
            mcts = mcts
                .with_evaluator(evaluator, scale)
                .progressive_bias(self.bias);
        }
        if let Some(depth) = self.rollout_depth {
            mcts = mcts.max_rollout_plies(u64::from(depth));
        }
        mcts
    }
}

/// The alpha-beta bot of a deterministic two-seat game, with the game's evaluator (for
/// [`BotGame::alphabeta`]).
///
/// # Errors
/// [`BuildError`] unless `seats == 2`.
pub fn alphabeta_bot<G: BotGame + StateKey>(
    limits: AlphaBetaLimits,
    seats: usize,
) -> Result<Box<dyn Bot<G>>, BuildError> {
    if seats != 2 {
        return Err(BuildError(format!(
            "alphabeta needs exactly two players, not {seats}"
        )));
    }
    Ok(Box::new(players::AlphaBetaBot {
        search: AlphaBeta::new(G::Eval::default(), ALPHABETA_HASH_MB),
        limits,
    }))
}
