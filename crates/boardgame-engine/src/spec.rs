//! Engine specs: how hard the engine plays, as every front end writes it.
//!
//! One parser for the forms `engine:nodes=N`, `engine:ms=T`, `engine:depth=D` and
//! `engine:level=L` ([`ENGINE_FORMS`]); the command line, Python and the browser all read
//! their `engine` bot through [`EngineSpec`]'s [`FromStr`].
//!
//! The named [`Level`]s, weakest first, are `beginner`, `casual`, `club`, `strong`, `expert`
//! and `master`. The two weakest do not search to a budget: they score every legal move with
//! a shallow look ([`Weakening`]) and add a random amount of up to ± a few stones to each
//! score before taking the best, so that they make the mistakes a person can punish. The
//! randomness comes from the caller as one 64-bit word a move (the crate owns no generator);
//! with the same word the move is the same. The others search to a node budget (the same
//! strength on every machine) and `master` for a second a move (full strength).
//!
//! ```
//! use boardgame_engine::spec::{Budget, EngineSpec, Level};
//!
//! assert_eq!("engine:nodes=20000".parse(), Ok(EngineSpec::Budget(Budget::Nodes(20_000))));
//! assert_eq!("engine:level=club".parse(), Ok(EngineSpec::Level(Level::Club)));
//! assert_eq!(Level::Master.play().budget, Budget::Millis(1_000));
//! let error = "engine:level=grandmaster".parse::<EngineSpec>().unwrap_err();
//! assert!(error.to_string().contains("engine:level=L"), "{error}");
//! ```

use core::fmt;
use core::str::FromStr;
use core::time::Duration;

use ataxx::{Ataxx, Move};
use boardgame_core::clock::Clock;
use boardgame_core::{Game, Turn};
use boardgame_io::quote;

use crate::search::{Limits, MAX_PLY, Report, Searcher, TimeLimits, WIN};

/// The transposition table of an engine bot, in MiB: `boardgame-uai`'s default `Hash`, so
/// that `engine:nodes=N` plays the move `boardgame-uai` plays after `go nodes N`.
pub const DEFAULT_HASH_MB: usize = 16;

/// The largest node budget of `engine:nodes=N`: 10¹² (as `boardgame_search::bots::MAX_NODES`).
pub const MAX_NODES: u64 = 1_000_000_000_000;

/// The longest time budget of `engine:ms=T`, in milliseconds (a day).
pub const MAX_MILLIS: u64 = 86_400_000;

/// The deepest `engine:depth=D`.
pub const MAX_DEPTH: u32 = MAX_PLY as u32 - 2;

/// The forms of an engine spec (the end of every [`EngineSpecError`]).
pub const ENGINE_FORMS: &str = "engine:level=L (L is beginner, casual, club, strong, \
    expert or master, weakest first), engine:nodes=N (N nodes a move, at most 10^12), \
    engine:ms=T (T milliseconds a move, at most a day) or engine:depth=D (D plies, at most 126)";

/// A named strength, for people: weakest first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Picks among the moves that look best one move ahead, blurred by up to two stones: a
    /// person who has just learnt the rules can beat it (it loses most games to `greedy`).
    Beginner,
    /// Looks at the reply too, blurred by up to three stones (a little stronger than
    /// `greedy`).
    Casual,
    /// A small search: 200 nodes a move.
    Club,
    /// 1 000 nodes a move.
    Strong,
    /// 10 000 nodes a move.
    Expert,
    /// Full strength: a second a move.
    Master,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 6] = [
        Level::Beginner,
        Level::Casual,
        Level::Club,
        Level::Strong,
        Level::Expert,
        Level::Master,
    ];

    /// The level's name in a spec (`engine:level=NAME`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Casual => "casual",
            Level::Club => "club",
            Level::Strong => "strong",
            Level::Expert => "expert",
            Level::Master => "master",
        }
    }

    /// The level's name for a menu (`Beginner` …).
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Casual => "Casual",
            Level::Club => "Club",
            Level::Strong => "Strong",
            Level::Expert => "Expert",
            Level::Master => "Master",
        }
    }

    /// How the level plays (the tables of `docs/engine.md`, "Engine specs and levels").
    #[must_use]
    pub const fn play(self) -> Play {
        match self {
            Level::Beginner => Play {
                budget: Budget::Depth(1),
                weakening: Some(Weakening {
                    depth: 0,
                    noise: 200,
                }),
            },
            Level::Casual => Play {
                budget: Budget::Depth(2),
                weakening: Some(Weakening {
                    depth: 1,
                    noise: 300,
                }),
            },
            Level::Club => Play::plain(Budget::Nodes(200)),
            Level::Strong => Play::plain(Budget::Nodes(1_000)),
            Level::Expert => Play::plain(Budget::Nodes(10_000)),
            Level::Master => Play::plain(Budget::Millis(1_000)),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How long the engine searches a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Budget {
    /// This many nodes (exactly this many at most, with one thread).
    Nodes(u64),
    /// This many milliseconds on the caller's clock.
    Millis(u64),
    /// To this depth.
    Depth(u32),
}

/// The deliberate mistakes of the weak levels: every legal move is scored by a search of
/// `depth` plies after it (0: the evaluation of the position it leads to), a uniform random
/// amount in `-noise..=noise` hundredths of a stone is added to each score, and the move with
/// the best sum is played. A move that wins or loses the game outright is not blurred.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Weakening {
    /// Plies searched after each move (0: its position's evaluation).
    pub depth: u32,
    /// The largest random change to a move's score, in hundredths of a stone.
    pub noise: i32,
}

/// How the engine plays a move: its search budget and, for the weak levels, the weakening
/// that replaces the search.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Play {
    /// The search budget (with a weakening: the depth the move's scores reach, for show).
    pub budget: Budget,
    /// The weakening, if any.
    pub weakening: Option<Weakening>,
}

