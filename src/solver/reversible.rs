//! Exact reachability for levels where every step can be undone.
//!
//! When no reachable step spends small keys or drops through a one-way door
//! for good, everything the player does can be walked back (through the same
//! doors) or pulled back (the same lever again), except picking up keys, and
//! holding more keys never hurts. So every key the player can ever hold can
//! be held at once, and a room is reachable exactly when it is reachable
//! holding all of them. This module grows that set of keys while it explores
//! rooms and lever positions only, never sets of keys.
//!
//! Levers are cheaper still when they act alone: a lever that is the only one
//! to flip its doors, and finds them all closed, only ever needs pulling
//! once (a *switch*: its doors open once its room is reached); one that finds
//! them all open never needs pulling. Only the other levers' doors are part
//! of the explored state.

use super::budget::{Budget, Meter, Stop};
use super::store::Store;
use super::{facts, parity};
use crate::rules::mechanics::{Blocked, Holdings, Mechanics, Opening, Passage};

/// How the exploration treats a door that levers flip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LeverDoor {
    /// Not flipped by any lever.
    Fixed,
    /// Opened for good once this switch lever's room is reached.
    Switch(usize),
    /// Open, and best left so.
    StaysOpen,
    /// Its state is this bit of the explored state (word 1 on).
    Bit(u32),
}

/// What the exploration found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Reachable {
    pub rooms: Vec<bool>,
    pub keys: Vec<bool>,
    /// The goal room can be entered holding every key it requires.
    pub goal: bool,
    /// `(room, lever doors)` states explored.
    pub states: usize,
    /// With the goal ending the game: a player who passes through the goal
    /// room still lacking a key it requires may get further than this.
    pub leaks: bool,
}

struct Explorer<'a> {
    m: &'a Mechanics,
    removed: &'a [bool],
    goal_ends_game: bool,
    kinds: Vec<LeverDoor>,
    /// Per lever: the bits it flips, if its doors are part of the state.
    flips: Vec<Option<Vec<u32>>>,
    keys: Vec<bool>,
    switches: Vec<bool>,
    rooms: Vec<bool>,
    store: Store,
    width: usize,
    /// Passages (from a state) waiting for a key, or for a switch.
    wait_key: Vec<Vec<(u32, Passage)>>,
    wait_switch: Vec<Vec<(u32, Passage)>>,
    todo: Vec<u32>,
    retry: Vec<(u32, Passage)>,
}

/// A state of the exploration seen by the rules.
struct View<'e> {
    e: &'e Explorer<'e>,
    bits: &'e [u64],
}

impl Holdings for View<'_> {
    fn door_open(&self, door: usize) -> bool {
        match self.e.kinds[door] {
            LeverDoor::Fixed => true,
            LeverDoor::Switch(l) => self.e.switches[l],
            LeverDoor::StaysOpen => true,
            LeverDoor::Bit(b) => self.bits[1 + (b / 64) as usize] & (1 << (b % 64)) != 0,
        }
    }

    fn holds(&self, key: usize) -> bool {
        self.e.keys[key]
    }

    fn unlocked(&self, _: usize) -> bool {
        false
    }

    fn small_in_hand(&self) -> u32 {
        0
    }
}

/// How each lever is used: a switch (pulled once, for good), one best left
/// alone, or one whose position is explored.
struct LeverUse {
    /// Per door: the switch lever that opens it.
    switch_of: Vec<Option<usize>>,
    /// Per door: open, and best left so.
    stays_open: Vec<bool>,
    /// The levers whose positions are explored.
    coupled: Vec<usize>,
    /// Per lever: its place among `coupled`.
    bit_of: Vec<Option<u32>>,
}

fn classify(m: &Mechanics) -> LeverUse {
    let doors = m.doors().len();
    let mut use_ = LeverUse {
        switch_of: vec![None; doors],
        stays_open: vec![false; doors],
        coupled: Vec::new(),
        bit_of: vec![None; m.levers().len()],
    };
    let start_open = |d: usize| {
        matches!(
            m.doors()[d].opening,
            Opening::Lever {
                open_at_start: true
            }
        )
    };
    for (l, lever) in m.levers().iter().enumerate() {
        if lever.flips.is_empty() {
            continue;
        }
        let alone = lever.flips.iter().all(|&d| m.flipped_by(d).len() == 1);
        if alone && lever.flips.iter().all(|&d| !start_open(d)) {
            for &d in &lever.flips {
                use_.switch_of[d] = Some(l);
            }
        } else if alone && lever.flips.iter().all(|&d| start_open(d)) {
            for &d in &lever.flips {
                use_.stays_open[d] = true;
            }
        } else {
            use_.bit_of[l] = Some(use_.coupled.len() as u32);
            use_.coupled.push(l);
        }
    }
    use_
}

