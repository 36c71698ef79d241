//! Batched stepping: `n` games of one game under one configuration, stepped together in Rust.
//!
//! Every game always waits at a decision of the agent: chance nodes are resolved at once with
//! the game's own seeded generator (core's [`sample`], exact weights), the seats of a
//! built-in opponent (if any) play their turns, and a finished game is replaced by a new one
//! (auto-reset). Python pays one call per batch, not per move.
//!
//! The work is split in stretches ([`AnyVector::step_games`], [`AnyVector::reset_games`])
//! that end at a deadline or when a stop flag is raised, so that the caller can check for
//! Ctrl-C between them; an interrupted call leaves the batch half-stepped, and the Python side
//! then asks for a reset.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use boardgame_core::driver::{ChaCha8Rng, below, rng_from_seed, sample};
use boardgame_core::{Seat, Turn};
use boardgame_search::bots::Bot;

use crate::games::PyGame;
use crate::table::Refusal;

/// How many new games in a row chance (or the opponent) may finish before the agent's first
/// decision, in one slot, before the configuration is refused as one that never reaches a
/// decision (a tiny `max_rolls`).
pub(crate) const MAX_RESTARTS: usize = 1000;

/// The most games of one batch: 2²⁴, past what 24 GiB holds of any game's observations and
/// masks. A larger `n` is refused with `ValueError`; an `n` below it that the allocator cannot
/// give is a `MemoryError` (every array of the batch is reserved with `try_reserve`).
pub(crate) const MAX_GAMES: usize = 1 << 24;

/// Why a batch could not be built.
#[derive(Debug)]
pub(crate) enum Fault {
    /// Bad input (`ValueError`).
    Refused(Refusal),
    /// The memory for the batch could not be had (`MemoryError`).
    Memory(String),
}

impl From<Refusal> for Fault {
    fn from(refusal: Refusal) -> Fault {
        Fault::Refused(refusal)
    }
}

/// `n` copies of `value`, or [`Fault::Memory`] if the allocator refuses them.
pub(crate) fn filled<T: Clone>(value: T, n: usize) -> Result<Vec<T>, Fault> {
    let mut out = Vec::new();
    out.try_reserve_exact(n).map_err(|_| {
        Fault::Memory(format!(
            "cannot allocate the memory of this batch ({n} × {} bytes for one of its arrays)",
            size_of::<T>()
        ))
    })?;
    out.resize(n, value);
    Ok(out)
}

/// What a game does on the next step.
#[derive(Clone, Copy, Debug)]
enum Pending<M> {
    /// Plays this move.
    Play(M),
    /// Forfeits (an illegal action in forfeit mode).
    Forfeit,
    /// Stays as it is: a game just restarted whose first step is skipped (gymnasium's
    /// `NEXT_STEP` autoreset).
    Hold,
}

/// The arrays one call fills, flattened row-major (the Python side owns and shapes them).
pub(crate) struct Batch<'a> {
    /// `n × observation size`: the observation for the seat to move.
    pub(crate) observations: &'a mut [f32],
    /// `n × num_distinct_actions`: 1 where the action is legal.
    pub(crate) masks: &'a mut [u8],
    /// `n`: the seat to move.
    pub(crate) players: &'a mut [i64],
    /// `n`: the ids of the legal actions (the 1s of the mask, for [`pick_legal`]).
    pub(crate) legal: &'a mut [Vec<u32>],
}

/// What a step reports beside the new [`Batch`].
pub(crate) struct Outcomes<'a> {
    /// `n × num_players`: each seat's return in a game that ended on this step, else 0. A
    /// forfeited game has the forfeit reward in the offender's column and 0 elsewhere.
    pub(crate) rewards: &'a mut [f32],
    /// `n`: 1 where the game ended on this step (and a new one started).
    pub(crate) dones: &'a mut [u8],
    /// `n`: 1 where the game ended because the action was illegal (forfeit mode).
    pub(crate) forfeits: &'a mut [u8],
    /// `n × observation size`, if asked for: the last observation of a game that ended, for
    /// the seat that acted (0 elsewhere).
    pub(crate) finals: Option<&'a mut [f32]>,
}

