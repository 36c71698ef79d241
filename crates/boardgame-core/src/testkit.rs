//! The conformance kit: seeded random games with every contract of [`Game`] checked at every
//! node. One call per game and configuration in each game crate's tests.
//!
//! ```
//! use boardgame_core::testkit::check_game;
//! use boardgame_core::toy::{Race, RaceConfig};
//!
//! let report = check_game::<Race>(RaceConfig::default(), 0..20, 10_000);
//! assert_eq!(report.finished, 20, "every race ends well before 10 000 plies");
//! ```

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString as _};
use alloc::vec::Vec;
use core::ops::Range;
use std::collections::HashSet;

use crate::driver::{End, Policy, UniformRandom, playout, rng_from_seed, sample};
use crate::game::{Game, PlayError, Turn};
use crate::record::{Event, Record};

/// What a successful check covered.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played.
    pub games: u64,
    /// Games that reached a terminal state.
    pub finished: u64,
    /// Games stopped by the ply guard.
    pub truncated: u64,
    /// Decision nodes checked.
    pub decision_nodes: u64,
    /// Chance nodes checked.
    pub chance_nodes: u64,
    /// The longest game, in events.
    pub longest: u64,
}

/// A broken contract: which game, which seed, where, and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{game}: seed {seed}, after {events} events, in state `{state}`: {message}")]
pub struct Failure {
    /// The game's name.
    pub game: &'static str,
    /// The seed of the failing game.
    pub seed: u64,
    /// Events played before the failing node.
    pub events: usize,
    /// The state's notation.
    pub state: String,
    /// The broken contract.
    pub message: String,
}

type RecordRoundTrip<G> = Box<dyn Fn(&Record<G>) -> Record<G>>;
type StateRoundTrip<G> = Box<dyn Fn(&G) -> G>;

/// A configurable conformance run (see [`check_game`] for the short form).
pub struct Checker<G: Game> {
    start: G,
    seeds: Range<u64>,
    max_plies: u64,
    record_round_trip: Option<RecordRoundTrip<G>>,
    state_round_trip: Option<StateRoundTrip<G>>,
}

impl<G: Game> core::fmt::Debug for Checker<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Checker")
            .field("start", &self.start)
            .field("seeds", &self.seeds)
            .field("max_plies", &self.max_plies)
            .finish_non_exhaustive()
    }
}

impl<G: Game> Checker<G> {
    /// Games from `G::new(config)`, seeds `0..100`, at most 10 000 moves each.
    ///
    /// # Panics
    /// If the configuration is not playable.
    #[track_caller]
    pub fn new(config: G::Config) -> Checker<G> {
        let start = G::new(config).unwrap_or_else(|e| panic!("unplayable configuration: {e}"));
        Checker::from_state(start)
    }

    /// Games from `start`.
    pub fn from_state(start: G) -> Checker<G> {
        Checker {
            start,
            seeds: 0..100,
            max_plies: 10_000,
            record_round_trip: None,
            state_round_trip: None,
        }
    }

    /// The seeds to play, one game each.
    #[must_use]
    pub fn seeds(mut self, seeds: Range<u64>) -> Self {
        self.seeds = seeds;
        self
    }

    /// The ply guard: a game is cut after this many moves.
    #[must_use]
    pub fn max_plies(mut self, max_plies: u64) -> Self {
        self.max_plies = max_plies;
        self
    }

    /// Also checks that records survive a serialisation round trip (e.g. through JSON).
    #[must_use]
    pub fn record_round_trip(mut self, f: impl Fn(&Record<G>) -> Record<G> + 'static) -> Self {
        self.record_round_trip = Some(Box::new(f));
        self
    }

    /// Also checks that states survive a serialisation round trip, at plies below 10 and at
    /// powers of two.
    #[must_use]
    pub fn state_round_trip(mut self, f: impl Fn(&G) -> G + 'static) -> Self {
        self.state_round_trip = Some(Box::new(f));
        self
    }

    /// Runs every game.
    ///
    /// # Panics
    /// On the first broken contract, with the [`Failure`] as the message.
    #[track_caller]
    pub fn run(&self) -> Report {
        self.try_run().unwrap_or_else(|failure| panic!("{failure}"))
    }

