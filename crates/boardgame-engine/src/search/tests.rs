use super::*;
use boardgame_core::driver::{below, rng_from_seed};

/// Plain negamax to a fixed depth with the same evaluation, terminal scores and pass rule
/// as the engine (a forced pass does not use up depth).
fn minimax(position: &Ataxx, depth: i32, ply: i32, evaluation: &Evaluation) -> i32 {
    match position.turn() {
        Turn::Terminal => {
            let seat = position.side_to_move().seat();
            match position.outcome().map(|o| o.returns()[seat].signum()) {
                Some(1) => WIN - ply,
                Some(-1) => -WIN + ply,
                _ => 0,
            }
        }
        _ if position.must_pass() => {
            let mut child = position.clone();
            child.make_move(Move::Pass);
            -minimax(&child, depth, ply + 1, evaluation)
        }
        _ if depth == 0 => evaluation.evaluate(position),
        _ => position
            .legal_moves_vec()
            .into_iter()
            .map(|mv| {
                let mut child = position.clone();
                child.make_move(mv);
                -minimax(&child, depth - 1, ply + 1, evaluation)
            })
            .max()
            .unwrap_or(-WIN),
    }
}

/// Decision nodes from seeded random games, some on boards with blockers, some near the
/// end (where passes and finished games are within the horizon).
fn sample_positions(count: usize, seed: u64) -> Vec<Ataxx> {
    let starts = [
        "x5o/7/7/7/7/7/o5x x 0 1",
        "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
        "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1",
    ];
    let mut rng = rng_from_seed(seed);
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut position: Ataxx = starts[positions.len() % starts.len()].parse().unwrap();
        let plies = below(&mut rng, 80);
        for _ in 0..plies {
            if position.is_terminal() {
                break;
            }
            let moves = position.legal_moves_vec();
            position.make_move(moves[below(&mut rng, moves.len() as u64) as usize]);
        }
        if matches!(position.turn(), Turn::Player(_)) {
            positions.push(position);
        }
    }
    positions
}

#[test]
fn without_pruning_a_fixed_depth_search_equals_plain_minimax() {
    for (index, position) in sample_positions(36, 7).iter().enumerate() {
        let depth = 1 + (index % 3) as u32;
        let mut searcher = Searcher::new(1).unwrap().with_params(Params::minimax());
        searcher.set_evaluation(Evaluation::handcrafted());
        let report = searcher.search(position, &Limits::depth(depth), |_| {});
        let expected = minimax(position, depth as i32, 0, &Evaluation::handcrafted());
        if position.must_pass() {
            assert_eq!(report.best, Move::Pass);
            continue;
        }
        assert_eq!(report.score, expected, "{position} at depth {depth}");
        // The reported move achieves the value.
        let mut child = position.clone();
        child.make_move(report.best);
        assert_eq!(
            -minimax(&child, depth as i32 - 1, 1, &Evaluation::handcrafted()),
            expected,
            "{position}: {} does not achieve the value",
            report.best
        );
    }
}

#[test]
fn the_default_search_finds_short_wins_and_stays_within_its_node_budget() {
    let mut searcher = Searcher::new(1).unwrap();
    // x takes o's last stone.
    let position: Ataxx = "x6/7/4o2/7/2x4/7/7 x 0 1".parse().unwrap();
    let report = searcher.search(&position, &Limits::depth(5), |_| {});
    assert_eq!(report.best.to_string(), "d4");
    assert_eq!(report.score, WIN - 1);
    for budget in [1, 50, 1000, 20_000] {
        let mut searcher = Searcher::new(1).unwrap();
        let limits = Limits {
            nodes: Some(budget),
            ..Limits::default()
        };
        let report = searcher.search(&Ataxx::default(), &limits, |_| {});
        assert!(report.nodes <= budget, "{} > {budget}", report.nodes);
        assert!(Ataxx::default().is_legal(report.best));
    }
}

