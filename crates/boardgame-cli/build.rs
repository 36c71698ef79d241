//! Embeds the web playground (`crates/boardgame-web/www/**`, with the wasm that
//! `scripts/build-web.sh` writes to `www/pkg/` when it has been run) into the binary: writes
//! `$OUT_DIR/web_assets.rs`, a table of URL paths and `include_bytes!` of each file. A clone
//! without the wasm built still compiles; `boardgame web` then says how to build it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn files(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        let hidden = path
            .file_name()
            .and_then(|n| n.to_str())
            .is_none_or(|n| n.starts_with('.'));
        if hidden {
            continue;
        }
        if path.is_dir() {
            files(&path, found);
        } else {
            found.push(path);
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let www = manifest.join("../boardgame-web/www");
    // A directory is watched recursively, so building www/pkg/ reruns this script.
    println!("cargo:rerun-if-changed={}", www.display());
    let mut found = Vec::new();
    files(&www, &mut found);
    let mut table = String::from("&[\n");
    for path in &found {
        let relative = path.strip_prefix(&www).expect("under www");
        let url: Vec<&str> = relative
            .components()
            .filter_map(|c| c.as_os_str().to_str())
            .collect();
        let absolute = path.canonicalize().expect("a file found just now");
        writeln!(
            table,
            "    ({:?}, include_bytes!({:?})),",
            format!("/{}", url.join("/")),
            absolute.display().to_string()
        )
        .expect("writing to a string");
    }
    table.push(']');
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo")).join("web_assets.rs");
    std::fs::write(out, table).expect("OUT_DIR is writable");
}
