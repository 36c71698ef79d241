//! Game-length statistics of seeded uniform-random games.
//!
//! `cargo run --release -p boardgame-co-ca-ngua --example co_ca_ngua_stats -- [preset] [key=value...]
//! [games] [players...]` (defaults: the `default` preset, 10000 games for 2, 3 and 4
//! players). Settings such as `dice=2` are applied on top of the preset.

use boardgame_core::driver::{End, UniformRandom, game_seed, playout, rng_from_seed};
use boardgame_core::{Configure, Game};
use co_ca_ngua::{CoCaNgua, Config};

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    let preset = match args.peek() {
        Some(a) if a.parse::<u64>().is_err() => args.next().unwrap(),
        _ => "default".to_string(),
    };
    let mut base = Config::preset(&preset).expect("a preset name");
    while let Some((key, value)) = args.peek().and_then(|a| a.split_once('=')) {
        base.set(key, value)
            .unwrap_or_else(|e| panic!("{key}={value}: {e}"));
        args.next();
    }
    let games: u64 = args
        .next()
        .map_or(10_000, |a| a.parse().expect("a number of games"));
    let mut players: Vec<u8> = args
        .map(|a| a.parse().expect("a number of players"))
        .collect();
    if players.is_empty() {
        players = vec![2, 3, 4];
    }
    println!("players  games  rolls(mean  p50  p99  max)  moves(mean)  drawn  seat0-wins");
    for n in players {
        let mut config = base;
        config.players = n;
        let mut rolls = Vec::new();
        let (mut moves, mut drawn, mut first_wins) = (0u64, 0u64, 0u64);
        let start = CoCaNgua::new(config).expect("default rules");
        for i in 0..games {
            let game = playout(
                start.clone(),
                &mut UniformRandom,
                &mut rng_from_seed(game_seed(6, i)),
                u64::MAX,
            );
            rolls.push(game.rolls);
            moves += game.plies;
            match game.end {
                End::Terminal(outcome) if outcome.is_draw() => drawn += 1,
                End::Terminal(outcome) => {
                    first_wins += u64::from(outcome.winner().is_some_and(|w| w.index() == 0));
                }
                End::Truncated => unreachable!("no ply limit"),
            }
        }
        rolls.sort_unstable();
        let mean = rolls.iter().sum::<u64>() as f64 / games as f64;
        let at = |q: f64| rolls[((rolls.len() - 1) as f64 * q) as usize];
        println!(
            "{n:>7}  {games:>5}  {mean:>11.1} {:>4} {:>4} {:>4}  {:>11.1}  {drawn:>5}  {first_wins:>10}",
            at(0.5),
            at(0.99),
            rolls[rolls.len() - 1],
            moves as f64 / games as f64,
        );
    }
}
