//! A lower bound on the cost still to pay from a state, for A*: walking
//! distances that ignore every lock and lever, combined with the keys every
//! solution must still fetch (landmarks).
//!
//! From room `r`, with landmark keys `M` not yet held, any solution still
//! has to enter each room of `M` and end in the goal `g`. So it costs at least
//!
//! - `d(r, x) + d(x, g)` for each `x` in `M`, and `d(r, g)`;
//! - `min d(r, y) + MST(M ∪ {g})` over `y` in `M ∪ {g}`: the walk from its
//!   first landmark on passes through all of `M ∪ {g}`, so it weighs at least
//!   a spanning tree of them.
//!
//! `d` ignores locks, levers and small keys, so it never exceeds the true
//! walking cost; the bound is the larger of the two and is consistent (one
//! step of cost `c` lowers it by at most `c`), so A* needs no reopening.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::compile::{Compiled, NONE, test};
use super::facts;
use crate::grouped::Grouped;
use crate::rules::mechanics::Mechanics;

/// Most landmarks a bound tracks (their holding is one bit of a `u64`).
const MAX_LANDMARKS: usize = 64;
/// Candidates tested for being landmarks, at most.
const MAX_CANDIDATES: usize = 256;
/// Landmarks times rooms, at most: each landmark costs a search of the rooms.
const MAX_DISTANCE_WORK: usize = 8_000_000;

struct Landmark {
    /// The state bit that says it is held.
    bit: u32,
    /// The room it lies in.
    room: usize,
    /// Distance from each room to the landmark's room.
    to: Vec<f64>,
    /// Distance from its room to the goal.
    to_goal: f64,
}

/// The lower bound of one compiled level.
///
/// A copy shares the distance tables (one entry per room, per landmark)
/// and brings its own cache of spanning trees, so the copies an analysis
/// hands to its phases cost no memory of the level's size.
#[derive(Clone)]
pub(crate) struct Heuristic {
    tables: Arc<Tables>,
    mst: FxHashMap<u64, f64>,
}

/// What a [`Heuristic`] works out once.
struct Tables {
    to_goal: Vec<f64>,
    landmarks: Vec<Landmark>,
    /// Symmetric distances between landmarks (index `m` is the goal).
    between: Vec<Vec<f64>>,
}

impl Heuristic {
    /// The bound for `c`, with landmarks found among the keys that lock the
    /// shortest ways to the goal (keys marked in `removed` are not there).
    pub fn new(m: &Mechanics, c: &Compiled, removed: &[bool]) -> Self {
        Self::with_to_goal(m, c, removed, distances_to_goal(c), None)
    }

    /// [`Self::new`] with the distances to the goal at hand
    /// ([`distances_to_goal`]), and the relaxed walk's ways when the
    /// caller has them ([`facts::relaxed_ways`]).
    pub fn with_to_goal(
        m: &Mechanics,
        c: &Compiled,
        removed: &[bool],
        to_goal: Vec<f64>,
        ways: Option<&facts::Ways>,
    ) -> Self {
        let goal = c.goal_room as usize;
        let work_cap = (MAX_DISTANCE_WORK / (c.rooms() + c.exits.len()).max(1)).min(MAX_LANDMARKS);
        let candidates = candidates(m, c, removed);
        let found = facts::landmarks(m, ways, &candidates, work_cap);
        let found: Vec<usize> = (found.into_iter())
            .filter(|&k| c.key_bit[k] != NONE)
            .collect();
        // The walks back from each landmark's room, made only for some.
        let reverse = if found.is_empty() {
            None
        } else {
            Some(Inward::new(c))
        };
        let mut landmarks: Vec<Landmark> = (reverse.iter())
            .flat_map(|reverse| found.iter().map(move |&k| (reverse, k)))
            .map(|(reverse, k)| {
                let room = m.keys()[k].room;
                let to = distances_to(reverse, room);
                Landmark {
                    bit: c.key_bit[k],
                    room,
                    to_goal: to_goal[room],
                    to,
                }
            })
            .collect();
        // Keys lying in one room share a bit: one landmark is enough.
        landmarks.sort_by_key(|l| l.bit);
        landmarks.dedup_by_key(|l| l.bit);
        let between = between(&landmarks, &to_goal, goal);
        Self {
            tables: Arc::new(Tables {
                to_goal,
                landmarks,
                between,
            }),
            mst: FxHashMap::default(),
        }
    }

