//! What a designer wants to know beyond the least cost: dead ends with a
//! trace into each, rooms never reached, keys no solution needs, and the
//! least number of lever pulls.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use rustc_hash::FxHashMap;

use super::compile::{Compiled, PULL};
use super::search::{Explored, ROOT};
use super::{Plan, Prepared, SolveError, SolveJob, SolveOptions, WidthFn, explain};
use crate::model::{KeyId, Level, RoomId};
use crate::rules::Step;

/// At most this many kinds of dead end are described (all are counted).
pub const MAX_DEAD_END_KINDS: usize = 50;

/// One way a player can get stuck, with the cheapest trace into it.
#[derive(Clone, Debug, PartialEq)]
pub struct DeadEnd {
    /// From the start up to and including the step after which the goal can
    /// no longer be reached, pickups included. Empty when the level cannot be
    /// solved from the very start.
    pub steps: Vec<Step>,
    /// Cost of the trace.
    pub cost: f64,
    /// The room the player is in once stuck.
    pub room: RoomId,
    /// Why the goal can no longer be reached, in words.
    pub reason: String,
}

/// The full analysis of a level.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// A least-cost plan, or `None` when the level cannot be solved.
    pub plan: Option<Plan>,
    /// A plan with the least lever pulls (walking free), least cost among those.
    pub min_pulls: Option<Plan>,
    /// Every reachable state (goal states are not left).
    pub states_explored: usize,
    /// Reachable states from which the goal can no longer be reached.
    pub dead_end_states: usize,
    /// One entry per kind of fatal step (the same step from the same room),
    /// cheapest trace first, at most [`MAX_DEAD_END_KINDS`].
    pub dead_ends: Vec<DeadEnd>,
    /// How many kinds of fatal step there are in all.
    pub dead_end_kinds: usize,
    /// Rooms no play can enter.
    pub unreachable_rooms: Vec<RoomId>,
}

/// Explores every reachable state and reports what a designer needs.
/// Keys that no solution needs are found separately by [`unneeded_keys`].
pub fn analyze(level: &Level, options: &SolveOptions) -> Result<Analysis, SolveError> {
    let prepared = Prepared::new(level, None)?;
    prepared.run(options, false, &AnalyzeJob(&prepared))
}

/// The keys whose removal keeps the level solvable, given a least-cost `plan`
/// of it (from [`super::solve`] or [`analyze`]).
///
/// A key the plan never picks up is unneeded; a key the goal requires is
/// needed; every other key costs one solve of the level without it.
pub fn unneeded_keys(
    level: &Level,
    plan: &Plan,
    options: &SolveOptions,
) -> Result<Vec<KeyId>, SolveError> {
    let mut unneeded = Vec::new();
    for key in &level.keys {
        let picked = plan
            .steps
            .iter()
            .any(|s| matches!(s, Step::Pickup { key: k } if k == &key.id));
        let needed = if !picked {
            false // the plan solves the level without ever touching it
        } else if level.goal_requires.contains(&key.id) {
            true
        } else {
            let without = Prepared::new(level, Some(&key.id))?;
            without
                .run(options, true, &SolveJob(&without))?
                .plan
                .is_none()
        };
        if !needed {
            unneeded.push(key.id.clone());
        }
    }
    Ok(unneeded)
}

struct AnalyzeJob<'p, 'a>(&'p Prepared<'a>);

impl WidthFn<Analysis> for AnalyzeJob<'_, '_> {
    fn call<const W: usize>(
        &self,
        c: &Compiled<W>,
        ex: &Explored<W>,
    ) -> Result<Analysis, SolveError> {
        let prep = self.0;
        let live = co_reachable(ex);
        let dead_end_states = live.iter().filter(|&&l| !l).count();
        let (dead_ends, dead_end_kinds) = dead_ends(prep, c, ex, &live)?;
        let mut seen = vec![false; prep.level.rooms.len()];
        for s in &ex.states {
            seen[c.room(s)] = true;
        }
        let unreachable_rooms = prep
            .level
            .rooms
            .iter()
            .zip(&seen)
            .filter(|&(_, &s)| !s)
            .map(|(r, _)| r.id.clone())
            .collect();
        let plan = match ex.goals.first() {
            Some(&g) => Some(prep.plan_to(c, ex, g)?),
            None => None,
        };
        Ok(Analysis {
            plan,
            min_pulls: min_pulls(prep, c, ex)?,
            states_explored: ex.settled,
            dead_end_states,
            dead_ends,
            dead_end_kinds,
            unreachable_rooms,
        })
    }
}

