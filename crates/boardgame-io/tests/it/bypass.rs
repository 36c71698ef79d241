//! The workspace's sources use this crate's mechanisms, not their own: a scan of every `.rs`
//! file of `crates/` and `benches/` (not `fuzz/`, not `target/`) fails on a call that writes
//! or reads a file, quotes a user's text, or makes an unbounded channel anywhere but here.
//!
//! Test code is not scanned: files under `tests/`, files named `tests.rs`, and `#[cfg(test)]`
//! modules (from the attribute to the module's closing brace). What remains must use
//! `boardgame_io`, or be on [`ALLOWED`] with the reason.

use std::path::{Path, PathBuf};

/// A class of hazard: the text that betrays a bypass, and the mechanism to use instead.
struct Class {
    name: &'static str,
    patterns: &'static [&'static str],
    instead: &'static str,
}

const CLASSES: &[Class] = &[
    Class {
        name: "writing a file",
        patterns: &[
            "File::create",
            "fs::write",
            "rename(",
            "OpenOptions",
            "set_len(",
            "create_dir",
            "remove_file(",
        ],
        instead: "boardgame_io::write (replace, Replacement, Appender, Stream)",
    },
    Class {
        name: "reading a file",
        patterns: &[
            "File::open",
            "fs::read(",
            "fs::read_to_string",
            "read_to_string(",
            "read_to_end(",
        ],
        instead: "boardgame_io::read (open_regular, read_bounded, read_text_bounded)",
    },
    Class {
        name: "quoting a user's text",
        patterns: &["fn quote", "fn short_", "fn truncate_"],
        instead: "boardgame_io::quote / quote_bytes / clip",
    },
    Class {
        name: "an unbounded queue of input",
        patterns: &["mpsc::channel(", "mpsc::channel::<"],
        instead: "boardgame_io::lines::spawn_reader (a bounded sync_channel)",
    },
];

/// Files (or folders, ending in `/`) allowed to do what a class forbids (`*`: every class),
/// on lines that contain a given text (empty: any line), and why. Paths are relative to the
/// workspace root.
const ALLOWED: &[(&str, &str, &str, &str)] = &[
    (
        "crates/boardgame-io/src/",
        "*",
        "",
        "the mechanisms themselves",
    ),
    (
        "crates/boardgame-cli/build.rs",
        "*",
        "",
        "a build script: reads the crate's own web-assets.txt and writes into cargo's OUT_DIR, no path of a user's",
    ),
    (
        "crates/parchis/examples/rollrate.rs",
        "reading a file",
        "/proc/thread-self/schedstat",
        "a developer's example reading the kernel's /proc/thread-self/schedstat, a fixed path",
    ),
    (
        "benches/examples/ataxx_race.rs",
        "reading a file",
        "/proc/thread-self/schedstat",
        "a developer's benchmark reading the kernel's /proc/thread-self/schedstat, a fixed path",
    ),
    (
        "crates/boardgame-cli/src/perft_diff/child.rs",
        "quoting a user's text",
        "fn short_name(",
        "a command's name made of its words' last path components, then quoted by boardgame_io::quote",
    ),
    (
        "crates/boardgame-py/src/args.rs",
        "quoting a user's text",
        "fn quoted(",
        "boardgame_io::quote under the Python crate's name for it (it returns the Quoted)",
    ),
    (
        "crates/boardgame-py/src/lib.rs",
        "quoting a user's text",
        "fn quote_text(",
        "boardgame_io::quote exposed to the package's Python code as _quote, so Python quotes the same way",
    ),
];

/// The workspace's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// Every `.rs` file under `dir`, but `target/`, `fuzz/` and hidden folders.
fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "target" || name == "fuzz" {
            continue;
        }
        if path.is_dir() {
            sources(&path, found);
        } else if name.ends_with(".rs") {
            found.push(path);
        }
    }
}

/// Whether `relative` is test code as a whole (a test folder or a `tests.rs` module).
fn is_test_file(relative: &str) -> bool {
    relative.contains("/tests/") || relative.ends_with("/tests.rs")
}

/// `text` without its `#[cfg(test)]` modules: from the attribute to the closing brace of the
/// `mod … {` after it (an attribute before `mod x;` removes that line only; an attribute
/// before anything else removes the item's first line). Braces are counted outside string
/// and character literals, roughly: an unbalanced count removes the rest of the file.
fn without_test_modules(text: &str) -> String {
    let mut kept = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "#[cfg(test)]" {
            kept.push_str(line);
            kept.push('\n');
            continue;
        }
        let Some(item) = lines.next() else {
            break;
        };
        if !(item.contains("mod ") && item.trim_end().ends_with('{')) {
            continue;
        }
        let mut depth = braces(item);
        while depth > 0 {
            let Some(inner) = lines.next() else {
                break;
            };
            depth += braces(inner);
        }
        // The lines of the module are dropped; line numbers of what follows shift, which
        // only matters for the messages.
    }
    kept
}

