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

use std::ops::ControlFlow;

use super::astar::{Outcome, ROOT, Searched};
use super::budget::{Budget, Stop};
use super::compile::{Compiled, PULL};
use super::heuristic::Heuristic;
use super::queue::Queue;
use super::store::Store;

mod open;

use open::Open;

/// The horizon a walk's callback answers to stop the walk at once
/// ([`Walker::events`] when its search is out of budget): no event is
/// nearer than it.
const STOP: f64 = f64::NEG_INFINITY;

/// The shortest walks from one state's room, reused between expansions.
pub(crate) struct Walker {
    dist: Vec<f64>,
    /// Per room: `(room before, door)` of the cheapest walk into it.
    came: Vec<(u32, u32)>,
    touched: Vec<usize>,
    queue: Queue,
    /// The state after the event being shown.
    next: Vec<u64>,
}

/// One event reached from a state: the state after it, the action that made
/// it, the room it was taken in, and the cost of the walk and the action.
pub(crate) struct Event<'a> {
    /// The state after the event; empty when the walk was asked not to
    /// build states ([`sweep`] takes only the event it picks).
    pub state: &'a [u64],
    pub act: u32,
    pub room: u32,
    pub cost: f64,
    /// Whether the event reaches the goal.
    pub goal: bool,
    /// For a pull, the door bits it flips (into [`Compiled::mask`]); empty
    /// otherwise. A lever has one pull in its room, so this is that pull's.
    pub flip: (u32, u32),
}

