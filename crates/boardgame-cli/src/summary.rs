//! The summary of a `simulate` run (or of one shard of it): the counts it was computed from,
//! how to print it, and how summaries of the shards of one run merge into the whole.

use std::collections::BTreeMap;
use std::ops::Range;

use boardgame_core::driver::{End, Finish};
use serde::{Deserialize, Serialize};

use crate::stats::Histogram;

/// The counts of a set of games: everything the statistics are computed from. Tallies of
/// disjoint sets of games add up to the tally of their union.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    /// Moves per game.
    pub(crate) plies: Histogram,
    /// Chance outcomes per game.
    pub(crate) rolls: Histogram,
    /// Games won by each seat.
    pub(crate) wins: Vec<u64>,
    /// Games drawn.
    pub(crate) draws: u64,
    /// Games cut by the ply guard.
    pub(crate) truncated: u64,
}

impl Tally {
    /// An empty tally for `players` seats.
    pub(crate) fn new(players: usize) -> Tally {
        Tally {
            wins: vec![0; players],
            ..Tally::default()
        }
    }

    /// Counts one finished game.
    pub(crate) fn add(&mut self, finish: &Finish) {
        self.plies.add(finish.plies);
        self.rolls.add(finish.rolls);
        match finish.end {
            End::Terminal(outcome) if outcome.is_draw() => self.draws += 1,
            End::Terminal(outcome) => {
                if let Some(winner) = outcome.winner() {
                    self.wins[winner.index()] += 1;
                }
            }
            End::Truncated => self.truncated += 1,
        }
    }

    /// [`merge`](Self::merge), taking `other`'s histograms whole when this tally is empty.
    pub(crate) fn merge_owned(&mut self, other: Tally) {
        self.add_results(&other);
        self.plies.merge_owned(other.plies);
        self.rolls.merge_owned(other.rolls);
    }

    /// Adds the counts of `other` (games disjoint from this tally's) to this one.
    pub(crate) fn merge(&mut self, other: &Tally) {
        self.add_results(other);
        self.plies.merge(&other.plies);
        self.rolls.merge(&other.rolls);
    }

    /// Adds the wins, draws and truncated games of `other` (saturating: counts read from
    /// tampered summaries cannot overflow).
    fn add_results(&mut self, other: &Tally) {
        if self.wins.len() < other.wins.len() {
            self.wins.resize(other.wins.len(), 0);
        }
        for (mine, theirs) in self.wins.iter_mut().zip(&other.wins) {
            *mine = mine.saturating_add(*theirs);
        }
        self.draws = self.draws.saturating_add(other.draws);
        self.truncated = self.truncated.saturating_add(other.truncated);
    }

    /// How many games were counted.
    pub(crate) fn games(&self) -> u64 {
        self.plies.total()
    }
}

/// What was run: the fields that must agree for summaries to merge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RunId {
    /// The game's command-line name.
    pub(crate) game: String,
    /// Games in the whole run (every shard).
    pub(crate) games: u64,
    /// The master seed.
    pub(crate) seed: u64,
    /// Seats.
    pub(crate) players: usize,
    /// What each seat is called.
    pub(crate) seat_names: Vec<String>,
    /// The preset the settings started from.
    pub(crate) preset: String,
    /// Every setting's value.
    pub(crate) settings: BTreeMap<String, String>,
    /// The ply guard.
    pub(crate) max_plies_guard: u64,
}

/// How long a run took, and on how many threads.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct Timing {
    /// Worker threads (summed over merged shards).
    pub(crate) threads: usize,
    /// Wall-clock seconds (summed over merged shards).
    pub(crate) seconds: f64,
    /// How many summaries were merged into this one (0: a run of its own).
    pub(crate) merged: usize,
}

/// The version of the summary format: a summary of another format is refused by `merge`.
pub(crate) const FORMAT: u32 = 2;

/// The program that wrote a summary (shards written by different builds are not merged).
pub(crate) const PROGRAM: &str = concat!("boardgame ", env!("CARGO_PKG_VERSION"));

