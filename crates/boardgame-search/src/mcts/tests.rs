use boardgame_core::Game;
use boardgame_core::toy::{Nim, NimConfig, NimMove, Race, RaceConfig};

use super::*;

fn nim(notation: &str) -> Nim {
    Nim::from_notation(notation, &NimConfig::default()).unwrap()
}

#[test]
fn mcts_finds_the_winning_take_in_nim_leaving_a_multiple_of_four() {
    for counters in [5u8, 6, 7, 9, 10, 11, 13, 14, 15] {
        let state = nim(&format!("{counters}:0"));
        let report = Mcts::new(u64::from(counters)).search(&state, Budget::Iterations(4_000));
        assert_eq!(
            report.best.0,
            counters % 4,
            "{counters} counters: {:?}",
            report.root
        );
    }
}

#[test]
fn mcts_values_a_won_nim_position_near_one_and_a_lost_one_near_zero() {
    let report = Mcts::new(1).search(&nim("7:0"), Budget::Iterations(4_000));
    let best = report.root.iter().find(|m| m.mv == report.best).unwrap();
    assert!(best.means[Seat::new(0)] > 0.9, "{:?}", report.root);
    // 8 counters is lost for the mover: every move scores below a half.
    let report = Mcts::new(1).search(&nim("8:0"), Budget::Iterations(4_000));
    assert!(report.root.iter().all(|m| m.means[Seat::new(0)] < 0.5));
}

#[test]
fn mcts_runs_exactly_the_iteration_budget_and_counts_every_visit() {
    let nim_state = nim("21:0");
    let report = Mcts::new(3).search(&nim_state, Budget::Iterations(777));
    assert_eq!(report.iterations, 777);
    assert_eq!(
        report.root.iter().map(|m| u64::from(m.visits)).sum::<u64>(),
        777
    );
}

#[test]
fn same_seed_and_budget_give_the_same_statistics() {
    let state = nim("21:0");
    let a = Mcts::new(9).search(&state, Budget::Iterations(500));
    let b = Mcts::new(9).search(&state, Budget::Iterations(500));
    assert_eq!(a, b);
}

#[test]
fn chance_children_are_drawn_with_their_exact_weights() {
    // Seat 0 moves a 2 (token on 0 or on 3), then seat 1 throws.
    let config = RaceConfig {
        seats: 2,
        length: 30,
    };
    let state = Race::from_notation("0,3/0,0 m02", &config).unwrap();
    let mut mcts: Mcts<Race> = Mcts::new(5);
    mcts.search(&state, Budget::Iterations(12_000));
    // Below the most visited root move is a chance node with six equal outcomes: each is
    // drawn about 1/6 of the time.
    let root = mcts.nodes[0];
    let chance = *mcts.nodes[root.child_range()]
        .iter()
        .max_by_key(|n| n.visits)
        .unwrap();
    assert_eq!(chance.children, 6);
    let visits: Vec<u32> = mcts.nodes[chance.child_range()]
        .iter()
        .map(|n| n.visits)
        .collect();
    let total: u32 = visits.iter().sum();
    for &v in &visits {
        let share = f64::from(v) / f64::from(total);
        assert!((share - 1.0 / 6.0).abs() < 0.03, "{visits:?}");
    }
}

#[test]
fn tree_reuse_keeps_the_subtree_of_the_moves_played() {
    let mut mcts = Mcts::new(2).reuse_tree(true);
    let state = nim("21:0");
    let first = mcts.search(&state, Budget::Iterations(3_000));
    let mut next = state.clone();
    next.play(first.best).unwrap();
    next.play(NimMove(1)).unwrap();
    let kept = mcts
        .find(&state, &next, 6)
        .map(|i| mcts.nodes[i].visits)
        .unwrap();
    assert!(kept > 0);
    let second = mcts.search(&next, Budget::Iterations(1_000));
    let visits: u32 = second.root.iter().map(|m| m.visits).sum();
    assert_eq!(visits, kept - 1 + 1_000);
    // Without reuse the tree starts afresh.
    let mut fresh = Mcts::new(2);
    fresh.search(&state, Budget::Iterations(3_000));
    let again = fresh.search(&next, Budget::Iterations(1_000));
    assert_eq!(again.root.iter().map(|m| m.visits).sum::<u32>(), 1_000);
}

