//! `boardgame arena`: bots play each other over seeded games with rotating seats; scores with
//! Wilson intervals and, for two bots, an Elo difference.

use std::time::Instant;

use boardgame_core::driver::{ChaCha8Rng, below, game_seed, rng_from_seed, sample};
use boardgame_core::{Configure, Outcome, Seat, Turn};
use clap::Args;

use crate::bots::{self, Bot, BotSpec};
use crate::config::RuleArgs;
use crate::error::{CliError, data, print_text, usage};
use crate::games::CliGame;
use crate::games::{GameKind, with_game};
use crate::parallel::{fold_indexed, thread_count};
use crate::simulate::parse_threads;

/// Options of `arena`.
#[derive(Debug, Args)]
#[command(
    after_help = "Seats rotate: in game i the bot listed at position k sits at seat \
    (k + i) mod players, so with a multiple of the player count every bot plays every seat \
    equally often. Game i is seeded from (seed, i): with iteration, node or depth budgets the \
    results do not depend on --threads. Time budgets (ms=T) cannot be reproduced."
)]
pub(crate) struct ArenaArgs {
    /// The game.
    pub(crate) game: GameKind,
    /// One bot spec per seat, comma-separated, in seat order (a spec may repeat), e.g.
    /// `mcts:iters=800,greedy`. A bad spec gets an error listing the accepted ones.
    #[arg(long, value_delimiter = ',', required = true, value_name = "SPEC,SPEC")]
    pub(crate) bots: Vec<String>,
    /// How many games to play.
    #[arg(long, default_value_t = 100)]
    pub(crate) games: u64,
    /// The master seed; game i is seeded from (seed, i).
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
    #[command(flatten)]
    pub(crate) rules: RuleArgs,
    /// Openings: the first N decisions of each game are uniformly random moves (chance
    /// aside), drawn from (seed, game / players), so that the games a rotation of seats
    /// plays share their opening, played from every seat, and bots that choose
    /// deterministically (`alphabeta`, `engine:nodes=N`) still play different games.
    #[arg(long, default_value_t = 0, value_name = "N",
          value_parser = clap::value_parser!(u64).range(0..=1000))]
    pub(crate) random_plies: u64,
    /// Worker threads, 1..=256, at most one per game (results do not depend on it, except
    /// with time budgets). Default: all cores. Each thread plays one game at a time with its
    /// own bots, so memory grows with it (an alphabeta bot holds a 4 MiB table).
    #[arg(long, value_parser = parse_threads)]
    pub(crate) threads: Option<usize>,
    /// Print the result as one JSON object.
    #[arg(long)]
    pub(crate) json: bool,
    /// No progress bar.
    #[arg(long)]
    pub(crate) quiet: bool,
}

/// One bot's record over the match.
#[derive(Clone, Debug, Default, PartialEq)]
struct Tally {
    games: u64,
    wins: u64,
    draws: u64,
    losses: u64,
    /// Decisions the bot was asked to make (forced moves included).
    decisions: u64,
    /// MCTS iterations or expectimax nodes of those decisions.
    work: u64,
    /// Wall-clock seconds spent in the bot's decisions.
    think: f64,
}

/// What one seat's bot did in one game: decisions, work, seconds thinking.
type Effort = (u64, u64, f64);

impl Tally {
    /// (wins + draws / 2) / games.
    fn score(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games as f64
    }
}

