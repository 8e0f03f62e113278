//! A state of the general search ([`Node`]): what can change of a level's
//! play, packed, with the slots every state of one search shares.

use crate::rules::mechanics::{Changes, Holdings, Mechanics};

/// FORMAT.md's state of play with the version-1 extensions: the room, the
/// keys held, items in hand per kind, which doors are open (by levers),
/// which locks are unlocked, and the parity of the levers that are state.
///
/// Only what can change is stored: an open bit for each door a lever flips
/// and an unlocked bit for each door with something to spend, placed by
/// the [`Slots`] every state of one search shares. A flag per door of the
/// level made a state of a 20,000-room level 80 KB wide.
///
/// All of it is packed in one list of words, laid out by the slots: the
/// keys held, the open bits, the unlocked bits, the levers' parities, then
/// one word per kind of item. A list per part made five allocations per
/// state, and a search keeps millions of states twice (list and index).
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub room: usize,
    words: Box<[u64]>,
    pub(super) slots: std::sync::Arc<Slots>,
}

impl PartialEq for Node {
    /// States of one search share their slots: the facts alone compare.
    fn eq(&self, other: &Self) -> bool {
        self.room == other.room && self.words == other.words
    }
}

impl Eq for Node {}

impl std::hash::Hash for Node {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.room.hash(state);
        self.words.hash(state);
    }
}

/// Which part of a [`Node`]'s words a flag is in.
#[derive(Clone, Copy, Debug)]
pub(super) enum Part {
    /// The keys held, by key.
    Held,
    /// The doors levers flip, by their open bit.
    Open,
    /// The doors with something to spend, by their unlocked bit.
    Unlocked,
    /// The levers, by lever: pulled an odd number of times.
    Odd,
}

impl Node {
    /// Flag `i` of `part`; false past its end.
    pub(super) fn get(&self, part: Part, i: usize) -> bool {
        let (at, n) = self.slots.part(part);
        i < n && self.words[at + i / 64] >> (i % 64) & 1 == 1
    }

    /// Sets flag `i` of `part` to `on`; nothing past its end.
    pub(super) fn set(&mut self, part: Part, i: usize, on: bool) {
        let (at, n) = self.slots.part(part);
        if i < n {
            let (w, bit) = (&mut self.words[at + i / 64], 1u64 << (i % 64));
            *w = if on { *w | bit } else { *w & !bit };
        }
    }

    /// Flips flag `i` of `part`.
    pub(super) fn flip(&mut self, part: Part, i: usize) {
        let was = self.get(part, i);
        self.set(part, i, !was);
    }

    /// Items of `kind` in hand (0 for a kind the level does not have).
    pub(super) fn count(&self, kind: usize) -> u32 {
        match self.slots.count_word(kind) {
            Some(w) => self.words[w] as u32,
            None => 0,
        }
    }

    /// Sets the items of `kind` in hand; nothing for a kind the level does
    /// not have.
    pub(super) fn set_count(&mut self, kind: usize, n: u32) {
        if let Some(w) = self.slots.count_word(kind) {
            self.words[w] = u64::from(n);
        }
    }

    /// Words the state takes beside the node itself.
    pub(super) fn words(&self) -> usize {
        self.words.len()
    }
}

/// Where the states of one search keep what can change of each door.
#[derive(Debug)]
pub(super) struct Slots {
    /// Per door: its bit in [`Part::Open`], when a lever flips it.
    pub(super) open_bit: Vec<Option<u32>>,
    /// Per door: whether it is open, for the doors no lever flips.
    open_fixed: Vec<bool>,
    /// Per door: its bit in [`Part::Unlocked`], when it has something to
    /// spend.
    pub(super) unlocked_bit: Vec<Option<u32>>,
    /// Flags per part: keys, open bits, unlocked bits, levers.
    flags: [usize; 4],
    /// The first word of each part, then of the counts, then the end.
    starts: [usize; 6],
}

