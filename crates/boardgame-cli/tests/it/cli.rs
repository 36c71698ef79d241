//! End-to-end tests of the `boardgame` binary.

use boardgame_io::process::Command;
use std::io::Write;
use std::process::{Output, Stdio};

use crate::common::{Scratch, boardgame};

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn json(output: &Output) -> serde_json::Value {
    assert!(output.status.success(), "failed: {}", stderr(output));
    serde_json::from_str(stdout(output).trim()).expect("one JSON object")
}

/// The summary without the fields that measure time.
fn without_timing(mut value: serde_json::Value) -> serde_json::Value {
    let object = value.as_object_mut().unwrap();
    for key in ["seconds", "games_per_sec", "plies_per_sec", "threads"] {
        object.remove(key);
    }
    value
}

#[test]
fn perft_json_counts_ataxx_depth_4() {
    let out = json(&boardgame(&["perft", "ataxx", "--depth", "4", "--json"]));
    assert_eq!(out["game"], "ataxx");
    assert_eq!(out["depth"], 4);
    assert_eq!(out["nodes"], 155_888);
    assert_eq!(out["fen"], "x5o/7/7/7/7/7/o5x x 0 1");
    assert!(out["seconds"].as_f64().is_some() && out["nps"].as_f64().is_some());
}

#[test]
fn perft_divide_sums_to_the_total() {
    let out = json(&boardgame(&[
        "perft", "ataxx", "--depth", "3", "--divide", "--json",
    ]));
    let divide = out["divide"].as_object().unwrap();
    assert_eq!(divide.len(), 16);
    let sum: u64 = divide.values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(sum, 6460);
}

#[test]
fn chance_perft_of_dice_games_has_exact_mass() {
    for game in ["thax", "parchis", "co-ca-ngua"] {
        let out = json(&boardgame(&["perft", game, "--depth", "3", "--json"]));
        assert_eq!(out["mass_exact"], true, "{game}: {out}");
        assert!(out["chance_edges"].as_u64().unwrap() > 0, "{game}");
    }
}

