//! Thax: seat 0's spaces along the top and seat 1's along the bottom, numbers 1 to 10 from
//! left to right; in each number's column a block per space, filled with the side's colour if
//! it is covered and left plain if not. Between them the dice and one coin per point of the
//! pot (at most 40 shown).

use boardgame_core::{Game, Seat, Turn};
use thax::{MAX_NUMBER, Thax};

use super::{Canvas, INK, SEAT_COLOURS, SQUARE};

/// A number's column width.
pub(crate) const COLUMN: i64 = 28;
/// The margin around the picture.
const MARGIN: i64 = 16;
/// The height of a side's row of columns.
pub(crate) const ROW: i64 = 84;
/// The top of each side's row.
pub(crate) const ROW_TOP: [i64; 2] = [MARGIN, MARGIN + ROW + 72];
/// The picture's size.
pub(crate) const WIDTH: usize = (2 * MARGIN + MAX_NUMBER as i64 * COLUMN) as usize;
pub(crate) const HEIGHT: usize = (ROW_TOP[1] + ROW + MARGIN) as usize;
/// A space's block height (a column holds up to `ROW / BLOCK` spaces in full).
pub(crate) const BLOCK: i64 = 12;

/// The picture of `state`.
pub(crate) fn draw(state: &Thax) -> Canvas {
    let mut canvas = Canvas::new(HEIGHT, WIDTH);
    for side in 0..2 {
        let seat = Seat::new(side);
        let top = ROW_TOP[side];
        for n in 1..=MAX_NUMBER {
            let x = MARGIN + i64::from(n - 1) * COLUMN;
            canvas.frame(x, top, COLUMN, ROW, INK);
            let covered = i64::from(state.covered(seat, n));
            let uncovered = i64::from(state.uncovered(seat, n));
            let block = BLOCK.min((ROW - 4) / (covered + uncovered).max(1));
            for k in 0..covered + uncovered {
                let fill = if k < covered {
                    SEAT_COLOURS[side]
                } else {
                    SQUARE
                };
                let y = top + 2 + k * block;
                canvas.rect(x + 3, y, COLUMN - 6, block - 2, fill);
                canvas.frame(x + 3, y, COLUMN - 6, block - 2, INK);
            }
        }
    }
    let middle = ROW_TOP[0] + ROW + 18;
    if let Some(dice) = state.dice() {
        canvas.die(MARGIN, middle, 36, dice.low().value());
        canvas.die(MARGIN + 44, middle, 36, dice.high().value());
    }
    let coins = i64::from(state.pot().min(40) as u8);
    for k in 0..coins {
        let (x, y) = (MARGIN + 104 + (k % 20) * 9, middle + 8 + (k / 20) * 16);
        canvas.piece(x, y, 4, [220, 190, 60]);
    }
    canvas.mover_bar(match state.turn() {
        Turn::Player(seat) => Some(SEAT_COLOURS[seat.index()]),
        _ => None,
    });
    canvas
}
