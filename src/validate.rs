//! Checks a [`Level`] for errors (it cannot be played or saved as valid) and
//! warnings (legal, but probably not what the designer meant).
//!
//! Every problem names the place it stands, in the file's terms
//! (`doors[3].to: no room "r9"`), and the item it is about, so that the editor
//! can select it.

use std::collections::VecDeque;
use std::fmt;

use rustc_hash::FxHashSet;

use crate::model::{ItemId, Level, LevelIndex, Near, RoomId};
use crate::rules::mechanics::Found;
use crate::rules::{Holdings, Mechanics};

/// One thing wrong with a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Where it stands in the file, for example `doors[3].to`; empty for the whole file.
    pub path: String,
    /// What is wrong.
    pub message: String,
    /// The item it is about, when there is one.
    pub item: Option<ItemId>,
}

impl Problem {
    /// A problem at `path`.
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            message: message.into(),
            item: None,
        }
    }

    /// The same problem, pointing at `item`.
    #[must_use]
    pub fn about(mut self, item: ItemId) -> Self {
        self.item = Some(item);
        self
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

/// The errors and warnings of a level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The level is not valid while any of these stand.
    pub errors: Vec<Problem>,
    /// Legal, but worth a look.
    pub warnings: Vec<Problem>,
}

impl Report {
    /// True when there are no errors (warnings allowed).
    ///
    /// # Example
    /// ```
    /// let level = lockwork::model::Level::new("fine");
    /// assert!(lockwork::validate::validate(&level).is_valid());
    /// ```
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }
}

/// Checks every rule of the format that a parsed level can still break:
/// unique non-empty ids, references that resolve, numbers in range. Also
/// reports warnings.
///
/// # Arguments
/// * `level` — a level built in code or edited since it was loaded
///   ([`crate::format`] validates on load).
///
/// # Returns
/// Every error and every warning, each naming its place in the file's terms
/// and the item it is about.
///
/// # Complexity
/// O(size of the level) for the errors; the warnings add searches over
/// rooms, at most linear in rooms × keys.
///
/// # Example
/// ```
/// use lockwork::model::{Door, Level};
/// use lockwork::validate::validate;
/// let mut level = Level::new("typo");
/// level.doors.push(Door::new("d1", "r1", "r9"));
/// let report = validate(&level);
/// assert!(!report.is_valid());
/// assert_eq!(report.errors[0].path, "doors[0].to");
/// assert_eq!(report.errors[0].to_string(), r#"doors[0].to: no room "r9""#);
/// ```
pub fn validate(level: &Level) -> Report {
    check(level, true)
}

/// Only the errors of [`validate`]: what the solver and the rules need to
/// know before they run, without the cost of working out warnings.
///
/// # Arguments
/// * `level` — any level.
///
/// # Returns
/// The errors, empty for a level the rules can play.
///
/// # Complexity
/// O(size of the level).
///
/// # Example
/// ```
/// use lockwork::model::Level;
/// let mut level = Level::new("lost goal");
/// assert!(lockwork::validate::errors(&level).is_empty());
/// level.goal = "nowhere".into();
/// assert_eq!(lockwork::validate::errors(&level)[0].path, "goal");
/// ```
pub fn errors(level: &Level) -> Vec<Problem> {
    check(level, false).errors
}

/// [`validate`] with the level's ids already indexed.
pub(crate) fn validate_indexed(level: &Level, index: LevelIndex) -> (Report, Indexed) {
    check_indexed(level, index, true)
}

/// [`errors`] with the level's ids already indexed.
pub(crate) fn errors_indexed(level: &Level, index: LevelIndex) -> (Vec<Problem>, Indexed) {
    let (report, indexed) = check_indexed(level, index, false);
    (report.errors, indexed)
}

/// A level's ids, and its references as validation found them: the rules'
/// tables are made from these without looking the ids up again.
#[derive(Clone, Debug, Default)]
pub(crate) struct Indexed {
    /// The level's ids.
    pub(crate) index: LevelIndex,
    /// The references validation resolved; a list is shorter than the
    /// level's when one of its references names nothing.
    pub(crate) found: Found,
}

fn check(level: &Level, warnings: bool) -> Report {
    check_indexed(level, LevelIndex::new(level), warnings).0
}

fn check_indexed(level: &Level, index: LevelIndex, warnings: bool) -> (Report, Indexed) {
    let mut v = Validator {
        level,
        index: &index,
        report: Report::default(),
        found: Found {
            door_ends: Vec::with_capacity(level.doors.len()),
            lever_rooms: Vec::with_capacity(level.levers.len()),
            ..Found::default()
        },
    };
    let doors = v.check_doors();
    v.check_ids(doors.problems.ids);
    v.check_numbers(doors.problems.numbers);
    v.check_references(doors.problems.references);
    v.check_extensions(doors.problems.extensions);
    if warnings && v.report.errors.is_empty() {
        v.check_warnings(&doors.facts);
    }
    let Validator { report, found, .. } = v;
    (report, Indexed { index, found })
}

