//! Why a dead end is one, as fields rather than a sentence: the rooms the
//! player can still reach, the point of no return (the step after which
//! the goal is out of reach, and what it spent, closed or used up), what
//! was spent on the way there, and the doors in the way with what each
//! needs against what is held, per kind.
//!
//! The command line and the editor make their sentences from these fields,
//! names before ids; a game makes its own. Every door's need is
//! [`Mechanics::blocked`] as the rules answer it, so a finding can never
//! disagree with them.

use serde::{Deserialize, Serialize};

use crate::model::{DoorId, KeyId, Level, LeverId, RoomId};
use crate::rules::Step;
use crate::rules::mechanics::{Blocked, Holdings, Mechanics, Opening, Passage};
use crate::solver::compile::PULL;

/// At most this many rooms are listed in [`DeadEndWhy::rooms`]; all are
/// counted in [`DeadEndWhy::room_count`].
pub const MAX_ROOMS_LISTED: usize = 100;

/// At most this many doors are followed back from the goal in
/// [`DeadEndWhy::blocking`].
const MAX_CHAIN: usize = 4;

/// Why the goal can no longer be reached from a dead end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeadEndWhy {
    /// The rooms the player can still reach, in level order: at most
    /// [`MAX_ROOMS_LISTED`].
    pub rooms: Vec<RoomId>,
    /// How many rooms the player can still reach; a floor when
    /// `rooms_complete` is false.
    pub room_count: usize,
    /// False when only the states nearest the dead end were looked at
    /// (a very large level): more rooms may be reachable.
    pub rooms_complete: bool,
    /// The point of no return; `None` when the goal was out of reach from
    /// the very start.
    pub no_return: Option<NoReturn>,
    /// Items spent on doors before the point of no return (the doors
    /// unlocked by spending in the state before it), in level order: the
    /// earlier steps that made it fatal.
    pub spent_before: Vec<Spending>,
    /// The doors that stay shut, from the goal backwards: the door on the
    /// shortest way to the goal, then (when it needs a key lying out of
    /// reach) the door on the way to that key, and so on; then up to three
    /// other doors out of the rooms within reach that stay shut
    /// ([`Toward::Out`]).
    pub blocking: Vec<Blocking>,
    /// Keys the goal requires that no state within reach holds, when the
    /// goal room itself is within reach.
    pub goal_lacks: Vec<KeyId>,
}

/// The last step after which the goal cannot be reached: in the state
/// before it the goal can still be reached, in the state after it not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoReturn {
    /// The step.
    pub step: Step,
    /// What it did that cannot be undone.
    pub effect: Effect,
}

/// What the point of no return did that cannot be undone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Effect {
    /// Items were spent on this door.
    Spent {
        /// The door.
        door: DoorId,
        /// What it spent, per kind.
        items: Vec<ItemCount>,
    },
    /// The player went through this one-way door.
    OneWay {
        /// The door.
        door: DoorId,
    },
    /// The player went through this door from its free side; its lock is
    /// on the way back.
    FreeSide {
        /// The door.
        door: DoorId,
    },
    /// This `once` lever was pulled: it can never be pulled back.
    UsedUp {
        /// The lever.
        lever: LeverId,
    },
    /// This lever was pulled (it can be pulled again, but that does not
    /// help).
    Pulled {
        /// The lever.
        lever: LeverId,
    },
    /// The player went through this door, which by itself spends and
    /// closes nothing.
    Moved {
        /// The door.
        door: DoorId,
    },
}

/// Items of one kind (`"small"` for small keys).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemCount {
    /// The kind.
    pub kind: String,
    /// How many.
    pub count: u32,
}

/// Items spent on a door before the point of no return.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spending {
    /// The door.
    pub door: DoorId,
    /// What it spent, per kind.
    pub items: Vec<ItemCount>,
}

/// A door that stays shut on the way to the goal or to a key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Blocking {
    /// The door.
    pub door: DoorId,
    /// The room within reach it leads out of.
    pub from: RoomId,
    /// What it is on the way to.
    pub toward: Toward,
    /// True when its lock applies on this side only (`locked_from`).
    pub one_sided: bool,
    /// What it needs that is not there, in the states within reach that
    /// get furthest (holding the most named keys); several when those
    /// states differ.
    pub needs: Vec<Need>,
}

