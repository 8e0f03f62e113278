//! How many items of each kind (small keys, bombs) a solution needs: any
//! item of a kind can stand for another, so the question is how many, and
//! whether any choice of that many will do.

use super::super::analysis::{ItemNeeds, Run};
use super::super::astar::Outcome;
use super::super::compile::{Compiled, PULL};
use super::super::events;
use super::super::exhaustive::Explored;
use super::super::{Plan, Prepared, SolveError};
use super::{solvable_without, without};
use crate::rules::Step;

/// Most ways of choosing which small keys to keep that are tried when
/// asking whether any of them will do.
const MAX_CHOICES: u64 = 70;

/// How many items of each kind a solution needs ([`kind_needs`]), the
/// kinds in the rules' order (small keys first). Once the budget is spent,
/// the kinds left are given their bounds without a search: a level of
/// 50,000 kinds asks 50,000 questions. With every reachable state
/// `explored`, the fewest are read off its graph instead of searched for.
pub(super) fn item_needs(
    run: &mut Run<'_, '_>,
    plan: Option<&Plan>,
    reversible: bool,
    explored: Option<&(Compiled, Explored)>,
) -> Result<Vec<ItemNeeds>, SolveError> {
    let prep = run.prep;
    let m = prep.mechanics();
    let of_kind = m.keys_by_kind();
    let c = prep.compiled();
    let mut h = None;
    let mut out = Vec::new();
    for (kind, items) in of_kind.iter().enumerate().filter(|(_, i)| !i.is_empty()) {
        let most = plan.map(|p| spent_by(prep, p, &m.kinds()[kind]));
        let mut needs = ItemNeeds {
            kind: m.kinds()[kind].clone(),
            total: items.len() as u32,
            carried: (items.iter()).filter(|&&k| m.keys()[k].carried).count() as u32,
            needed: None,
            at_least: 0,
            at_most: most,
            any_enough: None,
        };
        if most == Some(0) {
            // The plan spends none: no solution needs any, and no search
            // is asked (a level of 50,000 kinds once asked 50,000).
            settle_fewest(&mut needs, Some(0), most);
            needs.any_enough = Some(true);
        } else if let Err(stop) = run.budget.check_now() {
            // Not worked out: the analysis says it is incomplete.
            run.stop(stop);
        } else {
            // Read off the graph of every state when there is one.
            let graph = explored.and_then(|(every, ex)| {
                Some((without::KindItems::new(m, every, kind, items)?, every, ex))
            });
            match &graph {
                Some((of, every, ex)) => settle_fewest(&mut needs, of.fewest(every, ex), most),
                None => {
                    let h = h.get_or_insert_with(|| prep.bound(c));
                    fewest_of_kind(run, h, kind, most, &mut needs);
                }
            }
            let walks = match (&graph, needs.needed) {
                (Some((of, every, ex)), Some(n)) if n > 0 && n < needs.total => of.walks(every, ex),
                _ => None,
            };
            needs.any_enough = any_enough(run, items, &needs, reversible, walks.as_ref())?;
        }
        out.push(needs);
    }
    Ok(out)
}

/// `needs.needed` is `fewest`, when no more than the plan spent (`most`).
fn settle_fewest(needs: &mut ItemNeeds, fewest: Option<u32>, most: Option<u32>) {
    if let Some(n) = fewest.filter(|&n| most.is_none_or(|most| n <= most)) {
        needs.needed = Some(n);
        needs.at_least = n;
        needs.at_most = Some(n);
    }
}

/// Whether any choice of `needs.needed` of the items `items` will do:
/// surely when none or all are needed, else by [`any_choice_enough`].
fn any_enough(
    run: &mut Run<'_, '_>,
    items: &[usize],
    needs: &ItemNeeds,
    reversible: bool,
    walks: Option<&without::Walks<'_>>,
) -> Result<Option<bool>, SolveError> {
    match needs.needed {
        Some(n) if n == 0 || n >= needs.total => Ok(Some(true)),
        Some(n) => any_choice_enough(run, items, n, reversible, walks),
        None => Ok(None),
    }
}

