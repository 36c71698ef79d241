#![doc = include_str!("../README.md")]
#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(feature = "std")]
pub mod lines;
pub mod quote;
#[cfg(feature = "std")]
pub mod read;
#[cfg(feature = "std")]
pub mod write;

pub use quote::{Clipped, Quoted, clip, quote, quote_bytes};
