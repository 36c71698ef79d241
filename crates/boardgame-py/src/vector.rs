//! Batched stepping: games of one game under one configuration, stepped together in Rust.
//!
//! A [`VectorOf`] is one shard of a batch: a run of games that one thread steps
//! (`py_vector` splits a batch of `n` games into `num_threads` shards). Every game waits at
//! a decision of the agent, or, against an opponent the caller plays ([`Opponent::Caller`]),
//! at that opponent's decision: chance is resolved at once with the game's own seeded
//! generator (core's [`sample`], exact weights), a bot opponent plays its turns inside the
//! step, and a finished game is replaced by a new one (auto-reset). Python pays one call per
//! batch, not per move.
//!
//! The work is split in stretches ([`AnyVector::step_games`], [`AnyVector::reset_games`])
//! that end at a deadline or when a stop flag is raised, so that the caller can check for
//! Ctrl-C between them; an interrupted call leaves the batch half-stepped, and the Python side
//! then asks for a reset.

use std::sync::Arc;
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
    /// Plays this move (the agent's, or the caller-opponent's answer).
    Play(M),
    /// Forfeits (an illegal action of the agent in forfeit mode).
    Forfeit,
    /// Stays as it is: a game just restarted whose first step is skipped (gymnasium's
    /// `NEXT_STEP` autoreset), or one that does not wait for the caller-opponent.
    Hold,
}

/// Which of the two kinds of step the prepared actions are for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// The agent's actions: every game's outcome row starts at zero.
    Agent,
    /// The caller-opponent's answers: the outcome rows of the agent's step go on.
    Opponent,
}

/// Which seat the agent plays against an opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Seating {
    /// The same seat in every game.
    Fixed(Seat),
    /// A seat drawn uniformly for each new game, with the game's own generator.
    Random,
}

/// Who plays the seats the agent does not.
pub(crate) enum Opponent<G: PyGame> {
    /// Nobody: the agent plays every seat (self-play).
    SelfPlay,
    /// A bot of `boardgame-search`, whose turns are played inside the step (one bot for the
    /// shard's games, in turn).
    Bot(Box<dyn Bot<G>>, Seating),
    /// The caller: a game stops at the opponent's decision (flagged in [`Rows::waiting`])
    /// until the caller's answer ([`AnyVector::prepare_opponent`]).
    Caller(Seating),
}

impl<G: PyGame> Opponent<G> {
    fn seating(&self) -> Option<Seating> {
        match self {
            Opponent::SelfPlay => None,
            Opponent::Bot(_, seating) | Opponent::Caller(seating) => Some(*seating),
        }
    }
}

/// The rows one call writes for a shard's games, flattened row-major (numpy's arrays, split
/// between the shards).
pub(crate) struct Rows<'a> {
    /// `n × observation size`: the observation for the seat to move.
    pub(crate) observations: &'a mut [f32],
    /// `n × num_distinct_actions`: the legal actions.
    pub(crate) masks: &'a mut [bool],
    /// `n`: the seat to move.
    pub(crate) players: &'a mut [i64],
    /// `n`: the agent's seat in the game (the seat to move in self-play).
    pub(crate) seats: &'a mut [i64],
    /// `n`: the game waits at the caller-opponent's decision.
    pub(crate) waiting: &'a mut [bool],
}

/// What a step reports beside the new [`Rows`].
pub(crate) struct Outcomes<'a> {
    /// `n × num_players`: each seat's return in a game that ended on this step, else 0. A
    /// forfeited game has the forfeit reward in the offender's column and 0 elsewhere.
    pub(crate) returns: &'a mut [f32],
    /// `n`: the agent's reward: its seat's column of `returns` (in self-play, the column of
    /// the seat that acted last).
    pub(crate) rewards: &'a mut [f32],
    /// `n`: the game ended on this step (and a new one started).
    pub(crate) dones: &'a mut [bool],
    /// `n`: the game ended because the agent's action was illegal (forfeit mode).
    pub(crate) forfeits: &'a mut [bool],
    /// `n × observation size`, if asked for: the last observation of a game that ended, for
    /// the agent's seat (0 elsewhere).
    pub(crate) finals: Option<&'a mut [f32]>,
}

