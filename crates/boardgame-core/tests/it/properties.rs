//! Property tests of core's vocabulary.

use boardgame_core::driver::{below, rng_from_seed, sample};
use boardgame_core::perft::chance_perft;
use boardgame_core::toy::{Race, RaceConfig};
use boardgame_core::{BySeat, DicePair, Die, Game, Outcome, RollOff, RollOffRule, Seat, dist};
use proptest::prelude::*;

proptest! {
    #[test]
    fn below_is_always_in_range(seed in any::<u64>(), n in 1u64..=u64::MAX) {
        let mut rng = rng_from_seed(seed);
        prop_assert!(below(&mut rng, n) < n);
    }

    #[test]
    fn sampled_dice_are_outcomes_of_the_distribution(seed in any::<u64>()) {
        let mut rng = rng_from_seed(seed);
        let pair = sample(&dist::TWO_D6, &mut rng);
        prop_assert!(dist::TWO_D6.weight(&pair) > 0);
        let die = sample(&dist::D6, &mut rng);
        prop_assert!((1..=6).contains(&die.value()));
    }

    #[test]
    fn dice_pairs_round_trip_in_either_order(a in 1u8..=6, b in 1u8..=6) {
        let pair = DicePair::of(a, b);
        prop_assert_eq!(pair.to_string().parse::<DicePair>(), Ok(pair));
        prop_assert_eq!(format!("{b}-{a}").parse::<DicePair>(), Ok(pair));
        prop_assert_eq!(pair.sum(), a + b);
        prop_assert_eq!(Die::of(a).to_string().parse::<Die>(), Ok(Die::of(a)));
    }

    #[test]
    fn returns_are_zero_sum_for_any_scores(scores in proptest::collection::vec(-5i64..5, 1..=4)) {
        let outcome = Outcome::from_scores(&BySeat::from_slice(&scores).unwrap());
        prop_assert_eq!(outcome.returns().as_slice().iter().sum::<i32>(), 0);
        // The best score is ranked first, and ranks are dense.
        let best = *scores.iter().max().unwrap();
        for (seat, &score) in scores.iter().enumerate() {
            prop_assert_eq!(outcome.rank(Seat::new(seat)) == 0, score == best);
        }
        let mut ranks: Vec<u8> = outcome.ranks().as_slice().to_vec();
        ranks.sort_unstable();
        ranks.dedup();
        prop_assert!(ranks.iter().enumerate().all(|(i, &r)| usize::from(r) == i));
    }

    #[test]
    fn roll_off_ends_with_a_best_roller(seats in 2usize..=4, rolls in proptest::collection::vec(1u8..=6, 1..200), lowest in any::<bool>()) {
        let rule = if lowest { RollOffRule::Lowest } else { RollOffRule::Highest };
        let mut roll_off = RollOff::new(seats, rule);
        for &roll in &rolls {
            if roll_off.roller().is_none() {
                break;
            }
            prop_assert_eq!(roll_off.to_string().parse::<RollOff>(), Ok(roll_off));
            roll_off.record(roll);
        }
        prop_assert_eq!(roll_off.roller().is_none(), roll_off.winner().is_some());
        if let Some(winner) = roll_off.winner() {
            prop_assert!(winner.index() < seats);
        }
    }

    #[test]
    fn race_chance_perft_is_exact_from_any_start(length in 3u8..12, seats in 2usize..=4, depth in 0u32..5) {
        let start = Race::new(RaceConfig { seats, length }).unwrap();
        prop_assert!(chance_perft(&start, depth).is_mass_exact());
    }
}
