//! Hostile input, round 5 (issue 52): the `boardgame` command's part and the scripts'. Each
//! `r5_<defect>_…` test failed on 218bbb0: set `BOARDGAME_UNDER_TEST` to that build's binary,
//! or `BOARDGAME_REPO_UNDER_TEST` to a checkout of it (for the scripts), to see it fail.

use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use boardgame_io::process::{Command, Signal};

use crate::common::{PATIENCE, Scratch, binary};
use crate::outputs::{HERE, OUTPUTS, with_output};

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

/// The program started in `dir` with `args`: no input, its standard output thrown away, its
/// standard error piped.
fn started_in(dir: &Path, args: &[&str]) -> boardgame_io::process::Child {
    binary()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// `simulate … --records rec.jsonl` started in `dir`, once its temporary file is growing.
fn simulate_writing(dir: &Path) -> boardgame_io::process::Child {
    let mut child = started_in(
        dir,
        &[
            "simulate",
            "parchis",
            "--games",
            "300000",
            "--threads",
            "1",
            "--quiet",
            "--records",
            "rec.jsonl",
        ],
    );
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
        text(&out.stderr).contains("cannot start \"/nonexistent/gen.py\""),
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
        // Its whole group (the engine's own `sleep` too), so that a failed run leaves
        // nothing running: the fields after the name in /proc/PID/stat are state, parent and
        // group.
        let group =
            boardgame_io::read::read_text_bounded(Path::new(&format!("/proc/{engine}/stat")), 4096)
                .ok()
                .and_then(|stat| {
                    let rest = stat.rsplit(')').next()?.to_owned();
                    rest.split_whitespace().nth(2).map(str::to_owned)
                });
        let target = group.map_or_else(|| engine.to_string(), |group| format!("-{group}"));
        let _ = Command::new("kill")
            .args(["-KILL", "--", &target])
            .status(PATIENCE);
    }
    assert!(
        !survived,
        "the engine behind the wrapper ({engine}) is still running"
    );
}

/// Issue 52, item 3: every command that writes a named output checks it before the work.
/// Each command of `tests/it/outputs.rs` (the unit test `every_path_argument_is_…` of
/// `src/main.rs` checks that it lists every output argument of the clap definitions, and
/// every `vectors --kind`) is given a directory, a file in a missing directory and a
/// read-only file, with work that would take far longer than the 20 s allowed. Each must fail
/// at once with status 1 and one line on standard error that names the path and says what is
/// wrong with it (nothing computed first: no summary, no progress), write nothing to standard
/// output, leave no temporary file, make no directory, and leave the read-only file as it
/// was. On 218bbb0, `vectors` ran on for each of them, and the read-only file was replaced.
#[test]
fn r5_every_output_is_checked_before_the_work() {
    let dir = Scratch::new("r5-outputs");
    boardgame_io::scratch::assert_bad_outputs_refused(&dir, OUTPUTS, HERE, |args| {
        within(args, Duration::from_secs(20))
    });
}

/// Issue 52, defect 2, for every output: SIGINT or SIGTERM during the work of each command
/// of `tests/it/outputs.rs` (SIGINT and SIGTERM taking turns) ends it by that signal within
/// seconds, and no temporary file is left beside its output (`simulate --records` and `vectors
/// -o` hold one from the start; `play --save` makes one for each save). The vector kinds that
/// take under half a second (`refusals`, `perft-diff-suite`, `chance-perft`) end before the
/// signal and are only checked to leave nothing; the other four are always interrupted.
#[test]
fn r5_2_a_signal_during_any_commands_work_leaves_no_temporary_file() {
    use std::os::unix::process::ExitStatusExt;
    let mut interrupted = Vec::new();
    for (index, template) in OUTPUTS.iter().enumerate() {
        let dir = Scratch::new("r5-2-every-output");
        let args = with_output(template, "out");
        let mut child = started_in(dir.path(), &args);
        // Until it has begun its work: a temporary file, or half a second.
        let began = Instant::now();
        while temporaries(dir.path()).is_empty() && began.elapsed() < Duration::from_millis(500) {
            std::thread::sleep(Duration::from_millis(20));
        }
        if child.try_wait().unwrap().is_some() {
            // A command that ended before the signal (a short vector kind on a fast machine).
            assert_eq!(temporaries(dir.path()), Vec::<String>::new(), "{args:?}");
            continue;
        }
        let (signal, number) = if index % 2 == 0 {
            (Signal::Interrupt, 2)
        } else {
            (Signal::Terminate, 15)
        };
        child.signal(signal).unwrap();
        let status = child.wait_within(Duration::from_secs(20)).unwrap();
        let stderr = child.stderr.take().map(|mut pipe| {
            let mut bytes = Vec::new();
            let _ = std::io::Read::read_to_end(&mut pipe, &mut bytes);
            text(&bytes)
        });
        // A short kind may finish between the check above and the signal.
        if status.success() {
            continue;
        }
        assert_eq!(
            status.signal(),
            Some(number),
            "{args:?}: {status:?} {stderr:?}"
        );
        assert_eq!(
            temporaries(dir.path()),
            Vec::<String>::new(),
            "{args:?}: {stderr:?}"
        );
        interrupted.push(args.join(" "));
    }
    // simulate, play, and vectors of kinds moves and perft (seconds to hours of work).
    assert!(interrupted.len() >= 4, "interrupted only {interrupted:?}");
}

