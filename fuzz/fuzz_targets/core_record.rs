#![no_main]
//! Decodes arbitrary bytes into a record of the toy dice game and replays it through the
//! checked API. Replay must never panic: every bad event is an `Err` naming its index, and
//! an accepted record must replay to the same state twice.

use boardgame_core::toy::{Race, RaceConfig, RaceMove};
use boardgame_core::{Die, Event, Game, Record};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&header, body)) = data.split_first() else { return };
    let config = RaceConfig { seats: usize::from(header % 5), length: header / 5 };
    let mut record = Record::<Race>::new(config);
    for &byte in body {
        let event = match byte % 4 {
            0 => Event::Chance(Die::new(byte / 4 % 8).unwrap_or(Die::SIX)),
            1 => Event::Move(RaceMove::Pass),
            _ => Event::Move(RaceMove::Advance(byte / 4)),
        };
        record.events.push(event);
    }
    match record.replay() {
        Ok(state) => {
            assert_eq!(record.replay().ok(), Some(state.clone()));
            let text = state.to_string();
            assert_eq!(Race::from_notation(&text, &config).ok(), Some(state));
        }
        Err(boardgame_core::ReplayError::Event { index, .. }) => assert!(index < record.events.len()),
        Err(_) => {}
    }
});
