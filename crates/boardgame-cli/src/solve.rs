//! `boardgame solve thax`: solve two-player Thax, print the first player's value and each
//! opening throw's, and optionally measure a bot against `optimal` (score, regret, length).

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use boardgame_core::driver::{game_seed, rng_from_seed, sample};
use boardgame_core::{Game, Seat, Turn};
use boardgame_search::solve::thax::{
    DEFAULT_TOLERANCE, MAX_SWEEPS, MIN_TOLERANCE, Progress, ThaxSolution,
};
use clap::Args;
use thax::{Thax, ThaxConfig, ThaxResult};

use crate::arena::{illegal_choice, no_outcomes};
use crate::bots::{self, BotSpec};
use crate::config::RuleArgs;
use crate::error::{CliError, stdout_result, usage};
use crate::games::GameKind;
use crate::parallel::{fold_indexed, thread_count};
use crate::simulate::parse_threads;
use crate::stats::Histogram;

/// Options of `solve`.
#[derive(Debug, Args)]
#[command(
    after_help = "Values are win probabilities under optimal play by both seats (a \
    draw counts 1/2), computed by value iteration with a certified bracket: sweeps until \
    the widest bracket is at most --tolerance (at most 10,000 sweeps, about 40 minutes on \
    the default board; progress on standard error unless --quiet; Ctrl-C stops it, and \
    nothing is printed or written before the solve ends). max_rolls, first and turn_limit \
    do not change the values (the game is solved without a roll limit), so --set of them \
    needs --games. With --games, `optimal` plays --against over seeded games, alternating \
    seats: its score, the opponent's regret (win probability lost per decision, by the \
    solution), and how long optimal games last; memory does not grow with --games."
)]
pub(crate) struct SolveArgs {
    /// The game (only thax is solved).
    pub(crate) game: GameKind,
    #[command(flatten)]
    pub(crate) rules: RuleArgs,
    /// Iterate until every value's bracket is at most this wide: from 1e-13 (f64 brackets
    /// stop narrowing near 1e-15) to below 1.
    #[arg(long, default_value_t = DEFAULT_TOLERANCE)]
    pub(crate) tolerance: f64,
    /// Also play this many games of `optimal` against --against.
    #[arg(long, default_value_t = 0)]
    pub(crate) games: u64,
    /// The opponent's bot spec for --games.
    #[arg(long, default_value = "optimal", value_name = "SPEC")]
    pub(crate) against: String,
    /// The master seed of --games; game i is seeded from (seed, i).
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
    /// Worker threads for --games, 1..=256 (results do not depend on it for reproducible
    /// specs). Default: all cores.
    #[arg(long, value_parser = parse_threads)]
    pub(crate) threads: Option<usize>,
    /// No progress bar.
    #[arg(long)]
    pub(crate) quiet: bool,
}

/// The `--set` keys that do not change the solution (it is solved without a roll limit, and
/// who starts or how a stopped game is scored does not change a throw's value): they only
/// matter to the games of `--games`.
const GAMES_ONLY_SETTINGS: [&str; 3] = ["max_rolls", "first", "turn_limit"];

