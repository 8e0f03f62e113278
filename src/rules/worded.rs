//! [`Illegal`] as an object a game can word itself: its kind, its fields
//! and the English message.

use serde::{Serialize, Serializer};

use super::Illegal;
use crate::model::{DoorId, KeyId, LeverId, RoomId};

/// The fields of each variant, borrowed, under a `kind` tag.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Fields<'a> {
    NoSuchDoor {
        door: &'a DoorId,
    },
    NoSuchRoom {
        room: &'a RoomId,
    },
    NoSuchLever {
        lever: &'a LeverId,
    },
    NotThisWay {
        door: &'a DoorId,
        from: &'a RoomId,
        to: &'a RoomId,
    },
    OneWay {
        door: &'a DoorId,
    },
    Closed {
        door: &'a DoorId,
    },
    MissingKeys {
        door: &'a DoorId,
        missing: &'a [KeyId],
    },
    NotEnoughSmallKeys {
        door: &'a DoorId,
        needed: u32,
        held: u32,
    },
    MissingAnyKey {
        door: &'a DoorId,
        any: &'a [KeyId],
    },
    NotEnoughItems {
        door: &'a DoorId,
        item: &'a str,
        needed: u32,
        held: u32,
    },
    LeverUsed {
        lever: &'a LeverId,
    },
    LeverElsewhere {
        lever: &'a LeverId,
        lever_room: &'a RoomId,
        here: &'a RoomId,
    },
    NoSuchKey {
        key: &'a KeyId,
    },
    KeyNotHere {
        key: &'a KeyId,
        here: &'a RoomId,
    },
}

/// The fields and the message, in one object.
#[derive(Serialize)]
struct Worded<'a> {
    #[serde(flatten)]
    fields: Fields<'a>,
    message: String,
}

impl<'a> From<&'a Illegal> for Fields<'a> {
    fn from(why: &'a Illegal) -> Self {
        match why {
            Illegal::NoSuchDoor(door) => Self::NoSuchDoor { door },
            Illegal::NoSuchRoom(room) => Self::NoSuchRoom { room },
            Illegal::NoSuchLever(lever) => Self::NoSuchLever { lever },
            Illegal::NotThisWay { door, from, to } => Self::NotThisWay { door, from, to },
            Illegal::OneWay(door) => Self::OneWay { door },
            Illegal::Closed(door) => Self::Closed { door },
            Illegal::MissingKeys { door, missing } => Self::MissingKeys { door, missing },
            Illegal::NotEnoughSmallKeys { door, needed, held } => Self::NotEnoughSmallKeys {
                door,
                needed: *needed,
                held: *held,
            },
            Illegal::MissingAnyKey { door, any } => Self::MissingAnyKey { door, any },
            Illegal::NotEnoughItems {
                door,
                kind,
                needed,
                held,
            } => Self::NotEnoughItems {
                door,
                item: kind,
                needed: *needed,
                held: *held,
            },
            Illegal::LeverUsed(lever) => Self::LeverUsed { lever },
            Illegal::LeverElsewhere {
                lever,
                lever_room,
                here,
            } => Self::LeverElsewhere {
                lever,
                lever_room,
                here,
            },
            Illegal::NoSuchKey(key) => Self::NoSuchKey { key },
            Illegal::KeyNotHere { key, here } => Self::KeyNotHere { key, here },
        }
    }
}

impl Serialize for Illegal {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Worded {
            fields: self.into(),
            message: self.to_string(),
        }
        .serialize(serializer)
    }
}
