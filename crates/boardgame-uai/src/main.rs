//! `boardgame-uai`: the Ataxx engine. Without a subcommand it speaks UAI on stdin and
//! stdout; `bench` prints the search fingerprint (`N nodes M nps`); `datagen` and `train`
//! make its network (`docs/engine.md`).

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use boardgame_uai::bench::{self, DEFAULT_BENCH_DEPTH};
use boardgame_uai::eval::Evaluation;
use boardgame_uai::protocol::{self, DEFAULT_HASH_MB, MAX_HASH_MB};
use clap::{Parser, Subcommand, ValueEnum};

/// An Ataxx engine speaking UAI (the Universal Ataxx Interface).
#[derive(Debug, Parser)]
#[command(name = "boardgame-uai", version, about, long_about = None)]
struct Cli {
    /// Transposition table size in MiB at start (the `Hash` option can change it).
    #[arg(long, default_value_t = DEFAULT_HASH_MB as u64,
          value_parser = clap::value_parser!(u64).range(1..=MAX_HASH_MB as u64))]
    hash: u64,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Speak UAI on stdin and stdout (the default).
    Uai,
    /// Search the fixed bench positions to a fixed depth: `N nodes M nps`.
    Bench(BenchArgs),
}

/// The evaluations.
#[derive(Copy, Clone, Debug, ValueEnum)]
enum EvalChoice {
    /// The shipped network.
    Net,
    /// The handcrafted evaluation.
    Handcrafted,
}

impl EvalChoice {
    fn evaluation(self) -> Evaluation {
        match self {
            EvalChoice::Net => Evaluation::default_net(),
            EvalChoice::Handcrafted => Evaluation::handcrafted(),
        }
    }
}

#[derive(Debug, clap::Args)]
struct BenchArgs {
    /// The depth of every search, in plies.
    #[arg(default_value_t = DEFAULT_BENCH_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(bench::MAX_BENCH_DEPTH)))]
    depth: u32,
    /// Print one line per position as well.
    #[arg(long)]
    verbose: bool,
    /// The evaluation to search with.
    #[arg(long, value_enum, default_value_t = EvalChoice::Net)]
    eval: EvalChoice,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let hash = usize::try_from(cli.hash).unwrap_or(MAX_HASH_MB);
    let result = match cli.command {
        None | Some(Command::Uai) => protocol::run(hash).map_err(|e| (1, e.to_string())),
        Some(Command::Bench(args)) => run_bench(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err((code, message)) => {
            eprintln!("boardgame-uai: {message}");
            ExitCode::from(code)
        }
    }
}

/// Writes a line; `false` once standard output is closed (`| head`).
fn print_line(line: &str) -> bool {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{line}").and_then(|()| out.flush()).is_ok()
}

fn run_bench(args: &BenchArgs) -> Result<(), (u8, String)> {
    let never = Arc::new(AtomicBool::new(false));
    let result = bench::run_bench(args.depth, &args.eval.evaluation(), &never, |i, fen, n| {
        !args.verbose || print_line(&format!("position {} nodes {n} fen {fen}", i + 1))
    })
    .map_err(|e| (1, e.to_string()))?;
    if let Some(result) = result {
        print_line(&result.summary());
    }
    Ok(())
}