/// Runs `solve`.
pub(crate) fn run(args: &SolveArgs) -> Result<(), CliError> {
    if args.game != GameKind::Thax {
        return Err(usage(format!(
            "only thax is solved, not {}",
            args.game.name()
        )));
    }
    // Every check of the command line comes before the solve, which can take minutes.
    let config: ThaxConfig = args.rules.build()?;
    let start = Thax::new(config).map_err(usage)?;
    if !(args.tolerance >= MIN_TOLERANCE && args.tolerance < 1.0) {
        return Err(usage(format!(
            "--tolerance must be at least {MIN_TOLERANCE:e} and below 1, not {}: f64 brackets \
             stop narrowing near 1e-15",
            args.tolerance
        )));
    }
    let spec: BotSpec = args.against.parse()?;
    if args.games > 0 {
        if args.tolerance != DEFAULT_TOLERANCE {
            return Err(usage(
                "--games plays the `optimal` bot, which uses the default tolerance",
            ));
        }
        // `optimal` is checked by the solve itself (below, with its progress shown).
        if spec != BotSpec::Optimal {
            bots::check::<Thax>(&spec, &start)?;
        }
    } else if let Some(key) = args
        .rules
        .set_keys()
        .find(|key| GAMES_ONLY_SETTINGS.contains(key))
    {
        return Err(usage(format!(
            "--set {key}=…: {key} does not change the solution (the game is solved without a \
             roll limit, from either seat); it applies only to the games of --games"
        )));
    }
    ThaxSolution::check(&config).map_err(usage)?;
    let began = Instant::now();
    let mut progress = SweepProgress::new(!args.quiet, args.tolerance);
    let solution = if args.tolerance == DEFAULT_TOLERANCE {
        ThaxSolution::shared_with_progress(&config, |p| progress.show(p))
    } else {
        ThaxSolution::solve_with_progress(&config, args.tolerance, |p| progress.show(p))
            .map(std::sync::Arc::new)
    };
    progress.finish();
    let solution = solution.map_err(usage)?;
    let seconds = began.elapsed().as_secs_f64();
    let mut out = std::io::stdout().lock();
    stdout_result(print_solution(
        &mut out,
        &args.rules.preset_name::<ThaxConfig>(),
        &solution,
        seconds,
    ))?;
    if args.games > 0 {
        let threads = thread_count(args.threads);
        let began = Instant::now();
        // Each worker adds its games to its own tally: memory does not grow with --games,
        // and the sums are exact (integers), so they do not depend on the threads either.
        let parts = fold_indexed(
            args.games,
            threads,
            !args.quiet,
            "games",
            || Ok(MatchTally::default()),
            |tally: &mut Result<MatchTally, CliError>, index| {
                let Ok(mine) = tally else { return };
                match play(&start, &solution, &spec, args.seed, index) {
                    Ok(played) => mine.add(&played),
                    Err(error) => *tally = Err(error),
                }
            },
        )
        .map_err(|e| CliError::Data(format!("could not start a worker thread: {e}")))?;
        let workers = parts.len();
        let mut total = MatchTally::default();
        for part in parts {
            total.merge(&part?);
        }
        let seconds = began.elapsed().as_secs_f64();
        stdout_result(print_match(
            &mut out, args, &config, &total, seconds, workers,
        ))?;
    }
    Ok(())
}

/// The solve's progress on standard error, unless `--quiet`: a spinner on a terminal;
/// elsewhere (a log) a line once the solve has run a second, then every ten seconds.
struct SweepProgress {
    bar: Option<indicatif::ProgressBar>,
    /// Lines instead of a spinner.
    lines: bool,
    began: Instant,
    next_line: Duration,
    tolerance: f64,
}

