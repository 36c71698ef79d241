//! `cargo run --release -p ataxx@0.1.0 --example playout -- [games] [fen]`
//!
//! Plays `games` (default 20 000) seeded uniform-random games twice: through core's driver
//! (`driver::play_out` with `UniformRandom`, which lists the moves every ply) and through
//! `Ataxx::play_out_uniform` (the k-th move found with popcounts), checks that both played
//! the same games, and prints the time per ply of each. With `PLAYOUT_ONLY=driver` or
//! `PLAYOUT_ONLY=fast` in the environment it plays one way only (for instruction counts
//! under `valgrind --tool=callgrind`).

use std::time::Instant;

use ataxx::Ataxx;
use boardgame_core::driver::{UniformRandom, below, game_seed, play_out, rng_from_seed};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().map_or(20_000, |g| {
        g.parse().unwrap_or_else(|_| {
            eprintln!("usage: playout [games] [fen]");
            std::process::exit(2)
        })
    });
    let start: Ataxx = if args.len() > 1 {
        args[1..].join(" ").parse().unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        })
    } else {
        Ataxx::default()
    };
    let max_plies = 100_000;
    let only = std::env::var("PLAYOUT_ONLY").ok();
    if let Some(way) = only.as_deref() {
        let mut plies = 0;
        for index in 0..games {
            let mut pos = start.clone();
            let mut rng = rng_from_seed(game_seed(1, index));
            plies += match way {
                "driver" => play_out(&mut pos, &mut UniformRandom, &mut rng, max_plies).plies,
                _ => pos.play_out_uniform(max_plies, |n| below(&mut rng, n)),
            };
        }
        println!("{way}: games {games} plies {plies}");
        return;
    }

    let began = Instant::now();
    let (mut plies, mut check) = (0, 0u64);
    for index in 0..games {
        let mut pos = start.clone();
        let mut rng = rng_from_seed(game_seed(1, index));
        plies += play_out(&mut pos, &mut UniformRandom, &mut rng, max_plies).plies;
        check ^= pos.zobrist().rotate_left(index as u32 % 64);
    }
    let driver = began.elapsed().as_secs_f64();

    let began = Instant::now();
    let (mut fast_plies, mut fast_check) = (0, 0u64);
    for index in 0..games {
        let mut pos = start.clone();
        let mut rng = rng_from_seed(game_seed(1, index));
        fast_plies += pos.play_out_uniform(max_plies, |n| below(&mut rng, n));
        fast_check ^= pos.zobrist().rotate_left(index as u32 % 64);
    }
    let fast = began.elapsed().as_secs_f64();

    assert_eq!((plies, check), (fast_plies, fast_check), "the same games");
    println!("fen {start}");
    println!(
        "games {games} plies {plies} (mean {:.1})",
        plies as f64 / games as f64
    );
    println!(
        "core driver:        {:.3} s, {:.1} ns per ply",
        driver,
        driver * 1e9 / plies as f64
    );
    println!(
        "play_out_uniform:   {:.3} s, {:.1} ns per ply ({:.2}x)",
        fast,
        fast * 1e9 / plies as f64,
        driver / fast
    );
}