/// What a blocking door is on the way to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "to", rename_all = "snake_case")]
pub enum Toward {
    /// The goal.
    Goal,
    /// A key the door further on needs.
    Key {
        /// The key.
        key: KeyId,
    },
    /// Another way out of the rooms within reach, off the shortest way.
    Out,
}

/// What a door needs to let the player through.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "need", rename_all = "snake_case")]
pub enum Need {
    /// It is closed and never opens.
    ClosedForGood,
    /// It is closed; levers flip it.
    Closed {
        /// Whether a lever that flips it stands in a room within reach.
        lever_within_reach: bool,
    },
    /// It opens only while one of these lists of lever positions holds.
    Condition {
        /// Its `open_when`, lever by lever.
        when: Vec<Vec<LeverPosition>>,
    },
    /// These keys of its lock are not held.
    Keys {
        /// The keys.
        missing: Vec<KeyId>,
    },
    /// None of these keys (of its `locks_any`) is held.
    AnyOf {
        /// The keys.
        keys: Vec<KeyId>,
    },
    /// It spends more items of a kind than are in hand.
    Items {
        /// The kind (`"small"` for small keys).
        kind: String,
        /// How many it spends.
        needed: u32,
        /// How many are in hand at the dead end (what a replay of the
        /// trace holds).
        held: u32,
        /// The most the player can have in hand anywhere within reach.
        most: u32,
    },
}

/// A lever position a condition asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeverPosition {
    /// The lever.
    pub lever: LeverId,
    /// True: pulled an odd number of times ("down"); false: not ("up").
    pub pulled: bool,
    /// The lever can be pulled only once.
    pub once: bool,
    /// It is `once` and was pulled: it stays where it is for good.
    pub used_up: bool,
}

/// A state of play a finding reads: where the player stands, and what the
/// rules ask of it.
pub(crate) trait Placed: Holdings {
    /// The room the player stands in.
    fn room_now(&self) -> usize;
}

impl Placed for crate::solver::compile::StateView<'_> {
    fn room_now(&self) -> usize {
        self.room()
    }
}

#[cfg(test)]
impl Placed for crate::solver::general::Node {
    fn room_now(&self) -> usize {
        self.room
    }
}

/// The states within reach of a dead end, the dead end first.
pub(crate) struct Within<'s, S> {
    pub states: &'s [&'s S],
    /// Whether they are every state reachable, not only the nearest.
    pub whole: bool,
}

/// Why the player is stuck in `within`, entered by action `act` from
/// `before` when there was a step (none: the goal was never in reach).
///
/// A function of the states alone, not of the way into them: `check` and a
/// play session say the same of the same dead end.
pub(crate) fn dead_end_why<S: Placed>(
    level: &Level,
    m: &Mechanics,
    within: &Within<'_, S>,
    before: Option<(&S, u32)>,
) -> DeadEndWhy {
    let mut in_reach = vec![false; m.rooms()];
    for s in within.states {
        in_reach[s.room_now()] = true;
    }
    let rooms: Vec<RoomId> = (level.rooms.iter().zip(&in_reach))
        .filter(|&(_, &r)| r)
        .map(|(room, _)| room.id.clone())
        .collect();
    let room_count = rooms.len();
    let after = within.states.first().map(|s| s.room_now());
    let no_return = before.map(|(b, act)| NoReturn {
        step: step_of(level, act, after.unwrap_or(0)),
        effect: effect(level, m, b, act),
    });
    let spent_before = match (before, within.states.first()) {
        (Some((b, _)), _) => spent_in(level, m, b),
        (None, Some(at)) => spent_in(level, m, *at),
        (None, None) => Vec::new(),
    };
    DeadEndWhy {
        rooms: rooms.into_iter().take(MAX_ROOMS_LISTED).collect(),
        room_count,
        rooms_complete: within.whole,
        no_return,
        spent_before,
        blocking: blocking(level, m, within.states, &in_reach),
        goal_lacks: goal_lacks(level, m, within.states, &in_reach),
    }
}

