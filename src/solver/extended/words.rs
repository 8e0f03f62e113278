//! Dead ends of an extended level's explored graph, for the tests: the
//! general engine's answer, with why the player is stuck there made by
//! the same fields ([`crate::solver::findings`]) as the compiled analysis.

use crate::solver::analysis::{DeadEnd, DeadEnds, MAX_DEAD_END_KINDS};
use crate::solver::findings::{DeadEndWhy, Within, dead_end_why};
use crate::solver::general::{Graph, Node};
use crate::solver::{Prepared, SolveError};

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
        let (why, reason) = why_stuck(prep, g, 0, None);
        let found = DeadEnd {
            steps,
            cost: 0.0,
            room: prep.level.start.clone(),
            why,
            reason,
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
    let (why, reason) = why_stuck(prep, g, to, Some((&g.nodes[i], edge.act)));
    Ok(DeadEnd {
        steps,
        cost,
        room: prep.level.rooms[g.nodes[to].room].id.clone(),
        why,
        reason,
    })
}

/// Why the goal is out of reach from state `at`, entered by `step` (the
/// state before it and the action) when there was one.
pub(crate) fn why_stuck(
    prep: &Prepared<'_>,
    g: &Graph,
    at: usize,
    step: Option<(&Node, u32)>,
) -> (DeadEndWhy, String) {
    let closure = closure(g, at);
    let nodes: Vec<&Node> = closure.iter().map(|&i| &g.nodes[i]).collect();
    let within = Within {
        states: &nodes,
        whole: true,
    };
    let why = dead_end_why(prep.level, prep.mechanics(), &within, step);
    let words = crate::solver::explain::sentence(prep.level, &why);
    (why, words)
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
