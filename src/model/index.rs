//! Constant-time lookup from ids to positions in a [`Level`].

use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use super::{DoorId, KeyId, Level, LeverId, RoomId};

/// Maps every id of a level to its position in the level's vectors.
///
/// Build it once for a level that does not change (for a solve, or a frame of
/// the editor); when ids repeat, the first item wins. [`Level::room`] and its
/// kin scan the level instead, which is fine once and quadratic in a loop.
///
/// ```
/// use lockwork::model::{Door, Level, LevelIndex, Room};
/// let mut level = Level::new("two rooms");
/// level.rooms.push(Room::new("r2", [100.0, 0.0]));
/// level.doors.push(Door::new("d1", "r1", "r2"));
/// let index = LevelIndex::new(&level);
/// assert_eq!(index.room(&"r2".into()), Some(1));
/// assert_eq!(index.door(&"d1".into()), Some(0));
/// assert_eq!(index.key(&"k1".into()), None);
/// ```
#[derive(Clone, Debug, Default)]
pub struct LevelIndex {
    rooms: Ids,
    doors: Ids,
    keys: Ids,
    levers: Ids,
}

/// The ids of one list, written one after another into a single string,
/// with a hash table of their positions.
///
/// One string rather than one per id: copying 100,000 ids into their own
/// allocations made indexing grow faster than the level (13x the time for
/// 4x the rooms), the allocator's work rising with its number of blocks.
#[derive(Clone, Debug, Default)]
struct Ids {
    text: String,
    /// Where each id ends in `text`; it starts where the one before ends.
    ends: Vec<usize>,
    /// Positions in the list, hashed by their id; the first of repeats.
    /// Four bytes each: a level's lists are far shorter than `u32::MAX`
    /// (a door alone takes more than 200 bytes), and the smaller table
    /// stays in the cache longer on a large level.
    table: HashTable<u32>,
    /// Each position whose id came before, with where it first came.
    repeats: Vec<(usize, usize)>,
}

fn hash(id: &str) -> u64 {
    FxBuildHasher.hash_one(id)
}

/// The id at `i` of ids packed as `text` and `ends`.
fn id_at<'t>(text: &'t str, ends: &[usize], i: usize) -> &'t str {
    let start = match i.checked_sub(1) {
        Some(before) => ends.get(before).copied().unwrap_or_default(),
        None => 0,
    };
    let end = ends.get(i).copied().unwrap_or_default();
    text.get(start..end).unwrap_or_default()
}

impl Ids {
    fn new<'a>(ids: impl ExactSizeIterator<Item = &'a str> + Clone) -> Self {
        let mut text = String::with_capacity(ids.clone().map(str::len).sum());
        let mut ends = Vec::with_capacity(ids.len());
        let mut table = HashTable::with_capacity(ids.len());
        let mut repeats = Vec::new();
        for (i, id) in ids.enumerate() {
            text.push_str(id);
            ends.push(text.len());
            let h = hash(id);
            match table.find(h, |&j| id_at(&text, &ends, j as usize) == id) {
                Some(&first) => repeats.push((i, first as usize)),
                None => {
                    let at = u32::try_from(i).unwrap_or(u32::MAX);
                    table.insert_unique(h, at, |&j| hash(id_at(&text, &ends, j as usize)));
                }
            }
        }
        Self {
            text,
            ends,
            table,
            repeats,
        }
    }

    fn get(&self, id: &str) -> Option<usize> {
        let found = self.table.find(hash(id), |&j| {
            id_at(&self.text, &self.ends, j as usize) == id
        });
        found.map(|&j| j as usize)
    }

    /// Brings into the cache what looking up `ids` will read, so that the
    /// look-ups that follow do not wait for memory one after another. Each
    /// step reads for every id before the next step begins: the table's
    /// slot, then where the id it holds lies, then its first byte. The
    /// reads of one step do not depend on each other, so the processor
    /// has them all in flight at once. Reads only: what it finds is thrown
    /// away, and a look-up is right whether it ran or not.
    fn warm<'a>(&self, ids: impl Iterator<Item = &'a str>) {
        let mut found = [u32::MAX; WARM];
        let mut n = 0;
        for (slot, id) in found.iter_mut().zip(ids) {
            // The first candidate, even if it is not the id: this reads
            // the slot, which is all that is wanted here.
            *slot = self
                .table
                .find(hash(id), |_| true)
                .copied()
                .unwrap_or(u32::MAX);
            n += 1;
        }
        let found = &found[..n];
        let mut sum = 0usize;
        for &j in found {
            sum ^= self.ends.get(j as usize).copied().unwrap_or_default();
        }
        let bytes = self.text.as_bytes();
        for &j in found {
            let start = (j as usize)
                .checked_sub(1)
                .and_then(|b| self.ends.get(b).copied());
            sum ^= usize::from(
                start
                    .and_then(|s| bytes.get(s).copied())
                    .unwrap_or_default(),
            );
        }
        std::hint::black_box(sum);
    }

    /// [`Ids::get`], trying first the positions `near` expects. A guess
    /// is only taken when no id repeats, so it is always the first of its id.
    fn get_near(&self, id: &str, near: &mut Near) -> Option<usize> {
        let guessed = (self.repeats.is_empty())
            .then(|| {
                near.guesses().find(|&guess| {
                    guess < self.ends.len() && id_at(&self.text, &self.ends, guess) == id
                })
            })
            .flatten();
        let found = guessed.or_else(|| {
            near.hashed += 1;
            self.get(id)
        });
        if let Some(f) = found {
            near.found(f);
        }
        found
    }
}

