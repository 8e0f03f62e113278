//! Keys each of which a solution can do without, sorted into those it can
//! do without all together and groups of alternatives: a door with
//! `locks_any: ["bow", "hook"]` can be opened with either, so each alone is
//! unneeded, but not both.
//!
//! Holding fewer named keys never unblocks a passage (a named key is never
//! spent, and a rule only ever asks for keys to be held), so the level
//! without a set of keys is solvable only if it is solvable without every
//! part of that set: every question below asks the solver about one set.
//!
//! Keys the rules read the same way (lying in the same room, named by the
//! same doors in the same lists, and the goal asking for neither) can be
//! swapped for one another in any play: a question about one answers for
//! all of its class. A door any of 50,000 keys opens is sorted in a few
//! dozen questions rather than 100,000.

use rustc_hash::FxHashMap;

use crate::rules::Mechanics;

/// Answers whether the level is solvable with the keys marked in its
/// argument taken out; `None` when the budget ran out.
pub(crate) type Ask<'a, E> = dyn FnMut(&[bool]) -> Result<Option<bool>, E> + 'a;

/// The keys a solution can do without, as sets that mean what they say.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Sorted {
    /// Keys that can be taken out of the level all together, and it stays
    /// solvable; in the order asked.
    pub unneeded: Vec<usize>,
    /// Groups of keys of which a solution needs at least one: without the
    /// whole group the level cannot be solved, and without all of it but
    /// any one key it can. Each group in level order.
    pub alternatives: Vec<Vec<usize>>,
    /// Keys the budget did not allow to sort.
    pub undecided: Vec<usize>,
}

/// How the rules read a key: its room, whether the goal requires it, and
/// the doors that name it (`true`: in `locks_any`).
type Reading = (usize, bool, Vec<(u32, bool)>);

/// Each key's class: keys the rules read the same way share one (their
/// room, the doors that name them and in which list, and whether the goal
/// requires them). Linear in the lengths of the doors' lists.
pub(crate) fn classes(m: &Mechanics) -> Vec<u32> {
    let keys = m.keys().len();
    let mut reads: Vec<Vec<(u32, bool)>> = vec![Vec::new(); keys];
    for (d, door) in m.doors().iter().enumerate() {
        for &k in &door.locks {
            reads[k].push((d as u32, false));
        }
        for &k in &door.locks_any {
            reads[k].push((d as u32, true));
        }
    }
    let mut goal = vec![false; keys];
    for &k in m.goal_requires() {
        goal[k] = true;
    }
    let mut ids: FxHashMap<Reading, u32> = FxHashMap::default();
    (0..keys)
        .map(|k| {
            let sign = (m.keys()[k].room, goal[k], std::mem::take(&mut reads[k]));
            let next = ids.len() as u32;
            *ids.entry(sign).or_insert(next)
        })
        .collect()
}

/// Sorts `candidates` (keys each of which alone can be taken out and the
/// level stays solvable, in level order; `class` as [`classes`] gives it)
/// with `solvable_without`, which answers whether the level is solvable
/// with the keys marked in its argument (as long as the level's keys)
/// taken out, `None` when the budget ran out.
///
/// First one question for all of them together (the common answer: yes).
/// Otherwise the keys are taken out a class after the other, as many of
/// each class as the level stays solvable without (found by halving);
/// each key that cannot follow the others out makes a group with the
/// fewest of those others that it stands in for ([`group_of`]).
///
/// # Complexity
/// One question when all can go together; otherwise a logarithm of its
/// size per class to take them out, and as many per class per group.
pub(crate) fn sort<E>(
    candidates: &[usize],
    class: &[u32],
    solvable_without: &mut Ask<'_, E>,
) -> Result<Sorted, E> {
    let mut out = Sorted::default();
    if candidates.len() < 2 {
        out.unneeded = candidates.to_vec();
        return Ok(out);
    }
    let mut removed = vec![false; class.len()];
    for &k in candidates {
        removed[k] = true;
    }
    if solvable_without(&removed)? == Some(true) {
        out.unneeded = candidates.to_vec();
        return Ok(out);
    }
    removed.fill(false);
    let (gone, stays) = take_out(candidates, class, &mut removed, &mut out, solvable_without)?;
    for &k in &stays {
        match group_of(k, &gone, class, solvable_without)? {
            Some(mut group) => {
                group.sort_unstable();
                if !out.alternatives.contains(&group) {
                    out.alternatives.push(group);
                }
            }
            None => out.undecided.push(k),
        }
    }
    // Marked once: a group of 50,000 keys searched per key was quadratic.
    let mut sorted = vec![false; class.len()];
    for &k in out.alternatives.iter().flatten().chain(&out.undecided) {
        sorted[k] = true;
    }
    out.unneeded = (gone.iter().copied()).filter(|&k| !sorted[k]).collect();
    out.unneeded.sort_unstable();
    out.undecided.sort_unstable();
    Ok(out)
}

