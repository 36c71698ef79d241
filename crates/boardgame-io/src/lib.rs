#![doc = include_str!("../README.md")]

pub mod lines;
pub mod quote;
pub mod read;
pub mod write;

pub use quote::{Clipped, Quoted, clip, quote, quote_bytes};