/// Why a stretch of work stopped before the end of the shard.
#[derive(Debug)]
pub(crate) enum Halt {
    /// The stop flag was raised.
    Stopped,
    /// A rule of the batch was broken (the message says which); the batch needs a reset.
    Refused(Refusal),
}

/// One saved game: its notation, its generator's seed and word position, the agent's seat
/// (-1: the seat to move) and whether the agent has not decided yet in it.
pub(crate) type SavedGame = (String, u64, u128, i64, bool);

/// A shard of games of one game, whatever its type. Indices are the shard's own (0 to
/// [`len`](Self::len)).
pub(crate) trait AnyVector: Send {
    fn len(&self) -> usize;
    /// Sets the seed of the games' generators (`seeds[i]` for game `i`), or of the games
    /// `mask` marks if it is given.
    fn reseed(&mut self, seeds: &[u64], mask: Option<&[bool]>);
    /// Starts games `from..` afresh (the generators carry on), or those of them `mask`
    /// marks, and writes their rows, until `until` or `stop`; returns the next game to look
    /// at. The other games and their rows are left as they are.
    fn reset_games(
        &mut self,
        from: usize,
        until: Option<Instant>,
        stop: &AtomicBool,
        rows: &mut Rows<'_>,
        mask: Option<&[bool]>,
    ) -> Result<usize, Halt>;
    /// Checks the agent's `actions` (one per game) and keeps them for
    /// [`step_games`](Self::step_games); refuses an illegal one unless illegal actions forfeit.
    /// The games where `hold` is true (if given) skip the step: their action is not looked
    /// at. Changes no game.
    fn prepare(&mut self, actions: &[i64], hold: Option<&[bool]>) -> Result<(), Refusal>;
    /// Checks the caller-opponent's `actions` for the games that wait for it (the others'
    /// are not looked at) and keeps them for [`step_games`](Self::step_games). Changes no
    /// game.
    fn prepare_opponent(&mut self, actions: &[i64]) -> Result<(), Refusal>;
    /// Plays the prepared actions of games `from..`, resolves chance and the bot's turns,
    /// restarts finished games and writes their rows, until `until` or `stop`; returns the
    /// next game to step.
    fn step_games(
        &mut self,
        from: usize,
        until: Option<Instant>,
        stop: &AtomicBool,
        rows: &mut Rows<'_>,
        outcomes: &mut Outcomes<'_>,
    ) -> Result<usize, Halt>;
    /// Writes every game's row as the games stand (after a restore).
    fn fill_all(&mut self, rows: &mut Rows<'_>);
    /// Whether some game waits for the caller-opponent.
    fn any_waiting(&self) -> bool;
    /// The legal action ids of each game (the 1s of its mask row).
    fn legal(&self) -> &[Vec<u32>];
    /// The state notation of game `i`.
    fn notation(&self, i: usize) -> String;
    /// The picture of game `i` (`crate::render`).
    fn draw(&self, i: usize) -> crate::render::Canvas;
    /// Every game, saved.
    fn snapshot(&self) -> Vec<SavedGame>;
    /// Restores a [`snapshot`](Self::snapshot) of a shard of the same game and size.
    fn restore(&mut self, snapshot: &[SavedGame]) -> Result<(), Refusal>;
    /// The stop flag of the bot, if it searches.
    fn bot_stop_flag(&self) -> Option<Arc<AtomicBool>>;
}

/// Games of `G` against `opponent`.
pub(crate) struct VectorOf<G: PyGame> {
    config: G::Config,
    states: Vec<G>,
    rngs: Vec<ChaCha8Rng>,
    seeds: Vec<u64>,
    /// The agent's seat in each game (unused in self-play).
    agents: Vec<Seat>,
    /// The agent has not decided yet in the game: a game that ends now is started again
    /// without a report (it never reached the agent).
    fresh: Vec<bool>,
    /// The game waits at the caller-opponent's decision.
    waiting: Vec<bool>,
    /// Each game's legal action ids, as its row of the mask.
    legal: Vec<Vec<u32>>,
    /// The prepared actions, and for which phase.
    pending: Vec<Pending<G::Move>>,
    phase: Phase,
    /// The offender's reward when an illegal action forfeits the game, if it does.
    forfeit: Option<f32>,
    opponent: Opponent<G>,
    observation_size: usize,
    num_actions: usize,
    num_players: usize,
    moves: Vec<G::Move>,
}

/// Where [`VectorOf::settle`] left a game.
enum Settled {
    /// At a decision of the agent.
    Agent,
    /// At a decision of the caller-opponent.
    Caller,
    /// Over.
    Over,
}

impl<G: PyGame> VectorOf<G> {
    /// `seeds.len()` games, game `i` rolling its dice with the generator of `seeds[i]`.
    pub(crate) fn new(
        config: G::Config,
        seeds: &[u64],
        opponent: Opponent<G>,
        forfeit: Option<f32>,
    ) -> Result<VectorOf<G>, Fault> {
        let start = G::new(config.clone()).map_err(|e| e.to_string())?;
        let seats = start.num_seats();
        if let Some(Seating::Fixed(seat)) = opponent.seating()
            && seat.index() >= seats
        {
            return Err(Fault::Refused(format!(
                "seat {} is not at the table (seats 0 to {})",
                seat.index(),
                seats - 1
            )));
        }
        let n = seeds.len();
        let mut rngs = filled(rng_from_seed(0), n)?;
        for (rng, &seed) in rngs.iter_mut().zip(seeds) {
            *rng = rng_from_seed(seed);
        }
        let mut own_seeds = filled(0, n)?;
        own_seeds.copy_from_slice(seeds);
        Ok(VectorOf {
            observation_size: G::observation_shape(&config).iter().product(),
            num_actions: G::num_actions(&config),
            num_players: seats,
            states: filled(start, n)?,
            rngs,
            seeds: own_seeds,
            agents: filled(Seat::new(0), n)?,
            fresh: filled(true, n)?,
            waiting: filled(false, n)?,
            legal: filled(Vec::new(), n)?,
            pending: filled(Pending::Hold, n)?,
            phase: Phase::Agent,
            forfeit,
            opponent,
            config,
            moves: Vec::new(),
        })
    }

