//! Compiles a level into the tables the search runs on: every state is a
//! fixed-width bitset of `W` words, every lock and door check one mask test.
//!
//! State layout, low bits first: the room index and the small keys in hand
//! (both in word 0), then one bit per room whose keys matter ("looted"), one
//! per door that a lever toggles ("open now"), one per small-lock door
//! ("unlocked").

use crate::model::{Level, LevelIndex};

/// Doors and levers are told apart in an action by this bit.
pub(crate) const PULL: u32 = 1 << 31;
/// No bit.
pub(crate) const NONE: u32 = u32::MAX;
/// Widest state supported, in 64-bit words.
pub(crate) const MAX_WORDS: usize = 8;

/// Where each part of the state lives. Independent of the word count.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    pub room_bits: u32,
    pub count_bits: u32,
    /// Per room: its loot bit, or `NONE`.
    pub loot_bit: Vec<u32>,
    /// Per door: its open bit, or `NONE` when no lever toggles it.
    pub door_bit: Vec<u32>,
    /// Per door: its unlocked bit, or `NONE` when it has no small lock.
    pub unlock_bit: Vec<u32>,
    /// Per room: small keys lying there (after removals).
    pub room_small: Vec<u32>,
    /// Per key: whether the player can ever hold it.
    pub key_present: Vec<bool>,
    pub total_bits: u32,
}

impl Layout {
    pub fn words(&self) -> usize {
        (self.total_bits as usize).div_ceil(64).max(1)
    }

    /// A loose upper bound on the number of states, for "too large" messages.
    pub fn state_bound(&self, rooms: usize) -> f64 {
        let flags = self.total_bits - self.room_bits - self.count_bits;
        rooms as f64 * f64::from(1u32 << self.count_bits.min(31)) * 2f64.powi(flags as i32)
    }
}

fn bits_for(max_value: usize) -> u32 {
    usize::BITS - max_value.leading_zeros()
}

/// Builds the layout. `removed_key` (an index into `level.keys`) is treated as
/// if it were not in the level: its locks never open, or one small key fewer.
pub(crate) fn layout(level: &Level, index: &LevelIndex, removed_key: Option<usize>) -> Layout {
    let rooms = level.rooms.len();
    let key_present: Vec<bool> = (0..level.keys.len())
        .map(|k| Some(k) != removed_key)
        .collect();
    // Every key held is part of the state of play (FORMAT.md), even one that
    // opens nothing: a red herring is still in the player's pocket.
    let relevant = key_present.clone();
    let mut room_small = vec![0u32; rooms];
    let mut has_loot = vec![false; rooms];
    for (k, key) in level.keys.iter().enumerate() {
        if let Some(r) = index.room(&key.room)
            && relevant[k]
        {
            has_loot[r] = true;
            if key.small {
                room_small[r] += 1;
            }
        }
    }
    let total_small: u32 = room_small.iter().sum();
    let room_bits = bits_for(rooms.saturating_sub(1)).max(1);
    let count_bits = bits_for(total_small as usize);
    let mut next = room_bits + count_bits;
    let mut take = || {
        let bit = next;
        next += 1;
        bit
    };
    let loot_bit = has_loot
        .iter()
        .map(|&l| if l { take() } else { NONE })
        .collect();
    let toggled: Vec<bool> = level
        .doors
        .iter()
        .map(|d| level.levers.iter().any(|l| l.toggles.contains(&d.id)))
        .collect();
    let door_bit = toggled
        .iter()
        .map(|&t| if t { take() } else { NONE })
        .collect();
    let unlock_bit = level
        .doors
        .iter()
        .map(|d| if d.small_locks > 0 { take() } else { NONE })
        .collect();
    Layout {
        room_bits,
        count_bits,
        loot_bit,
        door_bit,
        unlock_bit,
        room_small,
        key_present,
        total_bits: next,
    }
}

/// A state: `W` words of bits.
pub(crate) type Bits<const W: usize> = [u64; W];

#[inline]
pub(crate) fn set<const W: usize>(s: &mut Bits<W>, bit: u32) {
    s[(bit / 64) as usize] |= 1 << (bit % 64);
}

#[inline]
pub(crate) fn test<const W: usize>(s: &Bits<W>, bit: u32) -> bool {
    s[(bit / 64) as usize] & (1 << (bit % 64)) != 0
}

#[inline]
pub(crate) fn has_all<const W: usize>(s: &Bits<W>, mask: &Bits<W>) -> bool {
    let mut ok = true;
    for i in 0..W {
        ok &= s[i] & mask[i] == mask[i];
    }
    ok
}

/// One way out of a room through a door.
#[derive(Clone, Debug)]
pub(crate) struct Exit<const W: usize> {
    pub door: u32,
    pub to: u32,
    pub cost: f64,
    /// Bits that must all be set: the door's open bit and its lock keys' loot bits.
    pub need: Bits<W>,
    /// Small keys spent on first passage (0 for none).
    pub small: u32,
    pub unlock_bit: u32,
}

