//! Nested rooms (seed article 004): a tree of rooms, the door into each room
//! locked by a key that lies in a room opened before it.

use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::json;

use super::aim::{Aim, aimed};
use super::common::{VERIFY_MAX_STATES, Verified, dress, record, verify};
use super::{GenerateError, Generated, Param, Problem, Progress, Rng};
use crate::model::{Door, Key, KeyId, Level, Room};

/// What [`nested`] makes: the shape of the tree of rooms, extra entrances,
/// where keys hide, and the seed.
///
/// ```
/// use lockwork::generate::NestedParams;
///
/// let params = NestedParams { depth: 3, ..NestedParams::default() };
/// assert_eq!(params.branching, (1, 2));
/// ```
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
    /// What to aim for among the trees tried: by default levels that
    /// measure like shipped dungeons ([`Aim::shipped`]); `Aim::default()`
    /// keeps the first tree.
    pub aim: Aim,
    /// With an aim: how many trees to make, at most.
    pub max_tries: usize,
}

impl Default for NestedParams {
    /// Depth 5, one or two children a room, half the keys in side branches,
    /// four extra entrances, aiming for the band of shipped dungeons over
    /// up to 30 trees: levels that measure like shipped dungeons.
    fn default() -> Self {
        Self {
            seed: 0,
            depth: 5,
            branching: (1, 2),
            extra_entrances: 4,
            side_keys: 0.5,
            max_rooms: 5000,
            aim: Aim::shipped(),
            max_tries: 30,
        }
    }
}

