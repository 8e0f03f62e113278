//! How much work an analysis may do: a number of states per search, a
//! deadline, and a flag the caller can set to stop it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Why a search stopped before it was done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// It met more states than it may.
    States,
    /// Its time ran out.
    Time,
    /// The caller stopped it.
    Cancelled,
}

/// The limits every search of one analysis shares.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget<'a> {
    /// Most states one search may store.
    pub max_states: usize,
    /// Most words of states one search may store (a state of many words
    /// counts for more memory).
    pub max_words: usize,
    pub deadline: Option<Instant>,
    pub cancel: Option<&'a AtomicBool>,
    /// Told the states stored so far whenever the clock and the cancel
    /// flag are read (about once a millisecond), by searches that count
    /// their states.
    pub progress: Option<Report<'a>>,
}

/// A callback told how many states a search has stored.
#[derive(Clone, Copy)]
pub(crate) struct Report<'a>(pub &'a (dyn Fn(usize) + Sync));

impl std::fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Report")
    }
}

/// Searches look at the clock and the cancel flag once per this many words
/// of work: about a millisecond, whether states are one word wide or
/// thousands (a level of many levers), or a state has thousands of steps.
const CHECK_WORDS: usize = 1 << 20;

/// The work a search has done since it last looked at the clock.
#[derive(Debug, Default)]
pub(crate) struct Meter {
    work: usize,
}

impl Budget<'_> {
    /// Whether a search that has stored `states` states of `width` words
    /// must stop now, `work` words of work (states read and written) after
    /// its last call: the clock is read once enough work has piled up.
    #[inline]
    pub fn check(
        &self,
        meter: &mut Meter,
        work: usize,
        states: usize,
        width: usize,
    ) -> Result<(), Stop> {
        self.check_words(meter, work, states, states.saturating_mul(width))
    }

    /// [`Self::check`] for a search that counts the words it stores itself
    /// (states of their own width, and edges).
    #[inline]
    pub fn check_words(
        &self,
        meter: &mut Meter,
        work: usize,
        states: usize,
        words: usize,
    ) -> Result<(), Stop> {
        if states >= self.max_states || words >= self.max_words {
            return Err(Stop::States);
        }
        self.tick(meter, work, states)
    }

    /// The clock and the cancel flag, read once `work` has piled up past
    /// the last reading, for the steps of one expansion: a state of a room
    /// with 100,000 doors has as many steps, each a state as wide as the
    /// level. Counts of states are left to the check made per state, so a
    /// search stops for them where it did before. `progress` is told
    /// `states`, the states stored so far.
    #[inline]
    pub fn tick(&self, meter: &mut Meter, work: usize, states: usize) -> Result<(), Stop> {
        meter.work = meter.work.saturating_add(work);
        if meter.work >= CHECK_WORDS {
            meter.work = 0;
            if let Some(Report(report)) = self.progress {
                report(states);
            }
            self.check_now()?;
        }
        Ok(())
    }

    /// [`Self::check`] for searches whose every step is a search of its
    /// own (event searches walk the map per state): the clock is read on
    /// every call, which costs little beside such a step.
    pub fn check_each(&self, states: usize, width: usize) -> Result<(), Stop> {
        if states >= self.max_states || states.saturating_mul(width) >= self.max_words {
            return Err(Stop::States);
        }
        self.check_now()
    }

    /// Looks at the clock and the cancel flag now.
    pub fn check_now(&self) -> Result<(), Stop> {
        if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err(Stop::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Stop::Time);
        }
        Ok(())
    }

    /// The clock now when there is a deadline to measure against, `None`
    /// without one: an analysis asked for no time limit never reads the
    /// clock (on `wasm32-unknown-unknown` reading it panics).
    #[cfg(test)]
    pub fn started(&self) -> Option<Instant> {
        self.deadline.map(|_| Instant::now())
    }

    /// The same budget ending once `share` (0 to 1) of the time from
    /// `start` (from [`Self::started`]; now when `None`) to its deadline
    /// has passed (at once if that is past).
    #[cfg(test)]
    pub fn share_from(&self, start: Option<Instant>, share: f64) -> Self {
        let deadline = self.deadline.map(|d| {
            let start = start.unwrap_or_else(Instant::now);
            start
                + d.saturating_duration_since(start)
                    .mul_f64(share.clamp(0.0, 1.0))
        });
        Self { deadline, ..*self }
    }

    /// The same budget with at most `share` (0 to 1) of the time left.
    pub fn share(&self, share: f64) -> Self {
        let deadline = self.deadline.map(|d| {
            let now = Instant::now();
            now + d
                .saturating_duration_since(now)
                .mul_f64(share.clamp(0.0, 1.0))
        });
        Self { deadline, ..*self }
    }
}
