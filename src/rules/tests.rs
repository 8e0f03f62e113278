use super::*;
use crate::model::{Door, Key, Lever, Room};

#[test]
fn indices_out_of_range_and_states_of_other_levels_are_refused_not_panics() {
    let mut level = Level::new("t");
    level.rooms.push(Room::new("r2", [0.0, 0.0]));
    level.doors.push(Door::new("d1", "r1", "r2"));
    level.levers.push(Lever::new("l1", "r1", vec!["d1".into()]));
    let rules = Rules::new(&level).unwrap();
    let mut state = rules.start();
    for (d, to) in [(1, 1), (usize::MAX, 0), (0, 2), (0, usize::MAX)] {
        assert!(rules.check_move(&state, d, to).is_err(), "{d} {to}");
        assert!(rules.do_move(&mut state, d, to).is_err(), "{d} {to}");
    }
    assert_eq!(
        rules.do_pull(&mut state, usize::MAX),
        Err(Illegal::NoSuchLever("#18446744073709551615".into()))
    );
    assert_eq!(state, rules.start(), "refused steps change nothing");

    // A state of a larger level, standing in a room this level lacks.
    let mut big = level.clone();
    for i in 3..=5 {
        big.rooms.push(Room::new(format!("r{i}"), [0.0, 0.0]));
        let from = format!("r{}", i - 1);
        big.doors
            .push(Door::new(format!("d{i}"), from, format!("r{i}")));
        big.keys.push(Key::new(format!("k{i}"), format!("r{i}")));
    }
    let big_rules = Rules::new(&big).unwrap();
    let mut far = big_rules.start();
    for (d, to) in [("d1", "r2"), ("d3", "r3"), ("d4", "r4"), ("d5", "r5")] {
        let step = Step::Move {
            door: d.into(),
            to: to.into(),
        };
        big_rules.apply(&mut far, &step).unwrap();
    }
    assert!(!rules.is_solved(&far));
    assert!(rules.legal_moves(&far).is_empty());
    assert!(rules.levers_here(&far).is_empty());
    assert!(rules.do_move(&mut far, 0, 1).is_err());
    assert!(rules.do_pull(&mut far, 0).is_err());
    let _ = rules.level_as_of(&far);
}
use crate::solver::{SolveOptions, solve};

#[test]
fn the_level_as_it_stands_has_the_same_future() {
    // r1 holds two small keys; d1 (r1-r2) and d2 (r1-r3) each spend one;
    // the goal r4 lies behind d3 (r3-r4), which spends one too.
    let mut level = Level::new("t");
    for (i, x) in [(2, 100.0), (3, 0.0), (4, 0.0)] {
        level.rooms.push(Room::new(format!("r{i}"), [x, 100.0]));
    }
    for (id, a, b) in [("d1", "r1", "r2"), ("d2", "r1", "r3"), ("d3", "r3", "r4")] {
        let mut door = Door::new(id, a, b);
        door.small_locks = 1;
        level.doors.push(door);
    }
    for id in ["s1", "s2"] {
        let mut key = Key::new(id, "r1");
        key.small = true;
        level.keys.push(key);
    }
    level.goal = "r4".into();
    let rules = Rules::new(&level).unwrap();
    let options = SolveOptions::default();
    let mut state = rules.start();
    // Spending a key on d1 and coming back still leaves one for d2 and... none for d3.
    rules
        .apply(
            &mut state,
            &Step::Move {
                door: "d1".into(),
                to: "r2".into(),
            },
        )
        .unwrap();
    let now = rules.level_as_of(&state);
    assert_eq!(now.start.as_str(), "r2");
    assert_eq!(
        now.keys.iter().filter(|k| k.small).count(),
        1,
        "one small key in hand"
    );
    assert_eq!(now.doors[0].small_locks, 0, "d1 stays unlocked");
    assert!(solve(&now, &options).unwrap().plan.is_none(), "a dead end");
    // From the start, the goal is two small-lock doors away: solvable.
    let fresh = rules.level_as_of(&rules.start());
    assert_eq!(
        solve(&fresh, &options).unwrap().plan.map(|p| p.cost),
        Some(2.0)
    );
}
