//! Scouting for the fatal steps a hunt cut short did not reach.
//!
//! The hunt settles states cheapest first, and on a level of hundreds of
//! rooms and dozens of small keys it spends its budget on the many cheap
//! states near the start: the ways of wasting keys that make a step fatal
//! lie deep. A scout plays instead, on levels the closed states answer
//! ([`super::super::closures`]): from a live state, it walks its free area
//! (doors passed without spending, both ways) and looks at every
//! irreversible step out of it (a spend or a one-way door), each taken
//! from the poorest state the walk reaches its room in: along the way
//! that picks up the fewest keys. A step after which the goal is out of
//! reach is fatal there, since the state before it is live. Then the
//! scout takes one live step at random (most often a spend into a keyless
//! side pocket, when there is one: wasting keys is how a player is left
//! short), or first picks up a key, and goes on, until nothing is left to
//! do; then it starts again from the start.
//!
//! Every step it reports is fatal, with the steps that lead to it; one it
//! does not report may be fatal or not: the scout proves nothing absent.

use std::collections::VecDeque;

use rustc_hash::FxHashMap;

use super::super::budget::{Budget, Meter, Stop};
use super::super::closures::{Forget, Oracle};
use super::super::compile::{Compiled, Exit, NONE, test};
use super::super::marks::Marks;
use crate::rng::Rng;
use crate::rules::mechanics::{Mechanics, Passage};

mod follow;

pub(crate) use follow::follow_all;

/// Moves of one play at most, per irreversible step of the level.
const MOVES_PER_STEP: usize = 4;
/// Plays at most, per irreversible step wanted: an analysis without a
/// deadline stops too, when some kind is never fatal.
const PLAYS_PER_STEP: usize = 64;
/// Words of work a scout does at most (the areas it walks, the states it
/// makes), so that it ends without a deadline too.
const MAX_WORK: usize = 1 << 29;
/// One move in this many ends a play early, so that plays start again
/// often and differ early.
const RESTART: u64 = 24;
/// Odds in 100 that a move is drawn among the spends into keyless side
/// pockets, when there are some: keys wasted there are how a player is
/// left with none to spare. Over four seeds of the 24 levels of
/// `tests/small_keys_at_scale.rs` at 2 s, the kinds found went from
/// 890–944 (moves drawn evenly) to 1,001–1,084 (70); 90 found 983–1,048,
/// and always drawing there 977–1,009.
const POCKET_ODDS: u64 = 70;

/// A fatal step found, with the steps from the start that lead to it.
pub(crate) struct Witness {
    /// `(door, room entered)` of the fatal step.
    pub kind: (u32, usize),
    /// The cost of the steps, the fatal one included.
    pub cost: f64,
    /// `(door, room entered)` of each step from the start, the fatal one
    /// last.
    pub acts: Vec<(u32, usize)>,
}

/// Scouts for a fatal step of each kind `(door, room entered)` of
/// `wanted`, until one of each is found or the budget ends; returns those
/// found, each the cheapest the plays met. The start of `c` must reach
/// the goal.
pub(crate) fn scout<'c>(
    m: &Mechanics,
    c: &'c Compiled,
    oracle: &mut Oracle<'c>,
    forget: Option<&Forget>,
    wanted: &[Passage],
    budget: &Budget<'_>,
    seed: u64,
) -> Vec<Witness> {
    let mut want = Wanted {
        kinds: wanted
            .iter()
            .map(|p| ((p.door as u32, p.to), None))
            .collect(),
        missing: 0,
    };
    want.missing = want.kinds.len();
    let mut scout = Scout::new(m, c, oracle, forget, seed);
    let moves = MOVES_PER_STEP * wanted.len();
    for _ in 0..PLAYS_PER_STEP * wanted.len() {
        if want.missing == 0 || scout.play(&mut want, moves, budget).is_err() {
            break;
        }
    }
    scout.found
}

/// The kinds of step scouted for: each with the number of the cheapest
/// fatal step of it found so far, if any.
struct Wanted {
    kinds: FxHashMap<(u32, usize), Option<usize>>,
    /// Kinds with none found yet.
    missing: usize,
}

