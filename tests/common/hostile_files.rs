//! The hostile files of `tests/hostile.rs`: the shapes a file is built
//! from, how a well-formed one is then spoiled, and its text.

use lockwork::format;
use proptest::prelude::*;
use serde_json::json;

/// What a hostile file is built from.
#[derive(Clone, Debug)]
pub enum Shape {
    /// A corridor of rooms; each door one-way, small-locked or key-locked.
    Chain {
        rooms: usize,
        one_way: bool,
        small: bool,
        keyed: bool,
    },
    /// One lever toggling many doors.
    FanLever { doors: usize },
    /// Many levers, each toggling its own door of a corridor.
    ManyLevers { levers: usize },
    /// One door locked by many keys.
    BigLock { keys: usize },
    /// A binary tree of rooms, each door locked by a key found before it.
    Tree { depth: u32 },
    /// A small level with extreme numbers.
    Extreme { cost: f64, lever_cost: f64, x: f64 },
    /// Many doors between the same two rooms, each spending an item of a
    /// kind of its own; the items lie in the start room or are carried.
    Kinds { doors: usize, carried: bool },
    /// One door that any one of many keys opens (`locks_any`).
    AnyLock { keys: usize },
    /// One door opened by many levers' parities (`open_when`): by any one
    /// of them, or only by all of them together.
    OpenWhen { levers: usize, all: bool },
    /// Many levers that can each be pulled once, all toggling one door.
    OnceLevers { levers: usize },
    /// A corridor whose doors spend a bomb from one side only
    /// (`locked_from`); each room holds the bomb for the next door.
    Bombs { rooms: usize, one_way: bool },
    /// Many doors out of the start room, each to a room of its own; the
    /// last such room is the goal. What guards each door is `guard`.
    Star { doors: usize, guard: Guard },
}

/// What guards each door of a [`Shape::Star`].
#[derive(Clone, Copy, Debug)]
pub enum Guard {
    /// Shut, and a lever of its own in the start room opens it.
    Lever,
    /// Shut, and levers in the start room each flip it and the next one.
    PairedLevers,
    /// One small lock; the start room holds one small key in all.
    SmallLock,
    /// Locked by a key lying in the room before it (the first in the start).
    KeyBehind,
    /// One-way in; the goal requires every key, one in each room.
    OneWayToKeys,
}

pub fn shape() -> impl Strategy<Value = Shape> {
    let size = prop_oneof![8 => 1..60usize, 2 => 60..2_000usize, 1 => 2_000..20_000usize];
    let extreme = prop_oneof![
        Just(0.0),
        Just(-0.0),
        Just(1e-300),
        Just(1e12),
        Just(1.000_000_1e12),
        Just(f64::MAX),
        Just(-1.0),
        Just(0.5),
    ];
    prop_oneof![
        (size.clone(), any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
            |(rooms, one_way, small, keyed)| Shape::Chain {
                rooms,
                one_way,
                small,
                keyed
            }
        ),
        size.clone().prop_map(|doors| Shape::FanLever { doors }),
        size.clone().prop_map(|levers| Shape::ManyLevers { levers }),
        size.clone().prop_map(|keys| Shape::BigLock { keys }),
        (1..13u32).prop_map(|depth| Shape::Tree { depth }),
        (size.clone(), any::<bool>()).prop_map(|(doors, carried)| Shape::Kinds { doors, carried }),
        size.clone().prop_map(|keys| Shape::AnyLock { keys }),
        (size.clone(), any::<bool>()).prop_map(|(levers, all)| Shape::OpenWhen { levers, all }),
        size.clone().prop_map(|levers| Shape::OnceLevers { levers }),
        (size.clone(), any::<bool>()).prop_map(|(rooms, one_way)| Shape::Bombs { rooms, one_way }),
        // Stars stop at 10,000 doors here: at 20,000 keys, the analysis's
        // set-up before its first look at the clock (the bound's landmarks
        // and distances, capped by work) alone takes 3 s in a debug build
        // (0.15 s in release). The test below runs 20,000 of each guard.
        (size.clone(), guard()).prop_map(|(doors, guard)| Shape::Star {
            doors: doors.min(10_000),
            guard
        }),
        (extreme.clone(), extreme.clone(), extreme).prop_map(|(cost, lever_cost, x)| {
            Shape::Extreme {
                cost,
                lever_cost,
                x,
            }
        }),
    ]
}

