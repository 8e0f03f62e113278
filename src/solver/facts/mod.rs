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

use petgraph::algo::kosaraju_scc;

use crate::digraph::Digraph;
use crate::rules::mechanics::{Blocked, Holdings, Mechanics, Opening, Passage, SMALL_KIND};

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

/// The relaxed reach with no key taken out, and the way it found into each
/// room: made once per prepared level (`Prepared::relaxed_ways`), read by
/// the analysis and by [`support`].
pub(crate) struct Ways {
    pub reach: Reach,
    /// Per room, the door and the room the reach first came in by, in
    /// `u32`s; `None` for the start and the rooms it did not reach.
    via: Vec<Option<(u32, u32)>>,
}

/// [`relaxed`] with no key taken out, keeping its ways.
pub(crate) fn relaxed_ways(m: &Mechanics) -> Ways {
    let mut via = vec![None; m.rooms()];
    let reach = relaxed_via(m, &[], Some(&mut via), AtGoal::PassThrough);
    Ways { reach, via }
}

/// The relaxed state: everything collected so far, nothing ever spent.
struct Relaxed<'a> {
    m: &'a Mechanics,
    removed: &'a [bool],
    keys: Vec<bool>,
    levers: Vec<bool>,
    small: u32,
    /// Items in hand per kind, never spent (kind 0 unused: `small`).
    items: Vec<u32>,
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

    fn in_hand(&self, kind: usize) -> u32 {
        if kind == SMALL_KIND {
            self.small
        } else {
            self.items.get(kind).copied().unwrap_or(0)
        }
    }

    /// A lever reached may stand either way; one not reached stands as at
    /// the start, not pulled.
    fn literal_holds(&self, lever: usize, pulled: bool) -> bool {
        !pulled || self.levers.get(lever).copied().unwrap_or(false)
    }
}

/// Passages waiting for what blocks them.
#[derive(Default)]
struct Waiting {
    key: Vec<Vec<Passage>>,
    door: Vec<Vec<Passage>>,
    small: BinaryHeap<Reverse<(u32, usize)>>,
    small_passages: Vec<Passage>,
    /// Per kind other than small keys: passages waiting for that many.
    items: Vec<BinaryHeap<Reverse<(u32, usize)>>>,
    /// Per lever: the doors whose `open_when` names it; made when a door
    /// with one is first met closed.
    named_in: Option<Vec<Vec<usize>>>,
}

/// Per lever, the doors whose `open_when` names it.
fn named_in(m: &Mechanics) -> Vec<Vec<usize>> {
    let mut named = vec![Vec::new(); m.levers().len()];
    for (d, door) in m.doors_not_free() {
        for &(l, _) in door.open_when.iter().flatten() {
            if let Some(doors) = named.get_mut(l)
                && doors.last() != Some(&d)
            {
                doors.push(d);
            }
        }
    }
    named
}

/// The relaxed reach of the level, with the keys marked in `removed` taken
/// out of it.
pub(crate) fn relaxed(m: &Mechanics, removed: &[bool]) -> Reach {
    relaxed_via(m, removed, None, AtGoal::PassThrough)
}

/// [`relaxed`], where entering the goal room ends the game: the goal room
/// is reached but not left, and nothing in it is taken (nor anything in
/// the start room, when that is the goal).
pub(crate) fn relaxed_ending_at_goal(m: &Mechanics, removed: &[bool]) -> Reach {
    relaxed_via(m, removed, None, AtGoal::Ends)
}

