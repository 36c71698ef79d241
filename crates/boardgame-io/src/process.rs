//! Running another program, the one way every binary and test of the workspace does it (the
//! `process` feature):
//!
//! - [`Command`] starts the program in a **process group of its own**, so that a wrapper
//!   script and whatever it starts (an engine behind `sh` without `exec`) are one group;
//! - [`Child`] reads its output with a **deadline and a cap** ([`Child::lines`]: bounded lines
//!   through a bounded queue, each waited for until a deadline; [`Child::wait_with_output`]:
//!   at most a stated number of bytes, within a stated time);
//! - the **whole group is killed and reaped when the run ends**: when the leader is seen to
//!   have ended, when the [`Child`] is dropped (success or error), and on SIGINT, SIGTERM or
//!   SIGHUP once [`crate::signals::install`] was called (a binary's `main` does).
//!
//! A program killed with SIGKILL cannot clean up: its children then see their input close.
//!
//! ```
//! use std::time::Duration;
//! use boardgame_io::process::Command;
//! let output = Command::new("sh")
//!     .args(["-c", "echo made by a child"])
//!     .output(Duration::from_secs(10))
//!     .unwrap();
//! assert_eq!(output.stdout, b"made by a child\n");
//! let error = Command::new("sleep").arg("60").output(Duration::from_millis(100)).unwrap_err();
//! assert_eq!(error.kind(), std::io::ErrorKind::TimedOut);
//! ```

#![expect(
    clippy::disallowed_types,
    clippy::disallowed_methods,
    reason = "the child-process mechanism itself: the one place that starts programs"
)]

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::{ChildStderr, ChildStdin, ChildStdout, ExitStatus, Output, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use crate::lines::{Line, spawn_reader};

/// The most bytes of standard output and of standard error [`Command::output`] keeps; more
/// is an error.
pub const MAX_OUTPUT: usize = 256 << 20;

/// How long the group gets to end after SIGTERM before SIGKILL.
const GRACE: Duration = Duration::from_millis(200);

/// How often a wait looks at the child again.
const POLL: Duration = Duration::from_millis(5);

/// The process groups of the children alive, by a number of their own: what a signal ends.
static GROUPS: Mutex<BTreeMap<u64, u32>> = Mutex::new(BTreeMap::new());

fn groups() -> MutexGuard<'static, BTreeMap<u64, u32>> {
    GROUPS.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Kills every process group of a live [`Child`] (SIGKILL), for a program that is about to
/// end on a signal: the ids of the groups.
#[cfg(feature = "signals")]
pub(crate) fn kill_every_group() -> Vec<u32> {
    let groups = groups();
    for &group in groups.values() {
        let _ = signal_group(group, Signal::Kill);
    }
    groups.values().copied().collect()
}

/// A signal sent to a child.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Signal {
    /// SIGINT, as Ctrl-C in a terminal.
    Interrupt,
    /// SIGTERM.
    Terminate,
    /// SIGKILL.
    Kill,
}

#[cfg(unix)]
fn rustix_signal(signal: Signal) -> rustix::process::Signal {
    match signal {
        Signal::Interrupt => rustix::process::Signal::INT,
        Signal::Terminate => rustix::process::Signal::TERM,
        Signal::Kill => rustix::process::Signal::KILL,
    }
}

#[cfg(unix)]
fn pid_of(id: u32) -> io::Result<rustix::process::Pid> {
    i32::try_from(id)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a process id"))
}

/// Sends `signal` to every process of the group `group`.
#[cfg(unix)]
fn signal_group(group: u32, signal: Signal) -> io::Result<()> {
    rustix::process::kill_process_group(pid_of(group)?, rustix_signal(signal)).map_err(Into::into)
}

#[cfg(not(unix))]
fn signal_group(_: u32, _: Signal) -> io::Result<()> {
    Ok(())
}

/// A program to start: [`std::process::Command`]'s builder, but the program always gets a
/// process group of its own, and what it starts is a [`Child`] that ends with its group.
#[derive(Debug)]
pub struct Command {
    inner: std::process::Command,
}