struct Validator<'a> {
    level: &'a Level,
    index: &'a LevelIndex,
    report: Report,
    /// The references found so far, in order.
    found: Found,
}

/// What one pass over the doors found. A level of 100,000 doors does not
/// fit in a processor's cache, so the doors are read once, not once for
/// each kind of check.
struct DoorPass<'a> {
    problems: DoorProblems,
    facts: DoorFacts<'a>,
}

/// The doors' errors, kept apart by the check they belong to, so that each
/// is reported among that check's problems in the order of the file.
#[derive(Default)]
struct DoorProblems {
    ids: Vec<Problem>,
    numbers: Vec<Problem>,
    references: Vec<Problem>,
    extensions: Vec<Problem>,
}

/// What the warnings need to know about the doors as a whole.
#[derive(Default)]
struct DoorFacts<'a> {
    /// The number of entries in all `locks` lists.
    locks: usize,
    /// The door with the most `small_locks` (the last of equals), and its
    /// count; `None` when no door has any.
    most_small_locks: Option<(usize, u32)>,
    /// The levers named in doors' `open_when`.
    in_conditions: FxHashSet<&'a crate::model::LeverId>,
}

impl<'a> DoorFacts<'a> {
    /// Takes door `i` into account.
    fn note(&mut self, i: usize, door: &'a crate::model::Door) {
        self.locks += door.locks.len();
        if door.small_locks > 0
            && (self.most_small_locks).is_none_or(|(_, most)| door.small_locks >= most)
        {
            self.most_small_locks = Some((i, door.small_locks));
        }
        if let Some(lists) = &door.open_when {
            (self.in_conditions).extend(lists.iter().flatten().map(|l| &l.lever));
        }
    }
}

impl<'a> Validator<'a> {
    fn error(&mut self, problem: Problem) {
        self.report.errors.push(problem);
    }

    fn warn(&mut self, problem: Problem) {
        self.report.warnings.push(problem);
    }