    /// Whether `seat` is the agent's in game `i`.
    fn is_agent(&self, i: usize, seat: Seat) -> bool {
        matches!(self.opponent, Opponent::SelfPlay) || self.agents[i] == seat
    }

    /// Plays game `i` until a decision of the agent or of the caller-opponent, or the end:
    /// chance with the game's generator, the bot's turns by the bot.
    fn settle(&mut self, i: usize, stop: &AtomicBool) -> Result<Settled, Halt> {
        loop {
            let state = &mut self.states[i];
            while let Some(dist) = state.chance_outcomes() {
                let outcome = sample(&dist, &mut self.rngs[i]);
                state.apply_chance_unchecked(outcome);
            }
            let Turn::Player(seat) = state.turn() else {
                return Ok(Settled::Over);
            };
            if self.is_agent(i, seat) {
                return Ok(Settled::Agent);
            }
            let state = &mut self.states[i];
            let Opponent::Bot(bot, _) = &mut self.opponent else {
                return Ok(Settled::Caller);
            };
            if stop.load(Ordering::Relaxed) {
                return Err(Halt::Stopped);
            }
            self.moves.clear();
            state.legal_moves(&mut self.moves);
            let mv = bot.choose(state, &self.moves, &mut self.rngs[i]);
            state
                .play(mv)
                .map_err(|e| Halt::Refused(format!("the opponent's move {mv}: {e}")))?;
        }
    }

    /// A new game in slot `i` (the agent's seat drawn for it if seats are random).
    fn start(&mut self, i: usize) -> Result<(), Halt> {
        self.states[i] = G::new(self.config.clone()).map_err(|e| Halt::Refused(e.to_string()))?;
        match self.opponent.seating() {
            Some(Seating::Fixed(seat)) => self.agents[i] = seat,
            Some(Seating::Random) => {
                let seat = below(&mut self.rngs[i], self.num_players as u64) as usize;
                self.agents[i] = Seat::new(seat);
            }
            None => {}
        }
        self.fresh[i] = true;
        Ok(())
    }

