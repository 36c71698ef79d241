#![no_main]
//! Cờ cá ngựa board validation: any layout either fails with a typed error or builds a board
//! on which a game (moves picked by the remaining bytes as an index tape) runs without
//! panicking and keeps its notation round trip, with one die or (`dice = 2`) two.

use boardgame_core::{Game, Turn};
use co_ca_ngua::{Board, CoCaNgua, Config, Layout};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 9 {
        return;
    }
    let layout = Layout {
        track_len: data[0],
        quadrant: data[1],
        exit_roll: data[2],
        shortcut_at: data[3],
        mouth_at: data[4],
        lane_len: data[5],
        ring_len: data[6],
        spoke_len: data[7],
    };
    let board = match Board::new(layout) {
        Ok(board) => board,
        Err(error) => {
            let _ = error.to_string();
            return;
        }
    };
    assert_eq!(board.path(0).len(), usize::from(board.end()));
    let mut config = Config::with_players(2 + data[8] % 3);
    config.dice = 1 + (data[8] / 3) % 2;
    config.layout = layout;
    config.max_rolls = 400;
    let mut state = CoCaNgua::new(config).expect("a valid board makes a valid game");
    for &byte in &data[9..] {
        match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                let dist = state.chance_outcomes().expect("chance node");
                let (die, _) = dist.outcomes()[usize::from(byte) % dist.len()];
                state.apply_chance(die).expect("listed outcome");
            }
            Turn::Player(_) => {
                let moves = state.legal_moves_vec();
                assert!(!moves.is_empty());
                state
                    .play(moves[usize::from(byte) % moves.len()])
                    .expect("generated move");
            }
        }
        let text = state.to_string();
        assert_eq!(
            CoCaNgua::from_notation(&text, &config).expect("round trip"),
            state
        );
    }
});
