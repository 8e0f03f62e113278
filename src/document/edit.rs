//! Primitive, reversible changes to a level. Applying one returns its
//! inverse, so undo is "apply the inverses in reverse order".

use crate::model::{Door, DoorId, Key, KeyId, Level, Lever, LeverId, Props, Room, RoomId};

/// The level's own fields (everything but its item lists).
#[derive(Clone, Debug, PartialEq)]
pub struct LevelMeta {
    /// Shown to the designer.
    pub name: String,
    /// Shown to the designer.
    pub description: String,
    /// Cost of one lever pull.
    pub lever_cost: f64,
    /// Where the player starts.
    pub start: RoomId,
    /// Where the player must get to.
    pub goal: RoomId,
    /// Keys the goal requires.
    pub goal_requires: Vec<KeyId>,
    /// The designer's own data.
    pub props: Props,
}

impl LevelMeta {
    /// The meta fields of `level`.
    pub fn of(level: &Level) -> Self {
        Self {
            name: level.name.clone(),
            description: level.description.clone(),
            lever_cost: level.lever_cost,
            start: level.start.clone(),
            goal: level.goal.clone(),
            goal_requires: level.goal_requires.clone(),
            props: level.props.clone(),
        }
    }

    fn put(self, level: &mut Level) {
        level.name = self.name;
        level.description = self.description;
        level.lever_cost = self.lever_cost;
        level.start = self.start;
        level.goal = self.goal;
        level.goal_requires = self.goal_requires;
        level.props = self.props;
    }
}

/// An item kind of a level: where its list lives and what identifies it.
pub trait Item: Clone {
    /// Its id type.
    type Id: PartialEq + Clone;
    /// Its id.
    fn id(&self) -> &Self::Id;
    /// The level's list of such items.
    fn list(level: &mut Level) -> &mut Vec<Self>;
}

macro_rules! item {
    ($ty:ty, $id:ty, $field:ident) => {
        impl Item for $ty {
            type Id = $id;
            fn id(&self) -> &$id {
                &self.id
            }
            fn list(level: &mut Level) -> &mut Vec<Self> {
                &mut level.$field
            }
        }
    };
}
item!(Room, RoomId, rooms);
item!(Door, DoorId, doors);
item!(Key, KeyId, keys);
item!(Lever, LeverId, levers);

/// A change to one list of items.
#[derive(Clone, Debug, PartialEq)]
pub enum ListEdit<T: Item> {
    /// Put `item` at `index` (clamped to the list's length).
    Insert(usize, T),
    /// Take the item with this id out.
    Remove(T::Id),
    /// Replace the item with the same id.
    Replace(T),
}

impl<T: Item> ListEdit<T> {
    /// Applies the edit and returns its inverse, or `None` if it changed nothing.
    fn apply(self, level: &mut Level) -> Option<Self> {
        let list = T::list(level);
        match self {
            Self::Insert(index, item) => {
                let id = item.id().clone();
                list.insert(index.min(list.len()), item);
                Some(Self::Remove(id))
            }
            Self::Remove(id) => {
                let index = list.iter().position(|i| i.id() == &id)?;
                Some(Self::Insert(index, list.remove(index)))
            }
            Self::Replace(item) => {
                let slot = list.iter_mut().find(|i| i.id() == item.id())?;
                Some(Self::Replace(std::mem::replace(slot, item)))
            }
        }
    }
}

/// One primitive change to a level.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// A change to the rooms.
    Room(ListEdit<Room>),
    /// A change to the doors.
    Door(ListEdit<Door>),
    /// A change to the keys.
    Key(ListEdit<Key>),
    /// A change to the levers.
    Lever(ListEdit<Lever>),
    /// New level fields.
    Meta(LevelMeta),
    /// A whole new level (a generator's result, say).
    Level(Box<Level>),
}

impl Edit {
    /// Applies the edit; returns its inverse, or `None` when it changed nothing
    /// (its target no longer exists).
    pub fn apply(self, level: &mut Level) -> Option<Self> {
        match self {
            Self::Room(e) => e.apply(level).map(Self::Room),
            Self::Door(e) => e.apply(level).map(Self::Door),
            Self::Key(e) => e.apply(level).map(Self::Key),
            Self::Lever(e) => e.apply(level).map(Self::Lever),
            Self::Meta(meta) => {
                let old = LevelMeta::of(level);
                meta.put(level);
                Some(Self::Meta(old))
            }
            Self::Level(new) => Some(Self::Level(Box::new(std::mem::replace(level, *new)))),
        }
    }
}
