//! Property: every searcher returns a legal move in random positions of every game, and
//! respects its iteration or node budget exactly.

use boardgame_core::driver::{below, rng_from_seed, sample};
use boardgame_core::toy::{Nim, Race};
use boardgame_core::{Game, Seat, Turn};
use boardgame_search::Evaluator;
use boardgame_search::eval::{
    CoCaNguaEvaluator, NimEvaluator, ParchisEvaluator, RaceEvaluator, ThaxEvaluator,
};
use boardgame_search::expectimax::{Expectimax, ExpectimaxLimits};
use boardgame_search::mcts::{Budget, Mcts};
use proptest::prelude::*;

/// The decision node reached after `plies` uniform-random moves from the start (the last
/// decision node on the way if the game ends first).
fn random_position<G: Game>(config: G::Config, seed: u64, plies: u64) -> Option<G> {
    let mut rng = rng_from_seed(seed);
    let mut state = G::new(config).ok()?;
    let mut last = None;
    let mut played = 0;
    loop {
        match state.turn() {
            Turn::Terminal => return last,
            Turn::Chance => {
                let outcome = sample(&state.chance_outcomes()?, &mut rng);
                state.apply_chance_unchecked(outcome);
            }
            Turn::Player(_) => {
                if played == plies {
                    return Some(state);
                }
                let moves = state.legal_moves_vec();
                let mv = moves[below(&mut rng, moves.len() as u64) as usize];
                last = Some(state.clone());
                state.play_unchecked(mv);
                played += 1;
            }
        }
    }
}

/// Piece difference, a stand-in for the Ataxx evaluator in these legality checks.
struct AtaxxPieces;

impl Evaluator<ataxx::Ataxx> for AtaxxPieces {
    fn evaluate(&self, state: &ataxx::Ataxx, seat: Seat) -> i32 {
        state.evaluation(seat) as i32
    }
    fn bound(&self) -> i32 {
        49
    }
}

fn check<G: Game, E: Evaluator<G>>(config: G::Config, evaluator: E, seed: u64, plies: u64) {
    let Some(state) = random_position::<G>(config, seed, plies) else {
        return;
    };
    let several = state.count_moves() > 1;

    let iterations = 1 + seed % 60;
    let report = Mcts::<G>::new(seed).search(&state, Budget::Iterations(iterations));
    assert!(
        state.is_legal(report.best),
        "{state}: mcts chose {}",
        report.best
    );
    if several {
        assert_eq!(report.iterations, iterations, "{state}");
        let visits: u64 = report.root.iter().map(|m| u64::from(m.visits)).sum();
        assert_eq!(visits, iterations, "{state}");
    }

    let limit = 1 + seed % 3_000;
    let limits = ExpectimaxLimits {
        depth: 3,
        nodes: Some(limit),
    };
    let mut expectimax = Expectimax::new(evaluator);
    let report = expectimax.search(&state, &limits);
    assert!(
        state.is_legal(report.best),
        "{state}: expectimax chose {}",
        report.best
    );
    assert!(
        report.nodes <= limit,
        "{state}: {} nodes > {limit}",
        report.nodes
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn searchers_play_legal_moves_within_budget_in_ataxx(seed in any::<u64>(), plies in 0u64..120) {
        check::<ataxx::Ataxx, _>(Default::default(), AtaxxPieces, seed, plies);
    }

    #[test]
    fn searchers_play_legal_moves_within_budget_in_thax(seed in any::<u64>(), plies in 0u64..60) {
        check::<thax::Thax, _>(Default::default(), ThaxEvaluator, seed, plies);
    }

    #[test]
    fn searchers_play_legal_moves_within_budget_in_parchis(seed in any::<u64>(), plies in 0u64..300, players in 2usize..=4) {
        let mut config = parchis::Config::default();
        boardgame_core::Configure::set(&mut config, "players", &players.to_string()).unwrap();
        check::<parchis::Parchis, _>(config, ParchisEvaluator, seed, plies);
    }

    #[test]
    fn searchers_play_legal_moves_within_budget_in_co_ca_ngua(seed in any::<u64>(), plies in 0u64..200, players in 2usize..=4) {
        let mut config = co_ca_ngua::Config::default();
        boardgame_core::Configure::set(&mut config, "players", &players.to_string()).unwrap();
        check::<co_ca_ngua::CoCaNgua, _>(config, CoCaNguaEvaluator, seed, plies);
    }

    #[test]
    fn searchers_play_legal_moves_within_budget_in_the_toys(seed in any::<u64>(), plies in 0u64..30, players in 2usize..=4) {
        let nim = boardgame_core::toy::NimConfig { seats: players, ..Default::default() };
        check::<Nim, _>(nim, NimEvaluator, seed, plies);
        let race = boardgame_core::toy::RaceConfig { seats: players, length: 12 };
        check::<Race, _>(race, RaceEvaluator, seed, plies);
    }
}

#[test]
fn mcts_memory_is_bounded_by_its_node_budget() {
    // 20 000 iterations from the Ataxx start grow the tree far past 4096 nodes; with the
    // budget it stops near it (one expansion past at most), and the search still returns a
    // legal move.
    let state = ataxx::Ataxx::default();
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    let mut bounded = Mcts::<ataxx::Ataxx>::new(3).max_nodes(4096);
    let report = bounded.search(&state, Budget::Iterations(20_000));
    assert!(report.nodes <= 4096 + 256, "{} nodes", report.nodes);
    assert_eq!(report.iterations, 20_000);
    assert!(legal.contains(&report.best));
    let mut unbounded = Mcts::<ataxx::Ataxx>::new(3);
    assert!(unbounded.search(&state, Budget::Iterations(20_000)).nodes > 8192);
}
