//! The perft table in `tests/data/perft.txt`, checked with the crate's specialised perft,
//! the multi-threaded one and (at small depths) the generic perft of `boardgame-core`.

use ataxx::Ataxx;
use ataxx::perft::{perft, perft_parallel};

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
            if depth <= 4 {
                assert_eq!(
                    boardgame_core::perft::perft(&pos, depth),
                    expected,
                    "core perft({depth}) of {}",
                    entry.fen
                );
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
#[ignore = "deep perft: cargo test --release -p ataxx --test it perft:: -- --ignored"]
fn perft_table_deep() {
    assert!(check(|depth| depth >= 6) >= 3);
}
