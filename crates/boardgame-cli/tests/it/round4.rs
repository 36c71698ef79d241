//! Hostile input, round 4 (issue 44): the `boardgame` command's part. Each test failed on
//! f65b248 (set `BOARDGAME_UNDER_TEST` to that build's binary to see it fail).

use boardgame_io::process::Command;
use std::io::Write;
use std::path::Path;
use std::process::{Output, Stdio};

use crate::common::{Scratch, binary};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The first 300 characters of `bytes`, for a failure's message.
fn head(bytes: &[u8]) -> String {
    text(&bytes[..bytes.len().min(300)])
}

/// The program with `args` and `input` on standard input.
fn with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = binary()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output(crate::common::PATIENCE).unwrap();
    writer.join().unwrap();
    out
}

/// One Thax record line from `simulate --records`, as JSON.
fn thax_record(dir: &Path) -> serde_json::Value {
    let path = dir.join("one.jsonl");
    let out = binary()
        .args([
            "simulate",
            "thax",
            "--games",
            "1",
            "--quiet",
            "--threads",
            "1",
        ])
        .arg("--records")
        .arg(&path)
        .output(crate::common::PATIENCE)
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_str(
        boardgame_io::scratch::read_text(&path)
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap()
}

/// `replay` of `record` (one line): its output.
fn replay(dir: &Path, name: &str, record: &serde_json::Value) -> Output {
    let path = dir.join(name);
    boardgame_io::scratch::write(&path, format!("{record}\n"));
    binary()
        .arg("replay")
        .arg(&path)
        .output(crate::common::PATIENCE)
        .unwrap()
}

/// Defect 22: `replay` echoed a 60 MB game name in full. A 10 MB field anywhere in a record,
/// in a summary given to `merge`, or on `play`'s input: every message is under 200 bytes.
#[test]
fn r4_22_a_ten_megabyte_field_gives_a_message_under_200_bytes() {
    let dir = Scratch::new("r4-huge");
    let huge = "g".repeat(10 << 20);
    let record = thax_record(dir.path());
    let mut cases = Vec::new();
    let mut game = record.clone();
    game["game"] = huge.clone().into();
    cases.push(("game", game));
    let mut variant = record.clone();
    variant["record"]["config"]["variant"] = huge.clone().into();
    cases.push(("variant", variant));
    let mut event = record.clone();
    event["record"]["events"][1] = serde_json::json!({ "move": huge });
    cases.push(("move", event));
    let mut key = record.clone();
    key["record"]["config"][&huge] = 1.into();
    cases.push(("key", key));
    let mut start = record.clone();
    start["record"]["start"] = huge.clone().into();
    cases.push(("start", start));
    for (what, line) in &cases {
        let out = replay(dir.path(), "huge.jsonl", line);
        assert_eq!(out.status.code(), Some(1), "{what}");
        assert!(
            out.stderr.len() < 200,
            "{what}: {} bytes: {}",
            out.stderr.len(),
            head(&out.stderr)
        );
    }
    // merge: the second shard's summary names a game of 10 MB.
    let shard = |k: &str| {
        let out = binary()
            .args(["simulate", "thax", "--games", "4", "--json", "--quiet"])
            .args(["--shard", k])
            .output(crate::common::PATIENCE)
            .unwrap();
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let first = shard("1/2");
    let mut second = shard("2/2");
    second["game"] = huge.clone().into();
    boardgame_io::scratch::write(dir.join("s.jsonl"), format!("{first}\n{second}\n"));
    let out = binary()
        .args(["merge", "s.jsonl"])
        .current_dir(dir.path())
        .output(crate::common::PATIENCE)
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert!(out.stderr.len() < 200, "merge: {}", head(&out.stderr));
    // play: a 10 MB line, and a 4000-byte one under the line cap.
    for line in [huge.as_str(), &huge[..4000]] {
        let out = with_input(&["play", "ataxx"], format!("{line}\nquit\n").as_bytes());
        for output in [&out.stdout, &out.stderr] {
            for message in text(output).lines() {
                assert!(message.len() < 200, "play: {}", head(message.as_bytes()));
            }
        }
    }
}

/// Cosmetic: an unknown key in a record's configuration was skipped silently by `replay` (a
/// typo replays other rules); an alias of a setting (Thax's `first_player`) still reads.
#[test]
fn r4_replay_refuses_an_unknown_setting_but_reads_an_alias() {
    let dir = Scratch::new("r4-typo");
    let record = thax_record(dir.path());
    let mut typo = record.clone();
    typo["record"]["config"]["variantt"] = "thax-out".into();
    let out = replay(dir.path(), "typo.jsonl", &typo);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("\"variantt\""),
        "{}",
        text(&out.stderr)
    );
    let mut alias = record.clone();
    let config = alias["record"]["config"].as_object_mut().unwrap();
    let first = config.remove("first").unwrap();
    config.insert("first_player".into(), first);
    let out = replay(dir.path(), "alias.jsonl", &alias);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// Defect (class): `play --save` and `simulate --records` never replace a FIFO or a device,
/// and the records file appears whole (through `boardgame_io::write`).
#[test]
fn r4_records_and_saves_refuse_a_fifo_and_appear_whole() {
    let dir = Scratch::new("r4-fifo");
    let fifo = dir.fifo("fifo");
    // Opening a FIFO for writing blocks until a reader comes: killed after 10 s.
    let mut child = binary()
        .args(["simulate", "thax", "--games", "3", "--records"])
        .arg(&fifo)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let began = std::time::Instant::now();
    while child.try_wait().unwrap().is_none()
        && began.elapsed() < std::time::Duration::from_secs(10)
    {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let _ = child.kill();
    let out = child.wait_with_output(crate::common::PATIENCE).unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("FIFO"), "{}", text(&out.stderr));
    // `-`: the records on standard output, the summary on standard error.
    let out = binary()
        .args([
            "simulate",
            "thax",
            "--games",
            "3",
            "--records",
            "-",
            "--quiet",
        ])
        .output(crate::common::PATIENCE)
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().count(), 3);
    assert!(text(&out.stderr).contains("games"), "{}", text(&out.stderr));
}

/// Defect 21: `scripts/test-kubernetes.sh` ran `rm -rf "$BOARDGAME_K8S_DIR"` on whatever
/// directory it was given. Now a non-empty directory it did not make is refused and kept.
#[test]
fn r4_21_test_kubernetes_keeps_a_directory_it_did_not_make() {
    if Command::new("jq")
        .arg("--version")
        .output(crate::common::PATIENCE)
        .is_err()
    {
        eprintln!("skipped: the script needs jq (it would install it with apt-get)");
        return;
    }
    let dir = Scratch::new("r4-k8s");
    let venv = dir.join("venv/bin");
    std::fs::create_dir_all(&venv).unwrap();
    let validate = venv.join("kubernetes-validate");
    boardgame_io::scratch::write(&validate, "#!/bin/sh\necho 'kubernetes-validate 1.37.0'\n");
    assert!(
        Command::new("chmod")
            .arg("+x")
            .arg(&validate)
            .status(crate::common::PATIENCE)
            .unwrap()
            .success()
    );
    let mine = dir.join("mine");
    std::fs::create_dir(&mine).unwrap();
    boardgame_io::scratch::write(mine.join("thesis.txt"), "important\n");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/test-kubernetes.sh");
    let out = Command::new("bash")
        .arg(&script)
        .env("BOARDGAME_K8S_DIR", &mine)
        .env("BOARDGAME_K8S_VENV", dir.join("venv"))
        .env("BOARDGAME_BIN", env!("CARGO_BIN_EXE_boardgame"))
        .output(crate::common::PATIENCE)
        .unwrap();
    assert_eq!(
        boardgame_io::read::read_text_bounded(
            std::path::Path::new(&mine.join("thesis.txt")),
            1 << 28
        )
        .ok()
        .as_deref(),
        Some("important\n"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("not empty"),
        "{}",
        text(&out.stderr)
    );
}
