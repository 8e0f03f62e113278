//! The phases of the backward method on the level being made: the goal,
//! the locks and their keys, taking out the doors removed, and the check
//! by the solver with the red herrings.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};

use super::super::common::{Graph, Ids, VERIFY_MAX_STATES, Verified, dress_from, verify};
use super::super::constraints::Constraints;
use super::super::{Change, DoorChange, GenerateError, Param, Problem, Progress, Rng, Unreachable};
use super::around::{has_drawn_content, plain_doors};
use super::{BackwardParams, Placed, SMALLER, Work, farthest, place_red_herrings, subtree};
use crate::model::{DoorId, Key, KeyId, Level, LevelIndex, RoomId};

impl Work {
    pub(super) fn new(level: Level, from_layout: bool) -> Result<Self, GenerateError> {
        let graph = Graph::of(&level)?;
        let asked = Constraints::of(&level)?;
        let plain = plain_doors(&level);
        let fixed = (0..level.doors.len())
            .map(|d| !plain[d] || asked.no_lock[d])
            .collect();
        let drawn = level.clone();
        let start = LevelIndex::new(&level)
            .room(&level.start)
            .ok_or_else(|| GenerateError::InvalidLayout(format!("no room \"{}\"", level.start)))?;
        let doors = level.doors.len();
        let key_ids = Ids::new("k", level.keys.iter().map(|k| k.id.as_str()));
        Ok(Self {
            level,
            from_layout,
            graph,
            start,
            removed: vec![false; doors],
            locked: vec![false; doors],
            fixed,
            plain,
            around: from_layout && has_drawn_content(&drawn),
            asked,
            drawn,
            pins_used: Vec::new(),
            changes: Vec::new(),
            lock_changes: Vec::new(),
            key_ids,
        })
    }

    /// Is door `d` to be kept as drawn?
    pub(super) fn fixed(&self, d: usize) -> bool {
        self.fixed[d]
    }

