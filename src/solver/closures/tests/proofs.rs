//! The closed states' side pockets and the proofs of steps never fatal,
//! each on a small level where it decides, against the exploration of
//! every state.

use super::super::{Forget, Oracle};
use super::{explored, fatal_kinds};
use crate::model::{Door, Key, Level, Room};
use crate::solver::{dead_ends, facts};

/// A level of `pockets` side rooms behind one small lock each off the
/// start room, `keys` small keys in the start room, and the goal behind a
/// door of `goal_locks` small locks. Rooms: the start 0, the goal 1, the
/// side rooms from 2; doors: the goal's 0, the side rooms' from 1.
fn pocket_level(pockets: usize, keys: usize, goal_locks: u32) -> Level {
    let mut level = Level::new("side pockets");
    level.rooms = vec![Room::new("r0", [0.0, 0.0]), Room::new("goal", [1.0, 0.0])];
    level.start = "r0".into();
    level.goal = "goal".into();
    let mut to_goal = Door::new("to goal", "r0", "goal");
    to_goal.small_locks = goal_locks;
    level.doors.push(to_goal);
    for i in 0..pockets {
        level
            .rooms
            .push(Room::new(format!("p{i}"), [0.0, 1.0 + i as f64]));
        let mut door = Door::new(format!("d{i}"), "r0", format!("p{i}"));
        door.small_locks = 1;
        level.doors.push(door);
    }
    for k in 0..keys {
        let mut key = Key::new(format!("s{k}"), "r0");
        key.small = true;
        level.keys.push(key);
    }
    level
}

/// Keys wasted on different side pockets leave closed states that differ
/// only in which pockets are open, and the oracle stores them as one: six
/// pockets and four keys make one closed state per number of keys left,
/// where each set of at most four pockets was one before (57 states). The
/// answers are those of the exploration of every state.
#[test]
fn keys_wasted_on_side_pockets_make_one_closed_state_per_count() {
    for (goal_locks, live) in [(5, false), (4, true)] {
        let level = pocket_level(6, 4, goal_locks);
        explored(&level, |_, every, ex, budget| {
            assert_eq!(ex.live()[0], live);
            let forget = Forget::new(every);
            let mut oracle = Oracle::new(every, forget.as_ref());
            for i in 0..ex.len() as u32 {
                let said = oracle.live(ex.store.get(i), budget, 0).unwrap();
                assert_eq!(said, ex.live()[i as usize], "state {i}");
            }
            assert!(oracle.len() <= 5, "{} closed states", oracle.len());
            Ok(())
        })
        .unwrap();
    }
}

/// Of the step `(door, room entered)` of `level`: whether
/// [`dead_ends::never_fatal`] proves it never fatal (`None` when it is not
/// an irreversible step), and whether the exploration of every state finds
/// it fatal.
fn proven_and_fatal(level: &Level, step: (usize, usize)) -> (Option<bool>, bool) {
    let mut answer = (None, false);
    explored(level, |prep, every, ex, budget| {
        let fatal = fatal_kinds(every, ex, &ex.live());
        let reach = &prep.relaxed_ways().reach.rooms;
        let steps = facts::irreversible_passages(prep.mechanics(), reach);
        let forget = Forget::new(every);
        let mut oracle = Oracle::new(every, forget.as_ref());
        let m = prep.mechanics();
        let proven = dead_ends::never_fatal(m, every, reach, &mut oracle, None, &steps, budget);
        let at = steps.iter().position(|p| (p.door, p.to) == step);
        answer = (
            at.map(|i| proven[i]),
            fatal.contains(&(step.0 as u32, step.1)),
        );
        Ok(())
    })
    .unwrap();
    answer
}

/// A level of rooms `r0` to `r{rooms - 1}`, the start the first and the
/// goal the last, with `doors` as `(from, to, one way, small locks)` and
/// one small key in the start room.
fn level_of(rooms: u8, doors: &[(u8, u8, bool, u32)]) -> Level {
    let mut level = Level::new("ways round");
    level.rooms = (0..rooms)
        .map(|i| Room::new(format!("r{i}"), [f64::from(i), 0.0]))
        .collect();
    level.start = "r0".into();
    level.goal = format!("r{}", rooms - 1).into();
    for (i, &(from, to, one_way, small_locks)) in doors.iter().enumerate() {
        let mut door = Door::new(format!("d{i}"), format!("r{from}"), format!("r{to}"));
        door.one_way = one_way;
        door.small_locks = small_locks;
        level.doors.push(door);
    }
    let mut key = Key::new("s0", "r0");
    key.small = true;
    level.keys.push(key);
    level
}

