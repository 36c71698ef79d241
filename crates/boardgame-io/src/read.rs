//! Reading a file the user names: only a regular file (a FIFO, device, socket or directory is
//! refused before it is opened, so nothing blocks and `/dev/zero` is never read), and at most a
//! stated number of bytes, with a clear error past it.

#![expect(
    clippy::disallowed_methods,
    reason = "the read mechanism itself: the one place that opens and reads the files a user names"
)]

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use crate::write::{kind_of, regular_or_refused};

/// Opens the regular file at `path` (through its links) for reading: the file and its length.
///
/// # Errors
/// Nothing there, not a regular file, or the file cannot be opened.
pub fn open_regular(path: &Path) -> io::Result<(File, u64)> {
    let before = std::fs::metadata(path)?;
    if !before.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("this is {}, not a regular file", kind_of(&before)),
        ));
    }
    let file = File::open(path)?;
    let meta = file.metadata()?;
    regular_or_refused(&meta)?;
    Ok((file, meta.len()))
}

/// The whole content of the regular file at `path`, if it has at most `limit` bytes.
///
/// ```
/// let error = boardgame_io::read::read_bounded("/dev/zero".as_ref(), 1 << 20).unwrap_err();
/// assert!(error.to_string().contains("not a regular file"));
/// ```
///
/// # Errors
/// What [`open_regular`] refuses; a file longer than `limit` (also one that grows past it
/// while it is read); a read error.
pub fn read_bounded(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let (file, length) = open_regular(path)?;
    if length > limit {
        return Err(too_long(length, limit));
    }
    let mut bytes = Vec::new();
    bytes
        .try_reserve_exact(usize::try_from(length).unwrap_or(usize::MAX))
        .map_err(|_| io::Error::new(io::ErrorKind::OutOfMemory, "no memory for the file"))?;
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_long(bytes.len() as u64, limit));
    }
    Ok(bytes)
}

/// [`read_bounded`] as UTF-8 text.
///
/// # Errors
/// What [`read_bounded`] gives, or bytes that are not UTF-8 (the offset of the first bad one).
pub fn read_text_bounded(path: &Path, limit: u64) -> io::Result<String> {
    String::from_utf8(read_bounded(path, limit)?).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "not UTF-8 text (a bad byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

fn too_long(length: u64, limit: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("{length} bytes or more, longer than the {limit} bytes read at most"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::Scratch;

    #[test]
    fn only_regular_files_are_read_and_never_past_the_limit() {
        let dir = Scratch::new("read");
        let fifo = dir.fifo("fifo");
        for path in [Path::new("/dev/zero"), Path::new("/"), fifo.as_path()] {
            let error = read_bounded(path, 10).unwrap_err().to_string();
            assert!(error.contains("not a regular file"), "{path:?}: {error}");
        }
        let file = dir.join("net");
        std::fs::write(&file, b"0123456789").unwrap();
        assert_eq!(read_bounded(&file, 10).unwrap(), b"0123456789");
        let error = read_bounded(&file, 9).unwrap_err().to_string();
        assert!(error.contains("longer than the 9 bytes"), "{error}");
        assert_eq!(read_text_bounded(&file, 10).unwrap(), "0123456789");
        std::fs::write(&file, b"ab\xff").unwrap();
        assert!(
            read_text_bounded(&file, 10)
                .unwrap_err()
                .to_string()
                .contains("offset 2")
        );
        assert_eq!(
            read_bounded(&dir.join("none"), 1).unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
    }
}
