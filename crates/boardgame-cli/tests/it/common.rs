//! Helpers shared by the test modules.

use std::process::{Output, Stdio};
use std::time::Duration;

use boardgame_io::process::Command;

/// A hang guard for one run of the binary (not a timing check): far longer than any takes.
pub(crate) const PATIENCE: Duration = Duration::from_secs(600);

/// The program under test: this build, or the one named by `BOARDGAME_UNDER_TEST` (to check
/// that a test fails on a build from before its fix).
pub(crate) fn binary() -> Command {
    Command::new(
        std::env::var_os("BOARDGAME_UNDER_TEST")
            .unwrap_or_else(|| env!("CARGO_BIN_EXE_boardgame").into()),
    )
}

/// Runs the `boardgame` binary with `args` and waits for it.
pub(crate) fn boardgame(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardgame"))
        .args(args)
        .output(PATIENCE)
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
    child.wait_with_output(PATIENCE).unwrap()
}

pub(crate) use boardgame_io::scratch::Scratch;

/// The next line of `lines` (a child's output), or a failed test if none comes within
/// [`PATIENCE`] or the output ends.
pub(crate) fn next_line(lines: &boardgame_io::process::Lines) -> String {
    match lines.next_within(PATIENCE) {
        Ok(Some(boardgame_io::lines::Line::Text(line))) => line,
        other => panic!("no line from the child: {other:?}"),
    }
}