/// The fewest items of kind `kind` any plan spends (keep the ones picked up
/// first and that plan still works), into `needs`: `needed` when the search
/// finishes, else the lower bound it proved.
fn fewest_of_kind(
    run: &mut Run<'_, '_>,
    h: &mut super::super::heuristic::Heuristic,
    kind: usize,
    most: Option<u32>,
    needs: &mut ItemNeeds,
) {
    let prep = run.prep;
    let m = prep.mechanics();
    let c = prep.compiled();
    // What step `act` from room `from` in state `s` spends of the kind, by the rules.
    let spent = |s: &[u64], act: u32, from: usize| -> u32 {
        if act & PULL != 0 {
            return 0;
        }
        (m.leaving(act as usize, from).iter())
            .flat_map(|&p| m.spend_now(p, &c.view(s)))
            .filter(|&&(k, _)| k == kind)
            .map(|&(_, n)| n)
            .sum()
    };
    let budget = run.budget.share(0.3);
    let ex = events::fewest(c, h, &c.start, most.unwrap_or(u32::MAX), &budget, spent);
    run.states += ex.found.settled;
    match ex.found.outcome {
        Outcome::Goal(g) => {
            let mut walker = events::Walker::new(c);
            let mut total_spent = 0;
            let mut before = c.start.clone();
            for (act, after) in ex.actions_to(c, &mut walker, g) {
                total_spent += spent(&before, act, c.room(&before));
                before = after;
            }
            needs.needed = Some(total_spent);
            needs.at_least = total_spent;
            needs.at_most = Some(total_spent);
        }
        Outcome::Unreachable => {}
        Outcome::Stopped { stop, lower } => {
            run.stop(stop);
            needs.at_least = lower.max(0.0) as u32;
        }
    }
}

/// Items of kind `kind` a plan spends.
fn spent_by(prep: &Prepared<'_>, plan: &Plan, kind: &str) -> u32 {
    let index = prep.rules.index();
    let m = prep.mechanics();
    let mut unlocked = vec![false; prep.level.doors.len()];
    let mut total = 0;
    let mut room = m.start();
    for step in &plan.steps {
        if let Step::Move { door, to } = step
            && let (Some(d), Some(to)) = (index.door(door), index.room(to))
        {
            let from = std::mem::replace(&mut room, to);
            if m.locked_from_room(d, from) && !std::mem::replace(&mut unlocked[d], true) {
                // The level's own count: a file may write small keys as
                // `"small_locks": n` or `"spend": {"small": n}`.
                total += prep.level.doors[d].spends().get(kind).copied().unwrap_or(0);
            }
        }
    }
    total
}

/// Whether every choice of `keep` of the items `smalls` (of one kind) leaves the
/// level solvable; `None` when there are too many choices to try. With the
/// `walks` of the graph of every state, each choice is read off it
/// ([`without`]); otherwise each is a search.
fn any_choice_enough(
    run: &mut Run<'_, '_>,
    smalls: &[usize],
    keep: u32,
    reversible: bool,
    walks: Option<&without::Walks<'_>>,
) -> Result<Option<bool>, SolveError> {
    let n = smalls.len() as u64;
    let drop = n - u64::from(keep);
    if choose(n, drop) > MAX_CHOICES {
        return Ok(None);
    }
    let mut removed = vec![false; run.prep.level.keys.len()];
    let mut pick: Vec<usize> = (0..drop as usize).collect();
    loop {
        let ok = match walks {
            // Read off the graph of every state: no new search.
            Some(walks) => match run.budget.check_now() {
                Ok(()) => {
                    let removed = pick.iter().fold(0u64, |r, &i| r | 1 << i);
                    Some(walks.solvable_without(removed))
                }
                Err(stop) => {
                    run.stop(stop);
                    None
                }
            },
            None => {
                for &i in &pick {
                    removed[smalls[i]] = true;
                }
                let ok = solvable_without(run, &removed, reversible)?;
                for &i in &pick {
                    removed[smalls[i]] = false;
                }
                ok
            }
        };
        match ok {
            Some(true) => {}
            Some(false) => return Ok(Some(false)),
            None => return Ok(None),
        }
        if !next_choice(&mut pick, smalls.len()) {
            return Ok(Some(true));
        }
    }
}

