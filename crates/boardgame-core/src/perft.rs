//! Perft: counting the game tree to a fixed depth, the standard correctness check for move
//! generators.

use alloc::vec::Vec;

use crate::game::{Game, Turn};

/// The number of paths of exactly `depth` edges from `state`, where an edge is a move or a
/// chance outcome. Terminal nodes end paths early and count 0 (at `depth >= 1`).
///
/// At depth 1 decision nodes are counted in bulk with [`Game::count_moves`].
#[must_use]
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    match state.turn() {
        Turn::Terminal => 0,
        Turn::Player(_) if depth == 1 => state.count_moves() as u64,
        Turn::Player(_) => {
            let mut moves = Vec::with_capacity(G::MAX_MOVES.min(64));
            state.legal_moves(&mut moves);
            moves
                .iter()
                .map(|&m| {
                    let mut child = state.clone();
                    child.play_unchecked(m);
                    perft(&child, depth - 1)
                })
                .sum()
        }
        Turn::Chance => {
            let dist = state
                .chance_outcomes()
                .expect("chance node without outcomes");
            if depth == 1 {
                return dist.len() as u64;
            }
            dist.iter()
                .map(|(c, _)| {
                    let mut child = state.clone();
                    child.apply_chance_unchecked(c);
                    perft(&child, depth - 1)
                })
                .sum()
        }
    }
}

/// Per-root-move perft counts (`divide`), in move-generation order.
#[must_use]
pub fn divide<G: Game>(state: &G, depth: u32) -> Vec<(G::Move, u64)> {
    let moves = state.legal_moves_vec();
    moves
        .into_iter()
        .map(|m| {
            let mut child = state.clone();
            child.play_unchecked(m);
            (m, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}

/// An exact fraction, kept reduced.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Mass {
    /// Numerator.
    pub num: u128,
    /// Denominator (never 0).
    pub den: u128,
}

impl Mass {
    const ONE: Mass = Mass { num: 1, den: 1 };

    fn new(num: u128, den: u128) -> Mass {
        let g = gcd(num, den).max(1);
        Mass {
            num: num / g,
            den: den / g,
        }
    }

    fn checked_add(self, other: Mass) -> Option<Mass> {
        let g = gcd(self.den, other.den);
        let den = (self.den / g).checked_mul(other.den)?;
        let num = self
            .num
            .checked_mul(den / self.den)?
            .checked_add(other.num.checked_mul(den / other.den)?)?;
        Some(Mass::new(num, den))
    }

    fn checked_scale(self, num: u128, den: u128) -> Option<Mass> {
        let a = Mass::new(num, self.den);
        let b = Mass::new(self.num, den);
        Some(Mass::new(
            a.num.checked_mul(b.num)?,
            a.den.checked_mul(b.den)?,
        ))
    }

    /// Whether the fraction is exactly 1.
    #[must_use]
    pub fn is_one(self) -> bool {
        self == Mass::ONE
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Statistics of a chance perft: edges of each kind and the exact probability mass.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct ChancePerft {
    /// Paths of exactly the requested depth (as [`perft`] counts them).
    pub leaves: u64,
    /// Move edges visited.
    pub decision_edges: u64,
    /// Chance-outcome edges visited.
    pub chance_edges: u64,
    /// Terminal nodes reached before the depth ran out.
    pub terminals: u64,
    /// The total probability of all paths that end at the depth or earlier at a terminal,
    /// when every move is picked uniformly and every chance outcome with its exact weight.
    /// Exactly 1 for a correct game; `None` if the exact fraction overflowed (which only a
    /// wrong distribution can cause, since every correct subtree has mass exactly 1).
    pub mass: Option<Mass>,
}

impl ChancePerft {
    /// Whether the probability mass is exactly 1.
    #[must_use]
    pub fn is_mass_exact(&self) -> bool {
        self.mass.is_some_and(Mass::is_one)
    }
}

/// Chance perft to `depth` edges (moves and chance outcomes both count as one).
///
/// Besides counting, it checks probability exactly, in integers: every chance node's weights
/// are multiplied along each path, and the resulting mass must be exactly 1 (under uniform
/// choice at decision nodes). A missing outcome, a wrong weight or a total that is not the
/// sum of the weights shows up as a mass other than 1.
#[must_use]
pub fn chance_perft<G: Game>(state: &G, depth: u32) -> ChancePerft {
    let mut stats = ChancePerft::default();
    stats.mass = walk(state, depth, &mut stats);
    stats
}

fn walk<G: Game>(state: &G, depth: u32, stats: &mut ChancePerft) -> Option<Mass> {
    match state.turn() {
        Turn::Terminal => {
            stats.terminals += 1;
            if depth == 0 {
                stats.leaves += 1;
            }
            Some(Mass::ONE)
        }
        _ if depth == 0 => {
            stats.leaves += 1;
            Some(Mass::ONE)
        }
        Turn::Player(_) => {
            let moves = state.legal_moves_vec();
            let n = moves.len() as u128;
            let mut mass = Some(Mass { num: 0, den: 1 });
            for m in moves {
                stats.decision_edges += 1;
                let mut child = state.clone();
                child.play_unchecked(m);
                let sub = walk(&child, depth - 1, stats);
                mass = mass
                    .zip(sub.and_then(|s| s.checked_scale(1, n)))
                    .and_then(|(a, b)| a.checked_add(b));
            }
            if n == 0 { None } else { mass }
        }
        Turn::Chance => {
            let dist = state
                .chance_outcomes()
                .expect("chance node without outcomes");
            let total = u128::from(dist.total());
            let mut mass = Some(Mass { num: 0, den: 1 });
            for (outcome, weight) in dist.iter() {
                stats.chance_edges += 1;
                let mut child = state.clone();
                child.apply_chance_unchecked(outcome);
                let sub = walk(&child, depth - 1, stats);
                mass = mass
                    .zip(sub.and_then(|s| s.checked_scale(u128::from(weight), total)))
                    .and_then(|(a, b)| a.checked_add(b));
            }
            mass
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mass_arithmetic_is_exact() {
        let third = Mass::new(1, 3);
        let sum = third
            .checked_add(third)
            .unwrap()
            .checked_add(third)
            .unwrap();
        assert!(sum.is_one());
        assert_eq!(Mass::ONE.checked_scale(2, 36), Some(Mass::new(1, 18)));
    }

    /// A chance perft reports a broken distribution by a mass other than 1, so `is_one` and
    /// `is_mass_exact` must say no to every other fraction (and to an overflowed mass).
    #[test]
    fn a_mass_other_than_one_is_not_exact() {
        assert!(Mass::new(36, 36).is_one());
        for (num, den) in [(1, 2), (5, 6), (7, 6), (0, 1), (2, 1)] {
            let mass = Mass::new(num, den);
            assert!(!mass.is_one(), "{num}/{den}");
            let stats = ChancePerft {
                mass: Some(mass),
                ..ChancePerft::default()
            };
            assert!(!stats.is_mass_exact(), "{num}/{den}");
        }
        assert!(
            !ChancePerft::default().is_mass_exact(),
            "no mass (overflow)"
        );
        let exact = ChancePerft {
            mass: Some(Mass::ONE),
            ..ChancePerft::default()
        };
        assert!(exact.is_mass_exact());
    }
}
