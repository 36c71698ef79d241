//! Bot specs: `NAME[:KEY=VALUE]*`, parsed once and built per game and seat.

use core::fmt;
use core::str::FromStr;

use boardgame_engine::spec::EngineSpec;
use boardgame_io::quote;

/// What every bot spec may look like (parse errors end with it).
pub const SPEC_HELP: &str = "accepted bot specs (NAME[:KEY=VALUE]*):\n  \
    random                  a uniformly random legal move\n  \
    greedy                  the best one-ply evaluation (ties at random)\n  \
    optimal                 perfect play from the solved game (thax only)\n  \
    mcts:iters=N            UCT with N iterations per move (reproducible)\n  \
    mcts:ms=T               UCT for T milliseconds per move (not reproducible)\n                          \
    options: c=X (exploration, 0..=1e6, default 1.41), reuse=true|false (keep the\n                          \
    tree), rollout=random|greedy|eval (default random; eval: no rollout, the leaf is\n                          \
    evaluated), depth=N (cut rollouts after N moves and evaluate, 0..=1000),\n                          \
    bias=W (progressive bias from the evaluator, 0..=1e6, default 0), scale=S\n                          \
    (evaluation units per logistic unit, at least 1e-6, default the game's)\n  \
    expectimax:depth=D      D decisions deep over exact dice weights (options: nodes=N,\n                          \
    N at most 1e12; D at most 4, or 64 with nodes=N)\n  \
    alphabeta:depth=D       alpha-beta to depth D (two-seat deterministic games: ataxx, nim;\n                          \
    D at most 10, or 64 with ms=T or nodes=N)\n  \
    alphabeta:ms=T          alpha-beta for T milliseconds per move (options: depth=D, nodes=N)\n  \
    engine:level=L          the Ataxx engine at a level, weakest first: beginner, casual,\n                          \
    club, strong, expert, master (full strength, 1 s a move) (ataxx only)\n  \
    engine:nodes=N          the Ataxx engine, N nodes a move (boardgame-uai's go nodes N)\n  \
    engine:ms=T             the Ataxx engine, T milliseconds a move\n  \
    engine:depth=D          the Ataxx engine, to depth D";

/// The most MCTS iterations per move (visit counts are 32-bit; the tree's memory is
/// bounded by its node budget whatever the iterations).
pub const MAX_ITERATIONS: u64 = 100_000_000;

/// The longest MCTS rollout cut (`depth=N`), in moves.
pub const MAX_ROLLOUT_DEPTH: u32 = 1000;

/// The longest time budget per move, in milliseconds (a day).
pub const MAX_MILLIS: u64 = 86_400_000;

/// The deepest `expectimax:depth=D` without a node limit (give `nodes=N` to search deeper,
/// up to [`MAX_DEPTH`]): a bound, so that a spec cannot ask for a tree that never ends; the
/// strength tables use depths 1 and 2.
pub const MAX_EXPECTIMAX_DEPTH: u32 = 4;

/// The deepest `alphabeta:depth=D` without a time or node limit (give `ms=T` or `nodes=N`
/// to search deeper, up to [`MAX_DEPTH`]): a bound, so that a spec cannot ask for a search
/// that never ends.
pub const MAX_ALPHABETA_DEPTH: u32 = 10;

/// The deepest search of any spec with a time or node limit.
pub const MAX_DEPTH: u32 = 64;

/// The largest node limit per move (`nodes=N` of `expectimax` and `alphabeta`): 10¹², under a
/// day at the fastest search here (about 19 M nodes/s, Thax's expectimax), as [`MAX_MILLIS`]
/// is a day. Without it, `depth=64:nodes=18446744073709551615` would pass the depth guard and
/// never finish.
pub const MAX_NODES: u64 = 1_000_000_000_000;

/// The largest MCTS exploration constant `c` and progressive-bias weight `bias`: 10⁶. Rewards
/// are in `0..=1`, so a weight of a million already makes its term decide alone; a larger
/// finite weight could make a selection score infinite.
pub const MAX_WEIGHT: f64 = 1e6;

/// The smallest MCTS `scale` (evaluation units per logistic unit): 10⁻⁶. Evaluations are
/// integers, so one unit is then a million logistic units and the softmax over the seats is
/// already a hard maximum; a smaller scale only risks an infinite logit (`scale=5e-324` made
/// every reward NaN).
pub const MIN_SCALE: f64 = 1e-6;

