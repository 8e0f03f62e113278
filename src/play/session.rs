//! A player's game on a [`Guide`]: the state, the steps taken, and the
//! guide's answers for where the player stands.

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

use super::{Guide, NotKnown, PlayOptions, StepError, Stuck, answers::Hint};
use crate::model::{KeyId, Level};
use crate::rules::{Illegal, InvalidLevel, PlayState, Step};
use crate::solver::oracle::{Ahead, Next, act_of};

/// One moment of play: the state, its number in the table, whether the
/// goal can still be reached from it, and why not.
#[derive(Clone, Debug)]
pub(super) struct Moment {
    pub(super) state: PlayState,
    pub(super) at: Option<u32>,
    pub(super) live: Option<bool>,
    pub(super) stuck: Option<Stuck>,
}

/// One player's game on a [`Guide`]: the state of play, the steps taken
/// (for [`Self::undo`]), and the answers of the guide for where the player
/// stands.
///
/// `Send + Sync`; the questions take `&self`. Cloning copies the state and
/// the history and shares the guide.
///
/// # Examples
/// See [the module](super).
pub struct Session {
    pub(super) guide: Arc<Guide>,
    pub(super) now: Moment,
    /// The moments before each step taken, with the step.
    pub(super) history: Vec<(Moment, Step)>,
    /// The plan of the last fallback search (levels past the table).
    pub(super) ahead: Mutex<Ahead>,
}

impl Clone for Session {
    fn clone(&self) -> Self {
        Self {
            guide: Arc::clone(&self.guide),
            now: self.now.clone(),
            history: self.history.clone(),
            ahead: Mutex::new(self.plan_cache().clone()),
        }
    }
}

impl fmt::Debug for Session {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session")
            .field("state", &self.now.state)
            .field("live", &self.now.live)
            .field("steps", &self.history.len())
            .finish_non_exhaustive()
    }
}

impl Session {
    /// Analyses `level` (see [`Guide::new`]) and starts a session on it.
    ///
    /// # Errors
    /// [`InvalidLevel`] with the first validation error of the level.
    ///
    /// # Complexity
    /// As [`Guide::new`].
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::Level;
    /// use lockwork::play::{PlayOptions, Session};
    /// let session = Session::open(Level::new("one room"), &PlayOptions::default())?;
    /// assert!(session.is_solved(), "the start is the goal");
    /// # Ok::<(), lockwork::rules::InvalidLevel>(())
    /// ```
    pub fn open(level: Level, options: &PlayOptions) -> Result<Self, InvalidLevel> {
        Ok(Self::new(Arc::new(Guide::new(level, options)?)))
    }

    /// A new game at the start of the guide's level.
    ///
    /// # Complexity
    /// Linear in the size of the level; on a level past the table, one
    /// bounded check of the start unless the guide's analysis decided it.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use lockwork::model::Level;
    /// use lockwork::play::{Guide, PlayOptions, Session};
    /// let guide = Arc::new(Guide::new(Level::new("one room"), &PlayOptions::default())?);
    /// assert_eq!(Session::new(guide).state().moves(), 0);
    /// # Ok::<(), lockwork::rules::InvalidLevel>(())
    /// ```
    pub fn new(guide: Arc<Guide>) -> Self {
        let state = guide.rules().start();
        let ahead = Mutex::new(guide.oracle.start_plan());
        let now = Self::moment(&guide, state);
        Self {
            guide,
            now,
            history: Vec::new(),
            ahead,
        }
    }

    /// The moment of `state` when the step into it is not known.
    pub(super) fn moment(guide: &Guide, state: PlayState) -> Moment {
        let oracle = &guide.oracle;
        let at = oracle.locate(&state);
        let live = oracle.live(at).or_else(|| oracle.check_live(&state));
        let stuck = (live == Some(false)).then(|| oracle.fatal_at(&guide.level, at, &state).into());
        Moment {
            state,
            at,
            live,
            stuck,
        }
    }

    /// The guide this session plays on.
    ///
    /// # Complexity
    /// Constant.
    ///
    /// # Examples
    /// See [`super::SavedSession`].
    pub fn guide(&self) -> &Arc<Guide> {
        &self.guide
    }

    /// The state of play now: where the player is, what is held, the
    /// doors, and the cost, moves and pulls so far.
    ///
    /// # Complexity
    /// Constant.
    ///
    /// # Examples
    /// See [`Self::undo`].
    pub fn state(&self) -> &PlayState {
        &self.now.state
    }

    /// True when the player is in the goal holding every key it requires:
    /// the game has ended.
    ///
    /// # Complexity
    /// Linear in the keys the goal requires.
    ///
    /// # Examples
    /// See [`Self::open`].
    pub fn is_solved(&self) -> bool {
        self.guide.rules().is_solved(&self.now.state)
    }

