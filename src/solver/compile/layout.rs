//! Where each part of a compiled state lives: which keys, doors and small
//! locks get bits, for which question, within which rooms.

use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry;

use super::NONE;
use crate::rules::mechanics::{Mechanics, Opening, SMALL_KIND};

/// Which keys held are part of the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tracking {
    /// Every key: the states FORMAT.md counts.
    EveryKey,
    /// Small keys and keys some lock or `goal_requires` names.
    KeysThatMatter,
}

/// Where each part of the state lives.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    pub room_bits: u32,
    pub count_bits: u32,
    /// Per room: its loot bit, or `NONE` when none of its keys is tracked.
    pub loot_bit: Vec<u32>,
    /// Per door: its open bit, or `NONE` when no lever flips it.
    pub door_bit: Vec<u32>,
    /// Per door: its unlocked bit, or `NONE` when it has no small lock.
    pub unlock_bit: Vec<u32>,
    /// Per room: tracked small keys lying there.
    pub room_small: Vec<u32>,
    /// Per room: tracked items of the other kinds lying there, `(kind, n)`.
    pub room_items: Vec<Vec<(u32, u32)>>,
    /// Per lever: its parity bit (pulled an odd number of times), or `NONE`
    /// when its parity is not part of the state or it stands outside.
    pub lever_bit: Vec<u32>,
    /// Per kind of item: where its count in hand lives. Kind 0 (small keys)
    /// is in word 0 after the room; the others after every other bit, each
    /// within one word.
    pub counters: Vec<Counter>,
    /// Per key: tracked (its holding is part of the state).
    pub tracked: Vec<bool>,
    pub total_bits: u32,
    /// Per room: part of the search. Rooms outside are never entered, and
    /// what lies there is not tracked (see `relevance`).
    pub inside: Vec<bool>,
    /// Per door: both its rooms are inside, so a plan may pass it.
    pub door_in: Vec<bool>,
}

/// Where one kind's count of items in hand lives: `(s[word] >> shift) & mask`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Counter {
    pub word: u32,
    pub shift: u32,
    pub mask: u64,
}

impl Layout {
    /// Words per state.
    pub fn width(&self) -> usize {
        (self.total_bits as usize).div_ceil(64).max(1)
    }
}

fn bits_for(max_value: u64) -> u32 {
    u64::BITS - max_value.leading_zeros()
}

/// Builds the layout. `removed` keys are treated as absent from the level.
pub(crate) fn layout(m: &Mechanics, tracking: Tracking, removed: &[bool]) -> Layout {
    layout_within(m, tracking, removed, vec![true; m.rooms()])
}

/// The layout of a search that never leaves the rooms marked `inside`:
/// keys, doors and small locks elsewhere get no bits.
pub(crate) fn layout_within(
    m: &Mechanics,
    tracking: Tracking,
    removed: &[bool],
    inside: Vec<bool>,
) -> Layout {
    let rooms = m.rooms();
    let door_in: Vec<bool> = (0..m.doors().len())
        .map(|d| m.ends(d).is_some_and(|(a, b)| inside[a] && inside[b]))
        .collect();
    let tracked = tracked_keys(m, tracking, removed, &inside, &door_in);
    let Contents {
        room_small,
        room_items,
        has_loot,
        kind_total,
    } = contents(m, &tracked);
    let total_small: u64 = room_small.iter().map(|&n| u64::from(n)).sum();
    let room_bits = bits_for(rooms.saturating_sub(1) as u64).max(1);
    let count_bits = bits_for(total_small);
    let mut next = room_bits + count_bits;
    let mut take = |wanted: bool| {
        if wanted {
            next += 1;
            next - 1
        } else {
            NONE
        }
    };
    let loot_bit = has_loot.iter().map(|&l| take(l)).collect();
    // Lever doors and small locks are never free: only the other doors'
    // rules are read, each pass in door order, as the bits are numbered.
    let mut door_bit = vec![NONE; m.doors().len()];
    for (d, door) in m.doors_not_free() {
        door_bit[d] = take(door_in[d] && matches!(door.opening, Opening::Lever { .. }));
    }
    let mut unlock_bit = vec![NONE; m.doors().len()];
    for (d, door) in m.doors_not_free() {
        unlock_bit[d] = take(door_in[d] && !door.spend.is_empty());
    }
    let lever_bit = (m.levers().iter())
        .map(|l| take(l.parity && inside[l.room]))
        .collect();
    let counters = counters(room_bits, count_bits, &kind_total, &mut next);
    Layout {
        room_bits,
        count_bits,
        loot_bit,
        door_bit,
        unlock_bit,
        room_small,
        room_items,
        lever_bit,
        counters,
        tracked,
        total_bits: next,
        inside,
        door_in,
    }
}

