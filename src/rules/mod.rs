//! The rules of play, stated once: [`mechanics`] holds them as tables over
//! indices (the one place that says which steps a level allows), and this
//! module states them for people: the state of play, the steps, and
//! [`replay`] of a plan. The editor's play mode, the solver, dead-end
//! explanations, validation and the generators all ask [`Mechanics`]; the
//! solver compiles its answers into bitsets and is checked against it.

pub(crate) mod altered;
mod checked;
pub use crate::mechanics;
pub(crate) mod positions;
mod worded;

use std::borrow::Cow;
use std::fmt;

pub use checked::Checked;
pub use mechanics::{Blocked, Changes, Holdings, LeverRule, Mechanics, NotAPassage, Passage};

use crate::model::{DoorId, KeyId, Level, LevelIndex, LeverId, RoomId};
use crate::validate::Indexed;

/// One step of a plan: what a player does (walk through a door, pull a
/// lever), or, informatively, a key picked up on the way.
///
/// Steps name doors, rooms, levers and keys by id, as a level file does, so
/// that a plan means the same thing in any program; [`Rules::apply`] and
/// [`replay`] judge them against a level. Its `Display` is one line for a
/// person ("move through d1 to r2").
///
/// # Examples
///
/// ```
/// use lockwork::rules::Step;
/// let step = Step::Move { door: "d1".into(), to: "r2".into() };
/// assert_eq!(step.to_string(), "move through d1 to r2");
/// assert_eq!(Step::Pull { lever: "l1".into() }.to_string(), "pull l1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(tag = "action", rename_all = "lowercase")]
pub enum Step {
    /// Walk through `door` into `to`.
    Move {
        /// The door passed.
        door: DoorId,
        /// The room entered.
        to: RoomId,
    },
    /// Pull a lever in the current room.
    Pull {
        /// The lever pulled.
        lever: LeverId,
    },
    /// A key was picked up (informative; a replay ignores it).
    Pickup {
        /// The key picked up.
        key: KeyId,
    },
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Move { door, to } => write!(f, "move through {door} to {to}"),
            Self::Pull { lever } => write!(f, "pull {lever}"),
            Self::Pickup { key } => write!(f, "pick up {key}"),
        }
    }
}

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

/// Why the rules cannot be applied to a level at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the level is not valid: {0}")]
pub struct InvalidLevel(pub String);

/// The state of play: where the player is, what is held, which doors are
/// open, which small locks are opened, and the tally so far.
///
/// Only [`Rules::start`] makes one, and only [`Rules::do_move`],
/// [`Rules::do_pull`] and [`Rules::apply`] change it, so a state always
/// follows the rules of the level it was made for. Read it through the
/// accessors below, or through [`Holdings`], which is how [`Mechanics`]
/// judges a step. Indices are positions in the level's `rooms`, `keys` and
/// `doors` vectors.
///
/// # Examples
///
/// ```
/// use lockwork::model::{Door, Key, Level, Room};
/// use lockwork::rules::{Rules, Step};
/// let mut level = Level::new("two rooms");
/// level.rooms.push(Room::new("r2", [100.0, 0.0]));
/// level.doors.push(Door::new("d1", "r1", "r2"));
/// level.keys.push(Key::new("gem", "r2"));
/// let rules = Rules::new(&level).unwrap();
/// let mut state = rules.start();
/// assert_eq!((state.room(), state.picked(), state.cost()), (0, &[false][..], 0.0));
/// rules.apply(&mut state, &Step::Move { door: "d1".into(), to: "r2".into() }).unwrap();
/// assert_eq!((state.room(), state.picked(), state.moves()), (1, &[true][..], 1));
/// ```
#[derive(Clone, Debug)]
pub struct PlayState {
    room: usize,
    picked: Vec<bool>,
    /// Items in hand per kind; kind 0 is small keys.
    in_hand: Vec<u32>,
    open: Vec<bool>,
    unlocked: Vec<bool>,
    /// Per lever: pulled an odd number of times?
    odd: Vec<bool>,
    cost: f64,
    moves: u32,
    pulls: u32,
}

impl PartialEq for PlayState {
    /// Equal states of play with equal tallies; items of a kind never
    /// counted are none in hand, and levers never pulled are even.
    fn eq(&self, other: &Self) -> bool {
        fn padded<T: Copy + PartialEq + Default>(a: &[T], b: &[T]) -> bool {
            let n = a.len().max(b.len());
            (0..n).all(|i| {
                a.get(i).copied().unwrap_or_default() == b.get(i).copied().unwrap_or_default()
            })
        }
        self.room == other.room
            && self.picked == other.picked
            && padded(&self.in_hand, &other.in_hand)
            && self.open == other.open
            && self.unlocked == other.unlocked
            && padded(&self.odd, &other.odd)
            && self.cost == other.cost
            && self.moves == other.moves
            && self.pulls == other.pulls
    }
}

impl PlayState {
    /// A state from its parts, for code in this crate that has checked them
    /// against the level (a saved game, a decoded solver state); the tally
    /// starts at zero.
    pub(crate) fn from_parts(
        room: usize,
        picked: Vec<bool>,
        small_in_hand: u32,
        open: Vec<bool>,
        unlocked: Vec<bool>,
    ) -> Self {
        Self {
            room,
            picked,
            in_hand: vec![small_in_hand],
            open,
            unlocked,
            odd: Vec::new(),
            cost: 0.0,
            moves: 0,
            pulls: 0,
        }
    }

    /// The same state with the parts of the version-1 extensions set: items
    /// in hand per kind (kind 0 is small keys) and, per lever, whether it
    /// was pulled an odd number of times.
    pub(crate) fn with_extensions(self, in_hand: Vec<u32>, odd: Vec<bool>) -> Self {
        Self {
            in_hand,
            odd,
            ..self
        }
    }

    /// The same state with its tally set: total cost, moves and pulls.
    pub(crate) fn with_tally(self, cost: f64, moves: u32, pulls: u32) -> Self {
        Self {
            cost,
            moves,
            pulls,
            ..self
        }
    }

