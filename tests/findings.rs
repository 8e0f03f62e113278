#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Each finding of the analysis means what it says when a designer acts on
//! it (issue 37), checked against the brute force written from FORMAT.md's
//! rules alone (`brute/`) on random levels using every extension:
//!
//! - taking out every key of `unneeded` together leaves the level solvable;
//! - taking out a whole group of `alternatives` makes it unsolvable;
//! - every room not in `unreachable_rooms` is entered by some walk;
//! - the state before a dead end's point of no return reaches the goal, and
//!   the state after it does not;
//! - each count of needed items is the true least.
//!
//! Each property also counts the cases that exercise it, so that a run in
//! which it was never put to the test fails too.

mod brute;

use std::cell::Cell;

use brute::{Brute, Track, build_ext, spec_ext};
use lockwork::model::{KeyId, Level};
use lockwork::rules::Step;
use lockwork::solver::{Analysis, SolveOptions, analyze};
use proptest::test_runner::{Config, TestRng, TestRunner};

/// How often each property was put to a real test.
#[derive(Default)]
struct Seen {
    groups: Cell<usize>,
    unneeded: Cell<usize>,
    rooms_past_goal: Cell<usize>,
    dead_ends: Cell<usize>,
    counts: Cell<usize>,
}

fn bump(c: &Cell<usize>) {
    c.set(c.get() + 1);
}

/// Is `level` solvable, by the brute force, with the keys `absent` out?
fn solvable_without(level: &Level, absent: &[usize]) -> bool {
    let mut b = Brute::new(level, Track::KeysThatMatter);
    for &k in absent {
        b.key_absent[k] = true;
    }
    b.explore().least(false).is_some()
}

fn index_of(level: &Level, id: &KeyId) -> usize {
    level.keys.iter().position(|k| &k.id == id).unwrap()
}

/// `unneeded` can all go together; each group of `alternatives` cannot go
/// whole, but can all go but any one of its keys.
fn keys_mean_what_they_say(level: &Level, a: &Analysis, seen: &Seen, text: &str) {
    let unneeded: Vec<usize> = a.keys.unneeded.iter().map(|k| index_of(level, k)).collect();
    if unneeded.len() >= 2 {
        bump(&seen.unneeded);
    }
    assert!(
        solvable_without(level, &unneeded),
        "the unneeded keys {:?} cannot all go together\n{text}",
        a.keys.unneeded
    );
    for group in &a.keys.alternatives {
        bump(&seen.groups);
        let keys: Vec<usize> = group.iter().map(|k| index_of(level, k)).collect();
        assert!(
            !solvable_without(level, &keys),
            "without the whole group {group:?} it is still solvable\n{text}"
        );
        for &k in &keys {
            let rest: Vec<usize> = keys.iter().copied().filter(|&g| g != k).collect();
            assert!(
                solvable_without(level, &rest),
                "{group:?} without all but key {k}: unsolvable\n{text}"
            );
        }
        assert!(
            group.iter().all(|k| !a.keys.unneeded.contains(k)),
            "a key of a group is called unneeded\n{text}"
        );
    }
}

/// Every room not called unreachable is entered by some walk (going on
/// through the goal room), and every room called unreachable is not.
fn rooms_mean_what_they_say(level: &Level, a: &Analysis, seen: &Seen, text: &str) {
    let mut walker = Brute::new(level, Track::KeysThatMatter);
    let goal = walker.goal;
    walker.goal = usize::MAX;
    let mut entered = vec![false; walker.rooms];
    for s in &walker.explore().states {
        entered[s.room] = true;
    }
    let mut stops = Brute::new(level, Track::KeysThatMatter);
    stops.goal = goal;
    let mut before_goal = vec![false; stops.rooms];
    for s in &stops.explore().states {
        before_goal[s.room] = true;
    }
    for (r, room) in level.rooms.iter().enumerate() {
        let called = a.unreachable_rooms.contains(&room.id);
        assert_eq!(
            called, !entered[r],
            "room {} is unreachable: {called}\n{text}",
            room.id
        );
        if entered[r] && !before_goal[r] {
            bump(&seen.rooms_past_goal);
        }
    }
}

