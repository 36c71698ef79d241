//! Reading a line protocol (UAI, a terminal game): lines of at most a stated length, and a
//! reader thread that hands them over through a bounded queue, so that a client writing
//! faster than the program reads is held back by the pipe, and memory stays flat whatever
//! it sends.

use std::io::{self, BufRead, Read};
use std::sync::mpsc;

use crate::quote::quote_start;

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of text, without its line ending (`\n`; a `\r` before it is kept).
    Text(String),
    /// A line that was skipped.
    Skipped {
        /// What was wrong with it.
        kind: Skip,
        /// Why, in a short message that quotes the line short.
        why: String,
        /// The line's first bytes (at most [`HEAD_BYTES`], lossily decoded), so that the
        /// program can tell which command was lost (a `position` the client meant to set).
        head: String,
    },
}

/// Why a line was skipped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Skip {
    /// It was longer than the most bytes read.
    TooLong,
    /// It was not UTF-8 text.
    NotText,
    /// The input could not be read (the last line: the reader ends after it).
    ReadError,
}

/// The most bytes of a skipped line kept in [`Line::Skipped`]'s `head`.
pub const HEAD_BYTES: usize = 32;

/// The first [`HEAD_BYTES`] of `bytes`, as text.
fn head_of(bytes: &[u8]) -> String {
    String::from_utf8_lossy(&bytes[..bytes.len().min(HEAD_BYTES)]).into_owned()
}

/// Reads one line of at most `max` bytes (`None` at the end of the input). A longer line is
/// consumed to its end without being kept, and reported as [`Line::Skipped`].
///
/// # Errors
/// A read error of the input.
pub fn read_line(input: &mut impl BufRead, max: usize) -> io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    input
        .by_ref()
        .take(max as u64 + 1)
        .read_until(b'\n', &mut bytes)?;
    if bytes.is_empty() {
        return Ok(None);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
    } else if bytes.len() > max {
        let skipped = skip_line(input)?;
        return Ok(Some(Line::Skipped {
            kind: Skip::TooLong,
            why: format!(
                "a line longer than {max} bytes ({} bytes or more), starting {}, ignored",
                (bytes.len() as u64).saturating_add(skipped),
                quote_start(&bytes[..max.min(256)])
            ),
            head: head_of(&bytes),
        }));
    }
    Ok(Some(match String::from_utf8(bytes) {
        Ok(line) => Line::Text(line),
        Err(error) => Line::Skipped {
            kind: Skip::NotText,
            why: format!(
                "a line that is not UTF-8 text (a bad byte at {}), ignored",
                error.utf8_error().valid_up_to()
            ),
            head: head_of(error.as_bytes()),
        },
    }))
}

/// Consumes the input up to and including the next newline: the bytes consumed.
fn skip_line(input: &mut impl BufRead) -> io::Result<u64> {
    let mut skipped = 0u64;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(skipped);
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => {
                input.consume(at + 1);
                return Ok(skipped + at as u64 + 1);
            }
            None => {
                let all = buffer.len();
                input.consume(all);
                skipped += all as u64;
            }
        }
    }
}

/// Starts a thread named `name` that reads `input` line by line (see [`read_line`]) into a
/// queue of at most `queue` lines. The receiver ends (disconnects) at the end of the input or
/// after a read error, which comes through first as a [`Line::Skipped`]. When the queue is
/// full the thread waits, and so does whoever writes into `input`.
///
/// Memory in flight is at most about `(queue + 2) × max` bytes.
#[must_use]
pub fn spawn_reader<R: Read + Send + 'static>(
    input: R,
    max: usize,
    queue: usize,
    name: &str,
) -> mpsc::Receiver<Line> {
    let (send, receive) = mpsc::sync_channel(queue);
    let started = std::thread::Builder::new()
        .name(name.into())
        .spawn(move || {
            let mut input = io::BufReader::new(input);
            loop {
                let line = match read_line(&mut input, max) {
                    Ok(Some(line)) => line,
                    Ok(None) => break,
                    Err(error) => {
                        let _ = send.send(Line::Skipped {
                            kind: Skip::ReadError,
                            why: format!("reading the input: {error}"),
                            head: String::new(),
                        });
                        break;
                    }
                };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
    // Without the thread the sender is gone at once: the reader sees the end of the input.
    drop(started);
    receive
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_capped_and_bad_ones_skipped_to_their_end_with_a_short_message() {
        let max = 4096;
        let mut input = b"isready\r\n\xff\n".to_vec();
        input.extend(vec![b'x'; max * 3]);
        input.extend_from_slice(b"\nquit");
        let mut input = input.as_slice();
        assert_eq!(
            read_line(&mut input, max).unwrap(),
            Some(Line::Text("isready\r".into()))
        );
        assert!(
            matches!(read_line(&mut input, max).unwrap(), Some(Line::Skipped { kind: Skip::NotText, why, head }) if why.contains("UTF-8") && head == "\u{fffd}")
        );
        match read_line(&mut input, max).unwrap() {
            Some(Line::Skipped {
                kind: Skip::TooLong,
                why,
                head,
            }) => {
                assert!(why.contains("longer than 4096 bytes (12289 bytes"), "{why}");
                // One length: the prefix is not given one of its own (issue 52, c2).
                assert!(
                    why.ends_with(&format!("starting \"{}\"…, ignored", "x".repeat(40))),
                    "{why}"
                );
                assert!(why.len() < 200, "{why}");
                assert_eq!(head, "x".repeat(HEAD_BYTES));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            read_line(&mut input, max).unwrap(),
            Some(Line::Text("quit".into()))
        );
        assert_eq!(read_line(&mut input, max).unwrap(), None);
        let fits = [vec![b'a'; max], b"\n".to_vec()].concat();
        assert!(matches!(
            read_line(&mut fits.as_slice(), max),
            Ok(Some(Line::Text(_)))
        ));
    }

    /// A reader that counts how many bytes were taken from it.
    struct Flood {
        given: std::sync::Arc<std::sync::atomic::AtomicU64>,
    }

    impl Read for Flood {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            for (i, b) in buf.iter_mut().enumerate() {
                *b = if i % 64 == 63 { b'\n' } else { b'a' };
            }
            self.given
                .fetch_add(buf.len() as u64, std::sync::atomic::Ordering::Relaxed);
            Ok(buf.len())
        }
    }

    #[test]
    fn a_flood_is_held_back_by_the_bounded_queue() {
        let given = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let lines = spawn_reader(
            Flood {
                given: given.clone(),
            },
            4096,
            16,
            "flood",
        );
        std::thread::sleep(std::time::Duration::from_millis(200));
        let taken = given.load(std::sync::atomic::Ordering::Relaxed);
        // An endless input, not read by anyone: the thread stopped after filling the queue
        // and its buffer.
        assert!(taken < 64 * 1024, "{taken} bytes read ahead");
        for _ in 0..1000 {
            assert_eq!(lines.recv().unwrap(), Line::Text("a".repeat(63)));
        }
    }
}
