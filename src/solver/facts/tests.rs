//! Tests of the relaxed reach, the support and the landmarks.

use super::*;
use crate::model::{Door, Key, Level, Lever, Room};

/// r1 -d1 (locks red)- r2 (goal); red lies behind a small lock in r3.
fn level() -> Level {
    let mut level = Level::new("t");
    level.rooms.push(Room::new("r2", [0.0, 0.0]));
    level.rooms.push(Room::new("r3", [0.0, 0.0]));
    let mut d1 = Door::new("d1", "r1", "r2");
    d1.locks = vec!["red".into()];
    let mut d2 = Door::new("d2", "r1", "r3");
    d2.small_locks = 1;
    level.doors = vec![d1, d2];
    let mut s = Key::new("s", "r1");
    s.small = true;
    level.keys = vec![Key::new("red", "r3"), s, Key::new("gem", "r3")];
    level.goal = "r2".into();
    level
}

#[test]
fn relaxed_reach_follows_keys_and_small_keys() {
    let m = Mechanics::new(&level()).unwrap();
    let reach = relaxed(&m, &[false; 3]);
    assert!(reach.goal);
    assert_eq!(
        reach.keys,
        vec![true, false, true],
        "small keys are counted, not held"
    );
    let no_small = relaxed(&m, &[false, true, false]);
    assert!(
        !no_small.goal,
        "without the small key, r3 and red stay out of reach"
    );
    assert_eq!(landmarks(&m, None, &[0, 1, 2], 10), vec![0, 1]);
}

/// A level of `rooms` rooms (`r0` the start), doors `(from, to,
/// one-way, lock key or none, small locks)`, keys `(room, small)`, the
/// goal and the keys it requires.
fn built(
    rooms: usize,
    doors: &[(usize, usize, bool, Option<usize>, u32)],
    keys: &[(usize, bool)],
    goal: usize,
    requires: &[usize],
) -> Level {
    let mut level = Level::new("support");
    level.rooms.clear();
    for r in 0..rooms {
        level
            .rooms
            .push(Room::new(format!("r{r}").as_str(), [0.0, 0.0]));
    }
    level.start = "r0".into();
    level.goal = format!("r{}", goal % rooms).as_str().into();
    for (d, &(a, b, one_way, lock, small)) in doors.iter().enumerate() {
        let mut door = Door::new(
            format!("d{d}").as_str(),
            format!("r{}", a % rooms).as_str(),
            format!("r{}", b % rooms).as_str(),
        );
        door.one_way = one_way;
        door.locks = lock
            .filter(|&k| k < keys.len())
            .map(|k| format!("k{k}").as_str().into())
            .into_iter()
            .collect();
        door.small_locks = small;
        level.doors.push(door);
    }
    for (k, &(room, small)) in keys.iter().enumerate() {
        let mut key = Key::new(
            format!("k{k}").as_str(),
            format!("r{}", room % rooms).as_str(),
        );
        key.small = small;
        level.keys.push(key);
    }
    level.goal_requires = requires
        .iter()
        .filter(|&&k| k < keys.len() && !keys[k].1)
        .map(|k| format!("k{k}").as_str().into())
        .collect();
    level
}

/// Small levels of the rules the relaxed reach follows, by [`built`].
fn small_level() -> impl proptest::strategy::Strategy<Value = Level> {
    use proptest::prelude::*;
    let door = (
        0usize..8,
        0usize..8,
        any::<bool>(),
        proptest::option::of(0usize..6),
        0u32..2,
    );
    (
        2usize..8,
        proptest::collection::vec(door, 1..14),
        proptest::collection::vec((0usize..8, proptest::bool::weighted(0.2)), 0..6),
        1usize..8,
        proptest::collection::vec(0usize..6, 0..2),
    )
        .prop_map(|(rooms, doors, keys, goal, requires)| {
            built(rooms, &doors, &keys, goal, &requires)
        })
}