/// Why a stretch of work stopped before the end of the batch.
#[derive(Debug)]
pub(crate) enum Halt {
    /// The stop flag was raised.
    Stopped,
    /// A rule of the batch was broken (the message says which); the batch needs a reset.
    Refused(Refusal),
}

/// `n` games of one game, whatever its type.
pub(crate) trait AnyVector {
    fn len(&self) -> usize;
    /// Sets the seed of every game's generator (`seeds[i]` for game `i`).
    fn reseed(&mut self, seeds: &[u64]);
    /// Starts games `from..` afresh (the generators carry on) and fills their rows of
    /// `batch`, until `until` or `stop`; returns the next game to start.
    fn reset_games(
        &mut self,
        from: usize,
        until: Option<Instant>,
        stop: &AtomicBool,
        batch: &mut Batch<'_>,
    ) -> Result<usize, Halt>;
    /// Checks `actions` (one per game) and keeps them for [`step_games`](Self::step_games);
    /// refuses an illegal one unless illegal actions forfeit. The games where `hold` is 1 (if
    /// given) skip the step: their action is not looked at. Changes no game.
    fn prepare(&mut self, actions: &[i64], hold: Option<&[u8]>) -> Result<(), Refusal>;
    /// Plays the prepared actions of games `from..`, resolves chance and the opponent's
    /// turns, restarts finished games and fills their rows, until `until` or `stop`; returns
    /// the next game to step.
    fn step_games(
        &mut self,
        from: usize,
        until: Option<Instant>,
        stop: &AtomicBool,
        batch: &mut Batch<'_>,
        outcomes: &mut Outcomes<'_>,
    ) -> Result<usize, Halt>;
    /// Writes every game's row of `batch` as the games stand (after a restore).
    fn fill_all(&mut self, batch: &mut Batch<'_>);
    /// The state notation of game `i`.
    fn notation(&self, i: usize) -> String;
    /// The picture of game `i` (`crate::render`).
    fn draw(&self, i: usize) -> crate::render::Canvas;
    /// Every game's notation and generator (its seed and how many words it has used).
    fn snapshot(&self) -> Vec<(String, u64, u128)>;
    /// Restores a [`snapshot`](Self::snapshot) of a batch of the same game and size.
    fn restore(&mut self, snapshot: &[(String, u64, u128)]) -> Result<(), Refusal>;
}

/// Who plays the seats the agent does not.
pub(crate) trait Opponent<G: PyGame> {
    /// The seat the agent plays, or `None` for every seat (self-play).
    fn agent(&self) -> Option<Seat>;
    /// The move of the opponent at `state`, a decision of a seat the agent does not play.
    fn choose(&mut self, state: &G, legal: &[G::Move], rng: &mut ChaCha8Rng) -> G::Move;
}

/// Self-play: the agent plays every seat.
pub(crate) struct SelfPlay;

impl<G: PyGame> Opponent<G> for SelfPlay {
    fn agent(&self) -> Option<Seat> {
        None
    }

    fn choose(&mut self, _: &G, legal: &[G::Move], _: &mut ChaCha8Rng) -> G::Move {
        legal[0]
    }
}

/// A bot of `boardgame-search` plays every seat but the agent's (one bot for every game of the
/// batch, in turn).
pub(crate) struct BotOpponent<G: PyGame> {
    pub(crate) bot: Box<dyn Bot<G>>,
    pub(crate) seat: Seat,
}

impl<G: PyGame> Opponent<G> for BotOpponent<G> {
    fn agent(&self) -> Option<Seat> {
        Some(self.seat)
    }

