//! `boardgame check`: the core conformance kit on seeded random games, from the command
//! line (the same check as the games' long `#[ignore]`d tests, at any size).

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use boardgame_core::testkit::Checker;
use clap::Args;

use crate::config::RuleArgs;
use crate::error::{CliError, data, print_line, usage};
use crate::games::{CliGame, GameKind, with_game};

/// Options of `check`.
#[derive(Debug, Args)]
pub(crate) struct CheckArgs {
    /// The game.
    pub(crate) game: GameKind,
    /// How many seeded games to check.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) games: u64,
    /// The first seed; games use seeds `seed..seed + games`.
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
    #[command(flatten)]
    pub(crate) rules: RuleArgs,
    /// Also round-trip every record through JSON.
    #[arg(long)]
    pub(crate) serde: bool,
}

/// Runs `check`.
pub(crate) fn run(args: &CheckArgs) -> Result<(), CliError> {
    with_game!(args.game, G => check::<G>(args))
}

fn check<G: CliGame>(args: &CheckArgs) -> Result<(), CliError> {
    let config: G::Config = args.rules.build()?;
    let start = G::new(config.clone()).map_err(usage)?;
    let end = args
        .seed
        .checked_add(args.games)
        .ok_or_else(|| usage("--seed + --games overflows"))?;
    let mut checker = Checker::from_state(start)
        .seeds(args.seed..end)
        .max_plies(G::default_max_plies(&config));
    // The first record that does not survive JSON (a bug, reported as an error).
    let unreadable: Rc<RefCell<Option<String>>> = Rc::default();
    if args.serde {
        let unreadable = Rc::clone(&unreadable);
        checker = checker.record_round_trip(move |record| {
            match serde_json::to_string(record).and_then(|json| serde_json::from_str(&json)) {
                Ok(read) => read,
                Err(error) => {
                    unreadable.borrow_mut().get_or_insert(error.to_string());
                    record.clone()
                }
            }
        });
    }
    let began = Instant::now();
    let report = checker.try_run().map_err(data)?;
    if let Some(error) = unreadable.take() {
        return Err(data(format!(
            "a record does not survive its JSON round trip: {error}"
        )));
    }
    print_line(&format!(
        "{}: {} games checked ({} finished, {} cut by the guard), {} decision and {} chance nodes, longest {} events, in {:.1} s",
        G::KIND.name(),
        report.games,
        report.finished,
        report.truncated,
        report.decision_nodes,
        report.chance_nodes,
        report.longest,
        began.elapsed().as_secs_f64()
    ))
}
