//! Per-call time of a play session's questions, `hint()` and `is_stuck()`
//! (and `cost_to_goal()`, and a step taken), on the basement sample (every
//! state in the table) and on the solver's key-heavy benchmark level (3.18
//! million states: past the table, so hints come from bounded searches and
//! the plans they keep).
//!
//! `cargo bench --bench play`. Targets: microseconds with the table; within
//! a frame (16 ms) past it.

#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use common::key_heavy;
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use lockwork::model::Level;
use lockwork::play::{Guide, Hint, PlayOptions, Session};
use lockwork::rules::Step;

fn basement() -> Level {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/basement.level.json");
    lockwork::format::from_file(&path).unwrap().level
}

/// `session` after following `n` hints.
fn after_hints(session: &Session, n: usize) -> Session {
    let mut s = session.clone();
    for _ in 0..n {
        let step = s.hint().step().cloned().expect("a hint");
        s.apply(&step).unwrap();
    }
    s
}

/// A legal step that is not the hint: the player leaves the plan.
fn off_plan(session: &Session) -> Step {
    let hint = session.hint();
    session
        .legal_steps()
        .into_iter()
        .find(|s| Some(s) != hint.step())
        .expect("another step")
}

fn bench(c: &mut Criterion) {
    for (name, level) in [("basement", basement()), ("key_heavy", key_heavy())] {
        let opened = Instant::now();
        let guide = Arc::new(Guide::new(level, &PlayOptions::default()).unwrap());
        let start = Session::new(guide.clone());
        let cost = start.cost_to_goal().unwrap().expect("solvable");
        eprintln!(
            "{name}: opened in {:?}; table: {:?} states; least cost {cost}",
            opened.elapsed(),
            guide.reachable_states()
        );
        // Halfway along a least-cost plan, and one step off it.
        let mid = halfway(&start);
        let mut off = mid.clone();
        off.apply(&off_plan(&mid)).unwrap();
        let saved = off.save();

        let mut group = c.benchmark_group(format!("play_{name}"));
        group.sample_size(if guide.has_table() { 100 } else { 10 });
        group.bench_function("hint, on the plan", |b| b.iter(|| mid.hint()));
        group.bench_function("is_stuck", |b| b.iter(|| mid.is_stuck().unwrap().is_some()));
        group.bench_function("cost_to_goal, on the plan", |b| {
            b.iter(|| mid.cost_to_goal().unwrap());
        });
        group.bench_function("hint, off the plan (first call)", |b| {
            b.iter_batched(
                || Session::restore(guide.clone(), &saved).unwrap(),
                |s| s.hint(),
                BatchSize::SmallInput,
            );
        });
        let step = mid.hint().step().cloned().expect("a step");
        group.bench_function("apply a step, then is_stuck", |b| {
            b.iter_batched_ref(
                || mid.clone(),
                |s| {
                    s.apply(&step).unwrap();
                    s.is_stuck().unwrap().is_some()
                },
                BatchSize::SmallInput,
            );
        });
        group.finish();
    }
}

/// The session halfway along the hints from `start` to the goal.
fn halfway(start: &Session) -> Session {
    let mut steps = 0;
    let mut s = start.clone();
    while let Hint::Step(step) = s.hint() {
        s.apply(&step).unwrap();
        steps += 1;
    }
    after_hints(start, steps / 2)
}

criterion_group!(benches, bench);
criterion_main!(benches);
