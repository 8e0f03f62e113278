//! The general engine's analysis, kept as a test oracle: [`super::solve`]
//! and [`super::analyze`] as they were answered for levels that use the
//! mechanics of the version-1 extensions under which items are lost or
//! doors follow levers' positions ([`crate::rules::Mechanics::needs_general`]: items of
//! other kinds, `open_when`, `once`): every answer from the explicit graph
//! of [`general`], and dead ends explained with the new causes ("the door
//! only opens while l2 is down and l5 is up", "no bombs left", "the lock
//! is on the other side"). Any-of locks, locks on one side and carried
//! keys alone take the fast paths of the other levels.

use crate::model::{KeyId, Level};
use crate::solver::alike::Alike;
use crate::solver::analysis::{Analysis, CostBounds, DeadEnds, ItemNeeds, KeyNeeds};
use crate::solver::budget::{Budget, Stop};
use crate::solver::general::{Explored, Graph, Walk};
use crate::solver::{Plan, Prepared, Solve, SolveError};

use super::words::dead_ends;

/// Most small keys whose every choice is tried to count how many a
/// solution needs.
const MAX_SMALL_CHOICES: usize = 8;

/// Explores the level from its start with the keys in `absent` left out.
fn explore(prep: &Prepared<'_>, absent: &[bool], budget: &Budget<'_>) -> Result<Graph, Stop> {
    let walk = Walk::new(prep.mechanics(), absent);
    walk.explore(walk.start(prep.mechanics().open_at_start()), budget)
}

/// The least-cost plan (or the plan with the fewest pulls, least cost
/// among those, when `count_pulls`), if the goal is reached.
fn best_plan(
    prep: &Prepared<'_>,
    g: &Graph,
    count_pulls: bool,
) -> Result<Option<Plan>, SolveError> {
    let paths = g.paths(count_pulls);
    match g.best_goal(&paths) {
        Some(goal) => prep
            .plan_rooms(g.actions_to(&paths, goal).into_iter())
            .map(Some),
        None => Ok(None),
    }
}

/// [`super::solve`] for an extended level.
pub(crate) fn solve(prep: &Prepared<'_>, budget: &Budget<'_>) -> Result<Solve, SolveError> {
    let g = explore(prep, &prep.removed, budget).map_err(|stop| SolveError::Stopped {
        stop,
        states: budget.max_states,
        lower_bound: 0.0,
    })?;
    Ok(Solve {
        plan: best_plan(prep, &g, false)?,
        states_explored: g.nodes.len(),
    })
}

/// [`super::analyze`] for an extended level.
///
/// The search of every state first gets half the time. When that runs out
/// before any goal, a search heading for the goal gets half of what is
/// left, and then the search of every state goes on until three quarters of
/// the whole time has passed: so a
/// level that takes most of the time is still worked out whole, and one
/// too large for it still gets a plan if a walk finds one.
pub(crate) fn analyze(prep: &Prepared<'_>, budget: &Budget<'_>) -> Result<Analysis, SolveError> {
    // The clock is read only when a time limit was asked for.
    let began = budget.started();
    let walk = Walk::new(prep.mechanics(), &prep.removed);
    let start = walk.start(prep.mechanics().open_at_start());
    let mut explored = walk.explore_partial(start.clone(), &budget.share(0.5));
    let mut headed = None;
    if explored.stopped == Some(Stop::Time) {
        if !explored.graph.goal.iter().any(|&g| g) {
            headed = Some(walk.greedy_plan(start, &beside(budget)));
        }
        // What is made of a stopped search (its cheapest ways, the rooms it
        // saw, dropping it) takes time in proportion to its graph, about a
        // fifth of the time it took to build: a quarter of the whole time
        // is kept for it.
        explored = walk.explore_more(explored, &budget.share_from(began, 0.75));
    }
    if let Some(stop) = explored.stopped {
        return partial(prep, &explored, stop, headed, budget);
    }
    let unreachable_rooms = explored.rooms_not_seen(prep.level);
    let g = explored.graph;
    let plan = best_plan(prep, &g, false)?;
    let min_pulls = best_plan(prep, &g, true)?;
    let live = g.live();
    let solvable = plan.is_some();
    let dead_ends = dead_ends(prep, &g, &live)?;
    let mut stopped = None;
    let keys = if solvable {
        key_needs(prep, budget, &mut stopped)
    } else {
        KeyNeeds::default()
    };
    Ok(Analysis {
        plan,
        solvable: Some(solvable),
        cost_bounds: None,
        min_pulls,
        pulls_lower: None,
        states_explored: g.nodes.len(),
        reachable_states: Some(g.nodes.len()),
        dead_ends,
        unreachable_rooms,
        undecided_rooms: Vec::new(),
        keys,
        stopped,
    })
}

