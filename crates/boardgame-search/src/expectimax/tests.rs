//! Expectimax against a brute-force search in exact rational arithmetic.

use boardgame_core::toy::{Race, RaceConfig};
use boardgame_core::{Game, Seat, Turn};
use thax::{Thax, ThaxConfig};

use super::*;
use crate::eval::{RaceEvaluator, ThaxEvaluator};

/// An exact fraction `num / den`, `den > 0`.
#[derive(Copy, Clone, Debug, PartialEq)]
struct Fraction {
    num: i128,
    den: i128,
}

impl Fraction {
    fn new(num: i128, den: i128) -> Fraction {
        fn gcd(a: i128, b: i128) -> i128 {
            if b == 0 { a.abs() } else { gcd(b, a % b) }
        }
        let g = gcd(num, den).max(1);
        Fraction {
            num: num / g,
            den: den / g,
        }
    }

    fn int(value: i64) -> Fraction {
        Fraction::new(i128::from(value), 1)
    }

    fn less(self, other: Fraction) -> bool {
        self.num * other.den < other.num * self.den
    }

    fn add(self, other: Fraction) -> Fraction {
        Fraction::new(
            self.num * other.den + other.num * self.den,
            self.den * other.den,
        )
    }

    fn scale(self, weight: u32, total: u32) -> Fraction {
        Fraction::new(self.num * i128::from(weight), self.den * i128::from(total))
    }

    fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

/// Every seat's exact value, with no pruning at all: the seat to move maximises its own
/// component (for two seats that is minimax, the evaluators being zero-sum).
fn brute<G: Game, E: Evaluator<G>>(state: &G, evaluator: &E, depth: u32) -> Vec<Fraction> {
    let seats: Vec<Seat> = Seat::first(state.num_seats()).collect();
    let win = i64::from(evaluator.bound()) + 1;
    match state.turn() {
        Turn::Terminal => {
            let returns = state.outcome().unwrap().returns();
            seats
                .iter()
                .map(|&s| Fraction::int(i64::from(returns[s]) * win))
                .collect()
        }
        _ if depth == 0 => seats
            .iter()
            .map(|&s| Fraction::int(i64::from(evaluator.evaluate(state, s))))
            .collect(),
        Turn::Player(seat) => {
            let mut best: Option<Vec<Fraction>> = None;
            for mv in state.legal_moves_vec() {
                let mut child = state.clone();
                child.play_unchecked(mv);
                let value = brute(&child, evaluator, depth - 1);
                if best
                    .as_ref()
                    .is_none_or(|b| b[seat.index()].less(value[seat.index()]))
                {
                    best = Some(value);
                }
            }
            best.unwrap()
        }
        Turn::Chance => {
            let dist = state.chance_outcomes().unwrap();
            let mut sum = vec![Fraction::int(0); seats.len()];
            for (outcome, weight) in dist.iter() {
                let mut child = state.clone();
                child.apply_chance_unchecked(outcome);
                let value = brute(&child, evaluator, depth);
                for (s, v) in sum.iter_mut().zip(value) {
                    *s = s.add(v.scale(weight, dist.total()));
                }
            }
            sum
        }
    }
}

/// The brute-force value of the best root move for the seat to move.
fn brute_root<G: Game, E: Evaluator<G>>(state: &G, evaluator: &E, depth: u32) -> f64 {
    let seat = state.turn().seat().unwrap();
    brute(state, evaluator, depth)[seat.index()].to_f64()
}

fn assert_matches_brute_force<G: Game, E: Evaluator<G> + Clone>(
    state: &G,
    evaluator: E,
    depth: u32,
) {
    let exact = brute_root(state, &evaluator, depth);
    for pruning in [Pruning::None, Pruning::Star1, Pruning::Star2] {
        let report = Expectimax::new(evaluator.clone())
            .pruning(pruning)
            .search(state, &ExpectimaxLimits::depth(depth));
        assert!(
            (report.value - exact).abs() < 1e-9,
            "{state} depth {depth} pruning {pruning:?}: {} != {exact}",
            report.value
        );
        // The chosen move is worth the value too.
        let mut child = state.clone();
        child.play_unchecked(report.best);
        let seat = state.turn().seat().unwrap();
        let chosen = brute(&child, &evaluator, depth - 1)[seat.index()].to_f64();
        assert!(
            (chosen - exact).abs() < 1e-9,
            "{state}: {} is worth {chosen}",
            report.best
        );
    }
}

const RACE_POSITIONS: [&str; 5] = [
    "0,3/0,0 m02",
    "2,5/0,3 m03",
    "4,6/5,7 m01",
    "1,7/6,6 m15",
    "3,3/2,7 m06",
];

#[test]
fn expectimax_equals_brute_force_exact_expected_value_on_two_seat_race() {
    let config = RaceConfig {
        seats: 2,
        length: 8,
    };
    for notation in RACE_POSITIONS {
        let state = Race::from_notation(notation, &config).unwrap();
        for depth in 1..=4 {
            assert_matches_brute_force(&state, RaceEvaluator, depth);
        }
    }
}

#[test]
fn expectimax_maxn_equals_brute_force_on_three_seat_race() {
    let config = RaceConfig {
        seats: 3,
        length: 6,
    };
    for notation in ["0,3/0,0/1,1 m02", "2,5/0,3/4,4 m13", "4,4/5,5/1,2 m21"] {
        let state = Race::from_notation(notation, &config).unwrap();
        for depth in 1..=3 {
            assert_matches_brute_force(&state, RaceEvaluator, depth);
        }
    }
}

#[test]
fn expectimax_reaches_the_exact_game_value_when_the_race_ends_within_the_depth() {
    // Both seats one short throw from home: the game ends within a few plies in most lines,
    // and terminal values dominate the result.
    let config = RaceConfig {
        seats: 2,
        length: 3,
    };
    let state = Race::from_notation("2,3/2,3 m01", &config).unwrap();
    assert_matches_brute_force(&state, RaceEvaluator, 5);
}

fn thax(notation: &str) -> Thax {
    Thax::from_notation(notation, &ThaxConfig::default()).unwrap()
}

#[test]
fn expectimax_equals_brute_force_on_small_thax_end_positions() {
    for notation in [
        "33332/33331 m0:1-5 0 40",
        "33323/32333 m1:2-4 0 40",
        "33330/33233 m0:4-5 0 40",
        "23333/33332 m1:1-1 0 40",
    ] {
        let state = thax(notation);
        for depth in 1..=2 {
            assert_matches_brute_force(&state, ThaxEvaluator, depth);
        }
    }
}

#[test]
fn star_pruning_visits_fewer_nodes_than_plain_expectimax() {
    let state = thax("21101/11210 m0:2-3 0 20");
    assert!(state.count_moves() > 1);
    let search = |pruning| {
        Expectimax::new(ThaxEvaluator)
            .pruning(pruning)
            .search(&state, &ExpectimaxLimits::depth(3))
    };
    let plain = search(Pruning::None);
    let star1 = search(Pruning::Star1);
    let star2 = search(Pruning::Star2);
    assert!((plain.value - star1.value).abs() < 1e-9);
    assert!((plain.value - star2.value).abs() < 1e-9);
    assert!(
        star1.nodes < plain.nodes,
        "{} vs {}",
        star1.nodes,
        plain.nodes
    );
    eprintln!(
        "nodes: plain {} star1 {} star2 {}",
        plain.nodes, star1.nodes, star2.nodes
    );
}

#[test]
fn a_node_limit_is_never_exceeded_and_keeps_the_last_finished_depth() {
    let state = thax("33332/33331 m0:1-5 0 40");
    let full = Expectimax::new(ThaxEvaluator).search(&state, &ExpectimaxLimits::depth(2));
    for limit in [1, 10, 100, 1_000, 100_000] {
        let limits = ExpectimaxLimits {
            depth: 2,
            nodes: Some(limit),
        };
        let report = Expectimax::new(ThaxEvaluator).search(&state, &limits);
        assert!(report.nodes <= limit, "{} > {limit}", report.nodes);
        assert!(state.is_legal(report.best));
        if report.depth == 2 {
            assert!((report.value - full.value).abs() < 1e-9);
        }
    }
}

/// Decision nodes with a choice from seeded greedy self-play of `G`'s two-seat game.
fn greedy_positions<G: crate::bots::BotGame>(config: G::Config, count: usize) -> Vec<G> {
    use boardgame_core::driver::{game_seed, rng_from_seed, sample};
    let mut found = Vec::new();
    let mut game = 0;
    while found.len() < count {
        let mut rng = rng_from_seed(game_seed(42, game));
        let mut state = G::new(config.clone()).unwrap();
        let mut plies = 0u32;
        while found.len() < count && plies < 1_000 {
            match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let outcome = sample(&state.chance_outcomes().unwrap(), &mut rng);
                    state.apply_chance_unchecked(outcome);
                }
                Turn::Player(_) => {
                    let legal = state.legal_moves_vec();
                    if legal.len() > 1 && plies.is_multiple_of(3) {
                        found.push(state.clone());
                    }
                    let mv = crate::bots::greedy(&state, &legal, &mut rng);
                    state.play_unchecked(mv);
                    plies += 1;
                }
            }
        }
        game += 1;
    }
    found
}

