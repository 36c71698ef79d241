//! The compact one-line state notation: `Display` writes it, [`parse`] reads it back.
//!
//! Seven space-separated fields:
//!
//! 1. The pieces, colour by colour in board order Yellow/Blue/Red/Green separated by `/`:
//!    four locations each (`n` nest, `1`..`68` track, `h1`..`h7` home column, `g` goal),
//!    comma-separated, furthest back first; `-` for a colour not taking part.
//! 2. The phase: `o<roll-off>` (the roll-off for the first turn in core's
//!    [`RollOff`] notation, e.g. `oH0123:4,6`), `r<C>` (colour `C` rolls), `m<C><die>`
//!    (`C` plays the die, e.g. `mY5`), `b<C><bonus>` (`C` plays a bonus, `bR20`), `x<C>`
//!    (the game is over; `C` finished last).
//! 3. `s<n>`: sixes rolled in a row by the colour to play, 0..2.
//! 4. `l<loc>`: where the piece a third six would send home stands, or `l-`.
//! 5. `f<colours>`: colours that have finished, in order, or `f-`.
//! 6. `e<pairs>`: for exit squares holding two foreign pieces of different colours, the
//!    exit's owner and the colour that arrived last (`eYB`: on Yellow's exit, Blue arrived
//!    last), comma-separated; `e-` for none. Only kept when exit captures can choose.
//! 7. `n<rolls>`: dice rolled so far, roll-off included.
//!
//! The initial four-player position is
//! `n,n,n,n/n,n,n,n/n,n,n,n/n,n,n,n oH0123 s0 l- f- e- n0`.

use alloc::string::{String, ToString};
use core::fmt;
use core::str::FromStr;

use boardgame_core::{Die, Game, RollOff, Seat};

use crate::board::{Colour, ENTRY, GOAL, Loc, NEST, PIECES, SAFE_MASK, TRACK_LEN, track_bit};
use crate::config::{Barriers, Config, ExitCapture, Finish};
use crate::state::{Parchis, Phase};

/// What is wrong with a state's notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotationError {
    /// The configuration itself cannot be played.
    #[error("unplayable configuration: {0}")]
    Config(#[from] boardgame_core::ConfigError),
    /// Not seven space-separated fields.
    #[error("expected 7 space-separated fields, found {found}")]
    FieldCount {
        /// How many fields there are.
        found: usize,
    },
    /// A field does not parse.
    #[error("field {field} ({name}) {}: {reason}", boardgame_io::quote(.text))]
    Field {
        /// 1-based field number.
        field: usize,
        /// The field's name.
        name: &'static str,
        /// The field's text.
        text: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// The pieces of one colour do not parse or do not match the configuration.
    #[error("pieces of {colour}: {reason} in {}", boardgame_io::quote(.text))]
    Pieces {
        /// The colour.
        colour: Colour,
        /// Its text.
        text: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// The position breaks a rule of the configuration.
    #[error("impossible position: {reason} (at {at})")]
    Position {
        /// What is wrong.
        reason: &'static str,
        /// Where (a square, a colour or a field).
        at: String,
    },
}

impl fmt::Display for Parchis {
    /// The compact notation; with `{:#}`, a picture of the board (see [`Parchis`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return crate::picture::draw(self, f);
        }
        for colour in Colour::ALL {
            if colour.index() > 0 {
                f.write_str("/")?;
            }
            if self.seat_of(colour).is_none() {
                f.write_str("-")?;
                continue;
            }
            for (i, &p) in self.pieces[colour.index()].iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{}", Loc::of(colour, p))?;
            }
        }
        let letter = self.seat_colours[self.seat.index()].letter();
        match &self.phase {
            Phase::RollOff(r) => write!(f, " o{r}")?,
            Phase::Roll => write!(f, " r{letter}")?,
            Phase::Move(die) => write!(f, " m{letter}{die}")?,
            Phase::Bonus(amount) => write!(f, " b{letter}{amount}")?,
            Phase::Over => write!(f, " x{letter}")?,
        }
        write!(f, " s{}", self.sixes)?;
        match self.tracked_piece() {
            Some(loc) => write!(f, " l{loc}")?,
            None => f.write_str(" l-")?,
        }
        f.write_str(" f")?;
        if self.finished().is_empty() {
            f.write_str("-")?;
        }
        for &seat in self.finished() {
            write!(f, "{}", self.seat_colours[seat.index()].letter())?;
        }
        f.write_str(" e")?;
        let mut any = false;
        for owner in Colour::ALL {
            let last = self.exit_last[owner.index()];
            if last > 0 {
                if any {
                    f.write_str(",")?;
                }
                write!(
                    f,
                    "{}{}",
                    owner.letter(),
                    Colour::from_index(usize::from(last - 1)).letter()
                )?;
                any = true;
            }
        }
        if !any {
            f.write_str("-")?;
        }
        write!(f, " n{}", self.rolls)
    }
}

