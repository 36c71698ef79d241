//! Criterion benchmarks for the workspace live in `benches/benches/`; this library only
//! holds what they share.

/// Runs `f` once per seed in `seeds` and returns the total number of chance events (rolls)
/// and moves, so benches can report per-roll and per-ply costs.
pub fn total_events<F: FnMut(u64) -> (u64, u64)>(
    seeds: core::ops::Range<u64>,
    mut f: F,
) -> (u64, u64) {
    seeds.fold((0, 0), |(rolls, plies), seed| {
        let (r, p) = f(seed);
        (rolls + r, plies + p)
    })
}

/// The fixed Ataxx benchmark positions, by name: the start, a mid-game position (24 seeded
/// uniform-random plies from the start), the dense capacity position (194 moves) and two
/// blocker layouts (the second 20 seeded plies in). The criterion benches and the
/// like-for-like race (`examples/ataxx_race.rs`) use the same ones.
#[must_use]
pub fn ataxx_positions() -> Vec<(&'static str, ataxx::Ataxx)> {
    use boardgame_core::Game as _;
    use boardgame_core::driver::{UniformRandom, playout, rng_from_seed};
    let start = ataxx::Ataxx::default();
    let mid = playout(start.clone(), &mut UniformRandom, &mut rng_from_seed(7), 24).state;
    assert!(!mid.is_terminal(), "the mid-game position is live: {mid}");
    let parse = |fen: &str| fen.parse::<ataxx::Ataxx>().expect("valid FEN");
    vec![
        ("start", start),
        ("midgame", mid),
        (
            "dense",
            parse("o1xx2x/2xx2x/2xx2x/x1xx2x/2xx2x/2xx2x/x1xx2x x 0 1"),
        ),
        ("blockers", parse("x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1")),
        ("blockers_mid", {
            let b = parse("x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1");
            playout(b, &mut UniformRandom, &mut rng_from_seed(11), 20).state
        }),
    ]
}
