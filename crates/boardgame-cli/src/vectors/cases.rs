//! The cases a vector record can hit (the rare situations the rules docs name), what the
//! selection looks for, and where each game's games start.

use boardgame_core::{Configure, Game, Turn};

use crate::error::CliError;
use crate::games::CliGame;

/// What the vectors need from a game beyond [`CliGame`].
pub(crate) trait Cases: CliGame {
    /// Every case a record of this game can be tagged with, in report order.
    const CASES: &'static [&'static str];

    /// The positions the seeded games start from (the initial state, and for Ataxx the
    /// blocker layouts too).
    ///
    /// # Errors
    /// The configuration cannot be played.
    fn starts(config: &Self::Config) -> Result<Vec<Self>, CliError> {
        Ok(vec![
            Self::new(config.clone()).map_err(crate::error::usage)?,
        ])
    }

    /// The cases the derived positions of [`variants`](Cases::variants) are kept for (the
    /// others come from the games themselves).
    const VARIANT_CASES: &'static [&'static str] = &[];

    /// Positions derived from a visited one that the games reach too rarely (Ataxx: the same
    /// board with the half-move clock at 99 and at 100).
    fn variants(&self) -> Vec<Self> {
        Vec::new()
    }

    /// The cases this state hits; `text` is its notation and `moves` its legal moves, written
    /// out.
    fn cases(&self, text: &str, moves: &[String]) -> Vec<&'static str>;
}

/// Whether the only legal move is `pass` (written `pass`, or `0000` in Ataxx).
fn forced_pass(moves: &[String], pass: &str) -> bool {
    moves.len() == 1 && moves[0] == pass
}

/// The `i`-th space-separated field of a state's notation.
fn field(text: &str, i: usize) -> &str {
    text.split(' ').nth(i).unwrap_or("")
}

/// The state `state` with its roll count (field `index` of its notation, after `prefix`)
/// set just below and at the game's length guard `max_rolls`, where the parser accepts it:
/// random games never get that far, and the guard is a rule like any other.
fn near_the_guard<G: CliGame>(state: &G, index: usize, prefix: &str) -> Vec<G> {
    if state.turn() == Turn::Terminal {
        return Vec::new();
    }
    let Some(max) = state
        .config()
        .value("max_rolls")
        .and_then(|v| v.parse::<u64>().ok())
        .filter(|&m| m > 1)
    else {
        return Vec::new();
    };
    let text = state.to_string();
    [max - 1, max]
        .into_iter()
        .filter_map(|rolls| {
            let fields: Vec<String> = text
                .split(' ')
                .enumerate()
                .map(|(i, f)| {
                    if i == index {
                        format!("{prefix}{rolls}")
                    } else {
                        f.to_owned()
                    }
                })
                .collect();
            G::from_notation(&fields.join(" "), state.config()).ok()
        })
        .collect()
}

/// Whether the roll count (field `index`, after `prefix`) has reached the guard.
fn at_the_guard<G: CliGame>(state: &G, text: &str, index: usize, prefix: &str) -> bool {
    let rolls = field(text, index)
        .strip_prefix(prefix)
        .and_then(|r| r.parse::<u64>().ok());
    let max = state
        .config()
        .value("max_rolls")
        .and_then(|v| v.parse::<u64>().ok());
    matches!((rolls, max), (Some(r), Some(m)) if m > 0 && r >= m)
}

/// Ataxx: blocker layouts also start games (those of the perft table).
pub(crate) const ATAXX_LAYOUTS: [&str; 4] = [
    "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
    "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1",
    "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1",
    "7/7/7/7/-------/-------/x5o x 0 1",
];

impl Cases for ataxx::Ataxx {
    const CASES: &'static [&'static str] = &[
        "blockers",
        "pass",
        "clock-99",
        "clock-100",
        "over-no-pieces",
        "over-no-moves",
        "over-clock",
    ];
    const VARIANT_CASES: &'static [&'static str] = &["clock-99", "clock-100", "over-clock"];

    fn starts(config: &Self::Config) -> Result<Vec<Self>, CliError> {
        let mut starts = vec![ataxx::Ataxx::new(*config).map_err(crate::error::usage)?];
        for layout in ATAXX_LAYOUTS {
            starts.push(ataxx::Ataxx::from_notation(layout, config).map_err(crate::error::data)?);
        }
        Ok(starts)
    }

    fn variants(&self) -> Vec<Self> {
        if self.game_over().is_some() {
            return Vec::new();
        }
        let fullmove = self.fullmove_number();
        [99, 100]
            .into_iter()
            .filter_map(|halfmove| self.clone().with_counters(halfmove, fullmove).ok())
            .collect()
    }

    fn cases(&self, text: &str, moves: &[String]) -> Vec<&'static str> {
        let mut cases = Vec::new();
        if field(text, 0).contains('-') {
            cases.push("blockers");
        }
        if forced_pass(moves, "0000") {
            cases.push("pass");
        }
        match self.halfmove_clock() {
            99 => cases.push("clock-99"),
            100.. => cases.push("clock-100"),
            _ => {}
        }
        match self.game_over() {
            Some(ataxx::GameOver::NoPieces(_)) => cases.push("over-no-pieces"),
            Some(ataxx::GameOver::NoMoves) => cases.push("over-no-moves"),
            Some(ataxx::GameOver::Clock) => cases.push("over-clock"),
            Some(_) | None => {}
        }
        cases
    }
}

