//! Saving a file whole: `play --save` writes each save to a new temporary file next to the
//! save and renames it over the save, so the save always holds a whole record. The save must
//! be a regular file or nothing (a device, FIFO or socket is refused, never replaced), a
//! symbolic link is followed to the file it points to, the old file's permissions are kept,
//! and a temporary file has an unpredictable name and is created only if no file has that
//! name (`O_EXCL`).

use std::io::Write;
use std::path::{Path, PathBuf};

/// The most symbolic links followed from a save's path (as the kernel's 40).
const MAX_LINKS: usize = 40;

/// Where a save to `path` goes: `path` if it is a regular file or nothing is there, else the
/// end of its symbolic links (so a link to a save stays a link, and the file it points to
/// is written; a link to nothing creates that file).
///
/// # Errors
/// A device, FIFO, socket or directory there: a save writes over a regular file or nothing.
/// Too many links, or an error reading them.
pub(crate) fn save_target(path: &Path) -> std::io::Result<PathBuf> {
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
                regular_or_refused(&current, &meta)?;
                return Ok(current);
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(current),
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other(format!(
        "more than {MAX_LINKS} symbolic links"
    )))
}

/// `Ok` for a regular file; an error naming what else is at `path`.
fn regular_or_refused(path: &Path, meta: &std::fs::Metadata) -> std::io::Result<()> {
    if meta.is_file() {
        return Ok(());
    }
    let what = if meta.is_dir() {
        "a directory"
    } else if meta.file_type().is_symlink() {
        "a symbolic link"
    } else {
        special_file_kind(&meta.file_type())
    };
    Err(std::io::Error::other(format!(
        "{} is {what}, not a regular file: a save only replaces a regular file",
        path.display()
    )))
}

/// What kind of special file `kind` is (a device, FIFO or socket).
#[cfg(unix)]
fn special_file_kind(kind: &std::fs::FileType) -> &'static str {
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

/// What kind of special file `kind` is.
#[cfg(not(unix))]
fn special_file_kind(_: &std::fs::FileType) -> &'static str {
    "a special file"
}

/// The longest part of the save's name kept in a temporary file's name, in bytes: the
/// temporary name (`.` name `.` 16 hex digits `.tmp`) then stays far below the 255-byte
/// limit of a file name, however long the save's name.
const TEMP_NAME_PREFIX: usize = 64;

/// A new temporary file next to `target`, with an unpredictable name, created only if no
/// file has that name (`O_EXCL`: never through a link planted there), with `mode` (Unix
/// permission bits) if given.
pub(crate) fn create_temp(
    target: &Path,
    mode: Option<u32>,
) -> std::io::Result<(std::fs::File, PathBuf)> {
    let name = target
        .file_name()
        .map_or_else(|| "save".into(), |n| n.to_string_lossy().into_owned());
    let mut cut = name.len().min(TEMP_NAME_PREFIX);
    while !name.is_char_boundary(cut) {
        cut -= 1;
    }
    let mut last = None;
    for _ in 0..8 {
        let temp = target.with_file_name(format!(".{}.{:016x}.tmp", &name[..cut], unpredictable()));
        let mut options = std::fs::OpenOptions::new();
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
                    file.set_permissions(std::fs::Permissions::from_mode(mode))?;
                }
                return Ok((file, temp));
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no free temporary name")))
}

/// 64 bits nobody can guess in advance: the process's random hash keys (std seeds them
/// from the system's randomness) over the process id and the time.
fn unpredictable() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u32(std::process::id());
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    hasher.write_u128(now.map_or(0, |d| d.as_nanos()));
    hasher.finish()
}

