//! One try's placing: a random graph with its goal far from the start,
//! then locks with their keys and levers with their doors, at random.

use super::super::backward::farthest;
use super::super::common::{Graph, Ids};
use super::super::constraints::Constraints;
use super::super::{Change, DoorChange, GenerateError, Param, Problem, Rng, random_graph};
use super::RandomParams;
use crate::model::{DoorId, Key, KeyId, Level, Lever, LeverId};

/// A random graph with its goal far from the start.
pub(super) fn graph_base(
    rng: &mut Rng,
    rooms: usize,
    extra_doors: usize,
) -> Result<Level, GenerateError> {
    let (mut level, _) = random_graph(rng, rooms, extra_doors)?;
    let graph = Graph::of(&level)?;
    let (dist, _) = graph.bfs(0, |_| true);
    let goal = farthest(&dist, 0, rng).ok_or_else(|| {
        GenerateError::param(
            Param::Rooms,
            Problem::TooSmall {
                min: 2,
                value: rooms,
            },
        )
    })?;
    level.goal = level.rooms[goal].id.clone();
    Ok(level)
}

/// One try: the base level with random locks, keys and levers.
pub(super) fn place(
    base: &Level,
    lockable: &[usize],
    asked: &Constraints,
    params: &RandomParams,
    rng: &mut Rng,
) -> (Level, Vec<DoorChange>) {
    let mut level = base.clone();
    let mut changes = place_locks(&mut level, lockable, asked, params.locks, rng);
    changes.extend(place_levers(&mut level, lockable, params.levers, rng));
    (level, changes)
}

/// Locks `count` distinct doors of `lockable` (fewer when there are not
/// enough; every door `asked` to be locked, first), each with one key in a
/// random room: rooms asked to hold a key first, never one asked to hold
/// none.
fn place_locks(
    level: &mut Level,
    lockable: &[usize],
    asked: &Constraints,
    count: usize,
    rng: &mut Rng,
) -> Vec<DoorChange> {
    let mut changes = Vec::new();
    let mut keys = Ids::new("k", level.keys.iter().map(|k| k.id.as_str()));
    let must = |d: usize| asked.must_lock.get(d).copied().unwrap_or(false);
    let mut doors: Vec<usize> = lockable.iter().copied().filter(|&d| must(d)).collect();
    let asked_doors = doors.len();
    doors.extend(lockable.iter().copied().filter(|&d| !must(d)));
    let allowed = |r: &usize| !asked.no_keys.get(*r).copied().unwrap_or(false);
    let mut pinned: Vec<usize> = (0..level.rooms.len())
        .filter(|&r| asked.key_room.get(r).copied().unwrap_or(false))
        .collect();
    let rooms: Vec<usize> = (0..level.rooms.len()).filter(allowed).collect();
    for i in 0..count.max(asked_doors).min(doors.len()) {
        if i >= asked_doors {
            let j = i + rng.index(doors.len() - i);
            doors.swap(i, j);
        }
        let d = doors[i];
        let Some(r) = (!pinned.is_empty())
            .then(|| pinned.remove(0))
            .or_else(|| rng.pick(&rooms).copied())
        else {
            break;
        };
        let key = KeyId(keys.fresh());
        let room = level.rooms[r].id.clone();
        level.keys.push(Key::new(key.clone(), room));
        level.doors[d].locks.push(key.clone());
        changes.push(DoorChange {
            door: level.doors[d].id.clone(),
            change: Change::Locked(vec![key]),
        });
    }
    changes
}

/// Adds `count` levers in random rooms, each flipping one or two random
/// doors of `free` (the doors with no lock and not kept from the
/// generators); a door flipped for the first time starts open one time in
/// three.
fn place_levers(level: &mut Level, free: &[usize], count: usize, rng: &mut Rng) -> Vec<DoorChange> {
    let mut changes = Vec::new();
    let n = level.rooms.len();
    let mut levers = Ids::new("l", level.levers.iter().map(|l| l.id.as_str()));
    let mut wired = vec![false; level.doors.len()];
    let doors = free.len();
    if doors == 0 {
        return changes;
    }
    for _ in 0..count {
        let room = level.rooms[rng.index(n)].id.clone();
        let first = rng.index(doors);
        let mut toggles = vec![free[first]];
        if doors > 1 && rng.chance(1, 2) {
            let second = (first + 1 + rng.index(doors - 1)) % doors;
            toggles.push(free[second]);
        }
        for &d in &toggles {
            if !wired[d] {
                wired[d] = true;
                level.doors[d].open = rng.chance(1, 3);
                changes.push(DoorChange {
                    door: level.doors[d].id.clone(),
                    change: Change::Wired {
                        open: level.doors[d].open,
                    },
                });
            }
        }
        let ids: Vec<DoorId> = toggles.iter().map(|&d| level.doors[d].id.clone()).collect();
        level
            .levers
            .push(Lever::new(LeverId(levers.fresh()), room, ids));
    }
    changes
}
