//! One input line of the protocol, parsed into a [`Command`].

use boardgame_io::quote;

/// The parameters of `go`, in any order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Go {
    /// `btime`: the clock of `x` (Black, the first player), in ms.
    pub(crate) btime: Option<u64>,
    /// `wtime`: the clock of `o`, in ms.
    pub(crate) wtime: Option<u64>,
    /// `binc`: `x`'s increment, in ms.
    pub(crate) binc: Option<u64>,
    /// `winc`: `o`'s increment, in ms.
    pub(crate) winc: Option<u64>,
    /// `movestogo`: moves until the next time control.
    pub(crate) movestogo: Option<u64>,
    /// `movetime`: exactly this long for this move, in ms.
    pub(crate) movetime: Option<u64>,
    /// `depth`: plies.
    pub(crate) depth: Option<u32>,
    /// `nodes`: the node budget.
    pub(crate) nodes: Option<u64>,
    /// `infinite`: search until `stop`.
    pub(crate) infinite: bool,
    /// A time parameter (clock, increment, moves to go, move time) had a value that is not
    /// a number of ms: the search then gets a fallback budget, never an unlimited one.
    pub(crate) bad_time: bool,
}

impl Go {
    /// Whether nothing limits the search (a bare `go` is `go infinite`; a `go` whose time
    /// could not be read is not).
    pub(crate) fn is_unlimited(&self) -> bool {
        !self.bad_time
            && self.btime.is_none()
            && self.wtime.is_none()
            && self.movetime.is_none()
            && self.depth.is_none()
            && self.nodes.is_none()
    }
}

/// A protocol command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Command {
    /// `uai`: identify and list the options.
    Uai,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `uainewgame`: forget the table and history.
    NewGame,
    /// `setoption name <name> value <value>`.
    SetOption {
        /// The option name (may contain spaces).
        name: String,
        /// The value (may be empty).
        value: String,
    },
    /// A `position` command that cannot be read (the message): there is no position until
    /// the next good one, and a `go` before it is refused.
    BadPosition(String),
    /// A `go` that is refused (the message): no search, `bestmove 0000`.
    BadGo(String),
    /// `position startpos|fen <fen> [moves …]`; `fen: None` is the start position.
    Position {
        /// The FEN, or `None` for `startpos`.
        fen: Option<String>,
        /// The moves to play from it, as written.
        moves: Vec<String>,
    },
    /// `go …`, with the parameters that could be read and complaints about the others.
    Go(Go, Vec<String>),
    /// `stop`.
    Stop,
    /// `quit`.
    Quit,
    /// `perft <depth>`.
    Perft(u32),
    /// `bench [depth]`: the fixed bench positions searched to a depth (the default when
    /// `None`).
    Bench(Option<u32>),
    /// `d`: show the position.
    Display,
    /// An empty line.
    Nothing,
    /// A line that is not a command, or a command with bad arguments (the message).
    Bad(String),
}

impl Command {
    /// Parses one line (surrounding whitespace, `\r` included, is ignored).
    pub(crate) fn parse(line: &str) -> Command {
        // A byte order mark (some Windows tools write one before the first line) is not text.
        let line = line.trim_start_matches('\u{feff}');
        let mut tokens = line.split_whitespace();
        let Some(head) = tokens.next() else {
            return Command::Nothing;
        };
        let rest: Vec<&str> = tokens.collect();
        match head {
            "uai" => Command::Uai,
            "isready" => Command::IsReady,
            "uainewgame" => Command::NewGame,
            "setoption" => parse_setoption(&rest),
            "position" => parse_position(&rest),
            "go" => parse_go(&rest),
            "stop" => Command::Stop,
            "quit" => Command::Quit,
            "perft" => parse_perft(&rest),
            "bench" => match rest.as_slice() {
                [] => Command::Bench(None),
                [depth] => match depth.parse::<u32>() {
                    Ok(depth) => Command::Bench(Some(depth)),
                    Err(_) => Command::Bad(format!(
                        "bench takes a depth, not {}: bench [<depth>]",
                        quote(depth)
                    )),
                },
                [_, extra, ..] => Command::Bad(format!(
                    "bench takes one depth, then nothing (not {}): bench [<depth>]",
                    quote(extra)
                )),
            },
            "d" => Command::Display,
            _ => Command::Bad(format!("unknown command {}", quote(head))),
        }
    }
}

/// The deepest `perft` accepted (depth 12 from the start already takes hours; `stop` ends
/// any of them).
pub(crate) const MAX_PERFT_DEPTH: u32 = 20;

