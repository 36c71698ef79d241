//! The second net behind clippy.toml: a scan of every `.rs` file of `crates/` and `benches/`
//! (not `fuzz/`, not `target/`; test code included) for a call that writes, reads or removes a
//! file, reads lines, makes an unbounded channel, starts a program or quotes a user's text
//! anywhere but in boardgame-io's mechanisms.
//!
//! The compiler is the enforcement (`disallowed-methods` and `disallowed-types`, checked by
//! clippy, and `scripts/planted-bypass.sh` in CI); this scan is text, so it reads the code as
//! the compiler would see its words: comments and string literals are blanked (a `/* { */` or
//! a `"http://…"` hides nothing), whitespace is ignored (a call split over lines or written
//! `read (p)` is one call), and a name imported from a forbidden path (`use std::fs::read as
//! slurp`, `use std::sync::mpsc::channel`) is forbidden under its new name. It is tested on
//! the same planted file as clippy (`crates/boardgame-io/tests/planted/`): every planted line
//! must be found.

use std::path::{Path, PathBuf};

/// A class of hazard: the forbidden calls (as they end, without whitespace), and the
/// mechanism to use instead.
struct Class {
    name: &'static str,
    patterns: &'static [&'static str],
    instead: &'static str,
}

const CLASSES: &[Class] = &[
    Class {
        name: "writing a file",
        patterns: &[
            "File::create(",
            "File::create_new(",
            "File::options(",
            "OpenOptions",
            "fs::write(",
            "fs::copy(",
            "fs::rename(",
            "fs::hard_link(",
            "fs::symlink(",
            "io::copy(",
        ],
        instead: "boardgame_io::write (replace, Replacement, Appender, Stream)",
    },
    Class {
        name: "removing a file",
        patterns: &["fs::remove_file(", "fs::remove_dir(", "fs::remove_dir_all("],
        instead: "boardgame_io::write (its own temporary files) or boardgame_io::scratch::Scratch",
    },
    Class {
        name: "reading a file",
        patterns: &[
            "File::open(",
            "fs::read(",
            "fs::read_to_string(",
            "io::read_to_string(",
            ".read_to_string(",
        ],
        instead: "boardgame_io::read (open_regular, read_bounded, read_text_bounded)",
    },
    Class {
        name: "reading lines",
        patterns: &[".read_line(", "stdin().lines(", ".lock().lines("],
        instead: "boardgame_io::lines (read_line, spawn_reader)",
    },
    Class {
        name: "an unbounded queue",
        patterns: &["mpsc::channel(", "mpsc::channel::<"],
        instead: "std::sync::mpsc::sync_channel, or boardgame_io::lines::spawn_reader",
    },
    Class {
        name: "starting a program",
        // And `Command::new(` where `Command` is imported from `std::process` (see `imported`).
        patterns: &["std::process::Command"],
        instead: "boardgame_io::process::Command",
    },
    Class {
        name: "quoting a user's text",
        patterns: &["fnquote", "fnshort_", "fntruncate_"],
        instead: "boardgame_io::quote / quote_bytes / clip",
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
        "crates/boardgame-io/tests/planted/",
        "*",
        "",
        "the planted bypasses that clippy and this scan must find (a fixture, never built but by scripts/planted-bypass.sh)",
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

/// `text` with its comments (`//…`, nested `/* … */`) and the contents of its string and
/// character literals (raw strings too) replaced by spaces; line breaks are kept, so line
/// numbers stay.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
        } else if c == 'r'
            && matches!(next, Some('"' | '#'))
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'))
        {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            out.push('"');
            for _ in i + 1..=j {
                out.push(' ');
            }
            i = j + 1;
            while i < chars.len() {
                if chars[i] == '"' && (1..=hashes).all(|k| chars.get(i + k) == Some(&'#')) {
                    out.push('"');
                    out.extend(std::iter::repeat_n(' ', hashes));
                    i += 1 + hashes;
                    break;
                }
                out.push(blank(chars[i]));
                i += 1;
            }
        } else if c == '"' {
            out.push('"');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < chars.len() {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
            out.push('"');
            i += 1;
        } else if c == '\'' {
            // A character literal ('{', '\n', '\u{7b}'); a lifetime has no closing quote.
            let close = if next == Some('\\') {
                (i + 2..chars.len().min(i + 12)).find(|&k| chars[k] == '\'')
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match close {
                Some(end) => {
                    out.push('\'');
                    out.extend(std::iter::repeat_n(' ', end - i - 1));
                    out.push('\'');
                    i = end + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The code without whitespace, and for each of its characters the line (from 1) it is on.
fn compact(code: &str) -> (Vec<char>, Vec<usize>) {
    let mut chars = Vec::new();
    let mut lines = Vec::new();
    let mut line = 1;
    for c in code.chars() {
        if c == '\n' {
            line += 1;
        } else if !c.is_whitespace() {
            chars.push(c);
            lines.push(line);
        }
    }
    (chars, lines)
}

/// The names under which `code` imports a forbidden function or `std::process::Command`
/// (`use std::fs::read as slurp;` gives `slurp(`, `use std::sync::mpsc::{self, channel};`
/// gives `channel(`, `use std::process::{Command, Stdio};` gives `Command::new(`): one pattern
/// per name, with the class it falls in.
fn imported(code: &str) -> Vec<(String, &'static str)> {
    let words = code.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut found = Vec::new();
    for statement in words.split(';') {
        let Some(at) = statement.find("use ") else {
            continue;
        };
        if at > 0 && !statement[..at].ends_with([' ', '}', '{']) {
            continue;
        }
        let path = statement[at + 4..].trim();
        // `a::b::{c, d as e}` or `a::b::c as d`: each imported item with its full path.
        let items: Vec<String> = match path.split_once('{') {
            Some((base, rest)) => rest
                .trim_end_matches('}')
                .split(',')
                .map(str::trim)
                .filter(|item| !item.is_empty())
                .map(|item| format!("{}{item}", base.replace(' ', "")))
                .collect(),
            None => vec![path.to_owned()],
        };
        for item in items {
            let (full, name) = match item.split_once(" as ") {
                Some((full, alias)) => (full.replace(' ', ""), alias.trim().to_owned()),
                None => {
                    let full = item.replace(' ', "");
                    let name = full.rsplit("::").next().unwrap_or_default().to_owned();
                    (full, name)
                }
            };
            if full == "std::process::Command" {
                found.push((format!("{name}::new("), "starting a program"));
            }
            let call = format!("{full}(");
            for class in CLASSES {
                if class
                    .patterns
                    .iter()
                    .any(|p| p.ends_with('(') && p.contains("::") && call.ends_with(p))
                {
                    found.push((format!("{name}("), class.name));
                    found.push((format!("{name}::<"), class.name));
                }
            }
        }
    }
    found
}

/// The bypasses in `text` (of the file at `relative`): `(line, message)`, by line.
fn bypasses(relative: &str, text: &str) -> Vec<(usize, String)> {
    let code = code_only(text);
    let (chars, lines) = compact(&code);
    let compacted: String = chars.iter().collect();
    let mut byte_to_char = vec![0; compacted.len() + 1];
    for (index, (at, _)) in compacted.char_indices().enumerate() {
        byte_to_char[at] = index;
    }
    // (pattern, class, whether it is an imported name that must stand on its own)
    let mut patterns: Vec<(String, &str, bool)> = Vec::new();
    for class in CLASSES {
        patterns.extend(
            class
                .patterns
                .iter()
                .map(|p| ((*p).to_owned(), class.name, false)),
        );
    }
    patterns.extend(imported(&code).into_iter().map(|(p, c)| (p, c, true)));
    let source_lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (pattern, class_name, own_name) in &patterns {
        let class = CLASSES.iter().find(|c| c.name == *class_name).unwrap();
        for (at, _) in compacted.match_indices(pattern.as_str()) {
            // An imported name on its own: not the end of a longer name (`sync_channel(` for
            // `channel(`), a method (`.read(`) or another path's item (`io::process::Command`).
            let before = compacted[..at].chars().next_back();
            if *own_name
                && before.is_some_and(|b| b.is_alphanumeric() || b == '_' || b == '.' || b == ':')
            {
                continue;
            }
            let line = lines[byte_to_char[at]];
            let shown = source_lines.get(line - 1).copied().unwrap_or_default();
            let allowed = ALLOWED.iter().any(|(path, what, on, _)| {
                (relative == *path || (path.ends_with('/') && relative.starts_with(path)))
                    && (*what == "*" || *what == class.name)
                    && shown.contains(on)
            });
            if !allowed {
                found.push((
                    line,
                    format!(
                        "{relative}:{line}: {} ({pattern}) outside boardgame-io: use {}\n    {}",
                        class.name,
                        class.instead,
                        shown.trim()
                    ),
                ));
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

fn read(path: &Path) -> String {
    boardgame_io::read::read_text_bounded(path, 4 << 20).unwrap()
}

#[test]
fn no_source_writes_reads_starts_or_queues_but_through_boardgame_io() {
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
        found.extend(bypasses(&relative, &read(path)).into_iter().map(|(_, m)| m));
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

/// Issue 52: the scan found 2 of 25 planted bypasses. Every line of the planted files
/// marked `// planted:` must be found now (as if the files were a front end's).
#[test]
fn the_scan_finds_every_planted_bypass() {
    let planted = root().join("crates/boardgame-io/tests/planted");
    let mut checked = 0;
    for name in ["bypass.rs", "tests.rs"] {
        let text = read(&planted.join(name));
        let relative = format!("crates/boardgame-cli/src/{name}");
        let found = bypasses(&relative, &text);
        for (number, line) in text.lines().enumerate() {
            if line.contains("// planted:") {
                checked += 1;
                assert!(
                    found.iter().any(|(l, _)| *l == number + 1),
                    "{name}:{}: not found: {line}\nfound: {found:#?}",
                    number + 1
                );
            }
        }
    }
    assert!(checked >= 20, "{checked} planted lines");
}

#[test]
fn the_scan_ignores_comments_strings_and_other_names() {
    let code = r##"
// std::fs::write("x", b"") in a comment
/* File::open(p) */
fn f() {
    let text = "boardgame_io::read::read_bounded(std::path::Path::new(&p), 1 << 28) and Command::new(x)";
    let raw = r#"mpsc::channel()"#;
    let (send, receive) = std::sync::mpsc::sync_channel::<u8>(1);
    let words: Vec<&str> = text.lines().collect();
    let brace = '{';
    file.read(&mut buffer);
}
"##;
    assert_eq!(bypasses("crates/x/src/lib.rs", code), Vec::new());
    let code = "use std::fs::read;\nfn f() { read(p); }\nfn quote_prefix() {}\n\
                use std::process::{Command, Stdio};\nfn g() { Command::new(x); }\n\
                fn h() { boardgame_io::process::Command::new(x); }\n";
    let found = bypasses("crates/x/src/lib.rs", code);
    assert_eq!(
        found.iter().map(|(l, _)| *l).collect::<Vec<_>>(),
        vec![2, 3, 5],
        "{found:#?}"
    );
    assert!(bypasses("crates/boardgame-io/src/write.rs", code).is_empty());
}
