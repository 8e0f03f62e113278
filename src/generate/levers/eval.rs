//! The fast evaluator of a lever wiring: the least number of lever pulls
//! (walking free) from the start to the goal, as the solver's `min_pulls`
//! defines it, for layouts of rooms, doors and levers.
//!
//! Door states are a bitmask (`bit d` set: door `d` open). For layouts of up
//! to [`DENSE_MAX_DOORS`] doors, the set of states reached is kept as one
//! bitset over all door masks per room, and a breadth-first search runs a
//! whole level of pulls at once with word operations: a pull permutes a
//! room's bitset (mask `m` becomes `m ^ flips`, a few "delta swaps"), and
//! walking spreads bits along each door, restricted to the masks in which
//! that door is open, in two sweeps over a spanning tree of the rooms (one
//! round suffices when the doors form a forest). Larger layouts use a plain
//! breadth-first search over `(mask, room)` states. Nothing is allocated per
//! evaluation: the buffers are reused.

use super::bits::{Link, Tree, permute128, sweep_order};
use super::pulls::{Layers, Sparse};

use crate::model::Level;
use crate::rules::Mechanics;

/// Layouts with at most this many doors use the bitset evaluator.
pub const DENSE_MAX_DOORS: usize = 12;
/// At most this many doors in a layout for the lever generator.
pub const MAX_DOORS: usize = 64;

/// Computes `min_pulls` for wirings of one layout, fast.
#[derive(Clone, Debug)]
pub struct LeverEvaluator {
    rooms: usize,
    doors: usize,
    start: usize,
    goal: usize,
    start_mask: u64,
    /// Room of each lever.
    lever_room: Vec<usize>,
    /// Levers of room `r`: `room_levers[room_start[r]..room_start[r + 1]]`.
    room_start: Vec<usize>,
    room_levers: Vec<usize>,
    /// Rooms with levers: `(room, first, last)` into `room_levers`.
    pull_rooms: Vec<(usize, usize, usize)>,
    links: Vec<Link>,
    /// The doors form a forest, so one round of sweeps closes walking.
    forest: bool,
    /// Per room: the doors passable from it, as `(door, other room)`.
    adj: Vec<Vec<(usize, usize)>>,
    /// The level's own wiring: per lever, the doors one pull flips.
    wiring: Vec<u64>,
    dense: Option<Dense>,
    sparse: Sparse,
}

#[derive(Clone, Debug)]
struct Dense {
    words: usize,
    /// Per door, the words of the bitset of masks in which it is open.
    open: Vec<u64>,
    layers: Layers,
    /// The same, one `u128` per room, for layouts of up to 7 doors.
    open128: Vec<u128>,
    reached128: Vec<u128>,
    front128: Vec<u128>,
    next128: Vec<u128>,
}

/// Why a layout cannot be evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalLayoutError {
    /// More doors than [`MAX_DOORS`].
    TooManyDoors(usize),
    /// A reference does not resolve.
    Invalid(String),
}

/// Levers grouped by room: `room_start` (per room, where its levers begin
/// in `room_levers`, plus an end) and `room_levers`.
pub(super) fn levers_by_room(lever_room: &[usize], rooms: usize) -> (Vec<usize>, Vec<usize>) {
    let mut room_start = vec![0usize; rooms + 1];
    for &r in lever_room {
        room_start[r + 1] += 1;
    }
    for r in 0..rooms {
        room_start[r + 1] += room_start[r];
    }
    let mut fill = room_start.clone();
    let mut room_levers = vec![0usize; lever_room.len()];
    for (l, &r) in lever_room.iter().enumerate() {
        room_levers[fill[r]] = l;
        fill[r] += 1;
    }
    (room_start, room_levers)
}

impl Dense {
    /// Buffers for `doors` doors and `rooms` rooms, with each door's
    /// "open" masks.
    fn new(doors: usize, rooms: usize) -> Self {
        let words = ((1usize << doors) / 64).max(1);
        let mut open = vec![0u64; words * doors];
        for d in 0..doors {
            for i in 0..words {
                open[d * words + i] = (0..64)
                    .filter(|b| ((i * 64 + b) >> d) & 1 == 1)
                    .fold(0u64, |w, b| w | (1 << b));
            }
        }
        let small = doors <= 7;
        let open128 = if small {
            (0..doors)
                .map(|d| {
                    (0..128u32)
                        .filter(|m| (m >> d) & 1 == 1)
                        .fold(0u128, |w, m| w | (1 << m))
                })
                .collect()
        } else {
            Vec::new()
        };
        let rooms128 = if small { rooms } else { 0 };
        Dense {
            words,
            open128,
            reached128: vec![0; rooms128],
            front128: vec![0; rooms128],
            next128: vec![0; rooms128],
            open,
            layers: Layers::new(rooms, words),
        }
    }
}