/// Explores the level (which must have no reachable irreversible step) with
/// the keys marked in `removed` taken out. With `goal_ends_game`, the goal
/// room is entered but never left.
///
/// # Errors
/// [`Stop`] when the budget runs out first.
pub(crate) fn explore(
    m: &Mechanics,
    removed: &[bool],
    goal_ends_game: bool,
    budget: &Budget<'_>,
) -> Result<Reachable, Stop> {
    if by_keys_alone(m) {
        return Ok(keys_alone(m, removed, goal_ends_game));
    }
    by_levers(m, removed, goal_ends_game, budget)
}

/// [`explore`] by the lever positions of each room, or by the states.
fn by_levers(
    m: &Mechanics,
    removed: &[bool],
    goal_ends_game: bool,
    budget: &Budget<'_>,
) -> Result<Reachable, Stop> {
    let use_ = classify(m);
    if by_positions(m, &use_) {
        let mut gates = parity::gates(m, &use_.bit_of, &use_.switch_of, use_.coupled.len());
        for (d, gate) in gates.iter_mut().enumerate() {
            if use_.stays_open[d] {
                *gate = parity::Gate::Open;
            }
        }
        let setup = parity::Setup {
            m,
            removed,
            gates,
            levers: use_.coupled,
            bit_of: use_.bit_of,
            goal_ends_game,
        };
        let found = parity::explore(&setup, budget)?;
        let goal = reaches_goal(m, removed, &found.rooms, &found.keys);
        let leaks = leaks(m, goal_ends_game, &found.rooms);
        return Ok(Reachable {
            goal,
            rooms: found.rooms,
            keys: found.keys,
            states: found.states,
            leaks,
        });
    }
    states(m, removed, goal_ends_game, &use_, budget)
}

/// Whether a level's positions are its rooms and nothing is ever spent: no
/// lever, no door that spends small keys or other items, none of the rules
/// the general search follows. Then keys are only gained, and one walk
/// that takes each key as it enters its room ([`facts::relaxed`]) reaches
/// exactly what an exploration of the positions does, in one pass where the
/// exploration queues every passage as work of its own.
fn by_keys_alone(m: &Mechanics) -> bool {
    m.levers().is_empty()
        && !m.needs_general()
        && m.doors_not_free().all(|(_, d)| d.spend.is_empty())
}

/// [`explore`] on a level [`by_keys_alone`]: the relaxed walk, the goal
/// room entered and never left when `goal_ends_game`.
fn keys_alone(m: &Mechanics, removed: &[bool], goal_ends_game: bool) -> Reachable {
    let reach = if goal_ends_game {
        facts::relaxed_ending_at_goal(m, removed)
    } else {
        facts::relaxed(m, removed)
    };
    let rooms = reach.rooms;
    // Keys are taken in every room the player entered and did not end the
    // game in; the walk marks small keys only by their count.
    let entered = |r: usize| rooms[r] && !(goal_ends_game && r == m.goal());
    let keys: Vec<bool> = (m.keys().iter().enumerate())
        .map(|(k, key)| entered(key.room) && !removed.get(k).copied().unwrap_or(false))
        .collect();
    let goal = reaches_goal(m, removed, &rooms, &keys);
    let leaks = leaks(m, goal_ends_game, &rooms);
    Reachable {
        goal,
        states: rooms.iter().filter(|&&r| r).count(),
        rooms,
        keys,
        leaks,
    }
}

/// Whether [`explore`] walks the rooms with a bitset of lever positions
/// each, rather than searching the states one by one: few enough levers
/// matter for that, and the bitsets fit.
fn by_positions(m: &Mechanics, use_: &LeverUse) -> bool {
    let words = parity::words_for(use_.coupled.len());
    use_.coupled.len() <= parity::MAX_LEVERS && words.saturating_mul(m.rooms()) <= parity::MAX_WORDS
}

/// Whether [`explore`] searches the states one by one: the costly way,
/// for levels with many levers that matter.
pub(crate) fn by_states(m: &Mechanics) -> bool {
    !m.levers().is_empty() && !by_positions(m, &classify(m))
}

