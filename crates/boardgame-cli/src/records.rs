//! The `--records` output of `simulate`, a `boardgame_io::write::Stream`: records are
//! written whole, in batches, so the output ends on the last whole record when the run is
//! cut short between two writes (a signal that kills the process during a write can stop
//! the kernel's copy part-way; then it ends with the start of one record, after whole ones:
//! docs/scale.md). A file appears under its name only when the run ends; until then (and
//! after Ctrl-C) the records are in a temporary file beside it. A failed write (a full disk)
//! gives the file up whole (the old file is kept); on standard output, the caller says how
//! many records were written.

use std::io::{self, Write};
use std::time::{Duration, Instant};

/// Records are written once this many bytes are waiting…
const BATCH_BYTES: usize = 64 << 10;
/// …or once the oldest waiting record is this old, so an interrupt loses little.
const BATCH_AGE: Duration = Duration::from_millis(200);

/// An output whose end can be cut back after a failed write.
pub(crate) trait Cut: Write {
    /// Cuts the output to its first `len` bytes.
    ///
    /// # Errors
    /// If the output cannot be cut (a device such as `/dev/full`).
    fn cut(&mut self, len: u64) -> io::Result<()>;
}

impl Cut for boardgame_io::write::Stream {
    /// Nothing to cut: a file whose write failed is given up whole when the stream is
    /// dropped unfinished, and what went to standard output or `/dev/null` is gone.
    fn cut(&mut self, _: u64) -> io::Result<()> {
        Ok(())
    }
}

impl Cut for Vec<u8> {
    fn cut(&mut self, len: u64) -> io::Result<()> {
        self.truncate(usize::try_from(len).unwrap_or(usize::MAX));
        Ok(())
    }
}

impl<C: Cut + ?Sized> Cut for &mut C {
    fn cut(&mut self, len: u64) -> io::Result<()> {
        (**self).cut(len)
    }
}

/// Writes one record per line, each batch of whole records in one write.
#[derive(Debug)]
pub(crate) struct RecordWriter<W> {
    out: W,
    waiting: Vec<u8>,
    waiting_records: u64,
    oldest: Instant,
    /// Records written to `out`.
    written: u64,
    /// Bytes written to `out` (all of them whole records).
    bytes: u64,
}

impl<W: Cut> RecordWriter<W> {
    /// A writer to `out`, which starts empty.
    pub(crate) fn new(out: W) -> RecordWriter<W> {
        RecordWriter {
            out,
            waiting: Vec::new(),
            waiting_records: 0,
            oldest: Instant::now(),
            written: 0,
            bytes: 0,
        }
    }

    /// Adds one record (a line without its newline).
    ///
    /// # Errors
    /// A failed write: the output then ends on the last whole record written.
    pub(crate) fn push(&mut self, record: &str) -> io::Result<()> {
        if self.waiting.is_empty() {
            self.oldest = Instant::now();
        }
        self.waiting.extend_from_slice(record.as_bytes());
        self.waiting.push(b'\n');
        self.waiting_records += 1;
        if self.waiting.len() >= BATCH_BYTES || self.oldest.elapsed() >= BATCH_AGE {
            self.flush()
        } else {
            Ok(())
        }
    }

    /// Writes every waiting record.
    ///
    /// # Errors
    /// A failed write: the output is cut back to the last whole record written before.
    pub(crate) fn flush(&mut self) -> io::Result<()> {
        if self.waiting.is_empty() {
            return Ok(());
        }
        let written = self
            .out
            .write_all(&self.waiting)
            .and_then(|()| self.out.flush());
        let batch = std::mem::take(&mut self.waiting);
        let records = std::mem::take(&mut self.waiting_records);
        match written {
            Ok(()) => {
                self.bytes += batch.len() as u64;
                self.written += records;
                Ok(())
            }
            Err(error) => {
                // Best effort: a device cannot be cut, but then nothing was written to it.
                let _ = self.out.cut(self.bytes);
                Err(error)
            }
        }
    }

    /// How many records the output holds.
    pub(crate) fn written(&self) -> u64 {
        self.written
    }

    /// The output (every waiting record must have been flushed).
    pub(crate) fn into_inner(self) -> W {
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A disk with room for `room` bytes: a write past it writes what fits, then fails.
    struct SmallDisk {
        bytes: Vec<u8>,
        room: usize,
    }

    impl Write for SmallDisk {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let fits = buf.len().min(self.room - self.bytes.len());
            if fits == 0 {
                return Err(io::Error::new(io::ErrorKind::StorageFull, "disk full"));
            }
            self.bytes.extend_from_slice(&buf[..fits]);
            Ok(fits)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl Cut for SmallDisk {
        fn cut(&mut self, len: u64) -> io::Result<()> {
            self.bytes.truncate(len as usize);
            Ok(())
        }
    }

    #[test]
    fn a_full_disk_leaves_whole_records_and_their_count() {
        let line = "x".repeat(999);
        let mut writer = RecordWriter::new(SmallDisk {
            bytes: Vec::new(),
            room: 150_000,
        });
        let mut failed = false;
        for _ in 0..1000 {
            if writer.push(&line).is_err() {
                failed = true;
                break;
            }
        }
        assert!(failed, "the disk fills up");
        let disk = &writer.out.bytes;
        assert!(disk.ends_with(b"\n"), "the file ends on a whole record");
        assert_eq!(disk.len() % 1000, 0);
        assert_eq!(writer.written(), disk.len() as u64 / 1000);
        assert!(writer.written() > 0);
    }

    #[test]
    fn every_record_is_written_by_the_last_flush() {
        let mut writer = RecordWriter::new(Vec::new());
        for i in 0..100 {
            writer.push(&i.to_string()).unwrap();
        }
        writer.flush().unwrap();
        assert_eq!(writer.written(), 100);
        let text = String::from_utf8(writer.out).unwrap();
        assert_eq!(text.lines().count(), 100);
        assert!(text.ends_with("99\n"));
    }
}
