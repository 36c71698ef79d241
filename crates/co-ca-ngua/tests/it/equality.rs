//! The hand-written `PartialEq` and `Hash` of `CoCaNgua`: every field of the position and
//! the configuration counts.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use boardgame_core::Game;
use co_ca_ngua::{CoCaNgua, Config};

/// The base position of these tests: seat 0 to roll after two sixes, its piece on 27 moved
/// last.
const BASE: &str = "10,27/0,0 r0 t2.27 n17";

fn state(text: &str, config: &Config) -> CoCaNgua {
    CoCaNgua::from_notation(text, config).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn hash_of(state: &CoCaNgua) -> u64 {
    let mut hasher = DefaultHasher::new();
    state.hash(&mut hasher);
    hasher.finish()
}

/// Each variant differs from `BASE` (under the default two-player rules) in exactly one
/// field: pieces, phase, sixes, last moved piece, roll count, configuration.
fn one_field_variants() -> Vec<(&'static str, CoCaNgua)> {
    let config = Config::with_players(2);
    let mut longer = config;
    longer.max_rolls = 3_000;
    vec![
        ("pieces", state("10,27/0,1 r0 t2.27 n17", &config)),
        ("phase", state("10,27/0,0 m06 t2.27 n17", &config)),
        ("sixes", state("10,27/0,0 r0 t1.27 n17", &config)),
        ("last moved", state("10,27/0,0 r0 t2.10 n17", &config)),
        ("rolls", state("10,27/0,0 r0 t2.27 n18", &config)),
        ("config", state(BASE, &longer)),
    ]
}

/// A state differing from another in any single field is unequal to it, and (for these
/// pairs) hashes differently.
#[test]
fn states_differing_in_any_field_are_unequal_and_hash_apart() {
    let base = state(BASE, &Config::with_players(2));
    for (field, other) in one_field_variants() {
        assert_ne!(base, other, "differs in {field}");
        assert_ne!(other, base, "differs in {field}");
        assert_ne!(hash_of(&base), hash_of(&other), "differs in {field}");
    }
}

/// The same position built twice (parsed, and parsed from its own printout) is equal and
/// hashes the same.
#[test]
fn equal_states_built_two_ways_are_equal_and_hash_alike() {
    let config = Config::with_players(2);
    let base = state(BASE, &config);
    let again = state(&base.to_string(), &config);
    assert_eq!(base, again);
    assert_eq!(hash_of(&base), hash_of(&again));
    let fresh = CoCaNgua::new(Config::default()).unwrap();
    let parsed = state("0,0/0,0 oL01 t0.0 n0", &Config::default());
    assert_eq!(fresh, parsed);
    assert_eq!(hash_of(&fresh), hash_of(&parsed));
}
