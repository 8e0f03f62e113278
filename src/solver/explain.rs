//! Says in words why the goal can no longer be reached from a dead state.

use std::collections::{BTreeSet, VecDeque};

use super::Prepared;
use super::compile::{Bits, Compiled, NONE, test};
use super::search::Explored;
use crate::model::KeyId;

/// Looks at everything the player can still do from state `v` and names what
/// blocks each door out of the rooms still in reach, judged in the states
/// where the player stands at that door (not in some merge of them: holding
/// one key in one state and another key in another is not holding both).
pub(crate) fn why_stuck<const W: usize>(
    prep: &Prepared<'_>,
    c: &Compiled<W>,
    ex: &Explored<W>,
    v: u32,
) -> String {
    let level = prep.level;
    let closure = closure(ex, v);
    let mut rooms = vec![false; level.rooms.len()];
    for &i in &closure {
        rooms[c.room(&ex.states[i as usize])] = true;
    }
    // Per door (in file order), the distinct reasons it is shut.
    let mut reasons: Vec<BTreeSet<String>> = vec![BTreeSet::new(); level.doors.len()];
    let mut goal_missing: BTreeSet<String> = BTreeSet::new();
    for &i in &closure {
        let s = &ex.states[i as usize];
        let here = c.room(s);
        if here == prep.goal {
            for key in &level.goal_requires {
                if !holds(prep, c, s, key) {
                    goal_missing.insert(format!("\"{key}\""));
                }
            }
        }
        let here_id = &level.rooms[here].id;
        for (d, door) in level.doors.iter().enumerate() {
            let Some(there) = door.other_side(here_id).and_then(|r| prep.index.room(r)) else {
                continue;
            };
            let allowed = &door.from == here_id || !door.one_way;
            if rooms[there] || !allowed {
                continue;
            }
            door_reasons(prep, c, s, d, &mut reasons[d]);
        }
    }
    let mut parts: Vec<String> = Vec::new();
    for (d, found) in reasons.iter().enumerate() {
        if !found.is_empty() {
            let list: Vec<&str> = found.iter().map(String::as_str).collect();
            parts.push(format!(
                "door \"{}\" {}",
                level.doors[d].id,
                list.join(" or ")
            ));
        }
    }
    if !goal_missing.is_empty() {
        let keys: Vec<String> = goal_missing.into_iter().collect();
        parts.push(format!(
            "the goal needs {}, which can no longer be had",
            keys.join(" and ")
        ));
    }
    let mut names: Vec<String> = level
        .rooms
        .iter()
        .zip(&rooms)
        .filter(|&(_, &r)| r)
        .map(|(r, _)| level.room_label(&r.id))
        .collect();
    if names.len() > 6 {
        let more = names.len() - 5;
        names.truncate(5);
        names.push(format!("{more} more"));
    }
    let place = if names.len() == 1 { "room" } else { "rooms" };
    if parts.is_empty() {
        format!(
            "stuck in {place} {}: no door leads on from here",
            names.join(", ")
        )
    } else {
        format!(
            "stuck in {place} {}: {}",
            names.join(", "),
            parts.join("; ")
        )
    }
}

/// Every state reachable from `v` over the kept edges, `v` included.
fn closure<const W: usize>(ex: &Explored<W>, v: u32) -> Vec<u32> {
    let mut seen = vec![false; ex.states.len()];
    let mut order = vec![v];
    let mut queue = VecDeque::from([v]);
    seen[v as usize] = true;
    while let Some(i) = queue.pop_front() {
        for e in ex.edges_of(i) {
            if !seen[e.to as usize] {
                seen[e.to as usize] = true;
                order.push(e.to);
                queue.push_back(e.to);
            }
        }
    }
    order
}

fn holds<const W: usize>(prep: &Prepared<'_>, c: &Compiled<W>, s: &Bits<W>, key: &KeyId) -> bool {
    prep.index.key(key).is_some_and(|k| {
        let bit = prep
            .index
            .room(&prep.level.keys[k].room)
            .map_or(NONE, |r| c.layout.loot_bit[r]);
        c.layout.key_present[k] && bit != NONE && test(s, bit)
    })
}

/// Why door `d` cannot be passed in state `s`.
fn door_reasons<const W: usize>(
    prep: &Prepared<'_>,
    c: &Compiled<W>,
    s: &Bits<W>,
    d: usize,
    out: &mut BTreeSet<String>,
) {
    let door = &prep.level.doors[d];
    let bit = c.layout.door_bit[d];
    if bit == NONE && !door.open {
        out.insert("is closed and no lever opens it".to_owned());
        return;
    }
    if bit != NONE && !test(s, bit) {
        out.insert("is closed and no lever within reach opens it".to_owned());
        return;
    }
    let mut missing: Vec<String> = Vec::new();
    for key in &door.locks {
        let name = format!("\"{key}\"");
        if !holds(prep, c, s, key) && !missing.contains(&name) {
            missing.push(name);
        }
    }
    if !missing.is_empty() {
        let plural = if missing.len() == 1 { "" } else { "s" };
        out.insert(format!("needs key{plural} {}", missing.join(" and ")));
        return;
    }
    let unlocked = c.layout.unlock_bit[d] != NONE && test(s, c.layout.unlock_bit[d]);
    let in_hand = c.small_in_hand(s);
    if door.small_locks > in_hand && !unlocked {
        let n = door.small_locks;
        let plural = if n == 1 { "" } else { "s" };
        let held = match in_hand {
            0 => "none left".to_owned(),
            1 => "only 1 left".to_owned(),
            m => format!("only {m} left"),
        };
        out.insert(format!("needs {n} small key{plural} ({held})"));
    }
}
