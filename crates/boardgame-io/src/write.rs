//! Writing a file the user names, the one way every binary of the workspace does it.
//!
//! - [`replace`] and [`Replacement`]: the new content goes to a temporary file next to the
//!   target, created with `O_EXCL` under an unpredictable name, and is renamed over the
//!   target only when whole. An interruption or a failed write leaves the old file as it was.
//! - [`Appender`]: a file of the program's own that grows (training data), opened only if it
//!   is a regular file or nothing, under an exclusive lock, so two runs never write one file.
//! - [`Stream`]: output that is a stream (records as games finish): `-` is standard output,
//!   `/dev/null` discards, anything else is a [`Replacement`].
//!
//! In every case only a regular file or nothing is written: a device, FIFO, socket or
//! directory at the path (or at the end of its symbolic links) is refused before anything
//! is opened, so nothing blocks and no device is replaced by a file. A symbolic link is
//! written through, by design: the file it points to gets the content, the link stays. The
//! old file's permission bits are kept.
//!
//! A temporary file is locked (an exclusive `flock`) for as long as its writer lives, and
//! listed for [`crate::signals`], which removes it on SIGINT, SIGTERM or SIGHUP. One that a
//! run killed by SIGKILL left (no process holds its lock) is removed by the next
//! [`Replacement`] of the same target, which says so on standard error.

#![expect(
    clippy::disallowed_methods,
    clippy::disallowed_types,
    reason = "the write mechanism itself: the one place that creates, renames and removes the files a user names"
)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The most symbolic links followed from a path (as the kernel's 40).
const MAX_LINKS: usize = 40;

/// The longest part of the target's name kept in a temporary file's name, in bytes: the
/// temporary name (`.` name `.` 16 hex digits `.tmp`) stays far below the 255-byte limit of
/// a file name, however long the target's name.
const TEMP_NAME_PREFIX: usize = 64;

/// Where a write to `path` goes: `path` if it is a regular file or nothing is there, else the
/// end of its symbolic links (a link to a file stays a link, and the file it points to is
/// written; a link to nothing creates that file).
///
/// # Errors
/// A device, FIFO, socket or directory there; more than 40 links; an error reading them.
pub fn target(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&current)?;
                // A relative link is relative to the link's directory (an absolute one
                // replaces the whole path when joined).
                current = match current.parent() {
                    Some(dir) => dir.join(link),
                    None => link,
                };
            }
            Ok(meta) => {
                regular_or_refused(&meta)?;
                return Ok(current);
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(current),
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other(format!(
        "more than {MAX_LINKS} symbolic links"
    )))
}

/// `Ok` for a regular file; an error naming what else `meta` describes.
pub(crate) fn regular_or_refused(meta: &Metadata) -> io::Result<()> {
    if meta.is_file() {
        return Ok(());
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!(
            "this is {}, not a regular file: only a regular file or nothing is written",
            kind_of(meta)
        ),
    ))
}

/// What kind of file `meta` describes ("a directory", "a device", …).
pub(crate) fn kind_of(meta: &Metadata) -> &'static str {
    let kind = meta.file_type();
    if kind.is_dir() {
        return "a directory";
    }
    if kind.is_symlink() {
        return "a symbolic link";
    }
    if kind.is_file() {
        return "a regular file";
    }
    special_kind(&kind)
}

#[cfg(unix)]
fn special_kind(kind: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &std::fs::FileType) -> &'static str {
    "a special file"
}

/// An error for a read-only file (no write permission bit at all): such a file is not
/// replaced or appended to, even by a user the system would let do it (root, or the owner of
/// the directory), since its mode says it is not to be written.
fn writable_or_refused(meta: &Metadata) -> io::Result<()> {
    if meta.permissions().readonly() {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!(
                "this file is read-only (mode {:03o}): make it writable, or choose another output",
                permission_bits(meta)
            ),
        ));
    }
    Ok(())
}

