//! Quoting a user's text in a message: the text in quotes when it is short, else a short
//! prefix of it and its length, so that a 60 MB field never makes a 60 MB message.

use core::fmt;

/// The most characters of a user's text quoted in a message.
pub const MAX_QUOTE_CHARS: usize = 40;

/// The most bytes of the escaped prefix (a control character escapes to up to 10 bytes:
/// `\u{10ffff}`), so a quote is at most this plus the quotes, `…` and the length.
pub const MAX_QUOTE_BYTES: usize = 64;

/// A user's text, quoted short by its [`Display`](fmt::Display): `"text"` when the escaped
/// text fits, else `"prefix"… (N bytes)`. Made by [`quote`] and [`quote_bytes`].
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a> {
    text: &'a str,
    /// The length of the original input in bytes (for [`quote_bytes`], the bytes given, not
    /// the text decoded from them).
    bytes: usize,
    /// Whether the input was not all UTF-8 (only from [`quote_bytes`]).
    lossy: bool,
    /// Only the start of a longer input whose length the message gives itself (from
    /// [`quote_start`]): `…` after the quote, and no length.
    start: bool,
}

/// Quotes `text` for a message: in full when it is short, else its first characters and its
/// length. Characters are escaped as Rust's `{:?}` does, so the quote is printable.
///
/// ```
/// use boardgame_io::quote;
/// assert_eq!(quote("pass").to_string(), "\"pass\"");
/// let long = "ab".repeat(1_000_000);
/// let quoted = quote(&long).to_string();
/// assert!(quoted.ends_with("… (2000000 bytes)"), "{quoted}");
/// assert!(quoted.len() < 100);
/// ```
#[must_use]
pub fn quote(text: &str) -> Quoted<'_> {
    Quoted {
        text,
        bytes: text.len(),
        lossy: false,
        start: false,
    }
}

/// Quotes bytes that should have been text (a line of a protocol, a file's field): the
/// longest UTF-8 prefix of them, and their length. Bytes that are not UTF-8 end the quote.
///
/// ```
/// use boardgame_io::quote_bytes;
/// assert_eq!(quote_bytes(b"go\xff\xfe").to_string(), "\"go\"… (4 bytes, not UTF-8)");
/// ```
#[must_use]
pub fn quote_bytes(bytes: &[u8]) -> Quoted<'_> {
    // Only the prefix that can be shown is decoded for the quote.
    let head = &bytes[..bytes.len().min(MAX_QUOTE_BYTES * 4)];
    let text = match core::str::from_utf8(head) {
        Ok(text) => text,
        Err(error) => core::str::from_utf8(&head[..error.valid_up_to()]).unwrap_or_default(),
    };
    Quoted {
        text,
        bytes: bytes.len(),
        lossy: core::str::from_utf8(bytes).is_err(),
        start: false,
    }
}

/// Quotes the first bytes of a longer input (a line too long to keep) whose length the
/// message states itself: the quote of its text prefix, then `…`, and no second length.
///
/// ```
/// use boardgame_io::quote::quote_start;
/// let line = "a".repeat(5_000);
/// let message = format!("a line of {} bytes, starting {}", line.len(), quote_start(&line.as_bytes()[..256]));
/// assert_eq!(message, format!("a line of 5000 bytes, starting \"{}\"…", "a".repeat(40)));
/// ```
#[must_use]
pub fn quote_start(bytes: &[u8]) -> Quoted<'_> {
    Quoted {
        start: true,
        ..quote_bytes(bytes)
    }
}

/// The most bytes of a message shown whole by [`clip`].
pub const MAX_CLIP_BYTES: usize = 48;

/// A message made elsewhere (a parser's error) that may hold a user's text in full, shown
/// short by its [`Display`](fmt::Display): whole when it has at most [`MAX_CLIP_BYTES`],
/// else its start and its length. Control characters are escaped. Made by [`clip`].
#[derive(Clone, Copy, Debug)]
pub struct Clipped<'a> {
    text: &'a str,
}

/// Shows `message` short (see [`Clipped`]): for a library's error message that quotes the
/// user's input itself (serde's "unknown variant `…`"), which [`quote`] cannot wrap.
///
/// ```
/// use boardgame_io::quote::clip;
/// assert_eq!(clip("expected `,`").to_string(), "expected `,`");
/// let error = format!("unknown variant `{}`, expected `classic`", "v".repeat(10_000_000));
/// let shown = clip(&error).to_string();
/// assert!(shown.len() < 80 && shown.ends_with("… (10000038 bytes)"), "{shown}");
/// ```
#[must_use]
pub fn clip(message: &str) -> Clipped<'_> {
    Clipped { text: message }
}

