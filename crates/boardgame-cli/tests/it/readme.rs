//! The README's captured outputs: every command shown in a ```text block (a line `$ …`) still
//! runs and prints what the README shows, counts included, timings and speeds aside.
//! `scripts/readme-captures.py` regenerates the blocks; its notes describe their form (a
//! `...` line marks an excerpt, a line in parentheses is prose). A block with a line
//! `# not checked: <why>` (a command that needs something CI lacks, such as an engine built
//! outside the repository) is left to its authors, here and by the script.

use boardgame_io::process::Command;
use std::path::{Path, PathBuf};

use crate::common::Scratch;

/// The README's capture blocks: each a list of (command, shown output) pairs.
fn capture_blocks() -> Vec<Vec<(String, Vec<String>)>> {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "..", "..", "README.md"]
        .iter()
        .collect();
    let text = boardgame_io::scratch::read_text(&path);
    let mut blocks = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "```text" {
            continue;
        }
        let mut block: Vec<(String, Vec<String>)> = Vec::new();
        let mut checked = true;
        for line in lines.by_ref() {
            if line.trim() == "```" {
                break;
            }
            if line.starts_with("# not checked") {
                checked = false;
            }
            if line.starts_with("# captured ") {
                continue;
            }
            if let Some(command) = line.strip_prefix("$ ") {
                block.push((command.to_string(), Vec::new()));
            } else if let Some((_, shown)) = block.last_mut() {
                shown.push(line.to_string());
            }
        }
        for (_, shown) in &mut block {
            while shown.last().is_some_and(String::is_empty) {
                shown.pop();
            }
        }
        if checked && !block.is_empty() {
            blocks.push(block);
        }
    }
    blocks
}

/// The line with its timings and speeds replaced by `T`: seconds, leaves per second, the
/// `speed:` line of `simulate`.
fn without_timings(line: &str) -> String {
    if line.starts_with("speed: ") {
        return "speed: T".to_string();
    }
    let mut out = String::new();
    let words: Vec<&str> = line.split(' ').collect();
    for (i, word) in words.iter().enumerate() {
        let next = words.get(i + 1).copied().unwrap_or("");
        let number = !word.is_empty()
            && word
                .trim_start_matches('(')
                .chars()
                .all(|c| c.is_ascii_digit() || c == '.');
        let timing = number
            && (next == "s" || next.starts_with("s,") || next.starts_with("s)") || next == "M");
        if i > 0 {
            out.push(' ');
        }
        if timing {
            out.push_str(if word.starts_with('(') { "(T" } else { "T" });
        } else {
            out.push_str(word);
        }
    }
    out
}

/// Runs `command` with `sh -c` in `dir`, with the test's `boardgame` first on PATH.
fn run(command: &str, dir: &Path) -> Vec<String> {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_boardgame"));
    let path = std::env::join_paths(std::iter::once(bin.parent().unwrap().to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let output = Command::new("sh")
        .args(["-c", command])
        .current_dir(dir)
        .env("PATH", path)
        .output(crate::common::PATIENCE)
        .unwrap();
    assert!(
        output.status.success(),
        "README command `{command}` failed: {}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Asserts that `actual` shows what `shown` shows, as the README cuts it.
fn assert_shows(command: &str, shown: &[String], actual: &[String]) {
    let actual: Vec<String> = actual.iter().map(|l| without_timings(l)).collect();
    let shown: Vec<String> = shown.iter().map(|l| without_timings(l)).collect();
    if !shown.iter().any(|l| l == "...") {
        assert_eq!(
            actual, shown,
            "README command `{command}` prints something else"
        );
        return;
    }
    // An excerpt: its first part at the top, each later part somewhere after the one before.
    let mut at = 0;
    for (k, part) in shown.split(|l| l == "...").enumerate() {
        if part.is_empty() {
            continue;
        }
        let found = if k == 0 {
            Some(0)
        } else {
            (at..actual.len()).find(|&n| actual[n..].starts_with(part))
        };
        let Some(found) = found.filter(|&n| actual[n..].starts_with(part)) else {
            panic!(
                "README command `{command}`: the part {part:#?} is not in its output:\n{}",
                actual.join("\n")
            );
        };
        at = found + part.len();
    }
}

#[test]
fn every_readme_command_prints_what_the_readme_shows() {
    let blocks = capture_blocks();
    assert!(
        blocks.len() >= 3,
        "the README's capture blocks: {blocks:#?}"
    );
    let dir = Scratch::new("readme");
    let mut commands = 0;
    for block in &blocks {
        let mut first: Option<Vec<String>> = None;
        for (command, shown) in block {
            let actual = run(command, dir.path());
            commands += 1;
            match shown.as_slice() {
                // `(the same summary as the first run, but for the speed line)`
                [prose] if prose.starts_with('(') && prose.contains("as the first run") => {
                    let first = first.as_ref().expect("a first run in the block");
                    assert_shows(command, first, &actual);
                }
                [prose] if prose.starts_with('(') => {}
                _ => assert_shows(command, shown, &actual),
            }
            first.get_or_insert(actual);
        }
    }
    assert!(commands >= 8, "{commands} commands");
}

#[test]
fn timings_are_masked_and_counts_are_not() {
    assert_eq!(
        without_timings(
            "perft 7: 5023479496 nodes in 0.662 s, method fast, 1 thread (7583.3 M leaves/s, leaves counted)"
        ),
        "perft 7: 5023479496 nodes in T s, method fast, 1 thread (T M leaves/s, leaves counted)"
    );
    assert_eq!(
        without_timings("speed: 685945 games/s, 27383677 plies/s (0.146 s on 2 threads)"),
        "speed: T"
    );
    assert_eq!(
        without_timings("chance perft 4: 31365 leaves, 10638 decision edges in 0.003 s"),
        "chance perft 4: 31365 leaves, 10638 decision edges in T s"
    );
}
