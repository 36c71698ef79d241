//! Selection rules: how a decision node picks the child to descend into.

/// What a selection rule sees of one child of a decision node.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct EdgeStats {
    /// Visits of the parent (the decision node).
    pub parent_visits: u32,
    /// Visits of this child (0 if it was never tried).
    pub visits: u32,
    /// The mean reward of this child for the seat choosing at the parent, in `0.0..=1.0`
    /// (0.0 when unvisited).
    pub mean: f64,
    /// The prior probability of the move (uniform, `1 / moves`, unless a caller supplies
    /// priors).
    pub prior: f64,
}

/// Scores the children of a decision node; the search descends into the highest score
/// (the first one in move order on ties).
pub trait SelectionRule {
    /// The score of one child.
    fn score(&self, edge: &EdgeStats) -> f64;
}

/// UCB1 applied to trees (Kocsis and Szepesvári): `mean + c·√(ln N / n)`, and every untried
/// move first.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Uct {
    /// The exploration constant `c` (rewards are in `0..=1`; √2 is the textbook value).
    pub exploration: f64,
}

impl Default for Uct {
    fn default() -> Uct {
        Uct {
            exploration: core::f64::consts::SQRT_2,
        }
    }
}

impl SelectionRule for Uct {
    fn score(&self, edge: &EdgeStats) -> f64 {
        if edge.visits == 0 {
            return f64::INFINITY;
        }
        let parent = f64::from(edge.parent_visits.max(1));
        edge.mean + self.exploration * (parent.ln() / f64::from(edge.visits)).sqrt()
    }
}

/// PUCT (the AlphaZero rule): `mean + c·prior·√N / (1 + n)`; an untried move counts as a
/// mean of 0.5 (a draw).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Puct {
    /// The exploration constant `c`.
    pub exploration: f64,
}

impl Default for Puct {
    fn default() -> Puct {
        Puct { exploration: 1.5 }
    }
}

impl SelectionRule for Puct {
    fn score(&self, edge: &EdgeStats) -> f64 {
        let mean = if edge.visits == 0 { 0.5 } else { edge.mean };
        let parent = f64::from(edge.parent_visits.max(1));
        mean + self.exploration * edge.prior * parent.sqrt() / (1.0 + f64::from(edge.visits))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edge(visits: u32, mean: f64) -> EdgeStats {
        EdgeStats {
            parent_visits: 100,
            visits,
            mean,
            prior: 0.25,
        }
    }

    #[test]
    fn uct_tries_every_move_before_repeating_one() {
        let uct = Uct::default();
        assert_eq!(uct.score(&edge(0, 0.0)), f64::INFINITY);
        assert!(uct.score(&edge(1, 1.0)).is_finite());
    }

    #[test]
    fn uct_prefers_the_better_mean_at_equal_visits_and_the_rarer_move_at_equal_means() {
        let uct = Uct::default();
        assert!(uct.score(&edge(10, 0.7)) > uct.score(&edge(10, 0.6)));
        assert!(uct.score(&edge(5, 0.5)) > uct.score(&edge(50, 0.5)));
    }

    #[test]
    fn puct_weights_exploration_by_the_prior() {
        let puct = Puct::default();
        let low = EdgeStats {
            prior: 0.1,
            ..edge(3, 0.5)
        };
        let high = EdgeStats {
            prior: 0.6,
            ..edge(3, 0.5)
        };
        assert!(puct.score(&high) > puct.score(&low));
    }
}
