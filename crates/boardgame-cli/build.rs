//! Embeds the web playground into the binary: the files of `crates/boardgame-web/www/`
//! listed in `web-assets.txt` (with the wasm that `scripts/build-web.sh` writes to
//! `www/pkg/`, when it has been run). Writes `$OUT_DIR/web_assets.rs`, a table of URL paths
//! and `include_bytes!` of each file. Only listed files are embedded, so an untracked file
//! left in `www/` never ships; a listed file that is missing (the wasm not built, or a
//! packaged crate without `www/`) is left out, and `boardgame web` then says how to build
//! it.
//!
//! Also: `BOARDGAME_PLANTED_BYPASS=1` sets the cfg `boardgame_planted_bypass`, which compiles
//! boardgame-io's planted bypasses into the binary (`scripts/planted-bypass.sh`: clippy must
//! name each of their lines).

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(boardgame_planted_bypass)");
    println!("cargo::rerun-if-env-changed=BOARDGAME_PLANTED_BYPASS");
    if std::env::var_os("BOARDGAME_PLANTED_BYPASS").is_some_and(|v| !v.is_empty()) {
        println!("cargo::rustc-cfg=boardgame_planted_bypass");
    }
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let list = manifest.join("web-assets.txt");
    // A published package carries the page in its own `www/` (scripts/package-web-into-cli.sh);
    // a clone of the repository has it in the web crate.
    let packaged = manifest.join("www");
    let www = if packaged.is_dir() {
        packaged
    } else {
        manifest.join("../boardgame-web/www")
    };
    println!("cargo:rerun-if-changed={}", list.display());
    // A directory is watched recursively, so building www/pkg/ reruns this script. (A
    // missing path would rerun it at every build, so only an existing www/ is watched.)
    if www.is_dir() {
        println!("cargo:rerun-if-changed={}", www.display());
    }
    let list = boardgame_io::read::read_text_bounded(&list, 1 << 20)
        .expect("web-assets.txt is in the crate");
    let mut table = String::from("&[\n");
    for line in list.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let relative = line.strip_prefix('?').unwrap_or(line);
        assert!(
            !relative
                .split('/')
                .any(|part| part == ".." || part.is_empty()),
            "web-assets.txt: {relative:?} is not a plain path under www/"
        );
        let Ok(absolute) = www.join(relative).canonicalize() else {
            continue;
        };
        writeln!(
            table,
            "    ({:?}, include_bytes!({:?})),",
            format!("/{relative}"),
            absolute.display().to_string()
        )
        .expect("writing to a string");
    }
    table.push(']');
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo")).join("web_assets.rs");
    boardgame_io::write::replace(&out, table.as_bytes()).expect("OUT_DIR is writable");
}
