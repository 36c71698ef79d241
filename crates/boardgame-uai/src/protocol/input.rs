//! Standard input, read on a thread of its own into a channel of lines.

use std::io::{self, BufRead, Read};
use std::sync::mpsc;
use std::thread;

/// The longest input line read, in bytes (commands are short; a long `position … moves`
/// line of a whole game is under 2 KiB).
pub const MAX_LINE: usize = 4096;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Input {
    /// A line of text, without its line ending.
    Line(String),
    /// A line that was skipped, and why.
    Unreadable(String),
}

/// The stdin reader: lines over a channel, closed at EOF or after a read error.
pub(crate) fn spawn_reader() -> mpsc::Receiver<Input> {
    let (send, receive) = mpsc::channel();
    thread::Builder::new()
        .name("uai-stdin".into())
        .spawn(move || {
            let mut stdin = io::stdin().lock();
            loop {
                let input = match read_line(&mut stdin) {
                    Ok(Some(input)) => input,
                    Ok(None) => break,
                    Err(error) => {
                        let _ = send.send(Input::Unreadable(format!("standard input: {error}")));
                        break;
                    }
                };
                if send.send(input).is_err() {
                    break;
                }
            }
        })
        // Without the thread the channel is closed at once: the engine sees the end of
        // its input and exits.
        .ok();
    receive
}

/// Reads one line of at most [`MAX_LINE`] bytes (`None` at the end of the input). A longer
/// line is skipped to its end without keeping it.
fn read_line(input: &mut impl BufRead) -> io::Result<Option<Input>> {
    let mut bytes = Vec::new();
    input
        .by_ref()
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', &mut bytes)?;
    if bytes.is_empty() {
        return Ok(None);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
    } else if bytes.len() > MAX_LINE {
        skip_line(input)?;
        let start: String = String::from_utf8_lossy(&bytes[..MAX_LINE])
            .chars()
            .take(40)
            .collect();
        return Ok(Some(Input::Unreadable(format!(
            "a line longer than {MAX_LINE} bytes, starting {start:?}…, ignored"
        ))));
    }
    Ok(Some(match String::from_utf8(bytes) {
        Ok(line) => Input::Line(line),
        Err(error) => Input::Unreadable(format!(
            "a line that is not UTF-8 text (a bad byte at {}), ignored",
            error.utf8_error().valid_up_to()
        )),
    }))
}

/// Consumes the input up to and including the next newline.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(());
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => {
                input.consume(at + 1);
                return Ok(());
            }
            None => {
                let all = buffer.len();
                input.consume(all);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::command::Command;

    #[test]
    fn lines_are_capped_and_bad_ones_skipped_to_their_end() {
        let mut input = b"isready\r\n\xff\n".to_vec();
        input.extend(vec![b'x'; MAX_LINE * 3]);
        input.extend_from_slice(b"\nquit");
        let mut input = input.as_slice();
        assert_eq!(
            read_line(&mut input).unwrap(),
            Some(Input::Line("isready\r".into()))
        );
        assert!(
            matches!(read_line(&mut input).unwrap(), Some(Input::Unreadable(why)) if why.contains("UTF-8"))
        );
        match read_line(&mut input).unwrap() {
            Some(Input::Unreadable(why)) => {
                assert!(why.contains("longer than 4096"), "{why}");
                assert!(why.len() < 200, "{why}");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            read_line(&mut input).unwrap(),
            Some(Input::Line("quit".into()))
        );
        assert_eq!(read_line(&mut input).unwrap(), None);
        let fits = [vec![b'a'; MAX_LINE], b"\n".to_vec()].concat();
        assert!(matches!(
            read_line(&mut fits.as_slice()),
            Ok(Some(Input::Line(_)))
        ));
    }

    proptest::proptest! {
        /// Any bytes: every line read is within the cap, every message is short, and every
        /// line parses into a command without panicking.
        #[test]
        fn any_input_reads_into_short_lines_and_commands(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..10_000),
            long in 0usize..3,
        ) {
            let mut input = bytes.clone();
            input.extend(vec![b'p'; long * MAX_LINE]);
            input.extend_from_slice(&bytes);
            let mut reader = input.as_slice();
            while let Some(line) = read_line(&mut reader).unwrap() {
                match line {
                    Input::Line(text) => {
                        proptest::prop_assert!(text.len() <= MAX_LINE);
                        // At most 40 characters quoted, each at most 10 bytes escaped.
                        if let Command::Bad(message) = Command::parse(&text) {
                            proptest::prop_assert!(message.len() < 600, "{}", message);
                        }
                    }
                    Input::Unreadable(why) => proptest::prop_assert!(why.len() < 600, "{}", why),
                }
            }
        }
    }
}
