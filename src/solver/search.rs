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
        let mut index: FxHashMap<Bits<W>, u32> = FxHashMap::default();
        index.insert(c.start, 0);
        let mut done: Vec<bool> = vec![false];
        // Costs are >= 0, so their bit patterns order like the numbers.
        let mut heap: BinaryHeap<Reverse<(u64, u32)>> = BinaryHeap::new();
        heap.push(Reverse((0f64.to_bits(), 0)));
        while let Some(Reverse((d_bits, i))) = heap.pop() {
            let iu = i as usize;
            if done[iu] || d_bits != ex.dist[iu].to_bits() {
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
            let d = f64::from_bits(d_bits);
            let first_edge = ex.edges.len() as u32;
            let mut overflow = false;
            c.successors(&s, |t, act, cost| {
                let nd = d + cost;
                let j = match index.get(&t) {
                    Some(&j) => {
                        let ju = j as usize;
                        if !done[ju] && nd < ex.dist[ju] {
                            ex.dist[ju] = nd;
                            ex.parent[ju] = i;
                            ex.via[ju] = act;
                            heap.push(Reverse((nd.to_bits(), j)));
                        }
                        j
                    }
                    None => {
                        if ex.states.len() >= self.max_states {
                            overflow = true;
                            return;
                        }
                        let j = ex.states.len() as u32;
                        index.insert(t, j);
                        ex.states.push(t);
                        ex.dist.push(nd);
                        ex.parent.push(i);
                        ex.via.push(act);
                        done.push(false);
                        heap.push(Reverse((nd.to_bits(), j)));
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
