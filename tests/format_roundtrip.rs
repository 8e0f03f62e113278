#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Saving and loading: random valid levels (with and without the fields of
//! the version-1 extensions) come back equal, the bytes are deterministic,
//! `props` keep their order, and saving is atomic.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use lockwork::format;
use lockwork::model::{Door, Key, Level, Lever, Literal, Props, Rgb, Room, Side};
use proptest::prelude::*;
use serde_json::{Map, Value, json};

// ---------------------------------------------------------------------------
// Random valid levels
// ---------------------------------------------------------------------------

/// Numbers a designer writes: whole, eighths, tenths, thousandths, large.
fn number() -> impl Strategy<Value = f64> {
    prop_oneof![
        (0..1000u32).prop_map(f64::from),
        (-4000..4000i32).prop_map(|n| f64::from(n) / 8.0),
        (-100_000..100_000i32).prop_map(|n| f64::from(n) / 10.0),
        (-10_000_000..10_000_000i32).prop_map(|n| f64::from(n) / 1000.0),
        (1..1_000_000u32).prop_map(|n| format!("{n}e15").parse::<f64>().unwrap()),
    ]
}

/// Any finite number, with all 17 significant digits (what a program that
/// computes positions, such as an auto layout, writes).
fn any_finite() -> impl Strategy<Value = f64> {
    prop_oneof![
        -1e6..1e6f64,
        any::<f64>().prop_filter("finite", |x| x.is_finite()),
    ]
}

/// A cost within the format's limit (at most 1e12).
fn cost() -> impl Strategy<Value = f64> {
    number().prop_map(|x| x.abs() % format::MAX_COST)
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        number().prop_map(|x| json!(x)),
        ".{0,8}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 24, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            object(inner).prop_map(Value::Object),
        ]
    })
}

/// An object whose keys come in no sorted order.
fn object(values: impl Strategy<Value = Value>) -> impl Strategy<Value = Map<String, Value>> {
    prop::collection::vec((".{0,6}", values), 0..5).prop_map(|kv| kv.into_iter().collect())
}

fn props() -> impl Strategy<Value = Props> {
    prop_oneof![1 => Just(Props::new()), 1 => object(json_value()).prop_map(Props::from)]
}

fn name() -> impl Strategy<Value = String> {
    prop_oneof![Just(String::new()), ".{1,12}"]
}

/// An id unique among its kind: anything, made unique by its number.
fn id(kind: &str, text: &str, i: usize) -> String {
    format!("{kind}{i}{text}")
}

#[derive(Clone, Debug)]
struct RoomSpec {
    text: String,
    name: String,
    pos: Option<[f64; 2]>,
    props: Props,
}

#[derive(Clone, Debug)]
struct DoorSpec {
    text: String,
    name: String,
    from: usize,
    other: usize,
    one_way: bool,
    cost: f64,
    open: bool,
    locks: Vec<usize>,
    small_locks: u32,
    props: Props,
}

#[derive(Clone, Debug)]
struct KeySpec {
    text: String,
    name: String,
    room: usize,
    small: bool,
    color: Option<[u8; 3]>,
    props: Props,
}

#[derive(Clone, Debug)]
struct LeverSpec {
    text: String,
    name: String,
    room: usize,
    toggles: Vec<usize>,
    props: Props,
}

fn room_spec() -> impl Strategy<Value = RoomSpec> {
    (
        ".{0,4}",
        name(),
        prop::option::of((number(), number()).prop_map(|(x, y)| [x, y])),
        props(),
    )
        .prop_map(|(text, name, pos, props)| RoomSpec {
            text,
            name,
            pos,
            props,
        })
}

fn door_spec() -> impl Strategy<Value = DoorSpec> {
    (
        (".{0,4}", name(), 0..8usize, 0..8usize, any::<bool>()),
        (
            cost(),
            any::<bool>(),
            prop::collection::vec(0..8usize, 0..3),
            prop_oneof![Just(0u32), 1..4u32, Just(u32::MAX)],
            props(),
        ),
    )
        .prop_map(
            |((text, name, from, other, one_way), (cost, open, locks, small_locks, props))| {
                DoorSpec {
                    text,
                    name,
                    from,
                    other,
                    one_way,
                    cost,
                    open,
                    locks,
                    small_locks,
                    props,
                }
            },
        )
}

