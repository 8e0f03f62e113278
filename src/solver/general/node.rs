//! A state of the general search ([`Node`]): what can change of a level's
//! play, packed, with the slots every state of one search shares.

use crate::rules::mechanics::{Holdings, Mechanics};

/// FORMAT.md's state of play with the version-1 extensions: the room, the
/// keys held, items in hand per kind, which doors are open (by levers),
/// which locks are unlocked, and the parity of the levers that are state.
///
/// Only what can change is stored: an open bit for each door a lever flips
/// and an unlocked bit for each door with something to spend, placed by
/// the [`Slots`] every state of one search shares. A flag per door of the
/// level made a state of a 20,000-room level 80 KB wide.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub room: usize,
    pub held: Bits,
    pub counts: Vec<u32>,
    pub(super) open: Bits,
    pub(super) unlocked: Bits,
    pub odd: Bits,
    pub(super) slots: std::sync::Arc<Slots>,
}

impl PartialEq for Node {
    /// States of one search share their slots: the facts alone compare.
    fn eq(&self, other: &Self) -> bool {
        self.room == other.room
            && self.held == other.held
            && self.counts == other.counts
            && self.open == other.open
            && self.unlocked == other.unlocked
            && self.odd == other.odd
    }
}

impl Eq for Node {}

impl std::hash::Hash for Node {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.room.hash(state);
        self.held.hash(state);
        self.counts.hash(state);
        self.open.hash(state);
        self.unlocked.hash(state);
        self.odd.hash(state);
    }
}

/// Flags packed in words, a fixed number of them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Bits(Vec<u64>);

impl Bits {
    /// `n` flags, all false.
    pub(super) fn new(n: usize) -> Self {
        Self(vec![0; n.div_ceil(64)])
    }

    /// Flag `i`; false past the end.
    pub fn get(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
    }

    /// Sets flag `i` to `on`; nothing past the end.
    pub(super) fn set(&mut self, i: usize, on: bool) {
        if let Some(w) = self.0.get_mut(i / 64) {
            let bit = 1u64 << (i % 64);
            *w = if on { *w | bit } else { *w & !bit };
        }
    }

    /// Words it takes.
    pub(super) fn words(&self) -> usize {
        self.0.len()
    }
}

/// Where the states of one search keep what can change of each door.
#[derive(Debug)]
pub(super) struct Slots {
    /// Per door: its bit in [`Node::open`], when a lever flips it.
    pub(super) open_bit: Vec<Option<u32>>,
    /// Per door: whether it is open, for the doors no lever flips.
    open_fixed: Vec<bool>,
    /// Per door: its bit in [`Node::unlocked`], when it has something to
    /// spend.
    pub(super) unlocked_bit: Vec<Option<u32>>,
    open_bits: usize,
    unlocked_bits: usize,
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
        Self {
            open_bit,
            open_fixed: (0..doors)
                .map(|d| open.get(d).copied().unwrap_or(false))
                .collect(),
            unlocked_bit,
            open_bits: open_bits as usize,
            unlocked_bits: unlocked_bits as usize,
        }
    }
}

impl Node {
    /// The state of `room` with everything else as the start of a search
    /// with these slots has it: nothing held, locks locked, levers even.
    pub(super) fn fresh(m: &Mechanics, slots: std::sync::Arc<Slots>, room: usize) -> Self {
        let mut open = Bits::new(slots.open_bits);
        for (d, bit) in slots.open_bit.iter().enumerate() {
            if let Some(b) = *bit {
                open.set(b as usize, slots.open_fixed[d]);
            }
        }
        Self {
            room,
            held: Bits::new(m.keys().len()),
            counts: vec![0; m.kinds().len()],
            open,
            unlocked: Bits::new(slots.unlocked_bits),
            odd: Bits::new(m.levers().len()),
            slots,
        }
    }

    /// The same state of play as `state`, with `like`'s slots.
    pub fn of_play(m: &Mechanics, like: &Node, state: &crate::rules::PlayState) -> Self {
        let mut node = Self::fresh(m, like.slots.clone(), state.room());
        for (k, &held) in state.picked().iter().enumerate() {
            node.held.set(k, held);
        }
        for (kind, &n) in state.items_in_hand().iter().enumerate() {
            if let Some(count) = node.counts.get_mut(kind) {
                *count = n;
            }
        }
        for (d, &open) in state.open_doors().iter().enumerate() {
            if let Some(Some(b)) = node.slots.open_bit.get(d) {
                node.open.set(*b as usize, open);
            }
        }
        for (d, &unlocked) in state.unlocked_doors().iter().enumerate() {
            if let Some(Some(b)) = node.slots.unlocked_bit.get(d) {
                node.unlocked.set(*b as usize, unlocked);
            }
        }
        for (l, lever) in m.levers().iter().enumerate() {
            node.odd.set(l, lever.parity && state.pulled_odd(l));
        }
        node
    }
}

impl Holdings for Node {
    fn door_open(&self, door: usize) -> bool {
        match self.slots.open_bit.get(door) {
            Some(Some(b)) => self.open.get(*b as usize),
            _ => self.slots.open_fixed.get(door).copied().unwrap_or(false),
        }
    }

    fn holds(&self, key: usize) -> bool {
        self.held.get(key)
    }

    fn unlocked(&self, door: usize) -> bool {
        match self.slots.unlocked_bit.get(door) {
            Some(Some(b)) => self.unlocked.get(*b as usize),
            _ => false,
        }
    }

    fn small_in_hand(&self) -> u32 {
        self.in_hand(crate::rules::mechanics::SMALL_KIND)
    }

    fn in_hand(&self, kind: usize) -> u32 {
        self.counts.get(kind).copied().unwrap_or(0)
    }

    fn pulled_odd(&self, lever: usize) -> bool {
        self.odd.get(lever)
    }
}
