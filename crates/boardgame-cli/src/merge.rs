//! `boardgame merge`: combines the `--json` summaries of the shards of one `simulate` run
//! into the summary of the whole run (exactly: the statistics come from merged histograms).

use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;

use clap::Args;

use crate::error::{CliError, data, print_line};
use crate::simulate::Shard;
use crate::summary::{RunId, RunSummary, Tally, Timing, incompatibility, unreadable};

/// Options of `merge`.
#[derive(Debug, Args)]
pub(crate) struct MergeArgs {
    /// Summaries written by `simulate --json` (one JSON object per line; `-` reads standard
    /// input). Together they must cover a contiguous range of the run's games, each game once.
    #[arg(required = true, value_name = "FILE")]
    pub(crate) files: Vec<PathBuf>,
    /// Print the merged summary as one JSON object (which can itself be merged again).
    #[arg(long)]
    pub(crate) json: bool,
    /// Accept summaries that cover only part of the run (the first or last shards missing):
    /// the result is then the summary of that part, which merges again with the rest.
    #[arg(long)]
    pub(crate) partial: bool,
}

/// The most bytes read from one input: summaries are small, so anything bigger is not one.
const MAX_INPUT: u64 = 64 << 20;

/// What `merge` keeps of each summary once its counts are added to the total: its place in
/// the run and its time, not its histograms.
struct Part {
    label: String,
    range: std::ops::Range<u64>,
    shard: String,
    threads: usize,
    seconds: f64,
}

/// The merge so far: the first summary's run (every other must match it) and the counts
/// of every summary read.
struct Merged {
    first_label: String,
    run: RunId,
    program: String,
    tally: Tally,
    parts: Vec<Part>,
}

/// Runs `merge`. Summaries are read one line at a time and their counts added up at once,
/// so memory holds one line, its summary and the total, not every input.
pub(crate) fn run(args: &MergeArgs) -> Result<(), CliError> {
    let mut merged: Option<Merged> = None;
    for path in &args.files {
        let fail = |e: std::io::Error| data(format!("{}: {e}", boardgame_io::quote_path(path)));
        let input: Box<dyn BufRead> = if path.as_os_str() == "-" {
            Box::new(std::io::stdin().lock())
        } else {
            // Only a regular file (`boardgame_io::read`): a FIFO or a device is refused
            // before it is opened; at most MAX_INPUT bytes of it are read.
            let (file, _) = boardgame_io::read::open_regular(path).map_err(fail)?;
            Box::new(BufReader::new(file))
        };
        let mut input = input.take(MAX_INPUT + 1);
        let mut number = 0;
        loop {
            let mut line = Vec::new();
            input.read_until(b'\n', &mut line).map_err(fail)?;
            if input.limit() == 0 {
                return Err(data(format!(
                    "{}: more than {} MiB; not a file of summaries",
                    boardgame_io::quote_path(path),
                    MAX_INPUT >> 20
                )));
            }
            if line.is_empty() {
                break;
            }
            number += 1;
            let label = format!("{} line {number}", boardgame_io::quote_path(path));
            let text = std::str::from_utf8(&line).map_err(|_| {
                data(format!(
                    "{}: not UTF-8 text",
                    boardgame_io::quote_path(path)
                ))
            })?;
            if text.trim().is_empty() {
                continue;
            }
            let mut summary: RunSummary = serde_json::from_str(text)
                .map_err(|e| data(format!("{label}: not a summary of `simulate --json` ({e})")))?;
            drop(line);
            add(&mut merged, label, &mut summary)?;
        }
    }
    let Some(merged) = merged else {
        return Err(data("no summary to merge"));
    };
    let merged = finish(merged, args.partial)?;
    if args.json {
        print_line(&serde_json::to_string(&merged).map_err(data)?)
    } else {
        print_line(&merged.text())
    }
}

