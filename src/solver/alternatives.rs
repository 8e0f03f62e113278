//! Keys each of which a solution can do without, sorted into those it can
//! do without all together and groups of alternatives: a door with
//! `locks_any: ["bow", "hook"]` can be opened with either, so each alone is
//! unneeded, but not both.
//!
//! Holding fewer named keys never unblocks a passage (a named key is never
//! spent, and a rule only ever asks for keys to be held), so the level
//! without a set of keys is solvable only if it is solvable without every
//! part of that set: every question below asks the solver about one set.

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

/// Sorts `candidates` (keys each of which alone can be taken out and the
/// level stays solvable, in level order) with `solvable_without`, which
/// answers whether the level is solvable with the keys marked in its
/// argument (as long as the level's keys) taken out, `None` when the
/// budget ran out.
///
/// First one question for all of them together (the common answer: yes).
/// Otherwise the keys are taken out one after the other while the level
/// stays solvable; each key that cannot follow the others out makes a
/// group with the fewest of those others that it stands in for, found by
/// putting each of them back in turn.
///
/// # Complexity
/// One question when all can go together; otherwise at most `n` questions
/// to take them out and `n` per group.
pub(crate) fn sort<E>(
    candidates: &[usize],
    keys: usize,
    solvable_without: &mut Ask<'_, E>,
) -> Result<Sorted, E> {
    let mut out = Sorted::default();
    if candidates.len() < 2 {
        out.unneeded = candidates.to_vec();
        return Ok(out);
    }
    let mut removed = vec![false; keys];
    for &k in candidates {
        removed[k] = true;
    }
    if solvable_without(&removed)? == Some(true) {
        out.unneeded = candidates.to_vec();
        return Ok(out);
    }
    removed.fill(false);
    let mut gone = Vec::new();
    let mut stays = Vec::new();
    for &k in candidates {
        removed[k] = true;
        match solvable_without(&removed)? {
            Some(true) => gone.push(k),
            Some(false) => {
                removed[k] = false;
                stays.push(k);
            }
            None => {
                removed[k] = false;
                out.undecided.push(k);
            }
        }
    }
    for &k in &stays {
        match group_of(k, &gone, keys, solvable_without)? {
            Some(mut group) => {
                group.sort_unstable();
                if !out.alternatives.contains(&group) {
                    out.alternatives.push(group);
                }
            }
            None => out.undecided.push(k),
        }
    }
    let grouped = |k: &usize| out.alternatives.iter().any(|g| g.contains(k));
    let undecided = |k: &usize| out.undecided.contains(k);
    out.unneeded = (gone.iter().copied())
        .filter(|k| !grouped(k) && !undecided(k))
        .collect();
    out.undecided.sort_unstable();
    Ok(out)
}

/// The fewest keys of `gone` that `key` stands in for: without them and
/// `key` the level cannot be solved (without `gone` and `key` it cannot),
/// and each of them is put back in turn to see whether it is one. `None`
/// when the budget ran out.
fn group_of<E>(
    key: usize,
    gone: &[usize],
    keys: usize,
    solvable_without: &mut Ask<'_, E>,
) -> Result<Option<Vec<usize>>, E> {
    let mut removed = vec![false; keys];
    removed[key] = true;
    for &k in gone {
        removed[k] = true;
    }
    let mut group = vec![key];
    for &k in gone {
        removed[k] = false;
        match solvable_without(&removed)? {
            // Back in, it solves the level: one of the alternatives.
            Some(true) => {
                removed[k] = true;
                group.push(k);
            }
            // Still unsolvable without it back: not part of the group.
            Some(false) => {}
            None => return Ok(None),
        }
    }
    Ok(Some(group))
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
        sort(candidates, keys, &mut ask).unwrap_or_default()
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
        let s = sort(&[0, 2], 3, &mut ask).unwrap_or_default();
        assert_eq!((s.unneeded, asked), (vec![0, 2], 1));
    }

    #[test]
    fn a_budget_run_out_leaves_the_key_undecided_and_out_of_the_sets() {
        let mut ask = |removed: &[bool]| -> Result<Option<bool>, ()> {
            Ok((!removed[1]).then_some(!removed[0] || !removed[2]))
        };
        let s = sort(&[0, 1, 2], 3, &mut ask).unwrap_or_default();
        assert_eq!(s.undecided, vec![1]);
        assert!(!s.unneeded.contains(&1));
        assert_eq!(s.alternatives, vec![vec![0, 2]]);
    }
}
