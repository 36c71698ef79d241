//! `simulate --shard K/N` and `merge`: shards of a run merge into exactly the whole run.

use std::path::Path;
use std::process::Output;

use crate::common::{Scratch, boardgame};

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A summary without the fields allowed to differ between a merge and the whole run.
fn comparable(text: &str) -> serde_json::Value {
    let mut value: serde_json::Value = serde_json::from_str(text.trim()).expect("one JSON object");
    let object = value.as_object_mut().unwrap();
    for key in [
        "seconds",
        "games_per_sec",
        "plies_per_sec",
        "threads",
        "shard",
    ] {
        assert!(object.remove(key).is_some(), "missing {key}");
    }
    value
}

/// The text summary without its speed line.
fn without_speed(text: &str) -> String {
    text.lines()
        .filter(|line| !line.starts_with("speed:"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs `simulate` whole and as 3 shards (records too), and checks that the merge equals the
/// whole run in JSON and text, and that the shards' records sorted by index equal the run's.
fn three_shards_merge_into_the_whole_run(game: &str, games: &str, extra: &[&str]) {
    let dir = Scratch::new(&format!("shards-{game}"));
    let path = |name: &str| dir.join(name).to_str().unwrap().to_owned();
    let run = |more: &[&str]| {
        let mut args = vec![
            "simulate", game, "--games", games, "--seed", "17", "--quiet",
        ];
        args.extend_from_slice(extra);
        args.extend_from_slice(more);
        stdout(&boardgame(&args))
    };
    let whole_records = path("whole.jsonl");
    let whole = run(&["--json", "--threads", "2", "--records", &whole_records]);
    let whole_text = run(&["--threads", "1"]);
    let mut summaries = Vec::new();
    let mut shard_records = Vec::new();
    for k in ["3", "1", "2"] {
        let records = path(&format!("shard{k}.jsonl"));
        let summary = path(&format!("shard{k}.json"));
        let shard = format!("{k}/3");
        let out = run(&["--json", "--shard", &shard, "--records", &records]);
        let value: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(value["shard"], shard.as_str());
        boardgame_io::scratch::write(&summary, out);
        summaries.push(summary);
        shard_records.push(records);
    }
    let mut merge_args = vec!["merge"];
    merge_args.extend(summaries.iter().map(String::as_str));
    let merged_text = stdout(&boardgame(&merge_args));
    merge_args.push("--json");
    let merged = stdout(&boardgame(&merge_args));
    let merged_value: serde_json::Value = serde_json::from_str(merged.trim()).unwrap();
    assert_eq!(merged_value["shard"], "1-3/3");
    assert_eq!(comparable(&merged), comparable(&whole), "{game}");
    assert_eq!(without_speed(&merged_text), without_speed(&whole_text));

    let index = |line: &str| -> u64 {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        value["index"].as_u64().expect("records carry their index")
    };
    let mut lines: Vec<String> = shard_records
        .iter()
        .flat_map(|p| {
            boardgame_io::scratch::read_text(p)
                .lines()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect();
    lines.sort_by_key(|line| index(line));
    let whole_lines: Vec<String> = boardgame_io::scratch::read_text(&whole_records)
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(whole_lines.len(), games.parse::<usize>().unwrap());
    assert_eq!(lines, whole_lines, "{game}");
}

#[test]
fn three_thax_shards_merge_into_the_whole_run() {
    three_shards_merge_into_the_whole_run("thax", "400", &[]);
}

#[test]
fn three_parchis_shards_merge_into_the_whole_run() {
    three_shards_merge_into_the_whole_run("parchis", "60", &["--players", "3"]);
}

#[test]
fn three_ataxx_shards_merge_into_the_whole_run() {
    three_shards_merge_into_the_whole_run("ataxx", "90", &[]);
}

/// The summary of `simulate` with `args` in the file `name` of `dir`: its path.
fn summary_file(dir: &Path, name: &str, args: &[&str]) -> String {
    let mut all = vec!["simulate", "--quiet", "--json"];
    all.extend_from_slice(args);
    let path = dir.join(name);
    boardgame_io::scratch::write(&path, stdout(&boardgame(&all)));
    path.to_str().unwrap().to_owned()
}

#[test]
fn merging_different_runs_is_refused_with_the_difference() {
    let dir = Scratch::new("merge-different-runs");
    let base = ["--games", "30", "--seed", "1"];
    fn with<'a>(base: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
        let mut args = vec!["thax"];
        args.extend_from_slice(base);
        args.extend_from_slice(extra);
        args
    }
    let one = summary_file(dir.path(), "m1.json", &with(&base, &["--shard", "1/2"]));
    let other_seed = summary_file(
        dir.path(),
        "m2-seed.json",
        &["thax", "--games", "30", "--seed", "2", "--shard", "2/2"],
    );
    let other_game = summary_file(
        dir.path(),
        "m2-game.json",
        &["race", "--games", "30", "--seed", "1", "--shard", "2/2"],
    );
    let other_setting = summary_file(
        dir.path(),
        "m2-set.json",
        &with(&base, &["--shard", "2/2", "--set", "take_with_sum=true"]),
    );
    let other_games = summary_file(
        dir.path(),
        "m2-games.json",
        &["thax", "--games", "31", "--seed", "1", "--shard", "2/2"],
    );
    for (file, why) in [
        (&other_seed, "different seed"),
        (&other_game, "different game"),
        (&other_setting, "different setting take_with_sum"),
        (&other_games, "different --games"),
    ] {
        let out = boardgame(&["merge", &one, file]);
        assert_eq!(out.status.code(), Some(1), "{why}");
        assert!(stderr(&out).contains(why), "{why}: {}", stderr(&out));
        assert!(stderr(&out).contains("different runs"), "{}", stderr(&out));
    }
    let good = summary_file(dir.path(), "m2.json", &with(&base, &["--shard", "2/2"]));
    assert!(boardgame(&["merge", &one, &good]).status.success());
}

#[test]
fn merging_overlapping_or_incomplete_shards_is_refused_or_flagged() {
    let dir = Scratch::new("merge-overlapping");
    let shard = |k: &str| {
        summary_file(
            dir.path(),
            &format!("o{}.json", k.replace('/', "of")),
            &["thax", "--games", "30", "--seed", "4", "--shard", k],
        )
    };
    let (a, b, c) = (shard("1/3"), shard("2/3"), shard("3/3"));
    let twice = boardgame(&["merge", &a, &b, &b, &c]);
    assert_eq!(twice.status.code(), Some(1));
    assert!(stderr(&twice).contains("overlap"), "{}", stderr(&twice));
    let gap = boardgame(&["merge", &a, &c]);
    assert_eq!(gap.status.code(), Some(1));
    assert!(
        stderr(&gap).contains("a shard is missing"),
        "{}",
        stderr(&gap)
    );
    // A contiguous part of the run merges, says so, and merges again with the rest.
    let refused = boardgame(&["merge", &a, &b]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        stderr(&refused).contains("--partial"),
        "{}",
        stderr(&refused)
    );
    let part = boardgame(&["merge", &a, &b, "--json", "--partial"]);
    assert!(
        stderr(&part).contains("shards are missing"),
        "{}",
        stderr(&part)
    );
    let part_path = dir.join("o-part.json");
    boardgame_io::scratch::write(&part_path, stdout(&part));
    let whole = stdout(&boardgame(&[
        "merge",
        part_path.to_str().unwrap(),
        &c,
        "--json",
    ]));
    let direct = stdout(&boardgame(&[
        "simulate", "thax", "--games", "30", "--seed", "4", "--json",
    ]));
    assert_eq!(comparable(&whole), comparable(&direct));
}

#[test]
fn a_tampered_summary_is_refused() {
    let dir = Scratch::new("merge-tampered");
    let path = summary_file(
        dir.path(),
        "t.json",
        &["thax", "--games", "20", "--seed", "4"],
    );
    let mut value: serde_json::Value =
        serde_json::from_str(&boardgame_io::scratch::read_text(&path)).unwrap();
    value["draws"] = serde_json::json!(5);
    boardgame_io::scratch::write(&path, value.to_string());
    let out = boardgame(&["merge", &path]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("inconsistent summary"),
        "{}",
        stderr(&out)
    );
    let garbage = dir.join("garbage.json");
    boardgame_io::scratch::write(&garbage, "{\"game\": 5}\n");
    let out = boardgame(&["merge", garbage.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("not a summary of `simulate --json`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_bad_records_path_fails_before_any_game_is_played() {
    // Ten billion games would take hours: the command must fail on the path at once.
    let out = boardgame(&[
        "simulate",
        "thax",
        "--games",
        "10000000000",
        "--records",
        "/nonexistent/dir/records.jsonl",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("/nonexistent/dir/records.jsonl"));
}

#[test]
fn too_many_shards_for_the_games_are_refused() {
    let out = boardgame(&["simulate", "thax", "--games", "2", "--shard", "1/3"]);
    assert_eq!(out.status.code(), Some(2));
    let bad = boardgame(&["simulate", "thax", "--games", "20", "--shard", "4/3"]);
    assert_eq!(bad.status.code(), Some(2));
}