    /// Plays game `i` on to a decision of the agent or of the caller-opponent. A game that
    /// ends after the agent's decision is reported in `outcomes` and replaced; one that ends
    /// before it (chance or the opponent alone finished it) is replaced without a report, at
    /// most [`MAX_RESTARTS`] times in a row. Writes the game's row.
    fn go_on(
        &mut self,
        i: usize,
        stop: &AtomicBool,
        rows: &mut Rows<'_>,
        mut outcomes: Option<&mut Outcomes<'_>>,
    ) -> Result<(), Halt> {
        let mut restarts = 0;
        loop {
            match self.settle(i, stop)? {
                Settled::Agent => {
                    self.waiting[i] = false;
                    break;
                }
                Settled::Caller => {
                    self.waiting[i] = true;
                    break;
                }
                Settled::Over => {
                    if !self.fresh[i]
                        && let Some(outcomes) = outcomes.as_deref_mut()
                    {
                        self.finish(i, None, outcomes);
                    } else {
                        restarts += 1;
                        if restarts > MAX_RESTARTS {
                            return Err(self.never_decides());
                        }
                    }
                    self.start(i)?;
                }
            }
        }
        self.fill(i, rows);
        Ok(())
    }

    fn never_decides(&self) -> Halt {
        Halt::Refused(format!(
            "this configuration never reaches a decision: {MAX_RESTARTS} new games in a row \
             ended before the agent's first (chance{} alone finished them); give it a longer \
             length guard (max_rolls)",
            if matches!(self.opponent, Opponent::SelfPlay) {
                ""
            } else {
                " and the opponent"
            }
        ))
    }

    /// Writes game `i`'s row (a running game, at a decision).
    fn fill(&mut self, i: usize, rows: &mut Rows<'_>) {
        let state = &self.states[i];
        let Turn::Player(seat) = state.turn() else {
            unreachable!("a settled, running game waits at a decision node");
        };
        let obs = &mut rows.observations[i * self.observation_size..][..self.observation_size];
        obs.fill(0.0);
        state.observe(seat, obs);
        let mask = &mut rows.masks[i * self.num_actions..][..self.num_actions];
        mask.fill(false);
        let legal = &mut self.legal[i];
        legal.clear();
        state.legal_ids(&mut self.moves, legal);
        for &id in legal.iter() {
            mask[id as usize] = true;
        }
        rows.players[i] = seat.index() as i64;
        rows.seats[i] = if matches!(self.opponent, Opponent::SelfPlay) {
            seat.index() as i64
        } else {
            self.agents[i].index() as i64
        };
        rows.waiting[i] = self.waiting[i];
    }