    /// Index of the current room in `level.rooms`.
    pub fn room(&self) -> usize {
        self.room
    }

    /// Per key, in `level.keys` order: picked up yet? (A small key once
    /// picked up stays marked after it is spent.)
    pub fn picked(&self) -> &[bool] {
        &self.picked
    }

    /// Small keys in hand: picked up and not yet spent.
    pub fn small_in_hand(&self) -> u32 {
        self.in_hand.first().copied().unwrap_or(0)
    }

    /// Items in hand per kind, in the order of
    /// [`Mechanics::kinds`](mechanics::Mechanics::kinds) (kind 0 is small keys).
    pub fn items_in_hand(&self) -> &[u32] {
        &self.in_hand
    }

    /// Per lever, in `level.levers` order: pulled an odd number of times?
    /// (For a `once` lever: pulled?)
    pub fn levers_odd(&self) -> Vec<bool> {
        (0..self.odd.len()).map(|l| self.odd[l]).collect()
    }

    /// Per door, in `level.doors` order: open now?
    pub fn open_doors(&self) -> &[bool] {
        &self.open
    }

    /// Per door: has its small lock been opened for good?
    pub fn unlocked_doors(&self) -> &[bool] {
        &self.unlocked
    }

    /// Total cost of the steps taken.
    pub fn cost(&self) -> f64 {
        self.cost
    }

    /// Moves taken.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Lever pulls taken.
    pub fn pulls(&self) -> u32 {
        self.pulls
    }
}

/// The rules for one valid level, with its ids indexed: the checked way to
/// play a level step by step.
///
/// Every method that takes an index (`do_move`, `check_move`, `do_pull`)
/// answers an index out of range with an [`Illegal`] (`NoSuchDoor("#9")`),
/// never a panic, and leaves the state unchanged. A [`PlayState`] made for
/// another level is judged by this level's rules without panicking either.
///
/// # Examples
///
/// ```
/// use lockwork::model::{Door, Level, Lever, Room};
/// use lockwork::rules::{Illegal, Rules, Step};
/// // r1 -d1 (closed)- r2; lever l1 in r1 opens d1.
/// let mut level = Level::new("gate");
/// level.rooms.push(Room::new("r2", [100.0, 0.0]));
/// let mut gate = Door::new("d1", "r1", "r2");
/// gate.open = false;
/// level.doors.push(gate);
/// level.levers.push(Lever::new("l1", "r1", vec!["d1".into()]));
/// level.goal = "r2".into();
///
/// let rules = Rules::new(&level).unwrap();
/// let mut state = rules.start();
/// let walk = Step::Move { door: "d1".into(), to: "r2".into() };
/// assert_eq!(rules.apply(&mut state, &walk), Err(Illegal::Closed("d1".into())));
/// rules.apply(&mut state, &Step::Pull { lever: "l1".into() }).unwrap();
/// rules.apply(&mut state, &walk).unwrap();
/// assert!(rules.is_solved(&state));
/// assert_eq!(rules.do_pull(&mut state, 7), Err(Illegal::NoSuchLever("#7".into())));
/// ```
#[derive(Clone, Debug)]
pub struct Rules<'a> {
    level: &'a Level,
    index: Cow<'a, LevelIndex>,
    mechanics: Cow<'a, Mechanics>,
}

impl Holdings for PlayState {
    fn door_open(&self, door: usize) -> bool {
        self.open.get(door).copied().unwrap_or(false)
    }

    fn holds(&self, key: usize) -> bool {
        self.picked.get(key).copied().unwrap_or(false)
    }

    fn unlocked(&self, door: usize) -> bool {
        self.unlocked.get(door).copied().unwrap_or(false)
    }

    fn small_in_hand(&self) -> u32 {
        PlayState::small_in_hand(self)
    }

    fn in_hand(&self, kind: usize) -> u32 {
        self.in_hand.get(kind).copied().unwrap_or(0)
    }

    fn pulled_odd(&self, lever: usize) -> bool {
        self.odd.get(lever).copied().unwrap_or(false)
    }
}

impl Changes for PlayState {
    fn enter(&mut self, room: usize) {
        self.room = room;
    }

    fn take(&mut self, key: usize) {
        if let Some(picked) = self.picked.get_mut(key) {
            *picked = true;
        }
    }

    fn set_in_hand(&mut self, kind: usize, n: u32) {
        if self.in_hand.len() <= kind {
            self.in_hand.resize(kind + 1, 0);
        }
        self.in_hand[kind] = n;
    }

    fn unlock(&mut self, door: usize) {
        if let Some(unlocked) = self.unlocked.get_mut(door) {
            *unlocked = true;
        }
    }

    fn flip_door(&mut self, door: usize) {
        if let Some(open) = self.open.get_mut(door) {
            *open = !*open;
        }
    }

    fn flip_lever(&mut self, lever: usize) {
        if self.odd.len() <= lever {
            self.odd.resize(lever + 1, false);
        }
        self.odd[lever] = !self.odd[lever];
    }
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

impl<'a> Rules<'a> {
    /// Prepares the rules for `level`, which must be valid.
    ///
    /// # Arguments
    /// * `level` – the level to play; it is borrowed for as long as the rules live.
    ///
    /// # Returns
    /// The rules, with the level's ids indexed and its rules in tables.
    ///
    /// # Errors
    /// [`InvalidLevel`] with the first validation error of the level.
    ///
    /// # Complexity
    /// Linear in the size of the level (it is validated and indexed once).
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::Level;
    /// use lockwork::rules::Rules;
    /// let mut level = Level::new("broken");
    /// assert!(Rules::new(&level).is_ok());
    /// level.goal = "nowhere".into();
    /// assert!(Rules::new(&level).is_err());
    /// ```
    pub fn new(level: &'a Level) -> Result<Self, InvalidLevel> {
        let (errors, indexed) = crate::validate::errors_indexed(level, LevelIndex::new(level));
        if let Some(first) = errors.first() {
            return Err(InvalidLevel(first.to_string()));
        }
        Self::checked(level, indexed)
    }

