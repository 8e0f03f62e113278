//! Facts about a level that follow from the rules without a search of its
//! states, because keys are never lost.
//!
//! - [`relaxed`]: what the player might reach if small keys were never spent,
//!   every lever door a reached lever flips could stand open, and the goal
//!   did not end the game. Everything really reachable is in it, so a goal
//!   outside it proves the level unsolvable, and a key without which the goal
//!   is outside it is needed by every solution (a *landmark*).
//! - [`irreversible_passages`]: the steps that walking back cannot undo. Any
//!   other step can be undone (walk back, pull the lever again) and keys only
//!   help, so only these can lead into a dead end.
//!
//! Both take time linear in the size of the level.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::rules::mechanics::{Blocked, Holdings, Mechanics, Opening, Passage};

/// What the player might reach, by the relaxed rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Reach {
    pub rooms: Vec<bool>,
    pub keys: Vec<bool>,
    /// The goal room is reached with every key it requires.
    pub goal: bool,
    /// On a level with nothing to pick up and nothing to pull, where the
    /// goal was reached: the rooms reached without passing through the goal
    /// room (which ends the game), the goal room included. Then they are
    /// exactly the rooms a player can reach.
    pub before_goal: Option<Vec<bool>>,
}

/// The relaxed state: everything collected so far, nothing ever spent.
struct Relaxed<'a> {
    m: &'a Mechanics,
    removed: &'a [bool],
    keys: Vec<bool>,
    levers: Vec<bool>,
    small: u32,
}

impl Holdings for Relaxed<'_> {
    fn door_open(&self, door: usize) -> bool {
        let at_start = matches!(
            self.m.doors()[door].opening,
            Opening::Lever {
                open_at_start: true
            }
        );
        at_start || self.m.flipped_by(door).iter().any(|&l| self.levers[l])
    }

    fn holds(&self, key: usize) -> bool {
        self.keys[key]
    }

    fn unlocked(&self, _: usize) -> bool {
        false
    }

    fn small_in_hand(&self) -> u32 {
        self.small
    }
}

/// Passages waiting for what blocks them.
#[derive(Default)]
struct Waiting {
    key: Vec<Vec<Passage>>,
    door: Vec<Vec<Passage>>,
    small: BinaryHeap<Reverse<(u32, usize)>>,
    small_passages: Vec<Passage>,
}

/// The relaxed reach of the level, with the keys marked in `removed` taken
/// out of it.
pub(crate) fn relaxed(m: &Mechanics, removed: &[bool]) -> Reach {
    relaxed_via(m, removed, None)
}

/// The keys that one relaxed way to the goal uses: every key not marked
/// can be taken out and the goal stays in the relaxed reach, because that
/// way never needed it. `None` when the goal is not in the relaxed reach,
/// and for levels with doors that levers flip or with the extended rules,
/// whose ways this does not follow.
///
/// The way is the one [`relaxed`] finds: each room entered through the
/// passage that first let the player in. From the goal (and the rooms of
/// the keys it requires) it walks back along those passages and marks the
/// keys their locks take, then walks back from those keys' rooms too.
/// Small keys are counted, not named: when the way goes through a small
/// lock, every small key is marked, and it walks back from their rooms
/// too. One pass over the level, where asking
/// of each key in turn took time keys × rooms (a nested level of 33,000
/// rooms, thousands of keys in its first room, took seconds).
pub(crate) fn support(m: &Mechanics) -> Option<Vec<bool>> {
    let by_keys_alone = !m.is_extended()
        && (m.doors().iter()).all(|d| matches!(d.opening, Opening::Open | Opening::Shut));
    if !by_keys_alone {
        return None;
    }
    let mut via = vec![None; m.rooms()];
    if !relaxed_via(m, &[], Some(&mut via)).goal {
        return None;
    }
    let mut used = vec![false; m.keys().len()];
    let mut seen = vec![false; m.rooms()];
    let mut rooms = vec![m.goal()];
    for &k in m.goal_requires() {
        used[k] = true;
        rooms.push(m.keys()[k].room);
    }
    let mut small = false;
    let mut smalls_marked = false;
    loop {
        while let Some(r) = rooms.pop() {
            if std::mem::replace(&mut seen[r], true) {
                continue;
            }
            let Some(Some(p)) = via.get(r).copied() else {
                continue;
            };
            rooms.push(p.from);
            let door = &m.doors()[p.door];
            small |= door.small_locks > 0;
            for &k in &door.locks {
                if !std::mem::replace(&mut used[k], true) {
                    rooms.push(m.keys()[k].room);
                }
            }
        }
        if !small || std::mem::replace(&mut smalls_marked, true) {
            break;
        }
        // The way spends small keys, and any of them may be the one: all
        // are used, and so is every key on the ways to their rooms.
        for (k, key) in m.keys().iter().enumerate() {
            if key.small && !std::mem::replace(&mut used[k], true) {
                rooms.push(key.room);
            }
        }
    }
    Some(used)
}