fn key_spec() -> impl Strategy<Value = KeySpec> {
    (
        ".{0,4}",
        name(),
        0..8usize,
        any::<bool>(),
        prop::option::of(any::<[u8; 3]>()),
        props(),
    )
        .prop_map(|(text, name, room, small, color, props)| KeySpec {
            text,
            name,
            room,
            small,
            color,
            props,
        })
}

fn lever_spec() -> impl Strategy<Value = LeverSpec> {
    (
        ".{0,4}",
        name(),
        0..8usize,
        prop::collection::vec(0..8usize, 0..3),
        props(),
    )
        .prop_map(|(text, name, room, toggles, props)| LeverSpec {
            text,
            name,
            room,
            toggles,
            props,
        })
}

prop_compose! {
    fn level()(
        head in (name(), name(), cost(), 0..8usize, 0..8usize, prop::collection::vec(0..8usize, 0..3)),
        rooms in prop::collection::vec(room_spec(), 2..5),
        doors in prop::collection::vec(door_spec(), 0..5),
        keys in prop::collection::vec(key_spec(), 0..5),
        levers in prop::collection::vec(lever_spec(), 0..4),
        props in props(),
        generator in prop::option::of(object(json_value())),
        ext in prop_oneof![1 => Just(None), 2 => ext_spec().prop_map(Some)],
    ) -> Level {
        let mut level = build(head, &rooms, &doors, &keys, &levers, props, generator);
        if let Some(ext) = ext {
            extend(&mut level, &ext);
        }
        level
    }
}

/// The kinds of countable items the extended levels use.
const KINDS: [&str; 3] = ["bomb", "arrow", "small"];

/// What the version-1 extensions add to one door.
#[derive(Clone, Debug)]
struct DoorExt {
    /// `(kind, count)` to spend, when the door has no `small_locks`.
    spend: Vec<(usize, u32)>,
    locks_any: Vec<usize>,
    /// 0: both sides; 1: from; 2: to.
    side: u8,
    /// `open_when` as `(lever pick, pulled)` lists, when set.
    when: Option<Vec<Vec<(usize, bool)>>>,
}

/// What the version-1 extensions add to a level.
#[derive(Clone, Debug)]
struct ExtSpec {
    doors: Vec<DoorExt>,
    /// Per key: carried from the start.
    carried: Vec<bool>,
    /// Per key: a small key written as `kind: "small"`.
    small_as_kind: Vec<bool>,
    /// Items added: kind and room (`None`: carried).
    items: Vec<(usize, Option<usize>)>,
    /// Per lever: `once`.
    once: Vec<bool>,
}

fn door_ext() -> impl Strategy<Value = DoorExt> {
    let literal = (0..4usize, any::<bool>());
    (
        prop::collection::vec((0..3usize, prop_oneof![1..4u32, Just(u32::MAX)]), 0..3),
        prop::collection::vec(0..8usize, 0..3),
        0..3u8,
        prop::option::of(prop::collection::vec(
            prop::collection::vec(literal, 0..3),
            0..3,
        )),
    )
        .prop_map(|(spend, locks_any, side, when)| DoorExt {
            spend,
            locks_any,
            side,
            when,
        })
}

fn ext_spec() -> impl Strategy<Value = ExtSpec> {
    (
        prop::collection::vec(door_ext(), 5),
        prop::collection::vec(prop::bool::weighted(0.3), 5),
        prop::collection::vec(any::<bool>(), 5),
        prop::collection::vec((0..3usize, prop::option::of(0..8usize)), 0..4),
        prop::collection::vec(any::<bool>(), 4),
    )
        .prop_map(|(doors, carried, small_as_kind, items, once)| ExtSpec {
            doors,
            carried,
            small_as_kind,
            items,
            once,
        })
}

