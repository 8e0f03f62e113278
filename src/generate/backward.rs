//! The backward method (seed article 002): start from the goal and work back
//! towards the start, locking the one door into each goal area and putting
//! its keys where the player can get them first.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::{Value, json};

use super::common::{Graph, Ids, VERIFY_MAX_STATES, dress, record, verify};
use super::{
    Change, DoorChange, GenerateError, Generated, Param, Problem, Progress, Rng, Source,
    Unreachable, random_graph,
};
use crate::model::{DoorId, Key, KeyId, Level, LevelIndex};

/// What [`backward`] makes.
#[derive(Clone, Debug, PartialEq)]
pub struct BackwardParams {
    /// The seed: the same seed and parameters give the same level.
    pub seed: u64,
    /// A random graph or a drawn layout.
    pub source: Source,
    /// How many locks to place on the way to the goal.
    pub locks: usize,
    /// Each lock needs between this many keys (inclusive range).
    pub keys_per_lock: (usize, usize),
    /// Keys that open nothing, lying on the way.
    pub red_herrings: usize,
    /// Locked dead ends that hold nothing the player needs (their locks are
    /// the only ones that are not necessary).
    pub side_areas: usize,
}

impl Default for BackwardParams {
    fn default() -> Self {
        Self {
            seed: 0,
            source: Source::Graph {
                rooms: 30,
                extra_doors: 8,
            },
            locks: 6,
            keys_per_lock: (1, 2),
            red_herrings: 0,
            side_areas: 0,
        }
    }
}

/// What makes a backward level smaller.
const SMALLER: &[Param] = &[Param::Rooms, Param::Locks, Param::KeysPerLock];

/// The most keys one lock may need.
pub const MAX_KEYS_PER_LOCK: usize = 8;

/// A lock being placed: its door and the rooms of its keys.
struct Placed {
    door: usize,
    key_rooms: Vec<usize>,
}