impl Play {
    /// A full-strength search within `budget`.
    #[must_use]
    pub const fn plain(budget: Budget) -> Play {
        Play {
            budget,
            weakening: None,
        }
    }

    /// The table a bot playing this needs, in MiB: [`DEFAULT_HASH_MB`] for a search (so that
    /// `engine:nodes=N` plays `boardgame-uai`'s move), 1 for a weakening, whose shallow
    /// searches fill little of it (and a bot clears its table before every move).
    #[must_use]
    pub const fn hash_megabytes(&self) -> usize {
        if self.weakening.is_some() {
            1
        } else {
            DEFAULT_HASH_MB
        }
    }

    /// Whether the move depends on a clock (a time budget).
    #[must_use]
    pub const fn needs_clock(&self) -> bool {
        matches!(self.budget, Budget::Millis(_))
    }

    /// Whether the move depends on the caller's random word (a weakening).
    #[must_use]
    pub const fn is_random(&self) -> bool {
        self.weakening.is_some()
    }

    /// The search limits of the budget, time read on `clock` from now.
    #[must_use]
    pub fn limits(&self, clock: Clock) -> Limits {
        match self.budget {
            Budget::Nodes(n) => Limits::nodes(n),
            Budget::Depth(d) => Limits::depth(d),
            Budget::Millis(ms) => Limits {
                time: Some(TimeLimits::movetime(clock, Duration::from_millis(ms))),
                ..Limits::default()
            },
        }
    }

    /// Plays a move of `position` with `searcher`: a search within [`Play::limits`]
    /// (reporting each finished iteration to `on_iteration`), or, with a weakening, the
    /// blurred choice of [`Weakening`] drawn from `random` (reported once, with the chosen
    /// move's score before the noise and its line). The searcher's table is used as it is:
    /// clear it first ([`Searcher::clear`]) for the move `boardgame-uai` plays after
    /// `uainewgame`.
    pub fn choose(
        &self,
        searcher: &mut Searcher,
        position: &Ataxx,
        clock: Clock,
        random: u64,
        mut on_iteration: impl FnMut(&Report),
    ) -> Report {
        match self.weakening {
            None => searcher.search(position, &self.limits(clock), on_iteration),
            Some(weakening) => {
                let report = weakening.choose(searcher, position, random);
                on_iteration(&report);
                report
            }
        }
    }
}

impl Weakening {
    /// The blurred choice (see [`Weakening`]) in `position`, with noise drawn from `random`.
    #[must_use]
    pub fn choose(&self, searcher: &mut Searcher, position: &Ataxx, random: u64) -> Report {
        let mut report = Report {
            best: Move::Pass,
            score: 0,
            depth: self.depth + 1,
            seldepth: self.depth + 1,
            nodes: 0,
            pv: Vec::new(),
            hashfull: 0,
        };
        if !matches!(position.turn(), Turn::Player(_)) || position.must_pass() {
            // Over (no move) or a forced pass: the search answers those at once.
            return searcher.search(position, &Limits::depth(1), |_| {});
        }
        let noise = i64::from(self.noise.max(0));
        let mut best: Option<(i64, i32, Move, Vec<Move>)> = None;
        for (index, mv) in position.legal_moves_vec().into_iter().enumerate() {
            let mut child = position.clone();
            child.make_move(mv);
            let (score, line) = self.score(searcher, &child, &mut report.nodes);
            let score = -score;
            let decided = score.abs() > WIN - 1_000;
            let blur = if decided || noise == 0 {
                0
            } else {
                let word = mix(random ^ mix(index as u64 + 1));
                (word % (2 * noise as u64 + 1)) as i64 - noise
            };
            let blurred = i64::from(score) + blur;
            if best.as_ref().is_none_or(|(b, ..)| blurred > *b) {
                let mut pv = vec![mv];
                pv.extend(line);
                best = Some((blurred, score, mv, pv));
            }
        }
        if let Some((_, score, mv, pv)) = best {
            report.best = mv;
            report.score = score;
            report.pv = pv;
        }
        report
    }