/// One lever in a room.
#[derive(Clone, Debug)]
pub(crate) struct Pull<const W: usize> {
    pub lever: u32,
    pub flip: Bits<W>,
}

/// The whole level as tables over states of `W` words.
#[derive(Clone, Debug)]
pub(crate) struct Compiled<const W: usize> {
    pub layout: Layout,
    /// Exits of room `r` are `exits[exit_start[r]..exit_start[r + 1]]`.
    pub exits: Vec<Exit<W>>,
    pub exit_start: Vec<u32>,
    /// Levers of room `r` are `pulls[pull_start[r]..pull_start[r + 1]]`.
    pub pulls: Vec<Pull<W>>,
    pub pull_start: Vec<u32>,
    pub room_mask: u64,
    pub count_shift: u32,
    pub count_mask: u64,
    pub start: Bits<W>,
    pub goal_room: u32,
    /// `None` when the goal can never count (a required key is missing).
    pub goal_need: Option<Bits<W>>,
    pub lever_cost: f64,
}

/// `-0.0` becomes `0.0`, so that cost bit patterns order like the numbers.
fn clean(cost: f64) -> f64 {
    if cost == 0.0 { 0.0 } else { cost }
}

impl<const W: usize> Compiled<W> {
    /// Compiles a valid level (references resolve) with its layout.
    pub fn new(
        level: &Level,
        index: &LevelIndex,
        layout: Layout,
        start: usize,
        goal: usize,
    ) -> Self {
        let rooms = level.rooms.len();
        // Mask of the loot bits that give a key, or None when it cannot be had.
        let key_mask = |key: &crate::model::KeyId| -> Option<Bits<W>> {
            let k = index.key(key)?;
            if !layout.key_present[k] {
                return None;
            }
            let r = index.room(&level.keys[k].room)?;
            let mut m = [0; W];
            set(&mut m, layout.loot_bit[r]);
            Some(m)
        };
        let mut exits_of: Vec<Vec<Exit<W>>> = vec![Vec::new(); rooms];
        'doors: for (d, door) in level.doors.iter().enumerate() {
            let (Some(a), Some(b)) = (index.room(&door.from), index.room(&door.to)) else {
                continue;
            };
            let mut need = [0; W];
            if layout.door_bit[d] != NONE {
                set(&mut need, layout.door_bit[d]);
            } else if !door.open {
                continue; // closed for good
            }
            for key in &door.locks {
                let Some(m) = key_mask(key) else {
                    continue 'doors; // a key that cannot be had: never passable
                };
                for i in 0..W {
                    need[i] |= m[i];
                }
            }
            let exit = |to: usize| Exit {
                door: d as u32,
                to: to as u32,
                cost: clean(door.cost),
                need,
                small: door.small_locks,
                unlock_bit: layout.unlock_bit[d],
            };
            exits_of[a].push(exit(b));
            if !door.one_way {
                exits_of[b].push(exit(a));
            }
        }
        let mut pulls_of: Vec<Vec<Pull<W>>> = vec![Vec::new(); rooms];
        for (l, lever) in level.levers.iter().enumerate() {
            let Some(r) = index.room(&lever.room) else {
                continue;
            };
            let mut flip = [0; W];
            for door in &lever.toggles {
                if let Some(d) = index.door(door) {
                    let bit = layout.door_bit[d];
                    flip[(bit / 64) as usize] ^= 1 << (bit % 64);
                }
            }
            pulls_of[r].push(Pull {
                lever: l as u32,
                flip,
            });
        }
        let (exits, exit_start) = flatten(exits_of);
        let (pulls, pull_start) = flatten(pulls_of);
        let mut goal_need = Some([0; W]);
        for key in &level.goal_requires {
            goal_need = match (goal_need, key_mask(key)) {
                (Some(mut g), Some(m)) => {
                    for i in 0..W {
                        g[i] |= m[i];
                    }
                    Some(g)
                }
                _ => None,
            };
        }
        let room_mask = (1u64 << layout.room_bits) - 1;
        let count_shift = layout.room_bits;
        let count_mask = (1u64 << layout.count_bits) - 1;
        let mut compiled = Self {
            exits,
            exit_start,
            pulls,
            pull_start,
            room_mask,
            count_shift,
            count_mask,
            start: [0; W],
            goal_room: goal as u32,
            goal_need,
            lever_cost: clean(level.lever_cost),
            layout,
        };
        let mut s = [0; W];
        s[0] = start as u64;
        for (d, door) in level.doors.iter().enumerate() {
            if door.open && compiled.layout.door_bit[d] != NONE {
                set(&mut s, compiled.layout.door_bit[d]);
            }
        }
        compiled.loot(&mut s, start);
        compiled.start = s;
        compiled
    }

    #[inline]
    pub fn room(&self, s: &Bits<W>) -> usize {
        (s[0] & self.room_mask) as usize
    }

    #[inline]
    pub fn small_in_hand(&self, s: &Bits<W>) -> u32 {
        ((s[0] >> self.count_shift) & self.count_mask) as u32
    }

    /// Picks up the keys in room `r` if not yet taken.
    #[inline]
    pub fn loot(&self, s: &mut Bits<W>, r: usize) {
        let bit = self.layout.loot_bit[r];
        if bit != NONE && !test(s, bit) {
            set(s, bit);
            s[0] += u64::from(self.layout.room_small[r]) << self.count_shift;
        }
    }

    #[inline]
    pub fn is_goal(&self, s: &Bits<W>) -> bool {
        self.room(s) == self.goal_room as usize && self.goal_need.is_some_and(|g| has_all(s, &g))
    }

    /// Calls `f(next_state, action, cost)` for every legal step from `s`.
    #[inline]
    pub fn successors(&self, s: &Bits<W>, mut f: impl FnMut(Bits<W>, u32, f64)) {
        let r = self.room(s);
        let exits = &self.exits[self.exit_start[r] as usize..self.exit_start[r + 1] as usize];
        for exit in exits {
            if !has_all(s, &exit.need) {
                continue;
            }
            let mut t = *s;
            if exit.small > 0 && !test(&t, exit.unlock_bit) {
                let held = self.small_in_hand(&t);
                if held < exit.small {
                    continue;
                }
                t[0] -= u64::from(exit.small) << self.count_shift;
                set(&mut t, exit.unlock_bit);
            }
            t[0] = (t[0] & !self.room_mask) | u64::from(exit.to);
            self.loot(&mut t, exit.to as usize);
            f(t, exit.door, exit.cost);
        }
        let pulls = &self.pulls[self.pull_start[r] as usize..self.pull_start[r + 1] as usize];
        for pull in pulls {
            let mut t = *s;
            for (word, flip) in t.iter_mut().zip(pull.flip) {
                *word ^= flip;
            }
            f(t, PULL | pull.lever, self.lever_cost);
        }
    }
}

