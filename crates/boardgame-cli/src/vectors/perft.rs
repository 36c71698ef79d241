//! Perft data as vector records: Ataxx positions counted to a depth with the kind of each
//! last move (the breakdown chess perft tables give), the perft-diff suite the same way, and
//! the dice games' chance perft with exact probabilities. docs/vectors.md describes them.

use ataxx::{Ataxx, Color, Move};
use boardgame_core::driver::{below, game_seed, rng_from_seed};
use boardgame_core::{Game, Turn};
use serde_json::{Value, json};

use crate::perft_diff::SUITE;

/// The positions of the Ataxx perft table (`crates/ataxx/tests/data/perft.txt`), each with
/// the depth the vectors count it to: 5 (at most 4.8 million leaves), 6 for the walled-off
/// regression, whose depth-6 count (174, not 175) is what it is there for.
pub(crate) const ATAXX_TABLE: [(&str, u32); 20] = [
    ("7/7/7/7/7/7/7 x 0 1", 5),
    ("7/7/7/7/7/7/7 o 0 1", 5),
    ("x5o/7/7/7/7/7/o5x x 0 1", 5),
    ("x5o/7/7/7/7/7/o5x o 0 1", 5),
    ("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", 5),
    ("x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1", 5),
    ("x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1", 5),
    ("x5o/7/2-1-2/3-3/2-1-2/7/o5x o 0 1", 5),
    ("x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1", 5),
    ("x5o/7/3-3/2-1-2/3-3/7/o5x o 0 1", 5),
    ("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1", 5),
    ("7/7/7/7/ooooooo/ooooooo/xxxxxxx o 0 1", 5),
    ("7/7/7/7/xxxxxxx/xxxxxxx/ooooooo x 0 1", 5),
    ("7/7/7/7/xxxxxxx/xxxxxxx/ooooooo o 0 1", 5),
    ("7/7/7/2x1o2/7/7/7 x 0 1", 5),
    ("7/7/7/2x1o2/7/7/7 o 0 1", 5),
    ("x5o/7/7/7/7/7/o5x x 100 1", 5),
    ("x5o/7/7/7/7/7/o5x o 100 1", 5),
    ("7/7/7/7/-------/-------/x5o x 0 1", 6),
    ("7/7/7/7/-------/-------/x5o o 0 1", 6),
];

/// The depth the perft-diff suite's positions are counted to.
pub(crate) const SUITE_DEPTH: u32 = 5;

/// What the moves at one depth of an Ataxx perft were: `nodes` sequences of `depth` moves,
/// split by the kind of their last move, and how many of them flip at least one stone
/// (`captures`) or leave a finished game (`ends`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Kinds {
    nodes: u64,
    clones: u64,
    jumps: u64,
    captures: u64,
    passes: u64,
    ends: u64,
}

/// Counts every depth from 1 to `depth` in one walk: `at[p]` takes the moves played at
/// ply `p + 1`. The recursion is at most [`SUITE_DEPTH`] or a table depth deep.
fn ataxx_walk(position: &Ataxx, depth: usize, ply: usize, at: &mut [Kinds]) {
    if ply == depth || position.game_over().is_some() {
        return;
    }
    let them = match position.side_to_move() {
        Color::X => Color::O,
        Color::O => Color::X,
    };
    let theirs = position.pieces(them).len();
    for mv in position.legal_moves_vec() {
        let mut child = position.clone();
        child.play_unchecked(mv);
        let kinds = &mut at[ply];
        kinds.nodes += 1;
        match mv {
            Move::Single(_) => kinds.clones += 1,
            Move::Double { .. } => kinds.jumps += 1,
            Move::Pass => kinds.passes += 1,
        }
        if child.pieces(them).len() < theirs {
            kinds.captures += 1;
        }
        if child.game_over().is_some() {
            kinds.ends += 1;
        }
        ataxx_walk(&child, depth, ply + 1, at);
    }
}

/// The `"perft"` list of an Ataxx record: depths 1 to `depth`.
pub(crate) fn ataxx_perft(position: &Ataxx, depth: u32) -> Value {
    let depth = depth as usize;
    let mut at = vec![Kinds::default(); depth];
    ataxx_walk(position, depth, 0, &mut at);
    Value::from(
        at.iter()
            .enumerate()
            .map(|(i, k)| {
                json!({
                    "depth": i + 1, "nodes": k.nodes, "clones": k.clones, "jumps": k.jumps,
                    "captures": k.captures, "passes": k.passes, "ends": k.ends,
                })
            })
            .collect::<Vec<_>>(),
    )
}