    /// Runs every game.
    ///
    /// # Errors
    /// The first broken contract.
    pub fn try_run(&self) -> Result<Report, Failure> {
        let mut report = Report::default();
        for seed in self.seeds.clone() {
            self.check_one(seed, &mut report)?;
            report.games += 1;
        }
        Ok(report)
    }

    fn check_one(&self, seed: u64, report: &mut Report) -> Result<(), Failure> {
        let mut state = self.start.clone();
        let mut rng = rng_from_seed(seed);
        let mut record = Record::starting_from(&state);
        let mut moves: Vec<G::Move> = Vec::new();
        let mut seen_moves: Vec<G::Move> = Vec::new();
        let mut seen_chance: Vec<G::Chance> = Vec::new();
        let mut plies = 0u64;
        let fail = |state: &G, events: usize, message: String| Failure {
            game: G::NAME,
            seed,
            events,
            state: state.to_string(),
            message,
        };
        loop {
            let events = record.events.len();
            let before = state.to_string();
            let check = |ok: bool, message: &dyn Fn() -> String| {
                if ok {
                    Ok(())
                } else {
                    Err(Failure {
                        game: G::NAME,
                        seed,
                        events,
                        state: before.clone(),
                        message: message(),
                    })
                }
            };
            check_common(&state, &probe_window(&seen_moves, events), &seen_chance)
                .map_err(|m| fail(&state, events, m))?;
            if let Some(round_trip) = &self.state_round_trip
                && (events < 10 || events.is_power_of_two())
            {
                check(round_trip(&state) == state, &|| {
                    "state serde round trip differs".into()
                })?;
            }
            match state.turn() {
                Turn::Terminal => {
                    report.finished += 1;
                    break;
                }
                Turn::Chance => {
                    report.chance_nodes += 1;
                    let dist = state.chance_outcomes().expect("checked by check_common");
                    let outcome = sample(&dist, &mut rng);
                    let mut checked = state.clone();
                    check(checked.apply_chance(outcome).is_ok(), &|| {
                        format!("apply_chance({outcome}) refused a sampled outcome")
                    })?;
                    state.apply_chance_unchecked(outcome);
                    check(checked == state, &|| {
                        "apply_chance and its unchecked form differ".into()
                    })?;
                    record.events.push(Event::Chance(outcome));
                    if !seen_chance.contains(&outcome) && seen_chance.len() < 64 {
                        seen_chance.push(outcome);
                    }
                }
                Turn::Player(_) => {
                    report.decision_nodes += 1;
                    if plies >= self.max_plies {
                        report.truncated += 1;
                        break;
                    }
                    moves.clear();
                    state.legal_moves(&mut moves);
                    let mv = UniformRandom.choose(&state, &moves, &mut rng);
                    let mut checked = state.clone();
                    check(checked.play(mv).is_ok(), &|| {
                        format!("play({mv}) refused a legal move")
                    })?;
                    let by_value = state.clone().played(mv);
                    check(by_value.as_ref().is_ok_and(|s| *s == checked), &|| {
                        format!("played({mv}) differs from play")
                    })?;
                    state.play_unchecked(mv);
                    check(checked == state, &|| {
                        format!("play({mv}) and play_unchecked differ")
                    })?;
                    record.events.push(Event::Move(mv));
                    plies += 1;
                    for &m in &moves {
                        if !seen_moves.contains(&m) && seen_moves.len() < 256 {
                            seen_moves.push(m);
                        }
                    }
                }
            }
            let length = record.events.len() as u64;
            if let Some(bound) = G::max_game_length(state.config()) {
                check(length <= bound, &|| {
                    format!("game longer than max_game_length {bound}")
                })?;
            }
        }
        let events = record.events.len();
        report.longest = report.longest.max(events as u64);
        match record.replay() {
            Ok(replayed) if replayed == state => {}
            Ok(replayed) => {
                return Err(fail(
                    &state,
                    events,
                    format!("record replays to `{replayed}`"),
                ));
            }
            Err(e) => return Err(fail(&state, events, format!("record does not replay: {e}"))),
        }
        let driven = playout(
            self.start.clone(),
            &mut UniformRandom,
            &mut rng_from_seed(seed),
            self.max_plies,
        );
        if driven.record != record || driven.state != state {
            return Err(fail(
                &state,
                events,
                "the seeded driver plays a different game".into(),
            ));
        }
        if let End::Terminal(outcome) = driven.end
            && Some(outcome) != state.outcome()
        {
            return Err(fail(&state, events, "driver outcome differs".into()));
        }
        if let Some(round_trip) = &self.record_round_trip
            && round_trip(&record) != record
        {
            return Err(fail(
                &state,
                events,
                "record serde round trip differs".into(),
            ));
        }
        Ok(())
    }
}

