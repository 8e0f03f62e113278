//! The errors of a level: numbers, references and the version-1
//! extensions, checked item by item.

use super::{Problem, Validator};
use crate::model::{ItemId, Near, RoomId};

impl Validator<'_> {
    pub(super) fn check_numbers(&mut self, doors: Vec<Problem>) {
        let level = self.level;
        if let Some(msg) = bad_cost(level.lever_cost) {
            self.error(Problem::new("lever_cost", msg));
        }
        self.report.errors.extend(doors);
        for (i, room) in level.rooms.iter().enumerate() {
            if room
                .pos
                .is_some_and(|[x, y]| !(x.is_finite() && y.is_finite()))
            {
                self.error(
                    Problem::new(format!("rooms[{i}].pos"), "must be two finite numbers")
                        .about(ItemId::Room(room.id.clone())),
                );
            }
        }
    }

    pub(super) fn door_numbers(&mut self, i: usize, door: &crate::model::Door) {
        if let Some(msg) = bad_cost(door.cost) {
            self.error(
                Problem::new(format!("doors[{i}].cost"), msg).about(ItemId::Door(door.id.clone())),
            );
        }
    }

    /// Reports `id` when no room has it. The place and the item are built
    /// only then: a level of 100,000 doors has 200,000 references to check.
    fn room_ref(
        &mut self,
        path: impl FnOnce() -> String,
        id: &RoomId,
        near: &mut Near,
        item: impl FnOnce() -> Option<ItemId>,
    ) -> Option<usize> {
        let found = self.index.room_near(id, near);
        if found.is_none() {
            let mut p = Problem::new(path(), format!("no room \"{id}\""));
            p.item = item();
            self.error(p);
        }
        found
    }

    /// A door's rooms and locks; `near` guesses where the next `from`, `to`
    /// and lock are.
    pub(super) fn door_references(
        &mut self,
        i: usize,
        door: &crate::model::Door,
        near: &mut [Near; 3],
    ) {
        let [near_from, near_to, near_lock] = near;
        let item = || Some(ItemId::Door(door.id.clone()));
        let from = self.room_ref(|| format!("doors[{i}].from"), &door.from, near_from, item);
        let to = self.room_ref(|| format!("doors[{i}].to"), &door.to, near_to, item);
        if let (Some(from), Some(to)) = (from, to) {
            self.found.door_ends.push((from, to));
        }
        if door.from == door.to {
            let msg = format!(
                "joins room \"{}\" to itself; a door needs two different rooms",
                door.from
            );
            self.error(
                Problem::new(format!("doors[{i}]"), msg).about(ItemId::Door(door.id.clone())),
            );
        }
        for (j, key) in door.locks.iter().enumerate() {
            let k = self.named_key_ref(|| format!("doors[{i}].locks[{j}]"), key, near_lock, item);
            self.found.locks.extend(k);
        }
    }

    pub(super) fn check_references(&mut self, doors: Vec<Problem>) {
        let level = self.level;
        // Each run of references guesses where its next id is.
        let mut near = [Near::default(); 4];
        let [near_room, near_key, near_lever, near_toggle] = &mut near;
        self.room_ref(|| "start".into(), &level.start, near_room, || None);
        self.room_ref(|| "goal".into(), &level.goal, near_room, || None);
        for (j, key) in level.goal_requires.iter().enumerate() {
            self.named_key_ref(|| format!("goal_requires[{j}]"), key, near_key, || None);
        }
        self.report.errors.extend(doors);
        for (i, key) in level.keys.iter().enumerate() {
            if let Some(room) = &key.room {
                let r = self.room_ref(
                    || format!("keys[{i}].room"),
                    room,
                    near_key,
                    || Some(ItemId::Key(key.id.clone())),
                );
                self.found.key_rooms.extend(r);
            }
        }
        for (i, lever) in level.levers.iter().enumerate() {
            let item = || ItemId::Lever(lever.id.clone());
            let path = || format!("levers[{i}].room");
            let room = self.room_ref(path, &lever.room, near_lever, || Some(item()));
            self.found.lever_rooms.extend(room);
            for (j, door) in lever.toggles.iter().enumerate() {
                let d = self.index.door_near(door, near_toggle);
                self.found.toggles.extend(d);
                if d.is_none() {
                    let p = Problem::new(
                        format!("levers[{i}].toggles[{j}]"),
                        format!("no door \"{door}\""),
                    );
                    self.error(p.about(item()));
                }
            }
        }
    }

    /// Reports `id` when it names no key, or a small key; the key's
    /// position when there is one.
    fn named_key_ref(
        &mut self,
        path: impl FnOnce() -> String,
        id: &crate::model::KeyId,
        near: &mut Near,
        item: impl FnOnce() -> Option<ItemId>,
    ) -> Option<usize> {
        let found = self.index.key_near(id, near);
        let message = match found.and_then(|k| self.level.keys.get(k)) {
            None => format!("no key \"{id}\""),
            Some(key) if key.small => format!(
                "\"{id}\" is a small key; small keys open small_locks and cannot be named here"
            ),
            Some(key) if key.kind.is_some() => format!(
                "\"{id}\" is an item of kind \"{}\"; items are spent by spend and cannot be named here",
                key.kind.as_deref().unwrap_or_default()
            ),
            Some(_) => return found,
        };
        let mut p = Problem::new(path(), message);
        p.item = item();
        self.error(p);
        found
    }

    /// The rules of FORMAT.md's version-1 extensions: kinds, `spend`,
    /// `locks_any` and `open_when`.
    pub(super) fn check_extensions(&mut self, doors: Vec<Problem>) {
        let level = self.level;
        for (i, key) in level.keys.iter().enumerate() {
            let item = || ItemId::Key(key.id.clone());
            match key.kind.as_deref() {
                Some("") => {
                    let p = Problem::new(format!("keys[{i}].kind"), "must not be empty");
                    self.error(p.about(item()));
                }
                Some(kind) if key.small && kind != crate::model::SMALL => {
                    let msg = format!(
                        "a small key is of kind \"small\"; it cannot also be of kind \"{kind}\""
                    );
                    self.error(Problem::new(format!("keys[{i}].kind"), msg).about(item()));
                }
                _ => {}
            }
        }
        self.report.errors.extend(doors);
        let toggles = self.toggle_positions().into_owned();
        let mut next = 0;
        for (i, lever) in level.levers.iter().enumerate() {
            let own = toggles
                .get(next..next + lever.toggles.len())
                .unwrap_or_default();
            next += lever.toggles.len();
            for (j, (id, &d)) in lever.toggles.iter().zip(own).enumerate() {
                let conditional = level.doors.get(d).is_some_and(|d| d.open_when.is_some());
                if conditional {
                    let msg = format!(
                        "door \"{id}\" opens by its open_when; a lever cannot also toggle it"
                    );
                    let p = Problem::new(format!("levers[{i}].toggles[{j}]"), msg);
                    self.error(p.about(ItemId::Lever(lever.id.clone())));
                }
            }
        }
    }

    pub(super) fn check_door_extensions(&mut self, i: usize, door: &crate::model::Door) {
        let item = || ItemId::Door(door.id.clone());
        for (j, key) in door.locks_any.iter().enumerate() {
            self.named_key_ref(
                || format!("doors[{i}].locks_any[{j}]"),
                key,
                &mut Near::default(),
                || Some(item()),
            );
        }
        if door.small_locks > 0 && !door.spend.is_empty() {
            let msg = "a door has small_locks or spend, not both (small_locks: n is spend: {\"small\": n})";
            self.error(Problem::new(format!("doors[{i}].spend"), msg).about(item()));
        }
        for (kind, &n) in &door.spend {
            if kind.is_empty() {
                let p = Problem::new(format!("doors[{i}].spend"), "a kind must have a name");
                self.error(p.about(item()));
            } else if n == 0 {
                let p = Problem::new(
                    format!("doors[{i}].spend.{kind}"),
                    "must be a whole number >= 1, found 0",
                );
                self.error(p.about(item()));
            }
        }
        let Some(lists) = &door.open_when else {
            return;
        };
        if !door.open {
            let msg =
                "a door with open_when has no open field: the condition alone says when it is open";
            self.error(Problem::new(format!("doors[{i}].open"), msg).about(item()));
        }
        for (j, all) in lists.iter().enumerate() {
            for (k, literal) in all.iter().enumerate() {
                if self.index.lever(&literal.lever).is_none() {
                    let p = Problem::new(
                        format!("doors[{i}].open_when[{j}][{k}]"),
                        format!("no lever \"{}\"", literal.lever),
                    );
                    self.error(p.about(item()));
                }
            }
        }
    }
}

/// What is wrong with a cost, if anything: costs are finite, at least 0
/// and at most the format's limit.
fn bad_cost(cost: f64) -> Option<String> {
    if !(cost.is_finite() && cost >= 0.0) {
        Some(format!("must be a number >= 0, found {cost}"))
    } else if cost > crate::format::MAX_COST {
        Some(format!(
            "must be at most 1e12 (the format's limit), found {cost}"
        ))
    } else {
        None
    }
}
