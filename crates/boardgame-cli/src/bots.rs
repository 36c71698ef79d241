//! Bots and bot specs: `NAME[:KEY=VALUE]*`, parsed once and built per game and seat.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use boardgame_core::Turn;
use boardgame_core::driver::{ChaCha8Rng, Policy, UniformRandom, below};
use boardgame_search::Evaluator;
use boardgame_search::alphabeta::{AlphaBeta, Limits, StateKey};
use boardgame_search::eval::ataxx::AtaxxEvaluator;
use boardgame_search::eval::{
    CoCaNguaEvaluator, NimEvaluator, ParchisEvaluator, RaceEvaluator, ThaxEvaluator,
};
use boardgame_search::expectimax::{Expectimax, ExpectimaxLimits};
use boardgame_search::mcts::{Budget, Mcts, Uct};

use crate::error::CliError;
use crate::games::CliGame;

/// What every bot spec may look like (the usage error lists it).
pub(crate) const SPEC_HELP: &str = "accepted bot specs (NAME[:KEY=VALUE]*):\n  \
    random                  a uniformly random legal move\n  \
    greedy                  the best one-ply evaluation (ties at random)\n  \
    mcts:iters=N            UCT with N iterations per move (reproducible)\n  \
    mcts:ms=T               UCT for T milliseconds per move (not reproducible)\n                          \
    options: c=X (exploration, default 1.41), reuse=true|false (keep the tree),\n                          \
    rollout=random|greedy (default random)\n  \
    expectimax:depth=D      D decisions deep over exact dice weights (options: nodes=N)\n  \
    alphabeta:depth=D       alpha-beta to depth D (two-seat deterministic games: ataxx, nim)\n  \
    alphabeta:ms=T          alpha-beta for T milliseconds per move (options: depth=D, nodes=N)";

/// How long an MCTS bot thinks per move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Think {
    /// A fixed number of iterations.
    Iterations(u64),
    /// Milliseconds of wall-clock time.
    Millis(u64),
}

/// A parsed bot spec.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum BotSpec {
    /// `random`.
    Random,
    /// `greedy`.
    Greedy,
    /// `mcts:…`.
    Mcts {
        /// Iterations or time per move.
        think: Think,
        /// The UCT exploration constant.
        exploration: f64,
        /// Keep the tree between moves.
        reuse: bool,
        /// Greedy (instead of uniform random) rollouts.
        greedy_rollouts: bool,
    },
    /// `expectimax:…`.
    Expectimax {
        /// Decisions deep.
        depth: u32,
        /// A node limit per move.
        nodes: Option<u64>,
    },
    /// `alphabeta:…`.
    AlphaBeta {
        /// Depth limit.
        depth: Option<u32>,
        /// Milliseconds per move.
        ms: Option<u64>,
        /// Node limit per move.
        nodes: Option<u64>,
    },
}

/// A spec that could not be read: what was wrong, followed by [`SPEC_HELP`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SpecError(String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\n{SPEC_HELP}", self.0)
    }
}

impl From<SpecError> for CliError {
    fn from(error: SpecError) -> CliError {
        CliError::Usage(error.to_string())
    }
}

fn number<T: FromStr>(spec: &str, key: &str, value: &str) -> Result<T, SpecError> {
    value.parse().map_err(|_| {
        SpecError(format!(
            "bad bot spec {spec:?}: {key}={value:?} is not a valid number"
        ))
    })
}

fn positive(spec: &str, key: &str, value: &str) -> Result<u64, SpecError> {
    match number::<u64>(spec, key, value)? {
        0 => Err(SpecError(format!(
            "bad bot spec {spec:?}: {key} must be at least 1"
        ))),
        n => Ok(n),
    }
}

fn flag(spec: &str, key: &str, value: &str) -> Result<bool, SpecError> {
    match value {
        "true" | "1" | "yes" | "on" => Ok(true),
        "false" | "0" | "no" | "off" => Ok(false),
        _ => Err(SpecError(format!(
            "bad bot spec {spec:?}: {key} takes true or false, not {value:?}"
        ))),
    }
}

impl FromStr for BotSpec {
    type Err = SpecError;

