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

/// Shortens the steps of each of `ws` (and sets its cost to theirs) while
/// its last step stays fatal, one trial per trace in turn, so that when
/// the budget ends every trace has had its first trials, which gain the
/// most: the same events walked the shortest way, then half of them
/// dropped. Keeps what it has when the budget ends (the clock is read
/// before each trial).
///
/// On level 3 of `tests/small_keys_at_scale.rs` (305 rooms) at 2 s, 43
/// traces were shortened one after the other: in the 60 ms kept for them
/// the first few were, and the traces kept 457 steps on average.
pub(crate) fn shorten_all(
    c: &Compiled,
    oracle: &mut Oracle<'_>,
    forget: Option<&Forget>,
    ws: &mut [&mut Witness],
    budget: &Budget<'_>,
) {
    let mut cuts: Vec<Option<Cut>> = ws.iter().map(|w| Cut::new(c, w)).collect();
    let mut trial = Trial {
        c,
        oracle,
        forget,
        paths: Paths::new(c.rooms()),
        budget,
    };
    'rounds: while cuts.iter().flatten().any(|cut| !cut.done) {
        for cut in cuts.iter_mut().flatten().filter(|cut| !cut.done) {
            if cut.next(&mut trial).is_err() {
                break 'rounds;
            }
        }
    }
    for (cut, w) in cuts.iter_mut().zip(ws.iter_mut()) {
        if let Some(cut) = cut {
            cut.keep(c, w);
        }
    }
}

/// What a trial of a shorter trace needs: the level, the checks of
/// whether a state reaches the goal, and the walks between events.
struct Trial<'a, 'o> {
    c: &'a Compiled,
    oracle: &'a mut Oracle<'o>,
    forget: Option<&'a Forget>,
    paths: Paths,
    budget: &'a Budget<'a>,
}

impl Trial<'_, '_> {
    /// Whether `events`, relinked, still end in a fatal step; if so and
    /// no longer than `best`, they become `best`.
    fn check(&mut self, events: &[Event], best: &mut Vec<(u32, usize)>) -> Result<bool, Stop> {
        self.budget.check_now()?;
        let Some(acts) = self.paths.relink(self.c, events) else {
            return Ok(false);
        };
        let fatal = still_fatal(self.c, self.oracle, self.forget, &acts, self.budget)?;
        if fatal && acts.len() <= best.len() {
            *best = acts;
        }
        Ok(fatal)
    }
}

/// One trace being shortened: its events, the shortest steps found, and
/// where the dropping of events stands.
struct Cut {
    events: Vec<Event>,
    best: Vec<(u32, usize)>,
    /// Whether the events as they are were relinked yet, and whether no
    /// trial is left.
    relinked: bool,
    done: bool,
    /// Trials left, the size of the runs of events dropped, and the first
    /// event of the next run.
    trials: usize,
    chunk: usize,
    at: usize,
}

impl Cut {
    /// `None` for a trace with a pull, or no step. Its steps are `best`
    /// until shorter ones are found; `best` is emptied when none is.
    fn new(c: &Compiled, w: &Witness) -> Option<Self> {
        if w.acts.iter().any(|&(act, _)| act & PULL != 0) {
            return None;
        }
        let events = events_of(c, &w.acts)?;
        Some(Self {
            trials: TRIALS_PER_EVENT * events.len(),
            chunk: (events.len() - 1).div_ceil(2),
            at: 0,
            relinked: false,
            done: false,
            best: w.acts.clone(),
            events,
        })
    }

    /// Makes one trial, or marks the cut `done` when none is left.
    fn next(&mut self, trial: &mut Trial<'_, '_>) -> Result<(), Stop> {
        if !self.relinked {
            // The same events, walked the shortest way: when that is not
            // fatal, no trial is, and the trace stays as it was.
            self.relinked = true;
            if !trial.check(&self.events, &mut self.best)? {
                self.best.clear();
                self.done = true;
            }
            return Ok(());
        }
        // The last event is the fatal step: it stays.
        while self.chunk > 0 && self.at + 1 >= self.events.len() {
            self.chunk /= 2;
            self.at = 0;
        }
        if self.chunk == 0 || self.trials == 0 {
            self.done = true;
            return Ok(());
        }
        self.trials -= 1;
        let end = (self.at + self.chunk).min(self.events.len() - 1);
        let fewer: Vec<Event> = (self.events[..self.at].iter())
            .chain(&self.events[end..])
            .copied()
            .collect();
        if trial.check(&fewer, &mut self.best)? {
            self.events = fewer;
        } else {
            self.at = end;
        }
        Ok(())
    }

    /// Gives `w` the shortest steps found, and their cost.
    fn keep(&mut self, c: &Compiled, w: &mut Witness) {
        if self.best.is_empty() {
            return;
        }
        if let Some((_, cost)) = walk(c, c.start.clone(), &self.best) {
            w.acts = std::mem::take(&mut self.best);
            w.cost = cost;
        }
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
