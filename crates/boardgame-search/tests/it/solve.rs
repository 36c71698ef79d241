//! The Thax solver: its fixed point satisfies the Bellman equation of the rules crate's own
//! moves, tiny boards agree with an independent brute force, `optimal` never loses in
//! expectation, and expectimax over the solved values agrees with the solver.

use std::collections::HashMap;
use std::sync::Arc;

use boardgame_core::dist::TWO_D6;
use boardgame_core::driver::{game_seed, rng_from_seed, sample};
use boardgame_core::{Configure, Game, Seat, Turn};
use boardgame_search::bots::{BotSpec, build};
use boardgame_search::expectimax::{Expectimax, ExpectimaxLimits};
use boardgame_search::solve::thax::{SolveError, SolvedThaxEvaluator, ThaxSolution};
use thax::{FirstPlayer, Thax, ThaxConfig, ThaxResult};

fn config(preset: &str, settings: &[(&str, &str)]) -> ThaxConfig {
    let mut config = ThaxConfig::preset(preset).unwrap();
    for (key, value) in settings {
        config.set(key, value).unwrap();
    }
    config
}

fn classic() -> Arc<ThaxSolution> {
    ThaxSolution::shared(&ThaxConfig::default()).unwrap()
}

/// The Bellman update at a throw state, from the rules crate's moves: the mean over the 21
/// throws of the roller's best move.
fn bellman(solution: &ThaxSolution, state: &Thax) -> f64 {
    let roller = state.roller().unwrap();
    TWO_D6
        .iter()
        .map(|(dice, weight)| {
            let mut decision = state.clone();
            decision.apply_chance(dice).unwrap();
            let best = solution
                .move_values(&decision)
                .into_iter()
                .map(|(_, v)| v)
                .fold(f64::NEG_INFINITY, f64::max);
            assert_eq!(decision.turn(), Turn::Player(roller));
            f64::from(weight) * best
        })
        .sum::<f64>()
        / 36.0
}

/// Checks the Bellman equation at every `step`-th throw state.
fn bellman_holds(solution: &ThaxSolution, step: usize) -> usize {
    let mut checked = 0;
    for index in (0..solution.states()).step_by(step) {
        let Some(state) = solution.state_at(index) else {
            continue;
        };
        let value = solution.value(&state, Seat::new(0));
        let [low, high] = solution.bracket(index);
        assert!(
            low <= value && value <= high,
            "{state}: {value} not in [{low}, {high}]"
        );
        let update = bellman(solution, &state);
        assert!(
            (update - value).abs() <= solution.gap() + 1e-12,
            "{state}: value {value}, Bellman update {update}, gap {}",
            solution.gap()
        );
        checked += 1;
    }
    checked
}

#[test]
fn classic_fixed_point_satisfies_the_bellman_equation_of_the_rules_moves() {
    let solution = classic();
    assert!(solution.gap() <= 1e-9);
    assert_eq!(solution.states(), 1 << 20);
    // Every 97th of the 1 048 576 states (10 810 states, 227 010 decisions).
    assert!(bellman_holds(&solution, 97) > 10_000);
}

#[test]
fn every_switch_and_board_satisfies_the_bellman_equation_at_every_sampled_state() {
    for (preset, settings, step) in [
        ("n-of-n", &[][..], 211),
        ("with-sums", &[], 101),
        ("classic", &[("board", "1x2,2x2,3x2,4,5")], 7),
        (
            "classic",
            &[("board", "1x2,2x2,3x2,4,5"), ("take_with_sum", "true")],
            7,
        ),
        (
            "classic",
            &[("board", "1x2,2x2,3x2,4,5"), ("half_thax_take", "true")],
            7,
        ),
        (
            "classic",
            &[("board", "1x2,2x2,3x2,4,5"), ("strict_place_both", "true")],
            7,
        ),
        ("thax-out", &[("board", "1,2,3x2,5"), ("supply", "9")], 3),
        ("classic", &[("board", "2,3,7,10"), ("supply", "7")], 1),
    ] {
        let solution = ThaxSolution::solve(&config(preset, settings)).unwrap();
        assert!(
            bellman_holds(&solution, step) > 100,
            "{preset} {settings:?}"
        );
    }
}

