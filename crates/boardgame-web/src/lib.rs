//! The web playground's engine: a small JavaScript interface, built with `wasm-bindgen`, over
//! every game of the workspace. It only adapts: the rules crates decide every rule, core's
//! seeded driver rolls the dice, `boardgame-search` provides the bots, and records are the
//! `boardgame` command's JSON ([`boardgame_core::RecordLine`]).
//!
//! - [`Session`]: one game in play, in plain Rust (tested natively): start from a game,
//!   preset, settings and seed, or from a state or a record; state notation; legal moves with
//!   the cells each touches; the board as cells and pieces from the game's own data; play,
//!   roll, bot moves, undo; the record.
//! - [`catalog::catalog`]: the games, their presets, settings and bots.
//! - [`bindings`]: the `#[wasm_bindgen]` wrappers JavaScript sees (`crates/boardgame-web/API.md`).
//!
//! Nothing here reads a clock (`std::time::Instant` is unavailable in the browser): bots are
//! limited by iterations or depth.
//!
//! ```
//! use boardgame_web::Session;
//!
//! let mut game = Session::new("ataxx", "", "", 7)?;
//! game.play("f1")?;
//! assert!(game.play("a1a1").is_err()); // the parser's message; nothing changes
//! game.set_seat(1, "greedy")?;
//! let reply = game.advance().unwrap();
//! assert_eq!(game.history(), format!(r#"["f1","{reply}"]"#));
//! assert!(game.undo()); // back before f1
//! assert_eq!(game.state(), "x5o/7/7/7/7/7/o5x x 0 1");
//! # Ok::<(), boardgame_web::WebError>(())
//! ```

pub mod bindings;
pub mod catalog;
mod games;
pub mod session;

pub use session::{Session, WebError};
