//! One vector record: a state, what can happen there, and the state after each.
//!
//! A record is one JSON object on one line, its keys in this order:
//! `{"n":1,"state":"…","turn":"player","seat":0,"moves":[["move","after"],…],"cases":[…]}`;
//! a chance node has `"turn":"chance","total":W,"outcomes":[["outcome",w,"after"],…]`, a
//! finished game `"turn":"terminal","ranks":[0,1]`. See docs/vectors.md.

use std::fmt::Write as _;

use boardgame_core::{Game, Turn};

/// A string as a JSON string.
fn json(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// The record numbered `n` (from 1) of `state`, tagged with `cases`.
pub(crate) fn record<G: Game>(n: usize, state: &G, cases: &[&str]) -> String {
    let mut line = format!("{{\"n\":{n},\"state\":{}", json(&state.to_string()));
    match state.turn() {
        Turn::Player(seat) => {
            let _ = write!(
                line,
                ",\"turn\":\"player\",\"seat\":{},\"moves\":[",
                seat.index()
            );
            for (i, mv) in state.legal_moves_vec().into_iter().enumerate() {
                let mut after = state.clone();
                after.play_unchecked(mv);
                let comma = if i == 0 { "" } else { "," };
                let _ = write!(
                    line,
                    "{comma}[{},{}]",
                    json(&mv.to_string()),
                    json(&after.to_string())
                );
            }
            line.push(']');
        }
        Turn::Chance => {
            if let Some(dist) = state.chance_outcomes() {
                let _ = write!(
                    line,
                    ",\"turn\":\"chance\",\"total\":{},\"outcomes\":[",
                    dist.total()
                );
                for (i, (outcome, weight)) in dist.iter().enumerate() {
                    let mut after = state.clone();
                    after.apply_chance_unchecked(outcome);
                    let comma = if i == 0 { "" } else { "," };
                    let _ = write!(
                        line,
                        "{comma}[{},{weight},{}]",
                        json(&outcome.to_string()),
                        json(&after.to_string())
                    );
                }
                line.push(']');
            }
        }
        Turn::Terminal => {
            let ranks = state
                .outcome()
                .map(|o| o.ranks().as_slice().to_vec())
                .unwrap_or_default();
            let _ = write!(
                line,
                ",\"turn\":\"terminal\",\"ranks\":{}",
                serde_json::Value::from(ranks)
            );
        }
    }
    let cases: Vec<serde_json::Value> = cases.iter().map(|c| (*c).into()).collect();
    let _ = write!(line, ",\"cases\":{}}}", serde_json::Value::from(cases));
    line
}
