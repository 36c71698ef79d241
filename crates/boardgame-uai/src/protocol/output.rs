//! Lines to standard output, and whether anyone still reads them.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Raised once a write to standard output has failed (its reader is gone).
static CLOSED: AtomicBool = AtomicBool::new(false);

/// Whether standard output is known to be closed.
pub(crate) fn output_closed() -> bool {
    CLOSED.load(Ordering::Relaxed)
}

/// Writes one line to stdout (never with `\r`). A failed write marks the output closed:
/// the protocol loop then stops whatever runs and exits.
pub(crate) fn say(line: &str) {
    debug_assert!(!line.contains('\r'));
    let mut out = io::stdout().lock();
    if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
        CLOSED.store(true, Ordering::Relaxed);
    }
}

/// An `info string` line. The text never contains the word `bestmove` (runners look for
/// it at the start of a line, but some scan whole lines) nor a line break.
pub(crate) fn info_string(text: &str) {
    let text = text
        .replace(['\r', '\n'], " ")
        .replace("bestmove", "best-move");
    say(&format!("info string {text}"));
}