impl Walker {
    pub fn new(c: &Compiled) -> Self {
        Self {
            dist: vec![f64::INFINITY; c.rooms()],
            came: vec![(u32::MAX, 0); c.rooms()],
            touched: Vec::new(),
            queue: Queue::new(super::astar::whole_costs(c)),
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
    /// event within reach, until `f` breaks.
    pub fn events(
        &mut self,
        c: &Compiled,
        s: &[u64],
        mut f: impl FnMut(Event<'_>) -> ControlFlow<()>,
    ) {
        self.walk::<true>(c, s, usize::MAX, |e| match f(e) {
            ControlFlow::Continue(()) => f64::INFINITY,
            ControlFlow::Break(()) => STOP,
        });
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
        self.walk::<true>(c, s, until, |e| {
            f(e);
            f64::INFINITY
        });
    }

    /// The walk behind [`Self::events`]: `f` sees each event and answers how
    /// far the walk still has to go; rooms farther than the least answer so
    /// far are not entered. So a search for the nearest event stops as soon
    /// as it is known, without walking the whole map.
    ///
    /// The walk reads `s` as it is (only the room differs along a walk, and
    /// no step's condition reads the room's bits), so it costs nothing per
    /// word of a wide state. With `STATES` false the events come without
    /// their states, which are then not built at all.
    fn walk<const STATES: bool>(
        &mut self,
        c: &Compiled,
        s: &[u64],
        until: usize,
        mut f: impl FnMut(Event<'_>) -> f64,
    ) {
        self.reset();
        let start = c.room(s);
        self.dist[start] = 0.0;
        self.touched.push(start);
        self.queue.push(0.0, start as u32);
        let mut horizon = f64::INFINITY;
        while let Some((d, r)) = self.queue.pop() {
            let r = r as usize;
            if d > self.dist[r] {
                continue;
            }
            if r == until || d > horizon {
                return;
            }
            if r != start && c.is_goal_in(s, r) {
                // Reaching the goal ends the game: an event, not a walk.
                let (from, door) = self.came[r];
                let state: &[u64] = if STATES {
                    self.next.copy_from_slice(s);
                    c.set_room(&mut self.next, r);
                    &self.next
                } else {
                    &[]
                };
                horizon = horizon.min(f(Event {
                    state,
                    act: door,
                    room: from,
                    cost: d,
                    goal: true,
                    flip: (0, 0),
                }));
                continue;
            }
            horizon = horizon.min(self.leave::<STATES>(c, s, r, d, &mut f));
        }
    }

    /// Queues the rooms a walk reaches from room `r` at distance `d`, and
    /// shows `f` the events there: the exits that change more than the room,
    /// and the levers. Returns the least horizon `f` answered.
    fn leave<const STATES: bool>(
        &mut self,
        c: &Compiled,
        s: &[u64],
        r: usize,
        d: f64,
        f: &mut impl FnMut(Event<'_>) -> f64,
    ) -> f64 {
        let mut horizon = f64::INFINITY;
        for exit in c.exits_of(r) {
            let nd = d + exit.cost;
            match c.walks(s, exit) {
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
                Some(false) => {
                    // Only an exit into the goal's room can reach the goal.
                    let into_goal = exit.to == c.goal_room;
                    if (STATES || into_goal) && !c.take_exit(s, exit, &mut self.next) {
                        continue;
                    }
                    horizon = horizon.min(f(Event {
                        state: if STATES { &self.next } else { &[] },
                        act: exit.door,
                        room: r as u32,
                        cost: nd,
                        goal: into_goal && c.is_goal(&self.next),
                        flip: (0, 0),
                    }));
                    if horizon == STOP {
                        return STOP;
                    }
                }
            }
        }
        for pull in c.pulls_of(r).iter().filter(|p| Compiled::can_pull(s, p)) {
            if STATES {
                c.take_pull(s, pull, &mut self.next);
                c.set_room(&mut self.next, r);
            }
            horizon = horizon.min(f(Event {
                state: if STATES { &self.next } else { &[] },
                act: PULL | pull.lever,
                room: r as u32,
                cost: d + c.lever_cost,
                // A pull changes no key, and the walk stops at the goal.
                goal: false,
                flip: pull.flip,
            }));
            if horizon == STOP {
                return STOP;
            }
        }
        horizon
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
    /// A search that has stored only `start`.
    fn new(c: &Compiled, start: &[u64]) -> Self {
        let mut store = Store::new(c.width, c.layout.total_bits);
        store.insert(start);
        Self {
            found: Searched {
                store,
                parent: vec![ROOT],
                via: vec![0],
                cost: vec![0.0],
                settled: 0,
                outcome: Outcome::Unreachable,
            },
            room: vec![c.room(start) as u32],
        }
    }

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
pub(crate) enum Order<F: Fn(&[u64], u32, usize) -> u32> {
    /// By cost plus `weight` times the bound (1 for a least-cost plan).
    Cost { weight: f64 },
    /// By a count of what the steps do first (`count(state, action,
    /// room the action is taken in)`,
    /// at most `most`), then by cost plus the bound.
    Fewest { count: F, most: u32 },
}

impl<F: Fn(&[u64], u32, usize) -> u32> Order<F> {
    /// The outcome of a search stopped by `stop` while at count `n` and key
    /// `f`: what it orders by is the floor of every plan left.
    fn stopped(&self, stop: Stop, n: u32, f: f64) -> Outcome {
        let lower = match self {
            Self::Cost { .. } => f,
            Self::Fewest { .. } => f64::from(n),
        };
        Outcome::Stopped { stop, lower }
    }
}

/// A* over events from `start`.
pub(crate) fn search<F: Fn(&[u64], u32, usize) -> u32>(
    c: &Compiled,
    h: &mut Heuristic,
    start: &[u64],
    order: &Order<F>,
    budget: &Budget<'_>,
) -> EventSearch {
    search_with(c, h, start, order, budget, &mut Walker::new(c))
}

/// [`search`] walking with `walker`, whose tables (two entries per room)
/// are then made once for many searches instead of once each.
fn search_with<F: Fn(&[u64], u32, usize) -> u32>(
    c: &Compiled,
    h: &mut Heuristic,
    start: &[u64],
    order: &Order<F>,
    budget: &Budget<'_>,
    walker: &mut Walker,
) -> EventSearch {
    let mut open = Open::new(c, h, start, order);
    let mut cur = vec![0u64; c.width];
    let mut meter = super::budget::Meter::default();
    while let Some(at) = open.next() {
        if let Err(stop) = budget.check_each(open.ex.found.store.len(), c.width) {
            return open.end(order.stopped(stop, at.count, at.key));
        }
        cur.copy_from_slice(open.ex.found.store.get(at.state));
        if c.is_goal(&cur) {
            return open.end(Outcome::Goal(at.state));
        }
        // Each event within the budget: one state of a room with 100,000
        // doors has as many events, each a state as wide as the level.
        let mut stopped = None;
        walker.events(c, &cur, |e| {
            match budget.check(&mut meter, c.width, open.ex.found.store.len(), c.width) {
                Ok(()) => {
                    open.offer(c, h, &cur, &at, &e);
                    ControlFlow::Continue(())
                }
                Err(stop) => {
                    stopped = Some(stop);
                    ControlFlow::Break(())
                }
            }
        });
        if let Some(stop) = stopped {
            return open.end(order.stopped(stop, at.count, at.key));
        }
    }
    open.end(Outcome::Unreachable)
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

/// [`quick_plan`] walking with `walker`: for callers that start many
/// searches on one level.
pub(crate) fn quick_plan_with(
    c: &Compiled,
    h: &mut Heuristic,
    start: &[u64],
    budget: &Budget<'_>,
    walker: &mut Walker,
) -> EventSearch {
    let order = Order::<fn(&[u64], u32, usize) -> u32>::Cost { weight: 4.0 };
    search_with(c, h, start, &order, budget, walker)
}

/// A* over events ordered by cost plus `weight` times the bound.
fn by_cost(
    c: &Compiled,
    h: &mut Heuristic,
    start: &[u64],
    weight: f64,
    budget: &Budget<'_>,
) -> EventSearch {
    let order = Order::<fn(&[u64], u32, usize) -> u32>::Cost { weight };
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
    count: impl Fn(&[u64], u32, usize) -> u32,
) -> EventSearch {
    search(c, h, start, &Order::Fewest { count, most }, budget)
}

/// A plan found with no search at all, where one exists: from each state,
/// walk to the nearest event that can only help, take it, and repeat. The
/// events that can only help are reaching the goal, picking up keys, and
/// pulls that open doors and close none. Small keys are never spent, so
/// every event opens a door or adds a key and the sweep ends after at most
/// one event per room and door. Where keys are never lost and nothing is
/// irreversible this reaches the goal whenever a plan without pulls does;
/// elsewhere it may get stuck, and then returns `None`.
///
/// Each walk stops at its nearest event, so on a long chain of locks the
/// sweep is linear in the length of the chain.
///
/// Returns the plan as `(action, room reached)` pairs, walks spelled out.
pub(crate) fn sweep(c: &Compiled, budget: &Budget<'_>) -> Option<Vec<(u32, usize)>> {
    sweep_below(c, budget, f64::INFINITY, |_| 0.0)
}

/// [`sweep`], giving up (`None`) as soon as its plan can no longer cost at
/// most `most`: when what it has spent, plus `bound` of the state it has
/// reached (a lower bound on what is left), passes `most`.
///
/// The sweep takes the nearest key, not the one on the way: on a large map
/// strewn with keys no way needs, it would wander from key to key, each
/// walk longer than the last, before the goal is the nearest event. A
/// caller that wants only a plan it can prove least stops it at once.
pub(crate) fn sweep_below(
    c: &Compiled,
    budget: &Budget<'_>,
    most: f64,
    mut bound: impl FnMut(&[u64]) -> f64,
) -> Option<Vec<(u32, usize)>> {
    let mut walker = Walker::new(c);
    let mut here = c.start.clone();
    let mut out = Vec::new();
    let mut spent = 0.0;
    for _ in 0..=c.rooms() + c.exits.len() {
        if c.is_goal(&here) {
            return Some(out);
        }
        if budget.check_now().is_err() {
            return None;
        }
        let mut best: Option<(f64, u32, u32)> = None;
        walker.walk::<false>(c, &here, usize::MAX, |e| {
            if helps(c, &here, &e) && best.is_none_or(|b| e.cost < b.0) {
                best = Some((e.cost, e.act, e.room));
            }
            best.map_or(f64::INFINITY, |b| b.0)
        });
        let (cost, act, room) = best?;
        out.extend(
            walker
                .walk_to(room as usize)
                .into_iter()
                .map(|(door, r)| (door, r as usize)),
        );
        if !take_in_place(c, &mut here, act, room as usize) {
            return None;
        }
        out.push((act, c.room(&here)));
        spent += cost;
        if spent + bound(&here) > most {
            return None;
        }
    }
    None
}

/// A walk down `to_goal` (the least cost from each room to the goal,
/// through every exit whatever it needs) that only walks: each step an
/// exit the start lets through, into a room with nothing to pick up, and
/// its cost plus the distance beyond it is the distance before it. Such a
/// walk costs the distance from the start, which no plan beats, so it is
/// least; and it changes nothing but the room, so every step is legal.
/// Keys it could pick up on the way are left alone, and it passes a lock
/// (of keys held from the start) only where no open door leads down: the
/// measures of a plan count the keys it takes and uses.
///
/// A depth-first search of those steps, each room entered once (exits of
/// cost 0 can tie in a circle): it goes back when a lock or a key blocks
/// the way down, as on a grid where another way down goes round it.
/// Usually it is as long as the plan, where [`sweep`] walks every room
/// nearer the start than the goal, once per key it takes; at worst it
/// enters every room once. `None` when no such walk reaches the goal (then
/// the caller sweeps).
pub(crate) fn descend(c: &Compiled, to_goal: impl Fn(usize) -> f64) -> Option<Vec<(u32, usize)>> {
    let start = &c.start;
    if c.is_goal(start) {
        return Some(Vec::new());
    }
    let first = c.room(start);
    let mut entered = vec![false; c.rooms()];
    entered[first] = true;
    // Per room on the way: the room, the next of its exits to try, and
    // the door it was entered by.
    let mut way: Vec<(usize, usize, u32)> = vec![(first, 0, 0)];
    while let Some(&(r, next, _)) = way.last() {
        let left = to_goal(r);
        let exits = c.exits_of(r);
        // Exits that need nothing come first, then those whose keys are
        // held: a plan that passes a lock only when it must.
        let n = exits.len();
        let down = (next..2 * n).find(|&i| {
            let e = &exits[i % n];
            let to = e.to as usize;
            (i < n) == c.needs_nothing(e)
                && !entered[to]
                && e.cost + to_goal(to) == left
                && c.walks(start, e) == Some(true)
        });
        let Some(i) = down.filter(|_| left.is_finite()) else {
            way.pop();
            continue;
        };
        if let Some(top) = way.last_mut() {
            top.1 = i + 1;
        }
        let (to, door) = (exits[i % n].to as usize, exits[i % n].door);
        entered[to] = true;
        way.push((to, 0, door));
        if c.is_goal_in(start, to) {
            return Some(way[1..].iter().map(|&(r, _, door)| (door, r)).collect());
        }
    }
    None
}

/// Takes action `act` in room `room` on `s` itself, touching only the words
/// it changes: the sweep's states can be thousands of words wide, and it
/// takes one event per lock of a chain. False when the action is not there
/// to take (it always is, for an event the walk showed).
fn take_in_place(c: &Compiled, s: &mut [u64], act: u32, room: usize) -> bool {
    c.set_room(s, room);
    if act & PULL != 0 {
        let lever = act & !PULL;
        match (c.pulls_of(room).iter()).find(|p| p.lever == lever && Compiled::can_pull(s, p)) {
            Some(pull) => {
                c.take_pull_in_place(s, pull);
                true
            }
            None => false,
        }
    } else {
        c.exits_of(room)
            .iter()
            .filter(|exit| exit.door == act)
            .any(|exit| c.take_exit_in_place(s, exit))
    }
}

/// Whether the sweep may take event `e` from state `here`: it reaches the
/// goal, or picks up keys without spending a small one, or pulls a lever
/// that only opens doors.
fn helps(c: &Compiled, here: &[u64], e: &Event<'_>) -> bool {
    use super::compile::{NONE, test};
    if e.goal {
        return true;
    }
    if e.act & PULL != 0 {
        // The event's own pull, not a search of the room's: a room with
        // 100,000 levers made every walk of the sweep quadratic.
        let flips = c.mask(e.flip);
        return !flips.is_empty() && flips.iter().all(|&(w, m)| here[w as usize] & m == 0);
    }
    let bit = c.layout.unlock_bit[e.act as usize];
    bit == NONE || test(here, bit)
}
