//! `cargo run --release -p boardgame-ataxx --example perft -- <depth> [fen] [--threads N] [--method M]`
//!
//! Prints the node count, the time and the speed. Single-threaded unless `--threads` is
//! given (`--threads 0`: every available core). `--method` is `fast` (the default: the last
//! two plies counted, not played), `bulk` (every position down to depth 1 built, the last
//! ply counted) or `make` (every leaf built with `make_move`, hash included).

use std::time::Instant;

use ataxx::Ataxx;
use ataxx::perft::{self, Method};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let threads: usize = take_option(&mut args, "--threads").map_or(1, |t| parse_or_usage(&t));
    let method: Method = take_option(&mut args, "--method").map_or(Method::Fast, |m| {
        m.parse().unwrap_or_else(|e| {
            eprintln!("{e}");
            usage()
        })
    });
    let depth: u32 = args.first().map_or_else(|| usage(), |d| parse_or_usage(d));
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
    let tally = perft::count(&pos, depth, method, threads);
    let seconds = start.elapsed().as_secs_f64();
    println!("fen {pos}");
    println!("depth {depth} method {method} threads {}", tally.threads);
    println!("nodes {}", tally.nodes);
    println!("seconds {seconds:.3}");
    println!("leaves/s {:.0}", tally.nodes as f64 / seconds);
}

/// Removes `name VALUE` from `args` and returns the value.
fn take_option(args: &mut Vec<String>, name: &str) -> Option<String> {
    let i = args.iter().position(|a| a == name)?;
    if i + 1 >= args.len() {
        usage();
    }
    let value = args.remove(i + 1);
    args.remove(i);
    Some(value)
}

fn parse_or_usage<T: std::str::FromStr>(text: &str) -> T {
    text.parse().unwrap_or_else(|_| usage())
}

fn usage() -> ! {
    eprintln!("usage: perft <depth> [fen] [--threads N] [--method fast|bulk|make]");
    std::process::exit(2)
}
