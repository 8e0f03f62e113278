//! Which keys a solution needs: named keys one by one (is the level still
//! solvable without it?), small keys as a number (any small key can stand
//! for another, so the question is how many, not which).

use super::alike::Alike;
use super::alternatives;
use super::analysis::{KeyNeeds, Run};
use super::astar::Outcome;
use super::compile::Compiled;
use super::events;
use super::exhaustive::Explored;
use super::facts;
use super::reversible;
use super::{Plan, SolveError};
use crate::model::KeyId;
use crate::rules::altered::Altered;
use crate::rules::mechanics::Holdings;
use crate::rules::{Resolved, Rules, Step};

mod items;
mod without;

/// Most work [`spared_by_plan`] does on one plan, in list entries of the
/// doors' rules read ([`Mechanics::rule_size`](crate::rules::Mechanics::rule_size)): a key held through
/// thousands of locked steps on a level of thousands of keys, or thousands
/// of keys held at a door locked by thousands, are left to the searches.
const MAX_SPARE_CHECKS: usize = 4_000_000;

/// Questions the relaxed reach may answer when sorting alternatives once
/// the budget is spent: each is a walk over the level.
const MAX_CHEAP_AFTER_TIME: usize = 64;

/// Is the level solvable with the keys of `removed` taken out? `None` when
/// the budget ran out first. `reversible` says the level has no
/// irreversible step, so exploring rooms answers it without a search.
fn solvable_without(
    run: &mut Run<'_, '_>,
    removed: &[bool],
    reversible: bool,
) -> Result<Option<bool>, SolveError> {
    let prep = run.prep;
    let m = prep.mechanics();
    let relaxed = facts::relaxed(m, removed).goal;
    if !relaxed {
        return Ok(Some(false));
    }
    if relaxed_is_exact(m, reversible) {
        return Ok(Some(true));
    }
    if reversible {
        // The goal room as a wall reaches less than a player can, and as a
        // passage more: each settles the question one way.
        let wall = reversible::explore(m, removed, true, &run.budget);
        match wall {
            Ok(w) => {
                run.states += w.states;
                if w.goal || !w.leaks {
                    return Ok(Some(w.goal));
                }
                // A player lacking a key the goal requires might get further
                // through the goal room: let the search decide.
            }
            Err(stop) => {
                run.stop(stop);
                return Ok(None);
            }
        }
    }
    let without = prep.without(removed);
    let c = without.for_plans();
    let mut h = without.bound(c);
    let ex = events::quick_plan(c, &mut h, &c.start, &run.budget.share(0.3));
    run.states += ex.found.settled;
    Ok(match ex.found.outcome {
        Outcome::Goal(_) => Some(true),
        Outcome::Unreachable => Some(false),
        Outcome::Stopped { stop, .. } => {
            run.stop(stop);
            None
        }
    })
}

/// Whether the relaxed reach is what a player can reach: in an undoable
/// level without levers nothing is relaxed (it only lets the goal room be
/// walked through, which does not change whether the goal is reached).
fn relaxed_is_exact(m: &crate::rules::Mechanics, reversible: bool) -> bool {
    let levers = (m.doors_not_free())
        .any(|(_, d)| matches!(d.opening, crate::rules::mechanics::Opening::Lever { .. }));
    reversible && !levers
}

