//! The exact solver: least total cost under every rule of play at once, and
//! the analysis a designer needs (dead ends, unreachable rooms, keys no
//! solution needs, least lever pulls).
//!
//! The search is Dijkstra's algorithm over states given by a successor
//! function and a goal test, the shape of the `pathfinding` crate; a state is
//! a fixed-width bitset, so the inner loop allocates nothing per state.
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
//!
//! Complexity: time and memory linear in the number of reachable states
//! (times the number of doors and levers per room), which can grow as
//! `rooms × 2^(keys + lever doors + small-lock doors)`; [`SolveOptions::max_states`]
//! bounds it.

mod analysis;
mod compile;
mod explain;
mod search;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

pub use analysis::{Analysis, DeadEnd, MAX_DEAD_END_KINDS, analyze, unneeded_keys};

use crate::model::{KeyId, Level, LevelIndex, RoomId};
use crate::rules::{Step, replay};
use crate::validate::errors;
use compile::{Compiled, Layout, MAX_WORDS, PULL};
use search::{Explored, Search};

/// The default bound on the number of states a solve may visit.
pub const DEFAULT_MAX_STATES: usize = 10_000_000;

/// How a solve runs.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Stop with [`SolveError::TooLarge`] past this many states.
    pub max_states: usize,
    /// Set it to stop the search early with [`SolveError::Cancelled`].
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        Self {
            max_states: DEFAULT_MAX_STATES,
            cancel: None,
        }
    }
}

/// Why a level could not be solved (as opposed to being unsolvable).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SolveError {
    /// The level breaks the format's rules.
    #[error("the level is not valid: {0}")]
    Invalid(String),
    /// More reachable states than the limit allows.
    #[error(
        "the level is too large for the solver: it has more than {limit} reachable states \
         (the limit; {settled} were fully explored) out of up to {bound:.3e} possible, \
         {:.0}× the limit. Raise the limit (--max-states) or reduce keys, lever doors and small locks",
        (bound / *limit as f64).max(1.0)
    )]
    TooLarge {
        /// The limit that was reached.
        limit: usize,
        /// States settled before stopping.
        settled: usize,
        /// Upper bound on the number of states of this level.
        bound: f64,
    },
    /// A state would need more bits than the solver supports.
    #[error(
        "the level is too large for the solver: a state needs {bits} bits (rooms, keys that \
         matter, lever doors and small-lock doors), more than the {} supported",
        MAX_WORDS * 64
    )]
    TooManyBits {
        /// Bits a state would need.
        bits: u32,
    },
    /// The cancel flag was set.
    #[error("the solve was cancelled")]
    Cancelled,
    /// The solver's plan broke the rules: a bug, reported rather than hidden.
    #[error("internal error: the solver's plan does not replay: {0}")]
    Internal(String),
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

/// Finds a least-cost plan, stopping as soon as the goal is settled.
pub fn solve(level: &Level, options: &SolveOptions) -> Result<Solve, SolveError> {
    let prepared = Prepared::new(level, None)?;
    prepared.run(options, true, &SolveJob(&prepared))
}

struct SolveJob<'p, 'a>(&'p Prepared<'a>);

impl WidthFn<Solve> for SolveJob<'_, '_> {
    fn call<const W: usize>(&self, c: &Compiled<W>, ex: &Explored<W>) -> Result<Solve, SolveError> {
        let plan = match ex.goals.first() {
            Some(&g) => Some(self.0.plan_to(c, ex, g)?),
            None => None,
        };
        Ok(Solve {
            plan,
            states_explored: ex.settled,
        })
    }
}

/// A valid level with its index and state layout.
pub(crate) struct Prepared<'a> {
    pub(crate) level: &'a Level,
    index: LevelIndex,
    start: usize,
    goal: usize,
    layout: Layout,
}

