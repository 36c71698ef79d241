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
    /// Train a network on datagen's records and write the engine's network file.
    Train(TrainArgs),
    /// A fixed-node match between two configurations of the engine, with an optional SPRT.
    Match(MatchArgs),
    /// What datagen's files hold: their headers, games, positions, and a digest of the games
    /// that does not depend on their order (the same games give the same digest).
    Datainfo(DatainfoArgs),
}

#[derive(Debug, clap::Args)]
struct DatainfoArgs {
    /// Data files written by datagen (the digest covers all of them together).
    #[arg(required = true, num_args = 1..)]
    files: Vec<std::path::PathBuf>,
    /// Count only the games whose index in their run is below N: one N for every file, or
    /// one per file (as `train --games`).
    #[arg(long, num_args = 1.., value_parser = clap::value_parser!(u32).range(1..))]
    games: Vec<u32>,
}

#[derive(Debug, clap::Args)]
struct MatchArgs {
    /// Game pairs (each opening is played twice, colours swapped).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pairs: u32,
    /// Nodes per move (no new iteration after them; a hard stop at twice as many).
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(100..=1_000_000_000))]
    nodes: u64,
    /// The first configuration: UAI options as NAME=VALUE, separated by commas (search
    /// parameters, Eval, EvalFile; a value may hold a comma when the text after it has no
    /// `=`: `EvalFile=/nets/a,b.nnue`). Scored.
    #[arg(long, default_value = "")]
    first: String,
    /// The second configuration, as --first.
    #[arg(long, default_value = "")]
    second: String,
    /// The openings' seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once: by default every core, and at most one per core and one per
    /// pair (each thread holds two 16 MiB tables and a small one, about 35 MB).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// Stop early by an SPRT of ELO0,ELO1 (α = β = 0.05), e.g. 0,5.
    #[arg(long)]
    sprt: Option<String>,
}

#[derive(Debug, clap::Args)]
struct TrainArgs {
    /// Data files written by datagen.
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<std::path::PathBuf>,
    /// The network file to write (replaced whole after every epoch; a regular file or
    /// nothing, checked before the first epoch; not one of the --data files).
    #[arg(long)]
    output: std::path::PathBuf,
    /// Passes over the data.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    epochs: u32,
    /// Positions per mini-batch.
    #[arg(long, default_value_t = 16_384, value_parser = clap::value_parser!(u64).range(8..=1_000_000))]
    batch: u64,
    /// The first learning rate.
    #[arg(long, default_value_t = 0.001)]
    rate: f32,
    /// AdamW's weight decay.
    #[arg(long, default_value_t = 0.0)]
    decay: f32,
    /// The weight of the game result in the target, 0..=1 (the rest is the search score).
    #[arg(long, default_value_t = 0.5)]
    wdl: f32,
    /// The seed of the initial weights, shuffles and symmetries.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads (only the speed depends on them); by default every core.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=8))]
    threads: Option<u64>,
    /// Use only the first this many positions of the data (at least 1).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Use only the games whose index in their run is below N: one N for every file, or one
    /// per file in the order of --data (the first N games of each run, however far its file
    /// went past them).
    #[arg(long, num_args = 1.., value_parser = clap::value_parser!(u32).range(1..))]
    games: Vec<u32>,
    /// The network's inputs: squares only, or squares and 2×2 window patterns.
    #[arg(long, value_enum, default_value_t = FeatureChoice::Tuples)]
    features: FeatureChoice,
    /// Hidden units per perspective: 128 or 256.
    #[arg(long, default_value_t = 128, value_parser = parse_hidden)]
    hidden: usize,
}

/// A hidden size the network file supports.
fn parse_hidden(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(hidden) if boardgame_uai::eval::Network::supports_hidden(hidden) => Ok(hidden),
        _ => Err(format!(
            "{} is not a hidden size: 128 or 256",
            boardgame_io::quote(text)
        )),
    }
}

