//! The fixed geometry of the board: colours, the 68-square track, safe squares, home
//! columns, and where each piece can stand.

use core::fmt;
use core::str::FromStr;

/// Squares on the shared track, numbered `1..=TRACK_LEN`.
pub const TRACK_LEN: u8 = 68;
/// Squares in each colour's private home column (`h1..=h7`), before the goal.
pub const HOME_LEN: u8 = 7;
/// Pieces per colour.
pub const PIECES: usize = 4;

/// Progress values: 0 is the nest, `1` the exit square, `64` the entry square, `65..=71` the
/// home column and `72` the goal. (Internal; the public API speaks in [`Loc`].)
pub(crate) const NEST: u8 = 0;
pub(crate) const ENTRY: u8 = 64;
pub(crate) const GOAL: u8 = 72;

/// One of the four colours, in board order (the order pieces travel round the track).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Exit square 5, home-column entry 68.
    Yellow = 0,
    /// Exit square 22, home-column entry 17.
    Blue = 1,
    /// Exit square 39, home-column entry 34.
    Red = 2,
    /// Exit square 56, home-column entry 51.
    Green = 3,
}

impl Colour {
    /// The four colours in board order.
    pub const ALL: [Colour; 4] = [Colour::Yellow, Colour::Blue, Colour::Red, Colour::Green];

    /// The colour with board index `index` (`0..4`, Yellow first).
    ///
    /// # Panics
    /// If `index >= 4`.
    #[must_use]
    #[track_caller]
    pub const fn from_index(index: usize) -> Colour {
        Colour::ALL[index]
    }

    /// The board index, Yellow 0 to Green 3.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter used in notation: `Y`, `B`, `R`, `G`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Colour::Yellow => 'Y',
            Colour::Blue => 'B',
            Colour::Red => 'R',
            Colour::Green => 'G',
        }
    }

    /// The colour of a notation letter (upper case).
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Colour> {
        match letter {
            'Y' => Some(Colour::Yellow),
            'B' => Some(Colour::Blue),
            'R' => Some(Colour::Red),
            'G' => Some(Colour::Green),
            _ => None,
        }
    }

    /// The track square where this colour's pieces come out of the nest (5, 22, 39, 56).
    #[must_use]
    pub const fn exit_square(self) -> u8 {
        5 + 17 * self as u8
    }

    /// The last track square before this colour's home column (68, 17, 34, 51).
    #[must_use]
    pub const fn entry_square(self) -> u8 {
        if self as u8 == 0 {
            TRACK_LEN
        } else {
            17 * self as u8
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Yellow => "yellow",
            Colour::Blue => "blue",
            Colour::Red => "red",
            Colour::Green => "green",
        })
    }
}

/// The text is not a colour name or letter.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid colour {}: expected yellow, blue, red, green or Y, B, R, G", boardgame_io::quote(.0))]
pub struct ParseColourError(pub alloc::string::String);

impl FromStr for Colour {
    type Err = ParseColourError;
    /// A name (`yellow`, any case) or a letter (`Y`).
    fn from_str(s: &str) -> Result<Colour, ParseColourError> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && let Some(colour) = Colour::from_letter(c.to_ascii_uppercase())
        {
            return Ok(colour);
        }
        Colour::ALL
            .into_iter()
            .find(|c| {
                let mut name = alloc::string::String::new();
                let _ = fmt::write(&mut name, format_args!("{c}"));
                name.eq_ignore_ascii_case(s)
            })
            .ok_or_else(|| ParseColourError(s.into()))
    }
}

/// Whether track square `square` (`1..=68`) is a safe square: 5, 12, 17, 22, 29, 34, 39, 46,
/// 51, 56, 63, 68 (the entries `17k`, the exits `17k+5`, and the squares `17k-5`).
#[must_use]
pub const fn is_safe(square: u8) -> bool {
    square >= 1 && square <= TRACK_LEN && SAFE_MASK & (1u128 << (square - 1)) != 0
}

/// Bit `s - 1` set for each safe square `s`.
pub(crate) const SAFE_MASK: u128 = {
    let mut mask = 0u128;
    let mut k = 0;
    while k < 4 {
        let base = 17 * k;
        mask |= 1 << (base + 16); // 17(k+1): entries 17, 34, 51, 68
        mask |= 1 << (base + 4); // 17k + 5: exits
        mask |= 1 << (base + 11); // 17k + 12 = 17(k+1) - 5
        k += 1;
    }
    mask
};

/// `TRACK_BITS[colour][progress]`: the bit index (`0..68`) of the track square at that
/// progress, `0xFF` off the track.
const TRACK_BITS: [[u8; GOAL as usize + 1]; 4] = {
    let mut table = [[0xFF; GOAL as usize + 1]; 4];
    let mut c = 0;
    while c < 4 {
        let mut p = 1;
        while p <= ENTRY as usize {
            table[c][p] = ((5 + 17 * c + p - 2) % TRACK_LEN as usize) as u8;
            p += 1;
        }
        c += 1;
    }
    table
};

/// `TRACK_MASKS[colour][progress]`: the one-bit mask of the track square at that progress,
/// 0 off the track (nest, home column, goal), so occupancy needs no branches.
pub(crate) const TRACK_MASKS: [[u128; GOAL as usize + 1]; 4] = {
    let mut table = [[0u128; GOAL as usize + 1]; 4];
    let mut c = 0;
    while c < 4 {
        let mut p = 1;
        while p <= ENTRY as usize {
            table[c][p] = 1u128 << TRACK_BITS[c][p];
            p += 1;
        }
        c += 1;
    }
    table
};