/// [`relaxed`], noting in `via` (when given, one entry per room) the
/// passage that first let the player into each room.
fn relaxed_via(m: &Mechanics, removed: &[bool], mut via: Option<&mut [Option<Passage>]>) -> Reach {
    let mut state = Relaxed {
        m,
        removed,
        keys: vec![false; m.keys().len()],
        levers: vec![false; m.levers().len()],
        small: 0,
    };
    let mut rooms = vec![false; m.rooms()];
    let mut wait = Waiting {
        key: vec![Vec::new(); m.keys().len()],
        // Made when a closed door is first met: a level without levers never
        // needs it, and on a large level it is a hundred thousand entries.
        door: Vec::new(),
        ..Waiting::default()
    };
    // With nothing to take, the goal room is entered last: what is reached
    // before then is reached without passing through it.
    let walk_only = m.only_walks();
    let mut goal_waits = walk_only && m.start() == m.goal();
    let mut before_goal = None;
    let mut queue = if goal_waits { vec![] } else { vec![m.start()] };
    rooms[m.start()] = true;
    let mut ready: Vec<Passage> = Vec::new();
    while let Some(r) = queue.pop().or_else(|| {
        goal_waits.then(|| {
            goal_waits = false;
            before_goal = Some(rooms.clone());
            m.goal()
        })
    }) {
        enter(&mut state, &mut wait, r, &mut ready);
        ready.extend_from_slice(m.passages_from(r));
        while let Some(p) = ready.pop() {
            if rooms[p.to] {
                continue;
            }
            match m.blocked(p, &state) {
                None => {
                    rooms[p.to] = true;
                    if walk_only && p.to == m.goal() {
                        goal_waits = true;
                    } else {
                        queue.push(p.to);
                    }
                    if let Some(entry) = via.as_deref_mut().and_then(|v| v.get_mut(p.to)) {
                        *entry = Some(p);
                    }
                }
                Some(Blocked::Closed) => {
                    if m.doors()[p.door].opening != Opening::Shut {
                        if wait.door.is_empty() {
                            wait.door = vec![Vec::new(); m.doors().len()];
                        }
                        wait.door[p.door].push(p);
                    }
                }
                Some(keys @ (Blocked::MissingKeys(_) | Blocked::MissingAny(_))) => {
                    for k in awaited(&keys, removed) {
                        wait.key[k].push(p);
                    }
                }
                Some(Blocked::NotEnoughSmallKeys { needed, .. }) => {
                    wait.small
                        .push(Reverse((needed, wait.small_passages.len())));
                    wait.small_passages.push(p);
                }
                // Levels that use these are solved by `general`, never here.
                Some(Blocked::NotEnoughItems { .. }) => {}
            }
        }
    }
    let goal = rooms[m.goal()] && m.goal_requires().iter().all(|&k| state.keys[k]);
    Reach {
        rooms,
        keys: state.keys,
        goal,
        before_goal,
    }
}

/// The keys whose coming may let a passage `blocked` this way through: the
/// first missing key of its lock, or each key of its any-of lock (whichever
/// comes first). Keys marked in `removed` never come; nothing but keys is
/// awaited here.
pub(crate) fn awaited<'b>(
    blocked: &'b Blocked,
    removed: &'b [bool],
) -> impl Iterator<Item = usize> + 'b {
    let keys: &[usize] = match blocked {
        Blocked::MissingKeys(keys) => keys.get(..1).unwrap_or_default(),
        Blocked::MissingAny(keys) => keys,
        _ => &[],
    };
    (keys.iter().copied()).filter(|&k| !removed.get(k).copied().unwrap_or(false))
}

/// Takes what lies in room `r` and wakes the passages that were waiting for it.
fn enter(state: &mut Relaxed<'_>, wait: &mut Waiting, r: usize, ready: &mut Vec<Passage>) {
    let m = state.m;
    for k in m.keys_in(r) {
        if state.removed.get(k).copied().unwrap_or(false) || state.keys[k] {
            continue;
        }
        if m.keys()[k].small {
            state.small += 1;
        } else {
            state.keys[k] = true;
            ready.append(&mut wait.key[k]);
        }
    }
    while let Some(&Reverse((needed, i))) = wait.small.peek() {
        if needed > state.small {
            break;
        }
        wait.small.pop();
        ready.push(wait.small_passages[i]);
    }
    for l in m.levers_in(r) {
        if !state.levers[l] {
            state.levers[l] = true;
            for &d in &m.levers()[l].flips {
                if let Some(waiting) = wait.door.get_mut(d) {
                    ready.append(waiting);
                }
            }
        }
    }
}

