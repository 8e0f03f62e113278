//! Whether a state can still reach the goal, answered over closed states
//! of strongly connected free areas, for levels with one-way doors and
//! small keys ([`super::dead_ends::hunt`] asks it after every irreversible
//! step, and keeps every closed state worked out from check to check).
//!
//! The levels: no levers, no lock on one side only, no key the goal
//! requires ([`applies`]). One-way doors are allowed, which
//! [`super::closed`] does not allow: there the free area of a state is
//! every room it walks to, because every walk can be undone. Here it is
//! the rooms the state's room reaches through doors passed without
//! spending **and that reach it back** the same way (its strongly
//! connected component of free passage), the goal room left out.
//!
//! - The closure of a state `s` takes every key lying in that area, and
//!   again for the area that opens, until nothing changes, and stands in
//!   the area's first room. It is reachable from `s` (walk out, take, walk
//!   back: every room of the area reaches `s`'s room freely, and a key
//!   held never closes a door) and holds more than `s` with the same doors
//!   unlocked, so it can do every plan `s` can: `s` reaches the goal
//!   exactly when its closure does. All rooms of an area are one closed
//!   state: each walks to the others.
//! - From a closed state, a plan walks inside its area (taking nothing:
//!   all was taken), then either steps into the goal room or takes a step
//!   out of the area: through a one-way door, or spending. So a closed
//!   state reaches the goal exactly when it is next to it or the closure
//!   of one of those steps reaches it.
//! - A step that spends to enter a room of the area itself is never
//!   needed: it unlocks a door between two rooms that already reach each
//!   other freely, and that still do once more doors are unlocked. A plan
//!   from the state after it is followed from the state before it,
//!   walking round inside the area wherever the plan passes that door
//!   (every room of the area is looted, so the walk takes nothing), with
//!   the same rooms looted, the same other doors unlocked, and the items
//!   spent on the door still in hand.
//! - Those steps never lead back: rooms looted and doors unlocked only
//!   grow, and without either growing the areas stay as they are, so a
//!   one-way step out of an area cannot come back into it. The closed
//!   states form a graph without cycles, and whether each reaches the goal
//!   is kept once worked out.
//!
//! Bits no future step reads are set before a state is stored
//! ([`Forget`]): states that differ only in them have the same futures.

use super::budget::{Budget, Meter, Stop};
use super::compile::{Compiled, Exit, NONE, set, test};
use super::marks::Marks;
use super::store::Store;
use crate::rules::mechanics::Mechanics;

/// True when the level is one these closures answer: no lever, no lock
/// on one side only, no key the goal requires, no item of another kind
/// than small keys (the property tests draw none). One-way doors are
/// allowed.
pub(crate) fn applies(m: &Mechanics) -> bool {
    m.levers().is_empty()
        && !m.needs_general()
        && m.goal_requires().is_empty()
        && m.doors_not_free().all(|(d, _)| !m.locks_one_side(d))
}

/// Levels up to this many rooms times words of state get [`Forget`]'s
/// table, a state's width per room.
const FORGET_WORDS: usize = 1 << 22;

/// Levels up to this many rooms times rooms and exits get [`Forget`]'s
/// table: a walk from every room.
const FORGET_WORK: usize = 1 << 25;

/// Per room, the bits of a state that no step from that room on ever
/// reads: the loot bits of rooms it can never walk into again (rooms that
/// hold no key a lock or the goal names: those bits say the key is held),
/// and the unlock bits of doors it can never reach. Walking in the level
/// with every door taken as open the ways it goes, they are out of reach;
/// and what a room reaches, a room it reaches reaches too. Two states in
/// the same room that differ only in these bits step alike, into states
/// that again differ only in them: every answer about their futures is the
/// same. They are set, so that such states are stored once.
pub(crate) struct Forget {
    width: usize,
    /// `rooms * width` words: room `r`'s bits are `bits[r * width..]`.
    bits: Vec<u64>,
}

