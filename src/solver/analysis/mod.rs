//! What a designer wants to know beyond the least cost: dead ends with a
//! trace into each, rooms never reached, keys no solution needs, and the
//! least number of lever pulls, each worked out the cheapest exact way the
//! level allows, and each saying how far it got when the budget runs out.

mod answers;
mod shape;

pub use answers::{CostBounds, DeadEnd, DeadEnds, ItemNeeds, KeyNeeds, SmallKeys};
use shape::{Shape, irreversible_shape, reversible_shape};

use super::astar::Outcome;
use super::budget::{Budget, Stop};
use super::compile::PULL;
use super::dead_ends;
use super::events;
use super::facts::{self, Reach};
use super::{Plan, Prepared, SolveError, SolveOptions, needs, plan_walk};
use crate::model::{KeyId, Level, RoomId};
use crate::rules::{Rules, Step};

/// At most this many kinds of dead end are described (all found are counted).
pub const MAX_DEAD_END_KINDS: usize = 50;

/// The full analysis of a level.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// A least-cost plan, or `None` when the level cannot be solved or the
    /// least cost could not be proven (then see [`Self::cost_bounds`]).
    pub plan: Option<Plan>,
    /// Whether the level can be solved; `None` when not proven either way.
    pub solvable: Option<bool>,
    /// Bounds on the least cost when it could not be proven.
    pub cost_bounds: Option<CostBounds>,
    /// A plan with the least lever pulls (walking free), least cost among those.
    pub min_pulls: Option<Plan>,
    /// When the least number of pulls could not be proven: no plan needs fewer.
    pub pulls_lower: Option<u32>,
    /// States settled by all the searches of the analysis.
    pub states_explored: usize,
    /// How many of FORMAT.md's states are reachable, when they were counted.
    pub reachable_states: Option<usize>,
    /// The dead ends.
    pub dead_ends: DeadEnds,
    /// Rooms no play can enter.
    pub unreachable_rooms: Vec<RoomId>,
    /// Rooms not proven reachable or unreachable before the budget ran out.
    pub undecided_rooms: Vec<RoomId>,
    /// Which keys a solution needs.
    pub keys: KeyNeeds,
    /// Why some answer is incomplete, if one is.
    pub stopped: Option<Stop>,
}

impl Analysis {
    /// True when every answer is exact and complete.
    pub fn is_complete(&self) -> bool {
        self.stopped.is_none()
    }

    /// The least number of lever pulls of any solution, when proven: by the
    /// plan with the fewest pulls, or by a lower bound that a plan found
    /// meets (a level with no lever needs 0 pulls, whatever its cost, once
    /// any plan is known).
    pub fn least_pulls(&self) -> Option<u32> {
        if let Some(plan) = &self.min_pulls {
            return Some(plan.pulls);
        }
        let lower = self.pulls_lower?;
        let best = self.cost_bounds.as_ref().and_then(|b| b.best.as_ref());
        let mut found = self.plan.iter().chain(best);
        found.any(|p| p.pulls == lower).then_some(lower)
    }
}

/// The analysis as it is worked out: the level, the budget, and the tally.
pub(crate) struct Run<'p, 'a> {
    pub prep: &'p Prepared<'a>,
    pub budget: Budget<'p>,
    pub states: usize,
    pub stopped: Option<Stop>,
}

impl Run<'_, '_> {
    /// Notes that a search stopped early.
    pub fn stop(&mut self, stop: Stop) {
        self.stopped.get_or_insert(stop);
    }

    /// True once the budget is spent (time or cancel).
    pub fn out_of_time(&self) -> bool {
        self.budget.check_now().is_err()
    }
}

/// What the least-cost search found.
struct Least {
    plan: Option<Plan>,
    solvable: Option<bool>,
    bounds: Option<CostBounds>,
    /// No plan pulls fewer levers.
    pulls_floor: u32,
}

