//! Ataxx: the 7 × 7 board (rank 1 at the bottom, file a on the left), its gaps in ink, `x`'s
//! stones red and `o`'s blue.

use ataxx::{Ataxx, Color, Square};
use boardgame_core::{Game, Turn};

use super::{Canvas, INK, SEAT_COLOURS, SQUARE};

/// The side of a square, in pixels.
pub(crate) const CELL: i64 = 32;
/// The margin around the board.
pub(crate) const MARGIN: i64 = 16;
/// The picture's side: 256 pixels.
pub(crate) const SIDE: usize = (2 * MARGIN + 7 * CELL) as usize;

/// The corner of `square`'s cell.
pub(crate) fn corner(square: Square) -> (i64, i64) {
    (
        MARGIN + i64::from(square.file()) * CELL,
        MARGIN + (6 - i64::from(square.rank())) * CELL,
    )
}

/// The picture of `state`.
pub(crate) fn draw(state: &Ataxx) -> Canvas {
    let mut canvas = Canvas::new(SIDE, SIDE);
    for square in Square::all() {
        let (x, y) = corner(square);
        let fill = if state.blocked().contains(square) {
            INK
        } else {
            SQUARE
        };
        canvas.rect(x, y, CELL, CELL, fill);
        canvas.frame(x, y, CELL, CELL, INK);
        for (color, colour) in [(Color::X, SEAT_COLOURS[0]), (Color::O, SEAT_COLOURS[1])] {
            if state.pieces(color).contains(square) {
                canvas.piece(x + CELL / 2, y + CELL / 2, CELL / 2 - 4, colour);
            }
        }
    }
    canvas.mover_bar(match state.turn() {
        Turn::Player(seat) => Some(SEAT_COLOURS[seat.index()]),
        _ => None,
    });
    canvas
}
