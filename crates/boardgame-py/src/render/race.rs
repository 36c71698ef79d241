//! Parchís and Cờ cá ngựa, drawn alike: the shared track as a ring of squares (the first at
//! the top, clockwise), each colour's private column from its track square toward the
//! centre, Cờ cá ngựa's inner ring inside them, each colour's nest outside the ring beside
//! its exit square, and the pieces that are home in the centre. The die (or dice) in the
//! top-left corner.

use core::f64::consts::{FRAC_PI_2, TAU};

use boardgame_core::{Game, Seat, Turn};
use co_ca_ngua::{CoCaNgua, SquareKind};
use parchis::board::{HOME_LEN, TRACK_LEN};
use parchis::{Colour, Loc, Parchis};

use super::{Canvas, INK, Rgb, SEAT_COLOURS, SQUARE};

/// The picture's side.
pub(crate) const SIDE: usize = 320;
/// The centre.
const CENTRE: f64 = SIDE as f64 / 2.0;
/// The track ring's radius.
pub(crate) const RING: f64 = 118.0;
/// The nests' radius (outside the ring).
pub(crate) const NEST: f64 = 142.0;
/// A column square's distance from the next.
const STEP: f64 = 12.0;
/// The inner ring's radius (Cờ cá ngựa).
const INNER: f64 = 30.0;
/// A piece's radius.
pub(crate) const PIECE: i64 = 5;
/// A square's radius.
pub(crate) const CELL: i64 = 4;

/// Where a piece is drawn, given by track squares (0-based, of a track of `len`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Place {
    /// In the nest beside track square `exit`.
    Nest { exit: u32, len: u32 },
    /// On track square `index`.
    Track { index: u32, len: u32 },
    /// On square `index` of the column that starts beside track square `from`.
    Column { from: u32, len: u32, index: u32 },
    /// On square `index` of the inner ring of `ring` squares.
    Inner { index: u32, ring: u32 },
    /// Home, in the centre, on the side of track square `from`.
    Centre { from: u32, len: u32 },
}

/// The angle of track square `index` of `len`: the first at the top, clockwise on screen.
fn angle(index: u32, len: u32) -> f64 {
    -FRAC_PI_2 + TAU * f64::from(index) / f64::from(len.max(1))
}

/// The point at `radius` from the centre in the direction `angle`.
pub(crate) fn polar(angle: f64, radius: f64) -> (i64, i64) {
    (
        (CENTRE + radius * angle.cos()).round() as i64,
        (CENTRE + radius * angle.sin()).round() as i64,
    )
}

impl Place {
    /// The place's centre, and the direction along which more pieces there are drawn.
    pub(crate) fn point(self) -> ((i64, i64), f64) {
        match self {
            Place::Nest { exit, len } => {
                let a = angle(exit, len);
                (polar(a, NEST), a + FRAC_PI_2)
            }
            Place::Track { index, len } => {
                let a = angle(index, len);
                (polar(a, RING), a)
            }
            Place::Column { from, len, index } => {
                let a = angle(from, len);
                (
                    polar(a, RING - 16.0 - STEP * f64::from(index)),
                    a + FRAC_PI_2,
                )
            }
            Place::Inner { index, ring } => {
                let a = angle(index, ring);
                (polar(a, INNER), a)
            }
            Place::Centre { from, len } => {
                let a = angle(from, len);
                (polar(a, 10.0), a + FRAC_PI_2)
            }
        }
    }
}

/// A board to draw: the track's length, each colour's column (where it starts, how long),
/// the inner ring's length (0 for none).
struct Layout {
    track: u32,
    columns: Vec<(u32, u32)>,
    inner: u32,
}