/// Analyses `level`: least cost, least pulls, dead ends, unreachable rooms
/// and keys no solution needs, within the budget of `options`.
///
/// Every answer is exact when [`Analysis::is_complete`]; otherwise each says
/// what was proven (bounds on the cost, the dead ends found so far).
///
/// # Arguments
/// * `level` — the level; it is validated first.
/// * `options` — the budget (states, seconds) shared by every search, and an
///   optional cancel flag.
///
/// # Returns
/// An [`Analysis`]: a least-cost plan, whether the level is solvable, the
/// least number of pulls, dead ends with their explanations, rooms no play
/// reaches, and which keys are needed.
///
/// # Errors
/// [`SolveError::Invalid`] for a level with validation errors. Running out
/// of budget, or being cancelled, is not an error: the analysis then says
/// what it proved, and [`Analysis::stopped`] says why it stopped.
///
/// # Complexity
/// Linear in the size of the level for the facts that need no search; the
/// searches are bounded by the budget, and each is at worst linear in the
/// reachable states.
///
/// # Example
/// ```
/// use lockwork::model::{Door, Key, Level, Room};
/// use lockwork::solver::{SolveOptions, analyze};
///
/// // One small key, two small locks out of r1: only d2 leads on.
/// let mut level = Level::new("wrong door");
/// level.rooms.push(Room::new("r2", [100.0, 0.0]));
/// level.rooms.push(Room::new("r3", [0.0, 100.0]));
/// for (id, to) in [("d1", "r2"), ("d2", "r3")] {
///     let mut door = Door::new(id, "r1", to);
///     door.small_locks = 1;
///     level.doors.push(door);
/// }
/// let mut key = Key::new("s1", "r1");
/// key.small = true;
/// level.keys.push(key);
/// level.goal = "r3".into();
///
/// let a = analyze(&level, &SolveOptions::default()).unwrap();
/// assert_eq!(a.plan.unwrap().cost, 1.0);
/// assert_eq!(a.dead_ends.exist, Some(true));
/// assert!(a.dead_ends.found[0].reason.contains("spent on door \"d1\""));
/// ```
pub fn analyze(level: &Level, options: &SolveOptions) -> Result<Analysis, SolveError> {
    let rules = Rules::new(level).map_err(|e| SolveError::Invalid(e.0))?;
    analyze_rules(&rules, options)
}

/// Analyses the level of `rules`, as [`analyze`] does, without checking and
/// indexing the level again: for a caller that already holds its [`Rules`]
/// (to replay plans or measure the level as well).
///
/// # Arguments
/// * `rules` — the rules of a level, made by [`Rules::new`], which checked it.
/// * `options` — the budget, as for [`analyze`].
///
/// # Returns
/// The [`Analysis`], as [`analyze`].
///
/// # Errors
/// None for a level the rules accepted, except [`SolveError::Internal`] if
/// the solver breaks its own invariants.
///
/// # Complexity
/// As [`analyze`], less one validation and one index of the level.
///
/// # Example
/// ```
/// use lockwork::model::Level;
/// use lockwork::rules::Rules;
/// use lockwork::solver::{SolveOptions, analyze_rules};
///
/// let level = Level::new("one room");
/// let rules = Rules::new(&level).unwrap();
/// let a = analyze_rules(&rules, &SolveOptions::default()).unwrap();
/// assert_eq!(a.plan.unwrap().cost, 0.0);
/// ```
pub fn analyze_rules(rules: &Rules<'_>, options: &SolveOptions) -> Result<Analysis, SolveError> {
    analyze_rules_with(rules, options, Parts::ALL)
}

/// Which answers an analysis works out besides the plan, its cost, the
/// least pulls, the dead ends and the rooms reached, which it always does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    /// Which keys a solution needs ([`Analysis::keys`]): a search of the
    /// level without each key that nothing cheaper decides. Left out, every
    /// named key is [undecided](KeyNeeds::undecided) and no count of items
    /// is bounded.
    pub key_needs: bool,
}

