//! Chance perft: counts of the game tree with the exact probability-mass check.
//!
//! The node counts are regression values produced by this implementation (no external
//! reference exists for these rules); the mass check and the cross-checks between the
//! counters are independent of them.

use boardgame_core::Game;
use boardgame_core::perft::{chance_perft, divide, perft};
use parchis::{Config, Parchis};

fn check(state: &Parchis, depth: u32) -> u64 {
    let stats = chance_perft(state, depth);
    assert!(
        stats.is_mass_exact(),
        "probability mass is not exactly 1 at depth {depth}: {:?}",
        stats.mass
    );
    assert_eq!(
        stats.leaves,
        perft(state, depth),
        "chance_perft and perft disagree"
    );
    if !state.legal_moves_vec().is_empty() {
        let total: u64 = divide(state, depth).iter().map(|&(_, n)| n).sum();
        assert_eq!(total, stats.leaves);
    }
    stats.leaves
}

#[test]
fn chance_perft_from_the_start_has_exact_mass() {
    for (config, depth) in [
        (Config::seed(2), 7),
        (Config::spanish(2), 7),
        (Config::seed(4), 6),
        (Config::spanish(4), 6),
    ] {
        let start = Parchis::new(config).unwrap();
        for d in 0..=depth {
            check(&start, d);
        }
    }
}

#[test]
fn chance_perft_mid_game_has_exact_mass() {
    // Barriers, captures, bonuses and the home column within reach.
    let seed = Parchis::from_notation(
        "n,12,12,66/-/n,16,20,30/- rY s1 l12 f- e- n40",
        &Config::seed(2),
    )
    .unwrap();
    let spanish = Parchis::from_notation(
        "n,12,12,66/n,n,n,10/n,16,20,30/n,n,5,63 rY s1 l12 f- e- n40",
        &Config::spanish(4),
    )
    .unwrap();
    let seed_counts: Vec<u64> = (0..=5).map(|d| check(&seed, d)).collect();
    let spanish_counts: Vec<u64> = (0..=5).map(|d| check(&spanish, d)).collect();
    // Depth 2 by hand: dice 1-4 move a barrier piece or the piece on 66 (2 each), the 5 must
    // come out, the 6 must open the barrier: 4 x 2 + 1 + 1 = 10.
    assert_eq!(seed_counts, [1, 6, 10, 56, 159, 876]);
    assert_eq!(spanish_counts, [1, 6, 10, 56, 79, 351]);
}