/// The permission bits of the regular file at `target`, or `None` if nothing is there. A
/// read-only file is refused.
fn existing_mode(target: &Path) -> io::Result<Option<u32>> {
    match std::fs::symlink_metadata(target) {
        Ok(meta) => {
            regular_or_refused(&meta)?;
            writable_or_refused(&meta)?;
            Ok(Some(permission_bits(&meta)))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// `error`, or, when it says that a file could not be made at `target` because no such file
/// or directory exists, an error that names the missing directory (the io error alone reads
/// as if the output itself were expected to exist).
fn missing_directory(error: io::Error, target: &Path) -> io::Error {
    if error.kind() != io::ErrorKind::NotFound {
        return error;
    }
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    io::Error::new(
        io::ErrorKind::NotFound,
        format!(
            "its directory {} does not exist: make it, or choose another output",
            crate::quote_path(dir)
        ),
    )
}

/// The read, write and execute bits of a file (set-id and sticky bits are not kept).
#[cfg(unix)]
fn permission_bits(meta: &Metadata) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o777
}

#[cfg(not(unix))]
fn permission_bits(_: &Metadata) -> u32 {
    0o666
}

/// 64 bits nobody can guess in advance: the process's random hash keys (std seeds them from
/// the system's randomness) over the process id, a counter and the time.
fn unpredictable() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u32(std::process::id());
    hasher.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    hasher.write_u128(now.map_or(0, |d| d.as_nanos()));
    hasher.finish()
}

/// The temporary files being written, by a number of their own, and whether the program is
/// ending on a signal (then no new one is made).
struct Temporaries {
    live: BTreeMap<u64, PathBuf>,
    next: u64,
    abandoned: bool,
}

static TEMPORARIES: Mutex<Temporaries> = Mutex::new(Temporaries {
    live: BTreeMap::new(),
    next: 0,
    abandoned: false,
});

fn temporaries() -> MutexGuard<'static, Temporaries> {
    TEMPORARIES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Removes every temporary file being written and refuses new ones from now on, for a
/// program that ends on a signal: the targets whose unfinished content was removed.
#[cfg(feature = "signals")]
pub(crate) fn abandon_temporaries() -> Vec<PathBuf> {
    let mut temporaries = temporaries();
    temporaries.abandoned = true;
    let mut removed = Vec::new();
    for temp in std::mem::take(&mut temporaries.live).into_values() {
        if std::fs::remove_file(&temp).is_ok() {
            removed.push(temp);
        }
    }
    removed
}

/// Stops listing the temporary file `key` (renamed into place or removed).
fn forget_temporary(key: Option<u64>) {
    if let Some(key) = key {
        temporaries().live.remove(&key);
    }
}

/// The part of a target's name its temporary files start with: `.` and at most
/// [`TEMP_NAME_PREFIX`] bytes of the name, then `.`.
fn temp_prefix(target: &Path) -> String {
    let name = target
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let mut cut = name.len().min(TEMP_NAME_PREFIX);
    while !name.is_char_boundary(cut) {
        cut -= 1;
    }
    format!(".{}.", &name[..cut])
}

/// Whether `name` is the name of one of `target`'s temporary files (`prefix`, 16 hex
/// digits, `.tmp`).
fn is_temp_name(name: &str, prefix: &str) -> bool {
    name.strip_prefix(prefix)
        .and_then(|rest| rest.strip_suffix(".tmp"))
        .is_some_and(|digits| digits.len() == 16 && digits.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// A temporary file of an earlier run that was killed, removed by [`sweep_leftovers`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leftover {
    /// Where it was.
    pub path: PathBuf,
    /// Its length in bytes.
    pub bytes: u64,
}

/// Removes the temporary files of `target` that no live process holds (left by a run killed
/// by SIGKILL, or by a crash), once per target and process: what was removed. A temporary
/// file a live writer holds (its lock) is left alone.
///
/// # Errors
/// The directory cannot be listed.
pub fn sweep_leftovers(target: &Path) -> io::Result<Vec<Leftover>> {
    static SWEPT: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());
    if !SWEPT
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(target.to_path_buf())
    {
        return Ok(Vec::new());
    }
    remove_leftovers(target)
}

/// [`sweep_leftovers`] without its once-per-target rule.
fn remove_leftovers(target: &Path) -> io::Result<Vec<Leftover>> {
    let prefix = temp_prefix(target);
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut removed = Vec::new();
    for entry in std::fs::read_dir(dir)?.flatten() {
        let name = entry.file_name();
        if !name
            .to_str()
            .is_some_and(|name| is_temp_name(name, &prefix))
        {
            continue;
        }
        let path = entry.path();
        let Ok(before) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        if !before.file_type().is_file() {
            continue;
        }
        let Ok(file) = File::open(&path) else {
            continue;
        };
        // The same file as the one looked at, and no live writer holds it.
        if !file.metadata().is_ok_and(|now| same_file(&before, &now)) || file.try_lock().is_err() {
            continue;
        }
        if std::fs::remove_file(&path).is_ok() {
            removed.push(Leftover {
                path,
                bytes: before.len(),
            });
        }
    }
    Ok(removed)
}

/// Whether two metadata describe the same file.
fn same_file(a: &Metadata, b: &Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        a.dev() == b.dev() && a.ino() == b.ino()
    }
    #[cfg(not(unix))]
    {
        a.len() == b.len()
    }
}

