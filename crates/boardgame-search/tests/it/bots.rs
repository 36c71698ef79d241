//! The ready-made bots: every spec builds for every game it applies to and picks legal moves,
//! reproducibly from its seed; time limits need a clock; alpha-beta refuses dice games.

use boardgame_core::driver::rng_from_seed;
use boardgame_core::{Game, Turn};
use boardgame_search::bots::{BotGame, BotSpec, build};

const SPECS: [&str; 5] = [
    "random",
    "greedy",
    "mcts:iters=30",
    "mcts:iters=30:rollout=greedy:reuse=true",
    "expectimax:depth=1",
];

/// Plays `plies` decisions of a seeded game with `spec` at every seat, checking each move is
/// legal, and returns the moves (as text).
fn moves_of<G: BotGame>(start: G, spec: &str, seed: u64, plies: usize) -> Vec<String> {
    let spec: BotSpec = spec.parse().unwrap();
    let mut bot = build::<G>(&spec, start.num_seats(), seed, None).unwrap();
    let mut rng = rng_from_seed(seed);
    let mut state = start;
    let mut played = Vec::new();
    while played.len() < plies {
        match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                let dist = state.chance_outcomes().unwrap();
                let outcome = boardgame_core::driver::sample(&dist, &mut rng);
                state.apply_chance(outcome).unwrap();
            }
            Turn::Player(_) => {
                let legal = state.legal_moves_vec();
                let mv = bot.choose(&state, &legal, &mut rng);
                assert!(legal.contains(&mv), "{spec:?} chose {mv} in {state}");
                played.push(mv.to_string());
                state.play(mv).unwrap();
            }
        }
    }
    played
}

fn every_spec_plays_legal_moves_reproducibly<G: BotGame>(start: G) {
    for spec in SPECS {
        let first = moves_of(start.clone(), spec, 5, 12);
        assert!(!first.is_empty(), "{spec} made no move in {}", G::NAME);
        assert_eq!(first, moves_of(start.clone(), spec, 5, 12), "{spec}");
    }
}

#[test]
fn every_spec_plays_legal_moves_reproducibly_in_every_game() {
    every_spec_plays_legal_moves_reproducibly(ataxx::Ataxx::default());
    every_spec_plays_legal_moves_reproducibly(thax::Thax::new(Default::default()).unwrap());
    every_spec_plays_legal_moves_reproducibly(parchis::Parchis::new(Default::default()).unwrap());
    every_spec_plays_legal_moves_reproducibly(
        co_ca_ngua::CoCaNgua::new(Default::default()).unwrap(),
    );
    let ab = moves_of(ataxx::Ataxx::default(), "alphabeta:depth=2", 1, 6);
    assert_eq!(ab.len(), 6);
}

#[test]
fn greedy_takes_the_best_evaluated_move() {
    // x on a1 beside o on a2 and b2: the clone to b1 flips both (x 4, o 1), better than any
    // jump (a3 flips both but leaves a1: x 3).
    let state: ataxx::Ataxx = "o6/7/7/7/7/oo5/x6 x 0 1".parse().unwrap();
    for seed in 0..5 {
        assert_eq!(moves_of(state.clone(), "greedy", seed, 1), ["b1"]);
    }
}

#[test]
fn time_limits_need_a_clock() {
    for spec in ["mcts:ms=5", "alphabeta:ms=5"] {
        let spec: BotSpec = spec.parse().unwrap();
        let refused = build::<ataxx::Ataxx>(&spec, 2, 0, None).err().unwrap();
        assert!(refused.0.contains("need a clock"), "{refused}");
        assert!(build::<ataxx::Ataxx>(&spec, 2, 0, Some(std::time::Instant::now)).is_ok());
    }
}

#[test]
fn alphabeta_applies_only_to_two_seat_deterministic_games() {
    let spec: BotSpec = "alphabeta:depth=2".parse().unwrap();
    let refused = build::<thax::Thax>(&spec, 2, 0, None).err().unwrap();
    assert!(refused.0.contains("not thax"), "{refused}");
    let refused = build::<boardgame_core::toy::Nim>(&spec, 3, 0, None)
        .err()
        .unwrap();
    assert!(
        refused.0.contains("exactly two players, not 3"),
        "{refused}"
    );
}