    fn from_str(spec: &str) -> Result<BotSpec, SpecError> {
        let spec = spec.trim();
        let mut parts = spec.split(':');
        let name = parts.next().unwrap_or_default();
        let mut options = Vec::new();
        for part in parts {
            let (key, value) = part.split_once('=').ok_or_else(|| {
                SpecError(format!(
                    "bad bot spec {spec:?}: option {part:?} is not KEY=VALUE"
                ))
            })?;
            options.push((key.trim(), value.trim()));
        }
        let unknown = |key: &str| {
            SpecError(format!(
                "bad bot spec {spec:?}: {name} has no option {key:?}"
            ))
        };
        match name {
            "random" | "greedy" => {
                if let Some((key, _)) = options.first() {
                    return Err(unknown(key));
                }
                Ok(if name == "random" {
                    BotSpec::Random
                } else {
                    BotSpec::Greedy
                })
            }
            "mcts" => {
                let mut think = None;
                let mut exploration = core::f64::consts::SQRT_2;
                let mut reuse = false;
                let mut greedy_rollouts = false;
                for (key, value) in options {
                    match key {
                        "iters" => think = Some(Think::Iterations(positive(spec, key, value)?)),
                        "ms" => think = Some(Think::Millis(positive(spec, key, value)?)),
                        "c" => {
                            exploration = number(spec, key, value)?;
                            if !(exploration.is_finite() && exploration >= 0.0) {
                                return Err(SpecError(format!(
                                    "bad bot spec {spec:?}: c must be a finite number ≥ 0"
                                )));
                            }
                        }
                        "reuse" => reuse = flag(spec, key, value)?,
                        "rollout" => {
                            greedy_rollouts = match value {
                                "random" => false,
                                "greedy" => true,
                                _ => {
                                    return Err(SpecError(format!(
                                        "bad bot spec {spec:?}: rollout is random or greedy"
                                    )));
                                }
                            }
                        }
                        _ => return Err(unknown(key)),
                    }
                }
                let think = think.ok_or_else(|| {
                    SpecError(format!("bad bot spec {spec:?}: mcts needs iters=N or ms=T"))
                })?;
                Ok(BotSpec::Mcts {
                    think,
                    exploration,
                    reuse,
                    greedy_rollouts,
                })
            }
            "expectimax" => {
                let (mut depth, mut nodes) = (None, None);
                for (key, value) in options {
                    match key {
                        "depth" => depth = Some(positive(spec, key, value)? as u32),
                        "nodes" => nodes = Some(positive(spec, key, value)?),
                        _ => return Err(unknown(key)),
                    }
                }
                let depth = depth.ok_or_else(|| {
                    SpecError(format!("bad bot spec {spec:?}: expectimax needs depth=D"))
                })?;
                Ok(BotSpec::Expectimax { depth, nodes })
            }
            "alphabeta" => {
                let (mut depth, mut ms, mut nodes) = (None, None, None);
                for (key, value) in options {
                    match key {
                        "depth" => depth = Some(positive(spec, key, value)? as u32),
                        "ms" => ms = Some(positive(spec, key, value)?),
                        "nodes" => nodes = Some(positive(spec, key, value)?),
                        _ => return Err(unknown(key)),
                    }
                }
                if depth.is_none() && ms.is_none() && nodes.is_none() {
                    return Err(SpecError(format!(
                        "bad bot spec {spec:?}: alphabeta needs depth=D or ms=T"
                    )));
                }
                Ok(BotSpec::AlphaBeta { depth, ms, nodes })
            }
            "" => Err(SpecError("empty bot spec".into())),
            _ => Err(SpecError(format!("unknown bot {name:?} in {spec:?}"))),
        }
    }
}

impl BotSpec {
    /// Whether the bot's moves depend only on the seed (no wall-clock budget).
    pub(crate) fn is_reproducible(&self) -> bool {
        match self {
            BotSpec::Mcts { think, .. } => matches!(think, Think::Iterations(_)),
            BotSpec::AlphaBeta { ms, .. } => ms.is_none(),
            _ => true,
        }
    }
}

/// A player that picks a move at a decision node.
pub(crate) trait Bot<G: CliGame> {
    /// Picks one of `legal` (never empty) for the seat to move in `state`.
    fn choose(&mut self, state: &G, legal: &[G::Move], rng: &mut ChaCha8Rng) -> G::Move;
}

/// What the bots need from a game beyond [`CliGame`]: its evaluator, and its alpha-beta bot
/// where alpha-beta applies.
pub(crate) trait SearchGame: CliGame {
    /// The evaluator of `expectimax` (and of `alphabeta`, where it applies).
    type Eval: Evaluator<Self> + Default + Send + 'static;

    /// The alpha-beta bot, or a usage error if the game is not deterministic with two seats.
    fn alphabeta(
        depth: Option<u32>,
        ms: Option<u64>,
        nodes: Option<u64>,
        seats: usize,
    ) -> Result<Box<dyn Bot<Self>>, CliError> {
        let _ = (depth, ms, nodes, seats);
        Err(CliError::Usage(format!(
            "alphabeta applies only to deterministic two-seat games (ataxx, nim), not {}; \
             use mcts or expectimax",
            Self::KIND.name()
        )))
    }
}

