//! A module file named `tests.rs` that is not test code (issue 52: the scan skipped it).
#![cfg_attr(rustfmt, rustfmt::skip)]

pub(super) fn y(p: &std::path::Path) { std::fs::write(p, b"x").unwrap(); } // planted: in a file named tests.rs