/// The values of every reachable chance node for seat 0, by Jacobi value iteration over the
/// game graph explored through the `Game` trait alone (positions keyed by their notation
/// without the roll count; seat 0 throws first; no roll limit in reach).
fn brute_force(config: ThaxConfig) -> HashMap<String, (Thax, f64)> {
    let mut config = config;
    config.first_player = FirstPlayer::Seat(Seat::new(0));
    config.max_rolls = 1_000_000;
    let key = |s: &Thax| {
        let text = s.to_string();
        text.rsplit_once(' ').unwrap().0.to_owned()
    };
    let start = Thax::new(config).unwrap();
    let mut ids: HashMap<String, usize> = HashMap::new();
    let mut nodes: Vec<Thax> = Vec::new();
    let mut edges: Vec<Vec<(usize, f64)>> = Vec::new();
    ids.insert(key(&start), 0);
    nodes.push(start);
    let mut next = 0;
    while next < nodes.len() {
        let state = nodes[next].clone();
        let children: Vec<(Thax, f64)> = match state.turn() {
            Turn::Terminal => Vec::new(),
            Turn::Chance => TWO_D6
                .iter()
                .map(|(dice, w)| {
                    let mut child = state.clone();
                    child.apply_chance(dice).unwrap();
                    (child, f64::from(w) / 36.0)
                })
                .collect(),
            Turn::Player(_) => state
                .legal_moves_vec()
                .into_iter()
                .map(|mv| {
                    let mut child = state.clone();
                    child.play(mv).unwrap();
                    (child, 0.0)
                })
                .collect(),
        };
        let mut out = Vec::new();
        for (child, weight) in children {
            let k = key(&child);
            let id = *ids.entry(k).or_insert_with(|| {
                nodes.push(child);
                nodes.len() - 1
            });
            out.push((id, weight));
        }
        edges.push(out);
        next += 1;
    }
    let terminal = |s: &Thax| match s.result().unwrap() {
        ThaxResult::Won { winner, .. } => f64::from(u8::from(winner == Seat::new(0))),
        _ => 0.5,
    };
    let mut values = vec![0.5; nodes.len()];
    for _ in 0..1_000_000 {
        let mut change = 0.0f64;
        let old = values.clone();
        for (id, state) in nodes.iter().enumerate() {
            let value = match state.turn() {
                Turn::Terminal => terminal(state),
                Turn::Chance => edges[id].iter().map(|&(c, w)| w * old[c]).sum(),
                Turn::Player(seat) => {
                    let children = edges[id].iter().map(|&(c, _)| old[c]);
                    if seat == Seat::new(0) {
                        children.fold(f64::NEG_INFINITY, f64::max)
                    } else {
                        children.fold(f64::INFINITY, f64::min)
                    }
                }
            };
            change = change.max((value - values[id]).abs());
            values[id] = value;
        }
        if change < 1e-14 {
            break;
        }
    }
    nodes
        .into_iter()
        .zip(values)
        .filter(|(s, _)| s.turn() == Turn::Chance)
        .map(|(s, v)| (key(&s), (s, v)))
        .collect()
}

