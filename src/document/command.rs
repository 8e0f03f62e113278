//! What the editor (or any other front end) asks of a level, in the
//! designer's terms. [`super::Document::apply`] turns each into primitive
//! [`Edit`]s, applies them and records one undo step.

use crate::layout::{Align, Layout, Watch};
use crate::model::{Door, DoorId, ItemId, Key, KeyId, Level, Lever, LeverId, Room, RoomId};

use super::clip::Clip;
use super::edit::LevelMeta;

/// One user action on the level.
#[derive(Clone, Debug, PartialEq)]
pub enum LevelCommand {
    /// A new room at a canvas position (selected afterwards).
    AddRoom {
        /// Canvas position.
        pos: [f64; 2],
    },
    /// Move rooms to new positions (a whole drag is one command).
    MoveRooms(Vec<(RoomId, [f64; 2])>),
    /// Delete items; a room takes its doors, keys and levers with it, and
    /// references to deleted doors and keys are dropped.
    Delete(Vec<ItemId>),
    /// A new open two-way door between two rooms.
    Connect {
        /// One side.
        from: RoomId,
        /// The other side.
        to: RoomId,
    },
    /// Make this room the start.
    SetStart(RoomId),
    /// Make this room the goal.
    SetGoal(RoomId),
    /// A new key lying in a room.
    AddKey {
        /// Where it lies.
        room: RoomId,
        /// A generic small key?
        small: bool,
    },
    /// A new lever standing in a room, toggling nothing yet.
    AddLever {
        /// Where it stands.
        room: RoomId,
    },
    /// Add a key to a door's lock (or take it off if it is there).
    ToggleLock {
        /// The door.
        door: DoorId,
        /// The key.
        key: KeyId,
    },
    /// Add a door to what a lever toggles (or take it off if it is there).
    ToggleLeverDoor {
        /// The lever.
        lever: LeverId,
        /// The door.
        door: DoorId,
    },
    /// Replace a room's fields (same id).
    SetRoom(Room),
    /// Replace a door's fields (same id).
    SetDoor(Door),
    /// Replace a key's fields (same id).
    SetKey(Key),
    /// Replace a lever's fields (same id).
    SetLever(Lever),
    /// Replace the level's own fields.
    SetMeta(LevelMeta),
    /// Replace the whole level (a generator's result).
    ReplaceLevel(Box<Level>),
    /// Lay rooms out anew: all of them when `rooms` is empty (the drawing
    /// keeps its top-left corner), otherwise these among themselves, where
    /// they were and clear of the others.
    Arrange {
        /// Which layout.
        layout: Layout,
        /// The rooms to lay out; none means every room.
        rooms: Vec<RoomId>,
        /// Width over height of the canvas the drawing should fill.
        aspect: f64,
    },
    /// Line up or spread out rooms.
    Align {
        /// The rooms.
        rooms: Vec<RoomId>,
        /// How.
        how: Align,
    },
    /// Paste copied items with fresh ids (and fresh key colours), moved by
    /// `offset`; the pasted items are selected afterwards.
    Paste {
        /// What was copied.
        clip: Box<Clip>,
        /// Added to every pasted room's position.
        offset: [f64; 2],
    },
    /// Several commands as one undo step (a one-click fix, cut).
    Batch {
        /// What Undo calls the step.
        label: &'static str,
        /// The commands, in order.
        commands: Vec<LevelCommand>,
    },
}

impl LevelCommand {
    /// [`LevelCommand::Arrange`] worked out on `level`: the same edit and
    /// the same undo step, as the rooms' new positions. A front end lays
    /// out a large level this way on a worker thread, then applies the
    /// result if the level has not changed meanwhile.
    ///
    /// ```
    /// use lockwork::document::{Document, LevelCommand};
    /// use lockwork::layout::Layout;
    /// use lockwork::model::{Door, Level, Room};
    ///
    /// let mut level = Level::new("two rooms far apart");
    /// level.rooms.push(Room::new("r2", [5000.0, 3000.0]));
    /// level.doors.push(Door::new("d1", "r1", "r2"));
    /// let mut doc = Document::new(level, None);
    /// // On a worker: only the level is read.
    /// let command = LevelCommand::arranged(doc.level(), Layout::Grid, &[], 1.5).unwrap();
    /// // Back on the UI thread, if the level is still the same.
    /// doc.apply(command).unwrap();
    /// assert_eq!(doc.history().undo_label(), Some("arrange"));
    /// assert!(doc.level().rooms[1].pos.unwrap()[0] < 1000.0);
    /// ```
    pub fn arranged(
        level: &Level,
        layout: Layout,
        rooms: &[RoomId],
        aspect: f64,
    ) -> Result<Self, super::EditError> {
        let watched = Self::arranged_watched(level, layout, rooms, aspect, Watch::none())?;
        Ok(watched.unwrap_or_else(|| Self::MoveRooms(Vec::new())))
    }

    /// [`Self::arranged`], watched by `watch` (a worker's flag to stop it
    /// and its progress): `Ok(None)` when it was stopped.
    pub fn arranged_watched(
        level: &Level,
        layout: Layout,
        rooms: &[RoomId],
        aspect: f64,
        watch: Watch<'_>,
    ) -> Result<Option<Self>, super::EditError> {
        let Some(moved) = super::arrange::arranged(level, layout, rooms, aspect, watch)? else {
            return Ok(None);
        };
        let moves = moved
            .into_iter()
            .map(|(r, pos)| (level.rooms[r].id.clone(), pos))
            .collect();
        Ok(Some(Self::Batch {
            label: Self::Arrange {
                layout,
                rooms: Vec::new(),
                aspect,
            }
            .label(),
            commands: vec![Self::MoveRooms(moves)],
        }))
    }

    /// What Undo calls this step.
    pub fn label(&self) -> &'static str {
        match self {
            Self::AddRoom { .. } => "add room",
            Self::MoveRooms(moves) if moves.len() == 1 => "move room",
            Self::MoveRooms(_) => "move rooms",
            Self::Delete(_) => "delete",
            Self::Connect { .. } => "connect rooms",
            Self::SetStart(_) => "set start",
            Self::SetGoal(_) => "set goal",
            Self::AddKey { small: false, .. } => "add key",
            Self::AddKey { small: true, .. } => "add small key",
            Self::AddLever { .. } => "add lever",
            Self::ToggleLock { .. } => "change lock",
            Self::ToggleLeverDoor { .. } => "change lever wiring",
            Self::SetRoom(_) => "edit room",
            Self::SetDoor(_) => "edit door",
            Self::SetKey(_) => "edit key",
            Self::SetLever(_) => "edit lever",
            Self::SetMeta(_) => "edit level",
            Self::ReplaceLevel(_) => "replace level",
            Self::Arrange { .. } => "arrange",
            Self::Align { .. } => "align rooms",
            Self::Paste { .. } => "paste",
            Self::Batch { label, .. } => label,
        }
    }
}
