//! A directory of one test's files, removed when the test is done with it (the `scratch`
//! feature, for the workspace's test suites: `boardgame-io = { features = ["scratch"] }` in
//! `[dev-dependencies]`).
//!
//! ```
//! let scratch = boardgame_io::scratch::Scratch::new("example");
//! let path = scratch.path().to_owned();
//! assert!(path.is_dir());
//! drop(scratch);
//! assert!(!path.exists());
//! ```

#![expect(
    clippy::disallowed_methods,
    reason = "the test-directory mechanism itself: it makes and removes a test's own directory and links"
)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A new, empty directory of one test's files under the system's temporary directory, named
/// `boardgame-test-PID-N-LABEL` (`N` counts the directories this process made, so no
/// two tests, even running at once, share one). Dropped, it is removed with all it holds,
/// unless the thread is panicking: a failed test's files are kept, and their path printed,
/// to be looked at.
#[derive(Debug)]
pub struct Scratch {
    path: PathBuf,
}

impl Scratch {
    /// Makes a new directory for the files of `label` (a few words naming the test).
    pub fn new(label: &str) -> Scratch {
        static MADE: AtomicU64 = AtomicU64::new(0);
        let parent = std::env::temp_dir();
        loop {
            let number = MADE.fetch_add(1, Ordering::Relaxed);
            let path = parent.join(format!(
                "boardgame-test-{}-{number}-{label}",
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
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The path of `name` in the directory.
    pub fn join(&self, name: impl AsRef<Path>) -> PathBuf {
        self.path.join(name)
    }

    /// Makes a FIFO (a named pipe) called `name` in the directory with `mkfifo`, and returns
    /// its path.
    pub fn fifo(&self, name: &str) -> PathBuf {
        let path = self.join(name);
        let made = crate::process::Command::new("mkfifo")
            .arg(&path)
            .status(std::time::Duration::from_secs(30));
        assert!(
            made.is_ok_and(|status| status.success()),
            "mkfifo {} failed",
            path.display()
        );
        path
    }

    /// Makes a symbolic link called `name` in the directory, pointing to `to` (which need not
    /// exist), and returns its path.
    #[cfg(unix)]
    pub fn symlink(&self, to: impl AsRef<Path>, name: impl AsRef<Path>) -> PathBuf {
        let path = self.join(name);
        if let Err(e) = std::os::unix::fs::symlink(to.as_ref(), &path) {
            panic!("cannot make the link {}: {e}", path.display());
        }
        path
    }

    /// Removes the file (or empty directory) `name` of the directory, as a test's step.
    pub fn remove(&self, name: impl AsRef<Path>) {
        let path = self.join(name);
        let removed = if path.is_dir() && !path.is_symlink() {
            std::fs::remove_dir(&path)
        } else {
            std::fs::remove_file(&path)
        };
        if let Err(e) = removed {
            panic!("cannot remove {}: {e}", path.display());
        }
    }
}

/// The most bytes [`read_text`] and [`read_bytes`] read.
pub const MAX_READ: u64 = 256 << 20;

/// The whole regular file at `path` (a test's read, through [`crate::read::read_bounded`]):
/// panics, naming the path, on an error.
pub fn read_bytes(path: impl AsRef<Path>) -> Vec<u8> {
    let path = path.as_ref();
    crate::read::read_bounded(path, MAX_READ)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// [`read_bytes`] as UTF-8 text.
pub fn read_text(path: impl AsRef<Path>) -> String {
    let path = path.as_ref();
    crate::read::read_text_bounded(path, MAX_READ)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Replaces the file at `path` with `bytes` (a test's write, through
/// [`crate::write::replace`]): panics, naming the path, on an error.
pub fn write(path: impl AsRef<Path>, bytes: impl AsRef<[u8]>) {
    let path = path.as_ref();
    crate::write::replace(path, bytes.as_ref())
        .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scratch_directory_is_removed_when_dropped_and_kept_when_its_test_panics() {
        let scratch = Scratch::new("guard");
        let path = scratch.path().to_owned();
        assert_eq!(path.parent(), Some(std::env::temp_dir().as_path()));
        let name = path.file_name().unwrap().to_str().unwrap();
        assert!(
            name.starts_with(&format!("boardgame-test-{}-", std::process::id()))
                && name.ends_with("-guard"),
            "{name}"
        );
        assert_eq!(std::fs::read_dir(&path).unwrap().count(), 0, "not empty");
        std::fs::create_dir(scratch.join("inner")).unwrap();
        std::fs::write(scratch.join("inner/file"), "made by the test\n").unwrap();
        let other = Scratch::new("guard");
        assert_ne!(other.path(), path, "two guards share a directory");
        drop(scratch);
        assert!(!path.exists(), "{} is left", path.display());
        assert!(
            other.path().is_dir(),
            "another guard's directory was removed"
        );

        let mut kept = None;
        let unwound = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let scratch = Scratch::new("guard-failed");
            std::fs::write(scratch.join("evidence"), "what the test saw\n").unwrap();
            kept = Some(scratch.path().to_owned());
            panic!("a failing test");
        }));
        assert!(unwound.is_err());
        let kept = kept.unwrap();
        let evidence = std::fs::read_to_string(kept.join("evidence"));
        std::fs::remove_dir_all(&kept).unwrap();
        assert_eq!(evidence.unwrap(), "what the test saw\n");
    }
}
