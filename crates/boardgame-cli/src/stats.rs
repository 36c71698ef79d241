//! Summary statistics of game lengths, kept as count histograms so that a run of any number
//! of games needs memory only for the distinct lengths, and runs merge exactly.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// How many games had each length: `length → count`. Its size is bounded by the number of
/// distinct lengths (at most the ply guard + 1 for plies), not by the number of games. In
/// JSON, a list of `[length, count]` pairs, read and written without a copy in between.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Histogram {
    counts: BTreeMap<u64, u64>,
}

impl Serialize for Histogram {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(&self.counts)
    }
}

impl<'de> Deserialize<'de> for Histogram {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// Reads the pairs straight into the map (a list in between would double the memory
        /// of a large summary).
        struct Pairs;

        impl<'de> serde::de::Visitor<'de> for Pairs {
            type Value = Histogram;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a list of [length, count] pairs")
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut pairs: A,
            ) -> Result<Histogram, A::Error> {
                let mut histogram = Histogram::default();
                while let Some((value, count)) = pairs.next_element::<(u64, u64)>()? {
                    if count > 0 {
                        let entry = histogram.counts.entry(value).or_insert(0);
                        *entry = entry.saturating_add(count);
                    }
                }
                Ok(histogram)
            }
        }

        deserializer.deserialize_seq(Pairs)
    }
}

impl Histogram {
    /// Counts one game of length `value`.
    pub(crate) fn add(&mut self, value: u64) {
        *self.counts.entry(value).or_insert(0) += 1;
    }

    /// Adds every count of `other` to this one (taking `other` whole when this one is empty).
    pub(crate) fn merge_owned(&mut self, other: Histogram) {
        if self.counts.is_empty() {
            *self = other;
        } else {
            self.merge(&other);
        }
    }

    /// Adds every count of `other` to this one.
    pub(crate) fn merge(&mut self, other: &Histogram) {
        for (&value, &count) in &other.counts {
            let entry = self.counts.entry(value).or_insert(0);
            *entry = entry.saturating_add(count);
        }
    }

    /// The largest value counted, if any.
    pub(crate) fn max_value(&self) -> Option<u64> {
        self.counts.keys().next_back().copied()
    }

    /// How many values were counted.
    /// (Saturating: counts read from a tampered file cannot overflow.)
    pub(crate) fn total(&self) -> u64 {
        self.counts
            .values()
            .fold(0, |sum, &c| sum.saturating_add(c))
    }

    /// The sum of all values counted.
    pub(crate) fn sum(&self) -> u128 {
        self.counts.iter().fold(0, |sum: u128, (&value, &count)| {
            sum.saturating_add(u128::from(value) * u128::from(count))
        })
    }

    /// The value at 1-based `rank` of the values in increasing order (the largest value
    /// past the last rank; 0 when nothing was counted).
    pub(crate) fn at_rank(&self, rank: u64) -> u64 {
        let mut seen: u64 = 0;
        for (&value, &count) in &self.counts {
            seen = seen.saturating_add(count);
            if seen >= rank {
                return value;
            }
        }
        self.max_value().unwrap_or(0)
    }

    /// Mean, median, 99th percentile and maximum, exactly as if computed from every value.
    pub(crate) fn summary(&self) -> Summary {
        let total = self.total();
        if total == 0 {
            return Summary::default();
        }
        let sum = self.sum();
        // Nearest rank: the smallest value whose cumulative count reaches ceil(p * total).
        let rank = |p: f64| self.at_rank(((p * total as f64).ceil() as u64).clamp(1, total));
        Summary {
            mean: sum as f64 / total as f64,
            p50: rank(0.50),
            p99: rank(0.99),
            max: self.counts.keys().next_back().copied().unwrap_or(0),
        }
    }
}

/// Mean, median, 99th percentile and maximum of a sample.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub(crate) struct Summary {
    pub(crate) mean: f64,
    pub(crate) p50: u64,
    pub(crate) p99: u64,
    pub(crate) max: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn histogram(values: impl IntoIterator<Item = u64>) -> Histogram {
        let mut histogram = Histogram::default();
        values.into_iter().for_each(|v| histogram.add(v));
        histogram
    }

    #[test]
    fn nearest_rank_percentiles() {
        let s = histogram(1..=100).summary();
        assert_eq!((s.p50, s.p99, s.max), (50, 99, 100));
        assert!((s.mean - 50.5).abs() < 1e-9);
        assert_eq!(histogram([7]).summary().p99, 7);
        assert_eq!(Histogram::default().summary(), Summary::default());
        // Repeated values: 99 ones and one 1000 put the 99th percentile at 1.
        let skewed = histogram(std::iter::repeat_n(1, 99).chain([1000])).summary();
        assert_eq!((skewed.p50, skewed.p99, skewed.max), (1, 1, 1000));
        let h = histogram([5, 3, 3, 9]);
        let ranks: Vec<u64> = (0..=5).map(|r| h.at_rank(r)).collect();
        assert_eq!(ranks, [3, 3, 3, 5, 9, 9]);
        assert_eq!(Histogram::default().at_rank(1), 0);
    }

    #[test]
    fn merged_histograms_equal_the_histogram_of_all_values() {
        let mut left = histogram([3, 5, 5, 9]);
        let right = histogram([5, 1, 12]);
        left.merge(&right);
        assert_eq!(left, histogram([3, 5, 5, 9, 5, 1, 12]));
        assert_eq!(left.total(), 7);
    }

    #[test]
    fn histograms_round_trip_through_json_as_pairs() {
        let h = histogram([4, 4, 2]);
        let json = serde_json::to_string(&h).unwrap();
        assert_eq!(json, "[[2,1],[4,2]]");
        assert_eq!(serde_json::from_str::<Histogram>(&json).unwrap(), h);
        // Pairs in any order, repeated or empty, read as the counts they add up to.
        let read: Histogram = serde_json::from_str("[[4,1],[2,1],[4,1],[9,0]]").unwrap();
        assert_eq!(read, h);
        assert!(serde_json::from_str::<Histogram>("[[1,2,3]]").is_err());
        assert!(serde_json::from_str::<Histogram>("{}").is_err());
    }
}
