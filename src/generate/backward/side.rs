//! Side areas (locked dead ends holding only a treasure) and second ways
//! into locked areas.

use super::super::Change;
use super::super::Rng;
use super::{Placed, Work, subtree};
use crate::model::{Key, KeyId, LevelIndex};

/// What the side-area phase knows of the rooms.
pub(super) struct Side {
    dist: Vec<usize>,
    via: Vec<usize>,
    goal: usize,
    has_key: Vec<bool>,
    in_side: Vec<bool>,
}

impl Side {
    pub(super) fn new(work: &Work) -> Self {
        let level = &work.level;
        let index = LevelIndex::new(level);
        let n = level.rooms.len();
        let mut has_key = vec![false; n];
        for key in &level.keys {
            if let Some(r) = key.room.as_ref().and_then(|r| index.room(r)) {
                has_key[r] = true;
            }
        }
        let (dist, via) = work.graph.bfs(work.start, |d| !work.removed[d]);
        Self {
            dist,
            via,
            goal: index.room(&level.goal).unwrap_or(work.start),
            has_key,
            in_side: vec![false; n],
        }
    }

    /// Can `area` be a side area: free of keys, levers, the goal, other
    /// side areas, rooms asked to hold no key, and locked doors or doors
    /// kept as drawn, and small (a room or two)?
    pub(super) fn fits(&self, work: &Work, area: &[bool]) -> bool {
        let n = area.len();
        let lever_room = |r: usize| {
            let id = &work.level.rooms[r].id;
            work.level.levers.iter().any(|l| &l.room == id)
        };
        let clean = (0..n).all(|r| {
            !area[r]
                || (!self.has_key[r]
                    && r != self.goal
                    && !self.in_side[r]
                    && !work.asked.no_keys[r]
                    && !lever_room(r)
                    && !(work.graph.adj[r].iter()).any(|&(d, _)| work.locked[d] || work.fixed(d)))
        });
        let size = area.iter().filter(|&&a| a).count();
        clean && size <= 3 && size < n.saturating_sub(2)
    }
}

impl Work {
    /// The side-area phase: locks off up to `count` dead-end areas that hold
    /// no key and not the goal, each with a key outside every side area and
    /// a red herring (a treasure) inside. Returns the doors locked.
    pub(super) fn side_areas(&mut self, count: usize, rng: &mut Rng) -> Vec<usize> {
        let mut doors = Vec::new();
        if count == 0 {
            return doors;
        }
        let mut side = Side::new(self);
        // Candidate entrances: leaves of the tree first, farthest first.
        let n = self.level.rooms.len();
        let mut order: Vec<usize> = (0..n)
            .filter(|&r| r != self.start && side.dist[r] != usize::MAX)
            .collect();
        rng.shuffle(&mut order);
        order.sort_by(|&a, &b| side.dist[b].cmp(&side.dist[a]));
        for root in order {
            if doors.len() >= count {
                break;
            }
            let e = side.via[root];
            if e == usize::MAX || self.locked[e] || side.in_side[root] {
                continue;
            }
            let area = subtree(&self.graph, &side.via, root);
            if !side.fits(self, &area) {
                continue;
            }
            let outside: Vec<usize> = (0..n)
                .filter(|&r| !area[r] && !side.in_side[r] && side.dist[r] != usize::MAX)
                .filter(|&r| !self.asked.no_keys[r])
                .collect();
            let Some(&key_room) = rng.pick(&outside) else {
                continue;
            };
            self.lock_side_area(&mut side, &area, root, e, key_room);
            doors.push(e);
        }
        doors
    }

