//! The exact solver: least total cost under every rule of play at once, and
//! the analysis a designer needs (dead ends, unreachable rooms, keys no
//! solution needs, least lever pulls).
//!
//! The rules come from [`crate::rules::Mechanics`]; the searches run on
//! packed states compiled from it. Where the level's structure allows, the
//! answers come without searching every state:
//!
//! - **A\*** finds the least cost, guided by walking distances that ignore
//!   locks and by the keys every solution must fetch (landmarks).
//! - **Keys are never lost**, so a fixpoint tells which rooms and keys might
//!   be reached at all; a goal outside it is unsolvable.
//! - **Only irreversible steps make dead ends**: spending small keys, and
//!   one-way drops with no way back. A solvable level without them has none,
//!   and its rooms are explored holding every key it can give at once.
//! - **Small keys over closed states**: where walking can always be undone,
//!   a state reaches the goal exactly when the state with every key of its
//!   free area taken does, so a level of millions of states (which rooms
//!   were looted, in every order) is proven free of dead ends over a few
//!   thousand closed ones.
//! - Otherwise every reachable state is explored, within the budget; past
//!   the budget the analysis says what it proved and what it could not.
//!
//! The graphs of rooms run on petgraph where its algorithm is as fast
//! (the components of free passages in the facts, the walking distances
//! of the bound when doors' costs differ); the searches over states of play keep their own code and bit
//! sets. A state is a room, the keys held and the levers' positions packed
//! into 64 bits, made step by step from the rules and never listed
//! beforehand: petgraph's searches need a graph to hand them its nodes and
//! keep their distances in a `HashMap` per search, where these index a flat
//! table by the packed state (millions of states in a few hundred
//! milliseconds, `cargo bench --bench solver`).
//!
//! ```
//! use lockwork::model::{Door, Key, Level, Room};
//! use lockwork::solver::{SolveOptions, solve};
//!
//! // r1 -> r2 -> r3, where the door into r3 needs the key lying in r2.
//! let mut level = Level::new("demo");
//! level.rooms.push(Room::new("r2", [100.0, 0.0]));
//! level.rooms.push(Room::new("r3", [200.0, 0.0]));
//! level.doors.push(Door::new("d1", "r1", "r2"));
//! let mut locked = Door::new("d2", "r2", "r3");
//! locked.locks = vec!["red".into()];
//! level.doors.push(locked);
//! level.keys.push(Key::new("red", "r2"));
//! level.goal = "r3".into();
//!
//! let plan = solve(&level, &SolveOptions::default()).unwrap().plan.unwrap();
//! assert_eq!(plan.cost, 2.0);
//! assert_eq!(plan.moves, 2);
//! ```

#[cfg(test)]
pub(crate) mod agree;
mod alike;
mod alternatives;
mod analysis;
mod astar;
mod budget;
mod closed;
pub(crate) mod closures;
mod compile;
mod dead_ends;
mod events;
mod exhaustive;
mod explain;
mod extended;
mod facts;
pub mod findings;
#[cfg(test)]
mod general;
mod heuristic;
mod lex_queue;
pub(crate) mod lines;
mod marks;
mod needs;
pub(crate) mod oracle;
mod parity;
mod plan_walk;
mod prepared;
mod queue;
mod relevance;
mod reversible;
mod store;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

pub use analysis::{
    Analysis, CostBounds, DeadEnd, DeadEnds, ItemNeeds, KeyNeeds, MAX_DEAD_END_KINDS, Parts,
    SmallKeys, analyze, analyze_rules, analyze_rules_with, unneeded_keys,
};
pub use budget::Stop;

use crate::model::Level;
use crate::rules::Step;
use astar::Outcome;
use budget::Budget;
pub(crate) use prepared::Prepared;

/// The default bound on the number of states one search may store.
pub const DEFAULT_MAX_STATES: usize = 10_000_000;

/// Words of stored states one search may hold (8 bytes each): 1 GB.
const MAX_STATE_WORDS: usize = 128 * 1024 * 1024;

/// How a solve or an analysis runs.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Most states one search may store before it stops.
    pub max_states: usize,
    /// Most time the whole solve or analysis may take; `None` for no limit.
    pub max_time: Option<Duration>,
    /// Set it to stop the work early.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        Self {
            max_states: DEFAULT_MAX_STATES,
            max_time: None,
            cancel: None,
        }
    }
}

impl SolveOptions {
    fn budget(&self) -> Budget<'_> {
        Budget {
            max_states: self.max_states.max(1),
            max_words: MAX_STATE_WORDS,
            deadline: self.max_time.map(|t| Instant::now() + t),
            cancel: self.cancel.as_deref(),
            progress: None,
        }
    }
}

/// Why a level could not be solved (as opposed to being unsolvable).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SolveError {
    /// The level breaks the format's rules.
    #[error("the level is not valid: {0}")]
    Invalid(String),
    /// The search stopped before it found the answer.
    #[error("{}", stopped_words(*.stop, *.states, *.lower_bound))]
    Stopped {
        /// What stopped it: too many states, the time, or the caller.
        stop: Stop,
        /// States it had stored.
        states: usize,
        /// No plan costs less than this.
        lower_bound: f64,
    },
    /// The solver's plan broke the rules: a bug, reported rather than hidden.
    #[error("internal error: the solver's plan does not replay: {0}")]
    Internal(String),
}