/// The keys a solution needs, given a least-cost `plan` (nothing is worked
/// out for a level that cannot be solved).
pub(crate) fn key_needs(
    run: &mut Run<'_, '_>,
    plan: Option<&Plan>,
    solvable: Option<bool>,
    reversible: bool,
    explored: Option<&(Compiled, Explored)>,
) -> Result<KeyNeeds, SolveError> {
    let prep = run.prep;
    let level = prep.level;
    let mut needs = KeyNeeds::default();
    if solvable != Some(true) {
        return Ok(needs);
    }
    // A key carried from the start is held by every plan, with no pickup.
    let carried = (level.keys.iter())
        .filter(|k| k.room.is_none())
        .map(|k| &k.id);
    let picked: rustc_hash::FxHashSet<&KeyId> = (plan.iter().flat_map(|p| &p.steps))
        .filter_map(|s| match s {
            Step::Pickup { key } => Some(key),
            _ => None,
        })
        .chain(carried)
        .collect();
    let surely = super::relevance::surely_needed(prep.mechanics(), || prep.blocks());
    // Replaying the plan costs a pass over it: made only when a key is left
    // that nothing cheaper decides.
    let mut spared: Option<Vec<bool>> = None;
    let mut plan_spares = |k: usize| {
        let spared = spared.get_or_insert_with(|| {
            plan.map_or_else(Vec::new, |plan| spared_by_plan(&prep.rules, plan))
        });
        spared.get(k).copied().unwrap_or(false)
    };
    // Where the relaxed reach is exact, a key its way to the goal does not
    // use is not needed, with no search (a walk over the level, skipped
    // when there is no key to ask about).
    let used = (!level.keys.is_empty() && relaxed_is_exact(prep.mechanics(), reversible))
        .then(|| facts::support(prep.mechanics(), prep.relaxed_ways()))
        .flatten();
    let mut removed = vec![false; level.keys.len()];
    let mut alone = Vec::new();
    // Keys the rules cannot tell apart share one answer, asked of the
    // first key of a group that nothing cheaper decides.
    let mut alike: Option<Alike> = None;
    for (k, key) in level.keys.iter().enumerate() {
        if key.kind_name().is_some() {
            continue;
        }
        let needed = if plan.is_some() && !picked.contains(&key.id) {
            Some(false) // the plan solves the level without ever touching it
        } else if surely[k] {
            Some(true)
        } else if used.as_ref().is_some_and(|used| !used[k]) || plan_spares(k) {
            Some(false) // no way to the goal needs it, or the plan does not
        } else {
            let alike = alike.get_or_insert_with(|| Alike::new(prep.mechanics(), &[]));
            match alike.known(k) {
                Some(needed) => Some(needed),
                None if run.out_of_time() => None,
                None => {
                    removed[k] = true;
                    let without = solvable_without(run, &removed, reversible)?;
                    removed[k] = false;
                    let needed = without.map(|w| !w);
                    alike.learn(k, needed);
                    needed
                }
            }
        };
        match needed {
            Some(false) => alone.push(k),
            Some(true) => {}
            None => needs.undecided.push(key.id.clone()),
        }
    }
    sort_alternatives(run, &mut needs, &alone, reversible)?;
    needs.items = items::item_needs(run, plan, reversible, explored)?;
    Ok(needs)
}

/// Sorts the keys `alone` (each of which alone the level can do without)
/// into [`KeyNeeds::unneeded`], which can all go together, and
/// [`KeyNeeds::alternatives`] ([`alternatives::sort`]).
fn sort_alternatives(
    run: &mut Run<'_, '_>,
    needs: &mut KeyNeeds,
    alone: &[usize],
    reversible: bool,
) -> Result<(), SolveError> {
    let keys = &run.prep.level.keys;
    // Classes are worked out only when there is something to sort.
    let class = if alone.len() < 2 {
        Vec::new()
    } else {
        alternatives::classes(run.prep.mechanics())
    };
    // Past the budget, a few more questions the relaxed reach answers
    // exactly, with no search: a door any of 50,000 keys opens is sorted
    // in a dozen of them.
    let mut cheap_left = MAX_CHEAP_AFTER_TIME;
    let mut ask = |removed: &[bool]| {
        if !run.out_of_time() {
            return solvable_without(run, removed, reversible);
        }
        if cheap_left == 0 {
            return Ok(None);
        }
        cheap_left -= 1;
        let m = run.prep.mechanics();
        Ok(match facts::relaxed(m, removed).goal {
            false => Some(false),
            true if relaxed_is_exact(m, reversible) => Some(true),
            true => None,
        })
    };
    let sorted = alternatives::sort(alone, &class, &mut ask)?;
    let id = |k: usize| keys[k].id.clone();
    needs.unneeded = sorted.unneeded.into_iter().map(id).collect();
    needs.alternatives = (sorted.alternatives.into_iter())
        .map(|g| g.into_iter().map(id).collect())
        .collect();
    needs.undecided.extend(sorted.undecided.into_iter().map(id));
    let index = run.prep.rules.index();
    needs.undecided.sort_by_key(|k| index.key(k));
    Ok(())
}

/// The named keys `plan` picks up but never needs: without each one alone
/// in the player's hands, every step of the plan is still allowed and it
/// still ends at the goal, so the level is solvable without it. At each
/// door that is not free, the keys its rule reads that are in hand are
/// asked of the rules a group at a time ([`needed_at`]). Empty when the
/// plan is refused, and when it would take more than [`MAX_SPARE_CHECKS`]
/// of work.
fn spared_by_plan(rules: &Rules<'_>, plan: &Plan) -> Vec<bool> {
    let m = rules.mechanics();
    let mut spared = may_be_spared(rules);
    let mut state = rules.start();
    let mut checks = 0usize;
    for step in &plan.steps {
        let Ok(resolved) = rules.resolve(&state, step) else {
            return Vec::new();
        };
        if let Resolved::Move(door, to) = resolved
            && !m.is_free(door)
        {
            let Ok(passage) = m.passage(door, state.room(), to) else {
                return Vec::new();
            };
            // Only a key the rule reads can matter here, and only one in
            // hand that may still be spared.
            let mut asked: Vec<usize> = (m.keys_read(door))
                .filter(|&k| spared.get(k).copied().unwrap_or(false) && state.holds(k))
                .collect();
            asked.sort_unstable();
            asked.dedup();
            checks += m.rule_size(door);
            let Some(needed) = needed_at(m, passage, &state, &asked, &mut checks) else {
                return Vec::new();
            };
            for k in needed {
                spared[k] = false;
            }
        }
        if rules.apply_resolved(&mut state, resolved).is_err() {
            return Vec::new();
        }
    }
    if !rules.is_solved(&state) {
        return Vec::new();
    }
    spared
}

