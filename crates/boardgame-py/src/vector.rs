//! Batched stepping: `n` games of one game under one configuration, stepped together in Rust.
//!
//! Every game always waits at a decision node: chance nodes are resolved at once with the
//! game's own seeded generator (core's [`sample`], exact weights), and a finished game is
//! replaced by a new one (auto-reset). Python pays one call per batch, not per move.

use boardgame_core::driver::{ChaCha8Rng, game_seed, rng_from_seed, sample};
use boardgame_core::{Seat, Turn};

use crate::games::PyGame;
use crate::table::Refusal;

/// The arrays one call fills, flattened row-major (the Python side owns and shapes them).
pub(crate) struct Batch<'a> {
    /// `n × observation size`: the observation for the player to move.
    pub(crate) observations: &'a mut [f32],
    /// `n × num_distinct_actions`: 1 where the action is legal.
    pub(crate) masks: &'a mut [u8],
    /// `n`: the seat to move.
    pub(crate) players: &'a mut [i64],
}

/// What a step reports beside the new [`Batch`].
pub(crate) struct Outcomes<'a> {
    /// `n × num_players`: each seat's return in a game that ended on this step, else 0.
    pub(crate) rewards: &'a mut [f32],
    /// `n`: 1 where the game ended on this step (and a new one started).
    pub(crate) dones: &'a mut [u8],
}

/// `n` games of one game, whatever its type.
pub(crate) trait AnyVector: Send + Sync {
    fn len(&self) -> usize;
    fn observation_size(&self) -> usize;
    fn num_actions(&self) -> usize;
    fn num_players(&self) -> usize;
    /// Starts every game afresh (the generators carry on) and fills `batch`.
    fn reset(&mut self, batch: Batch<'_>);
    /// Plays `actions[i]` in game `i`, resolves chance, restarts finished games, and fills
    /// `batch` and `outcomes`.
    fn step(
        &mut self,
        actions: &[i64],
        batch: Batch<'_>,
        outcomes: Outcomes<'_>,
    ) -> Result<(), Refusal>;
    /// The state notation of game `i`.
    fn notation(&self, i: usize) -> String;
}

/// `n` games of `G`.
pub(crate) struct VectorOf<G: PyGame> {
    config: G::Config,
    states: Vec<G>,
    rngs: Vec<ChaCha8Rng>,
    observation_size: usize,
    num_actions: usize,
    num_players: usize,
    moves: Vec<G::Move>,
}

impl<G: PyGame> VectorOf<G> {
    /// `n` games, game `i` rolling its dice with the generator of `game_seed(seed, i)`.
    pub(crate) fn new(config: G::Config, n: usize, seed: u64) -> VectorOf<G> {
        let start = G::new(config.clone()).expect("checked when the game was made");
        VectorOf {
            observation_size: G::observation_shape(&config).iter().product(),
            num_actions: G::num_actions(&config),
            num_players: start.num_seats(),
            states: vec![start; n],
            rngs: (0..n)
                .map(|i| rng_from_seed(game_seed(seed, i as u64)))
                .collect(),
            config,
            moves: Vec::new(),
        }
    }

    /// Resolves chance in game `i` until a decision or the end.
    fn settle(&mut self, i: usize) {
        let state = &mut self.states[i];
        while let Some(dist) = state.chance_outcomes() {
            let outcome = sample(&dist, &mut self.rngs[i]);
            state.apply_chance_unchecked(outcome);
        }
    }

    /// A new game in slot `i`, settled at its first decision (a game that chance alone
    /// finishes is started again).
    fn restart(&mut self, i: usize) {
        loop {
            self.states[i] = G::new(self.config.clone()).expect("checked when the game was made");
            self.settle(i);
            if !self.states[i].is_terminal() {
                break;
            }
        }
    }

    /// Writes game `i`'s row of `batch`.
    fn fill(&mut self, i: usize, batch: &mut Batch<'_>) {
        let state = &self.states[i];
        let Turn::Player(seat) = state.turn() else {
            unreachable!("a settled, running game waits at a decision node");
        };
        let obs = &mut batch.observations[i * self.observation_size..][..self.observation_size];
        obs.fill(0.0);
        state.observe(seat, obs);
        let mask = &mut batch.masks[i * self.num_actions..][..self.num_actions];
        mask.fill(0);
        self.moves.clear();
        state.legal_moves(&mut self.moves);
        for &mv in &self.moves {
            mask[state.action_id(mv)] = 1;
        }
        batch.players[i] = seat.index() as i64;
    }
}

impl<G: PyGame> AnyVector for VectorOf<G> {
    fn len(&self) -> usize {
        self.states.len()
    }

    fn observation_size(&self) -> usize {
        self.observation_size
    }

    fn num_actions(&self) -> usize {
        self.num_actions
    }

    fn num_players(&self) -> usize {
        self.num_players
    }

    fn reset(&mut self, mut batch: Batch<'_>) {
        for i in 0..self.states.len() {
            self.restart(i);
            self.fill(i, &mut batch);
        }
    }

    fn step(
        &mut self,
        actions: &[i64],
        mut batch: Batch<'_>,
        outcomes: Outcomes<'_>,
    ) -> Result<(), Refusal> {
        let n = self.states.len();
        if actions.len() != n {
            return Err(format!("{} actions for {n} games", actions.len()));
        }
        // Check every action first, so a bad one changes nothing.
        let mut chosen = Vec::with_capacity(n);
        for (i, (&id, state)) in actions.iter().zip(&self.states).enumerate() {
            let mv = usize::try_from(id)
                .ok()
                .filter(|&id| id < self.num_actions)
                .and_then(|id| state.action_move(id))
                .filter(|&mv| state.is_legal(mv))
                .ok_or_else(|| format!("game {i}: action {id} is not legal in {state}"))?;
            chosen.push(mv);
        }
        outcomes.rewards.fill(0.0);
        outcomes.dones.fill(0);
        for (i, mv) in chosen.into_iter().enumerate() {
            self.states[i].play_unchecked(mv);
            self.settle(i);
            if let Some(result) = self.states[i].outcome() {
                let returns = result.returns();
                for seat in Seat::first(self.num_players) {
                    outcomes.rewards[i * self.num_players + seat.index()] = returns[seat] as f32;
                }
                outcomes.dones[i] = 1;
                self.restart(i);
            }
            self.fill(i, &mut batch);
        }
        Ok(())
    }

    fn notation(&self, i: usize) -> String {
        self.states[i].to_string()
    }
}
