//! Shorter traces for the fatal steps the scout found. Its plays wander:
//! a trace of 100 to 600 steps leads to a step a designer could reach in
//! far fewer.
//!
//! A trace is read as its events: the steps that change more than the
//! room (a pickup, a spend) and the fatal step at the end. The walks
//! between them change nothing, so any walk that changes nothing will do,
//! and the shortest is taken ([`relink`]). Then events are dropped, halves
//! first, then smaller runs, for as long as the relinked trace still
//! replays, the state before its last step still reaches the goal and the
//! state after it does not: the last step is then still fatal, and of the
//! same kind.

use std::collections::VecDeque;

use super::super::budget::{Budget, Stop};
use super::super::closures::{Forget, Oracle};
use super::super::compile::{Compiled, NONE, PULL, test};
use super::super::marks::Marks;
use super::scout::Witness;

/// Trials per event of the trace at most, so that a long trace on a level
/// of costly checks ends too.
const TRIALS_PER_EVENT: usize = 4;

/// A step that changes more than the room, and the room it is taken from.
#[derive(Clone, Copy)]
struct Event {
    from: usize,
    act: (u32, usize),
}

/// Shortens `w`'s steps (and sets its cost to theirs) while its last step
/// stays fatal; stops where the budget does, keeping what it has.
pub(crate) fn shorten(
    c: &Compiled,
    oracle: &mut Oracle<'_>,
    forget: Option<&Forget>,
    w: &mut Witness,
    budget: &Budget<'_>,
) {
    if w.acts.iter().any(|&(act, _)| act & PULL != 0) {
        return;
    }
    let Some(mut events) = events_of(c, &w.acts) else {
        return;
    };
    let mut paths = Paths::new(c.rooms());
    let mut best = w.acts.clone();
    let mut check = |events: &[Event], best: &mut Vec<(u32, usize)>| -> Result<bool, Stop> {
        let Some(acts) = paths.relink(c, events) else {
            return Ok(false);
        };
        let fatal = still_fatal(c, oracle, forget, &acts, budget)?;
        if fatal && acts.len() <= best.len() {
            *best = acts;
        }
        Ok(fatal)
    };
    // The same events, walked the shortest way.
    if !matches!(check(&events, &mut best), Ok(true)) {
        return;
    }
    let mut trials = TRIALS_PER_EVENT * events.len();
    let mut chunk = (events.len() - 1).div_ceil(2);
    'sizes: while chunk > 0 {
        let mut i = 0;
        // The last event is the fatal step: it stays.
        while i + 1 < events.len() {
            if trials == 0 {
                break 'sizes;
            }
            trials -= 1;
            let end = (i + chunk).min(events.len() - 1);
            let trial: Vec<Event> = events[..i].iter().chain(&events[end..]).copied().collect();
            match check(&trial, &mut best) {
                Ok(true) => events = trial,
                Ok(false) => i = end,
                Err(_) => break 'sizes,
            }
        }
        chunk /= 2;
    }
    if let Some((_, cost)) = walk(c, c.start.clone(), &best) {
        w.acts = best;
        w.cost = cost;
    }
}

/// The events of `acts` from the start, the last step always one; `None`
/// when a step cannot be taken or there is none.
fn events_of(c: &Compiled, acts: &[(u32, usize)]) -> Option<Vec<Event>> {
    let mut cur = c.start.clone();
    let mut next = cur.clone();
    let mut events = Vec::new();
    for (k, &(door, to)) in acts.iter().enumerate() {
        let from = c.room(&cur);
        let exit = (c.exits_of(from).iter()).find(|e| e.door == door && e.to as usize == to)?;
        if !c.take_exit(&cur, exit, &mut next) {
            return None;
        }
        c.set_room(&mut next, from);
        if next != cur || k + 1 == acts.len() {
            events.push(Event {
                from,
                act: (door, to),
            });
        }
        c.set_room(&mut next, to);
        std::mem::swap(&mut cur, &mut next);
    }
    (!events.is_empty()).then_some(events)
}

