//! Typed identifiers for the things in a level.
//!
//! Each kind of item has its own id type, so a door id can never be passed
//! where a room id is expected. Ids are the strings of the file format; the
//! editor mints new ones from a counter that only grows, so an id is never
//! reused within a document. They serialise as their plain string.

use std::fmt;

macro_rules! typed_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default,
            serde::Serialize, serde::Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub String);

        impl $name {
            /// Makes an id from anything string-like.
            pub fn new(id: impl Into<String>) -> Self {
                Self(id.into())
            }

            /// The id as it appears in a level file.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<&str> for $name {
            fn from(id: &str) -> Self {
                Self(id.to_owned())
            }
        }

        impl From<String> for $name {
            fn from(id: String) -> Self {
                Self(id)
            }
        }
    };
}

typed_id!(
    /// Identifies a room (`rooms[].id`).
    RoomId
);
typed_id!(
    /// Identifies a door (`doors[].id`).
    DoorId
);
typed_id!(
    /// Identifies a key (`keys[].id`).
    KeyId
);
typed_id!(
    /// Identifies a lever (`levers[].id`).
    LeverId
);

/// Any item of a level, by id: what a problem or a selection points at.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ItemId {
    /// A room.
    Room(RoomId),
    /// A door.
    Door(DoorId),
    /// A key.
    Key(KeyId),
    /// A lever.
    Lever(LeverId),
}

impl fmt::Display for ItemId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Room(id) => write!(f, "room \"{id}\""),
            Self::Door(id) => write!(f, "door \"{id}\""),
            Self::Key(id) => write!(f, "key \"{id}\""),
            Self::Lever(id) => write!(f, "lever \"{id}\""),
        }
    }
}