    /// Records the end of game `i` (its returns, or the forfeit of `offender`) in `outcomes`,
    /// seen by `viewer` (the agent's seat, or the seat that acted in self-play).
    fn finish(&self, i: usize, offender: Option<Seat>, outcomes: &mut Outcomes<'_>) {
        let viewer = match (&self.opponent, offender) {
            (_, Some(seat)) => seat,
            (Opponent::SelfPlay, None) => self.movers_seat(i),
            (_, None) => self.agents[i],
        };
        let row = &mut outcomes.returns[i * self.num_players..][..self.num_players];
        match (offender, self.forfeit) {
            (Some(seat), Some(reward)) => {
                row.fill(0.0);
                row[seat.index()] = reward;
                outcomes.forfeits[i] = true;
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
        outcomes.rewards[i] = row[viewer.index()];
        outcomes.dones[i] = true;
        if let Some(finals) = outcomes.finals.as_deref_mut() {
            let obs = &mut finals[i * self.observation_size..][..self.observation_size];
            obs.fill(0.0);
            self.states[i].observe(viewer, obs);
        }
    }

    /// In self-play, the seat that made the last decision of game `i` (kept in `agents`).
    fn movers_seat(&self, i: usize) -> Seat {
        self.agents[i]
    }
}

/// Writes into `picks[i]` a uniformly random one of the legal action ids `legal[i]`, drawn
/// with `rng`; -1 where there is none.
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

impl<G: PyGame> AnyVector for VectorOf<G> {
    fn len(&self) -> usize {
        self.states.len()
    }

    fn reseed(&mut self, seeds: &[u64], mask: Option<&[bool]>) {
        for (i, &seed) in seeds.iter().enumerate() {
            if mask.is_none_or(|mask| mask[i]) {
                self.seeds[i] = seed;
                self.rngs[i] = rng_from_seed(seed);
            }
        }
    }

    fn reset_games(
        &mut self,
        from: usize,
        until: Option<Instant>,
        stop: &AtomicBool,
        rows: &mut Rows<'_>,
        mask: Option<&[bool]>,
    ) -> Result<usize, Halt> {
        for i in from..self.states.len() {
            if halt_before(i, from, until, stop) {
                return Ok(i);
            }
            if mask.is_some_and(|mask| !mask[i]) {
                continue;
            }
            self.start(i)?;
            self.go_on(i, stop, rows, None)?;
        }
        Ok(self.states.len())
    }

    fn prepare(&mut self, actions: &[i64], hold: Option<&[bool]>) -> Result<(), Refusal> {
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
            if hold.is_some_and(|hold| hold[i]) {
                self.pending[i] = Pending::Hold;
                continue;
            }
            if self.waiting[i] {
                return Err(format!(
                    "game {i} waits for the opponent's move: answer it, or reset the batch"
                ));
            }
            self.pending[i] = match checked_move(state, id, self.num_actions) {
                Some(mv) => Pending::Play(mv),
                None if self.forfeit.is_some() => Pending::Forfeit,
                None => return Err(format!("game {i}: action {id} is not legal in {state}")),
            };
        }
        self.phase = Phase::Agent;
        Ok(())
    }

    fn prepare_opponent(&mut self, actions: &[i64]) -> Result<(), Refusal> {
        let n = self.states.len();
        if actions.len() != n {
            return Err(format!("{} actions for {n} games", actions.len()));
        }
        for (i, (&id, state)) in actions.iter().zip(&self.states).enumerate() {
            if !self.waiting[i] {
                self.pending[i] = Pending::Hold;
                continue;
            }
            self.pending[i] = match checked_move(state, id, self.num_actions) {
                Some(mv) => Pending::Play(mv),
                None => {
                    return Err(format!(
                        "game {i}: the opponent's action {id} is not legal in {state}"
                    ));
                }
            };
        }
        self.phase = Phase::Opponent;
        Ok(())
    }

    fn step_games(
        &mut self,
        from: usize,
        until: Option<Instant>,
        stop: &AtomicBool,
        rows: &mut Rows<'_>,
        outcomes: &mut Outcomes<'_>,
    ) -> Result<usize, Halt> {
        for i in from..self.states.len() {
            if halt_before(i, from, until, stop) {
                return Ok(i);
            }
            if self.phase == Phase::Agent {
                outcomes.returns[i * self.num_players..][..self.num_players].fill(0.0);
                outcomes.rewards[i] = 0.0;
                outcomes.dones[i] = false;
                outcomes.forfeits[i] = false;
            }
            let Turn::Player(mover) = self.states[i].turn() else {
                unreachable!("a running game waits at a decision node");
            };
            match self.pending[i] {
                Pending::Play(mv) => {
                    if self.phase == Phase::Agent {
                        self.fresh[i] = false;
                        if matches!(self.opponent, Opponent::SelfPlay) {
                            self.agents[i] = mover;
                        }
                    }
                    self.states[i].play_unchecked(mv);
                    self.go_on(i, stop, rows, Some(outcomes))?;
                }
                Pending::Forfeit => {
                    self.finish(i, Some(mover), outcomes);
                    self.start(i)?;
                    self.go_on(i, stop, rows, Some(outcomes))?;
                }
                Pending::Hold => {}
            }
        }
        Ok(self.states.len())
    }

    fn fill_all(&mut self, rows: &mut Rows<'_>) {
        for i in 0..self.states.len() {
            self.fill(i, rows);
        }
    }

    fn any_waiting(&self) -> bool {
        self.waiting.iter().any(|&w| w)
    }

    fn legal(&self) -> &[Vec<u32>] {
        &self.legal
    }

    fn notation(&self, i: usize) -> String {
        self.states[i].to_string()
    }

    fn draw(&self, i: usize) -> crate::render::Canvas {
        self.states[i].draw()
    }

    fn snapshot(&self) -> Vec<SavedGame> {
        (0..self.states.len())
            .map(|i| {
                (
                    self.states[i].to_string(),
                    self.seeds[i],
                    self.rngs[i].get_word_pos(),
                    self.agents[i].index() as i64,
                    self.fresh[i],
                )
            })
            .collect()
    }

    fn restore(&mut self, snapshot: &[SavedGame]) -> Result<(), Refusal> {
        let n = self.states.len();
        if snapshot.len() != n {
            return Err(format!(
                "a snapshot of {} games for a batch of {n}",
                snapshot.len()
            ));
        }
        let mut states = Vec::with_capacity(n);
        let mut agents = Vec::with_capacity(n);
        let mut waiting = Vec::with_capacity(n);
        for (i, (text, _, _, seat, _)) in snapshot.iter().enumerate() {
            let state =
                G::from_notation(text, &self.config).map_err(|e| format!("game {i}: {e}"))?;
            let Some(to_move) = state.turn().seat() else {
                return Err(format!("game {i} does not wait at a decision: {text}"));
            };
            let agent = match (usize::try_from(*seat), self.opponent.seating()) {
                (_, Some(Seating::Fixed(fixed))) => fixed,
                (Ok(seat), _) if seat < self.num_players => Seat::new(seat),
                (Err(_), _) => to_move,
                (Ok(seat), _) => return Err(format!("game {i}: seat {seat} is not at the table")),
            };
            let waits = to_move != agent && !matches!(self.opponent, Opponent::SelfPlay);
            if waits && !matches!(self.opponent, Opponent::Caller(_)) {
                return Err(format!(
                    "game {i} does not wait at the agent's decision: {text}"
                ));
            }
            states.push(state);
            agents.push(agent);
            waiting.push(waits);
        }
        self.states = states;
        self.agents = agents;
        self.waiting = waiting;
        self.fresh = snapshot.iter().map(|saved| saved.4).collect();
        self.seeds = snapshot.iter().map(|saved| saved.1).collect();
        self.rngs = snapshot
            .iter()
            .map(|&(_, seed, words, _, _)| {
                let mut rng = rng_from_seed(seed);
                rng.set_word_pos(words);
                rng
            })
            .collect();
        Ok(())
    }

    fn bot_stop_flag(&self) -> Option<Arc<AtomicBool>> {
        match &self.opponent {
            Opponent::Bot(bot, _) => bot.stop_flag(),
            _ => None,
        }
    }
}

/// The legal move of `state` with action id `id`, if there is one.
fn checked_move<G: PyGame>(state: &G, id: i64, num_actions: usize) -> Option<G::Move> {
    usize::try_from(id)
        .ok()
        .filter(|&id| id < num_actions)
        .and_then(|id| state.action_move(id))
        .filter(|&mv| state.is_legal(mv))
}

#[cfg(test)]
mod tests {
    use thax::{Thax, ThaxConfig};