/// Generates a level by the backward method.
///
/// Picks a goal far from the start (or the layout's goal), then for each of
/// `locks` steps takes the first room of the goal list, makes the door by
/// which breadth-first search first reaches it the single way into it and
/// everything behind it (removing other doors across that boundary), locks
/// that door with 1..k keys, puts the keys in rooms far from the start that
/// can be reached without passing any lock, and adds those rooms to the goal
/// list. Every lock placed this way is necessary: taking away any one of its
/// keys makes the level unsolvable.
pub fn backward(
    params: &BackwardParams,
    progress: &dyn Fn(Progress),
    cancel: &AtomicBool,
) -> Result<Generated, GenerateError> {
    let (kmin, kmax) = params.keys_per_lock;
    if kmin == 0 || kmin > kmax || kmax > MAX_KEYS_PER_LOCK {
        return Err(GenerateError::param(
            Param::KeysPerLock,
            Problem::Range {
                low: kmin,
                high: kmax,
                least: 1,
                most: Some(MAX_KEYS_PER_LOCK),
            },
        ));
    }
    let mut rng = Rng::new(params.seed);
    let (mut level, from_layout, layout_name, extra_placed) = match &params.source {
        Source::Graph { rooms, extra_doors } => {
            let (level, placed) = random_graph(&mut rng, *rooms, *extra_doors)?;
            (level, false, String::new(), Some(placed))
        }
        Source::Layout { level, name } => {
            check_layout(level)?;
            (level.as_ref().clone(), true, name.clone(), None)
        }
    };
    let what = if from_layout {
        "layout"
    } else {
        "random graph"
    };
    let max_items = crate::format::MAX_ITEMS;
    let wanted_keys = params
        .locks
        .saturating_mul(kmax)
        .saturating_add(params.red_herrings)
        .saturating_add(params.side_areas.saturating_mul(2));
    if wanted_keys > max_items {
        return Err(GenerateError::TooManyItems {
            what: "keys",
            needed: wanted_keys,
            limit: max_items,
            lower: &[
                Param::Locks,
                Param::KeysPerLock,
                Param::RedHerrings,
                Param::SideAreas,
            ],
        });
    }
    let index = LevelIndex::new(&level);
    let graph = Graph::of(&level)?;
    let n = level.rooms.len();
    let start = index
        .room(&level.start)
        .ok_or_else(|| GenerateError::InvalidLayout(format!("no room \"{}\"", level.start)))?;
    let mut removed = vec![false; level.doors.len()];
    let mut locked: Vec<bool> = vec![false; level.doors.len()];
    let (dist, _) = graph.bfs(start, |_| true);

    // The goal: the layout's, or a room far from the start.
    let layout_goal = index.room(&level.goal).filter(|&g| g != start);
    let goal = match layout_goal {
        Some(g) if from_layout => {
            if dist[g] == usize::MAX {
                return Err(GenerateError::GoalUnreachable(Unreachable::NoPath {
                    start: level.room_label(&level.start),
                    goal: level.room_label(&level.goal),
                }));
            }
            g
        }
        _ => {
            // A dead end (a leaf of the breadth-first tree) far from the
            // start, so that no room lies behind the goal.
            let (_, via) = graph.bfs(start, |_| true);
            let mut leafy = dist.clone();
            for (r, &d) in via.iter().enumerate() {
                if d != usize::MAX {
                    let (a, b) = graph.ends[d];
                    let parent = if a == r { b } else { a };
                    leafy[parent] = usize::MAX;
                }
            }
            let far = farthest(&leafy, start, &mut rng).ok_or_else(|| {
                if params.locks == 0 && n == 1 {
                    GenerateError::param(Param::Rooms, Problem::TooSmall { min: 2, value: n })
                } else {
                    GenerateError::TooManyLocks {
                        asked: params.locks.max(1),
                        placed: 0,
                        what,
                    }
                }
            })?;
            level.goal = level.rooms[far].id.clone();
            far
        }
    };

    let mut queue: VecDeque<usize> = VecDeque::from([goal]);
    let mut placed: Vec<Placed> = Vec::new();
    let mut changes: Vec<(usize, Change)> = Vec::new();
    for i in 0..params.locks {
        if cancel.load(Ordering::Relaxed) {
            return Err(GenerateError::Cancelled);
        }
        progress(Progress::new(
            "placing locks",
            i as u64,
            Some(params.locks as u64),
        ));
        // The next goal that can still be locked off.
        let mut found = None;
        while let Some(g) = queue.pop_front() {
            if g == start {
                continue;
            }
            let (_, via) = graph.bfs(start, |d| !removed[d]);
            let e = via[g];
            if e == usize::MAX || locked[e] {
                continue; // unreachable (cannot happen) or already locked off
            }
            found = Some((g, e, via));
            break;
        }
        let Some((g, e, via)) = found else {
            return Err(GenerateError::TooManyLocks {
                asked: params.locks,
                placed: i,
                what,
            });
        };
        // The area behind the door: the breadth-first subtree of `g`.
        let behind = subtree(&graph, &via, g);
        for (d, &(a, b)) in graph.ends.iter().enumerate() {
            if d != e && !removed[d] && a != usize::MAX && behind[a] != behind[b] {
                if locked[d] {
                    return Err(GenerateError::Internal(
                        "a locked door would have been removed".into(),
                    ));
                }
                removed[d] = true;
                changes.push((d, Change::Removed));
            }
        }
        locked[e] = true;
        // Key rooms: reachable without passing a lock, far from the start.
        let (free, _) = graph.bfs(start, |d| !removed[d] && !locked[d]);
        let mut far: Vec<usize> = (0..n)
            .filter(|&r| r != start && free[r] != usize::MAX)
            .collect();
        far.sort_by(|&a, &b| free[b].cmp(&free[a]).then(a.cmp(&b)));
        far.truncate(far.len().div_ceil(2));
        let count = rng.between(kmin, kmax);
        let mut rooms: Vec<usize> = Vec::with_capacity(count);
        for j in 0..count {
            let pending: Vec<usize> = queue
                .iter()
                .copied()
                .filter(|&r| r != start && free[r] != usize::MAX && !rooms.contains(&r))
                .collect();
            let fresh: Vec<usize> = far.iter().copied().filter(|r| !rooms.contains(r)).collect();
            // Further keys of a lock share rooms with earlier goals when the
            // goal list grows, so that few keys lie around at once.
            let share = j > 0 && !pending.is_empty() && (queue.len() >= 2 || rng.chance(1, 2));
            let room = if share {
                rng.pick(&pending).copied()
            } else if let Some(&r) = rng.pick(&fresh) {
                Some(r)
            } else {
                rng.pick(&pending).copied()
            };
            match room {
                Some(r) => rooms.push(r),
                None if rooms.is_empty() => rooms.push(start),
                None => break,
            }
        }
        for &r in &rooms {
            if r != start && !queue.contains(&r) {
                queue.push_back(r);
            }
        }
        placed.push(Placed {
            door: e,
            key_rooms: rooms,
        });
    }

    // Keys and locks, in the order the player will meet them (last placed first).
    let mut key_ids = Ids::new("k", level.keys.iter().map(|k| k.id.as_str()));
    let mut lock_changes = Vec::new();
    for lock in placed.iter().rev() {
        let mut keys = Vec::new();
        for &r in &lock.key_rooms {
            let id = KeyId(key_ids.fresh());
            level
                .keys
                .push(Key::new(id.clone(), level.rooms[r].id.clone()));
            keys.push(id);
        }
        level.doors[lock.door].locks.extend(keys.iter().cloned());
        lock_changes.push((lock.door, Change::Locked(keys)));
    }

    // Locked side areas: dead ends that hold only a red herring.
    let side_doors = side_areas(
        &mut level,
        &graph,
        start,
        params.side_areas,
        &mut removed,
        &mut locked,
        &mut changes,
        &mut lock_changes,
        &mut key_ids,
        &mut rng,
    );

    // Take out the removed doors.
    changes.extend(lock_changes);
    let mut final_ids: Vec<Option<DoorId>> = Vec::with_capacity(level.doors.len());
    let mut doors = Vec::with_capacity(level.doors.len());
    let mut number = 0;
    for (d, mut door) in std::mem::take(&mut level.doors).into_iter().enumerate() {
        if removed[d] {
            final_ids.push(None);
            continue;
        }
        if !from_layout {
            number += 1;
            door.id = DoorId(format!("d{number}"));
        }
        final_ids.push(Some(door.id.clone()));
        doors.push(door);
    }
    level.doors = doors;
    let original_ids: Vec<DoorId> = match &params.source {
        Source::Layout { level, .. } => level.doors.iter().map(|d| d.id.clone()).collect(),
        Source::Graph { .. } => Vec::new(),
    };
    let changes: Vec<DoorChange> = changes
        .into_iter()
        .filter_map(|(d, change)| {
            let door = match change {
                Change::Removed if from_layout => original_ids.get(d).cloned(),
                Change::Removed => None,
                _ => final_ids.get(d).cloned().flatten(),
            }?;
            Some(DoorChange { door, change })
        })
        .collect();

    progress(Progress::new(
        "checking with the solver",
        params.locks as u64,
        Some(params.locks as u64),
    ));
    dress(&mut level);
    let mut solved = verify(&level, VERIFY_MAX_STATES, SMALLER)?;
    // Red herrings where the player will pass: on the rooms of the solution.
    let herrings = if params.red_herrings > 0 {
        let keys = place_red_herrings(
            &mut level,
            params.red_herrings,
            &solved.steps,
            &mut key_ids,
            &mut rng,
        );
        dress(&mut level);
        solved = verify(&level, VERIFY_MAX_STATES, SMALLER)?;
        keys
    } else {
        Vec::new()
    };

    // A drawn layout keeps the name the designer gave it.
    if !from_layout || level.name.trim().is_empty() {
        level.name = format!("Backward, seed {}", params.seed);
    }
    level.description = format!(
        "{} lock{} on the way to the goal, made backwards from the goal by lockwork generate backward.",
        placed.len(),
        if placed.len() == 1 { "" } else { "s" }
    );
    let locks_json: Vec<Value> = placed
        .iter()
        .rev()
        .filter_map(|lock| final_ids.get(lock.door).cloned().flatten())
        .map(|id| Value::from(id.0))
        .collect();
    let removed_json: Vec<Value> = changes
        .iter()
        .filter(|c| c.change == Change::Removed)
        .map(|c| Value::from(c.door.as_str()))
        .collect();
    let side_json: Vec<Value> = side_doors
        .iter()
        .filter_map(|&d| final_ids.get(d).cloned().flatten())
        .map(|id| Value::from(id.0))
        .collect();
    let params_json = json!({
        "source": source_json(&params.source, &layout_name),
        "locks": params.locks,
        "keys_per_lock": [kmin, kmax],
        "red_herrings": params.red_herrings,
        "side_areas": params.side_areas,
    });
    let mut result = json!({
        "locks": placed.len(),
        "lock_doors": locks_json,
        "side_lock_doors": side_json,
        "red_herrings": herrings.iter().map(|k| Value::from(k.as_str())).collect::<Vec<_>>(),
        "keys": level.keys.len(),
    });
    solved.record_cost(&mut result);
    if from_layout && let Some(map) = result.as_object_mut() {
        map.insert("removed_doors".into(), Value::Array(removed_json));
    }
    if let (Some(placed), Some(map)) = (extra_placed, result.as_object_mut()) {
        map.insert("extra_doors".into(), Value::from(placed));
    }
    record(&mut level, "backward", params.seed, params_json, result);
    progress(Progress::new(
        "done",
        params.locks as u64,
        Some(params.locks as u64),
    ));
    Ok(Generated {
        level,
        changes,
        cancelled: false,
    })
}

