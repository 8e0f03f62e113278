//! Says in words why the goal can no longer be reached from a dead end: the
//! step that caused it, and the door that now stays shut on the way to the
//! goal (or to a key the goal needs).
//!
//! The door's reason is [`Mechanics::blocked`] worded as replay words it
//! ([`Illegal`]), judged in the states where the player stands at that door,
//! so an explanation can never disagree with the rules.

use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap};

use super::compile::{Compiled, Mask, NONE, mask_of};
use super::dead_ends::Closure;
use crate::model::Level;
use crate::rules::Illegal;
use crate::rules::mechanics::{Blocked, Mechanics, Opening};

/// The irreversible step after which the goal was out of reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cause {
    /// Small keys were spent on this door.
    Spent { door: usize, keys: u32 },
    /// The player went through this one-way door.
    Dropped { door: usize },
    /// The player went through this door from its free side; its lock is
    /// on the way back.
    FreeSide { door: usize },
    /// The player pulled this `once` lever.
    Once { lever: usize },
}

/// What the player is trying to reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    Goal,
    Key(usize),
}

/// One door in the way, and what it was in the way of.
struct Shut {
    door: usize,
    reasons: BTreeSet<String>,
    target: Target,
}

/// Why the goal is out of reach from the states of `closure` (every state
/// the player can still reach, the dead end first), caused by `cause`.
pub(crate) fn why_stuck(
    level: &Level,
    m: &Mechanics,
    c: &Compiled,
    closure: &Closure,
    cause: Option<Cause>,
) -> String {
    let place = place(level, c, closure);
    let closure = closure.states.as_slice();
    // The states that hold the most named keys: the furthest the player gets.
    // Counted a word at a time: a closure of many states of a level of many
    // keys made key-by-key counting quadratic.
    let named = named_keys(m, c);
    let held = |s: &[u64]| {
        named
            .iter()
            .map(|&(w, bits)| (s[w as usize] & bits).count_ones() as usize)
            .sum::<usize>()
    };
    let most = closure.iter().map(|s| held(s)).max().unwrap_or(0);
    let best: Vec<&Vec<u64>> = closure.iter().filter(|s| held(s) == most).collect();
    let chain = shut_chain(level, m, c, &best);
    let mut text = place;
    let cause_text = cause.map(|cause| cause_words(level, cause));
    match (cause_text, chain.first()) {
        (Some(cause), Some(_)) => text += &format!(": {cause}, so {}", chain_words(level, &chain)),
        (Some(cause), None) => text += &format!(": {cause}, and no door leads on from here"),
        (None, Some(_)) => text += &format!(": {}", chain_words(level, &chain)),
        (None, None) => text += ": no door leads on from here",
    }
    text
}

/// The state bits of the named (not small) keys that are tracked.
fn named_keys(m: &Mechanics, c: &Compiled) -> Mask {
    let bits = m.keys().iter().zip(&c.key_bit);
    mask_of(
        bits.filter(|&(key, &bit)| !key.small && bit != NONE)
            .map(|(_, &bit)| bit),
    )
}

/// "stuck in rooms A, B": the rooms of the closure, five at most by name.
fn place(level: &Level, c: &Compiled, closure: &Closure) -> String {
    let mut rooms = vec![false; level.rooms.len()];
    for s in &closure.states {
        rooms[c.room(s)] = true;
    }
    stuck_in_some(level, &rooms, closure.whole)
}

/// "stuck in rooms A, B": the rooms marked in `rooms`, five at most by name.
pub(super) fn stuck_in(level: &Level, rooms: &[bool]) -> String {
    stuck_in_some(level, rooms, true)
}