    use super::*;

    fn thax_with(max_rolls: u32, n: usize, opponent: Opponent<Thax>) -> VectorOf<Thax> {
        let mut config = ThaxConfig::default();
        config.max_rolls = max_rolls;
        let seeds: Vec<u64> = (0..n as u64).collect();
        VectorOf::new(config, &seeds, opponent, None).unwrap()
    }

    fn thax(max_rolls: u32, n: usize) -> VectorOf<Thax> {
        thax_with(max_rolls, n, Opponent::SelfPlay)
    }

    struct Arrays {
        observations: Vec<f32>,
        masks: Vec<bool>,
        players: Vec<i64>,
        seats: Vec<i64>,
        waiting: Vec<bool>,
        returns: Vec<f32>,
        rewards: Vec<f32>,
        dones: Vec<bool>,
        forfeits: Vec<bool>,
    }

    impl Arrays {
        fn new(n: usize) -> Arrays {
            let config = ThaxConfig::default();
            Arrays {
                observations: vec![0.0; n * Thax::observation_shape(&config)[0]],
                masks: vec![false; n * Thax::num_actions(&config)],
                players: vec![0; n],
                seats: vec![0; n],
                waiting: vec![false; n],
                returns: vec![0.0; n * 2],
                rewards: vec![0.0; n],
                dones: vec![false; n],
                forfeits: vec![false; n],
            }
        }

        fn rows(&mut self) -> Rows<'_> {
            Rows {
                observations: &mut self.observations,
                masks: &mut self.masks,
                players: &mut self.players,
                seats: &mut self.seats,
                waiting: &mut self.waiting,
            }
        }

        fn reset(&mut self, vector: &mut VectorOf<Thax>) -> Result<usize, Halt> {
            let stop = AtomicBool::new(false);
            vector.reset_games(0, None, &stop, &mut self.rows(), None)
        }

