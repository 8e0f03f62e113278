//! The default sentence for a dead end, made from its fields
//! ([`DeadEndWhy`]) with ids as a level file writes them: what
//! [`DeadEnd::reason`](super::DeadEnd::reason) and
//! [`play::Stuck::reason`](crate::play::Stuck::reason) say for a game that
//! does not word the fields itself. The command line and the editor make
//! their own, names before ids.

use super::findings::{Blocking, DeadEndWhy, Effect, ItemCount, Need, Toward};
use super::lines;
use crate::model::Level;

/// "stuck in rooms r1, r2: the point of no return was going through door
/// "d2", which spent 1 small key; on the way to the goal door "d5" needs 2
/// small keys: 1 in hand, and no more within reach".
pub(crate) fn sentence(level: &Level, why: &DeadEndWhy) -> String {
    let mut text = place(level, why);
    let mut parts: Vec<String> = Vec::new();
    if let Some(no_return) = &why.no_return {
        parts.push(effect_words(&no_return.effect));
    }
    if !why.spent_before.is_empty() {
        let spent: Vec<String> = (why.spent_before.iter())
            .map(|s| {
                let one = s.items.len() == 1 && s.items[0].count == 1;
                let verb = if one { "was" } else { "were" };
                format!(
                    "{} {verb} spent on door \"{}\"",
                    items_words(&s.items),
                    s.door
                )
            })
            .collect();
        parts.push(format!("before it, {}", spent.join(" and ")));
    }
    let chain = chain_words(&why.blocking);
    if !chain.is_empty() {
        parts.push(chain);
    }
    if !why.goal_lacks.is_empty() {
        let keys: Vec<String> = why.goal_lacks.iter().map(|k| format!("\"{k}\"")).collect();
        parts.push(format!("the goal needs key {}", keys.join(", ")));
    }
    if why.blocking.is_empty() && why.goal_lacks.is_empty() {
        parts.push("no door leads on from here".to_owned());
    }
    text += ": ";
    text += &parts.join("; ");
    text
}

/// "stuck in rooms r1, r2, 3 more".
fn place(level: &Level, why: &DeadEndWhy) -> String {
    lines::place(why, |r| level.room_label(r))
}

/// "1 small key", "2 bombs and 1 small key".
pub(crate) fn items_words(items: &[ItemCount]) -> String {
    super::lines::items(items)
}

/// "1 small key", "2 bombs".
fn count_words(n: u32, kind: &str) -> String {
    format!("{n} {}", super::lines::noun(kind, n))
}

/// What the point of no return did, as the sentence says it.
fn effect_words(effect: &Effect) -> String {
    let after = "after which the goal cannot be reached";
    match effect {
        Effect::Spent { door, items } => format!(
            "the point of no return: {} {} spent on door \"{door}\", {after}",
            items_words(items),
            if items.len() == 1 && items[0].count == 1 {
                "was"
            } else {
                "were"
            }
        ),
        Effect::OneWay { door } => {
            format!("the point of no return: door \"{door}\" is one-way and no way leads back")
        }
        Effect::FreeSide { door } => format!(
            "the point of no return: door \"{door}\" let the player through from its free \
             side, and the lock is on the other side"
        ),
        Effect::UsedUp { lever } => format!(
            "the point of no return: lever \"{lever}\" was pulled and can be pulled only once"
        ),
        Effect::Pulled { lever } => {
            format!("the point of no return: lever \"{lever}\" was pulled, {after}")
        }
        Effect::Moved { door } => {
            format!("the point of no return: going through door \"{door}\", {after}")
        }
    }
}

/// "on the way to key "big" door "d4" needs 1 small key: 0 in hand; key
/// "big" opens door "d8" on the way to the goal".
fn chain_words(blocking: &[Blocking]) -> String {
    let others: Vec<&Blocking> = (blocking.iter())
        .filter(|b| b.toward == Toward::Out)
        .collect();
    let chain: Vec<Blocking> = (blocking.iter())
        .filter(|b| b.toward != Toward::Out)
        .cloned()
        .collect();
    let mut text = chain_only(&chain);
    for b in others {
        let needs: Vec<String> = b.needs.iter().map(|n| need_words(b, n)).collect();
        if !text.is_empty() {
            text += "; ";
        }
        text += &format!("also {}", needs.join(" or "));
    }
    text
}

fn chain_only(chain: &[Blocking]) -> String {
    let Some(root) = chain.last() else {
        return String::new();
    };
    let needs: Vec<String> = root.needs.iter().map(|n| need_words(root, n)).collect();
    let needs = if needs.is_empty() {
        format!("door \"{}\" stays shut", root.door)
    } else {
        needs.join(" or ")
    };
    let mut text = format!("on the way to {} {needs}", toward_words(&root.toward));
    for (shut, next) in chain.iter().zip(&chain[1..]).rev() {
        if let Toward::Key { key } = &next.toward {
            let side = if shut.one_sided {
                " (from this side; the lock is on this side only)"
            } else {
                ""
            };
            text += &format!(
                "; key \"{key}\" opens door \"{}\"{side} on the way to {}",
                shut.door,
                toward_words(&shut.toward)
            );
        }
    }
    text
}