impl FromStr for Parchis {
    type Err = NotationError;
    /// Parses the notation under the default (seed) rules, with the colours the notation
    /// lists (`Config::seed(n)` when they are the default colours for `n` players).
    fn from_str(s: &str) -> Result<Parchis, NotationError> {
        let pieces = s.split(' ').next().unwrap_or("");
        let mut letters = String::new();
        for (i, part) in pieces.split('/').enumerate() {
            if part != "-" && i < 4 {
                letters.push(Colour::from_index(i).letter());
            }
        }
        let config = match letters.parse::<crate::ColourSet>() {
            Ok(set) if set == crate::ColourSet::default_for(set.len()) => Config::seed(set.len()),
            Ok(set) => Config::default().with_colours(set),
            Err(_) => Config::default(),
        };
        parse(s, &config)
    }
}

fn field_error(
    field: usize,
    name: &'static str,
    text: &str,
    reason: &'static str,
) -> NotationError {
    NotationError::Field {
        field,
        name,
        text: text.into(),
        reason,
    }
}

fn colour_letter(
    text: &str,
    field: usize,
    name: &'static str,
    full: &str,
) -> Result<Colour, NotationError> {
    let mut chars = text.chars();
    chars
        .next()
        .and_then(Colour::from_letter)
        .ok_or_else(|| field_error(field, name, full, "expected a colour letter Y, B, R or G"))
}