/// Sweeps `target`'s leftovers and says on standard error what was removed.
fn sweep_and_report(target: &Path) {
    if let Ok(removed) = sweep_leftovers(target) {
        for leftover in removed {
            eprintln!(
                "note: removed {} ({} bytes), the unfinished output of an earlier run that was killed",
                crate::quote_path(&leftover.path),
                leftover.bytes
            );
        }
    }
}

/// A new temporary file next to `target`, with an unpredictable name, created only if no
/// file has that name (`O_EXCL`: never through a link planted there), with `mode` (Unix
/// permission bits) if given; locked, and listed for the signal handler under the number
/// returned.
fn create_temp(target: &Path, mode: Option<u32>) -> io::Result<(File, PathBuf, u64)> {
    let prefix = temp_prefix(target);
    // Held until the file is listed: a signal then finds it, or it is never made.
    let mut temporaries = temporaries();
    if temporaries.abandoned {
        return Err(io::Error::new(
            io::ErrorKind::Interrupted,
            "the program is ending on a signal",
        ));
    }
    let mut last = None;
    for _ in 0..8 {
        let temp = target.with_file_name(format!("{prefix}{:016x}.tmp", unpredictable()));
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(mode.unwrap_or(0o666));
        }
        match options.open(&temp) {
            Ok(file) => {
                #[cfg(unix)]
                if let Some(mode) = mode {
                    // The umask may have narrowed the mode of `open`; give the old one back.
                    use std::os::unix::fs::PermissionsExt;
                    if let Err(e) = file.set_permissions(std::fs::Permissions::from_mode(mode)) {
                        let _ = std::fs::remove_file(&temp);
                        return Err(e);
                    }
                }
                // The lock tells a later run that this file has a live writer.
                if let Err(e) = file.try_lock() {
                    let _ = std::fs::remove_file(&temp);
                    return Err(match e {
                        std::fs::TryLockError::Error(e) => e,
                        std::fs::TryLockError::WouldBlock => {
                            io::Error::other("a new temporary file was locked")
                        }
                    });
                }
                let key = temporaries.next;
                temporaries.next += 1;
                temporaries.live.insert(key, temp.clone());
                return Ok((file, temp, key));
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no free temporary name")))
}

/// A whole new content for a file, written to a temporary file next to it and renamed over
/// it by [`commit`](Replacement::commit). Dropped without a commit, it removes the
/// temporary file and leaves the target as it was.
///
/// Creating one checks everything that can be checked before the work that produces the
/// content: the target is a regular file or nothing, and its directory takes a new file.
#[derive(Debug)]
pub struct Replacement {
    file: Option<io::BufWriter<File>>,
    temp: PathBuf,
    target: PathBuf,
    /// Its number in the list of temporary files, until renamed or removed.
    key: Option<u64>,
}

impl Replacement {
    /// Starts a replacement of `path` (through its symbolic links). The target's temporary
    /// files that an earlier run left (see [`sweep_leftovers`]) are removed first, and named
    /// on standard error.
    ///
    /// # Errors
    /// What [`target`] refuses; the temporary file cannot be created.
    pub fn create(path: &Path) -> io::Result<Replacement> {
        let target = target(path)?;
        let mode = existing_mode(&target)?;
        sweep_and_report(&target);
        let (file, temp, key) =
            create_temp(&target, mode).map_err(|e| missing_directory(e, &target))?;
        Ok(Replacement {
            file: Some(io::BufWriter::new(file)),
            temp,
            target,
            key: Some(key),
        })
    }

    /// The file the content goes to in the end (`path` after its links).
    #[must_use]
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Writes the content so far to disk and renames it over the target.
    ///
    /// # Errors
    /// A failed write (a full disk) or rename; the target is then as it was.
    pub fn commit(mut self) -> io::Result<()> {
        let result = match self.file.take() {
            Some(writer) => writer
                .into_inner()
                .map_err(io::IntoInnerError::into_error)
                .and_then(|file| file.sync_all().map(|()| file))
                .and_then(|file| {
                    // On Unix the file stays open (and locked) until it is renamed: unlocked
                    // first, another run's sweep could take it for a killed run's leftover
                    // and remove it just before the rename. Elsewhere an open file cannot
                    // be renamed.
                    #[cfg(unix)]
                    {
                        let renamed = std::fs::rename(&self.temp, &self.target);
                        drop(file);
                        renamed
                    }
                    #[cfg(not(unix))]
                    {
                        drop(file);
                        std::fs::rename(&self.temp, &self.target)
                    }
                }),
            None => Err(io::Error::other("the replacement was already given up")),
        };
        if result.is_err() {
            let _ = std::fs::remove_file(&self.temp);
        }
        forget_temporary(self.key.take());
        // The rename moved the temporary file, or it was removed: nothing for `drop` to do.
        self.temp = PathBuf::new();
        result
    }

    fn writer(&mut self) -> io::Result<&mut io::BufWriter<File>> {
        self.file
            .as_mut()
            .ok_or_else(|| io::Error::other("the replacement was already given up"))
    }
}

impl Write for Replacement {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.writer()?.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer()?.flush()
    }
}

impl Drop for Replacement {
    fn drop(&mut self) {
        if !self.temp.as_os_str().is_empty() {
            self.file = None;
            let _ = std::fs::remove_file(&self.temp);
        }
        forget_temporary(self.key.take());
    }
}

/// Replaces the content of `path` with `bytes`, whole or not at all (see [`Replacement`]).
///
/// # Errors
/// What [`Replacement::create`] and [`Replacement::commit`] give.
pub fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut replacement = Replacement::create(path)?;
    replacement.write_all(bytes)?;
    replacement.commit()
}

