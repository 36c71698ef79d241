//! One timed Ataxx workload of ours or of the crates.io `ataxx` 0.2 peer, for the
//! like-for-like comparison that `scripts/ataxx-vs-peers.sh` runs, interleaved with the
//! libataxx driver (`benches/libataxx/perft_driver.cpp`), which prints the same line.
//!
//! ```text
//! cargo run --release -p boardgame-benches --example ataxx_race -- <who> <work> <n> <repeat>
//!   ours  fast|bulk|make|make-unhashed <depth> <repeat>   perft from the start position
//!   peer  bulk|make <depth> <repeat>                      perft::<false, BULK> (no hash)
//!   ours  make-each <position> <repeat>                   every legal move made once from a list
//!   peer  make-each <position> <repeat>                   the same with after_move::<true>
//! ```
//!
//! `<position>` is one of the named benchmark positions (`start`, `midgame`, `dense`,
//! `blockers`, `blockers_mid`). Prints `nodes N wall S cpu S`: the leaves of one perft (the
//! moves of the list for `make-each`), and the wall and on-CPU seconds of all `repeat`
//! runs (on-CPU time of this thread, from `/proc/thread-self/schedstat`, so that a loaded
//! machine inflates it less than wall time).
#![allow(missing_docs)]

use std::hint::black_box;
use std::process::exit;
use std::str::FromStr;
use std::time::Instant;

use ataxx::Ataxx;
use ataxx::perft::{Method, perft_make_unhashed};
use ataxx_peer::MoveStore as _;
use boardgame_core::Game as _;

const START_FEN: &str = "x5o/7/7/7/7/7/o5x x 0 1";

fn usage() -> ! {
    eprintln!(
        "usage: ataxx_race ours fast|bulk|make|make-unhashed <depth> <repeat>\n       \
         ataxx_race peer bulk|make <depth> <repeat>\n       \
         ataxx_race ours|peer make-each <position> <repeat>"
    );
    exit(2)
}

/// Seconds this thread has spent on a CPU (0 where the kernel does not say).
fn thread_cpu_seconds() -> f64 {
    boardgame_io::read::read_text_bounded(std::path::Path::new("/proc/thread-self/schedstat"), 4096)
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0.0, |ns| ns as f64 / 1e9)
}

/// Runs `work` `repeat` times; prints its count and the time all runs took.
fn timed(repeat: u32, mut work: impl FnMut() -> u64) {
    let mut count = 0;
    let cpu = thread_cpu_seconds();
    let wall = Instant::now();
    for _ in 0..repeat {
        count = work();
    }
    let wall = wall.elapsed().as_secs_f64();
    let cpu = thread_cpu_seconds() - cpu;
    println!("nodes {count} wall {wall:.6} cpu {cpu:.6}");
}

fn position(name: &str) -> Ataxx {
    boardgame_benches::ataxx_positions()
        .into_iter()
        .find(|(n, _)| *n == name)
        .map_or_else(|| usage(), |(_, pos)| pos)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [who, work, n, repeat] = args.as_slice() else {
        usage()
    };
    let repeat: u32 = repeat.parse().unwrap_or_else(|_| usage());
    let depth = || n.parse::<u8>().unwrap_or_else(|_| usage());
    let ours = Ataxx::default();
    let theirs = ataxx_peer::Position::from_str(START_FEN).expect("valid FEN");
    match (who.as_str(), work.as_str()) {
        ("ours", "make-each") => {
            let pos = position(n);
            let moves = pos.legal_moves_vec();
            timed(repeat, || {
                for &mv in &moves {
                    let mut child = black_box(&pos).clone();
                    child.make_move(mv);
                    black_box(&child);
                }
                moves.len() as u64
            });
        }
        ("peer", "make-each") => {
            let fen = position(n).to_string();
            let pos = ataxx_peer::Position::from_str(&fen).expect("the same FEN");
            let moves = pos.generate_moves();
            timed(repeat, || {
                for i in 0..moves.len() {
                    black_box(black_box(&pos).after_move::<true>(moves.at(i)));
                }
                moves.len() as u64
            });
        }
        ("ours", method) => {
            let depth = u32::from(depth());
            match method {
                "make-unhashed" => timed(repeat, || perft_make_unhashed(black_box(&ours), depth)),
                _ => {
                    let method = Method::from_str(method).unwrap_or_else(|_| usage());
                    timed(repeat, || method.perft(black_box(&ours), depth));
                }
            }
        }
        ("peer", "bulk") => {
            let depth = depth();
            timed(repeat, || {
                ataxx_peer::perft::<false, true>(black_box(theirs), depth)
            });
        }
        ("peer", "make") => {
            let depth = depth();
            timed(repeat, || {
                ataxx_peer::perft::<false, false>(black_box(theirs), depth)
            });
        }
        _ => usage(),
    }
}
