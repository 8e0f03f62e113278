//! The rules of play, stated once: [`mechanics`] holds them as tables over
//! indices (the one place that says which steps a level allows), and this
//! module states them for people: the state of play, the steps, and
//! [`replay`] of a plan. The editor's play mode, the solver, dead-end
//! explanations, validation and the generators all ask [`Mechanics`]; the
//! solver compiles its answers into bitsets and is checked against it.

pub(crate) mod altered;
mod checked;
pub use crate::mechanics;
mod as_of;
mod illegal;
pub(crate) mod positions;
mod replay;
mod state;
mod steps;
#[cfg(test)]
mod tests;
mod worded;

use std::borrow::Cow;
use std::fmt;

pub use checked::Checked;
pub use illegal::Illegal;
pub use mechanics::{Blocked, Changes, Holdings, LeverRule, Mechanics, NotAPassage, Passage};
pub use replay::{Replay, ReplayError, replay};
pub use state::PlayState;
pub(crate) use steps::Resolved;

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

/// Why the rules cannot be applied to a level at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the level is not valid: {0}")]
pub struct InvalidLevel(pub String);

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
}
