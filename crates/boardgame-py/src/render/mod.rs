//! `rgb_array` pictures of the boards, drawn here for Python (Gymnasium's `render()`): an
//! `H × W × 3` array of `u8`, row-major. The rules crates stay free of drawing: each game's
//! picture reads the state through the rules crate's public accessors, as its observation does.
//!
//! - [`ataxx`]: the 7 × 7 board, its gaps, and the stones;
//! - [`thax`]: both sides' spaces 1 to 10 (covered and uncovered), the dice and the pot;
//! - [`race`]: Parchís and Cờ cá ngựa as a ring of track squares with each colour's column
//!   toward the centre, the nests outside the ring, the pieces home in the centre, the die.
//!
//! Every picture shows the seat to move as a bar of its colour along the top edge.

pub(crate) mod ataxx;
pub(crate) mod race;
pub(crate) mod thax;

/// An RGB colour.
pub(crate) type Rgb = [u8; 3];

/// The background.
pub(crate) const PAPER: Rgb = [245, 240, 225];
/// Lines, gaps and pips.
pub(crate) const INK: Rgb = [40, 40, 40];
/// An empty square.
pub(crate) const SQUARE: Rgb = [215, 200, 165];
/// A die's face.
pub(crate) const DIE_FACE: Rgb = [255, 255, 255];

/// The colours of seats (and of the race games' colours): red, blue, yellow, green.
pub(crate) const SEAT_COLOURS: [Rgb; 4] =
    [[200, 40, 40], [40, 90, 200], [230, 180, 20], [40, 150, 60]];

/// A picture being drawn: `height × width` pixels of RGB.
#[derive(Clone, Debug)]
pub(crate) struct Canvas {
    pub(crate) height: usize,
    pub(crate) width: usize,
    /// `height × width × 3` bytes, row-major.
    pub(crate) pixels: Vec<u8>,
}

impl Canvas {
    /// A blank picture of `height × width`, filled with [`PAPER`].
    pub(crate) fn new(height: usize, width: usize) -> Canvas {
        let mut pixels = Vec::with_capacity(height * width * 3);
        for _ in 0..height * width {
            pixels.extend_from_slice(&PAPER);
        }
        Canvas {
            height,
            width,
            pixels,
        }
    }

    /// Paints pixel `(x, y)` (nothing outside the picture).
    pub(crate) fn dot(&mut self, x: i64, y: i64, colour: Rgb) {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            return;
        }
        let at = (y as usize * self.width + x as usize) * 3;
        self.pixels[at..at + 3].copy_from_slice(&colour);
    }

    /// The colour of pixel `(x, y)` (inside the picture).
    #[cfg(test)]
    pub(crate) fn at(&self, x: usize, y: usize) -> Rgb {
        let at = (y * self.width + x) * 3;
        [self.pixels[at], self.pixels[at + 1], self.pixels[at + 2]]
    }

    /// Fills the rectangle of corner `(x, y)` and size `w × h`.
    pub(crate) fn rect(&mut self, x: i64, y: i64, w: i64, h: i64, colour: Rgb) {
        for yy in y..y + h {
            for xx in x..x + w {
                self.dot(xx, yy, colour);
            }
        }
    }

    /// The outline (1 pixel) of that rectangle.
    pub(crate) fn frame(&mut self, x: i64, y: i64, w: i64, h: i64, colour: Rgb) {
        self.rect(x, y, w, 1, colour);
        self.rect(x, y + h - 1, w, 1, colour);
        self.rect(x, y, 1, h, colour);
        self.rect(x + w - 1, y, 1, h, colour);
    }

    /// A filled disc of centre `(cx, cy)` and radius `r`.
    pub(crate) fn disc(&mut self, cx: i64, cy: i64, r: i64, colour: Rgb) {
        for dy in -r..=r {
            for dx in -r..=r {
                if dx * dx + dy * dy <= r * r {
                    self.dot(cx + dx, cy + dy, colour);
                }
            }
        }
    }

    /// A piece: a disc of `colour` with a dark rim.
    pub(crate) fn piece(&mut self, cx: i64, cy: i64, r: i64, colour: Rgb) {
        self.disc(cx, cy, r, INK);
        self.disc(cx, cy, r - 1, colour);
    }

    /// A die showing `value` (1 to 6), `size` pixels wide, corner `(x, y)`.
    pub(crate) fn die(&mut self, x: i64, y: i64, size: i64, value: u8) {
        self.rect(x, y, size, size, DIE_FACE);
        self.frame(x, y, size, size, INK);
        // Pips on a 3 × 3 grid: (column, row) for each face.
        let pips: &[(i64, i64)] = match value {
            1 => &[(1, 1)],
            2 => &[(0, 0), (2, 2)],
            3 => &[(0, 0), (1, 1), (2, 2)],
            4 => &[(0, 0), (2, 0), (0, 2), (2, 2)],
            5 => &[(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
            _ => &[(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
        };
        let step = size / 4;
        let r = (size / 10).max(1);
        for &(c, row) in pips {
            self.disc(x + step * (c + 1), y + step * (row + 1), r, INK);
        }
    }

    /// The bar along the top edge that shows who moves.
    pub(crate) fn mover_bar(&mut self, colour: Option<Rgb>) {
        if let Some(colour) = colour {
            let width = self.width as i64;
            self.rect(0, 0, width, 6, colour);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_paint_inside_the_picture_and_nothing_outside() {
        let mut canvas = Canvas::new(20, 30);
        canvas.rect(-5, -5, 10, 10, INK);
        assert_eq!(canvas.at(0, 0), INK);
        assert_eq!(canvas.at(4, 4), INK);
        assert_eq!(canvas.at(5, 5), PAPER);
        canvas.disc(20, 10, 3, SEAT_COLOURS[0]);
        assert_eq!(canvas.at(20, 10), SEAT_COLOURS[0]);
        assert_eq!(canvas.at(20, 13), SEAT_COLOURS[0]);
        assert_eq!(canvas.at(23, 13), PAPER);
        canvas.disc(29, 19, 5, INK);
        assert_eq!(canvas.pixels.len(), 20 * 30 * 3);
    }

    #[test]
    fn a_die_shows_its_pips() {
        let mut canvas = Canvas::new(40, 40);
        canvas.die(0, 0, 40, 1);
        assert_eq!(canvas.at(20, 20), INK);
        assert_eq!(canvas.at(10, 10), DIE_FACE);
        canvas.die(0, 0, 40, 6);
        assert_eq!(canvas.at(10, 10), INK);
        assert_eq!(canvas.at(20, 20), DIE_FACE);
    }
}
