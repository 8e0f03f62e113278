//! Dead ends: found exactly over every reachable state when they fit the
//! budget, otherwise hunted for, cheapest first, by checking each
//! irreversible step the player can take (no other step can cause one).

use std::collections::VecDeque;

use rustc_hash::FxHashMap;

use super::analysis::{DeadEnd, DeadEnds, MAX_DEAD_END_KINDS, Run};
use super::astar::ROOT;
use super::compile::{Compiled, PULL};
use super::exhaustive::Explored;
use super::explain::sentence;
use super::findings::{DeadEndWhy, Within, dead_end_why};
use super::lex_queue::LexQueue;
use super::store::Store;
use super::{Plan, Prepared, SolveError};
use crate::rules::mechanics::{Mechanics, Passage};

mod counted;
mod hunt;
mod never_fatal;
mod scout;
mod shorten;

#[cfg(test)]
pub(crate) use counted::maybe_fatal;
pub(crate) use hunt::hunt;
#[cfg(test)]
pub(crate) use hunt::kinds_in_two_goes;
pub(crate) use never_fatal::never_fatal;

/// True when the hunt can explore the counted states of `m` (small keys
/// only, each door free, shut or locked by them on both sides, no lever),
/// which prove steps never fatal when the exploration finishes.
pub(crate) fn counted_applies(m: &Mechanics) -> bool {
    counted::applies(m)
}
#[cfg(test)]
pub(crate) use scout::{Witness, follow_all, scout};
#[cfg(test)]
pub(crate) use shorten::shorten_all;

/// States a dead end's explanation looks at, at most.
const CLOSURE_STATES: usize = 100_000;
/// Words of state the steps of that closure may read and write, and words
/// it may store, at most ([`Compiled::step_work`]): the steps of one state
/// in a room with 100,000 doors, each with an unlock bit, already come to
/// 150 million. An explanation drawn from the states nearest the dead end
/// is as true, if less complete. Levels of up to a few hundred doors never
/// reach it (100,000 states of 40 words).
const CLOSURE_WORK: usize = 4_000_000;
/// States one check "is the goal still reachable from here?" may store.
const CHECK_STATES: usize = 200_000;

/// What a hunt for dead ends found.
pub(crate) struct Found {
    pub dead_ends: DeadEnds,
    /// Rooms of the states met.
    pub reached: Vec<bool>,
    /// Whether the start can reach the goal (the level can be solved),
    /// when the hunt proved it either way; proven reachable, the level is
    /// solvable though no plan may have been found.
    pub start_reaches_goal: Option<bool>,
}

/// The irreversible step after which the goal was out of reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cause {
    /// Small keys were spent on this door.
    Spent { door: usize, keys: u32 },
    /// The player went through this one-way door.
    Dropped { door: usize },
    /// The player went through this door from its free side; its lock is
    /// on the way back.
    FreeSide { door: usize },
    /// The player pulled this `once` lever.
    Once { lever: usize },
}

/// The step `act` from `before`: what made it irreversible, if anything.
pub(crate) fn cause(m: &Mechanics, c: &Compiled, before: &[u64], act: u32) -> Option<Cause> {
    if act & PULL != 0 {
        let lever = (act & !PULL) as usize;
        return (m.levers().get(lever)?.once).then_some(Cause::Once { lever });
    }
    let door = act as usize;
    let p = m.leaving(door, c.room(before))?;
    let view = c.view(before);
    if !m.spend_now(p, &view).is_empty() {
        let keys = m.spends(p, &view);
        Some(Cause::Spent { door, keys })
    } else if m.is_one_way(door) {
        Some(Cause::Dropped { door })
    } else if m.locks_one_side(door) && !m.locked_here(p) && way_back_locked(m, c, before, p) {
        Some(Cause::FreeSide { door })
    } else {
        None
    }
}

/// True when, after passage `p` from state `before` (from the free side of
/// its door's one-sided lock, so it spends nothing), the lock stops the
/// player from walking straight back, or would take items: what they hold
/// then does not open it. Otherwise they can undo the step, holding more
/// than before.
fn way_back_locked(m: &Mechanics, c: &Compiled, before: &[u64], p: Passage) -> bool {
    let mut after = before.to_vec();
    c.set_room(&mut after, p.to);
    c.loot(&mut after, p.to);
    let back = Passage {
        door: p.door,
        from: p.to,
        to: p.from,
    };
    // Walking back must undo the step: spending on the way would not.
    let view = c.view(&after);
    m.blocked(back, &view).is_some() || !m.spend_now(back, &view).is_empty()
}