fn guard() -> impl Strategy<Value = Guard> {
    prop_oneof![
        Just(Guard::Lever),
        Just(Guard::PairedLevers),
        Just(Guard::SmallLock),
        Just(Guard::KeyBehind),
        Just(Guard::OneWayToKeys),
    ]
}

/// How a well-formed file is then spoiled, if at all.
#[derive(Clone, Debug)]
pub enum Spoil {
    None,
    /// The first room's id given to the second room too.
    DuplicateId,
    /// A door leading to a room that does not exist.
    Dangling,
    /// A lock naming a small key.
    SmallKeyInLock,
    /// A list of ids one past the limit.
    ListPastLimit,
    /// Props nested deeper than any parser should follow.
    DeepProps(usize),
    /// The text cut short.
    Truncated(usize),
    /// A field of the wrong type.
    WrongType,
}

pub fn spoil() -> impl Strategy<Value = Spoil> {
    prop_oneof![
        10 => Just(Spoil::None),
        1 => Just(Spoil::DuplicateId),
        1 => Just(Spoil::Dangling),
        1 => Just(Spoil::SmallKeyInLock),
        1 => Just(Spoil::ListPastLimit),
        1 => (100..5_000usize).prop_map(Spoil::DeepProps),
        1 => (0..400usize).prop_map(Spoil::Truncated),
        1 => Just(Spoil::WrongType),
    ]
}