    /// The rules of a level already checked (by the loader), with the ids
    /// and door ends its validation found: no second validation.
    ///
    /// # Errors
    /// [`InvalidLevel`] when the level's rules cannot be put in tables.
    pub(crate) fn checked(level: &'a Level, checked: Indexed) -> Result<Self, InvalidLevel> {
        let Indexed {
            index,
            found,
            mechanics,
        } = checked;
        let mechanics = match mechanics {
            Some(made) => made,
            None => Mechanics::with_found(level, &index, &found)
                .map_err(|e| InvalidLevel(e.to_string()))?,
        };
        Ok(Self {
            level,
            index: Cow::Owned(index),
            mechanics: Cow::Owned(mechanics),
        })
    }

    /// The rules of a level that was validated when `index` and `mechanics`
    /// were made from it: no work, for callers that keep those two (a play
    /// session asks for its rules on every step).
    pub(crate) fn prepared(
        level: &'a Level,
        index: &'a LevelIndex,
        mechanics: &'a Mechanics,
    ) -> Self {
        Self {
            level,
            index: Cow::Borrowed(index),
            mechanics: Cow::Borrowed(mechanics),
        }
    }

    /// The same rules, borrowing this one's tables: no work.
    pub fn borrowed(&self) -> Rules<'_> {
        Rules {
            level: self.level,
            index: Cow::Borrowed(&self.index),
            mechanics: Cow::Borrowed(&self.mechanics),
        }
    }

    /// The tables, kept when the rules are done with.
    pub(crate) fn into_mechanics(self) -> Mechanics {
        self.mechanics.into_owned()
    }

