//! The doors a player has unlocked in every state in a room: read off the
//! graph of free areas, whose edges are the groups of doors from one area
//! to another (two doors from one area to the next make one group: a way
//! passes one or the other). Every lock is taken as open, and the goal
//! room's passages out are left out (entering it ends the game).

use petgraph::algo::dominators::{Dominators, simple_fast};
use rustc_hash::FxHashMap;

use super::super::super::compile::{Compiled, NONE};
use super::super::super::facts::free_components;
use super::{each_with_one_of, walkable};
use crate::digraph::Digraph;
use crate::rules::mechanics::Mechanics;

/// Ways at most [`Areas::routes`] lists, door choices counted.
const ROUTES: usize = 32;
/// Steps at most of the search for those ways, per room asked about.
const ROUTE_WORK: usize = 4096;

/// The graph of free areas of a level and the groups of doors between them.
pub(super) struct Areas {
    /// Per room, its free area.
    area: Vec<u32>,
    /// Per group: its doors, and whether each has a lock (passing one of
    /// them then unlocks it).
    groups: Vec<(Vec<usize>, bool)>,
    /// Per area, the areas it leads to, with the group of doors that does.
    out: Vec<Vec<(u32, usize)>>,
    start: usize,
    /// Dominators of the graph of areas and groups, each group a node
    /// between its two areas.
    dominators: Dominators<usize>,
}

impl Areas {
    /// The areas of the rooms of `reached`.
    pub fn new(m: &Mechanics, c: &Compiled, reached: &[bool]) -> Self {
        let area = free_components(m);
        let areas = area.iter().max().map_or(0, |&a| a as usize + 1);
        let mut index: FxHashMap<(u32, u32), usize> = FxHashMap::default();
        let mut groups: Vec<(Vec<usize>, bool)> = Vec::new();
        let mut out = vec![Vec::new(); areas];
        let mut edges = Vec::new();
        for p in walkable(m, reached) {
            let (u, v) = (area[p.from], area[p.to]);
            if u == v {
                continue;
            }
            let g = *index.entry((u, v)).or_insert_with(|| {
                groups.push((Vec::new(), true));
                out[u as usize].push((v, groups.len() - 1));
                groups.len() - 1
            });
            let (doors, locked) = &mut groups[g];
            if !doors.contains(&p.door) {
                doors.push(p.door);
            }
            *locked &= c.layout.unlock_bit.get(p.door).is_some_and(|&b| b != NONE);
            let node = (areas + g) as u32;
            edges.extend([(u, node), (node, v)]);
        }
        let graph = Digraph::new(areas + groups.len(), &edges);
        let start = area[m.start()] as usize;
        let dominators = simple_fast(&graph, start);
        Self {
            area,
            groups,
            out,
            start,
            dominators,
        }
    }

    /// The free area of `room`.
    pub fn of(&self, room: usize) -> u32 {
        self.area[room]
    }

    /// Groups of locked doors such that every way from the start to
    /// `room` passes one of each: in every state there, a door of each
    /// group is unlocked.
    pub fn passed(&self, room: usize) -> Vec<Vec<usize>> {
        let areas = self.out.len();
        let every_way = self.dominators.dominators(self.area[room] as usize);
        (every_way.into_iter().flatten())
            .filter_map(|x| self.groups.get(x.checked_sub(areas)?))
            .filter(|(_, locked)| *locked)
            .map(|(doors, _)| doors.clone())
            .collect()
    }

    /// The sets of locked doors passed on each way from the start to
    /// `room` that enters no area twice, one door chosen from each group
    /// passed; `None` when there are more than [`ROUTES`] or the search
    /// takes too long. Every way there, loops erased, is one of these: so
    /// in every state there, the doors of one of these sets are unlocked.
    pub fn routes(&self, room: usize) -> Option<Vec<Vec<usize>>> {
        let target = self.area[room];
        let mut sets: Vec<Vec<usize>> = Vec::new();
        let mut on = vec![false; self.out.len()];
        // The search: per area on the way, the next edge out to try, and
        // the group that entered it.
        let mut stack: Vec<(u32, usize, Option<usize>)> = vec![(self.start as u32, 0, None)];
        on[self.start] = true;
        let mut work = 0;
        while let Some(&mut (a, ref mut next, _)) = stack.last_mut() {
            work += 1;
            if work > ROUTE_WORK {
                return None;
            }
            if a == target {
                let way = stack.iter().filter_map(|&(_, _, g)| g);
                if !self.choices(way, &mut sets) || sets.len() > ROUTES {
                    return None;
                }
                on[a as usize] = false;
                stack.pop();
                continue;
            }
            let Some(&(b, g)) = self.out[a as usize].get(*next) else {
                on[a as usize] = false;
                stack.pop();
                continue;
            };
            *next += 1;
            if !on[b as usize] {
                on[b as usize] = true;
                stack.push((b, 0, Some(g)));
            }
        }
        sets.iter_mut().for_each(|s| s.sort_unstable());
        sets.sort_unstable();
        sets.dedup();
        Some(sets)
    }

    /// Adds to `sets` each choice of one door from each locked group of
    /// `way`; false (and nothing added) when they are more than
    /// [`ROUTES`].
    fn choices(&self, way: impl Iterator<Item = usize>, sets: &mut Vec<Vec<usize>>) -> bool {
        let mut made = vec![Vec::new()];
        for (doors, _) in way.map(|g| &self.groups[g]).filter(|(_, locked)| *locked) {
            if made.len() * doors.len() > ROUTES {
                return false;
            }
            made = each_with_one_of(&made, doors);
        }
        sets.extend(made);
        true
    }
}
