//! A brute force written from FORMAT.md's rules alone (it does not use
//! `lockwork::rules`, except to read a replayed state), and the random small
//! levels it is checked on: shared by `solver_brute.rs` (the solver and the
//! analysis) and `play.rs` (the play session).

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap, HashMap, VecDeque};

use lockwork::model::{Door, Key, Level, Lever, Room};
use lockwork::rules::{PlayState, Step, replay};
use proptest::prelude::*;

// ---------------------------------------------------------------------------
// The brute force: explicit states, the rules of FORMAT.md stated directly.
// ---------------------------------------------------------------------------

/// A door by indices.
#[derive(Clone, Debug)]
pub struct BDoor {
    pub from: usize,
    pub to: usize,
    pub one_way: bool,
    pub cost: u64,
    pub open: bool,
    pub locks: Vec<usize>,
    /// `locks_any`: at least one of these must be held.
    pub locks_any: Vec<usize>,
    /// `locked_from`: the room from whose side the locks apply; `None` for both.
    pub locked_from: Option<usize>,
    /// `spend` with `small_locks` as kind "small": (kind index, count).
    pub spend: Vec<(usize, u32)>,
    /// `open_when`: lists of (lever, pulled an odd number of times).
    pub open_when: Option<Vec<Vec<(usize, bool)>>>,
}

/// A lever by indices.
#[derive(Clone, Debug)]
pub struct BLever {
    pub room: usize,
    pub toggles: Vec<usize>,
    pub once: bool,
}

/// A level by indices; costs are whole numbers so sums are exact.
#[derive(Clone, Debug)]
pub struct Brute {
    pub rooms: usize,
    pub start: usize,
    pub goal: usize,
    pub doors: Vec<BDoor>,
    /// `None`: carried from the start.
    pub key_room: Vec<Option<usize>>,
    /// The key's kind (index into `kinds`), small keys being kind "small".
    pub key_kind: Vec<Option<usize>>,
    /// Every kind named, sorted.
    pub kinds: Vec<String>,
    /// A key treated as not in the level (for "keys no solution needs").
    pub key_absent: Vec<bool>,
    /// Keys whose holding is part of the state; see [`Track`].
    pub key_tracked: Vec<bool>,
    pub levers: Vec<BLever>,
    /// Levers whose parity is part of the state: named by an `open_when`, or `once`.
    pub lever_state: Vec<bool>,
    pub lever_cost: u64,
    pub goal_requires: Vec<usize>,
    /// The kinds in the order `lockwork` counts them, to read its states.
    pub their_kinds: Vec<String>,
}

/// The state of play as FORMAT.md defines it, with the extensions.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct St {
    pub room: usize,
    pub held: BTreeSet<usize>,
    /// Items in hand per kind (index into `Brute::kinds`).
    pub items: Vec<u32>,
    pub open: Vec<bool>,
    pub unlocked: Vec<bool>,
    /// Per lever of `lever_state`: pulled an odd number of times (others false).
    pub odd: Vec<bool>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    Move,
    Pull,
}

/// Which keys held are part of the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Track {
    /// Every key, as FORMAT.md words it ("the keys held").
    AllKeys,
    /// Only keys that can change what the player may do: items of a kind
    /// and keys named in some lock, `locks_any` or `goal_requires`. A key no
    /// rule names changes nothing, so this merges states that differ only in
    /// such keys; it is what the solver counts (see
    /// `dead_end_count_follows_format_state`).
    KeysThatMatter,
}

/// Costs are counted in quarters, so that sums stay exact whole numbers.
pub const QUARTERS: f64 = 4.0;

pub fn whole(x: f64) -> u64 {
    let q = x * QUARTERS;
    assert!(
        q >= 0.0 && q.fract() == 0.0,
        "brute force wants costs in quarters"
    );
    q as u64
}

pub fn from_quarters(q: u64) -> f64 {
    q as f64 / QUARTERS
}