/// The most options a spec may have (`mcts` has seven).
const MAX_OPTIONS: usize = 16;

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
        /// Cut rollouts after this many moves and evaluate where they stopped (`None`: play
        /// to the end; `Some(0)`: `rollout=eval`, the leaf itself is evaluated).
        rollout_depth: Option<u32>,
        /// The progressive-bias weight (0: off).
        bias: f64,
        /// Evaluation units per logistic unit (`None`: the evaluator's own scale).
        scale: Option<f64>,
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
    /// `engine:…`: the Ataxx engine (`boardgame-engine`), read by its own parser.
    Engine(EngineSpec),
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

// The helpers below take the spec already quoted (see [`quote`]) for their messages.

fn number<T: FromStr>(spec: &str, key: &str, value: &str) -> Result<T, SpecError> {
    value.parse().map_err(|_| {
        SpecError(format!(
            "bad bot spec {spec}: {key}={} is not a valid number",
            quote(value)
        ))
    })
}

fn positive(spec: &str, key: &str, value: &str) -> Result<u64, SpecError> {
    match number::<u64>(spec, key, value)? {
        0 => Err(SpecError(format!(
            "bad bot spec {spec}: {key} must be at least 1"
        ))),
        n => Ok(n),
    }
}

/// A positive number at most `max`.
fn at_most(spec: &str, key: &str, value: &str, max: u64) -> Result<u64, SpecError> {
    let n = positive(spec, key, value)?;
    if n > max {
        return Err(SpecError(format!(
            "bad bot spec {spec}: {key}={n} is out of range: at most {max}"
        )));
    }
    Ok(n)
}

fn depth(spec: &str, key: &str, value: &str) -> Result<u32, SpecError> {
    let n = positive(spec, key, value)?;
    match u32::try_from(n) {
        Ok(depth) if depth <= MAX_DEPTH => Ok(depth),
        _ => Err(SpecError(format!(
            "bad bot spec {spec}: {key}={} is too deep: at most {MAX_DEPTH}",
            quote(value)
        ))),
    }
}

/// Refuses a depth that cannot finish without a limit of nodes or time.
fn finishes(spec: &str, depth: u32, max: u32, limited: bool) -> Result<(), SpecError> {
    if depth > max && !limited {
        return Err(SpecError(format!(
            "bad bot spec {spec}: depth={depth} would not finish: at most {max} without \
             a limit (add nodes=N or ms=T to search deeper)"
        )));
    }
    Ok(())
}

fn flag(spec: &str, key: &str, value: &str) -> Result<bool, SpecError> {
    match value {
        "true" | "1" | "yes" | "on" => Ok(true),
        "false" | "0" | "no" | "off" => Ok(false),
        _ => Err(SpecError(format!(
            "bad bot spec {spec}: {key} takes true or false, not {}",
            quote(value)
        ))),
    }
}

impl FromStr for BotSpec {
    type Err = SpecError;

