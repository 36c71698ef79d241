//! The position key behind [`Ataxx::key`](crate::Ataxx::key): one 64 × 64 → 128-bit
//! multiplication of two words that together name the board and the side to move, its two
//! halves folded together by XOR (the "folded multiply" of hash functions such as wyhash).
//!
//! It replaced a Zobrist hash (issue 37; the method was called `zobrist` until then): a
//! Zobrist key needed a table lookup per changed square, about 25 instructions per move
//! with the flipped pieces; this key is computed from scratch by a child in about 6.
//!
//! The two words are `us | blocked | side ^ SEED_US` and `them | blocked | side ^ SEED_THEM`
//! (`us` the squares of the side to move, `side` the flag bit above the squares set when `o`
//! moves). They determine the position: a blocked square is the one set in both, and the
//! seeds fill the bits above the squares, so neither word is ever 0 (a 0 factor would give
//! every position with that word the same key).

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::layout::{O_TO_MOVE_FLAG, SQUARES};

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// XORed into the first word (the side to move's squares): SplitMix64 of "ATAXX_ZB".
pub(crate) const SEED_US: u64 = splitmix(0x4154_4158_585F_5A42);
/// XORed into the second word (the other side's squares): SplitMix64 of "SIDE".
pub(crate) const SEED_THEM: u64 = splitmix(0x5349_4445);

const _: () = assert!(
    SEED_US & !(SQUARES | O_TO_MOVE_FLAG) != 0 && SEED_THEM & !(SQUARES | O_TO_MOVE_FLAG) != 0,
    "each seed sets a bit that no square or flag XORs away, so no word is ever 0"
);

/// The bits of a position's third word that its key covers: the blocked squares and the
/// side to move (not the rules switch).
pub(crate) const KEYED_FLAGS: u64 = SQUARES | O_TO_MOVE_FLAG;

/// The folded 128-bit product of `a` and `b`.
#[inline(always)]
fn folded_multiply(a: u64, b: u64) -> u64 {
    let product = u128::from(a) * u128::from(b);
    (product as u64) ^ ((product >> 64) as u64)
}

/// The key of the position with side-to-move squares `us`, the other side's `them`, and
/// `board` its blocked squares plus [`O_TO_MOVE_FLAG`] when `o` moves: `seeded_us` is
/// `board ^ SEED_US` and `seeded_them` is `board ^ SEED_THEM` (a maker computes them once
/// for all the children of a parent).
#[inline(always)]
pub(crate) fn key_of_seeded(us: u64, them: u64, seeded_us: u64, seeded_them: u64) -> u64 {
    folded_multiply(us ^ seeded_us, them ^ seeded_them)
}

/// The key of a position from scratch: pieces, blocked squares and the side to move (the
/// counters are not keyed, as in chess).
pub(crate) fn key_of(pieces: [Bitboard; 2], blocked: Bitboard, side: Color) -> u64 {
    let [x, o] = pieces;
    let (us, them, side_flag) = match side {
        Color::X => (x, o, 0),
        Color::O => (o, x, O_TO_MOVE_FLAG),
    };
    let board = blocked.0 | side_flag;
    key_of_seeded(us.0, them.0, board ^ SEED_US, board ^ SEED_THEM)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seeds come from SplitMix64 (Steele, Lea and Flood; the generator of Java's
    /// `SplittableRandom`): its published first outputs from seed 0.
    #[test]
    fn the_seed_generator_is_splitmix64() {
        const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;
        assert_eq!(splitmix(0), 0xE220_A839_7B1D_CDAF);
        assert_eq!(splitmix(GOLDEN), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(splitmix(GOLDEN.wrapping_mul(2)), 0x06C4_5D18_8009_454F);
        assert_ne!(SEED_US, SEED_THEM);
    }

    /// The fold keeps both halves of the product: the low half alone would ignore the high
    /// bits of the factors.
    #[test]
    fn folded_multiply_xors_both_halves_of_the_product() {
        assert_eq!(folded_multiply(1 << 63, 4), 2);
        assert_eq!(folded_multiply(3, 5), 15);
        assert_eq!(folded_multiply(u64::MAX, u64::MAX), 1 ^ (u64::MAX - 1));
    }

    /// Swapping the sides, or a piece for a blocker, changes the key.
    #[test]
    fn the_key_tells_the_sides_and_the_blockers_apart() {
        let a = Bitboard(0b101);
        let b = Bitboard(0b1000);
        let none = Bitboard(0);
        let keys = [
            key_of([a, b], none, Color::X),
            key_of([a, b], none, Color::O),
            key_of([b, a], none, Color::X),
            key_of([b, a], none, Color::O),
            key_of([a, none], b, Color::X),
            key_of([none, a], b, Color::X),
        ];
        for (i, x) in keys.iter().enumerate() {
            for y in &keys[i + 1..] {
                assert_ne!(x, y);
            }
        }
    }
}
