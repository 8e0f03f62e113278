#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! `rules::replay` refuses each illegal step with the right reason and its
//! index, and ignores the pickups written in a plan.

use lockwork::model::{Door, Key, Level, Lever, Room};
use lockwork::rules::{Illegal, ReplayError, Step, replay};

/// r1 holds "red" and one small key; l1 in r1 toggles d2.
///
/// ```text
/// r1 -d1- r2 -d2 (closed)- r3
/// r1 -d3 (locks red, blue)- r4
/// r1 -d4 (small_locks 2)- r5
/// r2 <-d5 (one-way from r5)- r5
/// r3 -d6- r5, where "blue" lies
/// ```
fn level() -> Level {
    let mut level = Level::new("replay");
    level.rooms = ["r1", "r2", "r3", "r4", "r5"]
        .iter()
        .enumerate()
        .map(|(i, id)| Room::new(*id, [i as f64 * 100.0, 0.0]))
        .collect();
    let mut d2 = Door::new("d2", "r2", "r3");
    d2.open = false;
    let mut d3 = Door::new("d3", "r1", "r4");
    d3.locks = vec!["red".into(), "blue".into()];
    let mut d4 = Door::new("d4", "r1", "r5");
    d4.small_locks = 2;
    let mut d5 = Door::new("d5", "r5", "r2");
    d5.one_way = true;
    d5.cost = 4.0;
    level.doors = vec![
        Door::new("d1", "r1", "r2"),
        d2,
        d3,
        d4,
        d5,
        Door::new("d6", "r3", "r5"),
    ];
    let mut sk1 = Key::new("sk1", "r1");
    sk1.small = true;
    level.keys = vec![Key::new("red", "r1"), sk1, Key::new("blue", "r5")];
    level.levers = vec![Lever::new("l1", "r1", vec!["d2".into()])];
    level.goal = "r4".into();
    level
}

fn mv(door: &str, to: &str) -> Step {
    Step::Move {
        door: door.into(),
        to: to.into(),
    }
}

fn pull(lever: &str) -> Step {
    Step::Pull {
        lever: lever.into(),
    }
}

fn pickup(key: &str) -> Step {
    Step::Pickup { key: key.into() }
}

/// The index and reason of the step `replay` refuses.
fn refused(plan: &[Step]) -> (usize, Illegal) {
    match replay(&level(), plan) {
        Err(ReplayError::Illegal {
            index,
            step,
            reason,
        }) => {
            assert_eq!(step, plan[index], "the refused step is reported as written");
            (index, reason)
        }
        other => panic!("expected an illegal step, got {other:?}"),
    }
}

/// A plan that solves the level: open d2, walk round to fetch blue, come back
/// through the one-way door, then through d3.
fn solution() -> Vec<Step> {
    vec![
        pull("l1"),
        mv("d1", "r2"),
        mv("d2", "r3"),
        mv("d6", "r5"),
        mv("d5", "r2"),
        mv("d1", "r1"),
        mv("d3", "r4"),
    ]
}

#[test]
fn the_solution_replays() {
    let done = replay(&level(), &solution()).unwrap();
    assert!(done.solved);
    assert_eq!(done.end.cost(), 10.0);
    assert_eq!((done.end.moves(), done.end.pulls()), (6, 1));
    assert_eq!(
        done.steps,
        vec![
            pickup("red"),
            pickup("sk1"),
            pull("l1"),
            mv("d1", "r2"),
            mv("d2", "r3"),
            mv("d6", "r5"),
            pickup("blue"),
            mv("d5", "r2"),
            mv("d1", "r1"),
            mv("d3", "r4"),
        ]
    );
    // Stopping short is legal but not solved.
    let part = replay(&level(), &solution()[..3]).unwrap();
    assert!(!part.solved);
    assert_eq!(part.end.room(), 2);
}

#[test]
fn refuses_a_closed_door() {
    let (index, reason) = refused(&[mv("d1", "r2"), mv("d2", "r3")]);
    assert_eq!(index, 1);
    assert_eq!(reason, Illegal::Closed("d2".into()));
    // A second pull closes it again.
    let (index, reason) = refused(&[pull("l1"), pull("l1"), mv("d1", "r2"), mv("d2", "r3")]);
    assert_eq!(index, 3);
    assert_eq!(reason, Illegal::Closed("d2".into()));
}

#[test]
fn refuses_a_lock_without_its_keys_naming_only_the_missing_ones() {
    let (index, reason) = refused(&[mv("d3", "r4")]);
    assert_eq!(index, 0);
    assert_eq!(
        reason,
        Illegal::MissingKeys {
            door: "d3".into(),
            missing: vec!["blue".into()],
        }
    );
    assert_eq!(reason.to_string(), "door \"d3\" needs key \"blue\"");
}

#[test]
fn refuses_too_few_small_keys() {
    let (index, reason) = refused(&[mv("d1", "r2"), mv("d1", "r1"), mv("d4", "r5")]);
    assert_eq!(index, 2);
    assert_eq!(
        reason,
        Illegal::NotEnoughSmallKeys {
            door: "d4".into(),
            needed: 2,
            held: 1,
        }
    );
}