/// Adds the fields of the version-1 extensions to a valid level, keeping it
/// valid: kinds only on keys that no lock names, `spend` only without
/// `small_locks`, `open_when` only on doors no lever toggles.
fn extend(level: &mut Level, ext: &ExtSpec) {
    let n = level.rooms.len();
    let named: Vec<_> = (level.keys.iter())
        .filter(|k| !k.small)
        .map(|k| k.id.clone())
        .collect();
    for (k, key) in level.keys.iter_mut().enumerate() {
        if ext.carried[k % 5] {
            key.room = None;
        }
        if key.small && ext.small_as_kind[k % 5] {
            key.small = false;
            key.kind = Some("small".to_owned());
        }
    }
    for (i, &(kind, room)) in ext.items.iter().enumerate() {
        let mut item = Key::new(format!("item{i}"), "x");
        item.room = room.map(|r| level.rooms[r % n].id.clone());
        item.kind = Some(KINDS[kind].to_owned());
        level.keys.push(item);
    }
    for (l, lever) in level.levers.iter_mut().enumerate() {
        lever.once = ext.once[l % 4];
    }
    let toggled: BTreeSet<_> = (level.levers.iter())
        .flat_map(|l| l.toggles.iter().cloned())
        .collect();
    let levers: Vec<_> = level.levers.iter().map(|l| l.id.clone()).collect();
    for (d, door) in level.doors.iter_mut().enumerate() {
        let e = &ext.doors[d % 5];
        if door.small_locks == 0 {
            for &(kind, count) in &e.spend {
                door.spend.insert(KINDS[kind].to_owned(), count);
            }
        }
        if !named.is_empty() {
            door.locks_any = (e.locks_any.iter())
                .map(|&p| named[p % named.len()].clone())
                .collect();
        }
        door.locked_from = [None, Some(Side::From), Some(Side::To)][usize::from(e.side)];
        if let Some(lists) = &e.when
            && !toggled.contains(&door.id)
            && (!levers.is_empty() || lists.iter().all(Vec::is_empty))
        {
            door.open = true;
            door.open_when = Some(
                (lists.iter())
                    .map(|all| {
                        (all.iter())
                            .map(|&(l, pulled)| Literal {
                                lever: levers[l % levers.len().max(1)].clone(),
                                pulled,
                            })
                            .collect()
                    })
                    .collect(),
            );
        }
    }
}

type Head = (String, String, f64, usize, usize, Vec<usize>);

