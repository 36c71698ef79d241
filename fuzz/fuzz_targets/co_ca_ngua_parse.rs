#![no_main]
//! Cờ cá ngựa parsers: state lines (under 2, 3 and 4 players, one die or two), moves, rolls
//! and settings never panic, and whatever parses round-trips through `Display`.

use boardgame_core::{Configure, Game};
use co_ca_ngua::{CoCaNgua, Config, Move, Roll};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mut config = Config::with_players(2 + selector % 3);
    if selector & 0x40 != 0 {
        config.dice = 2;
    }
    if selector & 0x80 != 0 {
        // Exercise the settings parser too: `key=value` before the first newline.
        if let Some((line, _)) = text.split_once('\n') {
            if let Some((key, value)) = line.split_once('=') {
                let _ = config.set(key, value);
            }
        }
    }
    if let Ok(state) = CoCaNgua::from_notation(text, &config) {
        let again =
            CoCaNgua::from_notation(&state.to_string(), &config).expect("notation round-trips");
        assert_eq!(again, state);
        let _ = format!("{state:#}");
        for mv in state.legal_moves_vec() {
            assert_eq!(mv.to_string().parse::<Move>().ok(), Some(mv));
            let mut child = state.clone();
            child.play(mv).expect("generated moves are legal");
        }
    }
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string().parse::<Move>().ok(), Some(mv));
    }
    if let Ok(roll) = text.parse::<Roll>() {
        assert_eq!(roll.to_string().parse::<Roll>().ok(), Some(roll));
    }
});
