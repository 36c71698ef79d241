//! Hostile input, round 5 (issue 52): the engine and its tools. Each test is named after the
//! defect's number in the issue (`r5_<n>_…`) and failed on 218bbb0: set
//! `BOARDGAME_UAI_UNDER_TEST` to that build's binary, or `BOARDGAME_REPO_UNDER_TEST` to a
//! checkout of it (for the scripts), to see it fail.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use boardgame_io::process::Command;

use crate::outputs::{DATA, HERE, OUTPUTS};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The repository whose scripts are tested: this one, or `BOARDGAME_REPO_UNDER_TEST`.
fn repo() -> PathBuf {
    std::env::var_os("BOARDGAME_REPO_UNDER_TEST").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."),
        PathBuf::from,
    )
}

/// Defect 6: `scripts/nps-vs-ref.sh` waited forever for a reference engine that never
/// answers `uai` (here `sleep 100`), with no deadline. It now gives up within 10 s, names
/// what it waited for, and ends the silent program's process group.
#[test]
fn r5_6_nps_vs_ref_gives_up_on_a_silent_engine() {
    let began = Instant::now();
    let out = Command::new("bash")
        .arg(repo().join("scripts/nps-vs-ref.sh"))
        .args([env!("CARGO_BIN_EXE_boardgame-uai"), "sleep 100", "1"])
        .env("BOARDGAME_UAI", env!("CARGO_BIN_EXE_boardgame-uai"))
        .output(Duration::from_secs(60))
        .unwrap();
    let stderr = text(&out.stderr);
    assert!(began.elapsed() < Duration::from_secs(40), "{stderr}");
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("no 'uaiok' within"), "{stderr}");
}

/// Defect 7: `go mate 3` (a UCI limit) was answered with two "unknown parameter" lines and a
/// search until `stop`. It is an error now, and `bestmove 0000`, as a bad depth is.
#[test]
fn r5_7_go_mate_is_an_error_and_bestmove_0000_not_an_endless_search() {
    let mut engine = crate::uai::Engine::spawn(Command::new(
        std::env::var_os("BOARDGAME_UAI_UNDER_TEST")
            .unwrap_or_else(|| env!("CARGO_BIN_EXE_boardgame-uai").into()),
    ));
    engine.send("position startpos");
    engine.send("go mate 3");
    let began = Instant::now();
    let lines = engine.until("bestmove");
    assert!(began.elapsed() < Duration::from_secs(5), "{lines:?}");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("bestmove 0000"),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error") && l.contains("mate")),
        "{lines:?}"
    );
    engine.ready();
    engine.send("quit");
    engine.wait_exit();
}

/// Issue 52, item 3: every command of `tests/it/outputs.rs` (`datagen --output`, `train
/// --output`; the unit test `every_path_argument_is_…` of `src/main.rs` checks that it lists
/// every output argument of the clap definitions) is given a directory, a file in a missing
/// directory and a read-only file, with hours of work asked. Each must fail at once with
/// status 1 and one line on standard error that names the path and says what is wrong with
/// it, write nothing to standard output, leave no temporary file, make no directory, and
/// leave the read-only file as it was.
#[test]
fn r5_every_output_of_the_engines_tools_is_checked_before_the_work() {
    let dir = boardgame_io::scratch::Scratch::new("r5-uai-outputs");
    let data = dir.join("data.bin");
    boardgame_io::scratch::write(&data, crate::round4::shared_data());
    let data = data.to_string_lossy().into_owned();
    boardgame_io::scratch::assert_bad_outputs_refused(&dir, OUTPUTS, HERE, |args| {
        let args: Vec<&str> = args
            .iter()
            .map(|a| if *a == DATA { data.as_str() } else { a })
            .collect();
        Command::new(
            std::env::var_os("BOARDGAME_UAI_UNDER_TEST")
                .unwrap_or_else(|| env!("CARGO_BIN_EXE_boardgame-uai").into()),
        )
        .args(&args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
        .wait_with_output_or_kill(Duration::from_secs(20))
        .unwrap()
    });
}

/// Issue 52, c1: clap quotes a refused argument whole, so a 120 KB `datagen --shard` made a
/// 120 KB message. It is clipped now: a usage error of a few hundred bytes with the length.
#[test]
fn r5_c1_a_long_refused_argument_makes_a_short_message() {
    let long = "k".repeat(120_000);
    let hash = format!("--hash={long}");
    let commands: [&[&str]; 3] = [
        &["datagen", "--output", "x", "--games", "1", "--shard", &long],
        &[&hash],
        &["bench", &long],
    ];
    for args in commands {
        let out = Command::new(
            std::env::var_os("BOARDGAME_UAI_UNDER_TEST")
                .unwrap_or_else(|| env!("CARGO_BIN_EXE_boardgame-uai").into()),
        )
        .args(args)
        .output(Duration::from_secs(60))
        .unwrap();
        boardgame_io::scratch::assert_short_usage_error(&out, long.len());
    }
}

/// Issue 52, c7: a file of 40 games rerun with `--games 12` said "12 games were already
/// there"; it says how many of those asked for were there, and how many the file holds.
#[test]
fn r5_c7_datagen_says_how_many_of_the_games_asked_for_were_there() {
    let dir = boardgame_io::scratch::Scratch::new("r5-c7");
    let data = dir.join("d.bin");
    let run = |games: &str| {
        Command::new(
            std::env::var_os("BOARDGAME_UAI_UNDER_TEST")
                .unwrap_or_else(|| env!("CARGO_BIN_EXE_boardgame-uai").into()),
        )
        .arg("datagen")
        .arg("--output")
        .arg(&data)
        .args(["--games", games, "--nodes", "100", "--threads", "1"])
        .output(Duration::from_secs(600))
        .unwrap()
    };
    let out = run("40");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = run("12");
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains(
            "12 of the 12 games asked for were already there (the file holds 40 games in all)"
        ),
        "{stderr}"
    );
}
