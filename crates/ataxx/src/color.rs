//! The two sides, `x` (moves first, seat 0) and `o` (seat 1).

use core::fmt;
use core::ops::Not;

use boardgame_core::Seat;

/// A side. `x` moves first and sits in seat 0; `o` sits in seat 1.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The first player (FEN `x`).
    X,
    /// The second player (FEN `o`).
    O,
}

impl Color {
    /// Both sides, `x` first.
    pub const ALL: [Color; 2] = [Color::X, Color::O];

    /// 0 for `x`, 1 for `o`.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat playing this side.
    #[must_use]
    pub const fn seat(self) -> Seat {
        Seat::new(self as usize)
    }

    /// The side played from `seat`, or `None` for seats 2 and 3.
    #[must_use]
    pub const fn from_seat(seat: Seat) -> Option<Color> {
        match seat.index() {
            0 => Some(Color::X),
            1 => Some(Color::O),
            _ => None,
        }
    }

    /// The FEN letter, `x` or `o`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Color::X => 'x',
            Color::O => 'o',
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::X => Color::O,
            Color::O => Color::X,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        f.write_char(self.char())
    }
}
