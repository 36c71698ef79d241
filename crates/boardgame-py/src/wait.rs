//! Native work that may run long, without the GIL and interruptible by Ctrl-C.
//!
//! Python runs its signal handlers (Ctrl-C's `KeyboardInterrupt`) only when the main thread
//! calls into the interpreter. So a long native call does its work on another thread while
//! the calling thread waits without the GIL, and wakes every [`SIGNAL_CHECK`] to check for
//! signals. On a signal it raises the work's stop flags, waits for the work to return (the
//! searches end within milliseconds of the flag), and raises the signal's exception.
//!
//! - [`interruptible`] runs one piece of `Send` work on a helper thread (a search);
//! - [`Worker`] owns a value that is not `Send` (a bot: `boardgame-search` hands out
//!   `Box<dyn Bot>`) on a thread of its own, for the value's whole life, and runs jobs on it.
//!
//! A panic in the work (a bug) becomes a Python `RuntimeError`, never an abort.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{SyncSender, sync_channel};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread;
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often a waiting call checks for signals: well under the 100 ms the user notices.
pub(crate) const SIGNAL_CHECK: Duration = Duration::from_millis(20);

/// Where a helper thread leaves its result: filled once, waited for with a timeout.
struct Slot<T> {
    value: Mutex<Option<thread::Result<T>>>,
    filled: Condvar,
}

impl<T> Slot<T> {
    fn new() -> Slot<T> {
        Slot {
            value: Mutex::new(None),
            filled: Condvar::new(),
        }
    }

    fn put(&self, value: thread::Result<T>) {
        *self.value.lock().unwrap_or_else(PoisonError::into_inner) = Some(value);
        self.filled.notify_all();
    }

    /// The result, if it arrives within `timeout`.
    fn take_within(&self, timeout: Duration) -> Option<thread::Result<T>> {
        let guard = self.value.lock().unwrap_or_else(PoisonError::into_inner);
        let (mut guard, _) = self
            .filled
            .wait_timeout_while(guard, timeout, |value| value.is_none())
            .unwrap_or_else(PoisonError::into_inner);
        guard.take()
    }
}

/// The message of a panic payload.
fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic".to_owned()
    }
}

fn bug(payload: &(dyn Any + Send)) -> PyErr {
    PyRuntimeError::new_err(format!(
        "internal error in the native module (please report it): {}",
        panic_message(payload)
    ))
}

/// Waits without the GIL for `slot`, checking signals every [`SIGNAL_CHECK`]. On a signal,
/// raises every flag of `stop`, waits for the result and returns the signal's exception.
fn wait_for<T: Send>(py: Python<'_>, slot: &Slot<T>, stop: &[Arc<AtomicBool>]) -> PyResult<T> {
    loop {
        if let Some(result) = py.detach(|| slot.take_within(SIGNAL_CHECK)) {
            return result.map_err(|payload| bug(payload.as_ref()));
        }
        if let Err(signal) = py.check_signals() {
            for flag in stop {
                flag.store(true, Ordering::Relaxed);
            }
            // The work sees the flag within milliseconds (or was about to finish anyway).
            loop {
                if py.detach(|| slot.take_within(SIGNAL_CHECK)).is_some() {
                    return Err(signal);
                }
            }
        }
    }
}

/// Runs `work` on a helper thread while the caller waits without the GIL, checking signals.
/// `stop` is lowered first, and raised on a signal (the work must watch it).
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    stop: &Arc<AtomicBool>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    interruptible_all(py, std::slice::from_ref(stop), work)
}

/// [`interruptible`] with several stop flags (a batch's own and its bots'): every one is
/// lowered first, and raised on a signal.
pub(crate) fn interruptible_all<T: Send>(
    py: Python<'_>,
    stop: &[Arc<AtomicBool>],
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    for flag in stop {
        flag.store(false, Ordering::Relaxed);
    }
    let slot = Slot::new();
    thread::scope(|scope| {
        scope.spawn(|| slot.put(catch_unwind(AssertUnwindSafe(work))));
        wait_for(py, &slot, stop)
    })
}

