//! `boardgame perft-diff ataxx` against deliberately wrong generators: an Ataxx generator
//! written apart in Python (`tests/fixtures/perft_diff/ataxx_generator.py`) with one bug
//! planted each time, spoken to as a perftree script and as two UAI dialects. Each bug is
//! found from depth 3 and reported at the position where the move lists first differ,
//! asserted exactly. Broken generators (crashing, silent, flooding, malformed) end the
//! comparison with exit status 1 and a short message, within the timeout.

use std::process::Output;
use std::time::{Duration, Instant};

use crate::common::boardgame;

const GENERATOR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/perft_diff/ataxx_generator.py"
);

/// Runs `perft-diff ataxx` with `options`, against the Python generator with `generator`
/// arguments.
fn perft_diff(options: &[&str], generator: &[&str]) -> Output {
    let mut args = vec!["perft-diff", "ataxx"];
    args.extend_from_slice(options);
    args.extend_from_slice(&["--", "python3", GENERATOR]);
    args.extend_from_slice(generator);
    boardgame(&args)
}

/// The whole JSON report of a run that found a difference (exit status 3).
fn differing_report(options: &[&str], generator: &[&str]) -> serde_json::Value {
    let mut options = options.to_vec();
    options.push("--json");
    let out = perft_diff(&options, generator);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(report["agree"], false);
    report
}

/// The difference a run found (exit status 3).
fn difference(options: &[&str], generator: &[&str]) -> serde_json::Value {
    differing_report(options, generator)["difference"].clone()
}

fn words(value: &serde_json::Value) -> Vec<String> {
    value
        .as_array()
        .expect("a list")
        .iter()
        .map(|w| w.as_str().expect("a move").to_owned())
        .collect()
}

/// Asserts where a difference was found: the FEN, the path from the root, and the moves
/// only each side lists.
fn assert_found(
    found: &serde_json::Value,
    fen: &str,
    path: &[&str],
    only_ours: &[&str],
    only_theirs: &[&str],
) {
    assert_eq!(found["fen"], fen, "{found}");
    assert_eq!(found["depth"], 1, "{found}");
    assert_eq!(words(&found["path"]), path, "{found}");
    assert_eq!(words(&found["only_ours"]), only_ours, "{found}");
    assert_eq!(words(&found["only_theirs"]), only_theirs, "{found}");
}

