//! The built-in suite of `perft-diff`: positions after the start position in which every
//! rule of Ataxx is reached within a few plies, so that a comparison from the start
//! position alone (where nine rules never come up at depth 4) cannot say "agree" for a
//! generator that gets one of them wrong.
//!
//! Each position is small (mostly blocked squares, a few empty ones), so a generator as
//! slow as a Python one counts the whole suite at depth 4 in a few seconds. No position is
//! over at its root: some engines' divide commands list moves in a finished position
//! (docs/perft-diff.md), and the suite should test rules, not that quirk. The same list is
//! in `vectors/ataxx/perft-diff-suite.jsonl` for tools in other languages.

use std::fmt::Write as _;

use ataxx::{Ataxx, AtaxxConfig};
use boardgame_core::Game;

use super::{Step, Verdict, json_report, text_report};
use crate::error::{CliError, print_line, print_text};

/// One position of the suite.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry {
    /// A short name, printed when the position shows a difference.
    pub(crate) name: &'static str,
    /// The position.
    pub(crate) fen: &'static str,
    /// The rules it reaches, in words.
    pub(crate) reaches: &'static str,
    /// The smallest depth at which a bug in those rules changes a count (measured with the
    /// planted bugs of the test generator, `tests/it/perft_diff.rs`).
    pub(crate) depth: u32,
}

/// The suite, in the order it is compared: the cheapest checks of the commonest rules first.
pub(crate) const SUITE: [Entry; 10] = [
    Entry {
        name: "blockers",
        fen: "x-1-1-o/-1---1-/7/7/7/-1---1-/o-1-1-x x 0 1",
        reaches: "clones and jumps next to blocked squares, onto them (illegal) and over them (legal)",
        depth: 1,
    },
    Entry {
        name: "edges",
        fen: "o1x1-1x/2---1-/x-----1/1-----o/o-----1/-1---2/x1o1-1o x 0 1",
        reaches: "moves along all four edges and round the corners, flips into every corner and \
                  along the edges, pieces on the a- and g-files next to each other's ranks",
        depth: 2,
    },
    Entry {
        name: "forced-pass",
        fen: "-------/-------/-------/---2--/---1---/oo-----/xo----- x 0 1",
        reaches: "a pass (0000) forced at the root, then play that frees the passing side",
        depth: 1,
    },
    Entry {
        name: "no-moves",
        fen: "------o/-------/-------/-------/-------/-------/x2---- x 0 1",
        reaches: "passes of a walled-in side, then the end when neither side can move with \
                  empty squares left",
        depth: 4,
    },
    Entry {
        name: "full-board",
        fen: "xxooxxo/oxxo-ox/xoxxoxo/ooxooxx/xxoxoox/o-xoxo1/xoox1xo x 0 1",
        reaches: "the end when the board fills up, flips into corners",
        depth: 3,
    },
    Entry {
        name: "no-stones",
        fen: "-------/-------/--3--/--1o1--/--1x1--/--2o--/------- x 0 1",
        reaches: "the end when a side has no stones left, by clones and by jumps",
        depth: 2,
    },
    Entry {
        name: "clock-99",
        fen: "-------/-------/---o---/-x3o-/-o3x-/---x---/------- x 99 1",
        reaches: "the 100-ply clock: a jump (capturing or not) ends the game, a clone resets it",
        depth: 2,
    },
    Entry {
        name: "clock-98",
        fen: "-------/-------/---o---/-x3o-/-o3x-/---x---/------- o 98 1",
        reaches: "the 100-ply clock reached after two jumps",
        depth: 3,
    },
    Entry {
        name: "clock-97",
        fen: "-------/-------/---o---/-x3o-/-o3x-/---x---/------- x 97 1",
        reaches: "the 100-ply clock reached after three jumps",
        depth: 4,
    },
    Entry {
        name: "clock-96",
        fen: "-------/-------/---o---/-x3o-/-o3x-/---x---/------- o 96 1",
        reaches: "the 100-ply clock reached after four jumps",
        depth: 5,
    },
];

/// A position to compare: its name and the position.
pub(crate) struct Position {
    /// `start`, `fen` (the one given) or the suite entry's name.
    pub(crate) name: &'static str,
    /// The suite entry, if it is one.
    pub(crate) entry: Option<&'static Entry>,
    /// The position under the rules of the command line.
    pub(crate) position: Ataxx,
}

/// The positions to compare: `root` (named `start`, or `fen` when given), then the suite
/// when `with_suite`, each under `config`.
///
/// # Errors
/// A suite position is refused by the rules (it never is: a test parses them all).
pub(crate) fn positions(
    root: Ataxx,
    given: bool,
    with_suite: bool,
    config: &AtaxxConfig,
) -> Result<Vec<Position>, CliError> {
    let mut list = vec![Position {
        name: if given { "fen" } else { "start" },
        entry: None,
        position: root,
    }];
    if with_suite {
        for entry in &SUITE {
            let position = Ataxx::from_notation(entry.fen, config)
                .map_err(|e| CliError::Data(format!("suite position {}: {e}", entry.name)))?;
            list.push(Position {
                name: entry.name,
                entry: Some(entry),
                position,
            });
        }
    }
    Ok(list)
}

