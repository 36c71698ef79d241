//! The bench's playout loop outside criterion, timed by on-CPU time (Linux
//! `/proc/thread-self/schedstat`) as well as wall time, which stays meaningful on a busy
//! machine: `cargo run --release -p boardgame-parchis --example rollrate -- [GAMES]`.

use std::time::Instant;

use boardgame_core::dist::D6;
use boardgame_core::driver::{below, rng_from_seed, sample};
use boardgame_core::{Game, MoveList, Turn};
use parchis::{Config, Move, Parchis};

fn cpu_ns() -> Option<u64> {
    let text = boardgame_io::read::read_text_bounded(
        std::path::Path::new("/proc/thread-self/schedstat"),
        4096,
    )
    .ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn playout(start: &Parchis, seed: u64) -> u64 {
    let mut state = start.clone();
    let mut rng = rng_from_seed(seed);
    let mut moves: MoveList<Move, { Parchis::MAX_MOVES }> = MoveList::new();
    let mut rolls = 0;
    loop {
        match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                state.apply_chance_unchecked(sample(&D6, &mut rng));
                rolls += 1;
            }
            Turn::Player(_) => {
                moves.clear();
                state.legal_moves(&mut moves);
                let mv = if moves.len() == 1 {
                    moves[0]
                } else {
                    moves[below(&mut rng, moves.len() as u64) as usize]
                };
                state.play_unchecked(mv);
            }
        }
    }
    std::hint::black_box(&state);
    rolls
}

/// The random draws alone (one die and one move choice per roll), for comparison.
fn draws_only(rolls: u64) -> u64 {
    let mut rng = rng_from_seed(0);
    let mut sum = 0u64;
    for _ in 0..rolls {
        sum += u64::from(sample(&D6, &mut rng).value());
        sum += below(&mut rng, 3);
    }
    std::hint::black_box(sum)
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20_000);
    for (name, config) in [("seed", Config::seed(4)), ("spanish", Config::spanish(4))] {
        let start = Parchis::new(config).expect("playable");
        let (cpu0, wall) = (cpu_ns(), Instant::now());
        let rolls: u64 = (0..games).map(|seed| playout(&start, seed)).sum();
        let wall = wall.elapsed().as_nanos() as f64;
        let cpu = cpu0.zip(cpu_ns()).map(|(a, b)| (b - a) as f64);
        print!(
            "{name}: {games} four-player games, {rolls} rolls, wall {:.1} ns/roll",
            wall / rolls as f64
        );
        match cpu {
            Some(cpu) => println!(", on-CPU {:.1} ns/roll", cpu / rolls as f64),
            None => println!(),
        }
        let (cpu0, wall) = (cpu_ns(), Instant::now());
        draws_only(rolls);
        let wall = wall.elapsed().as_nanos() as f64;
        let cpu = cpu0.zip(cpu_ns()).map_or(f64::NAN, |(a, b)| (b - a) as f64);
        println!(
            "  of which random draws alone (a die and a move index per roll): wall {:.1}, on-CPU {:.1} ns/roll",
            wall / rolls as f64,
            cpu / rolls as f64
        );
    }
}
