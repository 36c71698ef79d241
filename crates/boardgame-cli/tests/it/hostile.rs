//! Hostile input: the defects of issue 23 ("hostile input, round two"), each test named
//! after the defect it guards against (D1…D13, or the message it checks), and those of
//! issue 38 (round three), named `r3_<item>_…` after the issue's item number, or `r3_…` for
//! its smaller findings. Every test fails on the build before its fix (set
//! `BOARDGAME_UNDER_TEST` to that build's binary to see it fail), but
//! `r3_2_streamed_solve_games_do_not_depend_on_the_threads`, which guards the fix.

use boardgame_io::process::{Child, Command, Signal};
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{Scratch, binary, with_closed_stdout};

/// Runs the program with `args` and waits for it.
fn boardgame(args: &[&str]) -> Output {
    binary()
        .args(args)
        .output(crate::common::PATIENCE)
        .expect("the binary runs")
}

/// How long a command of these tests may take before it counts as hung.
const HUNG: Duration = Duration::from_secs(30);

/// Waits for `child` at most [`HUNG`]; kills it and fails if it takes longer.
fn wait_or_kill(child: &mut Child, what: &str) {
    if child.wait_within(HUNG).is_err() {
        child.kill().unwrap();
        panic!("{what} hung");
    }
}

/// A child's standard output and error, each read to its end by a thread of its own (so that
/// neither pipe fills while the test waits on the other).
struct Outputs {
    stdout: std::thread::JoinHandle<Vec<u8>>,
    stderr: std::thread::JoinHandle<Vec<u8>>,
}

impl Outputs {
    /// Starts reading `child`'s piped standard output and error.
    fn read(child: &mut Child) -> Outputs {
        fn read_all(mut from: impl Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
            std::thread::spawn(move || {
                let mut bytes = Vec::new();
                let _ = from.read_to_end(&mut bytes);
                bytes
            })
        }
        Outputs {
            stdout: read_all(child.stdout.take().unwrap()),
            stderr: read_all(child.stderr.take().unwrap()),
        }
    }

    /// The child's output, once it has ended with `status`.
    fn finish(self, status: std::process::ExitStatus) -> Output {
        Output {
            status,
            stdout: self.stdout.join().unwrap(),
            stderr: self.stderr.join().unwrap(),
        }
    }
}

