//! A play session for games: one per player, fed what the player does
//! (enter through door X, pull lever Y), answering at any moment the
//! questions only a solver can answer.
//!
//! - [`Session::is_legal`]: may the player take this step, and if not, why
//!   (in the words of [`crate::rules::replay`]; serialised, the door and
//!   the keys missing, for the game to word itself);
//! - [`Session::hint`]: what to do next, as one [`Hint`]: the next step of a
//!   least-cost plan from where the player stands now, solved, stuck, or
//!   not known within the search budget;
//! - [`Session::is_stuck`]: can the goal no longer be reached, and why (the
//!   explanation `lockwork check` gives for that dead end);
//! - [`Session::cost_to_goal`]: the least cost still to pay;
//! - [`Session::view`]: the state of play by id ([`PlayView`]);
//! - [`Session::save`] and [`Session::restore`]: the state of play as a small
//!   serialisable value ([`SavedSession`]) for the game's save file, with
//!   the level's fingerprint ([`Guide::fingerprint`]), the undo history if
//!   asked ([`Session::save_with_history`]) and any field the game adds.
//!
//! The level is analysed once, when its [`Guide`] is made ([`Guide::new`],
//! or [`Guide::build`] with progress and cancel); sessions share it, and no
//! call solves the level again.
//!
//! - **Levels whose reachable states fit the budget**
//!   ([`PlayOptions::table_states`], half a million by default: every
//!   hand-made level and most generated ones): every state is explored once
//!   and given its least cost to the goal by a search backwards from the
//!   goal states. Each question is then a lookup, in microseconds.
//! - **Larger levels**: what the level's structure proves holds for every
//!   state (a level with no irreversible step and a plan from the start has
//!   no dead end at all; one whose goal is out of reach even if small keys
//!   were never spent is stuck everywhere). Only irreversible steps
//!   (spending small keys, one-way doors) can lose the goal, so only they
//!   cost a check, and [`Session::hint`] and [`Session::cost_to_goal`] run an
//!   A* from the player's state bounded by [`PlayOptions::search_states`].
//!   Its plan is kept, so a player who follows the hints (or undoes along
//!   them) costs no further search. When the bound is reached the answer is
//!   [`NotKnown`], never a guess.
//!
//! # Examples
//!
//! ```
//! use lockwork::model::{Door, Key, Level, Room};
//! use lockwork::play::{Hint, PlayOptions, Session};
//! use lockwork::rules::Step;
//!
//! // One small key, two small locks out of r1: only d2 leads to the goal.
//! let mut level = Level::new("wrong door");
//! level.rooms.push(Room::new("r2", [100.0, 0.0]));
//! level.rooms.push(Room::new("r3", [0.0, 100.0]));
//! for (id, to) in [("d1", "r2"), ("d2", "r3")] {
//!     let mut door = Door::new(id, "r1", to);
//!     door.small_locks = 1;
//!     level.doors.push(door);
//! }
//! let mut key = Key::new("s1", "r1");
//! key.small = true;
//! level.keys.push(key);
//! level.goal = "r3".into();
//!
//! let mut session = Session::open(level, &PlayOptions::default())?;
//! assert_eq!(session.hint(), Hint::Step(Step::Move { door: "d2".into(), to: "r3".into() }));
//! session.apply(&Step::Move { door: "d1".into(), to: "r2".into() })?;
//! let stuck = session.is_stuck()?.expect("the key was spent on the wrong door");
//! assert!(stuck.reason.contains("1 small key was spent on door \"d1\""));
//! session.undo();
//! assert_eq!(session.cost_to_goal()?, Some(1.0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod answers;
mod save;
mod session;
mod view;

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

pub use answers::Hint;
pub use save::{RestoreError, SavedHistory, SavedSession};
pub use session::Session;
pub use view::PlayView;

use crate::model::{Level, LevelIndex};
use crate::rules::{Illegal, InvalidLevel, Rules, Step};
use crate::solver::SolveError;
use crate::solver::oracle::{Fatal, Limits, Oracle, Report};

