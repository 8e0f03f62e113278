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
//! state lives is `compile/layout.rs`.

use std::ops::ControlFlow;

use crate::rules::mechanics::{Holdings, Mechanics, Opening, Passage, SMALL_KIND};

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

/// The `(word, mask)` pairs of every exit and pull, one after another,
/// with the exits' items to spend and conditions.
#[derive(Default)]
struct Masks(Vec<(u32, u64)>, Vec<(u32, u32)>, Vec<Alt>);

impl Masks {
    /// Adds `mask`; returns where it lies in the list.
    fn push(&mut self, mask: Mask) -> (u32, u32) {
        let start = self.0.len() as u32;
        self.0.extend(mask);
        (start, self.0.len() as u32)
    }

    /// Adds the `(kind, count)` pairs of `spend`; returns where they lie.
    fn push_spend(&mut self, spend: impl Iterator<Item = (u32, u32)>) -> (u32, u32) {
        let start = self.1.len() as u32;
        self.1.extend(spend);
        (start, self.1.len() as u32)
    }

    /// Adds the alternatives of a condition; returns where they lie.
    fn push_alts(&mut self, alts: Vec<(Mask, Mask)>) -> (u32, u32) {
        let start = self.2.len() as u32;
        for (set, clear) in alts {
            let alt = Alt {
                set: self.push(set),
                clear: self.push(clear),
            };
            self.2.push(alt);
        }
        (start, self.2.len() as u32)
    }
}

/// Door `door`'s `open_when` as alternatives of parity bits that must be
/// set and clear, or `None` when none can ever hold; empty when one always
/// holds. A lever whose parity has no bit is never pulled in the search.
fn condition(
    door: &crate::rules::mechanics::DoorRule,
    layout: &Layout,
) -> Option<Vec<(Mask, Mask)>> {
    let mut alts = Vec::new();
    for all in &door.open_when {
        let (mut set, mut clear) = (Vec::new(), Vec::new());
        let mut possible = true;
        for &(l, pulled) in all {
            let bit = layout.lever_bit[l];
            match (bit == NONE, pulled) {
                (true, true) => possible = false,
                (true, false) => {}
                (false, true) => set.push(bit),
                (false, false) => clear.push(bit),
            }
        }
        if !possible {
            continue;
        }
        if set.is_empty() && clear.is_empty() {
            return Some(Vec::new());
        }
        // A lever both down and up never holds. Compared as masks, in
        // word order: an alternative of tens of thousands of literals
        // made a search of each in the others quadratic.
        let (set, clear) = (mask_of(set), mask_of(clear));
        if !overlap(&set, &clear) {
            alts.push((set, clear));
        }
    }
    (!alts.is_empty()).then_some(alts)
}

/// Per key: the loot bit that says it is held, or `NONE` when not tracked.
fn key_bits(m: &Mechanics, layout: &Layout) -> Vec<u32> {
    (m.keys().iter().enumerate())
        .map(|(k, key)| {
            if layout.tracked[k] {
                layout.loot_bit[key.room]
            } else {
                NONE
            }
        })
        .collect()
}

/// The exits of every room, grouped by room: the passages of doors in the
/// layout that can ever open, each with what it needs.
fn exits(
    m: &Mechanics,
    layout: &Layout,
    key_bit: &[u32],
    masks: &mut Masks,
) -> (Vec<Exit>, Vec<u32>) {
    let mut exits = Vec::with_capacity(m.passages().len());
    let mut exit_start = vec![0u32; m.rooms() + 1];
    for r in 0..m.rooms() {
        for p in m.passages_from(r) {
            if layout.door_in[p.door] {
                exits.extend(exit(m, layout, key_bit, masks, p));
            }
        }
        exit_start[r + 1] = exits.len() as u32;
    }
    (exits, exit_start)
}

