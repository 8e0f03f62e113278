//! The rules of play as tables over indices: which passages each door
//! offers, what blocks a passage, what a lever flips and where each key lies.
//!
//! This is the one place that answers "may the player take this step?".
//! [`crate::rules::Rules`] (replay and play mode) asks it with a [`crate::rules::PlayState`];
//! the solver compiles the same answers into bit masks and is checked against
//! it; dead-end explanations, validation's reachability warnings and the
//! generators' room graph all ask it too.

use crate::grouped::Grouped;
use crate::model::{Level, LevelIndex};
use kinds::KindTable;
pub use kinds::kind_names;
use quick::Quick;

mod build;
mod effects;
mod kinds;
mod passages;
mod passing;
mod quick;
pub(crate) use build::{DoorSums, Found};
use build::{door_rules, lever_rules, passages};
pub use effects::Changes;
use passages::Packed;
pub use passages::{Passage, Passages};

/// Whether a door is open, and what can change that.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// Open for good: no lever flips it.
    Open,
    /// Closed for good: it starts closed and no lever flips it.
    Shut,
    /// Levers flip it; `open_at_start` is its state at the start.
    Lever {
        /// Its state at the start.
        open_at_start: bool,
    },
    /// Open exactly while its `open_when` holds ([`DoorRule::open_when`]).
    When,
}

impl Opening {
    /// How `door` opens, when `flipped` says whether some lever toggles it:
    /// the one statement of it, read by the tables and by validation's
    /// "never opens" warning.
    pub(crate) fn of(door: &crate::model::Door, flipped: bool) -> Opening {
        match (flipped, door.open) {
            _ if door.open_when.is_some() => Opening::When,
            (true, open) => Opening::Lever {
                open_at_start: open,
            },
            (false, true) => Opening::Open,
            (false, false) => Opening::Shut,
        }
    }
}

/// A lever literal by index: `(lever, pulled)` holds while the lever has
/// been pulled an odd number of times when `pulled`, an even number when not.
pub type LiteralRule = (usize, bool);

/// The kind index of small keys: every level's kind 0 is `"small"`.
pub const SMALL_KIND: usize = 0;

/// What a door asks of the player, whichever way it is passed.
#[derive(Clone, Debug, PartialEq)]
pub struct DoorRule {
    /// Cost of passing through once.
    pub cost: f64,
    /// Passable only from `from` to `to`.
    pub one_way: bool,
    /// Open, shut, or flipped by levers.
    pub opening: Opening,
    /// Named keys that must all be held (indices into `level.keys`, each once).
    pub locks: Box<[usize]>,
    /// Small keys spent on the first passage (kind [`SMALL_KIND`] of `spend`).
    pub small_locks: u32,
    /// Items spent on the first passage from a locked side, `(kind, count)`
    /// in kind order, small keys included.
    pub spend: Box<[(usize, u32)]>,
    /// Keys of which at least one must be held (indices, each once).
    pub locks_any: Box<[usize]>,
    /// The room whose side `locks`, `locks_any` and `spend` apply from;
    /// `None` for both sides.
    pub lock_side: Option<usize>,
    /// With [`Opening::When`]: open exactly when some inner list has all
    /// its literals holding.
    pub open_when: Box<[Vec<LiteralRule>]>,
}

/// A lever and the doors one pull flips.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeverRule {
    /// The room it stands in.
    pub room: usize,
    /// The doors one pull flips: those its `toggles` list an odd number of
    /// times (a door listed twice flips back), in the order first listed.
    pub flips: Vec<usize>,
    /// It can be pulled only once.
    pub once: bool,
    /// Whether it has been pulled an odd number of times is part of the
    /// state: an `open_when` names it, or it is `once`.
    pub parity: bool,
}

