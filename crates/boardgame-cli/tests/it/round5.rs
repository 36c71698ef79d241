//! Hostile input, round 5 (issue 52): the `boardgame` command's part and the scripts'. Each
//! `r5_<defect>_…` test failed on 218bbb0: set `BOARDGAME_UNDER_TEST` to that build's binary,
//! or `BOARDGAME_REPO_UNDER_TEST` to a checkout of it (for the scripts), to see it fail.

use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use boardgame_io::process::{Command, Signal};

use crate::common::{PATIENCE, Scratch, binary};

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

/// An executable shell script `name` in `dir` with `body`.
fn stub(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    boardgame_io::scratch::write(&path, format!("#!/bin/sh\n{body}\n"));
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Runs the program with `args`, killed after `limit`: its output and whether it ended in
/// time.
fn within(args: &[&str], limit: Duration) -> (Output, bool) {
    binary()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
        .wait_with_output_or_kill(limit)
        .unwrap()
}

/// The hidden temporary files of `dir` (`.NAME.<hex>.tmp`).
fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with('.') && name.ends_with(".tmp"))
        .collect()
}

/// Whether a process of id `pid` exists.
fn alive(pid: u32) -> bool {
    Path::new(&format!("/proc/{pid}")).exists()
        && !boardgame_io::read::read_text_bounded(Path::new(&format!("/proc/{pid}/stat")), 4096)
            .is_ok_and(|stat| {
                stat.rsplit(')')
                    .next()
                    .is_some_and(|rest| rest.trim_start().starts_with('Z'))
            })
}

/// Defect 1: `BOARDGAME_K8S_VENV` named a directory of the user's, and the script removed it
/// whole (`rm -rf`) when it held no kubernetes-validate 1.37.0. A stand-in `python3` stops the
/// script where it would make the virtualenv (and `jq` is a stand-in too: nothing installed).
#[test]
fn r5_1_test_kubernetes_keeps_a_virtualenv_directory_it_did_not_make() {
    let dir = Scratch::new("r5-k8s-venv");
    let venv = dir.join("my-venv");
    std::fs::create_dir_all(venv.join("bin")).unwrap();
    boardgame_io::scratch::write(venv.join("notes.txt"), "three weeks of notes\n");
    let bin = dir.join("bin");
    std::fs::create_dir(&bin).unwrap();
    stub(
        &bin,
        "python3",
        "echo 'stand-in python3: stopping here' >&2; exit 1",
    );
    stub(&bin, "jq", "exit 0");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .arg(repo().join("scripts/test-kubernetes.sh"))
        .env("PATH", path)
        .env("BOARDGAME_K8S_VENV", &venv)
        .env("BOARDGAME_BIN", env!("CARGO_BIN_EXE_boardgame"))
        .output(PATIENCE)
        .unwrap();
    let stderr = text(&out.stderr);
    let notes = boardgame_io::read::read_text_bounded(&venv.join("notes.txt"), 1024);
    assert_eq!(
        notes.ok().as_deref(),
        Some("three weeks of notes\n"),
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("not empty"), "{stderr}");
    assert!(!stderr.contains("stand-in python3"), "{stderr}");
}

/// `simulate … --records rec.jsonl` started in `dir`, once its temporary file is growing.
fn simulate_writing(dir: &Path) -> boardgame_io::process::Child {
    let mut child = binary()
        .args(["simulate", "parchis", "--games", "300000", "--threads", "1"])
        .args(["--quiet", "--records", "rec.jsonl"])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let began = Instant::now();
    while temporaries(dir).is_empty() || began.elapsed() < Duration::from_millis(300) {
        assert!(began.elapsed() < PATIENCE, "no temporary file appeared");
        assert!(child.try_wait().unwrap().is_none(), "simulate ended early");
        std::thread::sleep(Duration::from_millis(20));
    }
    child
}

