//! `boardgame simulate`: N seeded uniform-random games, summarised, in memory that does not
//! grow with N (count histograms for the statistics, a bounded reorder buffer for records).

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::ops::Range;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use boardgame_core::driver::{Finish, UniformRandom, game_seed, play_out, playout, rng_from_seed};
use boardgame_core::{RecordLine, Seat};
use clap::Args;

use crate::config::{RuleArgs, settings_of};
use crate::error::{CliError, data, usage};
use crate::games::{CliGame, GameKind, with_game};
use crate::records::{Cut, RecordWriter};
use crate::summary::{RunId, RunSummary, Tally, Timing};

/// The most worker threads `--threads` accepts.
pub(crate) const MAX_THREADS: usize = 256;

/// Options of `simulate`.
#[derive(Debug, Args)]
pub(crate) struct SimulateArgs {
    /// The game.
    pub(crate) game: GameKind,
    /// How many games to play (in the whole run, over every shard).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) games: u64,
    /// The master seed; game i is seeded from (seed, i).
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
    #[command(flatten)]
    pub(crate) rules: RuleArgs,
    /// Worker threads, 1..=256 (results do not depend on it). Default: all cores.
    #[arg(long, value_parser = parse_threads)]
    pub(crate) threads: Option<usize>,
    /// Cut games after this many moves, at least 1 (default: the game's own length bound,
    /// or 100000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) max_plies: Option<u64>,
    /// Play only shard K of N (K = 1..=N): the K-th of N contiguous ranges of game indices
    /// of the same --games/--seed run. `boardgame merge` combines the shards' --json summaries.
    #[arg(long, value_name = "K/N")]
    pub(crate) shard: Option<Shard>,
    /// Write every game's record to FILE, one JSON object per line, in game order (each
    /// line carries the game's index). FILE appears whole when the run ends (written beside
    /// it meanwhile; a regular file or nothing is replaced, through links); `/dev/null`
    /// discards them; `-` writes them to standard output as they finish (the summary then
    /// goes to standard error).
    #[arg(long, value_name = "FILE")]
    pub(crate) records: Option<PathBuf>,
    /// Print the summary as one JSON object (with the histograms `merge` needs).
    #[arg(long)]
    pub(crate) json: bool,
    /// No progress bar.
    #[arg(long)]
    pub(crate) quiet: bool,
}

/// `--threads`: a number of worker threads within `1..=MAX_THREADS`.
pub(crate) fn parse_threads(text: &str) -> Result<usize, String> {
    let threads: usize = text
        .parse()
        .map_err(|_| format!("expected a number of threads 1..={MAX_THREADS}"))?;
    if (1..=MAX_THREADS).contains(&threads) {
        Ok(threads)
    } else {
        Err(format!(
            "{threads} threads is out of range: use 1..={MAX_THREADS}"
        ))
    }
}

/// Shard K of N of a run (1-based): a contiguous range of game indices.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Shard {
    /// Which shard, 1..=count.
    pub(crate) index: u64,
    /// How many shards.
    pub(crate) count: u64,
}