/// The permission bits of the regular file at `target`, or `None` if nothing is there.
///
/// # Errors
/// Something other than a regular file is there (see [`regular_or_refused`]).
fn existing_mode(target: &Path) -> std::io::Result<Option<u32>> {
    match std::fs::symlink_metadata(target) {
        Ok(meta) => {
            regular_or_refused(target, &meta)?;
            Ok(Some(permission_bits(&meta)))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// The read, write and execute bits of a file (set-id and sticky bits are not kept).
#[cfg(unix)]
fn permission_bits(meta: &std::fs::Metadata) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o777
}

/// The read, write and execute bits of a file (not kept off Unix).
#[cfg(not(unix))]
fn permission_bits(_: &std::fs::Metadata) -> u32 {
    0o666
}

/// Writes `bytes` to a new temporary file next to `target` (with `target`'s permissions, if
/// it exists), then renames it to `target`; on failure the temporary file is removed and
/// `target` is untouched. `target` must be a regular file or nothing: anything else is
/// refused, so a save never replaces a device, FIFO or socket. (No fsync: a full disk fails
/// the write itself, and a save per move must stay cheap; a crash of the whole machine may
/// lose the last saves.)
pub(crate) fn replace_file(target: &Path, bytes: &[u8]) -> std::io::Result<()> {
    replace_with(target, |file| file.write_all(bytes))
}

/// [`replace_file`], with `write` filling the temporary file.
fn replace_with(
    target: &Path,
    write: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mode = existing_mode(target)?;
    let (mut file, temp) = create_temp(target, mode)?;
    let written = write(&mut file).and_then(|()| {
        drop(file);
        std::fs::rename(&temp, target)
    });
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory for one test.
    fn test_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("boardgame-save-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_save_replaces_a_regular_file_or_nothing_and_keeps_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = test_dir("mode");
        let path = dir.join("save.json");
        replace_file(&path, b"first\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "first\n");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        replace_file(&path, b"second\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second\n");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        let leftovers = std::fs::read_dir(&dir).unwrap().count();
        assert_eq!(leftovers, 1, "no temporary file is left");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_save_refuses_devices_and_directories_without_touching_them() {
        for path in ["/dev/null", "/dev/full", "/"] {
            let error = save_target(Path::new(path)).unwrap_err().to_string();
            assert!(error.contains("not a regular file"), "{path}: {error}");
            let error = replace_file(Path::new(path), b"x").unwrap_err().to_string();
            assert!(error.contains("not a regular file"), "{path}: {error}");
        }
        use std::os::unix::fs::FileTypeExt;
        let null = std::fs::metadata("/dev/null").unwrap().file_type();
        assert!(null.is_char_device(), "/dev/null is still a device");
    }

    #[test]
    fn a_save_through_a_link_writes_the_file_it_points_to() {
        let dir = test_dir("link");
        let real = dir.join("real.json");
        let link = dir.join("link.json");
        std::os::unix::fs::symlink("real.json", &link).unwrap();
        // A link to nothing: the file it names is created.
        let target = save_target(&link).unwrap();
        assert_eq!(target, real);
        replace_file(&target, b"saved\n").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&link).unwrap(), "saved\n");
        // A loop of links is refused.
        let a = dir.join("a");
        let b = dir.join("b");
        std::os::unix::fs::symlink(&b, &a).unwrap();
        std::os::unix::fs::symlink(&a, &b).unwrap();
        assert!(
            save_target(&a)
                .unwrap_err()
                .to_string()
                .contains("symbolic links")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn temporary_names_are_new_each_time_and_never_follow_a_planted_link() {
        let dir = test_dir("temp");
        let target = dir.join("x".repeat(250));
        let (_, one) = create_temp(&target, None).unwrap();
        let (_, two) = create_temp(&target, None).unwrap();
        assert_ne!(one, two);
        for temp in [&one, &two] {
            let name = temp.file_name().unwrap().len();
            assert!(name < 100, "{name} bytes");
        }
        // A 250-byte save name saves (the temporary name is cut).
        replace_file(&target, b"long\n").unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "long\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_save_keeps_the_save_before_it() {
        let dir = test_dir("full");
        let path = dir.join("save.json");
        std::fs::write(&path, "the old save\n").unwrap();
        // The disk fills up part-way through the write.
        let full = replace_with(&path, |file| {
            file.write_all(b"the start of a new")?;
            Err(std::io::Error::new(
                std::io::ErrorKind::StorageFull,
                "disk full",
            ))
        });
        assert!(full.is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "the old save\n");
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            1,
            "no temporary file"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
