//! Shared vocabulary for pure board-game rules engines.
//!
//! Every game in the `boardgame` workspace implements one trait, [`Game`], in OpenSpiel's
//! *explicit chance* model: [`Game::turn`] says whether a player decides
//! ([`Turn::Player`]), chance acts ([`Turn::Chance`], with exact integer weights from
//! [`Game::chance_outcomes`]) or the game is over ([`Turn::Terminal`]). Rules crates own no
//! random number generator: a die roll is a value the caller chooses. That makes every game
//! a pure function of its [`Record`] (configuration plus events), which replays to the
//! identical state.
//!
//! What is here:
//! - seats ([`Seat`], [`BySeat`]), dice ([`Die`], [`DicePair`]) and exact distributions
//!   ([`Dist`], [`dist::D6`], [`dist::TWO_D6`]);
//! - the [`Game`] trait, move sinks ([`MoveSink`], [`MoveList`], [`Count`]), results
//!   ([`Outcome`]) and errors ([`PlayError`], [`ConfigError`], [`ReplayError`]);
//! - [`Record`]s, [`perft`](perft::perft) and [`chance_perft`](perft::chance_perft),
//!   a [`RollOff`] for deciding the first player with dice, and [`Configure`] for rule
//!   switches set by name;
//! - with feature `rand`, the seeded [`driver`] (`ChaCha8Rng`, policies, playouts);
//! - with feature `testkit`, the conformance kit [`testkit::check_game`];
//! - two [`toy`] games that show a whole implementation.
//!
//! # Example: a seeded playout of the toy dice game
//!
//! ```
//! use boardgame_core::driver::{playout, rng_from_seed, End, UniformRandom};
//! use boardgame_core::toy::{Race, RaceConfig};
//! use boardgame_core::{Game, Turn};
//!
//! let start = Race::new(RaceConfig { seats: 3, length: 10 })?;
//! assert_eq!(start.turn(), Turn::Chance); // seat 0 rolls first
//!
//! let game = playout(start, &mut UniformRandom, &mut rng_from_seed(42), 10_000);
//! let End::Terminal(outcome) = game.end else { panic!("a race always ends") };
//! println!("seat {} won after {} rolls", outcome.winner().unwrap(), game.rolls);
//!
//! // The record is the whole game: it replays to the same final state.
//! assert_eq!(game.record.replay()?, game.state);
//! // And the same seed plays the same game.
//! let again = playout(Race::new(RaceConfig { seats: 3, length: 10 })?, &mut UniformRandom,
//!                     &mut rng_from_seed(42), 10_000);
//! assert_eq!(again.record, game.record);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Feature flags
//! - `rand` (default): the seeded [`driver`]. Without it core does not depend on `rand`.
//! - `serde`: `Serialize`/`Deserialize` for seats, dice, outcomes, events and records.
//! - `testkit`: the conformance kit (implies `rand` and `std`).
//! - `std`: only needed by the testkit; the rest is `no_std` + `alloc`.

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod dice;
pub mod dist;
#[cfg(feature = "rand")]
pub mod driver;
pub mod game;
pub mod outcome;
pub mod perft;
pub mod record;
pub mod rolloff;
pub mod seat;
pub mod settings;
pub mod sink;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod toy;

pub use dice::{DicePair, Die, ParseDiceError};
pub use dist::Dist;
pub use game::{ConfigError, Game, NoChance, ParseNoChanceError, PlayError, Rejected, Turn};
pub use outcome::Outcome;
#[cfg(feature = "serde")]
pub use record::RecordLine;
pub use record::{Event, EventOf, Record, ReplayError};
pub use rolloff::{ParseRollOffError, RollOff, RollOffRule};
pub use seat::{BySeat, MAX_SEATS, ParseSeatError, Seat};
pub use settings::{Configure, Preset, Setting, SettingError};
pub use sink::{Count, FnSink, MoveList, MoveSink};
