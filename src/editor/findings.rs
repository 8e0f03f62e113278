//! The editor's words for what the analysis found, made from its fields
//! ([`DeadEndWhy`], [`KeyNeeds`]), names before ids: a dead end's point of
//! no return and the doors in its way, keys no solution needs, groups of
//! alternatives, and the items of each kind a solution needs. They say
//! what `lockwork check` says, from the same fields.

use crate::model::{KeyId, Labels};
use crate::solver::findings::DeadEndWhy;
use crate::solver::lines::{self, Wording};
use crate::solver::{ItemNeeds, KeyNeeds};

/// The lines of a dead end's why, after where it is: the point of no
/// return (step `number` of its trace), what was spent before it, and each
/// door in the way with what it needs against what is held.
pub(crate) fn dead_end_lines(labels: &Labels<'_>, why: &DeadEndWhy, number: usize) -> Vec<String> {
    let step = |s: &crate::rules::Step| step_words(labels, s);
    let wording = Wording {
        capital: true,
        step: &step,
    };
    lines::dead_end_lines(labels, why, number, &wording)
}

/// What the analysis says of the keys, a line each: "Keys no solution
/// needs: …", "A solution needs one of: bow, hook", "Small keys: …".
pub(crate) fn key_lines(labels: &Labels<'_>, needs: &KeyNeeds) -> Vec<String> {
    let named = |ids: &[KeyId]| -> String {
        let names: Vec<String> = ids.iter().take(20).map(|k| labels.key(k)).collect();
        super::words::some_and_more(&names, ids.len(), ", ")
    };
    let mut lines = Vec::new();
    if !needs.unneeded.is_empty() {
        lines.push(format!(
            "Keys no solution needs: {}",
            named(&needs.unneeded)
        ));
    }
    for group in &needs.alternatives {
        lines.push(format!("A solution needs one of: {}", named(group)));
    }
    for items in &needs.items {
        lines.push(items_line(items));
    }
    lines
}

/// "Small keys: 3 in all: 2 carried from the start, 1 lies in the level;
/// a solution needs 2 of them, but not any 2".
fn items_line(s: &ItemNeeds) -> String {
    let mut kind = lines::noun(&s.kind, 2);
    if let Some(first) = kind.get(..1) {
        kind = first.to_uppercase() + kind.get(1..).unwrap_or("");
    }
    format!("{kind}: {}", lines::items_words(s))
}

/// A step in words: "go through d2 to Storeroom (r3)", "pull lever l1".
pub(crate) fn step_words(labels: &Labels<'_>, step: &crate::rules::Step) -> String {
    match step {
        crate::rules::Step::Move { door, to } => {
            format!("go through {} to {}", labels.door(door), labels.room(to))
        }
        crate::rules::Step::Pull { lever } => format!("pull lever {}", labels.lever(lever)),
        crate::rules::Step::Pickup { key } => format!("pick up {}", labels.key(key)),
    }
}
