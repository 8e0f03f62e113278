//! Building the rules' tables from a level: the doors' rules and ends, the
//! levers' flips, the references validation already resolved, and the
//! passages grouped by room.

use super::{
    DoorRule, KindTable, LeverRule, LiteralRule, Opening, Packed, SMALL_KIND, Unresolved, by_room,
};
use crate::grouped::Grouped;
use crate::model::{Level, LevelIndex};

/// The doors' rules, and per door its `(from, to)` rooms and its `open`.
type DoorTables = (Vec<DoorRule>, Vec<(usize, usize)>, Vec<bool>);

/// The doors' rules and their `(from, to)` rooms, marking the levers an
/// `open_when` names as part of the state; `known` gives the rooms when
/// validation found them already.
#[allow(
    clippy::too_many_arguments,
    reason = "the tables with_index builds, in order"
)]
pub(super) fn door_rules(
    level: &Level,
    index: &LevelIndex,
    found: &Known<'_>,
    room: &impl Fn(&crate::model::RoomId) -> Result<usize, Unresolved>,
    key: &impl Fn(&crate::model::KeyId) -> Result<usize, Unresolved>,
    kinds: &KindTable<'_>,
    flipped_by: &Grouped<usize>,
    levers: &mut [LeverRule],
) -> Result<DoorTables, Unresolved> {
    let kind_of = |name: &str| kinds.of(name);
    let mut doors = Vec::with_capacity(level.doors.len());
    let mut ends = Vec::with_capacity(level.doors.len());
    let mut open = Vec::with_capacity(level.doors.len());
    let mut found_locks = found.locks.map(<[usize]>::iter);
    for (d, door) in level.doors.iter().enumerate() {
        let (a, b) = match found.door_ends.and_then(|ends| ends.get(d)) {
            Some(&ends) => ends,
            None => (room(&door.from)?, room(&door.to)?),
        };
        ends.push((a, b));
        open.push(door.open);
        let mut locks = Vec::with_capacity(door.locks.len());
        for k in &door.locks {
            match found_locks.as_mut().and_then(Iterator::next) {
                Some(&found) => locks.push(found),
                None => locks.push(key(k)?),
            }
        }
        locks.sort_unstable();
        locks.dedup();
        let opening = Opening::of(door, !flipped_by.get(d).is_empty());
        let mut locks_any = Vec::with_capacity(door.locks_any.len());
        for k in &door.locks_any {
            locks_any.push(key(k)?);
        }
        locks_any.sort_unstable();
        locks_any.dedup();
        let open_when = condition(door, index, levers)?;
        let spend: Vec<(usize, u32)> = (door.spends().iter())
            .filter_map(|(name, &n)| Some((kind_of(name)?, n)))
            .collect();
        doors.push(DoorRule {
            cost: door.cost,
            one_way: door.one_way,
            opening,
            locks: locks.into_boxed_slice(),
            small_locks: (spend.iter().find(|s| s.0 == SMALL_KIND)).map_or(0, |s| s.1),
            spend: spend.into_boxed_slice(),
            locks_any: locks_any.into_boxed_slice(),
            lock_side: door.locked_from.map(|side| match side {
                crate::model::Side::From => a,
                crate::model::Side::To => b,
            }),
            open_when: open_when.into_boxed_slice(),
        });
    }
    Ok((doors, ends, open))
}

/// The levers' rules, with each lever's flips reduced to the doors it lists
/// an odd number of times.
pub(super) fn lever_rules(
    level: &Level,
    index: &LevelIndex,
    found: &Known<'_>,
    room: &impl Fn(&crate::model::RoomId) -> Result<usize, Unresolved>,
) -> Result<Vec<LeverRule>, Unresolved> {
    let mut count = vec![0u32; level.doors.len()];
    let mut levers = Vec::with_capacity(level.levers.len());
    let mut found_toggles = found.toggles.map(<[usize]>::iter);
    for (l, lever) in level.levers.iter().enumerate() {
        let mut listed = Vec::with_capacity(lever.toggles.len());
        for id in &lever.toggles {
            let d = match found_toggles.as_mut().and_then(Iterator::next) {
                Some(&d) => d,
                None => index.door(id).ok_or_else(|| Unresolved {
                    what: "door",
                    id: id.to_string(),
                })?,
            };
            if count[d] == 0 {
                listed.push(d);
            }
            count[d] += 1;
        }
        let flips = listed
            .iter()
            .copied()
            .filter(|&d| count[d] % 2 == 1)
            .collect();
        for &d in &listed {
            count[d] = 0;
        }
        levers.push(LeverRule {
            room: match found.lever_rooms.and_then(|rooms| rooms.get(l)) {
                Some(&r) => r,
                None => room(&lever.room)?,
            },
            flips,
            once: lever.once,
            parity: lever.once,
        });
    }
    Ok(levers)
}

