//! Compiles the rules of a level ([`Mechanics`]) into the tables the searches
//! run on: a state is a row of `width` 64-bit words, and every check of a
//! passage is a few mask tests.
//!
//! State layout, low bits first: the room index and the small keys in hand
//! (both in word 0), then one bit per room whose keys are tracked
//! ("looted"), one per door that a lever flips ("open now"), one per
//! small-lock door ("unlocked").
//!
//! Which keys are tracked depends on the question. FORMAT.md's state holds
//! every key, so counting states ([`Tracking::EveryKey`]) tracks them all; a
//! key that no lock and no `goal_requires` names changes no step, so searches
//! for plans ([`Tracking::KeysThatMatter`]) leave such keys out and explore
//! fewer, equivalent states.
//!
//! Every passage and pull is taken from [`Mechanics`]; the property tests in
//! `agree.rs` check that these tables allow exactly the steps
//! [`Mechanics::blocked`] allows, state by state. Where each part of the
//! state lives is `compile/layout.rs`; the tables are built in
//! `compile/build.rs`.

use std::ops::ControlFlow;

use crate::rules::mechanics::{Holdings, Mechanics};

/// Doors and levers are told apart in an action by this bit.
pub(crate) const PULL: u32 = 1 << 31;

/// The cost of action `act` (a door, or a lever with [`PULL`]) in `m`:
/// what every search over actions adds per step.
pub(crate) fn act_cost(m: &Mechanics, act: u32) -> f64 {
    if act & PULL != 0 {
        m.lever_cost()
    } else {
        m.cost(act as usize)
    }
}

/// No bit.
pub(crate) const NONE: u32 = u32::MAX;

mod build;
mod layout;
pub(crate) use layout::{Layout, Tracking, layout, layout_within};

/// Bits that must all be set: `(word, mask)` pairs, one per word touched.
pub(crate) type Mask = Vec<(u32, u64)>;

/// The mask with `bits` set, its words in increasing order.
///
/// Sorting, rather than looking for each bit's word among those so far:
/// one lever toggling 80,000 doors has a mask of 1,250 words, and the
/// search made building it quadratic.
pub(crate) fn mask_of(bits: impl IntoIterator<Item = u32>) -> Mask {
    let mut words: Vec<(u32, u64)> = bits
        .into_iter()
        .map(|bit| (bit / 64, 1u64 << (bit % 64)))
        .collect();
    words.sort_unstable_by_key(|&(word, _)| word);
    let mut mask = Mask::with_capacity(words.len());
    for (word, b) in words {
        match mask.last_mut() {
            Some((last, m)) if *last == word => *m |= b,
            _ => mask.push((word, b)),
        }
    }
    mask
}

/// Whether two masks (each in word order, as [`mask_of`] makes them) share
/// a bit.
fn overlap(a: &Mask, b: &Mask) -> bool {
    let (mut i, mut j) = (0, 0);
    while let (Some(&(wa, ma)), Some(&(wb, mb))) = (a.get(i), b.get(j)) {
        match wa.cmp(&wb) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal if ma & mb != 0 => return true,
            std::cmp::Ordering::Equal => (i, j) = (i + 1, j + 1),
        }
    }
    false
}

#[inline]
pub(crate) fn test(s: &[u64], bit: u32) -> bool {
    s[(bit / 64) as usize] & (1 << (bit % 64)) != 0
}

#[inline]
pub(crate) fn set(s: &mut [u64], bit: u32) {
    s[(bit / 64) as usize] |= 1 << (bit % 64);
}

#[inline]
fn has_all(s: &[u64], mask: &[(u32, u64)]) -> bool {
    mask.iter().all(|&(w, m)| s[w as usize] & m == m)
}

/// True when `mask` is empty or `s` has one of its bits.
#[inline]
fn has_any(s: &[u64], mask: &[(u32, u64)]) -> bool {
    mask.is_empty() || mask.iter().any(|&(w, m)| s[w as usize] & m != 0)
}

/// One way out of a room.
#[derive(Clone, Debug)]
pub(crate) struct Exit {
    pub door: u32,
    pub to: u32,
    pub cost: f64,
    /// Into `Compiled::masks`: the door's open bit and its lock keys' loot bits.
    pub need: (u32, u32),
    /// Into `Compiled::masks`: the loot bits of its `locks_any` keys, one of
    /// which must be set; empty for none.
    pub any: (u32, u32),
    /// Small keys spent on the first passage (0 for none).
    pub small: u32,
    /// Into `Compiled::spends`: items of the other kinds spent on the
    /// first passage, `(kind, count)`; empty for none.
    pub spend: (u32, u32),
    /// Into `Compiled::alts`: the door's `open_when`, one of whose
    /// alternatives must hold; empty when it needs none.
    pub cond: (u32, u32),
    pub unlock_bit: u32,
}

