//! Every reachable state, by Dijkstra's algorithm, with the whole graph of
//! steps kept: what counting states and dead ends exactly needs. Goal states
//! are not left (the game ends there).

use std::ops::ControlFlow;

use super::astar::{ROOT, whole_costs};
use super::budget::{Budget, Meter, Stop};
use super::compile::Compiled;
use super::lex_queue::LexQueue;
use super::queue::Queue;
use super::store::Store;

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

    /// The steps into each state, laid out by the state they enter: the
    /// states `v` is entered from are `from[at[v]..at[v + 1]]`, and with
    /// `acts`, the actions `act[at[v]..at[v + 1]]` (else `act` is empty).
    ///
    /// On a level of a few hundred thousand steps, pairs of `(state,
    /// action)` grouped by state were most of the memory, and of the time,
    /// a search backwards took.
    fn entered(&self, acts: bool) -> Entered {
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
        let mut act = vec![0u32; if acts { self.edges.len() } else { 0 }];
        for i in 0..n as u32 {
            for e in self.edges_of(i) {
                let slot = &mut at[e.to as usize];
                *slot -= 1;
                from[*slot as usize] = i;
                if acts {
                    act[*slot as usize] = e.act;
                }
            }
        }
        Entered { at, from, act }
    }

    /// Which states can still reach a goal state: a search backwards over
    /// the edges.
    pub fn live(&self) -> Vec<bool> {
        let into = self.entered(false);
        let mut live = vec![false; self.len()];
        let mut stack: Vec<u32> = Vec::new();
        for &g in &self.goals {
            live[g as usize] = true;
            stack.push(g);
        }
        while let Some(v) = stack.pop() {
            for &u in into.from(v) {
                if !live[u as usize] {
                    live[u as usize] = true;
                    stack.push(u);
                }
            }
        }
        live
    }

    /// The least cost and, among plans of that cost, the fewest steps
    /// from each state to a goal state (infinite and `u32::MAX` for a
    /// dead end), `cost` giving the cost of each action.
    ///
    /// Dijkstra's algorithm backwards over the steps, on (cost, steps) in
    /// lexicographic order. When every step costs the same, that order is
    /// the order of the steps alone, and a breadth-first search gives the
    /// same answers, bit for bit, at a fraction of the time (a third of
    /// `Guide::new` on `lttp-d10` was this search); the property test
    /// `breadth_first_costs_to_the_goal_are_dijkstras` holds it to that.
    pub fn to_goal(&self, cost: impl Fn(u32) -> f64) -> (Vec<f64>, Vec<u32>) {
        let mut costs = self.edges.iter().map(|e| cost(e.act));
        match costs.next() {
            Some(first) if costs.all(|c| c.to_bits() == first.to_bits()) => {
                self.to_goal_in_steps(first)
            }
            _ => self.to_goal_by_cost(cost),
        }
    }

    /// [`Self::to_goal`] when every step costs `each`: breadth first.
    fn to_goal_in_steps(&self, each: f64) -> (Vec<f64>, Vec<u32>) {
        let n = self.len();
        let into = self.entered(false);
        let mut togo = vec![f64::INFINITY; n];
        let mut hops = vec![u32::MAX; n];
        let mut queue: Vec<u32> = Vec::with_capacity(n);
        for &g in &self.goals {
            togo[g as usize] = 0.0;
            hops[g as usize] = 0;
            queue.push(g);
        }
        let mut next = 0;
        while let Some(&v) = queue.get(next) {
            next += 1;
            let (d, h) = (togo[v as usize], hops[v as usize]);
            for &u in into.from(v) {
                if hops[u as usize] == u32::MAX {
                    (togo[u as usize], hops[u as usize]) = (d + each, h.saturating_add(1));
                    queue.push(u);
                }
            }
        }
        (togo, hops)
    }

    /// [`Self::to_goal`] by Dijkstra's algorithm.
    fn to_goal_by_cost(&self, cost: impl Fn(u32) -> f64) -> (Vec<f64>, Vec<u32>) {
        let n = self.len();
        let into = self.entered(true);
        let mut togo = vec![f64::INFINITY; n];
        let mut hops = vec![u32::MAX; n];
        let mut queue = LexQueue::default();
        for &g in &self.goals {
            togo[g as usize] = 0.0;
            hops[g as usize] = 0;
            queue.push((0, 0), g);
        }
        while let Some(((bits, h), v)) = queue.pop() {
            let (d, h, vu) = (f64::from_bits(bits), h as u32, v as usize);
            if (d, h) != (togo[vu], hops[vu]) {
                continue;
            }
            for (&u, &act) in into.from(v).iter().zip(into.acts(v)) {
                let next = (d + cost(act), h.saturating_add(1));
                let uu = u as usize;
                if next < (togo[uu], hops[uu]) {
                    (togo[uu], hops[uu]) = next;
                    queue.push((next.0.to_bits(), u64::from(next.1)), u);
                }
            }
        }
        (togo, hops)
    }
}

/// The steps into each state ([`Explored::entered`]).
struct Entered {
    at: Vec<u32>,
    from: Vec<u32>,
    act: Vec<u32>,
}

impl Entered {
    /// The states state `v` is entered from.
    fn from(&self, v: u32) -> &[u32] {
        &self.from[self.at[v as usize] as usize..self.at[v as usize + 1] as usize]
    }

    /// The actions that enter `v`, in the order of [`Self::from`].
    fn acts(&self, v: u32) -> &[u32] {
        &self.act[self.at[v as usize] as usize..self.at[v as usize + 1] as usize]
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

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::agree;
    use super::super::{Prepared, SolveOptions};
    use crate::model::Level;

    /// Every door and lever of `level` costing `each`, or, when `each` is
    /// `None`, door `i` costing `i % 3` (and a pull 0.5): costs that differ.
    fn costed(mut level: Level, each: Option<f64>) -> Level {
        for (i, door) in level.doors.iter_mut().enumerate() {
            door.cost = each.unwrap_or((i % 3) as f64);
        }
        level.lever_cost = each.unwrap_or(0.5);
        level
    }

    /// Costs and step counts to the goal, per state.
    type ToGoal = (Vec<f64>, Vec<u32>);

    /// The costs to the goal of `level` both ways: breadth first when
    /// every step costs the same, and by Dijkstra's algorithm always.
    /// `None` for a level that does not validate.
    fn both_ways(level: &Level) -> Option<(ToGoal, ToGoal)> {
        let prep = Prepared::new(level, &[]).ok()?;
        let every = prep.every_key();
        let ex = super::explore(&every, &SolveOptions::default().budget()).ok()?;
        let cost = |act| prep.act_cost(act);
        Some((ex.to_goal(cost), ex.to_goal_by_cost(cost)))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1500))]

        /// The breadth-first search [`super::Explored::to_goal`] makes
        /// when every step costs the same gives, bit for bit, the costs
        /// and step counts of Dijkstra's algorithm, on random levels using
        /// every rule; and with costs that differ, it is Dijkstra's.
        #[test]
        fn breadth_first_costs_to_the_goal_are_dijkstras(
            level in prop_oneof![agree::level(), agree::extended_level()],
            each in prop_oneof![Just(None), Just(Some(0.0)), Just(Some(0.1)), Just(Some(1.0)), Just(Some(2.5))],
        ) {
            let level = costed(level, each);
            if let Some((fast, plain)) = both_ways(&level) {
                let bits = |(t, h): ToGoal| {
                    (t.iter().map(|c| c.to_bits()).collect::<Vec<_>>(), h)
                };
                prop_assert_eq!(bits(fast), bits(plain));
            }
        }
    }
}