/// The network input sets.
#[derive(Copy, Clone, Debug, ValueEnum)]
enum FeatureChoice {
    /// 49 squares × {own, opponent's, blocked}.
    Squares,
    /// The squares and a pattern per 2×2 window.
    Tuples,
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
    #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u64).range(100..=100_000_000))]
    nodes: u64,
    /// The evaluation the games are searched with.
    #[arg(long, value_enum, default_value_t = EvalChoice::Net)]
    eval: EvalChoice,
    /// A network file to search with instead (the trainer's output).
    #[arg(long, conflicts_with = "eval")]
    net: Option<std::path::PathBuf>,
    /// Play only shard K of N (K = 1..=N): the games whose index is K - 1 modulo N, so the
    /// N shards of a run together hold exactly its games (the file's header records the
    /// shard; `train` reads the shards' files together).
    #[arg(long, value_parser = parse_shard)]
    shard: Option<(u32, u32)>,
}

/// `K/N` with 1 ≤ K ≤ N: `(K - 1, N)`.
fn parse_shard(text: &str) -> Result<(u32, u32), String> {
    let bad = || {
        format!(
            "{} is not a shard K/N with 1 <= K <= N",
            boardgame_io::quote(text)
        )
    };
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(k) || !digits(n) {
        return Err(bad());
    }
    match (k.parse::<u32>(), n.parse::<u32>()) {
        (Ok(k), Ok(n)) if (1..=n).contains(&k) => Ok((k - 1, n)),
        _ => Err(bad()),
    }
}

fn main() -> ExitCode {
    // A usage error with every long argument clipped (issue 52, c1).
    let cli: Cli = boardgame_io::args::parse();
    // Ctrl-C and SIGTERM remove the temporary files of an output being written and end the
    // children's process groups (boardgame_io::signals).
    if let Err(e) = boardgame_io::signals::install() {
        eprintln!(
            "boardgame-uai: cannot handle SIGINT and SIGTERM ({e}); an interrupted output may leave a temporary file"
        );
    }
    let hash = usize::try_from(cli.hash).unwrap_or(MAX_HASH_MB);
    let result = match cli.command {
        None | Some(Command::Uai) => protocol::run(hash).map_err(|e| (1, e.to_string())),
        Some(Command::Bench(args)) => run_bench(&args),
        Some(Command::Datagen(args)) => run_datagen(&args),
        Some(Command::Train(args)) => run_train(&args),
        Some(Command::Match(args)) => run_match(&args),
        Some(Command::Datainfo(args)) => run_datainfo(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err((code, message)) => {
            eprintln!("boardgame-uai: {message}");
            ExitCode::from(code)
        }
    }
}

/// Writes a line to standard output: `Ok(true)` when written, `Ok(false)` once its reader
/// is gone (`| head`: a quiet end), an error for any other failure (a full disk).
fn print_line(line: &str) -> Result<bool, (u8, String)> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{line}").and_then(|()| out.flush()) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err((1, format!("standard output: {e}"))),
    }
}

fn run_bench(args: &BenchArgs) -> Result<(), (u8, String)> {
    let never = Arc::new(AtomicBool::new(false));
    let mut failed = None;
    let result = bench::run_bench(args.depth, &args.eval.evaluation(), &never, |i, fen, n| {
        if !args.verbose {
            return true;
        }
        match print_line(&format!("position {} nodes {n} fen {fen}", i + 1)) {
            Ok(going) => going,
            Err(error) => {
                failed = Some(error);
                false
            }
        }
    })
    .map_err(|e| (1, e.to_string()))?;
    if let Some(error) = failed {
        return Err(error);
    }
    if let Some(result) = result {
        print_line(&result.summary())?;
    }
    Ok(())
}

/// A network file (read bounded, a regular file only), or why it cannot be used.
fn load_net(path: &std::path::Path) -> Result<Evaluation, (u8, String)> {
    let net = boardgame_uai::netfile::load(path)
        .map_err(|e| (1, format!("{}: {e}", boardgame_io::quote_path(path))))?;
    Ok(Evaluation::Net(Arc::new(net)))
}

