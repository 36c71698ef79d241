//! Monte Carlo tree search (UCT) with a swappable selection rule and rollout policy.