/// A key and where it lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyRule {
    /// The room it lies in; a key carried from the start lies in the start
    /// room, which is the same for every rule of play (it is picked up at
    /// once).
    pub room: usize,
    /// A generic small key (counted, spent by small locks) or a named one.
    pub small: bool,
    /// Its kind of countable item (index into [`Mechanics::kinds`]), small
    /// keys included; `None` for a named key.
    pub kind: Option<usize>,
    /// Carried from the start (no room in the file).
    pub carried: bool,
}

/// Why a passage cannot be taken now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Blocked {
    /// The door is closed (for good, or by the levers as they stand).
    Closed,
    /// These keys of its lock are not held (indices into `level.keys`).
    MissingKeys(Vec<usize>),
    /// Its small lock needs more small keys than are in hand.
    NotEnoughSmallKeys {
        /// Small keys it spends.
        needed: u32,
        /// Small keys in hand.
        held: u32,
    },
    /// None of the keys of its `locks_any` is held (indices into `level.keys`).
    MissingAny(Vec<usize>),
    /// It spends more items of a kind other than small keys than are in hand.
    NotEnoughItems {
        /// The kind (index into [`Mechanics::kinds`]).
        kind: usize,
        /// Items it spends.
        needed: u32,
        /// Items in hand.
        held: u32,
    },
}

/// Why a move is not a passage of the level at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotAPassage {
    /// The door does not join these two rooms.
    NotThisWay,
    /// The door joins them, but is one-way the other way.
    OneWay,
}

/// What the rules need to know of a state of play to judge a passage.
/// [`crate::rules::PlayState`] answers it plainly; the solver answers it from bits.
pub trait Holdings {
    /// Is door `door` open now? Asked only for doors that levers flip.
    fn door_open(&self, door: usize) -> bool;
    /// Is named key `key` held?
    fn holds(&self, key: usize) -> bool;
    /// Has door `door`'s small lock been opened for good?
    fn unlocked(&self, door: usize) -> bool;
    /// Small keys in hand.
    fn small_in_hand(&self) -> u32;
    /// Items of kind `kind` in hand (kind [`SMALL_KIND`]: small keys).
    fn in_hand(&self, kind: usize) -> u32 {
        if kind == SMALL_KIND {
            self.small_in_hand()
        } else {
            0
        }
    }
    /// Has lever `lever` been pulled an odd number of times? Asked only for
    /// levers whose [`LeverRule::parity`] is set.
    fn pulled_odd(&self, _lever: usize) -> bool {
        false
    }
    /// Does the literal `(lever, pulled)` of an `open_when` hold? By
    /// default, when the lever's parity is `pulled`; a relaxed reach may
    /// answer that either may hold.
    fn literal_holds(&self, lever: usize, pulled: bool) -> bool {
        self.pulled_odd(lever) == pulled
    }
}

/// Items of each room, by index into their list: the levers or keys in
/// room `r` are `by_room(...).get(r)`.
type ByRoom = Grouped<u32>;

/// Groups the indices `0..` of a list by the room `room_of` gives each.
fn by_room(rooms: usize, room_of: impl Iterator<Item = usize> + Clone) -> ByRoom {
    Grouped::new(rooms, room_of.enumerate().map(|(i, r)| (r, i as u32)))
}

