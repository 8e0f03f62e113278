//! Checks a [`Level`] for errors (it cannot be played or saved as valid) and
//! warnings (legal, but probably not what the designer meant).
//!
//! Every problem names the place it stands, in the file's terms
//! (`doors[3].to: no room "r9"`), and the item it is about, so that the editor
//! can select it.

mod errors;
mod warnings;

use std::fmt;

use rustc_hash::FxHashSet;

use crate::mechanics::Found;
use crate::model::{ItemId, Level, LevelIndex, Near};

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
    /// The rules' tables, when a warning needed them: made once, for the
    /// warnings and then for the rules, not once for each.
    pub(crate) mechanics: Option<crate::mechanics::Mechanics>,
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
        mechanics: None,
    };
    let doors = v.check_doors();
    v.found.doors = Some(doors.facts.sums);
    v.check_ids(doors.problems.ids);
    v.check_numbers(doors.problems.numbers);
    v.check_references(doors.problems.references);
    v.check_extensions(doors.problems.extensions);
    if warnings && v.report.errors.is_empty() {
        v.check_warnings(&doors.facts);
    }
    let Validator {
        report,
        found,
        mechanics,
        ..
    } = v;
    (
        report,
        Indexed {
            index,
            found,
            mechanics,
        },
    )
}

struct Validator<'a> {
    level: &'a Level,
    index: &'a LevelIndex,
    report: Report,
    /// The references found so far, in order.
    found: Found,
    /// The rules' tables, once a warning has made them.
    mechanics: Option<crate::mechanics::Mechanics>,
}

/// How many doors' rooms are looked up ahead at once: two rooms a door,
/// as many as the index readies in one go.
const WARM_DOORS: usize = crate::model::WARM / 2;

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
    /// What the rules' tables would count again.
    sums: crate::mechanics::DoorSums,
    /// The doors the door warnings may be about, each with where its
    /// lock's keys start among all the doors' lock keys: those that start
    /// closed with no condition to open them, and those whose lock lists
    /// two keys or more. The warnings read these again, not every door.
    suspects: Vec<(usize, usize)>,
    /// The door with the most `small_locks` (the last of equals), and its
    /// count; `None` when no door has any.
    most_small_locks: Option<(usize, u32)>,
    /// The levers named in doors' `open_when`.
    in_conditions: FxHashSet<&'a crate::model::LeverId>,
}

impl<'a> DoorFacts<'a> {
    /// Takes door `i` into account.
    fn note(&mut self, i: usize, door: &'a crate::model::Door) {
        if (!door.open && door.open_when.is_none()) || door.locks.len() > 1 {
            self.suspects.push((i, self.sums.locks));
        }
        self.sums.locks += door.locks.len();
        self.sums.spend |= !door.spend.is_empty();
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
        let hashed = |near: &[Near; 3]| near[0].hashed() + near[1].hashed();
        // None so far: the first doors are warmed.
        let mut hashed_before = None;
        for (i, door) in level.doors.iter().enumerate() {
            // Warmed while the guesses miss: a file that lists its doors in
            // the order of their rooms needs no table, and warming it would
            // only add reads.
            if i % WARM_DOORS == 0 {
                if hashed_before.is_none_or(|before| hashed(&near) > before) {
                    let ahead = level.doors[i..].iter().take(WARM_DOORS);
                    self.index.warm_rooms(ahead.flat_map(|d| [&d.from, &d.to]));
                }
                hashed_before = Some(hashed(&near));
            }
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
}