/// FORMAT.md: `"small": true` is the same as `"kind": "small"`.
fn kind_of(key: &Key) -> Option<String> {
    if key.small {
        Some("small".to_owned())
    } else {
        key.kind.clone()
    }
}

/// FORMAT.md: `"small_locks": n` is the same as `"spend": {"small": n}`.
fn spend_of(door: &Door) -> Vec<(String, u32)> {
    let mut all: Vec<(String, u32)> = door.spend.iter().map(|(k, &n)| (k.clone(), n)).collect();
    if door.small_locks > 0 {
        all.push(("small".to_owned(), door.small_locks));
    }
    all
}

impl Brute {
    pub fn new(level: &Level, track: Track) -> Self {
        let room =
            |id: &lockwork::model::RoomId| level.rooms.iter().position(|r| &r.id == id).unwrap();
        let key =
            |id: &lockwork::model::KeyId| level.keys.iter().position(|k| &k.id == id).unwrap();
        let door =
            |id: &lockwork::model::DoorId| level.doors.iter().position(|d| &d.id == id).unwrap();
        let lever =
            |id: &lockwork::model::LeverId| level.levers.iter().position(|l| &l.id == id).unwrap();
        let mut kinds: Vec<String> = level
            .keys
            .iter()
            .filter_map(kind_of)
            .chain(
                level
                    .doors
                    .iter()
                    .flat_map(|d| spend_of(d).into_iter().map(|s| s.0)),
            )
            .collect();
        kinds.sort();
        kinds.dedup();
        let kind = |name: &str| kinds.iter().position(|k| k == name).unwrap();
        let doors: Vec<BDoor> = level
            .doors
            .iter()
            .map(|d| BDoor {
                from: room(&d.from),
                to: room(&d.to),
                one_way: d.one_way,
                cost: whole(d.cost),
                open: d.open,
                locks: d.locks.iter().map(key).collect(),
                locks_any: d.locks_any.iter().map(key).collect(),
                locked_from: d.locked_from.map(|side| match side {
                    lockwork::model::Side::From => room(&d.from),
                    lockwork::model::Side::To => room(&d.to),
                }),
                spend: spend_of(d).iter().map(|(k, n)| (kind(k), *n)).collect(),
                open_when: d.open_when.as_ref().map(|lists| {
                    lists
                        .iter()
                        .map(|all| {
                            all.iter()
                                .map(|lit| (lever(&lit.lever), lit.pulled))
                                .collect()
                        })
                        .collect()
                }),
            })
            .collect();
        let levers: Vec<BLever> = level
            .levers
            .iter()
            .map(|l| BLever {
                room: room(&l.room),
                toggles: l.toggles.iter().map(door).collect(),
                once: l.once,
            })
            .collect();
        let lever_state = (0..levers.len())
            .map(|l| {
                levers[l].once
                    || doors
                        .iter()
                        .any(|d| d.open_when.iter().flatten().flatten().any(|&(x, _)| x == l))
            })
            .collect();
        let their_kinds = lockwork::rules::Mechanics::new(level)
            .unwrap()
            .kinds()
            .to_vec();
        Self {
            rooms: level.rooms.len(),
            start: room(&level.start),
            goal: room(&level.goal),
            key_room: level
                .keys
                .iter()
                .map(|k| k.room.as_ref().map(room))
                .collect(),
            key_kind: level
                .keys
                .iter()
                .map(|k| kind_of(k).map(|n| kind(&n)))
                .collect(),
            key_absent: vec![false; level.keys.len()],
            key_tracked: level
                .keys
                .iter()
                .map(|k| {
                    track == Track::AllKeys
                        || kind_of(k).is_some()
                        || level.goal_requires.contains(&k.id)
                        || level.doors.iter().any(|d| d.locks.contains(&k.id))
                        || level.doors.iter().any(|d| d.locks_any.contains(&k.id))
                })
                .collect(),
            kinds,
            doors,
            levers,
            lever_state,
            lever_cost: whole(level.lever_cost),
            goal_requires: level.goal_requires.iter().map(key).collect(),
            their_kinds,
        }
    }

