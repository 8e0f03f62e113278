//! The passages of a level: one per direction a door may be walked, kept in
//! a table grouped by the room each leaves.
//!
//! The table keeps each passage in three `u32`s, half the size of a
//! [`Passage`] of `usize`s. Every walk of the level (the relaxed reach, the
//! parity walk, validation's reachability, the measures' routes) reads this
//! table room after room. On a level of 80,000 rooms it is several
//! megabytes, past what the processor's caches keep, so its size is what
//! such a walk waits for.

use std::iter::FusedIterator;

/// One direction of a door: the player may try to walk from `from` to `to`.
/// A two-way door offers two passages, a one-way door one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Passage {
    /// The door, by index into `level.doors`.
    pub door: usize,
    /// The room the player walks from.
    pub from: usize,
    /// The room the player walks into.
    pub to: usize,
}

/// A [`Passage`] as the table keeps it. A level's rooms and doors are
/// counted in `u32`s: its lists in memory would need hundreds of gigabytes
/// before an index went past one (a door alone takes over 200 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Packed {
    door: u32,
    from: u32,
    to: u32,
}

impl Packed {
    /// `door` walked from `from` to `to`, all three indices of a level.
    pub(super) fn new(door: usize, from: usize, to: usize) -> Self {
        let small = |i: usize| u32::try_from(i).unwrap_or(u32::MAX);
        Self {
            door: small(door),
            from: small(from),
            to: small(to),
        }
    }

    pub(super) fn from(self) -> usize {
        self.from as usize
    }

    fn passage(self) -> Passage {
        Passage {
            door: self.door as usize,
            from: self.from as usize,
            to: self.to as usize,
        }
    }
}

/// Passages read from the table, in its order: an iterator of [`Passage`]
/// that knows how many are left.
///
/// ```
/// use lockwork::model::{Door, Level, Room};
/// use lockwork::rules::mechanics::{Mechanics, Passage};
/// let mut level = Level::new("two rooms");
/// level.rooms.push(Room::new("r2", [100.0, 0.0]));
/// level.doors.push(Door::new("d1", "r1", "r2"));
/// let rules = Mechanics::new(&level).unwrap();
/// let out = rules.passages_from(0);
/// assert_eq!(out.len(), 1);
/// assert_eq!(out.collect::<Vec<_>>(), [Passage { door: 0, from: 0, to: 1 }]);
/// assert_eq!(rules.passages().len(), 2, "a two-way door offers two");
/// ```
#[derive(Clone, Debug)]
pub struct Passages<'m>(std::slice::Iter<'m, Packed>);

impl<'m> Passages<'m> {
    pub(super) fn new(table: &'m [Packed]) -> Self {
        Self(table.iter())
    }

    /// True when no passage is left.
    pub fn is_empty(&self) -> bool {
        self.0.len() == 0
    }
}

impl Iterator for Passages<'_> {
    type Item = Passage;

    fn next(&mut self) -> Option<Passage> {
        self.0.next().map(|&p| p.passage())
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }

    fn nth(&mut self, n: usize) -> Option<Passage> {
        self.0.nth(n).map(|&p| p.passage())
    }
}

impl DoubleEndedIterator for Passages<'_> {
    fn next_back(&mut self) -> Option<Passage> {
        self.0.next_back().map(|&p| p.passage())
    }
}

impl ExactSizeIterator for Passages<'_> {}

impl FusedIterator for Passages<'_> {}