/// The exit of passage `p`, or `None` when its door never opens.
fn exit(
    m: &Mechanics,
    layout: &Layout,
    key_bit: &[u32],
    masks: &mut Masks,
    p: Passage,
) -> Option<Exit> {
    if m.is_free(p.door) {
        // Open for good and unlocked: it needs nothing, and its rule, a
        // cache miss on a large level, is not read.
        return Some(Exit {
            door: p.door as u32,
            to: p.to as u32,
            cost: clean(m.cost(p.door)),
            need: masks.push(Mask::new()),
            any: masks.push(Mask::new()),
            small: 0,
            spend: masks.push_spend(std::iter::empty()),
            cond: masks.push_alts(Vec::new()),
            unlock_bit: layout.unlock_bit[p.door],
        });
    }
    let door = &m.doors()[p.door];
    let (lever_bit, alts) = match door.opening {
        Opening::Shut => return None,
        Opening::When => (None, condition(door, layout)?),
        Opening::Open => (None, Vec::new()),
        Opening::Lever { .. } => (Some(layout.door_bit[p.door]), Vec::new()),
    };
    // From the free side of a one-sided lock, only whether it is open counts.
    let (locks, locks_any, spend): (&[usize], &[usize], &[(usize, u32)]) = if m.locked_here(p) {
        (&door.locks, &door.locks_any, &door.spend)
    } else {
        (&[], &[], &[])
    };
    let small = (spend.iter())
        .find(|&&(kind, _)| kind == SMALL_KIND)
        .map_or(0, |&(_, n)| n);
    let others = (spend.iter())
        .filter(|&&(kind, _)| kind != SMALL_KIND)
        .map(|&(kind, n)| (kind as u32, n));
    // A lock naming a key that cannot be had never opens, nor an any-of
    // lock none of whose keys can be had.
    let any: Vec<u32> = (locks_any.iter())
        .map(|&k| key_bit[k])
        .filter(|&bit| bit != NONE)
        .collect();
    if locks.iter().any(|&k| key_bit[k] == NONE) || (any.is_empty() && !locks_any.is_empty()) {
        return None;
    }
    let need = mask_of(
        lever_bit
            .into_iter()
            .chain(locks.iter().map(|&k| key_bit[k])),
    );
    Some(Exit {
        door: p.door as u32,
        to: p.to as u32,
        cost: clean(door.cost),
        need: masks.push(need),
        any: masks.push(mask_of(any)),
        small,
        spend: masks.push_spend(others),
        cond: masks.push_alts(alts),
        unlock_bit: layout.unlock_bit[p.door],
    })
}

/// The levers of every room inside the layout, grouped by room, each with
/// the door bits one pull flips.
fn pulls(m: &Mechanics, layout: &Layout, masks: &mut Masks) -> (Vec<Pull>, Vec<u32>) {
    let mut pulls = Vec::with_capacity(m.levers().len());
    let mut pull_start = vec![0u32; m.rooms() + 1];
    for r in 0..m.rooms() {
        for l in m.levers_in(r).filter(|_| layout.inside[r]) {
            let rule = &m.levers()[l];
            let flips = rule.flips.iter().map(|&d| layout.door_bit[d]);
            let own = layout.lever_bit[l];
            let flip = mask_of(flips.chain([own]).filter(|&bit| bit != NONE));
            pulls.push(Pull {
                lever: l as u32,
                flip: masks.push(flip),
                once_bit: if rule.once { own } else { NONE },
            });
        }
        pull_start[r + 1] = pulls.len() as u32;
    }
    (pulls, pull_start)
}

/// `-0.0` becomes `0.0`, so that cost bit patterns order like the numbers.
fn clean(cost: f64) -> f64 {
    if cost == 0.0 { 0.0 } else { cost }
}

impl Compiled {
    /// Compiles the rules with their layout.
    pub fn new(m: &Mechanics, layout: Layout) -> Self {
        let width = layout.width();
        let key_bit = key_bits(m, &layout);
        let mut masks = Masks::default();
        let (exits, exit_start) = exits(m, &layout, &key_bit, &mut masks);
        let (pulls, pull_start) = pulls(m, &layout, &mut masks);
        let goal_bits: Option<Vec<u32>> = (m.goal_requires().iter())
            .map(|&k| (key_bit[k] != NONE).then_some(key_bit[k]))
            .collect();
        let goal_need = goal_bits.map(mask_of);
        let mut compiled = Self {
            width,
            exits,
            exit_start,
            pulls,
            pull_start,
            masks: masks.0,
            spends: masks.1,
            alts: masks.2,
            room_mask: (1u64 << layout.room_bits) - 1,
            count_shift: layout.room_bits,
            count_mask: (1u64 << layout.count_bits) - 1,
            start: vec![0; width],
            goal_room: m.goal() as u32,
            goal_need,
            lever_cost: clean(m.lever_cost()),
            key_bit,
            layout,
            whole: false,
        };
        compiled.whole = compiled.lever_cost.fract() == 0.0
            && compiled.exits.iter().all(|e| e.cost.fract() == 0.0);
        compiled.start = compiled.start_state(m);
        compiled
    }

    fn start_state(&self, m: &Mechanics) -> Vec<u64> {
        let mut s = vec![0u64; self.width];
        s[0] = m.start() as u64;
        for (d, door) in m.doors_not_free() {
            if let Opening::Lever {
                open_at_start: true,
            } = door.opening
                && self.layout.door_bit[d] != NONE
            {
                set(&mut s, self.layout.door_bit[d]);
            }
        }
        self.loot(&mut s, m.start());
        s
    }

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
