//! Turns a [`LevelCommand`] into the primitive edits that carry it out.

use rustc_hash::FxHashSet;

use super::EditError;
use super::command::LevelCommand;
use super::edit::{Edit, LevelMeta, ListEdit};
use super::mint::IdMint;
use crate::model::{Door, DoorId, ItemId, Key, KeyId, Level, Lever, Room, RoomId, palette};

pub(super) type Planned = (Vec<Edit>, Vec<ItemId>);

/// The edits for `command` on `level`, and the ids of the items it creates.
pub(super) fn plan(
    level: &Level,
    mint: &mut IdMint,
    command: LevelCommand,
) -> Result<Planned, EditError> {
    let room = |id: &RoomId| {
        level
            .room(id)
            .ok_or_else(|| EditError::Missing(ItemId::Room(id.clone())))
    };
    Ok(match command {
        c @ (LevelCommand::AddRoom { .. }
        | LevelCommand::Connect { .. }
        | LevelCommand::AddKey { .. }
        | LevelCommand::AddLever { .. }) => add(level, mint, c)?,
        LevelCommand::MoveRooms(moves) => {
            let mut edits = Vec::new();
            for (id, pos) in moves {
                let mut moved = room(&id)?.clone();
                if moved.pos != Some(pos) {
                    moved.pos = Some(pos);
                    edits.push(Edit::Room(ListEdit::Replace(moved)));
                }
            }
            (edits, Vec::new())
        }
        LevelCommand::Delete(items) => (delete(level, &items)?, Vec::new()),
        LevelCommand::SetStart(id) => {
            room(&id)?;
            let mut meta = LevelMeta::of(level);
            meta.start = id;
            (vec![Edit::Meta(meta)], Vec::new())
        }
        LevelCommand::SetGoal(id) => {
            room(&id)?;
            let mut meta = LevelMeta::of(level);
            meta.goal = id;
            (vec![Edit::Meta(meta)], Vec::new())
        }
        c @ (LevelCommand::ToggleLock { .. } | LevelCommand::ToggleLeverDoor { .. }) => {
            toggle_item(level, c)?
        }
        c @ (LevelCommand::SetRoom(_)
        | LevelCommand::SetDoor(_)
        | LevelCommand::SetKey(_)
        | LevelCommand::SetLever(_)) => set_item(level, c)?,
        LevelCommand::SetMeta(meta) => (vec![Edit::Meta(meta)], Vec::new()),
        LevelCommand::ReplaceLevel(new) => (vec![Edit::Level(new)], Vec::new()),
        LevelCommand::Arrange {
            layout,
            rooms,
            aspect,
        } => (
            super::arrange::arrange(level, layout, &rooms, aspect)?,
            Vec::new(),
        ),
        LevelCommand::Align { rooms, how } => {
            (super::arrange::align(level, &rooms, how)?, Vec::new())
        }
        LevelCommand::Paste { clip, offset } => super::paste::paste(level, mint, &clip, offset),
        // Applied one by one by the document; planned here only when nested.
        LevelCommand::Batch { .. } => (Vec::new(), Vec::new()),
    })
}

/// The edits of a command that adds an item: a room, a door, a key or a lever.
fn add(level: &Level, mint: &mut IdMint, command: LevelCommand) -> Result<Planned, EditError> {
    let room = |id: &RoomId| {
        level
            .room(id)
            .ok_or_else(|| EditError::Missing(ItemId::Room(id.clone())))
    };
    Ok(match command {
        LevelCommand::AddRoom { pos } => {
            let id = RoomId(mint.room(level));
            let edit = Edit::Room(ListEdit::Insert(
                level.rooms.len(),
                Room::new(id.clone(), pos),
            ));
            (vec![edit], vec![ItemId::Room(id)])
        }
        LevelCommand::Connect { from, to } => {
            room(&from)?;
            room(&to)?;
            if from == to {
                return Err(EditError::SameRoom);
            }
            let id = DoorId(mint.door(level));
            let edit = Edit::Door(ListEdit::Insert(
                level.doors.len(),
                Door::new(id.clone(), from, to),
            ));
            (vec![edit], vec![ItemId::Door(id)])
        }
        LevelCommand::AddKey { room: at, small } => {
            room(&at)?;
            let id = KeyId(mint.key(level, small));
            let mut key = Key::new(id.clone(), at);
            key.small = small;
            if !small {
                key.color = Some(palette::next_free(level));
            }
            (
                vec![Edit::Key(ListEdit::Insert(level.keys.len(), key))],
                vec![ItemId::Key(id)],
            )
        }
        LevelCommand::AddLever { room: at } => {
            room(&at)?;
            let id = crate::model::LeverId(mint.lever(level));
            let lever = Lever::new(id.clone(), at, Vec::new());
            (
                vec![Edit::Lever(ListEdit::Insert(level.levers.len(), lever))],
                vec![ItemId::Lever(id)],
            )
        }
        _ => (Vec::new(), Vec::new()),
    })
}