/// Draws the board of `layout`, the `pieces` (a colour and a place each), the dice and who
/// moves.
fn paint(layout: &Layout, pieces: &[(Rgb, Place)], dice: &[u8], mover: Option<Rgb>) -> Canvas {
    let mut canvas = Canvas::new(SIDE, SIDE);
    // A square is drawn as a ringed disc: the track's squares stay apart all round the ring.
    let cell = |canvas: &mut Canvas, (x, y): (i64, i64)| {
        canvas.disc(x, y, CELL, INK);
        canvas.disc(x, y, CELL - 1, SQUARE);
    };
    for index in 0..layout.track {
        let len = layout.track;
        cell(&mut canvas, Place::Track { index, len }.point().0);
    }
    for &(from, length) in &layout.columns {
        for index in 0..length {
            let len = layout.track;
            cell(&mut canvas, Place::Column { from, len, index }.point().0);
        }
    }
    for index in 0..layout.inner {
        cell(
            &mut canvas,
            Place::Inner {
                index,
                ring: layout.inner,
            }
            .point()
            .0,
        );
    }
    canvas.frame(CENTRE as i64 - 16, CENTRE as i64 - 16, 33, 33, INK);
    // A second piece on the same place is drawn beside the first.
    let mut drawn: Vec<Place> = Vec::new();
    for &(colour, place) in pieces {
        let before = drawn.iter().filter(|&&p| p == place).count() as f64;
        drawn.push(place);
        let ((x, y), along) = place.point();
        let (x, y) = if let Place::Nest { .. } = place {
            // A nest holds its pieces in a 2 × 2 square (a fifth and more on top).
            let (dx, dy) = [(-1, -1), (1, -1), (-1, 1), (1, 1)][before as usize % 4];
            (x + dx * (PIECE + 1), y + dy * (PIECE + 1))
        } else {
            // The first on the place, then 1, -1, 2, -2, … piece widths away.
            let k = ((before + 1.0) / 2.0).floor();
            let shift = if before % 2.0 == 1.0 { k } else { -k };
            let offset = shift * (2 * PIECE) as f64 * 0.8;
            (
                x + (offset * along.cos()).round() as i64,
                y + (offset * along.sin()).round() as i64,
            )
        };
        canvas.piece(x, y, PIECE, colour);
    }
    for (k, &value) in dice.iter().enumerate() {
        canvas.die(10 + 34 * k as i64, 12, 28, value);
    }
    canvas.mover_bar(mover);
    canvas
}

/// The colour of a Parchís colour.
fn parchis_colour(colour: Colour) -> Rgb {
    match colour {
        Colour::Red => SEAT_COLOURS[0],
        Colour::Blue => SEAT_COLOURS[1],
        Colour::Yellow => SEAT_COLOURS[2],
        Colour::Green => SEAT_COLOURS[3],
    }
}

/// The picture of a Parchís state: colour `c` (yellow, blue, red, green) leaves its nest on
/// track square `5 + 17 c` and turns into its home column after square `68 + 17 c`.
pub(crate) fn parchis(state: &Parchis) -> Canvas {
    let len = u32::from(TRACK_LEN);
    let quarter = len / 4;
    let entry = |c: u32| (len - 1 + c * quarter) % len;
    let layout = Layout {
        track: len,
        columns: (0..4).map(|c| (entry(c), u32::from(HOME_LEN))).collect(),
        inner: 0,
    };
    let mut pieces = Vec::new();
    for &colour in state.colours() {
        let c = colour as u32;
        let rgb = parchis_colour(colour);
        for loc in state.pieces(colour).into_iter().flatten() {
            let place = match loc {
                Loc::Nest => Place::Nest {
                    exit: 4 + c * quarter,
                    len,
                },
                Loc::Track(s) => Place::Track {
                    index: u32::from(s) - 1,
                    len,
                },
                Loc::Home(h) => Place::Column {
                    from: entry(c),
                    len,
                    index: u32::from(h) - 1,
                },
                Loc::Goal => Place::Centre {
                    from: entry(c),
                    len,
                },
            };
            pieces.push((rgb, place));
        }
    }
    let dice: Vec<u8> = state.die().map(|d| d.value()).into_iter().collect();
    let mover = match state.turn() {
        Turn::Player(seat) => Some(parchis_colour(state.colour_of(seat))),
        _ => None,
    };
    paint(&layout, &pieces, &dice, mover)
}