/// Builds the bot of `spec` for a table of `seats`, its own randomness seeded with `seed`.
pub(crate) fn build<G: SearchGame>(
    spec: &BotSpec,
    seats: usize,
    seed: u64,
) -> Result<Box<dyn Bot<G>>, CliError> {
    Ok(match *spec {
        BotSpec::Random => Box::new(RandomBot),
        BotSpec::Greedy => Box::new(GreedyBot),
        BotSpec::Mcts {
            think,
            exploration,
            reuse,
            greedy_rollouts,
        } => {
            let selection = Uct { exploration };
            if greedy_rollouts {
                let mcts = Mcts::<G, Uct, GreedyPolicy>::with_parts(selection, GreedyPolicy, seed)
                    .reuse_tree(reuse);
                Box::new(MctsBot { mcts, think })
            } else {
                let mcts = Mcts::<G>::new(seed)
                    .with_selection(selection)
                    .reuse_tree(reuse);
                Box::new(MctsBot { mcts, think })
            }
        }
        BotSpec::Expectimax { depth, nodes } => Box::new(ExpectimaxBot {
            search: Expectimax::new(G::Eval::default()),
            limits: ExpectimaxLimits { depth, nodes },
        }),
        BotSpec::AlphaBeta { depth, ms, nodes } => G::alphabeta(depth, ms, nodes, seats)?,
    })
}

/// `random`.
struct RandomBot;

impl<G: CliGame> Bot<G> for RandomBot {
    fn choose(&mut self, state: &G, legal: &[G::Move], rng: &mut ChaCha8Rng) -> G::Move {
        UniformRandom.choose(state, legal, rng)
    }
}

/// `greedy`: the move whose resulting position has the best `evaluation` for the mover
/// (one ply, chance not looked through); ties broken uniformly at random.
struct GreedyBot;

impl<G: CliGame> Bot<G> for GreedyBot {
    fn choose(&mut self, state: &G, legal: &[G::Move], rng: &mut ChaCha8Rng) -> G::Move {
        greedy(state, legal, rng)
    }
}

/// The greedy choice, shared by the `greedy` bot and greedy MCTS rollouts.
fn greedy<G: CliGame, R: boardgame_core::driver::Rng + ?Sized>(
    state: &G,
    legal: &[G::Move],
    rng: &mut R,
) -> G::Move {
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

/// The greedy choice as a rollout policy for MCTS.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct GreedyPolicy;

impl<G: CliGame> Policy<G> for GreedyPolicy {
    fn choose<R: boardgame_core::driver::Rng + ?Sized>(
        &mut self,
        state: &G,
        legal: &[G::Move],
        rng: &mut R,
    ) -> G::Move {
        greedy(state, legal, rng)
    }
}

/// `mcts:…`.
struct MctsBot<G: CliGame, P> {
    mcts: Mcts<G, Uct, P>,
    think: Think,
}

impl<G: CliGame, P: Policy<G>> Bot<G> for MctsBot<G, P> {
    fn choose(&mut self, state: &G, _: &[G::Move], _: &mut ChaCha8Rng) -> G::Move {
        let budget = match self.think {
            Think::Iterations(n) => Budget::Iterations(n),
            Think::Millis(ms) => Budget::Deadline(Instant::now() + Duration::from_millis(ms)),
        };
        self.mcts.search(state, budget).best
    }
}

/// `expectimax:…`.
struct ExpectimaxBot<E> {
    search: Expectimax<E>,
    limits: ExpectimaxLimits,
}

impl<G: CliGame, E: Evaluator<G>> Bot<G> for ExpectimaxBot<E> {
    fn choose(&mut self, state: &G, _: &[G::Move], _: &mut ChaCha8Rng) -> G::Move {
        self.search.search(state, &self.limits).best
    }
}

/// `alphabeta:…`: iterative deepening until the depth, node or time limit of the spec. The
/// transposition table is kept from move to move (it is keyed by the position).
struct AlphaBetaBot<G: CliGame + StateKey, E: Evaluator<G>> {
    search: AlphaBeta<G, E>,
    depth: Option<u32>,
    ms: Option<u64>,
    nodes: Option<u64>,
}

impl<G: CliGame + StateKey, E: Evaluator<G>> Bot<G> for AlphaBetaBot<G, E> {
    fn choose(&mut self, state: &G, _: &[G::Move], _: &mut ChaCha8Rng) -> G::Move {
        let limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            deadline: self.ms.map(|ms| Instant::now() + Duration::from_millis(ms)),
        };
        self.search.search(state, &limits).best
    }
}

