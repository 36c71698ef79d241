//! Game-length statistics of seeded uniform-random playouts: rolls per game and seat win
//! rates, for 2, 3 and 4 players under the three presets.
//!
//! `cargo run --release -p boardgame-parchis --example parchis_stats -- [GAMES]` (default 10 000 per setup).

use boardgame_core::driver::{End, UniformRandom, game_seed, playout, rng_from_seed};
use boardgame_core::{Game, Seat};
use parchis::{Config, Parchis};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10_000);
    println!("{games} uniform-random games per setup (seeds game_seed(2026, i))");
    println!(
        "| setup | players | mean rolls | median | p99 | max | truncated | seat win rates (seat 0 first) | colour order |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (name, make) in [
        ("seed", Config::seed as fn(usize) -> Config),
        ("spanish", Config::spanish),
        ("glparchis", Config::glparchis),
    ] {
        for players in 2..=4 {
            let config = make(players);
            let start = Parchis::new(config).expect("playable");
            let mut rolls = Vec::with_capacity(games as usize);
            let mut wins = [0u64; 4];
            let mut truncated = 0;
            for i in 0..games {
                let game = playout(
                    start.clone(),
                    &mut UniformRandom,
                    &mut rng_from_seed(game_seed(2026, i)),
                    u64::MAX,
                );
                rolls.push(game.rolls);
                match game.end {
                    End::Terminal(outcome) => match outcome.winner() {
                        Some(w) if game.state.finished().first() == Some(&w) => {
                            wins[w.index()] += 1
                        }
                        _ => truncated += 1,
                    },
                    End::Truncated => truncated += 1,
                }
            }
            rolls.sort_unstable();
            let mean = rolls.iter().sum::<u64>() as f64 / games as f64;
            let pct = |q: f64| rolls[((games as f64 - 1.0) * q) as usize];
            let rates: Vec<String> = (0..players)
                .map(|s| format!("{:.1}%", 100.0 * wins[s] as f64 / games as f64))
                .collect();
            let colours: String = (0..players)
                .map(|s| start.colour_of(Seat::new(s)).letter())
                .collect::<String>();
            println!(
                "| {name} | {players} | {mean:.0} | {} | {} | {} | {truncated} | {} | {colours} |",
                pct(0.5),
                pct(0.99),
                rolls[rolls.len() - 1],
                rates.join(" / "),
            );
        }
    }
}