fn flatten<T>(lists: Vec<Vec<T>>) -> (Vec<T>, Vec<u32>) {
    let mut starts = Vec::with_capacity(lists.len() + 1);
    let mut flat = Vec::new();
    starts.push(0);
    for list in lists {
        flat.extend(list);
        starts.push(flat.len() as u32);
    }
    (flat, starts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Door, Key, Lever, Room};

    #[test]
    fn layout_gives_each_part_of_the_state_its_own_bits() {
        let mut level = Level::new("t");
        for i in 2..=5 {
            level.rooms.push(Room::new(format!("r{i}"), [0.0, 0.0]));
        }
        let mut locked = Door::new("d1", "r1", "r2");
        locked.small_locks = 2;
        level.doors.push(locked);
        level.doors.push(Door::new("d2", "r2", "r3"));
        let mut small = Key::new("s1", "r3");
        small.small = true;
        level.keys.push(small);
        let mut small = Key::new("s2", "r3");
        small.small = true;
        level.keys.push(small);
        level.keys.push(Key::new("k", "r4"));
        level.levers.push(Lever::new("l", "r1", vec!["d2".into()]));
        let index = LevelIndex::new(&level);
        let l = layout(&level, &index, None);
        assert_eq!(l.room_bits, 3, "5 rooms need 3 bits");
        assert_eq!(l.count_bits, 2, "up to 2 small keys in hand");
        assert_eq!(l.room_small[index.room(&"r3".into()).unwrap()], 2);
        let loot: Vec<u32> = l.loot_bit.iter().copied().filter(|&b| b != NONE).collect();
        assert_eq!(loot.len(), 2, "r3 (two small keys share a bit) and r4");
        assert_ne!(l.door_bit[1], NONE, "d2 is toggled");
        assert_eq!(l.door_bit[0], NONE);
        assert_ne!(l.unlock_bit[0], NONE, "d1 has a small lock");
        assert_eq!(l.total_bits, 3 + 2 + 2 + 1 + 1);
        assert_eq!(l.words(), 1);
        let without = layout(&level, &index, index.key(&"s1".into()));
        assert_eq!(
            without.room_small[index.room(&"r3".into()).unwrap()],
            1,
            "a removed small key is not there to pick up"
        );
    }

    #[test]
    fn masks_test_and_set_bits_across_words() {
        let mut s: Bits<2> = [0; 2];
        set(&mut s, 3);
        set(&mut s, 70);
        assert!(test(&s, 70) && test(&s, 3) && !test(&s, 69));
        let mut need: Bits<2> = [0; 2];
        set(&mut need, 70);
        assert!(has_all(&s, &need));
        set(&mut need, 5);
        assert!(!has_all(&s, &need));
    }
}
