//! Where a least-cost plan can need to go.
//!
//! A dungeon is mostly side areas: a branch that hangs off the way to the
//! goal by a single room (an articulation point of the map). A walk into
//! such a branch must come back out through that same room, so a plan that
//! takes it only gains what lies inside: keys, small keys and levers. When
//! nothing in there opens or flips a door the plan can use, cutting the
//! detour out leaves a plan that is still legal, and no dearer (costs are
//! never negative) and with no more pulls. So a least-cost plan, and a plan
//! with the fewest pulls, never needs to enter such a branch.
//!
//! [`focus`] finds the rooms a plan may need: the blocks (biconnected
//! components) of the map on the way from the start to the goal, grown to
//! a fixpoint by the way to everything that a door in them needs: the keys
//! of its locks, the levers that flip it, and the small keys when it has a
//! small lock. The block-cut tree is walked once, so the whole is linear in
//! the size of the level.
//!
//! Only searches for plans from the start use it; dead ends, reachable rooms
//! and states are about every room, and look at the whole level.
//!
//! The block-cut tree stays hand-written, not petgraph's: petgraph 0.7 has
//! no biconnected components, and 0.8's `articulation_points` gives the cut
//! rooms alone, not the blocks with their rooms and doors that [`focus`],
//! [`crossings`] and [`surely_needed`] walk (nor would the crate budget
//! take 0.8: see `Cargo.toml`).

use crate::grouped::Grouped;
use crate::rules::mechanics::{Mechanics, Opening};

const UNSEEN: u32 = u32::MAX;

/// The rooms a least-cost (or fewest-pulls) plan may need to enter, or
/// `None` when that is every room the start connects to. `removed` keys are
/// treated as absent.
pub(crate) fn focus(m: &Mechanics, blocks: &Blocks, removed: &[bool]) -> Option<Vec<bool>> {
    let Blocks { map, tree } = blocks;
    let mut grow = Grow::new(m, map, tree, removed);
    grow.terminal(m.goal());
    for &k in m.goal_requires() {
        grow.key(k);
    }
    grow.run();
    let inside = grow.inside;
    let connected = tree.disc.iter().filter(|&&d| d != UNSEEN).count();
    let kept = inside.iter().filter(|&&i| i).count();
    (kept < connected).then_some(inside)
}

/// The map and its block-cut tree from the start, which [`focus`],
/// [`surely_needed`] and [`pulls_at_least`] read: made once for a prepared
/// level (`Prepared::blocks`), not once for each of them.
pub(crate) struct Blocks {
    map: Map,
    tree: BlockTree,
}

impl Blocks {
    /// The map of `m` and its block-cut tree rooted at the start.
    pub(crate) fn new(m: &Mechanics) -> Self {
        let map = Map::new(m);
        let tree = BlockTree::build(&map, m.start());
        Self { map, tree }
    }
}

/// The map as an undirected multigraph: rooms joined by doors.
struct Map {
    /// Neighbours of each room as `(room, door)`.
    adj: Grouped<(u32, u32)>,
    /// Each door's two rooms, `None` for a door joining a room to itself.
    ends: Vec<Option<(u32, u32)>>,
}

impl Map {
    fn new(m: &Mechanics) -> Self {
        let ends: Vec<Option<(u32, u32)>> = (0..m.doors().len())
            .map(|d| {
                m.ends(d)
                    .filter(|(a, b)| a != b)
                    .map(|(a, b)| (a as u32, b as u32))
            })
            .collect();
        let sides = (ends.iter().enumerate()).flat_map(|(d, end)| {
            let d = d as u32;
            end.iter()
                .flat_map(move |&(a, b)| [(a as usize, (b, d)), (b as usize, (a, d))])
        });
        Self {
            adj: Grouped::new(m.rooms(), sides),
            ends,
        }
    }

    fn rooms(&self) -> usize {
        self.adj.groups()
    }

    fn neighbours(&self, r: usize) -> &[(u32, u32)] {
        self.adj.get(r)
    }
}