#[test]
fn tiny_boards_equal_a_brute_force_over_the_game_graph() {
    for (board, settings) in [
        ("1", &[][..]),
        ("5", &[]),
        ("1,2", &[]),
        ("1x2", &[]),
        ("3,5", &[]),
        ("1,2,3", &[]),
        ("2x2,4", &[]),
        ("4,10", &[]),
        ("1,2,3", &[("take_with_sum", "true")]),
        ("2,3,5", &[("half_thax_take", "true")]),
        ("1x2,3", &[("strict_place_both", "true")]),
        ("1,2", &[("variant", "thax-out"), ("supply", "4")]),
        ("1,3,4", &[("variant", "thax-out"), ("supply", "5")]),
        ("1,2,3", &[("supply", "4")]),
    ] {
        let mut config = config("classic", settings);
        config.set("board", board).unwrap();
        let solution = ThaxSolution::solve(&config).unwrap();
        let brute = brute_force(config);
        assert!(brute.len() >= 2, "{board}: {} chance nodes", brute.len());
        for (key, (state, value)) in &brute {
            // The brute force's first player and roll limit do not change values: the
            // solution fits its positions.
            let solved = solution.value(state, Seat::new(0));
            assert!(
                (solved - value).abs() <= solution.gap() / 2.0 + 1e-9,
                "{board} {settings:?} {key}: solver {solved}, brute force {value}"
            );
        }
    }
}

/// `optimal`'s mean score against `opponent` over `games` seeded games with alternating seats.
fn optimal_score(opponent: &str, games: u64) -> f64 {
    let start = Thax::new(ThaxConfig::default()).unwrap();
    let specs: [BotSpec; 2] = [BotSpec::Optimal, opponent.parse().unwrap()];
    let mut total = 0.0;
    for index in 0..games {
        let seed = game_seed(24, index);
        let mut dice = rng_from_seed(seed);
        let optimal = Seat::new((index % 2) as usize);
        let mut bots: Vec<_> = Seat::first(2)
            .map(|seat| {
                let spec = &specs[usize::from(seat != optimal)];
                build::<Thax>(spec, 2, game_seed(seed, 1 + seat.index() as u64), None).unwrap()
            })
            .collect();
        let mut rng = rng_from_seed(seed ^ 1);
        let mut state = start.clone();
        loop {
            match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let dist = state.chance_outcomes().unwrap();
                    state.apply_chance(sample(&dist, &mut dice)).unwrap();
                }
                Turn::Player(seat) => {
                    let legal = state.legal_moves_vec();
                    let mv = bots[seat.index()].choose(&state, &legal, &mut rng);
                    state.play(mv).unwrap();
                }
            }
        }
        total += match state.result().unwrap() {
            ThaxResult::Won { winner, .. } => f64::from(u8::from(winner == optimal)),
            _ => 0.5,
        };
    }
    total / games as f64
}

#[test]
fn optimal_never_loses_in_expectation_against_the_other_bots() {
    // Three standard errors (0.5 / √games) below an even score is where a bot that loses
    // in expectation would land; none may.
    for (opponent, games) in [
        ("random", 600),
        ("greedy", 1500),
        ("expectimax:depth=1", 1500),
        ("mcts:iters=40", 300),
        ("optimal", 300),
    ] {
        let score = optimal_score(opponent, games);
        let floor = 0.5 - 3.0 * 0.5 / (games as f64).sqrt();
        assert!(
            score >= floor,
            "optimal vs {opponent}: {score} over {games} games"
        );
        if opponent == "random" {
            assert!(score > 0.7, "optimal beats random clearly: {score}");
        }
    }
}