fn build(
    (name, description, lever_cost, start, goal, goal_requires): Head,
    rooms: &[RoomSpec],
    doors: &[DoorSpec],
    keys: &[KeySpec],
    levers: &[LeverSpec],
    props: Props,
    generator: Option<Map<String, Value>>,
) -> Level {
    let n = rooms.len();
    let room_id = |i: usize| id("r", &rooms[i % n].text, i % n);
    let key_ids: Vec<String> = keys
        .iter()
        .enumerate()
        .map(|(i, k)| id("k", &k.text, i))
        .collect();
    let named: Vec<usize> = (0..keys.len()).filter(|&k| !keys[k].small).collect();
    let pick_named = |picks: &[usize]| -> Vec<lockwork::model::KeyId> {
        if named.is_empty() {
            return Vec::new();
        }
        picks
            .iter()
            .map(|&p| key_ids[named[p % named.len()]].clone().into())
            .collect()
    };
    let mut level = Level::new(name);
    level.description = description;
    level.lever_cost = lever_cost;
    level.start = room_id(start).into();
    level.goal = room_id(goal).into();
    level.goal_requires = pick_named(&goal_requires);
    level.rooms = rooms
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut room = Room::new(room_id(i), [0.0, 0.0]);
            room.name.clone_from(&r.name);
            room.pos = r.pos;
            room.props.clone_from(&r.props);
            room
        })
        .collect();
    level.doors = doors
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let from = d.from % n;
            let to = (from + 1 + d.other % (n - 1)) % n;
            let mut door = Door::new(id("d", &d.text, i), room_id(from), room_id(to));
            door.name.clone_from(&d.name);
            door.one_way = d.one_way;
            door.cost = d.cost;
            door.open = d.open;
            door.locks = pick_named(&d.locks);
            door.small_locks = d.small_locks;
            door.props.clone_from(&d.props);
            door
        })
        .collect();
    level.keys = keys
        .iter()
        .enumerate()
        .map(|(i, k)| {
            let mut key = Key::new(key_ids[i].clone(), room_id(k.room));
            key.name.clone_from(&k.name);
            key.small = k.small;
            key.color = k.color.map(Rgb);
            key.props.clone_from(&k.props);
            key
        })
        .collect();
    let door_ids: Vec<String> = level.doors.iter().map(|d| d.id.to_string()).collect();
    level.levers = levers
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let toggles = if door_ids.is_empty() {
                Vec::new()
            } else {
                l.toggles
                    .iter()
                    .map(|&t| door_ids[t % door_ids.len()].clone().into())
                    .collect()
            };
            let mut lever = Lever::new(id("l", &l.text, i), room_id(l.room), toggles);
            lever.name.clone_from(&l.name);
            lever.props.clone_from(&l.props);
            lever
        })
        .collect();
    level.props = props;
    level.generator = generator.map(Value::Object);
    level
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 600,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Levels with and without the extension fields (about two in three
    /// use them).
    #[test]
    fn save_then_load_gives_the_same_level(level in level()) {
        let report = lockwork::validate::validate(&level);
        prop_assert!(report.is_valid(), "generated an invalid level: {:?}", report.errors);
        let text = format::to_string(&level);
        prop_assert!(text.ends_with("}\n"), "no final newline");
        let loaded = format::from_str(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&loaded.level, &level, "{}", text);
        prop_assert_eq!(loaded.warnings, report.warnings);
        // Deterministic: the same bytes twice, and again after a reload
        // (which also checks every props key order, as equality does not).
        prop_assert_eq!(format::to_string(&level), text.clone());
        prop_assert_eq!(format::to_string(&loaded.level), text.clone());
        // The text and the value agree.
        let value: Value = serde_json::from_str(&text).unwrap();
        prop_assert_eq!(value, format::to_value(&level));
    }
}

/// `serde_json` parses some 17-digit numbers one unit in the last place off
/// unless its `float_roundtrip` feature is on, so a cost or a position may
/// change by saving and loading. Reproduction: a door of cost
/// 211501.30775910922 comes back as 211501.3077591092, and a room at
/// 9.9e24 comes back at 9.899999999999999e24. The fix is
/// `serde_json = { …, features = ["preserve_order", "float_roundtrip"] }`.
#[test]
fn every_finite_number_survives_save_and_load() {
    let mut level = Level::new("float");
    level
        .rooms
        .push(Room::new("r2", [211_501.307_759_109_22, -0.1]));
    let mut door = Door::new("d1", "r1", "r2");
    door.cost = 211_501.307_759_109_22;
    level.doors.push(door);
    let text = format::to_string(&level);
    assert_eq!(format::from_str(&text).unwrap().level, level, "{text}");
    // Even a short number written in a file: 9.9e24 is read as 9.899999999999999e24.
    level.rooms[1].pos = Some([9.9e24, 0.0]);
    let text = format::to_string(&level);
    assert_eq!(format::from_str(&text).unwrap().level, level, "{text}");

    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        cases: 2000,
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    runner
        .run(&(any_finite(), any_finite(), any_finite()), |(x, y, c)| {
            let mut level = level.clone();
            level.rooms[1].pos = Some([x, y]);
            level.doors[0].cost = c.abs() % format::MAX_COST;
            level.props.insert("x".into(), json!(x));
            let text = format::to_string(&level);
            let back = format::from_str(&text).unwrap().level;
            prop_assert_eq!(back, level);
            Ok(())
        })
        .unwrap();
}