    /// "layout" or "random graph", for messages.
    pub(super) fn what(&self) -> &'static str {
        if self.from_layout {
            "layout"
        } else {
            "random graph"
        }
    }

    /// The goal phase: the layout's goal, or a dead end (a leaf of the
    /// breadth-first tree) far from the start, so that no room lies behind it.
    pub(super) fn pick_goal(
        &mut self,
        locks: usize,
        rng: &mut Rng,
    ) -> Result<usize, GenerateError> {
        let level = &self.level;
        let start = self.start;
        let (dist, via) = self.graph.bfs(start, |_| true);
        let layout_goal = LevelIndex::new(level)
            .room(&level.goal)
            .filter(|&g| g != start);
        if let Some(g) = layout_goal
            && self.from_layout
        {
            if dist[g] == usize::MAX {
                return Err(GenerateError::GoalUnreachable(Unreachable::NoPath {
                    start: level.room_label(&level.start),
                    goal: level.room_label(&level.goal),
                }));
            }
            return Ok(g);
        }
        let mut leafy = dist;
        for (r, &d) in via.iter().enumerate() {
            if d != usize::MAX {
                leafy[self.graph.parent(r, d)] = usize::MAX;
            }
        }
        let n = level.rooms.len();
        let far = farthest(&leafy, start, rng).ok_or_else(|| {
            if locks == 0 && n == 1 {
                GenerateError::param(Param::Rooms, Problem::TooSmall { min: 2, value: n })
            } else {
                GenerateError::TooManyLocks {
                    asked: locks.max(1),
                    placed: 0,
                    what: self.what(),
                }
            }
        })?;
        self.level.goal = self.level.rooms[far].id.clone();
        Ok(far)
    }

    /// The lock and key phases, once per lock: seal off the next goal behind
    /// one locked door, choose the rooms of its keys, and make those rooms
    /// goals in turn.
    pub(super) fn place_locks(
        &mut self,
        params: &BackwardParams,
        goal: usize,
        rng: &mut Rng,
        progress: &dyn Fn(Progress),
        cancel: &AtomicBool,
    ) -> Result<Vec<Placed>, GenerateError> {
        let mut queue: VecDeque<usize> = VecDeque::from([goal]);
        let mut forced = self.asked_locks();
        let mut fallback = self.fallback_goals(goal);
        let mut any_door = self.plain_door_goals();
        let mut placed: Vec<Placed> = Vec::new();
        while placed.len() < params.locks {
            if cancel.load(Ordering::Relaxed) {
                return Err(GenerateError::Cancelled);
            }
            let total = Some(params.locks as u64);
            progress(Progress::new("placing locks", placed.len() as u64, total));
            let next = self
                .next_goal(&mut forced, &mut queue)
                .or_else(|| self.next_goal(&mut VecDeque::new(), &mut fallback))
                .or_else(|| self.next_goal(&mut any_door, &mut VecDeque::new()));
            let Some((g, door, via)) = next else {
                return Err(GenerateError::TooManyLocks {
                    asked: params.locks,
                    placed: placed.len(),
                    what: self.what(),
                });
            };
            let before = self.around.then(|| (self.snapshot(), queue.clone()));
            let last = placed.len() + 1 == params.locks;
            let lock = self.place_one(params, (g, door, &via), &mut queue, last, rng)?;
            if let Some((snapshot, queue_before)) = before {
                // Around drawn content the solver has the last word: the
                // lock is kept when the level stays solvable and needs it.
                if !self.hand_out_and_check(&lock)? {
                    self.restore(snapshot);
                    queue = queue_before;
                    continue;
                }
            }
            placed.push(lock);
        }
        Ok(placed)
    }

    /// Locks off `goal` behind `door`, chooses its key rooms and adds them to
    /// the goal list (`queue`); `last` tells the last lock asked for.
    pub(super) fn place_one(
        &mut self,
        params: &BackwardParams,
        (g, door, via): (usize, usize, &[usize]),
        queue: &mut VecDeque<usize>,
        last: bool,
        rng: &mut Rng,
    ) -> Result<Placed, GenerateError> {
        self.seal_off(g, door, via)?;
        let rooms = self.key_rooms(params.keys_per_lock, queue, rng);
        // The rooms of an any-of lock's keys are alternatives: none is
        // locked off in turn, or its lock would not be needed. So one is
        // placed only while other goals remain to lock off.
        let goals_left = !queue.is_empty() || last;
        let any_of = params.any_of && rooms.len() >= 2 && goals_left && rng.chance(1, 2);
        for &r in rooms.iter().filter(|_| !any_of) {
            if r != self.start && !queue.contains(&r) {
                queue.push_back(r);
            }
        }
        if params.one_sided && rng.chance(1, 2) {
            self.lock_from_outside(g, door, via);
        }
        Ok(Placed {
            door,
            key_rooms: rooms,
            any_of,
        })
    }

    /// The next goal that can still be locked off (a door asked to be locked
    /// first, then the goal list), the door to lock (the asked door, or the
    /// one breadth-first search first reaches it by), and every room's tree
    /// door. A goal whose door is locked already, is kept as drawn, or
    /// cannot become the single way in without taking out a door kept as
    /// drawn, is passed over.
    pub(super) fn next_goal(
        &self,
        forced: &mut VecDeque<(usize, usize)>,
        queue: &mut VecDeque<usize>,
    ) -> Option<(usize, usize, Vec<usize>)> {
        loop {
            let (g, asked) = match forced.pop_front() {
                Some((g, d)) => (g, Some(d)),
                None => (queue.pop_front()?, None),
            };
            if g == self.start {
                continue;
            }
            let (_, via) = self.graph.bfs(self.start, |d| !self.removed[d]);
            let e = asked.unwrap_or(via[g]);
            if e == usize::MAX || self.locked[e] || (self.fixed(e) && asked.is_none()) {
                continue; // unreachable (cannot happen), locked off, or kept as drawn
            }
            if self.can_seal(g, e, &via) {
                return Some((g, e, via));
            }
        }
    }

    /// Can `door` become the single way into `goal` and the area behind it,
    /// taking out only doors that are neither locked nor kept as drawn?
    pub(super) fn can_seal(&self, goal: usize, door: usize, via: &[usize]) -> bool {
        if !self.plain[door] {
            return false;
        }
        let behind = subtree(&self.graph, via, goal);
        let (a, b) = self.graph.ends[door];
        a != usize::MAX
            && behind[a] != behind[b]
            && self.graph.ends.iter().enumerate().all(|(d, &(x, y))| {
                d == door
                    || self.removed[d]
                    || x == usize::MAX
                    || behind[x] == behind[y]
                    || !(self.locked[d] || (self.fixed(d) && !self.around))
            })
    }

    /// Makes `door` the single way into `goal` and the area behind it (its
    /// breadth-first subtree), removing every other door across, and locks it.
    pub(super) fn seal_off(
        &mut self,
        goal: usize,
        door: usize,
        via: &[usize],
    ) -> Result<(), GenerateError> {
        let behind = subtree(&self.graph, via, goal);
        for (d, &(a, b)) in self.graph.ends.iter().enumerate() {
            if d != door && !self.removed[d] && a != usize::MAX && behind[a] != behind[b] {
                if self.fixed(d) {
                    continue; // kept as drawn: the solver judges the lock
                }
                if self.locked[d] {
                    return Err(GenerateError::Internal(
                        "a locked door would have been removed".into(),
                    ));
                }
                self.removed[d] = true;
                self.changes.push((d, Change::Removed));
            }
        }
        self.locked[door] = true;
        Ok(())
    }

    /// Makes the lock of `door`, the single way into `goal` and the area
    /// behind it, apply only from the outside (`locked_from`): the way in
    /// still needs its keys, the way back out is free.
    pub(super) fn lock_from_outside(&mut self, goal: usize, door: usize, via: &[usize]) {
        let behind = subtree(&self.graph, via, goal);
        let (from, _) = self.graph.ends[door];
        self.level.doors[door].locked_from = Some(if behind[from] {
            crate::model::Side::To
        } else {
            crate::model::Side::From
        });
    }

    /// Rooms for the keys of the lock just placed: reachable without passing
    /// a lock, far from the start. Further keys of a lock share rooms with
    /// pending goals when the goal list grows, so that few keys lie around
    /// at once.
    pub(super) fn key_rooms(
        &mut self,
        (kmin, kmax): (usize, usize),
        queue: &VecDeque<usize>,
        rng: &mut Rng,
    ) -> Vec<usize> {
        let start = self.start;
        let (free, _) = self.graph.bfs(start, |d| {
            !self.removed[d] && !self.locked[d] && self.plain[d]
        });
        let allowed = |r: usize| free[r] != usize::MAX && !self.asked.no_keys[r];
        let mut far: Vec<usize> = (0..self.level.rooms.len())
            .filter(|&r| r != start && allowed(r))
            .collect();
        let pinned: Vec<usize> = far
            .iter()
            .copied()
            .filter(|&r| self.asked.key_room[r] && !self.pins_used.contains(&r))
            .collect();
        far.sort_by(|&a, &b| free[b].cmp(&free[a]).then(a.cmp(&b)));
        far.truncate(far.len().div_ceil(2));
        let count = rng.between(kmin, kmax);
        let mut rooms: Vec<usize> = Vec::with_capacity(count);
        for j in 0..count {
            let pending: Vec<usize> = queue
                .iter()
                .copied()
                .filter(|&r| r != start && allowed(r) && !rooms.contains(&r))
                .collect();
            if let Some(&r) = pinned.iter().find(|r| !rooms.contains(r)) {
                rooms.push(r);
                continue;
            }
            let fresh: Vec<usize> = far.iter().copied().filter(|r| !rooms.contains(r)).collect();
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
        rooms
    }

    /// The keys phase: makes the keys and locks, in the order the player
    /// will meet them (last placed first).
    pub(super) fn hand_out_keys(&mut self, placed: &[Placed]) {
        for lock in placed.iter().rev() {
            let mut keys = Vec::new();
            for &r in &lock.key_rooms {
                let id = KeyId(self.key_ids.fresh());
                let room = self.level.rooms[r].id.clone();
                self.level.keys.push(Key::new(id.clone(), room));
                keys.push(id);
            }
            let door = &mut self.level.doors[lock.door];
            if lock.any_of {
                door.locks_any.extend(keys.iter().cloned());
            } else {
                door.locks.extend(keys.iter().cloned());
            }
            self.lock_changes.push((lock.door, Change::Locked(keys)));
        }
    }

    /// Takes the removed doors out (numbering the rest `d1`… on a random
    /// graph). Returns each old door's final id, and what happened to the
    /// doors: removals first, then locks, named by their final ids (removed
    /// doors of a layout by their ids in the layout).
    pub(super) fn take_out_removed(&mut self) -> (Vec<Option<DoorId>>, Vec<DoorChange>) {
        let mut changes = std::mem::take(&mut self.changes);
        changes.append(&mut self.lock_changes);
        let original: Vec<DoorId> = self.level.doors.iter().map(|d| d.id.clone()).collect();
        let mut final_ids: Vec<Option<DoorId>> = Vec::with_capacity(original.len());
        let mut doors = Vec::with_capacity(original.len());
        let mut number = 0;
        for (d, mut door) in std::mem::take(&mut self.level.doors)
            .into_iter()
            .enumerate()
        {
            if self.removed[d] {
                final_ids.push(None);
                continue;
            }
            if !self.from_layout {
                number += 1;
                door.id = DoorId(format!("d{number}"));
            }
            final_ids.push(Some(door.id.clone()));
            doors.push(door);
        }
        self.level.doors = doors;
        let changes = changes
            .into_iter()
            .filter_map(|(d, change)| {
                let door = match change {
                    Change::Removed if self.from_layout => original.get(d).cloned(),
                    Change::Removed => None,
                    _ => final_ids.get(d).cloned().flatten(),
                }?;
                Some(DoorChange { door, change })
            })
            .collect();
        (final_ids, changes)
    }

    /// The herrings phase, around the solver's check: red herrings go where
    /// the player will pass, on the rooms of the solution, and the level is
    /// checked again.
    pub(super) fn check_with_herrings(
        &mut self,
        count: usize,
        rng: &mut Rng,
    ) -> Result<(Verified, Vec<KeyId>), GenerateError> {
        dress_from(&mut self.level, self.drawn.keys.len());
        let solved = verify(&self.level, VERIFY_MAX_STATES, SMALLER)?;
        if count == 0 {
            return Ok((solved, Vec::new()));
        }
        let no_keys: Vec<RoomId> = (self.level.rooms.iter())
            .zip(&self.asked.no_keys)
            .filter(|&(_, &no)| no)
            .map(|(r, _)| r.id.clone())
            .collect();
        let keys = place_red_herrings(
            &mut self.level,
            count,
            &solved.steps,
            &no_keys,
            &mut self.key_ids,
            rng,
        );
        dress_from(&mut self.level, self.drawn.keys.len());
        let solved = verify(&self.level, VERIFY_MAX_STATES, SMALLER)?;
        Ok((solved, keys))
    }
}