/// The state before each dead end's point of no return can still reach
/// the goal; the state after it cannot; the point of no return is the
/// trace's last move or pull.
fn no_return_means_what_it_says(level: &Level, a: &Analysis, seen: &Seen, text: &str) {
    let brute = Brute::new(level, Track::AllKeys);
    for d in &a.dead_ends.found {
        let last = d
            .steps
            .iter()
            .rposition(|s| !matches!(s, Step::Pickup { .. }));
        let Some(no_return) = &d.why.no_return else {
            assert_eq!(
                last, None,
                "a dead end with steps names no point of no return\n{text}"
            );
            assert!(
                !brute.live_from(brute.start()),
                "stuck from the start\n{text}"
            );
            continue;
        };
        bump(&seen.dead_ends);
        let last = last.unwrap();
        assert_eq!(&d.steps[last], &no_return.step, "{text}");
        let before = brute.state_after(level, &d.steps[..last]);
        let after = brute.state_after(level, &d.steps);
        assert!(
            brute.live_from(before),
            "before {:?} the goal is out of reach\n{text}",
            no_return.step
        );
        assert!(
            !brute.live_from(after),
            "after {:?} the goal is in reach\n{text}",
            no_return.step
        );
    }
}

/// Each count of needed items is the fewest of that kind that, kept (the
/// right ones), leave the level solvable.
fn counts_mean_what_they_say(level: &Level, a: &Analysis, seen: &Seen, text: &str) {
    for items in &a.keys.items {
        let of_kind: Vec<usize> = (0..level.keys.len())
            .filter(|&k| level.keys[k].kind_name() == Some(items.kind.as_str()))
            .collect();
        let n = of_kind.len();
        let least = (0u32..(1 << n))
            .filter(|kept| {
                let absent: Vec<usize> = (0..n)
                    .filter(|i| kept & (1 << i) == 0)
                    .map(|i| of_kind[i])
                    .collect();
                solvable_without(level, &absent)
            })
            .map(u32::count_ones)
            .min();
        assert_eq!(items.needed, least, "{} needed\n{text}", items.kind);
        if least.is_some_and(|l| l > 0) {
            bump(&seen.counts);
        }
    }
}

/// `level` with a second key for a lock: key `alt`, lying in room `room`
/// (modulo the rooms), stands in for the first named key of the first
/// door locked by one, as a `locks_any` of the two. Alternatives are rare
/// in plain random levels.
fn with_alternative(mut level: Level, room: usize) -> Level {
    let Some(d) = level.doors.iter().position(|d| !d.locks.is_empty()) else {
        return level;
    };
    let key = level.doors[d].locks.remove(0);
    let door = &mut level.doors[d];
    if !door.locks_any.contains(&key) {
        door.locks_any.push(key);
    }
    door.locks_any.push("alt".into());
    let room = level.rooms[room % level.rooms.len()].id.clone();
    level.keys.push(lockwork::model::Key::new("alt", room));
    level
}

/// Runs every property on `cases` random levels with every extension
/// (with a second key for a lock when `alternative`).
fn run(puzzle: bool, alternative: bool, cases: u32, seen: &Seen) {
    // A fixed seed: the test counts the cases that put each property to
    // the test, and a random one once drew 4 groups of alternatives where
    // runs draw 13 to 19.
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let rng = TestRng::deterministic_rng(config.rng_algorithm);
    let mut runner = TestRunner::new_with_rng(config, rng);
    let options = SolveOptions::default();
    let strategy = (spec_ext(puzzle), 0..8usize);
    let result = runner.run(&strategy, |((spec, ext), room)| {
        let mut level = build_ext(&spec, &ext);
        if alternative {
            level = with_alternative(level, room);
        }
        if !lockwork::validate::validate(&level).is_valid() {
            return Ok(());
        }
        let text = lockwork::format::to_string(&level);
        let a = analyze(&level, &options).unwrap();
        assert!(a.is_complete(), "{text}");
        if a.solvable == Some(true) {
            keys_mean_what_they_say(&level, &a, seen, &text);
            counts_mean_what_they_say(&level, &a, seen, &text);
        }
        rooms_mean_what_they_say(&level, &a, seen, &text);
        no_return_means_what_it_says(&level, &a, seen, &text);
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

#[test]
fn every_finding_means_what_it_says_on_levels_with_every_extension() {
    let seen = Seen::default();
    run(false, false, 500, &seen);
    run(true, false, 300, &seen);
    run(false, true, 1500, &seen);
    let got = [
        ("groups of alternatives", seen.groups.get()),
        ("two or more unneeded keys", seen.unneeded.get()),
        (
            "rooms entered only past the goal",
            seen.rooms_past_goal.get(),
        ),
        ("dead ends with a point of no return", seen.dead_ends.get()),
        ("counts of needed items above 0", seen.counts.get()),
    ];
    eprintln!("cases that put each property to the test: {got:?}");
    for (what, n) in got {
        assert!(
            n >= 5,
            "only {n} cases of {what}: the property was hardly tested"
        );
    }
}