/// A move of a play: walk to a room of the free area and take one of its
/// exits, or walk to a room only to pick up its keys.
#[derive(Clone, Copy)]
enum Move {
    /// `checked` when the state after it is known to reach the goal.
    Step {
        room: u32,
        exit: u32,
        checked: bool,
    },
    Loot {
        room: u32,
    },
}

struct Scout<'a, 'c> {
    m: &'a Mechanics,
    c: &'c Compiled,
    oracle: &'a mut Oracle<'c>,
    forget: Option<&'a Forget>,
    region: Region,
    rng: Rng,
    /// Whether counted plays are followed with random choices
    /// ([`follow`]).
    random: bool,
    found: Vec<Witness>,
    meter: Meter,
    /// Words of work done so far.
    work: usize,
    /// Scratch states: a state walked to a room, and after a step from it.
    at: Vec<u64>,
    after: Vec<u64>,
}

impl<'a, 'c> Scout<'a, 'c> {
    fn new(
        m: &'a Mechanics,
        c: &'c Compiled,
        oracle: &'a mut Oracle<'c>,
        forget: Option<&'a Forget>,
        seed: u64,
    ) -> Self {
        Scout {
            m,
            c,
            oracle,
            forget,
            region: Region::new(c.rooms()),
            rng: Rng::new(seed),
            random: false,
            found: Vec::new(),
            meter: Meter::default(),
            work: 0,
            at: vec![0; c.width],
            after: vec![0; c.width],
        }
    }
}

impl Scout<'_, '_> {
    /// One play from the start, of at most `moves` moves.
    fn play(&mut self, want: &mut Wanted, moves: usize, budget: &Budget<'_>) -> Result<(), Stop> {
        let c = self.c;
        let mut cur = c.start.clone();
        let mut acts = Vec::new();
        let mut cost = 0.0;
        let mut options = Vec::new();
        for _ in 0..moves {
            self.region.walk(c, self.m, &cur);
            let work = self.region.work(c);
            budget.check(&mut self.meter, work, self.oracle.len(), c.width)?;
            self.work += work;
            if self.work > MAX_WORK {
                return Err(Stop::States);
            }
            options.clear();
            for k in 0..self.region.rooms.len() {
                let r = self.region.rooms[k] as usize;
                self.look_from(&cur, r, want, budget, (&acts, cost), &mut options)?;
                let bit = c.layout.loot_bit[r];
                if bit != NONE && !test(&cur, bit) {
                    options.push(Move::Loot { room: r as u32 });
                }
            }
            if want.missing == 0 || options.is_empty() || self.rng.below(RESTART) == 0 {
                return Ok(());
            }
            let Some(chosen) = self.choose(&cur, &mut options, budget)? else {
                return Ok(());
            };
            cost += self.take(&mut cur, &mut acts, chosen);
        }
        Ok(())
    }

    /// Looks at each irreversible step out of room `r` of the area of
    /// `cur`, taken from the poorest state the walk there reaches: one of a
    /// kind wanted is checked unless a fatal one of its kind as cheap was
    /// found, and reported when fatal (`so_far` holds the steps and cost of
    /// the play to `cur`); the others, and the checked ones that are live,
    /// become options of the play.
    fn look_from(
        &mut self,
        cur: &[u64],
        r: usize,
        want: &mut Wanted,
        budget: &Budget<'_>,
        so_far: (&[(u32, usize)], f64),
        options: &mut Vec<Move>,
    ) -> Result<(), Stop> {
        let c = self.c;
        let first = c.exit_start[r];
        let exits = c.exits_of(r);
        if !exits.iter().any(|e| self.irreversible(cur, e)) {
            return Ok(());
        }
        self.region.poorest(c, cur, r, &mut self.at);
        let to_r = so_far.1 + self.region.cost_to(c, r);
        self.work += c.width * (exits.len() + 1);
        for (e, exit) in exits.iter().enumerate() {
            if !self.irreversible(cur, exit) || !c.take_exit(&self.at, exit, &mut self.after) {
                continue;
            }
            let step = |checked| Move::Step {
                room: r as u32,
                exit: first + e as u32,
                checked,
            };
            let kind = (exit.door, exit.to as usize);
            let cost = to_r + exit.cost;
            let best = match want.kinds.get(&kind) {
                Some(&best)
                    if best.is_none_or(|i| self.found.get(i).is_none_or(|w| cost < w.cost)) =>
                {
                    best
                }
                _ => {
                    options.push(step(false));
                    continue;
                }
            };
            if self.after_is_live(budget)? {
                options.push(step(true));
                continue;
            }
            let mut acts = so_far.0.to_vec();
            self.region.path(c, r, &mut acts);
            acts.push(kind);
            let witness = Witness { kind, cost, acts };
            match best {
                Some(i) => {
                    if let Some(w) = self.found.get_mut(i) {
                        *w = witness;
                    }
                }
                None => {
                    want.kinds.insert(kind, Some(self.found.len()));
                    want.missing -= 1;
                    self.found.push(witness);
                }
            }
        }
        Ok(())
    }

