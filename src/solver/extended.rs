//! [`super::solve`] and [`super::analyze`] for levels that use the
//! mechanics of the version-1 extensions under which items are lost or
//! doors follow levers' positions ([`Mechanics::needs_general`]: items of
//! other kinds, `open_when`, `once`): every answer from the explicit graph
//! of [`general`], and dead ends explained with the new causes ("the door
//! only opens while l2 is down and l5 is up", "no bombs left", "the lock
//! is on the other side"). Any-of locks, locks on one side and carried
//! keys alone take the fast paths of the other levels.

use std::collections::BTreeSet;

use super::analysis::{
    Analysis, CostBounds, DeadEnd, DeadEnds, KeyNeeds, MAX_DEAD_END_KINDS, SmallKeys,
};
use super::budget::{Budget, Stop};
use super::compile::PULL;
use super::explain::{door_name, stuck_in};
use super::general::{Explored, Graph, Node, Walk, open_at_start};
use super::{Plan, Prepared, Solve, SolveError};
use crate::model::{KeyId, Level};
use crate::rules::Illegal;
use crate::rules::mechanics::{Blocked, Holdings, Mechanics, Opening, Passage};

/// Most small keys whose every choice is tried to count how many a
/// solution needs.
const MAX_SMALL_CHOICES: usize = 8;

/// Explores the level from its start with the keys in `absent` left out.
fn explore(prep: &Prepared<'_>, absent: &[bool], budget: &Budget<'_>) -> Result<Graph, Stop> {
    let walk = Walk::new(prep.mechanics(), absent);
    walk.explore(walk.start(&open_at_start(prep.level)), budget)
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
    let began = std::time::Instant::now();
    let walk = Walk::new(prep.mechanics(), &prep.removed);
    let start = walk.start(&open_at_start(prep.level));
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
            walk.greedy_plan(walk.start(&open_at_start(prep.level)), budget)
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
    for (k, key) in keys.iter().enumerate() {
        if key.kind.is_some() {
            continue;
        }
        absent[k] = true;
        let without = solvable_without(&absent);
        absent[k] = prep.removed[k];
        let id: KeyId = prep.level.keys[k].id.clone();
        match without {
            Some(true) => needs.unneeded.push(id),
            Some(false) => {}
            None => needs.undecided.push(id),
        }
    }
    let smalls: Vec<usize> = (0..keys.len()).filter(|&k| keys[k].small).collect();
    if !smalls.is_empty() {
        needs.small = Some(small_keys(prep, &smalls, &mut solvable_without));
    }
    needs
}