/// How many look-ups [`Ids::warm`] prepares at once (more are ignored):
/// enough to keep the processor's outstanding reads busy.
pub(crate) const WARM: usize = 32;

/// Where a run of look-ups expects its next ids, so that it can compare
/// a few ids in order instead of probing the hash table, whose look-ups
/// miss the cache once a level has tens of thousands of items.
///
/// Files tend to list references in the order of what they name, often as
/// two runs woven together: a grid's doors go right, then down, from each
/// room in turn. So it follows two runs, and guesses the position after
/// the one each found last, then that one again.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Near {
    next: [usize; 2],
    /// How many look-ups no guess found, which went to the table.
    hashed: usize,
}

impl Near {
    /// How many look-ups so far went to the hash table.
    pub(crate) fn hashed(&self) -> usize {
        self.hashed
    }

    fn guesses(self) -> impl Iterator<Item = usize> {
        let [a, b] = self.next;
        [a, a.wrapping_sub(1), b, b.wrapping_sub(1)].into_iter()
    }

    /// Follows `found`: the run that guessed it moves on, or else it
    /// starts a run in place of the older one.
    fn found(&mut self, found: usize) {
        let follows = |next: usize| found == next || found.wrapping_add(1) == next;
        match self.next {
            [a, _] if follows(a) => self.next[0] = found + 1,
            [_, b] if follows(b) => self.next[1] = found + 1,
            [a, _] => self.next = [found + 1, a],
        }
    }
}

impl LevelIndex {
    /// Indexes `level`.
    ///
    /// # Arguments
    /// * `level` — any level, valid or not.
    ///
    /// # Returns
    /// The index; it goes stale when the level's items are added, removed,
    /// reordered or renamed.
    ///
    /// # Complexity
    /// O(number of items), one hash insert each.
    ///
    /// # Example
    /// ```
    /// let level = lockwork::model::Level::new("one room");
    /// let index = lockwork::model::LevelIndex::new(&level);
    /// assert_eq!(index.room(&level.start), Some(0));
    /// ```
    pub fn new(level: &Level) -> Self {
        Self {
            rooms: Ids::new(level.rooms.iter().map(|r| r.id.as_str())),
            doors: Ids::new(level.doors.iter().map(|d| d.id.as_str())),
            keys: Ids::new(level.keys.iter().map(|k| k.id.as_str())),
            levers: Ids::new(level.levers.iter().map(|l| l.id.as_str())),
        }
    }

    /// The positions in `level.rooms`, `doors`, `keys` and `levers` whose
    /// id an item before them already has, each with that item's position,
    /// in order: what validation reports, found while indexing.
    pub(crate) fn repeats(&self) -> [&[(usize, usize)]; 4] {
        [
            &self.rooms.repeats,
            &self.doors.repeats,
            &self.keys.repeats,
            &self.levers.repeats,
        ]
    }

    /// Position of the room in `level.rooms`, or `None` when no room
    /// has this id. O(1).
    pub fn room(&self, id: &RoomId) -> Option<usize> {
        self.rooms.get(id.as_str())
    }

