//! Nested rooms (seed article 004): a tree of rooms, the door into each room
//! locked by a key that lies in a room opened before it.

use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::json;

use super::common::{VERIFY_MAX_STATES, dress, record, verify};
use super::{GenerateError, Generated, Param, Problem, Progress, Rng};
use crate::model::{Door, Key, KeyId, Level, Room};

/// What [`nested`] makes.
#[derive(Clone, Debug, PartialEq)]
pub struct NestedParams {
    /// The seed: the same seed and parameters give the same level.
    pub seed: u64,
    /// Depth of the tree: the goal lies this many doors from the start.
    pub depth: usize,
    /// Each room above the deepest level has between this many children
    /// (inclusive range); one line of rooms always reaches full depth.
    pub branching: (usize, usize),
    /// Extra doors into rooms from a cousin or an uncle; each needs every key
    /// of the locks it goes around, so no lock can be skipped.
    pub extra_entrances: usize,
    /// Share of keys (0 to 1) put in a side branch, deep, instead of in an
    /// ancestor of their room: the player must go out of the way to fetch them.
    pub side_keys: f64,
    /// Refuse trees larger than this.
    pub max_rooms: usize,
}

impl Default for NestedParams {
    fn default() -> Self {
        Self {
            seed: 0,
            depth: 4,
            branching: (1, 3),
            extra_entrances: 0,
            side_keys: 0.0,
            max_rooms: 5000,
        }
    }
}

