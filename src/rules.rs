//! The rules of play, stated once, plainly: the state of play, the legal
//! steps, and [`replay`] of a plan. The editor's play mode and the tests use
//! these; the solver compiles the same rules into bitsets and is checked
//! against them.

use std::fmt;

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
    start: usize,
    goal: usize,
}

impl<'a> Rules<'a> {
    /// Prepares the rules for `level`, which must be valid.
    pub fn new(level: &'a Level) -> Result<Self, InvalidLevel> {
        if let Some(first) = errors(level).first() {
            return Err(InvalidLevel(first.to_string()));
        }
        let index = LevelIndex::new(level);
        let room = |id: &RoomId| {
            index
                .room(id)
                .ok_or_else(|| InvalidLevel(format!("no room \"{id}\"")))
        };
        let start = room(&level.start)?;
        let goal = room(&level.goal)?;
        Ok(Self {
            level,
            index,
            start,
            goal,
        })
    }

    /// The level these rules are for.
    pub fn level(&self) -> &'a Level {
        self.level
    }

    /// Its id index.
    pub fn index(&self) -> &LevelIndex {
        &self.index
    }

    /// The state at the start, keys in the start room already picked up.
    pub fn start(&self) -> PlayState {
        let mut state = PlayState {
            room: self.start,
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
        let here = &self.level.rooms[state.room].id;
        let mut got = Vec::new();
        for (k, key) in self.level.keys.iter().enumerate() {
            if !state.picked[k] && &key.room == here {
                state.picked[k] = true;
                if key.small {
                    state.small_in_hand += 1;
                }
                got.push(k);
            }
        }
        got
    }

    /// True when the player is in the goal holding every key it requires.
    pub fn is_solved(&self, state: &PlayState) -> bool {
        state.room == self.goal
            && self
                .level
                .goal_requires
                .iter()
                .all(|k| self.holds(state, k))
    }

    /// True when the named key has been picked up.
    pub fn holds(&self, state: &PlayState, key: &KeyId) -> bool {
        self.index.key(key).is_some_and(|k| state.picked[k])
    }

    /// Checks that walking through door `d` (an index) to room `to` is legal now.
    pub fn check_move(&self, state: &PlayState, d: usize, to: usize) -> Result<(), Illegal> {
        let door = &self.level.doors[d];
        let here = &self.level.rooms[state.room].id;
        let there = &self.level.rooms[to].id;
        let forward = &door.from == here && &door.to == there;
        let backward = &door.to == here && &door.from == there;
        if !forward && !backward {
            return Err(Illegal::NotThisWay {
                door: door.id.clone(),
                from: here.clone(),
                to: there.clone(),
            });
        }
        if door.one_way && !forward {
            return Err(Illegal::OneWay(door.id.clone()));
        }
        if !state.open[d] {
            return Err(Illegal::Closed(door.id.clone()));
        }
        let missing: Vec<KeyId> = door
            .locks
            .iter()
            .filter(|k| !self.holds(state, k))
            .cloned()
            .collect();
        if !missing.is_empty() {
            return Err(Illegal::MissingKeys {
                door: door.id.clone(),
                missing,
            });
        }
        if !state.unlocked[d] && state.small_in_hand < door.small_locks {
            return Err(Illegal::NotEnoughSmallKeys {
                door: door.id.clone(),
                needed: door.small_locks,
                held: state.small_in_hand,
            });
        }
        Ok(())
    }

    /// Every legal move from the current room: `(door index, room index)`.
    pub fn legal_moves(&self, state: &PlayState) -> Vec<(usize, usize)> {
        let here = &self.level.rooms[state.room].id;
        let mut out = Vec::new();
        for (d, door) in self.level.doors.iter().enumerate() {
            if let Some(other) = door.other_side(here).and_then(|r| self.index.room(r))
                && self.check_move(state, d, other).is_ok()
            {
                out.push((d, other));
            }
        }
        out
    }

    /// The levers standing in the current room (indices).
    pub fn levers_here(&self, state: &PlayState) -> Vec<usize> {
        let here = &self.level.rooms[state.room].id;
        (0..self.level.levers.len())
            .filter(|&l| &self.level.levers[l].room == here)
            .collect()
    }

    /// Walks through door `d` to room `to`; returns the keys picked up on entry.
    pub fn do_move(
        &self,
        state: &mut PlayState,
        d: usize,
        to: usize,
    ) -> Result<Vec<usize>, Illegal> {
        self.check_move(state, d, to)?;
        let door = &self.level.doors[d];
        if !state.unlocked[d] && door.small_locks > 0 {
            state.small_in_hand -= door.small_locks;
            state.unlocked[d] = true;
        }
        state.room = to;
        state.cost += door.cost;
        state.moves += 1;
        Ok(self.pick_up(state))
    }

    /// Pulls lever `l` (an index), which must stand in the current room.
    pub fn do_pull(&self, state: &mut PlayState, l: usize) -> Result<(), Illegal> {
        let lever = &self.level.levers[l];
        let here = &self.level.rooms[state.room].id;
        if &lever.room != here {
            return Err(Illegal::LeverElsewhere {
                lever: lever.id.clone(),
                lever_room: lever.room.clone(),
                here: here.clone(),
            });
        }
        for door in &lever.toggles {
            if let Some(d) = self.index.door(door) {
                state.open[d] = !state.open[d];
            }
        }
        state.cost += self.level.lever_cost;
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
        let here = level.rooms[state.room].id.clone();
        level.start = here.clone();
        for (d, door) in level.doors.iter_mut().enumerate() {
            door.open = state.open[d];
            if state.unlocked[d] {
                door.small_locks = 0;
            }
        }
        let mut small_left = state.small_in_hand;
        let mut keys = Vec::with_capacity(level.keys.len());
        for (k, mut key) in level.keys.drain(..).enumerate() {
            if !state.picked[k] {
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
    let rules = Rules::new(level)?;
    let mut state = rules.start();
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
        let picked = rules
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
        solved: rules.is_solved(&state),
        end: state,
        steps,
    })
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
