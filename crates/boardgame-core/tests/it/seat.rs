//! Seats through their public conversions.

use std::hash::{DefaultHasher, Hash, Hasher};

use boardgame_core::seat::MAX_SEATS;
use boardgame_core::{BySeat, Seat};

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

/// A table is built from 1 to `MAX_SEATS` values; an empty slice or a longer one is refused.
#[test]
fn a_table_from_a_slice_has_one_to_max_seats_values() {
    assert!(BySeat::<u8>::from_slice(&[]).is_none());
    assert!(BySeat::from_slice(&[0u8; MAX_SEATS + 1]).is_none());
    for len in 1..=MAX_SEATS {
        let values: Vec<u8> = (0..len as u8).collect();
        let table = BySeat::from_slice(&values).unwrap();
        assert_eq!(table.as_slice(), values.as_slice());
    }
}

/// `get` gives the value of a seat at the table and `None` for a seat past the last one.
#[test]
fn get_gives_the_value_of_a_seat_at_the_table_only() {
    let table = BySeat::from_slice(&[10u8, 20, 30]).unwrap();
    assert_eq!(table.get(Seat::new(0)), Some(&10));
    assert_eq!(table.get(Seat::new(2)), Some(&30));
    assert_eq!(table.get(Seat::new(3)), None);
}

/// Equal tables hash alike and tables with other values (or another length) hash apart, so
/// a `BySeat` can key a hash map.
#[test]
fn tables_with_different_values_hash_differently() {
    fn hash_of(table: &BySeat<u8>) -> u64 {
        let mut hasher = DefaultHasher::new();
        table.hash(&mut hasher);
        hasher.finish()
    }
    let table = BySeat::from_slice(&[1u8, 2]).unwrap();
    assert_eq!(
        hash_of(&table),
        hash_of(&BySeat::from_slice(&[1, 2]).unwrap())
    );
    for other in [&[2u8, 1][..], &[1, 3], &[1, 2, 0]] {
        assert_ne!(
            hash_of(&table),
            hash_of(&BySeat::from_slice(other).unwrap()),
            "{other:?}"
        );
    }
}