/// Whether a player who enters the goal room still lacking a key it
/// requires (so the game goes on) might get further than an exploration
/// that ends the game there: whenever the goal requires keys and is reached.
fn leaks(m: &Mechanics, goal_ends_game: bool, rooms: &[bool]) -> bool {
    goal_ends_game && !m.goal_requires().is_empty() && rooms[m.goal()]
}

/// Whether the goal room is entered holding every key it requires: the
/// keys gained elsewhere, and those lying in the goal room itself, picked up
/// as the player enters.
fn reaches_goal(m: &Mechanics, removed: &[bool], rooms: &[bool], keys: &[bool]) -> bool {
    let in_goal =
        |k: usize| m.keys()[k].room == m.goal() && !removed.get(k).copied().unwrap_or(false);
    rooms[m.goal()] && m.goal_requires().iter().all(|&k| keys[k] || in_goal(k))
}

/// The exploration of plain states whatever the levers: what the bitsets
/// are checked against.
#[cfg(test)]
pub(crate) fn explore_states(
    m: &Mechanics,
    removed: &[bool],
    goal_ends_game: bool,
    budget: &Budget<'_>,
) -> Result<Reachable, Stop> {
    states(m, removed, goal_ends_game, &classify(m), budget)
}

/// The door kinds of the state exploration: coupled lever doors get bits.
fn door_kinds(m: &Mechanics, use_: &LeverUse) -> (Vec<LeverDoor>, Vec<Option<Vec<u32>>>, u32) {
    let mut kinds = vec![LeverDoor::Fixed; m.doors().len()];
    for (d, kind) in kinds.iter_mut().enumerate() {
        if let Some(l) = use_.switch_of[d] {
            *kind = LeverDoor::Switch(l);
        } else if use_.stays_open[d] {
            *kind = LeverDoor::StaysOpen;
        }
    }
    let mut bits = 0u32;
    let mut flips = vec![None; m.levers().len()];
    for &l in &use_.coupled {
        let mut mine = Vec::new();
        for &d in &m.levers()[l].flips {
            if let LeverDoor::Fixed = kinds[d] {
                kinds[d] = LeverDoor::Bit(bits);
                bits += 1;
            }
            if let LeverDoor::Bit(b) = kinds[d] {
                mine.push(b);
            }
        }
        flips[l] = Some(mine);
    }
    (kinds, flips, bits)
}

/// The exploration of `(room, lever doors)` states, for levels with too
/// many coupled levers for bitsets.
fn states(
    m: &Mechanics,
    removed: &[bool],
    goal_ends_game: bool,
    use_: &LeverUse,
    budget: &Budget<'_>,
) -> Result<Reachable, Stop> {
    let (kinds, flips, bits) = door_kinds(m, use_);
    let width = 1 + (bits as usize).div_ceil(64);
    let mut e = Explorer {
        m,
        removed,
        goal_ends_game,
        kinds,
        flips,
        keys: vec![false; m.keys().len()],
        switches: vec![false; m.levers().len()],
        rooms: vec![false; m.rooms()],
        store: Store::new(width, 64 * width as u32),
        width,
        wait_key: vec![Vec::new(); m.keys().len()],
        wait_switch: vec![Vec::new(); m.levers().len()],
        todo: Vec::new(),
        retry: Vec::new(),
    };
    let mut start = vec![0u64; width];
    start[0] = m.start() as u64;
    for (d, door) in m.doors_not_free() {
        if let (
            LeverDoor::Bit(b),
            Opening::Lever {
                open_at_start: true,
            },
        ) = (e.kinds[d], door.opening)
        {
            start[1 + (b / 64) as usize] |= 1 << (b % 64);
        }
    }
    e.add(&start);
    let mut meter = Meter::default();
    loop {
        if let Some((i, p)) = e.retry.pop() {
            budget.check(&mut meter, width, e.store.len(), width)?;
            e.try_passage(i, p);
            continue;
        }
        let Some(i) = e.todo.pop() else { break };
        let room = e.store.get(i)[0] as usize;
        budget.check(&mut meter, width, e.store.len(), width)?;
        if goal_ends_game && room == m.goal() {
            continue;
        }
        e.expand(i, room, budget, &mut meter)?;
    }
    let goal = reaches_goal(m, removed, &e.rooms, &e.keys);
    let leaks = leaks(m, goal_ends_game, &e.rooms);
    Ok(Reachable {
        goal,
        states: e.store.len(),
        rooms: e.rooms,
        keys: e.keys,
        leaks,
    })
}