/// [`super::unneeded_keys`] for an extended level (the plan is not needed).
pub(crate) fn unneeded_keys(
    prep: &Prepared<'_>,
    budget: &Budget<'_>,
) -> Result<Vec<KeyId>, SolveError> {
    let mut stopped = None;
    Ok(key_needs(prep, budget, &mut stopped).unneeded)
}

/// The budget of a search heading for the goal while the graph of the
/// search of every state is kept: half the time left, and a quarter of the
/// memory, so that both fit in what one search may take.
fn beside<'a>(budget: &Budget<'a>) -> Budget<'a> {
    Budget {
        max_states: budget.max_states / 4,
        max_words: budget.max_words / 4,
        ..budget.share(0.5)
    }
}

/// What an analysis whose first search ran out of budget proves from the
/// states it explored. A goal it reached makes the level solvable, and the
/// cheapest plan to it bounds the least cost from above. Every solution
/// leaves the fully expanded states through a goal or a state not yet
/// expanded, and the graph holds every step up to there, so the cheapest of
/// those bounds the least cost from below. Every room it saw is reachable.
///
/// `headed` is what a search heading for the goal found, if one was run;
/// without a goal among the states explored, one is run now.
fn partial(
    prep: &Prepared<'_>,
    explored: &Explored,
    stop: Stop,
    headed: Option<Option<Vec<(u32, usize)>>>,
    budget: &Budget<'_>,
) -> Result<Analysis, SolveError> {
    let g = &explored.graph;
    let paths = g.paths(false);
    let in_graph = match g.best_goal(&paths) {
        Some(goal) => Some(prep.plan_rooms(g.actions_to(&paths, goal).into_iter())?),
        None => None,
    };
    let headed = match headed {
        Some(acts) => acts,
        // No goal among the states explored in order: a search that heads
        // for the goal may still find a plan, which proves it solvable.
        None if in_graph.is_none() => {
            let walk = Walk::new(prep.mechanics(), &prep.removed);
            walk.greedy_plan(walk.start(prep.mechanics().open_at_start()), budget)
        }
        None => None,
    };
    let headed = match headed {
        Some(acts) => Some(prep.plan_rooms(acts.into_iter())?),
        None => None,
    };
    let best = [in_graph, headed]
        .into_iter()
        .flatten()
        .min_by(|a, b| a.cost.total_cmp(&b.cost));
    let frontier = (explored.expanded..g.nodes.len())
        .filter(|&i| !g.goal[i])
        .map(|i| paths.best[i].1)
        .fold(f64::INFINITY, f64::min);
    let lower = best.as_ref().map_or(frontier, |p| p.cost.min(frontier));
    let mut a = unknown(prep.level, stop);
    a.states_explored = g.nodes.len();
    a.undecided_rooms = explored.rooms_not_seen(prep.level);
    if best.is_some() {
        a.solvable = Some(true);
    }
    if lower.is_finite() {
        a.cost_bounds = Some(CostBounds { lower, best });
    }
    Ok(a)
}