impl Parts {
    /// Every answer, as [`analyze`] gives.
    pub const ALL: Self = Self { key_needs: true };
    /// All but which keys a solution needs: what `lockwork solve` and the
    /// quality measures read.
    pub const WITHOUT_KEY_NEEDS: Self = Self { key_needs: false };
}

/// Analyses the level of `rules` as [`analyze_rules`] does, working out
/// only the answers `parts` asks for besides those every analysis gives.
///
/// # Arguments
/// * `rules` — the rules of a level, made by [`Rules::new`].
/// * `options` — the budget, as for [`analyze`].
/// * `parts` — the answers to work out.
///
/// # Returns
/// The [`Analysis`]; answers left out are marked as not worked out.
///
/// # Errors
/// As [`analyze_rules`].
///
/// # Example
/// ```
/// use lockwork::model::{Key, Level};
/// use lockwork::rules::Rules;
/// use lockwork::solver::{Parts, SolveOptions, analyze_rules_with};
///
/// let mut level = Level::new("a key on the floor");
/// level.keys.push(Key::new("red", "r1"));
/// let rules = Rules::new(&level).unwrap();
/// let options = SolveOptions::default();
/// let a = analyze_rules_with(&rules, &options, Parts::WITHOUT_KEY_NEEDS).unwrap();
/// assert_eq!(a.plan.unwrap().cost, 0.0);
/// assert_eq!(a.keys.undecided, vec!["red".into()]);
/// ```
pub fn analyze_rules_with(
    rules: &Rules<'_>,
    options: &SolveOptions,
    parts: Parts,
) -> Result<Analysis, SolveError> {
    let prep = Prepared::from_rules(rules.borrowed(), &[]);
    let level = prep.level;
    let mut run = Run {
        prep: &prep,
        budget: options.budget(),
        states: 0,
        stopped: None,
    };
    let reach = &prep.relaxed_ways().reach;
    let irreversible = facts::irreversible_passages(prep.mechanics(), &reach.rooms);
    // Levels with `once` levers, `open_when` or items of other kinds are
    // explored state by state: the explorations of undoable levels follow
    // neither lever parities nor items lost.
    let m = prep.mechanics();
    let undoable = facts::every_step_undone(m, &irreversible) && !m.needs_general();
    let least = least_cost(&mut run, reach)?;
    let shape = if undoable {
        reversible_shape(&mut run, reach, &least)?
    } else {
        irreversible_shape(&mut run, reach, &least, &irreversible)?
    };
    let mut shape = shape;
    let found = least
        .plan
        .iter()
        .chain(least.bounds.iter().filter_map(|b| b.best.as_ref()));
    walked_into(&prep.rules, found, &shape.dead_ends, &mut shape.reached);
    shape::past_the_goal(&mut run, &mut shape);
    let solvable = shape.solvable.or(least.solvable);
    let (min_pulls, pulls_lower) = min_pulls(&mut run, &least, solvable, &shape)?;
    let explored = shape.explored.as_ref();
    let keys = if parts.key_needs {
        needs::key_needs(&mut run, least.plan.as_ref(), solvable, undoable, explored)?
    } else {
        KeyNeeds::not_worked_out(m, level)
    };
    let room_ids = |pick: &dyn Fn(usize) -> bool| -> Vec<RoomId> {
        (0..level.rooms.len())
            .filter(|&r| pick(r))
            .map(|r| level.rooms[r].id.clone())
            .collect()
    };
    Ok(Analysis {
        plan: least.plan,
        solvable,
        cost_bounds: least.bounds.filter(|_| solvable != Some(false)),
        min_pulls,
        pulls_lower,
        states_explored: run.states,
        reachable_states: shape.reachable_states,
        unreachable_rooms: room_ids(&|r| !shape.maybe[r]),
        undecided_rooms: room_ids(&|r| shape.maybe[r] && !shape.reached[r]),
        dead_ends: shape.dead_ends,
        keys,
        stopped: run.stopped,
    })
}

