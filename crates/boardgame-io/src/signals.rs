//! SIGINT, SIGTERM and SIGHUP end a run cleanly (the `signals` feature): the temporary files
//! of the outputs being written ([`crate::write::Replacement`], [`crate::write::Stream`]) are
//! removed, the process groups of the children ([`crate::process::Child`]) are killed, one
//! line on standard error says what was removed, and the program then ends by the same
//! signal (so that a shell or a batch scheduler sees it was interrupted).
//!
//! A binary calls [`install`] first thing in `main`. A library never does: a Python process
//! handles its own signals (SIGINT is `KeyboardInterrupt`, and the outputs' `Drop` removes
//! their temporary files).
//!
//! SIGKILL cannot be handled: what a killed run left is found by the next run that writes
//! the same output ([`crate::write::Replacement::create`] removes the temporary files no live
//! process holds, and says so).
//!
//! The handling is [signal-hook](https://docs.rs/signal-hook)'s: its signal handler only
//! writes to a pipe, and the work (removing files, killing groups) runs on a thread of its
//! own, where it may take locks and allocate; and it can end the program by the same signal
//! afterwards (`emulate_default_handler`).

use std::io;
use std::sync::OnceLock;

/// The signals handled.
#[cfg(unix)]
const HANDLED: [i32; 3] = [
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
];

/// Starts handling SIGINT, SIGTERM and SIGHUP (see the module). A signal the process was
/// started with ignored stays ignored (a background job of a non-interactive shell ignores
/// SIGINT, `nohup` ignores SIGHUP). Calling it again does nothing more.
///
/// # Errors
/// The handlers or their thread cannot be set up.
pub fn install() -> io::Result<()> {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    if INSTALLED.get().is_some() {
        return Ok(());
    }
    #[cfg(unix)]
    {
        let ignored = ignored();
        let handled: Vec<i32> = HANDLED
            .into_iter()
            .filter(|&signal| ignored & (1 << (signal - 1)) == 0)
            .collect();
        let mut signals = signal_hook::iterator::Signals::new(handled)?;
        std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    end_on(signal);
                }
            })?;
    }
    let _ = INSTALLED.set(());
    Ok(())
}

/// The signals this process ignores: Linux's `SigIgn` mask of `/proc/self/status` (bit N - 1
/// for signal N); none where it cannot be read.
#[cfg(unix)]
fn ignored() -> u64 {
    crate::read::read_text_bounded(std::path::Path::new("/proc/self/status"), 1 << 16)
        .ok()
        .and_then(|status| {
            let mask = status.lines().find_map(|l| l.strip_prefix("SigIgn:"))?;
            u64::from_str_radix(mask.trim(), 16).ok()
        })
        .unwrap_or(0)
}

/// Cleans up after `signal` and ends the program by it.
#[cfg(unix)]
fn end_on(signal: i32) -> ! {
    let removed = crate::write::abandon_temporaries();
    #[cfg(feature = "process")]
    let groups = crate::process::kill_every_group();
    #[cfg(not(feature = "process"))]
    let groups: Vec<u32> = Vec::new();
    let name = match signal {
        signal_hook::consts::SIGINT => "SIGINT",
        signal_hook::consts::SIGTERM => "SIGTERM",
        _ => "SIGHUP",
    };
    let mut message = format!("interrupted by {name}");
    if !removed.is_empty() {
        let names: Vec<String> = removed.iter().map(|path| crate::quote_path(path)).collect();
        message += &format!(
            "; removed the unfinished output{} {}",
            if names.len() == 1 { "" } else { "s" },
            names.join(", ")
        );
    }
    if !groups.is_empty() {
        message += &format!(
            "; ended {} child process group{}",
            groups.len(),
            if groups.len() == 1 { "" } else { "s" }
        );
    }
    eprintln!("{message}");
    let _ = signal_hook::low_level::emulate_default_handler(signal);
    // The default action of these three signals ends the process; should it not have:
    std::process::exit(128 + signal);
}