    fn choose(&mut self, state: &G, legal: &[G::Move], rng: &mut ChaCha8Rng) -> G::Move {
        self.bot.choose(state, legal, rng)
    }
}

/// `n` games of `G`, the agent's opponents played by `O`.
pub(crate) struct VectorOf<G: PyGame, O> {
    config: G::Config,
    states: Vec<G>,
    rngs: Vec<ChaCha8Rng>,
    seeds: Vec<u64>,
    /// The prepared actions.
    pending: Vec<Pending<G::Move>>,
    /// The offender's reward when an illegal action forfeits the game, if it does.
    forfeit: Option<f32>,
    opponent: O,
    observation_size: usize,
    num_actions: usize,
    num_players: usize,
    moves: Vec<G::Move>,
}

impl<G: PyGame, O: Opponent<G>> VectorOf<G, O> {
    /// `n` games, game `i` rolling its dice with the generator of `seeds[i]`.
    pub(crate) fn new(
        config: G::Config,
        seeds: Vec<u64>,
        opponent: O,
        forfeit: Option<f32>,
    ) -> Result<VectorOf<G, O>, Fault> {
        let start = G::new(config.clone()).map_err(|e| e.to_string())?;
        if let Some(seat) = opponent.agent()
            && seat.index() >= start.num_seats()
        {
            return Err(Fault::Refused(format!(
                "seat {} is not at the table (seats 0 to {})",
                seat.index(),
                start.num_seats() - 1
            )));
        }
        let n = seeds.len();
        let mut rngs = filled(rng_from_seed(0), n)?;
        for (rng, &seed) in rngs.iter_mut().zip(&seeds) {
            *rng = rng_from_seed(seed);
        }
        Ok(VectorOf {
            observation_size: G::observation_shape(&config).iter().product(),
            num_actions: G::num_actions(&config),
            num_players: start.num_seats(),
            states: filled(start, n)?,
            rngs,
            pending: filled(Pending::Hold, n)?,
            seeds,
            forfeit,
            opponent,
            config,
            moves: Vec::new(),
        })
    }

    /// Plays game `i` until the agent must decide or the game is over: chance with the
    /// game's generator, the other seats by the opponent.
    fn advance(&mut self, i: usize, stop: &AtomicBool) -> Result<(), Halt> {
        let state = &mut self.states[i];
        loop {
            while let Some(dist) = state.chance_outcomes() {
                let outcome = sample(&dist, &mut self.rngs[i]);
                state.apply_chance_unchecked(outcome);
            }
            let Turn::Player(seat) = state.turn() else {
                return Ok(());
            };
            if self.opponent.agent().is_none_or(|agent| agent == seat) {
                return Ok(());
            }
            if stop.load(Ordering::Relaxed) {
                return Err(Halt::Stopped);
            }
            self.moves.clear();
            state.legal_moves(&mut self.moves);
            let mv = self.opponent.choose(state, &self.moves, &mut self.rngs[i]);
            state
                .play(mv)
                .map_err(|e| Halt::Refused(format!("the opponent's move {mv}: {e}")))?;
        }
    }

    /// A new game in slot `i`, played to the agent's first decision.
    fn restart(&mut self, i: usize, stop: &AtomicBool) -> Result<(), Halt> {
        for _ in 0..MAX_RESTARTS {
            self.states[i] =
                G::new(self.config.clone()).map_err(|e| Halt::Refused(e.to_string()))?;
            self.advance(i, stop)?;
            if !self.states[i].is_terminal() {
                return Ok(());
            }
        }
        Err(Halt::Refused(format!(
            "{MAX_RESTARTS} new games in a row ended before the agent's first decision \
             (chance{} alone finished them): this configuration never reaches a decision; \
             give it a longer length guard (max_rolls)",
            if self.opponent.agent().is_some() {
                " and the opponent"
            } else {
                ""
            }
        )))
    }

    /// Writes game `i`'s row of `batch` (a running game, at the agent's decision).
    fn fill(&mut self, i: usize, batch: &mut Batch<'_>) {
        let state = &self.states[i];
        let Turn::Player(seat) = state.turn() else {
            unreachable!("a restarted, running game waits at a decision node");
        };
        let obs = &mut batch.observations[i * self.observation_size..][..self.observation_size];
        obs.fill(0.0);
        state.observe(seat, obs);
        let mask = &mut batch.masks[i * self.num_actions..][..self.num_actions];
        mask.fill(0);
        let legal = &mut batch.legal[i];
        legal.clear();
        state.legal_ids(&mut self.moves, legal);
        for &id in legal.iter() {
            mask[id as usize] = 1;
        }
        batch.players[i] = seat.index() as i64;
    }

