//! The full analysis (least cost, least pulls, dead ends, unreachable rooms,
//! keys no solution needs) on the levels the analysis issue names, and the
//! speed of the exhaustive search where dead ends must be counted.
//!
//! `cargo bench --bench solver`. Targets: nested depth 6 ≤ 50 ms, depth 8
//! ≤ 1 s; backward 500 rooms ≤ 20 ms; key-heavy ≤ 50 ms.

#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::sync::atomic::AtomicBool;

mod common;

use common::{Lcg, grid, key_heavy};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lockwork::generate::{BackwardParams, NestedParams, Source, backward, nested, no_progress};
use lockwork::model::{Door, Key, Level, Lever, Room};
use lockwork::play::{Guide, PlayOptions};
use lockwork::solver::{SolveOptions, analyze, solve};

/// A 4×4 grid whose doors are mostly lever doors, with levers in every
/// room: states are rooms × reachable door masks, about half a million.
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

/// The kind of level that judges the solver: 90 rooms (a grid with a third
/// of its doors taken out), 8 keys, 12 levers each flipping a door open and
/// another shut. 1.89 million reachable states; least cost 49.
fn levers_and_keys() -> Level {
    let (w, h) = (10, 9);
    let mut level = grid(w, h);
    let mut rng = Lcg(84);
    let edge = |a: usize, b: usize| {
        (a / w == 0 && b / w == 0)
            || (a.is_multiple_of(w) && b.is_multiple_of(w))
            || (a / w == h - 1 && b / w == h - 1)
            || (a % w == w - 1 && b % w == w - 1)
    };
    let room = |id: &str| id[1..].parse::<usize>().unwrap();
    let mut kept: Vec<Door> = level
        .doors
        .iter()
        .filter(|_| rng.below(100) < 70)
        .cloned()
        .collect();
    for door in &level.doors {
        if edge(room(door.from.as_str()), room(door.to.as_str()))
            && !kept.iter().any(|d| d.id == door.id)
        {
            kept.push(door.clone());
        }
    }
    level.doors = kept;
    let doors = level.doors.len();
    for k in 0..8 {
        let id = format!("k{k}");
        level
            .keys
            .push(Key::new(id.as_str(), format!("r{}", rng.below(w * h))));
        // (A draw that once chose whether to lock at all; kept so the level stays the same.)
        let _ = rng.below(100);
        let d = rng.below(doors);
        level.doors[d].locks.push(id.into());
    }
    for l in 0..12 {
        let (a, b) = (rng.below(doors), rng.below(doors));
        level.doors[a].open = false;
        level.doors[b].open = true;
        let mut toggles = vec![level.doors[a].id.clone()];
        if a != b {
            toggles.push(level.doors[b].id.clone());
        }
        let room = format!("r{}", rng.below(w * h));
        level
            .levers
            .push(Lever::new(format!("l{l}"), room, toggles));
    }
    level.goal_requires = level.keys.iter().take(3).map(|k| k.id.clone()).collect();
    level
}

/// A nested level of the given depth, branching 1..3.
fn nested_level(depth: usize) -> Level {
    let params = NestedParams {
        seed: 1,
        depth,
        ..NestedParams::default()
    };
    nested(&params, &no_progress, &AtomicBool::new(false))
        .unwrap()
        .level
}

/// A backward level of 500 rooms, 150 extra doors and 30 locks.
fn backward_500() -> Level {
    let params = BackwardParams {
        seed: 1,
        source: Source::Graph {
            rooms: 500,
            extra_doors: 150,
        },
        locks: 30,
        ..BackwardParams::default()
    };
    backward(&params, &no_progress, &AtomicBool::new(false))
        .unwrap()
        .level
}

/// The lever-heavy level with a one-way drop into a dead-end room beside the
/// start: dead ends become possible, so every state is counted.
fn lever_heavy_with_a_drop() -> Level {
    let mut level = lever_heavy();
    level.rooms.push(Room::new("pit", [-120.0, 0.0]));
    let mut drop = Door::new("drop", "r0", "pit");
    drop.one_way = true;
    level.doors.push(drop);
    level
}

/// A real dungeon of `../shared/real/` (beside the project), or `None`
/// when that folder is not there: the benchmark then skips it.
fn real(name: &str) -> Option<Level> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/real");
    let path = dir.join(format!("{name}.level.json"));
    if !path.exists() {
        eprintln!("{name}: {} not found, skipped", path.display());
        return None;
    }
    Some(lockwork::format::from_file(&path).unwrap().level)
}

/// A level of `benches/data/`.
fn data(name: &str) -> Level {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/data");
    lockwork::format::from_file(&dir.join(format!("{name}.level.json")))
        .unwrap()
        .level
}

