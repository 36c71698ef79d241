//! Planted bypasses of boardgame-io's mechanisms: every line marked `// planted` makes a call
//! that clippy.toml refuses, written the ways issue 52's tester hid them from a text scan
//! (a space before the parenthesis, a renamed import, a call split over lines, a `"http://"`
//! string before a call, a `/* { */` in a test module, a module file named `tests.rs`).
//!
//! Never part of a build but for the check: `scripts/planted-bypass.sh` compiles it into the
//! CLI (`BOARDGAME_PLANTED_BYPASS=1`, see the CLI's build.rs) and requires clippy to name
//! every planted line; `tests/it/bypass.rs` requires the same of the text scan.
#![cfg_attr(rustfmt, rustfmt::skip)]
#![allow(dead_code, unused, reason = "planted calls, never run")]
#![allow(clippy::all, reason = "only the disallowed-method and -type lints are looked for")]
#![warn(clippy::disallowed_methods, clippy::disallowed_types)]

use std::io::{BufRead, Read, Write};
use std::fs::read as slurp;
use std::sync::mpsc::channel;

mod tests;

fn a(p: &std::path::Path) -> Vec<u8> { std::fs::read (p).unwrap() } // planted: a space before the parenthesis
fn b(p: &std::path::Path) -> Vec<u8> { slurp(p).unwrap() } // planted: a renamed import
fn c(p: &std::path::Path) { std::fs::copy(p, "/dev/sda").unwrap(); } // planted: fs::copy
fn d(p: &std::path::Path) { let mut f = std::fs::File::options().write(true).open(p).unwrap(); f.write_all(b"x").unwrap(); } // planted: File::options
fn e() -> Vec<String> { std::io::stdin().lock().lines().map(|l| l.unwrap()).collect() } // planted: lines of standard input
fn f() -> String { let mut s = String::new(); std::io::stdin().read_line(&mut s).unwrap(); s } // planted: read_line
fn g(p: &std::path::Path) { let mut w = std::fs::OpenOptions::new().append(true).open(p).unwrap(); std::io::copy(&mut std::io::stdin(), &mut w).unwrap(); } // planted: OpenOptions and io::copy
fn h() { let (s, r) = channel::<String>(); drop((s, r)); } // planted: an unbounded channel through an import
fn i(p: &std::path::Path) { std::fs::remove_dir_all(p).unwrap(); } // planted: remove_dir_all
fn j(p: &std::path::Path) { let _ = ("http://x", std::fs::File::create(p)); } // planted: "http://" before File::create
fn k(p: &std::path::Path) { std::os::unix::fs::symlink("/etc/passwd", p).unwrap(); std::fs::hard_link(p, "/tmp/x").unwrap(); } // planted: symlink and hard_link
fn m(p: &std::path::Path) -> String { let mut s = String::new(); std::fs::File::open(p).unwrap().read_to_string (&mut s).unwrap(); s } // planted: File::open and read_to_string
fn n(p: &std::path::Path) { std::process::Command::new(p).spawn().unwrap(); } // planted: process::Command
fn o(p: &std::path::Path) -> std::io::Result<Vec<u8>> { let mut v = vec![]; std::fs::File::open // planted: File::open split over two lines
    (p)?.read_to_end(&mut v)?; Ok(v) }
fn o2(p: &std::path::Path) -> std::io::Result<()> { std::fs::File:: // planted: File::create split after ::
    create(p)?; Ok(()) }
fn q(p: &std::path::Path) -> std::io::Result<String> { std::fs::read_to_string(p) } // planted: fs::read_to_string
fn r(p: &std::path::Path) -> std::io::Result<String> { std::io::read_to_string(std::io::stdin()) } // planted: io::read_to_string
fn s(p: &std::path::Path) { std::fs::remove_file(p).unwrap(); std::fs::rename(p, "/dev/null").unwrap(); } // planted: remove_file and rename
fn t() -> Option<std::io::Result<String>> { std::io::stdin().lines().next() } // planted: Stdin::lines
#[cfg(test)]
mod hidden {
    /* { */
    fn in_a_test_module(p: &std::path::Path) { std::fs::write(p, b"x").unwrap(); } // planted: in a test module after `/* { */`
}
fn after_hidden(p: &std::path::Path) { std::fs::write(p, b"gone").unwrap(); } // planted: after the test module