/// The rules of one level as tables over indices.
///
/// Built once per level in time linear in its size; every question is then
/// answered from the tables.
///
/// ```
/// use lockwork::model::{Door, Level, Room};
/// use lockwork::rules::mechanics::{Mechanics, Passage};
/// let mut level = Level::new("two rooms");
/// level.rooms.push(Room::new("r2", [100.0, 0.0]));
/// let mut drop = Door::new("d1", "r1", "r2");
/// drop.one_way = true;
/// level.doors.push(drop);
/// let rules = Mechanics::new(&level).unwrap();
/// let out: Vec<Passage> = rules.passages_from(0).collect();
/// assert_eq!(out, [Passage { door: 0, from: 0, to: 1 }]);
/// assert!(rules.passages_from(1).is_empty(), "a one-way door offers no way back");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Mechanics {
    rooms: usize,
    start: usize,
    goal: usize,
    lever_cost: f64,
    doors: Vec<DoorRule>,
    /// Per door, what the checks made at every step need of most doors.
    quick: Vec<Quick>,
    /// Per door, its cost, packed for the walks that read only that.
    costs: Vec<f64>,
    /// Per door: its `(from, to)` rooms.
    ends: Vec<(usize, usize)>,
    /// Per door: its `open` as the level says (for a door with an
    /// `open_when`, not what the rules use).
    open_at_start: Vec<bool>,
    /// Every passage, grouped by the room it leaves.
    passages: Vec<Packed>,
    passage_start: Vec<u32>,
    levers: Vec<LeverRule>,
    levers_by_room: ByRoom,
    keys: Vec<KeyRule>,
    keys_by_room: ByRoom,
    /// Per door: the levers that flip it.
    flipped_by: Grouped<usize>,
    goal_requires: Vec<usize>,
    /// Kinds of countable items by index; kind 0 is `"small"`.
    kinds: Vec<String>,
    /// True when the level uses a mechanic beyond carried keys and small
    /// keys: other kinds, `locks_any`, `locked_from`, `open_when`, `once`.
    extended: bool,
    /// True when it uses one the solver's fast paths do not follow: other
    /// kinds, `open_when`, `once`.
    general: bool,
    /// True when some door has an `open_when`.
    conditional: bool,
}

/// What the tables keep of every door's rule, made in one pass over the
/// rules: on a large level they are megabytes, and each pass reads them
/// all from memory.
struct DoorRuleSums {
    quick: Vec<Quick>,
    costs: Vec<f64>,
    /// Some door opens by a condition (`open_when`).
    when: bool,
    /// Some door has an any-of lock or a lock on one side.
    any_or_side: bool,
}

impl DoorRuleSums {
    fn of(doors: &[DoorRule]) -> Self {
        let mut sums = Self {
            quick: Vec::with_capacity(doors.len()),
            costs: Vec::with_capacity(doors.len()),
            when: false,
            any_or_side: false,
        };
        for d in doors {
            sums.quick.push(Quick::of(d));
            sums.costs.push(d.cost);
            sums.when |= d.opening == Opening::When;
            sums.any_or_side |= !d.locks_any.is_empty() || d.lock_side.is_some();
        }
        sums
    }
}

/// A reference of the level that does not resolve (the level is not valid).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what} \"{id}\" does not exist")]
pub struct Unresolved {
    /// What kind of item was looked for: "room", "door" or "key".
    pub what: &'static str,
    /// The id that was not found.
    pub id: String,
}

impl Mechanics {
    /// The rules of `level`, whose references must resolve.
    ///
    /// # Errors
    /// [`Unresolved`] names the first reference that does not.
    ///
    /// Complexity: linear in the size of the level.
    pub fn new(level: &Level) -> Result<Self, Unresolved> {
        Self::with_index(level, &LevelIndex::new(level))
    }

    /// [`Self::new`] with the level's ids already indexed.
    pub(crate) fn with_index(level: &Level, index: &LevelIndex) -> Result<Self, Unresolved> {
        Self::with_found(level, index, &Found::default())
    }