/// A job for a [`Worker`]'s value.
type Job<T> = Box<dyn FnOnce(&mut T) + Send>;

/// A value that is not `Send`, owned by a thread of its own; jobs run on it one at a time,
/// in the order they are sent. The thread ends when the `Worker` is dropped.
pub(crate) struct Worker<T> {
    jobs: Mutex<SyncSender<Job<T>>>,
    /// The stop flags of the value's long jobs (raised on a signal).
    stop: Vec<Arc<AtomicBool>>,
    /// One job at a time from Python: a second caller waits for the first.
    busy: Mutex<()>,
    /// The process the thread runs in (a forked child has no such thread).
    process: u32,
}

impl<T: 'static> Worker<T> {
    /// Builds the value with `make` on a new thread; `make` also returns the value's stop
    /// flags. Its error is returned as it is.
    pub(crate) fn start<E: Send + 'static>(
        py: Python<'_>,
        name: &str,
        make: impl FnOnce() -> Result<(T, Vec<Arc<AtomicBool>>), E> + Send + 'static,
    ) -> PyResult<Result<Worker<T>, E>> {
        // One job at a time (`busy`), and its caller waits for its result: the queue never
        // holds more than one, and a bounded one says so (issue 52).
        let (jobs, inbox) = sync_channel::<Job<T>>(1);
        let built = Arc::new(Slot::new());
        let report = Arc::clone(&built);
        thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || {
                let made = catch_unwind(AssertUnwindSafe(make));
                let mut value = match made {
                    Ok(Ok((value, flags))) => {
                        report.put(Ok(Ok(flags)));
                        value
                    }
                    Ok(Err(error)) => return report.put(Ok(Err(error))),
                    Err(payload) => return report.put(Err(payload)),
                };
                drop(report);
                // Until every sender is gone (the Worker was dropped).
                while let Ok(job) = inbox.recv() {
                    job(&mut value);
                }
            })
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
        Ok(wait_for(py, &built, &[])?.map(|stop| Worker {
            jobs: Mutex::new(jobs),
            stop,
            busy: Mutex::new(()),
            process: std::process::id(),
        }))
    }

    /// Runs `job` on the value and returns its result; the caller waits without the GIL,
    /// checking signals (on a signal the value's stop flags are raised). Calls from several
    /// Python threads run one after another.
    pub(crate) fn run<R: Send + 'static>(
        &self,
        py: Python<'_>,
        job: impl FnOnce(&mut T) -> R + Send + 'static,
    ) -> PyResult<R> {
        if std::process::id() != self.process {
            return Err(PyRuntimeError::new_err(
                "this object was made in another process and copied here by fork(), which \
                 does not copy its thread: make it again in this process",
            ));
        }
        // Waiting for another thread's call: without the GIL, which that call may need.
        let _turn = loop {
            match self.busy.try_lock() {
                Ok(guard) => break guard,
                Err(std::sync::TryLockError::Poisoned(poisoned)) => break poisoned.into_inner(),
                Err(std::sync::TryLockError::WouldBlock) => {
                    py.detach(|| thread::sleep(Duration::from_millis(1)));
                    py.check_signals()?;
                }
            }
        };
        for flag in &self.stop {
            flag.store(false, Ordering::Relaxed);
        }
        let slot = Arc::new(Slot::new());
        let report = Arc::clone(&slot);
        let sent = self
            .jobs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .send(Box::new(move |value: &mut T| {
                report.put(catch_unwind(AssertUnwindSafe(|| job(value))));
            }));
        if sent.is_err() {
            return Err(PyRuntimeError::new_err(
                "the native thread of this object has stopped after an internal error",
            ));
        }
        wait_for(py, &slot, &self.stop)
    }
}