/// What an analysis that ran out of budget before the first search ended knows.
fn unknown(level: &Level, stop: Stop) -> Analysis {
    let start = level.rooms.iter().position(|r| r.id == level.start);
    Analysis {
        plan: None,
        solvable: None,
        cost_bounds: None,
        min_pulls: None,
        pulls_lower: None,
        states_explored: 0,
        reachable_states: None,
        dead_ends: DeadEnds::default(),
        unreachable_rooms: Vec::new(),
        undecided_rooms: (level.rooms.iter().enumerate())
            .filter(|&(r, _)| Some(r) != start)
            .map(|(_, r)| r.id.clone())
            .collect(),
        keys: KeyNeeds {
            undecided: level
                .keys
                .iter()
                .filter(|k| k.kind_name().is_none())
                .map(|k| k.id.clone())
                .collect(),
            ..KeyNeeds::default()
        },
        stopped: Some(stop),
    }
}

/// Named keys no solution needs, and how many small keys one needs.
fn key_needs(prep: &Prepared<'_>, budget: &Budget<'_>, stopped: &mut Option<Stop>) -> KeyNeeds {
    let keys = prep.mechanics().keys();
    let mut needs = KeyNeeds::default();
    // One search per key: the clock is read before each, since a level of
    // many keys makes many searches too small to read it themselves.
    let mut solvable_without = |absent: &[bool]| -> Option<bool> {
        match (budget.check_now()).and_then(|()| explore(prep, absent, budget)) {
            Ok(g) => Some(g.goal.iter().any(|&x| x)),
            Err(stop) => {
                stopped.get_or_insert(stop);
                None
            }
        }
    };
    // One list of absent keys serves every search, each key taken out in
    // turn: a copy per key would be quadratic in the number of keys.
    let mut absent = prep.removed.clone();
    // Keys the rules cannot tell apart share one answer.
    let mut alike = Alike::new(prep.mechanics(), &prep.removed);
    let mut alone = Vec::new();
    for (k, key) in keys.iter().enumerate() {
        if key.kind.is_some() {
            continue;
        }
        let without = alike.known(k).or_else(|| {
            absent[k] = true;
            let without = solvable_without(&absent);
            absent[k] = prep.removed[k];
            alike.learn(k, without);
            without
        });
        match without {
            Some(true) => alone.push(k),
            Some(false) => {}
            None => needs.undecided.push(prep.level.keys[k].id.clone()),
        }
    }
    let class = crate::solver::alternatives::classes(prep.mechanics());
    let mut ask = |removed: &[bool]| -> Result<Option<bool>, ()> {
        let mut absent = prep.removed.clone();
        for (a, &r) in absent.iter_mut().zip(removed) {
            *a |= r;
        }
        Ok(solvable_without(&absent))
    };
    let sorted = crate::solver::alternatives::sort(&alone, &class, &mut ask).unwrap_or_default();
    let id = |k: usize| -> KeyId { prep.level.keys[k].id.clone() };
    needs.unneeded = sorted.unneeded.into_iter().map(id).collect();
    needs.alternatives = (sorted.alternatives.into_iter())
        .map(|g| g.into_iter().map(id).collect())
        .collect();
    needs.undecided.extend(sorted.undecided.into_iter().map(id));
    let kinds = prep.mechanics().kinds();
    for (name, items) in kinds.iter().zip(prep.mechanics().keys_by_kind()) {
        if !items.is_empty() {
            needs
                .items
                .push(kind_needs(prep, name, &items, &mut solvable_without));
        }
    }
    needs
}