impl SweepProgress {
    fn new(show: bool, tolerance: f64) -> SweepProgress {
        let terminal = std::io::stderr().is_terminal();
        let bar = (show && terminal).then(|| {
            let bar = indicatif::ProgressBar::new_spinner();
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        SweepProgress {
            bar,
            lines: show && !terminal,
            began: Instant::now(),
            next_line: Duration::from_secs(1),
            tolerance,
        }
    }

    fn message(&self, progress: Progress) -> String {
        format!(
            "solving: sweep {}, widest bracket {:.2e}, stops at {:.0e} (at most {MAX_SWEEPS} \
             sweeps; Ctrl-C stops it)",
            progress.sweeps, progress.gap, self.tolerance
        )
    }

    fn show(&mut self, progress: Progress) {
        if let Some(bar) = &self.bar {
            bar.set_message(self.message(progress));
        } else if self.lines && self.began.elapsed() >= self.next_line {
            eprintln!(
                "boardgame: {} after {:.0} s",
                self.message(progress),
                self.began.elapsed().as_secs_f64()
            );
            self.next_line += Duration::from_secs(10);
        }
    }

    fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

fn print_solution(
    out: &mut impl std::io::Write,
    preset: &str,
    solution: &ThaxSolution,
    seconds: f64,
) -> std::io::Result<()> {
    let config = solution.config();
    let variant = match config.variant {
        thax::Variant::Classic => "classic",
        thax::Variant::ThaxOut => "thax-out",
    };
    writeln!(
        out,
        "thax solved: preset {preset}, board {}, {variant}, supply {}",
        config.board,
        config.supply.map_or("unlimited".into(), |n| n.to_string())
    )?;
    writeln!(
        out,
        "{} throw states ({} live), {} sweeps, widest bracket {:.2e} (every value within {:.2e}), \
         solved in {seconds:.2} s",
        solution.states(),
        solution.live_states(),
        solution.sweeps(),
        solution.gap(),
        solution.gap() / 2.0
    )?;
    let first = solution.first_player_value();
    writeln!(
        out,
        "first player after the roll-off: {first:.6} (advantage {:+.6} over 1/2; the start, \
         before the roll-off, is 1/2 for each seat)",
        first - 0.5
    )?;
    writeln!(out, "opening throws of the first player:")?;
    writeln!(out, "  throw  weight  value     best move   other moves")?;
    let mut mean = 0.0;
    for opening in solution.openings() {
        mean += f64::from(opening.weight) * opening.value / 36.0;
        let others: Vec<String> = opening
            .moves
            .iter()
            .filter(|(mv, _)| *mv != opening.best)
            .map(|(mv, v)| format!("{mv} {v:.4}"))
            .collect();
        writeln!(
            out,
            "  {:<5}  {:>2}/36   {:.6}  {:<10}  {}",
            opening.dice.to_string(),
            opening.weight,
            opening.value,
            opening.best.to_string(),
            others.join(", ")
        )?;
    }
    writeln!(out, "  mean over the throws: {mean:.6}")
}

/// One game of `optimal` against the opponent.
#[derive(Clone, Debug, Default)]
struct Played {
    /// `optimal`'s result: 1, ½ or 0.
    score: f64,
    /// The opponent's decisions, those with more than one legal move, and its total regret.
    decisions: u64,
    choices: u64,
    /// Choices where the opponent picked a move of the best value (within 1e-9).
    best_choices: u64,
    regret: f64,
    /// `optimal`'s own regret (0 unless the solution and the bot disagree).
    own_regret: f64,
    /// Throws, roll-off included, and whether the roll guard stopped the game.
    rolls: u32,
    limited: bool,
}

/// Game `index`: `optimal` at seat `index % 2`, dice from `game_seed(seed, index)`.
///
/// # Errors
/// A bot that cannot be built or chooses an illegal move (a bug, reported as one).
fn play(
    start: &Thax,
    solution: &ThaxSolution,
    spec: &BotSpec,
    seed: u64,
    index: u64,
) -> Result<Played, CliError> {
    let game = game_seed(seed, index);
    let mut dice = rng_from_seed(game);
    let optimal_seat = Seat::new((index % 2) as usize);
    let optimal: BotSpec = BotSpec::Optimal;
    let mut seats: Vec<_> = Seat::first(2)
        .map(|seat| {
            let own = game_seed(game, 1 + seat.index() as u64);
            let spec = if seat == optimal_seat { &optimal } else { spec };
            Ok((bots::build::<Thax>(spec, 2, own)?, rng_from_seed(own)))
        })
        .collect::<Result<_, CliError>>()?;
    let mut state = start.clone();
    let mut played = Played::default();
    loop {
        match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                let dist = state.chance_outcomes().ok_or_else(|| no_outcomes(&state))?;
                state.apply_chance_unchecked(sample(&dist, &mut dice));
            }
            Turn::Player(mover) => {
                let legal = state.legal_moves_vec();
                let (bot, rng) = &mut seats[mover.index()];
                let mv = bot.choose(&state, &legal, rng);
                let values = solution.move_values(&state);
                let Some(&(_, chosen)) = values.iter().find(|(m, _)| *m == mv) else {
                    let who = if mover == optimal_seat {
                        &optimal
                    } else {
                        spec
                    };
                    return Err(illegal_choice(who, mv, &state));
                };
                let best = values.iter().map(|&(_, v)| v).fold(0.0, f64::max);
                if mover == optimal_seat {
                    played.own_regret += best - chosen;
                } else {
                    played.decisions += 1;
                    played.choices += u64::from(legal.len() > 1);
                    played.best_choices += u64::from(legal.len() > 1 && best - chosen <= 1e-9);
                    played.regret += best - chosen;
                }
                state.play_unchecked(mv);
            }
        }
    }
    played.rolls = state.rolls();
    played.limited = matches!(state.result(), Some(ThaxResult::TurnLimit { .. }));
    played.score = solution.value(&state, optimal_seat);
    Ok(played)
}

/// Units of the fixed-point sums per 1 (2⁴⁰, a resolution of 1e-12): real numbers summed as
/// integers, so that a sum does not depend on the order the workers add its terms in.
const FIXED: f64 = (1u64 << 40) as f64;

/// `x ≥ 0` in fixed point.
fn fixed(x: f64) -> u128 {
    (x.max(0.0) * FIXED).round() as u128
}

/// The fixed-point `sum` as a number.
fn unfixed(sum: u128) -> f64 {
    sum as f64 / FIXED
}

/// The sums of a match, over any number of games, in memory that does not grow with them.
#[derive(Clone, Debug, Default)]
struct MatchTally {
    games: u64,
    /// `optimal`'s points in halves (2 for a win, 1 for a draw), and their squares.
    halves: u64,
    halves_squared: u64,
    /// `0.5 + the opponent's regret` per game (fixed point), and its square.
    luck_free: u128,
    luck_free_squared: u128,
    decisions: u64,
    choices: u64,
    best_choices: u64,
    /// The opponent's and `optimal`'s total regret (fixed point).
    regret: u128,
    own_regret: u128,
    /// Throws per game.
    rolls: Histogram,
    /// Games the roll guard stopped.
    limited: u64,
}

impl MatchTally {
    fn add(&mut self, game: &Played) {
        let halves = (2.0 * game.score).round() as u64;
        let luck_free = 0.5 + game.regret;
        self.games += 1;
        self.halves += halves;
        self.halves_squared += halves * halves;
        self.luck_free = self.luck_free.saturating_add(fixed(luck_free));
        self.luck_free_squared = self
            .luck_free_squared
            .saturating_add(fixed(luck_free * luck_free));
        self.decisions += game.decisions;
        self.choices += game.choices;
        self.best_choices += game.best_choices;
        self.regret = self.regret.saturating_add(fixed(game.regret));
        self.own_regret = self.own_regret.saturating_add(fixed(game.own_regret));
        self.rolls.add(u64::from(game.rolls));
        self.limited += u64::from(game.limited);
    }

