//! What the caller of a long layout watches it by: a flag that stops it,
//! and where its progress goes. Ten thousand rooms take a few seconds; the
//! editor lays them out on a worker, shows how far it got and can stop it.

use std::sync::atomic::{AtomicBool, Ordering};

/// A flag to stop a layout, and a report of its progress from 0 to 1.
#[derive(Clone, Copy)]
pub struct Watch<'a> {
    /// Set by the caller to stop the layout; it then answers nothing.
    pub cancel: &'a AtomicBool,
    /// Told the share of the work done, from 0 to 1, now and then.
    pub progress: &'a dyn Fn(f32),
}

/// A flag never set, for layouts nobody watches.
static NEVER: AtomicBool = AtomicBool::new(false);

impl Watch<'static> {
    /// A layout nobody stops, whose progress goes nowhere.
    pub fn none() -> Self {
        Self {
            cancel: &NEVER,
            progress: &|_| {},
        }
    }
}

impl<'a> Watch<'a> {
    /// The part of the work from share `from` to share `to` of the whole.
    pub(super) fn part(&self, from: f32, to: f32) -> Part<'a> {
        Part {
            watch: *self,
            from,
            to,
        }
    }
}

/// One part of a watched layout: its progress is a range of the whole's.
#[derive(Clone, Copy)]
pub(super) struct Part<'a> {
    watch: Watch<'a>,
    from: f32,
    to: f32,
}

impl<'a> Part<'a> {
    /// Whether the caller asked the layout to stop.
    pub fn stopped(&self) -> bool {
        self.watch.cancel.load(Ordering::Relaxed)
    }

    /// Reports that share `done` (0 to 1) of this part is done.
    pub fn report(&self, done: f32) {
        let done = done.clamp(0.0, 1.0);
        (self.watch.progress)(self.from + (self.to - self.from) * done);
    }

    /// The part of this part from share `from` to share `to` of it.
    pub fn part(&self, from: f32, to: f32) -> Self {
        let span = self.to - self.from;
        Self {
            watch: self.watch,
            from: self.from + span * from,
            to: self.from + span * to,
        }
    }
}
