//! The 8 symmetries of the square board (the dihedral group D4) and a canonical form.
//!
//! Ataxx rules are invariant under every symmetry (the neighbourhoods are squares), so a
//! position and its image have the same game tree; transposition tables and opening books
//! can store one representative per class: [`Ataxx::canonical`].

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::moves::Move;
use crate::position::Ataxx;
use crate::square::Square;

/// A symmetry of the 7×7 board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    /// Leaves every square in place.
    Identity,
    /// Quarter turn clockwise (a7 → g7).
    Rotate90,
    /// Half turn (a1 → g7).
    Rotate180,
    /// Quarter turn anticlockwise (a1 → g1 → … ; a7 → a1).
    Rotate270,
    /// Mirror left-right (a ↔ g files).
    FlipFiles,
    /// Mirror top-bottom (rank 1 ↔ rank 7).
    FlipRanks,
    /// Reflect in the a1-g7 diagonal (file ↔ rank).
    Transpose,
    /// Reflect in the a7-g1 diagonal.
    AntiTranspose,
}

const fn map(sym: usize, file: u8, rank: u8) -> (u8, u8) {
    match sym {
        0 => (file, rank),
        1 => (rank, 6 - file),
        2 => (6 - file, 6 - rank),
        3 => (6 - rank, file),
        4 => (6 - file, rank),
        5 => (file, 6 - rank),
        6 => (rank, file),
        _ => (6 - rank, 6 - file),
    }
}

const fn build_maps() -> [[u8; 49]; 8] {
    let mut maps = [[0; 49]; 8];
    let mut sym = 0;
    while sym < 8 {
        let mut sq = 0;
        while sq < 49 {
            let (file, rank) = map(sym, (sq % 7) as u8, (sq / 7) as u8);
            maps[sym][sq] = rank * 7 + file;
            sq += 1;
        }
        sym += 1;
    }
    maps
}

static MAPS: [[u8; 49]; 8] = build_maps();

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipFiles,
        Symmetry::FlipRanks,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The image of `sq`.
    #[must_use]
    pub fn square(self, sq: Square) -> Square {
        Square::from_index(usize::from(MAPS[self as usize][sq.index()]))
    }

    /// The image of a set of squares.
    #[must_use]
    pub fn bitboard(self, set: Bitboard) -> Bitboard {
        set.map(|sq| self.square(sq)).collect()
    }

    /// The image of a move.
    #[must_use]
    pub fn apply_to_move(self, mv: Move) -> Move {
        match mv {
            Move::Single(to) => Move::Single(self.square(to)),
            Move::Double { from, to } => Move::Double {
                from: self.square(from),
                to: self.square(to),
            },
            Move::Pass => Move::Pass,
        }
    }

    /// The symmetry that undoes this one.
    #[must_use]
    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }
}

impl Ataxx {
    /// The image of the position under `sym` (side to move, counters and rules kept).
    #[must_use]
    pub fn transformed(&self, sym: Symmetry) -> Ataxx {
        let pieces = [Color::X, Color::O].map(|color| sym.bitboard(self.pieces(color)));
        let blocked = sym.bitboard(self.blocked());
        Ataxx::from_parts(
            pieces,
            blocked,
            self.side_to_move(),
            self.halfmove_clock(),
            self.fullmove_number(),
            self.rules(),
        )
        .expect("a symmetry keeps the sets disjoint")
    }

    /// The canonical representative of the position's symmetry class, and the symmetry
    /// that maps this position onto it: the image whose `(blocked, x, o)` bitboards are
    /// smallest. Two positions are symmetric exactly when their canonical forms are equal.
    ///
    /// ```
    /// use ataxx::{Ataxx, Symmetry};
    /// let pos: Ataxx = "x5o/7/7/7/4x2/7/o6 o 1 1".parse()?;
    /// let mirrored = pos.transformed(Symmetry::FlipFiles);
    /// assert_ne!(mirrored, pos);
    /// assert_eq!(mirrored.canonical().0, pos.canonical().0);
    /// # Ok::<(), ataxx::FenError>(())
    /// ```
    #[must_use]
    pub fn canonical(&self) -> (Ataxx, Symmetry) {
        Symmetry::ALL
            .into_iter()
            .map(|sym| (self.transformed(sym), sym))
            .min_by_key(|(pos, _)| (pos.blocked(), pos.pieces(Color::X), pos.pieces(Color::O)))
            .expect("eight symmetries")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_distinct_permutations_with_inverses() {
        for (i, a) in Symmetry::ALL.into_iter().enumerate() {
            let image: Bitboard = Square::all().map(|sq| a.square(sq)).collect();
            assert_eq!(image, Bitboard::ALL);
            for sq in Square::all() {
                assert_eq!(a.inverse().square(a.square(sq)), sq);
            }
            for b in &Symmetry::ALL[i + 1..] {
                assert!(
                    Square::all().any(|sq| a.square(sq) != b.square(sq)),
                    "{a:?} = {b:?}"
                );
            }
        }
    }

    #[test]
    fn symmetries_preserve_distance() {
        for sym in Symmetry::ALL {
            for a in Square::all() {
                for b in Square::all() {
                    assert_eq!(sym.square(a).distance(sym.square(b)), a.distance(b));
                }
            }
        }
    }
}
