//! The warnings of a level: what is legal but probably not what the
//! designer meant.

use std::collections::VecDeque;

use rustc_hash::FxHashSet;

use super::{DoorFacts, Problem, Validator};
use crate::model::ItemId;
use crate::rules::{Holdings, Mechanics};

impl Validator<'_> {
    pub(super) fn check_warnings(&mut self, doors: &DoorFacts) {
        self.door_warnings(doors.locks);
        self.small_key_warning(doors.most_small_locks);
        self.lever_warnings(&doors.in_conditions);
        if doors.locks > 0 {
            // No key is behind a lock of its own when no door has a lock.
            self.own_lock_warnings();
        }
    }

    /// The doors of every lever's toggles, one lever after another, as
    /// validation found them (looked up again if one was missing).
    pub(super) fn toggle_positions(&self) -> std::borrow::Cow<'_, [usize]> {
        let all = self.level.levers.iter().flat_map(|l| l.toggles.iter());
        positions(&self.found.toggles, all, |id| self.index.door(id))
    }

    /// The keys of every door's locks, one door after another, likewise.
    /// `count` is the number of entries in all the `locks` lists.
    fn lock_positions(&self, count: usize) -> std::borrow::Cow<'_, [usize]> {
        if count == self.found.locks.len() {
            return std::borrow::Cow::Borrowed(&self.found.locks);
        }
        let all = self.level.doors.iter().flat_map(|d| d.locks.iter());
        positions(&self.found.locks, all, |id| self.index.key(id))
    }

    /// Doors that never open, and keys listed twice in a lock.
    fn door_warnings(&mut self, locks: usize) {
        let level = self.level;
        let mut toggled = vec![false; level.doors.len()];
        for &d in self.toggle_positions().iter() {
            if let Some(t) = toggled.get_mut(d) {
                *t = true;
            }
        }
        let locks = self.lock_positions(locks).into_owned();
        let mut seen = Seen::new(level.keys.len());
        let mut next = 0;
        for (i, door) in level.doors.iter().enumerate() {
            let item = || ItemId::Door(door.id.clone());
            let own = locks.get(next..next + door.locks.len()).unwrap_or_default();
            next += door.locks.len();
            if !door.open && door.open_when.is_none() && !toggled[i] {
                let p = Problem::new(
                    format!("doors[{i}]"),
                    "starts closed and no lever toggles it, so it never opens",
                );
                self.warn(p.about(item()));
            }
            if let Some(j) = seen.first_repeat(own) {
                let p = Problem::new(
                    format!("doors[{i}].locks[{j}]"),
                    format!("key \"{}\" is listed twice", door.locks[j]),
                );
                self.warn(p.about(item()));
            }
        }
    }

    /// A door that needs more small keys than the level has.
    /// `most` is the door with the most small locks, and their number.
    fn small_key_warning(&mut self, most: Option<(usize, u32)>) {
        let level = self.level;
        let Some((i, small_locks)) = most else {
            return;
        };
        let small_keys = level.keys.iter().filter(|k| k.is_small()).count();
        if let Some(door) = level.doors.get(i)
            && small_locks as usize > small_keys
        {
            let msg = format!("needs {small_locks} small keys but the level has only {small_keys}");
            self.warn(
                Problem::new(format!("doors[{i}].small_locks"), msg)
                    .about(ItemId::Door(door.id.clone())),
            );
        }
    }

    /// Levers that do nothing, and doors listed twice in a lever's toggles.
    /// `in_conditions`: the levers doors' `open_when` names.
    fn lever_warnings(&mut self, in_conditions: &FxHashSet<&crate::model::LeverId>) {
        let level = self.level;
        let toggles = self.toggle_positions().into_owned();
        let mut seen = Seen::new(level.doors.len());
        let mut next = 0;
        for (i, lever) in level.levers.iter().enumerate() {
            let item = || ItemId::Lever(lever.id.clone());
            let own = toggles
                .get(next..next + lever.toggles.len())
                .unwrap_or_default();
            next += lever.toggles.len();
            let named = in_conditions.contains(&lever.id);
            if lever.toggles.is_empty() && !named {
                self.warn(
                    Problem::new(format!("levers[{i}].toggles"), "the lever toggles no door")
                        .about(item()),
                );
            } else if let Some(j) = seen.first_repeat(own) {
                let msg = format!(
                    "door \"{}\" is listed twice, so one pull flips it back",
                    lever.toggles[j]
                );
                self.warn(Problem::new(format!("levers[{i}].toggles[{j}]"), msg).about(item()));
            }
        }
    }

    /// Keys that lie behind their own lock, for a hopeful player.
    fn own_lock_warnings(&mut self) {
        let level = self.level;
        let Ok(m) = Mechanics::with_found(level, self.index, &self.found) else {
            return;
        };
        // The hopeful player below sets every lever door open; a door's
        // open_when, one-sided locks and other items are beyond it.
        if m.is_extended() {
            return;
        }
        let mut locked_by = vec![false; level.keys.len()];
        for door in m.doors() {
            for &k in &door.locks {
                locked_by[k] = true;
            }
        }
        let reach_all = reachable(&m, None, usize::MAX);
        // Rooms reached through doors with no lock: a key there is never
        // behind its own lock, and needs no search of its own.
        let free = reachable(&m, Some(NO_KEY), usize::MAX);
        let mut work_left = MAX_OWN_LOCK_WORK;
        for (i, key) in level.keys.iter().enumerate() {
            let Some(k) = self
                .index
                .key(&key.id)
                .filter(|_| key.kind_name().is_none())
            else {
                continue;
            };
            if !locked_by[k] {
                continue;
            }
            let room = m.keys()[k].room;
            // Only when the key's room is reachable at all does walking
            // around its own locks tell us anything.
            if !reach_all[room] || free[room] || work_left == 0 {
                continue;
            }
            let before = work_left;
            let around = reachable(&m, Some(k), room);
            work_left = before.saturating_sub(m.rooms().max(1));
            if !around[room] {
                let p = Problem::new(
                    format!("keys[{i}].room"),
                    format!("key \"{}\" lies behind its own lock", key.id),
                );
                self.warn(p.about(ItemId::Key(key.id.clone())));
            }
        }
    }
}