    /// Seals off the side area `area` behind door `e`, locks `e` with a key
    /// in `key_room` and puts a treasure in `root`.
    pub(super) fn lock_side_area(
        &mut self,
        side: &mut Side,
        area: &[bool],
        root: usize,
        e: usize,
        key_room: usize,
    ) {
        for (d, &(a, b)) in self.graph.ends.iter().enumerate() {
            if d != e && !self.removed[d] && a != usize::MAX && area[a] != area[b] {
                self.removed[d] = true;
                self.changes.push((d, Change::Removed));
            }
        }
        for (inside, &a) in side.in_side.iter_mut().zip(area) {
            *inside |= a;
        }
        self.locked[e] = true;
        let key = KeyId(self.key_ids.fresh());
        let room = self.level.rooms[key_room].id.clone();
        self.level.keys.push(Key::new(key.clone(), room));
        side.has_key[key_room] = true;
        self.level.doors[e].locks.push(key.clone());
        self.lock_changes.push((e, Change::Locked(vec![key])));
        let treasure = KeyId(self.key_ids.fresh());
        let mut herring = Key::new(treasure, self.level.rooms[root].id.clone());
        herring.name = "treasure".into();
        self.level.keys.push(herring);
        side.has_key[root] = true;
    }

    /// The second-ways phase: for up to `count` of the `placed` locks, a
    /// door taken out that joins the same two areas as the lock's door
    /// (areas of rooms joined by doors neither taken out nor locked) is kept
    /// and locked as that door is. A walk through it can go through the
    /// lock's door instead with the same keys, so every lock stays as
    /// necessary as it was. Returns the doors kept.
    pub(super) fn second_ways(
        &mut self,
        placed: &[Placed],
        count: usize,
        rng: &mut Rng,
    ) -> Vec<usize> {
        if count == 0 {
            return Vec::new();
        }
        let area = self.free_areas();
        let mut order: Vec<&Placed> = placed.iter().collect();
        rng.shuffle(&mut order);
        let mut kept = Vec::new();
        for lock in order {
            if kept.len() >= count {
                break;
            }
            let (a, b) = self.graph.ends[lock.door];
            let pair = |x: usize, y: usize| {
                (area[x] == area[a] && area[y] == area[b])
                    || (area[x] == area[b] && area[y] == area[a])
            };
            let twins: Vec<usize> = (0..self.level.doors.len())
                .filter(|&d| self.removed[d] && !self.fixed(d))
                .filter(|&d| {
                    let (x, y) = self.graph.ends[d];
                    x != usize::MAX && pair(x, y)
                })
                .collect();
            if let Some(&twin) = rng.pick(&twins) {
                self.lock_like(twin, lock.door, area[a]);
                kept.push(twin);
            }
        }
        kept
    }

    /// Keeps door `twin` and locks it as `door` is: the same keys, and a
    /// one-sided lock on the side in `area_a` when `door`'s is on its
    /// `from` room's side, whose area is `area_a`.
    pub(super) fn lock_like(&mut self, twin: usize, door: usize, area_a: usize) {
        let area = self.free_areas();
        self.removed[twin] = false;
        self.locked[twin] = true;
        self.changes.retain(|&(d, _)| d != twin);
        let (locks, locks_any, side) = {
            let d = &self.level.doors[door];
            (d.locks.clone(), d.locks_any.clone(), d.locked_from)
        };
        let (x, _) = self.graph.ends[twin];
        let twin_door = &mut self.level.doors[twin];
        twin_door.locks = locks;
        twin_door.locks_any = locks_any;
        twin_door.locked_from = side.map(|side| {
            // `door`'s locked side is its `from` room's (area_a) or its `to` room's.
            let locked_area_is_a = side == crate::model::Side::From;
            if (area[x] == area_a) == locked_area_is_a {
                crate::model::Side::From
            } else {
                crate::model::Side::To
            }
        });
        let keys: Vec<KeyId> = twin_door
            .locks
            .iter()
            .chain(&twin_door.locks_any)
            .cloned()
            .collect();
        self.lock_changes.push((twin, Change::Locked(keys)));
    }

    /// The area of each room: rooms joined by doors that are neither taken
    /// out nor locked share one.
    pub(super) fn free_areas(&self) -> Vec<usize> {
        let n = self.level.rooms.len();
        let mut area = vec![usize::MAX; n];
        for first in 0..n {
            if area[first] != usize::MAX {
                continue;
            }
            area[first] = first;
            let mut stack = vec![first];
            while let Some(r) = stack.pop() {
                for &(d, to) in &self.graph.adj[r] {
                    if !self.removed[d]
                        && !self.locked[d]
                        && self.plain[d]
                        && area[to] == usize::MAX
                    {
                        area[to] = first;
                        stack.push(to);
                    }
                }
            }
        }
        area
    }
}