impl NestedParams {
    /// The tree exactly as seed article 004 builds it: depth 4, one to three
    /// children a room, every key in an ancestor room, no extra entrances,
    /// the first tree kept.
    ///
    /// ```
    /// use lockwork::generate::{Aim, NestedParams};
    /// let article = NestedParams::article();
    /// assert_eq!((article.side_keys, article.extra_entrances), (0.0, 0));
    /// assert_eq!(article.aim, Aim::default());
    /// ```
    pub fn article() -> Self {
        Self {
            depth: 4,
            branching: (1, 3),
            extra_entrances: 0,
            side_keys: 0.0,
            aim: Aim::default(),
            ..Self::default()
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
/// Extra entrances join rooms close in the tree, locked with every key of
/// the locks on the loop they make, so that no lock can be skipped.
///
/// # Arguments
///
/// * `params`: the depth, branching, extra entrances, share of side keys,
///   the most rooms allowed, and the seed.
/// * `progress`: called with a [`Progress`] report as the work goes on, on
///   the calling thread; pass [`no_progress`](super::no_progress) to ignore them.
/// * `cancel`: set it from another thread to stop the run early.
///
/// # Returns
///
/// A new level (no layout is used), proven solvable, its rooms placed as a
/// tree, with a generator record; [`Generated::changes`] is empty.
///
/// # Errors
///
/// * [`GenerateError::Param`]: `depth` is 0, `branching` is not a range
///   MIN..MAX with MAX at least 1, or `side_keys` is not between 0 and 1.
/// * [`GenerateError::TreeTooLarge`]: the tree would have more than
///   `max_rooms` rooms.
/// * [`GenerateError::TooLargeToCheck`]: the solver cannot prove the level solvable.
/// * [`GenerateError::Cancelled`]: `cancel` was set.
///
/// # Complexity
///
/// O(N · d) time for N rooms of depth at most d, plus O(E · N · d) for E
/// extra entrances and the solver's check of the level made.
///
/// # Examples
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use lockwork::generate::{NestedParams, nested, no_progress};
///
/// let params = NestedParams { seed: 1, depth: 3, ..NestedParams::default() };
/// let made = nested(&params, &no_progress, &AtomicBool::new(false))?;
/// // One key per door of the tree.
/// assert_eq!(made.level.keys.len(), made.level.rooms.len() - 1);
/// # Ok::<(), lockwork::generate::GenerateError>(())
/// ```
pub fn nested(
    params: &NestedParams,
    progress: &dyn Fn(Progress),
    cancel: &AtomicBool,
) -> Result<Generated, GenerateError> {
    check_params(params)?;
    let mut make = |rng, progress: &dyn Fn(Progress)| nested_once(params, rng, progress, cancel);
    aimed(
        &params.aim,
        params.seed,
        params.max_tries,
        progress,
        cancel,
        &mut make,
    )
}

/// One tree of nested rooms, from `rng`.
fn nested_once(
    params: &NestedParams,
    mut rng: Rng,
    progress: &dyn Fn(Progress),
    cancel: &AtomicBool,
) -> Result<Generated, GenerateError> {
    let tree = Tree::grow(params, &mut rng, cancel)?;
    let n = tree.parent.len();
    progress(Progress::new("placing keys", 0, Some(n as u64)));
    let (key_room, side) = tree.key_rooms(params.side_keys, &mut rng);
    let mut level = tree.level(params.seed, &key_room);
    tree.pick_goal(&mut level, params.depth, &mut rng);
    let placed = tree.extra_entrances(&mut level, params.extra_entrances, &mut rng);
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
    let made = Made {
        rooms: n,
        depth: tree.depth.iter().copied().max().unwrap_or(0),
        side_keys: side,
        extra_entrances: placed,
    };
    made.record(&mut level, params, &first);
    progress(Progress::new("done", n as u64, Some(n as u64)));
    Ok(Generated {
        level,
        changes: Vec::new(),
        cancelled: false,
    })
}

/// What the phases made, for the generator record.
struct Made {
    rooms: usize,
    depth: usize,
    side_keys: usize,
    extra_entrances: usize,
}

impl Made {
    /// Writes the generator record.
    fn record(&self, level: &mut Level, params: &NestedParams, checked: &Verified) {
        let (bmin, bmax) = params.branching;
        let params_json = json!({
            "depth": params.depth,
            "branching": [bmin, bmax],
            "extra_entrances": params.extra_entrances,
            "side_keys": params.side_keys,
        });
        let mut result = json!({
            "rooms": self.rooms,
            "depth": self.depth,
            "keys": self.rooms - 1,
            "side_keys": self.side_keys,
            "extra_entrances": self.extra_entrances,
        });
        checked.record_cost(&mut result);
        record(level, "nested", params.seed, params_json, result);
    }
}

/// The most rooms a nested level may have: half the format's limit on
/// rooms ([`crate::format::MAX_ITEMS`]). Each room but the start holds a
/// key, and a tree of 65,535 rooms takes about six seconds to grow, lock
/// and prove, so one at this limit takes about ten.
const MAX_TREE_ROOMS: usize = crate::format::MAX_ITEMS / 2;

/// A depth of at least 1, a branching range with children, at most
/// [`MAX_TREE_ROOMS`] rooms, a share of side keys.
fn check_params(params: &NestedParams) -> Result<(), GenerateError> {
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
    if params.max_rooms > MAX_TREE_ROOMS {
        return Err(GenerateError::param(
            Param::MaxRooms,
            Problem::TooLarge {
                max: MAX_TREE_ROOMS,
                value: params.max_rooms,
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
    Ok(())
}

/// The tree of rooms, numbered breadth first: room 0 is the start.
struct Tree {
    /// Per room: its parent (`usize::MAX` for the start).
    parent: Vec<usize>,
    /// Per room: doors from the start.
    depth: Vec<usize>,
}

impl Tree {
    /// The tree phase: grows the tree breadth first. One line of rooms (the
    /// spine) always reaches full depth.
    fn grow(
        params: &NestedParams,
        rng: &mut Rng,
        cancel: &AtomicBool,
    ) -> Result<Self, GenerateError> {
        let (bmin, bmax) = params.branching;
        let max_rooms = params.max_rooms;
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
        Ok(Self { parent, depth })
    }

    /// The rooms on the way from the start to `x`, nearest first, `x` excluded.
    fn ancestors(&self, x: usize) -> Vec<usize> {
        let mut ancestors = Vec::new();
        let mut a = self.parent[x];
        while a != usize::MAX {
            ancestors.push(a);
            a = self.parent[a];
        }
        ancestors
    }

    /// Is `a` on the way from the start to `x` (or `x` itself)?
    fn is_ancestor(&self, a: usize, mut x: usize) -> bool {
        while x != usize::MAX {
            if x == a {
                return true;
            }
            x = self.parent[x];
        }
        false
    }

    /// The key phase: per room, the room of the key to its door (none for
    /// the start), and how many keys went to side branches.
    fn key_rooms(&self, side_keys: f64, rng: &mut Rng) -> (Vec<usize>, usize) {
        let n = self.parent.len();
        let mut key_room = Vec::with_capacity(n);
        key_room.push(usize::MAX);
        let mut side = 0usize;
        for x in 1..n {
            let ancestors = self.ancestors(x);
            let wants_side = side_keys > 0.0 && rng.unit() < side_keys;
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
            key_room.push(match room {
                Some(r) => r,
                None => rng.pick(&ancestors).copied().unwrap_or(0),
            });
        }
        (key_room, side)
    }

    /// The level: rooms `r1`…, the door into room x is `d{x}` and its key `k{x}`.
    fn level(&self, seed: u64, key_room: &[usize]) -> Level {
        let n = self.parent.len();
        let mut level = Level::new(format!("Nested, seed {seed}"));
        level.rooms.clear();
        for x in 0..n {
            let mut room = Room::new(format!("r{}", x + 1), [0.0, 0.0]);
            room.pos = None;
            level.rooms.push(room);
        }
        for (x, &key_room) in key_room.iter().enumerate().skip(1) {
            let mut door = Door::new(
                format!("d{x}"),
                format!("r{}", self.parent[x] + 1),
                format!("r{}", x + 1),
            );
            door.locks = vec![key_id(x)];
            level.doors.push(door);
            level
                .keys
                .push(Key::new(key_id(x), format!("r{}", key_room + 1)));
        }
        level
    }

    /// The goal phase: a room of the deepest level. Entering the goal ends
    /// the game, so a side key hidden there could never be used: it goes to
    /// the room before the goal instead, which is not behind its own door
    /// (the goal is deepest, so is every later room).
    fn pick_goal(&self, level: &mut Level, depth: usize, rng: &mut Rng) {
        let n = self.parent.len();
        let deepest: Vec<usize> = (0..n).filter(|&x| self.depth[x] == depth).collect();
        let goal = rng.pick(&deepest).copied().unwrap_or(n - 1);
        level.goal = level.rooms[goal].id.clone();
        if goal > 0 {
            let before = level.rooms[self.parent[goal]].id.clone();
            for key in &mut level.keys {
                if key.room.as_ref() == Some(&level.goal) {
                    key.room = Some(before.clone());
                }
            }
        }
    }

    /// The loop phase: up to `count` extra doors between rooms close in the
    /// tree, each needing every key of the locks on both sides of the loop it
    /// makes. Returns how many were placed.
    fn extra_entrances(&self, level: &mut Level, count: usize, rng: &mut Rng) -> usize {
        let n = self.parent.len();
        let mut placed = 0;
        let mut tries = 0;
        let mut joined: Vec<(usize, usize)> = Vec::new();
        while placed < count && tries < count.saturating_mul(30) {
            tries += 1;
            if n < 3 {
                break;
            }
            let x = 1 + rng.index(n - 1);
            let Some((z, meet)) = self.cousin(x, &joined, rng) else {
                continue;
            };
            let mut door = Door::new(
                format!("d{}", n - 1 + placed + 1),
                format!("r{}", z + 1),
                format!("r{}", x + 1),
            );
            door.locks = self
                .locks_around(x, z, meet)
                .into_iter()
                .map(key_id)
                .collect();
            level.doors.push(door);
            joined.push((x.min(z), x.max(z)));
            placed += 1;
        }
        placed
    }

    /// A room of the same or the level above `x`, not on its line, not
    /// joined to it yet, whose lowest common ancestor with `x` is deepest;
    /// with that ancestor's depth.
    fn cousin(&self, x: usize, joined: &[(usize, usize)], rng: &mut Rng) -> Option<(usize, usize)> {
        let (parent, depth) = (&self.parent, &self.depth);
        let n = parent.len();
        let mut candidates: Vec<(usize, usize)> = (1..n)
            .filter(|&z| {
                z != x
                    && (depth[z] == depth[x] || depth[z] + 1 == depth[x])
                    && z != parent[x]
                    && !self.is_ancestor(z, x)
                    && !self.is_ancestor(x, z)
                    && !joined.contains(&(x.min(z), x.max(z)))
            })
            .map(|z| (lca_depth(parent, depth, x, z), z))
            .collect();
        candidates.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let best_depth = candidates.first()?.0;
        candidates.retain(|c| c.0 == best_depth);
        rng.pick(&candidates).map(|&(_, z)| (z, best_depth))
    }

    /// The rooms whose doors lie on the loop from `x` and `z` up to their
    /// common ancestor at depth `meet`, in order.
    fn locks_around(&self, x: usize, z: usize, meet: usize) -> Vec<usize> {
        let mut locks: Vec<usize> = Vec::new();
        for end in [x, z] {
            let mut a = end;
            while self.depth[a] > meet {
                locks.push(a);
                a = self.parent[a];
            }
        }
        locks.sort_unstable();
        locks.dedup();
        locks
    }
}

/// The key to the door into room `x`.
fn key_id(x: usize) -> KeyId {
    KeyId(format!("k{x}"))
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