// ---------------------------------------------------------------------------
// Hand-written files
// ---------------------------------------------------------------------------

/// A file as `to_string` writes it: defaults left out, whole numbers without
/// a fraction, fields in a fixed order, two-space indent, a final newline.
const CANONICAL: &str = r##"{
  "format": "lockwork-level",
  "version": 1,
  "name": "Basement",
  "description": "Two floors",
  "lever_cost": 0.5,
  "start": "r1",
  "goal": "r3",
  "goal_requires": [
    "red"
  ],
  "rooms": [
    {
      "id": "r1",
      "name": "Stairs",
      "pos": [
        0,
        -12.25
      ],
      "props": {
        "zeta": 1,
        "alpha": {
          "y": 2,
          "x": [
            3,
            {
              "b": 1,
              "a": 2.5
            }
          ]
        },
        "mid": null
      }
    },
    {
      "id": "r2"
    },
    {
      "id": "r3",
      "pos": [
        120,
        0
      ]
    }
  ],
  "doors": [
    {
      "id": "d1",
      "name": "Hatch",
      "from": "r1",
      "to": "r2",
      "one_way": true,
      "cost": 3,
      "open": false,
      "locks": [
        "red",
        "blue"
      ],
      "small_locks": 2,
      "props": {
        "sound": "creak",
        "angle": 90
      }
    },
    {
      "id": "d2",
      "from": "r2",
      "to": "r3",
      "cost": 0
    }
  ],
  "keys": [
    {
      "id": "red",
      "room": "r1",
      "color": "#d62728"
    },
    {
      "id": "blue",
      "name": "Blue key",
      "room": "r1",
      "props": {
        "z": [],
        "a": {}
      }
    },
    {
      "id": "sk1",
      "room": "r1",
      "small": true
    },
    {
      "id": "sk2",
      "room": "r1",
      "small": true
    }
  ],
  "levers": [
    {
      "id": "l1",
      "room": "r1",
      "toggles": [
        "d1"
      ],
      "props": {
        "b": true,
        "a": false
      }
    }
  ],
  "props": {
    "music": "drip.ogg",
    "engine": {
      "zorder": 3,
      "alpha": 0.25
    }
  },
  "generator": {
    "kind": "backward",
    "seed": 42,
    "params": {
      "rooms": 3,
      "branching": 1.5
    }
  }
}
"##;

#[test]
fn a_canonical_file_saves_to_the_same_bytes() {
    let loaded = format::from_str(CANONICAL).unwrap();
    assert_eq!(format::to_string(&loaded.level), CANONICAL);
}