/// The keys a plan may spare, before it is replayed: the named keys but
/// those the goal requires.
fn may_be_spared(rules: &Rules<'_>) -> Vec<bool> {
    let mut spared: Vec<bool> = (rules.level().keys.iter())
        .map(|k| !k.small && k.kind_name().is_none())
        .collect();
    for &k in rules.mechanics().goal_requires() {
        spared[k] = false;
    }
    spared
}

/// The keys of `asked` (sorted, all in hand) without which alone `passage`
/// is blocked from `state`; `None` once `checks`, the work done so far,
/// passes [`MAX_SPARE_CHECKS`].
///
/// The rules are asked of groups of keys taken out at once, halving a group
/// only when it cannot be spared whole: holding fewer keys never unblocks a
/// passage ([`Mechanics::keys_read`](crate::rules::Mechanics::keys_read)),
/// so when the passage is allowed without a whole group, it is allowed
/// without any one key of it. A door any of 100,000 keys opens is asked
/// three times rather than 100,000; a door whose every key is needed is
/// asked about twice per key.
fn needed_at(
    m: &crate::rules::Mechanics,
    passage: crate::rules::mechanics::Passage,
    state: &impl Holdings,
    asked: &[usize],
    checks: &mut usize,
) -> Option<Vec<usize>> {
    let size = m.rule_size(passage.door);
    let mut needed = Vec::new();
    let mut groups = vec![asked];
    while let Some(group) = groups.pop() {
        if group.is_empty() {
            continue;
        }
        *checks += size;
        if *checks > MAX_SPARE_CHECKS {
            return None;
        }
        let without = Altered::without_keys(state, group);
        if m.blocked(passage, &without).is_none() {
            continue;
        }
        match group {
            [key] => needed.push(*key),
            _ => {
                let (first, second) = group.split_at(group.len() / 2);
                groups.push(second);
                groups.push(first);
            }
        }
    }
    Some(needed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`spared_by_plan`] the plain way: every key in hand that may still be
    /// spared is asked alone at every door that is not free, with no bound
    /// on the work.
    fn spared_plainly(rules: &Rules<'_>, plan: &Plan) -> Vec<bool> {
        let m = rules.mechanics();
        let mut spared = may_be_spared(rules);
        let mut state = rules.start();
        for step in &plan.steps {
            let resolved = rules.resolve(&state, step).unwrap();
            if let Resolved::Move(door, to) = resolved
                && !m.is_free(door)
            {
                let passage = m.passage(door, state.room(), to).unwrap();
                for (key, spared) in spared.iter_mut().enumerate() {
                    let alone = [key];
                    let without = Altered::without_keys(&state, &alone);
                    if *spared && state.holds(key) && m.blocked(passage, &without).is_some() {
                        *spared = false;
                    }
                }
            }
            rules.apply_resolved(&mut state, resolved).unwrap();
        }
        assert!(rules.is_solved(&state));
        spared
    }

    /// On thousands of random levels using every rule, the keys a least
    /// plan spares, asked a group at a time, are the keys it spares asked
    /// one by one; and both kinds of answer come up often.
    #[test]
    fn keys_asked_in_groups_are_spared_as_keys_asked_alone() {
        let (mut spared_some, mut needed_some) = (0, 0);
        super::super::agree::each_random_level(|level, prep| {
            let solved = super::super::solve(level, &super::super::SolveOptions::default());
            let Some(plan) = solved.ok().and_then(|s| s.plan) else {
                return;
            };
            let quick = spared_by_plan(&prep.rules, &plan);
            let plain = spared_plainly(&prep.rules, &plan);
            assert_eq!(quick, plain, "{}", crate::format::to_string(level));
            let picked = |k: usize| {
                let id = &level.keys[k].id;
                (plan.steps.iter()).any(|s| matches!(s, Step::Pickup { key } if key == id))
            };
            let named = (0..plain.len()).filter(|&k| picked(k) && !level.keys[k].small);
            let (spared, needed): (Vec<usize>, Vec<usize>) = named.partition(|&k| plain[k]);
            spared_some += usize::from(!spared.is_empty());
            needed_some += usize::from(!needed.is_empty());
        });
        assert!(
            spared_some > 100 && needed_some > 100,
            "{spared_some} {needed_some}"
        );
    }
}