#[test]
fn simulate_is_reproducible_across_runs_and_thread_counts() {
    let run = |threads: &str| {
        let args = [
            "simulate",
            "thax",
            "--games",
            "300",
            "--seed",
            "11",
            "--json",
            "--threads",
            threads,
        ];
        without_timing(json(&boardgame(&args)))
    };
    let one = run("1");
    assert_eq!(one, run("1"));
    assert_eq!(one, run("2"));
    assert_eq!(one["games"], 300);
    let wins: u64 = one["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .sum();
    let draws = one["draws"].as_u64().unwrap();
    let truncated = one["truncated"].as_u64().unwrap();
    assert_eq!(wins + draws + truncated, 300);
    for key in [
        "mean_plies",
        "p50_plies",
        "p99_plies",
        "max_plies",
        "mean_rolls",
        "games_per_sec",
    ] {
        assert!(
            one.get(key).is_some() || key == "games_per_sec",
            "missing {key}"
        );
    }
}

#[test]
fn simulate_every_game_with_players_and_presets() {
    for (game, extra) in [
        ("ataxx", vec![]),
        ("parchis", vec!["--players", "4"]),
        ("parchis", vec!["--preset", "spanish", "--players", "3"]),
        ("co-ca-ngua", vec!["--players", "3"]),
        ("thax", vec!["--players", "2"]),
    ] {
        let mut args = vec!["simulate", game, "--games", "20", "--seed", "3", "--json"];
        args.extend(extra);
        let out = json(&boardgame(&args));
        assert_eq!(out["games"], 20, "{game}");
        let expected_players = args
            .iter()
            .position(|a| *a == "--players")
            .map(|i| args[i + 1]);
        if let Some(p) = expected_players {
            assert_eq!(out["players"].to_string(), p, "{game}");
        }
    }
}

#[test]
fn records_replay_and_tampered_records_name_the_event() {
    let dir = Scratch::new("records-replay");
    let path = dir.join("records.jsonl");
    let path_text = path.to_str().unwrap();
    let out = boardgame(&[
        "simulate",
        "thax",
        "--games",
        "5",
        "--seed",
        "9",
        "--quiet",
        "--records",
        path_text,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let replayed = boardgame(&["replay", path_text]);
    assert!(replayed.status.success(), "{}", stderr(&replayed));
    assert!(stdout(&replayed).contains("result:"));

    // Tamper with the first record: replace its 3rd event with a pass where a pass is illegal
    // or change a dice roll to an impossible outcome.
    let text = boardgame_io::scratch::read_text(&path);
    let first = text.lines().next().unwrap();
    let mut record: serde_json::Value = serde_json::from_str(first).unwrap();
    let events = record["record"]["events"].as_array_mut().unwrap();
    let index = events.iter().position(|e| e.get("move").is_some()).unwrap();
    events[index] = serde_json::json!({ "chance": "6-6" });
    let tampered = dir.join("tampered.json");
    boardgame_io::scratch::write(&tampered, record.to_string());
    let failed = boardgame(&["replay", tampered.to_str().unwrap()]);
    assert_eq!(failed.status.code(), Some(1));
    assert!(
        stderr(&failed).contains(&format!("event {index} ")),
        "{}",
        stderr(&failed)
    );
}

#[test]
fn scripted_play_finishes_a_thax_game_against_a_bot() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgame"))
        .args([
            "play", "thax", "--human", "0", "--bot", "greedy", "--seed", "4",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = String::from("nonsense move\n999\nhelp\nmoves\n\n");
    for _ in 0..3000 {
        input.push_str("1\n");
    }
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output(crate::common::PATIENCE).unwrap();
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("cannot read \"nonsense move\""), "{text}");
    assert!(text.contains("no move number 999"), "{text}");
    assert!(text.contains("moves  list the legal moves again"), "{text}");
    assert!(text.contains("Game over:"), "{text}");
}

#[test]
fn play_saves_a_record_that_replays() {
    let dir = Scratch::new("play-save");
    let path = dir.join("saved.json");
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgame"))
        .args([
            "play", "ataxx", "--human", "none", "--bot", "random", "--seed", "2", "--save",
        ])
        .arg(&path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let status = child.wait_within(crate::common::PATIENCE).unwrap();
    assert!(status.success());
    let replayed = boardgame(&["replay", path.to_str().unwrap(), "--verbose"]);
    assert!(replayed.status.success(), "{}", stderr(&replayed));
    assert!(stdout(&replayed).contains("result:"));
}

#[test]
fn unknown_settings_are_rejected_with_the_valid_keys() {
    let out = boardgame(&[
        "simulate",
        "thax",
        "--games",
        "1",
        "--set",
        "no_such_rule=1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert!(
        message.contains("unknown setting \"no_such_rule\""),
        "{message}"
    );
    assert!(message.contains("players"), "{message}");
    let bad_preset = boardgame(&["simulate", "parchis", "--preset", "martian"]);
    assert_eq!(bad_preset.status.code(), Some(2));
    assert!(stderr(&bad_preset).contains("spanish"));
}

#[test]
fn rules_lists_switches_and_presets() {
    for game in ["ataxx", "thax", "parchis", "co-ca-ngua"] {
        let out = boardgame(&["rules", game]);
        assert!(out.status.success());
        let text = stdout(&out);
        assert!(text.contains("players"), "{game}: {text}");
        assert!(text.contains("presets"), "{game}");
    }
}

#[test]
fn bad_input_data_exits_with_status_1() {
    let out = boardgame(&["perft", "ataxx", "--fen", "x5o/7/7 x", "--depth", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
    let missing = boardgame(&["replay", "/nonexistent/record.json"]);
    assert_eq!(missing.status.code(), Some(1));
}

#[test]
fn usage_errors_exit_with_status_2() {
    assert_eq!(boardgame(&["simulate", "chess"]).status.code(), Some(2));
    assert_eq!(boardgame(&["perft", "ataxx"]).status.code(), Some(2));
}

#[test]
fn demo_shows_every_game_and_perft() {
    let out = boardgame(&[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for game in ["ataxx", "thax", "parchis", "co-ca-ngua"] {
        assert!(text.contains(&format!("== {game} ==")), "{text}");
    }
    assert!(
        text.contains("perft 5 from the start position: 4752668 nodes"),
        "{text}"
    );
}

#[test]
fn check_runs_the_conformance_kit() {
    let out = boardgame(&[
        "check",
        "parchis",
        "--games",
        "20",
        "--players",
        "3",
        "--preset",
        "spanish",
        "--serde",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("parchis: 20 games checked (20 finished"),
        "{}",
        stdout(&out)
    );
}