    fn merge(&mut self, other: &MatchTally) {
        self.games += other.games;
        self.halves += other.halves;
        self.halves_squared += other.halves_squared;
        self.luck_free = self.luck_free.saturating_add(other.luck_free);
        self.luck_free_squared = self
            .luck_free_squared
            .saturating_add(other.luck_free_squared);
        self.decisions += other.decisions;
        self.choices += other.choices;
        self.best_choices += other.best_choices;
        self.regret = self.regret.saturating_add(other.regret);
        self.own_regret = self.own_regret.saturating_add(other.own_regret);
        self.rolls.merge(&other.rolls);
        self.limited += other.limited;
    }
}

/// Mean and the half-width of its 95% normal interval, from `n` values' sum and sum of
/// squares.
fn mean_and_half(n: u64, sum: f64, squares: f64) -> (f64, f64) {
    let n = n as f64;
    let mean = sum / n;
    let var = ((squares - n * mean * mean) / (n - 1.0).max(1.0)).max(0.0);
    (mean, 1.959_964 * (var / n).sqrt())
}

fn print_match(
    out: &mut impl std::io::Write,
    args: &SolveArgs,
    config: &ThaxConfig,
    tally: &MatchTally,
    seconds: f64,
    threads: usize,
) -> std::io::Result<()> {
    let n = tally.games;
    let (score, score_half) = mean_and_half(
        n,
        tally.halves as f64 / 2.0,
        tally.halves_squared as f64 / 4.0,
    );
    // E[optimal's result] = its value at the start (1/2 after a roll-off) + the opponent's
    // expected total regret: a luck-free estimate of the same expectation.
    let (luck_free, luck_free_half) = mean_and_half(
        n,
        unfixed(tally.luck_free),
        unfixed(tally.luck_free_squared),
    );
    let (decisions, choices) = (tally.decisions, tally.choices);
    let regret = unfixed(tally.regret);
    let own = unfixed(tally.own_regret);
    let rolls = tally.rolls.summary();
    // The value at rank ⌊0.99 n⌋ + 1 of the sorted throws, as before the tally streamed.
    let p99 = tally.rolls.at_rank((n * 99 / 100 + 1).min(n));
    writeln!(
        out,
        "optimal vs {} over {n} games (seed {}, seats alternating, {threads} threads, {seconds:.1} s):",
        args.against, args.seed
    )?;
    writeln!(
        out,
        "  optimal's score {:.2}% ± {:.2} (95%); from the opponent's regret {:.2}% ± {:.2}",
        100.0 * score,
        100.0 * score_half,
        100.0 * luck_free,
        100.0 * luck_free_half
    )?;
    writeln!(
        out,
        "  opponent: {decisions} decisions ({choices} with a choice, a best move in {:.1}% of \
         them), mean regret {:.5} per decision, {:.5} per choice, {:.4} per game; optimal's \
         own regret {own:.1e}",
        100.0 * tally.best_choices as f64 / choices.max(1) as f64,
        regret / decisions.max(1) as f64,
        regret / choices.max(1) as f64,
        regret / n as f64
    )?;
    writeln!(
        out,
        "  throws per game (roll-off included): mean {:.1}, p99 {p99}, max {}; \
         stopped by max_rolls={}: {}",
        rolls.mean, rolls.max, config.max_rolls, tally.limited
    )?;
    out.flush()
}
