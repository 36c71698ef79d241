//! The committed conformance vectors (`vectors/` at the top of the repository): each set is
//! regenerated here, byte for byte, by the command docs/vectors.md gives, and checked
//! against the library, so they cannot drift from the rules; the checker names the first
//! line that disagrees.

use std::path::PathBuf;
use std::time::Instant;

use crate::common::{Scratch, boardgame};

/// Every committed set of states with their moves: game, preset, records.
const SETS: [(&str, &str, u32); 13] = [
    ("ataxx", "default", 100),
    ("ataxx", "no-clock", 100),
    ("thax", "classic", 200),
    ("thax", "thax-out", 200),
    ("thax", "thax-out-limited", 200),
    ("thax", "n-of-n", 200),
    ("thax", "with-sums", 200),
    ("parchis", "default", 200),
    ("parchis", "spanish", 200),
    ("parchis", "glparchis", 200),
    ("co-ca-ngua", "default", 200),
    ("co-ca-ngua", "plain", 200),
    ("co-ca-ngua", "traditional", 200),
];

/// Every committed set of another kind (format version 2), under the game's default rules:
/// game, kind (also the file's name).
const DATA: [(&str, &str); 9] = [
    ("ataxx", "refusals"),
    ("thax", "refusals"),
    ("parchis", "refusals"),
    ("co-ca-ngua", "refusals"),
    ("ataxx", "perft"),
    ("ataxx", "perft-diff-suite"),
    ("thax", "chance-perft"),
    ("parchis", "chance-perft"),
    ("co-ca-ngua", "chance-perft"),
];

fn committed(game: &str, preset: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../vectors")
        .join(game)
        .join(format!("{preset}.jsonl"))
}

