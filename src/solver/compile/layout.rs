//! Where each part of a compiled state lives: which keys, doors and small
//! locks get bits, for which question, within which rooms.

use super::NONE;
use crate::rules::mechanics::{Mechanics, Opening};

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
    /// Per key: tracked (its holding is part of the state).
    pub tracked: Vec<bool>,
    pub total_bits: u32,
    /// Per room: part of the search. Rooms outside are never entered, and
    /// what lies there is not tracked (see `relevance`).
    pub inside: Vec<bool>,
    /// Per door: both its rooms are inside, so a plan may pass it.
    pub door_in: Vec<bool>,
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
    let mut named = vec![false; m.keys().len()];
    for (d, door) in m.doors_not_free() {
        if !door_in[d] {
            continue;
        }
        for &k in door.locks.iter().chain(&door.locks_any) {
            named[k] = true;
        }
    }
    for &k in m.goal_requires() {
        named[k] = true;
    }
    let tracked: Vec<bool> = m
        .keys()
        .iter()
        .enumerate()
        .map(|(k, key)| {
            !removed.get(k).copied().unwrap_or(false)
                && inside[key.room]
                && (tracking == Tracking::EveryKey || key.small || named[k])
        })
        .collect();
    let mut room_small = vec![0u32; rooms];
    let mut has_loot = vec![false; rooms];
    for (k, key) in m.keys().iter().enumerate() {
        if tracked[k] {
            has_loot[key.room] = true;
            room_small[key.room] += u32::from(key.small);
        }
    }
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
        unlock_bit[d] = take(door_in[d] && door.small_locks > 0);
    }
    Layout {
        room_bits,
        count_bits,
        loot_bit,
        door_bit,
        unlock_bit,
        room_small,
        tracked,
        total_bits: next,
        inside,
        door_in,
    }
}