fn stopped_words(stop: Stop, states: usize, lower: f64) -> String {
    let why = match stop {
        Stop::States => format!("the search met more than {states} states"),
        Stop::Time => format!("the time ran out after {states} states"),
        Stop::Cancelled => "the search was cancelled".to_owned(),
    };
    if lower > 0.0 && lower.is_finite() {
        format!("{why} before it found a plan; none costs less than {lower}")
    } else {
        format!("{why} before it found a plan")
    }
}

impl SolveError {
    /// True when the caller's cancel flag stopped the work.
    pub fn is_cancelled(&self) -> bool {
        matches!(
            self,
            Self::Stopped {
                stop: Stop::Cancelled,
                ..
            }
        )
    }
}

/// A plan from the start to the goal.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Moves and pulls, with pickups where they happen.
    pub steps: Vec<Step>,
    /// Total cost.
    pub cost: f64,
    /// Number of moves.
    pub moves: u32,
    /// Number of lever pulls.
    pub pulls: u32,
}

/// The answer of [`solve`].
#[derive(Clone, Debug, PartialEq)]
pub struct Solve {
    /// A least-cost plan, or `None` when the level cannot be solved.
    pub plan: Option<Plan>,
    /// States settled by the search.
    pub states_explored: usize,
}

/// Finds a least-cost plan: first by sweeping the level's events in order
/// (proved least when it meets a lower bound), then by A*, stopping as soon
/// as the goal is settled.
///
/// # Arguments
/// * `level` — the level; it is validated first.
/// * `options` — the budget (states, seconds) and an optional cancel flag.
///
/// # Returns
/// A least-cost [`Plan`], or `plan: None` when no plan reaches the goal, and
/// the number of states the search settled.
///
/// # Errors
/// [`SolveError::Invalid`] for a level with validation errors, and
/// [`SolveError::Stopped`] when the budget of `options` runs out first; it
/// carries the lower bound proved by then.
///
/// # Complexity
/// At worst linear in the number of reachable states, which can grow as
/// `rooms × 2^(keys + lever doors + small-lock doors)`; the sweep answers
/// chains in time linear in the level, and the guidance keeps the search
/// far below the worst case on most levels.
///
/// # Example
/// ```
/// use lockwork::model::{Door, Key, Level, Room};
/// use lockwork::rules::Step;
/// use lockwork::solver::{SolveOptions, solve};
///
/// // The door to r2 is locked by a key lying in r1.
/// let mut level = Level::new("one key");
/// level.rooms.push(Room::new("r2", [100.0, 0.0]));
/// let mut door = Door::new("d1", "r1", "r2");
/// door.locks.push("gold".into());
/// level.doors.push(door);
/// level.keys.push(Key::new("gold", "r1"));
/// level.goal = "r2".into();
///
/// let plan = solve(&level, &SolveOptions::default())?.plan.expect("solvable");
/// assert_eq!(plan.cost, 1.0);
/// assert_eq!(plan.steps[0], Step::Pickup { key: "gold".into() });
///
/// level.keys.clear();
/// assert!(solve(&level, &SolveOptions::default()).is_err(), "a lock with no key is invalid");
/// # Ok::<(), lockwork::solver::SolveError>(())
/// ```
pub fn solve(level: &Level, options: &SolveOptions) -> Result<Solve, SolveError> {
    let prep = Prepared::new(level, &[])?;
    let budget = options.budget();
    if let Some(descended) = prep.descended()? {
        return Ok(Solve {
            plan: descended.plan,
            states_explored: 0,
        });
    }
    let c = prep.for_plans();
    let mut h = prep.bound(c);
    let swept = prep.swept(&mut h, &budget.share(0.2))?;
    if swept.least {
        return Ok(Solve {
            plan: swept.plan,
            states_explored: 0,
        });
    }
    let ex = events::least_cost(c, &mut h, &c.start, &budget);
    let plan = match ex.found.outcome {
        Outcome::Goal(g) => Some(prep.plan_to(&ex, g)?),
        Outcome::Unreachable => None,
        Outcome::Stopped { stop, lower } => {
            return Err(SolveError::Stopped {
                stop,
                states: ex.found.store.len(),
                lower_bound: lower.max(swept.floor),
            });
        }
    };
    Ok(Solve {
        plan,
        states_explored: ex.found.settled,
    })
}

/// A plan found by a quicker, greedier search than [`solve`]'s: not always
/// the cheapest, but it proves the level solvable where the exact search
/// runs out of budget. `None` when the search finds no plan within the budget.
pub(crate) fn quick_plan(
    level: &Level,
    options: &SolveOptions,
) -> Result<Option<Plan>, SolveError> {
    let prep = Prepared::new(level, &[])?;
    prep.quick_plan(&options.budget()).map(|(plan, _)| plan)
}