/// The block-cut tree of the start's part of the map, rooted at the start:
/// nodes `0..rooms` are rooms, nodes from `rooms` on are blocks.
struct BlockTree {
    /// DFS discovery order of each room; `UNSEEN` for rooms the start does
    /// not connect to.
    disc: Vec<u32>,
    /// Parent of each node (rooms and blocks); `UNSEEN` for the root.
    parent: Vec<u32>,
    /// Block of each door, `UNSEEN` outside the start's part.
    door_block: Vec<u32>,
    /// Rooms of each block, one list after another.
    block_rooms: Flat,
    /// Doors of each block, one list after another.
    block_doors: Flat,
}

/// Lists of numbers stored end to end: one allocation for all the blocks,
/// where a list each made hundreds of thousands of small ones.
#[derive(Default)]
struct Flat {
    items: Vec<u32>,
    /// List `i` is `items[ends[i - 1]..ends[i]]`, with `ends[-1]` taken as 0.
    ends: Vec<u32>,
}

impl Flat {
    fn get(&self, i: usize) -> &[u32] {
        let from = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.items[from..self.ends[i] as usize]
    }

    fn len(&self) -> usize {
        self.ends.len()
    }

    /// Ends the list being pushed to `items`.
    fn close(&mut self) {
        self.ends.push(self.items.len() as u32);
    }
}

/// One room on the depth-first stack: the door it was entered by, and the
/// next neighbour to look at.
struct Frame {
    room: u32,
    via: u32,
    next: u32,
}

impl BlockTree {
    /// Tarjan's biconnected components, without recursion.
    fn build(map: &Map, root: usize) -> Self {
        let rooms = map.rooms();
        let mut t = Self {
            disc: vec![UNSEEN; rooms],
            parent: vec![UNSEEN; rooms],
            door_block: vec![UNSEEN; map.ends.len()],
            block_rooms: Flat::default(),
            block_doors: Flat::default(),
        };
        let mut low = vec![0u32; rooms];
        let mut edges: Vec<u32> = Vec::new();
        let mut stack = vec![Frame {
            room: root as u32,
            via: UNSEEN,
            next: 0,
        }];
        t.disc[root] = 0;
        let mut time = 1;
        while let Some(top) = stack.last_mut() {
            let u = top.room as usize;
            if let Some(&(v, door)) = map.neighbours(u).get(top.next as usize) {
                top.next += 1;
                let v = v as usize;
                if door == top.via {
                    continue;
                }
                if t.disc[v] == UNSEEN {
                    edges.push(door);
                    t.disc[v] = time;
                    low[v] = time;
                    time += 1;
                    stack.push(Frame {
                        room: v as u32,
                        via: door,
                        next: 0,
                    });
                } else if t.disc[v] < t.disc[u] {
                    edges.push(door);
                    low[u] = low[u].min(t.disc[v]);
                }
                continue;
            }
            // Every neighbour of u is done: close u.
            let via = top.via;
            stack.pop();
            let Some(parent) = stack.last() else { break };
            let p = parent.room as usize;
            low[p] = low[p].min(low[u]);
            if low[u] >= t.disc[p] {
                t.close_block(map, &mut edges, via, p, rooms);
            }
        }
        t
    }

    /// Pops the block whose top is room `top`, entered from it by door `via`.
    fn close_block(&mut self, map: &Map, edges: &mut Vec<u32>, via: u32, top: usize, rooms: usize) {
        let b = self.block_rooms.len() as u32;
        let node = rooms as u32 + b;
        while let Some(door) = edges.pop() {
            self.door_block[door as usize] = b;
            self.block_doors.items.push(door);
            if let Some((x, y)) = map.ends[door as usize] {
                for r in [x, y] {
                    if r as usize != top && self.parent[r as usize] == UNSEEN {
                        self.parent[r as usize] = node;
                        self.block_rooms.items.push(r);
                    }
                }
            }
            if door == via {
                break;
            }
        }
        self.block_rooms.items.push(top as u32);
        self.parent.push(top as u32);
        self.block_rooms.close();
        self.block_doors.close();
    }
}

