//! The level and its items.

use std::collections::BTreeMap;

use super::{DoorId, KeyId, LeverId, Props, Rgb, RoomId};

/// A whole level: its rooms, doors, keys and levers, start and goal.
///
/// Items are kept in file order, which is also the order they are saved in.
/// A `Level` in memory may be invalid (for example while the designer is
/// editing it); [`crate::validate::validate`] says what is wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    /// Shown to the designer.
    pub name: String,
    /// Shown to the designer.
    pub description: String,
    /// Cost of one lever pull (`>= 0`).
    pub lever_cost: f64,
    /// Where the player starts.
    pub start: RoomId,
    /// Where the player must get to.
    pub goal: RoomId,
    /// The goal counts only while all of these keys are held.
    pub goal_requires: Vec<KeyId>,
    /// The rooms, in file order.
    pub rooms: Vec<Room>,
    /// The doors, in file order.
    pub doors: Vec<Door>,
    /// The keys, in file order.
    pub keys: Vec<Key>,
    /// The levers, in file order.
    pub levers: Vec<Lever>,
    /// The designer's own data.
    pub props: Props,
    /// How a generated level was made (kind, seed, parameters), kept as read.
    pub generator: Option<serde_json::Value>,
}

/// A room: a node of the level graph.
#[derive(Clone, Debug, PartialEq)]
pub struct Room {
    /// Unique among rooms, non-empty.
    pub id: RoomId,
    /// Label.
    pub name: String,
    /// Canvas position in canvas units; `None` means "lay it out for me".
    pub pos: Option<[f64; 2]>,
    /// The designer's own data.
    pub props: Props,
}

/// A door: an edge between two different rooms.
#[derive(Clone, Debug, PartialEq)]
pub struct Door {
    /// Unique among doors.
    pub id: DoorId,
    /// Label.
    pub name: String,
    /// One side.
    pub from: RoomId,
    /// The other side.
    pub to: RoomId,
    /// Passable only from `from` to `to`.
    pub one_way: bool,
    /// Cost of passing through once (`>= 0`).
    pub cost: f64,
    /// Its state at the start; levers flip it.
    pub open: bool,
    /// Passable only while every listed key is held.
    pub locks: Vec<KeyId>,
    /// The first passage spends this many small keys; then it stays unlocked.
    pub small_locks: u32,
    /// The first passage from a locked side spends this many items of each
    /// kind (`doors[].spend`); then it stays unlocked both ways. Empty for none.
    pub spend: BTreeMap<String, u32>,
    /// Passable only while at least one of these keys is held (`doors[].locks_any`).
    pub locks_any: Vec<KeyId>,
    /// The side whose passages `locks`, `locks_any` and `spend` apply to;
    /// `None` for both sides (`doors[].locked_from`).
    pub locked_from: Option<Side>,
    /// When set, the door is open exactly when this condition holds, and
    /// `open` is not used (`doors[].open_when`).
    pub open_when: Option<Condition>,
    /// The designer's own data.
    pub props: Props,
}

/// One of the two rooms a door joins, by its role in the door.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The door's `from` room.
    From,
    /// The door's `to` room.
    To,
}

impl Side {
    /// The word the file uses: `"from"` or `"to"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::From => "from",
            Self::To => "to",
        }
    }
}

/// A lever literal of `open_when`: `"l3"` holds while lever `l3` has been
/// pulled an odd number of times, `"!l3"` while an even number.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Literal {
    /// The lever named.
    pub lever: LeverId,
    /// True for `"l3"` (pulled an odd number of times), false for `"!l3"`.
    pub pulled: bool,
}

impl Literal {
    /// Reads a literal as the file writes it; `None` for an empty lever id.
    pub fn parse(text: &str) -> Option<Self> {
        let (pulled, id) = match text.strip_prefix('!') {
            Some(rest) => (false, rest),
            None => (true, text),
        };
        (!id.is_empty()).then(|| Self {
            lever: LeverId(id.to_owned()),
            pulled,
        })
    }
}

