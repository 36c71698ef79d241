//! Helpers shared by the test modules.

use std::process::{Command, Output, Stdio};

/// Runs the `boardgame` binary with `args` and waits for it.
pub(crate) fn boardgame(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardgame"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs `command` with its standard output closed before it writes anything.
pub(crate) fn with_closed_stdout(command: &mut Command) -> Output {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.wait_with_output().unwrap()
}

pub(crate) use boardgame_io::scratch::Scratch;