#[test]
fn expectimax_over_the_solved_values_picks_the_solvers_best_move() {
    let solution = classic();
    let evaluator = SolvedThaxEvaluator::new(Arc::clone(&solution));
    let margin = 1e-6;
    let mut rng = rng_from_seed(3);
    let mut state = Thax::new(ThaxConfig::default()).unwrap();
    let mut checked = [0; 4];
    let mut positions = 0;
    while positions < 60 {
        match state.turn() {
            Turn::Terminal => state = Thax::new(ThaxConfig::default()).unwrap(),
            Turn::Chance => {
                let dist = state.chance_outcomes().unwrap();
                state.apply_chance(sample(&dist, &mut rng)).unwrap();
            }
            Turn::Player(_) => {
                let values = solution.move_values(&state);
                let mut sorted: Vec<f64> = values.iter().map(|&(_, v)| v).collect();
                sorted.sort_by(|a, b| b.total_cmp(a));
                if sorted.len() > 1 && sorted[0] - sorted[1] > margin {
                    positions += 1;
                    let best = values.iter().find(|&&(_, v)| v == sorted[0]).unwrap().0;
                    let depths = if positions % 10 == 0 { 1..=3 } else { 1..=2 };
                    for depth in depths {
                        let report = Expectimax::new(evaluator.clone())
                            .search(&state, &ExpectimaxLimits::depth(depth));
                        assert_eq!(report.best, best, "depth {depth} at {state}");
                        let p = SolvedThaxEvaluator::probability(report.value);
                        assert!((p - sorted[0]).abs() < 1e-6, "depth {depth} at {state}");
                        checked[depth as usize] += 1;
                    }
                }
                let legal = state.legal_moves_vec();
                let pick = sample_index(&mut rng, legal.len());
                state.play(legal[pick]).unwrap();
            }
        }
    }
    assert_eq!(checked, [0, 60, 60, 6]);
}

fn sample_index(rng: &mut boardgame_core::driver::ChaCha8Rng, n: usize) -> usize {
    boardgame_core::driver::below(rng, n as u64) as usize
}

#[test]
fn unsolvable_configurations_are_refused_with_the_reason() {
    let refuse = |settings: &[(&str, &str)]| ThaxSolution::solve(&config("classic", settings));
    assert!(matches!(
        refuse(&[("voluntary_pass", "true")]),
        Err(SolveError::Unsupported(_))
    ));
    assert_eq!(
        refuse(&[("supply", "14")]).unwrap_err(),
        SolveError::DeadFromTheStart
    );
    let big = ThaxSolution::solve(&config("thax-out-limited", &[])).unwrap_err();
    assert!(
        matches!(big, SolveError::TooLarge { states, .. } if states == 16 << 20),
        "{big}"
    );
    for tolerance in [0.0, 1e-300, 9e-14, f64::NAN, -1.0] {
        assert!(
            matches!(
                ThaxSolution::solve_to(&ThaxConfig::default(), tolerance),
                Err(SolveError::BadTolerance(_))
            ),
            "{tolerance}"
        );
    }
    // The cheap check gives the same reasons without solving.
    assert!(matches!(
        ThaxSolution::check(&config("classic", &[("voluntary_pass", "true")])),
        Err(SolveError::Unsupported(_))
    ));
    assert!(matches!(
        ThaxSolution::check(&config("thax-out-limited", &[])),
        Err(SolveError::TooLarge { .. })
    ));
    assert!(ThaxSolution::check(&ThaxConfig::default()).is_ok());
}

#[test]
fn the_roll_off_and_fixed_first_seats_get_the_first_players_value() {
    let solution = classic();
    let first = solution.first_player_value();
    let mut config = ThaxConfig::default();
    let start = Thax::new(config).unwrap();
    assert_eq!(solution.value(&start, Seat::new(0)), 0.5);
    config.first_player = FirstPlayer::Seat(Seat::new(1));
    let fixed = Thax::new(config).unwrap();
    assert!((solution.value(&fixed, Seat::new(1)) - first).abs() < 1e-15);
    assert!((solution.value(&fixed, Seat::new(0)) - (1.0 - first)).abs() < 1e-15);
    // Seat 0 has thrown 12 in the roll-off: seat 1 can at best tie (1/36, a fresh roll-off).
    let mut after = start.clone();
    after
        .apply_chance(boardgame_core::DicePair::of(6, 6))
        .unwrap();
    let expected = 35.0 / 36.0 * first + 0.5 / 36.0;
    assert!((solution.value(&after, Seat::new(0)) - expected).abs() < 1e-12);
    // The openings average to the first player's value.
    let mean: f64 = solution
        .openings()
        .iter()
        .map(|o| f64::from(o.weight) * o.value / 36.0)
        .sum();
    assert!((mean - first).abs() <= solution.gap());
}