/// The next `pick.len()`-subset of `0..n` in lexicographic order.
fn next_choice(pick: &mut [usize], n: usize) -> bool {
    let k = pick.len();
    for i in (0..k).rev() {
        if pick[i] < n - k + i {
            pick[i] += 1;
            for j in i + 1..k {
                pick[j] = pick[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

fn choose(n: u64, k: u64) -> u64 {
    let k = k.min(n - k);
    let mut r: u64 = 1;
    for i in 0..k {
        r = r.saturating_mul(n - i) / (i + 1);
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fewest items of a kind a plan spends, as read off the graph of
    /// every state (what its goal states spent, [`without::KindItems::fewest`])
    /// and as searched for from event to event ([`fewest_of_kind`]).
    fn fewest_both_ways(prep: &Prepared<'_>, kind: usize) -> Option<(ItemNeeds, ItemNeeds)> {
        let options = crate::solver::SolveOptions::default();
        let every = prep.every_key();
        let ex = crate::solver::exhaustive::explore(&every, &options.budget()).ok()?;
        let blank = ItemNeeds {
            kind: String::new(),
            total: 0,
            carried: 0,
            needed: None,
            at_least: 0,
            at_most: None,
            any_enough: None,
        };
        let (mut read, mut searched) = (blank.clone(), blank);
        let mut run = Run {
            prep,
            budget: options.budget(),
            states: 0,
            stopped: None,
        };
        let m = prep.mechanics();
        let items = &m.keys_by_kind()[kind];
        // With every key tracked, the states say which items were picked up.
        let of = without::KindItems::new(m, &every, kind, items);
        assert!(of.is_some(), "the items of kind {kind} are not tracked");
        settle_fewest(&mut read, of?.fewest(&every, &ex), None);
        let mut h = prep.bound(prep.compiled());
        fewest_of_kind(&mut run, &mut h, kind, None, &mut searched);
        assert!(run.stopped.is_none());
        Some((read, searched))
    }

    /// On thousands of random levels using every rule, the fewest items of
    /// each kind read off the explored graph are those the event search
    /// finds; and levels that need some (a few dozen of the 3,000), and
    /// levels that cannot be solved, come up.
    #[test]
    fn fewest_items_read_off_every_state_are_those_searched_for() {
        let (mut spent_some, mut unsolved) = (0, 0);
        crate::solver::agree::each_random_level(|level, prep| {
            for kind in 0..prep.mechanics().kinds().len() {
                let Some((read, searched)) = fewest_both_ways(prep, kind) else {
                    continue;
                };
                assert_eq!(read, searched, "{}", crate::format::to_string(level));
                spent_some += usize::from(read.needed.is_some_and(|n| n > 0));
                unsolved += usize::from(read.needed.is_none());
            }
        });
        assert!(spent_some > 10 && unsolved > 20, "{spent_some} {unsolved}");
    }

    #[test]
    fn choices_are_counted_and_walked_in_order() {
        assert_eq!(choose(6, 2), 15);
        assert_eq!(choose(5, 0), 1);
        let mut pick = vec![0, 1];
        let mut all = vec![pick.clone()];
        while next_choice(&mut pick, 4) {
            all.push(pick.clone());
        }
        assert_eq!(all.len(), 6);
        assert_eq!(all.last(), Some(&vec![2, 3]));
    }
}