/// Defect 2: Ctrl-C or SIGTERM during `simulate --records` left the hidden temporary file
/// (hundreds of MB); so did SIGKILL, and nothing ever removed it. Now SIGINT and SIGTERM
/// remove it (and the program still ends by the signal), and the next run on the same output
/// removes what a SIGKILL left, and says so.
#[test]
fn r5_2_a_signal_removes_the_temporary_output_and_the_next_run_removes_a_killed_runs() {
    let dir = Scratch::new("r5-2-signals");
    for (signal, number) in [(Signal::Interrupt, 2), (Signal::Terminate, 15)] {
        let mut child = simulate_writing(dir.path());
        child.signal(signal).unwrap();
        let status = child.wait_within(PATIENCE).unwrap();
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(status.signal(), Some(number), "{status:?}");
        let stderr = child.stderr.take().map(|mut pipe| {
            let mut bytes = Vec::new();
            let _ = std::io::Read::read_to_end(&mut pipe, &mut bytes);
            text(&bytes)
        });
        assert_eq!(temporaries(dir.path()), Vec::<String>::new(), "{stderr:?}");
        assert!(
            stderr.as_deref().is_some_and(|e| e.contains("removed")),
            "{stderr:?}"
        );
        assert!(!dir.join("rec.jsonl").exists());
    }
    let mut child = simulate_writing(dir.path());
    child.kill().unwrap();
    let left = temporaries(dir.path());
    assert_eq!(left.len(), 1, "SIGKILL leaves its temporary file: {left:?}");
    let out = binary()
        .args(["simulate", "thax", "--games", "3", "--quiet"])
        .args(["--records", "rec.jsonl"])
        .current_dir(dir.path())
        .output(PATIENCE)
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(temporaries(dir.path()), Vec::<String>::new());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("removed") && stderr.contains(&left[0]),
        "{stderr}"
    );
    assert_eq!(
        boardgame_io::scratch::read_text(dir.join("rec.jsonl"))
            .lines()
            .count(),
        3
    );
}

/// Defect 3: `vectors … -o DIR` (and a missing parent directory) was refused only after
/// playing every game: at `--games 1000000`, about an hour. It is refused at once now.
#[test]
fn r5_3_vectors_refuses_its_output_before_the_work() {
    let dir = Scratch::new("r5-3-vectors");
    for output in [dir.path().to_owned(), dir.join("no/such/dir/v.jsonl")] {
        let output = output.to_string_lossy().into_owned();
        let began = Instant::now();
        let (out, in_time) = within(
            &[
                "vectors", "parchis", "--games", "1000000", "--count", "10000", "-o", &output,
            ],
            Duration::from_secs(20),
        );
        assert!(in_time, "{output}: still working after 20 s");
        assert_eq!(
            out.status.code(),
            Some(1),
            "{output}: {}",
            text(&out.stderr)
        );
        assert!(began.elapsed() < Duration::from_secs(10));
    }
}

/// Defect 4: `perft-diff --depth 12 -- /nonexistent` counted our own perft (hours) before it
/// found that the program cannot be started; `--depth 32` never ended. The program is
/// started first now, and our own count is bounded by `--timeout` too.
#[test]
fn r5_4_perft_diff_starts_the_generator_first_and_bounds_our_count() {
    let (out, in_time) = within(
        &[
            "perft-diff",
            "ataxx",
            "--depth",
            "12",
            "--",
            "/nonexistent/gen.py",
        ],
        Duration::from_secs(20),
    );
    assert!(in_time, "still counting after 20 s");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("cannot start"),
        "{}",
        text(&out.stderr)
    );

    // A generator that answers at once with a wrong count: our own count at depth 32
    // would never end; it is given up after --timeout.
    let dir = Scratch::new("r5-4-bounded");
    let fast = stub(dir.path(), "fast.sh", "echo 'g2 1'\necho\necho 1");
    let (out, in_time) = within(
        &[
            "perft-diff",
            "ataxx",
            "--depth",
            "32",
            "--timeout",
            "2",
            "--",
            fast.to_str().unwrap(),
        ],
        Duration::from_secs(30),
    );
    assert!(in_time, "still counting after 30 s");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("our own count at depth 32"),
        "{}",
        text(&out.stderr)
    );
}

