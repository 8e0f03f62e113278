//! Building a level's tables ([`Compiled::new`]): every exit and pull of
//! [`Mechanics`] as masks over the state's words, the items each exit
//! spends, its door's `open_when` as alternatives of parity bits, and the
//! start state.

use super::{Alt, Compiled, Exit, Layout, Mask, NONE, Pull, mask_of, overlap, set};
use crate::rules::mechanics::{Mechanics, Opening, Passage, SMALL_KIND};

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
}
