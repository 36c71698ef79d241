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

#[test]
fn the_engine_plays_ataxx_only_and_its_levels_reproducibly() {
    for spec in [
        "engine:nodes=300",
        "engine:depth=2",
        "engine:level=beginner",
        "engine:level=casual",
        "engine:level=club",
    ] {
        let first = moves_of(ataxx::Ataxx::default(), spec, 5, 6);
        assert_eq!(first.len(), 6, "{spec}");
        assert_eq!(
            first,
            moves_of(ataxx::Ataxx::default(), spec, 5, 6),
            "{spec}"
        );
    }
    // The weak levels' noise comes from the seed.
    let seeds: Vec<_> = (0..6)
        .map(|seed| moves_of(ataxx::Ataxx::default(), "engine:level=beginner", seed, 4))
        .collect();
    assert!(seeds.iter().any(|m| *m != seeds[0]), "{seeds:?}");
    let spec: BotSpec = "engine:level=club".parse().unwrap();
    for refused in [
        build::<thax::Thax>(&spec, 2, 0, None).err().unwrap(),
        build::<parchis::Parchis>(&spec, 4, 0, None).err().unwrap(),
        build::<co_ca_ngua::CoCaNgua>(&spec, 4, 0, None)
            .err()
            .unwrap(),
    ] {
        assert!(refused.0.contains("engine plays only ataxx"), "{refused}");
    }
    let refused = build::<ataxx::Ataxx>(&spec, 3, 0, None).err().unwrap();
    assert!(refused.0.contains("exactly two players"), "{refused}");
}

#[test]
fn an_engine_time_budget_without_a_clock_becomes_nodes() {
    // The web page's session builds its seats without a clock (the worker plays the engine):
    // the time levels are accepted there, and would search a node budget.
    for spec in ["engine:level=master", "engine:ms=3"] {
        let spec: BotSpec = spec.parse().unwrap();
        assert!(!spec.is_reproducible());
        assert!(build::<ataxx::Ataxx>(&spec, 2, 0, None).is_ok());
        assert!(build::<ataxx::Ataxx>(&spec, 2, 0, Some(std::time::Instant::now)).is_ok());
    }
    let mut bot = boardgame_search::bots::EngineBot::new("engine:ms=2".parse().unwrap(), None);
    let report = bot.think(&ataxx::Ataxx::default(), 0).unwrap();
    assert!(report.nodes <= 2 * boardgame_search::bots::NODES_PER_MILLI);
}

/// The same engine everywhere: `engine:nodes=N` plays the move `boardgame-uai` plays after
/// `uainewgame`, `position fen F`, `go nodes N` (one thread, 16 MiB), on the committed table
/// `tests/data/engine-same-move.tsv` (boardgame-uai's test
/// `the_uai_binary_plays_the_committed_same_move_table` checks the binary against it). Each
/// bot plays every row, in turn, so that a state kept from one move to the next would show.
#[test]
fn engine_nodes_plays_the_uai_move() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/engine-same-move.tsv");
    let text = boardgame_io::read::read_text_bounded(&path, 1 << 20).unwrap();
    let rows: Vec<(&str, &str, &str)> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            (fields[0], fields[1], fields[2])
        })
        .collect();
    assert!(rows.len() >= 48, "{} rows", rows.len());
    let mut bots = std::collections::HashMap::new();
    let mut differ = Vec::new();
    for (nodes, expected, fen) in rows {
        let bot = bots.entry(nodes).or_insert_with(|| {
            let spec: BotSpec = format!("engine:nodes={nodes}").parse().unwrap();
            build::<ataxx::Ataxx>(&spec, 2, 0, None).unwrap()
        });
        let state: ataxx::Ataxx = fen.parse().unwrap();
        let played = bot
            .choose(&state, &state.legal_moves_vec(), &mut rng_from_seed(0))
            .to_string();
        if played != expected {
            differ.push(format!(
                "{fen} at {nodes} nodes: {played}, table {expected}"
            ));
        }
    }
    assert!(differ.is_empty(), "{differ:#?}");
}