/// What entering the goal room does in a relaxed walk.
#[derive(Clone, Copy, PartialEq, Eq)]
enum AtGoal {
    /// Nothing: the walk goes on through it.
    PassThrough,
    /// The game ends there.
    Ends,
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
pub(crate) fn support(m: &Mechanics, ways: &Ways) -> Option<Vec<bool>> {
    let by_keys_alone = !m.is_extended()
        && (m.doors_not_free()).all(|(_, d)| matches!(d.opening, Opening::Open | Opening::Shut));
    if !by_keys_alone {
        return None;
    }
    if !ways.reach.goal {
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
            let Some(Some((door, from))) = ways.via.get(r).copied() else {
                continue;
            };
            rooms.push(from as usize);
            let door = &m.doors()[door as usize];
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
fn relaxed_via(
    m: &Mechanics,
    removed: &[bool],
    mut via: Option<&mut [Option<(u32, u32)>]>,
    at_goal: AtGoal,
) -> Reach {
    let mut state = Relaxed {
        m,
        removed,
        keys: vec![false; m.keys().len()],
        levers: vec![false; m.levers().len()],
        small: 0,
        items: vec![0; m.kinds().len()],
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
    let ends = at_goal == AtGoal::Ends;
    let walk_only = m.only_walks() && !ends;
    let mut goal_waits = walk_only && m.start() == m.goal();
    let mut before_goal = None;
    let ends_at_start = ends && m.start() == m.goal();
    let mut queue = if goal_waits || ends_at_start {
        vec![]
    } else {
        vec![m.start()]
    };
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
        ready.extend(m.passages_from(r));
        while let Some(p) = ready.pop() {
            if rooms[p.to] {
                continue;
            }
            match m.blocked(p, &state) {
                None => {
                    rooms[p.to] = true;
                    if walk_only && p.to == m.goal() {
                        goal_waits = true;
                    } else if !(ends && p.to == m.goal()) {
                        queue.push(p.to);
                    }
                    if let Some(entry) = via.as_deref_mut().and_then(|v| v.get_mut(p.to)) {
                        *entry = Some((p.door as u32, p.from as u32));
                    }
                }
                Some(why) => wait_for(m, removed, &mut wait, p, why),
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

/// Files passage `p`, blocked for `why`, under what may let it through:
/// its door's levers or condition, the keys it misses, or the count of
/// small keys or items it needs.
fn wait_for(m: &Mechanics, removed: &[bool], wait: &mut Waiting, p: Passage, why: Blocked) {
    match why {
        Blocked::Closed => {
            let opening = m.doors()[p.door].opening;
            if opening != Opening::Shut {
                if wait.door.is_empty() {
                    wait.door = vec![Vec::new(); m.doors().len()];
                }
                if opening == Opening::When && wait.named_in.is_none() {
                    wait.named_in = Some(named_in(m));
                }
                wait.door[p.door].push(p);
            }
        }
        keys @ (Blocked::MissingKeys(_) | Blocked::MissingAny(_)) => {
            for k in awaited(&keys, removed) {
                wait.key[k].push(p);
            }
        }
        Blocked::NotEnoughSmallKeys { needed, .. } => {
            wait.small
                .push(Reverse((needed, wait.small_passages.len())));
            wait.small_passages.push(p);
        }
        Blocked::NotEnoughItems { kind, needed, .. } => {
            if wait.items.is_empty() {
                wait.items = vec![BinaryHeap::new(); m.kinds().len()];
            }
            if let Some(heap) = wait.items.get_mut(kind) {
                heap.push(Reverse((needed, wait.small_passages.len())));
                wait.small_passages.push(p);
            }
        }
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
        match m.keys()[k].kind {
            Some(SMALL_KIND) => state.small += 1,
            Some(kind) => {
                state.keys[k] = true;
                state.items[kind] += 1;
                if let Some(heap) = wait.items.get_mut(kind) {
                    wake(heap, state.items[kind], &wait.small_passages, ready);
                }
            }
            None => {
                state.keys[k] = true;
                ready.append(&mut wait.key[k]);
            }
        }
    }
    wake(&mut wait.small, state.small, &wait.small_passages, ready);
    for l in m.levers_in(r) {
        if !state.levers[l] {
            state.levers[l] = true;
            let named = wait.named_in.as_ref().and_then(|n| n.get(l));
            for &d in m.levers()[l]
                .flips
                .iter()
                .chain(named.into_iter().flatten())
            {
                if let Some(waiting) = wait.door.get_mut(d) {
                    ready.append(waiting);
                }
            }
        }
    }
}

/// Moves to `ready` the passages of `heap` that wait for no more than
/// `held` items.
fn wake(
    heap: &mut BinaryHeap<Reverse<(u32, usize)>>,
    held: u32,
    passages: &[Passage],
    ready: &mut Vec<Passage>,
) {
    while let Some(&Reverse((needed, i))) = heap.peek() {
        if needed > held {
            break;
        }
        heap.pop();
        ready.push(passages[i]);
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
///
/// `ways` is the level's relaxed walk with its ways when the caller has it
/// at hand ([`relaxed_ways`]); it is walked here otherwise.
pub(crate) fn landmarks(
    m: &Mechanics,
    ways: Option<&Ways>,
    candidates: &[usize],
    limit: usize,
) -> Vec<usize> {
    if candidates.is_empty() || limit == 0 {
        return Vec::new();
    }
    let walked;
    let ways = match ways {
        Some(ways) => ways,
        None => {
            walked = relaxed_ways(m);
            &walked
        }
    };
    let used = support(m, ways);
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

/// Whether every step of play on `m` can be undone, given the passages
/// among the reachable rooms that walking back cannot undo
/// ([`irreversible_passages`]): none, and no `once` lever, whose pull
/// cannot be undone either. Such a level has no dead end but the start.
pub(crate) fn every_step_undone(m: &Mechanics, irreversible: &[Passage]) -> bool {
    irreversible.is_empty() && !m.levers().iter().any(|l| l.once)
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
    let candidates: Vec<(Passage, bool)> = (m.passages())
        .filter(|p| rooms.get(p.from).copied().unwrap_or(false))
        .filter(|p| !(never_left && p.from == m.goal()))
        .filter_map(|p| {
            let small = m.may_spend(p);
            (small || m.way_back_may_be_barred(p)).then_some((p, small))
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

/// The strongly connected components of the rooms over free passages
/// that do not leave the goal room: rooms in one component can always
/// walk to each other. Each room's number is its component's.
///
/// petgraph's Kosaraju, which walks without recursion, so that a chain of
/// a hundred thousand one-way doors cannot overflow the stack (its Tarjan
/// recurses once per room).
pub(crate) fn free_components(m: &Mechanics) -> Vec<u32> {
    let edges: Vec<(u32, u32)> = (0..m.rooms())
        // Entering the goal room can end the game: no walk back may count
        // on passing through it.
        .filter(|&r| r != m.goal())
        .flat_map(|r| m.passages_from(r))
        .filter(|&p| m.always_passable(p))
        .map(|p| (p.from as u32, p.to as u32))
        .collect();
    let graph = Digraph::new(m.rooms(), &edges);
    let mut comp = vec![0u32; m.rooms()];
    for (c, rooms) in kosaraju_scc(&graph).iter().enumerate() {
        for &r in rooms {
            comp[r] = c as u32;
        }
    }
    comp
}

#[cfg(test)]
mod tests;
