//! Solver speed on a lever-heavy and a key-heavy level.
//!
//! `cargo bench --bench solver`; the throughput lines are states per second.

#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lockwork::model::{Door, Key, Level, Lever, Room};
use lockwork::solver::{SolveOptions, analyze, solve};

/// A small deterministic generator so the levels are the same on every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// A `w × h` grid of rooms joined to their right and lower neighbours.
fn grid(w: usize, h: usize) -> Level {
    let mut level = Level::new("grid");
    level.rooms.clear();
    for y in 0..h {
        for x in 0..w {
            level.rooms.push(Room::new(
                format!("r{}", y * w + x),
                [x as f64 * 120.0, y as f64 * 120.0],
            ));
        }
    }
    for y in 0..h {
        for x in 0..w {
            let r = y * w + x;
            if x + 1 < w {
                level.doors.push(Door::new(
                    format!("d{}", level.doors.len()),
                    format!("r{r}"),
                    format!("r{}", r + 1),
                ));
            }
            if y + 1 < h {
                level.doors.push(Door::new(
                    format!("d{}", level.doors.len()),
                    format!("r{r}"),
                    format!("r{}", r + w),
                ));
            }
        }
    }
    level.start = "r0".into();
    level.goal = format!("r{}", w * h - 1).into();
    level
}

/// A 4×4 grid whose doors are mostly lever doors, with levers in every
/// room: states are rooms × reachable door masks, about a million.
fn lever_heavy() -> Level {
    let mut level = grid(4, 4);
    let mut rng = Lcg(7);
    let toggled: Vec<usize> = (0..level.doors.len()).filter(|d| d % 3 != 0).collect();
    for &d in &toggled {
        level.doors[d].open = rng.below(2) == 0;
    }
    for l in 0..20 {
        let a = toggled[rng.below(toggled.len())];
        let b = toggled[rng.below(toggled.len())];
        let mut toggles = vec![level.doors[a].id.clone()];
        if a != b {
            toggles.push(level.doors[b].id.clone());
        }
        level
            .levers
            .push(Lever::new(format!("l{l}"), format!("r{}", l % 16), toggles));
    }
    level
}

/// About 90 rooms, 8 keys with their locks and 8 lever doors.
fn key_heavy() -> Level {
    let mut level = grid(10, 9);
    let mut rng = Lcg(11);
    let doors = level.doors.len();
    for k in 0..8 {
        let id = format!("k{k}");
        let mut key = Key::new(id.as_str(), format!("r{}", rng.below(level.rooms.len())));
        key.name = format!("key {k}");
        level.keys.push(key);
        let d = rng.below(doors);
        level.doors[d].locks.push(id.into());
    }
    for l in 0..8 {
        let d = rng.below(doors);
        level.doors[d].open = false;
        let toggles = vec![level.doors[d].id.clone()];
        let room = format!("r{}", rng.below(level.rooms.len()));
        level
            .levers
            .push(Lever::new(format!("l{l}"), room, toggles));
    }
    level.goal_requires = level.keys.iter().map(|k| k.id.clone()).collect();
    level
}

fn bench(c: &mut Criterion) {
    let options = SolveOptions::default();
    for (name, level) in [("lever_heavy", lever_heavy()), ("key_heavy", key_heavy())] {
        let full = analyze(&level, &options).unwrap();
        eprintln!(
            "{name}: {} states, cost {:?}, min pulls {:?}, dead-end states {}",
            full.states_explored,
            full.plan.as_ref().map(|p| p.cost),
            full.min_pulls.as_ref().map(|p| p.pulls),
            full.dead_end_states
        );
        let mut group = c.benchmark_group(name);
        group.sample_size(10);
        let solved = solve(&level, &options).unwrap();
        group.throughput(Throughput::Elements(solved.states_explored as u64));
        group.bench_function("solve", |b| b.iter(|| solve(&level, &options).unwrap()));
        group.throughput(Throughput::Elements(full.states_explored as u64));
        group.bench_function("analyze", |b| b.iter(|| analyze(&level, &options).unwrap()));
        // The same level with a goal that never counts (it needs a key lying in a
        // room without doors): the search visits every state.
        let mut walled = level.clone();
        walled.rooms.push(Room::new("vault", [-200.0, -200.0]));
        walled.keys.push(Key::new("unreachable", "vault"));
        walled.goal_requires.push("unreachable".into());
        let all = solve(&walled, &options).unwrap();
        group.throughput(Throughput::Elements(all.states_explored as u64));
        group.bench_function("solve_exhaustive", |b| {
            b.iter(|| solve(&walled, &options).unwrap());
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