/// The JSON summary of `simulate --json`; also what `merge` reads and writes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct RunSummary {
    /// The summary format ([`FORMAT`]; 0 when missing, in summaries written before it).
    #[serde(default)]
    pub(crate) format: u32,
    /// The program that wrote it ([`PROGRAM`]).
    #[serde(default)]
    pub(crate) program: String,
    /// What was run.
    #[serde(flatten)]
    pub(crate) run: RunId,
    /// `K/N` for shard K of N; the merged shards joined with `+` for a merge; null for a
    /// whole run.
    pub(crate) shard: Option<String>,
    /// The games summarised: indices `game_range[0]..game_range[1]` of the run.
    pub(crate) game_range: [u64; 2],
    pub(crate) mean_plies: f64,
    pub(crate) p50_plies: u64,
    pub(crate) p99_plies: u64,
    pub(crate) max_plies: u64,
    pub(crate) mean_rolls: f64,
    pub(crate) p50_rolls: u64,
    pub(crate) p99_rolls: u64,
    pub(crate) max_rolls: u64,
    pub(crate) wins: Vec<u64>,
    pub(crate) draws: u64,
    pub(crate) truncated: u64,
    /// `[length, games]` pairs: the exact distribution of plies per game.
    pub(crate) plies_histogram: Histogram,
    /// `[length, games]` pairs: the exact distribution of rolls per game.
    pub(crate) rolls_histogram: Histogram,
    pub(crate) threads: usize,
    pub(crate) seconds: f64,
    pub(crate) games_per_sec: f64,
    pub(crate) plies_per_sec: f64,
    /// How many summaries `merge` combined (`None` for a run of its own); not in the JSON,
    /// where `shard` names the merged shards.
    #[serde(skip)]
    pub(crate) merged_from: Option<usize>,
}

impl RunSummary {
    /// The summary of games `range` of `run`, counted in `tally`.
    pub(crate) fn new(
        run: RunId,
        shard: Option<String>,
        range: Range<u64>,
        tally: Tally,
        timing: Timing,
    ) -> RunSummary {
        let plies = tally.plies.summary();
        let rolls = tally.rolls.summary();
        let total_plies = tally.plies.sum() as f64;
        let games = tally.games() as f64;
        // Finite, so that the JSON never holds `null` and a merged summary merges again.
        let seconds = if timing.seconds.is_finite() {
            timing.seconds.max(0.0)
        } else {
            f64::MAX
        };
        let per_sec = |count: f64| count / seconds.max(1e-9);
        RunSummary {
            format: FORMAT,
            program: PROGRAM.to_owned(),
            run,
            shard,
            game_range: [range.start, range.end],
            mean_plies: plies.mean,
            p50_plies: plies.p50,
            p99_plies: plies.p99,
            max_plies: plies.max,
            mean_rolls: rolls.mean,
            p50_rolls: rolls.p50,
            p99_rolls: rolls.p99,
            max_rolls: rolls.max,
            wins: tally.wins,
            draws: tally.draws,
            truncated: tally.truncated,
            plies_histogram: tally.plies,
            rolls_histogram: tally.rolls,
            threads: timing.threads,
            seconds,
            games_per_sec: per_sec(games),
            plies_per_sec: per_sec(total_plies),
            merged_from: (timing.merged > 0).then_some(timing.merged),
        }
    }

    /// The counts this summary was computed from, checked against its own fields, taken
    /// out of the summary (no copy of its histograms); the summary keeps the rest.
    ///
    /// # Errors
    /// A description of the first inconsistency (a hand-edited or truncated summary).
    pub(crate) fn take_tally(&mut self) -> Result<Tally, String> {
        self.check()?;
        Ok(Tally {
            plies: std::mem::take(&mut self.plies_histogram),
            rolls: std::mem::take(&mut self.rolls_histogram),
            wins: std::mem::take(&mut self.wins),
            draws: self.draws,
            truncated: self.truncated,
        })
    }

    /// Checks the counts against the game range, the guard and the derived fields.
    fn check(&self) -> Result<(), String> {
        let [start, end] = self.game_range;
        if start > end || end > self.run.games {
            return Err(format!(
                "game_range {start}..{end} is not within the run's {} games",
                self.run.games
            ));
        }
        let expected = end - start;
        let counted = [
            ("plies_histogram", self.plies_histogram.total()),
            ("rolls_histogram", self.rolls_histogram.total()),
            (
                "wins + draws + truncated",
                self.wins
                    .iter()
                    .fold(self.draws, |sum, &w| sum.saturating_add(w))
                    .saturating_add(self.truncated),
            ),
        ];
        for (what, count) in counted {
            if count != expected {
                return Err(format!(
                    "{what} counts {count} games, but game_range {start}..{end} holds {expected}"
                ));
            }
        }
        if self.wins.len() != self.run.players {
            return Err(format!(
                "wins lists {} seats for {} players",
                self.wins.len(),
                self.run.players
            ));
        }
        if let Some(longest) = self.plies_histogram.max_value()
            && longest > self.run.max_plies_guard
        {
            return Err(format!(
                "plies_histogram has a game of {longest} plies, above the guard of {}",
                self.run.max_plies_guard
            ));
        }
        let most_rolls = max_rolls_bound(self.run.max_plies_guard);
        if let Some(longest) = self.rolls_histogram.max_value()
            && longest > most_rolls
        {
            return Err(format!(
                "rolls_histogram has a game of {longest} rolls, more than the guard of {} plies allows ({most_rolls})",
                self.run.max_plies_guard
            ));
        }
        self.check_derived()
    }