/// Which states can still reach a goal state: a search backwards over the kept edges.
fn co_reachable<const W: usize>(ex: &Explored<W>) -> Vec<bool> {
    let n = ex.states.len();
    let mut start = vec![0u32; n + 1];
    for e in &ex.edges {
        start[e.to as usize + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut preds = vec![0u32; ex.edges.len()];
    for i in 0..n as u32 {
        for e in ex.edges_of(i) {
            preds[fill[e.to as usize] as usize] = i;
            fill[e.to as usize] += 1;
        }
    }
    let mut live = vec![false; n];
    let mut queue: VecDeque<u32> = VecDeque::new();
    for &g in &ex.goals {
        live[g as usize] = true;
        queue.push_back(g);
    }
    while let Some(v) = queue.pop_front() {
        for &u in &preds[start[v as usize] as usize..start[v as usize + 1] as usize] {
            if !live[u as usize] {
                live[u as usize] = true;
                queue.push_back(u);
            }
        }
    }
    live
}

/// Groups the steps that lead from a live state into a dead one, keeps the
/// cheapest of each kind, and explains each.
fn dead_ends<const W: usize>(
    prep: &Prepared<'_>,
    c: &Compiled<W>,
    ex: &Explored<W>,
    live: &[bool],
) -> Result<(Vec<DeadEnd>, usize), SolveError> {
    if ex.goals.is_empty() {
        // Nothing is live: the start itself is the dead end.
        let reason = explain::why_stuck(prep, c, ex, 0);
        let room = prep.level.rooms[c.room(&ex.states[0])].id.clone();
        let steps = prep.trace(c, std::iter::empty())?.steps;
        return Ok((
            vec![DeadEnd {
                steps,
                cost: 0.0,
                room,
                reason,
            }],
            1,
        ));
    }
    // (action, room entered or pulled in) -> (cost, from state, to state)
    type Kind = (u32, usize);
    type Cheapest = (f64, u32, u32);
    let mut kinds: FxHashMap<Kind, Cheapest> = FxHashMap::default();
    for i in 0..ex.states.len() as u32 {
        if !live[i as usize] {
            continue;
        }
        for e in ex.edges_of(i) {
            if live[e.to as usize] {
                continue;
            }
            let cost = ex.dist[i as usize] + prep.act_cost(e.act);
            let key = (e.act, c.room(&ex.states[e.to as usize]));
            let better = kinds
                .get(&key)
                .is_none_or(|&(best, from, _)| (cost, i) < (best, from));
            if better {
                kinds.insert(key, (cost, i, e.to));
            }
        }
    }
    let total = kinds.len();
    let mut ranked: Vec<(Kind, Cheapest)> = kinds.into_iter().collect();
    ranked.sort_by(|a, b| a.1.0.total_cmp(&b.1.0).then(a.0.cmp(&b.0)));
    let mut out = Vec::new();
    for ((act, room), (cost, from, to)) in ranked.into_iter().take(super::MAX_DEAD_END_KINDS) {
        let mut acts: Vec<(u32, super::compile::Bits<W>)> = ex
            .actions_to(from)
            .into_iter()
            .map(|(a, j)| (a, ex.states[j as usize]))
            .collect();
        acts.push((act, ex.states[to as usize]));
        let steps = prep.trace(c, acts.into_iter())?.steps;
        out.push(DeadEnd {
            steps,
            cost,
            room: prep.level.rooms[room].id.clone(),
            reason: explain::why_stuck(prep, c, ex, to),
        });
    }
    Ok((out, total))
}

/// The plan with the fewest pulls (walking free), cheapest among those:
/// Dijkstra over the kept graph ordered by (pulls, cost).
fn min_pulls<const W: usize>(
    prep: &Prepared<'_>,
    c: &Compiled<W>,
    ex: &Explored<W>,
) -> Result<Option<Plan>, SolveError> {
    let n = ex.states.len();
    let mut best: Vec<(u32, f64)> = vec![(u32::MAX, f64::INFINITY); n];
    let mut parent = vec![ROOT; n];
    let mut via = vec![0u32; n];
    let mut done = vec![false; n];
    let mut heap = BinaryHeap::new();
    best[0] = (0, 0.0);
    heap.push(Reverse((0u32, 0f64.to_bits(), 0u32)));
    let mut goal = None;
    while let Some(Reverse((pulls, cost_bits, i))) = heap.pop() {
        let iu = i as usize;
        if done[iu] {
            continue;
        }
        done[iu] = true;
        if c.is_goal(&ex.states[iu]) {
            goal = Some(i);
            break;
        }
        let cost = f64::from_bits(cost_bits);
        for e in ex.edges_of(i) {
            let next = (
                pulls + u32::from(e.act & PULL != 0),
                cost + prep.act_cost(e.act),
            );
            let t = e.to as usize;
            if !done[t] && (next.0, next.1) < best[t] {
                best[t] = next;
                parent[t] = i;
                via[t] = e.act;
                heap.push(Reverse((next.0, next.1.to_bits(), e.to)));
            }
        }
    }
    let Some(mut i) = goal else { return Ok(None) };
    let mut acts = Vec::new();
    while parent[i as usize] != ROOT {
        acts.push((via[i as usize], ex.states[i as usize]));
        i = parent[i as usize];
    }
    acts.reverse();
    prep.plan(c, acts.into_iter()).map(Some)
}