    /// The level these rules are for.
    pub fn level(&self) -> &'a Level {
        self.level
    }

    /// Its id index.
    pub fn index(&self) -> &LevelIndex {
        &self.index
    }

    /// The rules as tables over indices.
    pub fn mechanics(&self) -> &Mechanics {
        &self.mechanics
    }

    /// The state at the start, keys in the start room already picked up.
    ///
    /// # Complexity
    /// Linear in the number of keys and doors.
    pub fn start(&self) -> PlayState {
        let mut state = PlayState::from_parts(
            self.mechanics.start(),
            vec![false; self.level.keys.len()],
            0,
            self.mechanics.open_at_start().to_vec(),
            vec![false; self.level.doors.len()],
        )
        .with_extensions(
            vec![0; self.mechanics.kinds().len()],
            vec![false; self.level.levers.len()],
        );
        self.pick_up(&mut state);
        state
    }

    /// Picks up every key lying in the current room; returns their indices.
    fn pick_up(&self, state: &mut PlayState) -> Vec<usize> {
        let mut got = Vec::new();
        self.mechanics.pick_up(state.room, state, &[], &mut got);
        got
    }

    /// True when the player is in the goal holding every key it requires.
    pub fn is_solved(&self, state: &PlayState) -> bool {
        self.mechanics.is_goal(state.room, state)
    }

    /// True when the named key has been picked up.
    pub fn holds(&self, state: &PlayState, key: &KeyId) -> bool {
        self.index.key(key).is_some_and(|k| state.holds(k))
    }

    /// Per door, in `level.doors` order: is it open in `state`? By its
    /// `open` and the levers that flipped it, or, for a door with an
    /// `open_when`, by its condition as the levers stand; what a game (or
    /// the editor) draws. [`PlayState::open_doors`] is only the levers'
    /// part of it.
    ///
    /// # Complexity
    /// Linear in the doors and the literals of their conditions.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Door, Level, Lever, Literal, Room};
    /// use lockwork::rules::{Rules, Step};
    /// // d1 opens while lever l1 is down.
    /// let mut level = Level::new("gate");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// let mut gate = Door::new("d1", "r1", "r2");
    /// gate.open_when = Some(vec![vec![Literal { lever: "l1".into(), pulled: true }]]);
    /// level.doors.push(gate);
    /// level.levers.push(Lever::new("l1", "r1", vec![]));
    /// let rules = Rules::new(&level).unwrap();
    /// let mut state = rules.start();
    /// assert_eq!(rules.doors_open(&state), [false]);
    /// rules.apply(&mut state, &Step::Pull { lever: "l1".into() }).unwrap();
    /// assert_eq!(rules.doors_open(&state), [true]);
    /// assert!(rules.is_door_open(&state, 0) && !rules.is_door_open(&state, 7));
    /// ```
    pub fn doors_open(&self, state: &PlayState) -> Vec<bool> {
        (0..self.level.doors.len())
            .map(|d| self.mechanics.is_open(d, state))
            .collect()
    }

    /// Is door `d` (an index) open in `state`? As [`Self::doors_open`];
    /// false for an index out of range.
    ///
    /// # Complexity
    /// Linear in the literals of the door's condition.
    ///
    /// # Examples
    /// See [`Self::doors_open`].
    pub fn is_door_open(&self, state: &PlayState, d: usize) -> bool {
        d < self.level.doors.len() && self.mechanics.is_open(d, state)
    }

    /// Does the `open_when` literal naming `lever` (`pulled`: "pulled an
    /// odd number of times", else "an even number") hold in `state`? False
    /// for a lever the level does not have.
    ///
    /// # Complexity
    /// Constant (a hash lookup of the id).
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Door, Level, Lever, Literal, Room};
    /// use lockwork::rules::{Rules, Step};
    /// let mut level = Level::new("gate");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// let mut gate = Door::new("d1", "r1", "r2");
    /// gate.open_when = Some(vec![vec![Literal { lever: "l1".into(), pulled: true }]]);
    /// level.doors.push(gate);
    /// level.levers.push(Lever::new("l1", "r1", vec![]));
    /// let rules = Rules::new(&level).unwrap();
    /// let mut state = rules.start();
    /// assert!(rules.literal_holds(&state, &"l1".into(), false));
    /// rules.apply(&mut state, &Step::Pull { lever: "l1".into() }).unwrap();
    /// assert!(rules.literal_holds(&state, &"l1".into(), true));
    /// assert!(!rules.literal_holds(&state, &"l9".into(), true));
    /// ```
    pub fn literal_holds(&self, state: &PlayState, lever: &LeverId, pulled: bool) -> bool {
        self.index
            .lever(lever)
            .is_some_and(|l| state.literal_holds(l, pulled))
    }

    /// Per lever, in `level.levers` order: is it down after `steps`, that
    /// is, pulled an odd number of times? The position a game draws for
    /// every lever, those that only flip doors included (the state of play
    /// keeps it only for levers an `open_when` names or that work once).
    /// Steps that name no lever of the level are passed over.
    ///
    /// # Complexity
    /// Linear in the steps and the levers.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Level, Lever};
    /// use lockwork::rules::{Rules, Step};
    /// let mut level = Level::new("levers");
    /// level.levers.push(Lever::new("l1", "r1", vec![]));
    /// level.levers.push(Lever::new("l2", "r1", vec![]));
    /// let rules = Rules::new(&level).unwrap();
    /// let pull = |l: &str| Step::Pull { lever: l.into() };
    /// assert_eq!(rules.levers_down(&[pull("l1"), pull("l2"), pull("l1")]), [false, true]);
    /// ```
    pub fn levers_down(&self, steps: &[Step]) -> Vec<bool> {
        let mut down = vec![false; self.level.levers.len()];
        for step in steps {
            if let Step::Pull { lever } = step
                && let Some(l) = self.index.lever(lever)
                && let Some(d) = down.get_mut(l)
            {
                *d = !*d;
            }
        }
        down
    }

    fn room_id(&self, room: usize) -> RoomId {
        self.level
            .rooms
            .get(room)
            .map(|r| r.id.clone())
            .unwrap_or_default()
    }

    /// Checks that walking through door `d` (an index) to room `to` is legal now.
    ///
    /// # Arguments
    /// * `state` – where the player stands and what is held.
    /// * `d`, `to` – positions in `level.doors` and `level.rooms`; out of
    ///   range is an error, not a panic.
    ///
    /// # Returns
    /// `Ok(())` when the move is allowed.
    ///
    /// # Errors
    /// [`Illegal`] says why not, in the words replay and play mode use:
    /// `NoSuchDoor("#d")`/`NoSuchRoom("#to")` for an index out of range,
    /// then the rules' reasons (not this way, one-way, closed, keys, small keys).
    ///
    /// # Complexity
    /// Linear in the keys of the door's lock.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Door, Level, Room};
    /// use lockwork::rules::{Illegal, Rules};
    /// let mut level = Level::new("drop");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// let mut drop = Door::new("d1", "r1", "r2");
    /// drop.one_way = true;
    /// level.doors.push(drop);
    /// let rules = Rules::new(&level).unwrap();
    /// let state = rules.start();
    /// assert_eq!(rules.check_move(&state, 0, 1), Ok(()));
    /// assert_eq!(rules.check_move(&state, 5, 1), Err(Illegal::NoSuchDoor("#5".into())));
    /// assert_eq!(rules.check_move(&state, 0, 9), Err(Illegal::NoSuchRoom("#9".into())));
    /// ```
    pub fn check_move(&self, state: &PlayState, d: usize, to: usize) -> Result<(), Illegal> {
        let Some(door) = self.level.doors.get(d) else {
            return Err(Illegal::NoSuchDoor(DoorId(format!("#{d}"))));
        };
        if to >= self.level.rooms.len() {
            return Err(Illegal::NoSuchRoom(RoomId(format!("#{to}"))));
        }
        let passage = self
            .mechanics
            .passage(d, state.room, to)
            .map_err(|wrong| match wrong {
                NotAPassage::OneWay => Illegal::OneWay(door.id.clone()),
                NotAPassage::NotThisWay => Illegal::NotThisWay {
                    door: door.id.clone(),
                    from: self.room_id(state.room),
                    to: self.room_id(to),
                },
            })?;
        match self.mechanics.blocked(passage, state) {
            Some(blocked) => Err(Illegal::from_blocked(self.level, d, blocked)),
            None => Ok(()),
        }
    }

    /// Every legal move from the current room: `(door index, room index)`.
    pub fn legal_moves(&self, state: &PlayState) -> Vec<(usize, usize)> {
        self.mechanics
            .passages_from(state.room)
            .filter(|&p| self.mechanics.blocked(p, state).is_none())
            .map(|p| (p.door, p.to))
            .collect()
    }

    /// The levers standing in the current room that can be pulled now
    /// (indices): all of them but a `once` lever already pulled.
    pub fn levers_here(&self, state: &PlayState) -> Vec<usize> {
        (self.mechanics.levers_in(state.room))
            .filter(|&l| !self.mechanics.pull_used(l, state))
            .collect()
    }

    /// Walks through door `d` to room `to` (indices), spending small keys
    /// on a small lock's first passage and picking up what lies in `to`.
    ///
    /// # Returns
    /// The keys picked up on entry (indices into `level.keys`).
    ///
    /// # Errors
    /// [`Illegal`], as [`Self::check_move`] gives it, when the move breaks a
    /// rule or an index is out of range; the state is then unchanged.
    ///
    /// # Complexity
    /// Linear in the keys of the lock and of the room entered.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Door, Key, Level, Room};
    /// use lockwork::rules::Rules;
    /// let mut level = Level::new("key");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// level.doors.push(Door::new("d1", "r1", "r2"));
    /// level.keys.push(Key::new("red", "r2"));
    /// let rules = Rules::new(&level).unwrap();
    /// let mut state = rules.start();
    /// assert_eq!(rules.do_move(&mut state, 0, 1), Ok(vec![0]));
    /// assert!(rules.do_move(&mut state, 0, 7).is_err());
    /// assert_eq!(state.room(), 1, "unchanged by the refused move");
    /// ```
    pub fn do_move(
        &self,
        state: &mut PlayState,
        d: usize,
        to: usize,
    ) -> Result<Vec<usize>, Illegal> {
        self.check_move(state, d, to)?;
        let passage = Passage {
            door: d,
            from: state.room,
            to,
        };
        let mut got = Vec::new();
        self.mechanics.pass(passage, state, &[], &mut got);
        state.cost += self.mechanics.cost(d);
        state.moves += 1;
        Ok(got)
    }

    /// Pulls lever `l` (an index), which must stand in the current room:
    /// every door it toggles flips between open and closed.
    ///
    /// # Errors
    /// [`Illegal::NoSuchLever`] (`"#l"`) for an index out of range, and
    /// [`Illegal::LeverElsewhere`] when it stands in another room; the state
    /// is then unchanged.
    ///
    /// # Complexity
    /// Linear in the doors the lever flips.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Door, Level, Lever, Room};
    /// use lockwork::rules::Rules;
    /// let mut level = Level::new("lever");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// level.doors.push(Door::new("d1", "r1", "r2"));
    /// level.levers.push(Lever::new("l1", "r1", vec!["d1".into()]));
    /// let rules = Rules::new(&level).unwrap();
    /// let mut state = rules.start();
    /// rules.do_pull(&mut state, 0).unwrap();
    /// assert_eq!(state.open_doors(), &[false]);
    /// assert!(rules.do_pull(&mut state, 3).is_err());
    /// ```
    pub fn do_pull(&self, state: &mut PlayState, l: usize) -> Result<(), Illegal> {
        self.lever_here(state, l)?;
        self.mechanics.pull(l, state);
        state.cost += self.mechanics.lever_cost();
        state.pulls += 1;
        Ok(())
    }

    /// Checks that pulling lever `l` (an index) is legal now: it exists and
    /// stands in the current room.
    ///
    /// # Errors
    /// As [`Self::do_pull`].
    ///
    /// # Complexity
    /// Constant.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Level, Lever};
    /// use lockwork::rules::{Illegal, Rules};
    /// let mut level = Level::new("lever");
    /// level.levers.push(Lever::new("l1", "r1", vec![]));
    /// let rules = Rules::new(&level).unwrap();
    /// assert_eq!(rules.check_pull(&rules.start(), 0), Ok(()));
    /// assert_eq!(rules.check_pull(&rules.start(), 1), Err(Illegal::NoSuchLever("#1".into())));
    /// ```
    pub fn check_pull(&self, state: &PlayState, l: usize) -> Result<(), Illegal> {
        self.lever_here(state, l).map(|_| ())
    }

    /// Lever `l`'s rule, when it can be pulled in `state`.
    fn lever_here(&self, state: &PlayState, l: usize) -> Result<&LeverRule, Illegal> {
        let (Some(lever), Some(rule)) = (self.level.levers.get(l), self.mechanics.levers().get(l))
        else {
            return Err(Illegal::NoSuchLever(LeverId(format!("#{l}"))));
        };
        if rule.room != state.room {
            return Err(Illegal::LeverElsewhere {
                lever: lever.id.clone(),
                lever_room: lever.room.clone(),
                here: self.room_id(state.room),
            });
        }
        if self.mechanics.pull_used(l, state) {
            return Err(Illegal::LeverUsed(lever.id.clone()));
        }
        Ok(rule)
    }

    /// The level as it stands in `state`: the same puzzle, but starting where
    /// the player is, with the doors as they are now, picked-up keys gone
    /// from their rooms and held ones (and the small keys in hand) lying in
    /// the current room, and opened small locks unlocked. Solving it answers
    /// "can the goal still be reached from here, and at what cost?".
    ///
    /// Levers pulled an odd number of times turn the literals of `open_when`
    /// that name them around, and a `once` lever already pulled is settled:
    /// its literals become what they will stay, and it flips nothing more.
    pub fn level_as_of(&self, state: &PlayState) -> Level {
        let mut level = self.level.clone();
        let here = self.room_id(state.room);
        level.start = here.clone();
        for (d, door) in level.doors.iter_mut().enumerate() {
            if door.open_when.is_none() {
                door.open = state.door_open(d);
            }
            if state.unlocked(d) {
                door.small_locks = 0;
                door.spend.clear();
            }
        }
        self.settle_levers(&mut level, state);
        let mut left = state.in_hand.clone();
        let mut keys = Vec::with_capacity(level.keys.len());
        for (k, mut key) in level.keys.drain(..).enumerate() {
            let kind = self.mechanics.keys().get(k).and_then(|rule| rule.kind);
            if !state.holds(k) {
                keys.push(key);
            } else if let Some(kind) = kind {
                // Spent items are gone; the ones in hand come along.
                if let Some(n) = left.get_mut(kind).filter(|n| **n > 0) {
                    *n -= 1;
                    key.room = Some(here.clone());
                    keys.push(key);
                }
            } else {
                key.room = Some(here.clone());
                keys.push(key);
            }
        }
        level.keys = keys;
        level
    }

    /// The levers' parity in `state` written into the level: literals of
    /// levers pulled an odd number of times turned around, and `once`
    /// levers already pulled replaced by the value their literals keep.
    fn settle_levers(&self, level: &mut Level, state: &PlayState) {
        let levers = self.mechanics.levers();
        let odd = |id: &LeverId| self.index.lever(id).is_some_and(|l| state.pulled_odd(l));
        let spent = |id: &LeverId| {
            (self.index.lever(id)).is_some_and(|l| levers.get(l).is_some_and(|r| r.once)) && odd(id)
        };
        for door in &mut level.doors {
            let Some(lists) = door.open_when.take() else {
                continue;
            };
            let mut settled = Vec::with_capacity(lists.len());
            'list: for all in lists {
                let mut kept = Vec::with_capacity(all.len());
                for mut literal in all {
                    if odd(&literal.lever) {
                        literal.pulled = !literal.pulled;
                    }
                    match (spent(&literal.lever), literal.pulled) {
                        (false, _) => kept.push(literal),
                        // Even from now on: "!l" always holds, "l" never.
                        (true, false) => {}
                        (true, true) => continue 'list,
                    }
                }
                settled.push(kept);
            }
            door.open_when = Some(settled);
        }
        for lever in &mut level.levers {
            if spent(&lever.id) {
                lever.toggles.clear();
            }
        }
    }

    /// Applies one step by id; a pickup changes nothing.
    ///
    /// # Arguments
    /// * `state` – changed only when the step is legal.
    /// * `step` – a move or a pull, naming doors, rooms and levers by id.
    ///
    /// # Returns
    /// The keys picked up (indices into `level.keys`).
    ///
    /// # Errors
    /// [`Illegal`] when the step names nothing in the level
    /// (`NoSuchDoor`, `NoSuchRoom`, `NoSuchLever`) or breaks a rule.
    ///
    /// # Complexity
    /// Constant-time id lookups, then as [`Self::do_move`] or [`Self::do_pull`].
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::Level;
    /// use lockwork::rules::{Illegal, Rules, Step};
    /// let level = Level::new("one room");
    /// let rules = Rules::new(&level).unwrap();
    /// let mut state = rules.start();
    /// let step = Step::Pull { lever: "l9".into() };
    /// assert_eq!(rules.apply(&mut state, &step), Err(Illegal::NoSuchLever("l9".into())));
    /// ```
    pub fn apply(&self, state: &mut PlayState, step: &Step) -> Result<Vec<usize>, Illegal> {
        self.apply_resolved(state, self.resolve(state, step)?)
    }

    /// [`Self::apply`] of a step already resolved to indices.
    pub(crate) fn apply_resolved(
        &self,
        state: &mut PlayState,
        step: Resolved,
    ) -> Result<Vec<usize>, Illegal> {
        match step {
            Resolved::Move(d, r) => self.do_move(state, d, r),
            Resolved::Pull(l) => self.do_pull(state, l).map(|()| Vec::new()),
            Resolved::Pickup => Ok(Vec::new()),
        }
    }

    /// Checks one step by id without taking it: `Ok` exactly when
    /// [`Self::apply`] would take it (a pickup is always `Ok`).
    ///
    /// # Errors
    /// The [`Illegal`] that [`Self::apply`] would give.
    ///
    /// # Complexity
    /// As [`Self::apply`], with no allocation unless the step is refused.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Door, Level, Room};
    /// use lockwork::rules::{Illegal, Rules, Step};
    /// let mut level = Level::new("shut");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// let mut door = Door::new("d1", "r1", "r2");
    /// door.open = false;
    /// level.doors.push(door);
    /// let rules = Rules::new(&level).unwrap();
    /// let step = Step::Move { door: "d1".into(), to: "r2".into() };
    /// assert_eq!(rules.check(&rules.start(), &step), Err(Illegal::Closed("d1".into())));
    /// ```
    pub fn check(&self, state: &PlayState, step: &Step) -> Result<(), Illegal> {
        match self.resolve(state, step)? {
            Resolved::Move(d, r) => self.check_move(state, d, r),
            Resolved::Pull(l) => self.check_pull(state, l),
            Resolved::Pickup => Ok(()),
        }
    }

    /// The indices a step names, taken in `state`.
    ///
    /// # Errors
    /// `NoSuchDoor`, `NoSuchRoom` or `NoSuchLever` when it names an id the
    /// level does not have.
    ///
    /// # Complexity
    /// A move through a door of the player's room, to its other side, and
    /// a pull of a lever in that room, are found among the room's passages
    /// and levers without a look-up: replaying a long plan on a level too
    /// large for the cache then reads memory nearly in order.
    pub(crate) fn resolve(&self, state: &PlayState, step: &Step) -> Result<Resolved, Illegal> {
        if let Step::Move { door, to } = step
            && let Some(near) = self.near_passage(state.room, door, to)
        {
            return Ok(Resolved::Move(near.door, near.to));
        }
        if let Step::Pull { lever } = step
            && let Some(l) = self.near_lever(state.room, lever)
        {
            return Ok(Resolved::Pull(l));
        }
        Ok(match step {
            Step::Move { door, to } => {
                let d = self
                    .index
                    .door(door)
                    .ok_or_else(|| Illegal::NoSuchDoor(door.clone()))?;
                // A move nearly always names one of its door's two rooms,
                // and room ids are unique: comparing them spares a look-up.
                let named = |r: usize| self.level.rooms.get(r).is_some_and(|room| room.id == *to);
                let end = self
                    .mechanics
                    .ends(d)
                    .and_then(|(a, b)| [a, b].into_iter().find(|&r| named(r)));
                let r = match end {
                    Some(r) => r,
                    None => self
                        .index
                        .room(to)
                        .ok_or_else(|| Illegal::NoSuchRoom(to.clone()))?,
                };
                Resolved::Move(d, r)
            }
            Step::Pull { lever } => Resolved::Pull(
                self.index
                    .lever(lever)
                    .ok_or_else(|| Illegal::NoSuchLever(lever.clone()))?,
            ),
            Step::Pickup { .. } => Resolved::Pickup,
        })
    }
}