/// The edits of a command that puts a key in a door's locks or a door in a
/// lever's toggles, or takes it out.
fn toggle_item(level: &Level, command: LevelCommand) -> Result<Planned, EditError> {
    let door = |id: &DoorId| {
        level
            .door(id)
            .ok_or_else(|| EditError::Missing(ItemId::Door(id.clone())))
    };
    Ok(match command {
        LevelCommand::ToggleLock { door: d, key } => {
            let k = level
                .key(&key)
                .ok_or_else(|| EditError::Missing(ItemId::Key(key.clone())))?;
            if k.small {
                return Err(EditError::SmallKeyInLock(key));
            }
            let mut changed = door(&d)?.clone();
            toggle(&mut changed.locks, key);
            (vec![Edit::Door(ListEdit::Replace(changed))], Vec::new())
        }
        LevelCommand::ToggleLeverDoor { lever, door: d } => {
            door(&d)?;
            let mut changed = level
                .lever(&lever)
                .ok_or_else(|| EditError::Missing(ItemId::Lever(lever.clone())))?
                .clone();
            toggle(&mut changed.toggles, d);
            (vec![Edit::Lever(ListEdit::Replace(changed))], Vec::new())
        }
        _ => (Vec::new(), Vec::new()),
    })
}

fn replace(edit: Option<Edit>, item: ItemId) -> Result<Planned, EditError> {
    edit.map(|e| (vec![e], Vec::new()))
        .ok_or(EditError::Missing(item))
}

fn toggle<T: PartialEq>(list: &mut Vec<T>, item: T) {
    if let Some(i) = list.iter().position(|x| x == &item) {
        list.remove(i);
    } else {
        list.push(item);
    }
}

/// Plans replacing one room, door, key or lever with its edited copy (any
/// other command plans nothing here).
fn set_item(level: &Level, command: LevelCommand) -> Result<Planned, EditError> {
    match command {
        LevelCommand::SetRoom(r) => replace(
            level
                .room(&r.id)
                .map(|_| Edit::Room(ListEdit::Replace(r.clone()))),
            ItemId::Room(r.id),
        ),
        LevelCommand::SetDoor(d) => replace(
            level
                .door(&d.id)
                .map(|_| Edit::Door(ListEdit::Replace(d.clone()))),
            ItemId::Door(d.id),
        ),
        LevelCommand::SetKey(k) => replace(
            level
                .key(&k.id)
                .map(|_| Edit::Key(ListEdit::Replace(k.clone()))),
            ItemId::Key(k.id),
        ),
        LevelCommand::SetLever(l) => replace(
            level
                .lever(&l.id)
                .map(|_| Edit::Lever(ListEdit::Replace(l.clone()))),
            ItemId::Lever(l.id),
        ),
        _ => Ok((Vec::new(), Vec::new())),
    }
}

/// Deleting rooms takes their doors, keys and levers; references to deleted
/// doors and keys are dropped; start and goal move to a room that stays.
fn delete(level: &Level, items: &[ItemId]) -> Result<Vec<Edit>, EditError> {
    let doomed = Doomed::picked(level, items);
    if !doomed.rooms.is_empty() && doomed.rooms.len() == level.rooms.len() {
        return Err(EditError::LastRoom);
    }
    let doomed = doomed.with_contents(level);
    let mut edits = doomed.dropped_references(level);
    let meta = doomed.meta(level);
    if meta != LevelMeta::of(level) {
        edits.push(Edit::Meta(meta));
    }
    edits.extend(doomed.removals(level));
    Ok(edits)
}