/// The picture of a Cờ cá ngựa state: the board's own layout (track, lanes, inner ring),
/// colour `c` of the four (clockwise) in the seat colours' order.
pub(crate) fn co_ca_ngua(state: &CoCaNgua) -> Canvas {
    let board = state.board();
    let len = u32::from(board.layout().track_len);
    let track_index = |colour: usize, progress: u8| match board.kind_at(colour, progress) {
        SquareKind::Track(k) => u32::from(k),
        _ => 0,
    };
    let exit = |c: usize| track_index(c, 1);
    let mouth = |c: usize| track_index(c, board.mouth());
    let lane = u32::from(board.layout().lane_len);
    let layout = Layout {
        track: len,
        columns: (0..4).map(|c| (mouth(c), lane + 1)).collect(),
        inner: u32::from(board.layout().ring_len),
    };
    let mut pieces = Vec::new();
    for s in 0..state.num_seats() {
        let seat = Seat::new(s);
        let c = usize::from(state.colour(seat));
        let rgb = SEAT_COLOURS[c % 4];
        for &progress in state.pieces(seat) {
            let place = if progress == 0 {
                Place::Nest { exit: exit(c), len }
            } else {
                match board.kind_at(c, progress) {
                    SquareKind::Track(k) => Place::Track {
                        index: u32::from(k),
                        len,
                    },
                    SquareKind::Lane { colour, index } => Place::Column {
                        from: mouth(usize::from(colour)),
                        len,
                        index: u32::from(index),
                    },
                    SquareKind::Destination(colour) => Place::Column {
                        from: mouth(usize::from(colour)),
                        len,
                        index: lane,
                    },
                    SquareKind::Ring(k) => Place::Inner {
                        index: u32::from(k),
                        ring: u32::from(board.layout().ring_len),
                    },
                    SquareKind::Spoke { colour, .. } => Place::Centre {
                        from: mouth(usize::from(colour)),
                        len,
                    },
                    SquareKind::Centre => Place::Centre {
                        from: mouth(c),
                        len,
                    },
                }
            };
            pieces.push((rgb, place));
        }
    }
    let dice: Vec<u8> = match state.roll() {
        Some(roll) => match (roll.single(), roll.pair()) {
            (Some(die), _) => vec![die.value()],
            (None, Some(pair)) => vec![pair.low().value(), pair.high().value()],
            (None, None) => Vec::new(),
        },
        None => Vec::new(),
    };
    let mover = match state.turn() {
        Turn::Player(seat) => Some(SEAT_COLOURS[usize::from(state.colour(seat)) % 4]),
        _ => None,
    };
    paint(&layout, &pieces, &dice, mover)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_squares_of_the_longest_track_fit_the_picture_without_overlapping() {
        let len = u32::from(TRACK_LEN);
        let points: Vec<(i64, i64)> = (0..len)
            .map(|index| Place::Track { index, len }.point().0)
            .collect();
        for (i, &(x, y)) in points.iter().enumerate() {
            let (nx, ny) = points[(i + 1) % points.len()];
            // Two squares' discs, with a pixel between them.
            let apart = (((x - nx).pow(2) + (y - ny).pow(2)) as f64).sqrt();
            assert!(apart >= (2 * CELL + 2) as f64, "{i}: {x},{y} {nx},{ny}");
        }
        for exit in 0..len {
            let ((x, y), _) = Place::Nest { exit, len }.point();
            let reach = NEST as i64 + 2 * PIECE + 2;
            assert!(
                reach < SIDE as i64 / 2
                    && (0..SIDE as i64).contains(&x)
                    && (0..SIDE as i64).contains(&y)
            );
        }
        // A home column of 7 stays outside the centre's square (16 pixels from the centre).
        let ((x, y), _) = Place::Column {
            from: 0,
            len,
            index: u32::from(HOME_LEN) - 1,
        }
        .point();
        assert!((y - CENTRE as i64).abs() > 16 || (x - CENTRE as i64).abs() > 16);
    }
}
