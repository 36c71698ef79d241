//! `boardgame solve thax`: solve two-player Thax, print the first player's value and each
//! opening throw's, and optionally measure a bot against `optimal` (score, regret, length).

use std::time::Instant;

use boardgame_core::driver::{game_seed, rng_from_seed, sample};
use boardgame_core::{Game, Seat, Turn};
use boardgame_search::solve::thax::{DEFAULT_TOLERANCE, ThaxSolution};
use clap::Args;
use thax::{Thax, ThaxConfig, ThaxResult};

use crate::bots::{self, BotSpec};
use crate::config::RuleArgs;
use crate::error::{CliError, stdout_result, usage};
use crate::games::GameKind;
use crate::parallel::{fold_indexed, thread_count};
use crate::simulate::parse_threads;

/// Options of `solve`.
#[derive(Debug, Args)]
#[command(
    after_help = "Values are win probabilities under optimal play by both seats (a \
    draw counts 1/2), computed by value iteration with a certified bracket; max_rolls is \
    ignored (the game is solved without a roll limit). With --games, `optimal` plays \
    --against over seeded games, alternating seats: its score, the opponent's regret (win \
    probability lost per decision, by the solution), and how long optimal games last."
)]
pub(crate) struct SolveArgs {
    /// The game (only thax is solved).
    pub(crate) game: GameKind,
    #[command(flatten)]
    pub(crate) rules: RuleArgs,
    /// Iterate until every value's bracket is at most this wide.
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

/// Runs `solve`.
pub(crate) fn run(args: &SolveArgs) -> Result<(), CliError> {
    if args.game != GameKind::Thax {
        return Err(usage(format!(
            "only thax is solved, not {}",
            args.game.name()
        )));
    }
    let config: ThaxConfig = args.rules.build()?;
    Thax::new(config).map_err(usage)?;
    let spec: BotSpec = args.against.parse()?;
    if !(args.tolerance > 0.0 && args.tolerance < 1.0) {
        return Err(usage("--tolerance must be between 0 and 1"));
    }
    let began = Instant::now();
    let solution = if args.tolerance == DEFAULT_TOLERANCE {
        ThaxSolution::shared(&config)
    } else {
        ThaxSolution::solve_to(&config, args.tolerance).map(std::sync::Arc::new)
    }
    .map_err(usage)?;
    let seconds = began.elapsed().as_secs_f64();
    let mut out = std::io::stdout().lock();
    stdout_result(print_solution(
        &mut out,
        &args.rules.preset_name::<ThaxConfig>(),
        &solution,
        seconds,
    ))?;
    if args.games > 0 {
        if args.tolerance != DEFAULT_TOLERANCE {
            return Err(usage(
                "--games plays the `optimal` bot, which uses the default tolerance",
            ));
        }
        bots::build::<Thax>(&spec, 2, 0)?;
        let threads = thread_count(args.threads);
        let start = Thax::new(config).map_err(usage)?;
        let began = Instant::now();
        // Each worker keeps its games with their index; sorted back into game order.
        let mut games: Vec<_> = fold_indexed(
            args.games,
            threads,
            !args.quiet,
            "games",
            Vec::new,
            |mine, index| mine.push((index, play(&start, &solution, &spec, args.seed, index))),
        )
        .map_err(|e| CliError::Data(format!("could not start a worker thread: {e}")))?
        .into_iter()
        .flatten()
        .collect();
        games.sort_by_key(|(index, _)| *index);
        let games: Vec<_> = games.into_iter().map(|(_, game)| game).collect();
        let seconds = began.elapsed().as_secs_f64();
        stdout_result(print_match(
            &mut out, args, &config, &games, seconds, threads,
        ))?;
    }
    Ok(())
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
fn play(start: &Thax, solution: &ThaxSolution, spec: &BotSpec, seed: u64, index: u64) -> Played {
    let game = game_seed(seed, index);
    let mut dice = rng_from_seed(game);
    let optimal_seat = Seat::new((index % 2) as usize);
    let optimal: BotSpec = BotSpec::Optimal;
    let mut seats: Vec<_> = Seat::first(2)
        .map(|seat| {
            let own = game_seed(game, 1 + seat.index() as u64);
            let spec = if seat == optimal_seat { &optimal } else { spec };
            let bot = bots::build::<Thax>(spec, 2, own).expect("specs were checked");
            (bot, rng_from_seed(own))
        })
        .collect();
    let mut state = start.clone();
    let mut played = Played::default();
    loop {
        match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                let dist = state.chance_outcomes().expect("chance node has outcomes");
                state.apply_chance_unchecked(sample(&dist, &mut dice));
            }
            Turn::Player(mover) => {
                let legal = state.legal_moves_vec();
                let (bot, rng) = &mut seats[mover.index()];
                let mv = bot.choose(&state, &legal, rng);
                assert!(legal.contains(&mv), "bot chose an illegal move {mv}");
                let values = solution.move_values(&state);
                let best = values.iter().map(|&(_, v)| v).fold(0.0, f64::max);
                let chosen = values.iter().find(|(m, _)| *m == mv).expect("legal").1;
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
    played
}

/// Mean and the half-width of its 95% normal interval.
fn mean_and_half(values: impl Iterator<Item = f64> + Clone) -> (f64, f64) {
    let n = values.clone().count() as f64;
    let mean = values.clone().sum::<f64>() / n;
    let var = values.map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.959_964 * (var / n).sqrt())
}

fn print_match(
    out: &mut impl std::io::Write,
    args: &SolveArgs,
    config: &ThaxConfig,
    games: &[Played],
    seconds: f64,
    threads: usize,
) -> std::io::Result<()> {
    let n = games.len();
    let (score, score_half) = mean_and_half(games.iter().map(|g| g.score));
    // E[optimal's result] = its value at the start (1/2 after a roll-off) + the opponent's
    // expected total regret: a luck-free estimate of the same expectation.
    let (luck_free, luck_free_half) = mean_and_half(games.iter().map(|g| 0.5 + g.regret));
    let decisions: u64 = games.iter().map(|g| g.decisions).sum();
    let choices: u64 = games.iter().map(|g| g.choices).sum();
    let best_choices: u64 = games.iter().map(|g| g.best_choices).sum();
    let regret: f64 = games.iter().map(|g| g.regret).sum();
    let own: f64 = games.iter().map(|g| g.own_regret).sum();
    let mut rolls: Vec<u32> = games.iter().map(|g| g.rolls).collect();
    rolls.sort_unstable();
    let mean_rolls = rolls.iter().map(|&r| f64::from(r)).sum::<f64>() / n as f64;
    let p99 = rolls[(n * 99 / 100).min(n - 1)];
    let limited = games.iter().filter(|g| g.limited).count();
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
        100.0 * best_choices as f64 / choices.max(1) as f64,
        regret / decisions.max(1) as f64,
        regret / choices.max(1) as f64,
        regret / n as f64
    )?;
    writeln!(
        out,
        "  throws per game (roll-off included): mean {mean_rolls:.1}, p99 {p99}, max {}; \
         stopped by max_rolls={}: {limited}",
        rolls[n - 1],
        config.max_rolls
    )?;
    out.flush()
}