#[test]
fn props_keep_their_order_through_load_and_save() {
    // Compact, with keys out of order everywhere and fields in another order.
    let text = r#"{"version":1,"format":"lockwork-level","goal":"b","start":"a",
      "props":{"z":1,"a":{"y":[{"q":1,"c":2}],"b":null},"m":"x"},
      "generator":{"seed":7,"kind":"random","params":{"w":1,"a":2}},
      "rooms":[{"props":{"zz":0,"aa":1},"id":"a"},{"id":"b"}],
      "doors":[{"to":"b","from":"a","id":"d","props":{"9":9,"1":1,"5":5}}],
      "keys":[{"room":"a","id":"k","props":{"last":1,"first":2}}],
      "levers":[{"toggles":["d"],"room":"a","id":"l","props":{"b":1,"a":2}}]}"#;
    let first = format::from_str(text).unwrap().level;
    let saved = format::to_string(&first);
    let second = format::from_str(&saved).unwrap().level;
    assert_eq!(second, first);
    assert_eq!(format::to_string(&second), saved);
    let compact = |m: &Props| serde_json::to_string(m).unwrap();
    for level in [&first, &second] {
        assert_eq!(
            compact(&level.props),
            r#"{"z":1,"a":{"y":[{"q":1,"c":2}],"b":null},"m":"x"}"#
        );
        assert_eq!(
            serde_json::to_string(level.generator.as_ref().unwrap()).unwrap(),
            r#"{"seed":7,"kind":"random","params":{"w":1,"a":2}}"#
        );
        assert_eq!(compact(&level.rooms[0].props), r#"{"zz":0,"aa":1}"#);
        assert_eq!(compact(&level.doors[0].props), r#"{"9":9,"1":1,"5":5}"#);
        assert_eq!(compact(&level.keys[0].props), r#"{"last":1,"first":2}"#);
        assert_eq!(compact(&level.levers[0].props), r#"{"b":1,"a":2}"#);
    }
    // And in the saved text itself.
    let value: Value = serde_json::from_str(&saved).unwrap();
    assert_eq!(
        serde_json::to_string(&value["props"]).unwrap(),
        r#"{"z":1,"a":{"y":[{"q":1,"c":2}],"b":null},"m":"x"}"#
    );
}

#[test]
fn whole_numbers_are_written_without_a_fraction() {
    let mut level = Level::new("numbers");
    level.rooms[0].pos = Some([3.0, -0.5]);
    level.rooms.push(Room::new("r2", [1e20, 2.0]));
    let mut door = Door::new("d1", "r1", "r2");
    door.cost = 2.0;
    level.doors.push(door);
    level.lever_cost = 0.0;
    let value = format::to_value(&level);
    assert_eq!(value["rooms"][0]["pos"], json!([3, -0.5]));
    assert_eq!(value["doors"][0]["cost"], json!(2));
    assert_eq!(value["lever_cost"], json!(0));
    let text = format::to_string(&level);
    assert!(
        text.contains("\"cost\": 2,") || text.contains("\"cost\": 2\n"),
        "{text}"
    );
    assert_eq!(format::from_str(&text).unwrap().level, level);
}

// ---------------------------------------------------------------------------
// Atomic save
// ---------------------------------------------------------------------------

fn entries(dir: &Path) -> BTreeSet<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

fn two_levels() -> (Level, Level) {
    let old = format::from_str(CANONICAL).unwrap().level;
    let mut new = Level::new("new");
    new.rooms.push(Room::new("r2", [10.0, 0.0]));
    new.doors.push(Door::new("d1", "r1", "r2"));
    new.goal = "r2".into();
    (old, new)
}

#[test]
fn saving_over_an_existing_file_replaces_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("basement.level.json");
    let (old, new) = two_levels();
    format::to_file(&old, &path).unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), CANONICAL);
    format::to_file(&new, &path).unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), format::to_string(&new));
    assert_eq!(format::from_file(&path).unwrap().level, new);
    assert_eq!(
        entries(dir.path()),
        BTreeSet::from(["basement.level.json".to_owned()])
    );
}

#[test]
fn saving_into_a_missing_folder_fails_and_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no such folder");
    let path = missing.join("x.level.json");
    let (_, new) = two_levels();
    let err = format::to_file(&new, &path).unwrap_err();
    assert!(
        err.to_string()
            .starts_with(&format!("cannot save {}: ", path.display())),
        "{err}"
    );
    assert!(!missing.exists());
    assert!(entries(dir.path()).is_empty());
}

#[test]
fn a_failed_save_leaves_the_old_content_and_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    // The target is a folder with something in it: the rename over it fails.
    let target = dir.path().join("level.json");
    fs::create_dir(&target).unwrap();
    fs::write(target.join("inside.txt"), "old").unwrap();
    let beside = dir.path().join("other.level.json");
    fs::write(&beside, "untouched").unwrap();
    let before = entries(dir.path());

    let (_, new) = two_levels();
    assert!(format::to_file(&new, &target).is_err());
    assert!(target.is_dir());
    assert_eq!(
        fs::read_to_string(target.join("inside.txt")).unwrap(),
        "old"
    );
    assert_eq!(entries(&target), BTreeSet::from(["inside.txt".to_owned()]));
    assert_eq!(fs::read_to_string(&beside).unwrap(), "untouched");
    assert_eq!(
        entries(dir.path()),
        before,
        "a temporary file was left behind"
    );
}
