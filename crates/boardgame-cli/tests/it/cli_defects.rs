//! The defects of issue 14 found by trying to break the `boardgame` command: each test
//! names the defect it guards against.

use boardgame_io::process::Command;
use std::io::Write;
use std::process::{Output, Stdio};

use crate::common::{Scratch, boardgame, with_closed_stdout};

/// Runs the command with `input` on standard input.
fn boardgame_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgame"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Write from a thread: the command may stop reading early (that is what some tests check).
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output(crate::common::PATIENCE).unwrap();
    writer.join().unwrap();
    output
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn defect_1_threads_out_of_range_is_a_usage_error_not_a_panic() {
    for threads in ["2000", "20000", "0"] {
        let out = boardgame(&["simulate", "thax", "--games", "10", "--threads", threads]);
        assert_eq!(out.status.code(), Some(2), "--threads {threads}");
        assert!(stderr(&out).contains("1..=256"), "{}", stderr(&out));
        assert!(!stderr(&out).contains("panicked"));
    }
    // More threads than games: only as many workers as games.
    let out = boardgame(&[
        "simulate",
        "thax",
        "--games",
        "3",
        "--threads",
        "256",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let summary: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(summary["threads"], 3);
}

#[test]
fn defect_3_signed_numbers_are_not_list_numbers() {
    let out = boardgame_with_input(&["play", "co-ca-ngua", "--seed", "1"], b"+1\n+5\nquit\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("cannot read \"+1\""), "{text}");
    assert!(text.contains("cannot read \"+5\""), "{text}");
    assert!(!text.contains("colour 0 (seat 0) chose"), "{text}");
}

#[test]
fn defect_6_an_endless_line_is_refused_in_bounded_memory() {
    let zeros = vec![0u8; 1 << 20];
    let dir = Scratch::new("defect-6");
    let save = dir.join("zeros.rec");
    let out = boardgame_with_input(&["play", "ataxx", "--save", save.to_str().unwrap()], &zeros);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("a line longer than 4096 bytes"),
        "{}",
        stderr(&out)
    );
    // Defect 8: the record is saved on this exit too.
    assert!(boardgame_io::scratch::read_text(&save).contains("\"ataxx\""));
}

#[test]
fn defect_7_long_input_is_quoted_by_a_short_prefix_only() {
    let line = format!("{}\nquit\n", "x".repeat(4000));
    let out = boardgame_with_input(&["play", "ataxx"], line.as_bytes());
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("(4000 bytes)"), "{text}");
    assert!(!text.contains(&"x".repeat(41)), "the input is echoed");
}