    /// The score of `child` for its side to move, by a search of `self.depth` plies (its
    /// evaluation at 0), and the line.
    fn score(&self, searcher: &mut Searcher, child: &Ataxx, nodes: &mut u64) -> (i32, Vec<Move>) {
        *nodes += 1;
        if !matches!(child.turn(), Turn::Player(_)) {
            let report = searcher.search(child, &Limits::depth(1), |_| {});
            return (report.score, Vec::new());
        }
        if child.must_pass() {
            // The side to move passes; the score is the other side's, after the pass.
            let mut after = child.clone();
            after.make_move(Move::Pass);
            let (score, mut line) = self.score(searcher, &after, nodes);
            line.insert(0, Move::Pass);
            return (-score, line);
        }
        if self.depth == 0 {
            return (searcher.evaluation().evaluate(child), Vec::new());
        }
        let report = searcher.search(child, &Limits::depth(self.depth), |_| {});
        *nodes += report.nodes;
        (report.score, report.pv)
    }
}

/// SplitMix64's finaliser: a well-mixed 64-bit word from any word (the noise of a
/// [`Weakening`], from the caller's random word and the move's index).
#[must_use]
pub const fn mix(word: u64) -> u64 {
    let mut z = word.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A parsed engine spec (see the [module](self)).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EngineSpec {
    /// `engine:nodes=N`, `engine:ms=T` or `engine:depth=D`: full strength within a budget.
    Budget(Budget),
    /// `engine:level=L`.
    Level(Level),
}

impl EngineSpec {
    /// How the spec plays.
    #[must_use]
    pub const fn play(self) -> Play {
        match self {
            EngineSpec::Budget(budget) => Play::plain(budget),
            EngineSpec::Level(level) => level.play(),
        }
    }
}

impl fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineSpec::Budget(Budget::Nodes(n)) => write!(f, "engine:nodes={n}"),
            EngineSpec::Budget(Budget::Millis(ms)) => write!(f, "engine:ms={ms}"),
            EngineSpec::Budget(Budget::Depth(d)) => write!(f, "engine:depth={d}"),
            EngineSpec::Level(level) => write!(f, "engine:level={level}"),
        }
    }
}

/// An engine spec that could not be read: what was wrong, then the accepted forms
/// ([`ENGINE_FORMS`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpecError {
    /// What was wrong, with the spec quoted short.
    pub why: String,
}

impl fmt::Display for EngineSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}; the forms are {ENGINE_FORMS}", self.why)
    }
}

impl core::error::Error for EngineSpecError {}

impl FromStr for EngineSpec {
    type Err = EngineSpecError;