    fn from_str(spec: &str) -> Result<BotSpec, SpecError> {
        let text = spec.trim();
        let spec = &quote(text).to_string();
        let mut parts = text.split(':');
        let name = parts.next().unwrap_or_default();
        let mut options = Vec::new();
        for part in parts {
            let (key, value) = part.split_once('=').ok_or_else(|| {
                SpecError(format!(
                    "bad bot spec {spec}: option {} is not KEY=VALUE",
                    quote(part)
                ))
            })?;
            let key = key.trim();
            if options.iter().any(|&(seen, _)| seen == key) {
                return Err(SpecError(format!(
                    "bad bot spec {spec}: {} is given twice",
                    quote(key)
                )));
            }
            if options.len() == MAX_OPTIONS {
                return Err(SpecError(format!(
                    "bad bot spec {spec}: more than {MAX_OPTIONS} options"
                )));
            }
            options.push((key, value.trim()));
        }
        let unknown = |key: &str| {
            SpecError(format!(
                "bad bot spec {spec}: {name} has no option {}",
                quote(key)
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
                let mut evaluated_leaf = false;
                let mut rollout_depth = None;
                let mut bias = 0.0;
                let mut scale = None;
                // Every float of the spec: a finite number in `least..=most`, so that no
                // reward or selection score can become infinite or NaN.
                let float = |key: &str, value: &str, (least, most): (f64, f64), range: &str| {
                    let x: f64 = number(spec, key, value)?;
                    if x.is_finite() && (least..=most).contains(&x) {
                        Ok(x)
                    } else {
                        Err(SpecError(format!(
                            "bad bot spec {spec}: {key} must be a finite number {range}, not {}",
                            quote(value)
                        )))
                    }
                };
                let weight = (0.0, MAX_WEIGHT);
                for (key, value) in options {
                    match key {
                        "iters" | "ms" if think.is_some() => {
                            return Err(SpecError(format!(
                                "bad bot spec {spec}: mcts takes iters=N or ms=T, not both"
                            )));
                        }
                        "iters" => {
                            think = Some(Think::Iterations(at_most(
                                spec,
                                key,
                                value,
                                MAX_ITERATIONS,
                            )?));
                        }
                        "ms" => think = Some(Think::Millis(at_most(spec, key, value, MAX_MILLIS)?)),
                        "c" => exploration = float(key, value, weight, "from 0 to 1e6")?,
                        "reuse" => reuse = flag(spec, key, value)?,
                        "rollout" => {
                            (greedy_rollouts, evaluated_leaf) = match value {
                                "random" => (false, false),
                                "greedy" => (true, false),
                                "eval" => (false, true),
                                _ => {
                                    return Err(SpecError(format!(
                                        "bad bot spec {spec}: rollout is random, greedy or eval"
                                    )));
                                }
                            }
                        }
                        "depth" => {
                            let n = number::<u32>(spec, key, value)?;
                            if n > MAX_ROLLOUT_DEPTH {
                                return Err(SpecError(format!(
                                    "bad bot spec {spec}: depth={n} is out of range: \
                                     at most {MAX_ROLLOUT_DEPTH}"
                                )));
                            }
                            rollout_depth = Some(n);
                        }
                        "bias" => bias = float(key, value, weight, "from 0 to 1e6")?,
                        "scale" => {
                            scale = Some(float(key, value, (MIN_SCALE, f64::MAX), "≥ 1e-6")?);
                        }
                        _ => return Err(unknown(key)),
                    }
                }
                let think = think.ok_or_else(|| {
                    SpecError(format!("bad bot spec {spec}: mcts needs iters=N or ms=T"))
                })?;
                if evaluated_leaf {
                    match rollout_depth {
                        Some(n) if n > 0 => {
                            return Err(SpecError(format!(
                                "bad bot spec {spec}: rollout=eval has no rollout to cut \
                                 (depth={n}); use rollout=random or greedy with depth=N"
                            )));
                        }
                        _ => rollout_depth = Some(0),
                    }
                }
                if scale.is_some() && rollout_depth.is_none() && bias == 0.0 {
                    return Err(SpecError(format!(
                        "bad bot spec {spec}: scale needs an evaluation (rollout=eval, \
                         depth=N or bias=W)"
                    )));
                }
                Ok(BotSpec::Mcts {
                    think,
                    exploration,
                    reuse,
                    greedy_rollouts,
                    rollout_depth,
                    bias,
                    scale,
                })
            }
            "expectimax" => {
                let (mut limit, mut nodes) = (None, None);
                for (key, value) in options {
                    match key {
                        "depth" => limit = Some(depth(spec, key, value)?),
                        "nodes" => nodes = Some(at_most(spec, key, value, MAX_NODES)?),
                        _ => return Err(unknown(key)),
                    }
                }
                let depth = limit.ok_or_else(|| {
                    SpecError(format!("bad bot spec {spec}: expectimax needs depth=D"))
                })?;
                finishes(spec, depth, MAX_EXPECTIMAX_DEPTH, nodes.is_some())?;
                Ok(BotSpec::Expectimax { depth, nodes })
            }
            "alphabeta" => {
                let (mut limit, mut ms, mut nodes) = (None, None, None);
                for (key, value) in options {
                    match key {
                        "depth" => limit = Some(depth(spec, key, value)?),
                        "ms" => ms = Some(at_most(spec, key, value, MAX_MILLIS)?),
                        "nodes" => nodes = Some(at_most(spec, key, value, MAX_NODES)?),
                        _ => return Err(unknown(key)),
                    }
                }
                if let Some(depth) = limit {
                    finishes(
                        spec,
                        depth,
                        MAX_ALPHABETA_DEPTH,
                        ms.is_some() || nodes.is_some(),
                    )?;
                }
                if limit.is_none() && ms.is_none() && nodes.is_none() {
                    return Err(SpecError(format!(
                        "bad bot spec {spec}: alphabeta needs depth=D or ms=T"
                    )));
                }
                Ok(BotSpec::AlphaBeta {
                    depth: limit,
                    ms,
                    nodes,
                })
            }
            "engine" => match options.as_slice() {
                [(key, value)] => format!("engine:{key}={value}")
                    .parse()
                    .map(BotSpec::Engine)
                    .map_err(|e: boardgame_engine::spec::EngineSpecError| {
                        SpecError(format!("bad bot spec {spec}: {}", engine_why(&e.why)))
                    }),
                _ => Err(SpecError(format!(
                    "bad bot spec {spec}: engine takes one of level=L, nodes=N, ms=T or depth=D"
                ))),
            },
            "" => Err(SpecError("empty bot spec".into())),
            _ if name.len() == text.len() => Err(SpecError(format!("unknown bot {spec}"))),
            _ => Err(SpecError(format!("unknown bot {} in {spec}", quote(name)))),
        }
    }
}

/// The reason of an engine spec's error, without its own "bad engine spec …:" (the bot
/// spec's message quotes the spec already).
fn engine_why(why: &str) -> &str {
    why.split_once(": ").map_or(why, |(_, reason)| reason)
}

impl BotSpec {
    /// Whether the bot's moves depend only on the seed (no wall-clock budget).
    #[must_use]
    pub fn is_reproducible(&self) -> bool {
        match self {
            BotSpec::Engine(spec) => !spec.play().needs_clock(),
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
                rollout_depth: None,
                bias: 0.0,
                scale: None,
            })
        );
        assert!(matches!(
            parse("mcts:ms=50:rollout=eval:bias=0.5"),
            Ok(BotSpec::Mcts {
                rollout_depth: Some(0),
                greedy_rollouts: false,
                bias: 0.5,
                scale: None,
                ..
            })
        ));
        assert!(matches!(
            parse("mcts:iters=100:rollout=greedy:depth=4:scale=25"),
            Ok(BotSpec::Mcts {
                rollout_depth: Some(4),
                greedy_rollouts: true,
                scale: Some(25.0),
                ..
            })
        ));
        assert!(matches!(
            parse("mcts:iters=100:rollout=eval:depth=0"),
            Ok(BotSpec::Mcts {
                rollout_depth: Some(0),
                ..
            })
        ));
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
            ("mcts:iters=10:nodes=3", "mcts has no option \"nodes\""),
            ("expectimax", "expectimax needs depth=D"),
            ("expectimax:depth=99999999999", "is too deep"),
            ("expectimax:depth=100", "too deep"),
            ("expectimax:depth=9", "would not finish"),
            ("alphabeta:depth=100", "is too deep"),
            ("alphabeta:depth=40", "would not finish"),
            ("mcts:iters=10:ms=5", "not both"),
            ("mcts:ms=5:iters=10", "not both"),
            ("mcts:iters=10:iters=20", "\"iters\" is given twice"),
            ("mcts:iters=10:c=1:c=2", "\"c\" is given twice"),
            ("alphabeta:depth=3:depth=4", "\"depth\" is given twice"),
            ("mcts:iters=18446744073709551615", "out of range"),
            ("mcts:ms=18446744073709551615", "out of range"),
            ("alphabeta", "alphabeta needs depth=D or ms=T"),
            ("greedy:x=1", "greedy has no option \"x\""),
            ("optimal:depth=2", "optimal has no option \"depth\""),
            ("mcts:iters", "is not KEY=VALUE"),
            (
                "mcts:iters=10:rollout=deep",
                "rollout is random, greedy or eval",
            ),
            (
                "mcts:iters=10:rollout=eval:depth=3",
                "rollout=eval has no rollout to cut",
            ),
            (
                "mcts:iters=10:depth=1001",
                "depth=1001 is out of range: at most 1000",
            ),
            (
                "mcts:iters=10:depth=-1",
                "depth=\"-1\" is not a valid number",
            ),
            (
                "mcts:iters=10:bias=-1",
                "bias must be a finite number from 0 to 1e6",
            ),
            (
                "mcts:iters=10:bias=inf",
                "bias must be a finite number from 0 to 1e6",
            ),
            (
                "mcts:iters=10:bias=1e7",
                "bias must be a finite number from 0 to 1e6",
            ),
            (
                "mcts:iters=10:c=NaN",
                "c must be a finite number from 0 to 1e6",
            ),
            (
                "mcts:iters=10:c=1e300",
                "c must be a finite number from 0 to 1e6",
            ),
            (
                "mcts:iters=10:depth=2:scale=5e-324",
                "scale must be a finite number ≥ 1e-6",
            ),
            (
                "expectimax:depth=64:nodes=18446744073709551615",
                "out of range: at most 1000000000000",
            ),
            (
                "alphabeta:depth=64:nodes=1000000000001",
                "out of range: at most 1000000000000",
            ),
            ("mcts:iters=10:bias=x", "bias=\"x\" is not a valid number"),
            (
                "mcts:iters=10:depth=2:scale=0",
                "scale must be a finite number ≥ 1e-6",
            ),
            (
                "mcts:iters=10:depth=2:scale=NaN",
                "scale must be a finite number ≥ 1e-6",
            ),
            ("mcts:iters=10:scale=30", "scale needs an evaluation"),
            ("mcts:iters=10:depth=2:depth=3", "\"depth\" is given twice"),
            ("", "empty bot spec"),
            ("engine", "engine takes one of level=L"),
            ("engine:nodes=5:ms=3", "engine takes one of level=L"),
            ("engine:nodes=0", "nodes must be 1 to 1000000000000"),
            (
                "engine:level=grandmaster",
                "no level \"grandmaster\" (beginner,",
            ),
            ("engine:speed=3", "unknown limit \"speed\""),
        ] {
            let message = parse(spec).unwrap_err();
            assert!(message.contains(says), "{spec:?}: {message}");
            assert!(message.contains("accepted bot specs"), "{message}");
            for form in [
                "engine:level=L",
                "engine:nodes=N",
                "engine:ms=T",
                "engine:depth=D",
            ] {
                assert!(message.contains(form), "{spec:?}: {message}");
            }
        }
    }

    #[test]
    fn engine_specs_parse_with_the_engines_parser() {
        use boardgame_engine::spec::{Budget, Level};
        assert_eq!(
            parse("engine:nodes=20000"),
            Ok(BotSpec::Engine(EngineSpec::Budget(Budget::Nodes(20_000))))
        );
        for level in Level::ALL {
            assert_eq!(
                parse(&format!("engine:level={level}")),
                Ok(BotSpec::Engine(EngineSpec::Level(level)))
            );
        }
        assert!(parse("engine:nodes=20000").unwrap().is_reproducible());
        assert!(parse("engine:level=beginner").unwrap().is_reproducible());
        assert!(!parse("engine:level=master").unwrap().is_reproducible());
        assert!(!parse("engine:ms=100").unwrap().is_reproducible());
    }

    #[test]
    fn deep_searches_are_accepted_with_a_limit() {
        assert!(parse("expectimax:depth=8:nodes=100000").is_ok());
        assert!(parse("alphabeta:depth=40:ms=100").is_ok());
        assert!(parse("alphabeta:depth=64:nodes=1000").is_ok());
        assert!(parse("alphabeta:depth=10").is_ok());
        assert!(parse("expectimax:depth=4").is_ok());
        assert!(parse("mcts:iters=100000000").is_ok());
        assert!(parse("expectimax:depth=64:nodes=1000000000000").is_ok());
    }

    #[test]
    fn every_float_is_bounded_so_rewards_and_scores_stay_finite() {
        assert!(parse("mcts:iters=10:c=1e6:bias=1e6").is_ok());
        assert!(parse("mcts:iters=10:c=0:bias=0").is_ok());
        assert!(parse("mcts:iters=10:depth=2:scale=1e-6").is_ok());
        assert!(parse("mcts:iters=10:depth=2:scale=1e300").is_ok());
        for spec in [
            "mcts:iters=10:depth=2:scale=9e-7",
            "mcts:iters=10:depth=2:scale=-0",
            "mcts:iters=10:c=1000001",
            "mcts:iters=10:c=-1e-9",
            "mcts:iters=10:bias=NaN",
            "mcts:iters=10:bias=1e309",
        ] {
            assert!(parse(spec).is_err(), "{spec}");
        }
    }

    #[test]
    fn a_huge_spec_is_quoted_short() {
        let long = "x".repeat(100_000);
        for spec in [
            long.clone(),
            format!("mcts:iters={long}"),
            format!("mcts:iters=10:{long}=1"),
            format!("mcts:iters=10:{long}"),
            format!("greedy:{long}=1"),
            format!("mcts:iters=1{}", "0".repeat(100_000)),
            format!("mcts:iters=0{}", "0".repeat(100_000)),
            "mcts:a=1:".repeat(10_000),
            (0..20_000)
                .map(|i| format!("k{i}=1"))
                .collect::<Vec<_>>()
                .join(":"),
        ] {
            let message = parse(&spec).unwrap_err();
            let own = message.len() - SPEC_HELP.len();
            assert!(own < 300, "{own} bytes: {}", &message[..own.min(400)]);
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