    /// Position of the door in `level.doors`, or `None` when no door
    /// has this id. O(1).
    pub fn door(&self, id: &DoorId) -> Option<usize> {
        self.doors.get(id.as_str())
    }

    /// Position of the key in `level.keys`, or `None` when no key
    /// has this id. O(1).
    pub fn key(&self, id: &KeyId) -> Option<usize> {
        self.keys.get(id.as_str())
    }

    /// Position of the lever in `level.levers`, or `None` when no lever
    /// has this id. O(1).
    pub fn lever(&self, id: &LeverId) -> Option<usize> {
        self.levers.get(id.as_str())
    }

    /// Readies the look-up of up to [`WARM`] room ids; see [`Ids::warm`].
    pub(crate) fn warm_rooms<'a>(&self, ids: impl Iterator<Item = &'a RoomId>) {
        self.rooms.warm(ids.map(RoomId::as_str));
    }

    /// [`LevelIndex::room`], trying first where `near` expects the id.
    pub(crate) fn room_near(&self, id: &RoomId, near: &mut Near) -> Option<usize> {
        self.rooms.get_near(id.as_str(), near)
    }

    /// [`LevelIndex::door`], trying first where `near` expects the id.
    pub(crate) fn door_near(&self, id: &DoorId, near: &mut Near) -> Option<usize> {
        self.doors.get_near(id.as_str(), near)
    }

    /// [`LevelIndex::key`], trying first where `near` expects the id.
    pub(crate) fn key_near(&self, id: &KeyId, near: &mut Near) -> Option<usize> {
        self.keys.get_near(id.as_str(), near)
    }
}

/// Names of a level's items for messages, looked up through a
/// [`LevelIndex`]: `Level::room_label` and its kin scan the level, which is
/// quadratic when a report names every room of a 50,000-room plan.
#[derive(Clone, Debug)]
pub struct Labels<'l> {
    level: &'l Level,
    index: std::borrow::Cow<'l, LevelIndex>,
    /// Whether any room, door, key or lever has a name, found at the first
    /// label asked of its kind: when none has, an id is its own label and
    /// needs no look-up (a 80,000-step plan of a generated level).
    named: [std::cell::OnceCell<bool>; 4],
}

/// "Name (id)", or the id alone when the item has no name.
fn label(name: Option<&str>, id: &impl std::fmt::Display) -> String {
    match name {
        Some(name) if !name.is_empty() => format!("{name} ({id})"),
        _ => id.to_string(),
    }
}

impl<'l> Labels<'l> {
    /// Indexes `level` for its labels.
    pub fn new(level: &'l Level) -> Self {
        Self {
            level,
            index: std::borrow::Cow::Owned(LevelIndex::new(level)),
            named: Default::default(),
        }
    }

    /// Labels through an index of `level` already built (the editor keeps
    /// one per revision of the level).
    pub fn with_index(level: &'l Level, index: &'l LevelIndex) -> Self {
        Self {
            level,
            index: std::borrow::Cow::Borrowed(index),
            named: Default::default(),
        }
    }

    /// Whether an item of kind `kind` (rooms, doors, keys, levers) has a
    /// name; `any` finds out, once.
    fn any_named(&self, kind: usize, any: impl FnOnce() -> bool) -> bool {
        self.named
            .get(kind)
            .is_none_or(|cell| *cell.get_or_init(any))
    }