/// The Wilson score interval at 95% for a proportion `p` over `n` trials.
fn wilson(p: f64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = n as f64;
    let z2n = z * z / n;
    let centre = (p + z2n / 2.0) / (1.0 + z2n);
    let half = z * (p * (1.0 - p) / n + z2n / (4.0 * n)).sqrt() / (1.0 + z2n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Elo difference that predicts the score `p` (infinite at 0 and 1).
fn elo(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// Runs `arena`.
pub(crate) fn run(args: &ArenaArgs) -> Result<(), CliError> {
    with_game!(args.game, G => arena::<G>(args))
}

/// A finished game: each seat's result, or `None` if the ply guard stopped it (a draw).
type GameResult = Option<Outcome>;

fn arena<G: CliGame>(args: &ArenaArgs) -> Result<(), CliError> {
    let specs: Vec<BotSpec> = args
        .bots
        .iter()
        .map(|s| s.parse::<BotSpec>().map_err(CliError::from))
        .collect::<Result<_, _>>()?;
    let mut config: G::Config = args.rules.build()?;
    if !args.rules.gives_players() {
        config
            .set("players", &specs.len().to_string())
            .map_err(|e| {
                CliError::Usage(format!(
                    "{} bot specs, but {}: {e}",
                    specs.len(),
                    G::KIND.name()
                ))
            })?;
    }
    let start = G::new(config.clone()).map_err(usage)?;
    let players = start.num_seats();
    if specs.len() != players {
        return Err(CliError::Usage(format!(
            "--bots lists {} specs for {players} players: give one spec per seat",
            specs.len()
        )));
    }
    if args.games == 0 {
        return Err(CliError::Usage("--games must be at least 1".into()));
    }
    // Refuse impossible specs (alphabeta on a dice game, optimal on rules the solver does
    // not take) before the first game.
    for spec in &specs {
        bots::check::<G>(spec, &start)?;
    }
    let threads = thread_count(args.threads);
    let max_plies = G::default_max_plies(&config);
    let began = Instant::now();
    // Each worker adds its games to its own tallies: memory does not grow with --games. A
    // failed game (a bot that cannot be built, an illegal move) stops the worker's games.
    let parts = fold_indexed(
        args.games,
        threads,
        !args.json && !args.quiet,
        "games",
        || Ok(vec![Tally::default(); players]),
        |tallies: &mut Result<Vec<Tally>, CliError>, index| {
            let Ok(mine) = tallies else { return };
            match play_game(
                &start,
                &specs,
                args.seed,
                index,
                max_plies,
                args.random_plies,
            ) {
                Ok((result, efforts)) => {
                    count(mine, &result, index, players);
                    for (seat, (decisions, work, think)) in Seat::first(players).zip(efforts) {
                        let tally = &mut mine[bot_at(seat, index, players)];
                        tally.decisions += decisions;
                        tally.work += work;
                        tally.think += think;
                    }
                }
                Err(error) => *tallies = Err(error),
            }
        },
    )
    .map_err(|e| data(format!("cannot start a worker thread: {e}")))?;
    let seconds = began.elapsed().as_secs_f64();
    let workers = parts.len();
    let mut tallies = vec![Tally::default(); players];
    for part in parts {
        for (total, tally) in tallies.iter_mut().zip(part?) {
            total.games += tally.games;
            total.wins += tally.wins;
            total.draws += tally.draws;
            total.losses += tally.losses;
            total.decisions += tally.decisions;
            total.work += tally.work;
            total.think += tally.think;
        }
    }
    print_text(&report(args, players, &tallies, seconds, workers, &specs))
}

/// Adds game `index`'s result to the tallies of the bots that played it.
fn count(tallies: &mut [Tally], result: &GameResult, index: u64, players: usize) {
    for seat in Seat::first(players) {
        let tally = &mut tallies[bot_at(seat, index, players)];
        tally.games += 1;
        match result {
            Some(outcome) if outcome.rank(seat) == 0 && outcome.winner() == Some(seat) => {
                tally.wins += 1;
            }
            Some(outcome) if outcome.rank(seat) == 0 => tally.draws += 1,
            Some(_) => tally.losses += 1,
            None => tally.draws += 1,
        }
    }
}

/// The bot (its position in `--bots`) at `seat` in game `index`.
fn bot_at(seat: Seat, index: u64, players: usize) -> usize {
    ((seat.index() as u64 + players as u64 - index % players as u64) % players as u64) as usize
}

/// Plays game `index`: dice from `game_seed(seed, index)`, each seat's bot seeded from that
/// and the seat, the first `random_plies` decisions uniformly random from the opening's
/// seed (the same for the `players` games of one rotation). Also returns each seat's effort.
///
/// # Errors
/// A bot that cannot be built, or that chooses an illegal move (a bug, reported as one).
fn play_game<G: CliGame>(
    start: &G,
    specs: &[BotSpec],
    seed: u64,
    index: u64,
    max_plies: u64,
    random_plies: u64,
) -> Result<(GameResult, Vec<Effort>), CliError> {
    let players = start.num_seats();
    let game = game_seed(seed, index);
    let mut dice = rng_from_seed(game);
    // The opening's own generator: the rotation's games (index / players) share it.
    let mut opening = rng_from_seed(game_seed(game_seed(seed, u64::MAX), index / players as u64));
    let mut seats: Vec<(Box<dyn Bot<G>>, ChaCha8Rng)> = Seat::first(players)
        .map(|seat| {
            let own = game_seed(game, 1 + seat.index() as u64);
            let bot = bots::build::<G>(&specs[bot_at(seat, index, players)], players, own)?;
            Ok((bot, rng_from_seed(own)))
        })
        .collect::<Result<_, CliError>>()?;
    let mut state = start.clone();
    let mut legal = Vec::new();
    let mut plies = 0;
    let mut efforts = vec![(0u64, 0u64, 0.0f64); players];
    let result = loop {
        match state.turn() {
            Turn::Terminal => break state.outcome(),
            Turn::Chance => {
                let dist = state.chance_outcomes().ok_or_else(|| no_outcomes(&state))?;
                let outcome = sample(&dist, &mut dice);
                state.apply_chance_unchecked(outcome);
            }
            Turn::Player(seat) => {
                if plies >= max_plies {
                    break None;
                }
                legal.clear();
                state.legal_moves(&mut legal);
                if plies < random_plies {
                    let mv = legal[below(&mut opening, legal.len() as u64) as usize];
                    state.play_unchecked(mv);
                    plies += 1;
                    continue;
                }
                let (bot, rng) = &mut seats[seat.index()];
                let thinking = Instant::now();
                let mv = bot.choose(&state, &legal, rng);
                let effort = &mut efforts[seat.index()];
                effort.0 += 1;
                effort.2 += thinking.elapsed().as_secs_f64();
                if !legal.contains(&mv) {
                    return Err(illegal_choice(
                        &specs[bot_at(seat, index, players)],
                        mv,
                        &state,
                    ));
                }
                state.play_unchecked(mv);
                plies += 1;
            }
        }
    };
    for (effort, (bot, _)) in efforts.iter_mut().zip(&seats) {
        effort.1 = bot.work();
    }
    Ok((result, efforts))
}

/// A chance node without outcomes: a bug of the game, reported instead of a panic.
pub(crate) fn no_outcomes<G: CliGame>(state: &G) -> CliError {
    data(format!(
        "internal error: a chance node without outcomes in {}: {state}",
        G::KIND.name()
    ))
}

/// A bot that chose an illegal move: a bug of the bot, reported instead of a panic.
pub(crate) fn illegal_choice<G: CliGame>(spec: &BotSpec, mv: G::Move, state: &G) -> CliError {
    data(format!(
        "internal error: the bot {spec:?} chose the illegal move {mv} in {state}"
    ))
}

/// Work per second of thinking (0 without either).
fn speed(tally: &Tally) -> f64 {
    if tally.think > 0.0 {
        tally.work as f64 / tally.think
    } else {
        0.0
    }
}

/// Milliseconds of thinking per decision.
fn millis_per_decision(tally: &Tally) -> f64 {
    if tally.decisions == 0 {
        0.0
    } else {
        1000.0 * tally.think / tally.decisions as f64
    }
}

fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// `x` rounded to a whole number with its sign (`+0`, never `-0`).
fn signed(x: f64) -> String {
    if x.is_finite() {
        // Adding 0 turns a rounded -0 into +0.
        format!("{:+.0}", x.round() + 0.0)
    } else if x > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    }
}

fn finite(x: f64) -> serde_json::Value {
    if x.is_finite() {
        serde_json::json!(x + 0.0)
    } else {
        serde_json::Value::Null
    }
}

fn report(
    args: &ArenaArgs,
    players: usize,
    tallies: &[Tally],
    seconds: f64,
    threads: usize,
    specs: &[BotSpec],
) -> String {
    use std::fmt::Write as _;
    let mut text = String::new();
    let intervals: Vec<(f64, f64)> = tallies.iter().map(|t| wilson(t.score(), t.games)).collect();
    let elo_diff = (tallies.len() == 2).then(|| {
        let (lo, hi) = intervals[0];
        (elo(tallies[0].score()), elo(lo), elo(hi))
    });
    let game = args.game.name();
    if args.json {
        let bots: Vec<serde_json::Value> = tallies
            .iter()
            .zip(&intervals)
            .zip(&args.bots)
            .map(|((t, &(lo, hi)), spec)| {
                serde_json::json!({
                    "spec": spec.trim(),
                    "games": t.games,
                    "wins": t.wins,
                    "draws": t.draws,
                    "losses": t.losses,
                    "score": t.score(),
                    "ci95": [lo, hi],
                    "decisions": t.decisions,
                    "work": t.work,
                    "think_seconds": t.think,
                })
            })
            .collect();
        let mut out = serde_json::json!({
            "game": game,
            "games": args.games,
            "seed": args.seed,
            "random_plies": args.random_plies,
            "players": players,
            "bots": bots,
            "seconds": seconds,
        });
        if let Some((diff, lo, hi)) = elo_diff {
            out["elo"] = serde_json::json!({
                "diff": finite(diff),
                "ci95": [finite(lo), finite(hi)],
            });
        }
        return format!("{out}\n");
    }
    let _ = writeln!(
        text,
        "{game}: {} games, seed {}, {players} players, seats rotate{}",
        args.games,
        args.seed,
        if args.random_plies > 0 {
            format!(", {} random opening plies", args.random_plies)
        } else {
            String::new()
        }
    );
    let width = args
        .bots
        .iter()
        .map(|s| s.trim().len())
        .max()
        .unwrap_or(3)
        .max(3);
    let _ = writeln!(
        text,
        "  {:<width$}  {:>6}  {:>6}  {:>6}  {:>6}  {:>6}  {:<16}  {:>8}  {:>9}",
        "bot", "games", "wins", "draws", "losses", "score", "95% CI", "ms/move", "work/s"
    );
    for ((t, &(lo, hi)), spec) in tallies.iter().zip(&intervals).zip(&args.bots) {
        let interval = format!("[{}, {}]", percent(lo), percent(hi));
        let _ = writeln!(
            text,
            "  {:<width$}  {:>6}  {:>6}  {:>6}  {:>6}  {:>6}  {interval:<16}  {:>8.2}  {:>9.0}",
            spec.trim(),
            t.games,
            t.wins,
            t.draws,
            t.losses,
            percent(t.score()),
            millis_per_decision(t),
            speed(t),
        );
    }
    let _ = writeln!(
        text,
        "work/s: MCTS iterations or expectimax nodes per second of thinking (0: no search)"
    );
    if let Some((diff, lo, hi)) = elo_diff {
        let _ = writeln!(
            text,
            "Elo ({} vs {}): {} [{}, {}]",
            args.bots[0].trim(),
            args.bots[1].trim(),
            signed(diff),
            signed(lo),
            signed(hi)
        );
    }
    let timed = if specs.iter().all(BotSpec::is_reproducible) {
        ""
    } else {
        " (time budgets: not reproducible)"
    };
    let _ = writeln!(
        text,
        "time: {seconds:.1} s on {threads} thread{}{timed}",
        if threads == 1 { "" } else { "s" }
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_contains_the_score_and_narrows_with_games() {
        let (lo, hi) = wilson(0.5, 100);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo2, hi2) = wilson(0.5, 10_000);
        assert!(hi2 - lo2 < hi - lo);
        assert_eq!(wilson(0.0, 10).0, 0.0);
        assert!(wilson(0.0, 10).1 > 0.0);
    }

    #[test]
    fn elo_near_zero_prints_without_a_minus_sign() {
        assert_eq!(signed(elo(0.4995)), "+0");
        assert_eq!(signed(-0.0), "+0");
        assert_eq!(signed(-0.6), "-1");
        assert_eq!(signed(0.4), "+0");
        assert_eq!(signed(f64::NEG_INFINITY), "-inf");
        assert_eq!(finite(-0.0).to_string(), "0.0");
    }

    #[test]
    fn elo_of_half_is_zero_and_of_three_quarters_is_about_191() {
        assert!(elo(0.5).abs() < 1e-9);
        assert!((elo(0.75) - 190.85).abs() < 0.1);
        assert!(elo(1.0).is_infinite());
    }

    #[test]
    fn seats_rotate_so_each_bot_plays_each_seat_equally_often() {
        for players in 2..=4 {
            let mut counts = vec![vec![0; players]; players];
            for index in 0..(players as u64 * 5) {
                let mut seen = vec![false; players];
                for seat in Seat::first(players) {
                    let bot = bot_at(seat, index, players);
                    assert!(!seen[bot], "bot {bot} twice in game {index}");
                    seen[bot] = true;
                    counts[bot][seat.index()] += 1;
                }
            }
            assert!(counts.iter().flatten().all(|&c| c == 5), "{counts:?}");
        }
        assert_eq!(bot_at(Seat::new(0), 0, 2), 0);
        assert_eq!(bot_at(Seat::new(0), 1, 2), 1);
    }
}