fn run_datainfo(args: &DatainfoArgs) -> Result<(), (u8, String)> {
    use boardgame_uai::datagen::format;
    for (index, path) in args.files.iter().enumerate() {
        let file = format::open(path)
            .map_err(|e| (1, format!("{}: {e}", boardgame_io::quote_path(path))))?;
        let header = match file.header {
            None => "format 1 (no header)".to_string(),
            Some(h) => format!(
                "procedure {} seed {} nodes {} eval {} search {} shard {}/{}",
                h.procedure,
                h.seed,
                h.nodes,
                match h.eval {
                    format::EvalId::Handcrafted => "handcrafted".to_string(),
                    format::EvalId::Net(hash) => format!("net:{hash:016x}"),
                },
                h.search,
                h.shard.0 + 1,
                h.shard.1
            ),
        };
        let bound = format::game_bound(&args.games, args.files.len(), index).map_err(|e| (2, e))?;
        let bounds: Vec<u32> = bound.into_iter().collect();
        let one = format::contents(std::slice::from_ref(path), &bounds).map_err(|e| (1, e))?;
        print_line(&format!(
            "{}: {header}; games {} positions {} cut {} digest {:016x}",
            boardgame_io::quote_path(path),
            one.games,
            one.positions,
            one.cut,
            one.digest
        ))?;
    }
    let all = format::contents(&args.files, &args.games).map_err(|e| (1, e))?;
    print_line(&format!(
        "all: games {} positions {} duplicates {} digest {:016x}",
        all.games, all.positions, all.duplicates, all.digest
    ))?;
    Ok(())
}

fn run_datagen(args: &DatagenArgs) -> Result<(), (u8, String)> {
    use boardgame_uai::datagen::{self, Output, Progress, Settings};
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
        shard: args.shard.unwrap_or((0, 1)),
    };
    let header = settings.header().map_err(|e| (1, e.to_string()))?;
    let output = Output::open(&settings.output, &header).map_err(|e| (1, e.to_string()))?;
    let done_before = output
        .done()
        .iter()
        .filter(|&&g| g < settings.games)
        .count() as u64;
    let in_file = output.done().len() as u64;
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
        let worker = scope.spawn(|| datagen::run(&settings, output, &stop, &progress));
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
        "datagen: {} games and {} positions written to {} in {:.0} s ({} positions per hour, {threads} threads); {} of the {} games asked for were already there{}",
        summary.games,
        summary.positions,
        boardgame_io::quote_path(&settings.output),
        started.elapsed().as_secs_f64(),
        datagen::per_hour(summary.positions, started.elapsed()),
        summary.resumed_games,
        settings.games,
        if in_file > summary.resumed_games {
            format!(" (the file holds {in_file} games in all)")
        } else {
            String::new()
        }
    );
    Ok(())
}

fn run_train(args: &TrainArgs) -> Result<(), (u8, String)> {
    use boardgame_uai::train::{self, Settings};
    let finite = |name: &str, v: f32, range: std::ops::RangeInclusive<f32>| {
        if v.is_finite() && range.contains(&v) {
            Ok(())
        } else {
            Err((2, format!("--{name} must be in {range:?}, not {v}")))
        }
    };
    finite("rate", args.rate, 1e-7..=1.0)?;
    finite("decay", args.decay, 0.0..=1.0)?;
    finite("wdl", args.wdl, 0.0..=1.0)?;
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        |t| t as usize,
    );
    let settings = Settings {
        hidden: args.hidden,
        features: match args.features {
            FeatureChoice::Squares => boardgame_uai::eval::net::Features::Squares,
            FeatureChoice::Tuples => boardgame_uai::eval::net::Features::SquaresAndTuples,
        },
        data: args.data.clone(),
        epochs: args.epochs,
        batch: args.batch as usize,
        rate: args.rate,
        decay: args.decay,
        wdl: args.wdl,
        seed: args.seed,
        threads,
        limit: args.limit.map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
        games: args.games.clone(),
    };
    check_train_output(&args.output, &args.data)?;
    let data = train::load(&settings).map_err(|e| (1, e.to_string()))?;
    eprintln!(
        "train: {:?} network, {} positions, {} held out; {} epochs, batch {}, rate {}, wdl {}, seed {}, {threads} threads",
        settings.features,
        data.train_len(),
        data.validation_len(),
        settings.epochs,
        settings.batch,
        settings.rate,
        settings.wdl,
        settings.seed
    );
    let never = AtomicBool::new(false);
    let mut failure = None;
    train::train(&settings, &data, &never, |epoch, network| {
        let validation = epoch.validation_loss.map_or_else(
            || "none held out (fewer than 50 games)".to_string(),
            |loss| format!("{loss:.6}"),
        );
        eprintln!(
            "epoch {:3}  train loss {:.6}  validation loss {validation}  {:.1} s",
            epoch.number,
            epoch.train_loss,
            epoch.elapsed.as_secs_f64()
        );
        // The first failed save ends the run: the epochs after it would be lost too.
        match train::save(network, &args.output) {
            Ok(()) => std::ops::ControlFlow::Continue(()),
            Err(error) => {
                failure = Some(error);
                std::ops::ControlFlow::Break(())
            }
        }
    });
    match failure {
        Some(error) => Err((
            1,
            format!(
                "{}: {error}; training stopped (the network of the epoch before, if any, is kept)",
                boardgame_io::quote_path(&args.output)
            ),
        )),
        None => Ok(()),
    }
}