    /// The level labelled.
    pub fn level(&self) -> &'l Level {
        self.level
    }

    /// The index behind the labels.
    pub fn index(&self) -> &LevelIndex {
        &self.index
    }

    /// The room's name, or its id when it has none.
    pub fn room(&self, id: &RoomId) -> String {
        if !self.any_named(0, || self.level.rooms.iter().any(|r| !r.name.is_empty())) {
            return id.to_string();
        }
        let name = self
            .index
            .room(id)
            .and_then(|i| self.level.rooms.get(i))
            .map(|r| r.name.as_str());
        label(name, id)
    }

    /// The door's name, or its id when it has none.
    pub fn door(&self, id: &DoorId) -> String {
        if !self.any_named(1, || self.level.doors.iter().any(|d| !d.name.is_empty())) {
            return id.to_string();
        }
        let name = self
            .index
            .door(id)
            .and_then(|i| self.level.doors.get(i))
            .map(|d| d.name.as_str());
        label(name, id)
    }

    /// The key's name, or its id when it has none.
    pub fn key(&self, id: &KeyId) -> String {
        if !self.any_named(2, || self.level.keys.iter().any(|k| !k.name.is_empty())) {
            return id.to_string();
        }
        let name = self
            .index
            .key(id)
            .and_then(|i| self.level.keys.get(i))
            .map(|k| k.name.as_str());
        label(name, id)
    }

    /// The lever's name, or its id when it has none.
    pub fn lever(&self, id: &LeverId) -> String {
        if !self.any_named(3, || self.level.levers.iter().any(|l| !l.name.is_empty())) {
            return id.to_string();
        }
        let name = self
            .index
            .lever(id)
            .and_then(|i| self.level.levers.get(i))
            .map(|l| l.name.as_str());
        label(name, id)
    }

    /// Whether the key is a small key.
    pub fn is_small(&self, id: &KeyId) -> bool {
        self.index
            .key(id)
            .and_then(|i| self.level.keys.get(i))
            .is_some_and(super::level::Key::is_small)
    }
}

#[cfg(test)]
mod ids_tests {
    use proptest::prelude::*;

    use super::{Ids, Near};

    proptest! {
        /// Every id is found at its first position, and nothing else is
        /// found: against a plain scan of the list.
        #[test]
        fn ids_are_found_where_a_scan_finds_them(
            list in prop::collection::vec("[ab]{0,3}", 0..40),
            other in "[abc]{0,3}",
        ) {
            let ids = Ids::new(list.iter().map(String::as_str));
            for id in list.iter().chain([&other]) {
                let scan = list.iter().position(|x| x == id);
                prop_assert_eq!(ids.get(id), scan, "{}", id);
            }
            let repeats: Vec<(usize, usize)> = list
                .iter()
                .enumerate()
                .filter_map(|(i, id)| {
                    let first = list.iter().position(|x| x == id)?;
                    (first != i).then_some((i, first))
                })
                .collect();
            prop_assert_eq!(&ids.repeats, &repeats);
        }

        /// Looking up through the guesses of a [`Near`] finds what the
        /// hash table finds, in any order of look-ups, with and without
        /// repeated ids.
        #[test]
        fn guessed_look_ups_find_what_the_table_finds(
            list in prop::collection::vec("[abc]{1,2}", 0..30),
            asked in prop::collection::vec("[abcd]{1,2}", 0..60),
            unique in any::<bool>(),
        ) {
            let mut list = list;
            if unique {
                let mut seen = std::collections::HashSet::new();
                list.retain(|id| seen.insert(id.clone()));
            }
            let ids = Ids::new(list.iter().map(String::as_str));
            let mut near = Near::default();
            let woven = (0..list.len() / 2).flat_map(|i| [&list[i], &list[list.len() / 2 + i]]);
            for id in asked.iter().chain(woven) {
                prop_assert_eq!(ids.get_near(id, &mut near), ids.get(id), "{}", id);
            }
            // Ids asked in the order of the list are all guessed: none goes
            // to the table, which is what lets validation skip warming it.
            if unique {
                let mut near = Near::default();
                for id in &list {
                    ids.get_near(id, &mut near);
                }
                prop_assert_eq!(near.hashed(), 0);
            }
        }
    }
}

#[cfg(test)]
mod labels_tests {
    use super::Labels;
    use crate::model::{Door, Level, Room};

    #[test]
    fn an_item_is_labelled_by_its_name_and_id_once_any_of_its_kind_has_a_name() {
        let mut level = Level::new("labels");
        level.rooms.push(Room::new("r2", [100.0, 0.0]));
        level.doors.push(Door::new("d1", "r1", "r2"));
        let plain = Labels::new(&level);
        assert_eq!(plain.room(&"r2".into()), "r2");
        assert_eq!(plain.door(&"d1".into()), "d1");
        level.rooms[1].name = "Vault".into();
        let named = Labels::new(&level);
        assert_eq!(named.room(&"r2".into()), "Vault (r2)");
        assert_eq!(named.room(&"r1".into()), "r1");
        assert_eq!(named.room(&"nowhere".into()), "nowhere");
        assert_eq!(named.door(&"d1".into()), "d1");
    }
}