/// [`stuck_in`], where `whole` says whether `rooms` are all the rooms the
/// player can still reach or only those of the states looked at: then the
/// count of the rest is a floor ("at least 2555 more").
fn stuck_in_some(level: &Level, rooms: &[bool], whole: bool) -> String {
    let marked = || level.rooms.iter().zip(rooms).filter(|&(_, &r)| r);
    let count = marked().count();
    // Only the rooms named are labelled: a label looks its room up.
    let shown = if count > 6 { 5 } else { count };
    let mut names: Vec<String> = marked()
        .take(shown)
        .map(|(r, _)| level.room_label(&r.id))
        .collect();
    match (count > shown, whole) {
        (true, true) => names.push(format!("{} more", count - shown)),
        (true, false) => names.push(format!("at least {} more", count - shown)),
        (false, true) => {}
        (false, false) => names.push("perhaps more".to_owned()),
    }
    let noun = if names.len() == 1 { "room" } else { "rooms" };
    format!("stuck in {noun} {}", names.join(", "))
}

/// `door "d1" (name)`, as every explanation names a door.
pub(super) fn door_name(level: &Level, door: usize) -> String {
    match level.doors.get(door) {
        Some(d) if !d.name.is_empty() => format!("door \"{}\" ({})", d.id, d.name),
        Some(d) => format!("door \"{}\"", d.id),
        None => "a door".to_owned(),
    }
}

fn cause_words(level: &Level, cause: Cause) -> String {
    match cause {
        Cause::Spent { door, keys: 1 } => {
            format!("the small key was spent on {}", door_name(level, door))
        }
        Cause::Spent { door, keys } => {
            format!("{keys} small keys were spent on {}", door_name(level, door))
        }
        Cause::Dropped { door } => format!(
            "{} is one-way and no way leads back",
            door_name(level, door)
        ),
        Cause::FreeSide { door } => format!(
            "{} let the player through from its free side, and the lock is on the other side",
            door_name(level, door)
        ),
        Cause::Once { lever } => format!(
            "lever \"{}\" was pulled and can be pulled only once",
            level.levers.get(lever).map_or("?", |l| l.id.as_str())
        ),
    }
}

fn target_words(level: &Level, target: Target) -> String {
    match target {
        Target::Goal => "the goal".to_owned(),
        Target::Key(k) => format!("key \"{}\"", level.keys[k].id),
    }
}

/// "on the way to key "big" door "d4" needs 1 small key and 0 are in hand;
/// key "big" opens door "d8" on the way to the goal"
fn chain_words(level: &Level, chain: &[Shut]) -> String {
    let Some(root) = chain.last() else {
        return String::new();
    };
    let reasons: Vec<&str> = root.reasons.iter().map(String::as_str).collect();
    let mut text = format!(
        "on the way to {} {}",
        target_words(level, root.target),
        reasons.join(" or ")
    );
    for (shut, next) in chain.iter().zip(&chain[1..]).rev() {
        if let Target::Key(k) = next.target {
            text += &format!(
                "; key \"{}\" opens {} on the way to {}",
                level.keys[k].id,
                door_name(level, shut.door),
                target_words(level, shut.target)
            );
        }
    }
    text
}

/// From the goal backwards: the door that stays shut on the shortest way
/// from the rooms of `best` to the goal; when every state there lacks the
/// same key, which lies out of reach, the door on the way to that key; and
/// so on, at most four doors deep.
fn shut_chain(level: &Level, m: &Mechanics, c: &Compiled, best: &[&Vec<u64>]) -> Vec<Shut> {
    let mut rooms = vec![false; level.rooms.len()];
    for s in best {
        rooms[c.room(s)] = true;
    }
    let mut chain: Vec<Shut> = Vec::new();
    let mut target = Target::Goal;
    while chain.len() < 4 {
        let to = match target {
            Target::Goal => m.goal(),
            Target::Key(k) => m.keys()[k].room,
        };
        let Some((from, door)) = first_door_out(m, &rooms, to) else {
            break;
        };
        let to = m.leaving(door, from).map_or(from, |p| p.to);
        let Ok(passage) = m.passage(door, from, to) else {
            break;
        };
        let mut reasons = BTreeSet::new();
        let mut missing: Option<Option<usize>> = None;
        for s in best.iter().filter(|s| c.room(s) == from) {
            let Some(blocked) = m.blocked(passage, &c.view(s)) else {
                continue;
            };
            let key = match &blocked {
                Blocked::MissingKeys(keys) => keys.first().copied(),
                _ => None,
            };
            // `Some(Some(k))` while every state lacks the same key `k`.
            missing = match missing {
                None => Some(key),
                Some(seen) if seen == key => Some(seen),
                Some(_) => Some(None),
            };
            reasons.insert(reason_words(level, m, &rooms, door, blocked));
        }
        chain.push(Shut {
            door,
            reasons,
            target,
        });
        match missing {
            Some(Some(k))
                if !rooms[m.keys()[k].room]
                    && !chain.iter().any(|s| s.target == Target::Key(k)) =>
            {
                target = Target::Key(k);
            }
            _ => break,
        }
    }
    chain
}

