//! The demo: one seeded random game of each game, then Ataxx perft 5 with nodes per second.

use std::io::Write;
use std::time::Instant;

use boardgame_core::Game;
use boardgame_core::driver::{End, random_game};

use crate::error::{CliError, output, usage};
use crate::games::{CliGame, GameKind, with_game};

const DEMO_SEED: u64 = 2026;

/// Runs the demo.
pub(crate) fn run() -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "boardgame demo: one seeded uniform-random game of each game (seed {DEMO_SEED})\n"
    )
    .map_err(output)?;
    for kind in GameKind::GAMES {
        with_game!(kind, G => show_game::<G>(&mut out))?;
    }
    let start = ataxx::Ataxx::new(Default::default()).map_err(usage)?;
    let began = Instant::now();
    let nodes = ataxx::perft::perft_parallel(&start, 5, 1);
    let seconds = began.elapsed().as_secs_f64();
    writeln!(
        out,
        "Ataxx perft 5 from the start position: {nodes} nodes in {seconds:.3} s ({:.1} M leaves/s, counted two plies at a time)",
        nodes as f64 / seconds.max(1e-9) / 1e6
    )
    .map_err(output)?;
    writeln!(
        out,
        "\nMore: boardgame --help, boardgame simulate thax --games 10000, boardgame play ataxx"
    )
    .map_err(output)
}

fn show_game<G: CliGame>(out: &mut impl Write) -> Result<(), CliError> {
    let config = G::Config::default();
    let max_plies = G::default_max_plies(&config);
    let game = random_game::<G>(config, DEMO_SEED, max_plies).map_err(usage)?;
    writeln!(out, "== {} ==\n{:#}", G::KIND.name(), game.state).map_err(output)?;
    let result = match game.end {
        End::Terminal(outcome) => game.state.result_line(&outcome),
        End::Truncated => format!("cut after {} plies", game.plies),
    };
    writeln!(
        out,
        "result: {result} ({} moves, {} rolls)\n",
        game.plies, game.rolls
    )
    .map_err(output)
}
