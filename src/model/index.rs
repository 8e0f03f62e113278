//! Constant-time lookup from ids to positions in a [`Level`].

use rustc_hash::FxHashMap;

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
    rooms: FxHashMap<RoomId, usize>,
    doors: FxHashMap<DoorId, usize>,
    keys: FxHashMap<KeyId, usize>,
    levers: FxHashMap<LeverId, usize>,
}

fn positions<'a, I: Clone + Eq + std::hash::Hash + 'a>(
    ids: impl ExactSizeIterator<Item = &'a I>,
) -> FxHashMap<I, usize> {
    let mut map = FxHashMap::with_capacity_and_hasher(ids.len(), Default::default());
    for (i, id) in ids.enumerate() {
        map.entry(id.clone()).or_insert(i);
    }
    map
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
            rooms: positions(level.rooms.iter().map(|r| &r.id)),
            doors: positions(level.doors.iter().map(|d| &d.id)),
            keys: positions(level.keys.iter().map(|k| &k.id)),
            levers: positions(level.levers.iter().map(|l| &l.id)),
        }
    }

    /// Position of the room in `level.rooms`, or `None` when no room
    /// has this id. O(1).
    pub fn room(&self, id: &RoomId) -> Option<usize> {
        self.rooms.get(id).copied()
    }

    /// Position of the door in `level.doors`, or `None` when no door
    /// has this id. O(1).
    pub fn door(&self, id: &DoorId) -> Option<usize> {
        self.doors.get(id).copied()
    }

    /// Position of the key in `level.keys`, or `None` when no key
    /// has this id. O(1).
    pub fn key(&self, id: &KeyId) -> Option<usize> {
        self.keys.get(id).copied()
    }

    /// Position of the lever in `level.levers`, or `None` when no lever
    /// has this id. O(1).
    pub fn lever(&self, id: &LeverId) -> Option<usize> {
        self.levers.get(id).copied()
    }
}

/// Names of a level's items for messages, looked up through a
/// [`LevelIndex`]: `Level::room_label` and its kin scan the level, which is
/// quadratic when a report names every room of a 50,000-room plan.
#[derive(Clone, Debug)]
pub struct Labels<'l> {
    level: &'l Level,
    index: std::borrow::Cow<'l, LevelIndex>,
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
        }
    }

    /// Labels through an index of `level` already built (the editor keeps
    /// one per revision of the level).
    pub fn with_index(level: &'l Level, index: &'l LevelIndex) -> Self {
        Self {
            level,
            index: std::borrow::Cow::Borrowed(index),
        }
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
        let name = self
            .index
            .room(id)
            .and_then(|i| self.level.rooms.get(i))
            .map(|r| r.name.as_str());
        label(name, id)
    }

    /// The door's name, or its id when it has none.
    pub fn door(&self, id: &DoorId) -> String {
        let name = self
            .index
            .door(id)
            .and_then(|i| self.level.doors.get(i))
            .map(|d| d.name.as_str());
        label(name, id)
    }

    /// The key's name, or its id when it has none.
    pub fn key(&self, id: &KeyId) -> String {
        let name = self
            .index
            .key(id)
            .and_then(|i| self.level.keys.get(i))
            .map(|k| k.name.as_str());
        label(name, id)
    }

    /// The lever's name, or its id when it has none.
    pub fn lever(&self, id: &LeverId) -> String {
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
