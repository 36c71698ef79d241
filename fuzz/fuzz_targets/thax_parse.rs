#![no_main]
//! Thax parsers on arbitrary text: the state notation (under several configurations), moves
//! and boards. None may panic; whatever parses must print back to text that parses to the
//! same value, and a parsed position must be playable (moves generated, each one legal).

use boardgame_core::{Configure, Game};
use libfuzzer_sys::fuzz_target;
use thax::{Board, Thax, ThaxConfig, ThaxMove};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(mv) = text.parse::<ThaxMove>() {
        assert_eq!(mv.to_string().parse::<ThaxMove>(), Ok(mv));
    }
    if let Ok(board) = text.parse::<Board>() {
        assert_eq!(board.to_string().parse::<Board>(), Ok(board));
        let mut config = ThaxConfig::default();
        config
            .set("board", text)
            .expect("a board that parses is a valid setting");
    }
    for preset in ThaxConfig::PRESETS {
        let config = ThaxConfig::preset(preset.name).expect("listed preset");
        let Ok(state) = Thax::from_notation(text, &config) else {
            continue;
        };
        let printed = state.to_string();
        assert_eq!(
            Thax::from_notation(&printed, &config).as_ref(),
            Ok(&state),
            "{printed}"
        );
        for mv in state.legal_moves_vec() {
            let mut next = state.clone();
            next.play(mv).expect("a generated move is legal");
        }
        if let Some(dist) = state.chance_outcomes() {
            for (dice, _) in dist.iter() {
                let mut next = state.clone();
                next.apply_chance(dice)
                    .expect("every outcome of the distribution applies");
            }
        }
        let _ = format!("{state:#}");
    }
});