/// Action `act` as a step, into room `to` for a move.
fn step_of(level: &Level, act: u32, to: usize) -> Step {
    if act & PULL != 0 {
        let l = (act & !PULL) as usize;
        return Step::Pull {
            lever: level
                .levers
                .get(l)
                .map_or_else(LeverId::default, |x| x.id.clone()),
        };
    }
    Step::Move {
        door: (level.doors.get(act as usize)).map_or_else(DoorId::default, |x| x.id.clone()),
        to: level
            .rooms
            .get(to)
            .map_or_else(RoomId::default, |x| x.id.clone()),
    }
}

/// The doors unlocked by spending in state `s`, with what each spent.
fn spent_in<S: Placed>(level: &Level, m: &Mechanics, s: &S) -> Vec<Spending> {
    (0..m.doors().len())
        .filter(|&d| !m.doors()[d].spend.is_empty() && s.unlocked(d))
        .map(|d| Spending {
            door: level.doors[d].id.clone(),
            items: item_counts(m, &m.doors()[d].spend),
        })
        .collect()
}

/// What step `act` from `before` did that cannot be undone.
fn effect<S: Placed>(level: &Level, m: &Mechanics, before: &S, act: u32) -> Effect {
    let lever_id = |l: usize| {
        level
            .levers
            .get(l)
            .map_or_else(LeverId::default, |x| x.id.clone())
    };
    if act & PULL != 0 {
        let l = (act & !PULL) as usize;
        let lever = lever_id(l);
        return match m.levers().get(l) {
            Some(rule) if rule.once => Effect::UsedUp { lever },
            _ => Effect::Pulled { lever },
        };
    }
    let d = act as usize;
    let door = level
        .doors
        .get(d)
        .map_or_else(DoorId::default, |x| x.id.clone());
    let from = before.room_now();
    let Some(p) = (m.ends(d)).map(|(a, b)| Passage {
        door: d,
        from,
        to: if from == a { b } else { a },
    }) else {
        return Effect::Moved { door };
    };
    let spent = m.spend_now(p, before);
    if !spent.is_empty() {
        let items = item_counts(m, spent);
        Effect::Spent { door, items }
    } else if m.is_one_way(d) {
        Effect::OneWay { door }
    } else if m.locks_one_side(d) && !m.locked_here(p) {
        Effect::FreeSide { door }
    } else {
        Effect::Moved { door }
    }
}

fn item_counts(m: &Mechanics, spent: &[(usize, u32)]) -> Vec<ItemCount> {
    (spent.iter())
        .map(|&(kind, count)| ItemCount {
            kind: m.kinds().get(kind).cloned().unwrap_or_default(),
            count,
        })
        .collect()
}

/// Named keys a state holds: the furthest the player gets holds the most.
fn named_held<S: Placed>(m: &Mechanics, s: &S) -> usize {
    (0..m.keys().len())
        .filter(|&k| m.keys()[k].kind.is_none() && s.holds(k))
        .count()
}

