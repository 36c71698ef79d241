//! `cargo run --release -p ataxx --example perft -- <depth> [fen] [--threads N]`
//!
//! Prints the node count, the time and the speed. Single-threaded unless `--threads` is
//! given (`--threads 0`: every available core).

use std::time::Instant;

use ataxx::Ataxx;
use ataxx::perft::{perft, perft_parallel};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut threads = 1;
    if let Some(i) = args.iter().position(|a| a == "--threads") {
        threads = args
            .get(i + 1)
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| usage());
        args.drain(i..i + 2);
    }
    let depth: u32 = args
        .first()
        .and_then(|d| d.parse().ok())
        .unwrap_or_else(|| usage());
    let fen = if args.len() > 1 {
        args[1..].join(" ")
    } else {
        "x5o/7/7/7/7/7/o5x x 0 1".to_string()
    };
    let pos: Ataxx = fen.parse().unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let start = Instant::now();
    let nodes = if threads == 1 {
        perft(&pos, depth)
    } else {
        perft_parallel(&pos, depth, threads)
    };
    let seconds = start.elapsed().as_secs_f64();
    println!("fen {pos}");
    println!("depth {depth} threads {threads}");
    println!("nodes {nodes}");
    println!("seconds {seconds:.3}");
    println!("nodes/s {:.0}", nodes as f64 / seconds);
}

fn usage() -> ! {
    eprintln!("usage: perft <depth> [fen] [--threads N]");
    std::process::exit(2)
}