/// The suite positions whose rules `depth` does not reach, as a note (none when it reaches
/// them all). Printed after the agreement it qualifies.
pub(crate) fn shallow_note(depth: u32) -> Option<String> {
    let short: Vec<String> = SUITE
        .iter()
        .filter(|e| e.depth > depth)
        .map(|e| format!("{} {}", e.name, e.depth))
        .collect();
    (!short.is_empty()).then(|| {
        format!(
            "depth {depth} does not reach the rule of {} suite position{} (the depth each needs: {})",
            short.len(),
            if short.len() == 1 { "" } else { "s" },
            short.join(", ")
        )
    })
}

/// Compares each of `positions` at `depth` with `compare`, in order, until one differs, and
/// reports as it goes: with one position (a `--fen` run, or `--no-suite`) the report of
/// docs/perft-diff.md; with the suite, one `agree:` line per position, then either the
/// difference, after a line naming the suite position that showed it, or a line saying
/// that all agree (and a note naming the positions whose rule `depth` is too shallow for). With `json`, one object at the end, with the list of positions
/// compared under `"suite"` and the name of the one reported under `"position"`.
///
/// # Errors
/// The generator failed ([`CliError::Data`]), or the generators differ
/// ([`CliError::Differ`], after the report).
pub(crate) fn compare_each(
    positions: &[Position],
    depth: u32,
    json: bool,
    mut compare: impl FnMut(&Ataxx, &mut Vec<Step>) -> Result<Verdict, CliError>,
) -> Result<(), CliError> {
    let in_suite = positions.len().saturating_sub(1);
    let mut compared = Vec::new();
    let mut start_nodes = 0;
    for (k, at) in positions.iter().enumerate() {
        let mut steps = Vec::new();
        let verdict = compare(&at.position, &mut steps)?;
        if in_suite == 0 {
            if json {
                print_line(&json_report(&at.position, depth, &steps, &verdict).to_string())?;
            } else {
                print_text(&text_report(&at.position, depth, &steps, &verdict))?;
            }
            return match verdict {
                Verdict::Agree(_) => Ok(()),
                Verdict::Differ(_) => Err(CliError::Differ),
            };
        }
        let fen = at.position.to_string();
        match verdict {
            Verdict::Agree(nodes) => {
                if k == 0 {
                    start_nodes = nodes;
                }
                compared.push(serde_json::json!({
                    "name": at.name, "fen": fen, "agree": true, "nodes": nodes,
                }));
                if !json {
                    let whose = at
                        .entry
                        .map(|e| format!(" (suite {k}/{in_suite} {})", e.name))
                        .unwrap_or_default();
                    print_line(&format!("agree: perft {depth} = {nodes} from {fen}{whose}"))?;
                }
            }
            Verdict::Differ(_) => {
                compared.push(serde_json::json!({"name": at.name, "fen": fen, "agree": false}));
                if json {
                    let mut object = json_report(&at.position, depth, &steps, &verdict);
                    object["position"] = at.name.into();
                    if let Some(entry) = at.entry {
                        object["reaches"] = entry.reaches.into();
                    }
                    object["suite"] = compared.into();
                    print_line(&object.to_string())?;
                } else {
                    if let Some(entry) = at.entry {
                        print_line(&format!(
                            "suite position {k}/{in_suite} {} differs: {fen} ({})",
                            entry.name, entry.reaches
                        ))?;
                    }
                    print_text(&text_report(&at.position, depth, &steps, &verdict))?;
                }
                return Err(CliError::Differ);
            }
        }
    }
    if json {
        let start = &positions[0].position;
        let mut object = json_report(start, depth, &[], &Verdict::Agree(start_nodes));
        object["position"] = positions[0].name.into();
        object["suite"] = compared.into();
        if let Some(note) = shallow_note(depth) {
            object["note"] = note.into();
        }
        print_line(&object.to_string())
    } else {
        print_line(&format!(
            "agree: the start position and the {in_suite} positions of the suite at depth {depth} \
             (perft-diff ataxx --suite lists them)"
        ))?;
        match shallow_note(depth) {
            Some(note) => print_line(&format!("note: {note}")),
            None => Ok(()),
        }
    }
}

/// `perft-diff ataxx --suite`: the suite, one position a line (or one JSON object a line).
///
/// # Errors
/// Standard output fails.
pub(crate) fn list(json: bool) -> Result<(), CliError> {
    let mut out = String::new();
    for (i, entry) in SUITE.iter().enumerate() {
        if json {
            let object = serde_json::json!({
                "n": i + 1, "name": entry.name, "fen": entry.fen, "depth": entry.depth,
                "reaches": entry.reaches,
            });
            let _ = writeln!(out, "{object}");
        } else {
            let _ = writeln!(
                out,
                "{:>2} {:<11} depth {}  {}\n   {}",
                i + 1,
                entry.name,
                entry.depth,
                entry.fen,
                entry.reaches
            );
        }
    }
    print_text(&out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_suite_position_is_a_canonical_fen_of_a_game_in_progress() {
        let config = AtaxxConfig::default();
        for entry in &SUITE {
            let position = Ataxx::from_notation(entry.fen, &config).expect(entry.name);
            assert_eq!(position.to_string(), entry.fen, "{}", entry.name);
            assert!(position.game_over().is_none(), "{} is over", entry.name);
            assert!((1..=5).contains(&entry.depth), "{}", entry.name);
        }
        let mut names: Vec<_> = SUITE.iter().map(|e| e.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), SUITE.len());
    }

    #[test]
    fn a_shallow_depth_names_the_positions_it_does_not_reach() {
        assert_eq!(shallow_note(5), None);
        let note = shallow_note(3).expect("a note");
        assert!(
            note.contains("3 suite positions") && note.contains("clock-96 5"),
            "{note}"
        );
    }
}