    /// Picks up every key lying in the player's room (`None`: the keys
    /// carried from the start).
    fn pick_up_in(&self, s: &mut St, room: Option<usize>) {
        for k in 0..self.key_room.len() {
            if self.key_room[k] != room || self.key_absent[k] || !self.key_tracked[k] {
                continue;
            }
            if s.held.insert(k)
                && let Some(kind) = self.key_kind[k]
            {
                s.items[kind] += 1;
            }
        }
    }

    pub fn pick_up(&self, s: &mut St) {
        self.pick_up_in(s, Some(s.room));
    }

    pub fn start(&self) -> St {
        let mut s = St {
            room: self.start,
            held: BTreeSet::new(),
            items: vec![0; self.kinds.len()],
            open: self.doors.iter().map(|d| d.open).collect(),
            unlocked: vec![false; self.doors.len()],
            odd: vec![false; self.levers.len()],
        };
        // Carried keys are held from the start.
        self.pick_up_in(&mut s, None);
        self.pick_up(&mut s);
        s
    }

    pub fn is_goal(&self, s: &St) -> bool {
        s.room == self.goal && self.goal_requires.iter().all(|k| s.held.contains(k))
    }

    /// Is door `d` open in `s`: by `open_when` when it has one, else as
    /// levers left it.
    fn is_open(&self, s: &St, d: usize) -> bool {
        match &self.doors[d].open_when {
            Some(lists) => lists
                .iter()
                .any(|all| all.iter().all(|&(l, pulled)| s.odd[l] == pulled)),
            None => s.open[d],
        }
    }

    /// Passing door `d` from `s.room` to `to`, if the rules allow it.
    fn pass(&self, s: &St, d: usize, to: usize) -> Option<St> {
        let door = &self.doors[d];
        if !self.is_open(s, d) {
            return None;
        }
        let mut t = s.clone();
        let locked = door.locked_from.is_none_or(|r| r == s.room);
        if locked {
            if !door.locks.iter().all(|k| s.held.contains(k)) {
                return None;
            }
            if !door.locks_any.is_empty() && !door.locks_any.iter().any(|k| s.held.contains(k)) {
                return None;
            }
            if !t.unlocked[d] && !door.spend.is_empty() {
                for &(kind, n) in &door.spend {
                    if t.items[kind] < n {
                        return None;
                    }
                    t.items[kind] -= n;
                }
                t.unlocked[d] = true;
            }
        }
        t.room = to;
        self.pick_up(&mut t);
        Some(t)
    }

    /// Every legal step from `s`: (next state, kind, cost).
    pub fn steps(&self, s: &St) -> Vec<(St, Act, u64)> {
        let mut out = Vec::new();
        for (d, door) in self.doors.iter().enumerate() {
            let mut ways = Vec::new();
            if door.from == s.room {
                ways.push(door.to);
            }
            if door.to == s.room && !door.one_way {
                ways.push(door.from);
            }
            for to in ways {
                if let Some(t) = self.pass(s, d, to) {
                    out.push((t, Act::Move, door.cost));
                }
            }
        }
        for (l, lever) in self.levers.iter().enumerate() {
            if lever.room != s.room || (lever.once && s.odd[l]) {
                continue;
            }
            let mut t = s.clone();
            for &d in &lever.toggles {
                t.open[d] = !t.open[d];
            }
            if self.lever_state[l] {
                t.odd[l] = !t.odd[l];
            }
            out.push((t, Act::Pull, self.lever_cost));
        }
        out
    }

    /// Every reachable state; goal states are terminal (not expanded).
    pub fn explore(&self) -> Graph {
        self.explore_from(self.start())
    }

