//! Bounded line reading: one line of at most a stated length, and a reader thread for a
//! child's output (`perft-diff`) or a file (`vectors --check`).
//!
//! Stand-in with the same interface as `boardgame_io::lines` (being written on `main`):
//! once that crate is merged, this file goes and its users import
//! `boardgame_io::lines::{Line, read_line, spawn_reader}` instead.

use std::io::{self, BufRead, Read};
use std::sync::mpsc;

use crate::play::quote_prefix;

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// A line of text, without its line ending.
    Text(String),
    /// A line that was skipped, and why (a short message).
    Skipped(String),
}

/// Reads one line of at most `max` bytes (`None` at the end of the input); a longer line is
/// consumed to its end without being kept, and reported as [`Line::Skipped`].
pub(crate) fn read_line(input: &mut impl BufRead, max: usize) -> io::Result<Option<Line>> {
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
        let mut skipped = bytes.len() as u64;
        loop {
            let buffer = input.fill_buf()?;
            if buffer.is_empty() {
                break;
            }
            if let Some(at) = buffer.iter().position(|&b| b == b'\n') {
                input.consume(at + 1);
                skipped += at as u64 + 1;
                break;
            }
            let all = buffer.len();
            input.consume(all);
            skipped += all as u64;
        }
        let head = String::from_utf8_lossy(&bytes[..max.min(256)]).into_owned();
        return Ok(Some(Line::Skipped(format!(
            "a line longer than {max} bytes ({skipped} bytes or more), starting {}",
            quote_prefix(&head)
        ))));
    }
    Ok(Some(match String::from_utf8(bytes) {
        Ok(line) => Line::Text(line),
        Err(error) => Line::Skipped(format!(
            "a line that is not UTF-8 text (a bad byte at {})",
            error.utf8_error().valid_up_to()
        )),
    }))
}

/// Starts a thread that reads `input` line by line into a queue of at most `queue` lines;
/// the receiver disconnects at the end of the input.
pub(crate) fn spawn_reader<R: Read + Send + 'static>(
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
                        let _ = send.send(Line::Skipped(format!("reading the input: {error}")));
                        break;
                    }
                };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
    drop(started);
    receive
}