    /// [`Self::with_index`] with the references validation already found:
    /// each list of `found` is used when it is complete, and looked up
    /// again when it is not.
    pub(crate) fn with_found(
        level: &Level,
        index: &LevelIndex,
        found: &Found,
    ) -> Result<Self, Unresolved> {
        let kinds = KindTable::new(level, found.doors_may_spend());
        let found = found.complete(level);
        let room = |id: &crate::model::RoomId| {
            index.room(id).ok_or_else(|| Unresolved {
                what: "room",
                id: id.to_string(),
            })
        };
        let key = |id: &crate::model::KeyId| {
            index.key(id).ok_or_else(|| Unresolved {
                what: "key",
                id: id.to_string(),
            })
        };
        let rooms = level.rooms.len();
        let start = room(&level.start)?;
        let mut levers = lever_rules(level, index, &found, &room)?;
        let kind_of = |name: &str| kinds.of(name);
        let flips = (levers.iter().enumerate())
            .flat_map(|(l, lever)| lever.flips.iter().map(move |&d| (d, l)));
        let flipped_by = Grouped::new(level.doors.len(), flips);
        let (doors, ends, open_at_start) = door_rules(
            level,
            index,
            &found,
            &room,
            &key,
            &kinds,
            &flipped_by,
            &mut levers,
        )?;
        let (passages, passage_start) = passages(rooms, &doors, &ends);
        let mut keys = Vec::with_capacity(level.keys.len());
        let mut found_rooms = found.key_rooms.map(<[usize]>::iter);
        for k in &level.keys {
            let kind = k.kind_name().and_then(kind_of);
            keys.push(KeyRule {
                // Only a key that lies in a room has an entry in `found`.
                room: match &k.room {
                    None => start,
                    Some(r) => match found_rooms.as_mut().and_then(Iterator::next) {
                        Some(&found) => found,
                        None => room(r)?,
                    },
                },
                small: kind == Some(SMALL_KIND),
                kind,
                carried: k.room.is_none(),
            });
        }
        let mut goal_requires = Vec::with_capacity(level.goal_requires.len());
        for k in &level.goal_requires {
            goal_requires.push(key(k)?);
        }
        goal_requires.sort_unstable();
        goal_requires.dedup();
        let sums = DoorRuleSums::of(&doors);
        let general = kinds.names.len() > 1 || levers.iter().any(|l| l.parity) || sums.when;
        let extended = general || sums.any_or_side;
        Ok(Self {
            quick: sums.quick,
            costs: sums.costs,
            rooms,
            start,
            kinds: kinds.names(),
            extended,
            general,
            conditional: sums.when,
            goal: room(&level.goal)?,
            lever_cost: level.lever_cost,
            levers_by_room: by_room(rooms, levers.iter().map(|l| l.room)),
            keys_by_room: by_room(rooms, keys.iter().map(|k| k.room)),
            doors,
            ends,
            open_at_start,
            passages,
            passage_start,
            levers,
            keys,
            flipped_by,
            goal_requires,
        })
    }

    /// Kinds of countable items, by kind index; kind [`SMALL_KIND`] is `"small"`.
    pub fn kinds(&self) -> &[String] {
        &self.kinds
    }

    /// True when the level uses a mechanic of the version-1 extensions
    /// beyond carried keys and small keys: other kinds of items,
    /// `locks_any`, `locked_from`, `open_when` or `once`. The solver's fast
    /// paths are written for levels without them.
    pub fn is_extended(&self) -> bool {
        self.extended
    }

    /// True when there is nothing to pick up and nothing to pull: no keys
    /// of any kind and no levers, so a state of play is a room and the
    /// player only walks.
    pub fn only_walks(&self) -> bool {
        self.keys.is_empty() && self.levers.is_empty()
    }

    /// True when the level uses a mechanic that only the solver's explicit
    /// graph ([`crate::solver`]'s `general`) follows: items of other kinds
    /// than small keys, `open_when`, or `once`. A named key is never lost on the
    /// other levels (`locks_any` and `locked_from` included), which is what
    /// the fast paths rely on.
    pub fn needs_general(&self) -> bool {
        self.general
    }

    /// Number of rooms.
    pub fn rooms(&self) -> usize {
        self.rooms
    }

    /// The start room.
    pub fn start(&self) -> usize {
        self.start
    }

    /// The goal room.
    pub fn goal(&self) -> usize {
        self.goal
    }

    /// Cost of one pull.
    pub fn lever_cost(&self) -> f64 {
        self.lever_cost
    }