/// Checks `train`'s output before any work: it must be a regular file or nothing in a
/// directory that takes a new file (a temporary file is made there and removed), and not
/// the same file as one of the data files (after links: replacing it would lose the data).
fn check_train_output(
    output: &std::path::Path,
    data: &[std::path::PathBuf],
) -> Result<(), (u8, String)> {
    let target = boardgame_io::write::Replacement::create(output).map_err(|e| {
        (
            1,
            format!("--output {}: {e}", boardgame_io::quote_path(output)),
        )
    })?;
    let same = |a: &std::fs::Metadata, b: &std::fs::Metadata| {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            a.dev() == b.dev() && a.ino() == b.ino()
        }
        #[cfg(not(unix))]
        {
            let _ = (a, b);
            false
        }
    };
    if let Ok(out) = std::fs::metadata(target.target()) {
        for path in data {
            if std::fs::metadata(path).is_ok_and(|d| same(&out, &d)) {
                return Err((
                    2,
                    format!(
                        "--output {} is the data file {}: the network would replace the data; choose another output",
                        boardgame_io::quote_path(output),
                        boardgame_io::quote_path(path)
                    ),
                ));
            }
        }
    }
    drop(target);
    Ok(())
}

/// The `NAME=VALUE` items of `text`, separated by commas. A piece without `=` after a comma
/// belongs to the value before it, so that `EvalFile=/nets/a,b.nnue` names a path with a
/// comma (issue 52, c12).
fn options_of(text: &str) -> Vec<String> {
    let mut items: Vec<String> = Vec::new();
    for piece in text.split(',') {
        match items.last_mut() {
            Some(last) if !piece.contains('=') && !piece.trim().is_empty() => {
                last.push(',');
                last.push_str(piece);
            }
            _ if piece.trim().is_empty() => {}
            _ => items.push(piece.trim().to_owned()),
        }
    }
    items.iter().map(|item| item.trim().to_owned()).collect()
}

/// A configuration from `NAME=VALUE,NAME=VALUE`.
fn player_of(text: &str) -> Result<boardgame_uai::selfplay::Player, (u8, String)> {
    use boardgame_uai::search::Params;
    let mut player = boardgame_uai::selfplay::Player {
        params: Params::default(),
        evaluation: Evaluation::default(),
    };
    for item in options_of(text) {
        let item = item.as_str();
        let (name, value) = item.split_once('=').ok_or_else(|| {
            (
                2,
                format!("{} is not NAME=VALUE", boardgame_io::quote(item)),
            )
        })?;
        let bad = |e: String| (2, e);
        match name.trim().to_ascii_lowercase().as_str() {
            "eval" => player.evaluation = boardgame_uai::netfile::eval_named(value).map_err(bad)?,
            "evalfile" => {
                player.evaluation = boardgame_uai::netfile::eval_file(value).map_err(|e| (1, e))?;
            }
            _ => player.params.set(name.trim(), value).map_err(bad)?,
        }
    }
    Ok(player)
}

