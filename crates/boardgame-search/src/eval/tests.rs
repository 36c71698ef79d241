use boardgame_core::driver::{UniformRandom, playout, rng_from_seed};
use boardgame_core::{Game, Seat};

use super::*;

/// Every non-terminal state of a few random games stays within the bound, and two-seat
/// evaluations are zero-sum.
fn check_evaluator<G: Game, E: Evaluator<G>>(config: G::Config, evaluator: &E, games: u64) {
    for seed in 0..games {
        let start = G::new(config.clone()).unwrap();
        let game = playout(
            start.clone(),
            &mut UniformRandom,
            &mut rng_from_seed(seed),
            5_000,
        );
        let mut state = start;
        for event in &game.record.events {
            if !state.is_terminal() {
                let values: Vec<i32> = Seat::first(state.num_seats())
                    .map(|s| evaluator.evaluate(&state, s))
                    .collect();
                assert!(
                    values.iter().all(|v| v.abs() <= evaluator.bound()),
                    "{state}: {values:?}"
                );
                if values.len() == 2 {
                    assert_eq!(values[0], -values[1], "{state}: not zero-sum");
                }
            }
            match *event {
                boardgame_core::Event::Move(mv) => state.play_unchecked(mv),
                boardgame_core::Event::Chance(c) => state.apply_chance_unchecked(c),
            }
        }
    }
}

#[test]
fn thax_evaluation_is_bounded_and_zero_sum() {
    check_evaluator::<::thax::Thax, _>(Default::default(), &ThaxEvaluator, 20);
}

#[test]
fn parchis_evaluation_is_bounded_and_zero_sum_for_two() {
    let mut config = ::parchis::Config::default();
    boardgame_core::Configure::set(&mut config, "players", "2").unwrap();
    check_evaluator::<::parchis::Parchis, _>(config, &ParchisEvaluator, 5);
    check_evaluator::<::parchis::Parchis, _>(Default::default(), &ParchisEvaluator, 5);
}

#[test]
fn co_ca_ngua_evaluation_is_bounded_and_zero_sum_for_two() {
    let mut config = ::co_ca_ngua::Config::default();
    boardgame_core::Configure::set(&mut config, "players", "2").unwrap();
    check_evaluator::<::co_ca_ngua::CoCaNgua, _>(config, &CoCaNguaEvaluator, 5);
    check_evaluator::<::co_ca_ngua::CoCaNgua, _>(Default::default(), &CoCaNguaEvaluator, 5);
}

#[test]
fn race_evaluation_is_bounded_and_zero_sum() {
    check_evaluator::<boardgame_core::toy::Race, _>(Default::default(), &RaceEvaluator, 20);
}