    /// Whether a goal state can be reached from `from`.
    pub fn live_from(&self, from: St) -> bool {
        self.explore_from(from).goal.iter().any(|&g| g)
    }

    /// The state of play after `plan`, as this brute force sees it.
    pub fn state_after(&self, level: &Level, plan: &[Step]) -> St {
        self.state_of(&replay(level, plan).unwrap().end)
    }

    /// A state of play of `lockwork::rules` as this brute force sees it.
    pub fn state_of(&self, state: &PlayState) -> St {
        let theirs = state.items_in_hand();
        let odd = state.levers_odd();
        St {
            room: state.room(),
            held: (0..self.key_room.len())
                .filter(|&k| state.picked()[k] && self.key_tracked[k])
                .collect(),
            items: (self.kinds.iter())
                .map(|kind| {
                    let i = self.their_kinds.iter().position(|k| k == kind);
                    i.and_then(|i| theirs.get(i).copied()).unwrap_or(0)
                })
                .collect(),
            open: state.open_doors().to_vec(),
            unlocked: state.unlocked_doors().to_vec(),
            odd: (0..self.levers.len())
                .map(|l| self.lever_state[l] && odd.get(l).copied().unwrap_or(false))
                .collect(),
        }
    }

    /// Every state reachable from `start`; goal states are not expanded.
    pub fn explore_from(&self, start: St) -> Graph {
        let mut g = Graph {
            states: vec![start.clone()],
            edges: vec![Vec::new()],
            goal: vec![self.is_goal(&start)],
        };
        let mut index = HashMap::from([(start, 0usize)]);
        let mut queue = VecDeque::from([0usize]);
        while let Some(i) = queue.pop_front() {
            if g.goal[i] {
                continue;
            }
            let next = self.steps(&g.states[i]);
            for (t, act, cost) in next {
                let j = match index.get(&t) {
                    Some(&j) => j,
                    None => {
                        let j = g.states.len();
                        index.insert(t.clone(), j);
                        g.goal.push(self.is_goal(&t));
                        g.states.push(t);
                        g.edges.push(Vec::new());
                        queue.push_back(j);
                        j
                    }
                };
                g.edges[i].push((j, act, cost));
            }
        }
        g
    }
}

pub struct Graph {
    pub states: Vec<St>,
    pub edges: Vec<Vec<(usize, Act, u64)>>,
    pub goal: Vec<bool>,
}

impl Graph {
    /// Least (pulls, cost) or least (0, cost) to any goal state, by Dijkstra.
    pub fn least(&self, count_pulls: bool) -> Option<(u64, u64)> {
        self.least_from(0, count_pulls)
    }

    /// [`Self::least`] from state `from` rather than the start.
    pub fn least_from(&self, from: usize, count_pulls: bool) -> Option<(u64, u64)> {
        let mut best = vec![(u64::MAX, u64::MAX); self.states.len()];
        let mut heap = BinaryHeap::from([Reverse(((0u64, 0u64), from))]);
        best[from] = (0, 0);
        while let Some(Reverse((d, i))) = heap.pop() {
            if d > best[i] {
                continue;
            }
            if self.goal[i] {
                return Some(d);
            }
            for &(j, act, cost) in &self.edges[i] {
                let pulls = u64::from(count_pulls && act == Act::Pull);
                let nd = (d.0 + pulls, d.1 + cost);
                if nd < best[j] {
                    best[j] = nd;
                    heap.push(Reverse((nd, j)));
                }
            }
        }
        None
    }

    /// Which states can still reach a goal state.
    pub fn live(&self) -> Vec<bool> {
        let n = self.states.len();
        let mut preds = vec![Vec::new(); n];
        for (i, es) in self.edges.iter().enumerate() {
            for &(j, _, _) in es {
                preds[j].push(i);
            }
        }
        let mut live = self.goal.clone();
        let mut queue: VecDeque<usize> = (0..n).filter(|&i| live[i]).collect();
        while let Some(v) = queue.pop_front() {
            for &u in &preds[v] {
                if !live[u] {
                    live[u] = true;
                    queue.push_back(u);
                }
            }
        }
        live
    }
}

