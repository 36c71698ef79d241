//! The games the command knows, and what it needs from each beyond the core trait.

use boardgame_core::toy::{Nim, Race};
use boardgame_core::{Configure, Game, Outcome, Seat};
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
    > + Send
    + Sync
    + 'static
{
    /// The game's command-line name.
    const KIND: GameKind;

    /// The one-ply evaluation the greedy bot maximises (higher is better for `seat`).
    fn evaluation(&self, seat: Seat) -> i64;

    /// How a seat is called (a colour, a side).
    fn seat_name(&self, seat: Seat) -> String {
        format!("seat {seat}")
    }

    /// A one-line description of a finished game.
    fn result_line(&self, outcome: &Outcome) -> String {
        describe_outcome(self, outcome)
    }

    /// The ply guard for simulations under `config`.
    fn default_max_plies(config: &Self::Config) -> u64 {
        Self::max_game_length(config).unwrap_or(100_000)
    }
}

/// "seat 1 wins", "draw", or a ranking.
pub(crate) fn describe_outcome<G: CliGame>(state: &G, outcome: &Outcome) -> String {
    if outcome.is_draw() {
        return "draw".into();
    }
    if let Some(winner) = outcome.winner()
        && outcome
            .ranks()
            .as_slice()
            .iter()
            .filter(|&&r| r == 1)
            .count()
            + 1
            == outcome.num_seats()
    {
        return format!("{} wins", state.seat_name(winner));
    }
    let mut places: Vec<(u8, Seat)> = outcome.ranks().iter().map(|(s, &r)| (r, s)).collect();
    places.sort();
    let parts: Vec<String> = places
        .iter()
        .map(|&(r, s)| format!("{}. {}", r + 1, state.seat_name(s)))
        .collect();
    parts.join(", ")
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

    /// Nim has no useful static evaluation: every position scores 0.
    fn evaluation(&self, _: Seat) -> i64 {
        0
    }
}

impl CliGame for Race {
    const KIND: GameKind = GameKind::Race;

    /// Squares travelled by the seat's tokens minus the best opponent's.
    fn evaluation(&self, seat: Seat) -> i64 {
        let travelled = |s: Seat| -> i64 { self.tokens(s).iter().map(|&t| i64::from(t)).sum() };
        let best_other = Seat::first(self.num_seats())
            .filter(|&s| s != seat)
            .map(travelled)
            .max()
            .unwrap_or(0);
        travelled(seat) - best_other
    }
}

impl CliGame for ataxx::Ataxx {
    const KIND: GameKind = GameKind::Ataxx;

    /// Piece difference (the crate's `evaluation`).
    fn evaluation(&self, seat: Seat) -> i64 {
        ataxx::Ataxx::evaluation(self, seat)
    }

    fn seat_name(&self, seat: Seat) -> String {
        ataxx::Color::from_seat(seat)
            .map_or_else(|| format!("seat {seat}"), |c| format!("{c} (seat {seat})"))
    }
}

impl CliGame for thax::Thax {
    const KIND: GameKind = GameKind::Thax;

    /// Covered spaces minus the opponent's (the crate's `evaluation`).
    fn evaluation(&self, seat: Seat) -> i64 {
        thax::Thax::evaluation(self, seat)
    }
}

impl CliGame for parchis::Parchis {
    const KIND: GameKind = GameKind::Parchis;

    /// Progress of the seat's pieces minus the best opponent's (the crate's `evaluation`).
    fn evaluation(&self, seat: Seat) -> i64 {
        parchis::Parchis::evaluation(self, seat)
    }

    fn seat_name(&self, seat: Seat) -> String {
        format!("{} (seat {seat})", self.colour_of(seat))
    }
}

impl CliGame for co_ca_ngua::CoCaNgua {
    const KIND: GameKind = GameKind::CoCaNgua;

    /// Progress of the seat's pieces minus the best opponent's (the crate's `evaluation`).
    fn evaluation(&self, seat: Seat) -> i64 {
        co_ca_ngua::CoCaNgua::evaluation(self, seat)
    }

    fn seat_name(&self, seat: Seat) -> String {
        format!("colour {} (seat {seat})", self.colour(seat))
    }
}
