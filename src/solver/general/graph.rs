//! The graph the general search explores ([`Graph`]): its states and
//! steps, and the cheapest ways through it from the start.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use super::Node;
use crate::solver::compile::PULL;
use crate::solver::queue::Queue;

/// One step of the explored graph: the action (a door index, or a lever
/// index with [`PULL`] set), the state it reaches and its cost.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Edge {
    pub act: u32,
    pub to: u32,
    pub cost: f64,
}

/// Every state reachable from the start; goal states are not expanded.
pub(crate) struct Graph {
    pub nodes: Vec<Node>,
    pub edges: Vec<Vec<Edge>>,
    pub goal: Vec<bool>,
}

/// Least-cost paths from state 0, by `(pulls, cost)` when `count_pulls`,
/// else by cost alone.
pub(crate) struct Paths {
    pub best: Vec<(u64, f64)>,
    pub parent: Vec<Option<(u32, u32)>>,
}

/// A cost as an ordered key (costs are finite and >= 0).
fn ordered(x: f64) -> u64 {
    x.to_bits()
}

impl Graph {
    /// Dijkstra from state 0: by cost, or by pulls then cost.
    pub fn paths(&self, count_pulls: bool) -> Paths {
        if !count_pulls {
            return self.paths_by_cost();
        }
        let n = self.nodes.len();
        let mut best = vec![(u64::MAX, f64::INFINITY); n];
        let mut parent = vec![None; n];
        let mut done = vec![false; n];
        best[0] = (0, 0.0);
        let mut heap = BinaryHeap::from([Reverse(((0u64, ordered(0.0)), 0u32))]);
        while let Some(Reverse((_, i))) = heap.pop() {
            let i = i as usize;
            if std::mem::replace(&mut done[i], true) {
                continue;
            }
            for e in &self.edges[i] {
                let pulls = u64::from(e.act & PULL != 0);
                let next = (best[i].0 + pulls, best[i].1 + e.cost);
                let j = e.to as usize;
                if (next.0, next.1) < (best[j].0, best[j].1) {
                    best[j] = next;
                    parent[j] = Some((i as u32, e.act));
                    heap.push(Reverse(((next.0, ordered(next.1)), e.to)));
                }
            }
        }
        Paths { best, parent }
    }

    /// [`Self::paths`] by cost alone, with the searches' queue: buckets
    /// when every step costs a whole number, as in most levels. A binary
    /// heap took a fifth of a stopped analysis on a graph of millions of
    /// states, past the time limit.
    fn paths_by_cost(&self) -> Paths {
        let n = self.nodes.len();
        let mut best = vec![(0u64, f64::INFINITY); n];
        let mut parent = vec![None; n];
        let whole = (self.edges.iter().flatten()).all(|e| e.cost.fract() == 0.0);
        let mut queue = Queue::new(whole);
        best[0].1 = 0.0;
        queue.push(0.0, 0);
        while let Some((d, i)) = queue.pop() {
            let i = i as usize;
            if d > best[i].1 {
                continue;
            }
            for e in &self.edges[i] {
                let next = best[i].1 + e.cost;
                let j = e.to as usize;
                if next < best[j].1 {
                    best[j].1 = next;
                    parent[j] = Some((i as u32, e.act));
                    queue.push(next, e.to);
                }
            }
        }
        Paths { best, parent }
    }

    /// Which states can still reach a goal state.
    pub fn live(&self) -> Vec<bool> {
        let n = self.nodes.len();
        let mut preds = vec![Vec::new(); n];
        for (i, es) in self.edges.iter().enumerate() {
            for e in es {
                preds[e.to as usize].push(i as u32);
            }
        }
        let mut live = self.goal.clone();
        let mut queue: VecDeque<usize> = (0..n).filter(|&i| live[i]).collect();
        while let Some(v) = queue.pop_front() {
            for &u in &preds[v] {
                if !live[u as usize] {
                    live[u as usize] = true;
                    queue.push_back(u as usize);
                }
            }
        }
        live
    }

    /// The best goal state by `paths`, if any is reached.
    pub fn best_goal(&self, paths: &Paths) -> Option<u32> {
        (0..self.nodes.len())
            .filter(|&i| self.goal[i] && paths.best[i].1.is_finite())
            .min_by(|&a, &b| {
                let (x, y) = (paths.best[a], paths.best[b]);
                x.0.cmp(&y.0).then(x.1.total_cmp(&y.1))
            })
            .map(|i| i as u32)
    }

    /// The `(action, state reached)` pairs from state 0 to state `to`.
    pub fn actions_to(&self, paths: &Paths, mut to: u32) -> Vec<(u32, usize)> {
        let mut acts = Vec::new();
        while let Some((from, act)) = paths.parent[to as usize] {
            acts.push((act, self.nodes[to as usize].room));
            to = from;
        }
        acts.reverse();
        acts
    }
}
