//! The backward method around what a designer drew: which doors are
//! plain, the goals tried when the goal list runs dry, each lock checked by
//! the solver as it is placed (and undone when it is not needed), and the
//! designer's constraints.

use std::collections::VecDeque;

use super::super::common::VERIFY_MAX_STATES;
use super::super::{Change, DoorChange, GenerateError};
use super::{Placed, Work};
use crate::model::{DoorId, KeyId, Level, LevelIndex};

/// What [`Work::restore`] needs to undo one lock.
pub(super) struct Snapshot {
    removed: Vec<bool>,
    locked: Vec<bool>,
    changes: usize,
    lock_changes: usize,
    keys: usize,
    doors: Vec<crate::model::Door>,
    pins_used: usize,
}

impl Work {
    /// What placing one lock changes, to undo it.
    pub(super) fn snapshot(&self) -> Snapshot {
        Snapshot {
            removed: self.removed.clone(),
            locked: self.locked.clone(),
            changes: self.changes.len(),
            lock_changes: self.lock_changes.len(),
            keys: self.level.keys.len(),
            doors: self.level.doors.clone(),
            pins_used: self.pins_used.len(),
        }
    }

    /// Undoes what was placed since `snapshot`.
    pub(super) fn restore(&mut self, snapshot: Snapshot) {
        self.removed = snapshot.removed;
        self.locked = snapshot.locked;
        self.changes.truncate(snapshot.changes);
        self.lock_changes.truncate(snapshot.lock_changes);
        self.level.keys.truncate(snapshot.keys);
        self.level.doors = snapshot.doors;
        self.pins_used.truncate(snapshot.pins_used);
    }

    /// Gives `lock` its keys now, and asks the solver whether the level,
    /// with the doors taken out so far gone, can be solved and needs the
    /// new keys.
    pub(super) fn hand_out_and_check(&mut self, lock: &Placed) -> Result<bool, GenerateError> {
        self.hand_out_keys(std::slice::from_ref(lock));
        let keys: Vec<KeyId> = {
            let door = &self.level.doors[lock.door];
            door.locks.iter().chain(&door.locks_any).cloned().collect()
        };
        let mut level = self.level.clone();
        let doors = std::mem::take(&mut level.doors);
        level.doors = (doors.into_iter().enumerate())
            .filter(|&(d, _)| !self.removed[d])
            .map(|(_, door)| door)
            .collect();
        let options = crate::solver::SolveOptions {
            max_states: VERIFY_MAX_STATES,
            ..crate::solver::SolveOptions::default()
        };
        let solvable = |level: &Level| -> Result<bool, GenerateError> {
            match crate::solver::solve(level, &options) {
                Ok(solved) => Ok(solved.plan.is_some()),
                Err(crate::solver::SolveError::Stopped { .. }) => Ok(false),
                Err(e) => Err(e.into()),
            }
        };
        Ok(solvable(&level)? && !solvable(&keys_out_of_reach(&level, &keys))?)
    }

    /// The doors the designer asked to be locked, each with the room on its
    /// far side from the start: they are locked first, so that the ones
    /// asked for are among those placed.
    pub(super) fn asked_locks(&self) -> VecDeque<(usize, usize)> {
        let (dist, _) = self.graph.bfs(self.start, |d| !self.removed[d]);
        (0..self.level.doors.len())
            .filter(|&d| self.asked.must_lock[d])
            .filter_map(|d| {
                let (a, b) = self.graph.ends[d];
                let far = if dist.get(a) >= dist.get(b) { a } else { b };
                (a != usize::MAX && dist.get(far).is_some_and(|&x| x != usize::MAX))
                    .then_some((far, d))
            })
            .collect()
    }

    /// Goals to lock off when the goal list runs dry on a drawn level, whose
    /// locked and closed doors leave few plain ones to lock: the rooms on
    /// the way from the start to the goal, nearest the goal first, then the
    /// rooms of drawn keys. Locking off any area that holds the goal is
    /// needed; the others are checked by the solver.
    pub(super) fn fallback_goals(&self, goal: usize) -> VecDeque<usize> {
        if !self.from_layout {
            return VecDeque::new();
        }
        let (_, via) = self.graph.bfs(self.start, |d| !self.removed[d]);
        let mut out = VecDeque::new();
        let mut r = goal;
        while r != self.start && via[r] != usize::MAX {
            out.push_back(r);
            r = self.graph.parent(r, via[r]);
        }
        let index = LevelIndex::new(&self.level);
        for key in &self.drawn.keys {
            if let Some(k) = key.room.as_ref().and_then(|room| index.room(room)) {
                out.push_back(k);
            }
        }
        out
    }

