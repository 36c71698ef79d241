//! The `boardgame` command: a demo, perft, seeded simulation, terminal play and record
//! replay for every game in the workspace. The only crate of the workspace that does I/O.

mod arena;
mod bots;
mod check;
mod config;
mod demo;
mod engine;
mod error;
mod games;
mod merge;
mod parallel;
mod perft;
mod perft_diff;
mod play;
mod records;
mod replay;
mod rules;
mod simulate;
mod solve;
mod stats;
mod summary;
mod vectors;
mod web;

// Issue 52's check (scripts/planted-bypass.sh): calls that clippy.toml refuses, compiled only
// with `BOARDGAME_PLANTED_BYPASS=1` (build.rs), so that clippy must name each planted line.
#[cfg(boardgame_planted_bypass)]
#[path = "../../boardgame-io/tests/planted/bypass.rs"]
mod planted_bypass;

// The path arguments of every subcommand, shared with the integration tests (issue 52, item
// 3): the unit test below checks them against the clap definitions.
#[cfg(test)]
#[path = "../tests/it/outputs.rs"]
mod outputs;

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::games::GameKind;

/// Rules engines for Ataxx, Thax, Parchís and Cờ cá ngựa: demo, perft, simulate, play, replay.
#[derive(Debug, Parser)]
#[command(name = "boardgame", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Count the game tree to a depth (chance perft with the probability-mass check for dice games).
    Perft(perft::PerftArgs),
    /// Compare another Ataxx move generator with ours and find the first position where
    /// their moves differ (exit status 3 when they do).
    PerftDiff(perft_diff::PerftDiffArgs),
    /// Play N seeded uniform-random games and summarise them.
    Simulate(simulate::SimulateArgs),
    /// Bots play each other over seeded games with rotating seats: scores, 95% intervals, Elo.
    Arena(arena::ArenaArgs),
    /// Play in the terminal against bots, or hot-seat.
    Play(play::PlayArgs),
    /// Combine the `simulate --json` summaries of the shards of one run into the whole run's.
    Merge(merge::MergeArgs),
    /// Replay a recorded game (JSON) through the checked API.
    Replay(replay::ReplayArgs),
    /// List a game's rule switches and presets.
    Rules(RulesArgs),
    /// Run the conformance kit over seeded random games (every node checked).
    Check(check::CheckArgs),
    /// The demo (also what `boardgame` with no arguments runs).
    Demo,
    /// Solve a game exactly (two-player Thax): values under optimal play, and bots measured against it.
    Solve(solve::SolveArgs),
    /// Run the Ataxx engine over the UAI protocol on stdin/stdout (for match runners).
    Uai(engine::UaiArgs),
    /// Search the Ataxx engine's fixed bench positions to a fixed depth: total nodes, nodes/s.
    Bench(engine::BenchArgs),
    /// Conformance vectors: states with their moves (or chance outcomes) and the state after
    /// each, as JSON lines; `--check FILE` replays a file against the library.
    Vectors(vectors::VectorsArgs),
    /// Serve the web playground (embedded in this binary) on 127.0.0.1 and print its address.
    Web(web::WebArgs),
}

#[derive(Debug, Args)]
struct RulesArgs {
    /// The game.
    game: GameKind,
}

fn main() -> ExitCode {
    // A usage error with every long argument clipped (issue 52, c1).
    let cli: Cli = boardgame_io::args::parse();
    // Ctrl-C and SIGTERM remove the temporary files of an output being written and end the
    // children's process groups (boardgame_io::signals).
    if let Err(e) = boardgame_io::signals::install() {
        eprintln!(
            "boardgame: cannot handle SIGINT and SIGTERM ({e}); an interrupted output may leave a temporary file"
        );
    }
    let result = match cli.command {
        None | Some(Command::Demo) => demo::run(),
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::PerftDiff(args)) => perft_diff::run(&args),
        Some(Command::Simulate(args)) => simulate::run(&args),
        Some(Command::Arena(args)) => arena::run(&args),
        Some(Command::Play(args)) => play::run(&args),
        Some(Command::Merge(args)) => merge::run(&args),
        Some(Command::Replay(args)) => replay::run(&args),
        Some(Command::Rules(args)) => rules::run(args.game),
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Uai(args)) => engine::run_uai(&args),
        Some(Command::Bench(args)) => engine::run_bench(&args),
        Some(Command::Vectors(args)) => vectors::run(&args),
        Some(Command::Web(args)) => web::run(&args),
    };
    match result {
        Ok(()) | Err(error::CliError::ClosedOutput) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("boardgame: {error}");
            ExitCode::from(error.exit_code())
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Cli;
    use crate::outputs::{HERE, INPUTS, OUTPUTS};
    use crate::vectors::Kind;

    /// Issue 52, item 3: every path argument of every subcommand is either an input listed
    /// in `tests/it/outputs.rs` or an output that `round5::r5_every_output_is_checked_before_the_work`
    /// walks (with a directory, a missing parent and a read-only file), and every `vectors
    /// --kind` is walked: an output argument added without a walk fails here.
    #[test]
    fn every_path_argument_is_a_listed_input_or_a_walked_output() {
        let listed =
            boardgame_io::args::check_path_arguments(&Cli::command(), OUTPUTS, INPUTS, HERE);
        assert_eq!(
            listed,
            Ok(()),
            "tests/it/outputs.rs against the clap definitions"
        );
        for kind in Kind::ALL {
            let asked = |template: &[&str]| {
                template.first() == Some(&"vectors")
                    && match template.iter().position(|a| *a == "--kind") {
                        Some(at) => template.get(at + 1) == Some(&kind.name()),
                        None => kind == Kind::Moves,
                    }
            };
            assert!(
                OUTPUTS.iter().any(|t| asked(t)),
                "vectors --kind {}",
                kind.name()
            );
        }
    }
}