/// The record of an Ataxx perft position (`name`d with what it reaches when it is a suite
/// position), without its number.
pub(crate) fn ataxx_record(position: &Ataxx, depth: u32, suite: Option<&str>) -> Value {
    let mut record = json!({"state": position.to_string()});
    if let Some(name) = suite
        && let Some(entry) = SUITE.iter().find(|e| e.name == name)
    {
        record["name"] = entry.name.into();
        record["reaches"] = entry.reaches.into();
        record["reached_at"] = entry.depth.into();
    }
    record["perft"] = ataxx_perft(position, depth);
    record
}

/// An exact non-negative fraction, kept reduced.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Fraction {
    num: u128,
    den: u128,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Fraction {
    const ZERO: Fraction = Fraction { num: 0, den: 1 };
    const ONE: Fraction = Fraction { num: 1, den: 1 };

    fn new(num: u128, den: u128) -> Fraction {
        let g = gcd(num, den).max(1);
        Fraction {
            num: num / g,
            den: den / g,
        }
    }

    /// `self × num / den`; `None` on overflow (never at the depths used here).
    fn scaled(self, num: u128, den: u128) -> Option<Fraction> {
        let a = Fraction::new(self.num, den);
        let b = Fraction::new(num, self.den);
        Some(Fraction::new(
            a.num.checked_mul(b.num)?,
            a.den.checked_mul(b.den)?,
        ))
    }

    fn plus(self, other: Fraction) -> Option<Fraction> {
        let g = gcd(self.den, other.den).max(1);
        let den = (self.den / g).checked_mul(other.den)?;
        let num = self
            .num
            .checked_mul(den / self.den)?
            .checked_add(other.num.checked_mul(den / other.den)?)?;
        Some(Fraction::new(num, den))
    }

    fn text(self) -> String {
        format!("{}/{}", self.num, self.den)
    }
}

/// What a chance perft found at one depth: the paths of exactly that many edges (moves and
/// chance outcomes), split by their last edge, those that end the game, and two exact
/// probabilities over all paths (moves picked uniformly, outcomes by their weights): that
/// the game is over after that many edges, and that chance is to act then.
#[derive(Copy, Clone, Debug)]
struct ChanceDepth {
    nodes: u64,
    moves: u64,
    outcomes: u64,
    ends: u64,
    /// The probability of reaching the end at exactly this depth (summed up to the depth
    /// afterwards).
    p_end: Option<Fraction>,
    p_chance: Option<Fraction>,
}

impl Default for ChanceDepth {
    fn default() -> ChanceDepth {
        ChanceDepth {
            nodes: 0,
            moves: 0,
            outcomes: 0,
            ends: 0,
            p_end: Some(Fraction::ZERO),
            p_chance: Some(Fraction::ZERO),
        }
    }
}

fn add(sum: &mut Option<Fraction>, p: Option<Fraction>) {
    *sum = sum.zip(p).and_then(|(a, b)| a.plus(b));
}

/// The chance-perft walk: `at[k]` takes the edges of depth `k + 1`. `p` is the probability
/// of the path so far. At most the chance depth deep.
fn chance_walk<G: Game>(
    state: &G,
    p: Option<Fraction>,
    depth: usize,
    ply: usize,
    at: &mut [ChanceDepth],
) {
    if ply == depth {
        return;
    }
    let children: Vec<(G, bool, u128, u128)> = match state.turn() {
        Turn::Terminal => return,
        Turn::Player(_) => {
            let moves = state.legal_moves_vec();
            let n = moves.len() as u128;
            moves
                .into_iter()
                .map(|mv| {
                    let mut child = state.clone();
                    child.play_unchecked(mv);
                    (child, true, 1, n)
                })
                .collect()
        }
        Turn::Chance => match state.chance_outcomes() {
            Some(dist) => {
                let total = u128::from(dist.total());
                dist.iter()
                    .map(|(outcome, weight)| {
                        let mut child = state.clone();
                        child.apply_chance_unchecked(outcome);
                        (child, false, u128::from(weight), total)
                    })
                    .collect()
            }
            None => return,
        },
    };
    for (child, by_move, num, den) in children {
        let q = p.and_then(|p| p.scaled(num, den));
        let here = &mut at[ply];
        here.nodes += 1;
        if by_move {
            here.moves += 1;
        } else {
            here.outcomes += 1;
        }
        match child.turn() {
            Turn::Terminal => {
                here.ends += 1;
                add(&mut here.p_end, q);
            }
            Turn::Chance => add(&mut here.p_chance, q),
            Turn::Player(_) => {}
        }
        chance_walk(&child, q, depth, ply + 1, at);
    }
}

