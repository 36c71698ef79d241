//! Exact chance distributions: integer weights over a common total.
//!
//! `P(outcome) = weight / total`, with `Σ weights == total` as an invariant, so sums and
//! probability-mass checks are exact (no floating-point tolerance anywhere in the rules).

use crate::dice::{DicePair, Die};

/// A finite distribution over chance outcomes with exact integer weights.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Dist<'a, C> {
    outcomes: &'a [(C, u32)],
    total: u32,
}

impl<'a, C> Dist<'a, C> {
    /// A distribution over `outcomes`, each paired with its weight; the total is their sum.
    ///
    /// # Panics
    /// If `outcomes` is empty, a weight is 0, or the sum overflows `u32`.
    #[track_caller]
    #[must_use]
    pub const fn new(outcomes: &'a [(C, u32)]) -> Dist<'a, C> {
        assert!(
            !outcomes.is_empty(),
            "a distribution needs at least one outcome"
        );
        let mut total: u32 = 0;
        let mut i = 0;
        while i < outcomes.len() {
            assert!(outcomes[i].1 > 0, "weights must be positive");
            total = match total.checked_add(outcomes[i].1) {
                Some(sum) => sum,
                None => panic!("weights overflow u32"),
            };
            i += 1;
        }
        Dist { outcomes, total }
    }

    /// The outcomes with their weights, in a fixed documented order.
    #[must_use]
    pub const fn outcomes(&self) -> &'a [(C, u32)] {
        self.outcomes
    }

    /// The sum of all weights.
    #[must_use]
    pub const fn total(&self) -> u32 {
        self.total
    }

    /// The number of distinct outcomes.
    #[must_use]
    #[expect(clippy::len_without_is_empty, reason = "a distribution is never empty")]
    pub const fn len(&self) -> usize {
        self.outcomes.len()
    }

    /// The probability of the `index`-th outcome as `f64`, for learning code.
    ///
    /// # Panics
    /// If `index >= self.len()`.
    #[must_use]
    #[track_caller]
    pub fn probability(&self, index: usize) -> f64 {
        f64::from(self.outcomes[index].1) / f64::from(self.total)
    }

    /// Iterates over `(outcome, weight)` pairs.
    pub fn iter(&self) -> impl Iterator<Item = (C, u32)> + 'a
    where
        C: Copy,
    {
        self.outcomes.iter().copied()
    }
}

impl<C: PartialEq> Dist<'_, C> {
    /// The weight of `outcome`, or 0 if it cannot happen.
    #[must_use]
    pub fn weight(&self, outcome: &C) -> u32 {
        self.outcomes
            .iter()
            .find(|(c, _)| c == outcome)
            .map_or(0, |&(_, w)| w)
    }
}

static D6_OUTCOMES: [(Die, u32); 6] = {
    let mut out = [(Die::ONE, 1); 6];
    let mut i = 0;
    while i < 6 {
        out[i] = (Die::ALL[i], 1);
        i += 1;
    }
    out
};

static TWO_D6_OUTCOMES: [(DicePair, u32); 21] = {
    let mut out = [(DicePair::of(1, 1), 1); 21];
    let mut n = 0;
    let mut low = 1;
    while low <= 6 {
        let mut high = low;
        while high <= 6 {
            let pair = DicePair::of(low, high);
            out[n] = (pair, pair.weight());
            n += 1;
            high += 1;
        }
        low += 1;
    }
    out
};

/// One six-sided die: faces 1..=6, weight 1 each, total 6.
pub const D6: Dist<'static, Die> = Dist::new(&D6_OUTCOMES);

/// Two six-sided dice, unordered: 21 outcomes ordered by (low, high), total 36.
pub const TWO_D6: Dist<'static, DicePair> = Dist::new(&TWO_D6_OUTCOMES);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_die_is_uniform_over_six() {
        assert_eq!(D6.total(), 6);
        assert_eq!(D6.len(), 6);
        assert!(D6.iter().all(|(_, w)| w == 1));
        assert_eq!(D6.weight(&Die::of(4)), 1);
    }

    #[test]
    fn two_dice_have_21_outcomes_summing_to_36() {
        assert_eq!(TWO_D6.len(), 21);
        assert_eq!(TWO_D6.total(), 36);
        assert_eq!(TWO_D6.iter().map(|(_, w)| w).sum::<u32>(), 36);
        assert_eq!(TWO_D6.weight(&DicePair::of(6, 6)), 1);
        assert_eq!(TWO_D6.weight(&DicePair::of(2, 5)), 2);
        let doubles = TWO_D6.iter().filter(|(p, _)| p.is_double()).count();
        assert_eq!(doubles, 6);
        // Each unordered pair appears once.
        for (i, (a, _)) in TWO_D6.iter().enumerate() {
            assert!(TWO_D6.iter().skip(i + 1).all(|(b, _)| a != b));
        }
    }

    #[test]
    fn probabilities_sum_to_one() {
        let sum: f64 = (0..TWO_D6.len()).map(|i| TWO_D6.probability(i)).sum();
        assert!((sum - 1.0).abs() < 1e-12);
    }

    #[test]
    #[should_panic(expected = "positive")]
    fn zero_weights_are_rejected() {
        let _ = Dist::new(&[(1u8, 0u32)]);
    }
}
