//! Which items the designer has selected. UI state, never part of the level.

use std::collections::BTreeSet;

use super::intent::SelectMode;
use crate::model::{ItemId, Level, RoomId};

/// The selected rooms, doors, keys and levers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    items: BTreeSet<ItemId>,
}

impl Selection {
    /// Is this item selected?
    pub fn contains(&self, item: &ItemId) -> bool {
        self.items.contains(item)
    }

    /// Is nothing selected?
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// How many items are selected.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// The selected items, in a stable order.
    pub fn iter(&self) -> impl Iterator<Item = &ItemId> {
        self.items.iter()
    }

    /// The only selected item, if exactly one is selected.
    pub fn single(&self) -> Option<&ItemId> {
        if self.items.len() == 1 {
            self.items.iter().next()
        } else {
            None
        }
    }

    /// The selected rooms.
    pub fn rooms(&self) -> impl Iterator<Item = &RoomId> {
        self.items.iter().filter_map(|i| match i {
            ItemId::Room(r) => Some(r),
            _ => None,
        })
    }

    /// The room an "add key/lever here" action should use: the single selected
    /// room, or the room of the single selected key or lever.
    pub fn target_room(&self, level: &Level) -> Option<RoomId> {
        match self.single()? {
            ItemId::Room(r) => Some(r.clone()),
            ItemId::Key(k) => level.key(k).and_then(|k| k.room.clone()),
            ItemId::Lever(l) => level.lever(l).map(|l| l.room.clone()),
            ItemId::Door(_) => None,
        }
    }

    /// Changes the selection.
    pub fn apply(&mut self, items: Vec<ItemId>, mode: SelectMode) {
        match mode {
            SelectMode::Replace => self.items = items.into_iter().collect(),
            SelectMode::Add => self.items.extend(items),
            SelectMode::Toggle => {
                for item in items {
                    if !self.items.remove(&item) {
                        self.items.insert(item);
                    }
                }
            }
        }
    }

    /// Drops items that no longer exist (after undo, delete, a new level).
    pub fn retain_existing(&mut self, level: &Level) {
        self.items.retain(|item| match item {
            ItemId::Room(id) => level.room(id).is_some(),
            ItemId::Door(id) => level.door(id).is_some(),
            ItemId::Key(id) => level.key(id).is_some(),
            ItemId::Lever(id) => level.lever(id).is_some(),
        });
    }

    /// Every item of the level.
    pub fn all(level: &Level) -> Vec<ItemId> {
        let rooms = level.rooms.iter().map(|r| ItemId::Room(r.id.clone()));
        let doors = level.doors.iter().map(|d| ItemId::Door(d.id.clone()));
        let keys = level.keys.iter().map(|k| ItemId::Key(k.id.clone()));
        let levers = level.levers.iter().map(|l| ItemId::Lever(l.id.clone()));
        rooms.chain(doors).chain(keys).chain(levers).collect()
    }
}