impl Forget {
    /// The table of `c`, or `None` when it would be too large or forget
    /// nothing.
    pub fn new(c: &Compiled) -> Option<Self> {
        let (rooms, width) = (c.rooms(), c.width);
        let work = rooms.saturating_mul(rooms + c.exits.len());
        if rooms.saturating_mul(width) > FORGET_WORDS || work > FORGET_WORK {
            return None;
        }
        // Loot bits read by a lock or by the goal: never forgotten.
        let mut read = vec![0u64; width];
        for &(w, m) in c.masks.iter().chain(c.goal_need.iter().flatten()) {
            read[w as usize] |= m;
        }
        // Everything that may be forgotten; each room takes back what it reaches.
        let mut all = vec![0u64; width];
        for &bit in &c.layout.loot_bit {
            if bit != NONE && !test(&read, bit) {
                set(&mut all, bit);
            }
        }
        for e in &c.exits {
            if e.unlock_bit != NONE {
                set(&mut all, e.unlock_bit);
            }
        }
        let mut bits = all.repeat(rooms);
        let mut seen = vec![u32::MAX; rooms];
        let mut stack = Vec::new();
        let mut any = false;
        for r in 0..rooms {
            let row = &mut bits[r * width..(r + 1) * width];
            seen[r] = r as u32;
            stack.push(r);
            while let Some(x) = stack.pop() {
                clear(row, c.layout.loot_bit[x]);
                for e in c.exits_of(x) {
                    clear(row, e.unlock_bit);
                    let to = e.to as usize;
                    if seen[to] != r as u32 {
                        seen[to] = r as u32;
                        stack.push(to);
                    }
                }
            }
            any |= row.iter().any(|&w| w != 0);
        }
        any.then_some(Self { width, bits })
    }

    /// Sets the bits of `s` that its room's future never reads.
    #[inline]
    pub fn apply(&self, c: &Compiled, s: &mut [u64]) {
        let r = c.room(s);
        let row = &self.bits[r * self.width..(r + 1) * self.width];
        for (w, &m) in s.iter_mut().zip(row) {
            *w |= m;
        }
    }
}

/// Rooms a door's far side may hold at most to be called a side pocket
/// by [`side_pockets`]: the search per door stops there, so that a star
/// of 20,000 locked doors is looked at in 20,000 short walks.
const POCKET_ROOMS: usize = 64;
/// Doors the rooms of a side pocket may have at most, counted from each
/// side: two rooms joined by 20,000 locked doors were otherwise walked
/// 40,000 times over all 40,000 of their doors (seconds past a budget of
/// 0.3 s, `tests/hostile.rs`).
const POCKET_DOORS: usize = 256;

/// The unlock bits of the doors that only shut off a side pocket: rooms
/// reached through that door alone (every door taken both ways), holding
/// no key, neither the start nor the goal. Whether such a door is
/// unlocked never changes whether the goal can be reached: through it
/// lies nothing to take and no way on, and a player inside came through
/// it, so it is unlocked then. [`Oracle`] sets these bits, so that the
/// closed states that differ only in which side pockets a player wasted
/// keys on are one state (the keys spent still count).
fn side_pockets(c: &Compiled, into: &[Vec<(u32, u32)>]) -> Vec<u64> {
    let mut mask = vec![0u64; c.width];
    let start = c.room(&c.start);
    let mut seen = vec![u32::MAX; c.rooms()];
    let mut stack = Vec::new();
    let mut pocket = |from: usize, door: u32, other: usize, mark: u32| -> bool {
        stack.clear();
        stack.push(from);
        seen[from] = mark;
        let (mut rooms, mut doors) = (0, 0);
        while let Some(r) = stack.pop() {
            rooms += 1;
            doors += c.exits_of(r).len() + into[r].len();
            if rooms > POCKET_ROOMS
                || doors > POCKET_DOORS
                || r == other
                || r == start
                || r == c.goal_room as usize
                || c.layout.loot_bit[r] != NONE
            {
                return false;
            }
            let out = c.exits_of(r).iter().map(|e| (e.door, e.to as usize));
            let back = into[r]
                .iter()
                .map(|&(x, k)| (c.exits[k as usize].door, x as usize));
            for (d, x) in out.chain(back) {
                if d != door && seen[x] != mark {
                    seen[x] = mark;
                    stack.push(x);
                }
            }
        }
        true
    };
    let mut mark = 0;
    for r in 0..c.rooms() {
        for e in c.exits_of(r) {
            if e.unlock_bit == NONE || test(&mask, e.unlock_bit) {
                continue;
            }
            mark += 1;
            if pocket(e.to as usize, e.door, r, mark) {
                set(&mut mask, e.unlock_bit);
            }
        }
    }
    mask
}