// ---------------------------------------------------------------------------
// Random small levels.
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
pub struct DoorSpec {
    pub from: usize,
    pub other: usize,
    pub one_way: bool,
    pub cost: u8,
    pub open: bool,
    pub locks: u8,
    pub small_locks: u32,
}

#[derive(Clone, Debug)]
pub struct Spec {
    pub rooms: usize,
    pub start: usize,
    pub goal: usize,
    pub doors: Vec<DoorSpec>,
    pub named: Vec<usize>,
    pub small: Vec<usize>,
    pub levers: Vec<(usize, Vec<usize>)>,
    pub lever_cost: u8,
    pub goal_requires: u8,
    /// The first doors join r0-r1-r2-… in a chain, so that more rooms connect.
    pub chain: bool,
    /// Costs in quarters rather than whole numbers.
    pub fractions: bool,
}

/// `open` is the chance a door starts open; `locked` the weight of a lock.
pub fn door_spec(open: f64, locked: u32) -> impl Strategy<Value = DoorSpec> {
    (
        0..6usize,
        0..5usize,
        prop::bool::weighted(0.25),
        0..=3u8,
        prop::bool::weighted(open),
        prop_oneof![3 => Just(0u8), locked => 0..8u8],
        prop_oneof![4 => Just(0u32), 1 => 1..=2u32],
    )
        .prop_map(
            |(from, other, one_way, cost, open, locks, small_locks)| DoorSpec {
                from,
                other,
                one_way,
                cost,
                open,
                locks,
                small_locks,
            },
        )
}

/// What kind of random level to make.
#[derive(Clone, Debug)]
pub struct Kind {
    pub rooms: std::ops::RangeInclusive<usize>,
    /// The chance a door starts open.
    pub open: f64,
    /// The weight of a lock on a door.
    pub locked: u32,
    pub doors: std::ops::RangeInclusive<usize>,
    pub levers: std::ops::RangeInclusive<usize>,
    /// The chance the level is built on a chain from one end to the other.
    pub chain: f64,
}

/// Any small level (`puzzle` false), or one built on a chain from one end to
/// the other with more closed doors, locks and levers (`puzzle` true), where
/// pulls and dead ends are more common.
pub fn spec(puzzle: bool) -> impl Strategy<Value = Spec> {
    let kind = if puzzle {
        Kind {
            rooms: 2..=6,
            open: 0.5,
            locked: 4,
            doors: 1..=6,
            levers: 1..=3,
            chain: 1.0,
        }
    } else {
        Kind {
            rooms: 2..=6,
            open: 0.7,
            locked: 2,
            doors: 1..=9,
            levers: 0..=3,
            chain: 0.5,
        }
    };
    spec_of(kind)
}

/// A random level of `kind`.
pub fn spec_of(kind: Kind) -> impl Strategy<Value = Spec> {
    let most = *kind.rooms.end();
    (
        kind.rooms,
        0..most,
        0..most,
        prop::collection::vec(door_spec(kind.open, kind.locked), kind.doors),
        prop::collection::vec(0..most, 0..=3),
        prop::collection::vec(0..most, 0..=3),
        prop::collection::vec(
            (0..most, prop::collection::vec(0..3 * most, 1..=2)),
            kind.levers,
        ),
        0..=2u8,
        prop_oneof![2 => Just(0u8), 1 => 0..8u8],
        prop::bool::weighted(kind.chain),
        prop::bool::weighted(0.3),
    )
        .prop_map(
            |(
                rooms,
                start,
                goal,
                doors,
                named,
                small,
                levers,
                lever_cost,
                goal_requires,
                chain,
                fractions,
            )| Spec {
                rooms,
                start,
                goal,
                doors,
                named,
                small,
                levers,
                lever_cost,
                goal_requires,
                chain,
                fractions,
            },
        )
}