impl fmt::Display for Clipped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut shown = 0;
        let mut end = self.text.len();
        for (at, c) in self.text.char_indices() {
            let width = if c.is_control() {
                c.escape_debug().map(char::len_utf8).sum()
            } else {
                c.len_utf8()
            };
            if shown + width > MAX_CLIP_BYTES {
                end = at;
                break;
            }
            shown += width;
        }
        for c in self.text[..end].chars() {
            if c.is_control() {
                fmt::Display::fmt(&c.escape_debug(), f)?;
            } else {
                fmt::Write::write_char(f, c)?;
            }
        }
        if end < self.text.len() {
            write!(f, "… ({} bytes)", self.text.len())?;
        }
        Ok(())
    }
}

/// The most bytes of an escaped path [`quote_path`] shows whole.
pub const MAX_PATH_BYTES: usize = 160;

/// Quotes a path the user gave: a path is the user's text too, and can be as long as the
/// command line allows, but its end (the file's name) says most. A path of at most
/// [`MAX_PATH_BYTES`] bytes once escaped is quoted whole; a longer one by its first and last
/// characters around `…`, and its length. Characters are escaped as Rust's `{:?}` does.
///
/// ```
/// use boardgame_io::quote_path;
/// let path = std::path::PathBuf::from(format!("/data/{}/run.jsonl", "a".repeat(100_000)));
/// let quoted = quote_path(&path);
/// assert!(quoted.len() < 200 && quoted.ends_with("a/run.jsonl\" (100016 bytes)"), "{quoted}");
/// assert_eq!(quote_path("/tmp/a\nb".as_ref()), "\"/tmp/a\\nb\"");
/// ```
#[cfg(feature = "std")]
#[must_use]
pub fn quote_path(path: &std::path::Path) -> String {
    let text = path.to_string_lossy();
    let width: usize = text.chars().map(escaped_width).sum();
    let escape = |part: &str| -> String { part.chars().flat_map(char::escape_debug).collect() };
    if width <= MAX_PATH_BYTES {
        return format!("\"{}\"", escape(&text));
    }
    // About a third of the room for the start, the rest for the end.
    let (mut head, mut shown) = (0, 0);
    for (at, c) in text.char_indices() {
        if shown + escaped_width(c) > MAX_PATH_BYTES / 3 {
            head = at;
            break;
        }
        shown += escaped_width(c);
    }
    let (mut tail, mut shown) = (text.len(), 0);
    for (at, c) in text.char_indices().rev() {
        if shown + escaped_width(c) > MAX_PATH_BYTES * 2 / 3 || at < head {
            break;
        }
        shown += escaped_width(c);
        tail = at;
    }
    format!(
        "\"{}…{}\" ({} bytes)",
        escape(&text[..head]),
        escape(&text[tail..]),
        path.as_os_str().len()
    )
}

/// A command-line parser's message with the long arguments in it clipped: clap quotes an
/// argument it refuses whole (`invalid value '…' for '--shard <K/N>'`, `unexpected argument
/// '…'`), so a 120 KB argument made a 120 KB message (issue 52, c1). Every argument of
/// `arguments` longer than [`MAX_CLIP_BYTES`], and every such value after an argument's first
/// `=` (`--set=…`) or a short option's letter (`-o…`), is shown as [`clip`] shows it.
///
/// ```
/// use boardgame_io::quote::clip_arguments;
/// let long = "k".repeat(120_000);
/// let message = format!("error: invalid value '{long}' for '--shard <K/N>'");
/// let clipped = clip_arguments(&message, ["simulate", "--shard", long.as_str()]);
/// assert!(clipped.len() < 150, "{clipped}");
/// assert!(clipped.ends_with("… (120000 bytes)' for '--shard <K/N>'"), "{clipped}");
/// ```
#[cfg(feature = "std")]
#[must_use]
pub fn clip_arguments<I, S>(message: &str, arguments: I) -> String
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let mut long: Vec<String> = Vec::new();
    for argument in arguments {
        let text = argument.as_ref().to_string_lossy();
        let value = match text.split_once('=') {
            Some((_, value)) => Some(value),
            None if text.starts_with('-') && !text.starts_with("--") => text.get(2..),
            None => None,
        };
        for part in [Some(&*text), value].into_iter().flatten() {
            if part.len() > MAX_CLIP_BYTES {
                long.push(part.to_string());
            }
        }
    }
    // The longest first: a shorter one may be part of it.
    long.sort_by_key(|text| core::cmp::Reverse(text.len()));
    let mut message = message.to_string();
    for text in long {
        if message.contains(&text) {
            message = message.replace(&text, &clip(&text).to_string());
        }
    }
    message
}