fn run_match(args: &MatchArgs) -> Result<(), (u8, String)> {
    use boardgame_uai::selfplay::{self, Settings, Tally, elo};
    let first = player_of(&args.first)?;
    let second = player_of(&args.second)?;
    let sprt = match &args.sprt {
        None => None,
        Some(text) => {
            let bad = || {
                (
                    2,
                    format!(
                        "--sprt takes ELO0,ELO1 with ELO0 < ELO1, not {}",
                        boardgame_io::quote(text)
                    ),
                )
            };
            let (a, b) = text.split_once(',').ok_or_else(bad)?;
            let (a, b): (f64, f64) = (
                a.trim().parse().map_err(|_| bad())?,
                b.trim().parse().map_err(|_| bad())?,
            );
            if !(a.is_finite() && b.is_finite() && a < b) {
                return Err(bad());
            }
            Some((a, b))
        }
    };
    // At most one thread per core and one per pair: more only add tables (issue 44).
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let threads = args
        .threads
        .map_or(cores, |t| usize::try_from(t).unwrap_or(cores))
        .min(cores)
        .min(usize::try_from(args.pairs).unwrap_or(usize::MAX))
        .max(1);
    let settings = Settings {
        pairs: args.pairs,
        nodes: args.nodes,
        seed: args.seed,
        threads,
        sprt,
    };
    let describe = |tally: &Tally| {
        let (low, high) = tally.interval();
        let mut line = format!(
            "{} games: +{} -{} ={}  score {:.1}% [{:.1}%, {:.1}%]  Elo {} [{}, {}]",
            tally.games(),
            tally.wins,
            tally.losses,
            tally.draws,
            100.0 * tally.score(),
            100.0 * low,
            100.0 * high,
            selfplay::signed(elo(tally.score())),
            selfplay::signed(elo(low)),
            selfplay::signed(elo(high))
        );
        if let Some((elo0, elo1)) = sprt {
            line += &format!(
                "  LLR {:.2} ({:.2}, {:.2}) [{elo0}, {elo1}]",
                tally.llr(elo0, elo1),
                selfplay::SPRT_BOUNDS.0,
                selfplay::SPRT_BOUNDS.1
            );
        }
        line
    };
    let stop = AtomicBool::new(false);
    let tally = selfplay::run(&settings, [&first, &second], &stop, |tally| {
        if tally.games() % 20 == 0 {
            eprintln!("{}", describe(tally));
        }
    });
    print_line(&format!(
        "first [{}] vs second [{}], {} nodes a move, seed {}, {threads} threads: {}",
        args.first,
        args.second,
        args.nodes,
        args.seed,
        describe(&tally)
    ))?;
    Ok(())
}

// The path arguments of every subcommand, shared with the integration tests (issue 52, item
// 3): the unit test below checks them against the clap definitions.
#[cfg(test)]
#[path = "../tests/it/outputs.rs"]
mod outputs;

#[cfg(test)]
mod tests {
    use super::options_of;

    /// Issue 52, item 3: every path argument of every subcommand is either an input listed
    /// in `tests/it/outputs.rs` or an output that
    /// `round5::r5_every_output_of_the_engines_tools_is_checked_before_the_work` walks (with a
    /// directory, a missing parent and a read-only file): an output argument added without a
    /// walk fails here.
    #[test]
    fn every_path_argument_is_a_listed_input_or_a_walked_output() {
        use super::outputs::{HERE, INPUTS, OUTPUTS};
        use clap::CommandFactory;
        let listed =
            boardgame_io::args::check_path_arguments(&super::Cli::command(), OUTPUTS, INPUTS, HERE);
        assert_eq!(
            listed,
            Ok(()),
            "tests/it/outputs.rs against the clap definitions"
        );
    }

    /// Issue 52, c12: `match --first EvalFile=PATH` could not name a path with a comma.
    #[test]
    fn options_split_on_commas_but_a_value_may_hold_one() {
        assert_eq!(
            options_of(" Eval=handcrafted, EvalFile=/nets/a,b.nnue ,LMR=3,"),
            ["Eval=handcrafted", "EvalFile=/nets/a,b.nnue", "LMR=3"]
        );
        assert_eq!(options_of("junk,Eval=net"), ["junk", "Eval=net"]);
        assert!(options_of(" , ").is_empty());
    }
}
