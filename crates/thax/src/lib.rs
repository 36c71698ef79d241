#![doc = include_str!("../README.md")]
//!
//! # Overview
//!
//! Each player has a side of numbered spaces (by default the numbers 1 to 5, three spaces
//! each). On a turn the player throws two dice and either places pieces on the numbers
//! rolled, places one piece on their sum, or takes an opponent's piece onto one of the
//! numbers. A six means nothing, double six ("thax") removes one of your own pieces, and a
//! double other than 6-6 throws again. The first to cover every space of their side wins.
//! Classic THAX returns thaxed pieces to the supply; Thax Out puts them in a pot.
//!
//! The game is a [`Game`](boardgame_core::Game) in the explicit-chance model: every throw
//! is a chance node over the 21 unordered outcomes of two dice with exact weights, so a game
//! is a pure function of its record. Every rule and interpretation is documented in
//! `docs/rules/thax.md`, each with the switch ([`ThaxConfig`]) and the test that checks it.

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;

mod board;
mod config;
mod game;
mod moves;
mod notation;
mod result;
mod state;

pub use board::{Board, MAX_COPIES, MAX_NUMBER, ParseBoardError};
pub use config::{FirstPlayer, ThaxConfig, TurnLimitRule, Variant};
pub use moves::{ParseMoveError, ThaxMove};
pub use notation::ParseThaxError;
pub use result::ThaxResult;
pub use state::{MAX_MOVES, Thax, ThaxMoveList};
