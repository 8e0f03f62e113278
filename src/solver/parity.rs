//! Reachability over lever positions as bitsets, for levels whose every step
//! can be undone (see [`super::reversible`]).
//!
//! With `L` levers whose doors are coupled, the position of the levers is a
//! vector `p` of `L` bits: which have been pulled an odd number of times. A
//! door those levers flip is open exactly when its state at the start,
//! flipped by the levers of `p` that flip it, is open: a fixed set of `p`
//! values. So each room keeps one bitset over all `2^L` positions (which it
//! has been reached in), walking through a door spreads a room's bitset to
//! the next room masked by the door's set, and pulling lever `j` moves every
//! position `p` to `p ^ (1 << j)`, a few word swaps. Keys and switch levers
//! are gained for good, so they only make more doors usable.
//!
//! This is the lever generator's evaluator over lever parities instead of
//! door masks; `tests/solver_brute.rs` checks its rooms against the
//! brute force.

use super::budget::{Budget, Meter, Stop};
use super::facts;
use crate::rules::mechanics::{Blocked, Holdings, Mechanics, Opening, Passage};
pub(crate) use crate::rules::positions::words_for;
use crate::rules::positions::{flip, open_positions};

/// Most coupled levers explored this way: `2^24` positions, 262,144 words
/// per room (then only for levels of up to 16 rooms, by [`MAX_WORDS`]).
pub(crate) const MAX_LEVERS: usize = 24;
/// Most words of bitsets in all (32 MB).
pub(crate) const MAX_WORDS: usize = 1 << 22;

/// How a door is opened, for walking.
#[derive(Clone, Debug)]
pub(crate) enum Gate {
    /// Always open (or best left open).
    Open,
    /// Never open.
    Shut,
    /// Open once this switch lever's room is reached.
    Switch(usize),
    /// Open in the positions of this bitset.
    Positions(Vec<u64>),
}

/// The result of an exploration.
pub(crate) struct Explored {
    pub rooms: Vec<bool>,
    pub keys: Vec<bool>,
    /// Room-positions reached.
    pub states: usize,
}

/// What the exploration needs to know of the level.
pub(crate) struct Setup<'a> {
    pub m: &'a Mechanics,
    pub removed: &'a [bool],
    pub gates: Vec<Gate>,
    /// The coupled levers, bit `j` of a position is `levers[j]`.
    pub levers: Vec<usize>,
    /// Per lever: its bit among the coupled, if it is one.
    pub bit_of: Vec<Option<u32>>,
    pub goal_ends_game: bool,
}

/// Explores the rooms and lever positions from the start.
///
/// A way out that waits for a key or a switch is looked at again alone
/// when that is gained, not with every other way out of its room: a room
/// with 100,000 locked doors would otherwise be walked 100,000 times.
///
/// # Errors
/// [`Stop`] when the budget runs out (time or cancel).
pub(crate) fn explore(setup: &Setup<'_>, budget: &Budget<'_>) -> Result<Explored, Stop> {
    let m = setup.m;
    let words = words_for(setup.levers.len());
    // One bitset of lever positions per room, all stored at once.
    if m.rooms().saturating_mul(words) >= budget.max_words {
        return Err(Stop::States);
    }
    let mut walk = Walk::new(setup, words);
    let mut meter = Meter::default();
    while let Some(work) = walk.todo.pop() {
        match work {
            Work::Room(r) => {
                let steps = 1 + m.passages_from(r).len() + m.levers_in(r).count();
                budget.check(&mut meter, words * steps, walk.stored, words)?;
                walk.room(r);
            }
            Work::Passage(q) => {
                budget.check(&mut meter, words, walk.stored, words)?;
                walk.spread(q);
            }
        }
    }
    let states = walk.reach.iter().map(|w| w.count_ones() as usize).sum();
    Ok(Explored {
        rooms: walk.seen,
        keys: walk.keys,
        states,
    })
}

/// What is left to do: spread a room's positions along all its ways out,
/// or along one (by index into the level's passages) that waited.
enum Work {
    Room(usize),
    Passage(usize),
}