impl Literal {
    /// Where the lever stands while the literal holds: `"down"` when pulled
    /// an odd number of times, `"up"` when an even number.
    pub fn position(&self) -> &'static str {
        if self.pulled { "down" } else { "up" }
    }
}

/// A condition in words: `"l2 down and l5 up, or l3 down"`; `"always"` for
/// an empty alternative and `"never"` for no alternative.
///
/// ```
/// use lockwork::model::{Literal, condition_words};
/// let lit = |t: &str| Literal::parse(t).unwrap();
/// let when = vec![vec![lit("l2"), lit("!l5")], vec![lit("l3")]];
/// assert_eq!(condition_words(&when), "l2 down and l5 up, or l3 down");
/// assert_eq!(condition_words(&[vec![]]), "always");
/// ```
pub fn condition_words(condition: &[Vec<Literal>]) -> String {
    if condition.is_empty() {
        return "never".to_owned();
    }
    let alternatives: Vec<String> = condition
        .iter()
        .map(|all| {
            if all.is_empty() {
                return "always".to_owned();
            }
            let parts: Vec<String> = all
                .iter()
                .map(|l| format!("{} {}", l.lever, l.position()))
                .collect();
            parts.join(" and ")
        })
        .collect();
    alternatives.join(", or ")
}

impl std::fmt::Display for Literal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.pulled {
            write!(f, "{}", self.lever)
        } else {
            write!(f, "!{}", self.lever)
        }
    }
}

/// `open_when`: the door is open exactly when at least one inner list
/// holds; an inner list holds when all its literals hold (`[[]]` is always
/// open, `[]` never).
pub type Condition = Vec<Vec<Literal>>;

/// A key lying in a room.
#[derive(Clone, Debug, PartialEq)]
pub struct Key {
    /// Unique among keys.
    pub id: KeyId,
    /// Label.
    pub name: String,
    /// Where the key lies; `None` when the player carries it from the start.
    pub room: Option<RoomId>,
    /// A generic small key, spent by small locks.
    pub small: bool,
    /// A countable, generic item of this kind (`keys[].kind`); `"small"` is
    /// the same as `small`.
    pub kind: Option<String>,
    /// The colour shared by the key and its locks; `None` means "assign one".
    pub color: Option<Rgb>,
    /// The designer's own data.
    pub props: Props,
}

/// A lever standing in a room; pulling it flips every door it toggles.
#[derive(Clone, Debug, PartialEq)]
pub struct Lever {
    /// Unique among levers.
    pub id: LeverId,
    /// Label.
    pub name: String,
    /// Where the lever stands.
    pub room: RoomId,
    /// The doors it flips between open and closed.
    pub toggles: Vec<DoorId>,
    /// It can be pulled only once (`levers[].once`).
    pub once: bool,
    /// The designer's own data.
    pub props: Props,
}

impl Level {
    /// An empty level with one room that is both start and goal.
    pub fn new(name: impl Into<String>) -> Self {
        let room = Room::new("r1", [0.0, 0.0]);
        Self {
            name: name.into(),
            description: String::new(),
            lever_cost: 1.0,
            start: room.id.clone(),
            goal: room.id.clone(),
            goal_requires: Vec::new(),
            rooms: vec![room],
            doors: Vec::new(),
            keys: Vec::new(),
            levers: Vec::new(),
            props: Props::new(),
            generator: None,
        }
    }

    /// The room with this id.
    pub fn room(&self, id: &RoomId) -> Option<&Room> {
        self.rooms.iter().find(|r| &r.id == id)
    }

    /// The door with this id.
    pub fn door(&self, id: &DoorId) -> Option<&Door> {
        self.doors.iter().find(|d| &d.id == id)
    }

    /// The key with this id.
    pub fn key(&self, id: &KeyId) -> Option<&Key> {
        self.keys.iter().find(|k| &k.id == id)
    }