#[test]
fn the_committed_vectors_are_regenerated_byte_for_byte_and_agree_with_the_library() {
    let began = Instant::now();
    let mut bytes = 0;
    for (game, preset, count) in SETS {
        let path = committed(game, preset);
        let file = boardgame_io::read::read_bounded(&path, 1 << 28)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        bytes += file.len();
        let count = count.to_string();
        let out = boardgame(&["vectors", game, "--preset", preset, "--count", &count]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stdout == file,
            "{} differs from `boardgame vectors {game} --preset {preset} --count {count}`: \
             regenerate it (docs/vectors.md) if the rules changed on purpose",
            path.display()
        );
        let out = boardgame(&["vectors", "--check", path.to_str().unwrap()]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(bytes < 4 << 20, "{bytes} bytes of vectors: keep them small");
    eprintln!(
        "13 vector sets regenerated and checked in {:?}",
        began.elapsed()
    );
}

#[test]
fn the_committed_refusals_and_perft_data_are_regenerated_byte_for_byte_and_agree_with_the_library()
{
    let began = Instant::now();
    for (game, kind) in DATA {
        let path = committed(game, kind);
        let file = boardgame_io::read::read_bounded(&path, 1 << 28)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let out = boardgame(&["vectors", game, "--kind", kind]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stdout == file,
            "{} differs from `boardgame vectors {game} --kind {kind}`: regenerate it \
             (docs/vectors.md) if the rules changed on purpose",
            path.display()
        );
        let out = boardgame(&["vectors", "--check", path.to_str().unwrap()]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // The perft table's counts, as the ataxx crate's own test data has them.
    let text = boardgame_io::scratch::read_text(committed("ataxx", "perft"));
    let start: serde_json::Value = serde_json::from_str(text.lines().nth(3).unwrap()).unwrap();
    assert_eq!(start["state"], "x5o/7/7/7/7/7/o5x x 0 1");
    let nodes: Vec<u64> = start["perft"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["nodes"].as_u64().unwrap())
        .collect();
    assert_eq!(nodes, [16, 256, 6460, 155_888, 4_752_668]);
    eprintln!(
        "{} refusal and perft data sets regenerated and checked in {:?}",
        DATA.len(),
        began.elapsed()
    );
}

#[test]
fn the_checker_reads_format_version_1_and_names_a_wrong_perft_count() {
    let dir = Scratch::new("vectors-versions");
    // A version 1 file: the same records, a header without "kind".
    let text = boardgame_io::scratch::read_text(committed("thax", "classic"));
    let old = text.replacen("\"version\":2,\"kind\":\"moves\",", "\"version\":1,", 1);
    assert_ne!(old, text);
    let path = dir.join("v1.jsonl");
    boardgame_io::scratch::write(&path, old);
    let out = boardgame(&["vectors", "--check", path.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A wrong count of captures at depth 3 of the suite's sixth position (no-stones).
    let text = boardgame_io::scratch::read_text(committed("ataxx", "perft-diff-suite"));
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let mut record: serde_json::Value = serde_json::from_str(&lines[6]).unwrap();
    let captures = record["perft"][2]["captures"].as_u64().unwrap();
    record["perft"][2]["captures"] = (captures + 1).into();
    lines[6] = record.to_string();
    let path = dir.join("suite.jsonl");
    boardgame_io::scratch::write(&path, lines.join("\n") + "\n");
    let message = check_fails(&path);
    assert!(message.contains("line 7: depth 3:"), "{message}");
    // A refusal that the library does not make: a legal move listed as illegal, and a
    // refused state with another category of error.
    let refusals = boardgame_io::scratch::read_text(committed("ataxx", "refusals"));
    let mut lines: Vec<String> = refusals.lines().map(str::to_owned).collect();
    let i = lines
        .iter()
        .position(|l| l.contains("\"rule\":\"pass-while-moves-exist\""))
        .unwrap();
    let mut record: serde_json::Value = serde_json::from_str(&lines[i]).unwrap();
    record["move"] = "a6".into();
    record["state"] = "x5o/7/7/7/7/7/o5x x 0 1".into();
    lines[i] = record.to_string();
    let path = dir.join("legal.jsonl");
    boardgame_io::scratch::write(&path, lines.join("\n") + "\n");
    let message = check_fails(&path);
    assert!(
        message.contains(&format!("line {}: \"a6\" is legal here", i + 1)),
        "{message}"
    );
    let path = dir.join("category.jsonl");
    boardgame_io::scratch::write(
        &path,
        refusals.replacen("\"error\":\"range\"", "\"error\":\"syntax\"", 1),
    );
    assert!(
        check_fails(&path).contains("error \"syntax\", the library's are half-move-clock range")
    );
    // A kind the checker does not know.
    let path = dir.join("kind.jsonl");
    boardgame_io::scratch::write(
        &path,
        text.replacen("\"kind\":\"perft-diff-suite\"", "\"kind\":\"perfect\"", 1),
    );
    assert!(check_fails(&path).contains("line 1: unknown kind \"perfect\""));
    // A suite position that is not in the suite.
    let path = dir.join("not-suite.jsonl");
    boardgame_io::scratch::write(
        &path,
        text.replacen("\"name\":\"blockers\"", "\"name\":\"blocks\"", 1),
    );
    assert!(check_fails(&path).contains("line 2:"));
}

#[test]
fn each_rare_case_is_in_the_sets_of_the_rules_that_have_it() {
    let header = |game: &str, preset: &str| -> serde_json::Value {
        let text = boardgame_io::scratch::read_text(committed(game, preset));
        serde_json::from_str(text.lines().next().unwrap()).unwrap()
    };
    for (game, preset, cases) in [
        (
            "ataxx",
            "default",
            &[
                "blockers",
                "pass",
                "clock-99",
                "over-clock",
                "over-no-pieces",
                "over-no-moves",
            ][..],
        ),
        ("ataxx", "no-clock", &["clock-100"]),
        (
            "thax",
            "classic",
            &[
                "double-six",
                "half-thax",
                "doubles",
                "forced-pass",
                "turn-limit",
            ],
        ),
        ("thax", "thax-out-limited", &["pot", "dead-draw"]),
        (
            "parchis",
            "default",
            &[
                "barrier",
                "triple-six",
                "exit",
                "bonus-20",
                "bonus-10",
                "forced-pass",
            ],
        ),
        ("parchis", "spanish", &["barrier", "triple-six"]),
        (
            "co-ca-ngua",
            "default",
            &[
                "exit",
                "shortcut",
                "triple-six",
                "six-as-seven",
                "forced-pass",
                "draw",
            ],
        ),
        ("co-ca-ngua", "traditional", &["exit", "lane"]),
    ] {
        let header = header(game, preset);
        for case in cases {
            let n = header["cases"][case].as_u64().unwrap_or(0);
            assert!(n > 0, "{game} {preset}: no record of {case}");
        }
    }
    // Rules without a case have no record of it.
    assert_eq!(header("co-ca-ngua", "plain")["cases"]["shortcut"], 0);
    assert_eq!(header("ataxx", "no-clock")["cases"]["over-clock"], 0);
}

/// A copy of a committed set with `edit` applied to its text, in `dir` as `NAME.jsonl`.
fn edited(dir: &Scratch, name: &str, edit: impl FnOnce(String) -> String) -> PathBuf {
    let text = boardgame_io::scratch::read_text(committed("ataxx", "default"));
    let path = dir.join(format!("{name}.jsonl"));
    boardgame_io::scratch::write(&path, edit(text));
    path
}

fn check_fails(path: &std::path::Path) -> String {
    let out = boardgame(&["vectors", "--check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let message = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(message.len() < 400, "{message}");
    message
}

#[test]
fn the_checker_names_the_first_line_that_disagrees() {
    let dir = Scratch::new("vectors-edited");
    // A wrong state after a move on line 3 (the second record).
    let path = edited(&dir, "after", |text| {
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        let record: serde_json::Value = serde_json::from_str(&lines[2]).unwrap();
        let after = record["moves"][0][1].as_str().unwrap().to_owned();
        let wrong = after.replacen(" x ", " o ", 1).replacen(" o 0", " x 0", 1);
        assert_ne!(after, wrong);
        lines[2] = lines[2].replacen(&after, &wrong, 1);
        lines.join("\n") + "\n"
    });
    let message = check_fails(&path);
    assert!(message.contains("line 3: state after"), "{message}");
    // A missing move.
    let path = edited(&dir, "missing", |text| {
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        let mut record: serde_json::Value = serde_json::from_str(&lines[5]).unwrap();
        record["moves"].as_array_mut().unwrap().pop();
        lines[5] = record.to_string();
        lines.join("\n") + "\n"
    });
    let message = check_fails(&path);
    assert!(
        message.contains("line 6:") && message.contains("moves, the library has"),
        "{message}"
    );
    // Another version of the format, and not JSON.
    let path = edited(&dir, "version", |text| {
        text.replacen("\"version\":2", "\"version\":3", 1)
    });
    assert!(check_fails(&path).contains("format version 3; this checker reads versions 1 to 2"));
    let path = edited(&dir, "json", |text| text + "{not json\n");
    assert!(check_fails(&path).contains("line 102: not a JSON object"));
    let path = edited(&dir, "huge", |text| text + &"x".repeat(3 << 20) + "\n");
    assert!(check_fails(&path).contains("longer than"));
    let path = edited(&dir, "short", |text| {
        let lines: Vec<&str> = text.lines().collect();
        lines[..lines.len() - 1].join("\n") + "\n"
    });
    assert!(check_fails(&path).contains("the header announces 100 records, the file has 99"));
    let path = edited(&dir, "setting", |text| {
        text.replacen("\"ply_clock\":\"true\"", "\"ply_clock\":\"maybe\"", 1)
    });
    assert!(check_fails(&path).contains("line 1:"));
    let out = boardgame(&["vectors", "--check", "/dev/null"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn vectors_go_to_a_file_through_the_save_module() {
    let dir = Scratch::new("vectors-output");
    let path = dir.join("out.jsonl");
    let out = boardgame(&[
        "vectors",
        "thax",
        "--count",
        "5",
        "--games",
        "3",
        "--output",
        path.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("5 records from 3 games"));
    let text = boardgame_io::scratch::read_text(&path);
    assert_eq!(text.lines().count(), 6, "a header and five records");
    let checked = boardgame(&["vectors", "--check", path.to_str().unwrap()]);
    assert!(checked.status.success());
    let refused = boardgame(&["vectors", "thax", "--count", "5", "--output", "/dev/null"]);
    assert_eq!(refused.status.code(), Some(1));
}
