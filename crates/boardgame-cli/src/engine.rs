//! `boardgame uai` and `boardgame bench`: the Ataxx engine of the `boardgame-uai` crate,
//! reached through this command too (the engine's own binary is `boardgame-uai`).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use boardgame_uai::bench::{self, DEFAULT_BENCH_DEPTH, MAX_BENCH_DEPTH};
use boardgame_uai::eval::Evaluation;
use boardgame_uai::protocol::{self, DEFAULT_HASH_MB, MAX_HASH_MB};
use clap::Args;

use crate::error::{CliError, print_line};

/// Options of `uai`.
#[derive(Debug, Args)]
pub(crate) struct UaiArgs {
    /// Transposition table size in MiB (the `Hash` option can change it).
    #[arg(long, default_value_t = DEFAULT_HASH_MB as u64,
          value_parser = clap::value_parser!(u64).range(1..=MAX_HASH_MB as u64))]
    pub(crate) hash: u64,
}

/// Options of `bench`.
#[derive(Debug, Args)]
pub(crate) struct BenchArgs {
    /// The depth of every search, in plies.
    #[arg(long, default_value_t = DEFAULT_BENCH_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_BENCH_DEPTH)))]
    pub(crate) depth: u32,
    /// Print one line per position as well.
    #[arg(long)]
    pub(crate) verbose: bool,
}

/// `boardgame uai`.
pub(crate) fn run_uai(args: &UaiArgs) -> Result<(), CliError> {
    let hash_mb = usize::try_from(args.hash).unwrap_or(MAX_HASH_MB);
    protocol::run(hash_mb).map_err(|e| CliError::Data(format!("{e}; try a smaller --hash")))
}

/// `boardgame bench`: the summary line `N nodes M nps`; with `--verbose` one line per
/// position first. A closed output (`| head -1`) ends the run at once.
pub(crate) fn run_bench(args: &BenchArgs) -> Result<(), CliError> {
    let never = Arc::new(AtomicBool::new(false));
    let mut failed = None;
    let result = bench::run_bench(args.depth, &Evaluation::default(), &never, |i, fen, n| {
        if args.verbose {
            failed = print_line(&format!("position {} nodes {n} fen {fen}", i + 1)).err();
        }
        failed.is_none()
    })
    .map_err(|e| CliError::Data(e.to_string()))?;
    if let Some(error) = failed {
        return Err(error);
    }
    match result {
        Some(result) => print_line(&result.summary()),
        None => Ok(()),
    }
}