/// One alternative of an `open_when`: the parity bits that must be set
/// and those that must be clear (into `Compiled::masks`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Alt {
    pub set: (u32, u32),
    pub clear: (u32, u32),
}

/// One lever in a room.
#[derive(Clone, Debug)]
pub(crate) struct Pull {
    pub lever: u32,
    /// Into `Compiled::masks`: the door bits one pull flips, and the
    /// lever's own parity bit when its parity is part of the state.
    pub flip: (u32, u32),
    /// For a `once` lever, its parity bit: set, it may not be pulled
    /// again. `NONE` for a lever that may always be pulled.
    pub once_bit: u32,
}

/// The whole level as tables over states of `width` words.
#[derive(Clone, Debug)]
pub(crate) struct Compiled {
    pub layout: Layout,
    pub width: usize,
    /// Exits of room `r` are `exits[exit_start[r]..exit_start[r + 1]]`.
    pub exits: Vec<Exit>,
    pub exit_start: Vec<u32>,
    /// Levers of room `r` are `pulls[pull_start[r]..pull_start[r + 1]]`.
    pub pulls: Vec<Pull>,
    pub pull_start: Vec<u32>,
    /// The `(word, mask)` pairs that exits and pulls point into.
    pub masks: Vec<(u32, u64)>,
    /// The `(kind, count)` pairs that exits' `spend` point into.
    pub spends: Vec<(u32, u32)>,
    /// The alternatives that exits' `cond` point into.
    pub alts: Vec<Alt>,
    pub room_mask: u64,
    pub count_shift: u32,
    pub count_mask: u64,
    pub start: Vec<u64>,
    pub goal_room: u32,
    /// `None` when the goal can never count (a required key is missing).
    pub goal_need: Option<Mask>,
    pub lever_cost: f64,
    /// Per key: the loot bit that says it is held, or `NONE`.
    pub key_bit: Vec<u32>,
    /// Whether every step costs a whole number ([`Self::whole_costs`]).
    whole: bool,
}

impl Compiled {
    /// Number of rooms.
    pub fn rooms(&self) -> usize {
        self.exit_start.len() - 1
    }

    #[inline]
    pub fn room(&self, s: &[u64]) -> usize {
        (s[0] & self.room_mask) as usize
    }

    #[inline]
    pub fn small_in_hand(&self, s: &[u64]) -> u32 {
        ((s[0] >> self.count_shift) & self.count_mask) as u32
    }

    #[inline]
    pub fn mask(&self, range: (u32, u32)) -> &[(u32, u64)] {
        &self.masks[range.0 as usize..range.1 as usize]
    }

    /// Picks up the keys in room `r` if not yet taken.
    #[inline]
    pub fn loot(&self, s: &mut [u64], r: usize) {
        let bit = self.layout.loot_bit[r];
        if bit != NONE && !test(s, bit) {
            set(s, bit);
            s[0] += u64::from(self.layout.room_small[r]) << self.count_shift;
            for &(kind, n) in &self.layout.room_items[r] {
                let c = self.layout.counters[kind as usize];
                s[c.word as usize] += u64::from(n) << c.shift;
            }
        }
    }

    /// Items of kind `kind` in hand in `s` (small keys for kind 0).
    #[inline]
    pub fn in_hand(&self, s: &[u64], kind: usize) -> u32 {
        match self.layout.counters.get(kind) {
            Some(c) => ((s[c.word as usize] >> c.shift) & c.mask) as u32,
            None => 0,
        }
    }

    /// The items of the other kinds than small keys `exit` spends.
    #[inline]
    pub fn spends_of(&self, exit: &Exit) -> &[(u32, u32)] {
        &self.spends[exit.spend.0 as usize..exit.spend.1 as usize]
    }

    /// True when passing `exit` spends items the first time.
    #[inline]
    fn spends_items(exit: &Exit) -> bool {
        exit.small > 0 || exit.spend.0 != exit.spend.1
    }

    /// True when `s` has in hand every item the first passage of `exit`
    /// spends.
    #[inline]
    fn can_spend(&self, s: &[u64], exit: &Exit) -> bool {
        self.small_in_hand(s) >= exit.small
            && (self.spends_of(exit).iter()).all(|&(kind, n)| self.in_hand(s, kind as usize) >= n)
    }

