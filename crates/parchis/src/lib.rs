//! Parchís (Spanish ludo) rules engine for 2-4 players, the seed rules and a Spanish preset, with exact chance outcomes. Pure: no I/O, no RNG.
//!
//! (Work in progress.)