    /// Whether the scratch state `after` can still reach the goal; it is
    /// changed (its unread bits set).
    fn after_is_live(&mut self, budget: &Budget<'_>) -> Result<bool, Stop> {
        if let Some(f) = self.forget {
            f.apply(self.c, &mut self.after);
        }
        self.oracle.live(&self.after, budget, 0)
    }

    /// A move of `options` drawn at random, the steps not yet checked
    /// checked first (a dead one is dropped and another drawn); `None`
    /// when every one is dead.
    fn choose(
        &mut self,
        cur: &[u64],
        options: &mut Vec<Move>,
        budget: &Budget<'_>,
    ) -> Result<Option<Move>, Stop> {
        let c = self.c;
        while !options.is_empty() {
            let mut k = self.rng.index(options.len());
            if self.rng.below(100) < POCKET_ODDS {
                k = self.pocket_option(options).unwrap_or(k);
            }
            let Move::Step {
                room,
                exit,
                checked: false,
            } = options[k]
            else {
                return Ok(Some(options[k]));
            };
            self.region.poorest(c, cur, room as usize, &mut self.at);
            let taken = c.take_exit(&self.at, &c.exits[exit as usize], &mut self.after);
            if taken && self.after_is_live(budget)? {
                return Ok(Some(options[k]));
            }
            options.swap_remove(k);
        }
        Ok(None)
    }

    /// One of `options` that spends into a keyless side pocket, drawn at
    /// random; `None` when there is none.
    fn pocket_option(&mut self, options: &[Move]) -> Option<usize> {
        let (c, oracle) = (self.c, &*self.oracle);
        let pocket = |m: &Move| matches!(*m, Move::Step { exit, .. } if oracle.leads_into_pocket(&c.exits[exit as usize]));
        let n = options.iter().filter(|m| pocket(m)).count();
        if n == 0 {
            return None;
        }
        let pick = self.rng.index(n);
        (options.iter().enumerate())
            .filter(|(_, m)| pocket(m))
            .nth(pick)
            .map(|(i, _)| i)
    }

    /// True when `exit` leads out of the free area of `cur`: it spends, or
    /// its door is one-way.
    fn irreversible(&self, cur: &[u64], exit: &Exit) -> bool {
        exit.to != self.c.goal_room
            && (!self.c.passes_free(cur, exit) || self.m.is_one_way(exit.door as usize))
    }

    /// Plays `chosen` on `cur`, adding its steps to `acts`; its cost.
    fn take(&self, cur: &mut [u64], acts: &mut Vec<(u32, usize)>, chosen: Move) -> f64 {
        let c = self.c;
        let room = match chosen {
            Move::Step { room, .. } | Move::Loot { room } => room as usize,
        };
        let from = acts.len();
        let mut cost = self.region.path(c, room, acts);
        if let Move::Step { exit, .. } = chosen {
            let exit = &c.exits[exit as usize];
            acts.push((exit.door, exit.to as usize));
            cost += exit.cost;
        }
        for &(door, to) in &acts[from..] {
            let here = c.room(cur);
            let exit = c
                .exits_of(here)
                .iter()
                .find(|e| e.door == door && e.to as usize == to);
            if let Some(exit) = exit {
                c.take_exit_in_place(cur, exit);
            }
        }
        cost
    }
}