/// The items a deletion removes.
#[derive(Default)]
struct Doomed<'l> {
    rooms: FxHashSet<&'l RoomId>,
    doors: FxHashSet<&'l DoorId>,
    keys: FxHashSet<&'l KeyId>,
    levers: FxHashSet<&'l crate::model::LeverId>,
}

impl<'l> Doomed<'l> {
    /// The items picked that exist in `level`.
    fn picked(level: &'l Level, items: &[ItemId]) -> Self {
        let index = crate::model::LevelIndex::new(level);
        let mut doomed = Self::default();
        for item in items {
            match item {
                ItemId::Room(id) => doomed
                    .rooms
                    .extend(index.room(id).map(|r| &level.rooms[r].id)),
                ItemId::Door(id) => doomed
                    .doors
                    .extend(index.door(id).map(|d| &level.doors[d].id)),
                ItemId::Key(id) => doomed.keys.extend(index.key(id).map(|k| &level.keys[k].id)),
                ItemId::Lever(id) => {
                    doomed
                        .levers
                        .extend(index.lever(id).map(|l| &level.levers[l].id));
                }
            }
        }
        doomed
    }

    /// With the doors, keys and levers of the rooms removed.
    fn with_contents(mut self, level: &'l Level) -> Self {
        let rooms = &self.rooms;
        let doors = level.doors.iter();
        (self.doors).extend(
            doors
                .filter(|d| rooms.contains(&d.from) || rooms.contains(&d.to))
                .map(|d| &d.id),
        );
        let keys = level
            .keys
            .iter()
            .filter(|k| k.room.as_ref().is_some_and(|r| rooms.contains(r)));
        self.keys.extend(keys.map(|k| &k.id));
        let levers = level.levers.iter().filter(|l| rooms.contains(&l.room));
        self.levers.extend(levers.map(|l| &l.id));
        self
    }

    /// The levers and doors that stay, without their references to items
    /// removed.
    fn dropped_references(&self, level: &Level) -> Vec<Edit> {
        let mut edits = Vec::new();
        for lever in level.levers.iter().filter(|l| !self.levers.contains(&l.id)) {
            if lever.toggles.iter().any(|d| self.doors.contains(d)) {
                let mut kept = lever.clone();
                kept.toggles.retain(|d| !self.doors.contains(d));
                edits.push(Edit::Lever(ListEdit::Replace(kept)));
            }
        }
        for door in level.doors.iter().filter(|d| !self.doors.contains(&d.id)) {
            if door.locks.iter().any(|k| self.keys.contains(k)) {
                let mut kept = door.clone();
                kept.locks.retain(|k| !self.keys.contains(k));
                edits.push(Edit::Door(ListEdit::Replace(kept)));
            }
        }
        edits
    }

    /// The level's start, goal and required keys once the items are gone:
    /// start and goal move to the first room that stays.
    fn meta(&self, level: &Level) -> LevelMeta {
        let mut meta = LevelMeta::of(level);
        meta.goal_requires.retain(|k| !self.keys.contains(k));
        let first_kept = level.rooms.iter().find(|r| !self.rooms.contains(&r.id));
        if let Some(kept) = first_kept {
            if self.rooms.contains(&meta.start) {
                meta.start = kept.id.clone();
            }
            if self.rooms.contains(&meta.goal) {
                meta.goal = kept.id.clone();
            }
        }
        meta
    }

    /// The removals, contents before the rooms that hold them.
    fn removals(&self, level: &Level) -> Vec<Edit> {
        let levers = level.levers.iter().filter(|l| self.levers.contains(&l.id));
        let keys = level.keys.iter().filter(|k| self.keys.contains(&k.id));
        let doors = level.doors.iter().filter(|d| self.doors.contains(&d.id));
        let rooms = level.rooms.iter().filter(|r| self.rooms.contains(&r.id));
        (levers.map(|l| Edit::Lever(ListEdit::Remove(l.id.clone()))))
            .chain(keys.map(|k| Edit::Key(ListEdit::Remove(k.id.clone()))))
            .chain(doors.map(|d| Edit::Door(ListEdit::Remove(d.id.clone()))))
            .chain(rooms.map(|r| Edit::Room(ListEdit::Remove(r.id.clone()))))
            .collect()
    }
}
