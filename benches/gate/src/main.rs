//! The workloads of the instruction-count gate (`scripts/instruction-gate.sh`,
//! `docs/testing.md#the-instruction-count-gate`).
//!
//! ```text
//! instruction-gate list          the workload names, one a line
//! instruction-gate run NAME      runs one workload inside `measured` and prints its result
//! ```
//!
//! The script counts the instructions executed inside [`measured`] only
//! (`valgrind --tool=callgrind --toggle-collect=…measured…`), so start-up and argument
//! parsing are not in the counts. Every workload is deterministic: a fixed position and
//! depth, or a fixed seed.

use std::hint::black_box;
use std::process::ExitCode;

use ataxx::Ataxx;
use ataxx::perft::Method;
use boardgame_core::driver::{Policy, UniformRandom, play_out, rng_from_seed, sample};
use boardgame_core::settings::Configure;
use boardgame_core::{Game, Turn};

/// The seed of every playout and of the first game of every roll count.
const SEED: u64 = 37;
/// The rolls of each preset's roll count.
const ROLLS: u64 = 1000;

/// What a workload runs; it returns a number that depends on all of its work.
type Run = Box<dyn Fn() -> u64>;

/// A workload: its name and what it runs.
struct Workload {
    name: String,
    run: Run,
}

fn workloads() -> Vec<Workload> {
    let mut list = Vec::new();
    let mut add = |name: String, run: Run| list.push(Workload { name, run });
    for method in Method::ALL {
        add(
            format!("ataxx/perft5/{method}"),
            Box::new(move || method.perft(black_box(&Ataxx::default()), 5)),
        );
    }
    add("ataxx/playout".into(), Box::new(playout::<Ataxx>));
    add("thax/playout".into(), Box::new(playout::<thax::Thax>));
    add(
        "parchis/playout".into(),
        Box::new(playout::<parchis::Parchis>),
    );
    add(
        "co-ca-ngua/playout".into(),
        Box::new(playout::<co_ca_ngua::CoCaNgua>),
    );
    for (game, presets) in [
        ("thax", presets::<thax::Thax>()),
        ("parchis", presets::<parchis::Parchis>()),
        ("co-ca-ngua", presets::<co_ca_ngua::CoCaNgua>()),
    ] {
        for (preset, run) in presets {
            add(format!("{game}/rolls{ROLLS}/{preset}"), run);
        }
    }
    list
}

/// One uniform-random game of `G` under its default rules, seeded with [`SEED`], through
/// core's driver (the path of `boardgame simulate`); returns the plies plus the rolls.
fn playout<G: Game>() -> u64 {
    let mut state = G::new(G::Config::default()).expect("the default rules are playable");
    let finish = play_out(
        &mut state,
        &mut UniformRandom,
        &mut rng_from_seed(SEED),
        u64::MAX,
    );
    black_box(&state);
    finish.plies + finish.rolls
}

/// For each preset of `G`, a workload of [`ROLLS`] rolls (see [`rolls`]).
fn presets<G: Game + 'static>() -> Vec<(&'static str, Run)>
where
    G::Config: Configure + 'static,
{
    <G::Config as Configure>::PRESETS
        .iter()
        .map(|preset| {
            let config = <G::Config as Configure>::preset(preset.name).expect("a listed preset");
            let run: Run = Box::new(move || rolls::<G>(&config));
            (preset.name, run)
        })
        .collect()
}

/// Uniform-random games of `G` under `config`, the first seeded with [`SEED`] and each next
/// one with the next seed, played as core's driver plays them until [`ROLLS`] dice have been
/// rolled; returns the plies played.
fn rolls<G: Game>(config: &G::Config) -> u64 {
    let (mut rolls, mut plies) = (0, 0);
    let mut moves = Vec::new();
    for seed in SEED.. {
        let mut state = G::new(config.clone()).expect("a preset is playable");
        let mut rng = rng_from_seed(seed);
        loop {
            match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    if rolls == ROLLS {
                        black_box(&state);
                        return plies;
                    }
                    let dist = state.chance_outcomes().expect("a chance node");
                    state.apply_chance_unchecked(sample(&dist, &mut rng));
                    rolls += 1;
                }
                Turn::Player(_) => {
                    let mv = UniformRandom.pick(&state, &mut moves, &mut rng);
                    state.play_unchecked(mv);
                    plies += 1;
                }
            }
        }
    }
    unreachable!("the seeds run out only after 2^64 games")
}

/// Runs one workload. The gate counts the instructions executed in here.
#[inline(never)]
fn measured(workload: &Workload) -> u64 {
    (workload.run)()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let list = workloads();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["list"] => {
            for workload in &list {
                println!("{}", workload.name);
            }
            ExitCode::SUCCESS
        }
        ["run", name] => match list.iter().find(|w| w.name == *name) {
            Some(workload) => {
                println!("{} {}", workload.name, measured(workload));
                ExitCode::SUCCESS
            }
            None => {
                eprintln!("unknown workload {name:?}; `instruction-gate list` names them");
                ExitCode::from(2)
            }
        },
        _ => {
            eprintln!("usage: instruction-gate list | instruction-gate run NAME");
            ExitCode::from(2)
        }
    }
}
