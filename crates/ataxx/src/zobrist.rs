//! Zobrist keys, generated at compile time by SplitMix64 from a fixed seed.

use crate::bitboard::Bitboard;
use crate::color::Color;

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn build_keys() -> [[u64; 49]; 3] {
    let mut keys = [[0; 49]; 3];
    let mut state: u64 = 0x4154_4158_585F_5A42; // "ATAXX_ZB"
    let mut kind = 0;
    while kind < 3 {
        let mut sq = 0;
        while sq < 49 {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            keys[kind][sq] = splitmix(state);
            sq += 1;
        }
        kind += 1;
    }
    keys
}

const fn build_flip_keys(keys: &[[u64; 49]; 3]) -> [u64; 49] {
    let mut flip = [0; 49];
    let mut sq = 0;
    while sq < 49 {
        flip[sq] = keys[0][sq] ^ keys[1][sq];
        sq += 1;
    }
    flip
}

/// `PIECE[color][sq]` for `x`, `o`; `PIECE[2][sq]` for a blocked square.
pub(crate) static PIECE: [[u64; 49]; 3] = build_keys();
/// `FLIP[sq]`: the change when the piece on `sq` changes colour.
pub(crate) static FLIP: [u64; 49] = build_flip_keys(&build_keys());
/// Toggled when `o` is to move.
pub(crate) const O_TO_MOVE: u64 = splitmix(0x5349_4445); // "SIDE"

/// The hash of a position from scratch: pieces, blocked squares and the side to move (the
/// counters are not hashed, as in chess).
pub(crate) fn hash_of(pieces: [Bitboard; 2], blocked: Bitboard, side: Color) -> u64 {
    let mut hash = if side == Color::O { O_TO_MOVE } else { 0 };
    for (kind, set) in [pieces[0], pieces[1], blocked].into_iter().enumerate() {
        for sq in set {
            hash ^= PIECE[kind][sq.index()];
        }
    }
    hash
}
