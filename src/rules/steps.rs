//! What a step may do and what it does, as people name steps: checking a
//! move or a pull, the moves and levers at hand, taking a step, and
//! resolving a step's ids to the indices [`super::Mechanics`] reads.

use super::{Illegal, LeverRule, NotAPassage, Passage, PlayState, Rules, Step};
use crate::model::{DoorId, LeverId, RoomId};

impl Rules<'_> {
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