/// Entries of rooms and passages that [`landmarks`] walks, at most, when it
/// tests candidates one walk each: a few dozen walks of the largest level.
const MAX_LANDMARK_WORK: usize = 8_000_000;

/// Keys that every solution must pick up, found among `candidates` (at most
/// `limit` of them): the goal is outside the relaxed reach without each.
///
/// Each test is a relaxed walk of the whole level. A key that one relaxed
/// way to the goal does not use ([`support`]) cannot be one: those are
/// ruled out by that one walk, with no test. The tests left stop after
/// [`MAX_LANDMARK_WORK`] entries, so that a large level with hundreds of
/// candidates costs a bounded number of walks, not one per key: fewer
/// landmarks make a weaker bound, never a wrong one.
pub(crate) fn landmarks(m: &Mechanics, candidates: &[usize], limit: usize) -> Vec<usize> {
    if candidates.is_empty() || limit == 0 {
        return Vec::new();
    }
    let used = support(m);
    let walk = m.rooms() + m.passages().len();
    let mut tests = MAX_LANDMARK_WORK / walk.max(1);
    let mut removed = vec![false; m.keys().len()];
    let mut found = Vec::new();
    for &k in candidates {
        if found.len() >= limit {
            break;
        }
        if (used.as_deref()).is_some_and(|used| !used.get(k).copied().unwrap_or(false)) {
            continue;
        }
        if tests == 0 {
            break;
        }
        tests -= 1;
        removed[k] = true;
        if !relaxed(m, &removed).goal {
            found.push(k);
        }
        removed[k] = false;
    }
    found
}

/// Passages that walking back cannot undo, among those from `rooms`: doors
/// with a small lock (the keys are spent), and one-way doors or doors
/// entered from the free side of a one-sided lock, whose two sides are not
/// joined by doors that are always open and never locked.
pub(crate) fn irreversible_passages(m: &Mechanics, rooms: &[bool]) -> Vec<Passage> {
    // Each passage with whether it spends small keys, among those that
    // spend them or go one way: the only ones that may not be undone.
    // Entering a goal that requires nothing ends the game: a passage out
    // of it is never taken.
    let never_left = m.goal_requires().is_empty();
    let candidates: Vec<(Passage, bool)> = (m.passages().iter().copied())
        .filter(|p| rooms.get(p.from).copied().unwrap_or(false))
        .filter(|p| !(never_left && p.from == m.goal()))
        .filter_map(|p| {
            // A free door has no small lock; its rule is read only otherwise.
            let (small, one_way) = if m.is_free(p.door) {
                (false, m.is_one_way(p.door))
            } else {
                let door = &m.doors()[p.door];
                let locked_here = m.locked_here(p);
                let way_back_locked = !locked_here && m.locks_one_side(p.door);
                (
                    door.small_locks > 0 && locked_here,
                    door.one_way || way_back_locked,
                )
            };
            (small || one_way).then_some((p, small))
        })
        .collect();
    if candidates.iter().all(|&(_, small)| small) {
        // No one-way door to judge: a level of two-way doors, the most
        // common, does without the components, a walk over the whole level.
        return candidates.into_iter().map(|(p, _)| p).collect();
    }
    let free = free_components(m);
    (candidates.into_iter())
        .filter(|&(p, small)| small || free[p.from] != free[p.to])
        .map(|(p, _)| p)
        .collect()
}

/// A passage anyone can take at any time: open for good, with no lock on
/// the side it leaves from.
fn is_free(m: &Mechanics, p: Passage) -> bool {
    m.is_free(p.door) || {
        let door = &m.doors()[p.door];
        let unlocked = door.locks.is_empty() && door.locks_any.is_empty() && door.small_locks == 0;
        door.opening == Opening::Open && (unlocked || !m.locked_here(p))
    }
}