    /// Checks the fields computed from the histograms and the time against them.
    fn check_derived(&self) -> Result<(), String> {
        if !(self.seconds.is_finite() && self.seconds >= 0.0) {
            return Err(format!(
                "seconds is {}, not a finite time ≥ 0",
                self.seconds
            ));
        }
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0);
        let plies = self.plies_histogram.summary();
        let rolls = self.rolls_histogram.summary();
        let games = self.plies_histogram.total() as f64;
        let per_sec = |count: f64| count / self.seconds.max(1e-9);
        let exact = [
            ("p50_plies", self.p50_plies, plies.p50),
            ("p99_plies", self.p99_plies, plies.p99),
            ("max_plies", self.max_plies, plies.max),
            ("p50_rolls", self.p50_rolls, rolls.p50),
            ("p99_rolls", self.p99_rolls, rolls.p99),
            ("max_rolls", self.max_rolls, rolls.max),
        ];
        for (what, given, counted) in exact {
            if given != counted {
                return Err(format!(
                    "{what} is {given}, but the histogram gives {counted}"
                ));
            }
        }
        let approximate = [
            ("mean_plies", self.mean_plies, plies.mean),
            ("mean_rolls", self.mean_rolls, rolls.mean),
            ("games_per_sec", self.games_per_sec, per_sec(games)),
            (
                "plies_per_sec",
                self.plies_per_sec,
                per_sec(self.plies_histogram.sum() as f64),
            ),
        ];
        for (what, given, counted) in approximate {
            if !close(given, counted) {
                return Err(format!(
                    "{what} is {given}, but the histogram gives {counted}"
                ));
            }
        }
        Ok(())
    }

    /// The games summarised.
    pub(crate) fn range(&self) -> Range<u64> {
        self.game_range[0]..self.game_range[1]
    }

    /// The human-readable summary (what `simulate` and `merge` print without `--json`).
    pub(crate) fn text(&self) -> String {
        let run = &self.run;
        let range = self.range();
        let played = tally_games(&range);
        let mut lines = vec![format!(
            "{}: {} games, seed {}, {} players, preset {}",
            run.game, run.games, run.seed, run.players, run.preset
        )];
        if range != (0..run.games) {
            let shard = self
                .shard
                .as_deref()
                .map_or_else(String::new, |s| format!("shard {s}: "));
            lines.push(format!(
                "{shard}games {}..{} ({played} of the {} games; merge the shards for the whole run)",
                range.start, range.end, run.games
            ));
        }
        lines.push(format!(
            "length (plies): mean {:.1}  p50 {}  p99 {}  max {}",
            self.mean_plies, self.p50_plies, self.p99_plies, self.max_plies
        ));
        lines.push(format!(
            "length (rolls): mean {:.1}  p50 {}  p99 {}  max {}",
            self.mean_rolls, self.p50_rolls, self.p99_rolls, self.max_rolls
        ));
        let percent = |n: u64| 100.0 * n as f64 / played.max(1) as f64;
        let wins: Vec<String> = self
            .wins
            .iter()
            .enumerate()
            .map(|(seat, &n)| {
                let name = run
                    .seat_names
                    .get(seat)
                    .cloned()
                    .unwrap_or_else(|| format!("seat {seat}"));
                format!("{name} {n} ({:.1}%)", percent(n))
            })
            .collect();
        lines.push(format!("wins: {}", wins.join(", ")));
        lines.push(format!(
            "draws: {}   truncated by the guard ({} plies): {}",
            self.draws, run.max_plies_guard, self.truncated
        ));
        let plural = if self.threads == 1 { "" } else { "s" };
        lines.push(match self.merged_from {
            None => format!(
                "speed: {:.0} games/s, {:.0} plies/s ({:.3} s on {} thread{plural})",
                self.games_per_sec, self.plies_per_sec, self.seconds, self.threads
            ),
            Some(n) => format!(
                "speed: {:.0} games/s, {:.0} plies/s over the shards' summed time \
                 ({:.3} s on {} thread{plural} in total, merged from {n} summaries)",
                self.games_per_sec, self.plies_per_sec, self.seconds, self.threads
            ),
        });
        lines.join("\n")
    }
}

/// The most chance outcomes a game of at most `guard` plies can have: every game here
/// throws at most a few times per move (a throw that leaves no move, a bonus throw), and
/// this bound is far above that. A longer game in a summary is a tampered one.
pub(crate) fn max_rolls_bound(guard: u64) -> u64 {
    guard.saturating_add(1).saturating_mul(8)
}

fn tally_games(range: &Range<u64>) -> u64 {
    range.end - range.start
}