impl Shard {
    /// The game indices of this shard in a run of `games` games: shard K of N plays
    /// `(K-1)·games/N .. K·games/N` (rounded down), so the shards tile `0..games` in order.
    pub(crate) fn range(self, games: u64) -> Range<u64> {
        let at = |k: u64| (u128::from(games) * u128::from(k) / u128::from(self.count)) as u64;
        at(self.index - 1)..at(self.index)
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let expected = || {
            format!(
                "expected K/N with 1 <= K <= N, like 2/8; got {}",
                boardgame_io::quote(text)
            )
        };
        let (k, n) = text.split_once('/').ok_or_else(expected)?;
        // Plain digits only: `+1/+2` is no shard.
        let number = |part: &str| {
            let part = part.trim();
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(expected());
            }
            part.parse::<u64>().map_err(|_| expected())
        };
        let (index, count) = (number(k)?, number(n)?);
        if index == 0 || index > count {
            return Err(expected());
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Runs `simulate`.
pub(crate) fn run(args: &SimulateArgs) -> Result<(), CliError> {
    with_game!(args.game, G => simulate::<G>(args))
}

fn simulate<G: CliGame>(args: &SimulateArgs) -> Result<(), CliError> {
    let config: G::Config = args.rules.build()?;
    let start = G::new(config.clone()).map_err(usage)?;
    let players = start.num_seats();
    let max_plies = args
        .max_plies
        .unwrap_or_else(|| G::default_max_plies(&config));
    let range = match args.shard {
        Some(shard) if shard.count > args.games => {
            return Err(usage(format!(
                "--shard {shard}: {} shards for {} games leaves some shards empty; use at most {} shards",
                shard.count, args.games, args.games
            )));
        }
        Some(shard) => shard.range(args.games),
        None => 0..args.games,
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = args
        .threads
        .unwrap_or(cores)
        .min(usize::try_from(range.end - range.start).unwrap_or(usize::MAX))
        .max(1);
    // Open the records output before the first game, so a bad path fails at once.
    let records = match &args.records {
        Some(path) => Some(
            boardgame_io::write::Stream::create(path)
                .map_err(|e| data(format!("{}: {e}", boardgame_io::quote_path(path))))?,
        ),
        None => None,
    };
    let records_to_stdout = matches!(records, Some(boardgame_io::write::Stream::Stdout(_)));
    let show_progress = !args.json && !args.quiet && std::io::stderr().is_terminal();

    let batch = Batch {
        start: &start,
        seed: args.seed,
        max_plies,
        range: range.clone(),
        players,
    };
    let began = Instant::now();
    let path = args
        .records
        .as_deref()
        .unwrap_or_else(|| "records".as_ref());
    let write_error = |e: std::io::Error, written: u64| {
        if records_to_stdout {
            data(format!(
                "{}: {e}; the first {written} records were written, each whole",
                boardgame_io::quote_path(path)
            ))
        } else {
            data(format!(
                "{}: {e}; no record is written: the file is as it was",
                boardgame_io::quote_path(path)
            ))
        }
    };
    let (tally, threads, records) =
        batch
            .run(threads, records, show_progress)
            .map_err(|e| match e {
                BatchError::Write(e, written) => write_error(e, written),
                BatchError::Spawn(e) => data(format!("cannot start a worker thread: {e}")),
            })?;
    if let Some((stream, written)) = records {
        stream.finish().map_err(|e| write_error(e, written))?;
    }
    let seconds = began.elapsed().as_secs_f64();

    let run = RunId {
        game: G::KIND.name().into(),
        games: args.games,
        seed: args.seed,
        players,
        seat_names: Seat::first(players).map(|s| start.seat_name(s)).collect(),
        preset: args.rules.preset_name::<G::Config>(),
        settings: settings_of(&config),
        max_plies_guard: max_plies,
    };
    let summary = RunSummary::new(
        run,
        args.shard.map(|s| s.to_string()),
        range,
        tally,
        Timing {
            threads,
            seconds,
            merged: 0,
        },
    );
    // With the records on standard output, the summary goes to standard error.
    let mut out: Box<dyn Write> = if records_to_stdout {
        Box::new(std::io::stderr().lock())
    } else {
        Box::new(std::io::stdout().lock())
    };
    let printed = if args.json {
        let json = serde_json::to_string(&summary).map_err(data)?;
        writeln!(out, "{json}")
    } else {
        writeln!(out, "{}", summary.text()).and_then(|()| match &args.records {
            Some(path) => writeln!(out, "records: {}", boardgame_io::quote_path(path)),
            None => Ok(()),
        })
    };
    crate::error::stdout_result(printed)
}

/// A set of games to play: games `range` of the run seeded with `seed`.
struct Batch<'a, G> {
    start: &'a G,
    seed: u64,
    max_plies: u64,
    range: Range<u64>,
    players: usize,
}

/// What a batch did: its tally, how many workers ran, and its records output with the
/// number of records written to it.
type Played<W> = (Tally, usize, Option<(W, u64)>);

enum BatchError {
    /// A failed write, and how many records the file holds.
    Write(std::io::Error, u64),
    Spawn(std::io::Error),
}

/// Finished records waiting for the games before them, and where they go.
struct Reorder<W> {
    /// The index of the next record to write.
    next: u64,
    /// Records of games after `next`, by index (at most `window` of them).
    pending: BTreeMap<u64, String>,
    out: RecordWriter<W>,
    failed: Option<std::io::Error>,
}

impl<G: CliGame> Batch<'_, G> {
    /// Plays the games on up to `threads` workers; returns their tally and how many workers
    /// ran. With `records`, each game's record is written as soon as every game before it
    /// has been written; a worker does not start a game more than a window of games ahead
    /// of the next record to write, so at most that window of records is ever held.
    fn run<W: Cut + Send>(
        &self,
        threads: usize,
        records: Option<W>,
        show_progress: bool,
    ) -> Result<Played<W>, BatchError> {
        let window = (16 * threads as u64).max(64);
        let reorder = records.map(|out| {
            (
                Mutex::new(Reorder {
                    next: self.range.start,
                    pending: BTreeMap::new(),
                    out: RecordWriter::new(out),
                    failed: None,
                }),
                Condvar::new(),
            )
        });
        let next = AtomicU64::new(self.range.start);
        let done = AtomicU64::new(0);
        let stop = AtomicBool::new(false);
        let work = || {
            let mut tally = Tally::new(self.players);
            while !stop.load(Ordering::Relaxed) {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= self.range.end {
                    break;
                }
                let seed = game_seed(self.seed, index);
                let mut rng = rng_from_seed(seed);
                let Some((lock, room)) = &reorder else {
                    let mut state = self.start.clone();
                    let finish = play_out(&mut state, &mut UniformRandom, &mut rng, self.max_plies);
                    tally.add(&finish);
                    done.fetch_add(1, Ordering::Relaxed);
                    continue;
                };
                {
                    let mut queue = lock.lock().unwrap_or_else(PoisonError::into_inner);
                    while index >= queue.next + window && queue.failed.is_none() {
                        queue = room.wait(queue).unwrap_or_else(PoisonError::into_inner);
                    }
                    if queue.failed.is_some() {
                        break;
                    }
                }
                let game = playout(
                    self.start.clone(),
                    &mut UniformRandom,
                    &mut rng,
                    self.max_plies,
                );
                tally.add(&Finish {
                    end: game.end,
                    plies: game.plies,
                    rolls: game.rolls,
                });
                let line = RecordLine {
                    index: Some(index),
                    ..RecordLine::<G>::new(game.record, Some(seed))
                };
                let json = serde_json::to_string(&line);
                let mut queue = lock.lock().unwrap_or_else(PoisonError::into_inner);
                let json = match json {
                    Ok(json) => json,
                    Err(e) => {
                        // A bug, reported as a failed write rather than a panic.
                        queue.failed.get_or_insert(std::io::Error::other(format!(
                            "a record cannot be written as JSON: {e}"
                        )));
                        stop.store(true, Ordering::Relaxed);
                        room.notify_all();
                        break;
                    }
                };
                queue.pending.insert(index, json);
                let queue = &mut *queue;
                while let Some(json) = queue.pending.remove(&queue.next) {
                    if queue.failed.is_none()
                        && let Err(e) = queue.out.push(&json)
                    {
                        queue.failed = Some(e);
                        stop.store(true, Ordering::Relaxed);
                    }
                    queue.next += 1;
                }
                room.notify_all();
                done.fetch_add(1, Ordering::Relaxed);
            }
            tally
        };

        let (tally, workers) = std::thread::scope(|scope| {
            let mut handles = Vec::with_capacity(threads);
            for number in 0..threads {
                match std::thread::Builder::new()
                    .name(format!("simulate-{number}"))
                    .spawn_scoped(scope, work)
                {
                    Ok(handle) => handles.push(handle),
                    // Fewer workers than asked for: go on with those that started.
                    Err(error) if !handles.is_empty() => {
                        eprintln!(
                            "boardgame: started {} of {threads} threads ({error}); going on with those",
                            handles.len()
                        );
                        break;
                    }
                    Err(error) => return Err(BatchError::Spawn(error)),
                }
            }
            if show_progress {
                progress(&handles, &done, self.range.end - self.range.start);
            }
            let workers = handles.len();
            let mut tally = Tally::new(self.players);
            for handle in handles {
                let part = handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                tally.merge(&part);
            }
            Ok((tally, workers))
        })?;
        let Some((lock, _)) = reorder else {
            return Ok((tally, workers, None));
        };
        let mut queue = lock.into_inner().unwrap_or_else(PoisonError::into_inner);
        if let Some(e) = queue.failed.take() {
            return Err(BatchError::Write(e, queue.out.written()));
        }
        if let Err(e) = queue.out.flush() {
            return Err(BatchError::Write(e, queue.out.written()));
        }
        let written = queue.out.written();
        Ok((tally, workers, Some((queue.out.into_inner(), written))))
    }
}

fn progress<T>(workers: &[std::thread::ScopedJoinHandle<'_, T>], done: &AtomicU64, games: u64) {
    let bar = indicatif::ProgressBar::new(games);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} games ({per_sec}, eta {eta})",
        )
        .expect("valid template"),
    );
    while workers.iter().any(|w| !w.is_finished()) {
        bar.set_position(done.load(Ordering::Relaxed));
        std::thread::sleep(Duration::from_millis(100));
    }
    bar.finish_and_clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_tile_the_games_in_order() {
        for games in [1u64, 2, 7, 10, 1000, u64::MAX] {
            for count in [1u64, 2, 3, 7] {
                if count > games {
                    continue;
                }
                let mut expected_start = 0;
                for index in 1..=count {
                    let range = Shard { index, count }.range(games);
                    assert_eq!(range.start, expected_start, "{index}/{count} of {games}");
                    assert!(!range.is_empty());
                    expected_start = range.end;
                }
                assert_eq!(expected_start, games);
            }
        }
    }

    #[test]
    fn shard_specs_parse_and_bad_ones_are_refused() {
        assert_eq!("2/3".parse(), Ok(Shard { index: 2, count: 3 }));
        for bad in [
            "0/3", "4/3", "3", "a/b", "1/0", "", "+1/+2", "1/+2", "-1/2", "1/",
        ] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn threads_are_bounded() {
        assert_eq!(parse_threads("1"), Ok(1));
        assert_eq!(parse_threads("256"), Ok(256));
        assert!(parse_threads("0").is_err());
        assert!(parse_threads("2000").is_err());
        assert!(parse_threads("many").is_err());
    }

    #[test]
    fn records_come_out_in_game_order_whatever_the_threads() {
        use boardgame_core::Game;
        use boardgame_core::toy::{Race, RaceConfig};
        let start = Race::new(RaceConfig {
            seats: 2,
            length: 30,
        })
        .unwrap();
        let batch = Batch {
            start: &start,
            seed: 3,
            max_plies: 10_000,
            range: 5..305,
            players: 2,
        };
        let mut outputs = Vec::new();
        for threads in [1, 4] {
            let mut buffer = Vec::new();
            let (tally, _, _) = batch
                .run(threads, Some(&mut buffer), false)
                .unwrap_or_else(|_| panic!("the batch runs"));
            assert_eq!(tally.games(), 300);
            outputs.push((String::from_utf8(buffer).unwrap(), tally));
        }
        assert_eq!(outputs[0], outputs[1]);
        let indices: Vec<u64> = outputs[0]
            .0
            .lines()
            .map(|line| {
                serde_json::from_str::<serde_json::Value>(line).unwrap()["index"]
                    .as_u64()
                    .unwrap()
            })
            .collect();
        assert_eq!(indices, (5..305).collect::<Vec<_>>());
    }
}
