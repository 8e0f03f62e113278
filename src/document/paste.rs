//! Planning a paste: every copied item gets a fresh id, references inside
//! the clip follow the new ids, and named keys get colours of their own (a
//! copy of the red key is another key, so it must not look like it).

use rustc_hash::{FxHashMap, FxHashSet};

use super::clip::Clip;
use super::edit::{Edit, ListEdit};
use super::mint::IdMint;
use super::plan::Planned;
use crate::model::{DoorId, ItemId, KeyId, Level, LeverId, Rgb, RoomId, palette};

/// The edits that add the clip's items to `level`, moved by `offset`.
///
/// A door locked by a key outside the clip stays locked by that key when
/// the level has it; a lever wired to a door outside the clip stays wired
/// to it when the level has it; other references outside the clip are
/// dropped.
pub(super) fn paste(level: &Level, mint: &mut IdMint, clip: &Clip, offset: [f64; 2]) -> Planned {
    let mut scratch = level.clone();
    let mut edits = Vec::new();
    let mut created = Vec::new();
    let mut rooms: FxHashMap<RoomId, RoomId> = FxHashMap::default();
    for room in &clip.rooms {
        let mut new = room.clone();
        new.id = RoomId(mint.room(&scratch));
        let [x, y] = room.pos.unwrap_or_default();
        new.pos = Some([(x + offset[0]).round(), (y + offset[1]).round()]);
        rooms.insert(room.id.clone(), new.id.clone());
        created.push(ItemId::Room(new.id.clone()));
        scratch.rooms.push(new.clone());
        edits.push(Edit::Room(ListEdit::Insert(usize::MAX, new)));
    }
    let keys = paste_keys(
        level,
        mint,
        &mut scratch,
        clip,
        &rooms,
        &mut edits,
        &mut created,
    );
    let mut doors: FxHashMap<DoorId, DoorId> = FxHashMap::default();
    for door in &clip.doors {
        let (Some(from), Some(to)) = (rooms.get(&door.from), rooms.get(&door.to)) else {
            continue;
        };
        let mut new = door.clone();
        new.id = DoorId(mint.door(&scratch));
        new.from = from.clone();
        new.to = to.clone();
        new.locks = door
            .locks
            .iter()
            .filter_map(|k| match keys.get(k) {
                Some(fresh) => Some(fresh.clone()),
                None => level
                    .key(k)
                    .filter(|key| !key.small)
                    .map(|key| key.id.clone()),
            })
            .collect();
        doors.insert(door.id.clone(), new.id.clone());
        created.push(ItemId::Door(new.id.clone()));
        scratch.doors.push(new.clone());
        edits.push(Edit::Door(ListEdit::Insert(usize::MAX, new)));
    }
    for lever in &clip.levers {
        let Some(room) = rooms.get(&lever.room) else {
            continue;
        };
        let mut new = lever.clone();
        new.id = LeverId(mint.lever(&scratch));
        new.room = room.clone();
        new.toggles = lever
            .toggles
            .iter()
            .filter_map(|d| match doors.get(d) {
                Some(fresh) => Some(fresh.clone()),
                None => level.door(d).map(|door| door.id.clone()),
            })
            .collect();
        created.push(ItemId::Lever(new.id.clone()));
        scratch.levers.push(new.clone());
        edits.push(Edit::Lever(ListEdit::Insert(usize::MAX, new)));
    }
    (edits, created)
}

/// Pastes the clip's keys; returns the new id of each copied key.
fn paste_keys(
    level: &Level,
    mint: &mut IdMint,
    scratch: &mut Level,
    clip: &Clip,
    rooms: &FxHashMap<RoomId, RoomId>,
    edits: &mut Vec<Edit>,
    created: &mut Vec<ItemId>,
) -> FxHashMap<KeyId, KeyId> {
    let mut used: FxHashSet<Rgb> = level.keys.iter().filter_map(|k| k.color).collect();
    let mut next_colour = 0usize;
    let mut keys = FxHashMap::default();
    for key in &clip.keys {
        let Some(room) = key.room.as_ref().and_then(|r| rooms.get(r)) else {
            continue;
        };
        let mut new = key.clone();
        new.id = KeyId(mint.key(scratch, key.small));
        new.room = Some(room.clone());
        if !key.small {
            // The first palette colour no key uses yet.
            let colour = loop {
                let (c, _) = palette::nth(next_colour);
                next_colour += 1;
                if !used.contains(&c) || next_colour > used.len() + 400 {
                    break c;
                }
            };
            used.insert(colour);
            new.color = Some(colour);
        }
        keys.insert(key.id.clone(), new.id.clone());
        created.push(ItemId::Key(new.id.clone()));
        scratch.keys.push(new.clone());
        edits.push(Edit::Key(ListEdit::Insert(usize::MAX, new)));
    }
    keys
}
