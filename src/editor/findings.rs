//! The editor's words for what the analysis found, made from its fields
//! ([`DeadEndWhy`], [`KeyNeeds`]), names before ids: a dead end's point of
//! no return and the doors in its way, keys no solution needs, groups of
//! alternatives, and the items of each kind a solution needs. They say
//! what `lockwork check` says, from the same fields.

use crate::model::{KeyId, Labels};
use crate::solver::findings::{
    Blocking, DeadEndWhy, Effect, ItemCount, LeverPosition, Need, Toward,
};
use crate::solver::{ItemNeeds, KeyNeeds};

/// The lines of a dead end's why, after where it is: the point of no
/// return (step `number` of its trace), what was spent before it, and each
/// door in the way with what it needs against what is held.
pub(crate) fn dead_end_lines(labels: &Labels<'_>, why: &DeadEndWhy, number: usize) -> Vec<String> {
    let mut lines = Vec::new();
    match &why.no_return {
        Some(n) => lines.push(format!(
            "Point of no return: step {number}, {}: {}",
            step_words(labels, &n.step),
            effect(labels, &n.effect)
        )),
        None => lines.push("The goal is out of reach from the very start".to_owned()),
    }
    if !why.spent_before.is_empty() {
        let spent: Vec<String> = (why.spent_before.iter())
            .map(|s| format!("{} on {}", items(&s.items), labels.door(&s.door)))
            .collect();
        lines.push(format!("Spent before it: {}", spent.join(", ")));
    }
    lines.extend(why.blocking.iter().map(|b| blocking(labels, b)));
    if !why.goal_lacks.is_empty() {
        lines.push(format!(
            "The goal needs {}, which can no longer be had",
            keys(labels, &why.goal_lacks, " and ")
        ));
    }
    if why.blocking.is_empty() && why.goal_lacks.is_empty() {
        lines.push("No door leads on from here".to_owned());
    }
    lines
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
    let lie = s.total - s.carried;
    let verb = if lie == 1 { "lies" } else { "lie" };
    let held = match (s.carried, lie) {
        (0, _) => format!("{lie} {verb} in the level"),
        (c, 0) => format!("{c} carried from the start"),
        (c, _) => format!(
            "{} in all: {c} carried from the start, {lie} {verb} in the level",
            s.total
        ),
    };
    let need = match (s.needed, s.any_enough) {
        (Some(0), _) => "no solution needs any of them".to_owned(),
        (Some(n), _) if n == s.total => format!("a solution needs all {n}"),
        (Some(n), Some(true)) => format!("any {n} of them are enough"),
        (Some(n), Some(false)) => {
            format!("a solution needs {n} of them, but not any {n}: which ones are kept matters")
        }
        (Some(n), None) => {
            format!("a solution needs {n} of them (whether any {n} will do was not worked out)")
        }
        (None, _) => match s.at_most {
            Some(most) => format!(
                "a solution needs at least {} and at most {most} of them (search incomplete)",
                s.at_least
            ),
            None => format!(
                "a solution needs at least {} of them (search incomplete)",
                s.at_least
            ),
        },
    };
    let mut kind = noun(&s.kind, 2);
    if let Some(first) = kind.get(..1) {
        kind = first.to_uppercase() + kind.get(1..).unwrap_or("");
    }
    format!("{kind}: {held}; {need}")
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

/// "small key", "small keys", "bombs".
fn noun(kind: &str, n: u32) -> String {
    let one = if kind == crate::model::SMALL {
        "small key"
    } else {
        kind
    };
    match n {
        1 => one.to_owned(),
        _ if one.ends_with('s') => one.to_owned(),
        _ => format!("{one}s"),
    }
}

fn items(items: &[ItemCount]) -> String {
    let words: Vec<String> = (items.iter())
        .map(|i| format!("{} {}", i.count, noun(&i.kind, i.count)))
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

fn blocking(labels: &Labels<'_>, b: &Blocking) -> String {
    let toward = match &b.toward {
        Toward::Goal => "the goal".to_owned(),
        Toward::Key { key } => format!("key {}", labels.key(key)),
        Toward::Out => {
            return format!(
                "{} {}, another way out of {}, {}{}",
                if true { "Also shut:" } else { "also shut:" },
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
        "In the way: {}, from {} on the way to {toward}, {needs}{side}",
        labels.door(&b.door),
        labels.room(&b.from)
    )
}

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
                noun(kind, *needed)
            )
        }
    }
}

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
