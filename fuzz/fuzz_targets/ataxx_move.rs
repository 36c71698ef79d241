#![no_main]
//! The move parser never panics, and accepts only canonical UAI text: whatever it accepts
//! displays as exactly the input and parses back to the same move.

use ataxx::Move;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string(), text);
        assert_eq!(mv.to_string().parse::<Move>().ok(), Some(mv));
        if let Move::Double { from, to } = mv {
            assert_eq!(from.distance(to), 2);
        }
    }
});
