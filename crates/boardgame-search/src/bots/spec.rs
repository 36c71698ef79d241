//! Bot specs: `NAME[:KEY=VALUE]*`, parsed once and built per game and seat.

use core::fmt;
use core::str::FromStr;

/// What every bot spec may look like (parse errors end with it).
pub const SPEC_HELP: &str = "accepted bot specs (NAME[:KEY=VALUE]*):\n  \
    random                  a uniformly random legal move\n  \
    greedy                  the best one-ply evaluation (ties at random)\n  \
    optimal                 perfect play from the solved game (thax only)\n  \
    mcts:iters=N            UCT with N iterations per move (reproducible)\n  \
    mcts:ms=T               UCT for T milliseconds per move (not reproducible)\n                          \
    options: c=X (exploration, default 1.41), reuse=true|false (keep the tree),\n                          \
    rollout=random|greedy (default random)\n  \
    expectimax:depth=D      D decisions deep over exact dice weights (options: nodes=N)\n  \
    alphabeta:depth=D       alpha-beta to depth D (two-seat deterministic games: ataxx, nim)\n  \
    alphabeta:ms=T          alpha-beta for T milliseconds per move (options: depth=D, nodes=N)";

/// How long an MCTS bot thinks per move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Think {
    /// A fixed number of iterations.
    Iterations(u64),
    /// Milliseconds of wall-clock time (needs a clock when the bot is built).
    Millis(u64),
}

/// A parsed bot spec.
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    /// `random`.
    Random,
    /// `greedy`.
    Greedy,
    /// `optimal`: the solved game's best move (Thax only).
    Optimal,
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
        /// Milliseconds per move (needs a clock when the bot is built).
        ms: Option<u64>,
        /// Node limit per move.
        nodes: Option<u64>,
    },
}

/// A spec that could not be read: what was wrong, followed by [`SPEC_HELP`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\n{SPEC_HELP}", self.0)
    }
}

impl core::error::Error for SpecError {}

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

fn depth(spec: &str, key: &str, value: &str) -> Result<u32, SpecError> {
    u32::try_from(positive(spec, key, value)?).map_err(|_| {
        SpecError(format!(
            "bad bot spec {spec:?}: {key}={value:?} is too deep"
        ))
    })
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
            "optimal" => match options.first() {
                Some((key, _)) => Err(unknown(key)),
                None => Ok(BotSpec::Optimal),
            },
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
                let (mut limit, mut nodes) = (None, None);
                for (key, value) in options {
                    match key {
                        "depth" => limit = Some(depth(spec, key, value)?),
                        "nodes" => nodes = Some(positive(spec, key, value)?),
                        _ => return Err(unknown(key)),
                    }
                }
                let depth = limit.ok_or_else(|| {
                    SpecError(format!("bad bot spec {spec:?}: expectimax needs depth=D"))
                })?;
                Ok(BotSpec::Expectimax { depth, nodes })
            }
            "alphabeta" => {
                let (mut limit, mut ms, mut nodes) = (None, None, None);
                for (key, value) in options {
                    match key {
                        "depth" => limit = Some(depth(spec, key, value)?),
                        "ms" => ms = Some(positive(spec, key, value)?),
                        "nodes" => nodes = Some(positive(spec, key, value)?),
                        _ => return Err(unknown(key)),
                    }
                }
                if limit.is_none() && ms.is_none() && nodes.is_none() {
                    return Err(SpecError(format!(
                        "bad bot spec {spec:?}: alphabeta needs depth=D or ms=T"
                    )));
                }
                Ok(BotSpec::AlphaBeta {
                    depth: limit,
                    ms,
                    nodes,
                })
            }
            "" => Err(SpecError("empty bot spec".into())),
            _ => Err(SpecError(format!("unknown bot {name:?} in {spec:?}"))),
        }
    }
}

impl BotSpec {
    /// Whether the bot's moves depend only on the seed (no wall-clock budget).
    #[must_use]
    pub fn is_reproducible(&self) -> bool {
        match self {
            BotSpec::Mcts { think, .. } => matches!(think, Think::Iterations(_)),
            BotSpec::AlphaBeta { ms, .. } => ms.is_none(),
            _ => true,
        }
    }
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
        assert_eq!(parse("optimal"), Ok(BotSpec::Optimal));
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
            ("expectimax:depth=99999999999", "is too deep"),
            ("alphabeta", "alphabeta needs depth=D or ms=T"),
            ("greedy:x=1", "greedy has no option \"x\""),
            ("optimal:depth=2", "optimal has no option \"depth\""),
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