pub fn build(spec: &Spec) -> Level {
    let n = spec.rooms;
    let room = |i: usize| format!("r{}", i % n);
    let mut level = Level::new("random");
    level.rooms = (0..n)
        .map(|i| Room::new(room(i), [i as f64 * 100.0, 0.0]))
        .collect();
    if spec.chain {
        // From one end of the chain to the other, mostly.
        level.start = room(spec.start % 2).into();
        level.goal = room(n - 1 - spec.goal % 2).into();
    } else {
        level.start = room(spec.start).into();
        level.goal = room(spec.goal).into();
    }
    let (door_unit, lever_unit) = if spec.fractions {
        (0.75, 0.5)
    } else {
        (1.0, 1.0)
    };
    level.lever_cost = f64::from(spec.lever_cost) * lever_unit;
    let named = spec.named.len();
    let mask = (1u8 << named) - 1;
    let names = |bits: u8| -> Vec<lockwork::model::KeyId> {
        (0..named)
            .filter(|k| bits & mask & (1 << k) != 0)
            .map(|k| format!("k{k}").into())
            .collect()
    };
    for (i, d) in spec.doors.iter().enumerate() {
        let (from, to) = if spec.chain && i + 1 < n {
            // Along the chain, in either direction.
            if d.other % 2 == 0 {
                (i, i + 1)
            } else {
                (i + 1, i)
            }
        } else {
            let from = d.from % n;
            (from, (from + 1 + d.other % (n - 1)) % n)
        };
        let mut door = Door::new(format!("d{i}"), room(from), room(to));
        door.one_way = d.one_way;
        door.cost = f64::from(d.cost) * door_unit;
        door.open = d.open;
        door.locks = names(d.locks);
        door.small_locks = d.small_locks;
        level.doors.push(door);
    }
    for (k, &r) in spec.named.iter().enumerate() {
        level.keys.push(Key::new(format!("k{k}"), room(r)));
    }
    for (k, &r) in spec.small.iter().enumerate() {
        let mut key = Key::new(format!("s{k}"), room(r));
        key.small = true;
        level.keys.push(key);
    }
    let doors = spec.doors.len();
    let closed: Vec<usize> = (0..doors).filter(|&d| !spec.doors[d].open).collect();
    for (l, (r, toggles)) in spec.levers.iter().enumerate() {
        // Even picks favour the doors that start closed, so pulls matter more often.
        let pick = |t: usize| match (t % 2, closed.len()) {
            (0, c) if c > 0 => closed[t / 2 % c],
            _ => t % doors,
        };
        let toggles = toggles
            .iter()
            .map(|&t| format!("d{}", pick(t)).into())
            .collect();
        level
            .levers
            .push(Lever::new(format!("l{l}"), room(*r), toggles));
    }
    level.goal_requires = names(spec.goal_requires);
    level
}

// ---------------------------------------------------------------------------
// Random small levels with the version-1 extensions.
// ---------------------------------------------------------------------------

/// What the extensions add to one door.
#[derive(Clone, Debug)]
pub struct DoorExt {
    /// Bombs it spends (0 for none).
    pub bombs: u32,
    /// Bits over the named keys for `locks_any`.
    pub any: u8,
    /// 0: both sides; 1: `locked_from: "from"`; 2: `"to"`.
    pub side: u8,
    /// `open_when` as lists of (lever pick, pulled); `None` for none.
    pub when: Option<Vec<Vec<(usize, bool)>>>,
    /// Write `small_locks` as `spend: {"small": n}`.
    pub small_as_spend: bool,
}

