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

/// The most error lines written in one second: a client that floods the engine with junk
/// while it does not read standard output fills the pipe only after minutes, so the engine
/// does not block on its answers and still reads `quit`.
pub(crate) const ERRORS_PER_SECOND: u32 = 20;

/// The errors of the current second: when it began, how many were written, how many not.
static ERRORS: std::sync::Mutex<Option<(std::time::Instant, u32, u64)>> =
    std::sync::Mutex::new(None);

/// An `info string error: …` line, unless [`ERRORS_PER_SECOND`] were written in the last
/// second: then it is only counted, and the next error written after that second says how
/// many were not.
pub(crate) fn info_error(text: &str) {
    let now = std::time::Instant::now();
    let hidden = {
        let mut errors = ERRORS
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let (began, shown, hidden) = errors.get_or_insert((now, 0, 0));
        if now.duration_since(*began) >= std::time::Duration::from_secs(1) {
            *began = now;
            *shown = 0;
        }
        if *shown >= ERRORS_PER_SECOND {
            *hidden += 1;
            return;
        }
        *shown += 1;
        std::mem::take(hidden)
    };
    if hidden > 0 {
        info_string(&format!(
            "error: {text} ({hidden} more errors before it were not shown: at most {ERRORS_PER_SECOND} a second)"
        ));
    } else {
        info_string(&format!("error: {text}"));
    }
}
