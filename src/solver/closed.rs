//! Whether a level whose walking can always be undone has dead ends, over
//! closed states: a state with every key of its free area picked up. Small
//! keys make the states of play many (a 66-room dungeon with 16 small-key
//! doors has eleven million: which rooms were looted, in every order), but
//! most differ only in keys the player can still walk to and take.
//!
//! The levels: no levers, no one-way door, no lock on one side only, and
//! a goal that requires no key. Then, for a state `s` in room `r`, its
//! free area is the rooms `r` reaches through doors it may pass without
//! spending, not through the goal room (entering it ends the game). Its
//! closure takes every key lying in the area, and again for the area that
//! opens, until nothing changes.
//!
//! - The closure is reachable from `s` (walk out, take, walk back: every
//!   such passage can be walked back, and a key held never closes a door)
//!   and holds more than `s` with the same room and doors unlocked, so it
//!   can do every plan `s` can: `s` can reach the goal exactly when its
//!   closure can.
//! - A step that spends nothing keeps the player in the free area and
//!   leaves the closure as it was. A step that spends, taken from the
//!   closure instead, is still allowed (more is held) and leads to a state
//!   with the same closure as the state it led to from `s`: the area after
//!   it holds the area before, so both take every key of it.
//!
//! So the closures of the reachable states are exactly the closed states
//! this search reaches from the start's closure by spending steps, and a
//! dead end exists exactly when one of them cannot reach the goal. Every
//! room of a reached closure's area is reachable, and no other room but
//! the goal. The count of dead-end states is not worked out here: the
//! caller uses this search only to prove there are none.

use super::budget::{Budget, Meter, Stop};
use super::compile::{Compiled, NONE, test};
use super::marks::Marks;
use super::store::Store;
use crate::grouped::Grouped;
use crate::rules::mechanics::Mechanics;

/// What the search of closed states found.
pub(crate) struct Closed {
    /// Some reachable state cannot reach the goal.
    pub dead: bool,
    /// The goal can be reached.
    pub goal: bool,
    /// The rooms a player can enter.
    pub reached: Vec<bool>,
    /// Closed states stored.
    pub states: usize,
}

/// True when the level is one this search answers: no lever, no one-way
/// door, no lock on one side only, no key the goal requires.
pub(crate) fn applies(m: &Mechanics) -> bool {
    m.levers().is_empty()
        && m.goal_requires().is_empty()
        && (0..m.doors().len()).all(|d| !m.is_one_way(d))
        && m.doors_not_free().all(|(d, _)| !m.locks_one_side(d))
}

/// The rooms of one free area, and marks of which rooms are in it.
struct Area {
    rooms: Vec<u32>,
    marks: Marks,
    /// A door the player may pass without spending leads into the goal.
    goal: bool,
    /// Exits looked at by the walks since the budget was last told.
    scanned: usize,
}

impl Area {
    fn new(rooms: usize) -> Self {
        Self {
            rooms: Vec::new(),
            marks: Marks::new(rooms),
            goal: false,
            scanned: 0,
        }
    }

    /// The free area of `s`'s room, as `s` holds now.
    fn walk(&mut self, c: &Compiled, s: &[u64]) {
        self.marks.clear();
        self.rooms.clear();
        self.goal = false;
        let from = c.room(s);
        self.marks.insert(from);
        self.rooms.push(from as u32);
        let mut next = 0;
        while let Some(&r) = self.rooms.get(next) {
            next += 1;
            let exits = c.exits_of(r as usize);
            self.scanned += exits.len();
            for exit in exits {
                let to = exit.to as usize;
                if self.marks.contains(to) || !c.passes_free(s, exit) {
                    continue;
                }
                if to == c.goal_room as usize {
                    self.goal = true;
                    continue;
                }
                self.marks.insert(to);
                self.rooms.push(exit.to);
            }
        }
    }

    /// Closes `s`: takes every key of its free area until no more opens,
    /// and puts the player in the area's first room, so that states with
    /// the same closure are stored once.
    fn close(&mut self, c: &Compiled, s: &mut [u64]) {
        loop {
            self.walk(c, s);
            let mut took = false;
            for &r in &self.rooms {
                let bit = c.layout.loot_bit[r as usize];
                if bit != NONE && !test(s, bit) {
                    c.loot(s, r as usize);
                    took = true;
                }
            }
            if !took {
                break;
            }
        }
        if let Some(&first) = self.rooms.iter().min() {
            c.set_room(s, first as usize);
        }
    }
}

