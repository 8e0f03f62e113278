//! The rules of play, stated once: [`mechanics`] holds them as tables over
//! indices (the one place that says which steps a level allows), and this
//! module states them for people: the state of play, the steps, and
//! [`replay`] of a plan. The editor's play mode, the solver, dead-end
//! explanations, validation and the generators all ask [`Mechanics`]; the
//! solver compiles its answers into bitsets and is checked against it.

pub mod mechanics;

use std::fmt;

pub use mechanics::{Blocked, Holdings, Mechanics, NotAPassage, Passage};

use crate::model::{DoorId, KeyId, Level, LevelIndex, LeverId, RoomId};
use crate::validate::errors;

/// One step of a plan.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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

/// The state of play: where the player is, what is held, which doors are open.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayState {
    /// Index of the current room in `level.rooms`.
    pub room: usize,
    /// Per key (in `level.keys` order): picked up yet?
    pub picked: Vec<bool>,
    /// Small keys in hand (picked up and not yet spent).
    pub small_in_hand: u32,
    /// Per door: open now?
    pub open: Vec<bool>,
    /// Per door: has its small lock been opened for good?
    pub unlocked: Vec<bool>,
    /// Total cost so far.
    pub cost: f64,
    /// Moves so far.
    pub moves: u32,
    /// Lever pulls so far.
    pub pulls: u32,
}

/// The rules for one valid level, with its ids indexed.
#[derive(Clone, Debug)]
pub struct Rules<'a> {
    level: &'a Level,
    index: LevelIndex,
    mechanics: Mechanics,
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
        self.small_in_hand
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
        }
    }
}

impl<'a> Rules<'a> {
    /// Prepares the rules for `level`, which must be valid.
    ///
    /// # Errors
    /// [`InvalidLevel`] with the first validation error of the level.
    pub fn new(level: &'a Level) -> Result<Self, InvalidLevel> {
        if let Some(first) = errors(level).first() {
            return Err(InvalidLevel(first.to_string()));
        }
        let index = LevelIndex::new(level);
        let mechanics =
            Mechanics::with_index(level, &index).map_err(|e| InvalidLevel(e.to_string()))?;
        Ok(Self {
            level,
            index,
            mechanics,
        })
    }

    /// The rules of a level already checked, from its mechanics: no second
    /// validation.
    pub(crate) fn checked(level: &'a Level, index: LevelIndex, mechanics: Mechanics) -> Self {
        Self {
            level,
            index,
            mechanics,
        }
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
    pub fn start(&self) -> PlayState {
        let mut state = PlayState {
            room: self.mechanics.start(),
            picked: vec![false; self.level.keys.len()],
            small_in_hand: 0,
            open: self.level.doors.iter().map(|d| d.open).collect(),
            unlocked: vec![false; self.level.doors.len()],
            cost: 0.0,
            moves: 0,
            pulls: 0,
        };
        self.pick_up(&mut state);
        state
    }

    /// Picks up every key lying in the current room; returns their indices.
    fn pick_up(&self, state: &mut PlayState) -> Vec<usize> {
        let mut got = Vec::new();
        for k in self.mechanics.keys_in(state.room) {
            if let Some(picked) = state.picked.get_mut(k)
                && !*picked
            {
                *picked = true;
                if self.mechanics.keys()[k].small {
                    state.small_in_hand += 1;
                }
                got.push(k);
            }
        }
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

    fn room_id(&self, room: usize) -> RoomId {
        self.level
            .rooms
            .get(room)
            .map(|r| r.id.clone())
            .unwrap_or_default()
    }

    /// Checks that walking through door `d` (an index) to room `to` is legal now.
    ///
    /// # Errors
    /// [`Illegal`] says why not, in the words replay and play mode use.
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
            .iter()
            .filter(|&&p| self.mechanics.blocked(p, state).is_none())
            .map(|p| (p.door, p.to))
            .collect()
    }

    /// The levers standing in the current room (indices).
    pub fn levers_here(&self, state: &PlayState) -> Vec<usize> {
        self.mechanics.levers_in(state.room).collect()
    }

    /// Walks through door `d` to room `to`; returns the keys picked up on entry.
    ///
    /// # Errors
    /// [`Illegal`] when the move breaks a rule; the state is then unchanged.
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
        let spent = self.mechanics.spends(passage, state);
        if spent > 0 {
            state.small_in_hand = state.small_in_hand.saturating_sub(spent);
            if let Some(unlocked) = state.unlocked.get_mut(d) {
                *unlocked = true;
            }
        }
        state.room = to;
        state.cost += self.mechanics.doors()[d].cost;
        state.moves += 1;
        Ok(self.pick_up(state))
    }