/// A growing file of the program's own (training data), held under an exclusive lock for as
/// long as the value lives: a second writer of the same file is refused at once.
#[derive(Debug)]
pub struct Appender {
    file: File,
    target: PathBuf,
}

impl Appender {
    /// Opens `path` (through its links) for reading and appending, creating it if nothing is
    /// there, and takes its lock.
    ///
    /// # Errors
    /// What [`target`] refuses; the file cannot be opened; another process (or another
    /// `Appender` of this one) holds the lock.
    pub fn open(path: &Path) -> io::Result<Appender> {
        let target = target(path)?;
        if let Ok(meta) = std::fs::symlink_metadata(&target) {
            writable_or_refused(&meta)?;
        }
        let file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(&target)
            .map_err(|e| missing_directory(e, &target))?;
        // The path may have been swapped for something else between the check and `open`.
        regular_or_refused(&file.metadata()?)?;
        match file.try_lock() {
            Ok(()) => Ok(Appender { file, target }),
            Err(std::fs::TryLockError::WouldBlock) => Err(io::Error::new(
                io::ErrorKind::ResourceBusy,
                "another run is writing this file (it is locked); wait for it to end or choose another file",
            )),
            Err(std::fs::TryLockError::Error(e)) => Err(e),
        }
    }

    /// The file written (the path after its links).
    #[must_use]
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// The open file, to read what is there (reads start where the last read or seek left
    /// off; appends always go to the end).
    #[must_use]
    pub fn file(&mut self) -> &mut File {
        &mut self.file
    }

