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