    /// Pulls lever `l` (an index), which must stand in the current room.
    ///
    /// # Errors
    /// [`Illegal`] when there is no such lever or it stands elsewhere.
    pub fn do_pull(&self, state: &mut PlayState, l: usize) -> Result<(), Illegal> {
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
        for &d in &rule.flips {
            if let Some(open) = state.open.get_mut(d) {
                *open = !*open;
            }
        }
        state.cost += self.mechanics.lever_cost();
        state.pulls += 1;
        Ok(())
    }

    /// The level as it stands in `state`: the same puzzle, but starting where
    /// the player is, with the doors as they are now, picked-up keys gone
    /// from their rooms and held ones (and the small keys in hand) lying in
    /// the current room, and opened small locks unlocked. Solving it answers
    /// "can the goal still be reached from here, and at what cost?".
    pub fn level_as_of(&self, state: &PlayState) -> Level {
        let mut level = self.level.clone();
        let here = self.room_id(state.room);
        level.start = here.clone();
        for (d, door) in level.doors.iter_mut().enumerate() {
            door.open = state.door_open(d);
            if state.unlocked(d) {
                door.small_locks = 0;
            }
        }
        let mut small_left = state.small_in_hand;
        let mut keys = Vec::with_capacity(level.keys.len());
        for (k, mut key) in level.keys.drain(..).enumerate() {
            if !state.holds(k) {
                keys.push(key);
            } else if !key.small {
                key.room = here.clone();
                keys.push(key);
            } else if small_left > 0 {
                // Spent small keys are gone; the ones in hand come along.
                small_left -= 1;
                key.room = here.clone();
                keys.push(key);
            }
        }
        level.keys = keys;
        level
    }

    /// Applies one step by id; a pickup changes nothing. Returns keys picked up.
    ///
    /// # Errors
    /// [`Illegal`] when the step names nothing in the level or breaks a rule.
    pub fn apply(&self, state: &mut PlayState, step: &Step) -> Result<Vec<usize>, Illegal> {
        match step {
            Step::Move { door, to } => {
                let d = self
                    .index
                    .door(door)
                    .ok_or_else(|| Illegal::NoSuchDoor(door.clone()))?;
                let r = self
                    .index
                    .room(to)
                    .ok_or_else(|| Illegal::NoSuchRoom(to.clone()))?;
                self.do_move(state, d, r)
            }
            Step::Pull { lever } => {
                let l = self
                    .index
                    .lever(lever)
                    .ok_or_else(|| Illegal::NoSuchLever(lever.clone()))?;
                self.do_pull(state, l).map(|()| Vec::new())
            }
            Step::Pickup { .. } => Ok(Vec::new()),
        }
    }
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
/// Pickup steps in `plan` are ignored; the returned steps have pickups where
/// they really happen.
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
/// assert_eq!(done.end.cost, 1.0);
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
    /// # Errors
    /// [`ReplayError::Illegal`] at the first step the rules do not allow.
    #[allow(
        clippy::result_large_err,
        reason = "a replay error is rare and carries the step for the message"
    )]
    pub fn replay(&self, plan: &[Step]) -> Result<Replay, ReplayError> {
        let level = self.level;
        let mut state = self.start();
        let mut steps: Vec<Step> = state
            .picked
            .iter()
            .enumerate()
            .filter(|&(_, &p)| p)
            .map(|(k, _)| Step::Pickup {
                key: level.keys[k].id.clone(),
            })
            .collect();
        for (index, step) in plan.iter().enumerate() {
            if matches!(step, Step::Pickup { .. }) {
                continue;
            }
            let picked = self
                .apply(&mut state, step)
                .map_err(|reason| ReplayError::Illegal {
                    index,
                    step: step.clone(),
                    reason,
                })?;
            steps.push(step.clone());
            steps.extend(picked.into_iter().map(|k| Step::Pickup {
                key: level.keys[k].id.clone(),
            }));
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
    use crate::model::{Door, Key, Room};
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
