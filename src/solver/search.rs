//! Dijkstra's algorithm over packed states, optionally keeping the whole
//! explored graph for analysis.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicBool, Ordering};

use rustc_hash::FxHashMap;

use super::SolveError;
use super::compile::{Bits, Compiled};

/// Marks "no parent" (the start state).
pub(crate) const ROOT: u32 = u32::MAX;

/// One recorded step of the explored graph.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Edge {
    pub to: u32,
    pub act: u32,
}

/// What a search found: every state it reached, with least costs and parents.
pub(crate) struct Explored<const W: usize> {
    pub states: Vec<Bits<W>>,
    pub dist: Vec<f64>,
    pub parent: Vec<u32>,
    pub via: Vec<u32>,
    /// Goal states in the order they were settled (the first is cheapest).
    pub goals: Vec<u32>,
    /// Settled (popped) states, the "states explored".
    pub settled: usize,
    /// With `keep_edges`: the steps out of state `i` are
    /// `edges[edge_range[i].0..edge_range[i].1]`.
    pub edges: Vec<Edge>,
    pub edge_range: Vec<(u32, u32)>,
}

/// How a search runs.
pub(crate) struct Search<'a> {
    pub max_states: usize,
    /// Stop at the first goal settled (a plain solve) or explore everything.
    pub stop_at_goal: bool,
    pub keep_edges: bool,
    pub cancel: Option<&'a AtomicBool>,
}

impl Search<'_> {
    pub fn run<const W: usize>(
        &self,
        c: &Compiled<W>,
        rooms: usize,
    ) -> Result<Explored<W>, SolveError> {
        let mut ex = Explored {
            states: vec![c.start],
            dist: vec![0.0],
            parent: vec![ROOT],
            via: vec![0],
            goals: Vec::new(),
            settled: 0,
            edges: Vec::new(),
            edge_range: Vec::new(),
        };
        let mut index = StateIndex::new(c);
        index.insert(&c.start, 0);
        let mut done: Vec<bool> = vec![false];
        let mut heap = Queue::new(c);
        heap.push(0.0, 0);
        while let Some((d, i)) = heap.pop() {
            let iu = i as usize;
            if done[iu] || d.to_bits() != ex.dist[iu].to_bits() {
                continue;
            }
            done[iu] = true;
            ex.settled += 1;
            if ex.settled % 65_536 == 0
                && self.cancel.is_some_and(|flag| flag.load(Ordering::Relaxed))
            {
                return Err(SolveError::Cancelled);
            }
            let s = ex.states[iu];
            if c.is_goal(&s) {
                ex.goals.push(i);
                if self.stop_at_goal {
                    break;
                }
                continue;
            }
            let first_edge = ex.edges.len() as u32;
            let mut overflow = false;
            c.successors(&s, |t, act, cost| {
                let nd = d + cost;
                let j = match index.get(&t) {
                    Some(j) => {
                        let ju = j as usize;
                        if !done[ju] && nd < ex.dist[ju] {
                            ex.dist[ju] = nd;
                            ex.parent[ju] = i;
                            ex.via[ju] = act;
                            heap.push(nd, j);
                        }
                        j
                    }
                    None => {
                        if ex.states.len() >= self.max_states {
                            overflow = true;
                            return;
                        }
                        let j = ex.states.len() as u32;
                        index.insert(&t, j);
                        ex.states.push(t);
                        ex.dist.push(nd);
                        ex.parent.push(i);
                        ex.via.push(act);
                        done.push(false);
                        heap.push(nd, j);
                        j
                    }
                };
                if self.keep_edges {
                    ex.edges.push(Edge { to: j, act });
                }
            });
            if overflow {
                return Err(SolveError::TooLarge {
                    limit: self.max_states,
                    settled: ex.settled,
                    bound: c.layout.state_bound(rooms),
                });
            }
            if self.keep_edges {
                if ex.edge_range.len() < ex.states.len() {
                    ex.edge_range.resize(ex.states.len(), (0, 0));
                }
                ex.edge_range[iu] = (first_edge, ex.edges.len() as u32);
            }
        }
        if self.keep_edges {
            ex.edge_range.resize(ex.states.len(), (0, 0));
        }
        Ok(ex)
    }
}

impl<const W: usize> Explored<W> {
    /// The actions from the start to state `i`, in order.
    pub fn actions_to(&self, mut i: u32) -> Vec<(u32, u32)> {
        let mut acts = Vec::new();
        while self.parent[i as usize] != ROOT {
            acts.push((self.via[i as usize], i));
            i = self.parent[i as usize];
        }
        acts.reverse();
        acts
    }