impl<'a> Prepared<'a> {
    /// Checks the level and lays out its states; `removed_key` is treated as absent.
    fn new(level: &'a Level, removed_key: Option<&KeyId>) -> Result<Self, SolveError> {
        if let Some(first) = errors(level).first() {
            return Err(SolveError::Invalid(first.to_string()));
        }
        let index = LevelIndex::new(level);
        let room = |id: &RoomId| {
            index
                .room(id)
                .ok_or_else(|| SolveError::Invalid(format!("no room \"{id}\"")))
        };
        let start = room(&level.start)?;
        let goal = room(&level.goal)?;
        let removed = removed_key.and_then(|k| index.key(k));
        let layout = compile::layout(level, &index, removed);
        Ok(Self {
            level,
            index,
            start,
            goal,
            layout,
        })
    }

    /// Compiles for the right state width and runs `then` on the explored graph.
    fn run<R>(
        &self,
        options: &SolveOptions,
        stop_at_goal: bool,
        then: &impl WidthFn<R>,
    ) -> Result<R, SolveError> {
        let search = Search {
            max_states: options.max_states,
            stop_at_goal,
            keep_edges: !stop_at_goal,
            cancel: options.cancel.as_deref(),
        };
        macro_rules! width {
            ($($w:literal)*) => {
                match self.layout.words() {
                    $($w => {
                        let c = Compiled::<$w>::new(self.level, &self.index, self.layout.clone(), self.start, self.goal);
                        let ex = search.run(&c, self.level.rooms.len())?;
                        then.call(&c, &ex)
                    })*
                    _ => Err(SolveError::TooManyBits { bits: self.layout.total_bits }),
                }
            };
        }
        width!(1 2 3 4 5 6 7 8)
    }

    /// The least-cost plan to explored state `i`.
    fn plan_to<const W: usize>(
        &self,
        c: &Compiled<W>,
        ex: &Explored<W>,
        i: u32,
    ) -> Result<Plan, SolveError> {
        let acts = ex
            .actions_to(i)
            .into_iter()
            .map(|(a, j)| (a, ex.states[j as usize]));
        self.plan(c, acts)
    }

    /// Replays `(action, state reached)` pairs as steps, pickups included.
    fn trace<const W: usize>(
        &self,
        c: &Compiled<W>,
        acts: impl Iterator<Item = (u32, compile::Bits<W>)>,
    ) -> Result<crate::rules::Replay, SolveError> {
        let steps: Vec<Step> = acts
            .map(|(act, state)| {
                if act & PULL != 0 {
                    Step::Pull {
                        lever: self.level.levers[(act & !PULL) as usize].id.clone(),
                    }
                } else {
                    Step::Move {
                        door: self.level.doors[act as usize].id.clone(),
                        to: self.level.rooms[c.room(&state)].id.clone(),
                    }
                }
            })
            .collect();
        replay(self.level, &steps).map_err(|e| SolveError::Internal(e.to_string()))
    }

    /// Turns `(action, state reached)` pairs into a plan that must end solved.
    fn plan<const W: usize>(
        &self,
        c: &Compiled<W>,
        acts: impl Iterator<Item = (u32, compile::Bits<W>)>,
    ) -> Result<Plan, SolveError> {
        let done = self.trace(c, acts)?;
        if !done.solved {
            return Err(SolveError::Internal(
                "the plan does not end at the goal".into(),
            ));
        }
        Ok(Plan {
            steps: done.steps,
            cost: done.end.cost,
            moves: done.end.moves,
            pulls: done.end.pulls,
        })
    }

    /// The cost of one action.
    fn act_cost(&self, act: u32) -> f64 {
        if act & PULL != 0 {
            self.level.lever_cost
        } else {
            self.level.doors[act as usize].cost
        }
    }
}

/// A computation over a compiled level and its explored states, for any width.
pub(crate) trait WidthFn<R> {
    fn call<const W: usize>(&self, c: &Compiled<W>, ex: &Explored<W>) -> Result<R, SolveError>;
}
