//! The Ataxx engine of the `boardgame` workspace as a library: the same search and network
//! that the `boardgame-uai` binary plays with in match runners, for any front end (the
//! `boardgame` command, Python, the browser).
//!
//! - [`search`]: alpha-beta specialised to Ataxx, with a lockless transposition table shared
//!   by every thread (Lazy SMP) and the selective features strong engines use.
//! - [`spec`]: the engine specs every front end reads (`engine:nodes=N`, `engine:ms=T`,
//!   `engine:depth=D`, `engine:level=L`) and the named strength levels.
//! - [`eval`]: the learned network ([`eval::Network`], integer inference, SIMD chosen at
//!   run time) and the handcrafted, Texel-tuned [`eval::handcrafted::AtaxxEvaluator`].
//!
//! The crate does no I/O and owns no clock: time limits are read on the caller's
//! [`Clock`](boardgame_core::clock::Clock) (a native program passes
//! `boardgame_core::clock::monotonic`, a web page `performance.now()`). A one-thread search
//! spawns no thread. It builds for `wasm32-unknown-unknown` (`--no-default-features`, the
//! network then handed in as bytes with [`eval::set_default_network`]).
//!
//! ```
//! use ataxx::Ataxx;
//! use boardgame_engine::search::{Limits, Searcher};
//!
//! let mut searcher = Searcher::new(1)?;
//! let start = Ataxx::default();
//! let report = searcher.search(&start, &Limits::nodes(2_000), |_| {});
//! assert!(report.nodes <= 2_000);
//! assert_eq!(report.pv[0], report.best);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! `docs/engine.md` in the repository describes the engine and how its network was made;
//! `docs/strength.md` the matches behind every default.

pub mod eval;
pub mod search;
mod simd;
pub mod spec;

pub use simd::kernel_name;