/// Takes the keys of `candidates` out, class by class, as many of each
/// class as the level stays solvable without (with those taken out
/// before): `(taken out, left in)`. Keys the budget did not allow to ask
/// about go to `out.undecided`.
fn take_out<E>(
    candidates: &[usize],
    class: &[u32],
    removed: &mut [bool],
    out: &mut Sorted,
    solvable_without: &mut Ask<'_, E>,
) -> Result<(Vec<usize>, Vec<usize>), E> {
    let (mut gone, mut stays) = (Vec::new(), Vec::new());
    for members in by_class(candidates, class) {
        // The most of `members` (the first ones) that can go: between `lo`
        // (known to go) and `hi` (known not to, or past the end).
        let (mut lo, mut hi) = (0usize, members.len() + 1);
        let mut stopped = false;
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            members[..mid].iter().for_each(|&k| removed[k] = true);
            let answer = solvable_without(removed)?;
            members[..mid].iter().for_each(|&k| removed[k] = false);
            match answer {
                Some(true) => lo = mid,
                Some(false) => hi = mid,
                None => {
                    stopped = true;
                    break;
                }
            }
        }
        members[..lo].iter().for_each(|&k| removed[k] = true);
        gone.extend_from_slice(&members[..lo]);
        if stopped {
            out.undecided.extend_from_slice(&members[lo..]);
        } else {
            stays.extend_from_slice(&members[lo..]);
        }
    }
    Ok((gone, stays))
}

/// The fewest keys of `gone` that `key` stands in for: without them and
/// `key` the level cannot be solved (without `gone` and `key` it cannot),
/// and without them all but any one it can. Keys are put back for good as
/// long as the level stays unsolvable; those that cannot be are the group.
/// A class of `gone` at a time, by halving: keys of one class stand in for
/// each other, so only how many of them are put back matters. `None` when
/// the budget ran out.
fn group_of<E>(
    key: usize,
    gone: &[usize],
    class: &[u32],
    solvable_without: &mut Ask<'_, E>,
) -> Result<Option<Vec<usize>>, E> {
    let mut removed = vec![false; class.len()];
    removed[key] = true;
    for &k in gone {
        removed[k] = true;
    }
    let mut group = vec![key];
    for members in by_class(gone, class) {
        // The most of `members` (the first ones) that can be put back with
        // the level still unsolvable: `lo` can, `hi` cannot (or is past
        // the end).
        let (mut lo, mut hi) = (0usize, members.len() + 1);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            members[..mid].iter().for_each(|&k| removed[k] = false);
            let answer = solvable_without(&removed)?;
            members[..mid].iter().for_each(|&k| removed[k] = true);
            match answer {
                Some(false) => lo = mid,
                Some(true) => hi = mid,
                None => return Ok(None),
            }
        }
        members[..lo].iter().for_each(|&k| removed[k] = false);
        group.extend_from_slice(&members[lo..]);
    }
    Ok(Some(group))
}