    /// A lower bound on the cost from state `s` to the goal; infinite when
    /// the goal cannot be reached from it at all.
    pub fn bound(&mut self, c: &Compiled, s: &[u64]) -> f64 {
        if c.is_goal(s) {
            return 0.0;
        }
        let r = c.room(s);
        let tables = &*self.tables;
        let mut mask = 0u64;
        let mut first = tables.to_goal[r];
        let mut one = tables.to_goal[r];
        for (i, lm) in tables.landmarks.iter().enumerate() {
            if !test(s, lm.bit) {
                mask |= 1 << i;
                first = first.min(lm.to[r]);
                one = one.max(lm.to[r] + lm.to_goal);
            }
        }
        if mask == 0 || !one.is_finite() {
            return one;
        }
        let tree = match self.mst.get(&mask) {
            Some(&t) => t,
            None => {
                let t = spanning_tree(&tables.between, mask);
                self.mst.insert(mask, t);
                t
            }
        };
        one.max(first + tree)
    }
}

/// Every exit of a compiled level turned round, by the room it leads into,
/// ignoring what it needs: one list for all the rooms, not one each.
struct Inward {
    /// Per room, `(room it leaves, cost)` of each exit into it.
    from: Grouped<(u32, f64)>,
    /// The cost of every exit, when they all cost the same: distances are
    /// then found breadth first.
    uniform: Option<f64>,
}

impl Inward {
    fn new(c: &Compiled) -> Self {
        let exits = (0..c.rooms()).flat_map(|r| {
            c.exits_of(r)
                .iter()
                .map(move |e| (e.to as usize, (r as u32, e.cost)))
        });
        let first = c.exits.first().map_or(0.0, |e| e.cost);
        let same = c.exits.iter().all(|e| e.cost == first);
        Self {
            from: Grouped::new(c.rooms(), exits),
            uniform: same.then_some(first),
        }
    }

    fn rooms(&self) -> usize {
        self.from.groups()
    }

    fn into(&self, r: usize) -> &[(u32, f64)] {
        self.from.get(r)
    }
}

/// The least cost of a walk from each room of `c` to its goal room,
/// through every exit whatever it needs: the bound without landmarks.
pub(crate) fn distances_to_goal(c: &Compiled) -> Vec<f64> {
    distances_to(&Inward::new(c), c.goal_room as usize)
}

/// Walking distance from every room to `target`, ignoring locks and levers.
///
/// When every exit costs the same `c`, a breadth-first walk gives the same
/// numbers as Dijkstra's: both add `c` once per step along a way of the
/// fewest steps, and adding `c >= 0` never makes a sum smaller, so no way
/// of more steps costs less, rounding included.
fn distances_to(into: &Inward, target: usize) -> Vec<f64> {
    match into.uniform {
        Some(cost) => steps_to(into, target, cost),
        None => dijkstra_to(into, target),
    }
}

/// Hand-written: petgraph has no breadth-first distances (its `Bfs` walks
/// without depths), and its Dijkstra would do here what a queue does.
fn steps_to(into: &Inward, target: usize, cost: f64) -> Vec<f64> {
    let mut dist = vec![f64::INFINITY; into.rooms()];
    let mut queue = std::collections::VecDeque::from([target]);
    dist[target] = 0.0;
    while let Some(r) = queue.pop_front() {
        let d = dist[r] + cost;
        for &(from, _) in into.into(r) {
            if dist[from as usize] == f64::INFINITY {
                dist[from as usize] = d;
                queue.push_back(from as usize);
            }
        }
    }
    dist
}

/// petgraph's Dijkstra over [`Inward`] (its visit traits below): as fast
/// as the hand-written one it replaced on the benches (key-heavy, the one
/// with costs that differ: analyze 475 µs against 508 µs, machine shared),
/// and equal to it to the bit (the property test below).
fn dijkstra_to(into: &Inward, target: usize) -> Vec<f64> {
    let found = petgraph::algo::dijkstra(into, target, None, |(_, _, &cost)| cost);
    let mut dist = vec![f64::INFINITY; into.rooms()];
    for (r, d) in found {
        dist[r] = d;
    }
    dist
}

#[cfg(test)]
fn dijkstra_by_hand(into: &Inward, target: usize) -> Vec<f64> {
    let mut dist = vec![f64::INFINITY; into.rooms()];
    let mut heap = BinaryHeap::new();
    dist[target] = 0.0;
    heap.push(Reverse((0f64.to_bits(), target)));
    while let Some(Reverse((bits, r))) = heap.pop() {
        let d = f64::from_bits(bits);
        if d > dist[r] {
            continue;
        }
        for &(from, cost) in into.into(r) {
            let nd = d + cost;
            let from = from as usize;
            if nd < dist[from] {
                dist[from] = nd;
                heap.push(Reverse((nd.to_bits(), from)));
            }
        }
    }
    dist
}