/// The free area of a state, walked so that each room is reached picking
/// up the fewest keys: rooms not yet looted cost one, others none.
struct Region {
    rooms: Vec<u32>,
    /// Per room: the loots on the way there, and the exit taken into it
    /// (`NONE` for the room walked from); valid for the rooms of `marks`.
    loots: Vec<u32>,
    via: Vec<u32>,
    prev: Vec<u32>,
    marks: Marks,
    settled: Marks,
    queue: VecDeque<u32>,
    /// Exits looked at by the last walk.
    exits: usize,
}

impl Region {
    fn new(rooms: usize) -> Self {
        Self {
            rooms: Vec::new(),
            loots: vec![0; rooms],
            via: vec![NONE; rooms],
            prev: vec![NONE; rooms],
            marks: Marks::new(rooms),
            settled: Marks::new(rooms),
            queue: VecDeque::new(),
            exits: 0,
        }
    }

    /// The rooms `s`'s room reaches through doors passed without spending
    /// and not one-way, the goal room left out, by fewest loots first.
    fn walk(&mut self, c: &Compiled, m: &Mechanics, s: &[u64]) {
        self.walk_by(c, s, |e| !m.is_one_way(e.door as usize));
    }

    /// [`Self::walk`] through the exits `keep` keeps (one-way or not).
    fn walk_by(&mut self, c: &Compiled, s: &[u64], keep: impl Fn(&Exit) -> bool) {
        self.marks.clear();
        self.settled.clear();
        self.exits = 0;
        let from = c.room(s);
        self.rooms.clear();
        self.queue.clear();
        self.marks.insert(from);
        self.loots[from] = 0;
        self.via[from] = NONE;
        self.queue.push_back(from as u32);
        while let Some(r) = self.queue.pop_front() {
            let r = r as usize;
            if !self.settled.insert(r) {
                continue;
            }
            self.rooms.push(r as u32);
            self.exits += c.exits_of(r).len();
            let first = c.exit_start[r];
            for (k, e) in c.exits_of(r).iter().enumerate() {
                let to = e.to as usize;
                if to == c.goal_room as usize || !keep(e) || !c.passes_free(s, e) {
                    continue;
                }
                let bit = c.layout.loot_bit[to];
                let step = u32::from(bit != NONE && !test(s, bit));
                let loots = self.loots[r] + step;
                if self.marks.insert(to) || loots < self.loots[to] {
                    self.loots[to] = loots;
                    self.via[to] = first + k as u32;
                    self.prev[to] = r as u32;
                    if step == 0 {
                        self.queue.push_front(e.to);
                    } else {
                        self.queue.push_back(e.to);
                    }
                }
            }
        }
    }

    /// The work of the last walk, for the budget: a word of state per
    /// room, and the exits looked at (a room may have 20,000).
    fn work(&self, c: &Compiled) -> usize {
        c.width * (self.rooms.len() + 1) + self.exits
    }

    /// Into `at`: `s` walked to room `r` of its area by the way of fewest
    /// loots.
    fn poorest(&self, c: &Compiled, s: &[u64], r: usize, at: &mut [u64]) {
        at.copy_from_slice(s);
        let mut k = r;
        while self.via[k] != NONE {
            c.loot(at, k);
            k = self.prev[k] as usize;
        }
        c.set_room(at, r);
    }

    /// The cost of the way to room `r`.
    fn cost_to(&self, c: &Compiled, r: usize) -> f64 {
        let mut cost = 0.0;
        let mut k = r;
        while self.via[k] != NONE {
            cost += c.exits[self.via[k] as usize].cost;
            k = self.prev[k] as usize;
        }
        cost
    }

    /// Appends to `acts` the steps of the way to room `r`; their cost.
    fn path(&self, c: &Compiled, r: usize, acts: &mut Vec<(u32, usize)>) -> f64 {
        let from = acts.len();
        let mut cost = 0.0;
        let mut k = r;
        while self.via[k] != NONE {
            let e = &c.exits[self.via[k] as usize];
            acts.push((e.door, k));
            cost += e.cost;
            k = self.prev[k] as usize;
        }
        acts[from..].reverse();
        cost
    }
}