    /// Whether the player may take `step` now.
    ///
    /// # Arguments
    /// * `step` – a move or a pull by id (a pickup is always allowed and
    ///   does nothing).
    ///
    /// # Returns
    /// `Ok(())` when [`Self::apply`] would take it.
    ///
    /// # Errors
    /// [`StepError::Illegal`] with the reason in replay's words, or
    /// [`StepError::Solved`] once the game has ended.
    ///
    /// # Complexity
    /// Constant-time id lookups and the door's lock; no allocation unless
    /// the step is refused.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Door, Level, Room};
    /// use lockwork::play::{PlayOptions, Session};
    /// use lockwork::rules::Step;
    /// let mut level = Level::new("shut");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// let mut door = Door::new("d1", "r1", "r2");
    /// door.open = false;
    /// level.doors.push(door);
    /// level.goal = "r2".into();
    /// let session = Session::open(level, &PlayOptions::default())?;
    /// let err = session.is_legal(&Step::Move { door: "d1".into(), to: "r2".into() });
    /// assert_eq!(err.unwrap_err().to_string(), "door \"d1\" is closed");
    /// # Ok::<(), lockwork::rules::InvalidLevel>(())
    /// ```
    pub fn is_legal(&self, step: &Step) -> Result<(), StepError> {
        if self.is_solved() {
            return Err(StepError::Solved);
        }
        if let Step::Pickup { key } = step {
            return self.check_pickup(key);
        }
        Ok(self.guide.rules().check(&self.now.state, step)?)
    }

    /// A pickup is legal when the key lies in the player's room (where
    /// entering picked it up).
    fn check_pickup(&self, key: &KeyId) -> Result<(), StepError> {
        let level = &self.guide.level;
        let k = (self.guide.index.key(key)).ok_or_else(|| Illegal::NoSuchKey(key.clone()))?;
        let here = level.rooms.get(self.now.state.room()).map(|r| &r.id);
        match level.keys.get(k) {
            Some(lying) if lying.room.is_some() && lying.room.as_ref() == here => Ok(()),
            _ => Err(Illegal::KeyNotHere {
                key: key.clone(),
                here: here.cloned().unwrap_or_default(),
            }
            .into()),
        }
    }

    /// Every step the player may take now: moves (by door, in level order),
    /// then pulls of the levers in the room. Empty once solved.
    ///
    /// # Complexity
    /// Linear in the doors and levers of the current room.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Door, Level, Lever, Room};
    /// use lockwork::play::{PlayOptions, Session};
    /// use lockwork::rules::Step;
    /// let mut level = Level::new("two");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// level.doors.push(Door::new("d1", "r1", "r2"));
    /// level.levers.push(Lever::new("l1", "r1", vec![]));
    /// level.goal = "r2".into();
    /// let session = Session::open(level, &PlayOptions::default())?;
    /// assert_eq!(session.legal_steps(), vec![
    ///     Step::Move { door: "d1".into(), to: "r2".into() },
    ///     Step::Pull { lever: "l1".into() },
    /// ]);
    /// # Ok::<(), lockwork::rules::InvalidLevel>(())
    /// ```
    pub fn legal_steps(&self) -> Vec<Step> {
        if self.is_solved() {
            return Vec::new();
        }
        let rules = self.guide.rules();
        let level = rules.level();
        let state = &self.now.state;
        let moves = rules.legal_moves(state).into_iter().filter_map(|(d, r)| {
            Some(Step::Move {
                door: level.doors.get(d)?.id.clone(),
                to: level.rooms.get(r)?.id.clone(),
            })
        });
        let pulls = rules.levers_here(state).into_iter().filter_map(|l| {
            Some(Step::Pull {
                lever: level.levers.get(l)?.id.clone(),
            })
        });
        moves.chain(pulls).collect()
    }

