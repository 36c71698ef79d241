//! Helpers shared by the test modules.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};

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

/// A new, empty directory of one test's files under the system's temporary directory, named
/// `boardgame-cli-test-PID-N-LABEL` (`N` counts the directories this process made, so no
/// two tests, even running at once, share one). Dropped, it is removed with all it holds,
/// unless the thread is panicking: a failed test's files are kept, and their path printed,
/// to be looked at.
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
                "boardgame-cli-test-{}-{number}-{label}",
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

#[test]
fn a_scratch_directory_is_removed_when_dropped_and_kept_when_its_test_panics() {
    let scratch = Scratch::new("guard");
    let path = scratch.path().to_owned();
    assert_eq!(path.parent(), Some(std::env::temp_dir().as_path()));
    let name = path.file_name().unwrap().to_str().unwrap();
    assert!(
        name.starts_with(&format!("boardgame-cli-test-{}-", std::process::id()))
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
