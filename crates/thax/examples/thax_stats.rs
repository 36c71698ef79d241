//! Game-length statistics of uniform-random play, for each preset.
//!
//! ```text
//! cargo run --release -p boardgame-thax --example thax_stats [GAMES]
//! ```
//!
//! Every throw is counted as a roll (the roll-off's too, as in [`Thax::rolls`]). Moves are
//! uniform among the legal ones, dice exact; seeds `0..GAMES` of core's seeded generator.

use boardgame_core::driver::{below, rng_from_seed};
use boardgame_core::{Configure, Game, Turn};
use thax::{Thax, ThaxConfig, ThaxResult};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .map_or(100_000, |a| a.parse().expect("GAMES is a count"));
    println!("{games} uniform-random games per preset (seeds 0..{games})");
    println!(
        "{:<18} {:>8} {:>5} {:>5} {:>6} {:>5} {:>11} {:>7} {:>7}",
        "preset", "mean", "p50", "p99", "max", "game", "first wins", "limit", "dead"
    );
    for preset in ThaxConfig::PRESETS {
        let config = ThaxConfig::preset(preset.name).expect("a listed preset");
        let mut lengths = Vec::with_capacity(games as usize);
        let mut game_rolls = 0u64;
        let (mut first_wins, mut decided, mut limits, mut dead) = (0u64, 0u64, 0u64, 0u64);
        for seed in 0..games {
            let mut rng = rng_from_seed(seed);
            let mut roll = |n: u32| below(&mut rng, u64::from(n)) as u32;
            let mut state = Thax::new(config).expect("a preset is playable");
            // Settle the roll-off by hand to learn who moves first.
            while state.roll_off().is_some() {
                let throw = roll(36) as u8;
                state.apply_chance_unchecked(boardgame_core::DicePair::of(
                    throw / 6 + 1,
                    throw % 6 + 1,
                ));
            }
            let first = state.roller();
            let roll_off_throws = state.rolls();
            assert_eq!(state.turn(), Turn::Chance);
            let result = state.play_out(&mut roll);
            lengths.push(state.rolls());
            game_rolls += u64::from(state.rolls() - roll_off_throws);
            match result {
                ThaxResult::DeadDraw { .. } => dead += 1,
                r if r.is_turn_limit() => limits += 1,
                _ => {}
            }
            if let Some(winner) = result.winner() {
                decided += 1;
                first_wins += u64::from(Some(winner) == first);
            }
        }
        lengths.sort_unstable();
        let mean = lengths.iter().map(|&r| f64::from(r)).sum::<f64>() / games as f64;
        let pick = |q: f64| lengths[((games as f64 - 1.0) * q).round() as usize];
        println!(
            "{:<18} {:>8.2} {:>5} {:>5} {:>6} {:>5.1} {:>10.2}% {:>7} {:>7}",
            preset.name,
            mean,
            pick(0.5),
            pick(0.99),
            lengths[lengths.len() - 1],
            game_rolls as f64 / games as f64,
            100.0 * first_wins as f64 / decided.max(1) as f64,
            limits,
            dead,
        );
    }
    println!(
        "mean/p50/p99/max: all throws (roll-off included); game: mean throws after the roll-off;"
    );
    println!("first wins: share of decided games won by the seat that won the roll-off.");
}
