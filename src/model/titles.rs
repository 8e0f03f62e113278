//! What a player is shown for a room, door, key or lever: its name, never
//! its id, and for an unnamed one a title made from where it is (generated
//! levels name nothing).

use super::{DoorId, KeyId, Level, LeverId, RoomId};
use crate::rules::Step;

impl Level {
    /// The room's name, or "Room N" (its place in the level's list, from
    /// 1) when it has none; the id itself for an id the level lacks.
    ///
    /// # Complexity
    /// Linear in the rooms (a scan by id).
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Level, Room};
    /// let mut level = Level::new("two rooms");
    /// let mut hall = Room::new("r2", [100.0, 0.0]);
    /// hall.name = "Great hall".into();
    /// level.rooms.push(hall);
    /// assert_eq!(level.room_title(&"r2".into()), "Great hall");
    /// assert_eq!(level.room_title(&"r1".into()), "Room 1");
    /// ```
    pub fn room_title(&self, id: &RoomId) -> String {
        match self.rooms.iter().position(|r| &r.id == id) {
            Some(i) if !self.rooms[i].name.is_empty() => self.rooms[i].name.clone(),
            Some(i) => format!("Room {}", i + 1),
            None => id.to_string(),
        }
    }

    /// The door's name, or "door between A and B" (the titles of its
    /// rooms) when it has none.
    ///
    /// # Complexity
    /// Linear in the doors and rooms.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Door, Level, Room};
    /// let mut level = Level::new("two rooms");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// level.doors.push(Door::new("d1", "r1", "r2"));
    /// assert_eq!(level.door_title(&"d1".into()), "door between Room 1 and Room 2");
    /// level.doors[0].name = "portcullis".into();
    /// assert_eq!(level.door_title(&"d1".into()), "portcullis");
    /// ```
    pub fn door_title(&self, id: &DoorId) -> String {
        match self.door(id) {
            Some(door) if !door.name.is_empty() => door.name.clone(),
            Some(door) => format!(
                "door between {} and {}",
                self.room_title(&door.from),
                self.room_title(&door.to)
            ),
            None => id.to_string(),
        }
    }

    /// The key's name, or, unnamed: "small key" for a small key, its kind
    /// for an item ("bomb"), else "Key N".
    ///
    /// # Complexity
    /// Linear in the keys.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Key, Level};
    /// let mut level = Level::new("keys");
    /// level.keys.push(Key::new("k1", "r1"));
    /// let mut small = Key::new("s1", "r1");
    /// small.small = true;
    /// level.keys.push(small);
    /// assert_eq!(level.key_title(&"k1".into()), "Key 1");
    /// assert_eq!(level.key_title(&"s1".into()), "small key");
    /// ```
    pub fn key_title(&self, id: &KeyId) -> String {
        match self.keys.iter().position(|k| &k.id == id) {
            Some(i) => {
                let key = &self.keys[i];
                match (&key.name, &key.kind, key.small) {
                    (name, _, _) if !name.is_empty() => name.clone(),
                    (_, _, true) => "small key".into(),
                    (_, Some(kind), _) if kind == "small" => "small key".into(),
                    (_, Some(kind), _) => kind.clone(),
                    _ => format!("Key {}", i + 1),
                }
            }
            None => id.to_string(),
        }
    }

    /// The lever's name, or "Lever N" when it has none.
    ///
    /// # Complexity
    /// Linear in the levers.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Level, Lever};
    /// let mut level = Level::new("lever");
    /// level.levers.push(Lever::new("l1", "r1", vec![]));
    /// assert_eq!(level.lever_title(&"l1".into()), "Lever 1");
    /// ```
    pub fn lever_title(&self, id: &LeverId) -> String {
        match self.levers.iter().position(|l| &l.id == id) {
            Some(i) if !self.levers[i].name.is_empty() => self.levers[i].name.clone(),
            Some(i) => format!("Lever {}", i + 1),
            None => id.to_string(),
        }
    }

    /// A step in the player's words, with titles for ids: "go through
    /// portcullis into Crypt", "pull Lever 2", "pick up small key".
    ///
    /// # Complexity
    /// Linear in the size of the level.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Door, Level, Room};
    /// use lockwork::rules::Step;
    /// let mut level = Level::new("two rooms");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// level.doors.push(Door::new("d1", "r1", "r2"));
    /// let step = Step::Move { door: "d1".into(), to: "r2".into() };
    /// assert_eq!(level.step_title(&step), "go through the door between Room 1 and Room 2 into Room 2");
    /// ```
    pub fn step_title(&self, step: &Step) -> String {
        match step {
            Step::Move { door, to } => {
                let door = self.door_title(door);
                let the = if door.starts_with("door between") {
                    "the "
                } else {
                    ""
                };
                format!("go through {the}{door} into {}", self.room_title(to))
            }
            Step::Pull { lever } => format!("pull {}", self.lever_title(lever)),
            Step::Pickup { key } => format!("pick up {}", self.key_title(key)),
        }
    }
}
