//! The search both lever evaluators run: breadth first by pulls over the
//! states `(parities, room)`, walking closed between pulls. What differs
//! between them is only what a lever's pull flips and when a door is open,
//! which they hand in.
//!
//! [`Layers`] searches bitsets of parities, `W` words per room, for
//! layouts of a few doors or levers; [`Sparse`] searches a set of states,
//! for the rest.

use rustc_hash::FxHashSet;

use super::bits::{Tree, merge, pull_into};

/// The sparse search gives up past this many states.
pub const SPARSE_MAX_STATES: usize = 2_000_000;

/// Per room, `W` words of parities each: those reached, those the last
/// pull reached (`front`) and those the next one reaches (`next`).
#[derive(Clone, Debug)]
pub(super) struct Layers {
    reached: Vec<u64>,
    front: Vec<u64>,
    next: Vec<u64>,
}

impl Layers {
    /// Buffers for `rooms` rooms of `words` words.
    pub fn new(rooms: usize, words: usize) -> Self {
        Self {
            reached: vec![0; rooms * words],
            front: vec![0; rooms * words],
            next: vec![0; rooms * words],
        }
    }

    /// The least pulls from parities `state` in room `start` to room
    /// `goal` (`W` words a room, `W * 64` parities at most); `None` when a
    /// pull reaches nothing new first. `open` holds per door the `W` words
    /// of the parities in which it is open; `flips(r)` the parities each
    /// lever of room `r` flips, one per lever (0 for one that flips none).
    #[inline(always)]
    pub fn least_pulls<const W: usize, I: Iterator<Item = u64>>(
        &mut self,
        tree: &Tree<'_>,
        open: &[u64],
        (start, state): (usize, usize),
        goal: usize,
        flips: impl Fn(usize) -> I,
    ) -> Option<u32> {
        let goal = 1u64 << goal;
        self.reached.fill(0);
        self.front.fill(0);
        self.front[start * W + state / 64] |= 1 << (state % 64);
        let mut front_live = tree.close::<W>(&mut self.front, &self.reached, open, 1 << start);
        self.reached.copy_from_slice(&self.front);
        if front_live & goal != 0 {
            return Some(0);
        }
        let mut pulls = 0u32;
        loop {
            pulls += 1;
            let live = self.pull::<W, I>(front_live, &flips);
            if live == 0 {
                return None;
            }
            let live = tree.close::<W>(&mut self.next, &self.reached, open, live);
            merge::<W>(&mut self.reached, &self.next, live);
            if live & goal != 0 {
                return Some(pulls);
            }
            std::mem::swap(&mut self.front, &mut self.next);
            front_live = live;
        }
    }

    /// One pull of each lever in each room of `front_live` (a bit per
    /// room): the parities not reached before go into `next`. Returns its
    /// rooms.
    #[inline(always)]
    fn pull<const W: usize, I: Iterator<Item = u64>>(
        &mut self,
        front_live: u64,
        flips: &impl Fn(usize) -> I,
    ) -> u64 {
        self.next.fill(0);
        let mut live = 0u64;
        let mut rooms = front_live;
        while rooms != 0 {
            let r = rooms.trailing_zeros() as usize;
            rooms &= rooms - 1;
            for f in flips(r).filter(|&f| f != 0) {
                if pull_into::<W>(&self.front, &self.reached, &mut self.next, r * W, f) {
                    live |= 1 << r;
                }
            }
        }
        live
    }
}

/// The states `(parities, room)` of the sparse search.
#[derive(Clone, Debug, Default)]
pub(super) struct Sparse {
    seen: FxHashSet<(u64, u32)>,
    cur: Vec<(u64, u32)>,
    next: Vec<(u64, u32)>,
}

impl Sparse {
    /// [`Layers::least_pulls`] over a set of states: `None` also past
    /// [`SPARSE_MAX_STATES`]. `doors(r)` are the doors out of room `r` as
    /// `(door, room it leads to)`, and `open(d, parities)` whether door `d`
    /// is open at `parities`.
    pub fn least_pulls<'a, I: Iterator<Item = u64>>(
        &mut self,
        (start, state): (usize, u64),
        goal: usize,
        flips: impl Fn(usize) -> I,
        doors: impl Fn(usize) -> &'a [(usize, usize)],
        open: impl Fn(usize, u64) -> bool,
    ) -> Option<u32> {
        self.seen.clear();
        self.cur.clear();
        let first = (state, start as u32);
        self.seen.insert(first);
        self.cur.push(first);
        let walk = |sp: &mut Self| sp.walk(goal, &doors, &open);
        if walk(self) {
            return Some(0);
        }
        let mut pulls = 0u32;
        while !self.cur.is_empty() {
            pulls += 1;
            self.next.clear();
            for i in 0..self.cur.len() {
                let (parities, r) = self.cur[i];
                for f in flips(r as usize).filter(|&f| f != 0) {
                    let s = (parities ^ f, r);
                    if self.seen.insert(s) {
                        self.next.push(s);
                    }
                }
            }
            std::mem::swap(&mut self.cur, &mut self.next);
            if walk(self) {
                return Some(pulls);
            }
            if self.seen.len() > SPARSE_MAX_STATES {
                return None;
            }
        }
        None
    }

    /// Adds to `cur` every state reached by walking from its states; true
    /// when one of them is in room `goal`.
    fn walk<'a>(
        &mut self,
        goal: usize,
        doors: &impl Fn(usize) -> &'a [(usize, usize)],
        open: &impl Fn(usize, u64) -> bool,
    ) -> bool {
        let mut i = 0;
        let mut found = false;
        while i < self.cur.len() {
            let (parities, r) = self.cur[i];
            i += 1;
            found |= r as usize == goal;
            for &(d, other) in doors(r as usize) {
                if open(d, parities) {
                    let s = (parities, other as u32);
                    if self.seen.insert(s) {
                        self.cur.push(s);
                    }
                }
            }
        }
        found
    }
}