#[test]
fn a_search_is_deterministic_with_one_thread() {
    let run = || {
        let mut searcher = Searcher::new(2).unwrap();
        sample_positions(6, 11)
            .iter()
            .map(|p| {
                searcher.clear();
                let r = searcher.search(p, &Limits::depth(5), |_| {});
                (r.nodes, r.best, r.score)
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(run(), run());
}

#[test]
fn every_switch_flipped_still_returns_a_legal_move_with_a_sane_score() {
    // Each check option flipped from its default, deep enough (depth 8) for singular
    // extensions and multi-cut (from depth 7) to run.
    let positions = sample_positions(4, 13);
    for spec in PARAMS.iter().filter(|s| s.check) {
        let mut params = Params::default();
        let flipped = if spec.get(&params) == 0 {
            "true"
        } else {
            "false"
        };
        params.set(spec.name, flipped).unwrap();
        let mut searcher = Searcher::new(1).unwrap().with_params(params);
        for position in &positions {
            let report = searcher.search(position, &Limits::depth(8), |_| {});
            assert!(
                position.is_legal(report.best),
                "{} in {position}",
                spec.name
            );
            assert!(report.score.abs() <= WIN, "{}", spec.name);
            assert_eq!(report.pv.first(), Some(&report.best));
        }
    }
}

#[test]
fn several_threads_search_to_the_depth_asked_and_stop_together() {
    let mut searcher = Searcher::new(4).unwrap();
    searcher.set_threads(3);
    assert_eq!(searcher.threads(), 3);
    for position in sample_positions(4, 17) {
        let report = searcher.search(&position, &Limits::depth(6), |_| {});
        assert!(position.is_legal(report.best));
        assert!(report.depth == 6 || report.plies_to_end().is_some());
    }
    let flag = searcher.stop_flag();
    flag.store(true, Ordering::Relaxed);
    let report = searcher.search(&Ataxx::default(), &Limits::default(), |_| {});
    assert!(Ataxx::default().is_legal(report.best));
}

#[test]
fn a_finished_game_and_a_forced_pass_get_an_answer_without_a_search() {
    let mut searcher = Searcher::new(1).unwrap();
    let over: Ataxx = "xxxxxxx/7/7/7/7/7/7 o 0 1".parse().unwrap();
    let report = searcher.search(&over, &Limits::depth(3), |_| {});
    assert_eq!(
        (report.best, report.score, report.nodes),
        (Move::Pass, -WIN, 0)
    );
    // o's only stone on a1 is walled in by x; x has room.
    let pass: Ataxx = "7/7/7/7/xxx4/xxx4/oxx4 o 0 1".parse().unwrap();
    assert!(pass.must_pass());
    let report = searcher.search(&pass, &Limits::depth(3), |_| {});
    assert_eq!(report.best, Move::Pass);
}

#[test]
fn move_ordering_compiled_with_popcnt_equals_the_builds_own_on_random_positions() {
    use crate::simd::InlineWork;
    use moves::{MoveList, Mv};
    use worker::OrderedMoves;
    let mut rng = rng_from_seed(11);
    let mut history = [0i32; 49 * 49];
    for position in sample_positions(300, 11) {
        for h in &mut history {
            *h = below(&mut rng, 4001) as i32 - 2000;
        }
        let legal = position.legal_moves_vec();
        let some_move = |rng: &mut _| Mv::of(legal[below(rng, legal.len() as u64) as usize]);
        let (tt_move, killer) = (
            some_move(&mut rng),
            [some_move(&mut rng), some_move(&mut rng)],
        );
        let them = position.pieces(!position.side_to_move()).bits();
        let (mut dispatched, mut plain) = (MoveList::default(), MoveList::default());
        let work = |list| OrderedMoves {
            list,
            position: &position,
            tt_move,
            killer,
            history: &history,
            them,
        };
        crate::simd::with_popcnt(work(&mut dispatched));
        work(&mut plain).run();
        assert_eq!(dispatched.len(), plain.len(), "{position}");
        for index in 0..plain.len() {
            let mv = dispatched.pick(index);
            assert_eq!(mv, plain.pick(index), "{position}: pick {index}");
            // The gain the ordering used, against a count by coordinates.
            let (file, rank) = (mv.to() % 7, mv.to() / 7);
            let flips = (0..49)
                .filter(|&s| them >> s & 1 == 1 && s != mv.to())
                .filter(|&s| (s % 7).abs_diff(file) <= 1 && (s / 7).abs_diff(rank) <= 1)
                .count() as i32;
            assert_eq!(moves::gain(mv, them), flips + i32::from(!mv.is_jump()));
        }
    }
}