/// The closed states reachable from the start of `c`, and whether each
/// can reach the goal. It stops at the first closed state with no step
/// out that is not next to the goal: a dead end, and then `goal` and
/// `reached` are what was found so far. `c` tracks every key ([`super::compile::Tracking::EveryKey`]),
/// of a level for which [`applies`] holds.
///
/// # Errors
/// [`Stop`] when the budget runs out first.
pub(crate) fn search(c: &Compiled, budget: &Budget<'_>) -> Result<Closed, Stop> {
    let rooms = c.rooms();
    let mut reached = vec![false; rooms];
    let goal_room = c.goal_room as usize;
    let start_room = c.room(&c.start);
    reached[start_room] = true;
    if start_room == goal_room {
        return Ok(Closed {
            dead: false,
            goal: true,
            reached,
            states: 1,
        });
    }
    let mut area = Area::new(rooms);
    let mut store = Store::new(c.width, c.layout.total_bits);
    let mut cur = c.start.clone();
    area.close(c, &mut cur);
    store.insert(&cur);
    // Per closed state: it reaches the goal in one step.
    let mut at_goal: Vec<bool> = vec![false];
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut t = vec![0u64; c.width];
    let mut meter = Meter::default();
    // Depth first: in a level with dead ends, a state stuck for good
    // lies where the keys have run out, and a search by layers would store
    // the many ways there first.
    let mut stack = vec![0u32];
    while let Some(i) = stack.pop() {
        cur.copy_from_slice(store.get(i));
        area.walk(c, &cur);
        let work = c.width * (area.rooms.len() + 1);
        budget.check(&mut meter, work, store.len(), c.width)?;
        let mut goal = area.goal;
        let edges_before = edges.len();
        // Closing the states after each step walks areas of their own.
        let here = std::mem::take(&mut area.rooms);
        for &r in &here {
            reached[r as usize] = true;
            for exit in c.exits_of(r as usize) {
                // Every step that spends nothing stays in the area.
                if c.passes_free(&cur, exit) || !c.take_exit(&cur, exit, &mut t) {
                    continue;
                }
                if exit.to as usize == goal_room {
                    goal = true;
                    continue;
                }
                area.close(c, &mut t);
                // A room of 20,000 spending doors closes 20,000 states, each
                // walking the room's 20,000 exits: the budget hears of each.
                let work = std::mem::take(&mut area.scanned) + c.width;
                budget.tick(&mut meter, work, store.len())?;
                let (j, new) = store.insert(&t);
                if new {
                    at_goal.push(false);
                    stack.push(j);
                }
                edges.push((i, j));
            }
        }
        area.rooms = here;
        at_goal[i as usize] = goal;
        if !goal && edges.len() == edges_before {
            // Stuck for good: a dead end, found without the rest.
            return Ok(Closed {
                dead: true,
                goal: at_goal.iter().any(|&g| g),
                reached,
                states: store.len(),
            });
        }
    }
    let goal = at_goal.iter().any(|&g| g);
    reached[goal_room] |= goal;
    Ok(Closed {
        dead: !every_live(&at_goal, &edges),
        goal,
        reached,
        states: store.len(),
    })
}

/// Whether every closed state can reach one that reaches the goal: a
/// search backwards over the edges.
fn every_live(at_goal: &[bool], edges: &[(u32, u32)]) -> bool {
    let n = at_goal.len();
    let into = Grouped::new(n, edges.iter().map(|&(i, j)| (j as usize, i)));
    let mut live = at_goal.to_vec();
    let mut queue: Vec<u32> = (0..n as u32).filter(|&i| live[i as usize]).collect();
    while let Some(v) = queue.pop() {
        for &u in into.get(v as usize) {
            if !live[u as usize] {
                live[u as usize] = true;
                queue.push(u);
            }
        }
    }
    live.iter().all(|&l| l)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{applies, search};
    use crate::model::{Key, Level};
    use crate::solver::Prepared;
    use crate::solver::exhaustive;

    /// A random level of the agreement tests made one this search answers:
    /// no lever, no one-way door, no lock on one side, no key the goal
    /// requires; with bombs spent beside small keys, and a named key
    /// carried from the start.
    fn plain_level() -> impl Strategy<Value = Level> {
        (
            crate::solver::agree::level(),
            prop::collection::vec(0..6usize, 0..=2),
            any::<bool>(),
        )
            .prop_map(|(mut level, bombs, carry)| {
                level.levers.clear();
                level.goal_requires.clear();
                let rooms = level.rooms.len();
                for (d, door) in level.doors.iter_mut().enumerate() {
                    door.one_way = false;
                    door.locked_from = None;
                    if d % 3 == 1 && !bombs.is_empty() {
                        door.spend.insert("bomb".to_owned(), 1);
                    }
                }
                for (b, &r) in bombs.iter().enumerate() {
                    let mut bomb = Key::new(format!("b{b}"), format!("r{}", r % rooms));
                    bomb.kind = Some("bomb".to_owned());
                    level.keys.push(bomb);
                }
                if carry && let Some(key) = level.keys.iter_mut().find(|k| !k.small) {
                    key.room = None;
                }
                level
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: 3000,
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        /// Over closed states, the search finds a dead end exactly when
        /// the exploration of every state does, and when there is none,
        /// the goal and the rooms reached as it does.
        #[test]
        fn closed_states_agree_with_every_state(level in plain_level()) {
            let Ok(prep) = Prepared::new(&level, &[]) else {
                return Ok(());
            };
            prop_assert!(applies(prep.mechanics()));
            let every = prep.every_key();
            let options = crate::solver::SolveOptions::default();
            let budget = options.budget();
            let ex = exhaustive::explore(&every, &budget).unwrap();
            let found = search(&every, &budget).unwrap();
            let text = crate::format::to_string(&level);
            let dead = ex.live().iter().any(|&l| !l);
            prop_assert_eq!(found.dead, dead, "{}", text);
            if !found.dead {
                prop_assert!(found.goal, "{}", text);
                prop_assert!(!ex.goals.is_empty(), "{}", text);
                let mut rooms = vec![false; every.rooms()];
                for i in 0..ex.len() as u32 {
                    rooms[every.room(ex.store.get(i))] = true;
                }
                prop_assert_eq!(&found.reached, &rooms, "{}", text);
            }
        }
    }
}
