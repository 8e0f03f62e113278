//! Routes: the level cut into areas by its free doors, and the doors that
//! lead into each area the player does not start in.

use petgraph::unionfind::UnionFind;
use serde_json::{Value, json};

use super::dominators::{Dominators, Graph};
use crate::model::{DoorId, RoomId};
use crate::rules::Rules;
use crate::rules::mechanics::Mechanics;

/// A locked area: rooms joined to each other by free doors, not holding the
/// start, and the doors that lead into it.
#[derive(Clone, Debug, PartialEq)]
pub struct Area {
    /// Its rooms, in level order.
    pub rooms: Vec<RoomId>,
    /// The distinct doors that lead into it from a room that can be reached
    /// from the start without entering it (locks, levers and small keys
    /// ignored; one-way doors only their way), in level order.
    pub doors_in: Vec<DoorId>,
    /// Whether something locks it: a door into it needs a key or spends
    /// items. An area behind lever doors or one-way doors only is not
    /// locked, though its doors are not free.
    pub locked: bool,
}

/// The routes into the level's locked areas.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Routes {
    /// The locked areas, in the order of their first room.
    pub areas: Vec<Area>,
    /// The mean number of doors into a locked area; `None` when there is none.
    pub mean: Option<f64>,
    /// The fewest doors into a locked area.
    pub min: Option<usize>,
    /// The most doors into a locked area.
    pub max: Option<usize>,
    /// Locked areas with two or more doors into them.
    pub several: usize,
    /// How many of [`Self::areas`] something locks ([`Area::locked`]).
    pub locked: usize,
    /// Always true: every level's routes are worked out in full (the
    /// dominators of its graph of areas). Kept for the callers and files
    /// of earlier versions, where a level too large to walk once per
    /// locked area had every door into an area counted.
    pub complete: bool,
}

impl Routes {
    /// `{ "areas": n, "mean": …, "min": …, "max": …, "several": …, "per_area": [...] }`.
    pub fn to_json(&self) -> Value {
        let per_area: Vec<Value> = self
            .areas
            .iter()
            .map(|a| {
                json!({
                    "rooms": a.rooms.iter().map(RoomId::as_str).collect::<Vec<_>>(),
                    "doors_in": a.doors_in.iter().map(DoorId::as_str).collect::<Vec<_>>(),
                    "locked": a.locked,
                })
            })
            .collect();
        json!({
            "areas": self.areas.len(),
            "mean": self.mean.map(|x| crate::format::number((x * 1e4).round() / 1e4)),
            "min": self.min,
            "max": self.max,
            "several": self.several,
            "locked": self.locked,
            "complete": self.complete,
            "per_area": per_area,
        })
    }
}

/// A door is free when it is always open, two-way, and needs no key and
/// spends no item (from either side).
fn is_free(m: &Mechanics, door: usize) -> bool {
    m.is_free(door) && !m.is_one_way(door)
}

/// True when door `door` needs a key (`locks`, `locks_any`) or spends items.
fn locks(m: &Mechanics, door: usize) -> bool {
    m.has_lock(door)
}

/// The area of each room: rooms joined by free doors share one, numbered in
/// the order of their first room.
///
/// The doors are joined in their order, into sets kept as a forest of
/// `u32` parents (petgraph's `UnionFind`: union by rank, paths halved, no
/// recursion): the walk reads the door tables once, front to back, and
/// the parents of 80,000 rooms fit the processor's cache. A walk from room
/// to room (as it was) read the passages in the order of the graph, one
/// cache miss per room on a large level whose rooms lie scattered.
pub(super) fn area_of_rooms(m: &Mechanics) -> Vec<usize> {
    let mut sets = UnionFind::<u32>::new(m.rooms());
    for door in (0..m.doors().len()).filter(|&d| is_free(m, d)) {
        if let Some((a, b)) = m.ends(door) {
            sets.union(a as u32, b as u32);
        }
    }
    // Areas are numbered by their first room, whichever room is a set's root.
    let mut number = vec![usize::MAX; m.rooms()];
    let mut next = 0;
    (0..m.rooms())
        .map(|r| {
            let root = sets.find_mut(r as u32) as usize;
            if number[root] == usize::MAX {
                number[root] = next;
                next += 1;
            }
            number[root]
        })
        .collect()
}