impl Command {
    /// The program `program` (looked up in `PATH` if it has no `/`), with no arguments.
    pub fn new(program: impl AsRef<OsStr>) -> Command {
        let mut inner = std::process::Command::new(program);
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            inner.process_group(0);
        }
        Command { inner }
    }

    /// Adds an argument.
    pub fn arg(&mut self, arg: impl AsRef<OsStr>) -> &mut Command {
        self.inner.arg(arg);
        self
    }

    /// Adds arguments.
    pub fn args<I, S>(&mut self, args: I) -> &mut Command
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.inner.args(args);
        self
    }

    /// Sets an environment variable of the program.
    pub fn env(&mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> &mut Command {
        self.inner.env(key, value);
        self
    }

    /// Removes an environment variable of the program.
    pub fn env_remove(&mut self, key: impl AsRef<OsStr>) -> &mut Command {
        self.inner.env_remove(key);
        self
    }

    /// Starts the program with no environment variable but those set after this.
    pub fn env_clear(&mut self) -> &mut Command {
        self.inner.env_clear();
        self
    }

    /// The program's working directory.
    pub fn current_dir(&mut self, dir: impl AsRef<Path>) -> &mut Command {
        self.inner.current_dir(dir);
        self
    }

    /// The program's standard input (inherited unless set).
    pub fn stdin(&mut self, stdio: impl Into<Stdio>) -> &mut Command {
        self.inner.stdin(stdio);
        self
    }

    /// The program's standard output (inherited unless set).
    pub fn stdout(&mut self, stdio: impl Into<Stdio>) -> &mut Command {
        self.inner.stdout(stdio);
        self
    }

    /// The program's standard error (inherited unless set).
    pub fn stderr(&mut self, stdio: impl Into<Stdio>) -> &mut Command {
        self.inner.stderr(stdio);
        self
    }

    /// The program, as given to [`Command::new`].
    #[must_use]
    pub fn program(&self) -> &OsStr {
        self.inner.get_program()
    }

    /// Starts the program in a process group of its own.
    ///
    /// # Errors
    /// The program cannot be started (missing, not executable).
    pub fn spawn(&mut self) -> io::Result<Child> {
        // The group is registered before a signal could miss it: the registry's lock is held
        // from the start to the registration.
        let mut groups = groups();
        let mut process = self.inner.spawn()?;
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let key = NEXT.fetch_add(1, Ordering::Relaxed);
        groups.insert(key, process.id());
        drop(groups);
        Ok(Child {
            stdin: process.stdin.take(),
            stdout: process.stdout.take(),
            stderr: process.stderr.take(),
            process,
            key: Some(key),
            status: None,
        })
    }

    /// Runs the program to its end with nothing on its standard input, within `within`, and
    /// returns its status and output (at most [`MAX_OUTPUT`] bytes of each).
    ///
    /// # Errors
    /// The program cannot be started; it did not end within `within` (`TimedOut`: its group
    /// is then killed); it wrote more than [`MAX_OUTPUT`] bytes.
    pub fn output(&mut self, within: Duration) -> io::Result<Output> {
        self.output_with_input(&[], within)
    }

    /// [`output`](Command::output), with `input` written to the program's standard input
    /// (then closed).
    ///
    /// # Errors
    /// What [`output`](Command::output) gives.
    pub fn output_with_input(&mut self, input: &[u8], within: Duration) -> io::Result<Output> {
        let mut child = self
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        if let Some(mut stdin) = child.stdin.take() {
            let input = input.to_vec();
            std::thread::spawn(move || {
                // A program that ends without reading its input is not an error here.
                let _ = stdin.write_all(&input);
            });
        }
        child.wait_with_output(within)
    }

    /// Runs the program to its end within `within`, its standard streams as set (inherited
    /// by default), and returns its status.
    ///
    /// # Errors
    /// The program cannot be started, or did not end within `within` (`TimedOut`).
    pub fn status(&mut self, within: Duration) -> io::Result<ExitStatus> {
        let mut child = self.spawn()?;
        child.wait_within(within)
    }
}

/// A running program started by [`Command::spawn`], the leader of a process group of its
/// own. Dropped, it kills the group (SIGTERM, then SIGKILL) and reaps the program.
#[derive(Debug)]
pub struct Child {
    /// Its standard input, if piped.
    pub stdin: Option<ChildStdin>,
    /// Its standard output, if piped and not taken by [`Child::lines`].
    pub stdout: Option<ChildStdout>,
    /// Its standard error, if piped and not taken by [`Child::keep_stderr_tail`].
    pub stderr: Option<ChildStderr>,
    process: std::process::Child,
    /// Its entry in the registry of live groups, until the group is ended.
    key: Option<u64>,
    /// How it ended, once reaped.
    status: Option<ExitStatus>,
}

impl Child {
    /// The program's process id (also its group's id).
    #[must_use]
    pub fn id(&self) -> u32 {
        self.process.id()
    }