    /// Records the end of game `i` (its returns, or the forfeit of `offender`) in `outcomes`.
    fn finish(&self, i: usize, viewer: Seat, offender: Option<Seat>, outcomes: &mut Outcomes<'_>) {
        let row = &mut outcomes.rewards[i * self.num_players..][..self.num_players];
        match (offender, self.forfeit) {
            (Some(seat), Some(reward)) => {
                row.fill(0.0);
                row[seat.index()] = reward;
                outcomes.forfeits[i] = 1;
            }
            _ => {
                if let Some(result) = self.states[i].outcome() {
                    let returns = result.returns();
                    for seat in Seat::first(self.num_players) {
                        row[seat.index()] = returns[seat] as f32;
                    }
                }
            }
        }
        outcomes.dones[i] = 1;
        if let Some(finals) = outcomes.finals.as_deref_mut() {
            let obs = &mut finals[i * self.observation_size..][..self.observation_size];
            obs.fill(0.0);
            self.states[i].observe(viewer, obs);
        }
    }
}

/// Writes into `picks[i]` a uniformly random one of the legal action ids `legal[i]` (as
/// [`Batch::legal`] holds them), drawn with `rng`; -1 where there is none.
pub(crate) fn pick_legal(legal: &[Vec<u32>], picks: &mut [i64], rng: &mut ChaCha8Rng) {
    for (ids, pick) in legal.iter().zip(picks.iter_mut()) {
        *pick = match ids.len() {
            0 => -1,
            1 => i64::from(ids[0]),
            len => i64::from(ids[below(rng, len as u64) as usize]),
        };
    }
}

/// How many games a stretch works on between two looks at the clock (a look costs about as
/// much as a fifth of a Thax move).
const CLOCK_EVERY: usize = 16;

/// Whether a stretch of work should stop before game `i` (never before the first one).
fn halt_before(i: usize, from: usize, until: Option<Instant>, stop: &AtomicBool) -> bool {
    i > from
        && (stop.load(Ordering::Relaxed)
            || ((i - from).is_multiple_of(CLOCK_EVERY)
                && until.is_some_and(|t| Instant::now() >= t)))
}

impl<G: PyGame, O: Opponent<G>> AnyVector for VectorOf<G, O> {
    fn len(&self) -> usize {
        self.states.len()
    }

    fn reseed(&mut self, seeds: &[u64]) {
        self.seeds.copy_from_slice(seeds);
        for (rng, &seed) in self.rngs.iter_mut().zip(seeds) {
            *rng = rng_from_seed(seed);
        }
    }

    fn reset_games(
        &mut self,
        from: usize,
        until: Option<Instant>,
        stop: &AtomicBool,
        batch: &mut Batch<'_>,
    ) -> Result<usize, Halt> {
        for i in from..self.states.len() {
            if halt_before(i, from, until, stop) {
                return Ok(i);
            }
            self.restart(i, stop)?;
            self.fill(i, batch);
        }
        Ok(self.states.len())
    }

    fn prepare(&mut self, actions: &[i64], hold: Option<&[u8]>) -> Result<(), Refusal> {
        let n = self.states.len();
        if actions.len() != n {
            return Err(format!("{} actions for {n} games", actions.len()));
        }
        if let Some(hold) = hold
            && hold.len() != n
        {
            return Err(format!("{} skip flags for {n} games", hold.len()));
        }
        for (i, (&id, state)) in actions.iter().zip(&self.states).enumerate() {
            if hold.is_some_and(|hold| hold[i] != 0) {
                self.pending[i] = Pending::Hold;
                continue;
            }
            let mv = usize::try_from(id)
                .ok()
                .filter(|&id| id < self.num_actions)
                .and_then(|id| state.action_move(id))
                .filter(|&mv| state.is_legal(mv));
            self.pending[i] = match mv {
                Some(mv) => Pending::Play(mv),
                None if self.forfeit.is_some() => Pending::Forfeit,
                None => return Err(format!("game {i}: action {id} is not legal in {state}")),
            };
        }
        Ok(())
    }

