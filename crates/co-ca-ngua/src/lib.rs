//! Cờ cá ngựa (Vietnamese ludo) rules engine on a data-described board, with exact chance outcomes. Pure: no I/O, no RNG.
//!
//! (Work in progress.)