/// Over every choice of small keys to keep: the fewest that leave the
/// level solvable, and whether every choice of that many does.
fn small_keys(
    prep: &Prepared<'_>,
    smalls: &[usize],
    solvable_without: &mut dyn FnMut(&[bool]) -> Option<bool>,
) -> SmallKeys {
    let total = smalls.len() as u32;
    let unknown = SmallKeys {
        total,
        needed: None,
        any_enough: None,
    };
    if smalls.len() > MAX_SMALL_CHOICES {
        return unknown;
    }
    let n = smalls.len();
    let mut by_size = vec![(false, true); n + 1];
    for kept in 0u32..(1 << n) {
        let mut absent = prep.removed.clone();
        for (i, &k) in smalls.iter().enumerate() {
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
        Some(m) => SmallKeys {
            total,
            needed: Some(m as u32),
            any_enough: Some(by_size[m].1),
        },
        None => unknown,
    }
}

/// Every dead end of the explored graph, grouped by kind (the same step
/// into the same room), the cheapest trace of each kind kept.
fn dead_ends(prep: &Prepared<'_>, g: &Graph, live: &[bool]) -> Result<DeadEnds, SolveError> {
    let count = live.iter().filter(|&&l| !l).count();
    if !live[0] {
        let steps = prep.trace_rooms(std::iter::empty())?.steps;
        let found = DeadEnd {
            steps,
            cost: 0.0,
            room: prep.level.start.clone(),
            reason: why_stuck(prep, g, 0, None),
        };
        return Ok(DeadEnds {
            exist: Some(true),
            states: Some(count),
            found: vec![found],
            kinds: 1,
            complete: true,
        });
    }
    let paths = g.paths(false);
    // Per kind (action, room): the cheapest (cost, from, edge).
    let mut kinds: std::collections::BTreeMap<(u32, usize), (f64, usize, usize)> =
        std::collections::BTreeMap::new();
    for (i, edges) in g.edges.iter().enumerate() {
        if !live[i] {
            continue;
        }
        for (e, edge) in edges.iter().enumerate() {
            let j = edge.to as usize;
            if live[j] {
                continue;
            }
            let cost = paths.best[i].1 + edge.cost;
            let kind = (edge.act, g.nodes[j].room);
            let better = kinds.get(&kind).is_none_or(|&(c, _, _)| cost < c);
            if better {
                kinds.insert(kind, (cost, i, e));
            }
        }
    }
    let mut cheapest: Vec<(f64, usize, usize)> = kinds.into_values().collect();
    cheapest.sort_by(|a, b| a.0.total_cmp(&b.0));
    let total = cheapest.len();
    let mut found = Vec::new();
    for &(cost, i, e) in cheapest.iter().take(MAX_DEAD_END_KINDS) {
        found.push(describe(prep, g, &paths, i, e, cost)?);
    }
    Ok(DeadEnds {
        exist: Some(count > 0),
        states: Some(count),
        found,
        kinds: total,
        complete: true,
    })
}

/// The dead end entered by edge `e` out of live state `i`.
fn describe(
    prep: &Prepared<'_>,
    g: &Graph,
    paths: &super::general::Paths,
    i: usize,
    e: usize,
    cost: f64,
) -> Result<DeadEnd, SolveError> {
    let edge = g.edges[i][e];
    let mut acts = g.actions_to(paths, i as u32);
    let to = edge.to as usize;
    acts.push((edge.act, g.nodes[to].room));
    let steps = prep.trace_rooms(acts.into_iter())?.steps;
    Ok(DeadEnd {
        steps,
        cost,
        room: prep.level.rooms[g.nodes[to].room].id.clone(),
        reason: why_stuck(prep, g, to, Some((&g.nodes[i], edge.act))),
    })
}

/// Why the goal is out of reach from state `at`, entered by `step` (the
/// state before it and the action) when there was one.
pub(crate) fn why_stuck(
    prep: &Prepared<'_>,
    g: &Graph,
    at: usize,
    step: Option<(&Node, u32)>,
) -> String {
    let closure = closure(g, at);
    let nodes: Vec<&Node> = closure.iter().map(|&i| &g.nodes[i]).collect();
    stuck_words(prep.level, prep.mechanics(), &nodes, step)
}

/// "stuck in room r4: <what the step did>, so <the doors in the way>".
pub(crate) fn stuck_words(
    level: &Level,
    m: &Mechanics,
    closure: &[&Node],
    step: Option<(&Node, u32)>,
) -> String {
    let mut rooms = vec![false; m.rooms()];
    for node in closure {
        rooms[node.room] = true;
    }
    let mut text = stuck_in(level, &rooms);
    let cause = step.and_then(|(before, act)| cause_words(level, m, before, act));
    let blockers = blockers(level, m, closure, &rooms);
    let goal_keys = goal_words(level, m, closure, &rooms);
    let mut why: Vec<String> = blockers;
    why.extend(goal_keys);
    match (cause, why.is_empty()) {
        (Some(c), false) => text += &format!(": {c}, so {}", why.join("; ")),
        (Some(c), true) => text += &format!(": {c}, and no door leads on from here"),
        (None, false) => text += &format!(": {}", why.join("; ")),
        (None, true) => text += ": no door leads on from here",
    }
    text
}

/// Every state reachable from `at` (itself included).
fn closure(g: &Graph, at: usize) -> Vec<usize> {
    let mut seen = vec![false; g.nodes.len()];
    seen[at] = true;
    let mut out = vec![at];
    let mut next = 0;
    while next < out.len() {
        let i = out[next];
        next += 1;
        for e in &g.edges[i] {
            if !std::mem::replace(&mut seen[e.to as usize], true) {
                out.push(e.to as usize);
            }
        }
    }
    out
}

/// What the fatal step did, when it did something that cannot be undone.
fn cause_words(level: &Level, m: &Mechanics, before: &Node, act: u32) -> Option<String> {
    if act & PULL != 0 {
        let l = (act & !PULL) as usize;
        let lever = level.levers.get(l)?;
        return Some(if lever.once {
            format!(
                "lever \"{}\" was pulled and can be pulled only once",
                lever.id
            )
        } else {
            format!("lever \"{}\" was pulled", lever.id)
        });
    }
    let d = act as usize;
    let door = m.doors().get(d)?;
    let (a, b) = m.ends(d)?;
    let to = if before.room == a { b } else { a };
    let p = Passage {
        door: d,
        from: before.room,
        to,
    };
    let spent = m.spend_now(p, before);
    if !spent.is_empty() {
        let items: Vec<String> = spent
            .iter()
            .map(|&(kind, n)| count_words(n, &m.kinds()[kind]))
            .collect();
        return Some(format!(
            "{} spent on {}",
            items.join(" and "),
            door_name(level, d)
        ));
    }
    if door.one_way {
        return Some(format!(
            "{} is one-way and no way leads back",
            door_name(level, d)
        ));
    }
    if door.lock_side.is_some() && !m.locked_here(p) {
        return Some(format!(
            "{} let the player through from its free side, and the lock is on the other side",
            door_name(level, d)
        ));
    }
    None
}

/// "1 small key", "2 bombs".
fn count_words(n: u32, kind: &str) -> String {
    let noun = if kind == crate::model::SMALL {
        "small key"
    } else {
        kind
    };
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {}", plural(noun))
    }
}