/// The fixpoint: terminals mark their way up the tree to the start, and
/// each block marked brings in what its doors need.
struct Grow<'a> {
    m: &'a Mechanics,
    tree: &'a BlockTree,
    removed: &'a [bool],
    rooms: usize,
    marked: Vec<bool>,
    inside: Vec<bool>,
    /// Blocks newly marked, whose doors are still to look at.
    todo: Vec<u32>,
    smalls_in: bool,
}

impl<'a> Grow<'a> {
    fn new(m: &'a Mechanics, map: &Map, tree: &'a BlockTree, removed: &'a [bool]) -> Self {
        let rooms = map.rooms();
        let mut g = Self {
            m,
            tree,
            removed,
            rooms,
            marked: vec![false; tree.parent.len()],
            inside: vec![false; rooms],
            todo: Vec::new(),
            smalls_in: false,
        };
        let start = m.start();
        g.marked[start] = true;
        g.inside[start] = true;
        g
    }

    /// Brings room `r` and the way to it into the focus.
    fn terminal(&mut self, r: usize) {
        if self.tree.disc[r] == UNSEEN {
            return;
        }
        let mut node = r;
        while !self.marked[node] {
            self.marked[node] = true;
            if node >= self.rooms {
                self.todo.push((node - self.rooms) as u32);
            }
            let up = self.tree.parent[node];
            if up == UNSEEN {
                break;
            }
            node = up as usize;
        }
    }

    fn key(&mut self, k: usize) {
        if !self.removed.get(k).copied().unwrap_or(false) {
            self.terminal(self.m.keys()[k].room);
        }
    }

    fn run(&mut self) {
        while let Some(b) = self.todo.pop() {
            let b = b as usize;
            for &r in self.tree.block_rooms.get(b) {
                self.inside[r as usize] = true;
            }
            let tree = self.tree;
            for &d in tree.block_doors.get(b) {
                self.needs_of(d as usize);
            }
        }
    }

    /// Brings in what door `d` needs to open.
    fn needs_of(&mut self, d: usize) {
        let m = self.m;
        if m.is_free(d) {
            // Open for good with no lock: it needs nothing.
            return;
        }
        for k in m.keys_read(d) {
            self.key(k);
        }
        let door = &m.doors()[d];
        for &l in m.flipped_by(d) {
            self.terminal(m.levers()[l].room);
        }
        if door.small_locks > 0 && !self.smalls_in {
            self.smalls_in = true;
            for k in 0..m.keys().len() {
                if m.keys()[k].small {
                    self.key(k);
                }
            }
        }
    }
}

/// The doors every walk from the start to the goal passes, whatever is open
/// and whatever is held: the bridges of the map between the two (each a
/// block of the block-cut tree of one door, on the way from the goal up to
/// the start). The keys locking them are needed by every solution.
pub(crate) fn crossings(m: &Mechanics, blocks: &Blocks) -> Vec<bool> {
    let Blocks { map, tree } = blocks;
    let rooms = map.rooms();
    let mut crossed = vec![false; map.ends.len()];
    if tree.disc[m.goal()] == UNSEEN {
        return crossed;
    }
    let mut node = tree.parent[m.goal()];
    while node != UNSEEN {
        let n = node as usize;
        if n >= rooms
            && let &[door] = tree.block_doors.get(n - rooms)
        {
            crossed[door as usize] = true;
        }
        node = tree.parent[n];
    }
    crossed
}