/// Whether the last of `acts`, taken after the others from the start, is
/// a fatal step: the steps can be taken, the state before it reaches the
/// goal and the state after it does not.
fn still_fatal(
    c: &Compiled,
    oracle: &mut Oracle<'_>,
    forget: Option<&Forget>,
    acts: &[(u32, usize)],
    budget: &Budget<'_>,
) -> Result<bool, Stop> {
    let Some((&fatal, prefix)) = acts.split_last() else {
        return Ok(false);
    };
    let Some((before, _)) = walk(c, c.start.clone(), prefix) else {
        return Ok(false);
    };
    let Some((after, _)) = walk(c, before.clone(), &[fatal]) else {
        return Ok(false);
    };
    let mut live = |mut s: Vec<u64>| {
        if let Some(f) = forget {
            f.apply(c, &mut s);
        }
        oracle.live(&s, budget, 0)
    };
    Ok(!live(after)? && live(before)?)
}

/// The state after `acts` (door, room entered) from `cur`, and their
/// cost; `None` when one cannot be taken.
fn walk(c: &Compiled, mut cur: Vec<u64>, acts: &[(u32, usize)]) -> Option<(Vec<u64>, f64)> {
    let mut next = cur.clone();
    let mut cost = 0.0;
    for &(door, to) in acts {
        let exit =
            (c.exits_of(c.room(&cur)).iter()).find(|e| e.door == door && e.to as usize == to)?;
        if !c.take_exit(&cur, exit, &mut next) {
            return None;
        }
        cost += exit.cost;
        std::mem::swap(&mut cur, &mut next);
    }
    Some((cur, cost))
}

/// Shortest walks that change nothing but the room: through doors passed
/// without spending, into rooms with nothing left to pick up, never into
/// the goal room.
struct Paths {
    /// Per room, the exit taken into it and the room it leaves; valid
    /// for the rooms of `marks`.
    via: Vec<u32>,
    prev: Vec<u32>,
    marks: Marks,
    queue: VecDeque<u32>,
}

impl Paths {
    fn new(rooms: usize) -> Self {
        Self {
            via: vec![NONE; rooms],
            prev: vec![NONE; rooms],
            marks: Marks::new(rooms),
            queue: VecDeque::new(),
        }
    }

    /// The steps of `events` from the start, each reached by the shortest
    /// walk that changes nothing; `None` when a room cannot be reached so
    /// or an event cannot be taken there.
    fn relink(&mut self, c: &Compiled, events: &[Event]) -> Option<Vec<(u32, usize)>> {
        let mut cur = c.start.clone();
        let mut next = cur.clone();
        let mut acts = Vec::new();
        for ev in events {
            let start = acts.len();
            let mut r = ev.from;
            self.search(c, &cur, ev.from)?;
            while r != c.room(&cur) {
                let e = &c.exits[self.via[r] as usize];
                acts.push((e.door, r));
                r = self.prev[r] as usize;
            }
            acts[start..].reverse();
            let (door, to) = ev.act;
            let exit =
                (c.exits_of(ev.from).iter()).find(|e| e.door == door && e.to as usize == to)?;
            c.set_room(&mut cur, ev.from);
            if !c.take_exit(&cur, exit, &mut next) {
                return None;
            }
            acts.push(ev.act);
            std::mem::swap(&mut cur, &mut next);
        }
        Some(acts)
    }

    /// Walks from `s`'s room until `to` is reached; `None` when it is not.
    fn search(&mut self, c: &Compiled, s: &[u64], to: usize) -> Option<()> {
        self.marks.clear();
        let from = c.room(s);
        self.marks.insert(from);
        self.queue.clear();
        self.queue.push_back(from as u32);
        while let Some(r) = self.queue.pop_front() {
            let r = r as usize;
            if r == to {
                return Some(());
            }
            let first = c.exit_start[r];
            for (k, e) in c.exits_of(r).iter().enumerate() {
                let n = e.to as usize;
                let bit = c.layout.loot_bit[n];
                let empty = bit == NONE || test(s, bit);
                if self.marks.contains(n)
                    || n == c.goal_room as usize
                    || !empty
                    || !c.passes_free(s, e)
                {
                    continue;
                }
                self.marks.insert(n);
                self.via[n] = first + k as u32;
                self.prev[n] = r as u32;
                self.queue.push_back(e.to);
            }
        }
        None
    }
}