/// A level being written as text. Hostile files run to 20,000 rooms and a
/// long run writes a million of them, so they are written straight into
/// strings rather than built as `serde_json::Value`s first.
struct Doc {
    rooms: Vec<String>,
    doors: Vec<String>,
    keys: Vec<String>,
    levers: Vec<String>,
    /// The doors as raw JSON in place of the list, when spoiled.
    doors_raw: Option<String>,
    /// Top-level fields after the lists, as raw JSON, in order.
    extra: Vec<(&'static str, String)>,
    goal: String,
}

/// A JSON number exactly as `serde_json` writes it.
fn num(x: f64) -> String {
    json!(x).to_string()
}

fn room(i: usize) -> String {
    format!(r#"{{"id":"r{i}"}}"#)
}

/// A door's object; `more` is raw JSON fields to add after its ids.
fn door(i: usize, from: usize, to: usize, more: &str) -> String {
    format!(r#"{{"id":"d{i}","from":"r{from}","to":"r{to}"{more}}}"#)
}

/// A list of ids as JSON: `prefix` followed by each number.
fn ids(prefix: &str, n: impl Iterator<Item = usize>) -> String {
    let mut out = String::from("[");
    for (j, i) in n.enumerate() {
        if j > 0 {
            out.push(',');
        }
        out.push_str(&format!(r#""{prefix}{i}""#));
    }
    out.push(']');
    out
}

impl Doc {
    fn new(rooms: usize, doors: Vec<String>, keys: Vec<String>, levers: Vec<String>) -> Doc {
        let rooms = rooms.max(1);
        Doc {
            rooms: (0..rooms).map(room).collect(),
            doors,
            keys,
            levers,
            doors_raw: None,
            extra: Vec::new(),
            goal: format!(r#""r{}""#, rooms - 1),
        }
    }

    fn text(&self) -> String {
        let list = |items: &[String]| format!("[{}]", items.join(","));
        let mut out = format!(
            r#"{{"format":"lockwork-level","version":1,"name":"hostile","start":"r0","goal":{},"rooms":{},"doors":{},"keys":{},"levers":{}"#,
            self.goal,
            list(&self.rooms),
            self.doors_raw.clone().unwrap_or_else(|| list(&self.doors)),
            list(&self.keys),
            list(&self.levers),
        );
        for (field, raw) in &self.extra {
            out.push_str(&format!(r#","{field}":{raw}"#));
        }
        out.push('}');
        out
    }
}

/// A corridor; `cost` is set on its first two doors when given.
fn chain(rooms: usize, one_way: bool, small: bool, keyed: bool, cost: Option<f64>) -> Doc {
    let mut doors = Vec::new();
    let mut keys = Vec::new();
    for i in 0..rooms.saturating_sub(1) {
        let mut more = format!(r#","one_way":{one_way}"#);
        if let Some(cost) = cost.filter(|_| i < 2) {
            more.push_str(&format!(r#","cost":{}"#, num(cost)));
        }
        if small {
            more.push_str(r#","small_locks":1"#);
            keys.push(format!(r#"{{"id":"s{i}","room":"r{i}","small":true}}"#));
        }
        if keyed {
            more.push_str(&format!(r#","locks":["k{i}"]"#));
            keys.push(format!(r#"{{"id":"k{i}","room":"r{i}"}}"#));
        }
        doors.push(door(i, i, i + 1, &more));
    }
    Doc::new(rooms, doors, keys, Vec::new())
}

/// One door from the start room, its list `field` naming `keys` keys that
/// all lie in the start room.
fn one_door_of_keys(keys: usize, field: &str) -> Doc {
    let d = door(0, 0, 1, &format!(r#","{field}":{}"#, ids("k", 0..keys)));
    let all = (0..keys)
        .map(|k| format!(r#"{{"id":"k{k}","room":"r0"}}"#))
        .collect();
    Doc::new(2, vec![d], all, Vec::new())
}

/// [`Shape::Star`]: `doors` doors out of room 0, door `i` into room `i + 1`.
fn star(doors: usize, guard: Guard) -> Doc {
    const CLOSED: &str = r#","open":false"#;
    let n = doors.max(1);
    let lever =
        |i: usize, toggles: String| format!(r#"{{"id":"l{i}","room":"r0","toggles":{toggles}}}"#);
    let key = |i: usize, room: usize| format!(r#"{{"id":"k{i}","room":"r{room}"}}"#);
    let (more, keys, levers): (&str, Vec<String>, Vec<String>) = match guard {
        Guard::Lever => (
            CLOSED,
            vec![],
            (0..n).map(|i| lever(i, ids("d", i..=i))).collect(),
        ),
        Guard::PairedLevers => (
            CLOSED,
            vec![],
            (0..n)
                .map(|i| lever(i, ids("d", [i, (i + 1) % n].into_iter())))
                .collect(),
        ),
        Guard::SmallLock => (
            r#","small_locks":1"#,
            vec![r#"{"id":"s0","room":"r0","small":true}"#.to_owned()],
            vec![],
        ),
        Guard::KeyBehind => ("", (0..n).map(|i| key(i, i)).collect(), vec![]),
        Guard::OneWayToKeys => (
            r#","one_way":true"#,
            (0..n).map(|i| key(i, i + 1)).collect(),
            vec![],
        ),
    };
    let all = (0..n)
        .map(|i| match guard {
            Guard::KeyBehind => door(i, 0, i + 1, &format!(r#","locks":["k{i}"]"#)),
            _ => door(i, 0, i + 1, more),
        })
        .collect();
    let mut doc = Doc::new(n + 1, all, keys, levers);
    if let Guard::OneWayToKeys = guard {
        doc.extra.push(("goal_requires", ids("k", 0..n)));
    }
    doc
}

fn build(shape: &Shape) -> Doc {
    const CLOSED: &str = r#","open":false"#;
    match *shape {
        Shape::Chain {
            rooms,
            one_way,
            small,
            keyed,
        } => chain(rooms, one_way, small, keyed, None),
        Shape::FanLever { doors } => {
            let all = (0..doors).map(|i| door(i, 0, i + 1, CLOSED)).collect();
            let toggles = ids("d", 0..doors);
            let lever = format!(r#"{{"id":"l0","room":"r0","toggles":{toggles}}}"#);
            Doc::new(doors + 1, all, Vec::new(), vec![lever])
        }
        Shape::ManyLevers { levers } => {
            let doors = (0..levers).map(|i| door(i, i, i + 1, CLOSED)).collect();
            let all = (0..levers)
                .map(|i| format!(r#"{{"id":"l{i}","room":"r{i}","toggles":["d{i}"]}}"#))
                .collect();
            Doc::new(levers + 1, doors, Vec::new(), all)
        }
        Shape::BigLock { keys } => one_door_of_keys(keys, "locks"),
        Shape::Tree { depth } => {
            let rooms = (1usize << depth) - 1;
            let mut doors = Vec::new();
            let mut keys = Vec::new();
            for x in 1..rooms {
                let parent = (x - 1) / 2;
                doors.push(door(x, parent, x, &format!(r#","locks":["k{x}"]"#)));
                keys.push(format!(r#"{{"id":"k{x}","room":"r{parent}"}}"#));
            }
            Doc::new(rooms, doors, keys, Vec::new())
        }
        Shape::Kinds { doors, carried } => {
            let all = (0..doors)
                .map(|i| door(i, 0, 1, &format!(r#","spend":{{"kind{i}":1}}"#)))
                .collect();
            let room = if carried { "" } else { r#","room":"r0""# };
            let items = (0..doors)
                .map(|i| format!(r#"{{"id":"k{i}","kind":"kind{i}"{room}}}"#))
                .collect();
            Doc::new(2, all, items, Vec::new())
        }
        Shape::AnyLock { keys } => one_door_of_keys(keys, "locks_any"),
        Shape::OpenWhen { levers, all } => {
            let literals: Vec<String> = (0..levers).map(|l| format!(r#""l{l}""#)).collect();
            let when = if all {
                format!("[[{}]]", literals.join(","))
            } else {
                let one: Vec<String> = literals.iter().map(|l| format!("[{l}]")).collect();
                format!("[{}]", one.join(","))
            };
            let d = door(0, 0, 1, &format!(r#","open_when":{when}"#));
            let all = (0..levers)
                .map(|l| format!(r#"{{"id":"l{l}","room":"r0","toggles":[]}}"#))
                .collect();
            Doc::new(2, vec![d], Vec::new(), all)
        }
        Shape::OnceLevers { levers } => {
            let all = (0..levers)
                .map(|l| format!(r#"{{"id":"l{l}","room":"r0","toggles":["d0"],"once":true}}"#))
                .collect();
            Doc::new(2, vec![door(0, 0, 1, CLOSED)], Vec::new(), all)
        }
        Shape::Star { doors, guard } => star(doors, guard),
        Shape::Bombs { rooms, one_way } => {
            let more = format!(r#","spend":{{"bomb":1}},"locked_from":"from","one_way":{one_way}"#);
            let doors = (0..rooms.saturating_sub(1))
                .map(|i| door(i, i, i + 1, &more))
                .collect();
            let bombs = (0..rooms.saturating_sub(1))
                .map(|i| format!(r#"{{"id":"b{i}","room":"r{i}","kind":"bomb"}}"#))
                .collect();
            Doc::new(rooms, doors, bombs, Vec::new())
        }
        Shape::Extreme {
            cost,
            lever_cost,
            x,
        } => {
            let mut doc = chain(4, false, false, false, Some(cost));
            doc.rooms[1] = format!(r#"{{"id":"r1","pos":[{},{}]}}"#, num(x), num(-x));
            doc.extra.push(("lever_cost", num(lever_cost)));
            doc
        }
    }
}

/// The file's text, spoiled as asked.
pub fn text(shape: &Shape, spoil: &Spoil) -> String {
    let mut doc = build(shape);
    match spoil {
        Spoil::None | Spoil::Truncated(_) | Spoil::DeepProps(_) => {}
        Spoil::DuplicateId => {
            if doc.rooms.len() > 1 {
                doc.rooms[1] = doc.rooms[1].replacen(r#""id":"r1""#, r#""id":"r0""#, 1);
            }
        }
        Spoil::Dangling => doc.goal = r#""nowhere""#.into(),
        Spoil::SmallKeyInLock => {
            doc.keys = vec![r#"{"id":"s","room":"r0","small":true}"#.into()];
            doc.extra.push(("goal_requires", r#"["s"]"#.into()));
        }
        Spoil::ListPastLimit => {
            let many = vec![r#""k""#; format::MAX_ITEMS + 1].join(",");
            doc.extra.push(("goal_requires", format!("[{many}]")));
        }
        Spoil::WrongType => doc.doors_raw = Some(r#"{"not":"a list"}"#.into()),
    }
    let text = doc.text();
    match spoil {
        Spoil::Truncated(cut) => text.chars().take(*cut).collect(),
        // Written as text: a value that deep would overflow the test's own
        // stack when built, printed or dropped.
        Spoil::DeepProps(depth) => {
            let body = text.trim_end_matches('}');
            format!(
                "{body},\"deep\":{}0{}}}",
                "[".repeat(*depth),
                "]".repeat(*depth)
            )
        }
        _ => text,
    }
}