/// What the extensions add to a level.
#[derive(Clone, Debug)]
pub struct Ext {
    pub doors: Vec<DoorExt>,
    /// Per named key: carried from the start.
    pub carried: Vec<bool>,
    /// Bombs: the room each lies in, `None` for carried.
    pub bombs: Vec<Option<usize>>,
    /// Per lever: `once`.
    pub once: Vec<bool>,
    /// Write small keys as `kind: "small"`.
    pub small_as_kind: bool,
}

fn door_ext() -> impl Strategy<Value = DoorExt> {
    let literal = (0..4usize, any::<bool>());
    let when = prop_oneof![
        3 => Just(None),
        2 => prop::collection::vec(prop::collection::vec(literal, 0..=2), 0..=2).prop_map(Some),
    ];
    (
        prop_oneof![4 => Just(0u32), 2 => Just(1u32), 1 => Just(2u32)],
        prop_oneof![3 => Just(0u8), 1 => 1..8u8],
        prop_oneof![3 => Just(0u8), 1 => 1..=2u8],
        when,
        any::<bool>(),
    )
        .prop_map(|(bombs, any, side, when, small_as_spend)| DoorExt {
            bombs,
            any,
            side,
            when,
            small_as_spend,
        })
}

/// A random small level (as [`spec`]) with every extension in play.
pub fn spec_ext(puzzle: bool) -> impl Strategy<Value = (Spec, Ext)> {
    let ext = (
        prop::collection::vec(door_ext(), 9),
        prop::collection::vec(prop::bool::weighted(0.25), 3),
        prop::collection::vec(
            prop_oneof![2 => (0..6usize).prop_map(Some), 1 => Just(None)],
            0..=3,
        ),
        prop::collection::vec(prop::bool::weighted(0.3), 3),
        any::<bool>(),
    )
        .prop_map(|(doors, carried, bombs, once, small_as_kind)| Ext {
            doors,
            carried,
            bombs,
            once,
            small_as_kind,
        });
    (spec(puzzle), ext)
}

/// A random small level (as [`spec`]) with the extensions under which no
/// named key is ever lost: any-of locks, locks on one side, carried keys,
/// small keys written as a kind or spent as `spend`. The solver's fast
/// paths answer these, not its general search.
pub fn spec_lock_ext(puzzle: bool) -> impl Strategy<Value = (Spec, Ext)> {
    spec_ext(puzzle).prop_map(|(spec, mut ext)| {
        for door in &mut ext.doors {
            door.bombs = 0;
            door.when = None;
        }
        ext.bombs.clear();
        ext.once.iter_mut().for_each(|once| *once = false);
        (spec, ext)
    })
}

/// The level of `spec` with the extensions of `ext`.
pub fn build_ext(spec: &Spec, ext: &Ext) -> Level {
    let mut level = build(spec);
    let n = level.rooms.len();
    let named = spec.named.len();
    let levers = level.levers.len();
    for (k, key) in level.keys.iter_mut().enumerate() {
        if k < named && ext.carried[k] {
            key.room = None;
        }
        if key.small && ext.small_as_kind {
            key.small = false;
            key.kind = Some("small".to_owned());
        }
    }
    for (b, room) in ext.bombs.iter().enumerate() {
        let mut bomb = Key::new(format!("b{b}"), format!("r{}", room.unwrap_or(0) % n));
        bomb.room = room.map(|r| format!("r{}", r % n).into());
        bomb.kind = Some("bomb".to_owned());
        level.keys.push(bomb);
    }
    for (l, lever) in level.levers.iter_mut().enumerate() {
        lever.once = ext.once[l];
    }
    for (d, door) in level.doors.iter_mut().enumerate() {
        let e = &ext.doors[d];
        if e.bombs > 0 {
            door.spend.insert("bomb".to_owned(), e.bombs);
        }
        if door.small_locks > 0 && (e.small_as_spend || e.bombs > 0) {
            door.spend.insert("small".to_owned(), door.small_locks);
            door.small_locks = 0;
        }
        door.locks_any = (0..named)
            .filter(|k| e.any & (1 << k) != 0)
            .map(|k| format!("k{k}").into())
            .collect();
        door.locked_from = match e.side {
            1 => Some(lockwork::model::Side::From),
            2 => Some(lockwork::model::Side::To),
            _ => None,
        };
        if let Some(lists) = &e.when
            && (levers > 0 || lists.iter().all(Vec::is_empty))
        {
            door.open = true;
            door.open_when = Some(
                lists
                    .iter()
                    .map(|all| {
                        all.iter()
                            .map(|&(l, pulled)| lockwork::model::Literal {
                                lever: format!("l{}", l % levers.max(1)).into(),
                                pulled,
                            })
                            .collect()
                    })
                    .collect(),
            );
        }
    }
    // A door with open_when is toggled by no lever.
    let conditional: Vec<lockwork::model::DoorId> = level
        .doors
        .iter()
        .filter(|d| d.open_when.is_some())
        .map(|d| d.id.clone())
        .collect();
    for lever in &mut level.levers {
        lever.toggles.retain(|d| !conditional.contains(d));
    }
    level
}

