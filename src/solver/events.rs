//! Searching between events, not rooms: a state matters only where
//! something changes (a key picked up, a lever pulled, a small lock opened,
//! the goal reached). Between two events the player only walks, and the
//! cheapest walk is a shortest path through the doors the state leaves
//! passable. So the searches here step from event to event, each step a
//! shortest walk followed by the event; on a level of long corridors that
//! is far fewer states than one per room.
//!
//! A step is a *walk* when the state it reaches differs only in the room;
//! anything else is an event. Walks and events are both taken from
//! [`Compiled`], so the steps are exactly the rules' steps.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::astar::{Outcome, ROOT, Searched};
use super::budget::Budget;
use super::compile::{Compiled, PULL};
use super::heuristic::Heuristic;
use super::queue::Queue;
use super::store::Store;

/// The shortest walks from one state's room, reused between expansions.
pub(crate) struct Walker {
    dist: Vec<f64>,
    /// Per room: `(room before, door)` of the cheapest walk into it.
    came: Vec<(u32, u32)>,
    touched: Vec<usize>,
    queue: Queue,
    here: Vec<u64>,
    next: Vec<u64>,
}

/// One event reached from a state: the state after it, the action that made
/// it, the room it was taken in, and the cost of the walk and the action.
pub(crate) struct Event<'a> {
    pub state: &'a [u64],
    pub act: u32,
    pub room: u32,
    pub cost: f64,
}

impl Walker {
    pub fn new(c: &Compiled) -> Self {
        Self {
            dist: vec![f64::INFINITY; c.rooms()],
            came: vec![(u32::MAX, 0); c.rooms()],
            touched: Vec::new(),
            queue: Queue::new(super::astar::whole_costs(c)),
            here: vec![0; c.width],
            next: vec![0; c.width],
        }
    }

    fn reset(&mut self) {
        for &r in &self.touched {
            self.dist[r] = f64::INFINITY;
            self.came[r] = (u32::MAX, 0);
        }
        self.touched.clear();
        self.queue.clear();
    }