/// Why a summary cannot be merged by this program, if it cannot.
pub(crate) fn unreadable(summary: &RunSummary) -> Option<String> {
    (summary.format != FORMAT).then(|| {
        format!(
            "summary format {} ({}), but this program reads format {FORMAT} ({PROGRAM}): rerun the shard with this program",
            summary.format,
            if summary.program.is_empty() { "an older boardgame" } else { &summary.program }
        )
    })
}

/// Why summaries cannot be merged.
pub(crate) fn incompatibility(a: &RunId, b: &RunId) -> Option<String> {
    // The values come from the summaries' files: clipped short.
    let differ = |what: &str, x: &dyn std::fmt::Debug, y: &dyn std::fmt::Debug| {
        Some(format!(
            "different {what} ({} and {})",
            boardgame_io::clip(&format!("{x:?}")),
            boardgame_io::clip(&format!("{y:?}"))
        ))
    };
    if a.game != b.game {
        return differ("game", &a.game, &b.game);
    }
    if a.seed != b.seed {
        return differ("seed", &a.seed, &b.seed);
    }
    if a.games != b.games {
        return differ("--games", &a.games, &b.games);
    }
    if a.players != b.players {
        return differ("players", &a.players, &b.players);
    }
    if a.preset != b.preset {
        return differ("preset", &a.preset, &b.preset);
    }
    if a.settings != b.settings {
        let key = a
            .settings
            .keys()
            .chain(b.settings.keys())
            .find(|k| a.settings.get(*k) != b.settings.get(*k))
            .cloned()
            .unwrap_or_default();
        return differ(
            &format!("setting {}", boardgame_io::clip(&key)),
            &a.settings.get(&key),
            &b.settings.get(&key),
        );
    }
    if a.max_plies_guard != b.max_plies_guard {
        return differ("--max-plies", &a.max_plies_guard, &b.max_plies_guard);
    }
    if a.seat_names != b.seat_names {
        return differ("seat names", &a.seat_names, &b.seat_names);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_core::{Outcome, Seat};

    fn a_summary() -> RunSummary {
        let mut tally = Tally::new(2);
        for (i, plies) in [3u64, 9, 9, 14, 20].into_iter().enumerate() {
            let end = if i == 4 {
                End::Truncated
            } else {
                End::Terminal(Outcome::win(2, Seat::new(i % 2)))
            };
            tally.add(&Finish {
                end,
                plies,
                rolls: plies / 2,
            });
        }
        let run = RunId {
            game: "nim".into(),
            games: 5,
            seed: 1,
            players: 2,
            seat_names: vec!["a".into(), "b".into()],
            preset: "default".into(),
            settings: BTreeMap::new(),
            max_plies_guard: 20,
        };
        let timing = Timing {
            threads: 1,
            seconds: 0.5,
            merged: 0,
        };
        RunSummary::new(run, None, 0..5, tally, timing)
    }

    #[test]
    fn a_fresh_summary_passes_its_own_checks() {
        let json = serde_json::to_string(&a_summary()).unwrap();
        let read: RunSummary = serde_json::from_str(&json).unwrap();
        assert!(
            read.clone().take_tally().is_ok(),
            "{:?}",
            read.clone().take_tally()
        );
        assert!(unreadable(&read).is_none());
    }

    /// The byte ranges of the runs of digits in `text`.
    fn digit_runs(text: &str) -> Vec<(usize, usize)> {
        let bytes = text.as_bytes();
        let mut runs = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            if i > start {
                runs.push((start, i));
            } else {
                i += 1;
            }
        }
        runs
    }

    proptest::proptest! {
        /// Any one number of a summary changed: reading it either refuses it or gives a
        /// summary whose derived fields are those of its histograms, and never panics.
        #[test]
        fn a_summary_with_any_number_changed_is_refused_or_consistent(
            at in 0usize..400,
            value in proptest::prelude::any::<u64>(),
        ) {
            let json = serde_json::to_string(&a_summary()).unwrap();
            let runs = digit_runs(&json);
            let (start, end) = runs[at % runs.len()];
            let edited = format!("{}{value}{}", &json[..start], &json[end..]);
            if let Ok(summary) = serde_json::from_str::<RunSummary>(&edited)
                && let Ok(tally) = summary.clone().take_tally()
            {
                let again = RunSummary::new(
                    summary.run.clone(),
                    summary.shard.clone(),
                    summary.range(),
                    tally,
                    Timing { threads: summary.threads, seconds: summary.seconds, merged: 0 },
                );
                proptest::prop_assert_eq!(again.max_plies, summary.max_plies);
                proptest::prop_assert_eq!(again.p99_rolls, summary.p99_rolls);
                proptest::prop_assert!(summary.seconds.is_finite());
            }
        }
    }
}