    /// Every check of one door in turn, each check's errors set apart.
    fn check_doors(&mut self) -> DoorPass<'a> {
        let level = self.level;
        let mut problems = DoorProblems::default();
        let mut facts = DoorFacts::default();
        let repeats = self.index.repeats()[1];
        let mut repeats = repeats.iter().copied().peekable();
        // Each run of references guesses where its next id is.
        let mut near = [Near::default(); 3];
        for (i, door) in level.doors.iter().enumerate() {
            let first = repeats.next_if(|&(at, _)| at == i).map(|(_, j)| j);
            let errors = self.report.errors.len();
            let set_apart = |v: &mut Self, bucket: &mut Vec<Problem>| {
                if v.report.errors.len() > errors {
                    bucket.extend(v.report.errors.drain(errors..));
                }
            };
            self.unique_id("doors", i, door.id.as_str(), first, || {
                ItemId::Door(door.id.clone())
            });
            set_apart(self, &mut problems.ids);
            self.door_numbers(i, door);
            set_apart(self, &mut problems.numbers);
            self.door_references(i, door, &mut near);
            set_apart(self, &mut problems.references);
            self.check_door_extensions(i, door);
            set_apart(self, &mut problems.extensions);
            facts.note(i, door);
        }
        DoorPass { problems, facts }
    }

    fn check_ids(&mut self, doors: Vec<Problem>) {
        let level = self.level;
        let [rooms, _, keys, levers] = self.index.repeats();
        let ids = level.rooms.iter().map(|r| r.id.as_str());
        self.unique("rooms", ids, rooms, |i| {
            ItemId::Room(level.rooms[i].id.clone())
        });
        self.report.errors.extend(doors);
        let ids = level.keys.iter().map(|k| k.id.as_str());
        self.unique("keys", ids, keys, |i| ItemId::Key(level.keys[i].id.clone()));
        let ids = level.levers.iter().map(|l| l.id.as_str());
        self.unique("levers", ids, levers, |i| {
            ItemId::Lever(level.levers[i].id.clone())
        });
    }

    /// Reports empty and repeated ids of one list, given its ids and the
    /// repeats the index found (position, first position); `item(i)` names
    /// entry `i` (only built for a problem).
    fn unique<'l>(
        &mut self,
        list: &str,
        ids: impl Iterator<Item = &'l str>,
        repeats: &[(usize, usize)],
        item: impl Fn(usize) -> ItemId,
    ) {
        let mut repeats = repeats.iter().copied().peekable();
        for (i, id) in ids.enumerate() {
            let first = repeats.next_if(|&(at, _)| at == i).map(|(_, j)| j);
            self.unique_id(list, i, id, first, || item(i));
        }
    }

    /// Reports entry `i` of `list` when its id is empty, or repeats entry
    /// `first`.
    fn unique_id(
        &mut self,
        list: &str,
        i: usize,
        id: &str,
        first: Option<usize>,
        item: impl FnOnce() -> ItemId,
    ) {
        let path = || format!("{list}[{i}].id");
        if id.is_empty() {
            self.error(Problem::new(path(), "must not be empty"));
        } else if let Some(j) = first {
            let msg = format!("\"{id}\" is already the id of {list}[{j}]");
            self.error(Problem::new(path(), msg).about(item()));
        }
    }

    fn check_numbers(&mut self, doors: Vec<Problem>) {
        let level = self.level;
        if let Some(msg) = bad_cost(level.lever_cost) {
            self.error(Problem::new("lever_cost", msg));
        }
        self.report.errors.extend(doors);
        for (i, room) in level.rooms.iter().enumerate() {
            if room
                .pos
                .is_some_and(|[x, y]| !(x.is_finite() && y.is_finite()))
            {
                self.error(
                    Problem::new(format!("rooms[{i}].pos"), "must be two finite numbers")
                        .about(ItemId::Room(room.id.clone())),
                );
            }
        }
    }

    fn door_numbers(&mut self, i: usize, door: &crate::model::Door) {
        if let Some(msg) = bad_cost(door.cost) {
            self.error(
                Problem::new(format!("doors[{i}].cost"), msg).about(ItemId::Door(door.id.clone())),
            );
        }
    }

    /// Reports `id` when no room has it. The place and the item are built
    /// only then: a level of 100,000 doors has 200,000 references to check.
    fn room_ref(
        &mut self,
        path: impl FnOnce() -> String,
        id: &RoomId,
        near: &mut Near,
        item: impl FnOnce() -> Option<ItemId>,
    ) -> Option<usize> {
        let found = self.index.room_near(id, near);
        if found.is_none() {
            let mut p = Problem::new(path(), format!("no room \"{id}\""));
            p.item = item();
            self.error(p);
        }
        found
    }

    /// A door's rooms and locks; `near` guesses where the next `from`, `to`
    /// and lock are.
    fn door_references(&mut self, i: usize, door: &crate::model::Door, near: &mut [Near; 3]) {
        let [near_from, near_to, near_lock] = near;
        let item = || Some(ItemId::Door(door.id.clone()));
        let from = self.room_ref(|| format!("doors[{i}].from"), &door.from, near_from, item);
        let to = self.room_ref(|| format!("doors[{i}].to"), &door.to, near_to, item);
        if let (Some(from), Some(to)) = (from, to) {
            self.found.door_ends.push((from, to));
        }
        if door.from == door.to {
            let msg = format!(
                "joins room \"{}\" to itself; a door needs two different rooms",
                door.from
            );
            self.error(
                Problem::new(format!("doors[{i}]"), msg).about(ItemId::Door(door.id.clone())),
            );
        }
        for (j, key) in door.locks.iter().enumerate() {
            let k = self.named_key_ref(|| format!("doors[{i}].locks[{j}]"), key, near_lock, item);
            self.found.locks.extend(k);
        }
    }

    fn check_references(&mut self, doors: Vec<Problem>) {
        let level = self.level;
        // Each run of references guesses where its next id is.
        let mut near = [Near::default(); 4];
        let [near_room, near_key, near_lever, near_toggle] = &mut near;
        self.room_ref(|| "start".into(), &level.start, near_room, || None);
        self.room_ref(|| "goal".into(), &level.goal, near_room, || None);
        for (j, key) in level.goal_requires.iter().enumerate() {
            self.named_key_ref(|| format!("goal_requires[{j}]"), key, near_key, || None);
        }
        self.report.errors.extend(doors);
        for (i, key) in level.keys.iter().enumerate() {
            if let Some(room) = &key.room {
                let r = self.room_ref(
                    || format!("keys[{i}].room"),
                    room,
                    near_key,
                    || Some(ItemId::Key(key.id.clone())),
                );
                self.found.key_rooms.extend(r);
            }
        }
        for (i, lever) in level.levers.iter().enumerate() {
            let item = || ItemId::Lever(lever.id.clone());
            let path = || format!("levers[{i}].room");
            let room = self.room_ref(path, &lever.room, near_lever, || Some(item()));
            self.found.lever_rooms.extend(room);
            for (j, door) in lever.toggles.iter().enumerate() {
                let d = self.index.door_near(door, near_toggle);
                self.found.toggles.extend(d);
                if d.is_none() {
                    let p = Problem::new(
                        format!("levers[{i}].toggles[{j}]"),
                        format!("no door \"{door}\""),
                    );
                    self.error(p.about(item()));
                }
            }
        }
    }

    /// Reports `id` when it names no key, or a small key; the key's
    /// position when there is one.
    fn named_key_ref(
        &mut self,
        path: impl FnOnce() -> String,
        id: &crate::model::KeyId,
        near: &mut Near,
        item: impl FnOnce() -> Option<ItemId>,
    ) -> Option<usize> {
        let found = self.index.key_near(id, near);
        let message = match found.and_then(|k| self.level.keys.get(k)) {
            None => format!("no key \"{id}\""),
            Some(key) if key.small => format!(
                "\"{id}\" is a small key; small keys open small_locks and cannot be named here"
            ),
            Some(key) if key.kind.is_some() => format!(
                "\"{id}\" is an item of kind \"{}\"; items are spent by spend and cannot be named here",
                key.kind.as_deref().unwrap_or_default()
            ),
            Some(_) => return found,
        };
        let mut p = Problem::new(path(), message);
        p.item = item();
        self.error(p);
        found
    }

    /// The rules of FORMAT.md's version-1 extensions: kinds, `spend`,
    /// `locks_any` and `open_when`.
    fn check_extensions(&mut self, doors: Vec<Problem>) {
        let level = self.level;
        for (i, key) in level.keys.iter().enumerate() {
            let item = || ItemId::Key(key.id.clone());
            match key.kind.as_deref() {
                Some("") => {
                    let p = Problem::new(format!("keys[{i}].kind"), "must not be empty");
                    self.error(p.about(item()));
                }
                Some(kind) if key.small && kind != crate::model::SMALL => {
                    let msg = format!(
                        "a small key is of kind \"small\"; it cannot also be of kind \"{kind}\""
                    );
                    self.error(Problem::new(format!("keys[{i}].kind"), msg).about(item()));
                }
                _ => {}
            }
        }
        self.report.errors.extend(doors);
        let toggles = self.toggle_positions().into_owned();
        let mut next = 0;
        for (i, lever) in level.levers.iter().enumerate() {
            let own = toggles
                .get(next..next + lever.toggles.len())
                .unwrap_or_default();
            next += lever.toggles.len();
            for (j, (id, &d)) in lever.toggles.iter().zip(own).enumerate() {
                let conditional = level.doors.get(d).is_some_and(|d| d.open_when.is_some());
                if conditional {
                    let msg = format!(
                        "door \"{id}\" opens by its open_when; a lever cannot also toggle it"
                    );
                    let p = Problem::new(format!("levers[{i}].toggles[{j}]"), msg);
                    self.error(p.about(ItemId::Lever(lever.id.clone())));
                }
            }
        }
    }

    fn check_door_extensions(&mut self, i: usize, door: &crate::model::Door) {
        let item = || ItemId::Door(door.id.clone());
        for (j, key) in door.locks_any.iter().enumerate() {
            self.named_key_ref(
                || format!("doors[{i}].locks_any[{j}]"),
                key,
                &mut Near::default(),
                || Some(item()),
            );
        }
        if door.small_locks > 0 && !door.spend.is_empty() {
            let msg = "a door has small_locks or spend, not both (small_locks: n is spend: {\"small\": n})";
            self.error(Problem::new(format!("doors[{i}].spend"), msg).about(item()));
        }
        for (kind, &n) in &door.spend {
            if kind.is_empty() {
                let p = Problem::new(format!("doors[{i}].spend"), "a kind must have a name");
                self.error(p.about(item()));
            } else if n == 0 {
                let p = Problem::new(
                    format!("doors[{i}].spend.{kind}"),
                    "must be a whole number >= 1, found 0",
                );
                self.error(p.about(item()));
            }
        }
        let Some(lists) = &door.open_when else {
            return;
        };
        if !door.open {
            let msg =
                "a door with open_when has no open field: the condition alone says when it is open";
            self.error(Problem::new(format!("doors[{i}].open"), msg).about(item()));
        }
        for (j, all) in lists.iter().enumerate() {
            for (k, literal) in all.iter().enumerate() {
                if self.index.lever(&literal.lever).is_none() {
                    let p = Problem::new(
                        format!("doors[{i}].open_when[{j}][{k}]"),
                        format!("no lever \"{}\"", literal.lever),
                    );
                    self.error(p.about(item()));
                }
            }
        }
    }

    fn check_warnings(&mut self, doors: &DoorFacts) {
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
    fn toggle_positions(&self) -> std::borrow::Cow<'_, [usize]> {
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

/// What is wrong with a cost, if anything: costs are finite, at least 0
/// and at most the format's limit.
fn bad_cost(cost: f64) -> Option<String> {
    if !(cost.is_finite() && cost >= 0.0) {
        Some(format!("must be a number >= 0, found {cost}"))
    } else if cost > crate::format::MAX_COST {
        Some(format!(
            "must be at most 1e12 (the format's limit), found {cost}"
        ))
    } else {
        None
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