fn toward_words(toward: &Toward) -> String {
    match toward {
        Toward::Goal => "the goal".to_owned(),
        Toward::Key { key } => format!("key \"{key}\""),
        Toward::Out => "another way out".to_owned(),
    }
}

/// One need of a door, in the rules' words.
fn need_words(b: &Blocking, need: &Need) -> String {
    let door = format!("door \"{}\"", b.door);
    let side = if b.one_sided {
        " (from this side; the lock is on this side only)"
    } else {
        ""
    };
    let quoted = |keys: &[crate::model::KeyId]| -> String {
        let q: Vec<String> = keys.iter().map(|k| format!("\"{k}\"")).collect();
        q.join(", ")
    };
    match need {
        Need::ClosedForGood => format!("{door} is closed for good"),
        Need::Closed {
            lever_within_reach: true,
        } => format!("{door} is closed whichever way the levers within reach stand"),
        Need::Closed {
            lever_within_reach: false,
        } => format!("{door} is closed and no lever within reach opens it"),
        Need::Condition { when } => {
            format!("{door} only opens while {}", condition_words(when))
        }
        Need::Keys { missing } => format!(
            "{door} needs key{} {}{side}",
            if missing.len() == 1 { "" } else { "s" },
            quoted(missing)
        ),
        Need::AnyOf { keys } => format!("{door} needs one of the keys {}{side}", quoted(keys)),
        Need::Items {
            kind,
            needed,
            held,
            most,
        } => {
            let more = if most > held {
                format!(", and at most {most} can be had within reach")
            } else {
                ", and no more can be had".to_owned()
            };
            format!(
                "{door} needs {}{side}: {held} in hand{more}",
                count_words(*needed, kind)
            )
        }
    }
}

/// "l1 has been pulled and l2 is up, or l3 is down".
fn condition_words(when: &[Vec<super::findings::LeverPosition>]) -> String {
    super::lines::conditions(when, |p| p.lever.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Room;
    use crate::solver::findings::{LeverPosition, NoReturn, Spending};

    fn level_of(rooms: usize) -> Level {
        let mut level = Level::new("rooms");
        level.rooms = (0..rooms)
            .map(|i| Room::new(format!("r{i}"), [0.0, 0.0]))
            .collect();
        level
    }

    fn why(rooms: usize, whole: bool) -> DeadEndWhy {
        DeadEndWhy {
            rooms: (0..rooms).map(|i| format!("r{i}").into()).collect(),
            room_count: rooms,
            rooms_complete: whole,
            no_return: None,
            spent_before: Vec::new(),
            blocking: Vec::new(),
            goal_lacks: Vec::new(),
        }
    }

    #[test]
    fn the_place_names_five_rooms_and_counts_the_rest() {
        let level = level_of(10);
        assert_eq!(place(&level, &why(1, true)), "stuck in room r0");
        assert_eq!(
            place(&level, &why(6, true)),
            "stuck in rooms r0, r1, r2, r3, r4, r5"
        );
        assert_eq!(
            place(&level, &why(10, true)),
            "stuck in rooms r0, r1, r2, r3, r4, 5 more"
        );
        assert_eq!(
            place(&level, &why(10, false)),
            "stuck in rooms r0, r1, r2, r3, r4, at least 5 more"
        );
        assert_eq!(
            place(&level, &why(1, false)),
            "stuck in rooms r0, perhaps more"
        );
    }

    /// The point of no return, what was spent before it, and the door in
    /// the way with what it needs against what is held: no "so" joins the
    /// step to the door.
    #[test]
    fn the_sentence_names_the_point_of_no_return_and_what_is_held() {
        let level = level_of(3);
        let mut w = why(2, true);
        w.no_return = Some(NoReturn {
            step: crate::rules::Step::Move {
                door: "d3".into(),
                to: "r1".into(),
            },
            effect: Effect::OneWay { door: "d3".into() },
        });
        w.spent_before = vec![Spending {
            door: "d1".into(),
            items: vec![ItemCount {
                kind: "small".into(),
                count: 2,
            }],
        }];
        w.blocking = vec![Blocking {
            door: "d5".into(),
            from: "r1".into(),
            toward: Toward::Goal,
            one_sided: false,
            needs: vec![Need::Items {
                kind: "small".into(),
                needed: 2,
                held: 1,
                most: 1,
            }],
        }];
        assert_eq!(
            sentence(&level, &w),
            "stuck in rooms r0, r1: the point of no return: door \"d3\" is one-way and no \
             way leads back; before it, 2 small keys were spent on door \"d1\"; on the way to the \
             goal door \"d5\" needs 2 small keys: 1 in hand, and no more can be had"
        );
    }

    #[test]
    fn a_once_lever_is_pulled_or_not_rather_than_down_or_up() {
        let pos = |lever: &str, pulled, once, used_up| LeverPosition {
            lever: lever.into(),
            pulled,
            once,
            used_up,
        };
        let when = vec![vec![
            pos("S4", true, true, false),
            pos("l2", false, false, false),
        ]];
        assert_eq!(condition_words(&when), "S4 has been pulled and l2 is up");
        let when = vec![
            vec![pos("S4", false, true, true)],
            vec![pos("l3", true, false, false)],
        ];
        assert_eq!(
            condition_words(&when),
            "S4 has not been pulled (it has, and works only once), or l3 is down"
        );
    }
}