    /// The doors' rules, by door index.
    pub fn doors(&self) -> &[DoorRule] {
        &self.doors
    }

    /// The levers' rules, by lever index.
    pub fn levers(&self) -> &[LeverRule] {
        &self.levers
    }

    /// The keys' rules, by key index.
    pub fn keys(&self) -> &[KeyRule] {
        &self.keys
    }

    /// The keys of each kind of item (key indices, in order), by kind
    /// index: one pass over the keys, where asking each kind in turn would
    /// read every key once per kind.
    pub fn keys_by_kind(&self) -> Vec<Vec<usize>> {
        let mut of_kind = vec![Vec::new(); self.kinds.len()];
        for (k, key) in self.keys.iter().enumerate() {
            if let Some(items) = key.kind.and_then(|kind| of_kind.get_mut(kind)) {
                items.push(k);
            }
        }
        of_kind
    }

    /// Named keys the goal requires (indices, each once).
    pub fn goal_requires(&self) -> &[usize] {
        &self.goal_requires
    }

    /// Per door, its `open` field as the level gives it: the doors' state
    /// at the start of play ([`crate::rules::Rules::start`]), read here rather
    /// than from the level's doors, a pass over tens of megabytes on a
    /// large level.
    pub fn open_at_start(&self) -> &[bool] {
        &self.open_at_start
    }