/// The routes into every area but the start's.
pub(super) fn routes(rules: &Rules<'_>) -> Routes {
    let m = rules.mechanics();
    let level = rules.level();
    let area = area_of_rooms(m);
    let count = area.iter().map(|&a| a + 1).max().unwrap_or(0);
    let start_area = area.get(m.start()).copied();
    let mut rooms_of: Vec<Vec<usize>> = vec![Vec::new(); count];
    for (r, &a) in area.iter().enumerate() {
        rooms_of[a].push(r);
    }
    let mut passages_into: Vec<Vec<(usize, usize)>> = vec![Vec::new(); count];
    let mut crossings: Vec<(u32, u32)> = Vec::new();
    for p in m.passages() {
        if area[p.from] != area[p.to] {
            passages_into[area[p.to]].push((p.from, p.door));
            crossings.push((area[p.from] as u32, area[p.to] as u32));
        }
    }
    // Areas are joined inside by free doors, so a room can be reached
    // without entering area `a` exactly when its area can, on the graph
    // of areas: where the start's area reaches it and `a` does not
    // dominate it.
    let dominators = start_area.map(|s| Dominators::new(&Graph::new(count, &crossings), s));
    let outside = |from: usize, a: usize| {
        (dominators.as_ref()).is_some_and(|d| d.reached_avoiding(area[from], a))
    };
    let mut areas = Vec::new();
    for a in (0..count).filter(|&a| Some(a) != start_area) {
        let mut doors: Vec<usize> = passages_into[a]
            .iter()
            .filter(|&&(from, _)| outside(from, a))
            .map(|&(_, door)| door)
            .collect();
        doors.sort_unstable();
        doors.dedup();
        let locked = doors.iter().any(|&d| locks(m, d));
        areas.push(Area {
            locked,
            rooms: rooms_of[a]
                .iter()
                .map(|&r| level.rooms[r].id.clone())
                .collect(),
            doors_in: doors.iter().map(|&d| level.doors[d].id.clone()).collect(),
        });
    }
    let counts: Vec<usize> = areas.iter().map(|a| a.doors_in.len()).collect();
    Routes {
        mean: (!counts.is_empty())
            .then(|| counts.iter().sum::<usize>() as f64 / counts.len() as f64),
        min: counts.iter().copied().min(),
        max: counts.iter().copied().max(),
        several: counts.iter().filter(|&&c| c >= 2).count(),
        locked: areas.iter().filter(|a| a.locked).count(),
        complete: true,
        areas,
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{Mechanics, area_of_rooms, is_free};

    /// The areas by a walk from room to room over free doors, each new
    /// area numbered when the walk starts from its first room.
    fn areas_by_walk(m: &Mechanics) -> Vec<usize> {
        let mut area = vec![usize::MAX; m.rooms()];
        let mut next = 0;
        for first in 0..m.rooms() {
            if area[first] != usize::MAX {
                continue;
            }
            area[first] = next;
            let mut stack = vec![first];
            while let Some(r) = stack.pop() {
                for p in m.passages_from(r) {
                    if is_free(m, p.door) && area[p.to] == usize::MAX {
                        area[p.to] = next;
                        stack.push(p.to);
                    }
                }
            }
            next += 1;
        }
        area
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        /// Joining sets door by door numbers the areas exactly as a walk
        /// over the free doors does.
        #[test]
        fn sets_number_the_areas_a_walk_finds(level in crate::solver::agree::level()) {
            let Ok(m) = Mechanics::new(&level) else {
                return Ok(());
            };
            prop_assert_eq!(area_of_rooms(&m), areas_by_walk(&m));
        }
    }
}