    /// Takes `step`: walks through the door or pulls the lever, picks up
    /// what lies in the room entered, and works out whether the goal can
    /// still be reached (and if not, why).
    ///
    /// # Arguments
    /// * `step` – a move or a pull by id; a pickup changes nothing.
    ///
    /// # Returns
    /// The keys picked up on entering.
    ///
    /// # Errors
    /// As [`Self::is_legal`]; the session is then unchanged.
    ///
    /// # Complexity
    /// Linear in the size of the level (the state is looked up in the
    /// table). Past the table, an irreversible step (or any step while it
    /// is not known whether the goal can be reached) costs a search bounded
    /// by [`PlayOptions::search_states`]; the step that loses the goal costs
    /// its explanation, a search of the states left to the player.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Door, Key, Level, Room};
    /// use lockwork::play::{PlayOptions, Session, StepError};
    /// use lockwork::rules::Step;
    /// let mut level = Level::new("key");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// level.doors.push(Door::new("d1", "r1", "r2"));
    /// level.keys.push(Key::new("red", "r2"));
    /// level.goal = "r2".into();
    /// let mut session = Session::open(level, &PlayOptions::default())?;
    /// let step = Step::Move { door: "d1".into(), to: "r2".into() };
    /// assert_eq!(session.apply(&step)?, vec!["red".into()]);
    /// assert_eq!(session.apply(&step), Err(StepError::Solved));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply(&mut self, step: &Step) -> Result<Vec<KeyId>, StepError> {
        self.is_legal(step)?;
        let guide = Arc::clone(&self.guide);
        let (rules, oracle) = (guide.rules(), &guide.oracle);
        let Some(act) = act_of(rules.index(), step) else {
            return Ok(Vec::new()); // a pickup
        };
        let before = &self.now;
        let mut state = before.state.clone();
        let picked = rules.apply(&mut state, step)?;
        let at = oracle.locate(&state);
        let live = oracle.live_after(before.live, &before.state, act, &state, at);
        let stuck = match (before.live, live) {
            (Some(false), Some(false)) => before.stuck.clone(),
            (Some(true), Some(false)) => Some(
                oracle
                    .fatal_after(&guide.level, &before.state, act, step, &state)
                    .into(),
            ),
            (None, Some(false)) => Some(oracle.fatal_at(&guide.level, at, &state).into()),
            _ => None,
        };
        let next = Moment {
            state,
            at,
            live,
            stuck,
        };
        self.history
            .push((std::mem::replace(&mut self.now, next), step.clone()));
        let keys = &guide.level.keys;
        Ok(picked
            .into_iter()
            .filter_map(|k| keys.get(k).map(|key| key.id.clone()))
            .collect())
    }

    /// Takes back the last step.
    ///
    /// # Returns
    /// False when there is no step to take back (at the start, or just
    /// after [`Self::restore`]).
    ///
    /// # Complexity
    /// Constant.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Door, Level, Room};
    /// use lockwork::play::{PlayOptions, Session};
    /// use lockwork::rules::Step;
    /// let mut level = Level::new("there and back");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// level.rooms.push(Room::new("r3", [200.0, 0.0]));
    /// level.doors = vec![Door::new("d1", "r1", "r2"), Door::new("d2", "r2", "r3")];
    /// level.goal = "r3".into();
    /// let mut session = Session::open(level, &PlayOptions::default())?;
    /// session.apply(&Step::Move { door: "d1".into(), to: "r2".into() })?;
    /// assert!(session.undo());
    /// assert_eq!(session.state().room(), 0);
    /// assert!(!session.undo(), "nothing more to take back");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some((before, _)) => {
                self.now = before;
                true
            }
            None => false,
        }
    }

    /// The steps that can be taken back with [`Self::undo`].
    ///
    /// # Complexity
    /// Constant.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::Level;
    /// use lockwork::play::{PlayOptions, Session};
    /// let session = Session::open(Level::new("one room"), &PlayOptions::default())?;
    /// assert_eq!(session.history_len(), 0);
    /// # Ok::<(), lockwork::rules::InvalidLevel>(())
    /// ```
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    fn plan_cache(&self) -> std::sync::MutexGuard<'_, Ahead> {
        self.ahead.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// What lies ahead of the state now.
    fn next(&self) -> Result<Next, NotKnown> {
        let oracle = &self.guide.oracle;
        let now = &self.now;
        if now.live == Some(false) {
            return Ok(Next::Stuck);
        }
        oracle
            .next(
                &self.guide.level,
                now.at,
                &now.state,
                &mut self.plan_cache(),
            )
            .ok_or(NotKnown {
                states: self.guide.search_states,
            })
    }

    /// What the player should do next, as one value: the next step of a
    /// least-cost plan from where the player stands now, or that the level
    /// is solved, or that the player is stuck (and why), or that a bounded
    /// search could not tell.
    ///
    /// Following the hints from any state reaches the goal at exactly the
    /// cost [`Self::cost_to_goal`] gave there (among least-cost plans, the
    /// one with the fewest steps, so levers pulled for nothing and doors of
    /// cost 0 never send the player round in circles).
    ///
    /// # Returns
    /// [`Hint::Step`], [`Hint::Solved`], [`Hint::Stuck`] (as
    /// [`Self::is_stuck`] gives it) or [`Hint::NotKnown`] when the state is
    /// not in the table and the search from it ran out of
    /// [`PlayOptions::search_states`].
    ///
    /// # Complexity
    /// With the table: linear in the steps out of the state (a lookup).
    /// Without: a lookup in the plan found last when the player is on it,
    /// else an A* bounded by [`PlayOptions::search_states`].
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Door, Level, Room};
    /// use lockwork::play::{Hint, PlayOptions, Session};
    /// use lockwork::rules::Step;
    /// // r1 -d1 (cost 5)- r2, or the long way r1 -d2- r3 -d3- r2.
    /// let mut level = Level::new("short cut");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// level.rooms.push(Room::new("r3", [50.0, 100.0]));
    /// let mut slow = Door::new("d1", "r1", "r2");
    /// slow.cost = 5.0;
    /// level.doors = vec![slow, Door::new("d2", "r1", "r3"), Door::new("d3", "r3", "r2")];
    /// level.goal = "r2".into();
    /// let mut session = Session::open(level, &PlayOptions::default())?;
    /// assert_eq!(session.hint(), Hint::Step(Step::Move { door: "d2".into(), to: "r3".into() }));
    /// session.apply(&Step::Move { door: "d1".into(), to: "r2".into() })?;
    /// assert_eq!(session.hint(), Hint::Solved);
    /// # Ok::<(), lockwork::Error>(())
    /// ```
    pub fn hint(&self) -> Hint {
        match self.next() {
            Ok(Next::Step { step, .. }) => Hint::Step(step),
            Ok(Next::Solved) => Hint::Solved,
            Ok(Next::Stuck) => Hint::Stuck(Box::new(self.stuck_now())),
            Err(not_known) => Hint::NotKnown(not_known),
        }
    }

    /// Why the player is stuck now (called in a dead end).
    fn stuck_now(&self) -> Stuck {
        match &self.now.stuck {
            Some(stuck) => stuck.clone(),
            None => (self.guide.oracle)
                .fatal_at(&self.guide.level, self.now.at, &self.now.state)
                .into(),
        }
    }

    /// The least cost still to pay to solve the level from here.
    ///
    /// # Returns
    /// `Some(cost)` (0 once solved), or `None` when the goal can no longer
    /// be reached.
    ///
    /// # Errors
    /// [`NotKnown`], as [`Self::hint`].
    ///
    /// # Complexity
    /// As [`Self::hint`].
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Door, Level, Room};
    /// use lockwork::play::{PlayOptions, Session};
    /// let mut level = Level::new("corridor");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// let mut door = Door::new("d1", "r1", "r2");
    /// door.cost = 2.5;
    /// level.doors.push(door);
    /// level.goal = "r2".into();
    /// let session = Session::open(level, &PlayOptions::default())?;
    /// assert_eq!(session.cost_to_goal()?, Some(2.5));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cost_to_goal(&self) -> Result<Option<f64>, NotKnown> {
        Ok(match self.next()? {
            Next::Step { cost, .. } => Some(cost),
            Next::Solved => Some(0.0),
            Next::Stuck => None,
        })
    }

    /// Whether the player is in a dead end: a state from which the goal
    /// can no longer be reached.
    ///
    /// # Returns
    /// `None` when the goal can still be reached, else [`Stuck`]: the step
    /// that lost it and why, as `lockwork check` says it.
    ///
    /// # Errors
    /// [`NotKnown`] on a level past the table, when the bounded check after
    /// an irreversible step (or of a restored state) ran out of budget.
    ///
    /// # Complexity
    /// Constant: worked out when the step was taken.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Door, Level, Room};
    /// use lockwork::play::{PlayOptions, Session};
    /// use lockwork::rules::Step;
    /// // A one-way drop from r1 into r2; the goal r3 lies beyond a door of r1.
    /// let mut level = Level::new("drop");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// level.rooms.push(Room::new("r3", [0.0, 100.0]));
    /// let mut drop = Door::new("d1", "r1", "r2");
    /// drop.one_way = true;
    /// level.doors = vec![drop, Door::new("d2", "r1", "r3")];
    /// level.goal = "r3".into();
    /// let mut session = Session::open(level, &PlayOptions::default())?;
    /// assert!(session.is_stuck()?.is_none());
    /// session.apply(&Step::Move { door: "d1".into(), to: "r2".into() })?;
    /// let stuck = session.is_stuck()?.unwrap();
    /// assert_eq!(stuck.reason, "stuck in room r2: the point of no return: door \"d1\" is one-way \
    ///     and no way leads back; no door leads on from here");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_stuck(&self) -> Result<Option<&Stuck>, NotKnown> {
        match self.now.live {
            Some(true) => Ok(None),
            Some(false) => Ok(self.now.stuck.as_ref()),
            None => Err(NotKnown {
                states: self.guide.search_states,
            }),
        }
    }
}