mod petgraph_view {
    use std::slice;

    use fixedbitset::FixedBitSet;
    use petgraph::visit::{
        Data, GraphBase, IntoEdgeReferences, IntoEdges, IntoNeighbors, Visitable,
    };

    use super::Inward;

    /// The exits into one room, turned round: `(room, room it leaves, cost)`.
    pub(super) struct Edges<'a> {
        room: usize,
        list: slice::Iter<'a, (u32, f64)>,
    }

    impl<'a> Iterator for Edges<'a> {
        type Item = (usize, usize, &'a f64);

        fn next(&mut self) -> Option<Self::Item> {
            (self.list.next()).map(|(from, cost)| (self.room, *from as usize, cost))
        }
    }

    impl GraphBase for Inward {
        type NodeId = usize;
        type EdgeId = (usize, usize);
    }

    impl Data for Inward {
        type NodeWeight = ();
        type EdgeWeight = f64;
    }

    impl Visitable for Inward {
        type Map = FixedBitSet;

        fn visit_map(&self) -> FixedBitSet {
            FixedBitSet::with_capacity(self.rooms())
        }

        fn reset_map(&self, map: &mut FixedBitSet) {
            map.clear();
            map.grow(self.rooms());
        }
    }

    impl<'a> IntoNeighbors for &'a Inward {
        type Neighbors = std::iter::Map<Edges<'a>, fn((usize, usize, &f64)) -> usize>;

        fn neighbors(self, a: usize) -> Self::Neighbors {
            self.edges(a).map(|(_, b, _)| b)
        }
    }

    impl<'a> IntoEdgeReferences for &'a Inward {
        type EdgeRef = (usize, usize, &'a f64);
        type EdgeReferences = std::vec::IntoIter<(usize, usize, &'a f64)>;

        fn edge_references(self) -> Self::EdgeReferences {
            let all: Vec<_> = (0..self.rooms()).flat_map(|r| self.edges(r)).collect();
            all.into_iter()
        }
    }

    impl<'a> IntoEdges for &'a Inward {
        type Edges = Edges<'a>;

        fn edges(self, a: usize) -> Edges<'a> {
            Edges {
                room: a,
                list: self.into(a).iter(),
            }
        }
    }
}

/// Symmetric distances among the landmarks and the goal (last).
fn between(landmarks: &[Landmark], to_goal: &[f64], goal: usize) -> Vec<Vec<f64>> {
    let n = landmarks.len();
    let mut d = vec![vec![0.0; n + 1]; n + 1];
    for i in 0..n {
        for j in 0..n {
            if i != j {
                // `landmarks[j].to[room]` is the distance from room to j.
                let ij = landmarks[j].to[landmarks[i].room];
                let ji = landmarks[i].to[landmarks[j].room];
                d[i][j] = ij.min(ji);
            }
        }
        let ig = to_goal[landmarks[i].room];
        let gi = landmarks[i].to[goal];
        d[i][n] = ig.min(gi);
        d[n][i] = d[i][n];
    }
    d
}

/// Weight of a minimum spanning tree over the landmarks in `mask` and the
/// goal (Prim's algorithm); infinite if they are not all joined.
fn spanning_tree(between: &[Vec<f64>], mask: u64) -> f64 {
    let goal = between.len() - 1;
    let mut nodes: Vec<usize> = (0..goal).filter(|&i| mask & (1 << i) != 0).collect();
    nodes.push(goal);
    let mut best: Vec<f64> = nodes.iter().map(|&v| between[goal][v]).collect();
    let mut done = vec![false; nodes.len()];
    done[nodes.len() - 1] = true;
    let mut total = 0.0;
    for _ in 1..nodes.len() {
        let mut pick = None;
        for (i, &b) in best.iter().enumerate() {
            if !done[i] && pick.is_none_or(|p: usize| b < best[p]) {
                pick = Some(i);
            }
        }
        let Some(p) = pick else { break };
        done[p] = true;
        total += best[p];
        for (i, &v) in nodes.iter().enumerate() {
            if !done[i] {
                best[i] = best[i].min(between[nodes[p]][v]);
            }
        }
    }
    total
}

/// Keys worth testing as landmarks, most promising first: those the goal
/// requires, then the keys locking the doors of a shortest walk to the goal
/// (ignoring locks), then the keys locking the walks to those keys, and so on.
fn candidates(m: &Mechanics, c: &Compiled, removed: &[bool]) -> Vec<usize> {
    // No key has a bit: none can be a candidate, and the walk below would
    // find none after a whole walk of the level.
    if c.key_bit.iter().all(|&b| b == NONE) {
        return Vec::new();
    }
    let parent = shortest_tree(c, m.start());
    let mut seen = vec![false; m.keys().len()];
    let mut out: Vec<usize> = Vec::new();
    let mut add = |k: usize, out: &mut Vec<usize>, targets: &mut Vec<usize>| {
        if !seen[k] && !removed.get(k).copied().unwrap_or(false) && c.key_bit[k] != NONE {
            seen[k] = true;
            out.push(k);
            targets.push(m.keys()[k].room);
        }
    };
    let mut targets = vec![m.goal()];
    for &k in m.goal_requires() {
        add(k, &mut out, &mut targets);
    }
    let mut next = 0;
    while next < targets.len() && out.len() < MAX_CANDIDATES {
        let mut room = targets[next];
        next += 1;
        let mut steps = 0;
        while let Some(&(from, door)) = parent.get(room).and_then(Option::as_ref) {
            for &k in &m.doors()[door].locks {
                add(k, &mut out, &mut targets);
            }
            room = from;
            steps += 1;
            if steps > parent.len() {
                break;
            }
        }
    }
    out.truncate(MAX_CANDIDATES);
    out
}

/// A shortest-walk tree from `start` ignoring locks and levers: per room,
/// the room and door it is entered from.
fn shortest_tree(c: &Compiled, start: usize) -> Vec<Option<(usize, usize)>> {
    let mut parent = vec![None; c.rooms()];
    let mut dist = vec![f64::INFINITY; c.rooms()];
    let mut heap = BinaryHeap::new();
    dist[start] = 0.0;
    heap.push(Reverse((0f64.to_bits(), start)));
    while let Some(Reverse((bits, r))) = heap.pop() {
        let d = f64::from_bits(bits);
        if d > dist[r] {
            continue;
        }
        for e in c.exits_of(r) {
            let to = e.to as usize;
            let nd = d + e.cost;
            if nd < dist[to] {
                dist[to] = nd;
                parent[to] = Some((r, e.door as usize));
                heap.push(Reverse((nd.to_bits(), to)));
            }
        }
    }
    parent
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The exits `(from, to)` of a random map, all of cost `cost`, turned
    /// round as [`Inward::new`] does.
    fn into_of(rooms: usize, exits: &[(u32, u32)], cost: f64) -> Inward {
        let pairs = exits.iter().map(|&(a, to)| (to as usize, (a, cost)));
        Inward {
            from: Grouped::new(rooms, pairs),
            uniform: Some(cost),
        }
    }

    fn maps() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
        (1usize..30).prop_flat_map(|n| {
            let exit = (0..n as u32, 0..n as u32);
            (Just(n), proptest::collection::vec(exit, 0..n * 3))
        })
    }

    fn costs() -> impl Strategy<Value = f64> {
        prop_oneof![Just(0.0), Just(1.0), Just(0.1), Just(1e12), (0.0..1e6f64),]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        /// The breadth-first walk gives Dijkstra's distances to the bit.
        #[test]
        fn steps_agree_with_dijkstra((rooms, exits) in maps(), cost in costs(), target in 0usize..30) {
            let into = into_of(rooms, &exits, cost);
            let target = target % rooms;
            let bfs = steps_to(&into, target, cost);
            let exact = dijkstra_to(&into, target);
            let bits = |d: &[f64]| d.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            prop_assert_eq!(bits(&bfs), bits(&exact));
        }

        /// petgraph's Dijkstra gives the hand-written one's distances to the bit.
        #[test]
        fn petgraph_agrees_with_the_hand_written_dijkstra(
            (rooms, exits) in maps(),
            costs in proptest::collection::vec(costs(), 90),
            target in 0usize..30,
        ) {
            let pairs = exits.iter().enumerate().map(|(i, &(a, to))| (to as usize, (a, costs[i % costs.len()])));
            let into = Inward { from: Grouped::new(rooms, pairs), uniform: None };
            let target = target % rooms;
            let bits = |d: &[f64]| d.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            prop_assert_eq!(bits(&dijkstra_to(&into, target)), bits(&dijkstra_by_hand(&into, target)));
        }
    }
}
