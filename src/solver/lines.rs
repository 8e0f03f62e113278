//! A dead end's findings ([`DeadEndWhy`]) as lines of words, names before
//! ids: what `lockwork check` prints under each dead end and what the
//! editor's problems list and play mode show. Both edges word the same
//! fields the same way; the editor starts each line with a capital, the
//! command line does not, and each says a step its own way.

// The core alone (no command line, no editor) words dead ends by
// `explain.rs`, which reads only the nouns and conditions here.
#![cfg_attr(not(any(feature = "cli", feature = "editor")), allow(dead_code))]

use super::ItemNeeds;
use super::findings::{Blocking, DeadEndWhy, Effect, ItemCount, LeverPosition, Need, Toward};
use crate::model::{KeyId, Labels, RoomId};
use crate::rules::Step;

/// How the lines are written: with a capital first letter or not, and the
/// words for a step of the trace.
pub(crate) struct Wording<'a> {
    /// Each line starts with a capital letter (the editor's lists).
    pub capital: bool,
    /// "go through great doors (d5) to Antechamber (r7)".
    pub step: &'a dyn Fn(&Step) -> String,
}

impl Wording<'_> {
    /// `text` with its first letter a capital when so asked.
    fn line(&self, text: String) -> String {
        if !self.capital {
            return text;
        }
        let mut chars = text.chars();
        match chars.next() {
            Some(first) => first.to_uppercase().chain(chars).collect(),
            None => text,
        }
    }
}

/// Where the player is stuck, each room worded by `label`: "stuck in
/// rooms Entrance (r1), Guard room (r2), 3 more". Past six rooms, five
/// are named and the rest counted; "perhaps more" or "at least" when the
/// rooms were not all worked out.
pub(crate) fn place(why: &DeadEndWhy, label: impl Fn(&RoomId) -> String) -> String {
    let shown = if why.room_count > 6 {
        5
    } else {
        why.room_count
    };
    let mut names: Vec<String> = why.rooms.iter().take(shown).map(label).collect();
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

/// The lines of a dead end's why: the point of no return (step `number`
/// of its trace), what was spent before it, each door in the way with what
/// it needs against what is held, and what the goal lacks.
pub(crate) fn dead_end_lines(
    labels: &Labels<'_>,
    why: &DeadEndWhy,
    number: usize,
    wording: &Wording<'_>,
) -> Vec<String> {
    let mut lines = Vec::new();
    match &why.no_return {
        Some(n) => lines.push(format!(
            "point of no return: step {number}, {}: {}",
            (wording.step)(&n.step),
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
    lines.extend(why.blocking.iter().map(|b| blocking(labels, b)));
    if !why.goal_lacks.is_empty() {
        lines.push(format!(
            "the goal needs {}, which can no longer be had",
            keys(labels, &why.goal_lacks, " and ")
        ));
    }
    if why.blocking.is_empty() && why.goal_lacks.is_empty() {
        lines.push("no door leads on from here".to_owned());
    }
    lines.into_iter().map(|l| wording.line(l)).collect()
}

/// What is known of the items of one kind: "3 in all: 2 carried from the
/// start, 1 lies in the level, and any 2 of them are enough", what the
/// command line prints and the editor lists.
pub(crate) fn items_words(s: &ItemNeeds) -> String {
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
    // A short answer joins on with ", and"; one with its own clauses
    // after a semicolon.
    match (s.needed, s.any_enough) {
        (Some(0), _) => format!("{held}, and no solution needs any of them"),
        (Some(1), _) if s.total == 1 => format!("{held}, and a solution needs it"),
        (Some(n), _) if n == s.total => format!("{held}, and a solution needs all {n}"),
        (Some(n), Some(true)) => format!("{held}, and any {n} of them are enough"),
        (Some(n), Some(false)) => format!(
            "{held}; a solution needs {n} of them, but not any {n}: which ones are kept matters"
        ),
        (Some(n), None) => format!(
            "{held}; a solution needs {n} of them (whether any {n} will do was not worked out)"
        ),
        (None, _) => match s.at_most {
            Some(most) => format!(
                "{held}; a solution needs at least {} and at most {most} of them (search \
                 incomplete)",
                s.at_least
            ),
            None => format!(
                "{held}; a solution needs at least {} of them (search incomplete)",
                s.at_least
            ),
        },
    }
}

/// "small key", "small keys", "bombs": the noun for `n` items of `kind`.
pub(crate) fn noun(kind: &str, n: u32) -> String {
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

/// "2 small keys and 1 bomb".
pub(crate) fn items(items: &[ItemCount]) -> String {
    let words: Vec<String> = (items.iter())
        .map(|i| format!("{} {}", i.count, noun(&i.kind, i.count)))
        .collect();
    words.join(" and ")
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

fn keys(labels: &Labels<'_>, keys: &[KeyId], join: &str) -> String {
    let words: Vec<String> = (keys.iter())
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
                "also shut: {}, another way out of {}, {}{}",
                labels.door(&b.door),
                labels.room(&b.from),
                needs_words(labels, b),
                side_words(b)
            );
        }
    };
    format!(
        "in the way: {}, from {} on the way to {toward}, {}{}",
        labels.door(&b.door),
        labels.room(&b.from),
        needs_words(labels, b),
        side_words(b)
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
                noun(kind, *needed)
            )
        }
    }
}

/// "lever S4 has been pulled and lever l2 is up, or lever l3 is down".
fn condition(labels: &Labels<'_>, when: &[Vec<LeverPosition>]) -> String {
    conditions(when, |p| format!("lever {}", labels.lever(&p.lever)))
}

/// An `open_when` in words, each lever named by `name`: a lever pulled an
/// odd number of times is down; a `once` lever has been pulled or not,
/// and one already pulled says it stays so.
pub(crate) fn conditions(
    when: &[Vec<LeverPosition>],
    name: impl Fn(&LeverPosition) -> String,
) -> String {
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
                    let l = name(p);
                    match (p.once, p.pulled, p.used_up) {
                        (true, true, _) => format!("{l} has been pulled"),
                        (true, false, true) => {
                            format!("{l} has not been pulled (it has, and works only once)")
                        }
                        (true, false, false) => format!("{l} has not been pulled"),
                        (false, true, _) => format!("{l} is down"),
                        (false, false, _) => format!("{l} is up"),
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
