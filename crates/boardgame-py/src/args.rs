//! Arguments from Python, checked once here: whole numbers into Rust's integer types, and the
//! user's text quoted short in every message.
//!
//! - [`Whole`] takes any Python `int` and turns one out of the target type's range (a
//!   negative seat, `2**70` as an action id) into a `ValueError` that says the range, where a
//!   plain `usize` argument would raise `OverflowError`.
//! - [`short`] bounds every message the module raises (`crate::refused` calls it): messages
//!   of the rules crates and of `boardgame-search` that quote a field in full are cut, so that
//!   no message is longer than [`MAX_MESSAGE`] bytes whatever the input. Text formatted here
//!   quotes the user's text with [`boardgame_io::quote`].

use std::fmt::Display;

use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;

/// The longest message the module raises, in bytes (the hostile-input tests check 200).
pub(crate) const MAX_MESSAGE: usize = 180;

/// A whole number argument that fits `T`, or a `ValueError` naming `T`'s range.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Whole<T>(pub(crate) T);

/// The range of an integer type, for messages.
pub(crate) trait Range: Sized + TryFrom<i128> {
    const LOW: i128;
    const HIGH: i128;
}

macro_rules! range {
    ($($t:ty),*) => {$(
        impl Range for $t {
            const LOW: i128 = <$t>::MIN as i128;
            const HIGH: i128 = <$t>::MAX as i128;
        }
    )*};
}
range!(u32, u64, usize, i64, i128);

impl Range for u128 {
    const LOW: i128 = 0;
    const HIGH: i128 = i128::MAX;
}

/// The `ValueError` for a whole number outside `low..=high` (`shown`: the number, if it is
/// short enough to show).
fn out_of_range(shown: Option<i128>, low: i128, high: i128) -> PyErr {
    let what = match shown {
        Some(value) => value.to_string(),
        None => "a number of more than 38 digits".to_owned(),
    };
    PyValueError::new_err(format!(
        "{what} is out of range: expected a whole number from {low} to {high}"
    ))
}

impl<'a, 'py, T: Range> FromPyObject<'a, 'py> for Whole<T> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let value = match obj.extract::<i128>() {
            Ok(value) => value,
            Err(error) if error.is_instance_of::<PyOverflowError>(obj.py()) => {
                return Err(out_of_range(None, T::LOW, T::HIGH));
            }
            Err(error) => return Err(error),
        };
        T::try_from(value)
            .map(Whole)
            .map_err(|_| out_of_range(Some(value), T::LOW, T::HIGH))
    }
}

/// `message`, cut to at most [`MAX_MESSAGE`] bytes (a prefix, then its length) if it is
/// longer.
pub(crate) fn short(message: String) -> String {
    if message.len() <= MAX_MESSAGE {
        return message;
    }
    let total = message.len();
    let mut end = MAX_MESSAGE - 40;
    while !message.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… (a message of {total} bytes, cut)", &message[..end])
}

/// The user's text quoted short: [`boardgame_io::quote`].
pub(crate) fn quoted(text: &str) -> impl Display + '_ {
    boardgame_io::quote(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_message_is_cut_to_the_limit_and_says_its_length() {
        let long = format!("unknown game {}", "é".repeat(5_000_000));
        let cut = short(long);
        assert!(cut.len() <= MAX_MESSAGE, "{}", cut.len());
        assert!(cut.ends_with("(a message of 10000013 bytes, cut)"), "{cut}");
        assert_eq!(short("short".into()), "short");
    }

    #[test]
    fn a_quote_of_ten_megabytes_is_short() {
        let text = "x".repeat(10_000_000);
        assert!(quoted(&text).to_string().len() < 100);
    }
}