impl Explorer<'_> {
    /// Stores a state met for the first time and takes what its room holds.
    fn add(&mut self, s: &[u64]) {
        let (i, new) = self.store.insert(s);
        if !new {
            return;
        }
        let room = s[0] as usize;
        self.todo.push(i);
        if self.rooms[room] {
            return;
        }
        self.rooms[room] = true;
        // Entering the goal room ends the game: nothing found there helps.
        if self.goal_ends_game && room == self.m.goal() {
            return;
        }
        for k in self.m.keys_in(room) {
            if !self.removed.get(k).copied().unwrap_or(false) && !self.keys[k] {
                self.keys[k] = true;
                self.retry.append(&mut self.wait_key[k]);
            }
        }
        for l in self.m.levers_in(room) {
            if self.flips[l].is_none() && !self.switches[l] {
                self.switches[l] = true;
                self.retry.append(&mut self.wait_switch[l]);
            }
        }
    }

    /// Takes every step from state `i` in `room`, each within `budget`: a
    /// room of 100,000 levers makes as many states in one expansion.
    fn expand(
        &mut self,
        i: u32,
        room: usize,
        budget: &Budget<'_>,
        meter: &mut Meter,
    ) -> Result<(), Stop> {
        let width = self.width;
        for p in self.m.passages_from(room) {
            budget.check(meter, width, self.store.len(), width)?;
            self.try_passage(i, p);
        }
        let mut next = vec![0u64; self.width];
        for l in self.m.levers_in(room) {
            budget.check(meter, width, self.store.len(), width)?;
            if let Some(bits) = &self.flips[l] {
                next.copy_from_slice(self.store.get(i));
                for &b in bits {
                    next[1 + (b / 64) as usize] ^= 1 << (b % 64);
                }
                let s = next.clone();
                self.add(&s);
            }
        }
        Ok(())
    }

    /// Takes passage `p` from state `i`, or leaves it waiting for what blocks it.
    fn try_passage(&mut self, i: u32, p: Passage) {
        let blocked = {
            let view = View {
                e: self,
                bits: self.store.get(i),
            };
            self.m.blocked(p, &view)
        };
        match blocked {
            None => {
                let mut next = self.store.get(i).to_vec();
                next[0] = p.to as u64;
                self.add(&next);
            }
            // A second try, when another key of an any-of lock comes, finds
            // the state already there.
            Some(keys @ (Blocked::MissingKeys(_) | Blocked::MissingAny(_))) => {
                for k in facts::awaited(&keys, self.removed) {
                    self.wait_key[k].push((i, p));
                }
            }
            Some(Blocked::Closed) => {
                if let LeverDoor::Switch(l) = self.kinds[p.door] {
                    self.wait_switch[l].push((i, p));
                }
            }
            // Items of other kinds belong to levels solved by `general`.
            Some(Blocked::NotEnoughSmallKeys { .. } | Blocked::NotEnoughItems { .. }) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{Budget, by_keys_alone, by_levers, keys_alone};
    use crate::rules::Mechanics;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        /// On levels with no lever and nothing to spend, the one walk that
        /// takes keys as it goes reaches what the exploration of positions
        /// reaches: the same rooms, keys, goal, count of states and leak
        /// through the goal room, with keys taken out or not and whether
        /// the goal ends the game or not.
        #[test]
        fn one_walk_reaches_what_the_positions_reach(level in crate::solver::agree::level()) {
            let mut level = level;
            level.levers.clear();
            for door in &mut level.doors {
                door.small_locks = 0;
            }
            let Ok(m) = Mechanics::new(&level) else { return Ok(()) };
            prop_assume!(crate::validate::errors(&level).is_empty());
            prop_assert!(by_keys_alone(&m));
            let budget = Budget { max_states: 1_000_000, max_words: 1 << 26, deadline: None, cancel: None, progress: None };
            for removed in [vec![], vec![true], vec![false, true]] {
                for goal_ends_game in [true, false] {
                    let walk = keys_alone(&m, &removed, goal_ends_game);
                    let positions = by_levers(&m, &removed, goal_ends_game, &budget).unwrap();
                    prop_assert_eq!(&walk.rooms, &positions.rooms);
                    prop_assert_eq!(&walk.keys, &positions.keys);
                    prop_assert_eq!(walk.goal, positions.goal);
                    prop_assert_eq!(walk.states, positions.states);
                    prop_assert_eq!(walk.leaks, positions.leaks);
                }
            }
        }
    }
}