fn plural(noun: &str) -> String {
    if noun.ends_with('s') {
        noun.to_owned()
    } else {
        format!("{noun}s")
    }
}

/// The doors out of the rooms the player can still reach, each with why
/// it stays shut (at most three).
fn blockers(level: &Level, m: &Mechanics, closure: &[&Node], rooms: &[bool]) -> Vec<String> {
    let mut out = Vec::new();
    let mut done = vec![false; m.doors().len()];
    for p in m.passages() {
        if !rooms[p.from] || rooms[p.to] || done[p.door] {
            continue;
        }
        let reasons: BTreeSet<String> = closure
            .iter()
            .filter(|n| n.room == p.from)
            .filter_map(|n| m.blocked(*p, *n).map(|b| blocked_words(level, m, *p, n, b)))
            .collect();
        if reasons.is_empty() {
            continue;
        }
        done[p.door] = true;
        let all: Vec<String> = reasons.into_iter().collect();
        out.push(all.join(", or "));
        if out.len() == 3 {
            break;
        }
    }
    out
}

/// Why `p` is blocked in `node`, in words that name the new causes.
fn blocked_words(level: &Level, m: &Mechanics, p: Passage, node: &Node, b: Blocked) -> String {
    let door = door_name(level, p.door);
    let one_side = m.doors()[p.door].lock_side.is_some();
    let side = if one_side {
        " (from this side; the lock is on this side only)"
    } else {
        ""
    };
    match b {
        Blocked::Closed if m.doors()[p.door].opening == Opening::When => {
            format!(
                "{door} only opens while {}",
                condition_words(level, m, p.door, node)
            )
        }
        Blocked::Closed if m.doors()[p.door].opening == Opening::Shut => {
            format!("{door} is closed for good")
        }
        Blocked::NotEnoughItems { kind, needed, held } => {
            let kind = &m.kinds()[kind];
            items_words(&door, needed, held, kind, side)
        }
        Blocked::NotEnoughSmallKeys { needed, held } => {
            items_words(&door, needed, held, crate::model::SMALL, side)
        }
        other => {
            let words = Illegal::from_blocked(level, p.door, other).to_string();
            format!("{words}{side}")
        }
    }
}

fn items_words(door: &str, needed: u32, held: u32, kind: &str, side: &str) -> String {
    let noun = if kind == crate::model::SMALL {
        "small keys".to_owned()
    } else {
        plural(kind)
    };
    if held == 0 {
        format!(
            "{door} needs {}{side}: no {noun} left",
            count_words(needed, kind)
        )
    } else {
        format!(
            "{door} needs {}{side}: only {held} left",
            count_words(needed, kind)
        )
    }
}

/// "l2 is down and l5 is up, or l3 is down"; a lever pulled an odd number
/// of times is down. A `once` lever already pulled says so.
fn condition_words(level: &Level, m: &Mechanics, door: usize, node: &Node) -> String {
    let lists = &m.doors()[door].open_when;
    if lists.is_empty() {
        return "a condition that never holds".to_owned();
    }
    let lever = |l: usize| level.levers.get(l).map_or("?", |x| x.id.as_str());
    let words: Vec<String> = lists
        .iter()
        .map(|all| {
            if all.is_empty() {
                return "always".to_owned();
            }
            let parts: Vec<String> = all
                .iter()
                .map(|&(l, down)| {
                    let pos = if down { "down" } else { "up" };
                    let stuck = m.levers()[l].once && node.pulled_odd(l);
                    if stuck {
                        format!("{} is {pos} (it was pulled once, for good)", lever(l))
                    } else {
                        format!("{} is {pos}", lever(l))
                    }
                })
                .collect();
            parts.join(" and ")
        })
        .collect();
    words.join(", or ")
}

/// The keys the goal requires that no state of the closure holds, when the
/// goal room is reached.
fn goal_words(level: &Level, m: &Mechanics, closure: &[&Node], rooms: &[bool]) -> Option<String> {
    if !rooms[m.goal()] {
        return None;
    }
    let missing: Vec<String> = m
        .goal_requires()
        .iter()
        .filter(|&&k| !closure.iter().any(|n| n.holds(k)))
        .map(|&k| format!("\"{}\"", level.keys[k].id))
        .collect();
    (!missing.is_empty()).then(|| format!("the goal needs key {}", missing.join(", ")))
}