#[test]
fn refuses_a_one_way_door_against_its_direction() {
    let (index, reason) = refused(&[mv("d1", "r2"), mv("d5", "r5")]);
    assert_eq!(index, 1);
    assert_eq!(reason, Illegal::OneWay("d5".into()));
}

#[test]
fn refuses_a_lever_in_another_room() {
    let (index, reason) = refused(&[mv("d1", "r2"), pull("l1")]);
    assert_eq!(index, 1);
    assert_eq!(
        reason,
        Illegal::LeverElsewhere {
            lever: "l1".into(),
            lever_room: "r1".into(),
            here: "r2".into(),
        }
    );
}

#[test]
fn refuses_unknown_doors_rooms_and_levers() {
    let (index, reason) = refused(&[mv("d1", "r2"), mv("d9", "r1")]);
    assert_eq!((index, reason), (1, Illegal::NoSuchDoor("d9".into())));
    let (index, reason) = refused(&[mv("d1", "r9")]);
    assert_eq!((index, reason), (0, Illegal::NoSuchRoom("r9".into())));
    let (index, reason) = refused(&[pull("l9")]);
    assert_eq!((index, reason), (0, Illegal::NoSuchLever("l9".into())));
}

#[test]
fn refuses_a_door_that_does_not_lead_from_here() {
    // d6 joins r3 and r5; the player is in r1.
    let (index, reason) = refused(&[mv("d6", "r5")]);
    assert_eq!(index, 0);
    assert_eq!(
        reason,
        Illegal::NotThisWay {
            door: "d6".into(),
            from: "r1".into(),
            to: "r5".into(),
        }
    );
    // d1 leads from r1, but to r2, not to r3.
    let (_, reason) = refused(&[mv("d1", "r3")]);
    assert!(matches!(reason, Illegal::NotThisWay { .. }), "{reason:?}");
}

#[test]
fn the_index_counts_every_step_of_the_plan_as_written() {
    let plan = [
        pickup("red"),
        mv("d1", "r2"),
        pickup("nonsense"),
        mv("d2", "r3"),
    ];
    let (index, reason) = refused(&plan);
    assert_eq!(index, 3);
    assert_eq!(reason, Illegal::Closed("d2".into()));
    let err = replay(&level(), &plan).unwrap_err();
    assert_eq!(
        err.to_string(),
        "step 4 (move through d2 to r3) is not allowed: door \"d2\" is closed"
    );
}

#[test]
fn pickups_in_a_plan_are_ignored() {
    // Pickups of keys that do not exist, that lie elsewhere, twice over, or
    // out of order change nothing; real pickups are put where they happen.
    let mut plan = vec![
        pickup("blue"),
        pickup("no such key"),
        pickup("red"),
        pickup("red"),
    ];
    for step in solution() {
        plan.push(step);
        plan.push(pickup("sk1"));
    }
    let with = replay(&level(), &plan).unwrap();
    let without = replay(&level(), &solution()).unwrap();
    assert_eq!(with, without);
    // A plan of nothing but pickups stays at the start.
    let only = replay(&level(), &[pickup("blue"), pickup("red")]).unwrap();
    assert_eq!(only.end, replay(&level(), &[]).unwrap().end);
    assert_eq!(only.steps, vec![pickup("red"), pickup("sk1")]);
    assert_eq!(only.end.picked(), vec![true, true, false]);
}

#[test]
fn an_invalid_level_is_refused_before_any_step() {
    let mut broken = level();
    broken.doors[0].to = "r9".into();
    match replay(&broken, &solution()) {
        Err(ReplayError::Invalid(e)) => {
            assert_eq!(
                e.to_string(),
                "the level is not valid: doors[0].to: no room \"r9\""
            );
        }
        other => panic!("expected Invalid, got {other:?}"),
    }
}

/// A key carried from the start is held at once but never picked up: the
/// steps a replay gives (and so every plan and dead-end trace) show no
/// pickup of it, while a key lying in the start room is still picked up.
#[test]
fn a_carried_key_is_held_and_not_picked_up() {
    let mut level = level();
    let carried = level
        .keys
        .iter()
        .position(|k| k.id.as_str() == "red")
        .unwrap();
    level.keys[carried].room = None;
    let done = replay(&level, &[mv("d1", "r2")]).unwrap();
    assert!(!done.steps.contains(&pickup("red")), "{:?}", done.steps);
    assert!(done.end.picked()[carried], "red is held");
    let small = level.keys.iter().position(|k| k.small).unwrap();
    assert_eq!(
        level.keys[small]
            .room
            .as_ref()
            .map(lockwork::model::RoomId::as_str),
        Some("r1")
    );
    let id = level.keys[small].id.as_str().to_owned();
    assert_eq!(
        done.steps[0],
        pickup(&id),
        "a key lying in the start room is picked up"
    );
}
