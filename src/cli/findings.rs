//! The command line's words for a dead end, made from its fields
//! ([`DeadEndWhy`]), names before ids.

use crate::model::Labels;
use crate::solver::findings::DeadEndWhy;
use crate::solver::lines::{self, Wording};

use super::report;

/// The lines of a dead end's why, each without its indent: where the
/// player is stuck, the point of no return (step `number` of the trace),
/// what was spent before it, and each door in the way with what it needs
/// against what is held.
pub fn dead_end_lines(labels: &Labels<'_>, why: &DeadEndWhy, number: usize) -> Vec<String> {
    let step = |s: &crate::rules::Step| step(labels, s);
    let wording = Wording {
        capital: false,
        step: &step,
    };
    let mut out = vec![place(labels, why)];
    out.extend(lines::dead_end_lines(labels, why, number, &wording));
    out
}

/// "go through great doors (d5) to Antechamber (r7)", "pull lever l1".
fn step(labels: &Labels<'_>, step: &crate::rules::Step) -> String {
    match step {
        crate::rules::Step::Pull { lever } => format!("pull lever {}", labels.lever(lever)),
        other => report::step(labels, other, ""),
    }
}

/// "stuck in rooms Entrance (r1), Guard room (r2), 3 more".
fn place(labels: &Labels<'_>, why: &DeadEndWhy) -> String {
    let shown = if why.room_count > 6 {
        5
    } else {
        why.room_count
    };
    let mut names: Vec<String> = why
        .rooms
        .iter()
        .take(shown)
        .map(|r| labels.room(r))
        .collect();
    let rest = why.room_count.saturating_sub(shown);
    match (rest > 0, why.rooms_complete) {
        (true, true) => names.push(format!("{rest} more")),
        (true, false) => names.push(format!("at least {rest} more")),
        (false, true) => {}
        (false, false) => names.push("perhaps more".to_owned()),
    }
    let noun = if names.len() == 1 { "room" } else { "rooms" };
    format!("stuck in {noun} {}", names.join(", "))
}
