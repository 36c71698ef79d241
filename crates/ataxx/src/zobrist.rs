//! Zobrist keys, generated at compile time by SplitMix64 from a fixed seed.

use crate::bitboard::{Bitboard, TABLE_LEN};
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

const fn build_row_flip_keys(flip: &[u64; 49]) -> [[u64; 128]; 8] {
    let mut rows = [[0; 128]; 8];
    let mut rank = 0;
    while rank < 7 {
        let mut pattern = 0;
        while pattern < 128 {
            let mut key = 0;
            let mut file = 0;
            while file < 7 {
                if pattern & (1 << file) != 0 {
                    key ^= flip[rank * 7 + file];
                }
                file += 1;
            }
            rows[rank][pattern] = key;
            pattern += 1;
        }
        rank += 1;
    }
    rows
}

/// `PIECE[color][sq]` for `x`, `o`; `PIECE[2][sq]` for a blocked square.
pub(crate) static PIECE: [[u64; 49]; 3] = build_keys();
/// `MOVER[color][sq]`: `PIECE[color][sq]` for the two sides, padded to [`TABLE_LEN`] entries
/// so that a lookup by square needs no bounds check (the padding is 0 and never read).
pub(crate) static MOVER: [[u64; TABLE_LEN]; 2] = build_mover_keys(&build_keys());

const fn build_mover_keys(keys: &[[u64; 49]; 3]) -> [[u64; TABLE_LEN]; 2] {
    let mut mover = [[0; TABLE_LEN]; 2];
    let mut sq = 0;
    while sq < 49 {
        mover[0][sq] = keys[0][sq];
        mover[1][sq] = keys[1][sq];
        sq += 1;
    }
    mover
}
/// `FLIP[sq]`: the change when the piece on `sq` changes colour (the tests check
/// [`flip_key`] against it).
#[cfg(test)]
static FLIP: [u64; 49] = build_flip_keys(&build_keys());
/// `ROW_FLIP[rank][pattern]`: the XOR of `FLIP` over the squares of `rank` whose files are
/// the set bits of `pattern` (bit 0 = file a). Rank 7 does not exist: its row is all zeros,
/// so a lookup three ranks wide starting at rank 5 stays in the table.
static ROW_FLIP: [[u64; 128]; 8] = build_row_flip_keys(&build_flip_keys(&build_keys()));

/// `FIRST_ROW[to]`: the lowest rank a piece next to `to` can stand on (the rank below
/// `to`, or rank 0 for `to` on rank 0).
static FIRST_ROW: [u8; TABLE_LEN] = build_first_rows();

const fn build_first_rows() -> [u8; TABLE_LEN] {
    let mut rows = [0; TABLE_LEN];
    let mut to = 0;
    while to < 49 {
        let rank = to / 7;
        rows[to] = if rank == 0 { 0 } else { rank as u8 - 1 };
        to += 1;
    }
    rows
}

/// The XOR of `FLIP[sq]` over the squares `sq` of `flips`, which must lie within distance 1
/// of `to` (the pieces a move onto `to` flips). Such a set spans at most the three ranks
/// from `FIRST_ROW[to]` up, so one shift brings them to the low 21 bits and three row
/// lookups cover them, with no loop and no branch on the number of flipped pieces (equal
/// to the loop over the set bits: tested below).
#[inline(always)]
pub(crate) fn flip_key(flips: u64, to: usize) -> u64 {
    let first = usize::from(FIRST_ROW[to]);
    let window = flips >> (7 * first);
    let rows = &ROW_FLIP[first..first + 3];
    rows[0][(window & 127) as usize]
        ^ rows[1][((window >> 7) & 127) as usize]
        ^ rows[2][(window >> 14) as usize & 127]
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::NEIGHBOURS;
    use alloc::vec::Vec;

    /// A key of 0 leaves a hash unchanged and two equal keys cancel, so either makes
    /// different positions hash alike: every key (pieces of both colours, blocked squares,
    /// the side to move) is nonzero and no two are equal.
    #[test]
    fn zobrist_keys_are_distinct_and_nonzero() {
        let mut keys: Vec<u64> = PIECE.iter().flatten().copied().collect();
        keys.push(O_TO_MOVE);
        assert_eq!(keys.len(), 3 * 49 + 1);
        assert!(keys.iter().all(|&key| key != 0), "a zero key");
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), 3 * 49 + 1, "two keys are equal");
    }

    /// The keys come from SplitMix64 (Steele, Lea and Flood; the generator of Java's
    /// `SplittableRandom`): its published first outputs from seed 0.
    #[test]
    fn the_key_generator_is_splitmix64() {
        const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;
        assert_eq!(splitmix(0), 0xE220_A839_7B1D_CDAF);
        assert_eq!(splitmix(GOLDEN), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(splitmix(GOLDEN.wrapping_mul(2)), 0x06C4_5D18_8009_454F);
        // The first key is the generator's first output after the seed.
        assert_eq!(
            PIECE[0][0],
            splitmix(0x4154_4158_585F_5A42_u64.wrapping_add(GOLDEN))
        );
        assert_eq!(
            PIECE[2][48],
            splitmix(0x4154_4158_585F_5A42_u64.wrapping_add(GOLDEN.wrapping_mul(147)))
        );
    }

    #[test]
    fn flip_key_by_rows_equals_the_xor_of_the_flip_keys() {
        for (to, &around) in NEIGHBOURS.iter().enumerate().take(49) {
            // Every subset of the neighbourhood of `to` (at most 2^8).
            let mut subset: u64 = 0;
            loop {
                let expected = Bitboard(subset).fold(0, |key, sq| key ^ FLIP[sq.index()]);
                assert_eq!(flip_key(subset, to), expected, "{subset:#x} around {to}");
                subset = subset.wrapping_sub(around) & around;
                if subset == 0 {
                    break;
                }
            }
        }
    }
}
