#![no_main]
//! Placeholder until the game's fuzz target lands.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = data;
});
