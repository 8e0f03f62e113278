//! Issue 36, item 4: dead ends of large small-key levels within 2 s.
//!
//! Twenty-four seeded levels of 200 to 1,000 rooms, 10 to 40 small keys,
//! 8 to 100 small-locked doors and many one-way doors
//! (`common/small_key_levels.rs`), each analysed with a 2 s budget. Run it
//! in release, alone on the machine:
//!
//! `cargo test --release --test small_keys_at_scale -- --ignored --nocapture`
//!
//! It prints, per level, its rooms, keys, doors, whether the dead ends were
//! worked out exactly (all kinds found, or proven none), what the analysis
//! said of them, how many steps the dead ends it describes take on
//! average, and the time, then "N of 24 complete". `SMALL_KEYS_SEED`
//! draws another 24, `SMALL_KEYS_SECONDS` sets the budget, and
//! `SMALL_KEYS_ONLY=3` analyses level 3 alone (to profile it).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use lockwork::solver::{SolveOptions, analyze};

#[path = "common/small_key_levels.rs"]
mod small_key_levels;

const LEVELS: usize = 24;

#[test]
#[ignore = "a measurement: 24 analyses of 2 s, in release"]
fn small_key_levels_at_scale() {
    let seed = std::env::var("SMALL_KEYS_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(36);
    let seconds = std::env::var("SMALL_KEYS_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0);
    let options = SolveOptions {
        max_time: Some(Duration::from_secs_f64(seconds)),
        ..SolveOptions::default()
    };
    let only: Option<usize> = std::env::var("SMALL_KEYS_ONLY")
        .ok()
        .and_then(|s| s.parse().ok());
    let mut complete = 0;
    for i in (0..LEVELS).filter(|&i| only.is_none_or(|o| o == i)) {
        let level = small_key_levels::level(i, LEVELS, seed);
        let small = level.keys.iter().filter(|k| k.small).count();
        let locked = level.doors.iter().filter(|d| d.small_locks > 0).count();
        let one_way = level.doors.iter().filter(|d| d.one_way).count();
        let began = Instant::now();
        let a = analyze(&level, &options).unwrap();
        let took = began.elapsed();
        let d = &a.dead_ends;
        let exact = d.exist.is_some() && d.complete;
        complete += usize::from(exact);
        let steps: usize = d.found.iter().map(|f| f.steps.len()).sum();
        let mean = steps as f64 / d.found.len().max(1) as f64;
        let dead = match (d.exist, d.states) {
            (Some(false), _) => "none".to_owned(),
            (Some(true), Some(n)) => format!("{} kinds, {n} states", d.kinds),
            (Some(true), None) => format!("{} kinds", d.kinds),
            (None, _) => format!("not worked out ({} kinds so far)", d.kinds),
        };
        println!(
            "{i:2}: {:4} rooms {small:2} small keys {locked:3} small doors {one_way:3} one-way \
             {:5} doors | {:8} | solvable {:?} | all complete {:5} | dead ends {dead} \
             (steps to each {mean:.0} on average) | {:.2} s",
            level.rooms.len(),
            level.doors.len(),
            if exact { "complete" } else { "partial" },
            a.solvable,
            a.is_complete(),
            took.as_secs_f64()
        );
    }
    println!("{complete} of {LEVELS} complete within {seconds} s");
}

/// Level 13 (656 rooms, 34 small keys, 84 small-locked doors) is too big
/// for the search for a plan within its budget, but the hunt for dead ends
/// first proves over closed states that the start reaches the goal: the
/// analysis says it can be solved, where it once said "not known".
#[test]
fn a_level_too_big_for_a_plan_is_still_proven_solvable() {
    let level = small_key_levels::level(13, LEVELS, 36);
    let options = SolveOptions {
        max_time: Some(Duration::from_secs(6)),
        ..SolveOptions::default()
    };
    let a = analyze(&level, &options).unwrap();
    assert!(
        a.plan.is_none(),
        "the plan was found: the test asks too little"
    );
    assert_eq!(a.solvable, Some(true));
}