#[test]
fn defect_8_bad_utf8_is_skipped_and_the_record_is_saved() {
    let dir = Scratch::new("defect-8-utf8");
    let save = dir.join("utf8.rec");
    let out = boardgame_with_input(
        &["play", "ataxx", "--save", save.to_str().unwrap()],
        b"f2\n\xff\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("not UTF-8"), "{}", stdout(&out));
    let saved = boardgame_io::scratch::read_text(&save);
    assert!(saved.contains(r#"{"move":"f2"}"#), "{saved}");
    let replayed = boardgame(&["replay", save.to_str().unwrap()]);
    assert!(replayed.status.success(), "{}", stderr(&replayed));
}

#[test]
fn defect_8_a_bad_save_path_is_reported_before_the_game() {
    let out = boardgame_with_input(
        &["play", "ataxx", "--save", "/nonexistent/dir/x.rec"],
        b"f2\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("/nonexistent/dir/x.rec"));
    assert_eq!(stdout(&out), "", "the game started");
}

#[test]
fn defect_10_thax_board_errors_state_the_space_limit() {
    let out = boardgame(&["simulate", "thax", "--set", "board=5x10"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("K = 1..=9"), "{}", stderr(&out));
}

#[test]
fn defect_11_the_default_preset_has_one_name_everywhere() {
    let out = boardgame(&["simulate", "thax", "--games", "5", "--json"]);
    let summary: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(summary["preset"], "classic");
    let text = stdout(&boardgame(&["simulate", "thax", "--games", "5"]));
    assert!(text.contains("preset classic"), "{text}");
    let named = stdout(&boardgame(&[
        "simulate", "thax", "--games", "5", "--preset", "classic",
    ]));
    assert!(named.contains("preset classic"), "{named}");
    let wrong = boardgame(&["simulate", "thax", "--preset", "default"]);
    assert_eq!(wrong.status.code(), Some(2));
    assert!(
        stderr(&wrong).contains("the default is `classic`"),
        "{}",
        stderr(&wrong)
    );
    let parchis = boardgame(&["simulate", "parchis", "--games", "2", "--json"]);
    let summary: serde_json::Value = serde_json::from_str(stdout(&parchis).trim()).unwrap();
    assert_eq!(summary["preset"], "default");
}

#[test]
fn defect_12_replay_says_what_is_wrong_with_a_record() {
    let cases: [(&str, &str); 5] = [
        ("[1, 2]", "not a record"),
        ("null", "not a record"),
        (r#"{"game": 5}"#, "\"game\" must be a game's name, not 5"),
        (r#"{"record": {}}"#, "no \"game\" field"),
        (
            r#"{"game": "ataxx", "record": {"config": {"ply_clock": true}, "events": [{"move": "f2"}, {"chance": "3-4"}]}}"#,
            "event 1 is a chance outcome (\"3-4\"), but ataxx has no chance outcomes",
        ),
    ];
    let dir = Scratch::new("defect-12");
    for (text, expected) in cases {
        let path = dir.join("bad-record.json");
        boardgame_io::scratch::write(&path, text);
        let out = boardgame(&["replay", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1), "{text}");
        assert!(stderr(&out).contains(expected), "{text}: {}", stderr(&out));
        assert!(!stderr(&out).contains("unknown game \"\""), "{text}");
    }
}

#[test]
fn defect_13_zero_games_is_a_usage_error_for_check_and_simulate() {
    for command in ["check", "simulate"] {
        let out = boardgame(&[command, "ataxx", "--games", "0"]);
        assert_eq!(out.status.code(), Some(2), "{command}: {}", stderr(&out));
    }
}

#[test]
fn defect_14_game_names_are_lower_case_everywhere() {
    assert_eq!(
        boardgame(&["simulate", "ATAXX", "--games", "1"])
            .status
            .code(),
        Some(2)
    );
    let dir = Scratch::new("defect-14");
    let path = dir.join("upper.json");
    boardgame_io::scratch::write(
        &path,
        r#"{"game": "ATAXX", "record": {"config": {"ply_clock": true}, "events": []}}"#,
    );
    let out = boardgame(&["replay", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("unknown game \"ATAXX\""),
        "{}",
        stderr(&out)
    );
}

#[test]
fn defect_15_a_closed_stdout_ends_the_program_quietly() {
    for args in [
        &["demo"][..],
        &["play", "ataxx"],
        &["simulate", "thax", "--games", "50"],
        &["rules", "thax"],
        &["replay", "/dev/null"],
    ] {
        let out = with_closed_stdout(Command::new(env!("CARGO_BIN_EXE_boardgame")).args(args));
        let message = stderr(&out);
        assert!(!message.contains("Broken pipe"), "{args:?}: {message}");
        assert!(!message.contains("panicked"), "{args:?}: {message}");
        if args[0] != "replay" {
            assert_eq!(out.status.code(), Some(0), "{args:?}: {message}");
        }
    }
}

#[test]
fn defect_16_fen_counters_out_of_range_state_the_limit() {
    let out = boardgame(&[
        "perft",
        "ataxx",
        "--depth",
        "1",
        "--fen",
        "x5o/7/7/7/7/7/o5x x 0 40000",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("32767"), "{}", stderr(&out));
}

#[test]
fn defect_16_human_seats_are_named_in_words_and_listed_once() {
    let out = boardgame(&["play", "ataxx", "--human", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("the seats are 0 and 1"),
        "{}",
        stderr(&out)
    );
    let out = boardgame(&["play", "parchis", "--players", "4", "--human", "7"]);
    assert!(
        stderr(&out).contains("the seats are 0 to 3"),
        "{}",
        stderr(&out)
    );
    // Issue 44, cosmetic: a seat named twice is refused, not silently merged.
    let out = boardgame_with_input(&["play", "ataxx", "--human", "0,0"], b"quit\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("seat 0 twice"), "{}", stderr(&out));
}

#[test]
fn defect_16_thax_records_call_the_first_player_first() {
    let dir = Scratch::new("defect-16-thax");
    let path = dir.join("thax.jsonl");
    let out = boardgame(&[
        "simulate",
        "thax",
        "--games",
        "2",
        "--quiet",
        "--set",
        "first=1",
        "--records",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = boardgame_io::scratch::read_text(&path);
    let record: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let config = &record["record"]["config"];
    assert!(config.get("first").is_some(), "{config}");
    assert!(config.get("first_player").is_none(), "{config}");
}

#[test]
fn help_lists_every_command() {
    let text = stdout(&boardgame(&["--help"]));
    for command in [
        "perft", "simulate", "merge", "play", "replay", "rules", "check",
    ] {
        assert!(
            text.contains(&format!("\n  {command} ")),
            "{command}: {text}"
        );
    }
    let about = text.lines().next().unwrap();
    assert!(
        about.contains("rules") && about.contains("check"),
        "{about}"
    );
}

#[test]
fn rules_columns_line_up_with_the_header() {
    for game in ["ataxx", "thax", "parchis", "co-ca-ngua"] {
        let text = stdout(&boardgame(&["rules", game]));
        let lines: Vec<&str> = text.lines().collect();
        let header = lines[1];
        let rows = lines[2..]
            .iter()
            .take_while(|line| !line.starts_with("presets"));
        for column in ["default", "values", "meaning"] {
            let at = header.find(column).unwrap();
            for row in rows.clone() {
                let chars: Vec<char> = row.chars().collect();
                assert!(
                    chars[at - 1] == ' ' && chars[at] != ' ',
                    "{game}: {column} of {row:?} is not under the header {header:?}"
                );
            }
        }
    }
}

#[test]
fn defect_8_an_interrupted_game_keeps_the_moves_before_the_prompt() {
    use std::io::Read;
    let dir = Scratch::new("defect-8-killed");
    let save = dir.join("killed.rec");
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgame"))
        .args(["play", "ataxx", "--save", save.to_str().unwrap()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"f2\n").unwrap();
    stdin.flush().unwrap();
    // Wait for the second prompt (after our move and the bot's), then kill the program as
    // an interrupt would, with the input still open.
    let mut stdout = child.stdout.take().unwrap();
    let mut seen = Vec::new();
    let mut buffer = [0u8; 4096];
    while String::from_utf8_lossy(&seen).matches("to move>").count() < 2 {
        let n = stdout.read(&mut buffer).unwrap();
        assert!(n > 0, "{}", String::from_utf8_lossy(&seen));
        seen.extend_from_slice(&buffer[..n]);
    }
    child.kill().unwrap();
    child.wait_within(crate::common::PATIENCE).unwrap();
    drop(stdin);
    let saved = boardgame_io::scratch::read_text(&save);
    assert!(saved.contains(r#"{"move":"f2"}"#), "{saved}");
    let replayed = boardgame(&["replay", save.to_str().unwrap()]);
    assert!(replayed.status.success(), "{}", stderr(&replayed));
}