/// The named keys whose removal leaves the level solvable, given a
/// least-cost `plan` of it (from [`super::solve`] or [`analyze`]).
///
/// A key the plan never picks up is unneeded; a key the goal requires is
/// needed; every other key costs one check of the level without it. Small
/// keys are not listed: [`Analysis::keys`] counts how many are needed.
/// Keys the budget of `options` did not allow to decide are left out.
///
/// # Arguments
/// * `level` — the level.
/// * `plan` — a least-cost plan of it.
/// * `options` — the budget for the checks.
///
/// # Returns
/// The ids of the named keys the level can be solved without, in the
/// level's order.
///
/// # Errors
/// [`SolveError::Invalid`] for a level with validation errors.
///
/// # Complexity
/// O(size of the level) for keys the plan settles; one bounded
/// solvability check for each other key.
///
/// # Example
/// ```
/// use lockwork::model::{Door, Key, Level, Room};
/// use lockwork::solver::{SolveOptions, solve, unneeded_keys};
///
/// // "gem" lies on the way but opens nothing.
/// let mut level = Level::new("gem");
/// level.rooms.push(Room::new("r2", [100.0, 0.0]));
/// level.doors.push(Door::new("d1", "r1", "r2"));
/// level.keys.push(Key::new("gem", "r1"));
/// level.goal = "r2".into();
/// let options = SolveOptions::default();
/// let plan = solve(&level, &options).unwrap().plan.unwrap();
/// assert_eq!(unneeded_keys(&level, &plan, &options).unwrap(), vec!["gem".into()]);
/// ```
pub fn unneeded_keys(
    level: &Level,
    plan: &Plan,
    options: &SolveOptions,
) -> Result<Vec<KeyId>, SolveError> {
    let prep = Prepared::new(level, &[])?;
    let mut run = Run {
        prep: &prep,
        budget: options.budget(),
        states: 0,
        stopped: None,
    };
    let reach = &prep.relaxed_ways().reach;
    let m = prep.mechanics();
    let irreversible = facts::irreversible_passages(m, &reach.rooms);
    // As in `analyze_rules_with`: the fast explorations follow neither
    // lever parities nor items lost.
    let reversible = facts::every_step_undone(m, &irreversible) && !m.needs_general();
    Ok(needs::key_needs(&mut run, Some(plan), Some(true), reversible, None)?.unneeded)
}

/// Marks the rooms that `plans` and the dead ends' traces walk into as
/// reached, and those a player can walk on to from the plans' states
/// ([`plan_walk`]): a search that stopped early may not have proven them
/// otherwise.
fn walked_into<'p>(
    rules: &Rules<'_>,
    plans: impl Iterator<Item = &'p Plan> + Clone,
    dead_ends: &DeadEnds,
    reached: &mut [bool],
) {
    let every = |reached: &[bool]| reached.iter().all(|&r| r);
    if every(reached) {
        return;
    }
    let traces = dead_ends.found.iter().map(|d| &d.steps);
    for steps in plans.clone().map(|p| &p.steps).chain(traces) {
        for step in steps {
            if let Step::Move { to, .. } = step
                && let Some(i) = rules.index().room(to)
            {
                reached[i] = true;
            }
        }
    }
    let mut work = plan_walk::MAX_WORK;
    for plan in plans {
        if every(reached) || work == 0 {
            break;
        }
        work -= plan_walk::mark_reachable(rules, plan, reached, work);
    }
}