/// From the goal backwards: the door that stays shut on the shortest way
/// from the rooms of the states within reach that get furthest (holding
/// the most named keys) to the goal; when every state there lacks
/// the same key, which lies out of reach, the door on the way to that key;
/// and so on, at most [`MAX_CHAIN`] doors deep.
fn blocking<S: Placed>(
    level: &Level,
    m: &Mechanics,
    states: &[&S],
    in_reach: &[bool],
) -> Vec<Blocking> {
    let most = states.iter().map(|s| named_held(m, *s)).max().unwrap_or(0);
    let best: Vec<&S> = (states.iter().copied())
        .filter(|s| named_held(m, *s) == most)
        .collect();
    // The rooms of the states that get furthest: where they stand is where
    // the way on is asked of the rules.
    let mut rooms = vec![false; in_reach.len()];
    for s in &best {
        rooms[s.room_now()] = true;
    }
    let in_reach = &rooms;
    let mut chain: Vec<Blocking> = Vec::new();
    let mut toward = Toward::Goal;
    let mut target = m.goal();
    while chain.len() < MAX_CHAIN {
        let Some((from, door)) = first_door_out(m, in_reach, target) else {
            break;
        };
        if chain.iter().any(|b| b.door == level.doors[door].id) {
            break;
        }
        let to = m.leaving(door, from).map_or(from, |p| p.to);
        let Ok(passage) = m.passage(door, from, to) else {
            break;
        };
        let (needs, missing) = needs_at(level, m, passage, states, &best, in_reach);
        chain.push(Blocking {
            door: level.doors[door].id.clone(),
            from: level.rooms[from].id.clone(),
            toward: toward.clone(),
            one_sided: m.locks_one_side(door),
            needs,
        });
        match missing {
            Some(k) if !in_reach[m.keys()[k].room] && !chain_has_key(&chain, level, k) => {
                toward = Toward::Key {
                    key: level.keys[k].id.clone(),
                };
                target = m.keys()[k].room;
            }
            _ => break,
        }
    }
    other_ways_out(level, m, states, &best, in_reach, &mut chain);
    chain
}

/// At most this many doors off the shortest way are listed besides.
const MAX_OTHER_WAYS: usize = 3;

/// Adds to `blocking` the other doors out of the rooms of `best` that stay
/// shut there ([`Toward::Out`]), at most [`MAX_OTHER_WAYS`]: a small lock
/// beside the way can be what was lost. A door that needs only items that
/// can still be had within reach is left out.
fn other_ways_out<S: Placed>(
    level: &Level,
    m: &Mechanics,
    states: &[&S],
    best: &[&S],
    rooms: &[bool],
    blocking: &mut Vec<Blocking>,
) {
    let mut added = 0;
    for p in m.passages() {
        if added == MAX_OTHER_WAYS {
            break;
        }
        let id = &level.doors[p.door].id;
        if !rooms[p.from] || rooms[p.to] || blocking.iter().any(|b| &b.door == id) {
            continue;
        }
        let (needs, _) = needs_at(level, m, p, states, best, rooms);
        // Items that can still be had in reach do not keep it shut.
        let shut = |n: &Need| !matches!(n, Need::Items { needed, most, .. } if needed <= most);
        if !needs.iter().any(shut) {
            continue;
        }
        blocking.push(Blocking {
            door: id.clone(),
            from: level.rooms[p.from].id.clone(),
            toward: Toward::Out,
            one_sided: m.locks_one_side(p.door),
            needs,
        });
        added += 1;
    }
}

fn chain_has_key(chain: &[Blocking], level: &Level, k: usize) -> bool {
    let id = &level.keys[k].id;
    (chain.iter()).any(|b| matches!(&b.toward, Toward::Key { key } if key == id))
}

/// What `passage` needs in the states of `best` that stand at it, and the
/// one key every one of them lacks, when there is one.
fn needs_at<S: Placed>(
    level: &Level,
    m: &Mechanics,
    passage: Passage,
    all: &[&S],
    best: &[&S],
    in_reach: &[bool],
) -> (Vec<Need>, Option<usize>) {
    let mut needs: Vec<Need> = Vec::new();
    let mut missing: Option<Option<usize>> = None;
    for s in best.iter().filter(|s| s.room_now() == passage.from) {
        let Some(blocked) = m.blocked(passage, *s) else {
            continue;
        };
        let key = match &blocked {
            Blocked::MissingKeys(keys) => keys.first().copied(),
            _ => None,
        };
        missing = match missing {
            None => Some(key),
            Some(seen) if seen == key => Some(seen),
            Some(_) => Some(None),
        };
        let need = need(level, m, passage.door, blocked, *s, all, in_reach);
        if !needs.contains(&need) {
            needs.push(need);
        }
    }
    (needs, missing.flatten())
}