proptest::proptest! {
    /// Every key the support leaves out can be taken away and the goal
    /// stays in the relaxed reach; and the goal is there exactly when
    /// there is a support.
    #[test]
    fn a_key_outside_the_support_is_never_needed(
        level in small_level(),
    ) {
        let Ok(m) = Mechanics::new(&level) else {
            return Ok(());
        };
        let keys = level.keys.len();
        let everything = relaxed(&m, &vec![false; keys]);
        let used = support(&m, &relaxed_ways(&m));
        proptest::prop_assert_eq!(used.is_some(), everything.goal);
        for k in (0..keys).filter(|&k| used.as_ref().is_some_and(|u| !u[k])) {
            let mut removed = vec![false; keys];
            removed[k] = true;
            proptest::prop_assert!(relaxed(&m, &removed).goal, "k{} was needed", k);
        }
    }

    /// The landmarks are exactly the keys without which the goal leaves
    /// the relaxed reach, tested one by one: ruling keys out by the
    /// support loses none.
    #[test]
    fn landmarks_are_the_keys_each_test_finds(
        level in small_level(),
        limit in 0usize..7,
    ) {
        let Ok(m) = Mechanics::new(&level) else {
            return Ok(());
        };
        let keys = level.keys.len();
        let all: Vec<usize> = (0..keys).rev().collect();
        let tested: Vec<usize> = (all.iter().copied())
            .filter(|&k| {
                let mut removed = vec![false; keys];
                removed[k] = true;
                !relaxed(&m, &removed).goal
            })
            .take(limit)
            .collect();
        proptest::prop_assert_eq!(landmarks(&m, Some(&relaxed_ways(&m)), &all, limit), tested);
    }
}

#[test]
fn lever_doors_open_once_a_lever_is_reached() {
    let mut level = level();
    level.doors[0].locks.clear();
    level.doors[0].open = false;
    level.levers = vec![Lever::new("l", "r3", vec!["d1".into()])];
    let m = Mechanics::new(&level).unwrap();
    assert!(relaxed(&m, &[false; 3]).goal);
    assert!(
        !relaxed(&m, &[false, true, false]).goal,
        "the lever is behind the small lock"
    );
}

#[test]
fn only_spending_and_real_drops_are_irreversible() {
    let mut level = level();
    let mut drop = Door::new("d3", "r3", "r1");
    drop.one_way = true;
    level.doors.push(drop);
    let m = Mechanics::new(&level).unwrap();
    let all = vec![true; 3];
    let mut doors: Vec<usize> = irreversible_passages(&m, &all)
        .iter()
        .map(|p| p.door)
        .collect();
    doors.sort_unstable();
    assert_eq!(
        doors,
        vec![1, 1, 2],
        "both ways through the small lock, and the drop"
    );
    // A free way back makes the drop a shortcut.
    level.doors.push(Door::new("d4", "r1", "r3"));
    let m = Mechanics::new(&level).unwrap();
    let doors: Vec<usize> = irreversible_passages(&m, &all)
        .iter()
        .map(|p| p.door)
        .collect();
    assert_eq!(doors, vec![1, 1]);
}

#[test]
fn a_way_back_through_the_goal_is_no_way_back() {
    // r1 drops into r3; the only way back, r3 - r2 - r1, passes the
    // goal r2, where the game ends. A brute force found the analysis
    // calling this level reversible and every room reachable.
    let mut level = Level::new("t");
    level.rooms.push(Room::new("r2", [0.0, 0.0]));
    level.rooms.push(Room::new("r3", [0.0, 0.0]));
    level.goal = "r2".into();
    let mut drop = Door::new("d1", "r1", "r3");
    drop.one_way = true;
    level.doors.push(drop);
    level.doors.push(Door::new("d2", "r3", "r2"));
    let mut up = Door::new("d3", "r2", "r1");
    up.one_way = true;
    level.doors.push(up);
    let m = Mechanics::new(&level).unwrap();
    let doors: Vec<usize> = irreversible_passages(&m, &[true; 3])
        .iter()
        .map(|p| p.door)
        .collect();
    assert_eq!(doors, vec![0], "the drop; d3 leaves the goal, never taken");
    // A goal that requires a key can be passed through without it:
    // d3 is then a drop of its own.
    level.keys.push(Key::new("crown", "r3"));
    level.goal_requires = vec!["crown".into()];
    let m = Mechanics::new(&level).unwrap();
    let doors: Vec<usize> = irreversible_passages(&m, &[true; 3])
        .iter()
        .map(|p| p.door)
        .collect();
    assert_eq!(doors, vec![0, 2]);
}