/// `keys` by class, each class in the order of its first key, each key
/// in its order.
fn by_class(keys: &[usize], class: &[u32]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut slot: FxHashMap<u32, usize> = FxHashMap::default();
    for &k in keys {
        let i = *slot.entry(class[k]).or_insert_with(|| {
            out.push(Vec::new());
            out.len() - 1
        });
        out[i].push(k);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A level as a rule over the keys held: solvable when `rule` says so.
    fn sorted(candidates: &[usize], keys: usize, rule: impl Fn(&[bool]) -> bool) -> Sorted {
        let mut ask = |removed: &[bool]| -> Result<Option<bool>, ()> {
            let held: Vec<bool> = removed.iter().map(|r| !r).collect();
            Ok(Some(rule(&held)))
        };
        let class: Vec<u32> = (0..keys as u32).collect();
        sort(candidates, &class, &mut ask).unwrap_or_default()
    }

    #[test]
    fn either_of_two_keys_makes_one_group_and_neither_is_unneeded() {
        // Key 0 or key 1 opens the way; key 2 opens nothing.
        let s = sorted(&[0, 1, 2], 3, |h| h[0] || h[1]);
        assert_eq!(s.alternatives, vec![vec![0, 1]]);
        assert_eq!(s.unneeded, vec![2]);
        assert!(s.undecided.is_empty());
    }

    #[test]
    fn two_separate_choices_make_two_groups() {
        // (0 or 1) and (2 or 3); key 4 is spare.
        let s = sorted(&[0, 1, 2, 3, 4], 5, |h| (h[0] || h[1]) && (h[2] || h[3]));
        assert_eq!(s.alternatives, vec![vec![0, 1], vec![2, 3]]);
        assert_eq!(s.unneeded, vec![4]);
    }

    #[test]
    fn keys_that_can_all_go_are_all_unneeded_after_one_question() {
        let mut asked = 0;
        let mut ask = |_: &[bool]| -> Result<Option<bool>, ()> {
            asked += 1;
            Ok(Some(true))
        };
        let s = sort(&[0, 2], &[0, 1, 2], &mut ask).unwrap_or_default();
        assert_eq!((s.unneeded, asked), (vec![0, 2], 1));
    }

    #[test]
    fn a_budget_run_out_leaves_the_key_undecided_and_out_of_the_sets() {
        let mut ask = |removed: &[bool]| -> Result<Option<bool>, ()> {
            Ok((!removed[1]).then_some(!removed[0] || !removed[2]))
        };
        let s = sort(&[0, 1, 2], &[0, 1, 2], &mut ask).unwrap_or_default();
        assert_eq!(s.undecided, vec![1]);
        assert!(!s.unneeded.contains(&1));
        assert_eq!(s.alternatives, vec![vec![0, 2]]);
    }

    /// A thousand keys of one class, any of which opens the way: one group
    /// of all of them, found in a few dozen questions.
    #[test]
    fn a_class_of_alternatives_is_one_group_found_by_halving() {
        let mut asked = 0;
        let mut ask = |removed: &[bool]| -> Result<Option<bool>, ()> {
            asked += 1;
            Ok(Some(removed.iter().any(|r| !r)))
        };
        let keys: Vec<usize> = (0..1000).collect();
        let s = sort(&keys, &[0; 1000], &mut ask).unwrap_or_default();
        assert_eq!(s.alternatives, vec![keys]);
        assert!(s.unneeded.is_empty() && s.undecided.is_empty());
        assert!(asked <= 24, "{asked} questions");
    }

    /// Key 0, or keys 1 and 2 together: a solution needs one of 0 and 1,
    /// and one of 0 and 2; never key 0 alone (it can go).
    #[test]
    fn a_key_that_stands_in_for_two_makes_a_group_with_each_of_them() {
        let s = sorted(&[0, 1, 2], 3, |h| h[0] || (h[1] && h[2]));
        assert_eq!(s.alternatives, vec![vec![0, 1], vec![0, 2]]);
        assert!(s.unneeded.is_empty());
    }
}