/// Opening minus closing braces of `line`, outside `"…"` strings, `'…'` characters and
/// `//` comments.
fn braces(line: &str) -> i64 {
    let mut depth = 0;
    let mut in_string = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if in_string => {
                chars.next();
            }
            '"' => in_string = !in_string,
            '\'' if !in_string => {
                // A character literal such as '{' (a lifetime has no closing quote soon).
                let ahead: String = chars.clone().take(3).collect();
                if ahead.chars().nth(1) == Some('\'') {
                    chars.next();
                    chars.next();
                }
            }
            '/' if !in_string && chars.peek() == Some(&'/') => break,
            '{' if !in_string => depth += 1,
            '}' if !in_string => depth -= 1,
            _ => {}
        }
    }
    depth
}

/// The bypasses in `text` (of the file at `relative`): class, line, text.
fn bypasses(relative: &str, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    if is_test_file(relative) {
        return found;
    }
    let code = without_test_modules(text);
    for class in CLASSES {
        let allowed = |line: &str| {
            ALLOWED.iter().any(|(path, what, on, _)| {
                (relative == *path || (path.ends_with('/') && relative.starts_with(path)))
                    && (*what == "*" || *what == class.name)
                    && line.contains(on)
            })
        };
        for (number, line) in code.lines().enumerate() {
            let code_part = line.split("//").next().unwrap_or_default();
            if let Some(pattern) = class.patterns.iter().find(|p| code_part.contains(*p))
                && !allowed(line)
            {
                found.push(format!(
                    "{relative}:{}: {} ({pattern}) outside boardgame-io: use {}\n    {}",
                    number + 1,
                    class.name,
                    class.instead,
                    line.trim()
                ));
            }
        }
    }
    found
}

#[test]
fn no_source_writes_reads_quotes_or_queues_input_but_through_boardgame_io() {
    let root = root();
    let mut files = Vec::new();
    sources(&root.join("crates"), &mut files);
    sources(&root.join("benches"), &mut files);
    assert!(files.len() > 100, "only {} sources found", files.len());
    let mut found = Vec::new();
    for path in &files {
        let relative = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(path).unwrap();
        found.extend(bypasses(&relative, &text));
    }
    assert!(
        found.is_empty(),
        "{} bypasses of boardgame-io:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn every_allowed_entry_exists_and_says_why() {
    let root = root();
    for (path, what, _, why) in ALLOWED {
        assert!(root.join(path).exists(), "{path} is allowed but not there");
        assert!(
            *what == "*" || CLASSES.iter().any(|c| c.name == *what),
            "{path}: no class {what:?}"
        );
        assert!(why.len() > 20, "{path}: say why");
    }
}

#[test]
fn the_scan_finds_each_class_and_skips_test_code() {
    let code = r#"
use std::fs::File;
fn save(path: &Path) {
    let file = File::create(path).unwrap(); // a writer of its own
    let text = std::fs::read_to_string(path).unwrap();
}
fn quote_prefix(text: &str) -> String { text.into() }
fn reader() { let (send, receive) = std::sync::mpsc::channel(); }

#[cfg(test)]
mod tests {
    fn fixture() {
        let braces = "{ '{' }";
        std::fs::write("fixture", braces).unwrap();
    }
}

fn after_the_tests() { std::fs::rename("a", "b").unwrap(); }
"#;
    let found = bypasses("crates/x/src/lib.rs", code);
    let classes: Vec<&str> = CLASSES
        .iter()
        .map(|c| c.name)
        .filter(|name| found.iter().any(|f| f.contains(name)))
        .collect();
    assert_eq!(classes.len(), CLASSES.len(), "{found:#?}");
    assert!(found.iter().any(|f| f.contains("rename(")), "{found:#?}");
    assert!(!found.iter().any(|f| f.contains("fixture")), "{found:#?}");
    assert!(bypasses("crates/x/tests/it/main.rs", code).is_empty());
    assert!(bypasses("crates/boardgame-io/src/write.rs", code).is_empty());
    assert!(!bypasses("crates/boardgame-cli/src/main.rs", code).is_empty());
}