/// At most this many moves seen earlier are tried as illegal input at each node, in a window
/// that slides through the pool as the game goes on (every seen move is tried somewhere, and
/// the cost per node stays bounded for games with many distinct moves).
const PROBES_PER_NODE: usize = 12;

fn probe_window<M: Copy>(pool: &[M], events: usize) -> Vec<M> {
    if pool.len() <= PROBES_PER_NODE {
        return pool.to_vec();
    }
    let start = events.wrapping_mul(PROBES_PER_NODE) % pool.len();
    pool.iter()
        .cycle()
        .skip(start)
        .take(PROBES_PER_NODE)
        .copied()
        .collect()
}

/// Plays `seeds` uniform-random games from `G::new(config)`, each cut at `max_plies` moves,
/// and checks every node (see [`check_common`] for the list).
///
/// # Panics
/// On the first broken contract, naming the seed, the event index, the state and the
/// contract.
#[track_caller]
pub fn check_game<G: Game>(config: G::Config, seeds: Range<u64>, max_plies: u64) -> Report {
    Checker::<G>::new(config)
        .seeds(seeds)
        .max_plies(max_plies)
        .run()
}

/// Like [`check_game`], returning the failure instead of panicking.
///
/// # Errors
/// The first broken contract.
///
/// # Panics
/// If the configuration is not playable.
pub fn try_check_game<G: Game>(
    config: G::Config,
    seeds: Range<u64>,
    max_plies: u64,
) -> Result<Report, Failure> {
    Checker::<G>::new(config)
        .seeds(seeds)
        .max_plies(max_plies)
        .try_run()
}