/// A ring of one-way doors is one component; a long chain of them, a
/// component per room, found without running out of stack.
#[test]
fn free_components_follow_one_way_doors_without_recursion() {
    let n = 100_000;
    let mut level = Level::new("chain");
    level.rooms = (0..n)
        .map(|i| Room::new(format!("r{i}"), [0.0, 0.0]))
        .collect();
    level.start = "r0".into();
    level.goal = format!("r{}", n - 1).into();
    for i in 1..n {
        let mut d = Door::new(format!("d{i}"), format!("r{}", i - 1), format!("r{i}"));
        d.one_way = true;
        level.doors.push(d);
    }
    let m = Mechanics::new(&level).unwrap();
    let comp = free_components(&m);
    let mut distinct = comp.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), n, "no way back anywhere along a chain");
    // r0 → r1 → r2 → r0 in a small level: one component, and r3 (the goal)
    // apart, though r3 → r0: no walk back counts on the goal room.
    let mut ring = Level::new("ring");
    ring.rooms = (0..4)
        .map(|i| Room::new(format!("r{i}"), [0.0, 0.0]))
        .collect();
    ring.start = "r0".into();
    ring.goal = "r3".into();
    for (i, (a, b)) in [(0, 1), (1, 2), (2, 0), (2, 3), (3, 0)]
        .into_iter()
        .enumerate()
    {
        let mut d = Door::new(format!("d{i}"), format!("r{a}"), format!("r{b}"));
        d.one_way = true;
        ring.doors.push(d);
    }
    let comp = free_components(&Mechanics::new(&ring).unwrap());
    assert!(comp[0] == comp[1] && comp[1] == comp[2]);
    assert_ne!(comp[3], comp[0]);
}

#[test]
fn a_once_lever_is_a_step_that_cannot_be_undone() {
    // r1 leads to the goal r2, and to r3 through d2, which lever l1
    // toggles: no passage is irreversible.
    let mut level = Level::new("t");
    level.rooms.push(Room::new("r2", [0.0, 0.0]));
    level.rooms.push(Room::new("r3", [0.0, 0.0]));
    level.goal = "r2".into();
    level.doors.push(Door::new("d1", "r1", "r2"));
    level.doors.push(Door::new("d2", "r1", "r3"));
    level.levers.push(Lever::new("l1", "r1", vec!["d2".into()]));
    let m = Mechanics::new(&level).unwrap();
    let irreversible = irreversible_passages(&m, &[true; 3]);
    assert!(irreversible.is_empty());
    assert!(
        every_step_undone(&m, &irreversible),
        "a lever pulled back undoes its pull"
    );
    level.levers[0].once = true;
    let m = Mechanics::new(&level).unwrap();
    let irreversible = irreversible_passages(&m, &[true; 3]);
    assert!(irreversible.is_empty(), "no passage changed");
    assert!(
        !every_step_undone(&m, &irreversible),
        "a once lever stays pulled"
    );
    // A drop into a room with no way back cannot be undone either.
    level.levers[0].once = false;
    level.rooms.push(Room::new("r4", [0.0, 0.0]));
    let mut drop = Door::new("d3", "r1", "r4");
    drop.one_way = true;
    level.doors.push(drop);
    let m = Mechanics::new(&level).unwrap();
    let irreversible = irreversible_passages(&m, &[true; 4]);
    assert_eq!(irreversible.len(), 1, "{irreversible:?}");
    assert!(!every_step_undone(&m, &irreversible), "{irreversible:?}");
}
