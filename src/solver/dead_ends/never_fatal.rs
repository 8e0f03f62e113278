//! Irreversible steps proven never fatal before the hunt explores a state:
//! the poorest state a step can lead to still reaches the goal.
//!
//! On a level of small keys, one-way doors and locks only on both sides
//! (what [`super::super::closures`] answers) with no named key, a state is
//! its room, the doors unlocked, the rooms looted and the keys in hand. A
//! state `s'` with the same room, at least the doors of `s` unlocked, at
//! most its rooms looted and at least its keys in hand does every play of
//! `s`: where `s` spends on a door `s'` has unlocked, `s'` walks through;
//! where `s` takes keys, `s'` takes them too (the room is not looted in
//! `s'` either); where `s'` enters a room `s` had looted, it takes more.
//! So if `s` reaches the goal, `s'` does.
//!
//! After a step `p` from any state, the player stands in `p.to`, with its
//! door unlocked when it has a lock, every other door at worst locked, no
//! key in hand at worst, and at worst every room looted that a walk from
//! the start to `p.from` may pass through (every lock taken as open), and
//! `p.to`. That state is the poorest: when it reaches the goal, every
//! state after `p` does, and `p` is never fatal.
//!
//! Every way from the start to `p.from` may pass through some doors (in
//! the level with every lock taken as open): those are unlocked too in
//! every state there. A step that spends to leave a room only that door
//! leads into (a side room's way out) is never taken at all, and so never
//! fatal, whatever that poorest state says.

use petgraph::algo::dominators::simple_fast;
use petgraph::visit::{Dfs, Reversed};

use super::super::budget::Budget;
use super::super::closures::{Forget, Oracle};
use super::super::compile::{Compiled, NONE, set};
use crate::digraph::Digraph;
use crate::rules::mechanics::{Mechanics, Passage};

/// For each of `steps`, whether it is proven never fatal; all false on a
/// level the proof does not cover (a named key: holding it is better,
/// its room looted worse) or when the budget ends first.
///
/// `reached` marks the rooms the relaxed reach allows.
pub(crate) fn never_fatal(
    m: &Mechanics,
    c: &Compiled,
    reached: &[bool],
    oracle: &mut Oracle<'_>,
    forget: Option<&Forget>,
    steps: &[Passage],
    budget: &Budget<'_>,
) -> Vec<bool> {
    let mut proven = vec![false; steps.len()];
    if !m.keys().iter().all(|k| k.small) {
        return proven;
    }
    let graph = passages_among(m, reached);
    let passed = doors_passed(m, reached, steps);
    let mut before: Vec<Option<Vec<bool>>> = vec![None; m.rooms()];
    for ((p, proven), passed) in steps.iter().zip(&mut proven).zip(passed) {
        let spends = c.layout.unlock_bit.get(p.door).is_some_and(|&b| b != NONE);
        if spends && passed.contains(&p.door) {
            // Whoever stands in `p.from` came through `p`'s door.
            *proven = true;
            continue;
        }
        let rooms = before[p.from].get_or_insert_with(|| walks_to(&graph, p.from));
        let poorest = poorest_after(c, rooms, *p, &passed, forget);
        match oracle.live(&poorest, budget, 0) {
            Ok(live) => *proven = live,
            Err(_) => break,
        }
    }
    proven
}

/// For each of `steps`, the doors every way from the start to its room
/// passes (none for a step from the start room): in every state there,
/// each of them is unlocked. A step that spends on one of them leaves a
/// room only that door leads into (a side room's way out): it is never
/// taken.
///
/// Found with the dominators of the graph of rooms and doors, each door a
/// node between its rooms (entered from either side it is passed from).
fn doors_passed(m: &Mechanics, reached: &[bool], steps: &[Passage]) -> Vec<Vec<usize>> {
    let rooms = m.rooms();
    let mut edges = Vec::new();
    for p in (m.passages())
        .filter(|p| reached.get(p.from).copied().unwrap_or(false) && p.from != m.goal())
    {
        let door = (rooms + p.door) as u32;
        edges.extend([(p.from as u32, door), (door, p.to as u32)]);
    }
    let graph = Digraph::new(rooms + m.doors().len(), &edges);
    let dominators = simple_fast(&graph, m.start());
    (steps.iter())
        .map(|p| {
            let every_way = dominators.dominators(p.from).into_iter().flatten();
            every_way.filter_map(|x| x.checked_sub(rooms)).collect()
        })
        .collect()
}

/// The passages between rooms of `reached`, the goal room's passages out
/// left out (entering it ends the game).
fn passages_among(m: &Mechanics, reached: &[bool]) -> Digraph {
    let edges: Vec<(u32, u32)> = (m.passages())
        .filter(|p| reached.get(p.from).copied().unwrap_or(false) && p.from != m.goal())
        .map(|p| (p.from as u32, p.to as u32))
        .collect();
    Digraph::new(m.rooms(), &edges)
}

/// The rooms from which a walk over `graph` leads to `room`.
fn walks_to(graph: &Digraph, room: usize) -> Vec<bool> {
    let mut from = vec![false; graph.nodes()];
    let back = Reversed(graph);
    let mut dfs = Dfs::new(back, room);
    while let Some(r) = dfs.next(back) {
        from[r] = true;
    }
    from
}

/// The poorest state after step `p`: in `p.to`, its door and the doors of
/// `passed` unlocked when they have a lock, the rooms of `looted` and
/// `p.to` looted, nothing in hand.
fn poorest_after(
    c: &Compiled,
    looted: &[bool],
    p: Passage,
    passed: &[usize],
    forget: Option<&Forget>,
) -> Vec<u64> {
    let mut s = c.start.clone();
    s[0] &= !(c.count_mask << c.count_shift);
    for (r, _) in looted.iter().enumerate().filter(|&(_, &l)| l) {
        let bit = c.layout.loot_bit[r];
        if bit != NONE {
            set(&mut s, bit);
        }
    }
    for &door in passed.iter().chain([&p.door]) {
        let unlock = c.layout.unlock_bit[door];
        if unlock != NONE {
            set(&mut s, unlock);
        }
    }
    c.set_room(&mut s, p.to);
    c.loot(&mut s, p.to);
    if let Some(f) = forget {
        f.apply(c, &mut s);
    }
    s
}