/// Bit index (`0..68`) of the track square a piece of `colour` stands on at progress
/// `progress` (`1..=ENTRY`).
#[inline]
pub(crate) const fn track_bit(colour: Colour, progress: u8) -> u32 {
    TRACK_BITS[colour as usize][progress as usize] as u32
}

/// Where one piece stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Loc {
    /// In its colour's nest (starting corner); written `n`.
    #[default]
    Nest,
    /// On track square `1..=68`; written as the number.
    Track(u8),
    /// On square `1..=7` of its colour's home column; written `h3`.
    Home(u8),
    /// In the goal; written `g`.
    Goal,
}

impl Loc {
    /// The location of a piece of `colour` at internal progress `progress`.
    #[must_use]
    pub(crate) const fn of(colour: Colour, progress: u8) -> Loc {
        match progress {
            NEST => Loc::Nest,
            1..=ENTRY => Loc::Track(track_bit(colour, progress) as u8 + 1),
            GOAL => Loc::Goal,
            _ => Loc::Home(progress - ENTRY),
        }
    }

    /// The progress of a piece of `colour` at this location, if the location exists.
    #[must_use]
    pub(crate) const fn progress(self, colour: Colour) -> Option<u8> {
        match self {
            Loc::Nest => Some(NEST),
            Loc::Goal => Some(GOAL),
            Loc::Home(h) if h >= 1 && h <= HOME_LEN => Some(ENTRY + h),
            Loc::Track(s) if s >= 1 && s <= TRACK_LEN => {
                let p = (s + TRACK_LEN - colour.exit_square()) % TRACK_LEN + 1;
                if p <= ENTRY { Some(p) } else { None }
            }
            _ => None,
        }
    }
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Loc::Nest => f.write_str("n"),
            Loc::Track(s) => write!(f, "{s}"),
            Loc::Home(h) => write!(f, "h{h}"),
            Loc::Goal => f.write_str("g"),
        }
    }
}

/// The text is not a location (`n`, `1`..`68`, `h1`..`h7`, `g`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid location {}: expected n, a track square 1..68, h1..h7 or g", boardgame_io::quote(.0))]
pub struct ParseLocError(pub alloc::string::String);

impl FromStr for Loc {
    type Err = ParseLocError;
    fn from_str(s: &str) -> Result<Loc, ParseLocError> {
        let bad = || ParseLocError(s.into());
        let number = |t: &str| -> Option<u8> {
            if t.is_empty()
                || t.len() > 2
                || !t.bytes().all(|b| b.is_ascii_digit())
                || t.starts_with('0')
            {
                return None;
            }
            t.parse().ok()
        };
        match s {
            "n" => Ok(Loc::Nest),
            "g" => Ok(Loc::Goal),
            _ => {
                if let Some(h) = s.strip_prefix('h') {
                    number(h)
                        .filter(|h| (1..=HOME_LEN).contains(h))
                        .map(Loc::Home)
                        .ok_or_else(bad)
                } else {
                    number(s)
                        .filter(|t| (1..=TRACK_LEN).contains(t))
                        .map(Loc::Track)
                        .ok_or_else(bad)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_off_the_board_have_no_progress_and_do_not_parse() {
        for colour in Colour::ALL {
            assert_eq!(Loc::Home(0).progress(colour), None, "{colour:?}");
            assert_eq!(Loc::Home(HOME_LEN + 1).progress(colour), None, "{colour:?}");
            assert_eq!(Loc::Track(0).progress(colour), None, "{colour:?}");
            assert_eq!(
                Loc::Track(TRACK_LEN + 1).progress(colour),
                None,
                "{colour:?}"
            );
            assert_eq!(Loc::Home(HOME_LEN).progress(colour), Some(ENTRY + HOME_LEN));
        }
        // A leading zero or a sign is not a square number, though `u8::from_str` takes both.
        for text in ["05", "+5", "h05", "h+5", "0", "h0", "69", "h8", ""] {
            assert!(text.parse::<Loc>().is_err(), "{text:?}");
        }
        assert_eq!("5".parse::<Loc>(), Ok(Loc::Track(5)));
        assert_eq!("h7".parse::<Loc>(), Ok(Loc::Home(7)));
    }

    #[test]
    fn exits_and_entries_match_the_board() {
        let exits: [u8; 4] = Colour::ALL.map(Colour::exit_square);
        let entries: [u8; 4] = Colour::ALL.map(Colour::entry_square);
        assert_eq!(exits, [5, 22, 39, 56]);
        assert_eq!(entries, [68, 17, 34, 51]);
    }

    #[test]
    fn there_are_twelve_safe_squares() {
        let safe: alloc::vec::Vec<u8> = (1..=68).filter(|&s| is_safe(s)).collect();
        assert_eq!(safe, [5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63, 68]);
    }

    #[test]
    fn progress_and_locations_agree() {
        for colour in Colour::ALL {
            assert_eq!(Loc::of(colour, 1), Loc::Track(colour.exit_square()));
            assert_eq!(Loc::of(colour, ENTRY), Loc::Track(colour.entry_square()));
            assert_eq!(Loc::of(colour, ENTRY + 1), Loc::Home(1));
            assert_eq!(Loc::of(colour, GOAL), Loc::Goal);
            for p in 0..=GOAL {
                assert_eq!(Loc::of(colour, p).progress(colour), Some(p));
            }
            // The squares after the entry are never reached by this colour.
            let beyond = colour.entry_square() % TRACK_LEN + 1;
            assert_eq!(Loc::Track(beyond).progress(colour), None);
        }
    }
}