/// Parses the notation written by `Display` under `config`, checking that the position can
/// occur under those rules.
///
/// # Errors
/// [`NotationError`] naming the field or square at fault.
pub fn parse(text: &str, config: &Config) -> Result<Parchis, NotationError> {
    let mut state = Parchis::blank(*config)?;
    let fields: alloc::vec::Vec<&str> = text.split(' ').collect();
    if fields.len() != 7 {
        return Err(NotationError::FieldCount {
            found: fields.len(),
        });
    }

    // 1. pieces
    let parts: alloc::vec::Vec<&str> = fields[0].split('/').collect();
    if parts.len() != 4 {
        return Err(field_error(
            1,
            "pieces",
            fields[0],
            "expected four colours separated by '/'",
        ));
    }
    for colour in Colour::ALL {
        let part = parts[colour.index()];
        let bad = |reason| NotationError::Pieces {
            colour,
            text: part.into(),
            reason,
        };
        let playing = state.seat_of(colour).is_some();
        if part == "-" {
            if playing {
                return Err(bad("this colour takes part; expected four locations"));
            }
            continue;
        }
        if !playing {
            return Err(bad("this colour does not take part; expected '-'"));
        }
        let locs: alloc::vec::Vec<&str> = part.split(',').collect();
        if locs.len() != PIECES {
            return Err(bad("expected four comma-separated locations"));
        }
        let mut progress = [0u8; PIECES];
        for (slot, loc) in progress.iter_mut().zip(&locs) {
            let loc: Loc = loc.parse().map_err(|_| bad("bad location"))?;
            *slot = loc.progress(colour).ok_or_else(|| bad("bad location"))?;
        }
        progress.sort_unstable();
        state.pieces[colour.index()] = progress;
    }

    // 2. phase
    let phase_text = fields[1];
    let kind = phase_text.chars().next();
    let rest = phase_text.get(1..).unwrap_or("");
    match kind {
        Some('o') => {
            let roll_off: RollOff = rest
                .parse()
                .map_err(|_| field_error(2, "phase", phase_text, "bad roll-off"))?;
            if roll_off
                .contenders()
                .any(|s| s.index() >= state.num_seats())
            {
                return Err(field_error(
                    2,
                    "phase",
                    phase_text,
                    "roll-off seat not at the table",
                ));
            }
            if roll_off.winner().is_some() {
                return Err(field_error(
                    2,
                    "phase",
                    phase_text,
                    "a decided roll-off is written as the first roll",
                ));
            }
            state.phase = Phase::RollOff(roll_off);
        }
        Some('r' | 'm' | 'b' | 'x') => {
            let colour = colour_letter(rest, 2, "phase", phase_text)?;
            state.seat = state
                .seat_of(colour)
                .ok_or_else(|| field_error(2, "phase", phase_text, "colour not playing"))?;
            let tail = &rest[1..];
            state.phase = match kind {
                Some('r') if tail.is_empty() => Phase::Roll,
                Some('x') if tail.is_empty() => Phase::Over,
                Some('m') => Phase::Move(
                    tail.parse::<Die>()
                        .map_err(|_| field_error(2, "phase", phase_text, "bad die"))?,
                ),
                Some('b') if tail == "20" || tail == "10" => {
                    Phase::Bonus(tail.parse().unwrap_or(20))
                }
                _ => return Err(field_error(2, "phase", phase_text, "bad phase")),
            };
        }
        _ => {
            return Err(field_error(
                2,
                "phase",
                phase_text,
                "expected o, r, m, b or x",
            ));
        }
    }

    // 3. sixes
    state.sixes = fields[2]
        .strip_prefix('s')
        .and_then(|n| match n {
            "0" => Some(0),
            "1" => Some(1),
            "2" => Some(2),
            _ => None,
        })
        .ok_or_else(|| field_error(3, "sixes", fields[2], "expected s0, s1 or s2"))?;

    // 4. tracked piece
    let tracked = fields[3]
        .strip_prefix('l')
        .ok_or_else(|| field_error(4, "tracked", fields[3], "expected l"))?;
    if tracked != "-" {
        let loc: Loc = tracked
            .parse()
            .map_err(|_| field_error(4, "tracked", fields[3], "bad location"))?;
        let colour = state.seat_colours[state.seat.index()];
        let progress = loc.progress(colour).filter(|&p| p != NEST);
        match progress {
            Some(p) if state.pieces[colour.index()].contains(&p) => state.tracked = p,
            _ => {
                return Err(field_error(
                    4,
                    "tracked",
                    fields[3],
                    "no piece of the colour to play there",
                ));
            }
        }
    }

    // 5. finished
    let finished = fields[4]
        .strip_prefix('f')
        .ok_or_else(|| field_error(5, "finished", fields[4], "expected f"))?;
    if finished != "-" {
        for ch in finished.chars() {
            let colour = Colour::from_letter(ch)
                .ok_or_else(|| field_error(5, "finished", fields[4], "bad colour letter"))?;
            let seat = state
                .seat_of(colour)
                .ok_or_else(|| field_error(5, "finished", fields[4], "colour not playing"))?;
            if state.finished().contains(&seat) {
                return Err(field_error(5, "finished", fields[4], "colour listed twice"));
            }
            if usize::from(state.num_finished) >= state.num_seats() {
                return Err(field_error(5, "finished", fields[4], "too many colours"));
            }
            state.finished[usize::from(state.num_finished)] = seat;
            state.num_finished += 1;
        }
    }

    // 6. exit arrival order
    let exits = fields[5]
        .strip_prefix('e')
        .ok_or_else(|| field_error(6, "exits", fields[5], "expected e"))?;
    if exits != "-" {
        for pair in exits.split(',') {
            let mut chars = pair.chars();
            let (Some(owner), Some(last), None) = (chars.next(), chars.next(), chars.next()) else {
                return Err(field_error(
                    6,
                    "exits",
                    fields[5],
                    "expected pairs of colour letters",
                ));
            };
            let (Some(owner), Some(last)) = (Colour::from_letter(owner), Colour::from_letter(last))
            else {
                return Err(field_error(6, "exits", fields[5], "bad colour letter"));
            };
            if state.exit_last[owner.index()] != 0 {
                return Err(field_error(6, "exits", fields[5], "exit listed twice"));
            }
            state.exit_last[owner.index()] = last as u8 + 1;
        }
    }

    // 7. rolls
    state.rolls = fields[6]
        .strip_prefix('n')
        .filter(|n| {
            !n.is_empty()
                && n.bytes().all(|b| b.is_ascii_digit())
                && (n.len() == 1 || !n.starts_with('0'))
        })
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| field_error(7, "rolls", fields[6], "expected n and a number"))?;

    state.rebuild_masks();
    check(&state)?;
    Ok(state)
}