/// The generator record's description of where the rooms came from.
pub(crate) fn source_json(source: &Source, layout_name: &str) -> Value {
    match source {
        Source::Graph { rooms, extra_doors } => {
            json!({ "rooms": rooms, "extra_doors": extra_doors })
        }
        Source::Layout { .. } => json!({ "layout": layout_name }),
    }
}

/// A layout the backward method can work on: valid, with plain two-way open
/// doors and no keys or levers (it places its own).
fn check_layout(level: &Level) -> Result<(), GenerateError> {
    super::obstacles::check(level, super::obstacles::LayoutUser::Backward)
}

/// A room among the farthest quarter from the start (by doors), or `None`
/// when only the start can be reached.
pub(crate) fn farthest(dist: &[usize], start: usize, rng: &mut Rng) -> Option<usize> {
    let max = dist
        .iter()
        .copied()
        .filter(|&d| d != usize::MAX)
        .max()
        .unwrap_or(0);
    if max == 0 {
        return None;
    }
    let bar = max - max / 4;
    let far: Vec<usize> = (0..dist.len())
        .filter(|&r| r != start && dist[r] != usize::MAX && dist[r] >= bar)
        .collect();
    rng.pick(&far).copied()
}

/// Which rooms lie in the breadth-first subtree of `root` (given each room's
/// tree door `via`).
fn subtree(graph: &Graph, via: &[usize], root: usize) -> Vec<bool> {
    let n = via.len();
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (r, &d) in via.iter().enumerate() {
        if d != usize::MAX {
            let (a, b) = graph.ends[d];
            let parent = if a == r { b } else { a };
            children[parent].push(r);
        }
    }
    let mut inside = vec![false; n];
    inside[root] = true;
    let mut stack = vec![root];
    while let Some(r) = stack.pop() {
        for &c in &children[r] {
            if !inside[c] {
                inside[c] = true;
                stack.push(c);
            }
        }
    }
    inside
}

