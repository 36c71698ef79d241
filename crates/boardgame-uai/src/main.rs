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
    /// Self-play games for training data (resumes an interrupted run: rerun the command).
    Datagen(DatagenArgs),
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

#[derive(Debug, clap::Args)]
struct DatagenArgs {
    /// The output file (records are appended; an existing file is resumed).
    #[arg(long)]
    output: std::path::PathBuf,
    /// Games in the run.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// The run's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (one thread each); by default every core.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// Nodes per move: no new iteration after this many, a hard stop at twice as many.
    #[arg(long, default_value_t = 6000, value_parser = clap::value_parser!(u64).range(100..=100_000_000))]
    nodes: u64,
    /// The evaluation the games are searched with.
    #[arg(long, value_enum, default_value_t = EvalChoice::Net)]
    eval: EvalChoice,
    /// A network file to search with instead (the trainer's output).
    #[arg(long, conflicts_with = "eval")]
    net: Option<std::path::PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let hash = usize::try_from(cli.hash).unwrap_or(MAX_HASH_MB);
    let result = match cli.command {
        None | Some(Command::Uai) => protocol::run(hash).map_err(|e| (1, e.to_string())),
        Some(Command::Bench(args)) => run_bench(&args),
        Some(Command::Datagen(args)) => run_datagen(&args),
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

/// A network file, or why it cannot be used.
fn load_net(path: &std::path::Path) -> Result<Evaluation, (u8, String)> {
    let bytes = std::fs::read(path).map_err(|e| (1, format!("{}: {e}", path.display())))?;
    let net = boardgame_uai::eval::Network::from_bytes(&bytes)
        .map_err(|e| (1, format!("{}: {e}", path.display())))?;
    Ok(Evaluation::Net(Arc::new(net)))
}

fn run_datagen(args: &DatagenArgs) -> Result<(), (u8, String)> {
    use boardgame_uai::datagen::{self, Progress, Settings};
    use std::sync::atomic::Ordering;
    let evaluation = match &args.net {
        Some(path) => load_net(path)?,
        None => args.eval.evaluation(),
    };
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        |t| t as usize,
    );
    let settings = Settings {
        output: args.output.clone(),
        games: args.games,
        seed: args.seed,
        threads,
        nodes: args.nodes,
        evaluation,
        hash_mb: 8,
    };
    let done_before = datagen::resume(&settings.output)
        .map_err(|e| (1, e.to_string()))?
        .len() as u64;
    let progress = Progress::default();
    let stop = AtomicBool::new(false);
    let bar = indicatif::ProgressBar::new(u64::from(args.games));
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} games, {msg} (eta {eta})",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar.set_position(done_before);
    let started = std::time::Instant::now();
    let summary = std::thread::scope(|scope| {
        let worker = scope.spawn(|| datagen::run(&settings, &stop, &progress));
        while !worker.is_finished() {
            let games = progress.games.load(Ordering::Relaxed);
            let positions = progress.positions.load(Ordering::Relaxed);
            bar.set_position(done_before + games);
            bar.set_message(format!(
                "{positions} positions, {} per hour",
                datagen::per_hour(positions, started.elapsed())
            ));
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
        worker.join()
    });
    bar.finish_and_clear();
    let summary = summary
        .map_err(|_| (1, "a datagen thread failed".to_string()))?
        .map_err(|e| (1, e.to_string()))?;
    eprintln!(
        "datagen: {} games and {} positions written to {} in {:.0} s ({} positions per hour, {threads} threads); {} games were already there",
        summary.games,
        summary.positions,
        settings.output.display(),
        started.elapsed().as_secs_f64(),
        datagen::per_hour(summary.positions, started.elapsed()),
        summary.resumed_games
    );
    Ok(())
}