#[test]
fn the_generator_without_a_bug_agrees_with_ours() {
    for (fen, depth, nodes) in [
        ("x5o/7/7/7/7/7/o5x x 0 1", "3", 6460),
        ("o6/7/7/7/3----/3----/o2--1x x 0 1", "5", 376),
        ("x5o/7/7/7/7/7/o5x x 98 1", "3", 3896),
    ] {
        let out = perft_diff(&["--fen", fen, "--depth", depth, "--json"], &[]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(report["agree"], true);
        assert_eq!(report["nodes"], nodes);
    }
}

#[test]
fn a_missing_move_is_found_where_the_clone_onto_d4_first_appears() {
    // From the start, x's first piece next to d4 comes with the jump g1e3; o's first move
    // in our order, b1, leaves it there.
    let found = difference(&["--depth", "3"], &["--bug", "missing-move"]);
    assert_found(
        &found,
        "x5o/7/7/7/4x2/7/oo5 x 0 2",
        &["g1e3", "b1"],
        &["d4"],
        &[],
    );
}

#[test]
fn an_extra_move_onto_a_blocker_is_found_where_a_piece_first_touches_one() {
    let found = difference(
        &["--fen", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", "--depth", "3"],
        &["--bug", "extra-move"],
    );
    // f2 touches the blocker e3, which only their generator lets x clone onto.
    assert_found(
        &found,
        "x5o/7/2-1-2/7/2-1-2/5x1/oo4x x 0 2",
        &["f2", "b1"],
        &[],
        &["e3"],
    );
}

#[test]
fn a_wrong_flip_is_found_at_the_position_after_it() {
    // x jumps a1c3 next to o's b2, to its south-west, which their generator leaves to o:
    // in the position after the jump o has moves from b2 in theirs only.
    let found = difference(
        &["--fen", "6o/7/7/7/7/1o5/x6 o 0 1", "--depth", "3"],
        &["--bug", "wrong-flip"],
    );
    assert_found(
        &found,
        "6o/7/7/7/2x4/1x5/2o4 o 1 2",
        &["c1", "a1c3"],
        &[],
        &[
            "a1", "a2", "a3", "b3", "b2d1", "b2d2", "b2d3", "b2a4", "b2b4", "b2c4", "b2d4",
        ],
    );
}

#[test]
fn a_missing_pass_is_found_where_the_mover_is_first_walled_in() {
    // x's only move, f1, fills its walled corner; after any o move x must pass.
    let found = difference(
        &["--fen", "o6/7/7/7/3----/3----/o2--1x x 0 1", "--depth", "3"],
        &["--bug", "wrong-pass"],
    );
    assert_found(
        &found,
        "o6/7/7/7/3----/3----/oo1--xx x 0 2",
        &["f1", "b1"],
        &["0000"],
        &[],
    );
}

#[test]
fn a_game_that_does_not_end_at_the_100_ply_clock_is_found_at_ply_100() {
    // Two jumps take the clock from 98 to 100: the game is over for us, not for them.
    let found = difference(
        &["--fen", "x5o/7/7/7/7/7/o5x x 98 1", "--depth", "3"],
        &["--bug", "wrong-game-end"],
    );
    let only_theirs =
        "d1 f1 d2 e2 f2 a6 b6 b7 e1g1 e1c2 e1g2 e1c3 e1d3 e1e3 e1f3 e1g3 a7a5 a7b5 a7c5 a7c6 a7c7";
    let only_theirs: Vec<&str> = only_theirs.split(' ').collect();
    assert_found(
        &found,
        "x5o/7/7/7/7/7/2o1x2 x 100 2",
        &["g1e1", "a1c1"],
        &[],
        &only_theirs,
    );
}

#[test]
fn a_move_listed_twice_is_reported_where_it_first_appears() {
    let found = difference(&["--depth", "3"], &["--bug", "duplicate-move"]);
    assert_found(
        &found,
        "x5o/7/7/7/4x2/7/oo5 x 0 2",
        &["g1e3", "b1"],
        &[],
        &[],
    );
    assert_eq!(words(&found["duplicates"]), ["d4"]);
}

#[test]
fn a_generator_that_does_not_play_the_moves_it_is_given_is_caught_by_its_own_counts() {
    // It ignores MOVES: one level down it divides the root again, whose moves add up to 256,
    // not the 490 it counted for g1e3 itself.
    let found = difference(&["--depth", "3"], &["--bug", "missing-move,ignore-moves"]);
    assert_eq!(found["depth"], 2);
    assert_eq!(words(&found["path"]), ["g1e3"]);
    let notes = found["notes"].to_string();
    assert!(
        notes.contains(
            "their count for g1e3 one level up was 490, but here their moves add up to 256"
        ),
        "{notes}"
    );
}

#[test]
fn the_uai_dialects_find_the_same_difference() {
    for dialect in ["zataxx", "tiktaxx"] {
        let found = difference(
            &["--depth", "3", "--dialect", dialect],
            &["--uai", dialect, "--bug", "missing-move"],
        );
        assert_found(
            &found,
            "x5o/7/7/7/4x2/7/oo5 x 0 2",
            &["g1e3", "b1"],
            &["d4"],
            &[],
        );
    }
    // The generic dialect, given Zataxx's lines by hand.
    let found = difference(
        &[
            "--depth",
            "3",
            "--dialect",
            "uai",
            "--command",
            "perftsplit {depth}",
            "--move-line",
            "{move}: {count}",
            "--total-line",
            "Total: {count}",
        ],
        &["--uai", "zataxx", "--bug", "missing-move"],
    );
    assert_eq!(words(&found["path"]), ["g1e3", "b1"]);
}

#[test]
fn the_text_report_names_the_position_the_path_and_both_sides_moves() {
    let out = perft_diff(&["--depth", "3"], &["--bug", "missing-move"]);
    assert_eq!(out.status.code(), Some(3));
    let text = String::from_utf8_lossy(&out.stdout);
    for line in [
        "depth 3 at x5o/7/7/7/7/7/o5x x 0 1: ours 6460, theirs 6428; through g1e3 (ours 506, theirs 490)",
        "fen x5o/7/7/7/4x2/7/oo5 x 0 2",
        "path g1e3 b1",
        "only ours (1): d4",
        "only theirs (0): -",
    ] {
        assert!(text.lines().any(|l| l == line), "{line:?} not in\n{text}");
    }
}

/// The planted bugs that the start position cannot show at depth 4, one per rule the
/// suite is there for, each with the suite position that shows it, the path from that
/// position to the first difference, and the moves only we list and only they list there.
/// A planted bug: its name, the suite position, the path, only ours, only theirs.
type SuiteBug = (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
);

const SUITE_BUGS: [SuiteBug; 11] = [
    (
        "extra-move",
        "blockers",
        &[],
        &[],
        &["f1", "g2", "a6", "b7"],
    ),
    ("jump-onto-blocker", "blockers", &[], &[], &["g1e2", "a7c6"]),
    (
        "blocked-jump",
        "blockers",
        &[],
        &["g1e1", "g1f3", "g1g3", "a7a5", "a7b5", "a7c7"],
        &[],
    ),
    (
        "corner-flip",
        "edges",
        &["b1", "f1", "a6"],
        &[],
        &["b6", "b7"],
    ),
    ("wrong-pass", "forced-pass", &[], &["0000"], &[]),
    (
        "stuck-no-end",
        "no-moves",
        &["b1", "0000", "c1"],
        &[],
        &["0000"],
    ),
    (
        "no-stones-no-end",
        "no-stones",
        &["c2", "d2"],
        &[],
        &["0000"],
    ),
    (
        "wrong-game-end",
        "clock-99",
        &["d2c4"],
        &[],
        &["e3", "e4", "f4d2", "f4d3", "f4d4"],
    ),
    (
        "clock-101",
        "clock-99",
        &["d2c4"],
        &[],
        &["e3", "e4", "f4d2", "f4d3", "f4d4"],
    ),
    (
        "clone-keeps-clock",
        "clock-99",
        &["c3"],
        &["e3", "c4", "d4", "e4", "f4d3", "f4d4", "d5d3", "d5e3"],
        &[],
    ),
    (
        "capture-resets-clock",
        "clock-99",
        &["d2c4"],
        &[],
        &["e3", "e4", "f4d2", "f4d3", "f4d4"],
    ),
];

#[test]
fn the_default_suite_finds_every_planted_rule_bug_that_the_start_position_cannot_show() {
    // Each run is the default comparison at depth 4: the start position first, where the
    // bug must not show (it agrees), then the suite up to the position that shows it.
    let began = Instant::now();
    // Two runs at a time (CI has two cores; the Python generator takes about 2 s of CPU for
    // the start position and the suite).
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut reports: Vec<(usize, serde_json::Value)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some((bug, ..)) = SUITE_BUGS.get(i) else {
                            return done;
                        };
                        done.push((i, differing_report(&["--depth", "4"], &["--bug", bug])));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    reports.sort_by_key(|(i, _)| *i);
    let reports: Vec<serde_json::Value> = reports.into_iter().map(|(_, r)| r).collect();
    for ((bug, position, path, only_ours, only_theirs), report) in SUITE_BUGS.iter().zip(&reports) {
        let suite = report["suite"].as_array().expect("the positions compared");
        assert_eq!(suite[0]["name"], "start", "{bug}: {report}");
        assert_eq!(
            suite[0]["agree"], true,
            "{bug}: seen from the start: {report}"
        );
        assert_eq!(suite[0]["nodes"], 155_888, "{bug}");
        assert_eq!(report["position"], *position, "{bug}: {report}");
        assert_eq!(suite.last().unwrap()["name"], *position, "{bug}");
        let found = &report["difference"];
        assert_eq!(words(&found["path"]), *path, "{bug}: {found}");
        assert_eq!(words(&found["only_ours"]), *only_ours, "{bug}: {found}");
        assert_eq!(words(&found["only_theirs"]), *only_theirs, "{bug}: {found}");
    }
    eprintln!(
        "{} planted bugs found by the suite in {:?}",
        SUITE_BUGS.len(),
        began.elapsed()
    );
}

#[test]
fn the_suite_is_listed_named_in_the_text_report_and_agrees_with_a_correct_generator() {
    let out = boardgame(&["perft-diff", "ataxx", "--suite"]);
    assert!(out.status.success());
    let listing = String::from_utf8_lossy(&out.stdout);
    assert!(
        listing.contains(
            "forced-pass depth 1  -------/-------/-------/---2--/---1---/oo-----/xo----- x 0 1"
        ),
        "{listing}"
    );
    let out = boardgame(&["perft-diff", "ataxx", "--suite", "--json"]);
    let names: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["name"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(names.len(), 10, "{names:?}");
    assert_eq!(names[0], "blockers");
    // Depth 2 is too shallow for five positions, which the last line says.
    let out = perft_diff(&["--depth", "2"], &[]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 13, "{text}");
    assert_eq!(
        lines[0],
        "agree: perft 2 = 256 from x5o/7/7/7/7/7/o5x x 0 1"
    );
    assert_eq!(
        lines[4],
        "agree: perft 2 = 2 from ------o/-------/-------/-------/-------/-------/x2---- x 0 1 (suite 4/10 no-moves)"
    );
    assert_eq!(
        lines[11],
        "agree: the start position and the 10 positions of the suite at depth 2 (perft-diff ataxx --suite lists them)"
    );
    assert_eq!(
        lines[12],
        "note: depth 2 does not reach the rule of 5 suite positions (the depth each needs: \
         no-moves 4, full-board 3, clock-98 3, clock-97 4, clock-96 5)"
    );
    // The text report names the suite position before the walk down from it.
    let out = perft_diff(&["--depth", "2"], &["--bug", "no-stones-no-end"]);
    assert_eq!(out.status.code(), Some(3));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines().any(|l| l.starts_with(
            "suite position 6/10 no-stones differs: -------/-------/--3--/--1o1--/--1x1--/--2o--/------- x 0 1 (the end when"
        )),
        "{text}"
    );
    // --no-suite compares the start position only.
    let out = perft_diff(
        &["--depth", "2", "--no-suite"],
        &["--bug", "no-stones-no-end"],
    );
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "agree: perft 2 = 256 from x5o/7/7/7/7/7/o5x x 0 1\n"
    );
}

/// Runs a broken generator and returns its message, checking exit status 1, a short
/// message and a prompt end.
fn failure(options: &[&str], generator: &[&str], limit: Duration) -> String {
    let began = Instant::now();
    let out = perft_diff(options, generator);
    let took = began.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(took < limit, "took {took:?}: {stderr}");
    assert!(stderr.len() < 400, "{} bytes: {stderr}", stderr.len());
    assert!(out.stdout.is_empty());
    stderr
}

#[test]
fn broken_scripts_end_the_comparison_with_a_short_message() {
    let quick = Duration::from_secs(20);
    for (how, expected) in [
        ("crash", "ended with exit status 3"),
        ("malformed", "\"g2 lots\" (the count is not a whole number)"),
        ("bad-move", "\"z9 14\" (not an Ataxx move"),
        ("no-total", "printed no total"),
        (
            "huge",
            "a line longer than 4096 bytes (10000004 bytes or more)",
        ),
    ] {
        let message = failure(&["--depth", "3"], &["--fail", how], quick);
        assert!(message.contains(expected), "{how}: {message}");
    }
    let message = failure(&["--depth", "3"], &["--fail", "crash"], quick);
    assert!(
        message.contains("planted crash"),
        "the end of its standard error: {message}"
    );
}

#[test]
fn a_silent_generator_is_given_up_at_the_timeout() {
    let message = failure(
        &["--depth", "3", "--timeout", "1"],
        &["--fail", "silent"],
        Duration::from_secs(15),
    );
    assert!(message.contains("no complete answer in time"), "{message}");
    let message = failure(
        &["--depth", "3", "--timeout", "1", "--dialect", "zataxx"],
        &["--uai", "zataxx", "--fail", "silent"],
        Duration::from_secs(15),
    );
    assert!(message.contains("\"perftsplit 3\""), "{message}");
}

#[test]
fn broken_engines_end_the_comparison_with_a_short_message() {
    let quick = Duration::from_secs(20);
    let message = failure(
        &["--depth", "3", "--dialect", "zataxx"],
        &["--uai", "zataxx", "--fail", "crash"],
        quick,
    );
    assert!(
        message.contains("ended with exit status 3") && message.contains("planted crash"),
        "{message}"
    );
    let message = failure(
        &["--depth", "3", "--dialect", "tiktaxx"],
        &["--uai", "tiktaxx", "--fail", "huge"],
        quick,
    );
    assert!(message.contains("longer than 4096 bytes"), "{message}");
    let out = boardgame(&[
        "perft-diff",
        "ataxx",
        "--depth",
        "2",
        "--",
        "/nonexistent/generator",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot start"));
}

#[test]
fn bad_options_are_usage_errors() {
    for args in [
        &["perft-diff", "ataxx", "--depth", "0", "--", "x"][..],
        &["perft-diff", "ataxx", "--depth", "3"],
        &[
            "perft-diff",
            "ataxx",
            "--depth",
            "3",
            "--dialect",
            "uai",
            "--",
            "x",
        ],
        &[
            "perft-diff",
            "ataxx",
            "--depth",
            "3",
            "--move-line",
            "{move}{count}",
            "--",
            "x",
        ],
        &[
            "perft-diff",
            "ataxx",
            "--depth",
            "3",
            "--timeout",
            "0",
            "--",
            "x",
        ],
        &[
            "perft-diff",
            "ataxx",
            "--depth",
            "3",
            "--command",
            "divide",
            "--",
            "x",
        ],
    ] {
        let out = boardgame(args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = boardgame(&[
        "perft-diff",
        "ataxx",
        "--depth",
        "3",
        "--fen",
        "bad",
        "--",
        "x",
    ]);
    assert_eq!(out.status.code(), Some(1));
}
