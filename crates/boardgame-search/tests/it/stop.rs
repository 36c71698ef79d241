//! The stop flag of the searching bots: raised from another thread, it ends a search that
//! would otherwise run for minutes, and `choose` still returns a legal move.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use boardgame_core::Game;
use boardgame_core::driver::rng_from_seed;
use boardgame_search::bots::{BotGame, BotSpec, build};

/// Builds `spec` for `state`, raises its stop flag from another thread after 50 ms, and
/// returns how long `choose` took.
fn stopped_after_50_ms<G: BotGame>(state: &G, spec: &str) -> Duration {
    let spec: BotSpec = spec.parse().unwrap();
    let mut bot = build::<G>(&spec, state.num_seats(), 1, Some(Instant::now)).unwrap();
    let flag = bot.stop_flag().expect("a searching bot has a stop flag");
    let legal = state.legal_moves_vec();
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        flag.store(true, Ordering::Relaxed);
    });
    let start = Instant::now();
    let mv = bot.choose(state, &legal, &mut rng_from_seed(1));
    let elapsed = start.elapsed();
    raiser.join().unwrap();
    assert!(legal.contains(&mv), "{spec:?} chose {mv} in {state}");
    elapsed
}

#[test]
fn a_raised_stop_flag_ends_each_searching_bot_within_a_second() {
    let ataxx = ataxx::Ataxx::default();
    // Each of these searches runs for minutes (or a day) without the flag.
    for spec in [
        "mcts:iters=100000000",
        "mcts:ms=86400000",
        "alphabeta:ms=86400000",
    ] {
        let elapsed = stopped_after_50_ms(&ataxx, spec);
        assert!(elapsed < Duration::from_secs(1), "{spec}: {elapsed:?}");
    }
    let parchis = parchis::Parchis::new(parchis::Config::default()).unwrap();
    let mut rng = rng_from_seed(3);
    let mut state = parchis;
    while state.turn().seat().is_none() {
        let dist = state.chance_outcomes().unwrap();
        state
            .apply_chance(boardgame_core::driver::sample(&dist, &mut rng))
            .unwrap();
    }
    let elapsed = stopped_after_50_ms(&state, "expectimax:depth=64:nodes=100000000000");
    assert!(elapsed < Duration::from_secs(1), "expectimax: {elapsed:?}");
}

#[test]
fn the_bots_that_answer_at_once_have_no_stop_flag() {
    for spec in ["random", "greedy"] {
        let bot = build::<ataxx::Ataxx>(&spec.parse().unwrap(), 2, 0, None).unwrap();
        assert!(bot.stop_flag().is_none(), "{spec}");
    }
}
