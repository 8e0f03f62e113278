//! What a designer asks of the generators on a drawn level, item by item,
//! stored in the items' `props` under `"lockwork"` (docs/format.md):
//!
//! - a door `{"lockwork": {"lock": "never"}}`: no generator locks, wires or
//!   takes out this door;
//! - a door `{"lockwork": {"lock": "always"}}`: the generator must lock it;
//! - a room `{"lockwork": {"keys": "always"}}`: a key the generator places
//!   must lie here;
//! - a room `{"lockwork": {"keys": "never"}}`: no key the generator places
//!   lies here.
//!
//! ```
//! use lockwork::generate::{Constraint, Constraints};
//! use lockwork::model::{Door, Level};
//! use serde_json::json;
//!
//! let mut level = Level::new("demo");
//! let mut door = Door::new("d1", "r1", "r1");
//! door.props.insert("lockwork".into(), json!({ "lock": "never" }));
//! level.doors.push(door);
//! let asked = Constraints::of(&level).unwrap();
//! assert!(asked.no_lock[0]);
//! assert_eq!(asked.list(&level), [Constraint::NeverLock("d1".into())]);
//! ```

use std::fmt;

use serde_json::Value;

use super::GenerateError;
use crate::model::{DoorId, Level, Props, RoomId};

/// The key of the props object that holds the constraints.
pub const PROPS_KEY: &str = "lockwork";

/// One constraint a designer set, naming its item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// No lock, wiring or removal on this door.
    NeverLock(DoorId),
    /// This door must be locked.
    AlwaysLock(DoorId),
    /// A placed key must lie in this room.
    KeyRoom(RoomId),
    /// No placed key may lie in this room.
    NoKeys(RoomId),
}

impl fmt::Display for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NeverLock(d) => write!(f, "door \"{d}\" is never to be locked"),
            Self::AlwaysLock(d) => write!(f, "door \"{d}\" is to be locked"),
            Self::KeyRoom(r) => write!(f, "room \"{r}\" is to hold a key"),
            Self::NoKeys(r) => write!(f, "room \"{r}\" is to hold no key"),
        }
    }
}

/// Every constraint of a level, per door and per room (by index).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Constraints {
    /// Per door: never lock, wire or take it out.
    pub no_lock: Vec<bool>,
    /// Per door: it must be locked.
    pub must_lock: Vec<bool>,
    /// Per room: a placed key must lie here.
    pub key_room: Vec<bool>,
    /// Per room: no placed key may lie here.
    pub no_keys: Vec<bool>,
}

/// `"never"`, `"always"` or absent at `field` of an item's constraints.
fn choice(props: &Props, field: &str, item: &str) -> Result<Option<bool>, GenerateError> {
    let Some(object) = props.get(PROPS_KEY) else {
        return Ok(None);
    };
    match object.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s == "always" => Ok(Some(true)),
        Some(Value::String(s)) if s == "never" => Ok(Some(false)),
        Some(other) => Err(GenerateError::InvalidLayout(format!(
            "{item}: props.{PROPS_KEY}.{field} must be \"always\" or \"never\", not {other}"
        ))),
    }
}

impl Constraints {
    /// The constraints stored in `level`'s props.
    ///
    /// # Errors
    /// [`GenerateError::InvalidLayout`] naming the item whose constraint is
    /// neither `"always"` nor `"never"`.
    pub fn of(level: &Level) -> Result<Self, GenerateError> {
        let mut c = Self {
            no_lock: vec![false; level.doors.len()],
            must_lock: vec![false; level.doors.len()],
            key_room: vec![false; level.rooms.len()],
            no_keys: vec![false; level.rooms.len()],
        };
        for (d, door) in level.doors.iter().enumerate() {
            match choice(&door.props, "lock", &format!("door \"{}\"", door.id))? {
                Some(true) => c.must_lock[d] = true,
                Some(false) => c.no_lock[d] = true,
                None => {}
            }
        }
        for (r, room) in level.rooms.iter().enumerate() {
            match choice(&room.props, "keys", &format!("room \"{}\"", room.id))? {
                Some(true) => c.key_room[r] = true,
                Some(false) => c.no_keys[r] = true,
                None => {}
            }
        }
        Ok(c)
    }

    /// True when no constraint is set.
    pub fn is_empty(&self) -> bool {
        [
            &self.no_lock,
            &self.must_lock,
            &self.key_room,
            &self.no_keys,
        ]
        .iter()
        .all(|v| v.iter().all(|&x| !x))
    }

    /// Every constraint, doors first, in level order.
    pub fn list(&self, level: &Level) -> Vec<Constraint> {
        let mut out = Vec::new();
        for (d, door) in level.doors.iter().enumerate() {
            if self.no_lock.get(d) == Some(&true) {
                out.push(Constraint::NeverLock(door.id.clone()));
            }
            if self.must_lock.get(d) == Some(&true) {
                out.push(Constraint::AlwaysLock(door.id.clone()));
            }
        }
        for (r, room) in level.rooms.iter().enumerate() {
            if self.key_room.get(r) == Some(&true) {
                out.push(Constraint::KeyRoom(room.id.clone()));
            }
            if self.no_keys.get(r) == Some(&true) {
                out.push(Constraint::NoKeys(room.id.clone()));
            }
        }
        out
    }

    /// Nothing, when `after` (a level a generator made from `before`, the
    /// level these were read from, its rooms in the same order) keeps every
    /// constraint; else the error naming each it does not keep.
    ///
    /// # Errors
    /// [`GenerateError::Constraints`] as said.
    pub fn check(&self, before: &Level, after: &Level) -> Result<(), GenerateError> {
        let broken = self.broken(before, after);
        if broken.is_empty() {
            Ok(())
        } else {
            Err(GenerateError::Constraints(broken))
        }
    }

    /// The constraints `after` does not keep: locked doors that were never
    /// to be, doors to lock left unlocked, key rooms without a new key and
    /// key-free rooms with one. A key is new when `before` has no key of its id.
    fn broken(&self, before: &Level, after: &Level) -> Vec<Constraint> {
        let new_key = |id: &str| !before.keys.iter().any(|k| k.id.as_str() == id);
        let mut out = Vec::new();
        for (d, door) in before.doors.iter().enumerate() {
            let now = after.doors.iter().find(|x| x.id == door.id);
            let locked_now = now.is_some_and(crate::model::Door::is_locked);
            if self.must_lock[d] && !locked_now {
                out.push(Constraint::AlwaysLock(door.id.clone()));
            }
            if self.no_lock[d] && now != Some(door) {
                out.push(Constraint::NeverLock(door.id.clone()));
            }
        }
        for (r, room) in before.rooms.iter().enumerate() {
            let holds_new = after
                .keys
                .iter()
                .any(|k| k.room.as_ref() == Some(&room.id) && new_key(k.id.as_str()));
            if self.key_room[r] && !holds_new {
                out.push(Constraint::KeyRoom(room.id.clone()));
            }
            if self.no_keys[r] && holds_new {
                out.push(Constraint::NoKeys(room.id.clone()));
            }
        }
        out
    }
}

/// "door \"d1\" is to be locked and room \"r3\" is to hold a key".
pub(crate) fn sentence(unmet: &[Constraint]) -> String {
    let words: Vec<String> = unmet.iter().map(ToString::to_string).collect();
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}