/// Passages (or levers) a room may have for [`Rules::resolve`] to search
/// them before it looks the door (or lever) up: a hub of thousands of
/// doors is looked up.
const NEAR_PASSAGES: usize = 16;

impl Rules<'_> {
    /// The passage from `room` through the door with id `door` into the
    /// room with id `to`, when `room` has few passages. Ids are unique in
    /// a level the rules accept, so it is the one the index would find.
    fn near_passage(&self, room: usize, door: &DoorId, to: &RoomId) -> Option<Passage> {
        let near = self.mechanics.passages_from(room);
        if near.len() > NEAR_PASSAGES {
            return None;
        }
        let level = self.level;
        let named = |p: &Passage| level.doors.get(p.door).is_some_and(|d| d.id == *door);
        let p = near.into_iter().find(named)?;
        level.rooms.get(p.to).filter(|r| r.id == *to).map(|_| p)
    }

    /// The lever with id `lever` standing in `room`, when the room has few.
    fn near_lever(&self, room: usize, lever: &LeverId) -> Option<usize> {
        if self.mechanics.levers_in(room).nth(NEAR_PASSAGES).is_some() {
            return None;
        }
        let named = |&l: &usize| self.level.levers.get(l).is_some_and(|x| x.id == *lever);
        self.mechanics.levers_in(room).find(named)
    }
}

