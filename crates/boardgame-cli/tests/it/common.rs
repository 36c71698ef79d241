//! Helpers shared by the test modules.

use std::process::{Command, Output};

/// Runs the `boardgame` binary with `args` and waits for it.
pub(crate) fn boardgame(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardgame"))
        .args(args)
        .output()
        .expect("the binary runs")
}