/// How much work the analysis of a level for play may do.
///
/// # Examples
///
/// ```
/// use lockwork::play::PlayOptions;
/// // A game on a small device: a smaller table, shorter searches.
/// let options = PlayOptions { table_states: 50_000, search_states: 5_000, ..PlayOptions::default() };
/// assert!(options.max_time.is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayOptions {
    /// Most states the table of every reachable state may hold (about 100
    /// bytes each with the steps between them: 50 MB at the default, for
    /// a level that large). Past it, sessions fall back to bounded
    /// searches. Default 500,000.
    pub table_states: usize,
    /// Most states one search from the player's state may store (the
    /// fallback of [`Session::hint`], [`Session::cost_to_goal`] and the
    /// check after an irreversible step). Default 100,000.
    pub search_states: usize,
    /// Most time the analysis made by [`Guide::new`] may take; past it, the
    /// sessions fall back as past `table_states`. Default `None` (no limit:
    /// the answers then do not depend on the machine).
    pub max_time: Option<Duration>,
}

impl Default for PlayOptions {
    fn default() -> Self {
        Self {
            table_states: 500_000,
            search_states: 100_000,
            max_time: None,
        }
    }
}

/// How far [`Guide::build`] has got: the states explored so far, and the
/// most the table may hold (the level may have fewer, so the share is a
/// lower bound of the work done).
///
/// # Examples
///
/// ```
/// use lockwork::play::Building;
/// let b = Building { states: 250_000, limit: 500_000 };
/// assert_eq!(b.share(), 0.5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Building {
    /// States explored so far.
    pub states: usize,
    /// Most states the table may hold ([`PlayOptions::table_states`]).
    pub limit: usize,
}

impl Building {
    /// `states` as a share (0 to 1) of `limit`, for a progress bar.
    ///
    /// # Examples
    /// See [`Building`].
    pub fn share(&self) -> f64 {
        (self.states as f64 / self.limit.max(1) as f64).min(1.0)
    }
}

/// An answer that a search bounded by [`PlayOptions::search_states`] could
/// not find. Only levels past the table give it. The game may show nothing,
/// ask again later, or raise the budget.
///
/// # Examples
///
/// ```
/// use lockwork::play::NotKnown;
/// let e = NotKnown { states: 100_000 };
/// assert_eq!(e.to_string(), "not known within the search budget of 100000 states");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not known within the search budget of {states} states")]
pub struct NotKnown {
    /// The budget that ran out.
    pub states: usize,
}

/// Why a session refuses a step.
///
/// # Examples
///
/// ```
/// use lockwork::play::StepError;
/// use lockwork::rules::Illegal;
/// let e = StepError::from(Illegal::Closed("d1".into()));
/// assert_eq!(e.to_string(), "door \"d1\" is closed", "replay's words");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// The rules refuse it, in the words of [`crate::rules::replay`].
    #[error(transparent)]
    Illegal(#[from] Illegal),
    /// The level is solved: the game has ended (FORMAT.md: "the level is
    /// solved as soon as the player is in the goal room holding every key
    /// in `goal_requires`"), as in the analysis, where goal states are final.
    #[error("the level is solved: the game has ended")]
    Solved,
}

/// Why the goal can no longer be reached: what [`Session::is_stuck`] gives
/// in a dead end.
///
/// # Examples
/// See [`Session::is_stuck`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stuck {
    /// The step after which the goal was out of reach; `None` when it never
    /// was in reach (an unsolvable level), or when a restored game on a
    /// level too large for the table does not say.
    pub step: Option<Step>,
    /// Why, as fields a game words itself, translates or points at: the
    /// rooms within reach, the point of no return, what was spent before
    /// it, and the doors in the way with what each needs against what is
    /// held. The same fields `lockwork check` gives this dead end
    /// ([`DeadEnd::why`](crate::solver::DeadEnd::why)).
    pub why: crate::solver::findings::DeadEndWhy,
    /// [`Self::why`] in a default sentence, with ids as a level file
    /// writes them.
    pub reason: String,
}

impl From<Fatal> for Stuck {
    fn from(f: Fatal) -> Self {
        Self {
            step: f.step,
            why: f.why,
            reason: f.reason,
        }
    }
}