/// A step by indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Resolved {
    Move(usize, usize),
    Pull(usize),
    Pickup,
}

/// What replaying a plan did.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    /// The state after the last step.
    pub end: PlayState,
    /// True when the state after the last step is solved.
    pub solved: bool,
    /// The plan with pickups put where they happen (what `solve` prints).
    pub steps: Vec<Step>,
}

/// A plan step that broke the rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The level itself is not valid.
    #[error(transparent)]
    Invalid(#[from] InvalidLevel),
    /// Step `index` (0-based) is not allowed in the state it is taken in.
    #[error("step {} ({step}) is not allowed: {reason}", index + 1)]
    Illegal {
        /// 0-based position in the plan.
        index: usize,
        /// The step.
        step: Step,
        /// Why not.
        reason: Illegal,
    },
}

/// Applies `plan` to `level` from the start, refusing the first illegal step.
///
/// # Arguments
/// * `level` – the level; it must be valid.
/// * `plan` – moves and pulls by id; pickup steps in it are ignored.
///
/// # Returns
/// The state after the last step, whether it is solved, and the plan with
/// pickups put where they really happen (what `lockwork solve` prints).
///
/// # Errors
/// [`ReplayError::Invalid`] for a level with validation errors, and
/// [`ReplayError::Illegal`] for the first step the rules refuse, with its
/// 1-based number and the reason in FORMAT.md's words (for example
/// `step 2 (move through d1 to r1) is not allowed: door "d1" is closed`).
///
/// # Complexity
/// Linear in the size of the level (validation) plus the length of the plan.
///
/// # Examples
///
/// ```
/// use lockwork::model::{Door, Level, Room};
/// use lockwork::rules::{Step, replay};
/// let mut level = Level::new("two rooms");
/// level.rooms.push(Room::new("r2", [100.0, 0.0]));
/// level.doors.push(Door::new("d1", "r1", "r2"));
/// level.goal = "r2".into();
/// let done = replay(&level, &[Step::Move { door: "d1".into(), to: "r2".into() }]).unwrap();
/// assert!(done.solved);
/// assert_eq!(done.end.cost(), 1.0);
/// let back = Step::Move { door: "d1".into(), to: "r1".into() };
/// let err = replay(&level, &[back]).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "step 1 (move through d1 to r1) is not allowed: \
///      door \"d1\" does not lead from room \"r1\" to room \"r1\""
/// );
/// ```
#[allow(
    clippy::result_large_err,
    reason = "a replay error is rare and carries the step for the message"
)]
pub fn replay(level: &Level, plan: &[Step]) -> Result<Replay, ReplayError> {
    Rules::new(level)?.replay(plan)
}

