#![cfg_attr(feature = "std", doc = include_str!("../README.md"))]
#![cfg_attr(
    not(feature = "std"),
    doc = "The boardgame workspace's guards for hostile input. Without the `std` feature, only \
           [`quote()`], [`quote_bytes`] and [`clip`]: a user's text quoted short in a message, for \
           the no_std rules crates."
)]
#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(feature = "clap")]
pub mod args;
#[cfg(feature = "std")]
pub mod lines;
#[cfg(feature = "process")]
pub mod process;
pub mod quote;
#[cfg(feature = "std")]
pub mod read;
#[cfg(any(test, feature = "scratch"))]
pub mod scratch;
#[cfg(feature = "signals")]
pub mod signals;
#[cfg(feature = "std")]
pub mod write;

#[cfg(feature = "std")]
pub use quote::quote_path;
pub use quote::{Clipped, Quoted, clip, quote, quote_bytes};
