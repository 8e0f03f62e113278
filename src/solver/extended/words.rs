//! Dead ends of an extended level's explored graph, and the words that
//! say why the player is stuck there, with the causes only these levels
//! have: "the door only opens while l2 is down and l5 is up", "no bombs
//! left", "the lock is on the other side".

use std::collections::BTreeSet;

use crate::model::Level;
use crate::rules::Illegal;
use crate::rules::mechanics::{Blocked, Holdings, Mechanics, Opening, Passage};
#[cfg(test)]
use crate::solver::analysis::{DeadEnd, DeadEnds, MAX_DEAD_END_KINDS};
use crate::solver::compile::PULL;
use crate::solver::explain::{door_name, stuck_in};
#[cfg(test)]
use crate::solver::general::{Graph, Node};
#[cfg(test)]
use crate::solver::{Prepared, SolveError};

#[cfg(test)]
/// Every dead end of the explored graph, grouped by kind (the same step
/// into the same room), the cheapest trace of each kind kept.
pub(super) fn dead_ends(
    prep: &Prepared<'_>,
    g: &Graph,
    live: &[bool],
) -> Result<DeadEnds, SolveError> {
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

#[cfg(test)]
/// The dead end entered by edge `e` out of live state `i`.
fn describe(
    prep: &Prepared<'_>,
    g: &Graph,
    paths: &crate::solver::general::Paths,
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

#[cfg(test)]
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

/// A state of play the words read: where the player stands, and what
/// the rules ask of it. The general search's [`Node`]s and the compiled
/// states ([`crate::solver::compile::StateView`]) both are.
pub(crate) trait Placed: Holdings {
    /// The room the player stands in.
    fn room_now(&self) -> usize;
}

#[cfg(test)]
impl Placed for Node {
    fn room_now(&self) -> usize {
        self.room
    }
}

impl Placed for crate::solver::compile::StateView<'_> {
    fn room_now(&self) -> usize {
        self.room()
    }
}

/// "stuck in room r4: <what the step did>, so <the doors in the way>".
pub(crate) fn stuck_words<S: Placed>(
    level: &Level,
    m: &Mechanics,
    closure: &[&S],
    step: Option<(&S, u32)>,
) -> String {
    let mut rooms = vec![false; m.rooms()];
    for node in closure {
        rooms[node.room_now()] = true;
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

#[cfg(test)]
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
fn cause_words<S: Placed>(level: &Level, m: &Mechanics, before: &S, act: u32) -> Option<String> {
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
    let from = before.room_now();
    let to = if from == a { b } else { a };
    let p = Passage { door: d, from, to };
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
fn blockers<S: Placed>(
    level: &Level,
    m: &Mechanics,
    closure: &[&S],
    rooms: &[bool],
) -> Vec<String> {
    let mut out = Vec::new();
    let mut done = vec![false; m.doors().len()];
    for p in m.passages() {
        if !rooms[p.from] || rooms[p.to] || done[p.door] {
            continue;
        }
        let reasons: BTreeSet<String> = closure
            .iter()
            .filter(|n| n.room_now() == p.from)
            .filter_map(|n| m.blocked(p, *n).map(|b| blocked_words(level, m, p, *n, b)))
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
fn blocked_words<S: Placed>(
    level: &Level,
    m: &Mechanics,
    p: Passage,
    node: &S,
    b: Blocked,
) -> String {
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
fn condition_words<S: Placed>(level: &Level, m: &Mechanics, door: usize, node: &S) -> String {
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
fn goal_words<S: Placed>(
    level: &Level,
    m: &Mechanics,
    closure: &[&S],
    rooms: &[bool],
) -> Option<String> {
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
