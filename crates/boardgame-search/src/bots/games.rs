//! [`BotGame`] for every game of the workspace and core's two toys.

use boardgame_core::toy::{Nim, Race};
use boardgame_core::{Game, Seat};

use boardgame_engine::spec::EngineSpec;

use super::{AlphaBetaLimits, Bot, BotGame, BuildError, EngineBot, alphabeta_bot};
use crate::eval::ataxx::AtaxxEvaluator;
use crate::eval::{
    CoCaNguaEvaluator, NimEvaluator, ParchisEvaluator, RaceEvaluator, ThaxEvaluator,
};
use crate::solve::thax::{OptimalBot, ThaxSolution};

impl BotGame for ataxx::Ataxx {
    type Eval = AtaxxEvaluator;

    /// Piece difference (the crate's `evaluation`).
    fn evaluation(&self, seat: Seat) -> i64 {
        ataxx::Ataxx::evaluation(self, seat)
    }

    fn alphabeta(limits: AlphaBetaLimits, seats: usize) -> Result<Box<dyn Bot<Self>>, BuildError> {
        alphabeta_bot(limits, seats)
    }

    /// [`EngineBot`].
    fn engine(
        spec: EngineSpec,
        seats: usize,
        clock: Option<boardgame_core::clock::Clock>,
    ) -> Result<Box<dyn Bot<Self>>, BuildError> {
        if seats != 2 {
            return Err(BuildError(format!(
                "engine needs exactly two players, not {seats}"
            )));
        }
        Ok(Box::new(EngineBot::new(spec, clock)))
    }
}

impl BotGame for thax::Thax {
    type Eval = ThaxEvaluator;

    /// Covered spaces minus the opponent's (the crate's `evaluation`).
    fn evaluation(&self, seat: Seat) -> i64 {
        thax::Thax::evaluation(self, seat)
    }

    /// Solved: [`OptimalBot`] (two players; the configuration is solved at the first move).
    fn optimal() -> Result<Box<dyn Bot<Self>>, BuildError> {
        Ok(Box::new(OptimalBot::new()))
    }

    /// Solves the configuration now ([`ThaxSolution::shared`], which the bots then share):
    /// `voluntary_pass`, a supply too small to finish, too many states (`thax-out-limited`)
    /// or a solve that does not converge are refused with the solver's reason, instead of a
    /// panic at the bot's first move.
    fn check_optimal(start: &Self) -> Result<(), BuildError> {
        let config = start.config();
        ThaxSolution::check(config)
            .and_then(|()| ThaxSolution::shared(config).map(drop))
            .map_err(|error| BuildError(format!("optimal cannot play this thax: {error}")))
    }
}

impl BotGame for parchis::Parchis {
    type Eval = ParchisEvaluator;

    /// Progress of the seat's pieces minus the best opponent's (the crate's `evaluation`).
    fn evaluation(&self, seat: Seat) -> i64 {
        parchis::Parchis::evaluation(self, seat)
    }
}

impl BotGame for co_ca_ngua::CoCaNgua {
    type Eval = CoCaNguaEvaluator;

    /// Progress of the seat's pieces minus the best opponent's (the crate's `evaluation`).
    fn evaluation(&self, seat: Seat) -> i64 {
        co_ca_ngua::CoCaNgua::evaluation(self, seat)
    }
}

impl BotGame for Nim {
    type Eval = NimEvaluator;

    /// Nim has no useful static evaluation: every position scores 0.
    fn evaluation(&self, _: Seat) -> i64 {
        0
    }

    fn alphabeta(limits: AlphaBetaLimits, seats: usize) -> Result<Box<dyn Bot<Self>>, BuildError> {
        alphabeta_bot(limits, seats)
    }
}

impl BotGame for Race {
    type Eval = RaceEvaluator;

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