fn parse_perft(rest: &[&str]) -> Command {
    let (text, extra) = match rest {
        [] => return Command::Bad("perft needs a depth: perft <depth>".into()),
        [text] => (text, None),
        [text, extra, ..] => (text, Some(extra)),
    };
    if let Some(extra) = extra {
        return Command::Bad(format!(
            "perft takes one depth, then nothing (not {}): perft <depth>",
            quote(extra)
        ));
    }
    let is_number = text.strip_prefix('-').unwrap_or(text);
    if is_number.is_empty() || !is_number.bytes().all(|b| b.is_ascii_digit()) {
        return Command::Bad(format!(
            "perft needs a depth, not {}: perft <depth>",
            quote(text)
        ));
    }
    match text.parse::<u32>() {
        Ok(depth) if depth <= MAX_PERFT_DEPTH => Command::Perft(depth),
        _ => Command::Bad(format!(
            "perft depth {} is out of range: 0..={MAX_PERFT_DEPTH}",
            quote(text)
        )),
    }
}

fn parse_setoption(rest: &[&str]) -> Command {
    if rest.first() != Some(&"name") {
        return Command::Bad("setoption name <name> value <value>".into());
    }
    let value_at = rest.iter().position(|&t| t == "value");
    let name_end = value_at.unwrap_or(rest.len());
    let name = rest[1..name_end].join(" ");
    let value = value_at.map_or_else(String::new, |at| rest[at + 1..].join(" "));
    if name.is_empty() {
        return Command::Bad("setoption without an option name".into());
    }
    Command::SetOption { name, value }
}

fn parse_position(rest: &[&str]) -> Command {
    let moves_at = rest.iter().position(|&t| t == "moves");
    let setup = &rest[..moves_at.unwrap_or(rest.len())];
    let moves = moves_at.map_or_else(Vec::new, |at| {
        rest[at + 1..].iter().map(|m| (*m).to_string()).collect()
    });
    match setup {
        ["startpos"] => Command::Position { fen: None, moves },
        ["fen", fields @ ..] if !fields.is_empty() => Command::Position {
            fen: Some(fields.join(" ")),
            moves,
        },
        _ => Command::BadPosition(
            "a position is `position startpos|fen <fen> [moves <move>…]`".into(),
        ),
    }
}

