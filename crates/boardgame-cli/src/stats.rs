//! Summary statistics of game lengths.

/// Mean, median, 99th percentile and maximum of a sample.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub(crate) struct Summary {
    pub(crate) mean: f64,
    pub p50: u64,
    pub p99: u64,
    pub(crate) max: u64,
}

impl Summary {
    /// The summary of `values` (all zero when empty). Percentiles are nearest-rank.
    pub(crate) fn of(values: &[u64]) -> Summary {
        if values.is_empty() {
            return Summary::default();
        }
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        let rank = |p: f64| {
            let index = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1;
            sorted[index]
        };
        Summary {
            mean: sorted.iter().sum::<u64>() as f64 / sorted.len() as f64,
            p50: rank(0.50),
            p99: rank(0.99),
            max: sorted[sorted.len() - 1],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles() {
        let values: Vec<u64> = (1..=100).collect();
        let s = Summary::of(&values);
        assert_eq!((s.p50, s.p99, s.max), (50, 99, 100));
        assert!((s.mean - 50.5).abs() < 1e-9);
        assert_eq!(Summary::of(&[7]).p99, 7);
        assert_eq!(Summary::of(&[]), Summary::default());
    }
}