/// Per room, the fewest doors from it to the goal room of `c`, every
/// door taken as passable the ways it goes; `into` lists each room's
/// exits in, as [`Oracle`] keeps them.
fn distances_to_goal(c: &Compiled, into: &[Vec<(u32, u32)>]) -> Vec<u32> {
    let mut dist = vec![u32::MAX; c.rooms()];
    let goal = c.goal_room as usize;
    let Some(d) = dist.get_mut(goal) else {
        return dist;
    };
    *d = 0;
    let mut queue = std::collections::VecDeque::from([goal]);
    while let Some(r) = queue.pop_front() {
        for &(from, _) in &into[r] {
            if dist[from as usize] == u32::MAX {
                dist[from as usize] = dist[r] + 1;
                queue.push_back(from as usize);
            }
        }
    }
    dist
}

fn clear(s: &mut [u64], bit: u32) {
    if bit != NONE {
        s[(bit / 64) as usize] &= !(1 << (bit % 64));
    }
}

/// What is known of a closed state.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Known {
    /// Met, not yet worked out.
    Open,
    /// Being worked out: on the stack of the search.
    Working,
    Live,
    Dead,
}

/// The closed states worked out so far, and the walks that find areas.
pub(crate) struct Oracle<'c> {
    c: &'c Compiled,
    forget: Option<&'c Forget>,
    /// The bits a lock or the goal reads: a key whose loot bit is among
    /// them may open doors once taken.
    read: Vec<u64>,
    /// Per room: the exits into it, as `(room it leaves, exit number)`.
    into: Vec<Vec<(u32, u32)>>,
    /// Per room: the fewest doors from it to the goal room, every door
    /// taken as passable the ways it goes (`u32::MAX` when none leads
    /// there). The steps of a closed state are tried nearest first, so
    /// that a live one is shown live soon.
    to_goal: Vec<u32>,
    /// Closed states, and what is known of each.
    store: Store,
    known: Vec<Known>,
    /// The closed states after each closed state's steps out of its area,
    /// once it has been expanded.
    steps: Vec<Option<Vec<u32>>>,
    /// Rooms of the areas of the closed states expanded: every one is
    /// reachable when the states asked about are.
    pub reached: Vec<bool>,
    /// The area last walked, and marks of its rooms.
    area: Vec<u32>,
    ahead: Marks,
    behind: Marks,
    /// The unlock bits of the doors to side pockets ([`side_pockets`]),
    /// set in every closed state.
    pockets: Vec<u64>,
    /// Marks for the walks made while an area's marks are kept.
    spare: Marks,
    scanned: usize,
    meter: Meter,
}

impl<'c> Oracle<'c> {
    pub fn new(c: &'c Compiled, forget: Option<&'c Forget>) -> Self {
        let rooms = c.rooms();
        let mut read = vec![0u64; c.width];
        for &(w, m) in c.masks.iter().chain(c.goal_need.iter().flatten()) {
            read[w as usize] |= m;
        }
        let mut into = vec![Vec::new(); rooms];
        for r in 0..rooms {
            let first = c.exit_start[r] as usize;
            for (k, e) in c.exits_of(r).iter().enumerate() {
                into[e.to as usize].push((r as u32, (first + k) as u32));
            }
        }
        let to_goal = distances_to_goal(c, &into);
        let pockets = side_pockets(c, &into);
        Self {
            c,
            forget,
            read,
            into,
            to_goal,
            store: Store::new(c.width, c.layout.total_bits),
            known: Vec::new(),
            steps: Vec::new(),
            reached: vec![false; rooms],
            area: Vec::new(),
            ahead: Marks::new(rooms),
            behind: Marks::new(rooms),
            pockets,
            spare: Marks::new(rooms),
            scanned: 0,
            meter: Meter::default(),
        }
    }