/// The least cost: by a walk down the distances to the goal when it gets
/// there, or by the sweep when its plan meets the lower bound, else by A*; when the budget runs out, bounds on it and the cheapest plan a
/// quicker, greedier search finds.
fn least_cost(run: &mut Run<'_, '_>, reach: &Reach) -> Result<Least, SolveError> {
    let prep = run.prep;
    let c = prep.for_plans();
    if !reach.goal {
        return Ok(Least::unsolvable(0));
    }
    if let Some(descended) = prep.descended()? {
        return Ok(Least::solved(descended.plan, descended.pulls));
    }
    let mut h = prep.bound(c);
    let swept = prep.swept(&mut h, &run.budget.share(0.2))?;
    if swept.least {
        return Ok(Least::solved(swept.plan, swept.pulls));
    }
    let ex = events::least_cost(c, &mut h, &c.start, &run.budget.share(0.5));
    run.states += ex.found.settled;
    match ex.found.outcome {
        Outcome::Goal(g) => Ok(Least::solved(Some(prep.plan_to(&ex, g)?), swept.pulls)),
        Outcome::Unreachable => Ok(Least::unsolvable(swept.pulls)),
        Outcome::Stopped { stop, lower } => {
            run.stop(stop);
            let best = match swept.plan {
                Some(plan) => Some(plan),
                None => dead_ends::greedy_plan(run)?,
            };
            Ok(Least {
                solvable: best.as_ref().map(|_| true),
                plan: None,
                bounds: Some(CostBounds {
                    lower: lower.max(swept.floor),
                    best,
                }),
                pulls_floor: swept.pulls,
            })
        }
    }
}

impl Least {
    fn solved(plan: Option<Plan>, pulls_floor: u32) -> Self {
        Self {
            solvable: Some(true),
            plan,
            bounds: None,
            pulls_floor,
        }
    }

    fn unsolvable(pulls_floor: u32) -> Self {
        Self {
            plan: None,
            solvable: Some(false),
            bounds: None,
            pulls_floor,
        }
    }
}

/// The plan with the fewest pulls (walking free), cheapest among those.
fn min_pulls(
    run: &mut Run<'_, '_>,
    least: &Least,
    solvable: Option<bool>,
    shape: &Shape,
) -> Result<(Option<Plan>, Option<u32>), SolveError> {
    let prep = run.prep;
    if solvable == Some(false) {
        return Ok((None, None));
    }
    let plan = least.plan.as_ref();
    // With no lever, or a least-cost plan that pulls no more than every
    // solution must, it is the least-cost plan.
    if let Some(plan) = plan
        && (plan.pulls <= least.pulls_floor || prep.level.levers.is_empty())
    {
        return Ok((Some(plan.clone()), None));
    }
    if let Some((every, ex)) = &shape.explored {
        // The least-cost plan pulls as few as any plan: no plan is ahead of
        // it on pulls, or on cost among as few pulls.
        if let Some(plan) = plan
            && dead_ends::fewest_pulls_explored(ex) == Some(plan.pulls)
        {
            return Ok((Some(plan.clone()), None));
        }
        return Ok((dead_ends::min_pulls_explored(prep, every, ex)?, None));
    }
    let c = prep.for_plans();
    if c.pulls.is_empty() {
        // No lever a plan can use: 0 pulls, and the plan is the least-cost
        // one, which is not known.
        return Ok((None, Some(0)));
    }
    let mut h = prep.bound(c);
    let most = plan.map_or(u32::MAX, |p| p.pulls);
    let count = |_: &[u64], act: u32, _: usize| u32::from(act & PULL != 0);
    let ex = events::fewest(c, &mut h, &c.start, most, &run.budget.share(0.5), count);
    run.states += ex.found.settled;
    match ex.found.outcome {
        Outcome::Goal(g) => Ok((Some(prep.plan_to(&ex, g)?), None)),
        Outcome::Unreachable => Ok((None, None)),
        Outcome::Stopped { stop, lower } => {
            run.stop(stop);
            Ok((None, Some((lower as u32).max(least.pulls_floor))))
        }
    }
}
