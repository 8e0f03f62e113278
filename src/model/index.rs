//! Constant-time lookup from ids to positions in a [`Level`].

use rustc_hash::FxHashMap;

use super::{DoorId, KeyId, Level, LeverId, RoomId};

/// Maps every id of a level to its position in the level's vectors.
///
/// Build it once for a level that does not change (for a solve, or a frame of
/// the editor); when ids repeat, the first item wins.
#[derive(Clone, Debug, Default)]
pub struct LevelIndex {
    rooms: FxHashMap<RoomId, usize>,
    doors: FxHashMap<DoorId, usize>,
    keys: FxHashMap<KeyId, usize>,
    levers: FxHashMap<LeverId, usize>,
}

fn positions<'a, I: Clone + Eq + std::hash::Hash + 'a>(
    ids: impl Iterator<Item = &'a I>,
) -> FxHashMap<I, usize> {
    let mut map = FxHashMap::default();
    for (i, id) in ids.enumerate() {
        map.entry(id.clone()).or_insert(i);
    }
    map
}

impl LevelIndex {
    /// Indexes `level`.
    pub fn new(level: &Level) -> Self {
        Self {
            rooms: positions(level.rooms.iter().map(|r| &r.id)),
            doors: positions(level.doors.iter().map(|d| &d.id)),
            keys: positions(level.keys.iter().map(|k| &k.id)),
            levers: positions(level.levers.iter().map(|l| &l.id)),
        }
    }

    /// Position of the room in `level.rooms`.
    pub fn room(&self, id: &RoomId) -> Option<usize> {
        self.rooms.get(id).copied()
    }

    /// Position of the door in `level.doors`.
    pub fn door(&self, id: &DoorId) -> Option<usize> {
        self.doors.get(id).copied()
    }

    /// Position of the key in `level.keys`.
    pub fn key(&self, id: &KeyId) -> Option<usize> {
        self.keys.get(id).copied()
    }

    /// Position of the lever in `level.levers`.
    pub fn lever(&self, id: &LeverId) -> Option<usize> {
        self.levers.get(id).copied()
    }
}