#[test]
fn puct_also_solves_nim() {
    let mut mcts = Mcts::new(4).with_selection(Puct::default());
    let report = mcts.search(&nim("7:0"), Budget::Iterations(4_000));
    assert_eq!(report.best.0, 3);
}

#[test]
fn four_seat_returns_are_backed_up_per_seat() {
    let config = NimConfig {
        seats: 4,
        counters: 4,
        max_take: 3,
    };
    // Seat 0 with 4 counters: taking 1, 2 or 3 lets seat 1 take the rest... except that
    // seat 1 wins only by taking all that is left: after "take 3" one counter remains.
    let state = Nim::new(config).unwrap();
    let report = Mcts::new(8).search(&state, Budget::Iterations(3_000));
    let take3 = report.root.iter().find(|m| m.mv.0 == 3).unwrap();
    // After take 3, seat 1 takes the last counter and wins: reward 1 for seat 1, 1/3 for
    // the others.
    assert!((take3.means[Seat::new(1)] - 1.0).abs() < 1e-6);
    assert!((take3.means[Seat::new(0)] - 1.0 / 3.0).abs() < 1e-6);
}

fn thax(notation: &str) -> thax::Thax {
    thax::Thax::from_notation(notation, &thax::ThaxConfig::default()).unwrap()
}

/// Thax positions near the end where one move covers the mover's last spaces and another
/// does not (the test checks both).
const THAX_FINISHES: [&str; 3] = [
    "33322/33311 m0:4-5 0 40",
    "33223/31311 m0:3-4 0 40",
    "33232/33131 m0:3-5 0 40",
];

fn wins_at_once(state: &thax::Thax, mv: thax::ThaxMove) -> bool {
    let Turn::Player(seat) = state.turn() else {
        return false;
    };
    let mut child = state.clone();
    child.play_unchecked(mv);
    child.outcome().is_some_and(|o| o.winner() == Some(seat))
}

#[test]
fn evaluated_leaves_are_worth_what_a_finished_game_is_in_total() {
    for (seats, notation, leader) in [(2, "3,4/1,1 m02", 0), (4, "1,1/0,2/5,6/0,0 m12", 2)] {
        let config = RaceConfig { seats, length: 30 };
        let state = Race::from_notation(notation, &config).unwrap();
        let leaf = Leaf {
            evaluator: Box::new(crate::eval::RaceEvaluator),
            scale: 3.0,
        };
        let values = leaf.rewards(&state);
        let won = rewards(&Outcome::win(seats, Seat::new(0)));
        let total: f32 = values.iter().sum();
        assert!((total - won.iter().sum::<f32>()).abs() < 1e-5, "{values:?}");
        let loss = won[1];
        for (seat, &value) in values.iter().enumerate().take(seats) {
            assert!(value > loss && value < 1.0, "{values:?}");
            if seat != leader {
                assert!(value < values[leader], "{values:?}");
            }
        }
        assert!(values[seats..].iter().all(|&v| v == 0.0));
    }
}

#[test]
fn mcts_with_evaluated_leaves_still_solves_nim_through_the_tree() {
    // Nim's evaluator says 0 everywhere: only the terminal nodes of the tree tell moves apart.
    for counters in [5u8, 6, 7] {
        let mut mcts = Mcts::new(u64::from(counters))
            .with_evaluator(crate::eval::NimEvaluator, 1.0)
            .max_rollout_plies(0);
        let report = mcts.search(&nim(&format!("{counters}:0")), Budget::Iterations(4_000));
        assert_eq!(report.best.0, counters % 4, "{:?}", report.root);
    }
}