/// Spending the only key on a side room is fatal; the step that spends to
/// leave it is never taken (whoever stands there came through the door),
/// and is proven never fatal, though the poorest state after it (the
/// key spent, nothing in hand) cannot reach the goal.
#[test]
fn a_spend_out_of_a_side_room_is_proven_never_fatal() {
    let level = pocket_level(1, 1, 1);
    assert_eq!(proven_and_fatal(&level, (1, 2)), (Some(false), true));
    assert_eq!(proven_and_fatal(&level, (1, 0)), (Some(true), false));
}

/// A drop whose only way on leads back through a locked door every way
/// to the drop passes: that door is unlocked whenever the drop is taken,
/// so the drop is never fatal, and proven so, though the poorest state
/// after it with that door locked (and the only key spent) is stuck.
#[test]
fn doors_every_way_passes_are_unlocked_in_the_poorest_state() {
    // The locked door, the drop, the way back, the door to the goal.
    let doors = [
        (0, 1, false, 1),
        (1, 2, true, 0),
        (2, 0, true, 0),
        (1, 3, false, 0),
    ];
    let level = level_of(4, &doors);
    assert_eq!(proven_and_fatal(&level, (1, 2)), (Some(true), false));
}

/// A drop reached by either of two ways, each through a locked door,
/// whose only way on leads back round through one of them: no door is
/// passed on every way, but each way's door is unlocked in the states
/// that came by it, so the drop is never fatal, and proven so from one
/// poorest state per way.
#[test]
fn each_way_to_a_step_makes_a_poorest_state() {
    // Two locked ways to r1 (the second on through a one-way door), the
    // drop, the way back, the door to the goal.
    let doors = [
        (0, 1, false, 1),
        (0, 2, false, 1),
        (2, 1, true, 0),
        (1, 3, true, 0),
        (3, 0, true, 0),
        (1, 4, false, 0),
    ];
    let level = level_of(5, &doors);
    assert_eq!(proven_and_fatal(&level, (3, 3)), (Some(true), false));
}

/// A drop whose way back to where it was taken passes the door unlocked
/// on the way there, and whose door to the goal takes a key every player
/// there still holds: the poorest state after it (that key spent on
/// nothing) is stuck, but every player walks back as able as before, so
/// the drop is never fatal, and proven so.
#[test]
fn a_drop_the_player_walks_back_from_is_proven_never_fatal() {
    // The locked door, the drop, the way back, the locked door to the goal.
    let doors = [
        (0, 1, false, 1),
        (1, 2, true, 0),
        (2, 0, false, 0),
        (1, 3, false, 1),
    ];
    let mut level = level_of(4, &doors);
    level.keys.push(small_key("s1", "r0"));
    assert_eq!(proven_and_fatal(&level, (1, 2)), (Some(true), false));
}

/// Spending on a door whose room holds a key and leads back round: a walk
/// to the step's room through that door passes the key's room, but no
/// player has passed the door before spending on it, so the key is still
/// there, and the step is proven never fatal.
#[test]
fn a_spend_finds_the_rooms_behind_its_door_unlooted() {
    // The locked door, the locked door to the goal, the way back.
    let doors = [(0, 1, false, 1), (1, 2, false, 1), (1, 0, true, 0)];
    let mut level = level_of(3, &doors);
    level.keys.push(small_key("s1", "r1"));
    assert_eq!(proven_and_fatal(&level, (0, 1)), (Some(true), false));
}

/// A drop into a room of two keys, whose way back round takes a key: a
/// player who never took the drop finds both keys there; one who did
/// walks back round through the door it unlocked. Either way the drop is
/// never fatal, and proven so.
#[test]
fn a_drop_taken_before_or_never_is_proven_never_fatal() {
    // The drop, the locked way on, the way back, the locked door to the goal.
    let doors = [
        (0, 1, true, 0),
        (1, 2, false, 1),
        (2, 0, true, 0),
        (0, 3, false, 1),
    ];
    let mut level = level_of(4, &doors);
    level
        .keys
        .extend([small_key("s1", "r1"), small_key("s2", "r1")]);
    assert_eq!(proven_and_fatal(&level, (0, 1)), (Some(true), false));
}

/// Spending on a door to a room holding a key, the way back through it:
/// the poorest state after the spend (nothing else in hand) cannot open
/// the door of two locks to the goal, but every player takes that key
/// back to where it stood, as able as before, so the spend is never
/// fatal, and proven so.
#[test]
fn a_spend_repaid_behind_its_door_is_proven_never_fatal() {
    // The locked door to the key, the door of two locks to the goal.
    let doors = [(0, 1, false, 1), (0, 2, false, 2)];
    let mut level = level_of(3, &doors);
    level
        .keys
        .extend([small_key("s1", "r0"), small_key("s2", "r1")]);
    assert_eq!(proven_and_fatal(&level, (0, 1)), (Some(true), false));
}

fn small_key(id: &str, room: &str) -> Key {
    let mut key = Key::new(id, room);
    key.small = true;
    key
}
