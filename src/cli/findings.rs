//! The command line's words for a dead end, made from its fields
//! ([`DeadEndWhy`]), names before ids.

use crate::model::{KeyId, Labels};
use crate::solver::findings::{
    Blocking, DeadEndWhy, Effect, ItemCount, LeverPosition, Need, Toward,
};

use super::report;

/// The lines of a dead end's why, each without its indent: where the
/// player is stuck, the point of no return (step `number` of the trace),
/// what was spent before it, and each door in the way with what it needs
/// against what is held.
pub fn dead_end_lines(labels: &Labels<'_>, why: &DeadEndWhy, number: usize) -> Vec<String> {
    let mut lines = vec![place(labels, why)];
    match &why.no_return {
        Some(n) => lines.push(format!(
            "point of no return: step {number}, {}: {}",
            step(labels, &n.step),
            effect(labels, &n.effect)
        )),
        None => lines.push("the goal is out of reach from the very start".to_owned()),
    }
    if !why.spent_before.is_empty() {
        let spent: Vec<String> = (why.spent_before.iter())
            .map(|s| format!("{} on {}", items(&s.items), labels.door(&s.door)))
            .collect();
        lines.push(format!("spent before it: {}", spent.join(", ")));
    }
    for b in &why.blocking {
        lines.push(blocking(labels, b));
    }
    if !why.goal_lacks.is_empty() {
        lines.push(format!(
            "the goal needs {}, which can no longer be had",
            keys(labels, &why.goal_lacks, " and ")
        ));
    }
    if why.blocking.is_empty() && why.goal_lacks.is_empty() {
        lines.push("no door leads on from here".to_owned());
    }
    lines
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

/// What the point of no return did that cannot be undone.
fn effect(labels: &Labels<'_>, effect: &Effect) -> String {
    match effect {
        Effect::Spent { door, items: spent } => {
            format!("it spent {} on {}", items(spent), labels.door(door))
        }
        Effect::OneWay { door } => {
            format!("{} is one-way, and no way leads back", labels.door(door))
        }
        Effect::FreeSide { door } => format!(
            "{} let the player through from its free side, and its lock is on the way back",
            labels.door(door)
        ),
        Effect::UsedUp { lever } => format!(
            "lever {} works only once and stays pulled",
            labels.lever(lever)
        ),
        Effect::Pulled { lever } => format!(
            "after pulling lever {} the goal cannot be reached",
            labels.lever(lever)
        ),
        Effect::Moved { door } => format!(
            "after going through {} the goal cannot be reached",
            labels.door(door)
        ),
    }
}

/// "2 small keys and 1 bomb".
pub fn items(items: &[ItemCount]) -> String {
    let words: Vec<String> = (items.iter())
        .map(|i| format!("{} {}", i.count, report::items_noun(&i.kind, i.count)))
        .collect();
    words.join(" and ")
}

fn keys(labels: &Labels<'_>, keys: &[KeyId], join: &str) -> String {
    let words: Vec<String> = keys
        .iter()
        .map(|k| format!("key {}", labels.key(k)))
        .collect();
    words.join(join)
}

/// "in the way: great doors (d5), from Great hall (r4) on the way to the
/// goal, needs 2 small keys: 1 in hand, and no more can be had".
fn blocking(labels: &Labels<'_>, b: &Blocking) -> String {
    let toward = match &b.toward {
        Toward::Goal => "the goal".to_owned(),
        Toward::Key { key } => format!("key {}", labels.key(key)),
        Toward::Out => {
            return format!(
                "{} {}, another way out of {}, {}{}",
                if false { "Also shut:" } else { "also shut:" },
                labels.door(&b.door),
                labels.room(&b.from),
                needs_words(labels, b),
                side_words(b)
            );
        }
    };
    let needs = needs_words(labels, b);
    let side = side_words(b);
    format!(
        "in the way: {}, from {} on the way to {toward}, {needs}{side}",
        labels.door(&b.door),
        labels.room(&b.from)
    )
}

/// One need, as "needs …" or "is closed …".
fn need(labels: &Labels<'_>, need: &Need) -> String {
    match need {
        Need::ClosedForGood => "is closed for good".to_owned(),
        Need::Closed {
            lever_within_reach: true,
        } => "is closed whichever way the levers within reach stand".to_owned(),
        Need::Closed {
            lever_within_reach: false,
        } => "is closed, and no lever within reach opens it".to_owned(),
        Need::Condition { when } => format!("opens only while {}", condition(labels, when)),
        Need::Keys { missing } => format!("needs {}", keys(labels, missing, " and ")),
        Need::AnyOf { keys: any } => format!("needs one of {}", keys(labels, any, ", ")),
        Need::Items {
            kind,
            needed,
            held,
            most,
        } => {
            let more = if most > held {
                format!(", at most {most} can be had from here")
            } else {
                ", and no more can be had".to_owned()
            };
            format!(
                "needs {needed} {}: {held} in hand{more}",
                report::items_noun(kind, *needed)
            )
        }
    }
}

/// "lever S4 has been pulled and lever l2 is up, or lever l3 is down".
fn condition(labels: &Labels<'_>, when: &[Vec<LeverPosition>]) -> String {
    if when.is_empty() {
        return "a condition that never holds".to_owned();
    }
    let alternatives: Vec<String> = (when.iter())
        .map(|all| {
            if all.is_empty() {
                return "always".to_owned();
            }
            let parts: Vec<String> = (all.iter())
                .map(|p| {
                    let l = labels.lever(&p.lever);
                    match (p.once, p.pulled, p.used_up) {
                        (true, true, _) => format!("lever {l} has been pulled"),
                        (true, false, true) => {
                            format!("lever {l} has not been pulled (it has, and works only once)")
                        }
                        (true, false, false) => format!("lever {l} has not been pulled"),
                        (false, true, _) => format!("lever {l} is down"),
                        (false, false, _) => format!("lever {l} is up"),
                    }
                })
                .collect();
            parts.join(" and ")
        })
        .collect();
    alternatives.join(", or ")
}

fn needs_words(labels: &Labels<'_>, b: &Blocking) -> String {
    let needs: Vec<String> = b.needs.iter().map(|n| need(labels, n)).collect();
    if needs.is_empty() {
        "stays shut".to_owned()
    } else {
        needs.join(", or ")
    }
}

fn side_words(b: &Blocking) -> &'static str {
    if b.one_sided {
        " (its lock is on this side only)"
    } else {
        ""
    }
}