    /// Sends `signal` to the program itself (not its group).
    ///
    /// # Errors
    /// It has ended and was reaped, or the signal cannot be sent.
    pub fn signal(&self, signal: Signal) -> io::Result<()> {
        if self.status.is_some() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "the program has ended",
            ));
        }
        #[cfg(unix)]
        {
            rustix::process::kill_process(pid_of(self.id())?, rustix_signal(signal))
                .map_err(Into::into)
        }
        #[cfg(not(unix))]
        {
            let _ = signal;
            Err(io::Error::new(
                io::ErrorKind::Unsupported,
                "signals are for Unix",
            ))
        }
    }

    /// How the program ended, if it has: then the rest of its group is killed, and it is
    /// reaped.
    ///
    /// # Errors
    /// Its status cannot be read.
    pub fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        if let Some(status) = self.status {
            return Ok(Some(status));
        }
        if !self.leader_ended()? {
            return Ok(None);
        }
        // The leader is a zombie, so its id (the group's) is not reused: the rest of the
        // group (a wrapper's engine) is killed before the leader is reaped.
        self.end_group(Signal::Kill);
        let status = self.process.wait()?;
        self.status = Some(status);
        Ok(Some(status))
    }

    /// Whether the leader has ended (without reaping it, where the system allows).
    #[cfg(unix)]
    fn leader_ended(&mut self) -> io::Result<bool> {
        use rustix::process::{WaitId, WaitIdOptions, waitid};
        let options = WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT;
        Ok(waitid(WaitId::Pid(pid_of(self.id())?), options)?.is_some())
    }

    #[cfg(not(unix))]
    fn leader_ended(&mut self) -> io::Result<bool> {
        match self.process.try_wait()? {
            Some(status) => {
                self.status = Some(status);
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Waits at most `within` for the program to end.
    ///
    /// # Errors
    /// It has not ended by then (`TimedOut`; it is left running), or its status cannot be
    /// read.
    pub fn wait_within(&mut self, within: Duration) -> io::Result<ExitStatus> {
        self.wait_until(Instant::now() + within)
    }

    /// Waits until `deadline` for the program to end.
    ///
    /// # Errors
    /// It has not ended by then (`TimedOut`; it is left running), or its status cannot be
    /// read.
    pub fn wait_until(&mut self, deadline: Instant) -> io::Result<ExitStatus> {
        loop {
            if let Some(status) = self.try_wait()? {
                return Ok(status);
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "the program has not ended in time",
                ));
            }
            std::thread::sleep(POLL.min(deadline - now));
        }
    }

    /// Closes the program's input, reads all its output (at most [`MAX_OUTPUT`] bytes of
    /// each stream) and waits for it to end, all within `within`; past it, the group is killed.
    ///
    /// # Errors
    /// It did not end within `within` (`TimedOut`); it wrote more than [`MAX_OUTPUT`] bytes
    /// to a stream (`FileTooLarge`).
    pub fn wait_with_output(self, within: Duration) -> io::Result<Output> {
        let (output, in_time) = self.wait_with_output_or_kill(within)?;
        if !in_time {
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!(
                    "the program did not end within {:.1} s",
                    within.as_secs_f64()
                ),
            ));
        }
        Ok(output)
    }

    /// [`wait_with_output`](Child::wait_with_output), but a program still running after
    /// `within` is killed with its group and its output so far returned, with the kill's
    /// status: the output, and whether it ended in time.
    ///
    /// # Errors
    /// It wrote more than [`MAX_OUTPUT`] bytes to a stream (`FileTooLarge`), or cannot be
    /// reaped.
    pub fn wait_with_output_or_kill(mut self, within: Duration) -> io::Result<(Output, bool)> {
        let deadline = Instant::now() + within;
        self.stdin = None;
        let stdout = self.stdout.take().map(collect);
        let stderr = self.stderr.take().map(collect);
        let in_time = match self.wait_until(deadline) {
            Ok(_) => true,
            Err(e) if e.kind() == io::ErrorKind::TimedOut => false,
            Err(e) => return Err(e),
        };
        self.kill()?;
        // The group is gone: the pipes close, and the readers end.
        let gather = |reader: Option<std::thread::JoinHandle<io::Result<Vec<u8>>>>| {
            reader.map_or_else(
                || Ok(Vec::new()),
                |r| {
                    r.join()
                        .unwrap_or_else(|_| Err(io::Error::other("a reader thread failed")))
                },
            )
        };
        let (stdout, stderr) = (gather(stdout)?, gather(stderr)?);
        let status = self
            .status
            .ok_or_else(|| io::Error::other("the program was not reaped"))?;
        Ok((
            Output {
                status,
                stdout,
                stderr,
            },
            in_time,
        ))
    }

    /// Kills the whole group at once (SIGKILL) and reaps the program.
    ///
    /// # Errors
    /// The program cannot be reaped.
    pub fn kill(&mut self) -> io::Result<()> {
        self.end_group(Signal::Kill);
        if self.status.is_none() {
            let _ = self.process.kill();
            self.status = Some(self.process.wait()?);
        }
        Ok(())
    }

    /// Sends `signal` to the whole group; after SIGKILL, the group is no longer listed for the
    /// signal handler.
    fn end_group(&mut self, signal: Signal) {
        if let Some(key) = self.key {
            let _ = signal_group(self.id(), signal);
            if signal == Signal::Kill {
                groups().remove(&key);
                self.key = None;
            }
        }
    }

    /// The program's standard output read line by line (see [`Lines`]): lines of at most
    /// `max` bytes, at most `queue` of them read ahead. `None` if its output was not piped or
    /// was taken.
    pub fn lines(&mut self, max: usize, queue: usize) -> Option<Lines> {
        let stdout = self.stdout.take()?;
        Some(Lines {
            receiver: spawn_reader(stdout, max, queue, "child-stdout"),
        })
    }

    /// Keeps the last `bytes` bytes of the program's standard error (read by a thread of its
    /// own, so that the program never blocks on a full pipe). `None` if its standard error
    /// was not piped or was taken.
    pub fn keep_stderr_tail(&mut self, bytes: usize) -> Option<Tail> {
        let mut pipe = self.stderr.take()?;
        let tail = Tail {
            bytes: Arc::new(Mutex::new(Vec::new())),
        };
        let kept = Arc::clone(&tail.bytes);
        let _ = std::thread::Builder::new()
            .name("child-stderr".into())
            .spawn(move || {
                let mut buffer = [0u8; 4096];
                loop {
                    match pipe.read(&mut buffer) {
                        Ok(0) | Err(_) => return,
                        Ok(n) => {
                            let mut kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
                            kept.extend_from_slice(&buffer[..n]);
                            let over = kept.len().saturating_sub(bytes);
                            kept.drain(..over);
                        }
                    }
                }
            });
        Some(tail)
    }

    /// Closes the program's input, gives it `grace` to end by itself, then ends the group
    /// (SIGTERM, then SIGKILL) and reaps it: how it ended, if it did.
    pub fn finish(mut self, grace: Duration) -> Option<ExitStatus> {
        self.stdin = None;
        if let Ok(status) = self.wait_within(grace) {
            return Some(status);
        }
        self.end();
        self.status
    }

    /// Ends the group: SIGTERM, a moment for it to go, SIGKILL; then reaps the program.
    fn end(&mut self) {
        self.stdin = None;
        if self.key.is_none() && self.status.is_some() {
            return;
        }
        if self.status.is_none() {
            self.end_group(Signal::Terminate);
            let _ = self.wait_within(GRACE);
        }
        let _ = self.kill();
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        self.end();
    }
}

