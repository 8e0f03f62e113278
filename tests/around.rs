#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The backward generator around what a designer drew: every drawn key,
//! lever and door with content is kept byte for byte, every lock added is
//! needed (checked by the brute force of `brute/`), and the constraints a
//! designer sets in `props` are honoured or refused by name.

mod brute;

use std::sync::atomic::AtomicBool;

use brute::{Brute, Track, build_ext, spec_ext};
use lockwork::generate::{
    Aim, BackwardParams, Change, Constraint, GenerateError, Generated, Rng, Source, backward,
    no_progress, random_graph,
};
use lockwork::model::{Door, Key, Level, Room};
use proptest::prelude::*;
use serde_json::{Value, json};

fn around(level: &Level, locks: usize, seed: u64) -> Result<Generated, GenerateError> {
    let params = BackwardParams {
        seed,
        source: Source::Layout {
            level: Box::new(level.clone()),
            name: "drawn".into(),
        },
        locks,
        keys_per_lock: (1, 1),
        ..BackwardParams::default()
    };
    backward(&params, &no_progress, &AtomicBool::new(false))
}

fn solvable(level: &Level) -> bool {
    Brute::new(level, Track::AllKeys)
        .explore()
        .least(false)
        .is_some()
}

/// Each item of `list` (`"keys"`, `"levers"`, `"doors"`) as the file writes
/// it, by id.
fn items(level: &Level, list: &str) -> std::collections::HashMap<String, String> {
    let file = lockwork::format::to_value(level);
    file[list]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .map(|item| (item["id"].as_str().unwrap().to_owned(), item.to_string()))
        .collect()
}

/// A door with nothing on it: open, two-way, unlocked, no condition, flipped
/// by no lever.
fn plain(level: &Level, door: &Door) -> bool {
    door.open
        && !door.one_way
        && !door.is_locked()
        && door.open_when.is_none()
        && door.locked_from.is_none()
        && !level.levers.iter().any(|l| l.toggles.contains(&door.id))
}