    /// True when `exit`'s door leads into a keyless side pocket.
    pub fn leads_into_pocket(&self, exit: &Exit) -> bool {
        exit.unlock_bit != NONE && test(&self.pockets, exit.unlock_bit)
    }

    /// Closed states stored.
    pub fn len(&self) -> usize {
        self.store.len()
    }

    /// Walks the area of `s`: the rooms its room reaches through doors it
    /// passes without spending and that reach it back the same way, the
    /// goal room left out; into `self.area`.
    fn walk(&mut self, s: &[u64]) {
        let c = self.c;
        self.ahead.clear();
        self.behind.clear();
        let goal = c.goal_room as usize;
        let from = c.room(s);
        self.area.clear();
        self.area.push(from as u32);
        self.ahead.insert(from);
        let mut next = 0;
        while let Some(&r) = self.area.get(next) {
            next += 1;
            let exits = c.exits_of(r as usize);
            self.scanned += exits.len();
            for e in exits {
                let to = e.to as usize;
                if to != goal && !self.ahead.contains(to) && c.passes_free(s, e) {
                    self.ahead.insert(to);
                    self.area.push(e.to);
                }
            }
        }
        // Back from the room, over the rooms ahead only.
        self.area.clear();
        self.area.push(from as u32);
        self.behind.insert(from);
        let mut next = 0;
        while let Some(&r) = self.area.get(next) {
            next += 1;
            let into = &self.into[r as usize];
            self.scanned += into.len();
            for &(x, k) in into {
                let xu = x as usize;
                let e = &c.exits[k as usize];
                if self.ahead.contains(xu) && !self.behind.contains(xu) && c.passes_free(s, e) {
                    self.behind.insert(xu);
                    self.area.push(x);
                }
            }
        }
    }

    /// Closes `s` in place: takes every key of its area until no more
    /// opens, stands in the area's first room, and sets the bits nothing
    /// reads any more. Leaves the area in `self.area`.
    pub fn close(&mut self, s: &mut [u64]) {
        let c = self.c;
        for (w, &m) in s.iter_mut().zip(&self.pockets) {
            *w |= m;
        }
        loop {
            self.walk(s);
            // Only a key that a lock reads can open more of the area.
            let mut opened = false;
            for &r in &self.area {
                let bit = c.layout.loot_bit[r as usize];
                if bit != NONE && !test(s, bit) {
                    c.loot(s, r as usize);
                    opened |= test(&self.read, bit);
                }
            }
            if !opened {
                break;
            }
        }
        if let Some(&first) = self.area.iter().min() {
            c.set_room(s, first as usize);
        }
        if let Some(f) = self.forget {
            f.apply(c, s);
        }
    }

    /// Whether the state `t` can still reach the goal.
    ///
    /// # Errors
    /// [`Stop`] when the budget runs out first, or (never, by the argument
    /// above) a step leads back to a closed state being worked out.
    pub fn live(&mut self, t: &[u64], budget: &Budget<'_>, stored: usize) -> Result<bool, Stop> {
        if self.c.is_goal(t) {
            return Ok(true);
        }
        let mut s = t.to_vec();
        self.close(&mut s);
        let (i, new) = self.store.insert(&s);
        if new {
            self.known.push(Known::Open);
            self.steps.push(None);
        }
        match self.known[i as usize] {
            Known::Live => Ok(true),
            Known::Dead => Ok(false),
            Known::Working => Err(Stop::States),
            Known::Open => {
                let mut stack = Vec::new();
                let answer = self.work_out(i, &mut stack, budget, stored);
                if answer.is_err() {
                    // Cut short: what was being worked out is open again,
                    // so that a later question works it out afresh.
                    self.mark(&stack, Known::Open);
                }
                answer
            }
        }
    }

