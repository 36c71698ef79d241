//! `cargo run --release -p boardgame-ataxx --example playout -- [games] [fen]`
//!
//! Plays `games` (default 20 000) seeded uniform-random games three ways, checks that all
//! three played the same games, and prints the time per ply of each:
//! - `listed`: core's driver with `UniformFromList`, which lists the moves every ply (the
//!   plain path);
//! - `driver`: core's driver with `UniformRandom`, which draws through `Game::pick_move`
//!   (for Ataxx: the k-th move found with popcounts, no list);
//! - `fast`: `Ataxx::play_out_uniform`, the same walk without the driver.
//!
//! With `PLAYOUT_ONLY=listed|driver|fast` in the environment it plays one way only (for
//! instruction counts under `valgrind --tool=callgrind`).

use std::time::Instant;

use ataxx::Ataxx;
use boardgame_core::driver::{
    UniformFromList, UniformRandom, below, game_seed, play_out, rng_from_seed,
};

const WAYS: [&str; 3] = ["listed", "driver", "fast"];

/// Plays the games one way; returns the plies and a checksum of the final positions.
fn play(way: &str, start: &Ataxx, games: u64) -> (u64, u64) {
    let max_plies = 100_000;
    let (mut plies, mut check) = (0, 0u64);
    for index in 0..games {
        let mut pos = start.clone();
        let mut rng = rng_from_seed(game_seed(1, index));
        plies += match way {
            "listed" => play_out(&mut pos, &mut UniformFromList, &mut rng, max_plies).plies,
            "driver" => play_out(&mut pos, &mut UniformRandom, &mut rng, max_plies).plies,
            _ => pos.play_out_uniform(max_plies, |n| below(&mut rng, n)),
        };
        check ^= pos.key().rotate_left(index as u32 % 64);
    }
    (plies, check)
}

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
    if let Ok(way) = std::env::var("PLAYOUT_ONLY") {
        if !WAYS.contains(&way.as_str()) {
            eprintln!("PLAYOUT_ONLY must be one of {WAYS:?}");
            std::process::exit(2)
        }
        let (plies, _) = play(&way, &start, games);
        println!("{way}: games {games} plies {plies}");
        return;
    }

    println!("fen {start}");
    let mut first: Option<(u64, u64, f64)> = None;
    for way in WAYS {
        let began = Instant::now();
        let (plies, check) = play(way, &start, games);
        let seconds = began.elapsed().as_secs_f64();
        let (listed_plies, listed_check, listed_seconds) =
            *first.get_or_insert((plies, check, seconds));
        assert_eq!(
            (plies, check),
            (listed_plies, listed_check),
            "{way}: the same games"
        );
        println!(
            "{way:<7} {seconds:.3} s, {:.1} ns per ply ({:.2}x the listed path); {plies} plies",
            seconds * 1e9 / plies as f64,
            listed_seconds / seconds
        );
    }
}
