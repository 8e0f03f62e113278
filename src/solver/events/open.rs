//! The open states of an event search ([`super::search`]): per state the
//! tables that order it, and the queue.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{Event, EventSearch, Order};
use crate::solver::astar::Outcome;
use crate::solver::compile::Compiled;
use crate::solver::heuristic::Heuristic;
use crate::solver::queue::Queue;

/// The state an event search expands: its count (with
/// [`Order::Fewest`]), its key in the queue and its cost so far.
pub(super) struct Settled {
    pub state: u32,
    pub count: u32,
    pub key: f64,
    pub cost: f64,
}

/// An event search under way: what it hands back, and per state the
/// tables that order it.
pub(super) struct Open<'o, F: Fn(&[u64], u32, usize) -> u32> {
    pub ex: EventSearch,
    order: &'o Order<F>,
    weight: f64,
    /// The bound (times `weight`) from each state.
    bound: Vec<f64>,
    count: Vec<u32>,
    closed: Vec<bool>,
    /// The key each state was last queued with; older entries are stale.
    pushed: Vec<f64>,
    queue: Frontier,
}

impl<'o, F: Fn(&[u64], u32, usize) -> u32> Open<'o, F> {
    /// A search with `start` stored and queued (unless no way leads from
    /// it to the goal).
    pub fn new(c: &Compiled, h: &mut Heuristic, start: &[u64], order: &'o Order<F>) -> Self {
        let weight = match order {
            Order::Cost { weight } => *weight,
            Order::Fewest { .. } => 1.0,
        };
        let bound = vec![h.bound(c, start) * weight];
        let mut open = Self {
            ex: EventSearch::new(c, start),
            order,
            weight,
            pushed: bound.clone(),
            bound,
            count: vec![0],
            closed: vec![false],
            queue: Frontier::new(c, order),
        };
        if open.bound[0].is_finite() {
            open.queue.push(0, open.bound[0], 0);
        }
        open
    }

    /// The next state to expand, closed as it is taken; stale queue
    /// entries are passed over.
    pub fn next(&mut self) -> Option<Settled> {
        while let Some((count, key, state)) = self.queue.pop() {
            let i = state as usize;
            if self.closed[i] || count != self.count[i] || key != self.pushed[i] {
                continue;
            }
            self.closed[i] = true;
            self.ex.found.settled += 1;
            let cost = self.ex.found.cost[i];
            return Some(Settled {
                state,
                count,
                key,
                cost,
            });
        }
        None
    }

    /// Takes in the state event `e` reaches from `at` (whose state is
    /// `cur`): stored when new, its way kept when better, and queued.
    pub fn offer(
        &mut self,
        c: &Compiled,
        h: &mut Heuristic,
        cur: &[u64],
        at: &Settled,
        e: &Event<'_>,
    ) {
        let nn = match self.order {
            Order::Cost { .. } => 0,
            Order::Fewest { count, most } => {
                let nn = at.count.saturating_add(count(cur, e.act, e.room as usize));
                if nn > *most {
                    return;
                }
                nn
            }
        };
        let ng = at.cost + e.cost;
        let (j, new) = self.ex.found.store.insert(e.state);
        let ju = j as usize;
        let better =
            new || (!self.closed[ju] && (nn, ng) < (self.count[ju], self.ex.found.cost[ju]));
        if !better {
            return;
        }
        let found = &mut self.ex.found;
        if new {
            let b = h.bound(c, e.state) * self.weight;
            found.parent.push(at.state);
            found.via.push(e.act);
            found.cost.push(ng);
            self.ex.room.push(e.room);
            self.bound.push(b);
            self.count.push(nn);
            self.pushed.push(f64::INFINITY);
            self.closed.push(!b.is_finite());
            if !b.is_finite() {
                return;
            }
        } else {
            found.parent[ju] = at.state;
            found.via[ju] = e.act;
            found.cost[ju] = ng;
            self.ex.room[ju] = e.room;
            self.count[ju] = nn;
        }
        let k = self.queue.key(ng + self.bound[ju], at.key);
        self.pushed[ju] = k;
        self.queue.push(nn, k, j);
    }

    /// The search, ended with `outcome`.
    pub fn end(mut self, outcome: Outcome) -> EventSearch {
        self.ex.found.outcome = outcome;
        self.ex
    }
}

/// The open states of an event search.
pub(super) enum Frontier {
    /// Ordered by key alone (monotone, so bucketed when keys are whole).
    Key(Queue),
    /// Ordered by `(count, key)`.
    Count(BinaryHeap<Reverse<(u32, u64, u32)>>),
}

impl Frontier {
    fn new<F: Fn(&[u64], u32, usize) -> u32>(c: &Compiled, order: &Order<F>) -> Self {
        match order {
            Order::Cost { weight } => {
                let whole = *weight == 1.0 && crate::solver::astar::whole_costs(c);
                Self::Key(Queue::new(whole))
            }
            Order::Fewest { .. } => Self::Count(BinaryHeap::new()),
        }
    }

    /// The key to queue a state by: the cost-and-bound `f`, kept from
    /// falling below the key just popped (`floor`) when keys are bucketed.
    fn key(&self, f: f64, floor: f64) -> f64 {
        match self {
            Self::Key(_) => f.max(floor),
            Self::Count(_) => f,
        }
    }

    fn push(&mut self, n: u32, key: f64, i: u32) {
        match self {
            Self::Key(q) => q.push(key, i),
            Self::Count(h) => h.push(Reverse((n, key.to_bits(), i))),
        }
    }

    fn pop(&mut self) -> Option<(u32, f64, u32)> {
        match self {
            Self::Key(q) => q.pop().map(|(k, i)| (0, k, i)),
            Self::Count(h) => h.pop().map(|Reverse((n, k, i))| (n, f64::from_bits(k), i)),
        }
    }
}
