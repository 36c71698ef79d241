#![doc = include_str!("../README.md")]

pub mod lines;
pub mod quote;
pub mod read;
pub mod write;

pub use quote::{Quoted, quote, quote_bytes, quote_path};