    /// The lever with this id.
    pub fn lever(&self, id: &LeverId) -> Option<&Lever> {
        self.levers.iter().find(|l| &l.id == id)
    }

    /// The doors whose `open_when` names `lever`, in level order.
    pub fn doors_naming<'a>(&'a self, lever: &'a LeverId) -> impl Iterator<Item = &'a Door> + 'a {
        self.doors.iter().filter(move |d| d.condition_names(lever))
    }

    /// The room's name, or its id when it has none: what to show a person.
    pub fn room_label(&self, id: &RoomId) -> String {
        match self.room(id) {
            Some(room) if !room.name.is_empty() => format!("{} ({id})", room.name),
            _ => id.to_string(),
        }
    }

    /// The lever's name, or its id when it has none.
    pub fn lever_label(&self, id: &LeverId) -> String {
        match self.lever(id) {
            Some(lever) if !lever.name.is_empty() => format!("{} ({id})", lever.name),
            _ => id.to_string(),
        }
    }

    /// The key's name, or its id when it has none.
    pub fn key_label(&self, id: &KeyId) -> String {
        match self.key(id) {
            Some(key) if !key.name.is_empty() => format!("{} ({id})", key.name),
            _ => id.to_string(),
        }
    }

    /// The door's name, or its id when it has none.
    pub fn door_label(&self, id: &DoorId) -> String {
        match self.door(id) {
            Some(door) if !door.name.is_empty() => format!("{} ({id})", door.name),
            _ => id.to_string(),
        }
    }
}

impl Room {
    /// A room with no name and no props at `pos`.
    pub fn new(id: impl Into<RoomId>, pos: [f64; 2]) -> Self {
        Self {
            id: id.into(),
            name: String::new(),
            pos: Some(pos),
            props: Props::new(),
        }
    }
}

impl Level {
    /// The level with only what the rules of play read: names,
    /// descriptions, positions, colours, props and the generator record
    /// cleared. Two levels with the same rules have the same analysis, so
    /// an edit that only moves or renames (a drag, Arrange) needs none.
    ///
    /// ```
    /// use lockwork::model::Level;
    ///
    /// let level = Level::new("one room");
    /// let mut moved = level.clone();
    /// moved.rooms[0].pos = Some([500.0, 20.0]);
    /// moved.rooms[0].name = "Hall".into();
    /// assert_eq!(level.rules_only(), moved.rules_only());
    /// ```
    pub fn rules_only(&self) -> Level {
        let mut level = self.clone();
        level.name.clear();
        level.description.clear();
        level.props = Props::new();
        level.generator = None;
        for room in &mut level.rooms {
            room.name.clear();
            room.pos = None;
            room.props = Props::new();
        }
        for door in &mut level.doors {
            door.name.clear();
            door.props = Props::new();
        }
        for key in &mut level.keys {
            key.name.clear();
            key.color = None;
            key.props = Props::new();
        }
        for lever in &mut level.levers {
            lever.name.clear();
            lever.props = Props::new();
        }
        level
    }
}

impl Door {
    /// An open two-way door of cost 1 with no locks.
    pub fn new(id: impl Into<DoorId>, from: impl Into<RoomId>, to: impl Into<RoomId>) -> Self {
        Self {
            id: id.into(),
            name: String::new(),
            from: from.into(),
            to: to.into(),
            one_way: false,
            cost: 1.0,
            open: true,
            locks: Vec::new(),
            small_locks: 0,
            spend: BTreeMap::new(),
            locks_any: Vec::new(),
            locked_from: None,
            open_when: None,
            props: Props::new(),
        }
    }

    /// True when a lock of any kind stands on it: keys it needs (`locks`,
    /// `locks_any`) or items it spends (`small_locks`, `spend`).
    pub fn is_locked(&self) -> bool {
        !self.locks.is_empty()
            || !self.locks_any.is_empty()
            || self.small_locks > 0
            || !self.spend.is_empty()
    }