    fn from_str(spec: &str) -> Result<EngineSpec, EngineSpecError> {
        let bad = |why: &str| EngineSpecError {
            why: format!("bad engine spec {}: {why}", quote(spec.trim())),
        };
        let rest = spec
            .trim()
            .strip_prefix("engine:")
            .ok_or_else(|| bad("it does not start with engine:"))?;
        let (key, value) = rest
            .split_once('=')
            .ok_or_else(|| bad("expected KEY=VALUE after engine:"))?;
        let (key, value) = (key.trim(), value.trim());
        if key == "level" {
            return Level::ALL
                .into_iter()
                .find(|level| level.name() == value)
                .map(EngineSpec::Level)
                .ok_or_else(|| {
                    bad(&format!(
                        "no level {} (beginner, casual, club, strong, expert, master)",
                        quote(value)
                    ))
                });
        }
        let max = match key {
            "nodes" => MAX_NODES,
            "ms" => MAX_MILLIS,
            "depth" => u64::from(MAX_DEPTH),
            _ => return Err(bad(&format!("unknown limit {}", quote(key)))),
        };
        let number: u64 = value
            .parse()
            .map_err(|_| bad(&format!("{key}={} is not a whole number", quote(value))))?;
        if !(1..=max).contains(&number) {
            return Err(bad(&format!("{key} must be 1 to {max}")));
        }
        Ok(EngineSpec::Budget(match key {
            "nodes" => Budget::Nodes(number),
            "ms" => Budget::Millis(number),
            _ => Budget::Depth(number as u32),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(spec: &str) -> Result<EngineSpec, String> {
        spec.parse::<EngineSpec>().map_err(|e| e.to_string())
    }

    #[test]
    fn every_form_parses_and_prints_back() {
        for (text, spec) in [
            ("engine:nodes=1", EngineSpec::Budget(Budget::Nodes(1))),
            (
                "engine:nodes=1000000000000",
                EngineSpec::Budget(Budget::Nodes(MAX_NODES)),
            ),
            ("engine:ms=250", EngineSpec::Budget(Budget::Millis(250))),
            ("engine:depth=126", EngineSpec::Budget(Budget::Depth(126))),
            ("engine:level=beginner", EngineSpec::Level(Level::Beginner)),
            ("engine:level=master", EngineSpec::Level(Level::Master)),
        ] {
            assert_eq!(parse(text), Ok(spec), "{text}");
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!(
            parse(" engine:level=club "),
            Ok(EngineSpec::Level(Level::Club))
        );
        let names: Vec<_> = Level::ALL.iter().map(|l| l.name()).collect();
        assert_eq!(
            names,
            ["beginner", "casual", "club", "strong", "expert", "master"]
        );
        for level in Level::ALL {
            assert_eq!(
                parse(&format!("engine:level={level}")),
                Ok(EngineSpec::Level(level))
            );
            assert!(ENGINE_FORMS.contains(level.name()));
        }
    }

    #[test]
    fn master_is_full_strength_for_a_second_and_the_weak_levels_blur() {
        assert_eq!(Level::Master.play(), Play::plain(Budget::Millis(1_000)));
        assert!(Level::Master.play().needs_clock());
        assert!(Level::Beginner.play().is_random() && Level::Casual.play().is_random());
        for level in [Level::Club, Level::Strong, Level::Expert] {
            let play = level.play();
            assert!(!play.is_random() && !play.needs_clock(), "{level}");
        }
        // The node budgets grow with the level.
        let nodes: Vec<u64> = [Level::Club, Level::Strong, Level::Expert]
            .iter()
            .filter_map(|l| match l.play().budget {
                Budget::Nodes(n) => Some(n),
                _ => None,
            })
            .collect();
        assert!(nodes.len() == 3 && nodes.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn bad_specs_say_why_and_list_the_forms() {
        for (bad, says) in [
            ("engine:nodes=0", "nodes must be 1 to 1000000000000"),
            ("engine:depth=127", "depth must be 1 to 126"),
            ("engine:ms=86400001", "ms must be 1 to 86400000"),
            ("engine:nodes=-1", "is not a whole number"),
            ("engine:nodes=1e6", "is not a whole number"),
            ("engine:speed=3", "unknown limit \"speed\""),
            (
                "engine:level=Master",
                "no level \"Master\" (beginner, casual",
            ),
            ("engine:level=", "no level"),
            ("engine:nodes", "expected KEY=VALUE"),
            ("engine:nodes=5:ms=3", "is not a whole number"),
            ("mcts:iters=5", "does not start with engine:"),
            ("", "does not start with engine:"),
        ] {
            let error = parse(bad).unwrap_err();
            assert!(error.contains(says), "{bad}: {error}");
            assert!(error.ends_with(ENGINE_FORMS), "{bad}: {error}");
        }
        let huge = format!("engine:nodes={}", "9".repeat(10 << 20));
        assert!(parse(&huge).unwrap_err().len() < 300 + ENGINE_FORMS.len());
    }

    #[test]
    fn the_weak_levels_blur_the_same_way_from_the_same_word_but_never_a_win() {
        let mut searcher = Searcher::new(1).unwrap();
        let start = Ataxx::default();
        let beginner = Level::Beginner.play();
        let frozen: Clock = || 0;
        let moves: Vec<Move> = (0..24)
            .map(|word| {
                let report = beginner.choose(&mut searcher, &start, frozen, word, |_| {});
                assert_eq!(
                    report.best,
                    beginner
                        .choose(&mut searcher, &start, frozen, word, |_| {})
                        .best
                );
                assert!(start.is_legal_move(report.best));
                assert_eq!(report.pv.first(), Some(&report.best));
                report.best
            })
            .collect();
        let distinct = moves.iter().filter(|&&m| m != moves[0]).count();
        assert!(distinct > 0, "24 words, one move: {moves:?}");
        // x to move takes o's last stone with d4: no noise hides a win.
        let won: Ataxx = "x6/7/4o2/7/2x4/7/7 x 0 1".parse().unwrap();
        for level in [Level::Beginner, Level::Casual] {
            for word in 0..16 {
                let report = level
                    .play()
                    .choose(&mut searcher, &won, frozen, word, |_| {});
                assert_eq!(report.best.to_string(), "d4", "{level} {word}");
            }
        }
    }

    #[test]
    fn mixing_spreads_the_words() {
        assert_ne!(mix(0), 0);
        assert_ne!(mix(1), mix(2));
        assert_eq!(mix(7), mix(7));
    }
}