impl LeverEvaluator {
    /// An evaluator for the rooms, doors and levers of `level` (locks and
    /// keys are not looked at: the lever generator refuses them).
    pub fn new(level: &Level) -> Result<Self, EvalLayoutError> {
        let doors = level.doors.len();
        if doors > MAX_DOORS {
            return Err(EvalLayoutError::TooManyDoors(doors));
        }
        // The walking rules come from the one place that states them.
        let m = Mechanics::new(level).map_err(|e| EvalLayoutError::Invalid(e.to_string()))?;
        let rooms = m.rooms();
        let (start, goal) = (m.start(), m.goal());
        let mut start_mask = 0u64;
        let mut ends = Vec::with_capacity(doors);
        for (d, door) in m.doors().iter().enumerate() {
            let (a, b) = m.ends(d).unwrap_or((start, start));
            if m.open_at_start()[d] {
                start_mask |= 1 << d;
            }
            ends.push((a, b, door.one_way));
        }
        let wiring = (m.levers().iter())
            .map(|l| l.flips.iter().fold(0u64, |mask, &d| mask | (1 << d)))
            .collect();
        let adj: Vec<Vec<(usize, usize)>> = (0..rooms)
            .map(|r| m.passages_from(r).map(|p| (p.door, p.to)).collect())
            .collect();
        let lever_room: Vec<usize> = m.levers().iter().map(|l| l.room).collect();
        let (room_start, room_levers) = levers_by_room(&lever_room, rooms);
        let pull_rooms = (0..rooms)
            .filter(|&r| room_start[r + 1] > room_start[r])
            .map(|r| (r, room_start[r], room_start[r + 1]))
            .collect();
        let (links, forest) = sweep_order(rooms, start, &ends);
        let dense = (doors <= DENSE_MAX_DOORS && rooms <= 64).then(|| Dense::new(doors, rooms));
        Ok(Self {
            rooms,
            doors,
            start,
            goal,
            start_mask,
            lever_room,
            room_start,
            room_levers,
            pull_rooms,
            links,
            forest,
            adj,
            wiring,
            dense,
            sparse: Sparse::default(),
        })
    }

    /// Number of levers.
    pub fn levers(&self) -> usize {
        self.lever_room.len()
    }

    /// Number of doors.
    pub fn doors(&self) -> usize {
        self.doors
    }

    /// The room of each lever, by index into the level's rooms.
    pub fn lever_rooms(&self) -> &[usize] {
        &self.lever_room
    }

    /// The level's own wiring as one door mask per lever (`bit d`: a pull
    /// flips door `d`; a door listed twice flips back), as the rules read it.
    pub fn wiring(&self) -> &[u64] {
        &self.wiring
    }

    /// The least number of pulls that takes the player from the start to the
    /// goal with lever `l` flipping the doors of `wires[l]`, or `None` when no
    /// number of pulls does (or, for large layouts, when the search gives up).
    pub fn min_pulls(&mut self, wires: &[u64]) -> Option<u32> {
        if wires.len() < self.lever_room.len() {
            // Levers without an entry flip nothing.
            let mut padded = wires.to_vec();
            padded.resize(self.lever_room.len(), 0);
            return self.min_pulls(&padded);
        }
        if !self.might_reach(wires) {
            return None;
        }
        if self.dense.is_some() {
            self.dense_min_pulls(wires)
        } else {
            self.sparse_min_pulls(wires)
        }
    }

    /// A quick necessary condition: the goal can be reached if every door
    /// that a lever in a reachable room flips were open. False means no
    /// number of pulls helps. (Always true for layouts of more than 64 rooms.)
    fn might_reach(&self, wires: &[u64]) -> bool {
        if self.rooms > 64 {
            return true;
        }
        let mut open = self.start_mask;
        let mut reached = 1u64 << self.start;
        loop {
            // Walk through every door that is or might be open.
            loop {
                let before = reached;
                for link in self.links.iter().rev() {
                    if link.up && open & (1 << link.door) != 0 && reached & (1 << link.child) != 0 {
                        reached |= 1 << link.parent;
                    }
                }
                for link in &self.links {
                    if link.down
                        && open & (1 << link.door) != 0
                        && reached & (1 << link.parent) != 0
                    {
                        reached |= 1 << link.child;
                    }
                }
                if self.forest || reached == before {
                    break;
                }
            }
            if reached & (1 << self.goal) != 0 {
                return true;
            }
            let mut more = open;
            for (l, &r) in self.lever_room.iter().enumerate() {
                if reached & (1 << r) != 0 {
                    more |= wires.get(l).copied().unwrap_or(0);
                }
            }
            if more == open {
                return false;
            }
            open = more;
        }
    }