impl Rules<'_> {
    /// [`replay`] with rules already prepared: a caller replaying many
    /// plans of one level checks and indexes it once.
    ///
    /// # Arguments
    /// * `plan` — moves and pulls; pickups in it are ignored and re-derived.
    ///
    /// # Returns
    /// The steps with every pickup where it happens, the final state and
    /// whether it is solved.
    ///
    /// # Errors
    /// [`ReplayError::Illegal`] at the first step the rules do not allow.
    ///
    /// # Complexity
    /// Linear in the length of the plan and in the doors each step touches.
    ///
    /// # Example
    /// ```
    /// use lockwork::model::{Door, Level, Room};
    /// use lockwork::rules::{Rules, Step};
    /// let mut level = Level::new("two rooms");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// level.doors.push(Door::new("d1", "r1", "r2"));
    /// let rules = Rules::new(&level)?;
    /// let there = Step::Move { door: "d1".into(), to: "r2".into() };
    /// let back = Step::Move { door: "d1".into(), to: "r1".into() };
    /// assert_eq!(rules.replay(&[there.clone(), back])?.end.moves(), 2);
    /// assert!(rules.replay(&[there.clone(), there]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[allow(
        clippy::result_large_err,
        reason = "a replay error is rare and carries the step for the message"
    )]
    pub fn replay(&self, plan: &[Step]) -> Result<Replay, ReplayError> {
        let taken = plan
            .iter()
            .enumerate()
            .filter(|(_, step)| !matches!(step, Step::Pickup { .. }));
        self.replay_steps(taken, |state, step| {
            (self.resolve(state, step), step.clone())
        })
    }

    /// [`Self::replay`] of moves and pulls already resolved to indices, as a
    /// solver finds them: no id is looked up.
    ///
    /// # Errors
    /// [`ReplayError::Illegal`] at the first step the rules do not allow,
    /// or that names an index out of range.
    #[allow(
        clippy::result_large_err,
        reason = "a replay error is rare and carries the step for the message"
    )]
    pub(crate) fn replay_resolved(
        &self,
        plan: impl IntoIterator<Item = Resolved>,
    ) -> Result<Replay, ReplayError> {
        let taken = plan
            .into_iter()
            .filter(|step| *step != Resolved::Pickup)
            .enumerate();
        self.replay_steps(taken, |_, step| (Ok(step), self.step_named(step)))
    }

    /// A resolved step named by ids, as [`Self::check_move`] names an index
    /// out of range (`#7`).
    fn step_named(&self, step: Resolved) -> Step {
        let level = self.level;
        let name =
            |found: Option<&str>, i: usize| found.map_or_else(|| format!("#{i}"), str::to_owned);
        match step {
            Resolved::Move(d, r) => Step::Move {
                door: DoorId(name(level.doors.get(d).map(|x| x.id.as_str()), d)),
                to: RoomId(name(level.rooms.get(r).map(|x| x.id.as_str()), r)),
            },
            Resolved::Pull(l) => Step::Pull {
                lever: LeverId(name(level.levers.get(l).map(|x| x.id.as_str()), l)),
            },
            Resolved::Pickup => Step::Pickup {
                key: KeyId(String::new()),
            },
        }
    }

    /// Replays `(index in the plan, step)`, each step resolved in the state
    /// before it to its indices and its ids, taking the pickups out of the
    /// level as they happen.
    #[allow(
        clippy::result_large_err,
        reason = "a replay error is rare and carries the step for the message"
    )]
    fn replay_steps<S>(
        &self,
        taken: impl Iterator<Item = (usize, S)>,
        resolve: impl Fn(&PlayState, S) -> (Result<Resolved, Illegal>, Step),
    ) -> Result<Replay, ReplayError> {
        let level = self.level;
        let mut state = self.start();
        let pickup = |k: usize| {
            level.keys.get(k).map(|key| Step::Pickup {
                key: key.id.clone(),
            })
        };
        // A key carried from the start is held, not picked up: no step
        // says it is.
        let carried = |k: usize| level.keys.get(k).is_some_and(|key| key.room.is_none());
        let mut steps: Vec<Step> = state
            .picked
            .iter()
            .enumerate()
            .filter(|&(k, &p)| p && !carried(k))
            .filter_map(|(k, _)| pickup(k))
            .collect();
        for (index, taken) in taken {
            let (resolved, step) = resolve(&state, taken);
            let picked = match resolved.and_then(|r| self.apply_resolved(&mut state, r)) {
                Ok(picked) => picked,
                Err(reason) => {
                    return Err(ReplayError::Illegal {
                        index,
                        step,
                        reason,
                    });
                }
            };
            steps.push(step);
            steps.extend(picked.into_iter().filter_map(pickup));
        }
        Ok(Replay {
            solved: self.is_solved(&state),
            end: state,
            steps,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Door, Key, Lever, Room};

    #[test]
    fn indices_out_of_range_and_states_of_other_levels_are_refused_not_panics() {
        let mut level = Level::new("t");
        level.rooms.push(Room::new("r2", [0.0, 0.0]));
        level.doors.push(Door::new("d1", "r1", "r2"));
        level.levers.push(Lever::new("l1", "r1", vec!["d1".into()]));
        let rules = Rules::new(&level).unwrap();
        let mut state = rules.start();
        for (d, to) in [(1, 1), (usize::MAX, 0), (0, 2), (0, usize::MAX)] {
            assert!(rules.check_move(&state, d, to).is_err(), "{d} {to}");
            assert!(rules.do_move(&mut state, d, to).is_err(), "{d} {to}");
        }
        assert_eq!(
            rules.do_pull(&mut state, usize::MAX),
            Err(Illegal::NoSuchLever("#18446744073709551615".into()))
        );
        assert_eq!(state, rules.start(), "refused steps change nothing");

        // A state of a larger level, standing in a room this level lacks.
        let mut big = level.clone();
        for i in 3..=5 {
            big.rooms.push(Room::new(format!("r{i}"), [0.0, 0.0]));
            let from = format!("r{}", i - 1);
            big.doors
                .push(Door::new(format!("d{i}"), from, format!("r{i}")));
            big.keys.push(Key::new(format!("k{i}"), format!("r{i}")));
        }
        let big_rules = Rules::new(&big).unwrap();
        let mut far = big_rules.start();
        for (d, to) in [("d1", "r2"), ("d3", "r3"), ("d4", "r4"), ("d5", "r5")] {
            let step = Step::Move {
                door: d.into(),
                to: to.into(),
            };
            big_rules.apply(&mut far, &step).unwrap();
        }
        assert!(!rules.is_solved(&far));
        assert!(rules.legal_moves(&far).is_empty());
        assert!(rules.levers_here(&far).is_empty());
        assert!(rules.do_move(&mut far, 0, 1).is_err());
        assert!(rules.do_pull(&mut far, 0).is_err());
        let _ = rules.level_as_of(&far);
    }
    use crate::solver::{SolveOptions, solve};

    #[test]
    fn the_level_as_it_stands_has_the_same_future() {
        // r1 holds two small keys; d1 (r1-r2) and d2 (r1-r3) each spend one;
        // the goal r4 lies behind d3 (r3-r4), which spends one too.
        let mut level = Level::new("t");
        for (i, x) in [(2, 100.0), (3, 0.0), (4, 0.0)] {
            level.rooms.push(Room::new(format!("r{i}"), [x, 100.0]));
        }
        for (id, a, b) in [("d1", "r1", "r2"), ("d2", "r1", "r3"), ("d3", "r3", "r4")] {
            let mut door = Door::new(id, a, b);
            door.small_locks = 1;
            level.doors.push(door);
        }
        for id in ["s1", "s2"] {
            let mut key = Key::new(id, "r1");
            key.small = true;
            level.keys.push(key);
        }
        level.goal = "r4".into();
        let rules = Rules::new(&level).unwrap();
        let options = SolveOptions::default();
        let mut state = rules.start();
        // Spending a key on d1 and coming back still leaves one for d2 and... none for d3.
        rules
            .apply(
                &mut state,
                &Step::Move {
                    door: "d1".into(),
                    to: "r2".into(),
                },
            )
            .unwrap();
        let now = rules.level_as_of(&state);
        assert_eq!(now.start.as_str(), "r2");
        assert_eq!(
            now.keys.iter().filter(|k| k.small).count(),
            1,
            "one small key in hand"
        );
        assert_eq!(now.doors[0].small_locks, 0, "d1 stays unlocked");
        assert!(solve(&now, &options).unwrap().plan.is_none(), "a dead end");
        // From the start, the goal is two small-lock doors away: solvable.
        let fresh = rules.level_as_of(&rules.start());
        assert_eq!(
            solve(&fresh, &options).unwrap().plan.map(|p| p.cost),
            Some(2.0)
        );
    }
}
