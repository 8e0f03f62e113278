//! Items copied from a level, to paste into it (or another) with fresh ids.
//!
//! A clip holds rooms with the doors between them and the keys and levers
//! in them. On the system clipboard it travels as a level file, so a clip
//! can be pasted into another window and any level file can be pasted.

use rustc_hash::FxHashSet;

use crate::model::{Door, ItemId, Key, Level, Lever, Room, RoomId};

/// Copied rooms, doors, keys and levers, as they were in their level.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Clip {
    /// The rooms.
    pub rooms: Vec<Room>,
    /// Doors whose both rooms are in the clip.
    pub doors: Vec<Door>,
    /// Keys lying in the clip's rooms.
    pub keys: Vec<Key>,
    /// Levers standing in the clip's rooms.
    pub levers: Vec<Lever>,
}

impl Clip {
    /// The selected rooms of `level`, with every door between two of them,
    /// and the keys and levers in them. Selected doors, keys and levers whose
    /// rooms are not selected are left out: they cannot stand on their own.
    pub fn of(level: &Level, items: &[ItemId]) -> Self {
        let rooms: FxHashSet<&RoomId> = items
            .iter()
            .filter_map(|i| match i {
                ItemId::Room(r) => Some(r),
                _ => None,
            })
            .collect();
        Self {
            rooms: level
                .rooms
                .iter()
                .filter(|r| rooms.contains(&r.id))
                .cloned()
                .collect(),
            doors: level
                .doors
                .iter()
                .filter(|d| rooms.contains(&d.from) && rooms.contains(&d.to))
                .cloned()
                .collect(),
            keys: level
                .keys
                .iter()
                .filter(|k| k.room.as_ref().is_some_and(|r| rooms.contains(r)))
                .cloned()
                .collect(),
            levers: level
                .levers
                .iter()
                .filter(|l| rooms.contains(&l.room))
                .cloned()
                .collect(),
        }
    }

    /// Nothing copied?
    pub fn is_empty(&self) -> bool {
        self.rooms.is_empty()
    }

    /// Every item of the clip, rooms first.
    pub fn items(&self) -> usize {
        self.rooms.len() + self.doors.len() + self.keys.len() + self.levers.len()
    }

    /// The room centres (rooms without a position at the origin).
    pub fn centers(&self) -> Vec<[f64; 2]> {
        self.rooms
            .iter()
            .map(|r| r.pos.unwrap_or_default())
            .collect()
    }

    /// The clip as a valid level (for the system clipboard): references to
    /// items outside the clip are left out, start and goal are its first room.
    pub fn to_level(&self) -> Level {
        let mut level = Level::new("Copied rooms");
        level.rooms.clone_from(&self.rooms);
        level.doors.clone_from(&self.doors);
        level.keys.clone_from(&self.keys);
        level.levers.clone_from(&self.levers);
        let keys: FxHashSet<_> = self
            .keys
            .iter()
            .filter(|k| !k.small)
            .map(|k| k.id.clone())
            .collect();
        let doors: FxHashSet<_> = self.doors.iter().map(|d| d.id.clone()).collect();
        for door in &mut level.doors {
            door.locks.retain(|k| keys.contains(k));
        }
        for lever in &mut level.levers {
            lever.toggles.retain(|d| doors.contains(d));
        }
        if let Some(first) = self.rooms.first() {
            level.start = first.id.clone();
            level.goal = first.id.clone();
        }
        level
    }

    /// The clip as text for the system clipboard: a level file.
    pub fn to_text(&self) -> String {
        crate::format::to_string(&self.to_level())
    }

    /// A clip of a whole level.
    pub fn of_level(level: Level) -> Self {
        Self {
            rooms: level.rooms,
            doors: level.doors,
            keys: level.keys,
            levers: level.levers,
        }
    }

    /// A clip from clipboard text, when the text is a level file.
    pub fn from_text(text: &str) -> Option<Self> {
        let loaded = crate::format::from_str(text).ok()?;
        Some(Self::of_level(loaded.level)).filter(|c| !c.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clip_takes_the_doors_between_its_rooms_and_what_lies_in_them() {
        let mut level = Level::new("t");
        level.rooms.push(Room::new("r2", [200.0, 0.0]));
        level.rooms.push(Room::new("r3", [400.0, 0.0]));
        level.doors.push(Door::new("d1", "r1", "r2"));
        let mut d2 = Door::new("d2", "r2", "r3");
        d2.locks = vec!["k1".into()];
        level.doors.push(d2);
        level.keys.push(Key::new("k1", "r1"));
        level.levers.push(Lever::new("l1", "r2", vec!["d1".into()]));
        let clip = Clip::of(
            &level,
            &[ItemId::Room("r2".into()), ItemId::Room("r3".into())],
        );
        assert_eq!(clip.rooms.len(), 2);
        let doors: Vec<&str> = clip.doors.iter().map(|d| d.id.as_str()).collect();
        assert_eq!(doors, ["d2"]);
        assert!(clip.keys.is_empty());
        assert_eq!(clip.levers.len(), 1);
        // As a file, it drops what points outside it, and reads back.
        let back = Clip::from_text(&clip.to_text()).unwrap();
        assert!(back.doors[0].locks.is_empty());
        assert!(back.levers[0].toggles.is_empty());
        assert_eq!(back.rooms, clip.rooms);
    }
}
