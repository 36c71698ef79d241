//! Game records: the configuration, the starting position and every event. Because chance
//! is explicit, a record is a complete description of a game and replays to the identical
//! state.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::game::{ConfigError, Game, PlayError};

/// One step of a game: a player's move or a chance outcome.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Event<M, C> {
    /// A move chosen at a decision node.
    Move(M),
    /// An outcome chosen at a chance node.
    Chance(C),
}

impl<M: fmt::Display, C: fmt::Display> fmt::Display for Event<M, C> {
    /// The move as it is, a chance outcome in brackets (`[3-5]`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Move(m) => write!(f, "{m}"),
            Event::Chance(c) => write!(f, "[{c}]"),
        }
    }
}

/// The event type of game `G`.
pub type EventOf<G> = Event<<G as Game>::Move, <G as Game>::Chance>;

/// A whole game: the rules configuration, the starting position (when it is not the
/// configuration's initial one) and the ordered events.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "G::Config: serde::Serialize, G::Move: serde::Serialize, G::Chance: serde::Serialize",
        deserialize = "G::Config: serde::de::DeserializeOwned, G::Move: serde::de::DeserializeOwned, G::Chance: serde::de::DeserializeOwned"
    ))
)]
pub struct Record<G: Game> {
    /// The rules the game was played under.
    pub config: G::Config,
    /// The starting state's notation, or `None` for `G::new(config)`.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub start: Option<String>,
    /// Every move and chance outcome, in order.
    pub events: Vec<EventOf<G>>,
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The configuration is not playable.
    #[error("bad configuration: {0}")]
    Config(#[from] ConfigError),
    /// The starting position does not parse.
    #[error("bad starting position: {reason}")]
    Start {
        /// What the notation parser said.
        reason: String,
    },
    /// An event is not legal where it occurs.
    #[error("event {index} ({event}) is illegal: {error}")]
    Event {
        /// The 0-based index of the first bad event.
        index: usize,
        /// The event, as text.
        event: String,
        /// Why it was refused.
        error: PlayError,
    },
}

impl<G: Game> Record<G> {
    /// An empty record of a game starting from `G::new(config)`.
    #[must_use]
    pub fn new(config: G::Config) -> Record<G> {
        Record {
            config,
            start: None,
            events: Vec::new(),
        }
    }

    /// An empty record of a game starting from `state` (its notation is stored unless it
    /// equals the configuration's initial state).
    #[must_use]
    pub fn starting_from(state: &G) -> Record<G> {
        let config = state.config().clone();
        let is_initial = G::new(config.clone()).is_ok_and(|initial| initial == *state);
        let start = (!is_initial).then(|| state.to_string());
        Record {
            config,
            start,
            events: Vec::new(),
        }
    }

    /// The number of events.
    #[must_use]
    pub fn len(&self) -> usize {
        self.events.len()
    }

    /// Whether no event has been recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// The starting state.
    ///
    /// # Errors
    /// [`ReplayError::Config`] or [`ReplayError::Start`].
    pub fn start_state(&self) -> Result<G, ReplayError> {
        match &self.start {
            None => Ok(G::new(self.config.clone())?),
            Some(text) => G::from_notation(text, &self.config).map_err(|e| ReplayError::Start {
                reason: e.to_string(),
            }),
        }
    }

    /// Replays every event through the checked API and returns the final state.
    ///
    /// # Errors
    /// [`ReplayError`] naming the index of the first illegal event.
    pub fn replay(&self) -> Result<G, ReplayError> {
        self.replay_with(|_, _, _| {})
    }

    /// Like [`replay`](Record::replay), calling `visit(index, event, state_after)` after each
    /// event.
    ///
    /// # Errors
    /// [`ReplayError`] naming the index of the first illegal event.
    pub fn replay_with(
        &self,
        mut visit: impl FnMut(usize, &EventOf<G>, &G),
    ) -> Result<G, ReplayError> {
        let mut state = self.start_state()?;
        for (index, event) in self.events.iter().enumerate() {
            let applied = match *event {
                Event::Move(m) => state.play(m),
                Event::Chance(c) => state.apply_chance(c),
            };
            applied.map_err(|error| ReplayError::Event {
                index,
                event: event.to_string(),
                error,
            })?;
            visit(index, event, &state);
        }
        Ok(state)
    }
}

/// One game as the `boardgame` command writes it, one JSON object per line: the game's name,
/// where it came from, and its [`Record`]. `simulate --records` writes one per game, `play
/// --save` one per file, and the web playground its `record()`; `boardgame replay` reads them.
///
/// ```json
/// {"game":"ataxx","seed":7,"record":{"config":{…},"events":[{"move":"f1"}]}}
/// ```
#[cfg(feature = "serde")]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(bound(
    serialize = "G::Config: serde::Serialize, G::Move: serde::Serialize, G::Chance: serde::Serialize",
    deserialize = "G::Config: serde::de::DeserializeOwned, G::Move: serde::de::DeserializeOwned, G::Chance: serde::de::DeserializeOwned"
))]
pub struct RecordLine<G: Game> {
    /// The game's name ([`Game::NAME`]).
    pub game: String,
    /// The game's index in a `simulate` run (absent elsewhere).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<u64>,
    /// The seed the game was played with, if it was seeded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The record.
    pub record: Record<G>,
}

#[cfg(feature = "serde")]
impl<G: Game> RecordLine<G> {
    /// The line of `record`, named [`Game::NAME`], with no index.
    #[must_use]
    pub fn new(record: Record<G>, seed: Option<u64>) -> RecordLine<G> {
        RecordLine {
            game: G::NAME.into(),
            index: None,
            seed,
            record,
        }
    }
}