impl Cases for thax::Thax {
    const CASES: &'static [&'static str] = &[
        "roll-off",
        "double-six",
        "half-thax",
        "doubles",
        "forced-pass",
        "sum",
        "take",
        "pot",
        "win",
        "turn-limit",
        "dead-draw",
    ];
    const VARIANT_CASES: &'static [&'static str] = &["turn-limit"];

    fn variants(&self) -> Vec<Self> {
        near_the_guard(self, 3, "")
    }

    fn cases(&self, text: &str, moves: &[String]) -> Vec<&'static str> {
        let mut cases = Vec::new();
        let phase = field(text, 1);
        if phase.starts_with('o') {
            cases.push("roll-off");
        }
        if let Some((_, dice)) = phase.split_once(':')
            && phase.starts_with('m')
            && let Some((a, b)) = dice.split_once('-')
        {
            match (a == "6", b == "6") {
                (true, true) => cases.push("double-six"),
                (true, false) | (false, true) => cases.push("half-thax"),
                (false, false) if a == b => cases.push("doubles"),
                _ => {}
            }
        }
        if forced_pass(moves, "pass") {
            cases.push("forced-pass");
        }
        if moves.iter().any(|m| m.starts_with("sum")) {
            cases.push("sum");
        }
        if moves.iter().any(|m| m.starts_with("take")) {
            cases.push("take");
        }
        if field(text, 2) != "0" {
            cases.push("pot");
        }
        match phase.chars().next() {
            Some('w') => cases.push("win"),
            Some('t') => cases.push("turn-limit"),
            Some('d') => cases.push("dead-draw"),
            _ => {}
        }
        cases
    }
}

/// Parchís's safe squares (every exit and entry, and the squares 17k − 5).
const PARCHIS_SAFE: [u8; 12] = [5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63, 68];

impl Cases for parchis::Parchis {
    const CASES: &'static [&'static str] = &[
        "roll-off",
        "exit",
        "barrier",
        "triple-six",
        "bonus-20",
        "bonus-10",
        "six-as-seven",
        "home-column",
        "forced-pass",
        "finished",
        "length-guard",
    ];
    const VARIANT_CASES: &'static [&'static str] = &["length-guard"];

    fn variants(&self) -> Vec<Self> {
        near_the_guard(self, 6, "n")
    }

    fn cases(&self, text: &str, moves: &[String]) -> Vec<&'static str> {
        let mut cases = Vec::new();
        let phase = field(text, 1);
        if phase.starts_with('o') {
            cases.push("roll-off");
        }
        if moves.iter().any(|m| m == "out") {
            cases.push("exit");
        }
        let everywhere = self.config().value("barriers").as_deref() == Some("everywhere");
        let barrier = field(text, 0).split('/').any(|colour| {
            let squares: Vec<u8> = colour.split(',').filter_map(|s| s.parse().ok()).collect();
            squares.iter().enumerate().any(|(i, sq)| {
                squares[i + 1..].contains(sq) && (everywhere || PARCHIS_SAFE.contains(sq))
            })
        });
        if barrier {
            cases.push("barrier");
        }
        // The chance node before a third six (two sixes in a row already).
        if self.turn() == Turn::Chance && field(text, 2) == "s2" {
            cases.push("triple-six");
        }
        if phase.starts_with('b') && phase.ends_with("20") {
            cases.push("bonus-20");
        }
        if phase.starts_with('b') && phase.ends_with("10") {
            cases.push("bonus-10");
        }
        if moves.iter().any(|m| m.ends_with("+7")) {
            cases.push("six-as-seven");
        }
        if moves.iter().any(|m| m.starts_with('h')) {
            cases.push("home-column");
        }
        if forced_pass(moves, "pass") {
            cases.push("forced-pass");
        }
        if phase.starts_with('x') {
            cases.push("finished");
        }
        if at_the_guard(self, text, 6, "n") {
            cases.push("length-guard");
        }
        cases
    }
}

impl Cases for co_ca_ngua::CoCaNgua {
    const CASES: &'static [&'static str] = &[
        "roll-off",
        "exit",
        "compulsory-exit",
        "shortcut",
        "triple-six",
        "six-as-seven",
        "lane",
        "ring",
        "forced-pass",
        "win",
        "draw",
    ];
    const VARIANT_CASES: &'static [&'static str] = &["draw"];

    fn variants(&self) -> Vec<Self> {
        near_the_guard(self, 3, "n")
    }

    fn cases(&self, text: &str, moves: &[String]) -> Vec<&'static str> {
        let mut cases = Vec::new();
        let phase = field(text, 1);
        if phase.starts_with('o') {
            cases.push("roll-off");
        }
        if moves.iter().any(|m| m == "exit") {
            cases.push("exit");
        }
        if moves.len() == 1 && moves[0] == "exit" {
            cases.push("compulsory-exit");
        }
        if moves.iter().any(|m| m.contains(">D")) {
            cases.push("shortcut");
        }
        if self.turn() == Turn::Chance && field(text, 2).starts_with("t2.") {
            cases.push("triple-six");
        }
        if moves.iter().any(|m| m.ends_with("+7") || m.contains("+7>")) {
            cases.push("six-as-seven");
        }
        if moves.iter().any(|m| m.starts_with('L')) {
            cases.push("lane");
        }
        if moves.iter().any(|m| m.starts_with(['R', 'X', 'S'])) {
            cases.push("ring");
        }
        if forced_pass(moves, "pass") {
            cases.push("forced-pass");
        }
        match phase.chars().next() {
            Some('w') => cases.push("win"),
            Some('d') => cases.push("draw"),
            _ => {}
        }
        cases
    }
}