/// Runs the command with `input` on standard input (killed, and the test failed, if it
/// takes longer than [`HUNG`]).
fn with_input(args: &[&str], input: &[u8]) -> Output {
    binary()
        .args(args)
        .output_with_input(input, HUNG)
        .unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Ends `child` at once, as Ctrl-C does (the CLI installs no handler, so SIGINT ends it where
/// it is), and waits for it. SIGKILL, not SIGINT: a process started in the background by a
/// non-interactive shell inherits SIGINT *ignored*, so under such a CI runner a SIGINT would
/// leave the child playing its 3,000,000-iteration game to the end; SIGKILL cannot be ignored
/// and gives the program no more chance to tidy up than Ctrl-C does.
fn interrupt(child: &mut Child) {
    child.kill().unwrap();
}

/// Reads `child`'s standard output until it contains `wanted`.
fn read_until(out: &mut impl Read, wanted: &str) -> String {
    let mut seen = Vec::new();
    let mut buffer = [0u8; 4096];
    while !text(&seen).contains(wanted) {
        let n = out.read(&mut buffer).unwrap();
        assert!(n > 0, "no {wanted:?} in {}", text(&seen));
        seen.extend_from_slice(&buffer[..n]);
    }
    text(&seen)
}

// --- Data loss -------------------------------------------------------------------------

#[test]
fn d2_an_interrupt_while_the_bot_thinks_keeps_the_move_on_the_screen() {
    let dir = Scratch::new("d2-think");
    let save = dir.join("save.json");
    let mut child = binary()
        .args([
            "play",
            "ataxx",
            "--human",
            "0",
            "--bot",
            "mcts:iters=3000000",
        ])
        .arg("--save")
        .arg(&save)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"g2\n").unwrap();
    stdin.flush().unwrap();
    read_until(child.stdout.as_mut().unwrap(), "chose g2");
    std::thread::sleep(Duration::from_millis(200));
    interrupt(&mut child);
    drop(stdin);
    let saved = boardgame_io::scratch::read_text(&save);
    assert!(saved.contains(r#"{"move":"g2"}"#), "{saved}");
    let replayed = boardgame(&["replay", save.to_str().unwrap()]);
    assert!(replayed.status.success(), "{}", text(&replayed.stderr));
}

#[test]
fn d2_an_interrupt_of_a_bots_only_game_keeps_a_whole_save() {
    let dir = Scratch::new("d2-bots");
    let save = dir.join("save.json");
    let old = "an older save\n";
    boardgame_io::scratch::write(&save, old);
    // The bots-only game of tests/it/outputs.rs (hours of work), saving to `save`.
    let play = crate::outputs::OUTPUTS
        .iter()
        .find(|template| template.first() == Some(&"play"))
        .unwrap();
    let mut child = binary()
        .args(crate::outputs::with_output(play, save.to_str().unwrap()))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    read_until(child.stdout.as_mut().unwrap(), "seats played by people");
    std::thread::sleep(Duration::from_millis(300));
    interrupt(&mut child);
    let saved = boardgame_io::scratch::read_text(&save);
    // Either the old file, untouched, or a whole record of what was played.
    if saved != old {
        let replayed = boardgame(&["replay", save.to_str().unwrap()]);
        assert!(replayed.status.success(), "{saved:?}");
    }
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "only the save: {leftovers:?}");
}

#[test]
fn d2_a_save_in_a_directory_that_cannot_be_written_fails_before_the_game() {
    let out = with_input(
        &["play", "ataxx", "--save", "/nonexistent/dir/save.json"],
        b"quit\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("/nonexistent/dir/save.json"));
    assert!(!text(&out.stdout).contains("to move>"));
}

/// Every newline-terminated line of `path` is a whole record, numbered from 0; returns how
/// many. After the file's last newline there may be the start of one more record, and
/// nothing else: a process killed while the kernel copies a batch into the file stops that
/// write part-way (Linux checks for a fatal signal between pages, and Ctrl-C's SIGINT is as
/// fatal as SIGKILL to a program without a handler), so the last batch can be cut.
fn assert_whole_records_but_a_cut_last_line(path: &std::path::Path) -> usize {
    let bytes = boardgame_io::scratch::read_bytes(path);
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let (lines, cut) = (text(&bytes[..whole]), text(&bytes[whole..]));
    let start = "{\"game\":\"parchis\",\"index\":";
    assert!(
        cut.starts_with(start) || start.starts_with(&*cut),
        "after the last whole record: {cut:.80}"
    );
    for (number, line) in lines.lines().enumerate() {
        let parsed: serde_json::Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("line {number} is not a whole record: {e}"));
        assert_eq!(parsed["index"], number as u64);
    }
    lines.lines().count()
}

/// The temporary file beside `records` that holds a run's records until it ends.
fn records_in_progress(records: &Path) -> Option<std::path::PathBuf> {
    let name = records.file_name()?.to_str()?;
    std::fs::read_dir(records.parent()?)
        .ok()?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .find(|path| {
            path.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(&format!(".{name}.")) && n.ends_with(".tmp"))
        })
}

#[test]
fn simulate_records_are_whole_but_a_cut_last_line_after_an_interrupt() {
    // Issue 44: the records file appears whole when the run ends (boardgame_io::write);
    // until then, and after an interrupt, the records are in a temporary file beside it.
    let dir = Scratch::new("records-int");
    let records = dir.join("records.jsonl");
    boardgame_io::scratch::write(&records, "the old records\n");
    let mut child = binary()
        .args(["simulate", "parchis", "--games", "100000000", "--quiet"])
        .arg("--records")
        .arg(&records)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let began = Instant::now();
    let temp = loop {
        if let Some(temp) = records_in_progress(&records)
            && std::fs::metadata(&temp).map_or(0, |m| m.len()) >= 300_000
        {
            break temp;
        }
        assert!(began.elapsed() < Duration::from_secs(60), "no records");
        std::thread::sleep(Duration::from_millis(20));
    };
    interrupt(&mut child);
    assert!(assert_whole_records_but_a_cut_last_line(&temp) > 0);
    assert_eq!(
        boardgame_io::scratch::read_text(&records),
        "the old records\n"
    );
}

#[test]
fn simulate_records_on_a_full_disk_say_how_many_were_written() {
    // A device is refused before the first game (issue 44)…
    let out = boardgame(&[
        "simulate",
        "thax",
        "--games",
        "100",
        "--records",
        "/dev/full",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let message = text(&out.stderr);
    assert!(message.contains("not a regular file"), "{message}");
    // …and records streamed to a standard output that is full say how many were written.
    let program = std::env::var("BOARDGAME_UNDER_TEST")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_boardgame").to_owned());
    let out = Command::new("sh")
        .args(["-c", "exec \"$0\" \"$@\" >/dev/full", &program])
        .args(["simulate", "thax", "--games", "100", "--records", "-"])
        .output(crate::common::PATIENCE)
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let message = text(&out.stderr);
    assert!(message.contains("first 0 records"), "{message}");
}

// --- Engine protocol -----------------------------------------------------------------

#[test]
fn d1_a_line_that_is_not_utf8_is_reported_and_the_engine_goes_on() {
    let out = with_input(&["uai"], b"isready\n\xff\nisready\nquit\n");
    let answer = text(&out.stdout);
    assert_eq!(answer.matches("readyok").count(), 2, "{answer}");
    assert!(answer.contains("info string error:"), "{answer}");
    assert!(answer.contains("UTF-8"), "{answer}");
    assert!(out.status.success());
}

#[test]
fn d7_quit_and_isready_are_answered_during_a_long_perft() {
    let out = with_input(&["uai"], b"perft 12\nisready\nquit\n");
    assert!(
        text(&out.stdout).contains("readyok"),
        "{}",
        text(&out.stdout)
    );
    assert!(out.status.success());
}

#[test]
fn d7_stop_ends_a_perft_and_the_engine_answers_again() {
    let out = with_input(&["uai"], b"perft 12\nstop\nisready\n");
    let answer = text(&out.stdout);
    assert!(answer.contains("perft 12 stopped"), "{answer}");
    assert!(answer.contains("readyok"), "{answer}");
}

#[test]
fn d7_a_perft_depth_out_of_range_says_so() {
    for line in ["perft -1\n", "perft 99999999999\n", "perft 21\n"] {
        let out = with_input(&["uai"], format!("{line}isready\n").as_bytes());
        let answer = text(&out.stdout);
        assert!(answer.contains("out of range"), "{line}: {answer}");
        assert!(answer.contains("readyok"), "{line}: {answer}");
    }
}

#[test]
fn d8_a_huge_line_is_refused_in_bounded_memory_and_quoted_short() {
    let mut input = vec![b'x'; 10 << 20];
    input.extend_from_slice(b"\nisready\n");
    let out = with_input(&["uai"], &input);
    let answer = text(&out.stdout);
    assert!(
        answer.contains("readyok"),
        "{}",
        &answer[..answer.len().min(300)]
    );
    assert!(answer.len() < 1000, "echoed {} bytes back", answer.len());
    let cap = boardgame_uai::protocol::MAX_LINE.to_string();
    assert!(answer.contains(&cap), "{answer}");
    // An unknown command of 3000 characters (under the cap) is quoted by its start only.
    let out = with_input(
        &["uai"],
        format!("{}\nisready\n", "y".repeat(3000)).as_bytes(),
    );
    let answer = text(&out.stdout);
    assert!(answer.len() < 300, "{answer}");
    assert!(answer.contains("readyok"));
}

#[test]
fn d13_end_of_input_stops_a_search_which_still_prints_its_move() {
    // The end of the input is `quit` (issue 38, item 7): the search is stopped, not let
    // finish, and its `bestmove` is the last line.
    let out = with_input(&["uai"], b"position startpos\ngo depth 60\n");
    let answer = text(&out.stdout);
    let last = answer.trim_end().lines().last().unwrap_or_default();
    let mv: ataxx::Move = last
        .strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("{answer}"))
        .parse()
        .unwrap();
    assert!(ataxx::Ataxx::default().is_legal_move(mv), "{answer}");
    assert!(out.status.success());
}

// --- Panics and unbounded resources ----------------------------------------------------

#[test]
fn d4_perft_and_arena_end_quietly_on_a_closed_pipe() {
    for args in [
        &["perft", "ataxx", "--depth", "2"][..],
        &["perft", "nim", "--depth", "3", "--divide"],
        &["perft", "parchis", "--depth", "1"],
        &["arena", "nim", "--bots", "random,random", "--games", "4"],
        &[
            "arena",
            "nim",
            "--bots",
            "random,random",
            "--games",
            "4",
            "--json",
        ],
    ] {
        let out = with_closed_stdout(binary().args(args));
        let message = text(&out.stderr);
        assert!(out.status.success(), "{args:?}: {message}");
        assert!(!message.contains("panicked"), "{args:?}: {message}");
    }
}

#[test]
fn d5_arena_threads_are_bounded_like_simulate() {
    for threads in ["5000", "0", "257"] {
        let out = boardgame(&[
            "arena",
            "nim",
            "--bots",
            "random,random",
            "--games",
            "2",
            "--threads",
            threads,
        ]);
        assert_eq!(out.status.code(), Some(2), "--threads {threads}");
        assert!(
            text(&out.stderr).contains("1..=256"),
            "{}",
            text(&out.stderr)
        );
    }
    let out = boardgame(&[
        "arena",
        "nim",
        "--bots",
        "random,random",
        "--games",
        "3",
        "--threads",
        "256",
        "--json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn d9_replay_refuses_an_endless_line_in_bounded_memory() {
    // Under a 2 GB address-space limit: reading the whole of the input first aborts. A
    // device such as /dev/zero is refused before it is read (issue 44: files are read
    // through boardgame_io::read); a sparse file of 80 MB of zeros has no line end.
    let dir = Scratch::new("endless");
    let sparse = dir.join("zeros.jsonl");
    boardgame_io::write::Appender::open(&sparse)
        .unwrap()
        .truncate(80 << 20)
        .unwrap();
    let program = std::env::var("BOARDGAME_UNDER_TEST")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_boardgame").to_owned());
    for (input, says) in [
        (Path::new("/dev/zero"), "not a regular file"),
        (sparse.as_path(), "longer than 64 MiB"),
    ] {
        let out = Command::new("sh")
            .arg("-c")
            .arg("ulimit -v 2000000 && exec \"$0\" replay \"$1\"")
            .arg(&program)
            .arg(input)
            .output(crate::common::PATIENCE)
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        assert!(text(&out.stderr).contains(says), "{}", text(&out.stderr));
    }
}

#[test]
fn d9_replay_reads_records_one_line_at_a_time_and_names_the_bad_one() {
    let dir = Scratch::new("d9");
    let records = dir.join("records.jsonl");
    let made = boardgame(&[
        "simulate",
        "thax",
        "--games",
        "3",
        "--quiet",
        "--records",
        records.to_str().unwrap(),
    ]);
    assert!(made.status.success());
    let mut lines = boardgame_io::scratch::read_text(&records);
    lines.push_str(
        "\n{\"game\":\"thax\",\"record\":{\"config\":{},\"events\":[{\"move\":\"zz\"}]}}\n",
    );
    boardgame_io::scratch::write(&records, &lines);
    let out = boardgame(&["replay", records.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout).matches("record ").count(),
        3,
        "{}",
        text(&out.stdout)
    );
    assert!(
        text(&out.stderr).contains("record 3: event 0"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn d10_arena_results_do_not_depend_on_the_threads() {
    let run = |threads: &str| {
        let out = boardgame(&[
            "arena",
            "nim",
            "--bots",
            "mcts:iters=20,random",
            "--games",
            "40",
            "--seed",
            "5",
            "--threads",
            threads,
            "--json",
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let mut value: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
        value["seconds"] = serde_json::json!(0);
        for bot in value["bots"].as_array_mut().unwrap() {
            bot["think_seconds"] = serde_json::json!(0);
        }
        value
    };
    assert_eq!(run("1"), run("3"));
}

#[test]
fn d11_bot_specs_with_repeated_conflicting_or_endless_settings_are_refused() {
    for (spec, says) in [
        ("mcts:iters=10:ms=5", "not both"),
        ("mcts:iters=10:iters=20", "given twice"),
        ("mcts:iters=18446744073709551615", "out of range"),
        ("mcts:ms=18446744073709551615", "out of range"),
        ("expectimax:depth=100", "too deep"),
        ("expectimax:depth=9", "would not finish"),
        ("alphabeta:depth=100", "too deep"),
        ("alphabeta:depth=30", "would not finish"),
    ] {
        let out = boardgame(&[
            "arena",
            "nim",
            "--bots",
            &format!("{spec},random"),
            "--games",
            "2",
        ]);
        assert_eq!(out.status.code(), Some(2), "{spec}");
        assert!(
            text(&out.stderr).contains(says),
            "{spec}: {}",
            text(&out.stderr)
        );
    }
}

// --- web ---------------------------------------------------------------------------------

/// A running `boardgame web` on a free port, stopped when dropped.
struct Server {
    child: Child,
    address: String,
}

impl Server {
    fn start() -> Server {
        let mut child = binary()
            .args(["web", "--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let line = read_until(child.stdout.as_mut().unwrap(), "\n");
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .expect("the address line")
            .to_owned();
        Server { child, address }
    }

    /// The raw response to `request`.
    fn ask(&self, request: &[u8]) -> String {
        let mut stream = std::net::TcpStream::connect(&self.address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let _ = stream.write_all(request);
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        text(&response)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait_within(crate::common::PATIENCE);
    }
}

#[test]
fn d6_web_answers_bad_requests_with_their_status() {
    let server = Server::start();
    let host = format!("Host: {}\r\n", server.address);
    let post = server.ask(format!("POST / HTTP/1.1\r\n{host}\r\n").as_bytes());
    assert!(post.starts_with("HTTP/1.1 405"), "{post}");
    assert!(post.contains("\r\nAllow: GET, HEAD\r\n"), "{post}");
    let bad = server.ask(b"GET /\xff HTTP/1.1\r\n\r\n");
    assert!(bad.starts_with("HTTP/1.1 400"), "{bad}");
    let long = server.ask(format!("GET /{} HTTP/1.1\r\n{host}\r\n", "a".repeat(20_000)).as_bytes());
    assert!(long.starts_with("HTTP/1.1 414"), "{long:.100}");
    let header =
        server.ask(format!("GET / HTTP/1.1\r\n{host}X: {}\r\n\r\n", "b".repeat(20_000)).as_bytes());
    assert!(header.starts_with("HTTP/1.1 431"), "{header:.100}");
    let rebound = server.ask(b"GET / HTTP/1.1\r\nHost: attacker.example\r\n\r\n");
    assert!(rebound.starts_with("HTTP/1.1 403"), "{rebound:.100}");
    let page = server.ask(format!("GET / HTTP/1.1\r\n{host}\r\n").as_bytes());
    assert!(page.starts_with("HTTP/1.1 200 OK"), "{page:.100}");
}

#[test]
fn d6_web_caps_connections_and_drops_slow_clients() {
    let server = Server::start();
    let began = Instant::now();
    // Idle connections: past the cap, new ones are refused at once with 503.
    let idle: Vec<std::net::TcpStream> = (0..80)
        .map(|_| std::net::TcpStream::connect(&server.address).unwrap())
        .collect();
    let refused = server.ask(b"GET / HTTP/1.1\r\n\r\n");
    assert!(refused.starts_with("HTTP/1.1 503"), "{refused:.100}");
    // A client sending a byte now and then is cut off after the request deadline (10 s).
    let mut slow = std::net::TcpStream::connect(&server.address).unwrap();
    drop(idle);
    slow.set_read_timeout(Some(Duration::from_secs(40)))
        .unwrap();
    let mut answer = Vec::new();
    let dripped = std::thread::spawn({
        let mut slow = slow.try_clone().unwrap();
        move || {
            for _ in 0..40 {
                if slow.write_all(b"G").is_err() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(500));
            }
        }
    });
    let _ = slow.read_to_end(&mut answer);
    assert!(
        began.elapsed() < Duration::from_secs(25),
        "the slow client held its connection for {:?}",
        began.elapsed()
    );
    drop(dripped);
    // The server still answers.
    let page = server.ask(format!("GET / HTTP/1.1\r\nHost: {}\r\n\r\n", server.address).as_bytes());
    assert!(page.starts_with("HTTP/1.1 200 OK"), "{page:.100}");
}

// --- merge ------------------------------------------------------------------------------

/// The JSON summary of `simulate thax` with `args`, as a value.
fn summary(args: &[&str]) -> serde_json::Value {
    let mut all = vec![
        "simulate", "thax", "--quiet", "--json", "--games", "30", "--seed", "2",
    ];
    all.extend_from_slice(args);
    let out = boardgame(&all);
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_str(&text(&out.stdout)).unwrap()
}

/// `merge` of these summaries, each in its own file.
fn merge(dir: &std::path::Path, summaries: &[&serde_json::Value], extra: &[&str]) -> Output {
    let mut args = vec!["merge".to_owned()];
    for (i, summary) in summaries.iter().enumerate() {
        let path = dir.join(format!("s{i}.json"));
        boardgame_io::scratch::write(&path, format!("{summary}\n"));
        args.push(path.to_str().unwrap().to_owned());
    }
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    boardgame(&args)
}

/// A change to a summary.
type Edit = dyn Fn(&mut serde_json::Value);

#[test]
fn d12_merge_checks_every_derived_field_against_the_histogram() {
    let dir = Scratch::new("d12-derived");
    let whole = summary(&[]);
    assert!(merge(dir.path(), &[&whole], &[]).status.success());
    let tamper = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut value = whole.clone();
        edit(&mut value);
        merge(dir.path(), &[&value], &[])
    };
    let edits: Vec<(&str, Box<Edit>)> = vec![
        (
            "lengths edited, counts kept",
            Box::new(|v| {
                for pair in v["plies_histogram"].as_array_mut().unwrap() {
                    pair[0] = serde_json::json!(pair[0].as_u64().unwrap() + 1);
                }
            }),
        ),
        (
            "a length far above the guard",
            Box::new(|v| {
                v["plies_histogram"][0][0] = serde_json::json!(u64::MAX);
            }),
        ),
        (
            "a roll count far above the guard",
            Box::new(|v| {
                v["rolls_histogram"][0][0] = serde_json::json!(u64::MAX);
            }),
        ),
        (
            "mean",
            Box::new(|v| v["mean_plies"] = serde_json::json!(1.5)),
        ),
        ("p50", Box::new(|v| v["p50_plies"] = serde_json::json!(1))),
        ("p99", Box::new(|v| v["p99_rolls"] = serde_json::json!(1))),
        (
            "max",
            Box::new(|v| v["max_plies"] = serde_json::json!(100_000)),
        ),
        (
            "negative seconds",
            Box::new(|v| v["seconds"] = serde_json::json!(-1.0)),
        ),
        (
            "games per second",
            Box::new(|v| v["games_per_sec"] = serde_json::json!(3e10)),
        ),
    ];
    for (what, edit) in edits {
        let out = tamper(&*edit);
        assert_eq!(out.status.code(), Some(1), "{what}: {}", text(&out.stdout));
        assert!(
            text(&out.stderr).contains("inconsistent summary"),
            "{what}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn d12_merge_compares_the_format_and_the_program() {
    let dir = Scratch::new("d12-version");
    let one = summary(&["--shard", "1/2"]);
    let two = summary(&["--shard", "2/2"]);
    assert_eq!(one["format"], 2);
    assert!(one["program"].as_str().unwrap().starts_with("boardgame "));
    let mut other_build = two.clone();
    other_build["program"] = serde_json::json!("boardgame 0.0.1");
    let out = merge(dir.path(), &[&one, &other_build], &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("different programs"),
        "{}",
        text(&out.stderr)
    );
    let mut old = two.clone();
    old.as_object_mut().unwrap().remove("format");
    let out = merge(dir.path(), &[&one, &old], &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("summary format 0"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn d12_a_merged_summary_with_huge_times_merges_again() {
    let dir = Scratch::new("d12-seconds");
    let parts: Vec<serde_json::Value> = ["1/3", "2/3", "3/3"]
        .iter()
        .map(|k| {
            let mut value = summary(&["--shard", k]);
            let seconds = 1.5e308;
            let games =
                value["game_range"][1].as_u64().unwrap() - value["game_range"][0].as_u64().unwrap();
            let plies: u64 = value["plies_histogram"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p[0].as_u64().unwrap() * p[1].as_u64().unwrap())
                .sum();
            value["seconds"] = serde_json::json!(seconds);
            value["games_per_sec"] = serde_json::json!(games as f64 / seconds);
            value["plies_per_sec"] = serde_json::json!(plies as f64 / seconds);
            value
        })
        .collect();
    let first = merge(
        dir.path(),
        &[&parts[0], &parts[1]],
        &["--json", "--partial"],
    );
    assert!(first.status.success(), "{}", text(&first.stderr));
    let merged: serde_json::Value = serde_json::from_str(&text(&first.stdout)).unwrap();
    assert!(merged["seconds"].is_f64(), "{merged}");
    let again = merge(dir.path(), &[&merged, &parts[2]], &["--json"]);
    assert!(again.status.success(), "{}", text(&again.stderr));
}

#[test]
fn d12_merge_without_the_first_or_last_shard_needs_partial() {
    let dir = Scratch::new("d12-partial");
    let shards: Vec<serde_json::Value> = ["1/3", "2/3", "3/3"]
        .iter()
        .map(|k| summary(&["--shard", k]))
        .collect();
    for part in [[&shards[0], &shards[1]], [&shards[1], &shards[2]]] {
        let out = merge(dir.path(), &part, &[]);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
        assert!(
            text(&out.stderr).contains("--partial"),
            "{}",
            text(&out.stderr)
        );
        assert!(merge(dir.path(), &part, &["--partial"]).status.success());
    }
    assert!(
        merge(dir.path(), &[&shards[0], &shards[1], &shards[2]], &[])
            .status
            .success()
    );
}

// --- Messages --------------------------------------------------------------------------

#[test]
fn messages_silently_accepted_settings_are_refused() {
    for (args, says) in [
        (
            &["simulate", "thax", "--games", "3", "--max-plies", "0"][..],
            "--max-plies",
        ),
        (
            &[
                "simulate",
                "parchis",
                "--games",
                "3",
                "--players",
                "2",
                "--set",
                "players=3",
            ],
            "give the number of players once",
        ),
        (
            &["simulate", "thax", "--games", "3", "--shard", "+1/+2"],
            "expected K/N",
        ),
        (
            &[
                "simulate",
                "co-ca-ngua",
                "--games",
                "3",
                "--players",
                "4",
                "--set",
                "seating=adjacent",
            ],
            "for two players",
        ),
        (
            &[
                "simulate",
                "co-ca-ngua",
                "--games",
                "3",
                "--players",
                "3",
                "--set",
                "seating=adjacent",
            ],
            "for two players",
        ),
    ] {
        let out = boardgame(args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stdout)
        );
        assert!(
            text(&out.stderr).contains(says),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    let out = with_input(&["play", "ataxx", "--human", " "], b"quit\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--human is empty"),
        "{}",
        text(&out.stderr)
    );
}

// --- Issue 38: hostile input, round three ---------------------------------------------

/// Runs the command and waits for it, killing it if it takes longer than `limit` (then the
/// status is the kill's).
fn within(args: &[&str], limit: Duration) -> (Output, Duration) {
    let began = Instant::now();
    let child = binary()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let (output, _) = child.wait_with_output_or_kill(limit).unwrap();
    (output, began.elapsed())
}

/// Runs the command and returns its output and its peak resident memory in KiB (`VmHWM`,
/// read from /proc while it runs).
fn peak_memory(args: &[&str]) -> (Output, u64) {
    let began = Instant::now();
    let mut child = binary()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let outputs = Outputs::read(&mut child);
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    loop {
        if let Ok(status) = boardgame_io::read::read_text_bounded(Path::new(&status_file), 1 << 20)
            && let Some(kb) = status
                .lines()
                .find_map(|line| line.strip_prefix("VmHWM:"))
                .and_then(|rest| {
                    rest.trim()
                        .trim_end_matches("kB")
                        .trim()
                        .parse::<u64>()
                        .ok()
                })
        {
            peak = peak.max(kb);
        }
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if began.elapsed() > HUNG * 4 {
            child.kill().unwrap();
            panic!("{args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    (
        outputs.finish(child.wait_within(crate::common::PATIENCE).unwrap()),
        peak,
    )
}

/// Asserts that `out` is a usage error (exit status 2) whose message says `says`.
fn assert_usage(out: &Output, says: &str, what: &str) {
    let message = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{what}: {message}");
    assert!(message.contains(says), "{what}: {message}");
    assert!(!message.contains("panicked"), "{what}: {message}");
}

#[test]
fn r3_1_optimal_on_rules_the_solver_refuses_is_a_usage_error_before_any_game() {
    for (args, says) in [
        (
            &[
                "arena",
                "thax",
                "--bots",
                "optimal,greedy",
                "--set",
                "voluntary_pass=true",
            ][..],
            "voluntary_pass",
        ),
        (
            &[
                "arena",
                "thax",
                "--bots",
                "greedy,optimal",
                "--preset",
                "thax-out-limited",
            ],
            "states",
        ),
        (
            &[
                "arena",
                "thax",
                "--bots",
                "optimal,random",
                "--set",
                "supply=10",
            ],
            "dead draw",
        ),
    ] {
        let (out, _) = within(args, HUNG);
        assert_usage(&out, says, &format!("{args:?}"));
        assert!(text(&out.stderr).contains("optimal"), "{args:?}");
    }
    let out = with_input(
        &[
            "play",
            "thax",
            "--bot",
            "optimal",
            "--set",
            "voluntary_pass=true",
        ],
        b"quit\n",
    );
    assert_usage(&out, "voluntary_pass", "play");
    assert!(
        !text(&out.stdout).contains("to move>"),
        "refused before the game"
    );
}

#[test]
fn r3_2_solve_games_stream_in_flat_memory() {
    let args = |games: &'static str| {
        [
            "solve",
            "thax",
            "--set",
            "board=1,2",
            "--games",
            games,
            "--against",
            "random",
            "--threads",
            "2",
            "--quiet",
        ]
    };
    let (out, peak) = peak_memory(&args("1000000"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("over 1000000 games"));
    // About 125 bytes a game before (125 MB here); a few MiB now, whatever the games.
    assert!(peak < 40_000, "peak memory {peak} KiB for a million games");
}

#[test]
fn r3_2_streamed_solve_games_do_not_depend_on_the_threads() {
    let run = |threads: &str| {
        let out = boardgame(&[
            "solve",
            "thax",
            "--set",
            "board=1,2,3",
            "--games",
            "3000",
            "--against",
            "greedy",
            "--threads",
            threads,
            "--quiet",
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        // Everything but the line with the times and the thread count.
        text(&out.stdout)
            .lines()
            .filter(|line| !line.contains(" s") && !line.contains("threads"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(run("1"), run("3"));
}

#[test]
fn r3_3_solve_refuses_a_tolerance_it_cannot_reach_at_once() {
    for tolerance in ["1e-300", "1e-16", "5e-324", "9e-14"] {
        let (out, took) = within(&["solve", "thax", "--tolerance", tolerance], HUNG);
        assert_usage(&out, "at least 1e-13", tolerance);
        assert!(took < Duration::from_secs(10), "{tolerance}: {took:?}");
        assert!(out.stdout.is_empty(), "{tolerance}: {}", text(&out.stdout));
    }
}

#[test]
fn r3_3_solve_shows_its_progress_on_standard_error_unless_quiet() {
    let out = boardgame(&[
        "solve",
        "thax",
        "--preset",
        "with-sums",
        "--tolerance",
        "1e-12",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let progress = text(&out.stderr);
    assert!(progress.contains("solving: sweep "), "{progress}");
    assert!(progress.contains("widest bracket"), "{progress}");
    let out = boardgame(&[
        "solve",
        "thax",
        "--preset",
        "with-sums",
        "--tolerance",
        "1e-12",
        "--quiet",
    ]);
    assert!(out.status.success());
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

/// Whether this process ignores SIGINT (a child started in the background by a
/// non-interactive shell does, and its children inherit it).
fn sigint_ignored() -> bool {
    boardgame_io::read::read_text_bounded(Path::new("/proc/self/status"), 1 << 20)
        .ok()
        .and_then(|status| {
            let mask = status.lines().find_map(|l| l.strip_prefix("SigIgn:"))?;
            u64::from_str_radix(mask.trim(), 16).ok()
        })
        .is_some_and(|mask| mask & (1 << (2 - 1)) != 0)
}

#[test]
fn r3_3_ctrl_c_stops_a_long_solve_at_once_leaving_nothing_half_written() {
    // SIGINT as Ctrl-C sends it; SIGTERM where SIGINT is ignored (see `interrupt`): both
    // end the program where it is, which is clean because nothing is printed or written
    // before the solve ends.
    let signal = if sigint_ignored() {
        Signal::Terminate
    } else {
        Signal::Interrupt
    };
    let mut child = binary()
        .args(["solve", "thax"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    read_until(child.stderr.as_mut().unwrap(), "solving: sweep");
    let sent = Instant::now();
    child.signal(signal).unwrap();
    wait_or_kill(&mut child, "solve after the signal");
    assert!(
        sent.elapsed() < Duration::from_secs(5),
        "{:?}",
        sent.elapsed()
    );
    let status = child.wait_within(crate::common::PATIENCE).unwrap();
    assert!(!status.success(), "{status:?}");
    let mut printed = Vec::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_end(&mut printed)
        .unwrap();
    assert!(printed.is_empty(), "{}", text(&printed));
}

#[test]
fn r3_3_solve_refuses_flag_combinations_before_solving() {
    for (args, says) in [
        (
            &["solve", "thax", "--tolerance", "1e-10", "--games", "5"][..],
            "default tolerance",
        ),
        (
            &[
                "solve",
                "thax",
                "--games",
                "5",
                "--against",
                "alphabeta:depth=2",
            ],
            "alphabeta",
        ),
        (&["solve", "thax", "--set", "max_rolls=5"], "--games"),
        (&["solve", "thax", "--set", "first=1"], "--games"),
    ] {
        let (out, took) = within(args, HUNG);
        assert_usage(&out, says, &format!("{args:?}"));
        assert!(out.stdout.is_empty(), "{args:?}: solved first");
        assert!(took < Duration::from_secs(5), "{args:?}: {took:?}");
    }
}

#[test]
fn r3_4_deep_perft_is_refused_instead_of_overflowing_the_stack() {
    for args in [
        &[
            "perft", "ataxx", "--depth", "100000", "--preset", "no-clock",
        ][..],
        &[
            "perft",
            "thax",
            "--depth",
            "100000",
            "--set",
            "max_rolls=4294967295",
        ],
        &[
            "perft",
            "parchis",
            "--depth",
            "100000",
            "--set",
            "max_rolls=0",
        ],
        &[
            "perft",
            "co-ca-ngua",
            "--depth",
            "100000",
            "--set",
            "max_rolls=0",
        ],
        &["perft", "ataxx", "--depth", "65", "--divide"],
    ] {
        let (out, _) = within(args, HUNG);
        assert_usage(&out, "0..=64", &format!("{args:?}"));
    }
    // Depth 64 itself starts (and is stopped here): no abort on the way down.
    let (out, _) = within(
        &["perft", "parchis", "--depth", "64", "--set", "max_rolls=0"],
        Duration::from_secs(2),
    );
    assert_eq!(
        out.status.code(),
        None,
        "killed, not ended: {}",
        text(&out.stderr)
    );
}

/// `play ataxx` that quits at once, saving to `save`.
fn play_and_quit(save: &std::path::Path) -> Output {
    with_input(
        &["play", "ataxx", "--save", save.to_str().unwrap()],
        b"quit\n",
    )
}

fn mode_of(path: &std::path::Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[test]
fn r3_5_play_save_refuses_a_fifo_or_a_socket_and_leaves_it() {
    use std::os::unix::fs::FileTypeExt;
    let dir = Scratch::new("r3-5-special");
    let fifo = dir.fifo("fifo");
    let out = play_and_quit(&fifo);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("a FIFO, not a regular file"),
        "{}",
        text(&out.stderr)
    );
    assert!(
        !text(&out.stdout).contains("to move>"),
        "refused before the game"
    );
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo()
    );
    let socket = dir.join("socket");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    let out = play_and_quit(&socket);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("a socket, not a regular file"),
        "{}",
        text(&out.stderr)
    );
    assert!(
        std::fs::symlink_metadata(&socket)
            .unwrap()
            .file_type()
            .is_socket()
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        2,
        "nothing else made"
    );
}

#[test]
fn r3_5_play_save_writes_through_a_symbolic_link_and_keeps_the_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = Scratch::new("r3-5-link");
    let real = dir.join("real.json");
    boardgame_io::scratch::write(&real, "an older save\n");
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o600)).unwrap();
    let link = dir.symlink("real.json", "link.json");
    let out = play_and_quit(&link);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let saved = boardgame_io::scratch::read_text(&real);
    assert!(saved.contains("\"game\":\"ataxx\""), "{saved}");
    assert_eq!(mode_of(&real), 0o600);
    // A plain save keeps its mode too.
    let plain = dir.join("plain.json");
    boardgame_io::scratch::write(&plain, "old\n");
    std::fs::set_permissions(&plain, std::fs::Permissions::from_mode(0o640)).unwrap();
    assert!(play_and_quit(&plain).status.success());
    assert_eq!(mode_of(&plain), 0o640);
    assert!(boardgame_io::scratch::read_text(&plain).contains("ataxx"));
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        3,
        "no temporary file left"
    );
}

#[test]
fn r3_5_play_save_to_a_long_name_saves() {
    let dir = Scratch::new("r3-5-long");
    for length in [245, 250, 255] {
        let save = dir.join("s".repeat(length));
        let out = play_and_quit(&save);
        assert!(out.status.success(), "{length}: {}", text(&out.stderr));
        let saved = boardgame_io::scratch::read_text(&save);
        assert!(saved.contains("ataxx"), "{length}: {saved}");
    }
}

#[test]
fn r3_8_mcts_floats_that_would_make_rewards_or_scores_infinite_are_refused() {
    for (spec, says) in [
        (
            "mcts:iters=10:rollout=eval:scale=5e-324",
            "scale must be a finite number",
        ),
        (
            "mcts:iters=10:depth=3:scale=1e-300",
            "scale must be a finite number",
        ),
        ("mcts:iters=10:c=1e308", "c must be a finite number"),
        (
            "mcts:iters=10:rollout=eval:bias=1e308",
            "bias must be a finite number",
        ),
    ] {
        let (out, _) = within(
            &[
                "arena",
                "nim",
                "--bots",
                &format!("{spec},random"),
                "--games",
                "2",
            ],
            HUNG,
        );
        assert_usage(&out, says, spec);
    }
}

#[test]
fn r3_9_arena_set_players_is_used_or_refused_never_ignored() {
    let out = boardgame(&[
        "arena",
        "parchis",
        "--bots",
        "random,random",
        "--set",
        "players=4",
    ]);
    assert_usage(&out, "2 specs for 4 players", "two bots, four players");
    let out = boardgame(&[
        "arena",
        "parchis",
        "--bots",
        "random,random,random",
        "--set",
        "players=3",
        "--games",
        "3",
        "--json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let result: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(result["players"], 3);
    let out = boardgame(&[
        "arena",
        "parchis",
        "--bots",
        "random,random",
        "--players",
        "2",
        "--set",
        "players=2",
    ]);
    assert_usage(&out, "give the number of players once", "both");
}

#[test]
fn r3_bot_spec_errors_quote_a_huge_spec_once_and_short() {
    let spec = format!("mcts:iters=10:{}=1", "k".repeat(100_000));
    for args in [
        vec!["arena", "nim", "--bots", &spec, "--games", "1"],
        vec!["play", "nim", "--bot", &spec],
    ] {
        let out = with_input(&args, b"quit\n");
        assert_eq!(out.status.code(), Some(2));
        let message = text(&out.stderr);
        assert!(message.len() < 4000, "{} bytes", message.len());
        assert!(message.contains("100016 bytes"), "{message:.300}");
    }
}

#[test]
fn r3_a_node_limit_cannot_get_past_the_depth_guard() {
    for spec in [
        "expectimax:depth=64:nodes=18446744073709551615",
        "alphabeta:depth=64:nodes=18446744073709551615",
    ] {
        let (out, _) = within(
            &[
                "arena",
                "nim",
                "--bots",
                &format!("{spec},random"),
                "--games",
                "2",
            ],
            HUNG,
        );
        assert_usage(&out, "out of range", spec);
    }
}

#[test]
fn r3_replay_names_a_duplicate_game_key_and_an_event_of_two_kinds() {
    let dir = Scratch::new("r3-replay");
    let record = r#"{"game":"nim","record":{"config":{"seats":2,"counters":5,"max_take":3},"events":[{"move":1}]}}"#;
    for (line, says) in [
        (
            record.replacen(r#""game":"nim","#, r#""game":"nim","game":"thax","#, 1),
            "duplicate field `game`",
        ),
        (
            record.replacen(r#"{"move":1}"#, r#"{"move":1,"chance":3}"#, 1),
            "both a move and a chance outcome",
        ),
    ] {
        let path = dir.join("record.json");
        boardgame_io::scratch::write(&path, format!("{line}\n"));
        let out = boardgame(&["replay", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1));
        assert!(text(&out.stderr).contains(says), "{}", text(&out.stderr));
    }
}

#[test]
fn r3_elo_near_zero_prints_without_a_minus_sign() {
    // Seed 57: 500 wins of 1001 games, an Elo difference of -0.35.
    let out = boardgame(&[
        "arena",
        "nim",
        "--bots",
        "random,random",
        "--games",
        "1001",
        "--seed",
        "57",
    ]);
    assert!(out.status.success());
    let report = text(&out.stdout);
    let elo = report.lines().find(|l| l.starts_with("Elo")).unwrap();
    assert!(elo.contains(": +0 ["), "{elo}");
    assert!(!elo.contains("-0"), "{elo}");
}

#[test]
fn r3_merge_reads_in_memory_a_small_multiple_of_its_input() {
    // One consistent summary of three million games of distinct lengths: 35 MB of JSON.
    let dir = Scratch::new("r3-merge");
    let games: u64 = 3_000_000;
    let mut histogram = String::with_capacity(40 << 20);
    for length in 1..=games {
        if length > 1 {
            histogram.push(',');
        }
        histogram.push_str(&format!("[{length},1]"));
    }
    let sum = games * (games + 1) / 2;
    let summary = format!(
        r#"{{"format":2,"program":"boardgame {}","game":"nim","games":{games},"seed":0,"players":2,"seat_names":["seat 0","seat 1"],"preset":"default","settings":{{}},"max_plies_guard":{games},"shard":null,"game_range":[0,{games}],"mean_plies":{},"p50_plies":{},"p99_plies":{},"max_plies":{games},"mean_rolls":0.0,"p50_rolls":0,"p99_rolls":0,"max_rolls":0,"wins":[{games},0],"draws":0,"truncated":0,"plies_histogram":[{histogram}],"rolls_histogram":[[0,{games}]],"threads":1,"seconds":1.0,"games_per_sec":{games}.0,"plies_per_sec":{sum}.0}}"#,
        env!("CARGO_PKG_VERSION"),
        sum as f64 / games as f64,
        games / 2,
        games * 99 / 100,
    );
    let path = dir.join("big.json");
    boardgame_io::scratch::write(&path, format!("{summary}\n"));
    drop(histogram);
    let (out, peak) = peak_memory(&["merge", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("3000000 games"));
    let input = summary.len() as u64 / 1024;
    drop(dir);
    // 9.4 times the input before (329 MB); the line and one map of it now.
    assert!(peak < 5 * input, "peak {peak} KiB for {input} KiB of input");
}

#[test]
fn r3_web_refuses_a_request_without_one_host_header() {
    let server = Server::start();
    for request in [
        "GET / HTTP/1.1\r\n\r\n".to_owned(),
        "GET / HTTP/1.0\r\n\r\n".to_owned(),
        format!(
            "GET / HTTP/1.1\r\nHost: {0}\r\nHost: {0}\r\n\r\n",
            server.address
        ),
    ] {
        let answer = server.ask(request.as_bytes());
        assert!(
            answer.starts_with("HTTP/1.1 400"),
            "{request:?}: {answer:.100}"
        );
    }
}

#[test]
fn r3_web_closes_an_idle_connection_and_refuses_a_full_house_cleanly() {
    let server = Server::start();
    // A connection that sends nothing is closed after the idle deadline (2 s), not after
    // the request deadline (10 s).
    let began = Instant::now();
    let mut idle = std::net::TcpStream::connect(&server.address).unwrap();
    idle.set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut nothing = Vec::new();
    let _ = idle.read_to_end(&mut nothing);
    assert!(
        began.elapsed() < Duration::from_secs(6),
        "an idle connection held for {:?}",
        began.elapsed()
    );
    // Past the cap, a new client gets a whole 503 and a clean close (not a reset).
    let full: Vec<std::net::TcpStream> = (0..70)
        .map(|_| std::net::TcpStream::connect(&server.address).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let mut refused = std::net::TcpStream::connect(&server.address).unwrap();
    refused
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    refused
        .write_all(format!("GET / HTTP/1.1\r\nHost: {}\r\n\r\n", server.address).as_bytes())
        .unwrap();
    let mut answer = Vec::new();
    let read = refused.read_to_end(&mut answer);
    assert!(read.is_ok(), "{read:?} after {:?}", text(&answer));
    assert!(
        text(&answer).starts_with("HTTP/1.1 503"),
        "{}",
        text(&answer)
    );
    drop(full);
}
