//! A directory of one test's files, removed when the test is done with it.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A new, empty directory of one test's files under the system's temporary directory, named
/// `boardgame-uai-test-PID-N-LABEL` (`N` counts the directories this process made, so no
/// two tests, even running at once, share one). Dropped, it is removed with all it holds,
/// unless the thread is panicking: a failed test's files are kept, and their path printed,
/// to be looked at. (The same guard as boardgame-cli's tests, `tests/it/common.rs`, which
/// test it.)
pub(crate) struct Scratch {
    path: PathBuf,
}

impl Scratch {
    /// Makes a new directory for the files of `label` (a few words naming the test).
    pub(crate) fn new(label: &str) -> Scratch {
        static MADE: AtomicU64 = AtomicU64::new(0);
        let parent = std::env::temp_dir();
        loop {
            let number = MADE.fetch_add(1, Ordering::Relaxed);
            let path = parent.join(format!(
                "boardgame-uai-test-{}-{number}-{label}",
                std::process::id()
            ));
            // An older process of the same id may have kept one of that name: take the next.
            match std::fs::create_dir(&path) {
                Ok(()) => return Scratch { path },
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => panic!("cannot make {}: {e}", path.display()),
            }
        }
    }

    /// The directory.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// The path of `name` in the directory.
    pub(crate) fn join(&self, name: impl AsRef<Path>) -> PathBuf {
        self.path.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!(
                "the failed test's files are kept in {}",
                self.path.display()
            );
        } else if let Err(e) = std::fs::remove_dir_all(&self.path) {
            panic!("cannot remove {}: {e}", self.path.display());
        }
    }
}