/// Checks that a parsed position can occur under its configuration.
fn check(state: &Parchis) -> Result<(), NotationError> {
    let config = &state.config;
    let position = |reason, at: String| NotationError::Position { reason, at };
    // Track squares.
    let mut counts = [[0u8; 4]; TRACK_LEN as usize];
    for colour in state.colours() {
        for &p in &state.pieces[colour.index()] {
            if (1..=ENTRY).contains(&p) {
                counts[track_bit(*colour, p) as usize][colour.index()] += 1;
            }
        }
    }
    for (bit, c) in counts.iter().enumerate() {
        let square = || (bit + 1).to_string();
        let colours = c.iter().filter(|&&n| n > 0).count();
        let total: u8 = c.iter().sum();
        let safe = SAFE_MASK & (1u128 << bit) != 0;
        if colours > 1 && !(safe && config.safe_sharing && total == 2) {
            return Err(position("two colours share a square", square()));
        }
        if (safe || config.barriers == Barriers::Everywhere) && total > 2 {
            return Err(position(
                "more than two pieces on a square where two form a barrier",
                square(),
            ));
        }
    }
    // Home columns.
    if config.barriers == Barriers::Everywhere {
        for colour in state.colours() {
            let ps = &state.pieces[colour.index()];
            for h in ENTRY + 1..GOAL {
                if ps.iter().filter(|&&p| p == h).count() > 2 {
                    return Err(position(
                        "more than two pieces on a home-column square",
                        colour.to_string(),
                    ));
                }
            }
        }
    }
    // Finishers.
    for (seat, colour) in state.colours().iter().enumerate() {
        let home = state.pieces[colour.index()] == [GOAL; PIECES];
        let listed = state.finished().contains(&Seat::new(seat));
        if home != listed {
            return Err(position(
                "the finished list must name exactly the colours with four pieces home",
                colour.to_string(),
            ));
        }
    }
    let n = state.num_seats();
    let done = usize::from(state.num_finished);
    let over = match config.finish {
        Finish::First => done >= 1,
        Finish::Ranking => done + 1 >= n,
    };
    if done > 1 && config.finish == Finish::First {
        return Err(position(
            "only one colour can finish when the first finisher wins",
            "field 5".into(),
        ));
    }
    let phase_ok = match state.phase {
        Phase::Over => over && state.finished().last() == Some(&state.seat),
        Phase::RollOff(_) => done == 0,
        _ => !over && !state.finished().contains(&state.seat),
    };
    if !phase_ok {
        return Err(position(
            "the phase does not match who has finished",
            "field 2".into(),
        ));
    }
    if let Phase::RollOff(_) = state.phase {
        let untouched = state
            .colours()
            .iter()
            .all(|c| state.pieces[c.index()] == [NEST; PIECES]);
        if !untouched || state.sixes != 0 || state.tracked != NEST {
            return Err(position(
                "pieces moved before the roll-off ended",
                "field 2".into(),
            ));
        }
    }
    // Sixes.
    let sixes_ok = match state.phase {
        Phase::Move(die) if die == Die::SIX => state.sixes >= 1,
        Phase::Move(_) => state.sixes == 0,
        _ => true,
    };
    if !sixes_ok {
        return Err(position(
            "sixes in a row do not match the die",
            "field 3".into(),
        ));
    }
    if state.tracked != NEST
        && state.sixes == 0
        && !matches!(state.phase, Phase::Bonus(_) | Phase::Move(_) | Phase::Over)
    {
        return Err(position(
            "a tracked piece outside a run of sixes",
            "field 4".into(),
        ));
    }
    // Exit arrival order.
    let relevant = config.exit_capture != ExitCapture::Blocked && config.safe_sharing;
    for owner in Colour::ALL {
        let last = state.exit_last[owner.index()];
        let c = &counts[track_bit(owner, 1) as usize];
        let colours = c.iter().filter(|&&n| n > 0).count();
        let needed = relevant
            && state.seat_of(owner).is_some()
            && c[owner.index()] == 0
            && colours == 2
            && c.iter().sum::<u8>() == 2;
        if needed != (last != 0) || (last != 0 && c[usize::from(last - 1)] == 0) {
            return Err(position(
                "arrival order must be given exactly for exits holding two foreign colours",
                owner.to_string(),
            ));
        }
    }
    Ok(())
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;

    #[derive(serde::Serialize, serde::Deserialize)]
    struct Stored {
        config: Config,
        state: String,
    }

    impl serde::Serialize for Parchis {
        /// The configuration and the notation.
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            Stored {
                config: *self.config(),
                state: self.to_string(),
            }
            .serialize(serializer)
        }
    }

    impl<'de> serde::Deserialize<'de> for Parchis {
        /// Through [`parse`], so a deserialised state is always valid.
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let stored = Stored::deserialize(deserializer)?;
            parse(&stored.state, &stored.config).map_err(serde::de::Error::custom)
        }
    }
}