/// The one extension [`spec_one_ext`] keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum One {
    /// `once` levers.
    Once,
    /// `open_when` doors.
    When,
    /// Bombs (items of another kind) and doors that spend them.
    Items,
    /// `locks_any`.
    AnyOf,
    /// `locked_from`.
    Sided,
    /// Named keys carried from the start.
    Carried,
}

/// A random small level (as [`spec`]) with one extension alone.
pub fn spec_one_ext(puzzle: bool, one: One) -> impl Strategy<Value = (Spec, Ext)> {
    spec_ext(puzzle).prop_map(move |(spec, mut ext)| {
        for door in &mut ext.doors {
            if one != One::Items {
                door.bombs = 0;
            }
            if one != One::AnyOf {
                door.any = 0;
            }
            if one != One::Sided {
                door.side = 0;
            }
            if one != One::When {
                door.when = None;
            }
        }
        if one != One::Items {
            ext.bombs.clear();
        }
        if one != One::Once {
            ext.once.iter_mut().for_each(|once| *once = false);
        }
        if one != One::Carried {
            ext.carried.iter_mut().for_each(|carried| *carried = false);
        }
        (spec, ext)
    })
}

/// `level` with the small keys marked in `carried` carried from the start.
pub fn carry_small_keys(mut level: Level, carried: &[bool]) -> Level {
    let small = level.keys.iter_mut().filter(|k| k.is_small());
    for (key, &carry) in small.zip(carried) {
        if carry {
            key.room = None;
        }
    }
    level
}

/// A random level rich in small keys: 5 to 9 rooms, 4 to 14 doors, most
/// small-locked (by 1 or 2 keys), 5 to 10 small keys, some named keys and
/// locks. With `plain`, no lever, no one-way door and no key the goal
/// requires: the levels the solver proves free of dead ends over closed
/// states (every key of the free area taken) once they have more than a
/// few thousand states; otherwise levers and one-way doors as [`spec`] has.
pub fn spec_small_keys(plain: bool) -> impl Strategy<Value = Spec> {
    let kind = Kind {
        rooms: 5..=9,
        open: 0.9,
        locked: 1,
        doors: 4..=14,
        levers: 0..=2,
        chain: 0.7,
    };
    let locks = prop_oneof![1 => Just(0u32), 5 => Just(1u32), 1 => Just(2u32)];
    (
        spec_of(kind),
        prop::collection::vec(0..9usize, 5..=10),
        prop::collection::vec(locks, 14),
    )
        .prop_map(move |(mut spec, small, locks)| {
            spec.small = small;
            for (door, n) in spec.doors.iter_mut().zip(locks) {
                door.small_locks = n;
                door.one_way &= !plain;
            }
            if plain {
                spec.levers.clear();
                spec.goal_requires = 0;
            }
            spec
        })
}