/// Issue 52, c1: clap quotes a refused argument whole, so a 120 KB `--shard` (or any other
/// value clap refuses) made a 120 KB message. Each is clipped now: a usage error (status 2)
/// of a few hundred bytes that gives the argument's length.
#[test]
fn r5_c1_a_long_refused_argument_makes_a_short_message() {
    let long = "k".repeat(120_000);
    let shard = format!("--shard={long}");
    let threads = format!("--threads={long}");
    let commands: [&[&str]; 6] = [
        &["simulate", "thax", "--games", "1", "--set", &long],
        &["simulate", "thax", "--games", "1", "--shard", &long],
        &["simulate", "thax", "--games", "1", &shard],
        &["perft", "ataxx", &long],
        &[&long],
        &["simulate", "thax", &threads],
    ];
    for args in commands {
        let out = binary().args(args).output(PATIENCE).unwrap();
        boardgame_io::scratch::assert_short_usage_error(&out, long.len());
    }
}

/// `perft-diff ataxx --depth 1 OPTIONS -- PROGRAM`, killed after 60 s: its output and whether
/// it ended in time.
fn perft_diff_depth_1(options: &[&str], program: &str) -> (Output, bool) {
    let mut args = vec!["perft-diff", "ataxx", "--depth", "1"];
    args.extend_from_slice(options);
    args.extend(["--", program]);
    within(&args, Duration::from_secs(60))
}

/// Issue 52, cosmetics of perft-diff: a flood named neither the program nor the position
/// (c4), a move listed 9990 times made a 30 KB "listed twice by them: g2 g2 …" line (c5),
/// and `--threads` took any number (c6).
#[test]
fn r5_c4_c5_c6_perft_diff_names_a_flood_counts_a_repeated_move_and_bounds_threads() {
    let dir = Scratch::new("r5-c4-c5");
    for threads in ["257", "18446744073709551615"] {
        let (out, _) = perft_diff_depth_1(&["--threads", threads], "x");
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    }
    let flood = stub(dir.path(), "flood.sh", "yes 'g2 1'");
    let (out, in_time) = perft_diff_depth_1(&[], flood.to_str().unwrap());
    let stderr = text(&out.stderr);
    assert!(in_time && out.status.code() == Some(1), "{stderr}");
    assert!(
        stderr.contains("\"flood.sh\" wrote more than 10000 lines")
            && stderr.contains("x5o/7/7/7/7/7/o5x x 0 1"),
        "{stderr}"
    );
    let repeated = stub(
        dir.path(),
        "repeated.sh",
        "i=0; while [ $i -lt 9990 ]; do echo 'g2 1'; i=$((i+1)); done; echo; echo 9990",
    );
    let (out, in_time) = perft_diff_depth_1(&[], repeated.to_str().unwrap());
    let report = text(&out.stdout);
    assert!(
        in_time && out.status.code() == Some(3),
        "{}",
        text(&out.stderr)
    );
    assert!(
        report.contains("listed more than once by them: g2 (9990 times)"),
        "{report}"
    );
    let longest = report.lines().map(str::len).max().unwrap_or(0);
    assert!(longest < 200, "a line of {longest} bytes");
}

/// Issue 52, cosmetics of `vectors --check`: a bad line was called "ignored" though it ends
/// the check (c3), and an empty last line (an editor's trailing newline) was refused as
/// "not a JSON object" (c13).
#[test]
fn r5_c3_c13_vectors_check_says_a_bad_line_ends_it_and_takes_a_trailing_empty_line() {
    let dir = Scratch::new("r5-c3-c13");
    let out = binary()
        .args(["vectors", "thax", "--count", "3", "-o", "v.jsonl"])
        .current_dir(dir.path())
        .output(PATIENCE)
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let good = boardgame_io::scratch::read_bytes(dir.join("v.jsonl"));
    boardgame_io::scratch::write(dir.join("empty.jsonl"), [&good[..], b"\n"].concat());
    boardgame_io::scratch::write(dir.join("bad.jsonl"), [&good[..], b"\xff\n"].concat());
    let check = |name: &str| {
        binary()
            .args(["vectors", "--check", name])
            .current_dir(dir.path())
            .output(PATIENCE)
            .unwrap()
    };
    let out = check("empty.jsonl");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("agree with the library"));
    let out = check("bad.jsonl");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("\"bad.jsonl\" line 5: "), "{stderr}");
    assert!(!stderr.contains("ignored"), "{stderr}");
}

/// Issue 52, c10: paths were printed unquoted, control characters included (an escape
/// sequence in a file name reached the terminal). Every path in a message is quoted and
/// escaped now, in errors and in success messages alike.
#[test]
fn r5_c10_paths_in_messages_are_quoted_and_escaped() {
    let dir = Scratch::new("r5-c10");
    let out = binary()
        .args([
            "play", "thax", "--human", "none", "--bot", "random", "--save",
        ])
        .arg("a\u{1b}[7mREVERSE\u{1b}[0m/x")
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .output(PATIENCE)
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(!stderr.contains('\u{1b}'), "{stderr:?}");
    assert!(
        stderr.contains("\"a\\u{1b}[7mREVERSE\\u{1b}[0m/x\""),
        "{stderr}"
    );
    let out = binary()
        .args(["simulate", "thax", "--games", "1", "--records"])
        .arg("r\u{1b}[7m.jsonl")
        .current_dir(dir.path())
        .output(PATIENCE)
        .unwrap();
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(!stdout.contains('\u{1b}'), "{stdout:?}");
    assert!(
        stdout.contains("records: \"r\\u{1b}[7m.jsonl\""),
        "{stdout}"
    );
}