/// Megabytes of transposition table per alpha-beta bot (an arena builds one per game).
const ALPHABETA_HASH_MB: usize = 4;

/// The alpha-beta bot of a deterministic two-seat game, with the game's evaluator.
fn alphabeta_bot<G: SearchGame + StateKey>(
    depth: Option<u32>,
    ms: Option<u64>,
    nodes: Option<u64>,
    seats: usize,
) -> Result<Box<dyn Bot<G>>, CliError> {
    if seats != 2 {
        return Err(CliError::Usage(format!(
            "alphabeta needs exactly two players, not {seats}"
        )));
    }
    Ok(Box::new(AlphaBetaBot {
        search: AlphaBeta::new(G::Eval::default(), ALPHABETA_HASH_MB),
        depth,
        ms,
        nodes,
    }))
}

impl SearchGame for ataxx::Ataxx {
    type Eval = AtaxxEvaluator;

    fn alphabeta(
        depth: Option<u32>,
        ms: Option<u64>,
        nodes: Option<u64>,
        seats: usize,
    ) -> Result<Box<dyn Bot<Self>>, CliError> {
        alphabeta_bot(depth, ms, nodes, seats)
    }
}

impl SearchGame for boardgame_core::toy::Nim {
    type Eval = NimEvaluator;

    fn alphabeta(
        depth: Option<u32>,
        ms: Option<u64>,
        nodes: Option<u64>,
        seats: usize,
    ) -> Result<Box<dyn Bot<Self>>, CliError> {
        alphabeta_bot(depth, ms, nodes, seats)
    }
}

impl SearchGame for thax::Thax {
    type Eval = ThaxEvaluator;
}

impl SearchGame for parchis::Parchis {
    type Eval = ParchisEvaluator;
}

impl SearchGame for co_ca_ngua::CoCaNgua {
    type Eval = CoCaNguaEvaluator;
}

impl SearchGame for boardgame_core::toy::Race {
    type Eval = RaceEvaluator;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(spec: &str) -> Result<BotSpec, String> {
        spec.parse::<BotSpec>().map_err(|e| e.to_string())
    }

    #[test]
    fn specs_of_every_bot_parse() {
        assert_eq!(parse("random"), Ok(BotSpec::Random));
        assert_eq!(parse("greedy"), Ok(BotSpec::Greedy));
        assert_eq!(
            parse("mcts:iters=800:c=1.4"),
            Ok(BotSpec::Mcts {
                think: Think::Iterations(800),
                exploration: 1.4,
                reuse: false,
                greedy_rollouts: false,
            })
        );
        assert!(matches!(
            parse("mcts:ms=50:reuse=true:rollout=greedy"),
            Ok(BotSpec::Mcts {
                think: Think::Millis(50),
                reuse: true,
                greedy_rollouts: true,
                ..
            })
        ));
        assert_eq!(
            parse("expectimax:depth=2"),
            Ok(BotSpec::Expectimax {
                depth: 2,
                nodes: None
            })
        );
        assert_eq!(
            parse("alphabeta:ms=10"),
            Ok(BotSpec::AlphaBeta {
                depth: None,
                ms: Some(10),
                nodes: None
            })
        );
        assert_eq!(
            parse("alphabeta:depth=4"),
            Ok(BotSpec::AlphaBeta {
                depth: Some(4),
                ms: None,
                nodes: None
            })
        );
    }

    #[test]
    fn bad_specs_say_what_is_wrong_and_list_what_is_accepted() {
        for (spec, says) in [
            ("minimax", "unknown bot \"minimax\""),
            ("mcts", "mcts needs iters=N or ms=T"),
            ("mcts:iters=abc", "iters=\"abc\" is not a valid number"),
            ("mcts:iters=0", "iters must be at least 1"),
            ("mcts:iters=10:depth=3", "mcts has no option \"depth\""),
            ("expectimax", "expectimax needs depth=D"),
            ("alphabeta", "alphabeta needs depth=D or ms=T"),
            ("greedy:x=1", "greedy has no option \"x\""),
            ("mcts:iters", "is not KEY=VALUE"),
            ("", "empty bot spec"),
        ] {
            let message = parse(spec).unwrap_err();
            assert!(message.contains(says), "{spec:?}: {message}");
            assert!(message.contains("accepted bot specs"), "{message}");
        }
    }

    #[test]
    fn time_budgets_are_not_reproducible() {
        assert!(parse("mcts:iters=5").unwrap().is_reproducible());
        assert!(!parse("mcts:ms=5").unwrap().is_reproducible());
        assert!(!parse("alphabeta:ms=5").unwrap().is_reproducible());
        assert!(parse("expectimax:depth=1").unwrap().is_reproducible());
    }
}
