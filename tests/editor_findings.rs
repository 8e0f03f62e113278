//! What the analysis found, as the editor's lists say it (issue 37): the
//! same facts as `lockwork check`, from the same fields, driven through the
//! real app with `egui_kittest`.

#![cfg(feature = "editor")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui_kittest::kittest::Queryable;
use lockwork::document::Document;
use lockwork::model::{Door, Key, Level, Room};

mod common;

use common::{App, harness_solved};

fn harness(level: Level) -> App<'static> {
    harness_solved(Document::new(level, None))
}

/// A gate the bow or the hook opens, each in its own side room.
fn bow_or_hook() -> Level {
    let mut level = Level::new("bow or hook");
    for (id, x, y) in [("r2", 100.0, 0.0), ("r3", 0.0, 100.0), ("r4", 100.0, 100.0)] {
        level.rooms.push(Room::new(id, [x, y]));
    }
    let mut gate = Door::new("d3", "r1", "r4");
    gate.locks_any = vec!["bow".into(), "hook".into()];
    level.doors = vec![
        Door::new("d1", "r1", "r2"),
        Door::new("d2", "r1", "r3"),
        gate,
    ];
    level.keys = vec![Key::new("bow", "r2"), Key::new("hook", "r3")];
    level.goal = "r4".into();
    level
}

#[test]
fn alternatives_are_listed_as_one_group_and_not_as_unneeded_keys() {
    let harness = harness(bow_or_hook());
    assert!(
        harness
            .query_by_label_contains("A solution needs one of: bow, hook")
            .is_some()
    );
    assert!(
        harness
            .query_by_label_contains("Keys no solution needs")
            .is_none()
    );
}

/// A new level: start = goal, one more room behind an open door.
#[test]
fn beside_a_start_that_is_the_goal_no_room_is_unreachable() {
    let mut level = Level::new("new");
    level.rooms.push(Room::new("r2", [100.0, 0.0]));
    level.doors.push(Door::new("d1", "r1", "r2"));
    let harness = harness(level);
    assert!(harness.query_by_label_contains("Unreachable").is_none());
}

/// Carried small keys are said to be carried, as `check` says it.
#[test]
fn carried_small_keys_are_counted_as_carried() {
    let mut level = Level::new("carried");
    level.rooms.push(Room::new("r2", [100.0, 0.0]));
    let mut d1 = Door::new("d1", "r1", "r2");
    d1.small_locks = 1;
    level.doors.push(d1);
    let mut carried = Key::new("s1", "r1");
    carried.room = None;
    carried.small = true;
    let mut lying = Key::new("s2", "r2");
    lying.small = true;
    level.keys = vec![carried, lying];
    level.goal = "r2".into();
    let harness = harness(level);
    assert!(
        harness
            .query_by_label_contains(
                "Small keys: 2 in all: 1 carried from the start, 1 lies in the level; \
                 a solution needs 1 of them, but not any 1"
            )
            .is_some()
    );
}
