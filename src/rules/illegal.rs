//! Why a step is refused, in words and as fields a game can read.

use super::*;

/// Why a step may not be taken.
///
/// It serialises (serde) as an object a game can word in its own language:
/// a `kind` in snake case, the fields of the variant, and the English
/// `message` of its `Display`.
///
/// # Examples
///
/// ```
/// use lockwork::rules::Illegal;
/// let why = Illegal::MissingKeys { door: "d8".into(), missing: vec!["big".into()] };
/// assert_eq!(
///     serde_json::to_string(&why)?,
///     r#"{"kind":"missing_keys","door":"d8","missing":["big"],"message":"door \"d8\" needs key \"big\""}"#
/// );
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The door does not exist.
    #[error("there is no door \"{0}\"")]
    NoSuchDoor(DoorId),
    /// The room does not exist.
    #[error("there is no room \"{0}\"")]
    NoSuchRoom(RoomId),
    /// The lever does not exist.
    #[error("there is no lever \"{0}\"")]
    NoSuchLever(LeverId),
    /// The door does not lead from the current room to the named room.
    #[error("door \"{door}\" does not lead from room \"{from}\" to room \"{to}\"")]
    NotThisWay {
        /// The door.
        door: DoorId,
        /// Where the player is.
        from: RoomId,
        /// Where the step wanted to go.
        to: RoomId,
    },
    /// A one-way door taken against its direction.
    #[error("door \"{0}\" is one-way and does not open from this side")]
    OneWay(DoorId),
    /// The door is closed.
    #[error("door \"{0}\" is closed")]
    Closed(DoorId),
    /// Keys of the door's lock are not held.
    #[error("door \"{door}\" needs key{} {}", if missing.len() == 1 { "" } else { "s" }, list(missing))]
    MissingKeys {
        /// The door.
        door: DoorId,
        /// The keys not held.
        missing: Vec<KeyId>,
    },
    /// Too few small keys for a small lock.
    #[error("door \"{door}\" needs {needed} small key{} and {held} {} in hand", plural(*needed), if *held == 1 { "is" } else { "are" })]
    NotEnoughSmallKeys {
        /// The door.
        door: DoorId,
        /// Small keys it spends.
        needed: u32,
        /// Small keys in hand.
        held: u32,
    },
    /// None of the keys of the door's `locks_any` is held.
    #[error("door \"{door}\" needs one of the keys {}", list(any))]
    MissingAnyKey {
        /// The door.
        door: DoorId,
        /// The keys of which one would do.
        any: Vec<KeyId>,
    },
    /// Too few items of a kind for the door's `spend`.
    #[error("door \"{door}\" needs {needed} {kind} and {held} {} in hand", if *held == 1 { "is" } else { "are" })]
    NotEnoughItems {
        /// The door.
        door: DoorId,
        /// The kind of item.
        kind: String,
        /// Items it spends.
        needed: u32,
        /// Items in hand.
        held: u32,
    },
    /// A `once` lever that was pulled already.
    #[error("lever \"{0}\" can be pulled only once and was pulled")]
    LeverUsed(LeverId),
    /// The lever stands in another room.
    #[error("lever \"{lever}\" stands in room \"{lever_room}\", not in room \"{here}\"")]
    LeverElsewhere {
        /// The lever.
        lever: LeverId,
        /// Where it stands.
        lever_room: RoomId,
        /// Where the player is.
        here: RoomId,
    },
    /// The key does not exist (a pickup step naming it).
    #[error("there is no key \"{0}\"")]
    NoSuchKey(KeyId),
    /// A pickup of a key that does not lie in the player's room (a play
    /// session checks it; [`replay`] ignores pickups).
    #[error("key \"{key}\" does not lie in room \"{here}\"")]
    KeyNotHere {
        /// The key.
        key: KeyId,
        /// Where the player is.
        here: RoomId,
    },
}

/// The name of kind `kind` (an index into the kinds of `level`).
fn kind_name(level: &Level, kind: usize) -> String {
    crate::rules::mechanics::Mechanics::new(level)
        .ok()
        .and_then(|m| m.kinds().get(kind).cloned())
        .unwrap_or_else(|| format!("#{kind}"))
}

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn list(keys: &[KeyId]) -> String {
    keys.iter()
        .map(|k| format!("\"{k}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Illegal {
    /// The words for what [`Mechanics::blocked`] found in the way of `door`.
    pub fn from_blocked(level: &Level, door: usize, blocked: Blocked) -> Self {
        let id = level
            .doors
            .get(door)
            .map(|d| d.id.clone())
            .unwrap_or_default();
        match blocked {
            Blocked::Closed => Self::Closed(id),
            Blocked::MissingKeys(keys) => Self::MissingKeys {
                door: id,
                missing: keys
                    .iter()
                    .filter_map(|&k| level.keys.get(k).map(|key| key.id.clone()))
                    .collect(),
            },
            Blocked::NotEnoughSmallKeys { needed, held } => Self::NotEnoughSmallKeys {
                door: id,
                needed,
                held,
            },
            Blocked::MissingAny(keys) => Self::MissingAnyKey {
                door: id,
                any: keys
                    .iter()
                    .filter_map(|&k| level.keys.get(k).map(|key| key.id.clone()))
                    .collect(),
            },
            Blocked::NotEnoughItems { kind, needed, held } => Self::NotEnoughItems {
                door: id,
                kind: kind_name(level, kind),
                needed,
                held,
            },
        }
    }
}