/// An exploration under way.
struct Walk<'s> {
    setup: &'s Setup<'s>,
    words: usize,
    /// One bitset of lever positions per room.
    reach: Vec<u64>,
    keys: Vec<bool>,
    switches: Vec<bool>,
    seen: Vec<bool>,
    todo: Vec<Work>,
    /// Per passage: whether it is in a wait list (each is, at most once).
    waiting: Vec<bool>,
    /// Passages waiting for each key, and for each switch.
    wait_key: Vec<Vec<usize>>,
    wait_switch: Vec<Vec<usize>>,
    /// Rooms whose lever bitsets hold something: what this search stores,
    /// and what `--max-states` bounds.
    stored: usize,
    scratch: Vec<u64>,
}

impl<'s> Walk<'s> {
    fn new(setup: &'s Setup<'s>, words: usize) -> Self {
        let m = setup.m;
        let mut reach = vec![0u64; m.rooms() * words];
        reach[m.start() * words] = 1;
        Self {
            setup,
            words,
            reach,
            keys: vec![false; m.keys().len()],
            switches: vec![false; m.levers().len()],
            seen: vec![false; m.rooms()],
            todo: vec![Work::Room(m.start())],
            waiting: vec![false; m.passages().len()],
            wait_key: vec![Vec::new(); m.keys().len()],
            wait_switch: vec![Vec::new(); m.levers().len()],
            stored: 1,
            scratch: vec![0u64; words],
        }
    }

    /// Enters room `r` (taking what lies there the first time), closes its
    /// positions under its levers, and spreads them along every way out.
    fn room(&mut self, r: usize) {
        let m = self.setup.m;
        // Entering the goal room ends the game: nothing found there helps.
        if self.setup.goal_ends_game && r == m.goal() {
            self.seen[r] = true;
            return;
        }
        if !self.seen[r] {
            self.seen[r] = true;
            self.stored += 1;
            self.take(r);
        }
        let at = r * self.words;
        let set = &mut self.reach[at..at + self.words];
        close_under_pulls(self.setup, r, set, &mut self.scratch);
        for q in m.passage_indices(r) {
            self.spread(q);
        }
    }

    /// Takes the keys and switches of room `r`, and looks again at the
    /// ways out that waited for them.
    fn take(&mut self, r: usize) {
        let m = self.setup.m;
        for k in m.keys_in(r) {
            if !self.setup.removed.get(k).copied().unwrap_or(false) && !self.keys[k] {
                self.keys[k] = true;
                let freed = std::mem::take(&mut self.wait_key[k]);
                self.release(freed);
            }
        }
        for l in m.levers_in(r) {
            if self.setup.bit_of[l].is_none() && !self.switches[l] {
                self.switches[l] = true;
                let freed = std::mem::take(&mut self.wait_switch[l]);
                self.release(freed);
            }
        }
    }

    fn release(&mut self, passages: Vec<usize>) {
        for q in passages {
            self.waiting[q] = false;
            self.todo.push(Work::Passage(q));
        }
    }

    /// Spreads the positions of passage `q`'s room along it, or puts it in
    /// the wait list of what it waits for.
    fn spread(&mut self, q: usize) {
        let setup = self.setup;
        let Some(p) = setup.m.passage_at(q) else {
            return;
        };
        let wait = waits_for(setup, p, &self.keys, &self.switches);
        if !matches!(wait, Wait::Nothing) {
            if !std::mem::replace(&mut self.waiting[q], true) {
                match wait {
                    // Whichever comes first releases it; the others of an
                    // any-of lock then release it again, which changes nothing.
                    Wait::Keys(keys) => keys.iter().for_each(|&k| self.wait_key[k].push(q)),
                    Wait::Switch(l) => self.wait_switch[l].push(q),
                    Wait::Nothing | Wait::Forever => {}
                }
            }
            return;
        }
        let (at, to) = (p.from * self.words, p.to * self.words);
        let mut grew = false;
        // A free door is open in every position: its gate need not be read.
        let gate = (!setup.m.is_free(p.door)).then(|| &setup.gates[p.door]);
        for w in 0..self.words {
            let mask = match gate {
                Some(Gate::Positions(open)) => open[w],
                _ => u64::MAX,
            };
            let add = self.reach[at + w] & mask & !self.reach[to + w];
            if add != 0 {
                self.reach[to + w] |= add;
                grew = true;
            }
        }
        if grew {
            self.todo.push(Work::Room(p.to));
        }
    }
}