    fn step_games(
        &mut self,
        from: usize,
        until: Option<Instant>,
        stop: &AtomicBool,
        batch: &mut Batch<'_>,
        outcomes: &mut Outcomes<'_>,
    ) -> Result<usize, Halt> {
        for i in from..self.states.len() {
            if halt_before(i, from, until, stop) {
                return Ok(i);
            }
            outcomes.rewards[i * self.num_players..][..self.num_players].fill(0.0);
            outcomes.dones[i] = 0;
            outcomes.forfeits[i] = 0;
            let Turn::Player(mover) = self.states[i].turn() else {
                unreachable!("a running game waits at a decision node");
            };
            let viewer = self.opponent.agent().unwrap_or(mover);
            match self.pending[i] {
                Pending::Play(mv) => {
                    self.states[i].play_unchecked(mv);
                    self.advance(i, stop)?;
                    if self.states[i].is_terminal() {
                        self.finish(i, viewer, None, outcomes);
                    }
                }
                Pending::Forfeit => self.finish(i, viewer, Some(mover), outcomes),
                Pending::Hold => {}
            }
            if outcomes.dones[i] == 1 {
                self.restart(i, stop)?;
            }
            self.fill(i, batch);
        }
        Ok(self.states.len())
    }

    fn fill_all(&mut self, batch: &mut Batch<'_>) {
        for i in 0..self.states.len() {
            self.fill(i, batch);
        }
    }

    fn notation(&self, i: usize) -> String {
        self.states[i].to_string()
    }

    fn draw(&self, i: usize) -> crate::render::Canvas {
        self.states[i].draw()
    }

    fn snapshot(&self) -> Vec<(String, u64, u128)> {
        self.states
            .iter()
            .zip(&self.seeds)
            .zip(&self.rngs)
            .map(|((state, &seed), rng)| (state.to_string(), seed, rng.get_word_pos()))
            .collect()
    }

