//! The caller's clock: how searches with a time limit read the time without owning a clock.
//!
//! A search that stops after some milliseconds needs to read the time, but not every
//! platform has one the library could call: `std::time::Instant::now` panics on
//! `wasm32-unknown-unknown`, where the page's clock is JavaScript's `performance.now()`. So
//! the time comes from the caller, as a [`Clock`]: a plain function that returns monotonic
//! microseconds since an origin of its own choosing. A native front end passes
//! [`monotonic`] (built on `Instant`); a browser front end passes a function that calls
//! `performance.now()`. Nothing in the library crates calls a clock they were not given.
//!
//! ```
//! use core::time::Duration;
//! use boardgame_core::clock::{Clock, Deadline};
//!
//! // A clock that stands still (a test's clock): the deadline never passes...
//! let frozen: Clock = || 1_000;
//! let deadline = Deadline::after(frozen, Duration::from_millis(5));
//! assert_eq!(deadline.micros(), 6_000);
//! assert!(!deadline.passed());
//! // ...unless it is already due.
//! assert!(Deadline::at(frozen, 1_000).passed());
//! ```

use core::fmt;
use core::time::Duration;

/// A monotonic clock: microseconds since an origin the function chooses (the process start,
/// the page's load). It never goes back.
pub type Clock = fn() -> u64;

/// Microseconds in a [`Duration`], saturating (a limit of centuries reads as "never").
#[must_use]
pub fn micros(duration: Duration) -> u64 {
    u64::try_from(duration.as_micros()).unwrap_or(u64::MAX)
}

/// A point in time on a [`Clock`]: the limit a search checks as it goes.
#[derive(Copy, Clone)]
pub struct Deadline {
    clock: Clock,
    at: u64,
}

impl Deadline {
    /// `duration` from now on `clock` (saturating).
    #[must_use]
    pub fn after(clock: Clock, duration: Duration) -> Deadline {
        Deadline::at(clock, clock().saturating_add(micros(duration)))
    }

    /// The time `micros` on `clock`.
    #[must_use]
    pub fn at(clock: Clock, micros: u64) -> Deadline {
        Deadline { clock, at: micros }
    }

    /// The deadline's time on its clock, in microseconds.
    #[must_use]
    pub fn micros(&self) -> u64 {
        self.at
    }

    /// The clock it is read on.
    #[must_use]
    pub fn clock(&self) -> Clock {
        self.clock
    }

    /// Whether the clock has reached the deadline (reads the clock).
    #[must_use]
    pub fn passed(&self) -> bool {
        (self.clock)() >= self.at
    }
}

impl fmt::Debug for Deadline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Deadline")
            .field("micros", &self.at)
            .finish_non_exhaustive()
    }
}

/// The clock of native programs: microseconds since the first call, from
/// `std::time::Instant` (feature `std`; absent on `wasm32-unknown-unknown`, where `Instant`
/// panics). Front ends pass it to the searches; the library crates never call it themselves.
#[cfg(all(
    feature = "std",
    not(all(target_arch = "wasm32", target_os = "unknown"))
))]
#[must_use]
pub fn monotonic() -> u64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    micros(ORIGIN.get_or_init(Instant::now).elapsed())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deadline_is_read_on_its_own_clock() {
        let early: Clock = || 10;
        let late: Clock = || 10_000_000;
        let deadline = Deadline::after(early, Duration::from_secs(1));
        assert_eq!(deadline.micros(), 1_000_010);
        assert!(!deadline.passed());
        assert!(Deadline::at(late, deadline.micros()).passed());
        assert_eq!((deadline.clock())(), 10);
    }

    #[test]
    fn huge_durations_saturate() {
        let clock: Clock = || u64::MAX - 5;
        assert_eq!(micros(Duration::MAX), u64::MAX);
        assert_eq!(
            Deadline::after(clock, Duration::from_secs(1)).micros(),
            u64::MAX
        );
    }

    #[cfg(all(
        feature = "std",
        not(all(target_arch = "wasm32", target_os = "unknown"))
    ))]
    #[test]
    fn the_monotonic_clock_never_goes_back() {
        let mut last = monotonic();
        for _ in 0..1000 {
            let now = monotonic();
            assert!(now >= last);
            last = now;
        }
        let deadline = Deadline::after(monotonic, Duration::from_millis(2));
        assert!(!deadline.passed());
        while !deadline.passed() {}
        assert!(monotonic() >= deadline.micros());
    }
}