/// The checks made at every node, with moves and outcomes seen earlier in the game as
/// candidates for illegal input:
///
/// 1. `turn()` agrees with `chance_outcomes()` and `outcome()`; the seat is at the table.
/// 2. Decision nodes: at least one move, no duplicates, at most `MAX_MOVES`, the same list
///    when generated twice; `count_moves` equals the list's length; `pick_move` offers that
///    many and gives the `k`-th listed move for every `k`; `is_legal` holds for each
///    generated move and fails for seen moves that were not generated.
/// 3. Chance nodes: at most `MAX_CHANCE_OUTCOMES` outcomes, unique, weights > 0 summing to
///    the total.
/// 4. Checked `play`/`apply_chance` of an illegal move, an impossible outcome, or at the
///    wrong kind of node returns the right error and leaves the state unchanged.
/// 5. The state's notation round-trips; each legal move and chance outcome round-trips
///    through `Display`/`FromStr`, with strings unique within the state.
/// 6. Terminal nodes: no moves, a result for exactly the seats at the table, zero-sum
///    returns.
///
/// # Errors
/// A description of the first broken contract.
pub fn check_common<G: Game>(
    state: &G,
    seen_moves: &[G::Move],
    seen_chance: &[G::Chance],
) -> Result<(), String> {
    let ensure = |ok: bool, message: &dyn Fn() -> String| if ok { Ok(()) } else { Err(message()) };
    let turn = state.turn();
    let dist = state.chance_outcomes();
    let outcome = state.outcome();
    ensure(dist.is_some() == (turn == Turn::Chance), &|| {
        format!(
            "turn {turn:?} but chance_outcomes is {}",
            if dist.is_some() { "Some" } else { "None" }
        )
    })?;
    ensure(outcome.is_some() == (turn == Turn::Terminal), &|| {
        format!("turn {turn:?} but outcome is {outcome:?}")
    })?;

    let text = state.to_string();
    match G::from_notation(&text, state.config()) {
        Ok(parsed) if parsed == *state => {}
        Ok(parsed) => {
            return Err(format!(
                "notation `{text}` parses to a different state {parsed:?}"
            ));
        }
        Err(e) => return Err(format!("notation `{text}` does not parse: {e}")),
    }

    let moves = state.legal_moves_vec();
    let again = state.legal_moves_vec();
    ensure(moves == again, &|| {
        "move generation is not deterministic".into()
    })?;
    ensure(state.count_moves() == moves.len(), &|| {
        format!(
            "count_moves {} but {} moves generated",
            state.count_moves(),
            moves.len()
        )
    })?;

    let mut scratch = Vec::new();
    for (k, &listed) in moves.iter().enumerate() {
        let mut offered = 0;
        let picked = state.pick_move(&mut scratch, |n| {
            offered = n;
            k
        });
        ensure(offered == moves.len() && picked == listed, &|| {
            format!(
                "pick_move offered {offered} moves and gave {picked} for k = {k}, \
                 but the list has {} with {listed} at {k}",
                moves.len()
            )
        })?;
    }

    let unchanged = |probe: &G, what: &str| {
        ensure(probe == state, &|| {
            format!("{what} was refused but changed the state")
        })
    };
    let expect_refusal = |result: Result<(), PlayError>, expected: PlayError, what: &str| {
        ensure(result == Err(expected), &|| {
            format!("{what}: expected {expected:?}, got {result:?}")
        })
    };

    match turn {
        Turn::Player(seat) => {
            ensure(seat.index() < state.num_seats(), &|| {
                format!("seat {seat} is not at the table")
            })?;
            ensure(!moves.is_empty(), &|| {
                "a decision node has no legal move".into()
            })?;
            ensure(moves.len() <= G::MAX_MOVES, &|| {
                format!("{} moves exceed MAX_MOVES {}", moves.len(), G::MAX_MOVES)
            })?;
            let unique: HashSet<_> = moves.iter().collect();
            ensure(unique.len() == moves.len(), &|| {
                format!("duplicate moves in {moves:?}")
            })?;
            let mut strings = HashSet::new();
            for &m in &moves {
                ensure(state.is_legal(m), &|| {
                    format!("generated move {m} is not is_legal")
                })?;
                let s = m.to_string();
                ensure(s.parse::<G::Move>().ok() == Some(m), &|| {
                    format!("move `{s}` does not round-trip")
                })?;
                ensure(strings.insert(s.clone()), &|| {
                    format!("two moves display as `{s}`")
                })?;
            }
            for &m in seen_moves.iter().filter(|m| !unique.contains(m)) {
                ensure(!state.is_legal(m), &|| {
                    format!("is_legal({m}) but it is not generated")
                })?;
                let mut probe = state.clone();
                expect_refusal(probe.play(m), PlayError::IllegalMove, &format!("play({m})"))?;
                unchanged(&probe, &format!("play({m})"))?;
                let rejected = state.clone().played(m);
                ensure(rejected.as_ref().is_err_and(|r| r.state == *state), &|| {
                    format!("played({m}) did not return the unchanged state")
                })?;
            }
            for &c in seen_chance {
                let mut probe = state.clone();
                expect_refusal(
                    probe.apply_chance(c),
                    PlayError::NotChanceNode,
                    "apply_chance at a decision node",
                )?;
                unchanged(&probe, "apply_chance at a decision node")?;
            }
        }
        Turn::Chance => {
            let dist = dist.expect("checked above");
            ensure(moves.is_empty(), &|| {
                "moves generated at a chance node".into()
            })?;
            ensure(dist.len() <= G::MAX_CHANCE_OUTCOMES, &|| {
                format!("{} outcomes exceed MAX_CHANCE_OUTCOMES", dist.len())
            })?;
            let sum: u64 = dist.iter().map(|(_, w)| u64::from(w)).sum();
            ensure(sum == u64::from(dist.total()), &|| {
                format!("weights sum to {sum}, total is {}", dist.total())
            })?;
            ensure(dist.iter().all(|(_, w)| w > 0), &|| {
                "a chance outcome has weight 0".into()
            })?;
            let unique: HashSet<_> = dist.iter().map(|(c, _)| c).collect();
            ensure(unique.len() == dist.len(), &|| {
                "duplicate chance outcomes".into()
            })?;
            let mut strings = HashSet::new();
            for (c, _) in dist.iter() {
                let s = c.to_string();
                ensure(s.parse::<G::Chance>().ok() == Some(c), &|| {
                    format!("outcome `{s}` does not round-trip")
                })?;
                ensure(strings.insert(s.clone()), &|| {
                    format!("two outcomes display as `{s}`")
                })?;
            }
            for &c in seen_chance.iter().filter(|c| !unique.contains(c)) {
                let mut probe = state.clone();
                expect_refusal(
                    probe.apply_chance(c),
                    PlayError::IllegalOutcome,
                    &format!("apply_chance({c})"),
                )?;
                unchanged(&probe, "an impossible chance outcome")?;
            }
            for &m in seen_moves.iter().take(8) {
                let mut probe = state.clone();
                expect_refusal(
                    probe.play(m),
                    PlayError::NotPlayerTurn,
                    "play at a chance node",
                )?;
                unchanged(&probe, "play at a chance node")?;
            }
        }
        Turn::Terminal => {
            let outcome = outcome.expect("checked above");
            ensure(moves.is_empty(), &|| {
                "moves generated at a terminal node".into()
            })?;
            ensure(outcome.num_seats() == state.num_seats(), &|| {
                "outcome has the wrong seat count".into()
            })?;
            let sum: i32 = outcome.returns().as_slice().iter().sum();
            ensure(sum == 0, &|| format!("returns sum to {sum}, not 0"))?;
            for &m in seen_moves.iter().take(8) {
                let mut probe = state.clone();
                expect_refusal(
                    probe.play(m),
                    PlayError::NotPlayerTurn,
                    "play at a terminal node",
                )?;
                unchanged(&probe, "play at a terminal node")?;
            }
            for &c in seen_chance.iter().take(8) {
                let mut probe = state.clone();
                expect_refusal(
                    probe.apply_chance(c),
                    PlayError::NotChanceNode,
                    "apply_chance at a terminal node",
                )?;
                unchanged(&probe, "apply_chance at a terminal node")?;
            }
        }
    }
    Ok(())
}

