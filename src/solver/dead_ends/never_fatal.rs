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
//! A step is fatal when it leads from a live state (one that can still
//! reach the goal) to a dead one. After a step `p` taken by a player who
//! never passed `p`'s door before (a spend's door was locked until then),
//! the player stands in `p.to`, with its door unlocked when it has a
//! lock, every other door at worst locked, no key in hand at worst, and
//! at worst every room looted that a walk from the start to `p.from` not
//! through that door may pass (every lock taken as open), and `p.to`.
//! That state is the poorest: when it reaches the goal, every such state
//! after `p` does.
//!
//! A player who did pass a one-way door `p` before walked on from `p.to`
//! back to `p.from`, through doors it has unlocked since, and walks that
//! way again after `p` ([`walks`]): back in `p.from`, with the same doors
//! unlocked and keys in hand, and any room looted on the way adding its
//! keys, it does every play it could before. From a live state, then, `p`
//! leads to a live one. The same holds after a one-way step whenever the
//! doors unlocked in every state there (below) and the doors nothing
//! ever stops lead back from `p.to` to `p.from` or into the goal room.
//! And after a spend, when rooms only its door leads to hold at least the
//! keys spent, and the player walks to them and back to `p.from`: before
//! the spend no player could have taken those keys, and any play that
//! would later take them spends on that door first, which the player
//! after `p` walks through.
//!
//! Every way from the start to `p.from` passes some locked doors (in the
//! level with every lock taken as open), which are unlocked in every
//! state there. So there are a few poorest states, one per way that
//! enters no free area twice (every way, its loops erased, is one), each
//! with that way's locked doors unlocked; when those ways are too many,
//! one per choice of a door in each group of doors every way passes one
//! of ([`areas`]). `p` is never fatal when, for each, the player walks
//! back or the poorest state reaches the goal.
//!
//! A step that spends to leave a room only that door leads into (a side
//! room's way out) is never taken at all, and so never fatal, whatever
//! those poorest states say.

use rustc_hash::FxHashMap;

use super::super::budget::Budget;
use super::super::closures::{Forget, Oracle};
use super::super::compile::{Compiled, NONE, set};
use crate::rules::mechanics::{Mechanics, Passage};

mod areas;
mod walks;

use areas::Areas;
use walks::Walks;

/// Rooms times steps at most for which each step gets walks of its own
/// ([`Walks::before`] avoiding its door, [`Walks::back`]); past it, the
/// rooms looted are those of walks through any door.
const WALK_WORK: usize = 1 << 23;

/// Most poorest states a step is checked from ([`family`]).
const FAMILY: usize = 16;

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
    let mut walks = Walks::new(m, reached);
    // A walk or two per step, on levels where that is quick.
    let thorough = m.rooms().saturating_mul(steps.len()) <= WALK_WORK;
    let mut before: Vec<Option<Vec<bool>>> = vec![None; m.rooms()];
    let areas = Areas::new(m, c, reached);
    // Per free area, the ways there (the same for each of its rooms).
    let mut routes: FxHashMap<u32, Option<Vec<Vec<usize>>>> = FxHashMap::default();
    'steps: for (p, proven) in steps.iter().zip(&mut proven) {
        let passed = areas.passed(p.from);
        let spends = c.layout.unlock_bit.get(p.door).is_some_and(|&b| b != NONE);
        // The keys it spends, if it does.
        let cost = spends.then(|| {
            (c.exits_of(p.from).iter())
                .find(|e| e.door as usize == p.door && e.to as usize == p.to)
                .map_or(u32::MAX, |e| e.small)
        });
        if spends && passed.iter().any(|g| g[..] == [p.door]) {
            // Whoever stands in `p.from` came through `p`'s door.
            *proven = true;
            continue;
        }
        if budget.check_now().is_err() {
            break;
        }
        // A player who never passed `p`'s door (a spend's was locked) has
        // looted only rooms walks to `p.from` avoiding it pass; one who
        // did walks back the way it came ([`Walks::back`]).
        let (reach, avoided);
        let (rooms, elsewhere) = if thorough {
            reach = walks.reach_avoiding(p.door);
            avoided = walks.before(p.from, Some((p.door, &reach)));
            (&avoided, Some(&reach))
        } else {
            let rooms = before[p.from].get_or_insert_with(|| walks.before(p.from, None));
            (&*rooms, None)
        };
        let ways = (routes.entry(areas.of(p.from))).or_insert_with(|| areas.routes(p.from));
        // One poorest state per way there, or, when the ways are too
        // many, per choice of the doors every way passes.
        let fallback;
        let sets: &[Vec<usize>] = match ways {
            Some(ways) => ways,
            None => {
                fallback = family(&passed);
                &fallback
            }
        };
        for unlocked in sets {
            // The player walks back to where it stood, as able as before.
            let back = match (cost, elsewhere) {
                (Some(cost), Some(e)) => {
                    walks.repaid(*p, unlocked, (&c.layout.room_small, cost), e)
                }
                (None, Some(_)) => walks.back(*p, unlocked),
                (_, None) => false,
            };
            if back {
                continue;
            }
            let poorest = poorest_after(c, rooms, *p, unlocked, forget);
            match oracle.live(&poorest, budget, 0) {
                Ok(true) => {}
                Ok(false) => continue 'steps,
                Err(_) => break 'steps,
            }
        }
        *proven = true;
    }
    proven
}

/// The sets of doors unlocked in the poorest states after a step, given
/// the groups of doors one of which every way to it passes: one door of
/// each group, in every way of choosing, at most [`FAMILY`] sets. A group
/// that would make more is left out (its doors left locked: poorer still).
fn family(passed: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut groups: Vec<&Vec<usize>> = passed.iter().collect();
    groups.sort_by_key(|g| g.len());
    let mut sets = vec![Vec::new()];
    for g in groups {
        if sets.len() * g.len() <= FAMILY {
            sets = each_with_one_of(&sets, g);
        }
    }
    sets
}

/// Each set of `sets` with one door of `group` added, in every way of
/// choosing it.
fn each_with_one_of(sets: &[Vec<usize>], group: &[usize]) -> Vec<Vec<usize>> {
    (sets.iter())
        .flat_map(|set| group.iter().map(move |&d| [&set[..], &[d]].concat()))
        .collect()
}

/// The passages from rooms of `reached`, the goal room's passages out
/// left out (entering it ends the game): the ways a play can go, every
/// lock taken as open.
fn walkable<'m>(m: &'m Mechanics, reached: &'m [bool]) -> impl Iterator<Item = Passage> + 'm {
    (m.passages()).filter(|p| reached.get(p.from).copied().unwrap_or(false) && p.from != m.goal())
}

/// The poorest state after step `p` with the doors of `passed` unlocked:
/// in `p.to`, its door and those unlocked when they have a lock, the
/// rooms of `looted` and `p.to` looted, nothing in hand.
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
