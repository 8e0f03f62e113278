//! Says in words why the goal can no longer be reached from a dead state.

use std::collections::VecDeque;

use super::Prepared;
use super::compile::{Bits, Compiled, NONE, test};
use super::search::Explored;

/// Looks at everything the player can still do from state `v` and names
/// what blocks each way on: closed doors, missing keys, spent small keys.
pub(crate) fn why_stuck<const W: usize>(
    prep: &Prepared<'_>,
    c: &Compiled<W>,
    ex: &Explored<W>,
    v: u32,
) -> String {
    let level = prep.level;
    let mut rooms = vec![false; level.rooms.len()];
    let mut ever: Bits<W> = [0; W];
    let mut most_small = 0;
    let mut seen = vec![false; ex.states.len()];
    let mut queue = VecDeque::from([v]);
    seen[v as usize] = true;
    while let Some(i) = queue.pop_front() {
        let s = &ex.states[i as usize];
        rooms[c.room(s)] = true;
        most_small = most_small.max(c.small_in_hand(s));
        for w in 0..W {
            ever[w] |= s[w];
        }
        for e in ex.edges_of(i) {
            if !seen[e.to as usize] {
                seen[e.to as usize] = true;
                queue.push_back(e.to);
            }
        }
    }
    let holds = |key: &crate::model::KeyId| {
        prep.index.key(key).is_some_and(|k| {
            let present = c.layout.key_present[k];
            let bit = prep
                .index
                .room(&level.keys[k].room)
                .map_or(NONE, |r| c.layout.loot_bit[r]);
            present && bit != NONE && test(&ever, bit)
        })
    };
    let mut reasons = Vec::new();
    for (d, door) in level.doors.iter().enumerate() {
        let (Some(a), Some(b)) = (prep.index.room(&door.from), prep.index.room(&door.to)) else {
            continue;
        };
        let leads_out = (rooms[a] && !rooms[b]) || (!door.one_way && rooms[b] && !rooms[a]);
        if !leads_out {
            continue;
        }
        let name = format!("door \"{}\"", door.id);
        let bit = c.layout.door_bit[d];
        if bit == NONE && !door.open {
            reasons.push(format!("{name} is closed and no lever opens it"));
        } else if bit != NONE && !test(&ever, bit) {
            reasons.push(format!(
                "{name} is closed and no lever within reach opens it"
            ));
        }
        let missing: Vec<String> = door
            .locks
            .iter()
            .filter(|k| !holds(k))
            .map(|k| format!("\"{k}\""))
            .collect();
        if !missing.is_empty() {
            let s = if missing.len() == 1 { "" } else { "s" };
            reasons.push(format!(
                "{name} needs key{s} {}, out of reach",
                missing.join(" and ")
            ));
        }
        let unlocked = c.layout.unlock_bit[d] != NONE && test(&ever, c.layout.unlock_bit[d]);
        if door.small_locks > 0 && !unlocked && most_small < door.small_locks {
            let spent = if most_small == 0 {
                "none left"
            } else {
                "too few left"
            };
            let n = door.small_locks;
            let s = if n == 1 { "" } else { "s" };
            reasons.push(format!(
                "{name} still needs {n} small key{s} ({spent}, at most {most_small} in hand)"
            ));
        }
    }
    let goal_missing: Vec<String> = level
        .goal_requires
        .iter()
        .filter(|k| !holds(k))
        .map(|k| format!("\"{k}\""))
        .collect();
    if rooms[prep.goal] && !goal_missing.is_empty() {
        reasons.push(format!(
            "the goal needs {}, which can no longer be had",
            goal_missing.join(" and ")
        ));
    }
    let mut names: Vec<String> = level
        .rooms
        .iter()
        .zip(&rooms)
        .filter(|&(_, &r)| r)
        .map(|(r, _)| format!("\"{}\"", r.id))
        .collect();
    if names.len() > 6 {
        let more = names.len() - 5;
        names.truncate(5);
        names.push(format!("{more} more"));
    }
    let place = if names.len() == 1 { "room" } else { "rooms" };
    if reasons.is_empty() {
        format!(
            "stuck in {place} {}: no door leads on from here",
            names.join(", ")
        )
    } else {
        format!(
            "stuck in {place} {}: {}",
            names.join(", "),
            reasons.join("; ")
        )
    }
}