/// Per key: is it part of the state? Every key inside with
/// [`Tracking::EveryKey`]; else the small keys, the keys a lock inside or
/// the goal names, and the items of kinds a door inside spends.
fn tracked_keys(
    m: &Mechanics,
    tracking: Tracking,
    removed: &[bool],
    inside: &[bool],
    door_in: &[bool],
) -> Vec<bool> {
    let mut named = vec![false; m.keys().len()];
    for (d, _) in m.doors_not_free() {
        if !door_in[d] {
            continue;
        }
        for k in m.keys_read(d) {
            named[k] = true;
        }
    }
    for &k in m.goal_requires() {
        named[k] = true;
    }
    let spent = spent_kinds(m, door_in);
    m.keys()
        .iter()
        .enumerate()
        .map(|(k, key)| {
            !removed.get(k).copied().unwrap_or(false)
                && inside[key.room]
                && (tracking == Tracking::EveryKey
                    || key.small
                    || named[k]
                    || key.kind.is_some_and(|kind| spent[kind]))
        })
        .collect()
}

/// What the tracked keys put in each room.
struct Contents {
    /// Per room: its small keys.
    room_small: Vec<u32>,
    /// Per room: `(kind, count)` of its items of other kinds, in first-seen order.
    room_items: Vec<Vec<(u32, u32)>>,
    /// Per room: it holds a tracked key.
    has_loot: Vec<bool>,
    /// Per kind: its items in the level.
    kind_total: Vec<u64>,
}

/// Counts the tracked keys per room and kind.
fn contents(m: &Mechanics, tracked: &[bool]) -> Contents {
    let rooms = m.rooms();
    let mut c = Contents {
        room_small: vec![0u32; rooms],
        room_items: vec![Vec::new(); rooms],
        has_loot: vec![false; rooms],
        kind_total: vec![0u64; m.kinds().len()],
    };
    // Where each (room, kind) is counted in `room_items`: a room may hold
    // items of tens of thousands of kinds, too many to look through for
    // each one.
    let mut slot: FxHashMap<(usize, usize), usize> = FxHashMap::default();
    for (k, key) in m.keys().iter().enumerate() {
        if !tracked[k] {
            continue;
        }
        c.has_loot[key.room] = true;
        c.room_small[key.room] += u32::from(key.small);
        if let Some(kind) = key.kind.filter(|&kind| kind != SMALL_KIND) {
            c.kind_total[kind] += 1;
            let items = &mut c.room_items[key.room];
            match slot.entry((key.room, kind)) {
                Entry::Occupied(at) => items[*at.get()].1 += 1,
                Entry::Vacant(at) => {
                    at.insert(items.len());
                    items.push((kind as u32, 1));
                }
            }
        }
    }
    c
}

/// Per kind: whether some door inside spends it.
fn spent_kinds(m: &Mechanics, door_in: &[bool]) -> Vec<bool> {
    let mut spent = vec![false; m.kinds().len()];
    for (d, door) in m.doors_not_free() {
        if door_in[d] {
            for &(kind, _) in &door.spend {
                spent[kind] = true;
            }
        }
    }
    spent
}

/// The counters of every kind: small keys in word 0, the others from bit
/// `next` on, each wide enough for every item of its kind and never split
/// between two words.
fn counters(room_bits: u32, count_bits: u32, totals: &[u64], next: &mut u32) -> Vec<Counter> {
    let mask = |bits: u32| {
        if bits == 0 {
            0
        } else {
            u64::MAX >> (64 - bits)
        }
    };
    let mut counters = vec![Counter {
        word: 0,
        shift: room_bits,
        mask: mask(count_bits),
    }];
    for &total in totals.iter().skip(1) {
        let bits = bits_for(total);
        if bits > 0 && *next % 64 + bits > 64 {
            *next = next.div_ceil(64) * 64;
        }
        counters.push(Counter {
            word: *next / 64,
            shift: *next % 64,
            mask: mask(bits),
        });
        *next += bits;
    }
    counters
}