    /// Takes from `s` the items the first passage of `exit` spends.
    #[inline]
    fn spend(&self, s: &mut [u64], exit: &Exit) {
        s[0] -= u64::from(exit.small) << self.count_shift;
        for &(kind, n) in self.spends_of(exit) {
            let c = self.layout.counters[kind as usize];
            s[c.word as usize] -= u64::from(n) << c.shift;
        }
    }

    /// True when `exit`'s door has no `open_when`, or one of its
    /// alternatives holds in `s`.
    #[inline]
    fn cond_holds(&self, s: &[u64], exit: &Exit) -> bool {
        let alts = &self.alts[exit.cond.0 as usize..exit.cond.1 as usize];
        alts.is_empty()
            || alts.iter().any(|alt| {
                has_all(s, self.mask(alt.set))
                    && (self.mask(alt.clear).iter()).all(|&(w, m)| s[w as usize] & m == 0)
            })
    }

    /// True when `pull` may be pulled in `s`: it is not a `once` lever
    /// already pulled.
    #[inline]
    pub fn can_pull(s: &[u64], pull: &Pull) -> bool {
        pull.once_bit == NONE || !test(s, pull.once_bit)
    }

    #[inline]
    pub fn is_goal(&self, s: &[u64]) -> bool {
        self.is_goal_in(s, self.room(s))
    }

    /// [`Self::is_goal`] for `s` moved to room `r`, without building it.
    #[inline]
    pub fn is_goal_in(&self, s: &[u64], r: usize) -> bool {
        r == self.goal_room as usize && self.goal_need.as_ref().is_some_and(|g| has_all(s, g))
    }

    /// Moves the player of `s` to room `r`, changing nothing else.
    #[inline]
    pub fn set_room(&self, s: &mut [u64], r: usize) {
        s[0] = (s[0] & !self.room_mask) | r as u64;
    }

    /// The exits of room `r`.
    #[inline]
    pub fn exits_of(&self, r: usize) -> &[Exit] {
        &self.exits[self.exit_start[r] as usize..self.exit_start[r + 1] as usize]
    }

    /// True when every step costs a whole number, so keys can be bucketed.
    /// Worked out once: searches that start by the thousand (one per state
    /// checked for a dead end) would each read every exit.
    pub fn whole_costs(&self) -> bool {
        self.whole
    }

    /// The levers of room `r`.
    #[inline]
    pub fn pulls_of(&self, r: usize) -> &[Pull] {
        &self.pulls[self.pull_start[r] as usize..self.pull_start[r + 1] as usize]
    }

    /// The work of taking every step from `s`, in words: each step reads
    /// and writes a state. What [`super::budget::Budget::check`] counts.
    #[inline]
    pub fn step_work(&self, s: &[u64]) -> usize {
        let r = self.room(s);
        self.width * (1 + self.exits_of(r).len() + self.pulls_of(r).len())
    }

    /// True when `exit`'s door is open in `s` and the keys held let the
    /// player through: all of its lock's, one of its any-of lock's. Small
    /// keys are the caller's to check.
    #[inline]
    fn keys_let(&self, s: &[u64], exit: &Exit) -> bool {
        has_all(s, self.mask(exit.need))
            && has_any(s, self.mask(exit.any))
            && (exit.cond.0 == exit.cond.1 || self.cond_holds(s, exit))
    }

    /// Whether `exit` needs nothing: no key, no lever, no condition, no
    /// item to spend.
    #[inline]
    pub fn needs_nothing(&self, exit: &Exit) -> bool {
        !Self::spends_items(exit)
            && exit.cond.0 == exit.cond.1
            && self.mask(exit.need).is_empty()
            && self.mask(exit.any).is_empty()
    }

    /// Whether `exit` can be taken from `s` without spending anything: its
    /// door lets the player through, and it spends nothing or is unlocked.
    #[inline]
    pub fn passes_free(&self, s: &[u64], exit: &Exit) -> bool {
        self.keys_let(s, exit) && (!Self::spends_items(exit) || test(s, exit.unlock_bit))
    }

    /// Writes into `t` the state after taking `exit` from `s`, or returns
    /// false when the exit cannot be taken.
    #[inline]
    pub fn take_exit(&self, s: &[u64], exit: &Exit, t: &mut [u64]) -> bool {
        if !self.keys_let(s, exit) {
            return false;
        }
        t.copy_from_slice(s);
        self.take_exit_in_place(t, exit)
    }

