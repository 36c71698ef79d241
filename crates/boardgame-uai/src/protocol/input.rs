//! Standard input, read by `boardgame_io::lines` on a thread of its own into a bounded queue
//! of lines: a client that writes faster than the engine reads is held back by the pipe, and
//! the engine's memory stays flat whatever it sends.

use std::sync::mpsc;

use boardgame_io::lines::{self, Line};

/// The most plies of a legal game under the engine's rules (the 100-ply clock on): at most 49
/// clones, since each adds a stone and no move removes one, and around them at most 50
/// stretches of at most 100 other plies, since the clock ends the game at 100 plies without a
/// clone (`Ataxx::max_game_length`; a test checks the two agree).
pub const MAX_GAME_PLIES: usize = 49 + 50 * 100;

/// The longest FEN: 7 ranks of 7 characters and 6 slashes, the side, and both counters at
/// their largest (5 digits each), separated by spaces.
const LONGEST_FEN: usize = 7 * 7 + 6 + 2 + 6 + 6;

/// The longest `position` line of a legal game: `position fen <FEN> moves` and a game of
/// [`MAX_GAME_PLIES`] moves of at most 4 characters (a jump, `a1c3`), each after a space:
/// 25,333 bytes.
pub const LONGEST_POSITION_LINE: usize =
    "position fen ".len() + LONGEST_FEN + " moves".len() + MAX_GAME_PLIES * 5;

/// The longest input line read, in bytes: room for [`LONGEST_POSITION_LINE`] with a `\r` and
/// some spare spaces. A longer line is skipped (and a skipped `position` makes the next `go`
/// an error).
pub const MAX_LINE: usize = 32 * 1024;

const _: () = assert!(LONGEST_POSITION_LINE + 1024 <= MAX_LINE);

/// Lines read ahead of the engine at most: with [`MAX_LINE`], about 2 MiB in flight.
pub(crate) const QUEUE_LINES: usize = 64;

/// The stdin reader: lines through a bounded queue, closed at the end of the input or after
/// a read error.
pub(crate) fn spawn_reader() -> mpsc::Receiver<Line> {
    lines::spawn_reader(std::io::stdin(), MAX_LINE, QUEUE_LINES, "uai-stdin")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::command::Command;
    use boardgame_core::Game;

    #[test]
    fn the_line_cap_holds_the_longest_legal_game() {
        let longest = ataxx::Ataxx::max_game_length(&ataxx::AtaxxConfig::default());
        assert_eq!(longest, Some(MAX_GAME_PLIES as u64));
        let fen = "xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/ooooooo o 32767 32767";
        assert_eq!(fen.len(), LONGEST_FEN);
        let line = format!("position fen {fen} moves{}", " a1c3".repeat(MAX_GAME_PLIES));
        assert_eq!(line.len(), LONGEST_POSITION_LINE);
        assert_eq!(LONGEST_POSITION_LINE, 25_333);
    }

    proptest::proptest! {
        /// Any bytes: every line read is within the cap, every message is short, and every
        /// line parses into a command without panicking.
        #[test]
        fn any_input_reads_into_short_lines_and_commands(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..10_000),
            long in 0usize..3,
        ) {
            let mut input = bytes.clone();
            input.extend(vec![b'p'; long * MAX_LINE]);
            input.extend_from_slice(&bytes);
            let mut reader = input.as_slice();
            while let Some(line) = lines::read_line(&mut reader, MAX_LINE).unwrap() {
                match line {
                    Line::Text(text) => {
                        proptest::prop_assert!(text.len() <= MAX_LINE);
                        if let Command::Bad(message) = Command::parse(&text) {
                            proptest::prop_assert!(message.len() < 200, "{}", message);
                        }
                    }
                    Line::Skipped { why, .. } => proptest::prop_assert!(why.len() < 200, "{}", why),
                }
            }
        }
    }
}