    /// The steps out of state `i` (empty unless edges were kept and `i` was expanded).
    pub fn edges_of(&self, i: u32) -> &[Edge] {
        match self.edge_range.get(i as usize) {
            Some(&(a, b)) => &self.edges[a as usize..b as usize],
            None => &[],
        }
    }
}

/// The priority queue of the search: a bucket queue (Dial's algorithm) when
/// every cost is a small whole number, as in most levels, else a binary heap.
enum Queue {
    Heap(BinaryHeap<Reverse<(u64, u32)>>),
    Buckets {
        /// `buckets[c % len]` holds the states at cost `c`.
        buckets: Vec<Vec<u32>>,
        current: u64,
        len: usize,
    },
}

/// Above this largest step cost, buckets would waste memory.
const MAX_BUCKETS: f64 = 4096.0;

impl Queue {
    fn new<const W: usize>(c: &Compiled<W>) -> Self {
        let costs = c
            .exits
            .iter()
            .map(|e| e.cost)
            .chain(std::iter::once(c.lever_cost));
        let mut largest = 0.0f64;
        let mut whole = true;
        for cost in costs {
            whole &= cost.fract() == 0.0;
            largest = largest.max(cost);
        }
        if whole && largest <= MAX_BUCKETS {
            let len = largest as usize + 1;
            Self::Buckets {
                buckets: vec![Vec::new(); len],
                current: 0,
                len,
            }
        } else {
            Self::Heap(BinaryHeap::new())
        }
    }

    #[inline]
    fn push(&mut self, cost: f64, i: u32) {
        match self {
            // Costs are >= 0, so their bit patterns order like the numbers.
            Self::Heap(heap) => heap.push(Reverse((cost.to_bits(), i))),
            Self::Buckets { buckets, len, .. } => {
                buckets[(cost as u64 % *len as u64) as usize].push(i);
            }
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<(f64, u32)> {
        match self {
            Self::Heap(heap) => heap
                .pop()
                .map(|Reverse((bits, i))| (f64::from_bits(bits), i)),
            Self::Buckets {
                buckets,
                current,
                len,
            } => {
                // Every queued cost lies in [current, current + len), so one
                // lap over the buckets finds the next or proves none is left.
                for _ in 0..*len {
                    let slot = (*current % *len as u64) as usize;
                    if let Some(i) = buckets[slot].pop() {
                        return Some((*current as f64, i));
                    }
                    *current += 1;
                }
                None
            }
        }
    }
}

/// Up to this many state bits, states are looked up in a plain array.
const DENSE_BITS: u32 = 24;

/// From a state to its number: an array indexed by the state itself when the
/// state space is small (no hashing, no probing), else a hash map.
///
/// A search starts hashing and moves to the array once it has seen enough
/// states to fill 1/64 of it, so small solves do not pay for a large array.
enum StateIndex<const W: usize> {
    /// `slots[state] = number + 1`, 0 for unseen; zeroed lazily by the system.
    Dense(Vec<u32>),
    /// With the state bits when the array may be used later.
    Hash(FxHashMap<Bits<W>, u32>, Option<u32>),
}

impl<const W: usize> StateIndex<W> {
    fn new(c: &Compiled<W>) -> Self {
        let bits = c.layout.total_bits;
        let dense = (W == 1 && bits <= DENSE_BITS).then_some(bits);
        Self::Hash(FxHashMap::default(), dense)
    }

    #[inline]
    fn get(&self, s: &Bits<W>) -> Option<u32> {
        match self {
            Self::Dense(slots) => match slots[s[0] as usize] {
                0 => None,
                n => Some(n - 1),
            },
            Self::Hash(map, _) => map.get(s).copied(),
        }
    }

    #[inline]
    fn insert(&mut self, s: &Bits<W>, i: u32) {
        match self {
            Self::Dense(slots) => slots[s[0] as usize] = i + 1,
            Self::Hash(map, dense) => {
                map.insert(*s, i);
                if let Some(bits) = *dense
                    && map.len() > (1usize << bits) / 64
                {
                    let mut slots = vec![0u32; 1 << bits];
                    for (state, &n) in map.iter() {
                        slots[state[0] as usize] = n + 1;
                    }
                    *self = Self::Dense(slots);
                }
            }
        }
    }
}