/// References of a level that validation resolved, each list in the
/// level's order: the rules' tables are made from them without looking
/// the ids up again, which on a level too large for the cache is a miss
/// each.
#[derive(Clone, Debug, Default)]
pub(crate) struct Found {
    /// `(from, to)` of each door, by room index.
    pub(crate) door_ends: Vec<(usize, usize)>,
    /// The keys of every door's `locks`, one door after another.
    pub(crate) locks: Vec<usize>,
    /// The doors of every lever's `toggles`, one lever after another.
    pub(crate) toggles: Vec<usize>,
    /// The room of each lever.
    pub(crate) lever_rooms: Vec<usize>,
    /// The room of each key that lies in one (not carried from the start).
    pub(crate) key_rooms: Vec<usize>,
    /// What validation counted in its pass over the doors; `None` when it
    /// did not pass over them.
    pub(crate) doors: Option<DoorSums>,
}

/// What one pass over a level's doors counted, so that the tables need
/// not pass over them again. On a large level each pass reads every door
/// from memory, which at 80,000 rooms is tens of megabytes and about 2 ms.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct DoorSums {
    /// The number of entries in all `locks` lists.
    pub(crate) locks: usize,
    /// True when some door has a `spend` list.
    pub(crate) spend: bool,
}

/// The lists of a [`Found`] that have an entry for every reference.
pub(super) struct Known<'f> {
    pub(super) door_ends: Option<&'f [(usize, usize)]>,
    pub(super) locks: Option<&'f [usize]>,
    pub(super) toggles: Option<&'f [usize]>,
    pub(super) lever_rooms: Option<&'f [usize]>,
    pub(super) key_rooms: Option<&'f [usize]>,
}

impl Found {
    /// Whether a door of the level may have a `spend` list: false only when
    /// validation's pass found none.
    pub(super) fn doors_may_spend(&self) -> bool {
        self.doors.is_none_or(|sums| sums.spend)
    }

    /// The lists complete for `level`: one a reference was missing from
    /// is shorter, and is not used.
    pub(super) fn complete(&self, level: &Level) -> Known<'_> {
        let locks: usize = match self.doors {
            Some(sums) => sums.locks,
            None => level.doors.iter().map(|d| d.locks.len()).sum(),
        };
        let toggles: usize = level.levers.iter().map(|l| l.toggles.len()).sum();
        let lying = level.keys.iter().filter(|k| k.room.is_some()).count();
        Known {
            door_ends: (self.door_ends.len() == level.doors.len()).then_some(&*self.door_ends),
            locks: (self.locks.len() == locks).then_some(&*self.locks),
            toggles: (self.toggles.len() == toggles).then_some(&*self.toggles),
            lever_rooms: (self.lever_rooms.len() == level.levers.len())
                .then_some(&*self.lever_rooms),
            key_rooms: (self.key_rooms.len() == lying).then_some(&*self.key_rooms),
        }
    }
}

/// Door `door`'s `open_when` by lever index; marks the levers it names as
/// part of the state.
fn condition(
    door: &crate::model::Door,
    index: &LevelIndex,
    levers: &mut [LeverRule],
) -> Result<Vec<Vec<LiteralRule>>, Unresolved> {
    let Some(lists) = &door.open_when else {
        return Ok(Vec::new());
    };
    let mut out = Vec::with_capacity(lists.len());
    for all in lists {
        let mut rule = Vec::with_capacity(all.len());
        for literal in all {
            let l = index.lever(&literal.lever).ok_or_else(|| Unresolved {
                what: "lever",
                id: literal.lever.to_string(),
            })?;
            if let Some(lever) = levers.get_mut(l) {
                lever.parity = true;
            }
            rule.push((l, literal.pulled));
        }
        out.push(rule);
    }
    Ok(out)
}

/// Every passage of the doors, grouped by the room it leaves, in door order.
pub(super) fn passages(
    rooms: usize,
    doors: &[DoorRule],
    ends: &[(usize, usize)],
) -> (Vec<Packed>, Vec<u32>) {
    let mut all = Vec::with_capacity(2 * doors.len());
    for (d, (door, &(a, b))) in doors.iter().zip(ends).enumerate() {
        all.push(Packed::new(d, a, b));
        if !door.one_way {
            all.push(Packed::new(d, b, a));
        }
    }
    let (start, order) = by_room(rooms, all.iter().map(|p| p.from())).into_parts();
    let passages = order.iter().map(|&i| all[i as usize]).collect();
    (passages, start)
}