/// A level analysed for play, shared by the sessions of all its players.
///
/// Made once per level (at load time); [`Session::new`] starts a player on
/// it. It is `Send + Sync`: keep it in an [`Arc`](std::sync::Arc).
///
/// # Examples
///
/// ```
/// use lockwork::model::{Door, Level, Room};
/// use lockwork::play::{Guide, PlayOptions};
/// let mut level = Level::new("corridor");
/// level.rooms.push(Room::new("r2", [100.0, 0.0]));
/// level.doors.push(Door::new("d1", "r1", "r2"));
/// level.goal = "r2".into();
/// let guide = Guide::new(level, &PlayOptions::default())?;
/// assert!(guide.has_table());
/// assert_eq!(guide.level().name, "corridor");
/// assert_eq!((guide.reachable_states(), guide.dead_end_states()), (Some(2), Some(0)));
/// let rules = guide.rules();
/// assert!(!rules.is_solved(&rules.start()));
/// # Ok::<(), lockwork::rules::InvalidLevel>(())
/// ```
pub struct Guide {
    level: Level,
    index: LevelIndex,
    oracle: Oracle,
    search_states: usize,
    /// [`Self::fingerprint`], made at the first save.
    fingerprint: std::sync::OnceLock<String>,
}

impl fmt::Debug for Guide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Guide")
            .field("level", &self.level.name)
            .field("reachable_states", &self.reachable_states())
            .field("dead_end_states", &self.dead_end_states())
            .finish_non_exhaustive()
    }
}