fn parse_go(rest: &[&str]) -> Command {
    let mut go = Go::default();
    let mut complaints = Vec::new();
    let mut tokens = rest.iter();
    while let Some(&key) = tokens.next() {
        if key == "infinite" {
            go.infinite = true;
            continue;
        }
        if key == "ponder" {
            complaints.push("ponder is not supported; searching normally".into());
            continue;
        }
        // UCI's `mate N` (clients built from UCI code send it): a search for a mate would
        // otherwise be a search until `stop` (issue 52, defect 7).
        if key == "mate" {
            return Command::BadGo(
                "go mate is not supported (Ataxx has no mate); no search: give depth, nodes, movetime or a clock"
                    .into(),
            );
        }
        let slot_u64 = match key {
            "btime" => Some(&mut go.btime),
            "wtime" => Some(&mut go.wtime),
            "binc" => Some(&mut go.binc),
            "winc" => Some(&mut go.winc),
            "movestogo" => Some(&mut go.movestogo),
            "movetime" => Some(&mut go.movetime),
            "nodes" => Some(&mut go.nodes),
            "depth" => None,
            _ => {
                complaints.push(format!("unknown go parameter {} ignored", quote(key)));
                continue;
            }
        };
        let value = tokens.next();
        // A negative clock (some runners send it when the time is up) counts as zero.
        let number =
            value.and_then(|v| v.parse::<i64>().ok().map(|n| u64::try_from(n).unwrap_or(0)));
        let shown = value.map_or_else(|| "nothing".to_string(), |v| quote(v).to_string());
        match (slot_u64, number) {
            (Some(slot), Some(n)) => *slot = Some(n),
            (None, Some(n)) => go.depth = Some(u32::try_from(n).unwrap_or(u32::MAX).max(1)),
            // A search limited by nothing else would run until `stop`: refused instead.
            (_, None) if key == "depth" || key == "nodes" => {
                return Command::BadGo(format!(
                    "go {key} needs a whole number, not {shown}; no search"
                ));
            }
            (_, None) => {
                go.bad_time = true;
                complaints.push(format!(
                    "go {key} needs a whole number in range, not {shown}"
                ));
            }
        }
    }
    // Only unknown words and nothing that limits the search: the client asked for some limit
    // the engine does not know, not for a search until `stop` (a bare `go` or `go infinite`).
    if !complaints.is_empty() && go.is_unlimited() && !go.infinite && !rest.contains(&"ponder") {
        return Command::BadGo(format!(
            "{}; no limit left, so no search (`go infinite` searches until stop)",
            complaints.join("; ")
        ));
    }
    Command::Go(go, complaints)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_parameters_parse_in_any_order() {
        let Command::Go(a, none) = Command::parse("go wtime 900 btime 1000 winc 50 binc 40") else {
            panic!("a go command")
        };
        assert!(none.is_empty());
        let Command::Go(b, _) = Command::parse("go binc 40 winc 50 btime 1000 wtime 900") else {
            panic!("a go command")
        };
        assert_eq!(a, b);
        assert_eq!(
            (a.btime, a.wtime, a.binc, a.winc),
            (Some(1000), Some(900), Some(40), Some(50))
        );
        let Command::Go(c, _) =
            Command::parse("go movestogo 5 infinite depth 7 nodes 99 movetime 3")
        else {
            panic!("a go command")
        };
        assert!(c.infinite);
        assert_eq!(
            (c.movestogo, c.depth, c.nodes, c.movetime),
            (Some(5), Some(7), Some(99), Some(3))
        );
        assert!(Go::default().is_unlimited());
    }

    #[test]
    fn bad_go_values_are_reported_and_skipped() {
        let Command::Go(go, complaints) = Command::parse("go nodes 5 foo btime -20") else {
            panic!("a go command")
        };
        assert_eq!(go.nodes, Some(5));
        assert_eq!(go.btime, Some(0));
        assert_eq!(complaints.len(), 1, "{complaints:?}");
        assert!(!go.bad_time);
    }

    /// Issue 44, defect 20: `go depth x` and `go nodes -` were searches without a limit.
    #[test]
    fn a_go_with_an_unreadable_depth_or_node_count_is_refused() {
        for line in [
            "go depth x",
            "go nodes -",
            "go depth",
            "go movetime 100 nodes 1e9",
        ] {
            assert!(
                matches!(Command::parse(line), Command::BadGo(m) if m.contains("no search")),
                "{line}"
            );
        }
    }

    /// Issue 52, defect 7: `go mate 3` (a UCI limit) was an unlimited search; so was a `go`
    /// whose only limit was unknown.
    #[test]
    fn a_go_with_mate_or_only_unknown_limits_is_refused() {
        for line in [
            "go mate 3",
            "go mate",
            "go nodes 100 mate 3",
            "go foo",
            "go foo 3",
        ] {
            assert!(
                matches!(Command::parse(line), Command::BadGo(m) if m.contains("no search")),
                "{line}"
            );
        }
        for line in ["go", "go infinite", "go infinite foo", "go depth 3 foo"] {
            assert!(matches!(Command::parse(line), Command::Go(..)), "{line}");
        }
    }

    /// Issue 44, cosmetic: `perft 3 junk` ran perft 3, and a byte order mark made `uai`
    /// unknown.
    #[test]
    fn extra_words_after_perft_or_bench_are_refused_and_a_byte_order_mark_is_skipped() {
        for line in ["perft 3 junk", "bench 3 4"] {
            assert!(
                matches!(Command::parse(line), Command::Bad(m) if m.contains("then nothing")),
                "{line}"
            );
        }
        assert_eq!(Command::parse("\u{feff}uai"), Command::Uai);
    }

    #[test]
    fn an_unreadable_time_is_not_an_unlimited_search() {
        for line in [
            "go movetime abc",
            "go btime 99999999999999999999999",
            "go wtime",
            "go binc x",
        ] {
            let Command::Go(go, complaints) = Command::parse(line) else {
                panic!("a go command")
            };
            assert!(go.bad_time, "{line}");
            assert!(!go.is_unlimited(), "{line}");
            assert_eq!(complaints.len(), 1, "{line}: {complaints:?}");
        }
    }

    #[test]
    fn position_takes_startpos_or_a_fen_and_moves() {
        assert_eq!(
            Command::parse("position startpos moves g2 a1c3\r"),
            Command::Position {
                fen: None,
                moves: vec!["g2".into(), "a1c3".into()]
            }
        );
        assert_eq!(
            Command::parse("position fen x5o/7/7/7/7/7/o5x o 3 7"),
            Command::Position {
                fen: Some("x5o/7/7/7/7/7/o5x o 3 7".into()),
                moves: vec![]
            }
        );
        assert!(matches!(
            Command::parse("position"),
            Command::BadPosition(_)
        ));
        assert!(matches!(
            Command::parse("position fen"),
            Command::BadPosition(_)
        ));
    }

    #[test]
    fn setoption_names_and_values_may_have_spaces() {
        assert_eq!(
            Command::parse("setoption name Move Overhead value 100"),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: "100".into()
            }
        );
        assert_eq!(
            Command::parse("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: String::new()
            }
        );
    }

    #[test]
    fn other_lines() {
        assert_eq!(Command::parse("  "), Command::Nothing);
        assert_eq!(Command::parse("perft 3"), Command::Perft(3));
        assert!(matches!(Command::parse("perft"), Command::Bad(_)));
        for out_of_range in ["perft -1", "perft 21", "perft 99999999999"] {
            assert!(
                matches!(Command::parse(out_of_range), Command::Bad(m) if m.contains("out of range")),
                "{out_of_range}"
            );
        }
        assert!(matches!(Command::parse("xyzzy"), Command::Bad(_)));
        assert_eq!(Command::parse("isready\r"), Command::IsReady);
    }
}