/// Checks a configuration's named settings and presets (see [`crate::Configure`]):
///
/// - the first preset is `C::default()`, and every preset builds;
/// - every setting's documented default is what `C::default().value(key)` reports;
/// - in every preset, setting each key to its own current value changes nothing (values
///   round-trip through text);
/// - an unknown key and an unknown preset are refused with errors that list every valid key
///   and preset name.
///
/// # Panics
/// On the first broken contract, naming the key or preset.
#[track_caller]
pub fn check_settings<C>()
where
    C: crate::Configure + Clone + PartialEq + core::fmt::Debug,
{
    use crate::SettingError;
    let first = C::PRESETS
        .first()
        .expect("a configuration has at least one preset");
    assert_eq!(
        C::preset(first.name).as_ref(),
        Ok(&C::default()),
        "the first preset is the default"
    );
    for setting in C::SETTINGS {
        assert_eq!(
            C::default().value(setting.key).as_deref(),
            Some(setting.default),
            "documented default of {}",
            setting.key
        );
    }
    for preset in C::PRESETS {
        let config =
            C::preset(preset.name).unwrap_or_else(|e| panic!("preset {}: {e}", preset.name));
        for setting in C::SETTINGS {
            let value = config.value(setting.key).unwrap_or_else(|| {
                panic!("preset {} has no value for {}", preset.name, setting.key)
            });
            let mut copy = config.clone();
            copy.set(setting.key, &value).unwrap_or_else(|e| {
                panic!(
                    "preset {}: {}={value} refused: {e}",
                    preset.name, setting.key
                )
            });
            assert_eq!(
                copy, config,
                "preset {}: {}={value} is not a round trip",
                preset.name, setting.key
            );
        }
    }
    let mut config = C::default();
    match config.set("no_such_setting", "1") {
        Err(SettingError::UnknownKey { valid, .. }) => {
            for setting in C::SETTINGS {
                assert!(
                    valid.contains(setting.key),
                    "the unknown-key error lists {}",
                    setting.key
                );
            }
        }
        other => panic!("an unknown key gave {other:?}"),
    }
    assert_eq!(
        config,
        C::default(),
        "a refused setting changed the configuration"
    );
    match C::preset("no-such-preset") {
        Err(SettingError::UnknownPreset { valid, .. }) => {
            for preset in C::PRESETS {
                assert!(
                    valid.contains(preset.name),
                    "the unknown-preset error lists {}",
                    preset.name
                );
            }
        }
        Err(other) => panic!("an unknown preset gave {other:?}"),
        Ok(_) => panic!("an unknown preset was accepted"),
    }
}