/// Star1 and Star2 give plain expectiminimax's value and move on every position.
fn assert_pruning_changes_nothing<G: crate::bots::BotGame>(states: &[G], depths: &[u32]) {
    let mut saved = [0u64; 3];
    for state in states {
        for &depth in depths {
            let search = |pruning| {
                Expectimax::new(G::Eval::default())
                    .pruning(pruning)
                    .search(state, &ExpectimaxLimits::depth(depth))
            };
            let plain = search(Pruning::None);
            for (i, pruning) in [Pruning::None, Pruning::Star1, Pruning::Star2]
                .into_iter()
                .enumerate()
            {
                let pruned = search(pruning);
                assert!(
                    (pruned.value - plain.value).abs() < 1e-9 && pruned.best == plain.best,
                    "{state} depth {depth} {pruning:?}: {} {} vs {} {}",
                    pruned.best,
                    pruned.value,
                    plain.best,
                    plain.value
                );
                saved[i] += pruned.nodes;
            }
        }
    }
    // Star1 never searches more than plain expectiminimax.
    assert!(saved[1] <= saved[0], "{saved:?}");
}

#[test]
fn star_pruning_equals_plain_expectimax_on_seeded_thax_positions() {
    let states = greedy_positions::<Thax>(ThaxConfig::default(), 60);
    assert_pruning_changes_nothing(&states, &[1, 2, 3]);
}

#[test]
fn star_pruning_equals_plain_expectimax_on_seeded_two_player_parchis_and_co_ca_ngua() {
    let parchis = parchis::Config {
        players: 2,
        ..parchis::Config::default()
    };
    let states = greedy_positions::<parchis::Parchis>(parchis, 40);
    assert_pruning_changes_nothing(&states, &[1, 2, 3]);
    let states = greedy_positions::<co_ca_ngua::CoCaNgua>(co_ca_ngua::Config::with_players(2), 40);
    assert_pruning_changes_nothing(&states, &[1, 2, 3]);
}
