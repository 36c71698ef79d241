//! [`StateKey`]: the transposition-table key of a state, and the game's move-ordering hint.

use core::hash::{Hash, Hasher};

use ataxx::{Ataxx, Bitboard, Color, Move};
use boardgame_core::Game;
use boardgame_core::toy::Nim;

use super::MAX_DEPTH;

/// What alpha-beta needs from a game beyond [`Game`]: a 64-bit key for the transposition
/// table and, optionally, a cheap move-ordering hint.
///
/// Two states with the same key must have the same game-theoretic subtree to the depths
/// the search uses ([`MAX_DEPTH`] plies at most); a collision between different states is
/// only as harmful as any hash collision (the table stores the full key).
pub trait StateKey: Game {
    /// The key of this state (for Ataxx, its `key()`, see the impl).
    fn state_key(&self) -> u64;

    /// How promising `mv` looks before searching it: higher is tried first, after the
    /// transposition-table move and before killers and history. The default is 0 for every
    /// move (no hint).
    fn order_hint(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }
}

/// A 64-bit FNV-1a hasher: cheap, deterministic, enough for table keys and history slots.
#[derive(Debug)]
pub(crate) struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        // A final avalanche so that the low and high bits are both usable as indices.
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3);
        }
    }
}

/// The FNV-based hash of any hashable value.
pub(crate) fn fnv_hash<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut hasher = Fnv::default();
    value.hash(&mut hasher);
    hasher.finish()
}

/// The half-move clock value from which it enters the Ataxx key: a position whose clock is
/// below it cannot reach the 100-ply draw within [`MAX_DEPTH`] plies, so its subtree does
/// not depend on the clock.
const ATAXX_CLOCK_KEYED_FROM: u16 = ataxx::AtaxxConfig::CLOCK_LIMIT - MAX_DEPTH as u16;

/// Mixed into the key of positions played without the 100-ply clock.
const NO_CLOCK_SALT: u64 = 0x6E6F_636C_6F63_6B21;

impl StateKey for Ataxx {
    /// The position key (`Ataxx::key`: pieces, blockers, side to move). The half-move
    /// clock is mixed in only when it matters: from 36 plies on (100 − [`MAX_DEPTH`]), where
    /// the 100-ply draw may fall inside a searched subtree, so entries are never shared
    /// between different clocks near the draw. Positions under the no-clock rules get a different key.
    fn state_key(&self) -> u64 {
        let mut key = self.key();
        if !self.rules().ply_clock {
            key ^= NO_CLOCK_SALT;
        } else if self.halfmove_clock() >= ATAXX_CLOCK_KEYED_FROM {
            key ^= fnv_hash(&self.halfmove_clock());
        }
        key
    }

    /// Captures first: twice the opponent stones the move flips, plus one for a clone (it
    /// adds a stone and leaves no hole). A pass gets 0.
    fn order_hint(&self, mv: Move) -> i32 {
        let Some(to) = mv.to() else { return 0 };
        let them: Color = !self.side_to_move();
        let flips = (Bitboard::neighbours(to) & self.pieces(them)).len() as i32;
        2 * flips + i32::from(mv.is_single())
    }
}

impl StateKey for Nim {
    /// A hash of the whole state (counters, seat to move, rules).
    fn state_key(&self) -> u64 {
        fnv_hash(self)
    }
}