    /// True when its `open_when` names `lever` (in any alternative).
    ///
    /// ```
    /// use lockwork::model::{Door, Literal};
    ///
    /// let mut door = Door::new("d1", "r1", "r2");
    /// door.set_open_when(Some(vec![vec![Literal { lever: "l1".into(), pulled: true }]]));
    /// assert!(door.condition_names(&"l1".into()));
    /// assert!(!door.condition_names(&"l2".into()));
    /// ```
    pub fn condition_names(&self, lever: &LeverId) -> bool {
        (self.open_when.iter().flatten().flatten()).any(|literal| &literal.lever == lever)
    }

    /// Takes every lock off it (see [`Self::is_locked`]); which side a lock
    /// applies from no longer matters then, so that goes too.
    pub fn unlock(&mut self) {
        self.locks.clear();
        self.locks_any.clear();
        self.small_locks = 0;
        self.spend.clear();
        self.locked_from = None;
    }

    /// Gives it a condition on the levers' positions, or takes it off. A
    /// door with a condition has no `open` of its own (the condition alone
    /// says when it is open), so `open` is set as a file without the field
    /// reads; without a condition the door stays open as it was shown.
    ///
    /// ```
    /// use lockwork::model::{Door, Literal};
    ///
    /// let mut door = Door::new("d1", "r1", "r2");
    /// door.open = false;
    /// door.set_open_when(Some(vec![vec![Literal { lever: "l1".into(), pulled: true }]]));
    /// assert!(door.open, "a condition replaces the door's own open");
    /// ```
    pub fn set_open_when(&mut self, condition: Option<Condition>) {
        self.open = true;
        self.open_when = condition;
    }

    /// The kinds and counts its first passage spends, small keys included
    /// (`small_locks` as kind `"small"`), in kind order.
    pub fn spends(&self) -> BTreeMap<String, u32> {
        let mut all = self.spend.clone();
        if self.small_locks > 0 {
            *all.entry(SMALL.to_owned()).or_insert(0) += self.small_locks;
        }
        all
    }

    /// True when the door uses a field of the version-1 extensions beyond
    /// what older files could say (`spend` other than small keys,
    /// `locks_any`, `locked_from`, `open_when`).
    pub fn is_extended(&self) -> bool {
        self.spend.keys().any(|k| k != SMALL)
            || !self.locks_any.is_empty()
            || self.locked_from.is_some()
            || self.open_when.is_some()
    }

    /// The room on the other side of the door from `room`, if `room` is one of its sides.
    pub fn other_side(&self, room: &RoomId) -> Option<&RoomId> {
        if &self.from == room {
            Some(&self.to)
        } else if &self.to == room {
            Some(&self.from)
        } else {
            None
        }
    }
}

impl Key {
    /// A named (not small) key with no colour lying in `room`.
    pub fn new(id: impl Into<KeyId>, room: impl Into<RoomId>) -> Self {
        Self {
            id: id.into(),
            name: String::new(),
            room: Some(room.into()),
            small: false,
            kind: None,
            color: None,
            props: Props::new(),
        }
    }
}

impl Key {
    /// True for a small key: `"small": true` or `"kind": "small"`.
    pub fn is_small(&self) -> bool {
        self.kind_name() == Some(SMALL)
    }

    /// The kind of countable item it is, small keys included (`"small"`);
    /// `None` for a named key.
    pub fn kind_name(&self) -> Option<&str> {
        if self.small {
            Some(SMALL)
        } else {
            self.kind.as_deref()
        }
    }
}

/// The kind of a small key: `"small": true` is the same as `"kind": "small"`.
pub const SMALL: &str = "small";

impl Lever {
    /// A lever in `room` toggling `toggles`.
    pub fn new(id: impl Into<LeverId>, room: impl Into<RoomId>, toggles: Vec<DoorId>) -> Self {
        Self {
            id: id.into(),
            name: String::new(),
            room: room.into(),
            toggles,
            once: false,
            props: Props::new(),
        }
    }
}