    /// Last of all around drawn content: every plain door that may be
    /// locked, with the room on its far side from the start, farthest
    /// first; the solver keeps those whose lock is needed.
    pub(super) fn plain_door_goals(&self) -> VecDeque<(usize, usize)> {
        if !self.around {
            return VecDeque::new();
        }
        let (dist, _) = self.graph.bfs(self.start, |d| !self.removed[d]);
        let mut doors: Vec<(usize, usize)> = (0..self.level.doors.len())
            .filter(|&d| !self.fixed(d))
            .filter_map(|d| {
                let (a, b) = self.graph.ends[d];
                let far = if dist.get(a) >= dist.get(b) { a } else { b };
                dist.get(far)
                    .is_some_and(|&x| x != usize::MAX)
                    .then_some((far, d))
            })
            .collect();
        doors.sort_by_key(|&(far, d)| (std::cmp::Reverse(dist[far]), d));
        doors.into()
    }

    /// The designer's constraints, kept; or all those that are not.
    pub(super) fn check_asked(&self) -> Result<(), GenerateError> {
        self.asked.check(&self.drawn, &self.level)
    }
}

/// Does the layout hold anything beyond rooms and plain doors: keys,
/// levers, or doors that are closed, one-way, locked or conditioned?
pub(super) fn has_drawn_content(level: &Level) -> bool {
    !level.keys.is_empty() || !level.levers.is_empty() || plain_doors(level).iter().any(|&p| !p)
}

/// Per door: open, two-way, unlocked, flipped by no lever and with no
/// condition on the levers.
pub(super) fn plain_doors(level: &Level) -> Vec<bool> {
    let flipped: rustc_hash::FxHashSet<&DoorId> =
        level.levers.iter().flat_map(|l| &l.toggles).collect();
    level
        .doors
        .iter()
        .map(|d| {
            d.open
                && !d.one_way
                && !d.is_locked()
                && d.open_when.is_none()
                && d.locked_from.is_none()
                && !flipped.contains(&d.id)
        })
        .collect()
}

/// `level` with `keys` moved to a new room that no door reaches.
pub(crate) fn keys_out_of_reach(level: &Level, keys: &[KeyId]) -> Level {
    let mut without = level.clone();
    let away =
        super::super::common::Ids::new("away", level.rooms.iter().map(|r| r.id.as_str())).fresh();
    without
        .rooms
        .push(crate::model::Room::new(away.as_str(), [0.0, 0.0]));
    for key in &mut without.keys {
        if keys.contains(&key.id) {
            key.room = Some(away.as_str().into());
        }
    }
    without
}

/// The final ids of the side areas' doors.
pub(super) fn side_ids(side_doors: &[usize], final_ids: &[Option<DoorId>]) -> Vec<DoorId> {
    side_doors
        .iter()
        .filter_map(|&d| final_ids.get(d).cloned().flatten())
        .collect()
}

/// Every lock placed around drawn content is needed: with its keys taken
/// away, the level cannot be solved. The method makes it so; drawn doors
/// and levers are many, so the solver confirms it.
pub(super) fn check_needed(level: &Level, locked: &[&DoorChange]) -> Result<(), GenerateError> {
    for change in locked {
        let Change::Locked(keys) = &change.change else {
            continue;
        };
        let without = keys_out_of_reach(level, keys);
        let options = crate::solver::SolveOptions {
            max_states: VERIFY_MAX_STATES,
            ..crate::solver::SolveOptions::default()
        };
        if let Ok(solved) = crate::solver::solve(&without, &options)
            && solved.plan.is_some()
        {
            return Err(GenerateError::Internal(format!(
                "the lock on door \"{}\" is not needed around what was drawn",
                change.door
            )));
        }
    }
    Ok(())
}