/// The bytes `c` takes once escaped as `{:?}` does.
#[cfg(feature = "std")]
fn escaped_width(c: char) -> usize {
    c.escape_debug().map(char::len_utf8).sum()
}

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut escaped = 0;
        let mut end = 0;
        for (shown, (at, c)) in self.text.char_indices().enumerate() {
            let width: usize = c.escape_debug().map(char::len_utf8).sum();
            if shown == MAX_QUOTE_CHARS || escaped + width > MAX_QUOTE_BYTES {
                break;
            }
            escaped += width;
            end = at + c.len_utf8();
        }
        f.write_str("\"")?;
        for c in self.text[..end].chars() {
            fmt::Display::fmt(&c.escape_debug(), f)?;
        }
        f.write_str("\"")?;
        if self.start {
            return f.write_str("…");
        }
        let whole = end == self.text.len() && self.text.len() == self.bytes;
        match (whole, self.lossy) {
            (true, _) => Ok(()),
            (false, false) => write!(f, "… ({} bytes)", self.bytes),
            (false, true) => write!(f, "… ({} bytes, not UTF-8)", self.bytes),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_quoted_whole_and_long_text_by_a_prefix_and_its_length() {
        assert_eq!(quote("").to_string(), "\"\"");
        assert_eq!(quote("a\"b").to_string(), "\"a\\\"b\"");
        let forty = "x".repeat(MAX_QUOTE_CHARS);
        assert_eq!(quote(&forty).to_string(), format!("\"{forty}\""));
        let more = "x".repeat(MAX_QUOTE_CHARS + 1);
        assert_eq!(
            quote(&more).to_string(),
            format!("\"{forty}\"… ({} bytes)", MAX_QUOTE_CHARS + 1)
        );
    }

    #[test]
    fn a_ten_megabyte_field_of_any_characters_quotes_under_100_bytes() {
        for unit in ["a", "é", "\u{1b}", "\u{10ffff}", "\n", "\"", "漢"] {
            let field = unit.repeat(10_000_000 / unit.len());
            let quoted = quote(&field).to_string();
            assert!(
                quoted.len() < 100,
                "{unit:?}: {} bytes: {quoted}",
                quoted.len()
            );
            assert!(quoted.contains("bytes)"), "{quoted}");
        }
    }

    #[test]
    fn bytes_quote_their_text_prefix_and_say_when_they_are_not_text() {
        assert_eq!(quote_bytes(b"uci").to_string(), "\"uci\"");
        assert_eq!(
            quote_bytes(b"\xffabc").to_string(),
            "\"\"… (4 bytes, not UTF-8)"
        );
        let mut long = "é".repeat(1_000).into_bytes();
        assert!(quote_bytes(&long).to_string().ends_with("… (2000 bytes)"));
        long.push(0xff);
        assert!(
            quote_bytes(&long)
                .to_string()
                .ends_with("… (2001 bytes, not UTF-8)")
        );
    }

    #[test]
    fn a_message_is_clipped_only_when_long_and_never_split_inside_a_character() {
        let short = "x".repeat(MAX_CLIP_BYTES);
        assert_eq!(clip(&short).to_string(), short);
        assert_eq!(clip("a\nb").to_string(), "a\\nb");
        let long = "é".repeat(1000);
        let shown = clip(&long).to_string();
        assert!(
            shown.starts_with(&"é".repeat(MAX_CLIP_BYTES / 2)),
            "{shown}"
        );
        assert!(shown.ends_with("… (2000 bytes)"), "{shown}");
        let controls = "\u{1b}".repeat(10_000);
        assert!(clip(&controls).to_string().len() < MAX_CLIP_BYTES + 30);
    }

    proptest::proptest! {
        #[test]
        fn any_text_quotes_short_and_starts_like_the_text(text in ".{0,300}") {
            let quoted = quote(&text).to_string();
            proptest::prop_assert!(quoted.len() <= MAX_QUOTE_BYTES + 30, "{}", quoted);
            let prefix: String = text.chars().take(3).flat_map(char::escape_debug).collect();
            proptest::prop_assert!(quoted[1..].starts_with(&prefix) || prefix.len() > MAX_QUOTE_BYTES);
        }

        #[test]
        fn any_bytes_quote_short(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..600)) {
            let quoted = quote_bytes(&bytes).to_string();
            proptest::prop_assert!(quoted.len() <= MAX_QUOTE_BYTES + 40, "{}", quoted);
        }
    }
}