impl Guide {
    /// Analyses `level` for play: every reachable state with its least
    /// cost to the goal when they fit `options.table_states`, else what the
    /// level's structure proves and a plan from the start.
    ///
    /// # Arguments
    /// * `level` – the level; the guide keeps it.
    /// * `options` – the budgets (see [`PlayOptions`]).
    ///
    /// # Returns
    /// The guide, ready to start sessions on.
    ///
    /// # Errors
    /// [`InvalidLevel`] with the first validation error of the level.
    ///
    /// # Complexity
    /// Linear in the reachable states (and the steps between them) when
    /// they fit the table, which holds at most `options.table_states`; a
    /// level that does not fit costs that many states once, then one search
    /// from the start bounded by the same number.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use lockwork::model::{Door, Level, Room};
    /// use lockwork::play::{Guide, PlayOptions, Session};
    /// let mut level = Level::new("corridor");
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// level.doors.push(Door::new("d1", "r1", "r2"));
    /// level.goal = "r2".into();
    /// let guide = Arc::new(Guide::new(level, &PlayOptions::default())?);
    /// assert_eq!(guide.reachable_states(), Some(2));
    /// let (alice, bob) = (Session::new(guide.clone()), Session::new(guide));
    /// assert_eq!(alice.cost_to_goal()?, bob.cost_to_goal()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(level: Level, options: &PlayOptions) -> Result<Self, InvalidLevel> {
        Self::made(level, options, None, None)
    }

    /// As [`Self::new`], telling `progress` how far the analysis has got
    /// (about once a millisecond while it explores states), and stopping
    /// when `cancel` is set: for a game that analyses a large level behind
    /// a progress bar with a Cancel button.
    ///
    /// # Returns
    /// The guide, or `None` when `cancel` was set.
    ///
    /// # Errors
    /// As [`Self::new`].
    ///
    /// # Complexity
    /// As [`Self::new`], plus the calls to `progress`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    /// use lockwork::play::{Building, Guide, PlayOptions};
    /// let level = lockwork::format::from_file("assets/basement.level.json".as_ref())?.level;
    /// let seen = AtomicUsize::new(0);
    /// let progress = |b: Building| drop(seen.fetch_max(b.states, Ordering::Relaxed));
    /// let guide = Guide::build(level.clone(), &PlayOptions::default(), &progress, &AtomicBool::new(false))?;
    /// assert!(guide.is_some_and(|g| g.has_table()));
    /// // Cancelled (here before it starts): no guide.
    /// let cancel = AtomicBool::new(true);
    /// assert!(Guide::build(level, &PlayOptions::default(), &progress, &cancel)?.is_none());
    /// # Ok::<(), lockwork::Error>(())
    /// ```
    pub fn build(
        level: Level,
        options: &PlayOptions,
        progress: &(dyn Fn(Building) + Sync),
        cancel: &AtomicBool,
    ) -> Result<Option<Self>, InvalidLevel> {
        let limit = options.table_states;
        let report = move |states| progress(Building { states, limit });
        let guide = Self::made(level, options, Some(&report), Some(cancel))?;
        Ok((!cancel.load(Ordering::Relaxed)).then_some(guide))
    }

    /// The guide, with the callbacks of [`Self::build`] if any.
    fn made(
        level: Level,
        options: &PlayOptions,
        progress: Option<&(dyn Fn(usize) + Sync)>,
        cancel: Option<&AtomicBool>,
    ) -> Result<Self, InvalidLevel> {
        let limits = Limits {
            table_states: options.table_states,
            search_states: options.search_states,
            max_time: options.max_time,
            cancel,
            progress: progress.map(Report),
        };
        let oracle = Oracle::new(&level, &limits).map_err(|e| match e {
            SolveError::Invalid(why) => InvalidLevel(why),
            other => InvalidLevel(other.to_string()),
        })?;
        Ok(Self {
            index: LevelIndex::new(&level),
            level,
            oracle,
            search_states: options.search_states.max(1),
            fingerprint: std::sync::OnceLock::new(),
        })
    }

    /// The level.
    ///
    /// # Complexity
    /// Constant.
    ///
    /// # Examples
    /// See [`Guide`].
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The rules of the level, to ask about any [`PlayState`](crate::rules::PlayState).
    ///
    /// # Complexity
    /// Constant: the guide keeps the level's index and rule tables.
    ///
    /// # Examples
    /// See [`Guide`].
    pub fn rules(&self) -> Rules<'_> {
        Rules::prepared(&self.level, &self.index, self.oracle.mechanics())
    }

    /// True when every reachable state was explored, so every answer is a
    /// lookup and none is [`NotKnown`].
    ///
    /// # Complexity
    /// Constant.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::Level;
    /// use lockwork::play::{Guide, PlayOptions};
    /// let tiny = PlayOptions { table_states: 1, ..PlayOptions::default() };
    /// assert!(!Guide::new(Level::new("one room"), &tiny)?.has_table());
    /// # Ok::<(), lockwork::rules::InvalidLevel>(())
    /// ```
    pub fn has_table(&self) -> bool {
        self.oracle.has_table()
    }

    /// A fingerprint of the level's rules, which saves carry so that a
    /// save of another level is refused ([`RestoreError::OtherLevel`]): 16
    /// hex digits hashed from everything that decides play (ids, doors
    /// and their locks, keys, levers, start, goal, costs), and from nothing
    /// else, so renaming, moving rooms on the canvas or editing props keeps
    /// old saves.
    ///
    /// # Complexity
    /// Linear in the size of the level, at the first call; then constant.
    ///
    /// # Examples
    ///
    /// ```
    /// use lockwork::model::{Level, Room};
    /// use lockwork::play::{Guide, PlayOptions};
    /// let mut level = Level::new("one room");
    /// let before = Guide::new(level.clone(), &PlayOptions::default())?.fingerprint().to_owned();
    /// level.name = "renamed".into();
    /// let renamed = Guide::new(level.clone(), &PlayOptions::default())?;
    /// assert_eq!(renamed.fingerprint(), before);
    /// level.rooms.push(Room::new("r2", [100.0, 0.0]));
    /// assert_ne!(Guide::new(level, &PlayOptions::default())?.fingerprint(), before);
    /// # Ok::<(), lockwork::rules::InvalidLevel>(())
    /// ```
    pub fn fingerprint(&self) -> &str {
        self.fingerprint
            .get_or_init(|| save::fingerprint(&self.level))
    }

    /// How many states of play (as FORMAT.md counts them) the player can
    /// reach; `None` without the table.
    ///
    /// # Complexity
    /// Linear in the states (they are counted on each call).
    ///
    /// # Examples
    /// See [`Guide`].
    pub fn reachable_states(&self) -> Option<usize> {
        self.oracle.counts().map(|(all, _)| all)
    }

    /// How many of them are dead ends: the same count as
    /// [`crate::solver::DeadEnds::states`]. `None` without the table.
    ///
    /// # Complexity
    /// Linear in the states (they are counted on each call).
    ///
    /// # Examples
    /// See [`Guide`].
    pub fn dead_end_states(&self) -> Option<usize> {
        self.oracle.counts().map(|(_, dead)| dead)
    }
}