/// Checks what `made` kept of `drawn` and that each lock it added is needed.
fn check_around(drawn: &Level, made: &Generated) {
    let level = &made.level;
    for list in ["keys", "levers"] {
        let now = items(level, list);
        for (id, text) in items(drawn, list) {
            assert_eq!(now.get(&id), Some(&text), "{list} {id} kept byte for byte");
        }
    }
    let doors = items(level, "doors");
    let drawn_doors = items(drawn, "doors");
    for door in drawn.doors.iter().filter(|d| !plain(drawn, d)) {
        let id = door.id.as_str();
        assert_eq!(
            doors.get(id),
            drawn_doors.get(id),
            "door {id} kept byte for byte"
        );
    }
    assert!(solvable(level), "the level made is solvable");
    for change in &made.changes {
        let Change::Locked(keys) = &change.change else {
            continue;
        };
        assert!(keys.iter().all(|k| !drawn.keys.iter().any(|d| &d.id == k)));
        // The keys moved to a room no door reaches.
        let mut without = level.clone();
        without.rooms.push(Room::new("away", [0.0, 0.0]));
        for key in &mut without.keys {
            if keys.contains(&key.id) {
                key.room = Some("away".into());
            }
        }
        assert!(
            !solvable(&without),
            "the lock on {} is not needed: the level is solvable without {keys:?}",
            change.door
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// Random small levels with every extension drawn on them (keys,
    /// small keys, levers, once levers, conditions, any-of and one-sided
    /// locks, bombs, carried keys) get one or two locks around what is drawn.
    #[test]
    fn locks_added_around_drawn_content_are_needed((spec, ext) in spec_ext(true), locks in 1..=2usize, seed in 0..1000u64) {
        let drawn = build_ext(&spec, &ext);
        prop_assume!(solvable(&drawn));
        match around(&drawn, locks, seed) {
            Ok(made) => check_around(&drawn, &made),
            // Too few plain doors for the locks asked: refused, with why.
            Err(GenerateError::TooManyLocks { .. } | GenerateError::NotAround { .. }) => {}
            Err(e) => panic!("{e}"),
        }
    }
}

/// A random graph of 9 rooms with content drawn on it: a gold key and its
/// lock, a lever flipping a door, a one-way door, a small key and its door.
fn drawn_graph(seed: u64) -> Level {
    let mut rng = Rng::new(seed);
    let (mut level, _) = random_graph(&mut rng, 9, 4).unwrap();
    level.goal = level.rooms[8].id.clone();
    let n = level.doors.len();
    let room = |rng: &mut Rng, level: &Level| level.rooms[rng.index(level.rooms.len())].id.clone();
    let gold = room(&mut rng, &level);
    level.keys.push(Key::new("gold", gold));
    let d = rng.index(n);
    level.doors[d].locks = vec!["gold".into()];
    let lever_room = room(&mut rng, &level);
    let flipped = level.doors[rng.index(n)].id.clone();
    level
        .levers
        .push(lockwork::model::Lever::new("l1", lever_room, vec![flipped]));
    let one_way = rng.index(n);
    level.doors[one_way].one_way = true;
    let mut small = Key::new("s1", room(&mut rng, &level));
    small.small = true;
    level.keys.push(small);
    let d = rng.index(n);
    level.doors[d].small_locks = 1;
    level
}

/// Most drawn levels do get their locks: the property above is not met by
/// refusing.
#[test]
fn most_drawn_levels_get_their_locks() {
    let (mut made, mut tried) = (0, 0);
    for seed in 0..120u64 {
        let drawn = drawn_graph(seed);
        if !solvable(&drawn) {
            continue;
        }
        tried += 1;
        match around(&drawn, 1 + (seed as usize % 2), seed) {
            Ok(g) => {
                check_around(&drawn, &g);
                made += 1;
            }
            Err(e) => eprintln!("seed {seed}: {e}"),
        }
    }
    assert!(
        tried >= 30 && made * 4 >= tried * 3,
        "{made} of {tried} drawn levels got their locks"
    );
}

/// A corridor r1 - r2 - … - r6 with a side room s off each of r2..r5, two
/// drawn keys and a drawn lock: the backward generator adds three locks.
fn corridor() -> Level {
    let mut level = Level::new("corridor");
    level.rooms.clear();
    for i in 1..=6 {
        level
            .rooms
            .push(Room::new(format!("r{i}"), [f64::from(i) * 100.0, 0.0]));
    }
    for i in 1..=5 {
        level.doors.push(Door::new(
            format!("d{i}"),
            format!("r{i}"),
            format!("r{}", i + 1),
        ));
    }
    for i in 2..=5 {
        level
            .rooms
            .push(Room::new(format!("s{i}"), [f64::from(i) * 100.0, 100.0]));
        level.doors.push(Door::new(
            format!("ds{i}"),
            format!("r{i}"),
            format!("s{i}"),
        ));
    }
    level.start = "r1".into();
    level.goal = "r6".into();
    level.keys.push(Key::new("gold", "s2"));
    level.doors[3].locks = vec!["gold".into()]; // d4: r4 -> r5
    level
}

fn set(props: &mut lockwork::model::Props, value: Value) {
    props.insert("lockwork".into(), value);
}

#[test]
fn a_drawn_dungeon_gets_locks_around_its_own() {
    let drawn = corridor();
    let made = around(&drawn, 2, 1).unwrap();
    check_around(&drawn, &made);
    let added = made
        .changes
        .iter()
        .filter(|c| matches!(c.change, Change::Locked(_)))
        .count();
    assert_eq!(added, 2);
}

#[test]
fn a_door_never_to_lock_is_left_alone() {
    let mut drawn = corridor();
    for d in ["d5", "d3"] {
        let door = drawn.doors.iter_mut().find(|x| x.id.as_str() == d).unwrap();
        set(&mut door.props, json!({ "lock": "never" }));
    }
    for seed in 0..10 {
        let made = around(&drawn, 1, seed).unwrap();
        check_around(&drawn, &made);
        for d in ["d5", "d3"] {
            let door = made
                .level
                .doors
                .iter()
                .find(|x| x.id.as_str() == d)
                .unwrap();
            assert!(!door.is_locked(), "seed {seed}: {d} locked");
        }
    }
}

#[test]
fn a_door_to_lock_is_locked() {
    let mut drawn = corridor();
    set(&mut drawn.doors[1].props, json!({ "lock": "always" })); // d2
    for seed in 0..10 {
        let made = around(&drawn, 1, seed).unwrap();
        check_around(&drawn, &made);
        assert!(made.level.doors[1].is_locked(), "seed {seed}");
    }
}

#[test]
fn a_key_room_holds_a_key_and_a_key_free_room_none() {
    let mut drawn = corridor();
    let pin = drawn
        .rooms
        .iter()
        .position(|r| r.id.as_str() == "r2")
        .unwrap();
    set(&mut drawn.rooms[pin].props, json!({ "keys": "always" }));
    let free: Vec<usize> = (0..drawn.rooms.len())
        .filter(|&r| r != pin && r != 0)
        .collect();
    for &r in &free[..3] {
        set(&mut drawn.rooms[r].props, json!({ "keys": "never" }));
    }
    for seed in 0..10 {
        let made = around(&drawn, 2, seed).unwrap();
        check_around(&drawn, &made);
        let new_keys: Vec<&Key> = made
            .level
            .keys
            .iter()
            .filter(|k| k.id.as_str() != "gold")
            .collect();
        assert!(
            new_keys
                .iter()
                .any(|k| k.room.as_ref().map(lockwork::model::RoomId::as_str) == Some("r2"))
        );
        for &r in &free[..3] {
            let id = &drawn.rooms[r].id;
            assert!(
                new_keys.iter().all(|k| k.room.as_ref() != Some(id)),
                "seed {seed}: key in {id}"
            );
        }
    }
}

#[test]
fn conflicting_constraints_are_refused_by_name() {
    // The only plain way to the goal may not be locked, yet must be.
    let mut drawn = corridor();
    set(&mut drawn.doors[4].props, json!({ "lock": "always" })); // d5
    let keep_free = ["d1", "d2", "d3", "ds2", "ds3", "ds4", "ds5"];
    for door in &mut drawn.doors {
        if keep_free.contains(&door.id.as_str()) {
            set(&mut door.props, json!({ "lock": "never" }));
        }
    }
    // Every room a key could go to is kept free of keys.
    for room in &mut drawn.rooms {
        if room.id.as_str() != "r6" {
            set(&mut room.props, json!({ "keys": "never" }));
        }
    }
    let e = around(&drawn, 1, 1).unwrap_err();
    let GenerateError::Constraints(unmet) = &e else {
        panic!("{e}");
    };
    // d5 is locked, and its key has nowhere to go but the start.
    assert_eq!(unmet, &[Constraint::NoKeys("r1".into())], "{e}");
    assert!(
        e.to_string().contains("room \"r1\" is to hold no key"),
        "{e}"
    );
    // Forbid d5 too: then it cannot be locked, and that is said.
    let d5 = drawn
        .doors
        .iter_mut()
        .find(|d| d.id.as_str() == "d5")
        .unwrap();
    set(&mut d5.props, json!({ "lock": "never" }));
    let e = around(&drawn, 1, 1).unwrap_err();
    assert!(
        matches!(
            e,
            GenerateError::TooManyLocks { .. } | GenerateError::Constraints(_)
        ),
        "{e}"
    );
}

#[test]
fn a_bad_constraint_names_its_item() {
    let mut drawn = corridor();
    set(&mut drawn.doors[0].props, json!({ "lock": "sometimes" }));
    let e = around(&drawn, 1, 1).unwrap_err();
    assert!(e.to_string().contains("door \"d1\""), "{e}");
}

#[test]
fn a_plain_layout_is_made_as_before_without_the_band() {
    let mut drawn = corridor();
    drawn.keys.clear();
    drawn.doors[3].locks.clear();
    let params = BackwardParams {
        seed: 3,
        source: Source::Layout {
            level: Box::new(drawn),
            name: "plain".into(),
        },
        locks: 2,
        aim: Aim::default(),
        ..BackwardParams::article()
    };
    let made = backward(&params, &no_progress, &AtomicBool::new(false)).unwrap();
    let locked = made
        .changes
        .iter()
        .filter(|c| matches!(c.change, Change::Locked(_)));
    assert_eq!(locked.count(), 2);
    assert!(made.level.keys.len() >= 2);
}

/// The random generator honours the same constraints on a drawn level.
#[test]
fn random_honours_the_constraints_too() {
    use lockwork::generate::{RandomParams, random};
    let mut drawn = corridor();
    set(&mut drawn.doors[1].props, json!({ "lock": "always" })); // d2
    set(&mut drawn.doors[4].props, json!({ "lock": "never" })); // d5
    let r3 = drawn
        .rooms
        .iter()
        .position(|r| r.id.as_str() == "r3")
        .unwrap();
    set(&mut drawn.rooms[r3].props, json!({ "keys": "never" }));
    for seed in 0..8 {
        let params = RandomParams {
            seed,
            source: Source::Layout {
                level: Box::new(drawn.clone()),
                name: "drawn".into(),
            },
            locks: 2,
            levers: 1,
            ..RandomParams::default()
        };
        let made = random(&params, &no_progress, &AtomicBool::new(false)).unwrap();
        let level = &made.level;
        assert!(level.doors[1].is_locked(), "seed {seed}: d2 locked");
        assert_eq!(
            items(level, "doors").get("d5"),
            items(&drawn, "doors").get("d5"),
            "seed {seed}: d5 untouched"
        );
        let gold = |k: &&Key| k.id.as_str() != "gold";
        assert!(
            level
                .keys
                .iter()
                .filter(gold)
                .all(|k| k.room != Some("r3".into())),
            "seed {seed}: a key in r3"
        );
        assert!(solvable(level));
    }
}

/// The lever search never wires a door kept from the generators, and the
/// conditions search refuses a closed one by name (it would give every
/// closed door a condition).
#[test]
fn the_lever_search_leaves_doors_kept_from_it_alone() {
    use lockwork::generate::{LeversParams, basement_layout, levers};
    let mut layout = basement_layout(&[1, 1, 2, 3, 5]);
    set(&mut layout.doors[6].props, json!({ "lock": "never" })); // d7, into the goal
    layout.doors[6].open = true;
    let mut params = LeversParams::new(layout.clone());
    params.seed = 3;
    params.seconds = None;
    params.evaluations = Some(3000);
    params.threads = 1;
    let made = levers(&params, &no_progress, &AtomicBool::new(false)).unwrap();
    for lever in &made.level.levers {
        assert!(
            !lever.toggles.iter().any(|d| d.as_str() == "d7"),
            "{lever:?}"
        );
    }
    assert_eq!(
        items(&made.level, "doors").get("d7"),
        items(&layout, "doors").get("d7")
    );
    let mut closed = layout.clone();
    closed.doors[6].open = false;
    let mut params = LeversParams::new(closed);
    params.conditions = true;
    params.seconds = None;
    params.evaluations = Some(300);
    params.threads = 1;
    let e = levers(&params, &no_progress, &AtomicBool::new(false)).unwrap_err();
    assert!(matches!(e, GenerateError::Constraints(_)), "{e}");
    assert!(
        e.to_string().contains("door \"d7\" is never to be locked"),
        "{e}"
    );
}