    /// Works out closed state `i` and every closed state it needs, depth
    /// first: a state is live once one of its steps is, dead once all are
    /// dead. When it stops, `stack` holds the states it was working out.
    fn work_out(
        &mut self,
        i: u32,
        stack: &mut Vec<(u32, usize)>,
        budget: &Budget<'_>,
        stored: usize,
    ) -> Result<bool, Stop> {
        stack.push((i, 0));
        self.known[i as usize] = Known::Working;
        while let Some(&mut (v, ref mut next)) = stack.last_mut() {
            let states = stored + self.store.len();
            budget.check(&mut self.meter, self.c.width, states, self.c.width)?;
            if self.steps[v as usize].is_none() {
                let goal = self.expand(v, budget, states)?;
                let work = std::mem::take(&mut self.scanned);
                budget.tick(&mut self.meter, work, states)?;
                if goal {
                    // Every state on the stack is live through it.
                    self.mark(stack, Known::Live);
                    stack.clear();
                    continue;
                }
            }
            let steps = self.steps[v as usize].as_deref().unwrap_or(&[]);
            let Some(&w) = steps.get(*next) else {
                self.known[v as usize] = Known::Dead;
                stack.pop();
                continue;
            };
            *next += 1;
            match self.known[w as usize] {
                Known::Live => {
                    // Every state on the stack is live through it.
                    self.mark(stack, Known::Live);
                    stack.clear();
                }
                Known::Dead => {}
                Known::Working => return Err(Stop::States),
                Known::Open => {
                    self.known[w as usize] = Known::Working;
                    stack.push((w, 0));
                }
            }
        }
        Ok(self.known[i as usize] == Known::Live)
    }

    /// Marks every state of the search's `stack` as `known`.
    fn mark(&mut self, stack: &[(u32, usize)], known: Known) {
        for &(v, _) in stack {
            self.known[v as usize] = known;
        }
    }

    /// Lists the closed states after the steps out of closed state `v`'s
    /// area; true (and none listed) when one of them enters the goal room.
    ///
    /// # Errors
    /// [`Stop`] when the budget runs out on the way: each step out is
    /// closed by a walk over the area it opens, and a start room with
    /// 20,000 small-locked doors walked its 20,000 exits after each of
    /// them, 400 million looks (13 s in a debug build) past a budget of
    /// 0.3 s.
    fn expand(&mut self, v: u32, budget: &Budget<'_>, states: usize) -> Result<bool, Stop> {
        let cur = self.store.get(v).to_vec();
        self.walk(&cur);
        let area = std::mem::take(&mut self.area);
        // The walks of the closures below mark rooms of their own.
        let inside = std::mem::take(&mut self.behind);
        self.behind = std::mem::take(&mut self.spare);
        let out = self.steps_out(&cur, &area, &inside, budget, states);
        self.area = area;
        self.spare = std::mem::replace(&mut self.behind, inside);
        let Some(mut out) = out? else {
            return Ok(true);
        };
        out.sort_unstable();
        self.steps[v as usize] = Some(out.into_iter().map(|(_, j)| j).collect());
        Ok(false)
    }

    /// The closed states after the steps from `cur` out of its `area`
    /// (whose rooms are those of `inside`), each
    /// with its room's distance to the goal; `None` when a step enters the
    /// goal room.
    fn steps_out(
        &mut self,
        cur: &[u64],
        area: &[u32],
        inside: &Marks,
        budget: &Budget<'_>,
        states: usize,
    ) -> Result<Option<Vec<(u32, u32)>>, Stop> {
        let c = self.c;
        let mut t = vec![0u64; c.width];
        let mut out = Vec::new();
        for &r in area {
            self.reached[r as usize] = true;
            let exits = c.exits_of(r as usize);
            self.scanned += exits.len();
            for e in exits {
                // A free step into the area stays in it; a step that
                // spends to enter the area unlocks a door between rooms
                // that already reach each other, and only loses the items
                // spent ([`Oracle`]'s note).
                if inside.contains(e.to as usize) {
                    continue;
                }
                if !c.take_exit(cur, e, &mut t) {
                    continue;
                }
                if c.is_goal(&t) {
                    return Ok(None);
                }
                self.close(&mut t);
                budget.tick(&mut self.meter, std::mem::take(&mut self.scanned), states)?;
                let (j, new) = self.store.insert(&t);
                if new {
                    self.known.push(Known::Open);
                    self.steps.push(None);
                }
                out.push((self.to_goal[e.to as usize], j));
            }
        }
        Ok(Some(out))
    }
}

#[cfg(test)]
mod tests;