/// A door's reason in replay's words, with what a designer needs besides.
fn reason_words(
    level: &Level,
    m: &Mechanics,
    rooms: &[bool],
    door: usize,
    blocked: Blocked,
) -> String {
    let closed = blocked == Blocked::Closed;
    let mut text = Illegal::from_blocked(level, door, blocked).to_string();
    if closed {
        match m.doors()[door].opening {
            Opening::Shut => text += " for good",
            _ => {
                let lever_near = m
                    .flipped_by(door)
                    .iter()
                    .any(|&l| rooms[m.levers()[l].room]);
                text += if lever_near {
                    " whichever way the levers within reach stand"
                } else {
                    " and no lever within reach opens it"
                };
            }
        }
    }
    text
}

/// The first door that leaves `rooms` on a shortest walk from them to room
/// `to`, ignoring locks and levers: `(room it leaves from, door)`.
fn first_door_out(m: &Mechanics, rooms: &[bool], to: usize) -> Option<(usize, usize)> {
    if rooms[to] {
        return None;
    }
    // Walk backwards from `to` until a room of `rooms` is met.
    let n = m.rooms();
    let mut dist = vec![f64::INFINITY; n];
    let mut next_door: Vec<Option<usize>> = vec![None; n];
    let mut into: Vec<Vec<(usize, usize, f64)>> = vec![Vec::new(); n];
    for p in m.passages() {
        if m.doors()[p.door].opening != Opening::Shut || rooms[p.from] {
            into[p.to].push((p.from, p.door, m.doors()[p.door].cost));
        }
    }
    let mut heap = BinaryHeap::new();
    dist[to] = 0.0;
    heap.push(Reverse((0f64.to_bits(), to)));
    while let Some(Reverse((bits, r))) = heap.pop() {
        let d = f64::from_bits(bits);
        if d > dist[r] {
            continue;
        }
        if rooms[r] {
            return next_door[r].map(|door| (r, door));
        }
        for &(from, door, cost) in &into[r] {
            let nd = d + cost;
            if nd < dist[from] {
                dist[from] = nd;
                next_door[from] = Some(door);
                heap.push(Reverse((nd.to_bits(), from)));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Room;

    fn level_of(rooms: usize) -> Level {
        let mut level = Level::new("rooms");
        level.rooms = (0..rooms)
            .map(|i| Room::new(format!("r{i}"), [0.0, 0.0]))
            .collect();
        level
    }

    #[test]
    fn stuck_in_names_five_rooms_and_counts_the_rest() {
        let level = level_of(10);
        let mut rooms = vec![false; 10];
        rooms[3] = true;
        assert_eq!(stuck_in(&level, &rooms), "stuck in room r3");
        rooms.iter_mut().take(6).for_each(|r| *r = true);
        assert_eq!(
            stuck_in(&level, &rooms),
            "stuck in rooms r0, r1, r2, r3, r4, r5"
        );
        rooms.fill(true);
        assert_eq!(
            stuck_in(&level, &rooms),
            "stuck in rooms r0, r1, r2, r3, r4, 5 more"
        );
    }

    #[test]
    fn a_closure_cut_short_counts_its_rooms_as_a_floor() {
        let level = level_of(10);
        let mut rooms = vec![true; 10];
        assert_eq!(
            stuck_in_some(&level, &rooms, false),
            "stuck in rooms r0, r1, r2, r3, r4, at least 5 more"
        );
        rooms.fill(false);
        rooms[0] = true;
        assert_eq!(
            stuck_in_some(&level, &rooms, false),
            "stuck in rooms r0, perhaps more"
        );
    }
}
