//! The games the command knows, and what it needs from each beyond the core trait.

use boardgame_core::toy::{Nim, Race};
use boardgame_core::{Configure, Game, Outcome, Seat};
use boardgame_search::bots::BotGame;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// A game name on the command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum GameKind {
    /// Ataxx (7×7, deterministic).
    Ataxx,
    /// THAX / Thax Out (two dice).
    Thax,
    /// Parchís (Spanish ludo, one die).
    Parchis,
    /// Cờ cá ngựa (Vietnamese ludo, one die or two).
    #[value(name = "co-ca-ngua", alias = "cocangua")]
    CoCaNgua,
    /// Toy: subtraction Nim (core's example game).
    #[value(hide = true)]
    Nim,
    /// Toy: a dice race (core's example game).
    #[value(hide = true)]
    Race,
}

impl GameKind {
    /// The real games, in the order the demo shows them.
    pub(crate) const GAMES: [GameKind; 4] = [
        GameKind::Ataxx,
        GameKind::Thax,
        GameKind::Parchis,
        GameKind::CoCaNgua,
    ];

    /// The name used on the command line and in records.
    pub(crate) fn name(self) -> &'static str {
        match self {
            GameKind::Ataxx => "ataxx",
            GameKind::Thax => "thax",
            GameKind::Parchis => "parchis",
            GameKind::CoCaNgua => "co-ca-ngua",
            GameKind::Nim => "nim",
            GameKind::Race => "race",
        }
    }

    /// The kind named `name` (as written in records): the same names, matched exactly (in
    /// lower case), as on the command line.
    pub(crate) fn from_name(name: &str) -> Option<GameKind> {
        <GameKind as clap::ValueEnum>::from_str(name, false).ok()
    }
}

/// What the command needs from a game beyond [`Game`].
pub(crate) trait CliGame:
    Game<
        Config: Configure + Serialize + DeserializeOwned + Send + Sync,
        Move: Serialize + DeserializeOwned + Send + Sync,
        Chance: Serialize + DeserializeOwned + Send + Sync,
    > + BotGame
    + Send
    + Sync
    + 'static
{
    /// The game's command-line name.
    const KIND: GameKind;

    /// How a seat is called (a colour, a side).
    fn seat_name(&self, seat: Seat) -> String {
        format!("seat {seat}")
    }

    /// A one-line description of a finished game.
    fn result_line(&self, outcome: &Outcome) -> String {
        outcome.describe(|seat| self.seat_name(seat))
    }

    /// The ply guard for simulations under `config`.
    fn default_max_plies(config: &Self::Config) -> u64 {
        Self::max_game_length(config).unwrap_or(100_000)
    }
}

/// Runs `$body` with the type alias `$G` bound to the game of `$kind`.
macro_rules! with_game {
    ($kind:expr, $G:ident => $body:expr) => {
        match $kind {
            $crate::games::GameKind::Ataxx => {
                type $G = ataxx::Ataxx;
                $body
            }
            $crate::games::GameKind::Thax => {
                type $G = thax::Thax;
                $body
            }
            $crate::games::GameKind::Parchis => {
                type $G = parchis::Parchis;
                $body
            }
            $crate::games::GameKind::CoCaNgua => {
                type $G = co_ca_ngua::CoCaNgua;
                $body
            }
            $crate::games::GameKind::Nim => {
                type $G = boardgame_core::toy::Nim;
                $body
            }
            $crate::games::GameKind::Race => {
                type $G = boardgame_core::toy::Race;
                $body
            }
        }
    };
}
pub(crate) use with_game;

impl CliGame for Nim {
    const KIND: GameKind = GameKind::Nim;
}

impl CliGame for Race {
    const KIND: GameKind = GameKind::Race;
}

impl CliGame for ataxx::Ataxx {
    const KIND: GameKind = GameKind::Ataxx;

    fn seat_name(&self, seat: Seat) -> String {
        ataxx::Color::from_seat(seat)
            .map_or_else(|| format!("seat {seat}"), |c| format!("{c} (seat {seat})"))
    }
}

impl CliGame for thax::Thax {
    const KIND: GameKind = GameKind::Thax;
}

impl CliGame for parchis::Parchis {
    const KIND: GameKind = GameKind::Parchis;

    fn seat_name(&self, seat: Seat) -> String {
        format!("{} (seat {seat})", self.colour_of(seat))
    }
}

impl CliGame for co_ca_ngua::CoCaNgua {
    const KIND: GameKind = GameKind::CoCaNgua;

    fn seat_name(&self, seat: Seat) -> String {
        format!("colour {} (seat {seat})", self.colour(seat))
    }
}
