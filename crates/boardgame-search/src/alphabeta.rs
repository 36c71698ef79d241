//! Alpha-beta (negamax) for deterministic two-seat games.