    /// Per door, in level order: is it open before any step is taken? By
    /// its `open`, or by its `open_when` with every lever up (pulled an
    /// even number of times). What the editor draws while no play is shown.
    ///
    /// # Complexity
    /// Linear in the doors and the literals of their conditions.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Door, Level, Lever, Literal, Room};
    /// use lockwork::rules::Mechanics;
    /// let mut level = Level::new("gates");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// let mut up = Door::new("d1", "r1", "r2");
    /// up.open_when = Some(vec![vec![Literal { lever: "l1".into(), pulled: false }]]);
    /// let mut shut = Door::new("d2", "r1", "r2");
    /// shut.open = false;
    /// level.doors = vec![up, shut, Door::new("d3", "r1", "r2")];
    /// level.levers.push(Lever::new("l1", "r1", vec!["d2".into()]));
    /// let rules = Mechanics::new(&level)?;
    /// assert_eq!(rules.open_before_any_step(), [true, false, true]);
    /// # Ok::<(), lockwork::rules::mechanics::Unresolved>(())
    /// ```
    pub fn open_before_any_step(&self) -> Vec<bool> {
        /// Nothing held, nothing pulled, the doors as the level says.
        struct Start<'m>(&'m [bool]);
        impl Holdings for Start<'_> {
            fn door_open(&self, door: usize) -> bool {
                self.0.get(door).copied().unwrap_or(false)
            }
            fn holds(&self, _key: usize) -> bool {
                false
            }
            fn unlocked(&self, _door: usize) -> bool {
                false
            }
            fn small_in_hand(&self) -> u32 {
                0
            }
        }
        let start = Start(&self.open_at_start);
        (0..self.doors.len())
            .map(|d| self.is_open(d, &start))
            .collect()
    }

    /// Every passage of the level, grouped by the room it leaves.
    pub fn passages(&self) -> Passages<'_> {
        Passages::new(&self.passages)
    }

    /// The passages out of `room` (none for a room that does not exist).
    pub fn passages_from(&self, room: usize) -> Passages<'_> {
        Passages::new(&self.passages[self.passage_indices(room)])
    }

    /// The passage at `index` of [`Self::passages`], if there is one.
    pub fn passage_at(&self, index: usize) -> Option<Passage> {
        self.passages().nth(index)
    }

    /// Where the passages out of `room` lie in [`Self::passages`].
    pub(crate) fn passage_indices(&self, room: usize) -> std::ops::Range<usize> {
        let end = room
            .checked_add(1)
            .and_then(|next| self.passage_start.get(next));
        match (self.passage_start.get(room), end) {
            (Some(&a), Some(&b)) => a as usize..b as usize,
            _ => 0..0,
        }
    }

    /// The levers standing in `room` (indices).
    pub fn levers_in(&self, room: usize) -> impl Iterator<Item = usize> + '_ {
        self.levers_by_room.get(room).iter().map(|&l| l as usize)
    }

    /// The keys lying in `room` (indices).
    pub fn keys_in(&self, room: usize) -> impl Iterator<Item = usize> + '_ {
        self.keys_by_room.get(room).iter().map(|&k| k as usize)
    }

    /// The levers that flip `door`.
    pub fn flipped_by(&self, door: usize) -> &[usize] {
        self.flipped_by.get(door)
    }

    /// The passage that takes `door` from room `from` to room `to`.
    ///
    /// # Errors
    /// [`NotAPassage`] says whether the door does not join the two rooms at
    /// all, or is one-way the other way.
    pub fn passage(&self, door: usize, from: usize, to: usize) -> Result<Passage, NotAPassage> {
        let (Some(&(a, b)), Some(rule)) = (self.ends.get(door), self.doors.get(door)) else {
            return Err(NotAPassage::NotThisWay);
        };
        if (a, b) == (from, to) {
            Ok(Passage { door, from, to })
        } else if (b, a) == (from, to) {
            if rule.one_way {
                Err(NotAPassage::OneWay)
            } else {
                Ok(Passage { door, from, to })
            }
        } else {
            Err(NotAPassage::NotThisWay)
        }
    }

    /// The way through door `door` from room `from` to its other room,
    /// whether or not the rules let the player take it (a step already
    /// taken, to ask what it did). `None` for no such door.
    pub fn leaving(&self, door: usize, from: usize) -> Option<Passage> {
        let (a, b) = self.ends(door)?;
        let to = if a == from { b } else { a };
        Some(Passage { door, from, to })
    }

    /// The two rooms door `door` joins, `(from, to)`.
    pub fn ends(&self, door: usize) -> Option<(usize, usize)> {
        self.ends.get(door).copied()
    }

    /// True when door `door` is open for good and has no lock, no any-of
    /// lock and nothing to spend: nothing ever stops the player at it,
    /// though a one-way door still lets them through one way only. O(1),
    /// and reads one byte rather than the door's rule.
    pub fn is_free(&self, door: usize) -> bool {
        self.quick(door).is_some_and(Quick::free)
    }

    /// Door `door`'s cost, 0 for no such door. O(1), from a table of costs
    /// alone, like [`Mechanics::is_free`].
    pub fn cost(&self, door: usize) -> f64 {
        self.costs.get(door).copied().unwrap_or(0.0)
    }

    /// True when door `door` is one-way. O(1), like [`Mechanics::is_free`].
    pub fn is_one_way(&self, door: usize) -> bool {
        self.quick(door).is_some_and(Quick::one_way)
    }

    /// The doors that are not free ([`Self::is_free`]), with their rules,
    /// in door order: what a pass over the doors looking for locks, lever
    /// doors or items to spend needs, since a free door has none of them.
    /// It reads a byte per door and a rule only for these: on a large
    /// level the rules are megabytes, a pass over them all a cache miss a
    /// door.
    pub fn doors_not_free(&self) -> impl Iterator<Item = (usize, &DoorRule)> + '_ {
        (self.quick.iter().enumerate())
            .filter(|(_, quick)| !quick.free())
            .filter_map(|(d, _)| Some((d, self.doors.get(d)?)))
    }

    fn quick(&self, door: usize) -> Option<Quick> {
        self.quick.get(door).copied()
    }

    /// True when `room` is the goal and every key it requires is held.
    pub fn is_goal(&self, room: usize, holdings: &impl Holdings) -> bool {
        room == self.goal && self.goal_requires.iter().all(|&k| holdings.holds(k))
    }
}

#[cfg(test)]
mod tests;
