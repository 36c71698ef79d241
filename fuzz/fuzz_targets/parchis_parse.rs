#![no_main]
//! Parchís parsers and rules.
//!
//! - UTF-8 input: the move parser and the state parser (under both presets for 2-4 players,
//!   and the colour-inferring `FromStr`) never panic; whatever parses prints back to text
//!   that parses to the same value; a parsed state is usable (each generated move plays).
//! - Any input, read as a tape: the first byte picks the rules, the rest pick die rolls and
//!   moves by index. At every node the notation round-trips, generation agrees with
//!   `is_legal`, and generated moves play.

use boardgame_core::{Game, Turn};
use libfuzzer_sys::fuzz_target;
use parchis::{Config, Move, Parchis};

fn exercise(state: &Parchis, draw: bool) {
    let text = state.to_string();
    let again = Parchis::from_notation(&text, state.config()).expect("printed notation parses");
    assert_eq!(&again, state, "notation round trip");
    if draw {
        let _ = format!("{state:#}");
    }
    let legal = state.legal_moves_vec();
    assert_eq!(state.count_moves(), legal.len());
    for mv in legal {
        let mut child = state.clone();
        child.play(mv).expect("a generated move is legal");
    }
}

fn tape(data: &[u8]) {
    let Some((&rules, rest)) = data.split_first() else {
        return;
    };
    let players = 2 + usize::from(rules % 3);
    let mut config = if rules & 4 == 0 {
        Config::seed(players)
    } else {
        Config::spanish(players)
    };
    config.optional_bonuses = rules & 8 != 0;
    config.exit_capture = match (rules >> 4) % 3 {
        0 => config.exit_capture,
        1 => parchis::ExitCapture::Full,
        _ => parchis::ExitCapture::Always,
    };
    if rules & 64 != 0 {
        config.finish = parchis::Finish::Ranking;
    }
    let mut state = Parchis::new(config).expect("playable");
    let probes: [Move; 4] = ["out", "pass", "12+5", "h3+2"].map(|m| m.parse().expect("valid move"));
    for &index in rest {
        exercise(&state, false);
        match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                let dist = state.chance_outcomes().expect("chance node");
                state
                    .apply_chance(dist.outcomes()[usize::from(index) % dist.len()].0)
                    .expect("possible roll");
            }
            Turn::Player(_) => {
                let legal = state.legal_moves_vec();
                for probe in probes {
                    assert_eq!(state.is_legal(probe), legal.contains(&probe));
                }
                state
                    .play(legal[usize::from(index) % legal.len()])
                    .expect("legal move");
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    tape(data);
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(
            mv.to_string().parse::<Move>().ok(),
            Some(mv),
            "move round trip"
        );
    }
    for players in 2..=4 {
        for config in [Config::seed(players), Config::spanish(players)] {
            if let Ok(state) = Parchis::from_notation(text, &config) {
                exercise(&state, true);
            }
        }
    }
    if let Ok(state) = text.parse::<Parchis>() {
        exercise(&state, true);
    }
});