/// Keys every solution needs, with no search. Every solution holds the
/// keys the goal requires, so it enters their rooms; it enters the goal;
/// and every walk from the start to a room it enters crosses the bridges
/// of the map between them (single-door blocks on the way up the
/// block-cut tree), holding the keys that lock them, so it enters their
/// rooms too. A fixpoint over those rooms, each node of the tree walked
/// at most once: on a star of doors each locked by the key behind the
/// one before, it finds every key needed, where asking of each key in
/// turn took a walk of the level per key.
/// `blocks` gives the map's blocks, asked for only when some door has a lock.
pub(crate) fn surely_needed<'b>(m: &Mechanics, blocks: impl FnOnce() -> &'b Blocks) -> Vec<bool> {
    let mut needed = vec![false; m.keys().len()];
    for &k in m.goal_requires() {
        needed[k] = true;
    }
    if (m.doors_not_free()).all(|(d, _)| m.keys_read(d).next().is_none()) {
        return needed;
    }
    let Blocks { map, tree } = blocks();
    let rooms = map.rooms();
    let mut walked = vec![false; tree.parent.len()];
    let mut entered = vec![m.goal()];
    entered.extend(m.goal_requires().iter().map(|&k| m.keys()[k].room));
    while let Some(r) = entered.pop() {
        if tree.disc.get(r).is_none_or(|&d| d == UNSEEN) {
            continue;
        }
        let mut node = r;
        while !walked[node] {
            walked[node] = true;
            let bridge = (node >= rooms)
                .then(|| tree.block_doors.get(node - rooms))
                .and_then(|doors| {
                    if let &[door] = doors {
                        Some(door)
                    } else {
                        None
                    }
                });
            // Every walk crosses the bridge from the room above it.
            let crossing = bridge.filter(|&d| {
                let above = tree.parent[node];
                above != UNSEEN && m.locked_from_room(d as usize, above as usize)
            });
            for k in crossing.iter().flat_map(|&d| m.keys_required(d as usize)) {
                if !std::mem::replace(&mut needed[k], true) {
                    entered.push(m.keys()[k].room);
                }
            }
            match tree.parent[node] {
                UNSEEN => break,
                up => node = up as usize,
            }
        }
    }
    needed
}

/// At least how many pulls every solution makes. A door that every walk to
/// the goal crosses, and that starts closed, needs a pull of one of the
/// levers that flip it before it is crossed; doors flipped by levers no
/// other such door shares need a pull each. Linear in the size of the level.
/// `blocks` gives the map's blocks, asked for only when there are levers.
pub(crate) fn pulls_at_least<'b>(m: &Mechanics, blocks: impl FnOnce() -> &'b Blocks) -> u32 {
    if m.levers().is_empty() {
        return 0;
    }
    let crossed = crossings(m, blocks());
    let mut used = vec![false; m.levers().len()];
    let mut count = 0;
    for (d, door) in m.doors_not_free() {
        let closed = door.opening
            == Opening::Lever {
                open_at_start: false,
            };
        let levers = m.flipped_by(d);
        if !crossed[d] || !closed || levers.is_empty() || levers.iter().any(|&l| used[l]) {
            continue;
        }
        for &l in levers {
            used[l] = true;
        }
        count += 1;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::{Blocks, surely_needed};
    use crate::model::{Door, Key, Level, Room};
    use crate::rules::mechanics::Mechanics;

    /// A star from r0: door `di` to room `r{i+1}` is locked by key `ki`,
    /// which lies in `r{i}`; the goal is the last room.
    fn star(n: usize) -> Level {
        let mut level = Level::new("star");
        level.rooms = (0..=n)
            .map(|i| Room::new(format!("r{i}"), [0.0, 0.0]))
            .collect();
        level.start = "r0".into();
        level.goal = format!("r{n}").into();
        for i in 0..n {
            let mut door = Door::new(format!("d{i}"), "r0", format!("r{}", i + 1));
            door.locks = vec![format!("k{i}").into()];
            level.doors.push(door);
            level.keys.push(Key::new(format!("k{i}"), format!("r{i}")));
        }
        level
    }

    #[test]
    fn the_keys_behind_each_other_are_all_needed() {
        let m = Mechanics::new(&star(50)).unwrap();
        let blocks = Blocks::new(&m);
        assert_eq!(surely_needed(&m, || &blocks), vec![true; 50]);
    }

    #[test]
    fn a_door_with_a_way_round_it_needs_nothing_for_sure() {
        let mut level = star(3);
        // r1 - r2 freely: r0, r1 and r2 form a ring, so no door of it is
        // crossed by every walk. Only k2, for the bridge into the goal, is
        // surely needed. (k0 is needed too, since k1 lies behind it, but
        // only a search tells: the shortcut finds a part of the answer.)
        level.doors.push(Door::new("d9", "r1", "r2"));
        let m = Mechanics::new(&level).unwrap();
        let blocks = Blocks::new(&m);
        assert_eq!(surely_needed(&m, || &blocks), vec![false, false, true]);
    }
}