/// Over every choice of items of one kind to keep: the fewest that leave
/// the level solvable, and whether every choice of that many does.
fn kind_needs(
    prep: &Prepared<'_>,
    name: &str,
    items: &[usize],
    solvable_without: &mut dyn FnMut(&[bool]) -> Option<bool>,
) -> ItemNeeds {
    let total = items.len() as u32;
    let carried = (items.iter())
        .filter(|&&k| prep.level.keys[k].room.is_none())
        .count() as u32;
    let unknown = ItemNeeds {
        kind: name.to_owned(),
        total,
        carried,
        needed: None,
        at_least: 0,
        at_most: None,
        any_enough: None,
    };
    if items.len() > MAX_SMALL_CHOICES {
        return unknown;
    }
    let n = items.len();
    let mut by_size = vec![(false, true); n + 1];
    for kept in 0u32..(1 << n) {
        let mut absent = prep.removed.clone();
        for (i, &k) in items.iter().enumerate() {
            absent[k] |= kept & (1 << i) == 0;
        }
        let Some(works) = solvable_without(&absent) else {
            return unknown;
        };
        let size = kept.count_ones() as usize;
        by_size[size].0 |= works;
        by_size[size].1 &= works;
    }
    match (0..=n).find(|&m| by_size[m].0) {
        Some(m) => ItemNeeds {
            needed: Some(m as u32),
            at_least: m as u32,
            at_most: Some(m as u32),
            any_enough: Some(by_size[m].1),
            ..unknown
        },
        None => unknown,
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use proptest::prelude::*;

    use super::Walk;
    use crate::model::{Door, Level, Lever, Room};
    use crate::solver::general::open_at_start;
    use crate::solver::{SolveOptions, Stop, analyze};

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: 600,
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        /// The compiled searches answer levels with every extension as
        /// the general engine, the oracle, does: least cost, fewest
        /// pulls, reachable and dead-end states, unneeded keys.
        #[test]
        fn the_compiled_analysis_agrees_with_the_general_engine(
            level in crate::solver::agree::extended_level(),
        ) {
            let Ok(prep) = crate::solver::Prepared::new(&level, &[]) else { return Ok(()) };
            let options = SolveOptions::default();
            let budget = options.budget();
            let text = crate::format::to_string(&level);
            let ours = analyze(&level, &options).unwrap();
            let oracle = super::analyze(&prep, &budget).unwrap();
            let cost = |a: &crate::solver::Analysis| a.plan.as_ref().map(|p| p.cost);
            prop_assert_eq!(cost(&ours), cost(&oracle), "{}", text);
            let pulls = |a: &crate::solver::Analysis| a.min_pulls.as_ref().map(|p| p.pulls);
            prop_assert_eq!(pulls(&ours), pulls(&oracle), "{}", text);
            // The compiled analysis counts states only where it must.
            if ours.reachable_states.is_some() {
                prop_assert_eq!(ours.reachable_states, oracle.reachable_states, "{}", text);
            }
            if ours.dead_ends.exist.is_some() {
                prop_assert_eq!(ours.dead_ends.exist, oracle.dead_ends.exist, "{}", text);
            }
            prop_assert_eq!(&ours.keys.unneeded, &oracle.keys.unneeded, "{}", text);
            prop_assert_eq!(&ours.keys.alternatives, &oracle.keys.alternatives, "{}", text);
            let needed = |a: &crate::solver::Analysis| -> Vec<(String, Option<u32>)> {
                (a.keys.items.iter()).map(|i| (i.kind.clone(), i.needed)).collect()
            };
            prop_assert_eq!(needed(&ours), needed(&oracle), "{}", text);
            let solved = crate::solver::solve(&level, &options).unwrap();
            let general = super::solve(&prep, &budget).unwrap();
            prop_assert_eq!(solved.plan.map(|p| p.cost), general.plan.map(|p| p.cost));
            let unneeded = super::unneeded_keys(&prep, &budget).unwrap();
            prop_assert_eq!(&unneeded, &oracle.keys.unneeded);
        }
    }

    /// A `side` × `side` grid from corner to corner, with `levers` once
    /// levers in the start room, each flipping a door off the way: far
    /// too many states for the search of every state, and a plan a walk
    /// finds.
    fn grid_of_once_levers(side: usize, levers: usize) -> Level {
        let id = |x: usize, y: usize| format!("r{x}_{y}");
        let mut level = Level::new("once grid");
        level.rooms = (0..side * side)
            .map(|i| Room::new(id(i % side, i / side).as_str(), [0.0, 0.0]))
            .collect();
        for y in 0..side {
            for x in 0..side {
                if x + 1 < side {
                    let d = format!("h{x}_{y}");
                    level.doors.push(Door::new(
                        d.as_str(),
                        id(x, y).as_str(),
                        id(x + 1, y).as_str(),
                    ));
                }
                if y + 1 < side {
                    let d = format!("v{x}_{y}");
                    level.doors.push(Door::new(
                        d.as_str(),
                        id(x, y).as_str(),
                        id(x, y + 1).as_str(),
                    ));
                }
            }
        }
        for l in 0..levers {
            let door = format!("h{}_{}", side - 2, l + 1);
            let mut lever = Lever::new(
                format!("l{l}").as_str(),
                id(0, 0).as_str(),
                vec![door.as_str().into()],
            );
            lever.once = true;
            level.levers.push(lever);
        }
        level.start = id(0, 0).as_str().into();
        level.goal = id(side - 1, side - 1).as_str().into();
        level
    }

    /// With no time limit asked for, the analysis of a level with `once`
    /// levers and `open_when` (the dungeon sample) reads no clock and
    /// answers exactly as with a generous time limit, whole.
    #[test]
    fn no_time_limit_gives_the_same_whole_answer_as_a_generous_one() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/dungeon.level.json");
        let level = crate::format::from_file(path.as_ref()).unwrap().level;
        assert!(
            crate::rules::Mechanics::new(&level)
                .unwrap()
                .needs_general()
        );
        let untimed = SolveOptions::default();
        assert!(untimed.max_time.is_none());
        assert!(untimed.budget().started().is_none(), "no clock read");
        let a = analyze(&level, &untimed).unwrap();
        assert!(a.is_complete());
        assert_eq!(a.solvable, Some(true));
        let timed = SolveOptions {
            max_time: Some(Duration::from_secs(600)),
            ..SolveOptions::default()
        };
        assert!(timed.budget().started().is_some());
        assert_eq!(a, analyze(&level, &timed).unwrap());
    }

    /// With its time spent before it starts, the analysis still goes
    /// through every part of a stopped search (each part stops after its
    /// first reading of the clock): the search of every state, the plan
    /// that heads for the goal, the search going on, and what is made of
    /// the states. The plan proves the level solvable and bounds the least
    /// cost, and the answer says time stopped it.
    #[test]
    fn a_search_out_of_time_still_finds_a_plan_and_bounds_the_cost() {
        let level = grid_of_once_levers(40, 10);
        let options = SolveOptions {
            max_time: Some(Duration::ZERO),
            ..SolveOptions::default()
        };
        let rules = crate::rules::Rules::new(&level).unwrap();
        let prep = crate::solver::Prepared::from_rules(rules, &[]);
        let a = super::analyze(&prep, &options.budget()).unwrap();
        assert_eq!(a.stopped, Some(Stop::Time));
        assert_eq!(a.solvable, Some(true));
        let bounds = a.cost_bounds.expect("bounds on the least cost");
        let best = bounds.best.expect("the plan heading for the goal");
        assert_eq!(best.cost, 78.0, "the walk from corner to corner");
        assert!(
            bounds.lower > 0.0 && bounds.lower <= best.cost,
            "{}",
            bounds.lower
        );
        // The search went on after the plan: it holds more states than
        // its first part alone, stopped by the same clock.
        let m = crate::rules::Mechanics::new(&level).unwrap();
        let walk = Walk::new(&m, &[]);
        let first = walk.explore_partial(walk.start(&open_at_start(&level)), &options.budget());
        assert_eq!(first.stopped, Some(Stop::Time));
        assert!(
            a.states_explored > first.graph.nodes.len(),
            "{} states, {} in the first part",
            a.states_explored,
            first.graph.nodes.len()
        );
    }
}