/// The `"perft"` list of a chance-perft record: depths 1 to `depth`.
pub(crate) fn chance_perft<G: Game>(state: &G, depth: u32) -> Value {
    let depth = depth as usize;
    let mut at = vec![ChanceDepth::default(); depth];
    chance_walk(state, Some(Fraction::ONE), depth, 0, &mut at);
    // The end is absorbing: over after d edges = over at some depth up to d.
    let mut ended = Some(if state.turn() == Turn::Terminal {
        Fraction::ONE
    } else {
        Fraction::ZERO
    });
    let text = |f: Option<Fraction>| f.map_or(Value::Null, |f| f.text().into());
    Value::from(
        at.iter()
            .enumerate()
            .map(|(i, d)| {
                add(&mut ended, d.p_end);
                json!({
                    "depth": i + 1, "nodes": d.nodes, "moves": d.moves, "outcomes": d.outcomes,
                    "ends": d.ends, "p_end": text(ended), "p_chance": text(d.p_chance),
                })
            })
            .collect::<Vec<_>>(),
    )
}

/// The most leaves a chance-perft record counts to at its deepest depth.
pub(crate) const CHANCE_LEAVES: u64 = 100_000;

/// The deepest depth counted for a chance-perft position.
pub(crate) const CHANCE_MAX_DEPTH: u32 = 6;

/// The depth a chance-perft record of `state` is counted to: the deepest, up to
/// [`CHANCE_MAX_DEPTH`], with at most [`CHANCE_LEAVES`] paths.
pub(crate) fn chance_depth<G: Game>(state: &G) -> u32 {
    let mut depth = 1;
    while depth < CHANCE_MAX_DEPTH
        && boardgame_core::perft::perft(state, depth + 1) <= CHANCE_LEAVES
    {
        depth += 1;
    }
    depth
}

/// The most events of the seeded game the chance-perft positions are taken from (each
/// game's own guard ends it far sooner).
const CHANCE_GAME_EVENTS: usize = 100_000;

/// The positions of a game's chance-perft table: the initial state, and the states one
/// third and two thirds of the way through seeded game 0 of seed 1 (moves uniform, chance
/// outcomes by weight, as `boardgame vectors` plays them).
pub(crate) fn chance_positions<G: Game>(initial: &G) -> Vec<G> {
    let mut rng = rng_from_seed(game_seed(1, 0));
    let mut states = vec![initial.clone()];
    let mut state = initial.clone();
    while states.len() < CHANCE_GAME_EVENTS
        && super::generate::step(&mut state, &mut |n| below(&mut rng, n))
    {
        states.push(state.clone());
    }
    let n = states.len();
    vec![
        initial.clone(),
        states[n / 3].clone(),
        states[2 * n / 3].clone(),
    ]
}

/// The record of a chance-perft position, without its number.
pub(crate) fn chance_record<G: Game>(state: &G) -> Value {
    let depth = chance_depth(state);
    json!({"state": state.to_string(), "perft": chance_perft(state, depth)})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_breakdown_adds_up_to_the_perft_table() {
        let start = Ataxx::new(ataxx::AtaxxConfig::default()).unwrap();
        let perft = ataxx_perft(&start, 3);
        let nodes: Vec<u64> = (0..3)
            .map(|i| perft[i]["nodes"].as_u64().unwrap())
            .collect();
        assert_eq!(nodes, [16, 256, 6460]);
        for d in 0..3 {
            let k = &perft[d];
            assert_eq!(
                k["clones"].as_u64().unwrap()
                    + k["jumps"].as_u64().unwrap()
                    + k["passes"].as_u64().unwrap(),
                k["nodes"].as_u64().unwrap()
            );
        }
        // From the start the first capture needs two pieces to meet: not before ply 3.
        assert_eq!(perft[1]["captures"], 0);
        assert_eq!(perft[2]["captures"], 332);
        assert_eq!(perft[0]["clones"], 6);
        assert_eq!(perft[0]["jumps"], 10);
    }

    #[test]
    fn fractions_stay_exact_and_reduced() {
        let sixth = Fraction::ONE.scaled(1, 6).unwrap();
        let mut sum = Fraction::ZERO;
        for _ in 0..6 {
            sum = sum.plus(sixth).unwrap();
        }
        assert_eq!(sum, Fraction::ONE);
        assert_eq!(Fraction::new(6, 36).text(), "1/6");
        assert_eq!(Fraction::ZERO.text(), "0/1");
    }
}
