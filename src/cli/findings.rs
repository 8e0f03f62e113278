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
    let mut out = vec![lines::place(why, |r| labels.room(r))];
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
