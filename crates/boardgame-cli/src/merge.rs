//! `boardgame merge`: combines the `--json` summaries of the shards of one `simulate` run
//! into the summary of the whole run (exactly: the statistics come from merged histograms).

use std::io::Read;
use std::path::PathBuf;

use clap::Args;

use crate::error::{CliError, data, print_line};
use crate::simulate::Shard;
use crate::summary::{RunSummary, Tally, Timing, incompatibility, unreadable};

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

/// Runs `merge`.
pub(crate) fn run(args: &MergeArgs) -> Result<(), CliError> {
    let mut summaries = Vec::new();
    for path in &args.files {
        let text = read_input(path)?;
        for (number, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let label = format!("{} line {}", path.display(), number + 1);
            let summary: RunSummary = serde_json::from_str(line)
                .map_err(|e| data(format!("{label}: not a summary of `simulate --json` ({e})")))?;
            if let Some(why) = unreadable(&summary) {
                return Err(data(format!("{label}: {why}")));
            }
            let tally = summary
                .tally()
                .map_err(|e| data(format!("{label}: inconsistent summary: {e}")))?;
            summaries.push((label, summary, tally));
        }
    }
    let merged = merge(summaries, args.partial)?;
    if args.json {
        print_line(&serde_json::to_string(&merged).map_err(data)?)
    } else {
        print_line(&merged.text())
    }
}

fn read_input(path: &PathBuf) -> Result<String, CliError> {
    let fail = |e: std::io::Error| data(format!("{}: {e}", path.display()));
    let mut bytes = Vec::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .take(MAX_INPUT + 1)
            .read_to_end(&mut bytes)
            .map_err(fail)?;
    } else {
        std::fs::File::open(path)
            .map_err(fail)?
            .take(MAX_INPUT + 1)
            .read_to_end(&mut bytes)
            .map_err(fail)?;
    }
    if bytes.len() as u64 > MAX_INPUT {
        return Err(data(format!(
            "{}: more than {} MiB; not a file of summaries",
            path.display(),
            MAX_INPUT >> 20
        )));
    }
    String::from_utf8(bytes).map_err(|_| data(format!("{}: not UTF-8 text", path.display())))
}

/// Merges labelled summaries of parts of one run.
fn merge(
    mut parts: Vec<(String, RunSummary, Tally)>,
    partial: bool,
) -> Result<RunSummary, CliError> {
    let Some((first_label, first, _)) = parts.first() else {
        return Err(data("no summary to merge"));
    };
    for (label, summary, _) in &parts[1..] {
        if let Some(why) = incompatibility(&first.run, &summary.run) {
            return Err(data(format!(
                "cannot merge {label} with {first_label}: they are different runs: {why}"
            )));
        }
        if summary.program != first.program {
            return Err(data(format!(
                "cannot merge {label} with {first_label}: written by different programs ({:?} and {:?}); rerun the shards with one",
                summary.program, first.program
            )));
        }
    }
    parts.sort_by_key(|(_, summary, _)| (summary.game_range[0], summary.game_range[1]));
    for pair in parts.windows(2) {
        let (a_label, a, _) = &pair[0];
        let (b_label, b, _) = &pair[1];
        let (a_range, b_range) = (a.range(), b.range());
        if b_range.start < a_range.end {
            return Err(data(format!(
                "{a_label} (games {}..{}) and {b_label} (games {}..{}) overlap: a shard was given twice?",
                a_range.start, a_range.end, b_range.start, b_range.end
            )));
        }
        if b_range.start > a_range.end {
            return Err(data(format!(
                "games {}..{} are in no summary (between {a_label} and {b_label}): a shard is missing",
                a_range.end, b_range.start
            )));
        }
    }
    let run = parts[0].1.run.clone();
    let range = parts[0].1.game_range[0]..parts[parts.len() - 1].1.game_range[1];
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
    let mut tally = Tally::new(run.players);
    let mut timing = Timing {
        threads: 0,
        seconds: 0.0,
        merged: parts.len(),
    };
    let mut shards = Vec::new();
    for (_, summary, part) in &parts {
        tally.merge(part);
        timing.threads = timing.threads.saturating_add(summary.threads);
        // Saturating, so that the sum stays finite.
        timing.seconds = (timing.seconds + summary.seconds).min(f64::MAX);
        shards.push(summary.shard.clone().unwrap_or_else(|| {
            let r = summary.range();
            format!("{}..{}", r.start, r.end)
        }));
    }
    Ok(RunSummary::new(
        run,
        Some(shard_names(&shards)),
        range,
        tally,
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
