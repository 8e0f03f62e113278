//! The closed-state checks and the hunt that uses them, checked against
//! the exploration of every state (itself checked against the brute force
//! of `tests/solver_brute.rs`) on small random levels with one-way doors,
//! small keys and named keys.

use proptest::prelude::*;

use super::{Forget, Oracle, applies};
use crate::model::{Door, Key, Level, Room};
use crate::rules::Step;
use crate::solver::analysis::Run;
use crate::solver::{Prepared, SolveOptions, dead_ends, exhaustive, facts};

/// A random level the checks answer: up to 7 rooms, doors that are free,
/// one-way or small-locked (a few locked by a named key too), small keys
/// and a named key strewn over the rooms, the start in the first room and
/// the goal in the last.
fn level() -> impl Strategy<Value = Level> {
    let door = (0..7usize, 0..7usize, 0..7u8);
    (
        3..=7usize,
        prop::collection::vec(door, 2..=10),
        prop::collection::vec(0..7usize, 0..=4),
        prop::option::of(0..7usize),
    )
        .prop_map(|(rooms, doors, small, named)| {
            let mut level = Level::new("random");
            level.rooms = (0..rooms)
                .map(|i| Room::new(format!("r{i}"), [0.0, 0.0]))
                .collect();
            level.goal = format!("r{}", rooms - 1).into();
            for (i, &(a, b, how)) in doors.iter().enumerate() {
                let (a, b) = (a % rooms, (a % rooms + 1 + b % (rooms - 1)) % rooms);
                let mut door = Door::new(format!("d{i}"), format!("r{a}"), format!("r{b}"));
                match how {
                    0 | 1 => door.one_way = true,
                    2 | 3 => door.small_locks = 1,
                    4 => {
                        door.one_way = true;
                        door.small_locks = 1;
                    }
                    5 if named.is_some() => door.locks.push("gold".into()),
                    5 => door.small_locks = 2,
                    _ => {}
                }
                level.doors.push(door);
            }
            for (k, &r) in small.iter().enumerate() {
                let mut key = Key::new(format!("s{k}"), format!("r{}", r % rooms));
                key.small = true;
                level.keys.push(key);
            }
            if let Some(r) = named {
                level.keys.push(Key::new("gold", format!("r{}", r % rooms)));
            }
            level
        })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 8000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Every reachable state is live exactly when the exploration of every
    /// state says so, asked in the order the exploration met them (so that
    /// the answers kept from earlier checks are used).
    #[test]
    fn closed_checks_agree_with_every_state(level in level()) {
        let Ok(prep) = Prepared::new(&level, &[]) else {
            return Ok(());
        };
        prop_assert!(applies(prep.mechanics()));
        let every = prep.every_key();
        let options = SolveOptions::default();
        let budget = options.budget();
        let ex = exhaustive::explore(&every, &budget).unwrap();
        let live = ex.live();
        let forget = Forget::new(&every);
        let mut oracle = Oracle::new(&every, forget.as_ref());
        let text = crate::format::to_string(&level);
        for i in 0..ex.len() as u32 {
            let said = oracle.live(ex.store.get(i), &budget, 0).unwrap();
            prop_assert_eq!(said, live[i as usize], "state {}\n{}", i, text);
        }
    }

    /// The hunt for dead ends, with its checks over closed states, finds
    /// every kind of fatal step that the exploration of every state does,
    /// each at the same least cost, and no other.
    #[test]
    fn hunt_agrees_with_every_state(level in level()) {
        let Ok(prep) = Prepared::new(&level, &[]) else {
            return Ok(());
        };
        prop_assert!(applies(prep.mechanics()));
        let every = prep.every_key();
        let options = SolveOptions::default();
        let ex = exhaustive::explore(&every, &options.budget()).unwrap();
        if ex.goals.is_empty() {
            // Unsolvable: the analysis answers it without a hunt.
            return Ok(());
        }
        let mut run = Run {
            prep: &prep,
            budget: options.budget(),
            states: 0,
            stopped: None,
        };
        let whole = dead_ends::from_explored(&run, &every, &ex).unwrap();
        let reach = &prep.relaxed_ways().reach;
        let irreversible = facts::irreversible_passages(prep.mechanics(), &reach.rooms);
        let hunted = dead_ends::hunt(&mut run, &irreversible).unwrap().dead_ends;
        let text = crate::format::to_string(&level);
        let summary = |d: &crate::solver::analysis::DeadEnds| {
            d.found
                .iter()
                .map(|f| {
                    // The fatal step; the pickups after it depend on which
                    // of two equally cheap ways led there.
                    let step = f.steps.iter().rev().find(|s| matches!(s, Step::Move { .. }));
                    (f.cost, f.room.clone(), step.cloned())
                })
                .collect::<Vec<_>>()
        };
        prop_assert!(hunted.complete, "{}", text);
        prop_assert_eq!(hunted.exist, whole.exist, "{}", text);
        prop_assert_eq!(hunted.kinds, whole.kinds, "{}", text);
        prop_assert_eq!(summary(&hunted), summary(&whole), "{}", text);
    }
}
