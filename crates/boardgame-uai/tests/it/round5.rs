//! Hostile input, round 5 (issue 52): the engine and its tools. Each test is named after the
//! defect's number in the issue (`r5_<n>_…`) and failed on 218bbb0: set
//! `BOARDGAME_UAI_UNDER_TEST` to that build's binary, or `BOARDGAME_REPO_UNDER_TEST` to a
//! checkout of it (for the scripts), to see it fail.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use boardgame_io::process::Command;

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

/// Issue 52, item 3: `datagen --output` and `train --output` are checked before the work:
/// a directory, a file in a missing directory and a read-only file each fail at once, name
/// the path, and the read-only file is left as it was.
#[test]
fn r5_every_output_of_the_engines_tools_is_checked_before_the_work() {
    use std::os::unix::fs::PermissionsExt;
    let dir = boardgame_io::scratch::Scratch::new("r5-uai-outputs");
    let data = dir.join("data.bin");
    boardgame_io::scratch::write(&data, crate::round4::shared_data());
    let read_only = dir.join("read-only.bin");
    boardgame_io::scratch::write(&read_only, "precious\n");
    std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o444)).unwrap();
    let data = data.to_string_lossy().into_owned();
    let outputs = [
        dir.path().to_string_lossy().into_owned(),
        dir.join("no/such/dir/out").to_string_lossy().into_owned(),
        read_only.to_string_lossy().into_owned(),
    ];
    let commands: &[&[&str]] = &[
        &[
            "datagen",
            "--games",
            "1000000",
            "--nodes",
            "100000",
            "--threads",
            "1",
            "--output",
            "{}",
        ],
        &[
            "train",
            "--data",
            &data,
            "--epochs",
            "1000",
            "--threads",
            "1",
            "--output",
            "{}",
        ],
    ];
    for command in commands {
        for output in &outputs {
            let args: Vec<&str> = command
                .iter()
                .map(|a| if *a == "{}" { output.as_str() } else { a })
                .collect();
            let (out, in_time) = Command::new(
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
            .unwrap();
            let stderr = text(&out.stderr);
            assert!(in_time, "{args:?}: still working after 20 s");
            assert_ne!(out.status.code(), Some(0), "{args:?}: {stderr}");
            let shown = Path::new(output).file_name().unwrap().to_string_lossy();
            assert!(stderr.contains(&*shown), "{args:?}: {stderr}");
        }
    }
    assert_eq!(boardgame_io::scratch::read_text(&read_only), "precious\n");
}