/// Reads `pipe` to its end on a thread, at most [`MAX_OUTPUT`] bytes.
fn collect(pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<io::Result<Vec<u8>>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        pipe.take(MAX_OUTPUT as u64 + 1).read_to_end(&mut bytes)?;
        if bytes.len() > MAX_OUTPUT {
            return Err(io::Error::new(
                io::ErrorKind::FileTooLarge,
                format!("the program wrote more than {MAX_OUTPUT} bytes"),
            ));
        }
        Ok(bytes)
    })
}

/// A child's standard output, line by line (made by [`Child::lines`]).
#[derive(Debug)]
pub struct Lines {
    receiver: Receiver<Line>,
}

/// What waiting for a line gave: nothing before the deadline.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimedOut;

impl std::fmt::Display for TimedOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("no line in time")
    }
}

impl std::error::Error for TimedOut {}

impl Lines {
    /// The next line, or `None` at the end of the output, waiting until `deadline`.
    ///
    /// # Errors
    /// No line (and not the end) by the deadline.
    pub fn next_until(&self, deadline: Instant) -> Result<Option<Line>, TimedOut> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.receiver.recv_timeout(left) {
            Ok(line) => Ok(Some(line)),
            Err(RecvTimeoutError::Disconnected) => Ok(None),
            Err(RecvTimeoutError::Timeout) => Err(TimedOut),
        }
    }

    /// [`next_until`](Lines::next_until) `within` from now.
    ///
    /// # Errors
    /// No line (and not the end) in time.
    pub fn next_within(&self, within: Duration) -> Result<Option<Line>, TimedOut> {
        self.next_until(Instant::now() + within)
    }
}

/// The end of a child's standard error (made by [`Child::keep_stderr_tail`]).
#[derive(Clone, Debug)]
pub struct Tail {
    bytes: Arc<Mutex<Vec<u8>>>,
}

impl Tail {
    /// The bytes kept so far.
    #[must_use]
    pub fn bytes(&self) -> Vec<u8> {
        self.bytes
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The last line that is not blank, trimmed, if any.
    #[must_use]
    pub fn last_line(&self) -> Option<String> {
        let bytes = self.bytes();
        let text = String::from_utf8_lossy(&bytes);
        text.lines()
            .rev()
            .find(|line| !line.trim().is_empty())
            .map(|line| line.trim().to_owned())
    }
}

/// How a program ended, in words: `"with exit status 3"`, `"by signal 11"`.
#[must_use]
pub fn describe(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("with exit status {code}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("by signal {signal}");
        }
    }
    format!("({status})")
}

#[cfg(test)]
mod tests;
