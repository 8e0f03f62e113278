//! How many items of each kind (small keys, bombs) a solution needs: any
//! item of a kind can stand for another, so the question is how many, and
//! whether any choice of that many will do.

use super::super::analysis::{ItemNeeds, Run};
use super::super::astar::Outcome;
use super::super::compile::{Compiled, PULL};
use super::super::events;
use super::super::exhaustive::Explored;
use super::super::queue::Queue;
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
    let mut of_kind: Vec<Vec<usize>> = vec![Vec::new(); m.kinds().len()];
    for (k, key) in m.keys().iter().enumerate() {
        if let Some(kind) = key.kind {
            of_kind[kind].push(k);
        }
    }
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
        if let Err(stop) = run.budget.check_now() {
            // Not worked out: the analysis says it is incomplete.
            run.stop(stop);
        } else if let Some((every, ex)) = explored {
            needs_explored(run, (every, ex), (kind, items), reversible, &mut needs)?;
        } else {
            let h = h.get_or_insert_with(|| prep.bound(c));
            fewest_of_kind(run, h, kind, most, &mut needs);
            needs.any_enough = any_enough(run, items, &needs, reversible, None)?;
        }
        out.push(needs);
    }
    Ok(out)
}

/// [`ItemNeeds`] of kind `kind`, its items `items`, read off the graph of
/// every reachable state: the fewest spent is what the goal states spent
/// ([`without::KindItems::fewest`]), and each choice of items to keep is a
/// walk over the graph. Where the states cannot say which items were
/// picked up, a search over the graph by what each step spends.
fn needs_explored(
    run: &mut Run<'_, '_>,
    (every, ex): (&Compiled, &Explored),
    (kind, items): (usize, &[usize]),
    reversible: bool,
    needs: &mut ItemNeeds,
) -> Result<(), SolveError> {
    let m = run.prep.mechanics();
    let most = needs.at_most;
    let Some(of) = without::KindItems::new(m, every, kind, items) else {
        fewest_explored(run, every, ex, kind, most, needs);
        needs.any_enough = any_enough(run, items, needs, reversible, None)?;
        return Ok(());
    };
    settle_fewest(needs, of.fewest(every, ex), most);
    let walks = match needs.needed {
        Some(n) if n > 0 && n < needs.total => Some(of.walks(every, ex)),
        _ => None,
    };
    let graph = walks.as_ref().map(|w| (w, every, ex));
    needs.any_enough = any_enough(run, items, needs, reversible, graph)?;
    Ok(())
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
    graph: Option<(&without::Walks, &Compiled, &Explored)>,
) -> Result<Option<bool>, SolveError> {
    match needs.needed {
        Some(n) if n == 0 || n >= needs.total => Ok(Some(true)),
        Some(n) => any_choice_enough(run, items, n, reversible, graph),
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

/// [`fewest_of_kind`] over every reachable state, `ex` explored over `c`:
/// Dijkstra's algorithm from the start, each step weighing the items of
/// kind `kind` it spends by the rules, to the nearest goal state. No search
/// of the level, and the same answer: the fewest any plan spends, when no
/// more than `most`.
fn fewest_explored(
    run: &mut Run<'_, '_>,
    c: &Compiled,
    ex: &Explored,
    kind: usize,
    most: Option<u32>,
    needs: &mut ItemNeeds,
) {
    let m = run.prep.mechanics();
    let mut spent = vec![u32::MAX; ex.len()];
    let mut queue = Queue::new(true);
    if ex.len() > 0 {
        spent[0] = 0;
        queue.push(0.0, 0);
    }
    let mut fewest = None;
    let mut settled = 0;
    while let Some((d, i)) = queue.pop() {
        let d = d as u32;
        if d != spent[i as usize] {
            continue;
        }
        settled += 1;
        let s = ex.store.get(i);
        if c.is_goal(s) {
            fewest = Some(d);
            break;
        }
        let (view, from) = (c.view(s), c.room(s));
        for e in ex.edges_of(i) {
            let cost: u32 = if e.act & PULL != 0 {
                0
            } else {
                (m.leaving(e.act as usize, from).iter())
                    .flat_map(|&p| m.spend_now(p, &view))
                    .filter(|&&(k, _)| k == kind)
                    .map(|&(_, n)| n)
                    .fold(0u32, u32::saturating_add)
            };
            let next = d.saturating_add(cost);
            if next < spent[e.to as usize] {
                spent[e.to as usize] = next;
                queue.push(f64::from(next), e.to);
            }
        }
    }
    run.states += settled;
    settle_fewest(needs, fewest, most);
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
/// graph of every state `explored`, each choice is read off it
/// ([`without`]); otherwise each is a search.
fn any_choice_enough(
    run: &mut Run<'_, '_>,
    smalls: &[usize],
    keep: u32,
    reversible: bool,
    explored: Option<(&without::Walks, &Compiled, &Explored)>,
) -> Result<Option<bool>, SolveError> {
    let n = smalls.len() as u64;
    let drop = n - u64::from(keep);
    if choose(n, drop) > MAX_CHOICES {
        return Ok(None);
    }
    let mut removed = vec![false; run.prep.level.keys.len()];
    let mut pick: Vec<usize> = (0..drop as usize).collect();
    loop {
        let ok = match explored {
            // Read off the graph of every state: no new search.
            Some((walks, every, ex)) => match run.budget.check_now() {
                Ok(()) => {
                    let removed = pick.iter().fold(0u64, |r, &i| r | 1 << i);
                    Some(walks.solvable_without(every, ex, removed))
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
    /// every state ([`fewest_explored`]) and as searched for from event to
    /// event ([`fewest_of_kind`]); checks that the goal states' spending
    /// ([`without::KindItems::fewest`]) says the same.
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
        fewest_explored(&mut run, &every, &ex, kind, None, &mut read);
        let mut h = prep.bound(prep.compiled());
        fewest_of_kind(&mut run, &mut h, kind, None, &mut searched);
        assert!(run.stopped.is_none());
        // And as the goal states spent, where the states say which items
        // were picked up.
        let m = prep.mechanics();
        let items: Vec<usize> = (0..m.keys().len())
            .filter(|&k| m.keys()[k].kind == Some(kind))
            .collect();
        if let Some(of) = without::KindItems::new(m, &every, kind, &items) {
            assert_eq!(of.fewest(&every, &ex), read.needed, "by the goal states");
        }
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
