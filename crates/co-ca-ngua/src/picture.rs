//! The human picture of a position (`format!("{state:#}")`).
//!
//! The outer track is drawn as the border of a square, clockwise from the top-left corner
//! (track square 0), when its length is a multiple of 4, else as one row. Pieces are shown
//! by seat digit; empty special squares by letter: `E` exit, `K` shortcut circle, `M` lane
//! mouth. Lanes, spokes, the inner ring, the centre and the nests follow as rows.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write as _};

use boardgame_core::Game;

use crate::board::{Square, SquareKind};
use crate::state::{CoCaNgua, Phase};

fn occupants(state: &CoCaNgua, square: Square) -> String {
    let board = state.board();
    let mut text = String::new();
    for s in 0..state.num_seats() {
        let colour = usize::from(state.colours[s]);
        for &p in state.own(s) {
            if p != 0 && board.square(colour, p) == square {
                let _ = write!(text, "{s}");
            }
        }
    }
    text
}

fn track_cell(state: &CoCaNgua, index: usize) -> String {
    let board = state.board();
    let square = Square(index as u8);
    let pieces = occupants(state, square);
    if !pieces.is_empty() {
        return pieces;
    }
    let layout = board.layout();
    let at = |c: usize, offset: u8| {
        (c * usize::from(layout.quadrant) + usize::from(offset)) % usize::from(layout.track_len)
    };
    let is = |offset: u8| (0..crate::board::NUM_COLOURS).any(|c| at(c, offset) == index);
    // Exits first, then shortcut circles, then mouths (they can coincide on small boards).
    let mark = if is(0) {
        "E"
    } else if is(layout.shortcut_at) {
        "K"
    } else if is(layout.mouth_at) {
        "M"
    } else {
        "."
    };
    mark.into()
}

fn row(state: &CoCaNgua, squares: impl Iterator<Item = Square>) -> String {
    let mut text = String::new();
    for square in squares {
        let pieces = occupants(state, square);
        let _ = write!(
            text,
            " {:>2}",
            if pieces.is_empty() { "." } else { &pieces }
        );
    }
    text
}

pub(crate) fn draw(state: &CoCaNgua, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let board = state.board();
    let track = usize::from(board.layout().track_len);
    if track % 4 == 0 && track >= 8 {
        let side = track / 4;
        let mut grid = alloc::vec![alloc::vec![String::new(); side + 1]; side + 1];
        for i in 0..track {
            let (r, c) = match i / side {
                0 => (0, i),
                1 => (i - side, side),
                2 => (side, 3 * side - i),
                _ => (4 * side - i, 0),
            };
            grid[r][c] = track_cell(state, i);
        }
        for line in &grid {
            let mut text = String::new();
            for cell in line {
                let _ = write!(text, " {cell:>2}");
            }
            writeln!(f, "{}", text.trim_end())?;
        }
    } else {
        let cells: Vec<String> = (0..track).map(|i| track_cell(state, i)).collect();
        writeln!(f, "track: {}", cells.join(" "))?;
    }
    let kinds = |pred: &dyn Fn(SquareKind) -> bool| {
        (0..board.num_squares() as u8)
            .map(Square)
            .filter(move |&s| pred(board.kind(s)))
            .collect::<Vec<_>>()
    };
    for s in 0..state.num_seats() {
        let colour = state.colours[s];
        let nest = state.own(s).iter().filter(|&&p| p == 0).count();
        let lane = kinds(&|k| matches!(k, SquareKind::Lane { colour: c, .. } if c == colour));
        let spoke = kinds(&|k| matches!(k, SquareKind::Spoke { colour: c, .. } if c == colour));
        writeln!(
            f,
            "seat {s} (colour {colour}, exit T{}): nest {nest} | lane{} | spoke{}",
            usize::from(colour) * usize::from(board.layout().quadrant),
            row(state, lane.into_iter()),
            row(state, spoke.into_iter()),
        )?;
    }
    let ring = kinds(&|k| matches!(k, SquareKind::Ring(_)));
    writeln!(f, "ring R0..:{}", row(state, ring.into_iter()))?;
    let centre = kinds(&|k| k == SquareKind::Centre);
    writeln!(f, "centre: {}", occupants(state, centre[0]))?;
    match state.phase {
        Phase::RollOff(r) => write!(f, "roll-off for the first turn (lowest starts): {r}")?,
        Phase::Roll(seat) => write!(f, "seat {seat} rolls")?,
        Phase::Move(seat, roll) => {
            let dice = if state.two_dice { "dice" } else { "die" };
            write!(
                f,
                "seat {seat} moves {} ({dice} {roll})",
                state.steps(seat, roll)
            )?;
        }
        Phase::Won(seat) => write!(f, "seat {seat} won")?,
        Phase::Drawn => f.write_str("drawn by the length guard")?,
    }
    if state.sixes > 0 {
        write!(f, "; sixes in a row: {}", state.sixes)?;
    }
    write!(f, "; rolls {}", state.rolls)
}