        fn first_legal(&self) -> Vec<i64> {
            self.masks
                .chunks(Thax::num_actions(&ThaxConfig::default()))
                .map(|mask| mask.iter().position(|&m| m).unwrap() as i64)
                .collect()
        }

        fn run(&mut self, vector: &mut VectorOf<Thax>) -> Result<usize, Halt> {
            let stop = AtomicBool::new(false);
            let mut rows = Rows {
                observations: &mut self.observations,
                masks: &mut self.masks,
                players: &mut self.players,
                seats: &mut self.seats,
                waiting: &mut self.waiting,
            };
            let mut outcomes = Outcomes {
                returns: &mut self.returns,
                rewards: &mut self.rewards,
                dones: &mut self.dones,
                forfeits: &mut self.forfeits,
                finals: None,
            };
            vector.step_games(0, None, &stop, &mut rows, &mut outcomes)
        }

        fn step(&mut self, vector: &mut VectorOf<Thax>) -> Result<usize, Halt> {
            vector
                .prepare(&self.first_legal(), None)
                .map_err(Halt::Refused)?;
            self.run(vector)
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
        let mut rows = arrays.rows();
        assert_eq!(
            vector.reset_games(0, None, &stop, &mut rows, None).unwrap(),
            1
        );
        assert_eq!(
            vector.reset_games(1, None, &stop, &mut rows, None).unwrap(),
            2
        );
        // The clock is read every CLOCK_EVERY games.
        let past = Some(Instant::now());
        let never = AtomicBool::new(false);
        let next = vector
            .reset_games(2, past, &never, &mut rows, None)
            .unwrap();
        assert_eq!(next, 2 + CLOCK_EVERY);
        assert_eq!(
            vector
                .reset_games(next, None, &never, &mut rows, None)
                .unwrap(),
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
        copy.fill_all(&mut copied.rows());
        assert_eq!(copied.masks, arrays.masks);
        for _ in 0..50 {
            arrays.step(&mut vector).unwrap();
            copied.step(&mut copy).unwrap();
            assert_eq!(arrays.observations, copied.observations);
            assert_eq!(arrays.returns, copied.returns);
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
        let legal = arrays.first_legal()[0];
        let mut refused = |actions: &[i64]| vector.prepare(actions, None).unwrap_err();
        assert!(refused(&[legal, -1]).contains("game 1"));
        assert!(refused(&[legal, 10_000]).contains("game 1"));
        assert!(refused(&[legal]).contains("1 actions for 2 games"));
        assert_eq!(
            before,
            (0..2).map(|i| vector.notation(i)).collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_caller_opponent_is_asked_for_its_moves_and_every_game_ends_with_the_agents_reward() {
        let n = 16;
        let mut vector = thax_with(1000, n, Opponent::Caller(Seating::Random));
        let mut arrays = Arrays::new(n);
        arrays.reset(&mut vector).unwrap();
        let (mut ended, mut seats_seen) = (0, [false; 2]);
        for _ in 0..400 {
            // The agent's games never wait, the others wait for the caller.
            for i in 0..n {
                assert_eq!(arrays.waiting[i], arrays.players[i] != arrays.seats[i]);
            }
            while arrays.waiting.iter().any(|&w| w) {
                vector.prepare_opponent(&arrays.first_legal()).unwrap();
                arrays.run(&mut vector).unwrap();
            }
            assert!(vector.prepare(&arrays.first_legal(), None).is_ok());
            arrays.run(&mut vector).unwrap();
            for i in 0..n {
                if arrays.dones[i] {
                    ended += 1;
                    let seat = vector.snapshot()[i].3;
                    seats_seen[seat as usize] = true;
                    assert!(arrays.rewards[i].abs() == 1.0 || arrays.rewards[i] == 0.0);
                } else {
                    assert_eq!(arrays.rewards[i], 0.0);
                }
            }
        }
        assert!(ended > 20, "{ended}");
        assert_eq!(seats_seen, [true, true], "random seats");
        // While a game waits, the agent's step is refused.
        if arrays.waiting.iter().any(|&w| w) {
            assert!(vector.prepare(&arrays.first_legal(), None).is_err());
        }
    }
}
