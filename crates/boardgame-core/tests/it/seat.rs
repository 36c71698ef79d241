//! Seats through their public conversions.

use boardgame_core::Seat;
use boardgame_core::seat::MAX_SEATS;

/// A seat converts to and from its index as a `u8`; an index past the last seat is an error
/// that quotes it.
#[test]
fn a_seat_converts_to_and_from_its_u8_index() {
    for index in 0..MAX_SEATS as u8 {
        let seat = Seat::try_from(index).unwrap();
        assert_eq!(seat, Seat::new(usize::from(index)));
        assert_eq!(u8::from(seat), index);
    }
    for index in [MAX_SEATS as u8, 200] {
        let error = Seat::try_from(index).unwrap_err();
        assert!(error.to_string().contains(&index.to_string()), "{error}");
    }
}