/// Defect 5: a generator behind a wrapper script without `exec` survived perft-diff,
/// reparented to init and spinning on its closed input (as Zataxx and tiktaxx do). The
/// whole process group is killed now.
#[test]
fn r5_5_perft_diff_kills_the_generators_whole_process_group() {
    let dir = Scratch::new("r5-5-group");
    let pid_file = dir.join("engine.pid");
    // The "engine": answers uai and isready, then never answers perftsplit (and a `sleep`
    // is its last, long-lived process); the wrapper starts it without exec.
    stub(
        dir.path(),
        "engine.sh",
        &format!(
            "echo $$ > '{}'\nwhile read -r line; do case \"$line\" in uai) echo uaiok;; isready) echo readyok;; perftsplit*) sleep 120;; quit) exit 0;; esac; done; sleep 120",
            pid_file.display()
        ),
    );
    let wrapper = stub(
        dir.path(),
        "wrapper.sh",
        &format!("sh '{}'", dir.join("engine.sh").display()),
    );
    // perft-diff in a session of its own (`setsid --wait`): the test's own process group is
    // killed when its leader ends, which would end a generator left in perft-diff's group.
    let program = std::env::var_os("BOARDGAME_UNDER_TEST")
        .unwrap_or_else(|| env!("CARGO_BIN_EXE_boardgame").into());
    let (out, in_time) = Command::new("setsid")
        .arg("--wait")
        .arg(program)
        .args(["perft-diff", "ataxx", "--depth", "1", "--timeout", "2"])
        .args(["--dialect", "zataxx", "--"])
        .arg(&wrapper)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
        .wait_with_output_or_kill(Duration::from_secs(30))
        .unwrap();
    assert!(in_time);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("in time"),
        "{}",
        text(&out.stderr)
    );
    let engine: u32 = boardgame_io::scratch::read_text(&pid_file)
        .trim()
        .parse()
        .unwrap();
    let began = Instant::now();
    while alive(engine) && began.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let survived = alive(engine);
    if survived {
        let _ = Command::new("kill")
            .arg(engine.to_string())
            .status(PATIENCE);
    }
    assert!(
        !survived,
        "the engine behind the wrapper ({engine}) is still running"
    );
}

/// Issue 52, item 3: every command that writes a named output checks it before the work.
/// Each is given a directory, a file in a missing directory and a read-only file, with work
/// that would take far longer than the 20 s allowed; each must fail at once, name the path,
/// and leave the read-only file as it was.
#[test]
fn r5_every_output_is_checked_before_the_work() {
    use std::os::unix::fs::PermissionsExt;
    let dir = Scratch::new("r5-outputs");
    let read_only = dir.join("read-only");
    boardgame_io::scratch::write(&read_only, "precious\n");
    std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o444)).unwrap();
    let directory = dir.path().to_string_lossy().into_owned();
    let missing = dir.join("no/such/dir/out").to_string_lossy().into_owned();
    let read_only_name = read_only.to_string_lossy().into_owned();
    // Each command, with `{}` where the output goes.
    let commands: &[&[&str]] = &[
        &[
            "simulate",
            "parchis",
            "--games",
            "10000000",
            "--threads",
            "1",
            "--records",
            "{}",
        ],
        &[
            "vectors", "parchis", "--games", "1000000", "--count", "10000", "-o", "{}",
        ],
        &[
            "play",
            "ataxx",
            "--human",
            "none",
            "--bot",
            "mcts:iters=3000000",
            "--save",
            "{}",
        ],
    ];
    for command in commands {
        for output in [&directory, &missing, &read_only_name] {
            let args: Vec<&str> = command
                .iter()
                .map(|a| if *a == "{}" { output.as_str() } else { a })
                .collect();
            let (out, in_time) = within(&args, Duration::from_secs(20));
            let stderr = text(&out.stderr);
            assert!(in_time, "{args:?}: still working after 20 s");
            assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
            let shown = Path::new(output).file_name().unwrap().to_string_lossy();
            assert!(stderr.contains(&*shown), "{args:?}: {stderr}");
        }
    }
    assert_eq!(boardgame_io::scratch::read_text(&read_only), "precious\n");
}