#[test]
fn mcts_with_evaluated_leaves_takes_the_win_in_thax() {
    for notation in THAX_FINISHES {
        let state = thax(notation);
        let moves = state.legal_moves_vec();
        assert!(
            moves.iter().any(|&mv| wins_at_once(&state, mv)),
            "{notation}"
        );
        assert!(
            moves.iter().any(|&mv| !wins_at_once(&state, mv)),
            "{notation}"
        );
        let mut mcts = Mcts::new(3)
            .with_evaluator(crate::eval::ThaxEvaluator, 40.0)
            .max_rollout_plies(0)
            .progressive_bias(1.0);
        let report = mcts.search(&state, Budget::Iterations(300));
        assert!(wins_at_once(&state, report.best), "{notation}: {report:?}");
        let win = report.root.iter().find(|m| m.mv == report.best).unwrap();
        assert!(win.means[state.turn().seat().unwrap()] > 0.99, "{win:?}");
    }
}

#[test]
fn progressive_bias_tries_the_best_evaluated_move_first() {
    let leaf = Leaf {
        evaluator: Box::new(crate::eval::ThaxEvaluator),
        scale: 40.0,
    };
    let mut reordered = 0;
    for notation in [
        "21101/11210 m0:2-3 0 20",
        "21101/11210 m0:1-4 0 20",
        "11100/21000 m1:3-5 0 10",
        "32100/01230 m0:2-4 0 20",
        "33322/33311 m0:4-5 0 40",
    ] {
        let state = thax(notation);
        let seat = state.turn().seat().unwrap();
        let moves = state.legal_moves_vec();
        let heuristic = |mv: thax::ThaxMove| {
            let mut child = state.clone();
            child.play_unchecked(mv);
            match child.outcome() {
                Some(outcome) => rewards(&outcome)[seat.index()],
                None => leaf.rewards(&child)[seat.index()],
            }
        };
        let mut best = moves[0];
        for &mv in &moves {
            if heuristic(mv) > heuristic(best) {
                best = mv;
            }
        }
        reordered += usize::from(best != moves[0]);
        // One iteration expands the root and visits one child.
        let first = |bias: f64| {
            let mut mcts = Mcts::new(1)
                .with_evaluator(crate::eval::ThaxEvaluator, 40.0)
                .max_rollout_plies(0)
                .progressive_bias(bias);
            let report = mcts.search(&state, Budget::Iterations(1));
            report.root.iter().find(|m| m.visits == 1).unwrap().mv
        };
        assert_eq!(first(0.0), moves[0], "{notation}");
        assert_eq!(first(0.5), best, "{notation}");
    }
    assert!(
        reordered >= 1,
        "no position where the bias changes the first move"
    );
}

#[test]
fn grouped_two_dice_outcomes_are_drawn_with_their_weights() {
    // A double six (seat 0 removes a piece), then seat 1 throws two dice: 21 grouped
    // outcomes, doubles weighing 1 and the others 2 (of 36).
    let root = thax("21101/11210 m0:6-6 0 20");
    let mut mcts: Mcts<thax::Thax> = Mcts::new(11)
        .with_evaluator(crate::eval::ThaxEvaluator, 40.0)
        .max_rollout_plies(0);
    mcts.search(&root, Budget::Iterations(36_000));
    let top = mcts.nodes[0];
    let chance = *mcts.nodes[top.child_range()]
        .iter()
        .max_by_key(|n| n.visits)
        .unwrap();
    assert_eq!(chance.children, 21);
    // The chance node's first visit evaluated it; every later one drew an outcome.
    let total = chance.visits - 1;
    for node in &mcts.nodes[chance.child_range()] {
        let Edge::Chance(pair, weight) = node.edge else {
            panic!("a chance child that is not an outcome");
        };
        assert_eq!(weight, if pair.is_double() { 1 } else { 2 });
        let share = f64::from(node.visits) / f64::from(total);
        let expected = f64::from(weight) / 36.0;
        assert!(
            (share - expected).abs() < 0.25 * expected,
            "{pair:?}: {share} vs {expected}"
        );
    }
}

#[test]
#[should_panic(expected = "not tiny")]
fn a_scale_that_makes_evaluations_infinite_is_refused() {
    // 5e-324 is positive and finite, but an evaluation of 2 divided by it is infinite, and
    // the softmax of infinite logits is NaN.
    let _ = Mcts::<Nim>::new(1).with_evaluator(crate::eval::NimEvaluator, 5e-324);
}
