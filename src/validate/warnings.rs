//! The warnings of a level: what is legal but probably not what the
//! designer meant.

use rustc_hash::FxHashSet;

use super::{DoorFacts, Problem, Validator};
use crate::mechanics::{Holdings, Mechanics, Opening, Passage};
use crate::model::ItemId;

impl Validator<'_> {
    pub(super) fn check_warnings(&mut self, doors: &DoorFacts) {
        self.door_warnings(doors);
        self.small_key_warning(doors.most_small_locks);
        self.lever_warnings(&doors.in_conditions);
        self.id_warnings();
        if doors.sums.locks > 0 {
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
    fn door_warnings(&mut self, facts: &DoorFacts) {
        let level = self.level;
        let mut toggled = vec![false; level.doors.len()];
        for &d in self.toggle_positions().iter() {
            if let Some(t) = toggled.get_mut(d) {
                *t = true;
            }
        }
        let locks = self.lock_positions(facts.sums.locks).into_owned();
        let mut seen = Seen::new(level.keys.len());
        for &(i, next) in &facts.suspects {
            let Some(door) = level.doors.get(i) else {
                continue;
            };
            let item = || ItemId::Door(door.id.clone());
            let own = locks.get(next..next + door.locks.len()).unwrap_or_default();
            if Opening::of(door, toggled[i]) == Opening::Shut {
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

    /// Ids holding a control character (a line break, a tab, an escape):
    /// legal, but a report prints them escaped or cut across its lines, and
    /// a canvas as boxes. The first of each list, with how many more.
    fn id_warnings(&mut self) {
        let level = self.level;
        let first = first_control(level.rooms.iter().map(|r| r.id.as_str()));
        self.control_warning("rooms", first, |i| {
            Some(ItemId::Room(level.rooms.get(i)?.id.clone()))
        });
        let first = first_control(level.doors.iter().map(|d| d.id.as_str()));
        self.control_warning("doors", first, |i| {
            Some(ItemId::Door(level.doors.get(i)?.id.clone()))
        });
        let first = first_control(level.keys.iter().map(|k| k.id.as_str()));
        self.control_warning("keys", first, |i| {
            Some(ItemId::Key(level.keys.get(i)?.id.clone()))
        });
        let first = first_control(level.levers.iter().map(|l| l.id.as_str()));
        self.control_warning("levers", first, |i| {
            Some(ItemId::Lever(level.levers.get(i)?.id.clone()))
        });
    }

    /// The warning of [`Self::id_warnings`] for one `list`, given the index
    /// of its `first` id holding a control character and how many do.
    fn control_warning(
        &mut self,
        list: &str,
        first: Option<(usize, usize)>,
        item: impl FnOnce(usize) -> Option<ItemId>,
    ) {
        let Some((i, count)) = first else {
            return;
        };
        let mut msg = "holds a control character (a line break, tab or escape), \
            which reports print escaped or across lines"
            .to_owned();
        if count > 1 {
            msg.push_str(&format!("; {count} ids of {list} do"));
        }
        let p = Problem::new(format!("{list}[{i}].id"), msg);
        match item(i) {
            Some(item) => self.warn(p.about(item)),
            None => self.warn(p),
        }
    }

    /// Keys that lie behind their own lock, for a hopeful player.
    fn own_lock_warnings(&mut self) {
        let Ok(m) = Mechanics::with_found(self.level, self.index, &self.found) else {
            return;
        };
        // The hopeful player below sets every lever door open; a door's
        // open_when, one-sided locks and other items are beyond it.
        if !m.is_extended() {
            self.own_lock_warnings_by(&m);
        }
        self.mechanics = Some(m);
    }

    fn own_lock_warnings_by(&mut self, m: &Mechanics) {
        let level = self.level;
        let mut locked_by = vec![false; level.keys.len()];
        for (_, door) in m.doors_not_free() {
            for &k in &door.locks {
                locked_by[k] = true;
            }
        }
        let tree = ReachTree::new(m);
        // Rooms reached through doors with no lock: a key there is never
        // behind its own lock. Only when the key's room is reachable at all
        // does walking around its own locks tell us anything.
        let free = reachable(m, Some(NO_KEY), usize::MAX);
        let suspects: Vec<(usize, usize)> = (level.keys.iter().enumerate())
            .filter(|(_, key)| key.kind_name().is_none())
            .filter_map(|(i, key)| Some((i, self.index.key(&key.id)?)))
            .filter(|&(_, k)| locked_by[k])
            .filter(|&(_, k)| tree.seen[m.keys()[k].room] && !free[m.keys()[k].room])
            .collect();
        if suspects.is_empty() {
            return;
        }
        // Nor is a key the tree's way to its room does not need.
        let cut = tree.cut_by_own_key(m);
        let mut work_left = MAX_OWN_LOCK_WORK;
        for (i, k) in suspects {
            if !cut[k] || work_left == 0 {
                continue;
            }
            let room = m.keys()[k].room;
            work_left = work_left.saturating_sub(m.rooms().max(1));
            if !reachable(m, Some(k), room)[room] {
                let id = &level.keys[i].id;
                let p = Problem::new(
                    format!("keys[{i}].room"),
                    format!("key \"{id}\" lies behind its own lock"),
                );
                self.warn(p.about(ItemId::Key(id.clone())));
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

/// Entries of door rules that [`ReachTree::cut_by_own_key`] reads, at most.
const MAX_TREE_WORK: usize = 4_000_000;

/// The rooms a [`Hopeful`] player holding every key reaches, as a tree:
/// each room with the passage that first let the player in.
///
/// Any tree of the reachable rooms serves the warnings, so the walk takes
/// the last room found first. On a grid that follows rows, where the
/// tables lie, instead of diagonals that cut across them: breadth first,
/// each room of an 80,000-room grid was a cache miss.
struct ReachTree {
    seen: Vec<bool>,
    /// Per room, the door and the parent it was entered from, in `u32`s
    /// (12 bytes a room where a passage takes 32).
    via: Vec<Option<(u32, u32)>>,
    /// The rooms in the order the walk found them, the start first, so a
    /// parent before its children.
    order: Vec<usize>,
}

impl ReachTree {
    fn new(m: &Mechanics) -> Self {
        let hopeful = Hopeful { without: None };
        let mut seen = vec![false; m.rooms()];
        let mut via = vec![None; m.rooms()];
        seen[m.start()] = true;
        let mut order = vec![m.start()];
        let mut todo = vec![m.start()];
        while let Some(r) = todo.pop() {
            for p in m.passages_from(r) {
                if !seen[p.to] && m.blocked(p, &hopeful).is_none() {
                    seen[p.to] = true;
                    via[p.to] = Some((p.door as u32, p.from as u32));
                    order.push(p.to);
                    todo.push(p.to);
                }
            }
        }
        Self { seen, via, order }
    }

    /// The passage into room `r` from its parent; `None` for the start and
    /// the rooms the tree lacks.
    fn via(&self, r: usize) -> Option<Passage> {
        let (door, from) = self.via.get(r).copied().flatten()?;
        Some(Passage {
            door: door as usize,
            from: from as usize,
            to: r,
        })
    }

    /// Per key, whether the tree's way to its room passes a door that
    /// stops the player without that key. A key not so cut reaches its
    /// room without itself, so it is not behind its own lock; only a cut
    /// key needs a search of its own.
    ///
    /// A door stops a player without key `k` but with every other key only
    /// if `k` is in its lists, so each door of the tree is asked only about
    /// the keys of its own lists that lie below it in the tree: one pass of
    /// the level, where a search per key takes time keys × rooms. Past
    /// [`MAX_TREE_WORK`] every key is taken as cut.
    fn cut_by_own_key(&self, m: &Mechanics) -> Vec<bool> {
        let mut cut = vec![false; m.keys().len()];
        let (start, size) = self.spans();
        let below = |r: usize, x: usize| start[r] <= start[x] && start[x] < start[r] + size[r];
        let mut work = 0usize;
        for &r in self.order.iter().skip(1) {
            let Some(p) = self.via(r).filter(|p| !m.is_free(p.door)) else {
                continue;
            };
            let door = &m.doors()[p.door];
            for &k in door.locks.iter().chain(&door.locks_any) {
                if cut[k] || !below(r, m.keys()[k].room) {
                    continue;
                }
                work += m.rule_size(p.door);
                if work > MAX_TREE_WORK {
                    return vec![true; m.keys().len()];
                }
                let without = Hopeful { without: Some(k) };
                cut[k] = m.blocked(p, &without).is_some();
            }
        }
        cut
    }

    /// Each room's place in a depth-first order of the tree, and the size
    /// of its subtree: the rooms below `r` are those placed from
    /// `start[r]` to `start[r] + size[r]`. Rooms the tree lacks get 0, 0.
    fn spans(&self) -> (Vec<usize>, Vec<usize>) {
        let rooms = self.seen.len();
        let mut size = vec![0usize; rooms];
        for &r in self.order.iter().rev() {
            size[r] += 1;
            if let Some(p) = self.via(r) {
                size[p.from] += size[r];
            }
        }
        // A parent is placed before its children (walk order), and each
        // child takes the next free stretch of its parent's span.
        let mut start = vec![0usize; rooms];
        let mut free = vec![0usize; rooms];
        for &r in &self.order {
            if let Some(p) = self.via(r) {
                start[r] = free[p.from];
                free[p.from] += size[r];
            }
            free[r] = start[r] + 1;
        }
        (start, size)
    }
}

/// Rooms reachable from the start by a [`Hopeful`] player without key
/// `without` (`Some(NO_KEY)`: without any key), stopping early once room
/// `until` is reached. Depth first, as [`ReachTree::new`] and for the
/// same reason.
/// The index of the first of `ids` holding a control character, and how
/// many do.
fn first_control<'a>(ids: impl Iterator<Item = &'a str>) -> Option<(usize, usize)> {
    let mut first = None;
    let mut count = 0;
    for (i, id) in ids.enumerate() {
        if id.chars().any(char::is_control) {
            first.get_or_insert(i);
            count += 1;
        }
    }
    first.map(|i| (i, count))
}

fn reachable(m: &Mechanics, without: Option<usize>, until: usize) -> Vec<bool> {
    let hopeful = Hopeful { without };
    let mut seen = vec![false; m.rooms()];
    seen[m.start()] = true;
    let mut todo = vec![m.start()];
    while let Some(r) = todo.pop() {
        if r == until {
            break;
        }
        for p in m.passages_from(r) {
            if !seen[p.to] && m.blocked(p, &hopeful).is_none() {
                seen[p.to] = true;
                todo.push(p.to);
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

    use super::{Mechanics, ReachTree, Seen, reachable};
    use crate::model::{Door, Key, KeyId, Level, Room, Side};

    /// The first repeat by a set of what came before.
    fn first_repeat(items: &[usize]) -> Option<usize> {
        let mut seen = rustc_hash::FxHashSet::default();
        items.iter().position(|item| !seen.insert(item))
    }

    /// Door `(from, to, one-way, locks, any-of locks, locked side)`, as
    /// indices: the side is 1 for `from`, 2 for `to`, else both.
    type DoorSpec = (usize, usize, bool, Vec<usize>, Vec<usize>, u8);

    /// A level of `rooms` rooms (`r0` the start, the last the goal), with
    /// doors as specified and key `k{i}` in room `keys[i]`.
    fn built(rooms: usize, doors: &[DoorSpec], keys: &[usize]) -> Level {
        let mut level = Level::new("own locks");
        level.rooms = (0..rooms)
            .map(|r| Room::new(format!("r{r}").as_str(), [0.0, 0.0]))
            .collect();
        level.start = "r0".into();
        level.goal = format!("r{}", rooms - 1).as_str().into();
        let key = |k: &usize| KeyId::from(format!("k{}", k % keys.len().max(1)).as_str());
        for (d, (a, b, one_way, locks, any, side)) in doors.iter().enumerate() {
            // A door joins two different rooms.
            let (a, b) = (a % rooms, b % rooms);
            let b = if a == b { (b + 1) % rooms } else { b };
            let (a, b) = (format!("r{a}"), format!("r{b}"));
            let mut door = Door::new(format!("d{d}").as_str(), a.as_str(), b.as_str());
            door.one_way = *one_way;
            if !keys.is_empty() {
                door.locks = locks.iter().map(key).collect();
                door.locks_any = any.iter().map(key).collect();
            }
            door.locked_from = match side {
                1 => Some(Side::From),
                2 => Some(Side::To),
                _ => None,
            };
            level.doors.push(door);
        }
        level.keys = (keys.iter().enumerate())
            .map(|(i, r)| Key::new(format!("k{i}").as_str(), format!("r{}", r % rooms).as_str()))
            .collect();
        level
    }

    /// The keys behind their own lock, by a search per key with no bound;
    /// none on a level with one-sided locks, which the warning leaves out.
    fn behind_own_lock(m: &Mechanics) -> Vec<bool> {
        if m.is_extended() {
            return vec![false; m.keys().len()];
        }
        let all = reachable(m, None, usize::MAX);
        (0..m.keys().len())
            .map(|k| {
                let room = m.keys()[k].room;
                let locks = m.doors().iter().any(|d| d.locks.contains(&k));
                locks && all[room] && !reachable(m, Some(k), room)[room]
            })
            .collect()
    }

    /// The door warnings name each door that never opens and each key
    /// listed again in a lock, in door order, and only those: a door
    /// locked by one key, or closed but toggled by a lever, is not named.
    #[test]
    fn door_warnings_name_closed_doors_and_repeated_keys_in_order() {
        let mut level = built(
            5,
            &[
                (0, 1, false, vec![0, 1, 0], vec![], 0),
                (1, 2, false, vec![], vec![], 0),
                (0, 2, false, vec![1, 1], vec![], 0),
                (0, 3, false, vec![0], vec![], 0),
                (3, 4, false, vec![], vec![], 0),
                (2, 4, false, vec![], vec![], 0),
            ],
            &[0, 0],
        );
        for d in [1, 4, 5] {
            level.doors[d].open = false;
        }
        level
            .levers
            .push(crate::model::Lever::new("l0", "r0", vec!["d4".into()]));
        let report = crate::validate::validate(&level);
        let doors: Vec<(String, String)> = (report.warnings.iter())
            .filter(|w| w.path.starts_with("doors"))
            .map(|w| (w.path.clone(), w.message.clone()))
            .collect();
        let never = "starts closed and no lever toggles it, so it never opens";
        let expected: Vec<(String, String)> = [
            ("doors[0].locks[2]", "key \"k0\" is listed twice"),
            ("doors[1]", never),
            ("doors[2].locks[1]", "key \"k1\" is listed twice"),
            ("doors[5]", never),
        ]
        .map(|(path, message)| (path.to_owned(), message.to_owned()))
        .into();
        assert_eq!(doors, expected);
    }

    /// An id holding a line break, a tab or an escape is warned of, the
    /// first of each list with how many there are; other ids, names with
    /// line breaks included, are not.
    #[test]
    fn ids_with_control_characters_are_warned_of_once_a_list() {
        let mut level = built(4, &[(0, 1, false, vec![], vec![], 0)], &[0]);
        level.rooms[1].name = "two\nlines".into();
        let ids = |level: &Level| -> Vec<(String, String)> {
            (crate::validate::validate(level).warnings.iter())
                .filter(|w| w.path.ends_with(".id"))
                .map(|w| (w.path.clone(), w.message.clone()))
                .collect()
        };
        assert_eq!(ids(&level), vec![]);
        for (r, id) in [(2, "r\u{1b}[2J"), (3, "r\tr")] {
            let old = level.rooms[r].id.clone();
            level.rooms[r].id = id.into();
            let ends = level
                .doors
                .iter_mut()
                .flat_map(|d| [&mut d.from, &mut d.to]);
            for end in ends.chain([&mut level.start, &mut level.goal]) {
                if *end == old {
                    *end = id.into();
                }
            }
        }
        level.keys[0].id = "k\n0".into();
        assert_eq!(crate::validate::validate(&level).errors, vec![]);
        let found = ids(&level);
        let paths: Vec<&str> = found.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(paths, ["rooms[2].id", "keys[0].id"]);
        assert!(
            found[0].1.ends_with("; 2 ids of rooms do"),
            "{}",
            found[0].1
        );
        assert!(found[1].1.ends_with("across lines"), "{}", found[1].1);
    }

    proptest! {
        /// The warning names exactly the keys a search per key finds behind
        /// their own lock: the tree rules out only keys that reach their
        /// room without themselves.
        #[test]
        fn the_tree_warns_of_the_keys_a_search_per_key_finds(
            rooms in 2usize..9,
            doors in prop::collection::vec(
                (
                    0usize..9,
                    0usize..9,
                    prop::bool::weighted(0.3),
                    prop::collection::vec(0usize..5, 0..3),
                    prop::collection::vec(0usize..5, 0..3),
                0u8..8,
                ),
                1..16,
            ),
            keys in prop::collection::vec(0usize..9, 0..5),
        ) {
            let level = built(rooms, &doors, &keys);
            let Ok(m) = Mechanics::new(&level) else {
                return Ok(());
            };
            let report = crate::validate::validate(&level);
            prop_assume!(report.errors.is_empty());
            let warned: Vec<bool> = (0..keys.len())
                .map(|k| {
                    let path = format!("keys[{k}].room");
                    report.warnings.iter().any(|w| w.path == path)
                })
                .collect();
            let tree = ReachTree::new(&m);
            let cut = tree.cut_by_own_key(&m);
            let expected = behind_own_lock(&m);
            for k in 0..keys.len() {
                prop_assert!(cut[k] || !expected[k], "k{} is behind its lock but not cut", k);
            }
            prop_assert_eq!(warned, expected);
        }

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