/// Why the player is stuck in the states of `closure`, entered by action
/// `act` from state `before` when there was a step: the fields, and the
/// default sentence made from them.
pub(crate) fn reason(
    level: &crate::model::Level,
    m: &Mechanics,
    c: &Compiled,
    closure: &Closure,
    step: Option<(&[u64], u32)>,
) -> (DeadEndWhy, String) {
    let views: Vec<_> = closure.states.iter().map(|s| c.view(s)).collect();
    let refs: Vec<_> = views.iter().collect();
    let within = Within {
        states: &refs,
        whole: closure.whole,
    };
    let before = step.map(|(s, act)| (c.view(s), act));
    let step = before.as_ref().map(|(view, act)| (view, *act));
    let why = dead_end_why(level, m, &within, step);
    let words = sentence(level, &why);
    (why, words)
}

/// The states reachable from a dead end, nearest first, as far as an
/// explanation looks.
pub(crate) struct Closure {
    pub states: Vec<Vec<u64>>,
    /// Whether they are every state reachable, not only the nearest.
    pub whole: bool,
}

/// Every state reachable from `from` by the steps of `c`, `from` first,
/// nearest first: at most [`CLOSURE_STATES`] of them, and no more steps
/// than [`CLOSURE_WORK`] allows.
pub(crate) fn closure(c: &Compiled, from: &[u64]) -> Closure {
    let mut store = Store::new(c.width, c.layout.total_bits);
    store.insert(from);
    let mut next = 0u32;
    let mut scratch = vec![0u64; c.width];
    let mut cur = vec![0u64; c.width];
    let mut work = 0usize;
    let mut whole = true;
    while (next as usize) < store.len() {
        cur.copy_from_slice(store.get(next));
        work = work.saturating_add(c.step_work(&cur));
        if store.len() >= CLOSURE_STATES || (next > 0 && work > CLOSURE_WORK) {
            whole = false;
            break;
        }
        next += 1;
        c.successors(&cur, &mut scratch, |t, _, _| {
            if store.len() * c.width < CLOSURE_WORK {
                store.insert(t);
            } else if store.find(t).is_none() {
                whole = false;
            }
        });
    }
    let states = (0..store.len() as u32)
        .map(|i| store.get(i).to_vec())
        .collect();
    Closure { states, whole }
}

/// The dead end of an unsolvable level: the start, with no step at all.
pub(crate) fn stuck_at_start(run: &Run<'_, '_>) -> Result<DeadEnd, SolveError> {
    let prep = run.prep;
    let c = prep.compiled();
    let states = closure(c, &c.start);
    let steps = prep.trace(c, std::iter::empty())?.steps;
    let (why, reason) = reason(prep.level, prep.mechanics(), c, &states, None);
    Ok(DeadEnd {
        steps,
        cost: 0.0,
        room: prep.level.rooms[prep.mechanics().start()].id.clone(),
        why,
        reason,
    })
}

/// A dead end entered by `act` from state `before` into `after`, with the
/// trace `acts` up to `before`.
fn describe(
    prep: &Prepared<'_>,
    c: &Compiled,
    mut acts: Vec<(u32, Vec<u64>)>,
    before: &[u64],
    act: u32,
    after: &[u64],
    cost: f64,
) -> Result<DeadEnd, SolveError> {
    acts.push((act, after.to_vec()));
    let steps = prep.trace(c, acts.into_iter())?.steps;
    let states = closure(c, after);
    let step = Some((before, act));
    let (why, reason) = reason(prep.level, prep.mechanics(), c, &states, step);
    Ok(DeadEnd {
        steps,
        cost,
        room: prep.level.rooms[c.room(after)].id.clone(),
        why,
        reason,
    })
}