/// A player who holds every key but `without` (`Some(NO_KEY)`: holds no
/// key at all), has small keys to spare and can set every lever door open:
/// what the warnings ask the rules about.
struct Hopeful {
    without: Option<usize>,
}

/// `Hopeful::without` for a player holding no key.
const NO_KEY: usize = usize::MAX;

impl Holdings for Hopeful {
    fn door_open(&self, _: usize) -> bool {
        true
    }

    fn holds(&self, key: usize) -> bool {
        self.without != Some(NO_KEY) && Some(key) != self.without
    }

    fn unlocked(&self, _: usize) -> bool {
        true
    }

    fn small_in_hand(&self) -> u32 {
        u32::MAX
    }
}

/// Rooms whose searches the "behind its own lock" warning may spend, in
/// all: beyond it (a level of tens of thousands of keys, each behind the
/// one before) the remaining keys are not checked, so that validation stays
/// fast on any file.
const MAX_OWN_LOCK_WORK: usize = 2_000_000;

/// Rooms reachable from the start by a [`Hopeful`] player without key
/// `without` (`Some(NO_KEY)`: without any key), stopping early once room
/// `until` is reached.
fn reachable(m: &Mechanics, without: Option<usize>, until: usize) -> Vec<bool> {
    let hopeful = Hopeful { without };
    let mut seen = vec![false; m.rooms()];
    seen[m.start()] = true;
    let mut queue = VecDeque::from([m.start()]);
    while let Some(r) = queue.pop_front() {
        if r == until {
            break;
        }
        for &p in m.passages_from(r) {
            if !seen[p.to] && m.blocked(p, &hopeful).is_none() {
                seen[p.to] = true;
                queue.push_back(p.to);
            }
        }
    }
    seen
}

/// `found`, when it has an entry for every id of `all`; else every id of
/// `all` looked up with `find`, [`usize::MAX`] for one that names nothing.
fn positions<'f, 'i, I: 'i>(
    found: &'f [usize],
    all: impl Iterator<Item = &'i I> + Clone,
    find: impl Fn(&I) -> Option<usize>,
) -> std::borrow::Cow<'f, [usize]> {
    if all.clone().count() == found.len() {
        std::borrow::Cow::Borrowed(found)
    } else {
        std::borrow::Cow::Owned(all.map(|id| find(id).unwrap_or(usize::MAX)).collect())
    }
}

/// Repeats within lists of positions below a bound, one list after
/// another, with one mark per position: no hashing, and no clearing
/// between lists (a mark is the number of the list that set it).
struct Seen {
    mark: Vec<u32>,
    list: u32,
}

impl Seen {
    fn new(bound: usize) -> Self {
        Self {
            mark: vec![0; bound],
            list: 0,
        }
    }

    /// The index of the first entry of `list` equal to one before it;
    /// positions out of bounds are never repeats.
    fn first_repeat(&mut self, list: &[usize]) -> Option<usize> {
        self.list += 1;
        let this = self.list;
        list.iter().position(|&p| match self.mark.get_mut(p) {
            Some(m) if *m == this => true,
            Some(m) => {
                *m = this;
                false
            }
            None => false,
        })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::Seen;

    /// The first repeat by a set of what came before.
    fn first_repeat(items: &[usize]) -> Option<usize> {
        let mut seen = rustc_hash::FxHashSet::default();
        items.iter().position(|item| !seen.insert(item))
    }

    proptest! {
        /// One `Seen` over many lists finds each list's first repeat, as a
        /// fresh set per list does.
        #[test]
        fn marks_find_the_repeats_a_set_finds(
            lists in prop::collection::vec(prop::collection::vec(0..12usize, 0..10), 0..20),
        ) {
            let mut seen = Seen::new(12);
            for list in &lists {
                prop_assert_eq!(seen.first_repeat(list), first_repeat(list));
            }
        }
    }
}
