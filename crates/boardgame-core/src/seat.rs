//! Seats (players, 0-based) and a per-seat container.

use core::fmt;
use core::ops::{Index, IndexMut};
use core::str::FromStr;

/// The largest number of seats any game in this workspace supports.
pub const MAX_SEATS: usize = 4;

/// A player's seat at the table, 0-based (`Seat(0)` is the first seat in turn order).
///
/// Always below [`MAX_SEATS`]; whether it is below a particular game's seat count is the
/// game's business.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Seat(u8);

impl Seat {
    /// Every possible seat, in order.
    pub const ALL: [Seat; MAX_SEATS] = [Seat(0), Seat(1), Seat(2), Seat(3)];

    /// The seat with this 0-based index.
    ///
    /// # Panics
    /// If `index >= MAX_SEATS`.
    #[must_use]
    #[track_caller]
    pub const fn new(index: usize) -> Seat {
        assert!(index < MAX_SEATS, "seat index out of range");
        Seat(index as u8)
    }

    /// The seat with this 0-based index, or `None` if `index >= MAX_SEATS`.
    #[must_use]
    pub const fn try_new(index: usize) -> Option<Seat> {
        if index < MAX_SEATS {
            Some(Seat(index as u8))
        } else {
            None
        }
    }

    /// The 0-based index.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat after this one at a table of `num_seats`, wrapping round.
    #[must_use]
    pub const fn next(self, num_seats: usize) -> Seat {
        Seat(((self.0 as usize + 1) % num_seats) as u8)
    }

    /// The first `num_seats` seats, in order.
    ///
    /// # Panics
    /// If `num_seats > MAX_SEATS`.
    #[track_caller]
    pub fn first(num_seats: usize) -> impl Iterator<Item = Seat> + Clone {
        assert!(num_seats <= MAX_SEATS, "too many seats");
        Seat::ALL.into_iter().take(num_seats)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The text was not a seat index `0`..`3`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid seat {}: expected a digit 0..{MAX_SEATS}", boardgame_io::quote(.0))]
pub struct ParseSeatError(pub alloc::string::String);

impl FromStr for Seat {
    type Err = ParseSeatError;
    fn from_str(s: &str) -> Result<Seat, ParseSeatError> {
        s.parse::<usize>()
            .ok()
            .and_then(Seat::try_new)
            .ok_or_else(|| ParseSeatError(s.into()))
    }
}

impl TryFrom<u8> for Seat {
    type Error = ParseSeatError;
    fn try_from(value: u8) -> Result<Seat, ParseSeatError> {
        Seat::try_new(value.into()).ok_or_else(|| ParseSeatError(alloc::format!("{value}")))
    }
}

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat.0
    }
}

/// One value per seat for a table of 1..=[`MAX_SEATS`] seats chosen at run time
/// (the multi-seat counterpart of shakmaty's `ByColor<T>`).
///
/// Equality and hashing look at the seats in use only.
#[derive(Copy, Clone)]
pub struct BySeat<T> {
    len: u8,
    items: [T; MAX_SEATS],
}

impl<T: Copy + Default> BySeat<T> {
    /// `num_seats` copies of `value`.
    ///
    /// # Panics
    /// If `num_seats` is 0 or above [`MAX_SEATS`].
    #[track_caller]
    pub fn filled(num_seats: usize, value: T) -> BySeat<T> {
        BySeat::new_with(num_seats, |_| value)
    }

    /// The value of `f(seat)` for each of the first `num_seats` seats.
    ///
    /// # Panics
    /// If `num_seats` is 0 or above [`MAX_SEATS`].
    #[track_caller]
    pub fn new_with(num_seats: usize, mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        assert!(
            (1..=MAX_SEATS).contains(&num_seats),
            "seat count must be 1..=4"
        );
        let mut items = [T::default(); MAX_SEATS];
        for seat in Seat::first(num_seats) {
            items[seat.index()] = f(seat);
        }
        BySeat {
            len: num_seats as u8,
            items,
        }
    }

    /// Applies `f` to every value.
    pub fn map<U: Copy + Default>(&self, mut f: impl FnMut(T) -> U) -> BySeat<U> {
        BySeat::new_with(self.len(), |seat| f(self.items[seat.index()]))
    }

    /// Builds from a slice of 1..=4 values.
    ///
    /// # Errors
    /// `None` if the slice is empty or longer than [`MAX_SEATS`].
    pub fn from_slice(values: &[T]) -> Option<BySeat<T>> {
        if values.is_empty() || values.len() > MAX_SEATS {
            return None;
        }
        Some(BySeat::new_with(values.len(), |seat| values[seat.index()]))
    }
}

impl<T> BySeat<T> {
    /// The number of seats.
    #[must_use]
    #[expect(
        clippy::len_without_is_empty,
        reason = "a table always has at least one seat"
    )]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// The value of `seat`, or `None` if the seat is not at this table.
    #[must_use]
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.as_slice().get(seat.index())
    }

    /// The values of the seats in use, in seat order.
    #[must_use]
    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len()]
    }

    /// The values of the seats in use, mutably.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        let len = self.len();
        &mut self.items[..len]
    }

    /// The seats at this table, in order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + Clone + use<T> {
        Seat::first(self.len())
    }

    /// `(seat, value)` pairs in seat order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(self.as_slice())
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    #[track_caller]
    fn index(&self, seat: Seat) -> &T {
        &self.as_slice()[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    #[track_caller]
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.as_mut_slice()[seat.index()]
    }
}

impl<T: PartialEq> PartialEq for BySeat<T> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Eq> Eq for BySeat<T> {}

impl<T: core::hash::Hash> core::hash::Hash for BySeat<T> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<T: fmt::Debug> fmt::Debug for BySeat<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(feature = "serde")]
impl<T: serde::Serialize> serde::Serialize for BySeat<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.as_slice())
    }
}

#[cfg(feature = "serde")]
impl<'de, T: serde::Deserialize<'de> + Copy + Default> serde::Deserialize<'de> for BySeat<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let values = alloc::vec::Vec::<T>::deserialize(deserializer)?;
        BySeat::from_slice(&values)
            .ok_or_else(|| serde::de::Error::invalid_length(values.len(), &"1 to 4 seats"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_seat_wraps_round_the_table() {
        assert_eq!(Seat::new(2).next(3), Seat::new(0));
        assert_eq!(Seat::new(0).next(2), Seat::new(1));
    }

    #[test]
    fn seat_parse_rejects_out_of_range() {
        assert_eq!("3".parse::<Seat>(), Ok(Seat::new(3)));
        assert!("4".parse::<Seat>().is_err());
        assert!("x".parse::<Seat>().is_err());
    }

    #[test]
    fn by_seat_compares_only_seats_in_use() {
        let mut a = BySeat::filled(2, 7u8);
        let b = BySeat::new_with(2, |_| 7u8);
        assert_eq!(a, b);
        a[Seat::new(1)] = 3;
        assert_ne!(a, b);
        assert_eq!(a.as_slice(), &[7, 3]);
        assert_eq!(a.get(Seat::new(2)), None);
        assert_eq!(a.map(|v| u32::from(v) * 2).as_slice(), &[14, 6]);
    }

    #[test]
    #[should_panic(expected = "seat count")]
    fn by_seat_rejects_zero_seats() {
        let _ = BySeat::filled(0, 0u8);
    }
}
