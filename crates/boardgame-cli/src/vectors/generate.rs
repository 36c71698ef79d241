//! Choosing the states of a vector set: seeded uniform-random games are played, the states
//! they pass through are kept in one reservoir per case and one for all, and the set takes
//! a share of each case first, then fills up from the general reservoir.

use std::collections::HashSet;

use boardgame_core::driver::{below, game_seed, rng_from_seed};
use boardgame_core::{Game, Turn};

use super::cases::Cases;
use crate::error::CliError;

/// The longest game played, in events (far beyond every game's real length: each game's
/// own guard ends it sooner).
const MAX_EVENTS: usize = 100_000;

/// One state in this many gives its derived positions.
const VARIANT_EVERY: usize = 8;

/// Events followed after a derived position.
const VARIANT_EVENTS: usize = 4;

/// Plays one random event (a chance outcome by its weight, or a uniform move); `false` at
/// the end of the game.
pub(crate) fn step<G: Game>(state: &mut G, draw: &mut dyn FnMut(u64) -> u64) -> bool {
    match state.turn() {
        Turn::Terminal => false,
        Turn::Chance => {
            let Some(dist) = state.chance_outcomes() else {
                return false;
            };
            let mut ticket = draw(u64::from(dist.total()));
            let mut chosen = None;
            for (outcome, weight) in dist.iter() {
                if ticket < u64::from(weight) {
                    chosen = Some(outcome);
                    break;
                }
                ticket -= u64::from(weight);
            }
            match chosen {
                Some(outcome) => {
                    state.apply_chance_unchecked(outcome);
                    true
                }
                None => false,
            }
        }
        Turn::Player(_) => {
            let moves = state.legal_moves_vec();
            let Ok(n) = u64::try_from(moves.len()) else {
                return false;
            };
            if n == 0 {
                return false;
            }
            let i = usize::try_from(draw(n)).unwrap_or(0);
            state.play_unchecked(moves[i]);
            true
        }
    }
}

/// A reservoir sample of at most `capacity` states.
struct Reservoir<G> {
    kept: Vec<G>,
    seen: u64,
    capacity: usize,
}

impl<G> Reservoir<G> {
    fn new(capacity: usize) -> Reservoir<G> {
        Reservoir {
            kept: Vec::new(),
            seen: 0,
            capacity,
        }
    }

    /// Offers `state` (made only if it is kept).
    fn offer(&mut self, draw: &mut dyn FnMut(u64) -> u64, state: impl FnOnce() -> G) {
        self.seen += 1;
        if self.kept.len() < self.capacity {
            self.kept.push(state());
        } else {
            let slot = draw(self.seen);
            if let Ok(slot) = usize::try_from(slot)
                && slot < self.capacity
            {
                self.kept[slot] = state();
            }
        }
    }
}

/// The chosen states, each with its cases.
pub(crate) struct Chosen<G> {
    /// The states in the set's order.
    pub(crate) states: Vec<(G, Vec<&'static str>)>,
}

/// The legal moves of `state`, written out.
pub(crate) fn move_texts<G: Game>(state: &G) -> Vec<String> {
    state
        .legal_moves_vec()
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// Plays `games` seeded games under `config` and chooses `count` states.
///
/// # Errors
/// The configuration cannot be played.
pub(crate) fn choose<G: Cases>(
    config: &G::Config,
    count: usize,
    seed: u64,
    games: u64,
) -> Result<Chosen<G>, CliError> {
    let starts = G::starts(config)?;
    let mut pick_rng = rng_from_seed(game_seed(seed, u64::MAX));
    let mut draw = |n: u64| below(&mut pick_rng, n);
    let mut general = Reservoir::new(count);
    let mut by_case: Vec<Reservoir<G>> = G::CASES.iter().map(|_| Reservoir::new(count)).collect();
    let mut visit = |state: &G, general_too: bool, draw: &mut dyn FnMut(u64) -> u64| {
        let text = state.to_string();
        let cases = state.cases(&text, &move_texts(state));
        for case in cases {
            if !general_too && !G::VARIANT_CASES.contains(&case) {
                continue;
            }
            if let Some(i) = G::CASES.iter().position(|c| *c == case) {
                by_case[i].offer(draw, || state.clone());
            }
        }
        if general_too {
            general.offer(draw, || state.clone());
        }
    };
    for game in 0..games {
        let mut rng = rng_from_seed(game_seed(seed, game));
        let Some(start) = usize::try_from(game)
            .ok()
            .and_then(|g| starts.get(g % starts.len()))
        else {
            continue;
        };
        let mut state = start.clone();
        for event in 0..MAX_EVENTS {
            visit(&state, true, &mut draw);
            // Now and then a derived position, and the few events after it (where its rule
            // acts), count for their own cases only.
            let variants = if event % VARIANT_EVERY == 0 {
                state.variants()
            } else {
                Vec::new()
            };
            for mut variant in variants {
                for _ in 0..VARIANT_EVENTS {
                    visit(&variant, false, &mut draw);
                    if !step(&mut variant, &mut draw) {
                        break;
                    }
                }
            }
            if !step(&mut state, &mut |n| below(&mut rng, n)) {
                break;
            }
        }
    }
    // A share of the set for each case, then the rest from all the states seen.
    let share = (count / (2 * G::CASES.len())).max(1);
    let mut taken = HashSet::new();
    let mut states = Vec::new();
    let reservoirs = by_case
        .into_iter()
        .map(|r| (r.kept, share))
        .chain([(general.kept, count)]);
    for (kept, quota) in reservoirs {
        let mut took = 0;
        for state in kept {
            if took == quota || states.len() == count {
                break;
            }
            let text = state.to_string();
            if taken.insert(text.clone()) {
                let cases = state.cases(&text, &move_texts(&state));
                states.push((state, cases));
                took += 1;
            }
        }
    }
    Ok(Chosen { states })
}
