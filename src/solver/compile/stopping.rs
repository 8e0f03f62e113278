//! Successors and the event walk stop when their callback says so.

use std::ops::ControlFlow;

use super::{Compiled, Tracking, layout};
use crate::model::{Door, Level, Room};
use crate::rules::Mechanics;

/// A star of `n` small-locked doors from the start.
fn star(n: usize) -> Compiled {
    let mut level = Level::new("star");
    level.rooms = (0..=n)
        .map(|i| Room::new(format!("r{i}"), [0.0, 0.0]))
        .collect();
    level.start = "r0".into();
    level.goal = "r1".into();
    for i in 1..=n {
        let mut door = Door::new(format!("d{i}"), "r0", format!("r{i}"));
        door.small_locks = 1;
        level.doors.push(door);
    }
    let mut key = crate::model::Key::new("s", "r0");
    key.small = true;
    level.keys.push(key);
    let m = Mechanics::new(&level).unwrap();
    Compiled::new(&m, layout(&m, Tracking::EveryKey, &[]))
}

/// Successors stop at the first break: a search out of budget makes no
/// more states of a room with thousands of doors.
#[test]
fn successors_stop_when_told() {
    let c = star(1_000);
    let mut t = vec![0; c.width];
    let mut all = 0;
    c.successors(&c.start, &mut t, |_, _, _| all += 1);
    assert_eq!(all, 1_000);
    let mut seen = 0;
    c.successors_while(&c.start, &mut t, |_, _, _| {
        seen += 1;
        if seen == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(seen, 3);
    let mut walker = crate::solver::events::Walker::new(&c);
    let mut events = 0;
    walker.events(&c, &c.start, |_| {
        events += 1;
        ControlFlow::Break(())
    });
    assert_eq!(events, 1, "the walk stops at the first break");
}
