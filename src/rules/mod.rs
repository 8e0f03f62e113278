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