    fn dense_min_pulls(&mut self, wires: &[u64]) -> Option<u32> {
        let mut dense = self.dense.take()?;
        let answer = match dense.words {
            _ if self.doors <= 7 => self.run_u128(&mut dense, wires),
            1 => self.run_dense::<1>(&mut dense, wires),
            2 => self.run_dense::<2>(&mut dense, wires),
            4 => self.run_dense::<4>(&mut dense, wires),
            8 => self.run_dense::<8>(&mut dense, wires),
            16 => self.run_dense::<16>(&mut dense, wires),
            32 => self.run_dense::<32>(&mut dense, wires),
            _ => self.run_dense::<64>(&mut dense, wires),
        };
        self.dense = Some(dense);
        answer
    }

    /// The bitset search for layouts of up to 7 doors: one `u128` per room.
    fn run_u128(&self, d: &mut Dense, wires: &[u64]) -> Option<u32> {
        let goal = 1u64 << self.goal;
        d.reached128.fill(0);
        d.front128.fill(0);
        d.front128[self.start] = 1 << self.start_mask;
        let mut front_live =
            self.close128(&mut d.front128, &d.reached128, &d.open128, 1 << self.start);
        d.reached128.copy_from_slice(&d.front128);
        if front_live & goal != 0 {
            return Some(0);
        }
        let mut pulls = 0u32;
        loop {
            pulls += 1;
            d.next128.fill(0);
            let mut live = 0u64;
            for &(r, first, last) in &self.pull_rooms {
                if front_live & (1 << r) == 0 {
                    continue;
                }
                let front = d.front128[r];
                let seen = d.reached128[r];
                let mut add = 0u128;
                for &l in &self.room_levers[first..last] {
                    add |= permute128(front, wires[l]);
                }
                add &= !seen;
                if add != 0 {
                    d.next128[r] = add;
                    live |= 1 << r;
                }
            }
            if live == 0 {
                return None;
            }
            live = self.close128(&mut d.next128, &d.reached128, &d.open128, live);
            let mut rooms = live;
            while rooms != 0 {
                let r = rooms.trailing_zeros() as usize;
                rooms &= rooms - 1;
                d.reached128[r] |= d.next128[r];
            }
            if live & goal != 0 {
                return Some(pulls);
            }
            std::mem::swap(&mut d.front128, &mut d.next128);
            front_live = live;
        }
    }

    /// [`Self::close`] for one `u128` per room.
    #[inline(always)]
    fn close128(&self, set: &mut [u128], reached: &[u128], open: &[u128], mut live: u64) -> u64 {
        loop {
            let mut changed = 0u128;
            for link in self.links.iter().rev() {
                if link.up && live & (1 << link.child) != 0 {
                    let add = set[link.child] & open[link.door] & !reached[link.parent];
                    let grew = add & !set[link.parent];
                    if grew != 0 {
                        set[link.parent] |= add;
                        live |= 1 << link.parent;
                        changed |= grew;
                    }
                }
            }
            for link in &self.links {
                if link.down && live & (1 << link.parent) != 0 {
                    let add = set[link.parent] & open[link.door] & !reached[link.child];
                    let grew = add & !set[link.child];
                    if grew != 0 {
                        set[link.child] |= add;
                        live |= 1 << link.child;
                        changed |= grew;
                    }
                }
            }
            if self.forest || changed == 0 {
                return live;
            }
        }
    }

    /// The bitset search with `W` words per room (`W = 2^doors / 64`, at least 1).
    fn run_dense<const W: usize>(&self, d: &mut Dense, wires: &[u64]) -> Option<u32> {
        let tree = Tree {
            links: &self.links,
            forest: self.forest,
        };
        let start = (self.start, self.start_mask as usize);
        d.layers
            .least_pulls::<W, _>(&tree, &d.open, start, self.goal, |r| {
                self.levers_of(r)
                    .map(|l| wires.get(l).copied().unwrap_or(0))
            })
    }

    /// The levers in room `r`.
    fn levers_of(&self, r: usize) -> impl Iterator<Item = usize> + '_ {
        self.room_levers[self.room_start[r]..self.room_start[r + 1]]
            .iter()
            .copied()
    }

    fn sparse_min_pulls(&mut self, wires: &[u64]) -> Option<u32> {
        let mut sp = std::mem::take(&mut self.sparse);
        let answer = self.run_sparse(&mut sp, wires);
        self.sparse = sp;
        answer
    }

    fn run_sparse(&self, sp: &mut Sparse, wires: &[u64]) -> Option<u32> {
        sp.least_pulls(
            (self.start, self.start_mask),
            self.goal,
            |r| {
                self.levers_of(r)
                    .map(|l| wires.get(l).copied().unwrap_or(0))
            },
            |r| &self.adj[r],
            |d, mask| mask & (1 << d) != 0,
        )
    }
}