    /// [`Self::take_exit`] on `s` itself: it changes only the words the
    /// step touches, so a long run of steps costs no copy of a wide state.
    /// `s` is unchanged when it returns false.
    #[inline]
    pub fn take_exit_in_place(&self, s: &mut [u64], exit: &Exit) -> bool {
        if !self.keys_let(s, exit) {
            return false;
        }
        if Self::spends_items(exit) && !test(s, exit.unlock_bit) {
            if !self.can_spend(s, exit) {
                return false;
            }
            self.spend(s, exit);
            set(s, exit.unlock_bit);
        }
        self.set_room(s, exit.to as usize);
        self.loot(s, exit.to as usize);
        true
    }

    /// Whether `exit` can be taken from `s`, and if so whether it is a pure
    /// walk: one after which only the room differs (no small key spent, no
    /// key picked up). The same answer as comparing [`Self::take_exit`]'s
    /// state with `s`, without building it.
    #[inline]
    pub fn walks(&self, s: &[u64], exit: &Exit) -> Option<bool> {
        if !self.keys_let(s, exit) {
            return None;
        }
        let spends = Self::spends_items(exit) && !test(s, exit.unlock_bit);
        if spends && !self.can_spend(s, exit) {
            return None;
        }
        let loot = self.layout.loot_bit[exit.to as usize];
        Some(!spends && (loot == NONE || test(s, loot)))
    }

    /// Writes into `t` the state after pulling `pull` in `s`.
    #[inline]
    pub fn take_pull(&self, s: &[u64], pull: &Pull, t: &mut [u64]) {
        t.copy_from_slice(s);
        self.take_pull_in_place(t, pull);
    }

    /// [`Self::take_pull`] on `s` itself, touching only the flipped words.
    #[inline]
    pub fn take_pull_in_place(&self, s: &mut [u64], pull: &Pull) {
        for &(w, m) in self.mask(pull.flip) {
            s[w as usize] ^= m;
        }
    }

    /// Calls `f(next_state, action, cost)` for every legal step from `s`;
    /// `t` is scratch space of `width` words.
    #[inline]
    pub fn successors(&self, s: &[u64], t: &mut [u64], mut f: impl FnMut(&[u64], u32, f64)) {
        self.successors_while(s, t, |t, act, cost| {
            f(t, act, cost);
            ControlFlow::Continue(())
        });
    }

    /// [`Self::successors`], stopping as soon as `f` breaks: each step of
    /// a room with 100,000 doors writes a state as wide as the level, so a
    /// search out of budget must not go on making them.
    #[inline]
    pub fn successors_while(
        &self,
        s: &[u64],
        t: &mut [u64],
        mut f: impl FnMut(&[u64], u32, f64) -> ControlFlow<()>,
    ) {
        let r = self.room(s);
        for exit in self.exits_of(r) {
            if self.take_exit(s, exit, t) && f(t, exit.door, exit.cost).is_break() {
                return;
            }
        }
        for pull in self.pulls_of(r) {
            if !Self::can_pull(s, pull) {
                continue;
            }
            self.take_pull(s, pull, t);
            if f(t, PULL | pull.lever, self.lever_cost).is_break() {
                return;
            }
        }
    }

    /// The state as the rules see it, to ask [`Mechanics`] about it.
    pub fn view<'s>(&'s self, s: &'s [u64]) -> StateView<'s> {
        StateView { c: self, s }
    }
}

/// A packed state seen through [`Holdings`], so that [`Mechanics`] can judge
/// it with the same rules as replay.
pub(crate) struct StateView<'s> {
    c: &'s Compiled,
    s: &'s [u64],
}

impl StateView<'_> {
    /// The room the player stands in.
    pub fn room(&self) -> usize {
        self.c.room(self.s)
    }
}

impl Holdings for StateView<'_> {
    fn door_open(&self, door: usize) -> bool {
        let bit = self.c.layout.door_bit[door];
        bit != NONE && test(self.s, bit)
    }

    fn holds(&self, key: usize) -> bool {
        let bit = self.c.key_bit[key];
        bit != NONE && test(self.s, bit)
    }

    fn unlocked(&self, door: usize) -> bool {
        let bit = self.c.layout.unlock_bit[door];
        bit != NONE && test(self.s, bit)
    }

    fn small_in_hand(&self) -> u32 {
        self.c.small_in_hand(self.s)
    }

    fn in_hand(&self, kind: usize) -> u32 {
        self.c.in_hand(self.s, kind)
    }

    fn pulled_odd(&self, lever: usize) -> bool {
        let bit = self.c.layout.lever_bit[lever];
        bit != NONE && test(self.s, bit)
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod stopping;