/// Generates nested rooms.
///
/// Rooms are made breadth first, so every room comes after its parent. The
/// key to a room lies in a random ancestor (as in the article) or, for a
/// share `side_keys` of rooms, in a deep room of a side branch made earlier;
/// either way the key lies in a room that comes earlier in that order, which
/// makes the level solvable. The goal is a room of the deepest level.
pub fn nested(
    params: &NestedParams,
    progress: &dyn Fn(Progress),
    cancel: &AtomicBool,
) -> Result<Generated, GenerateError> {
    let (bmin, bmax) = params.branching;
    if params.depth == 0 {
        return Err(GenerateError::param(
            Param::Depth,
            Problem::TooSmall { min: 1, value: 0 },
        ));
    }
    if bmax == 0 || bmin > bmax {
        return Err(GenerateError::param(
            Param::Branching,
            Problem::Range {
                low: bmin,
                high: bmax,
                least: 0,
                most: None,
            },
        ));
    }
    if !(0.0..=1.0).contains(&params.side_keys) {
        return Err(GenerateError::param(
            Param::SideKeys,
            Problem::NotAShare {
                value: params.side_keys,
            },
        ));
    }
    let max_rooms = params.max_rooms.min(crate::format::MAX_ITEMS / 2);
    let mut rng = Rng::new(params.seed);
    // The tree, breadth first.
    let mut parent: Vec<usize> = vec![usize::MAX];
    let mut depth: Vec<usize> = vec![0];
    let mut spine: Vec<bool> = vec![true];
    let mut i = 0;
    while i < parent.len() {
        if cancel.load(Ordering::Relaxed) {
            return Err(GenerateError::Cancelled);
        }
        if depth[i] < params.depth {
            let mut children = rng.between(bmin, bmax);
            if spine[i] {
                children = children.max(1);
            }
            if parent.len() + children > max_rooms {
                return Err(GenerateError::TreeTooLarge { max_rooms });
            }
            for c in 0..children {
                parent.push(i);
                depth.push(depth[i] + 1);
                spine.push(spine[i] && c == 0);
            }
        }
        i += 1;
    }
    let n = parent.len();
    progress(Progress::new("placing keys", 0, Some(n as u64)));
    let is_ancestor = |a: usize, mut x: usize| {
        while x != usize::MAX {
            if x == a {
                return true;
            }
            x = parent[x];
        }
        false
    };
    // Key rooms.
    let mut key_room = vec![usize::MAX; n];
    let mut side = 0usize;
    for x in 1..n {
        let mut ancestors = Vec::new();
        let mut a = parent[x];
        while a != usize::MAX {
            ancestors.push(a);
            a = parent[a];
        }
        let wants_side = params.side_keys > 0.0 && rng.unit() < params.side_keys;
        let mut room = None;
        if wants_side {
            // The deepest third of the earlier rooms off the line to `x`
            // (rooms are numbered breadth first, so later is deeper).
            let count = (x - 1).saturating_sub(ancestors.len().saturating_sub(1));
            let others: Vec<usize> = (1..x)
                .rev()
                .filter(|y| !ancestors.contains(y))
                .take(count.div_ceil(3))
                .collect();
            room = rng.pick(&others).copied();
            if room.is_some() {
                side += 1;
            }
        }
        key_room[x] = match room {
            Some(r) => r,
            None => rng.pick(&ancestors).copied().unwrap_or(0),
        };
    }
    // The level: rooms r1.., the door into room x is d{x}, its key k{x}.
    let mut level = Level::new(format!("Nested, seed {}", params.seed));
    level.rooms.clear();
    for x in 0..n {
        let mut room = Room::new(format!("r{}", x + 1), [0.0, 0.0]);
        room.pos = None;
        level.rooms.push(room);
    }
    let key_id = |x: usize| KeyId(format!("k{x}"));
    for x in 1..n {
        let mut door = Door::new(
            format!("d{x}"),
            format!("r{}", parent[x] + 1),
            format!("r{}", x + 1),
        );
        door.locks = vec![key_id(x)];
        level.doors.push(door);
        level
            .keys
            .push(Key::new(key_id(x), format!("r{}", key_room[x] + 1)));
    }
    let deepest: Vec<usize> = (0..n).filter(|&x| depth[x] == params.depth).collect();
    let goal = rng.pick(&deepest).copied().unwrap_or(n - 1);
    level.goal = level.rooms[goal].id.clone();
    // Entering the goal ends the game, so a side key hidden there could never
    // be used: it goes to the room before the goal instead, which is not
    // behind its own door (the goal is deepest, so is every later room).
    if goal > 0 {
        let before = level.rooms[parent[goal]].id.clone();
        for key in &mut level.keys {
            if key.room == level.goal {
                key.room = before.clone();
            }
        }
    }

    // Extra entrances: between rooms close in the tree, needing every key of
    // the locks on both sides of the loop they make.
    let mut placed = 0;
    let mut tries = 0;
    let mut joined: Vec<(usize, usize)> = Vec::new();
    while placed < params.extra_entrances && tries < params.extra_entrances.saturating_mul(30) {
        tries += 1;
        if n < 3 {
            break;
        }
        let x = 1 + rng.index(n - 1);
        let mut candidates: Vec<(usize, usize)> = (1..n)
            .filter(|&z| {
                z != x
                    && (depth[z] == depth[x] || depth[z] + 1 == depth[x])
                    && z != parent[x]
                    && !is_ancestor(z, x)
                    && !is_ancestor(x, z)
                    && !joined.contains(&(x.min(z), x.max(z)))
            })
            .map(|z| (lca_depth(&parent, &depth, x, z), z))
            .collect();
        candidates.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let Some(best_depth) = candidates.first().map(|c| c.0) else {
            continue;
        };
        candidates.retain(|c| c.0 == best_depth);
        let Some(&(_, z)) = rng.pick(&candidates) else {
            continue;
        };
        let mut locks: Vec<usize> = Vec::new();
        for end in [x, z] {
            let mut a = end;
            while depth[a] > best_depth {
                locks.push(a);
                a = parent[a];
            }
        }
        locks.sort_unstable();
        locks.dedup();
        let mut door = Door::new(
            format!("d{}", n - 1 + placed + 1),
            format!("r{}", z + 1),
            format!("r{}", x + 1),
        );
        door.locks = locks.into_iter().map(key_id).collect();
        level.doors.push(door);
        joined.push((x.min(z), x.max(z)));
        placed += 1;
    }

    let max_depth = depth.iter().copied().max().unwrap_or(0);
    level.description = format!(
        "{n} nested rooms, each door locked by a key found before it; made by lockwork generate nested."
    );
    progress(Progress::new(
        "checking with the solver",
        n as u64,
        Some(n as u64),
    ));
    // A tree reads best as a tree, its leaves spread around the start.
    crate::layout::place_missing_with(&mut level, crate::layout::Layout::Tree);
    dress(&mut level);
    let first = verify(
        &level,
        VERIFY_MAX_STATES,
        &[Param::Depth, Param::Branching, Param::SideKeys],
    )?;
    let params_json = json!({
        "depth": params.depth,
        "branching": [bmin, bmax],
        "extra_entrances": params.extra_entrances,
        "side_keys": params.side_keys,
    });
    let mut result = json!({
        "rooms": n,
        "depth": max_depth,
        "keys": n - 1,
        "side_keys": side,
        "extra_entrances": placed,
    });
    first.record_cost(&mut result);
    record(&mut level, "nested", params.seed, params_json, result);
    progress(Progress::new("done", n as u64, Some(n as u64)));
    Ok(Generated {
        level,
        changes: Vec::new(),
        cancelled: false,
    })
}

/// Depth of the lowest common ancestor of `a` and `b`.
fn lca_depth(parent: &[usize], depth: &[usize], mut a: usize, mut b: usize) -> usize {
    while depth[a] > depth[b] {
        a = parent[a];
    }
    while depth[b] > depth[a] {
        b = parent[b];
    }
    while a != b {
        a = parent[a];
        b = parent[b];
    }
    depth[a]
}
