//! Ataxx rules engine: 7x7 bitboards with blockers, FEN, UAI move notation, perft, Zobrist hashing and symmetries. Pure: no I/O, no RNG.
//!
//! (Work in progress.)