/// The strongly connected components of the rooms over free passages
/// that do not leave the goal room: rooms in one component can always
/// walk to each other.
fn free_components(m: &Mechanics) -> Vec<u32> {
    // Tarjan's algorithm, iterative.
    let n = m.rooms();
    const UNSEEN: u32 = u32::MAX;
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut comp = vec![UNSEEN; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut on_stack = vec![false; n];
    let mut next = 0u32;
    let mut comps = 0u32;
    for root in 0..n {
        if index[root] != UNSEEN {
            continue;
        }
        // (room, position in its passage list)
        let mut call: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut i)) = call.last_mut() {
            let out = m.passages_from(v);
            if let Some(&p) = out.get(*i) {
                *i += 1;
                // Entering the goal room can end the game: no walk back
                // may count on passing through it.
                if !is_free(m, p) || p.from == m.goal() {
                    continue;
                }
                let w = p.to;
                if index[w] == UNSEEN {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    call.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            call.pop();
            if let Some(&(u, _)) = call.last() {
                low[u] = low[u].min(low[v]);
            }
            if low[v] == index[v] {
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    comp[w] = comps;
                    if w == v {
                        break;
                    }
                }
                comps += 1;
            }
        }
    }
    comp
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Door, Key, Level, Lever, Room};

    /// r1 -d1 (locks red)- r2 (goal); red lies behind a small lock in r3.
    fn level() -> Level {
        let mut level = Level::new("t");
        level.rooms.push(Room::new("r2", [0.0, 0.0]));
        level.rooms.push(Room::new("r3", [0.0, 0.0]));
        let mut d1 = Door::new("d1", "r1", "r2");
        d1.locks = vec!["red".into()];
        let mut d2 = Door::new("d2", "r1", "r3");
        d2.small_locks = 1;
        level.doors = vec![d1, d2];
        let mut s = Key::new("s", "r1");
        s.small = true;
        level.keys = vec![Key::new("red", "r3"), s, Key::new("gem", "r3")];
        level.goal = "r2".into();
        level
    }

    #[test]
    fn relaxed_reach_follows_keys_and_small_keys() {
        let m = Mechanics::new(&level()).unwrap();
        let reach = relaxed(&m, &[false; 3]);
        assert!(reach.goal);
        assert_eq!(
            reach.keys,
            vec![true, false, true],
            "small keys are counted, not held"
        );
        let no_small = relaxed(&m, &[false, true, false]);
        assert!(
            !no_small.goal,
            "without the small key, r3 and red stay out of reach"
        );
        assert_eq!(landmarks(&m, &[0, 1, 2], 10), vec![0, 1]);
    }

    /// A level of `rooms` rooms (`r0` the start), doors `(from, to,
    /// one-way, lock key or none, small locks)`, keys `(room, small)`, the
    /// goal and the keys it requires.
    fn built(
        rooms: usize,
        doors: &[(usize, usize, bool, Option<usize>, u32)],
        keys: &[(usize, bool)],
        goal: usize,
        requires: &[usize],
    ) -> Level {
        let mut level = Level::new("support");
        level.rooms.clear();
        for r in 0..rooms {
            level
                .rooms
                .push(Room::new(format!("r{r}").as_str(), [0.0, 0.0]));
        }
        level.start = "r0".into();
        level.goal = format!("r{}", goal % rooms).as_str().into();
        for (d, &(a, b, one_way, lock, small)) in doors.iter().enumerate() {
            let mut door = Door::new(
                format!("d{d}").as_str(),
                format!("r{}", a % rooms).as_str(),
                format!("r{}", b % rooms).as_str(),
            );
            door.one_way = one_way;
            door.locks = lock
                .filter(|&k| k < keys.len())
                .map(|k| format!("k{k}").as_str().into())
                .into_iter()
                .collect();
            door.small_locks = small;
            level.doors.push(door);
        }
        for (k, &(room, small)) in keys.iter().enumerate() {
            let mut key = Key::new(
                format!("k{k}").as_str(),
                format!("r{}", room % rooms).as_str(),
            );
            key.small = small;
            level.keys.push(key);
        }
        level.goal_requires = requires
            .iter()
            .filter(|&&k| k < keys.len() && !keys[k].1)
            .map(|k| format!("k{k}").as_str().into())
            .collect();
        level
    }

    /// Small levels of the rules the relaxed reach follows, by [`built`].
    fn small_level() -> impl proptest::strategy::Strategy<Value = Level> {
        use proptest::prelude::*;
        let door = (
            0usize..8,
            0usize..8,
            any::<bool>(),
            proptest::option::of(0usize..6),
            0u32..2,
        );
        (
            2usize..8,
            proptest::collection::vec(door, 1..14),
            proptest::collection::vec((0usize..8, proptest::bool::weighted(0.2)), 0..6),
            1usize..8,
            proptest::collection::vec(0usize..6, 0..2),
        )
            .prop_map(|(rooms, doors, keys, goal, requires)| {
                built(rooms, &doors, &keys, goal, &requires)
            })
    }

    proptest::proptest! {
        /// Every key the support leaves out can be taken away and the goal
        /// stays in the relaxed reach; and the goal is there exactly when
        /// there is a support.
        #[test]
        fn a_key_outside_the_support_is_never_needed(
            level in small_level(),
        ) {
            let Ok(m) = Mechanics::new(&level) else {
                return Ok(());
            };
            let keys = level.keys.len();
            let everything = relaxed(&m, &vec![false; keys]);
            let used = support(&m);
            proptest::prop_assert_eq!(used.is_some(), everything.goal);
            for k in (0..keys).filter(|&k| used.as_ref().is_some_and(|u| !u[k])) {
                let mut removed = vec![false; keys];
                removed[k] = true;
                proptest::prop_assert!(relaxed(&m, &removed).goal, "k{} was needed", k);
            }
        }

        /// The landmarks are exactly the keys without which the goal leaves
        /// the relaxed reach, tested one by one: ruling keys out by the
        /// support loses none.
        #[test]
        fn landmarks_are_the_keys_each_test_finds(
            level in small_level(),
            limit in 0usize..7,
        ) {
            let Ok(m) = Mechanics::new(&level) else {
                return Ok(());
            };
            let keys = level.keys.len();
            let all: Vec<usize> = (0..keys).rev().collect();
            let tested: Vec<usize> = (all.iter().copied())
                .filter(|&k| {
                    let mut removed = vec![false; keys];
                    removed[k] = true;
                    !relaxed(&m, &removed).goal
                })
                .take(limit)
                .collect();
            proptest::prop_assert_eq!(landmarks(&m, &all, limit), tested);
        }
    }

    #[test]
    fn lever_doors_open_once_a_lever_is_reached() {
        let mut level = level();
        level.doors[0].locks.clear();
        level.doors[0].open = false;
        level.levers = vec![Lever::new("l", "r3", vec!["d1".into()])];
        let m = Mechanics::new(&level).unwrap();
        assert!(relaxed(&m, &[false; 3]).goal);
        assert!(
            !relaxed(&m, &[false, true, false]).goal,
            "the lever is behind the small lock"
        );
    }

    #[test]
    fn only_spending_and_real_drops_are_irreversible() {
        let mut level = level();
        let mut drop = Door::new("d3", "r3", "r1");
        drop.one_way = true;
        level.doors.push(drop);
        let m = Mechanics::new(&level).unwrap();
        let all = vec![true; 3];
        let mut doors: Vec<usize> = irreversible_passages(&m, &all)
            .iter()
            .map(|p| p.door)
            .collect();
        doors.sort_unstable();
        assert_eq!(
            doors,
            vec![1, 1, 2],
            "both ways through the small lock, and the drop"
        );
        // A free way back makes the drop a shortcut.
        level.doors.push(Door::new("d4", "r1", "r3"));
        let m = Mechanics::new(&level).unwrap();
        let doors: Vec<usize> = irreversible_passages(&m, &all)
            .iter()
            .map(|p| p.door)
            .collect();
        assert_eq!(doors, vec![1, 1]);
    }

    #[test]
    fn a_way_back_through_the_goal_is_no_way_back() {
        // r1 drops into r3; the only way back, r3 - r2 - r1, passes the
        // goal r2, where the game ends. A brute force found the analysis
        // calling this level reversible and every room reachable.
        let mut level = Level::new("t");
        level.rooms.push(Room::new("r2", [0.0, 0.0]));
        level.rooms.push(Room::new("r3", [0.0, 0.0]));
        level.goal = "r2".into();
        let mut drop = Door::new("d1", "r1", "r3");
        drop.one_way = true;
        level.doors.push(drop);
        level.doors.push(Door::new("d2", "r3", "r2"));
        let mut up = Door::new("d3", "r2", "r1");
        up.one_way = true;
        level.doors.push(up);
        let m = Mechanics::new(&level).unwrap();
        let doors: Vec<usize> = irreversible_passages(&m, &[true; 3])
            .iter()
            .map(|p| p.door)
            .collect();
        assert_eq!(doors, vec![0], "the drop; d3 leaves the goal, never taken");
        // A goal that requires a key can be passed through without it:
        // d3 is then a drop of its own.
        level.keys.push(Key::new("crown", "r3"));
        level.goal_requires = vec!["crown".into()];
        let m = Mechanics::new(&level).unwrap();
        let doors: Vec<usize> = irreversible_passages(&m, &[true; 3])
            .iter()
            .map(|p| p.door)
            .collect();
        assert_eq!(doors, vec![0, 2]);
    }
}