/// Checks `summary` (on `label`) and adds its counts to the merge.
fn add(
    merged: &mut Option<Merged>,
    label: String,
    summary: &mut RunSummary,
) -> Result<(), CliError> {
    if let Some(why) = unreadable(summary) {
        return Err(data(format!("{label}: {why}")));
    }
    let tally = summary
        .take_tally()
        .map_err(|e| data(format!("{label}: inconsistent summary: {e}")))?;
    let merged = merged.get_or_insert_with(|| Merged {
        first_label: label.clone(),
        run: summary.run.clone(),
        program: summary.program.clone(),
        tally: Tally::new(summary.run.players),
        parts: Vec::new(),
    });
    if let Some(why) = incompatibility(&merged.run, &summary.run) {
        return Err(data(format!(
            "cannot merge {label} with {}: they are different runs: {why}",
            merged.first_label
        )));
    }
    if summary.program != merged.program {
        return Err(data(format!(
            "cannot merge {label} with {}: written by different programs ({} and {}); rerun the shards with one",
            merged.first_label,
            boardgame_io::quote(&summary.program),
            boardgame_io::quote(&merged.program)
        )));
    }
    merged.tally.merge_owned(tally);
    let range = summary.range();
    merged.parts.push(Part {
        label,
        shard: summary
            .shard
            .clone()
            .unwrap_or_else(|| format!("{}..{}", range.start, range.end)),
        range,
        threads: summary.threads,
        seconds: summary.seconds,
    });
    Ok(())
}

/// The merged summary, once the parts are checked to tile the run (or part of it, with
/// `partial`) without overlap.
fn finish(mut merged: Merged, partial: bool) -> Result<RunSummary, CliError> {
    let parts = &mut merged.parts;
    parts.sort_by_key(|part| (part.range.start, part.range.end));
    for pair in parts.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        if b.range.start < a.range.end {
            return Err(data(format!(
                "{} (games {}..{}) and {} (games {}..{}) overlap: a shard was given twice?",
                a.label, a.range.start, a.range.end, b.label, b.range.start, b.range.end
            )));
        }
        if b.range.start > a.range.end {
            return Err(data(format!(
                "games {}..{} are in no summary (between {} and {}): a shard is missing",
                a.range.end, b.range.start, a.label, b.label
            )));
        }
    }
    let run = merged.run;
    let range = parts[0].range.start..parts[parts.len() - 1].range.end;
    if range != (0..run.games) {
        let covered = format!(
            "the summaries cover games {}..{} of the run's {}",
            range.start, range.end, run.games
        );
        if !partial {
            return Err(data(format!(
                "{covered}: the first or last shards are missing (--partial merges a part of the run)"
            )));
        }
        eprintln!("boardgame: note: {covered}; shards are missing");
    }
    let mut timing = Timing {
        threads: 0,
        seconds: 0.0,
        merged: parts.len(),
    };
    for part in parts.iter() {
        timing.threads = timing.threads.saturating_add(part.threads);
        // Saturating, so that the sum stays finite.
        timing.seconds = (timing.seconds + part.seconds).min(f64::MAX);
    }
    let shards: Vec<String> = parts.iter().map(|part| part.shard.clone()).collect();
    Ok(RunSummary::new(
        run,
        Some(shard_names(&shards)),
        range,
        merged.tally,
        timing,
    ))
}

/// The merged shards: `K1-K2/N` when they are shards K1 to K2 of N in a row, else every
/// shard joined with `+`.
fn shard_names(shards: &[String]) -> String {
    let parsed: Option<Vec<Shard>> = shards.iter().map(|s| s.parse().ok()).collect();
    if let Some(parsed) = parsed
        && let (Some(first), Some(last)) = (parsed.first(), parsed.last())
        && parsed.len() > 1
        && parsed
            .windows(2)
            .all(|w| w[0].count == w[1].count && w[0].index + 1 == w[1].index)
    {
        return format!("{}-{}/{}", first.index, last.index, first.count);
    }
    shards.join("+")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn consecutive_shards_are_named_as_a_range() {
        let names =
            |list: &[&str]| shard_names(&list.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(names(&["1/3", "2/3", "3/3"]), "1-3/3");
        assert_eq!(names(&["2/8", "3/8"]), "2-3/8");
        assert_eq!(names(&["1/3"]), "1/3");
        assert_eq!(names(&["1/2", "0..10"]), "1/2+0..10");
        assert_eq!(names(&["1/4", "3/4"]), "1/4+3/4");
    }
}