/// Adds to a room's positions every position its levers can pull it to.
fn close_under_pulls(setup: &Setup<'_>, r: usize, set: &mut [u64], scratch: &mut [u64]) {
    let bits: Vec<u32> = setup
        .m
        .levers_in(r)
        .filter_map(|l| setup.bit_of[l])
        .collect();
    if bits.is_empty() {
        return;
    }
    loop {
        let mut grew = false;
        for &j in &bits {
            scratch.copy_from_slice(set);
            flip(scratch, j);
            for (x, y) in set.iter_mut().zip(scratch.iter()) {
                if *y & !*x != 0 {
                    *x |= *y;
                    grew = true;
                }
            }
        }
        if !grew {
            return;
        }
    }
}

/// What a way out waits for before it can be walked at all (lever
/// positions aside).
enum Wait {
    Nothing,
    /// Any one of these keys ([`facts::awaited`]).
    Keys(Vec<usize>),
    Switch(usize),
    Forever,
}

/// Keys and switches gained so far, seen by the rules; doors that levers
/// flip count as open here, their positions are masked by the caller.
struct Gained<'a> {
    setup: &'a Setup<'a>,
    keys: &'a [bool],
    switches: &'a [bool],
}

impl Holdings for Gained<'_> {
    fn door_open(&self, door: usize) -> bool {
        match &self.setup.gates[door] {
            Gate::Switch(l) => self.switches[*l],
            Gate::Shut => false,
            Gate::Open | Gate::Positions(_) => true,
        }
    }

    fn holds(&self, key: usize) -> bool {
        self.keys[key]
    }

    fn unlocked(&self, _: usize) -> bool {
        false
    }

    fn small_in_hand(&self) -> u32 {
        0
    }
}

/// Asks the rules whether passage `p` can be walked, and if not what it
/// waits for.
fn waits_for(setup: &Setup<'_>, p: Passage, keys: &[bool], switches: &[bool]) -> Wait {
    let gained = Gained {
        setup,
        keys,
        switches,
    };
    match setup.m.blocked(p, &gained) {
        None => Wait::Nothing,
        Some(Blocked::Closed) => match setup.gates[p.door] {
            Gate::Switch(l) => Wait::Switch(l),
            _ => Wait::Forever,
        },
        Some(keys @ (Blocked::MissingKeys(_) | Blocked::MissingAny(_))) => {
            let awaited: Vec<usize> = facts::awaited(&keys, setup.removed).collect();
            if awaited.is_empty() {
                Wait::Forever
            } else {
                Wait::Keys(awaited)
            }
        }
        Some(Blocked::NotEnoughSmallKeys { .. } | Blocked::NotEnoughItems { .. }) => Wait::Forever,
    }
}

/// The gate of each door, given how each lever is used.
pub(crate) fn gates(
    m: &Mechanics,
    bit_of: &[Option<u32>],
    switch_of: &[Option<usize>],
    levers: usize,
) -> Vec<Gate> {
    m.doors()
        .iter()
        .enumerate()
        .map(|(d, door)| match door.opening {
            Opening::Open => Gate::Open,
            // Conditional doors belong to extended levels, solved by `general`.
            Opening::Shut | Opening::When => Gate::Shut,
            Opening::Lever { open_at_start } => {
                if let Some(l) = switch_of[d] {
                    return Gate::Switch(l);
                }
                let mask = m
                    .flipped_by(d)
                    .iter()
                    .filter_map(|&l| bit_of[l])
                    .fold(0u64, |acc, j| acc ^ (1 << j));
                if mask == 0 {
                    return if open_at_start {
                        Gate::Open
                    } else {
                        Gate::Shut
                    };
                }
                Gate::Positions(open_positions(open_at_start, mask, levers))
            }
        })
        .collect()
}