/// Locks off up to `count` dead-end areas that hold no key and not the goal,
/// each with a key outside every side area and a red herring inside.
/// Returns the doors locked.
#[allow(clippy::too_many_arguments)]
fn side_areas(
    level: &mut Level,
    graph: &Graph,
    start: usize,
    count: usize,
    removed: &mut [bool],
    locked: &mut [bool],
    changes: &mut Vec<(usize, Change)>,
    lock_changes: &mut Vec<(usize, Change)>,
    key_ids: &mut Ids,
    rng: &mut Rng,
) -> Vec<usize> {
    let mut doors = Vec::new();
    if count == 0 {
        return doors;
    }
    let index = LevelIndex::new(level);
    let n = level.rooms.len();
    let goal = index.room(&level.goal).unwrap_or(start);
    let mut has_key = vec![false; n];
    for key in &level.keys {
        if let Some(r) = index.room(&key.room) {
            has_key[r] = true;
        }
    }
    let mut in_side = vec![false; n];
    let (dist, via) = graph.bfs(start, |d| !removed[d]);
    // Candidate entrances: leaves of the tree first, farthest first.
    let mut order: Vec<usize> = (0..n)
        .filter(|&r| r != start && dist[r] != usize::MAX)
        .collect();
    rng.shuffle(&mut order);
    order.sort_by(|&a, &b| dist[b].cmp(&dist[a]));
    for root in order {
        if doors.len() >= count {
            break;
        }
        let e = via[root];
        if e == usize::MAX || locked[e] || in_side[root] {
            continue;
        }
        let area = subtree(graph, &via, root);
        let clean = (0..n).all(|r| {
            !area[r]
                || (!has_key[r]
                    && r != goal
                    && !in_side[r]
                    && !graph.adj[r].iter().any(|&(d, _)| locked[d]))
        });
        // Keep areas small: a room or two.
        let size = area.iter().filter(|&&a| a).count();
        if !clean || size > 3 || size >= n.saturating_sub(2) {
            continue;
        }
        let outside: Vec<usize> = (0..n)
            .filter(|&r| !area[r] && !in_side[r] && dist[r] != usize::MAX)
            .collect();
        let Some(&key_room) = rng.pick(&outside) else {
            continue;
        };
        for (d, &(a, b)) in graph.ends.iter().enumerate() {
            if d != e && !removed[d] && a != usize::MAX && area[a] != area[b] {
                removed[d] = true;
                changes.push((d, Change::Removed));
            }
        }
        for r in 0..n {
            in_side[r] |= area[r];
        }
        locked[e] = true;
        let key = KeyId(key_ids.fresh());
        level
            .keys
            .push(Key::new(key.clone(), level.rooms[key_room].id.clone()));
        has_key[key_room] = true;
        level.doors[e].locks.push(key.clone());
        lock_changes.push((e, Change::Locked(vec![key])));
        let treasure = KeyId(key_ids.fresh());
        let mut herring = Key::new(treasure, level.rooms[root].id.clone());
        herring.name = "treasure".into();
        level.keys.push(herring);
        has_key[root] = true;
        doors.push(e);
    }
    doors
}

/// Adds `count` keys that open nothing in rooms the solution (`steps`)
/// passes through.
fn place_red_herrings(
    level: &mut Level,
    count: usize,
    steps: &[crate::rules::Step],
    key_ids: &mut Ids,
    rng: &mut Rng,
) -> Vec<KeyId> {
    let mut rooms = vec![level.start.clone()];
    for step in steps {
        if let crate::rules::Step::Move { to, .. } = step
            && !rooms.contains(to)
        {
            rooms.push(to.clone());
        }
    }
    let mut keys = Vec::with_capacity(count);
    for _ in 0..count {
        if let Some(room) = rng.pick(&rooms) {
            let id = KeyId(key_ids.fresh());
            level.keys.push(Key::new(id.clone(), room.clone()));
            keys.push(id);
        }
    }
    keys
}
