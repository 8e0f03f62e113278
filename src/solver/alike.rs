//! Named keys the rules cannot tell apart, so that asking whether a level
//! is solvable without each key takes one question per group of keys, not
//! one per key.
//!
//! Two doors side by side, each locked by the same 200,000 keys: every key
//! is needed, but neither door is crossed by every walk, so no bridge tells
//! ([`surely_needed`](super::relevance::surely_needed)), and a walk of the
//! level per key read both locks each time: 8·10¹⁰ entries, the whole
//! budget of `check`, with most keys left not worked out.

use rustc_hash::FxHashMap;

use crate::rules::Mechanics;

/// The named keys of a level in groups. The keys of one group are read by
/// the same doors, each of those doors asking for every one of them (in
/// its lock, or as the only key of its any-of lock), and by nothing else:
/// a key of a longer any-of lock (the lock's other keys stand in for it,
/// each from where it lies), a key the goal requires, and a small key or
/// an item of a kind are each in a group of their own.
///
/// Without any one key of a group, every door that reads it stays locked
/// from the sides its lock applies to (it asks for the missing key), and
/// the other keys of the group open nothing else: holding them changes no
/// step the rules allow. So the level without any one key of a group plays
/// the same, and whether it can be solved is one answer for the group.
/// (A key already taken out is alone: without it, the level lacks two.)
pub(crate) struct Alike {
    /// Each key's group.
    group: Vec<u32>,
    /// The answers found so far, by group.
    answers: FxHashMap<u32, bool>,
}

impl Alike {
    /// The groups of `m`'s keys, with the keys marked in `removed` (taken
    /// out of the level already) each in a group of its own: linear in the
    /// lengths of the doors' locks.
    pub(crate) fn new(m: &Mechanics, removed: &[bool]) -> Self {
        let keys = m.keys().len();
        let mut alone: Vec<bool> = (m.keys().iter().enumerate())
            .map(|(k, key)| key.small || key.kind.is_some() || removed.get(k) == Some(&true))
            .collect();
        for &k in m.goal_requires() {
            alone[k] = true;
        }
        // The doors that read each key, as one list cut at `starts`: the
        // doors come in order, so each key's part is sorted.
        let mut starts = vec![0usize; keys + 1];
        for (d, door) in m.doors_not_free() {
            m.keys_required(d).for_each(|k| starts[k + 1] += 1);
            if door.locks_any.len() > 1 {
                door.locks_any.iter().for_each(|&k| alone[k] = true);
            }
        }
        for k in 0..keys {
            starts[k + 1] += starts[k];
        }
        let mut doors = vec![0u32; starts[keys]];
        let mut next = starts.clone();
        for (d, _) in m.doors_not_free() {
            for k in m.keys_required(d) {
                doors[next[k]] = d as u32;
                next[k] += 1;
            }
        }
        let mut groups: FxHashMap<&[u32], u32> = FxHashMap::default();
        let group = (0..keys)
            .map(|k| match alone[k] {
                true => (keys + k) as u32,
                false => *groups
                    .entry(&doors[starts[k]..starts[k + 1]])
                    .or_insert(k as u32),
            })
            .collect();
        Self {
            group,
            answers: FxHashMap::default(),
        }
    }

    /// Whether keys `a` and `b` are in one group.
    #[cfg(test)]
    pub(crate) fn same(&self, a: usize, b: usize) -> bool {
        self.group
            .get(a)
            .is_some_and(|g| self.group.get(b) == Some(g))
    }

    /// The answer known for key `k`'s group, if any: to a question whose
    /// answer is the same for every key of a group (is the level solvable
    /// without it? is it needed?), one question per `Alike`.
    pub(crate) fn known(&self, k: usize) -> Option<bool> {
        self.answers.get(self.group.get(k)?).copied()
    }

    /// Keeps the `answer` found for key `k`, for its whole group; `None`
    /// (not worked out) is not kept.
    pub(crate) fn learn(&mut self, k: usize, answer: Option<bool>) {
        if let (Some(&group), Some(answer)) = (self.group.get(k), answer) {
            self.answers.insert(group, answer);
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::Alike;
    use crate::model::{Door, Key, Level, Room};
    use crate::rules::Mechanics;
    use crate::solver::{SolveOptions, solve};

    /// `level` with key `k` moved to a room no door leads to.
    fn without(level: &Level, k: usize) -> Level {
        let mut level = level.clone();
        level.rooms.push(Room::new("nowhere", [0.0, 0.0]));
        level.keys[k].room = Some("nowhere".into());
        level
    }

    fn solvable(level: &Level) -> Option<bool> {
        let solved = solve(level, &SolveOptions::default()).ok()?;
        Some(solved.plan.is_some())
    }

    /// Two rooms joined by two doors side by side, each locked by the same
    /// `n` keys lying in the start room, and a third door whose any-of
    /// lock names the first two keys.
    fn side_by_side(n: usize) -> Level {
        let mut level = Level::new("side by side");
        level.rooms = vec![Room::new("a", [0.0, 0.0]), Room::new("b", [1.0, 0.0])];
        level.start = "a".into();
        level.goal = "b".into();
        level.keys = (0..n).map(|k| Key::new(format!("k{k}"), "a")).collect();
        for d in ["d1", "d2"] {
            let mut door = Door::new(d, "a", "b");
            door.locks = level.keys.iter().map(|k| k.id.clone()).collect();
            level.doors.push(door);
        }
        level
    }

    #[test]
    fn keys_read_by_the_same_doors_are_alike_but_those_of_a_longer_any_of_lock() {
        let level = side_by_side(5);
        let m = Mechanics::new(&level).unwrap();
        let alike = Alike::new(&m, &[]);
        assert!((1..5).all(|k| alike.same(0, k)));
        let alike = Alike::new(&m, &[false, false, true]);
        assert!(!alike.same(1, 2), "a key taken out already is alone");
        let mut level = level;
        let mut door = Door::new("d3", "a", "b");
        door.locks_any = vec!["k0".into(), "k1".into()];
        level.doors.push(door);
        level.goal_requires = vec!["k4".into()];
        let m = Mechanics::new(&level).unwrap();
        let alike = Alike::new(&m, &[]);
        assert!(!alike.same(0, 1));
        assert!(!alike.same(0, 2) && !alike.same(1, 2));
        assert!(alike.same(2, 3));
        assert!(!alike.same(3, 4), "a key the goal requires is alone");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Keys of one group are needed alike: the level without one can
        /// be solved exactly when the level without another can, with
        /// every rule the fast paths follow and levers that pull once.
        #[test]
        fn the_level_without_any_key_of_a_group_plays_the_same(
            level in crate::solver::agree::level(),
            once in any::<bool>(),
        ) {
            let mut level = level;
            for lever in &mut level.levers {
                lever.once = once;
            }
            let Ok(m) = Mechanics::new(&level) else { return Ok(()) };
            let alike = Alike::new(&m, &[]);
            let keys = level.keys.len();
            for (a, b) in (0..keys).flat_map(|a| (a + 1..keys).map(move |b| (a, b))) {
                if alike.same(a, b) {
                    let (with_a, with_b) = (without(&level, a), without(&level, b));
                    prop_assert_eq!(
                        solvable(&with_a),
                        solvable(&with_b),
                        "{}",
                        crate::format::to_string(&level)
                    );
                }
            }
        }
    }
}
