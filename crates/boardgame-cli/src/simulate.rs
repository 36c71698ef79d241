//! `boardgame simulate`: N seeded uniform-random games, summarised.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use boardgame_core::driver::{End, UniformRandom, game_seed, play_out, playout, rng_from_seed};
use boardgame_core::{Configure, Record};
use clap::Args;
use serde::{Deserialize, Serialize};

use crate::config::RuleArgs;
use crate::error::{CliError, data, usage};
use crate::games::{CliGame, GameKind, with_game};
use crate::stats::Summary;

/// Options of `simulate`.
#[derive(Debug, Args)]
pub(crate) struct SimulateArgs {
    /// The game.
    pub(crate) game: GameKind,
    /// How many games to play.
    #[arg(long, default_value_t = 1000)]
    pub(crate) games: u64,
    /// The master seed; game i is seeded from (seed, i).
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
    #[command(flatten)]
    pub(crate) rules: RuleArgs,
    /// Worker threads (results do not depend on it). Default: all cores.
    #[arg(long)]
    pub(crate) threads: Option<usize>,
    /// Cut games after this many moves (default: the game's own length bound, or 100000).
    #[arg(long)]
    pub(crate) max_plies: Option<u64>,
    /// Write every game's record to FILE, one JSON object per line.
    #[arg(long, value_name = "FILE")]
    pub(crate) records: Option<PathBuf>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub(crate) json: bool,
    /// No progress bar.
    #[arg(long)]
    pub(crate) quiet: bool,
}

/// One line of a records file: which game, which seed, and the record.
#[derive(Serialize, Deserialize)]
#[serde(bound(serialize = "G: CliGame", deserialize = "G: CliGame"))]
pub(crate) struct RecordLine<G: CliGame> {
    /// The game's name.
    pub(crate) game: String,
    /// The seed the game was played with, if seeded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) seed: Option<u64>,
    /// The record.
    pub(crate) record: Record<G>,
}

struct GameResult {
    plies: u64,
    rolls: u64,
    end: End,
    record_json: Option<String>,
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
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    if args.games == 0 {
        return Err(CliError::Usage("--games must be at least 1".into()));
    }
    let show_progress = !args.json && !args.quiet && std::io::stderr().is_terminal();
    let keep_records = args.records.is_some();

    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let began = Instant::now();
    let mut results: Vec<(u64, GameResult)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= args.games {
                            break mine;
                        }
                        let seed = game_seed(args.seed, index);
                        let mut rng = rng_from_seed(seed);
                        let result = if keep_records {
                            let game =
                                playout(start.clone(), &mut UniformRandom, &mut rng, max_plies);
                            let line = RecordLine::<G> {
                                game: G::KIND.name().into(),
                                seed: Some(seed),
                                record: game.record,
                            };
                            GameResult {
                                plies: game.plies,
                                rolls: game.rolls,
                                end: game.end,
                                record_json: Some(
                                    serde_json::to_string(&line).expect("records serialise"),
                                ),
                            }
                        } else {
                            let mut state = start.clone();
                            let finish =
                                play_out(&mut state, &mut UniformRandom, &mut rng, max_plies);
                            GameResult {
                                plies: finish.plies,
                                rolls: finish.rolls,
                                end: finish.end,
                                record_json: None,
                            }
                        };
                        mine.push((index, result));
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                })
            })
            .collect();
        if show_progress {
            let bar = indicatif::ProgressBar::new(args.games);
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
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("worker panicked"))
            .collect()
    });
    let seconds = began.elapsed().as_secs_f64();
    results.sort_unstable_by_key(|(index, _)| *index);

    if let Some(path) = &args.records {
        let file =
            std::fs::File::create(path).map_err(|e| data(format!("{}: {e}", path.display())))?;
        let mut out = std::io::BufWriter::new(file);
        for (_, result) in &results {
            let line = result.record_json.as_deref().unwrap_or_default();
            writeln!(out, "{line}").map_err(|e| data(format!("{}: {e}", path.display())))?;
        }
        out.flush()
            .map_err(|e| data(format!("{}: {e}", path.display())))?;
    }

    let plies: Vec<u64> = results.iter().map(|(_, r)| r.plies).collect();
    let rolls: Vec<u64> = results.iter().map(|(_, r)| r.rolls).collect();
    let mut wins = vec![0u64; players];
    let (mut draws, mut truncated) = (0u64, 0u64);
    for (_, result) in &results {
        match result.end {
            End::Terminal(outcome) => {
                if outcome.is_draw() {
                    draws += 1;
                } else if let Some(winner) = outcome.winner() {
                    wins[winner.index()] += 1;
                }
            }
            End::Truncated => truncated += 1,
        }
    }
    let plies_summary = Summary::of(&plies);
    let rolls_summary = Summary::of(&rolls);
    let total_plies: u64 = plies.iter().sum();
    let games_per_sec = args.games as f64 / seconds.max(1e-9);
    let plies_per_sec = total_plies as f64 / seconds.max(1e-9);
    let settings: serde_json::Map<String, serde_json::Value> = <G::Config as Configure>::SETTINGS
        .iter()
        .filter_map(|s| {
            Some((
                s.key.to_string(),
                serde_json::Value::String(config.value(s.key)?),
            ))
        })
        .collect();

    if args.json {
        let summary = serde_json::json!({
            "game": G::KIND.name(),
            "games": args.games,
            "seed": args.seed,
            "players": players,
            "preset": args.rules.preset,
            "settings": settings,
            "max_plies_guard": max_plies,
            "mean_plies": plies_summary.mean,
            "p50_plies": plies_summary.p50,
            "p99_plies": plies_summary.p99,
            "max_plies": plies_summary.max,
            "mean_rolls": rolls_summary.mean,
            "p50_rolls": rolls_summary.p50,
            "p99_rolls": rolls_summary.p99,
            "max_rolls": rolls_summary.max,
            "wins": wins,
            "draws": draws,
            "truncated": truncated,
            "threads": threads,
            "seconds": seconds,
            "games_per_sec": games_per_sec,
            "plies_per_sec": plies_per_sec,
        });
        println!("{summary}");
        return Ok(());
    }
    let preset = args.rules.preset.as_deref().unwrap_or("default");
    println!(
        "{}: {} games, seed {}, {} players, preset {preset}",
        G::KIND.name(),
        args.games,
        args.seed,
        players
    );
    println!(
        "length (plies): mean {:.1}  p50 {}  p99 {}  max {}",
        plies_summary.mean, plies_summary.p50, plies_summary.p99, plies_summary.max
    );
    println!(
        "length (rolls): mean {:.1}  p50 {}  p99 {}  max {}",
        rolls_summary.mean, rolls_summary.p50, rolls_summary.p99, rolls_summary.max
    );
    let win_parts: Vec<String> = wins
        .iter()
        .enumerate()
        .map(|(seat, &n)| {
            let name = start.seat_name(boardgame_core::Seat::new(seat));
            format!("{name} {n} ({:.1}%)", 100.0 * n as f64 / args.games as f64)
        })
        .collect();
    println!("wins: {}", win_parts.join(", "));
    println!("draws: {draws}   truncated by the guard ({max_plies} plies): {truncated}");
    println!(
        "speed: {games_per_sec:.0} games/s, {plies_per_sec:.0} plies/s ({seconds:.3} s on {threads} thread{})",
        if threads == 1 { "" } else { "s" }
    );
    if let Some(path) = &args.records {
        println!("records: {}", path.display());
    }
    Ok(())
}