    /// The file's length in bytes.
    ///
    /// # Errors
    /// When the file's metadata cannot be read.
    pub fn length(&self) -> io::Result<u64> {
        Ok(self.file.metadata()?.len())
    }

    /// Cuts the file to `length` bytes (an incomplete last entry of an interrupted run).
    ///
    /// # Errors
    /// When the file cannot be cut.
    pub fn truncate(&self, length: u64) -> io::Result<()> {
        self.file.set_len(length)
    }

    /// Appends `bytes` at the end, whole (a full disk is an error, never a silent loss).
    ///
    /// # Errors
    /// A failed write.
    pub fn append(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.file.write_all(bytes)?;
        self.file.flush()
    }

    /// Writes the file's data to disk.
    ///
    /// # Errors
    /// A failed sync.
    pub fn sync(&self) -> io::Result<()> {
        self.file.sync_data()
    }
}

/// Where a command's stream of output goes: `-` is standard output (where a pipe makes
/// sense), `/dev/null` discards it, and any other path is a [`Replacement`], which appears
/// whole when [`finish`](Stream::finish)ed.
#[derive(Debug)]
pub enum Stream {
    /// Standard output.
    Stdout(io::Stdout),
    /// Discarded (`/dev/null`).
    Null,
    /// A file, replaced when finished.
    File(Replacement),
}

impl Stream {
    /// The stream for `path` (see the type).
    ///
    /// # Errors
    /// What [`Replacement::create`] refuses (a device other than `/dev/null`, a FIFO, …).
    pub fn create(path: &Path) -> io::Result<Stream> {
        if path.as_os_str() == "-" {
            return Ok(Stream::Stdout(io::stdout()));
        }
        if is_dev_null(path) {
            return Ok(Stream::Null);
        }
        Replacement::create(path).map(Stream::File)
    }

    /// Ends the stream: flushes it, and renames a file into place.
    ///
    /// # Errors
    /// A failed write, flush or rename.
    pub fn finish(self) -> io::Result<()> {
        match self {
            Stream::Stdout(mut out) => out.flush(),
            Stream::Null => Ok(()),
            Stream::File(replacement) => replacement.commit(),
        }
    }
}

impl Write for Stream {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match self {
            Stream::Stdout(out) => out.write(bytes),
            Stream::Null => Ok(bytes.len()),
            Stream::File(file) => file.write(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Stream::Stdout(out) => out.flush(),
            Stream::Null => Ok(()),
            Stream::File(file) => file.flush(),
        }
    }
}

/// Whether `path` is the null device (the same file as `/dev/null`).
fn is_dev_null(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let (Ok(this), Ok(null)) = (std::fs::metadata(path), std::fs::metadata("/dev/null")) else {
            return false;
        };
        this.dev() == null.dev() && this.ino() == null.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

#[cfg(test)]
pub(crate) mod tests;