/// One blocked answer of the rules as a need.
fn need<S: Placed>(
    level: &Level,
    m: &Mechanics,
    door: usize,
    blocked: Blocked,
    at: &S,
    all: &[&S],
    in_reach: &[bool],
) -> Need {
    let keys = |ks: Vec<usize>| -> Vec<KeyId> {
        ks.into_iter().map(|k| level.keys[k].id.clone()).collect()
    };
    let items = |kind: usize, needed: u32| Need::Items {
        kind: m.kinds().get(kind).cloned().unwrap_or_default(),
        needed,
        held: all.first().map_or(0, |s| s.in_hand(kind)),
        most: all.iter().map(|s| s.in_hand(kind)).max().unwrap_or(0),
    };
    match blocked {
        Blocked::Closed => match m.doors()[door].opening {
            Opening::Shut => Need::ClosedForGood,
            Opening::When => Need::Condition {
                when: condition(level, m, door, at),
            },
            _ => Need::Closed {
                lever_within_reach: (m.flipped_by(door).iter())
                    .any(|&l| in_reach[m.levers()[l].room]),
            },
        },
        Blocked::MissingKeys(ks) => Need::Keys { missing: keys(ks) },
        Blocked::MissingAny(ks) => Need::AnyOf { keys: keys(ks) },
        Blocked::NotEnoughSmallKeys { needed, .. } => {
            items(crate::rules::mechanics::SMALL_KIND, needed)
        }
        Blocked::NotEnoughItems { kind, needed, .. } => items(kind, needed),
    }
}

/// A door's `open_when`, lever by lever, as it stands in `at`.
fn condition<S: Placed>(
    level: &Level,
    m: &Mechanics,
    door: usize,
    at: &S,
) -> Vec<Vec<LeverPosition>> {
    (m.doors()[door].open_when.iter())
        .map(|all| {
            (all.iter())
                .map(|&(l, pulled)| {
                    let once = m.levers().get(l).is_some_and(|x| x.once);
                    LeverPosition {
                        lever: level
                            .levers
                            .get(l)
                            .map_or_else(LeverId::default, |x| x.id.clone()),
                        pulled,
                        once,
                        used_up: once && at.pulled_odd(l),
                    }
                })
                .collect()
        })
        .collect()
}

/// The keys the goal requires that no state within reach holds, when the
/// goal room is within reach.
fn goal_lacks<S: Placed>(
    level: &Level,
    m: &Mechanics,
    states: &[&S],
    in_reach: &[bool],
) -> Vec<KeyId> {
    if !in_reach[m.goal()] {
        return Vec::new();
    }
    (m.goal_requires().iter())
        .filter(|&&k| !states.iter().any(|s| s.holds(k)))
        .map(|&k| level.keys[k].id.clone())
        .collect()
}

/// The first door that leaves `rooms` on a shortest walk from them to room
/// `to`, ignoring locks and levers: `(room it leaves from, door)`.
///
/// Hand-written: petgraph's Dijkstra stops at one goal, not at the first of
/// a set of rooms, and gives no door each room was reached by.
fn first_door_out(m: &Mechanics, rooms: &[bool], to: usize) -> Option<(usize, usize)> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    if rooms[to] {
        return None;
    }
    // Walk backwards from `to` until a room of `rooms` is met.
    let n = m.rooms();
    let mut dist = vec![f64::INFINITY; n];
    let mut next_door: Vec<Option<usize>> = vec![None; n];
    let mut into: Vec<Vec<(usize, usize, f64)>> = vec![Vec::new(); n];
    for p in m.passages() {
        if m.doors()[p.door].opening != Opening::Shut || rooms[p.from] {
            into[p.to].push((p.from, p.door, m.doors()[p.door].cost));
        }
    }
    let mut heap = BinaryHeap::new();
    dist[to] = 0.0;
    heap.push(Reverse((0f64.to_bits(), to)));
    while let Some(Reverse((bits, r))) = heap.pop() {
        let d = f64::from_bits(bits);
        if d > dist[r] {
            continue;
        }
        if rooms[r] {
            return next_door[r].map(|door| (r, door));
        }
        for &(from, door, cost) in &into[r] {
            let nd = d + cost;
            if nd < dist[from] {
                dist[from] = nd;
                next_door[from] = Some(door);
                heap.push(Reverse((nd.to_bits(), from)));
            }
        }
    }
    None
}
