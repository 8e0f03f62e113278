//! Every reachable state, by Dijkstra's algorithm, with the whole graph of
//! steps kept: what counting states and dead ends exactly needs. Goal states
//! are not left (the game ends there).

use std::ops::ControlFlow;

use super::astar::{ROOT, whole_costs};
use super::budget::{Budget, Meter, Stop};
use super::compile::Compiled;
use super::queue::Queue;
use super::store::Store;
use crate::grouped::Grouped;

/// One recorded step of the explored graph.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Edge {
    pub to: u32,
    pub act: u32,
}

/// Every reachable state with its least cost and the steps out of it.
pub(crate) struct Explored {
    pub store: Store,
    pub dist: Vec<f64>,
    pub parent: Vec<u32>,
    pub via: Vec<u32>,
    /// Goal states, cheapest first.
    pub goals: Vec<u32>,
    /// The steps out of state `i` are `edges[a..b]` for `(a, b) =
    /// edge_range[i]`, in the order the states were settled (laying them
    /// out again by state number copied every edge for nothing).
    pub edges: Vec<Edge>,
    pub edge_range: Vec<(u32, u32)>,
}

impl Explored {
    /// Number of reachable states.
    pub fn len(&self) -> usize {
        self.store.len()
    }

    /// The steps out of state `i` (none for a goal state).
    pub fn edges_of(&self, i: u32) -> &[Edge] {
        let (a, b) = self.edge_range[i as usize];
        &self.edges[a as usize..b as usize]
    }

    /// The actions from the start to state `i`, each with the state it reaches.
    pub fn actions_to(&self, mut i: u32) -> Vec<(u32, u32)> {
        let mut acts = Vec::new();
        while self.parent[i as usize] != ROOT {
            acts.push((self.via[i as usize], i));
            i = self.parent[i as usize];
        }
        acts.reverse();
        acts
    }

    /// The steps into each state, as `(state it leaves, action)`.
    pub fn steps_into(&self) -> Grouped<(u32, u32)> {
        let steps = (0..self.len() as u32).flat_map(|i| {
            self.edges_of(i)
                .iter()
                .map(move |e| (e.to as usize, (i, e.act)))
        });
        Grouped::new(self.len(), steps)
    }

    /// Which states can still reach a goal state: a search backwards over
    /// the edges.
    ///
    /// The edges into each state are laid out as the states they leave
    /// alone, one word each: the search needs no action, and on a level of
    /// a few hundred thousand edges the pairs of [`Self::steps_into`] were
    /// most of the memory, and of the time, it took.
    pub fn live(&self) -> Vec<bool> {
        let n = self.len();
        // `at[v]` counts the edges into states up to `v`, then, once each
        // edge is placed from the end of its group, is where `v`'s start.
        let mut at = vec![0u32; n + 1];
        for e in &self.edges {
            at[e.to as usize] += 1;
        }
        for v in 1..=n {
            at[v] += at[v - 1];
        }
        let mut from = vec![0u32; self.edges.len()];
        for i in 0..n as u32 {
            for e in self.edges_of(i) {
                let slot = &mut at[e.to as usize];
                *slot -= 1;
                from[*slot as usize] = i;
            }
        }
        let mut live = vec![false; n];
        let mut stack: Vec<u32> = Vec::new();
        for &g in &self.goals {
            live[g as usize] = true;
            stack.push(g);
        }
        while let Some(v) = stack.pop() {
            let into = &from[at[v as usize] as usize..at[v as usize + 1] as usize];
            for &u in into {
                if !live[u as usize] {
                    live[u as usize] = true;
                    stack.push(u);
                }
            }
        }
        live
    }
}

/// Explores every state reachable from the start of `c`.
///
/// # Errors
/// [`Stop`] when the budget runs out first.
pub(crate) fn explore(c: &Compiled, budget: &Budget<'_>) -> Result<Explored, Stop> {
    let mut ex = Explored {
        store: Store::new(c.width, c.layout.total_bits),
        dist: vec![0.0],
        parent: vec![ROOT],
        via: vec![0],
        goals: Vec::new(),
        edges: Vec::new(),
        edge_range: Vec::new(),
    };
    ex.store.insert(&c.start);
    // Per state: where its edges start once it is expanded, and end.
    let mut first_edge: Vec<u32> = vec![u32::MAX];
    let mut ends: Vec<u32> = vec![0];
    let mut queue = Queue::new(whole_costs(c));
    queue.push(0.0, 0);
    let mut meter = Meter::default();
    let mut cur = vec![0u64; c.width];
    let mut scratch = vec![0u64; c.width];
    // Edges are recorded in settling order; `first_edge`/`ends` find them.
    while let Some((d, i)) = queue.pop() {
        let iu = i as usize;
        if first_edge[iu] != u32::MAX || d != ex.dist[iu] {
            continue;
        }
        cur.copy_from_slice(ex.store.get(i));
        budget.check(&mut meter, c.width, ex.store.len(), c.width)?;
        first_edge[iu] = ex.edges.len() as u32;
        if c.is_goal(&cur) {
            ex.goals.push(i);
            ends[iu] = ex.edges.len() as u32;
            continue;
        }
        // Each step within the budget: one state of a room with 100,000
        // doors has as many successors, each as wide as the level.
        let mut stopped = None;
        c.successors_while(&cur, &mut scratch, |t, act, cost| {
            if let Err(stop) = budget.check(&mut meter, c.width, ex.store.len(), c.width) {
                stopped = Some(stop);
                return ControlFlow::Break(());
            }
            let nd = d + cost;
            let (j, new) = ex.store.insert(t);
            let ju = j as usize;
            if new {
                ex.dist.push(nd);
                ex.parent.push(i);
                ex.via.push(act);
                first_edge.push(u32::MAX);
                ends.push(0);
                queue.push(nd, j);
            } else if first_edge[ju] == u32::MAX && nd < ex.dist[ju] {
                ex.dist[ju] = nd;
                ex.parent[ju] = i;
                ex.via[ju] = act;
                queue.push(nd, j);
            }
            ex.edges.push(Edge { to: j, act });
            ControlFlow::Continue(())
        });
        if let Some(stop) = stopped {
            return Err(stop);
        }
        ends[iu] = ex.edges.len() as u32;
    }
    // States never expanded (none, once the search is over) have no edges.
    ex.edge_range = (first_edge.into_iter().zip(ends))
        .map(|(a, b)| if a == u32::MAX { (0, 0) } else { (a, b) })
        .collect();
    Ok(ex)
}
