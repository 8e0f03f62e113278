//! Text for people: plans as numbered steps with names, costs without noise.

use std::fmt::Write;

use crate::model::Labels;
use crate::rules::Step;
use crate::solver::{Analysis, DeadEnd, Plan};

/// `12` for whole numbers, `2.5` otherwise.
pub fn cost(x: f64) -> String {
    crate::model::format_cost(x)
}

/// `1,234,567`.
pub fn count(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// `1 room`, `3 rooms`, `1,024 states`.
pub fn noun(n: usize, word: &str) -> String {
    format!("{} {word}{}", count(n), if n == 1 { "" } else { "s" })
}

/// One step in words, with room, door, lever and key names.
pub fn step(labels: &Labels<'_>, step: &Step, here: &str) -> String {
    match step {
        Step::Move { door, to } => move_words(&labels.door(door), &labels.room(to)),
        Step::Pull { lever } => format!("pull {} in {here}", labels.lever(lever)),
        Step::Pickup { key } => format!("pick up {}", key_words(labels, key)),
    }
}

fn move_words(door: &str, room: &str) -> String {
    format!("go through {door} to {room}")
}

fn key_words(labels: &Labels<'_>, key: &crate::model::KeyId) -> String {
    if labels.is_small(key) {
        format!("small key {}", labels.key(key))
    } else {
        format!("key {}", labels.key(key))
    }
}

/// The plan as numbered steps; pickups are shown under the move that made them.
pub fn plan(labels: &Labels<'_>, plan: &[Step], indent: &str) -> String {
    let mut out = String::new();
    let mut here = labels.room(&labels.level().start);
    let mut n = 0;
    for s in plan {
        if let Step::Pickup { .. } = s {
            let _ = writeln!(out, "{indent}     {}", step(labels, s, &here));
            continue;
        }
        n += 1;
        if let Step::Move { door, to } = s {
            // The room is named once, for this line and as where the next
            // steps happen.
            here = labels.room(to);
            let door = labels.door(door);
            let _ = writeln!(out, "{indent}{n:>3}. {}", move_words(&door, &here));
        } else {
            let _ = writeln!(out, "{indent}{n:>3}. {}", step(labels, s, &here));
        }
    }
    out
}

/// "cost 12: 9 moves, 3 pulls".
pub fn summary(p: &Plan) -> String {
    let plural = |n: u32, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    format!(
        "cost {}: {}, {}",
        cost(p.cost),
        plural(p.moves, "move"),
        plural(p.pulls, "pull")
    )
}

/// A dead end: where it happens, why, and the trace into it.
pub fn dead_end(labels: &Labels<'_>, d: &DeadEnd, number: usize) -> String {
    let mut out = String::new();
    let moves = d
        .steps
        .iter()
        .filter(|s| !matches!(s, Step::Pickup { .. }))
        .count();
    let lines = super::findings::dead_end_lines(labels, &d.why, moves);
    for (i, line) in lines.iter().enumerate() {
        if i == 0 {
            let _ = writeln!(out, "  {number}. {line}");
        } else {
            let _ = writeln!(out, "     {line}");
        }
    }
    if moves == 0 {
        let _ = writeln!(out, "     (from the very start)");
    } else {
        let s = if moves == 1 { "" } else { "s" };
        let _ = writeln!(
            out,
            "     reached in {moves} step{s} (cost {}):",
            cost(d.cost)
        );
        out.push_str(&plan(labels, &d.steps, "     "));
    }
    out
}

/// "solvable: cost 12: 9 moves, 3 pulls" (`sep` between "solvable" and the
/// cost), "cannot be solved", or what was proven when the least cost was not.
pub fn solvable_line(a: &Analysis, sep: &str) -> String {
    match (&a.plan, a.solvable, &a.cost_bounds) {
        (Some(plan), _, _) => format!("solvable{sep} {}", summary(plan)),
        (None, Some(false), _) => "cannot be solved".to_owned(),
        (None, _, Some(b)) => {
            let lower = cost(b.lower);
            match (&b.best, a.solvable) {
                (Some(best), _) => format!(
                    "solvable; the least cost lies between {lower} and {} (search incomplete; \
                     the cheapest plan found: {})",
                    cost(best.cost),
                    summary(best)
                ),
                (None, Some(true)) => {
                    format!("solvable; the least cost is at least {lower} (search incomplete)")
                }
                (None, _) => format!(
                    "not known whether it can be solved (search incomplete); any solution costs at least {lower}"
                ),
            }
        }
        (None, Some(true), None) => "solvable; the least cost was not worked out".to_owned(),
        (None, None, None) => "not known whether it can be solved (search incomplete)".to_owned(),
    }
}

/// "least lever pulls of any solution: 3", or its lower bound.
pub fn pulls_line(a: &Analysis) -> Option<String> {
    match (a.least_pulls(), a.pulls_lower) {
        (Some(pulls), _) => Some(format!("least lever pulls of any solution: {pulls}")),
        // "At least 0" says nothing.
        (None, Some(lower)) if lower > 0 => Some(format!(
            "least lever pulls of any solution: at least {lower} (search incomplete)"
        )),
        (None, _) => None,
    }
}

/// At most this many names in one line of the report.
pub const MAX_NAMES: usize = 40;

/// The first [`MAX_NAMES`] of `count` names, joined, and how many more there
/// are: a 5,000-room list would bury the rest of the report.
pub fn some_of(names: impl Iterator<Item = String>, count: usize) -> String {
    let shown: Vec<String> = names.take(MAX_NAMES).collect();
    let mut line = shown.join(", ");
    if count > shown.len() {
        line.push_str(&format!(" and {} more", count - shown.len()));
    }
    line
}