    fn restore(&mut self, snapshot: &[(String, u64, u128)]) -> Result<(), Refusal> {
        if snapshot.len() != self.states.len() {
            return Err(format!(
                "a snapshot of {} games for a batch of {}",
                snapshot.len(),
                self.states.len()
            ));
        }
        let mut states = Vec::with_capacity(snapshot.len());
        for (i, (text, _, _)) in snapshot.iter().enumerate() {
            let state =
                G::from_notation(text, &self.config).map_err(|e| format!("game {i}: {e}"))?;
            let agent = self.opponent.agent();
            let waits = state.turn().seat();
            if waits.is_none() || agent.is_some_and(|a| waits != Some(a)) {
                return Err(format!(
                    "game {i} does not wait at the agent's decision: {text}"
                ));
            }
            states.push(state);
        }
        self.states = states;
        self.seeds = snapshot.iter().map(|&(_, seed, _)| seed).collect();
        self.rngs = snapshot
            .iter()
            .map(|&(_, seed, words)| {
                let mut rng = rng_from_seed(seed);
                rng.set_word_pos(words);
                rng
            })
            .collect();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use thax::{Thax, ThaxConfig};

    use super::*;

    fn thax(max_rolls: u32, n: usize) -> VectorOf<Thax, SelfPlay> {
        let mut config = ThaxConfig::default();
        config.max_rolls = max_rolls;
        VectorOf::new(config, (0..n as u64).collect(), SelfPlay, None).unwrap()
    }

    struct Arrays {
        observations: Vec<f32>,
        masks: Vec<u8>,
        players: Vec<i64>,
        rewards: Vec<f32>,
        dones: Vec<u8>,
        forfeits: Vec<u8>,
        legal: Vec<Vec<u32>>,
    }

    impl Arrays {
        fn new(n: usize) -> Arrays {
            let config = ThaxConfig::default();
            Arrays {
                observations: vec![0.0; n * Thax::observation_shape(&config)[0]],
                masks: vec![0; n * Thax::num_actions(&config)],
                players: vec![0; n],
                rewards: vec![0.0; n * 2],
                dones: vec![0; n],
                forfeits: vec![0; n],
                legal: vec![Vec::new(); n],
            }
        }

        fn reset(&mut self, vector: &mut VectorOf<Thax, SelfPlay>) -> Result<usize, Halt> {
            let stop = AtomicBool::new(false);
            let mut batch = Batch {
                observations: &mut self.observations,
                masks: &mut self.masks,
                players: &mut self.players,
                legal: &mut self.legal,
            };
            vector.reset_games(0, None, &stop, &mut batch)
        }

        fn step(&mut self, vector: &mut VectorOf<Thax, SelfPlay>) -> Result<usize, Halt> {
            let actions: Vec<i64> = self
                .masks
                .chunks(Thax::num_actions(&ThaxConfig::default()))
                .map(|mask| mask.iter().position(|&m| m == 1).unwrap() as i64)
                .collect();
            vector.prepare(&actions, None).map_err(Halt::Refused)?;
            let stop = AtomicBool::new(false);
            let mut batch = Batch {
                observations: &mut self.observations,
                masks: &mut self.masks,
                players: &mut self.players,
                legal: &mut self.legal,
            };
            let mut outcomes = Outcomes {
                rewards: &mut self.rewards,
                dones: &mut self.dones,
                forfeits: &mut self.forfeits,
                finals: None,
            };
            vector.step_games(0, None, &stop, &mut batch, &mut outcomes)
        }
    }

    #[test]
    fn a_configuration_that_chance_always_ends_is_refused_after_max_restarts() {
        // Two throws: the roll-off uses them up, and no first turn is left.
        let mut vector = thax(2, 3);
        let halt = Arrays::new(3).reset(&mut vector).unwrap_err();
        assert!(
            matches!(&halt, Halt::Refused(m) if m.contains("never reaches a decision")),
            "{halt:?}"
        );
    }

    #[test]
    fn a_stretch_ends_after_one_game_on_the_stop_flag_or_a_few_past_its_deadline() {
        let n = 3 * CLOCK_EVERY;
        let mut vector = thax(1000, n);
        let mut arrays = Arrays::new(n);
        let stop = AtomicBool::new(true);
        let mut batch = Batch {
            observations: &mut arrays.observations,
            masks: &mut arrays.masks,
            players: &mut arrays.players,
            legal: &mut arrays.legal,
        };
        assert_eq!(vector.reset_games(0, None, &stop, &mut batch).unwrap(), 1);
        assert_eq!(vector.reset_games(1, None, &stop, &mut batch).unwrap(), 2);
        // The clock is read every CLOCK_EVERY games.
        let past = Some(Instant::now());
        let never = AtomicBool::new(false);
        let next = vector.reset_games(2, past, &never, &mut batch).unwrap();
        assert_eq!(next, 2 + CLOCK_EVERY);
        assert_eq!(
            vector.reset_games(next, None, &never, &mut batch).unwrap(),
            n
        );
    }

    #[test]
    fn a_snapshot_restores_the_games_and_their_generators() {
        let mut vector = thax(1000, 5);
        let mut arrays = Arrays::new(5);
        arrays.reset(&mut vector).unwrap();
        for _ in 0..10 {
            arrays.step(&mut vector).unwrap();
        }
        let snapshot = vector.snapshot();
        let mut copy = thax(1000, 5);
        copy.restore(&snapshot).unwrap();
        let mut copied = Arrays::new(5);
        {
            let mut batch = Batch {
                observations: &mut copied.observations,
                masks: &mut copied.masks,
                players: &mut copied.players,
                legal: &mut copied.legal,
            };
            copy.fill_all(&mut batch);
        }
        assert_eq!(copied.masks, arrays.masks);
        for _ in 0..50 {
            arrays.step(&mut vector).unwrap();
            copied.step(&mut copy).unwrap();
            assert_eq!(arrays.observations, copied.observations);
            assert_eq!(arrays.rewards, copied.rewards);
            assert_eq!(arrays.dones, copied.dones);
        }
        assert!(copy.restore(&snapshot[..4]).is_err());
        let mut bad = snapshot.clone();
        bad[0].0 = "not a position".into();
        assert!(copy.restore(&bad).is_err());
    }

    #[test]
    fn an_illegal_action_is_refused_before_any_game_moves() {
        let mut vector = thax(1000, 2);
        let mut arrays = Arrays::new(2);
        arrays.reset(&mut vector).unwrap();
        let before: Vec<String> = (0..2).map(|i| vector.notation(i)).collect();
        let legal = arrays.masks.iter().position(|&m| m == 1).unwrap() as i64;
        let mut refused = |actions: &[i64]| vector.prepare(actions, None).unwrap_err();
        assert!(refused(&[legal, -1]).contains("game 1"));
        assert!(refused(&[legal, 10_000]).contains("game 1"));
        assert!(refused(&[legal]).contains("1 actions for 2 games"));
        assert_eq!(
            before,
            (0..2).map(|i| vector.notation(i)).collect::<Vec<_>>()
        );
    }
}