impl Slots {
    /// The slots of `m`'s doors, open at the start as `open` says.
    pub(super) fn new(m: &Mechanics, open: &[bool]) -> Self {
        let doors = m.doors().len();
        let mut open_bit = vec![None; doors];
        let mut open_bits = 0u32;
        for lever in m.levers() {
            for &d in &lever.flips {
                if let Some(slot @ None) = open_bit.get_mut(d) {
                    *slot = Some(open_bits);
                    open_bits += 1;
                }
            }
        }
        let mut unlocked_bits = 0u32;
        let unlocked_bit = (m.doors().iter())
            .map(|door| {
                (!door.spend.is_empty()).then(|| {
                    unlocked_bits += 1;
                    unlocked_bits - 1
                })
            })
            .collect();
        let flags = [
            m.keys().len(),
            open_bits as usize,
            unlocked_bits as usize,
            m.levers().len(),
        ];
        let mut starts = [0; 6];
        for (i, n) in flags.iter().enumerate() {
            starts[i + 1] = starts[i] + n.div_ceil(64);
        }
        starts[5] = starts[4] + m.kinds().len();
        Self {
            open_bit,
            open_fixed: (0..doors)
                .map(|d| open.get(d).copied().unwrap_or(false))
                .collect(),
            unlocked_bit,
            flags,
            starts,
        }
    }

    /// The first word of `part` and its number of flags.
    fn part(&self, part: Part) -> (usize, usize) {
        let i = part as usize;
        (self.starts[i], self.flags[i])
    }

    /// The word of the count of `kind`, if the level has that kind.
    fn count_word(&self, kind: usize) -> Option<usize> {
        let w = self.starts[4].checked_add(kind)?;
        (w < self.starts[5]).then_some(w)
    }
}

impl Node {
    /// The state of `room` with everything else as the start of a search
    /// with these slots has it: nothing held, locks locked, levers even.
    pub(super) fn fresh(slots: std::sync::Arc<Slots>, room: usize) -> Self {
        let words = vec![0u64; slots.starts[5]].into_boxed_slice();
        let mut node = Self { room, words, slots };
        let slots = node.slots.clone();
        for (d, bit) in slots.open_bit.iter().enumerate() {
            if let Some(b) = *bit {
                node.set(Part::Open, b as usize, slots.open_fixed[d]);
            }
        }
        node
    }
}

impl Changes for Node {
    fn enter(&mut self, room: usize) {
        self.room = room;
    }

    fn take(&mut self, key: usize) {
        self.set(Part::Held, key, true);
    }

    fn set_in_hand(&mut self, kind: usize, n: u32) {
        self.set_count(kind, n);
    }

    fn unlock(&mut self, door: usize) {
        if let Some(Some(b)) = self.slots.unlocked_bit.get(door) {
            let b = *b as usize;
            self.set(Part::Unlocked, b, true);
        }
    }

    fn flip_door(&mut self, door: usize) {
        if let Some(Some(b)) = self.slots.open_bit.get(door) {
            let b = *b as usize;
            self.flip(Part::Open, b);
        }
    }

    fn flip_lever(&mut self, lever: usize) {
        self.flip(Part::Odd, lever);
    }
}

impl Holdings for Node {
    fn door_open(&self, door: usize) -> bool {
        match self.slots.open_bit.get(door) {
            Some(Some(b)) => self.get(Part::Open, *b as usize),
            _ => self.slots.open_fixed.get(door).copied().unwrap_or(false),
        }
    }

    fn holds(&self, key: usize) -> bool {
        self.get(Part::Held, key)
    }

    fn unlocked(&self, door: usize) -> bool {
        match self.slots.unlocked_bit.get(door) {
            Some(Some(b)) => self.get(Part::Unlocked, *b as usize),
            _ => false,
        }
    }

    fn small_in_hand(&self) -> u32 {
        self.in_hand(crate::rules::mechanics::SMALL_KIND)
    }

    fn in_hand(&self, kind: usize) -> u32 {
        self.count(kind)
    }

    fn pulled_odd(&self, lever: usize) -> bool {
        self.get(Part::Odd, lever)
    }
}