/// Every dead end of a fully explored level: the steps that lead from a
/// state that can still reach the goal into one that cannot, grouped by
/// kind (the same step into the same room), the cheapest of each kind kept.
pub(crate) fn from_explored(
    run: &Run<'_, '_>,
    c: &Compiled,
    ex: &Explored,
) -> Result<DeadEnds, SolveError> {
    let prep = run.prep;
    let live = ex.live();
    let dead_states = live.iter().filter(|&&l| !l).count();
    if ex.goals.is_empty() {
        let states = closure(c, &c.start);
        let steps = prep.trace(c, std::iter::empty())?.steps;
        let (why, reason) = reason(prep.level, prep.mechanics(), c, &states, None);
        let start = DeadEnd {
            steps,
            cost: 0.0,
            room: prep.level.rooms[c.room(&c.start)].id.clone(),
            why,
            reason,
        };
        return Ok(DeadEnds {
            exist: Some(true),
            states: Some(dead_states),
            found: vec![start],
            kinds: 1,
            complete: true,
        });
    }
    // (action, room entered or pulled in) -> (cost, from state, to state)
    let mut kinds: FxHashMap<(u32, usize), (f64, u32, u32)> = FxHashMap::default();
    for i in 0..ex.len() as u32 {
        if !live[i as usize] {
            continue;
        }
        for e in ex.edges_of(i) {
            if live[e.to as usize] {
                continue;
            }
            let cost = ex.dist[i as usize] + prep.act_cost(e.act);
            let key = (e.act, c.room(ex.store.get(e.to)));
            let better = kinds
                .get(&key)
                .is_none_or(|&(best, from, _)| (cost, i) < (best, from));
            if better {
                kinds.insert(key, (cost, i, e.to));
            }
        }
    }
    let total = kinds.len();
    let mut ranked: Vec<_> = kinds.into_iter().collect();
    ranked.sort_by(|a, b| a.1.0.total_cmp(&b.1.0).then(a.0.cmp(&b.0)));
    let mut found = Vec::new();
    for ((act, _), (cost, from, to)) in ranked.into_iter().take(MAX_DEAD_END_KINDS) {
        let acts: Vec<(u32, Vec<u64>)> = ex
            .actions_to(from)
            .into_iter()
            .map(|(a, j)| (a, ex.store.get(j).to_vec()))
            .collect();
        found.push(describe(
            prep,
            c,
            acts,
            ex.store.get(from),
            act,
            ex.store.get(to),
            cost,
        )?);
    }
    Ok(DeadEnds {
        exist: Some(dead_states > 0),
        states: Some(dead_states),
        found,
        kinds: total,
        complete: true,
    })
}

/// A plan found quickly, not necessarily the cheapest, for an upper bound.
pub(crate) fn greedy_plan(run: &mut Run<'_, '_>) -> Result<Option<Plan>, SolveError> {
    let (plan, settled) = run.prep.quick_plan(&run.budget.share(0.5))?;
    run.states += settled;
    Ok(plan)
}

/// The fewest pulls of any plan over the explored graph, walking free: a
/// breadth-first search in which a pull costs 1 and a move 0. Cheaper than
/// [`min_pulls_explored`], which also orders by cost: when the least-cost
/// plan pulls this few, it is that search's answer, and it need not run.
pub(crate) fn fewest_pulls_explored(ex: &Explored) -> Option<u32> {
    let mut goal = vec![false; ex.len()];
    for &g in &ex.goals {
        goal[g as usize] = true;
    }
    let mut pulls = vec![u32::MAX; ex.len()];
    let mut queue = VecDeque::from([0u32]);
    pulls[0] = 0;
    while let Some(i) = queue.pop_front() {
        let here = pulls[i as usize];
        if goal[i as usize] {
            return Some(here);
        }
        for e in ex.edges_of(i) {
            let pull = u32::from(e.act & PULL != 0);
            let t = e.to as usize;
            if here + pull < pulls[t] {
                pulls[t] = here + pull;
                if pull == 0 {
                    queue.push_front(e.to);
                } else {
                    queue.push_back(e.to);
                }
            }
        }
    }
    None
}

/// The plan with the fewest pulls (walking free), cheapest among those:
/// Dijkstra over the explored graph ordered by `(pulls, cost)`.
pub(crate) fn min_pulls_explored(
    prep: &Prepared<'_>,
    c: &Compiled,
    ex: &Explored,
) -> Result<Option<Plan>, SolveError> {
    let n = ex.len();
    let mut best: Vec<(u32, f64)> = vec![(u32::MAX, f64::INFINITY); n];
    let mut parent = vec![ROOT; n];
    let mut via = vec![0u32; n];
    let mut done = vec![false; n];
    let mut queue = LexQueue::default();
    best[0] = (0, 0.0);
    queue.push((0, 0f64.to_bits()), 0);
    let mut goal = None;
    while let Some(((pulls, cost_bits), i)) = queue.pop() {
        let iu = i as usize;
        if done[iu] {
            continue;
        }
        done[iu] = true;
        if c.is_goal(ex.store.get(i)) {
            goal = Some(i);
            break;
        }
        let cost = f64::from_bits(cost_bits);
        for e in ex.edges_of(i) {
            let next = (
                pulls as u32 + u32::from(e.act & PULL != 0),
                cost + prep.act_cost(e.act),
            );
            let t = e.to as usize;
            if !done[t] && next < best[t] {
                best[t] = next;
                parent[t] = i;
                via[t] = e.act;
                queue.push((u64::from(next.0), next.1.to_bits()), e.to);
            }
        }
    }
    let Some(mut i) = goal else { return Ok(None) };
    let mut acts = VecDeque::new();
    while parent[i as usize] != ROOT {
        acts.push_front((via[i as usize], ex.store.get(i).to_vec()));
        i = parent[i as usize];
    }
    prep.plan(c, acts.into_iter()).map(Some)
}