/// Two 66-room dungeons shaped like real ones (a tree with a few loops),
/// 16 small-key doors and one small key per door: in `d66` each key lies
/// on the near side of its door (7.5 million states), in `d66b` between
/// successive doors (10.9 million). Target (issue 36): the full analysis,
/// dead ends answered, well under 1 s.
fn bench_small_keys(c: &mut Criterion) {
    let options = SolveOptions::default();
    let mut group = c.benchmark_group("small_keys");
    group.sample_size(10);
    for name in ["d66", "d66b"] {
        let level = data(name);
        let full = analyze(&level, &options).unwrap();
        eprintln!(
            "{name}: cost {:?}, dead ends {:?}, {} states explored",
            full.plan.as_ref().map(|p| p.cost),
            full.dead_ends.states,
            full.states_explored
        );
        assert!(full.is_complete(), "{name} is analysed completely");
        group.bench_function(format!("{name} analyze"), |b| {
            b.iter(|| analyze(&level, &options).unwrap());
        });
    }
    group.finish();
}

/// `level` with `n` more small keys carried from the start (no room).
fn with_carried_small_keys(mut level: Level, n: usize) -> Level {
    for i in 0..n {
        let mut key = Key::new(format!("carried{i}"), "unused");
        key.room = None;
        key.small = false;
        key.kind = Some("small".into());
        level.keys.push(key);
    }
    level
}

/// The real dungeons with the version-1 extensions (`once`, `open_when`,
/// small keys as `spend`): the full analysis, and the play session's table.
/// Targets (issue 36): la-d3 ≤ 10 ms, lttp-d10 ≤ 60 ms, with two carried
/// small keys ≤ 100 ms, ernest ≤ 1 ms, `Guide::new` on lttp-d10 ≤ 50 ms.
fn bench_real(c: &mut Criterion) {
    let options = SolveOptions::default();
    let mut levels = Vec::new();
    for name in ["la-d3", "lttp-d10", "ernest-2004scape"] {
        levels.extend(real(name).map(|level| (name.to_owned(), level)));
    }
    let d10 = levels
        .iter()
        .find(|(n, _)| n == "lttp-d10")
        .map(|(_, l)| l.clone());
    if let Some(d10) = &d10 {
        let carried = with_carried_small_keys(d10.clone(), 2);
        levels.push(("lttp-d10+2 carried small keys".to_owned(), carried));
    }
    let mut group = c.benchmark_group("real");
    group.sample_size(10);
    for (name, level) in &levels {
        let full = analyze(level, &options).unwrap();
        eprintln!(
            "{name}: cost {:?}, min pulls {:?}, dead ends {:?}, {:?} states",
            full.plan.as_ref().map(|p| p.cost),
            full.min_pulls.as_ref().map(|p| p.pulls),
            full.dead_ends.states,
            full.reachable_states
        );
        group.bench_function(format!("{name} analyze"), |b| {
            b.iter(|| analyze(level, &options).unwrap());
        });
    }
    if let Some(d10) = d10 {
        group.bench_function("lttp-d10 Guide::new", |b| {
            b.iter(|| Guide::new(d10.clone(), &PlayOptions::default()).unwrap());
        });
    }
    group.finish();
}

fn bench(c: &mut Criterion) {
    let options = SolveOptions::default();
    let levels = [
        ("key_heavy", key_heavy()),
        ("levers_and_keys", levers_and_keys()),
        ("lever_heavy", lever_heavy()),
        ("nested_depth_6", nested_level(6)),
        ("nested_depth_8", nested_level(8)),
        ("backward_500", backward_500()),
    ];
    for (name, level) in &levels {
        let full = analyze(level, &options).unwrap();
        eprintln!(
            "{name}: {} rooms, cost {:?}, min pulls {:?}, dead ends {:?}, {} states explored",
            level.rooms.len(),
            full.plan.as_ref().map(|p| p.cost),
            full.min_pulls.as_ref().map(|p| p.pulls),
            full.dead_ends.exist,
            full.states_explored
        );
        assert!(full.is_complete(), "{name} is analysed completely");
        let mut group = c.benchmark_group(*name);
        group.sample_size(10);
        group.bench_function("solve", |b| b.iter(|| solve(level, &options).unwrap()));
        group.bench_function("analyze", |b| b.iter(|| analyze(level, &options).unwrap()));
        group.finish();
    }
    // Every reachable state, kept with its steps: what counting dead ends needs.
    let drop = lever_heavy_with_a_drop();
    let full = analyze(&drop, &options).unwrap();
    let states = full.reachable_states.expect("counted") as u64;
    eprintln!("lever_heavy_with_a_drop: {states} states counted");
    let mut group = c.benchmark_group("exhaustive");
    group.sample_size(10);
    group.throughput(Throughput::Elements(states));
    group.bench_function("lever_heavy_with_a_drop", |b| {
        b.iter(|| analyze(&drop, &options).unwrap());
    });
    group.finish();
}

criterion_group!(benches, bench, bench_real, bench_small_keys);
criterion_main!(benches);
