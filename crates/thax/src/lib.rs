//! THAX and Thax Out rules engine: a two-dice covering game with exact chance outcomes. Pure: no I/O, no RNG.
//!
//! (Work in progress.)