    /// Walks from the room of `s` by shortest paths and calls `f` for every
    /// event within reach.
    pub fn events(&mut self, c: &Compiled, s: &[u64], f: impl FnMut(Event<'_>)) {
        self.events_until(c, s, usize::MAX, f);
    }

    /// [`Self::events`], stopping once the cheapest walk to room `until`
    /// is known (then [`Self::walk_to`] can spell it out).
    pub fn events_until(
        &mut self,
        c: &Compiled,
        s: &[u64],
        until: usize,
        mut f: impl FnMut(Event<'_>),
    ) {
        self.reset();
        let start = c.room(s);
        self.dist[start] = 0.0;
        self.touched.push(start);
        self.queue.push(0.0, start as u32);
        self.here.copy_from_slice(s);
        while let Some((d, r)) = self.queue.pop() {
            let r = r as usize;
            if d > self.dist[r] {
                continue;
            }
            if r == until {
                return;
            }
            self.here[0] = (s[0] & !c.room_mask) | r as u64;
            if r != start && c.is_goal(&self.here) {
                // Reaching the goal ends the game: an event, not a walk.
                let (from, door) = self.came[r];
                f(Event {
                    state: &self.here,
                    act: door,
                    room: from,
                    cost: d,
                });
                continue;
            }
            for exit in c.exits_of(r) {
                let nd = d + exit.cost;
                match c.walks(&self.here, exit) {
                    None => {}
                    Some(true) => {
                        let to = exit.to as usize;
                        if nd < self.dist[to] {
                            if self.dist[to].is_infinite() {
                                self.touched.push(to);
                            }
                            self.dist[to] = nd;
                            self.came[to] = (r as u32, exit.door);
                            self.queue.push(nd, to as u32);
                        }
                    }
                    Some(false) if c.take_exit(&self.here, exit, &mut self.next) => {
                        f(Event {
                            state: &self.next,
                            act: exit.door,
                            room: r as u32,
                            cost: nd,
                        });
                    }
                    Some(false) => {}
                }
            }
            for pull in c.pulls_of(r) {
                c.take_pull(&self.here, pull, &mut self.next);
                f(Event {
                    state: &self.next,
                    act: PULL | pull.lever,
                    room: r as u32,
                    cost: d + c.lever_cost,
                });
            }
        }
    }

    /// The moves of the cheapest walk from the room of `s` to room `to`,
    /// each `(door, room entered)`; `events` must have just run from `s`.
    pub fn walk_to(&self, to: usize) -> Vec<(u32, u32)> {
        let mut moves = Vec::new();
        let mut r = to;
        while let Some(&(from, door)) = self.came.get(r) {
            if from == u32::MAX {
                break;
            }
            moves.push((door, r as u32));
            r = from as usize;
        }
        moves.reverse();
        moves
    }
}

/// The states of an event search, with how each was reached: the event's
/// action and the room it was taken in.
pub(crate) struct EventSearch {
    pub found: Searched,
    /// Per state: the room where the action that reached it was taken.
    pub room: Vec<u32>,
}

impl EventSearch {
    /// The plan to state `i` as `(action, state reached)` pairs, walks
    /// spelled out move by move.
    pub fn actions_to(&self, c: &Compiled, walker: &mut Walker, i: u32) -> Vec<(u32, Vec<u64>)> {
        let mut chain = Vec::new();
        let mut k = i;
        while self.found.parent[k as usize] != ROOT {
            chain.push(k);
            k = self.found.parent[k as usize];
        }
        chain.reverse();
        let mut out = Vec::new();
        let mut before = self.found.store.get(k).to_vec();
        for j in chain {
            walker.events_until(c, &before, self.room[j as usize] as usize, |_| {});
            let mut walking = before.clone();
            for (door, room) in walker.walk_to(self.room[j as usize] as usize) {
                walking[0] = (walking[0] & !c.room_mask) | u64::from(room);
                out.push((door, walking.clone()));
            }
            let after = self.found.store.get(j).to_vec();
            out.push((self.found.via[j as usize], after.clone()));
            before = after;
        }
        out
    }
}

/// How an event search orders its states.
pub(crate) enum Order<F: Fn(&[u64], u32) -> u32> {
    /// By cost plus `weight` times the bound (1 for a least-cost plan).
    Cost { weight: f64 },
    /// By a count of what the steps do first (`count(state, action)`,
    /// at most `most`), then by cost plus the bound.
    Fewest { count: F, most: u32 },
}

/// A* over events from `start`.
pub(crate) fn search<F: Fn(&[u64], u32) -> u32>(
    c: &Compiled,
    h: &mut Heuristic,
    start: &[u64],
    order: &Order<F>,
    budget: &Budget<'_>,
) -> EventSearch {
    let mut store = Store::new(c.width, c.layout.total_bits);
    store.insert(start);
    let mut ex = EventSearch {
        found: Searched {
            store,
            parent: vec![ROOT],
            via: vec![0],
            cost: vec![0.0],
            settled: 0,
            outcome: Outcome::Unreachable,
        },
        room: vec![c.room(start) as u32],
    };
    let weight = match order {
        Order::Cost { weight } => *weight,
        Order::Fewest { .. } => 1.0,
    };
    let mut bound = vec![h.bound(c, start) * weight];
    let mut count = vec![0u32];
    let mut closed = vec![false];
    // The key each state was last queued with; older entries are stale.
    let mut pushed = bound.clone();
    let mut queue = Frontier::new(c, order);
    if bound[0].is_finite() {
        queue.push(0, bound[0], 0);
    }
    let mut walker = Walker::new(c);
    let mut cur = vec![0u64; c.width];
    while let Some((n, f, i)) = queue.pop() {
        let iu = i as usize;
        if closed[iu] || n != count[iu] || f != pushed[iu] {
            continue;
        }
        closed[iu] = true;
        ex.found.settled += 1;
        if let Err(stop) = budget.check_each(ex.found.store.len(), c.width) {
            let lower = match order {
                Order::Cost { .. } => f,
                Order::Fewest { .. } => f64::from(n),
            };
            ex.found.outcome = Outcome::Stopped { stop, lower };
            return ex;
        }
        cur.copy_from_slice(ex.found.store.get(i));
        if c.is_goal(&cur) {
            ex.found.outcome = Outcome::Goal(i);
            return ex;
        }
        let g = ex.found.cost[iu];
        walker.events(c, &cur, |e| {
            let nn = match order {
                Order::Cost { .. } => 0,
                Order::Fewest { count, most } => {
                    let nn = n.saturating_add(count(&cur, e.act));
                    if nn > *most {
                        return;
                    }
                    nn
                }
            };
            let ng = g + e.cost;
            let (j, new) = ex.found.store.insert(e.state);
            let ju = j as usize;
            let better = new || (!closed[ju] && (nn, ng) < (count[ju], ex.found.cost[ju]));
            if !better {
                return;
            }
            if new {
                let b = h.bound(c, e.state) * weight;
                ex.found.parent.push(i);
                ex.found.via.push(e.act);
                ex.found.cost.push(ng);
                ex.room.push(e.room);
                bound.push(b);
                count.push(nn);
                pushed.push(f64::INFINITY);
                closed.push(!b.is_finite());
                if !b.is_finite() {
                    return;
                }
            } else {
                ex.found.parent[ju] = i;
                ex.found.via[ju] = e.act;
                ex.found.cost[ju] = ng;
                ex.room[ju] = e.room;
                count[ju] = nn;
            }
            let k = queue.key(ng + bound[ju], f);
            pushed[ju] = k;
            queue.push(nn, k, j);
        });
    }
    ex.found.outcome = Outcome::Unreachable;
    ex
}

/// The open states of an event search.
enum Frontier {
    /// Ordered by key alone (monotone, so bucketed when keys are whole).
    Key(Queue),
    /// Ordered by `(count, key)`.
    Count(BinaryHeap<Reverse<(u32, u64, u32)>>),
}

impl Frontier {
    fn new<F: Fn(&[u64], u32) -> u32>(c: &Compiled, order: &Order<F>) -> Self {
        match order {
            Order::Cost { weight } => {
                let whole = *weight == 1.0 && super::astar::whole_costs(c);
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

/// A least-cost plan from `start`.
pub(crate) fn least_cost(
    c: &Compiled,
    h: &mut Heuristic,
    start: &[u64],
    budget: &Budget<'_>,
) -> EventSearch {
    by_cost(c, h, start, 1.0, budget)
}

/// Some plan from `start`, found quickly by leaning on the bound (weighted
/// A*): its cost is at most four times the least.
pub(crate) fn quick_plan(
    c: &Compiled,
    h: &mut Heuristic,
    start: &[u64],
    budget: &Budget<'_>,
) -> EventSearch {
    by_cost(c, h, start, 4.0, budget)
}

/// A* over events ordered by cost plus `weight` times the bound.
fn by_cost(
    c: &Compiled,
    h: &mut Heuristic,
    start: &[u64],
    weight: f64,
    budget: &Budget<'_>,
) -> EventSearch {
    let order = Order::<fn(&[u64], u32) -> u32>::Cost { weight };
    search(c, h, start, &order, budget)
}

/// A plan with the fewest of what `count(state, action)` counts (lever
/// pulls, small keys spent), cheapest among those; none counting over `most`.
pub(crate) fn fewest(
    c: &Compiled,
    h: &mut Heuristic,
    start: &[u64],
    most: u32,
    budget: &Budget<'_>,
    count: impl Fn(&[u64], u32) -> u32,
) -> EventSearch {
    search(c, h, start, &Order::Fewest { count, most }, budget)
}

/// A plan found with no search at all, where one exists: from each state,
/// walk to the goal if it is in reach, else to the nearest room whose keys
/// are still to take, and repeat. Only pickups and the goal are taken as
/// events (no pull, no small key spent), so every event adds a key and the
/// sweep ends after at most one event per room. Where keys are never lost
/// and nothing is irreversible this reaches the goal whenever any plan
/// does; elsewhere it may get stuck, and then returns `None`.
///
/// Returns the plan as `(action, state reached)` pairs, walks spelled out.
pub(crate) fn sweep(c: &Compiled, budget: &Budget<'_>) -> Option<Vec<(u32, Vec<u64>)>> {
    use super::compile::{NONE, test};
    let mut walker = Walker::new(c);
    let mut here = c.start.clone();
    let mut out = Vec::new();
    for _ in 0..=c.rooms() {
        if c.is_goal(&here) {
            return Some(out);
        }
        if budget.check_now().is_err() {
            return None;
        }
        let mut best: Option<(bool, f64, u32, u32, Vec<u64>)> = None;
        walker.events(c, &here, |e| {
            let goal = c.is_goal(e.state);
            let spends = e.act & PULL != 0 || {
                let bit = c.layout.unlock_bit[e.act as usize];
                bit != NONE && !test(&here, bit)
            };
            let better = best.as_ref().is_none_or(|b| (goal, -e.cost) > (b.0, -b.1));
            if (goal || !spends) && better {
                best = Some((goal, e.cost, e.act, e.room, e.state.to_vec()));
            }
        });
        let (goal, _, act, room, after) = best?;
        let mut walking = here.clone();
        for (door, r) in walker.walk_to(room as usize) {
            walking[0] = (walking[0] & !c.room_mask) | u64::from(r);
            out.push((door, walking.clone()));
        }
        out.push((act, after.clone()));
        if goal {
            return Some(out);
        }
        here = after;
    }
    None
}
