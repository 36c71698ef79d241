//! The perft table in `tests/data/perft.txt`, checked with the crate's three perft methods
//! (single- and multi-threaded, whole and divided) and, up to depth 5, the generic perft of
//! `boardgame-core`.

use std::ops::RangeInclusive;

use ataxx::Ataxx;
use ataxx::perft::{self, Method, perft, perft_parallel};

struct Entry {
    fen: &'static str,
    counts: Vec<u64>,
}

fn table() -> Vec<Entry> {
    include_str!("../data/perft.txt")
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (fen, counts) = line.split_once(';').expect("`fen ; counts`");
            let counts = counts
                .split_whitespace()
                .map(|n| n.parse().expect("a count"))
                .collect();
            Entry {
                fen: fen.trim(),
                counts,
            }
        })
        .collect()
}

/// A perft function: the count of a position to a depth.
type Counter = fn(&Ataxx, u32) -> u64;

/// Every way the crate counts a perft, by name: the three [`Method`]s and the make
/// without hash updates.
fn all_perfts() -> [(&'static str, Counter); 4] {
    [
        ("fast", perft::perft),
        ("bulk", perft::perft_bulk),
        ("make", perft::perft_make),
        ("make_unhashed", perft::perft_make_unhashed),
    ]
}

/// Checks every `(entry, depth)` with `depth` in `depths`; returns how many were checked.
fn check(depths: impl Fn(u32) -> bool) -> usize {
    let mut checked = 0;
    for entry in table() {
        let pos: Ataxx = entry
            .fen
            .parse()
            .unwrap_or_else(|e| panic!("{}: {e}", entry.fen));
        for (depth, &expected) in entry.counts.iter().enumerate() {
            let depth = depth as u32;
            if !depths(depth) {
                continue;
            }
            assert_eq!(
                perft(&pos, depth),
                expected,
                "perft({depth}) of {}",
                entry.fen
            );
            if depth <= 5 {
                assert_eq!(
                    boardgame_core::perft::perft(&pos, depth),
                    expected,
                    "core perft({depth}) of {}",
                    entry.fen
                );
                for (method, count) in all_perfts().into_iter().skip(1) {
                    assert_eq!(
                        count(&pos, depth),
                        expected,
                        "{method} perft({depth}) of {}",
                        entry.fen
                    );
                }
            }
            if depth >= 4 {
                assert_eq!(
                    perft_parallel(&pos, depth, 2),
                    expected,
                    "parallel perft({depth}) of {}",
                    entry.fen
                );
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn perft_table_up_to_depth_5() {
    assert!(check(|depth| depth <= 5) >= 100);
}

/// Depth 6 and 7 (about 3 s in a release build): run with `-- --ignored`.
#[test]
#[ignore = "deep perft: cargo test --release -p boardgame-ataxx --test it perft:: -- --ignored"]
fn perft_table_deep() {
    assert!(check(|depth| depth >= 6) >= 3);
}

/// Every method, on 1 and 3 threads, divided by root move: the parts sum to the table's
/// count and match core's `divide` move for move.
#[test]
fn every_method_divides_like_core_on_any_thread_count() {
    for entry in table() {
        let pos: Ataxx = entry.fen.parse().unwrap();
        for (depth, &expected) in entry.counts.iter().enumerate().take(5) {
            let depth = depth as u32;
            let core: Vec<_> = if depth == 0 {
                Vec::new() // perft 0 is the empty path: no root move is played
            } else {
                boardgame_core::perft::divide(&pos, depth)
            };
            for method in Method::ALL {
                for threads in [1, 3] {
                    let tally = perft::count(&pos, depth, method, threads);
                    assert_eq!(tally.nodes, expected, "{method} {threads} {}", entry.fen);
                    assert_eq!(tally.per_move, core, "{method} {threads} {}", entry.fen);
                    assert!(tally.threads >= 1 && tally.threads <= threads);
                }
            }
        }
    }
}

/// `perft::divide`, the single-threaded split by root move, is core's `divide` move for move
/// and sums to the table's count.
#[test]
fn divide_splits_the_count_by_root_move_like_core() {
    for entry in table() {
        let pos: Ataxx = entry.fen.parse().unwrap();
        for (depth, &expected) in entry.counts.iter().enumerate().take(4).skip(1) {
            let depth = depth as u32;
            let divided = perft::divide(&pos, depth);
            assert_eq!(
                divided,
                boardgame_core::perft::divide(&pos, depth),
                "{}",
                entry.fen
            );
            assert_eq!(divided.iter().map(|(_, n)| n).sum::<u64>(), expected);
        }
        assert!(
            perft::divide(&pos, 0).is_empty(),
            "depth 0 plays no root move"
        );
    }
}

#[test]
fn huge_thread_counts_are_capped_by_the_subtrees() {
    let start = Ataxx::default();
    // Depth 4 is cut one ply down (the subtrees below are 3 plies deep: not worth cutting
    // again), so there is one subtree per root move: 16 threads at most.
    let tally = perft::count(&start, 4, Method::Fast, 1_000_000);
    assert_eq!(tally.nodes, 155_888);
    assert_eq!(tally.threads, 16);
    // Depths 5 and 6 are cut two plies down, never more: one subtree per path of two moves.
    for depth in [5, 6] {
        let tally = perft::count(&start, depth, Method::Fast, 1_000_000);
        assert_eq!(tally.nodes, perft::perft(&start, depth));
        assert_eq!(tally.threads as u64, perft::perft(&start, 2), "{depth}");
    }
}

/// Threads are used from depth 4, as many as asked for (up to the subtrees), every core
/// for `0`; the split never changes the counts.
#[test]
fn threads_are_used_from_depth_4_and_0_means_every_core() {
    let start = Ataxx::default();
    for depth in 1..=3 {
        assert_eq!(
            perft::count(&start, depth, Method::Fast, 2).threads,
            1,
            "{depth}"
        );
    }
    assert_eq!(perft::count(&start, 4, Method::Fast, 1).threads, 1);
    assert_eq!(perft::count(&start, 4, Method::Fast, 2).threads, 2);
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    assert_eq!(
        perft::count(&start, 4, Method::Fast, 0).threads,
        cores.min(16)
    );
    let one = perft::count(&start, 5, Method::Fast, 1);
    for threads in [2, 3] {
        let many = perft::count(&start, 5, Method::Fast, threads);
        assert_eq!(many.nodes, one.nodes);
        assert_eq!(many.per_move, one.per_move);
        assert_eq!(many.threads, threads);
    }
}

/// The make-and-count method ends at once on a shallow count: a child's depth that did not
/// shrink would make the recursion run away (a test that could only time out otherwise).
#[test]
fn make_perft_of_depth_2_ends_at_once() {
    let count = within_20_seconds(|| perft::perft_make(&Ataxx::default(), 2));
    assert_eq!(
        count,
        Some(256),
        "perft 2 by make-and-count: 16 moves, 16 replies each"
    );
}

/// A move that fills the board ends the game, so it has no replies: perft counts no path
/// through it at depth 2, where the fast method counts the children's moves without making
/// them (a child whose side to move is stuck is a forced pass only if the other side can
/// still move, and on a full board nobody can).
#[test]
fn the_move_that_fills_the_board_has_no_reply() {
    // o on a7, x on b7, c7 empty, every other square blocked: x's one move is the clone
    // b7 -> c7, after which o is stuck and so is x.
    let pos: Ataxx = "ox1----/-------/-------/-------/-------/-------/------- x 0 1"
        .parse()
        .unwrap();
    for (method, count) in all_perfts() {
        assert_eq!(count(&pos, 1), 1, "{method:?}");
        assert_eq!(count(&pos, 2), 0, "{method:?}");
    }
    assert_eq!(boardgame_core::perft::perft(&pos, 2), 0);
    // With one more empty square, d6, that only x can reach, o's stuck turn is a pass.
    let open: Ataxx = "ox1----/---1---/-------/-------/-------/-------/------- x 0 1"
        .parse()
        .unwrap();
    assert_eq!(perft(&open, 2), boardgame_core::perft::perft(&open, 2));
    for (method, count) in all_perfts() {
        assert_eq!(
            count(&open, 2),
            3,
            "{method:?}: the clone to c7 then o's pass; the jump to d6 then o's b7 and c7"
        );
    }
}

/// After our move the opponent may be stuck: that is a forced pass if *any* of our pieces
/// can still move, not only the one that just moved.
#[test]
fn a_stuck_opponent_passes_while_any_of_our_pieces_can_move() {
    // o on a7 walled in; x on b7 and g1; c7 and f1 empty, every other square blocked.
    // x's moves: b7 -> c7 (o is then stuck, and only g1 can still move: a pass) and
    // g1 -> f1 (o then jumps a7 -> c7).
    let pos: Ataxx = "ox1----/-------/-------/-------/-------/-------/-----1x x 0 1"
        .parse()
        .unwrap();
    assert_eq!(boardgame_core::perft::perft(&pos, 2), 2);
    for (method, count) in all_perfts() {
        assert_eq!(count(&pos, 1), 2, "{method:?}");
        assert_eq!(count(&pos, 2), 2, "{method:?}: o's pass, o's jump");
    }
}

/// The fast method's depth-2 count walks the flipped pieces of every landing square; it
/// ends at once on a position full of captures (a walk that did not shrink would only time
/// out otherwise).
#[test]
fn fast_perft_of_depth_2_with_captures_ends_at_once() {
    let pos: Ataxx = "xoxoxox/oxoxoxo/xoxoxox/o1o1o1o/1x1x1x1/7/7 x 0 1"
        .parse()
        .unwrap();
    let expected = boardgame_core::perft::perft(&pos, 2);
    assert!(expected > 100, "a position with many moves: {expected}");
    assert_eq!(within_20_seconds(move || perft(&pos, 2)), Some(expected));
}

/// The fast method's recursion above depth 2 goes one ply down for every move and for a
/// forced pass: it ends at once with the exact counts (the published 6460 at depth 3 from
/// the start; a position where the opponent must pass, against core's generic perft).
#[test]
fn fast_perft_of_depth_3_ends_at_once_with_exact_counts() {
    assert_eq!(
        within_20_seconds(|| perft(&Ataxx::default(), 3)),
        Some(6460)
    );
    // o on a7 walled in by blocks for good, x on d1 on an open board: every o turn is a pass.
    let pos: Ataxx = "o--4/---4/---4/7/7/7/3x3 x 0 1".parse().unwrap();
    // At depth 4 that pass is a node of depth 3 (the depth-2 counts handle their own).
    let expected = boardgame_core::perft::perft(&pos, 4);
    assert!(expected > 0);
    assert_eq!(within_20_seconds(move || perft(&pos, 4)), Some(expected));
}

/// Runs `count` on a thread of its own and gives its result, or `None` if it takes more
/// than 20 seconds (so a count that never ends fails the test instead of hanging it).
fn within_20_seconds<T: Send + 'static>(count: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (sender, receiver) = std::sync::mpsc::sync_channel(1);
    std::thread::spawn(move || {
        let _ = sender.send(count());
    });
    receiver
        .recv_timeout(std::time::Duration::from_secs(20))
        .ok()
}

/// `perft_bulk`, the bulk-counting method called by name, counts the start position's move
/// paths: 1, 16, 256, 6460 and 155 888 at depths 0 to 4 (the published Ataxx perft).
#[test]
fn perft_bulk_counts_the_move_paths_of_the_start_position() {
    let start = Ataxx::default();
    let counts: Vec<u64> = (0..=4)
        .map(|depth| perft::perft_bulk(&start, depth))
        .collect();
    assert_eq!(counts, [1, 16, 256, 6460, 155_888]);
}

/// A forced pass is a ply of the 100-ply clock: a pass that reaches the limit ends the game,
/// so the opponent gets no reply; one ply earlier it does.
#[test]
fn a_pass_that_reaches_the_clock_limit_ends_the_game() {
    // x on a7 walled in by blocks, o on d1 on an open board: x must pass.
    let at_99: Ataxx = "x--4/---4/---4/7/7/7/3o3 x 99 60".parse().unwrap();
    let at_98: Ataxx = "x--4/---4/---4/7/7/7/3o3 x 98 60".parse().unwrap();
    for (method, count) in all_perfts() {
        assert_eq!(count(&at_99, 1), 1, "{method:?}: the pass");
        assert_eq!(count(&at_99, 2), 0, "{method:?}: the clock ends the game");
        // From d1, o has 5 clones (c1, c2, d2, e2, e1) and 9 jumps (b1..b3, c3..e3, f1..f3).
        assert_eq!(count(&at_98, 2), 14, "{method:?}");
    }
    assert_eq!(boardgame_core::perft::perft(&at_99, 2), 0);
    assert_eq!(boardgame_core::perft::perft(&at_98, 2), 14);
}

/// Checks that every method counts the move paths of `board` (x to move, 97, 98 and 99
/// plies on the clock) like core's generic perft at each of `depths`.
fn every_method_counts_like_core_near_the_clock(board: &str, depths: RangeInclusive<u32>) {
    for halfmove in [97, 98, 99] {
        let pos: Ataxx = format!("{board} x {halfmove} 60").parse().unwrap();
        for depth in depths.clone() {
            let expected = boardgame_core::perft::perft(&pos, depth);
            for (method, count) in all_perfts() {
                assert_eq!(
                    count(&pos, depth),
                    expected,
                    "{method:?}, depth {depth}, halfmove {halfmove} of {board}"
                );
            }
        }
    }
}

/// A forced pass three or more plies above the leaves is a ply of the clock too: with x
/// walled in, every x turn is a pass, and from 97, 98 or 99 plies on the clock every method
/// counts like core's generic perft at depths 3 and 4 (where the fast method's recursion,
/// not its depth-2 count, makes the pass).
#[test]
fn a_forced_pass_above_the_last_two_plies_advances_the_clock() {
    every_method_counts_like_core_near_the_clock("x--4/---4/---4/7/7/7/3o3", 3..=4);
    // At 99 x's pass ends the game; at 98 it leaves o one ply, after which x's pass would
    // be ply 100.
    let at_99: Ataxx = "x--4/---4/---4/7/7/7/3o3 x 99 60".parse().unwrap();
    assert_eq!(perft(&at_99, 3), 0);
}

/// Near the 100-ply clock the counts follow the clock: a jump that reaches the limit ends
/// the game and has no reply, a clone resets the clock. All methods agree with core's
/// generic perft from the start position with 97, 98 and 99 plies on the clock.
#[test]
fn perft_near_the_clock_limit_counts_no_reply_to_the_last_jump() {
    every_method_counts_like_core_near_the_clock("x5o/7/7/7/7/7/o5x", 1..=3);
    // At 99, x's 10 jumps end the game; each of its 6 clones resets the clock and leaves o
    // its 16 moves (no clone lands on one of o's targets).
    let last: Ataxx = "x5o/7/7/7/7/7/o5x x 99 60".parse().unwrap();
    assert_eq!(perft(&last, 2), 6 * 16);
}

/// When nobody can move the game is over even though empty squares remain (walled in by
/// blocks, out of every piece's reach): every method counts 0 at depth 1 and below, like
/// core's generic perft, instead of a forced pass.
#[test]
fn no_move_for_either_side_ends_the_game_with_empty_squares_left() {
    // x on a7 and o on g1, each walled in by blocks for good; d4 and the rest are empty.
    let pos: Ataxx = "x--4/---4/---4/7/4---/4---/4--o x 0 1".parse().unwrap();
    assert!(pos.game_over().is_some());
    assert_eq!(pos.move_count(), 0);
    for depth in 1..=3 {
        assert_eq!(boardgame_core::perft::perft(&pos, depth), 0);
        for (method, count) in all_perfts() {
            assert_eq!(count(&pos, depth), 0, "{method:?}, depth {depth}");
        }
    }
}
