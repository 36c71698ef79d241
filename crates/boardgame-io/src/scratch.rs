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

/// Asserts that `output` is the short usage error a binary gives for a refused argument of
/// `length` bytes (issue 52, c1: clap quoted a refused argument whole, so a 120 KB value made
/// a 120 KB message): status 2, under 1000 bytes on standard error, and the length named
/// (`"<length> bytes"`). Panics, with the start of standard error, otherwise.
pub fn assert_short_usage_error(output: &std::process::Output, length: usize) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    let start: String = stderr.chars().take(300).collect();
    assert_eq!(output.status.code(), Some(2), "{start}");
    assert!(stderr.len() < 1000, "{} bytes: {start}…", stderr.len());
    assert!(stderr.contains(&format!("{length} bytes")), "{stderr}");
}

/// Issue 52, item 3: runs every command of `templates`, with `here` replaced by each of three
/// bad outputs in `scratch` (the directory itself, a file in a missing directory, a read-only
/// file), through `run` (its arguments; the output and whether it ended in time), and asserts
/// that each is refused before the work: in time, with status 1 and one line on standard error
/// that names the path ([`crate::quote_path`]) and says what is wrong with it, nothing on
/// standard output. Then that the read-only file is as it was, no directory was made and no
/// temporary file (`*.tmp`) is left in `scratch`. Panics, naming the command, otherwise.
#[cfg(unix)]
pub fn assert_bad_outputs_refused(
    scratch: &Scratch,
    templates: &[&[&str]],
    here: &str,
    mut run: impl FnMut(&[&str]) -> (std::process::Output, bool),
) {
    use std::os::unix::fs::PermissionsExt;
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    let read_only = scratch.join("read-only");
    write(&read_only, "precious\n");
    if let Err(e) = std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o444)) {
        panic!("cannot make {} read-only: {e}", read_only.display());
    }
    let directory = scratch.path().to_string_lossy().into_owned();
    let missing = scratch
        .join("no/such/dir/out")
        .to_string_lossy()
        .into_owned();
    let read_only_name = read_only.to_string_lossy().into_owned();
    let cases = [
        (&directory, "this is a directory, not a regular file"),
        (&missing, "its directory"),
        (&read_only_name, "this file is read-only"),
    ];
    for template in templates {
        for (output, why) in cases {
            let args: Vec<&str> = template
                .iter()
                .map(|a| if *a == here { output.as_str() } else { a })
                .collect();
            let (out, in_time) = run(&args);
            let stderr = text(&out.stderr);
            assert!(in_time, "{args:?}: still working when it was killed");
            assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
            assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
            assert!(
                stderr.contains(&crate::quote_path(Path::new(output))),
                "{args:?}: {stderr}"
            );
            assert!(stderr.contains(why), "{args:?}: {stderr}");
            assert!(out.stdout.is_empty(), "{args:?}: {}", text(&out.stdout));
        }
    }
    assert_eq!(read_text(&read_only), "precious\n");
    assert!(!scratch.join("no").exists(), "a directory was made");
    let left: Vec<String> = match std::fs::read_dir(scratch.path()) {
        Ok(entries) => entries
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".tmp"))
            .collect(),
        Err(e) => panic!("cannot list {}: {e}", scratch.path().display()),
    };
    assert_eq!(left, Vec::<String>::new(), "temporary files left");
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
