#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The four generators: every level loads, validates, is solvable and has
//! its stated property; seeds are reproducible and pinned; impossible
//! requests are errors, not panics; the command line writes levels that
//! `lockwork check` accepts.

#[cfg(feature = "cli")]
use std::process::Command;
use std::sync::atomic::AtomicBool;

use lockwork::generate::{
    Aim, BackwardParams, Change, GenerateError, Generated, LeverEvaluator, LeversParams,
    NestedParams, Param, Problem, RandomParams, Rng, Source, backward, basement_layout, levers,
    min_pulls_of_wiring, nested, no_progress, random,
};
use lockwork::model::{Door, Key, Level, LevelIndex, Lever, Room, RoomId};
use lockwork::solver::{SolveOptions, analyze, solve};
use lockwork::validate::validate;
use serde_json::Value;

/// The `lockwork` program, built with the `cli` feature only.
#[cfg(feature = "cli")]
const EXE: &str = env!("CARGO_BIN_EXE_lockwork");

fn go() -> AtomicBool {
    AtomicBool::new(false)
}

/// FNV-1a, 64 bits: a fixed hash for the golden tests.
fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// How many seeds a property test tries: `n`, or `LOCKWORK_SEEDS` times more
/// for a longer soak (`LOCKWORK_SEEDS=20 cargo test --release --test generators`).
fn seeds(n: u64) -> std::ops::Range<u64> {
    let scale = std::env::var("LOCKWORK_SEEDS")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(1)
        .max(1);
    0..n * scale
}

fn bytes(g: &Generated) -> String {
    lockwork::format::to_string(&g.level)
}

/// The file loads back to the same level, validates without errors, has
/// positions for every room with no two rooms on top of each other, and is solvable.
fn check_common(g: &Generated, kind: &str) -> f64 {
    let text = bytes(g);
    let loaded = lockwork::format::from_str(&text).unwrap();
    assert_eq!(loaded.level, g.level);
    let report = validate(&g.level);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let record = g.level.generator.as_ref().unwrap();
    assert_eq!(record["kind"], kind);
    assert!(record["seed"].is_u64());
    assert!(record["parameters"].is_object());
    assert!(record["result"].is_object());
    let pos: Vec<[f64; 2]> = g.level.rooms.iter().map(|r| r.pos.unwrap()).collect();
    for i in 0..pos.len() {
        for j in i + 1..pos.len() {
            let d = (pos[i][0] - pos[j][0]).hypot(pos[i][1] - pos[j][1]);
            assert!(d >= 100.0, "rooms {i} and {j} overlap at {:?}", pos[i]);
        }
    }
    let plan = solve(&g.level, &SolveOptions::default())
        .unwrap()
        .plan
        .expect("a generated level must be solvable");
    plan.cost
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_owned())
        .collect()
}

// ---------------------------------------------------------------- backward

fn backward_params(seed: u64) -> BackwardParams {
    let mut rng = Rng::new(seed ^ 0xabcd);
    BackwardParams {
        seed,
        source: Source::Graph {
            rooms: rng.between(8, 26),
            extra_doors: rng.between(0, 8),
        },
        locks: rng.between(1, 5),
        keys_per_lock: (1, rng.between(1, 3)),
        red_herrings: rng.between(0, 2),
        side_areas: rng.between(0, 1),
        ..BackwardParams::default()
    }
}

/// Whether the level stays solvable with `key` taken away (moved to a room
/// no door leads to).
fn solvable_without(level: &Level, key: &str) -> bool {
    let mut without = level.clone();
    without.rooms.push(Room::new("vault", [-1000.0, -1000.0]));
    let k = without
        .keys
        .iter_mut()
        .find(|k| k.id.as_str() == key)
        .unwrap();
    k.room = Some("vault".into());
    solve(&without, &SolveOptions::default())
        .unwrap()
        .plan
        .is_some()
}

/// Every key of every lock on the way is needed; red herrings are not.
fn check_backward(g: &Generated, params: &BackwardParams) {
    check_common(g, "backward");
    let result = &g.level.generator.as_ref().unwrap()["result"];
    let lock_doors = strings(&result["lock_doors"]);
    assert_eq!(lock_doors.len(), params.locks);
    let (_, most) = params.keys_per_lock;
    for id in &lock_doors {
        let door = g.level.door(&id.as_str().into()).unwrap();
        assert!(
            (1..=most).contains(&door.locks.len()),
            "{id}: {} keys",
            door.locks.len()
        );
        for key in &door.locks {
            assert!(
                !solvable_without(&g.level, key.as_str()),
                "seed {}: key {key} of lock {id} is not needed",
                params.seed
            );
        }
    }
    for key in strings(&result["red_herrings"]) {
        assert!(solvable_without(&g.level, &key));
    }
    assert!(
        validate(&g.level)
            .warnings
            .iter()
            .all(|w| !w.message.contains("behind its own lock")),
        "{:?}",
        validate(&g.level).warnings
    );
}

/// Whether the level stays solvable with all of `keys` taken away.
fn solvable_without_all(level: &Level, keys: &[&str]) -> bool {
    let mut without = level.clone();
    without.rooms.push(Room::new("vault", [-1000.0, -1000.0]));
    for k in &mut without.keys {
        if keys.contains(&k.id.as_str()) {
            k.room = Some("vault".into());
        }
    }
    solve(&without, &SolveOptions::default())
        .unwrap()
        .plan
        .is_some()
}

/// With one-sided and any-of locks asked for: solvable, the new fields in
/// use, every key of an all-of lock needed, every key of an any-of lock
/// enough on its own and the lock needed, and a one-sided lock locked from
/// the side the player comes from. Returns the one-sided and any-of locks.
fn check_backward_extended(g: &Generated, params: &BackwardParams) -> (usize, usize) {
    check_common(g, "backward");
    let level = &g.level;
    let seed = params.seed;
    let (mut one_sided, mut any_of) = (0, 0);
    for id in strings(&g.level.generator.as_ref().unwrap()["result"]["lock_doors"]) {
        let door = level.door(&id.as_str().into()).unwrap();
        one_sided += usize::from(door.locked_from.is_some());
        if door.locks_any.is_empty() {
            for key in &door.locks {
                let needed = !solvable_without(level, key.as_str());
                assert!(needed, "seed {seed}: key {key} of lock {id} is not needed");
            }
            continue;
        }
        any_of += 1;
        assert!(door.locks.is_empty() && door.locks_any.len() >= 2, "{id}");
        let all: Vec<&str> = door
            .locks_any
            .iter()
            .map(lockwork::model::KeyId::as_str)
            .collect();
        let needed = !solvable_without_all(level, &all);
        assert!(needed, "seed {seed}: any-of lock {id} is not needed");
        for key in &all {
            let others: Vec<&str> = all.iter().copied().filter(|k| k != key).collect();
            let alone = solvable_without_all(level, &others);
            assert!(alone, "seed {seed}: key {key} alone does not open {id}");
        }
    }
    (one_sided, any_of)
}

#[test]
fn backward_one_sided_and_any_of_locks_are_all_necessary() {
    let (mut one_sided, mut any_of) = (0, 0);
    for seed in seeds(24) {
        let mut params = backward_params(seed);
        params.keys_per_lock.1 = params.keys_per_lock.1.max(2);
        params.one_sided = true;
        params.any_of = true;
        let g = backward(&params, &no_progress, &go()).unwrap();
        let (o, a) = check_backward_extended(&g, &params);
        one_sided += o;
        any_of += a;
        let record = &g.level.generator.as_ref().unwrap()["parameters"];
        assert_eq!(
            (&record["one_sided"], &record["any_of"]),
            (&true.into(), &true.into())
        );
        let again = backward(&params, &no_progress, &go()).unwrap();
        assert_eq!(again.level, g.level, "seed {seed}: reproducible");
    }
    assert!(
        one_sided >= 5 && any_of >= 5,
        "{one_sided} one-sided, {any_of} any-of"
    );
}

#[test]
fn backward_without_the_flags_uses_no_extension() {
    for seed in seeds(10) {
        let g = backward(&backward_params(seed), &no_progress, &go()).unwrap();
        assert!(
            g.level.doors.iter().all(|d| !d.is_extended()),
            "seed {seed}"
        );
    }
}

#[test]
fn backward_locks_are_all_necessary_on_many_seeds() {
    for seed in seeds(40) {
        let params = backward_params(seed);
        let g = backward(&params, &no_progress, &go()).unwrap();
        check_backward(&g, &params);
    }
}

#[test]
fn backward_several_keys_per_lock() {
    for seed in seeds(12) {
        let params = BackwardParams {
            seed,
            source: Source::Graph {
                rooms: 30,
                extra_doors: 6,
            },
            locks: 5,
            keys_per_lock: (2, 3),
            // One way into each area: only the five locks placed.
            ..BackwardParams::article()
        };
        let g = backward(&params, &no_progress, &go()).unwrap();
        check_backward(&g, &params);
        let multi = g.level.doors.iter().filter(|d| d.locks.len() >= 2).count();
        assert_eq!(multi, 5);
    }
}

/// A 4×4 grid with every neighbour joined: lots of doors to remove.
fn grid_layout() -> Level {
    let mut level = Level::new("grid");
    level.rooms.clear();
    for y in 0..4 {
        for x in 0..4 {
            level.rooms.push(Room::new(
                format!("g{x}{y}"),
                [f64::from(x) * 200.0, f64::from(y) * 150.0],
            ));
        }
    }
    let mut n = 0;
    for y in 0..4 {
        for x in 0..4 {
            for (dx, dy) in [(1, 0), (0, 1)] {
                if x + dx < 4 && y + dy < 4 {
                    n += 1;
                    level.doors.push(Door::new(
                        format!("door{n}"),
                        format!("g{x}{y}"),
                        format!("g{}{}", x + dx, y + dy),
                    ));
                }
            }
        }
    }
    level.start = "g00".into();
    level.goal = "g33".into();
    level
}

#[test]
fn backward_on_a_layout_reports_removed_doors() {
    let layout = grid_layout();
    for seed in 0..10 {
        let params = BackwardParams {
            seed,
            source: Source::Layout {
                level: Box::new(layout.clone()),
                name: "grid.layout.json".into(),
            },
            locks: 3,
            keys_per_lock: (1, 2),
            ..BackwardParams::default()
        };
        let g = backward(&params, &no_progress, &go()).unwrap();
        check_backward(&g, &params);
        // The layout's goal and positions are kept; removed doors are reported.
        assert_eq!(g.level.goal, RoomId::from("g33"));
        assert_eq!(g.level.rooms, layout.rooms);
        let removed: Vec<String> = g
            .changes
            .iter()
            .filter(|c| c.change == Change::Removed)
            .map(|c| c.door.to_string())
            .collect();
        assert!(!removed.is_empty());
        assert_eq!(
            g.level.doors.len() + removed.len(),
            layout.doors.len(),
            "every door is kept or reported removed"
        );
        for id in &removed {
            assert!(g.level.door(&id.as_str().into()).is_none());
            assert!(layout.door(&id.as_str().into()).is_some());
        }
        let result = &g.level.generator.as_ref().unwrap()["result"];
        assert_eq!(strings(&result["removed_doors"]), removed);
        assert!(
            g.changes
                .iter()
                .any(|c| matches!(c.change, Change::Locked(_)))
        );
    }
}

#[test]
fn backward_large_graph() {
    let params = BackwardParams {
        seed: 11,
        source: Source::Graph {
            rooms: 200,
            extra_doors: 40,
        },
        locks: 20,
        keys_per_lock: (1, 2),
        ..BackwardParams::default()
    };
    let g = backward(&params, &no_progress, &go()).unwrap();
    assert_eq!(g.level.rooms.len(), 200);
    check_common(&g, "backward");
}

// ---------------------------------------------------------------- nested

fn parents(level: &Level) -> Vec<Option<usize>> {
    // Door `dX` (X a number below the room count) joins room X's parent to room X.
    let index = LevelIndex::new(level);
    let mut parent = vec![None; level.rooms.len()];
    for door in &level.doors {
        let (a, b) = (
            index.room(&door.from).unwrap(),
            index.room(&door.to).unwrap(),
        );
        if door.id.as_str() == format!("d{b}") {
            parent[b] = Some(a);
        }
    }
    parent
}

#[test]
fn nested_keys_lie_in_ancestors() {
    for seed in seeds(40) {
        let params = NestedParams {
            seed,
            depth: 1 + (seed as usize % 5),
            branching: (1, 1 + (seed as usize % 3)),
            // The article's tree: every key in an ancestor.
            ..NestedParams::article()
        };
        let g = nested(&params, &no_progress, &go()).unwrap();
        let cost = check_common(&g, "nested");
        let level = &g.level;
        let index = LevelIndex::new(level);
        let parent = parents(level);
        assert_eq!(parent.iter().filter(|p| p.is_none()).count(), 1);
        for (x, p) in parent.iter().enumerate() {
            let Some(_) = p else { continue };
            let door = level.door(&format!("d{x}").as_str().into()).unwrap();
            assert_eq!(door.locks.len(), 1);
            let key = level.key(&door.locks[0]).unwrap();
            let mut k = index.room(key.room.as_ref().unwrap()).unwrap();
            // The key's room is a proper ancestor of x.
            let mut a = parent[x];
            let mut found = false;
            while let Some(r) = a {
                if r == k {
                    found = true;
                }
                a = parent[r];
            }
            assert!(
                found,
                "seed {seed}: key of r{} is not in an ancestor",
                x + 1
            );
            k += 1;
            let _ = k;
        }
        // The goal is at full depth, so the plan goes through `depth` doors.
        assert_eq!(cost, params.depth as f64);
        // Keys have distinct colours.
        let mut colors: Vec<String> = level
            .keys
            .iter()
            .map(|k| k.color.unwrap().to_string())
            .collect();
        colors.sort();
        let n = colors.len();
        colors.dedup();
        assert_eq!(colors.len(), n);
    }
}

#[test]
fn nested_side_keys_and_extra_entrances_stay_solvable_and_respect_locks() {
    for seed in seeds(25) {
        let params = NestedParams {
            seed,
            depth: 3 + (seed as usize % 2),
            branching: (1, 2),
            extra_entrances: 3,
            side_keys: 0.5,
            ..NestedParams::default()
        };
        let g = nested(&params, &no_progress, &go()).unwrap();
        check_common(&g, "nested");
        let level = &g.level;
        let parent = parents(level);
        let index = LevelIndex::new(level);
        let tree_key = |x: usize| format!("k{x}");
        for door in &level.doors {
            let (a, b) = (
                index.room(&door.from).unwrap(),
                index.room(&door.to).unwrap(),
            );
            if parent[b] == Some(a) && door.id.as_str() == format!("d{b}") {
                continue;
            }
            // An extra entrance needs the keys of both rooms it joins.
            let locks: Vec<&str> = door
                .locks
                .iter()
                .map(lockwork::model::KeyId::as_str)
                .collect();
            for end in [a, b] {
                assert!(
                    locks.contains(&tree_key(end).as_str()),
                    "seed {seed}: {} skips the lock of r{}",
                    door.id,
                    end + 1
                );
            }
        }
    }
}

// ---------------------------------------------------------------- levers

#[test]
fn levers_pulls_agree_with_the_solver() {
    let layouts = [
        basement_layout(&[1, 1, 2, 2, 3, 4, 5, 5, 6, 7, 7]),
        basement_layout(&[1, 2, 3, 4, 5, 6, 7]),
    ];
    for (i, layout) in layouts.iter().enumerate() {
        for seed in 0..3 {
            let mut params = LeversParams::new(layout.clone());
            params.seed = seed;
            params.seconds = None;
            params.evaluations = Some(3000);
            params.threads = 1;
            let g = levers(&params, &no_progress, &go()).unwrap();
            check_common(&g, "levers");
            let result = &g.level.generator.as_ref().unwrap()["result"];
            let pulls = result["pulls"].as_u64().unwrap() as u32;
            assert!(pulls >= 6, "layout {i} seed {seed}: only {pulls} pulls");
            let a = analyze(&g.level, &SolveOptions::default()).unwrap();
            assert_eq!(a.min_pulls.unwrap().pulls, pulls);
            assert_eq!(min_pulls_of_wiring(&g.level).unwrap(), Some(pulls));
            // 1..2 doors a lever, no two alike.
            let mut seen = Vec::new();
            for lever in &g.level.levers {
                assert!((1..=2).contains(&lever.toggles.len()));
                let mut t = lever.toggles.clone();
                t.sort();
                assert!(!seen.contains(&t), "two levers alike");
                seen.push(t);
            }
            assert_eq!(result["reproducible"], true);
        }
    }
}

#[test]
fn levers_are_reproducible_with_an_evaluation_budget() {
    let layout = basement_layout(&[1, 1, 2, 2, 3, 4, 5, 5, 6, 7, 7]);
    for threads in [1, 2] {
        let mut params = LeversParams::new(layout.clone());
        params.seed = 99;
        params.seconds = None;
        params.evaluations = Some(2000);
        params.threads = threads;
        let a = levers(&params, &no_progress, &go()).unwrap();
        let b = levers(&params, &no_progress, &go()).unwrap();
        assert_eq!(bytes(&a), bytes(&b));
    }
}

/// A random layout of `rooms` rooms and `doors` doors (some one-way, some
/// open) with `levers` levers wired to 1..3 random doors.
fn random_wired(rng: &mut Rng, rooms: usize, doors: usize, levers: usize) -> Level {
    let mut level = Level::new("wired");
    level.rooms.clear();
    for i in 0..rooms {
        level
            .rooms
            .push(Room::new(format!("r{i}"), [i as f64 * 150.0, 0.0]));
    }
    for d in 0..doors {
        let a = if d + 1 < rooms { d } else { rng.index(rooms) };
        let b = if d + 1 < rooms {
            d + 1
        } else {
            (a + 1 + rng.index(rooms - 1)) % rooms
        };
        let mut door = Door::new(format!("d{d}"), format!("r{a}"), format!("r{b}"));
        door.open = rng.chance(1, 4);
        door.one_way = rng.chance(1, 6);
        level.doors.push(door);
    }
    for l in 0..levers {
        let count = rng.between(1, 3);
        let toggles = (0..count)
            .map(|_| format!("d{}", rng.index(doors)).into())
            .collect();
        level.levers.push(Lever::new(
            format!("l{l}"),
            format!("r{}", rng.index(rooms)),
            toggles,
        ));
    }
    level.start = "r0".into();
    level.goal = format!("r{}", rooms - 1).into();
    level
}

#[test]
fn lever_evaluator_matches_the_solver_on_random_layouts() {
    let mut rng = Rng::new(2024);
    let mut solvable = 0;
    for case in seeds(2000) {
        let rooms = rng.between(2, 7);
        // Up to 14 doors, so both the bitset and the sparse evaluator run.
        let doors = rng.between(rooms - 1, if case % 3 == 0 { 14 } else { 9 });
        let levers = rng.between(1, 6);
        let level = random_wired(&mut rng, rooms, doors, levers);
        let fast = min_pulls_of_wiring(&level).unwrap();
        let exact = analyze(&level, &SolveOptions::default())
            .unwrap()
            .min_pulls
            .map(|p| p.pulls);
        assert_eq!(
            fast,
            exact,
            "case {case}: {}",
            lockwork::format::to_string(&level)
        );
        solvable += usize::from(exact.is_some());
    }
    assert!(solvable > 300, "only {solvable} solvable cases");
}

/// A 22-pull wiring of the basement (levers in rooms 1,1,2,2,3,4,5,5,6,7,7;
/// bit `d` flips door `d + 1`).
const BASEMENT_22: [u64; 11] = [32, 2, 17, 3, 66, 8, 24, 12, 9, 33, 34];

#[test]
fn lever_evaluator_scores_a_known_wiring() {
    let layout = basement_layout(&[1, 1, 2, 2, 3, 4, 5, 5, 6, 7, 7]);
    let mut eval = LeverEvaluator::new(&layout).unwrap();
    assert_eq!(eval.min_pulls(&BASEMENT_22), Some(22));
    let mut wired = layout.clone();
    for (lever, mask) in wired.levers.iter_mut().zip(BASEMENT_22) {
        lever.toggles = (0..7)
            .filter(|d| mask & (1 << d) != 0)
            .map(|d| format!("d{}", d + 1).into())
            .collect();
    }
    let a = analyze(&wired, &SolveOptions::default()).unwrap();
    assert_eq!(a.min_pulls.unwrap().pulls, 22);
}

/// Evaluations per second on the basement, printed (run with `--ignored
/// --nocapture` in release; `benches/generators.rs` measures the same).
#[test]
#[ignore = "a measurement, not a check"]
fn lever_evaluator_speed() {
    let layout = basement_layout(&[1, 1, 2, 2, 3, 4, 5, 5, 6, 7, 7]);
    let mut eval = LeverEvaluator::new(&layout).unwrap();
    let mut rng = Rng::new(1);
    let random: Vec<Vec<u64>> = (0..1000)
        .map(|_| {
            (0..11)
                .map(|_| (1 << rng.below(7)) | (1 << rng.below(7)))
                .collect()
        })
        .collect();
    let near: Vec<Vec<u64>> = (0..1000)
        .map(|_| {
            let mut w = BASEMENT_22.to_vec();
            w[rng.index(11)] = (1 << rng.below(7)) | (1 << rng.below(7));
            w
        })
        .collect();
    for (name, set) in [
        ("random wirings", &random),
        ("near a 22-pull wiring", &near),
    ] {
        let rounds = 300;
        let started = std::time::Instant::now();
        let mut total = 0u64;
        for _ in 0..rounds {
            for w in set {
                total += u64::from(eval.min_pulls(w).unwrap_or(0));
            }
        }
        let secs = started.elapsed().as_secs_f64();
        println!(
            "{name}: {:.2} M evaluations/s (average {:.1} pulls)",
            (rounds * set.len()) as f64 / secs / 1e6,
            total as f64 / (rounds * set.len()) as f64
        );
    }
}

#[test]
fn lever_evaluator_reuses_itself() {
    let layout = basement_layout(&[1, 2, 3, 4, 5, 6, 7]);
    let mut eval = LeverEvaluator::new(&layout).unwrap();
    assert_eq!(eval.levers(), 7);
    // Nothing wired: nothing opens.
    assert_eq!(eval.min_pulls(&[0; 7]), None);
    // l1 opens d1 [1,2], l2 opens d4 [2,5], l5 opens d7 [5,8]: three pulls.
    let wires = [1 << 0, 1 << 3, 0, 0, 1 << 6, 0, 0];
    assert_eq!(eval.min_pulls(&wires), Some(3));
    assert_eq!(eval.min_pulls(&[0; 7]), None);
    assert_eq!(eval.min_pulls(&wires), Some(3));
}

// ---------------------------------------------------------------- random

#[test]
fn random_meets_its_bar_and_reports_tries() {
    for seed in seeds(15) {
        let params = RandomParams {
            seed,
            source: Source::Graph {
                rooms: 10,
                extra_doors: 3,
            },
            locks: 3,
            min_cost: Some(8.0),
            max_tries: 500,
            // The first level that meets the bar, not the one most like a
            // shipped dungeon.
            aim: Aim::default(),
            ..RandomParams::default()
        };
        let g = random(&params, &no_progress, &go()).unwrap();
        let cost = check_common(&g, "random");
        assert!(cost >= 8.0, "seed {seed}: cost {cost}");
        let result = &g.level.generator.as_ref().unwrap()["result"];
        let tries = result["tries"].as_u64().unwrap();
        assert!(tries >= 1);
        assert_eq!(result["rejected"].as_u64().unwrap(), tries - 1);
        assert_eq!(result["met_bar"], true);
        let rate = result["rejection_rate"].as_f64().unwrap();
        assert!((0.0..1.0).contains(&rate));
        assert_eq!(g.level.keys.len(), 3);
    }
}

#[test]
fn random_with_levers_and_min_pulls() {
    for seed in 0..6 {
        let params = RandomParams {
            seed,
            source: Source::Graph {
                rooms: 8,
                extra_doors: 2,
            },
            locks: 1,
            levers: 4,
            min_pulls: Some(2),
            max_tries: 2000,
            ..RandomParams::default()
        };
        let g = random(&params, &no_progress, &go()).unwrap();
        check_common(&g, "random");
        let a = analyze(&g.level, &SolveOptions::default()).unwrap();
        assert!(a.min_pulls.unwrap().pulls >= 2);
        assert_eq!(g.level.levers.len(), 4);
    }
}

#[test]
fn random_on_a_layout() {
    let params = RandomParams {
        seed: 3,
        source: Source::Layout {
            level: Box::new(grid_layout()),
            name: "grid".into(),
        },
        locks: 4,
        ..RandomParams::default()
    };
    let g = random(&params, &no_progress, &go()).unwrap();
    check_common(&g, "random");
    assert_eq!(g.level.rooms, grid_layout().rooms);
}

// ---------------------------------------------------------------- all

fn small_runs(seed: u64) -> Vec<(&'static str, Generated)> {
    let mut lever_params = LeversParams::new(basement_layout(&[1, 1, 2, 2, 3, 4, 5, 5, 6, 7, 7]));
    lever_params.seed = seed;
    lever_params.seconds = None;
    lever_params.evaluations = Some(1500);
    lever_params.threads = 1;
    vec![
        (
            "backward",
            backward(&backward_params(seed), &no_progress, &go()).unwrap(),
        ),
        (
            "nested",
            nested(
                &NestedParams {
                    seed,
                    extra_entrances: 2,
                    side_keys: 0.3,
                    ..NestedParams::default()
                },
                &no_progress,
                &go(),
            )
            .unwrap(),
        ),
        (
            "random",
            random(
                &RandomParams {
                    seed,
                    levers: 2,
                    ..RandomParams::default()
                },
                &no_progress,
                &go(),
            )
            .unwrap(),
        ),
        (
            "levers",
            levers(&lever_params, &no_progress, &go()).unwrap(),
        ),
    ]
}

#[test]
fn same_seed_same_bytes() {
    for seed in [1, 2] {
        let a = small_runs(seed);
        let b = small_runs(seed);
        for ((kind, x), (_, y)) in a.iter().zip(&b) {
            assert_eq!(bytes(x), bytes(y), "{kind} seed {seed}");
        }
    }
    let a = small_runs(1);
    let b = small_runs(2);
    for ((kind, x), (_, y)) in a.iter().zip(&b) {
        assert_ne!(bytes(x), bytes(y), "{kind}: seeds 1 and 2 agree");
    }
}

/// Seed → hash of the file's bytes. If a change to a generator is meant to
/// change its output, update these (and say so): files made from a seed
/// will not repeat across that change.
#[test]
fn golden_hashes() {
    let golden: [(&str, u64); 4] = [
        ("backward", 0x99aa_5232_546b_1736),
        ("nested", 0xa6d1_60ae_79a9_a40f),
        ("random", 0x2fe2_ea74_9a91_b8b2),
        ("levers", 0x539f_1050_540a_d51f),
    ];
    let runs = small_runs(7);
    let mut got = Vec::new();
    for (kind, g) in &runs {
        got.push((*kind, fnv(bytes(g).as_bytes())));
    }
    for ((kind, want), (k, have)) in golden.iter().zip(&got) {
        assert_eq!(kind, k);
        assert_eq!(
            *have, *want,
            "{kind}: the output for seed 7 changed; all hashes now: {got:x?}"
        );
    }
}

// ---------------------------------------------------------------- errors

#[test]
fn impossible_requests_are_errors() {
    let stop = go();
    // More locks than the rooms can hold.
    let e = backward(
        &BackwardParams {
            source: Source::Graph {
                rooms: 4,
                extra_doors: 0,
            },
            locks: 20,
            ..BackwardParams::default()
        },
        &no_progress,
        &stop,
    )
    .unwrap_err();
    assert!(
        matches!(e, GenerateError::TooManyLocks { asked: 20, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("lower locks"), "{e}");
    assert_eq!(e.params(), [Param::Locks]);
    // Bad ranges.
    for keys in [(0, 1), (3, 2), (1, 99)] {
        let params = BackwardParams {
            keys_per_lock: keys,
            ..BackwardParams::default()
        };
        assert!(matches!(
            backward(&params, &no_progress, &stop),
            Err(GenerateError::Param {
                param: Param::KeysPerLock,
                problem: Problem::Range { .. }
            })
        ));
    }
    // A goal cut off from the start.
    let mut cut = grid_layout();
    cut.rooms.push(Room::new("island", [900.0, 900.0]));
    cut.goal = "island".into();
    let params = BackwardParams {
        source: Source::Layout {
            level: Box::new(cut.clone()),
            name: String::new(),
        },
        ..BackwardParams::default()
    };
    let e = backward(&params, &no_progress, &stop).unwrap_err();
    assert!(matches!(e, GenerateError::GoalUnreachable(_)), "{e}");
    let e = random(
        &RandomParams {
            source: Source::Layout {
                level: Box::new(cut),
                name: String::new(),
            },
            ..RandomParams::default()
        },
        &no_progress,
        &stop,
    )
    .unwrap_err();
    assert!(matches!(e, GenerateError::GoalUnreachable(_)), "{e}");
    // A backward layout with keys already in it keeps them and adds its
    // locks around them (tests/around.rs checks it in depth).
    let mut keyed = grid_layout();
    keyed.keys.push(Key::new("k", "g00"));
    let params = BackwardParams {
        source: Source::Layout {
            level: Box::new(keyed),
            name: String::new(),
        },
        locks: 3,
        ..BackwardParams::default()
    };
    let made = backward(&params, &no_progress, &stop).unwrap();
    assert!(made.level.keys.iter().any(|k| k.id.as_str() == "k"));
    // A layout whose drawn locks make it unsolvable is refused as such.
    let mut shut = grid_layout();
    for door in &mut shut.doors {
        door.locks = vec!["nowhere".into()];
    }
    shut.keys.push(Key::new("nowhere", "g33"));
    let params = BackwardParams {
        source: Source::Layout {
            level: Box::new(shut),
            name: String::new(),
        },
        ..BackwardParams::default()
    };
    let e = backward(&params, &no_progress, &stop).unwrap_err();
    assert!(matches!(e, GenerateError::GoalUnreachable(_)), "{e}");
    // Levers: none to wire, keys in the layout, goal unreachable, too few wirings.
    let e = levers(
        &LeversParams::new(basement_layout(&[])),
        &no_progress,
        &stop,
    )
    .unwrap_err();
    assert!(matches!(e, GenerateError::NoLevers), "{e}");
    assert!(e.to_string().contains("add levers"));
    let mut wired = basement_layout(&[1]);
    wired.levers[0].toggles = vec!["d1".into()];
    assert!(matches!(
        levers(&LeversParams::new(wired), &no_progress, &stop),
        Err(GenerateError::NoLevers)
    ));
    let mut keyed = basement_layout(&[1, 2]);
    keyed.keys.push(Key::new("k", "r1"));
    assert!(matches!(
        levers(&LeversParams::new(keyed), &no_progress, &stop),
        Err(GenerateError::Layout(_))
    ));
    let mut island = basement_layout(&[1, 2]);
    island.doors.pop(); // no door into r8 any more
    assert!(matches!(
        levers(&LeversParams::new(island), &no_progress, &stop),
        Err(GenerateError::GoalUnreachable(_))
    ));
    let crowd = basement_layout(&[1; 40]);
    let mut p = LeversParams::new(crowd);
    p.max_doors = 1;
    let e = levers(&p, &no_progress, &stop).unwrap_err();
    assert!(matches!(e, GenerateError::TooFewWirings { .. }), "{e}");
    assert!(e.params().contains(&Param::AllowAlike), "{e}");
    let mut p = LeversParams::new(basement_layout(&[1, 2]));
    p.min_doors = 3;
    p.max_doors = 2;
    assert!(matches!(
        levers(&p, &no_progress, &stop),
        Err(GenerateError::Param {
            param: Param::MinDoors,
            problem: Problem::Exceeds {
                other: Param::MaxDoors,
                ..
            }
        })
    ));
    // Nested: bad shapes and too many rooms.
    for (params, named) in [
        (
            NestedParams {
                depth: 0,
                ..NestedParams::default()
            },
            vec![Param::Depth],
        ),
        (
            NestedParams {
                branching: (2, 1),
                ..NestedParams::default()
            },
            vec![Param::Branching],
        ),
        (
            NestedParams {
                side_keys: 1.5,
                ..NestedParams::default()
            },
            vec![Param::SideKeys],
        ),
        (
            NestedParams {
                depth: 30,
                branching: (2, 2),
                ..NestedParams::default()
            },
            vec![Param::Depth, Param::Branching, Param::MaxRooms],
        ),
        // Past the most a nested level may have: raising it cannot help, so
        // the error names the limit rather than asking for more.
        (
            NestedParams {
                depth: 30,
                max_rooms: 200_000,
                ..NestedParams::default()
            },
            vec![Param::MaxRooms],
        ),
    ] {
        let e = nested(&params, &no_progress, &stop).unwrap_err();
        assert_eq!(e.params(), named, "{e}");
    }
    // Random: a bar nothing reaches, and more locks than doors.
    let e = random(
        &RandomParams {
            min_cost: Some(10_000.0),
            max_tries: 20,
            ..RandomParams::default()
        },
        &no_progress,
        &stop,
    )
    .unwrap_err();
    assert!(matches!(e, GenerateError::NotFound(_)), "{e}");
    assert!(e.to_string().contains("raise max tries"), "{e}");
    let e = random(
        &RandomParams {
            locks: 500,
            ..RandomParams::default()
        },
        &no_progress,
        &stop,
    )
    .unwrap_err();
    assert!(matches!(e, GenerateError::TooManyLocks { .. }), "{e}");
}

#[test]
fn cancelled_runs_stop() {
    let stop = AtomicBool::new(true);
    assert!(matches!(
        backward(&BackwardParams::default(), &no_progress, &stop),
        Err(GenerateError::Cancelled)
    ));
    assert!(matches!(
        random(&RandomParams::default(), &no_progress, &stop),
        Err(GenerateError::Cancelled)
    ));
    // The lever search stops at once and returns its best so far, if any.
    let mut p = LeversParams::new(basement_layout(&[1, 1, 2, 2, 3, 4, 5, 5, 6, 7, 7]));
    p.seconds = Some(60.0);
    p.threads = 1;
    let started = std::time::Instant::now();
    match levers(&p, &no_progress, &stop) {
        Ok(g) => {
            assert!(g.cancelled);
            check_common(&g, "levers");
        }
        Err(e) => assert!(matches!(e, GenerateError::Cancelled), "{e}"),
    }
    assert!(started.elapsed().as_secs() < 30);
}

#[test]
fn progress_is_reported() {
    let count = std::cell::Cell::new(0u32);
    let report = |_p: lockwork::generate::Progress| count.set(count.get() + 1);
    backward(&BackwardParams::default(), &report, &go()).unwrap();
    assert!(count.get() >= 2);
}

// ---------------------------------------------------------------- command line

#[cfg(feature = "cli")]
#[test]
fn command_line_writes_levels_that_check() {
    let dir = tempfile::tempdir().unwrap();
    let layout = dir.path().join("basement.layout.json");
    std::fs::write(
        &layout,
        lockwork::format::to_string(&basement_layout(&[1, 2, 3, 4, 5, 6, 7])),
    )
    .unwrap();
    let layout = layout.to_str().unwrap();
    let runs: [&[&str]; 5] = [
        &[
            "backward",
            "--rooms",
            "15",
            "--locks",
            "3",
            "--red-herrings",
            "1",
        ],
        &["nested", "--depth", "3", "--extra-entrances", "1"],
        &["random", "--locks", "2", "--levers", "1"],
        &[
            "levers",
            "--layout",
            layout,
            "--evaluations",
            "500",
            "--threads",
            "1",
        ],
        &["levers", "--layout", layout, "--seconds", "0.2"],
    ];
    for (i, args) in runs.iter().enumerate() {
        let out = dir.path().join(format!("out{i}.level.json"));
        let mut full = vec!["generate"];
        full.extend_from_slice(args);
        full.extend_from_slice(&["--seed", "5", "-o", out.to_str().unwrap()]);
        let run = Command::new(EXE).args(&full).output().unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(run.status.success(), "{full:?}: {stderr}");
        assert!(stderr.contains("wrote"), "{stderr}");
        let check = Command::new(EXE)
            .args(["check", out.to_str().unwrap()])
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&check.stdout);
        assert!(check.status.success(), "{full:?}: {stdout}");
        assert!(stdout.contains("solvable"), "{stdout}");
        // Nothing but the level in the file.
        let text = std::fs::read_to_string(&out).unwrap();
        lockwork::format::from_str(&text).unwrap();
    }
    // Same seed, same bytes, through the command line too.
    let a = dir.path().join("a.json");
    let b = dir.path().join("b.json");
    for out in [&a, &b] {
        let run = Command::new(EXE)
            .args(["generate", "backward", "--seed", "9", "-q", "-o"])
            .arg(out)
            .output()
            .unwrap();
        assert!(run.status.success());
        assert!(run.stderr.is_empty());
    }
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    // Errors say what to change, and write nothing.
    let bad = dir.path().join("bad.json");
    let run = Command::new(EXE)
        .args(["generate", "backward", "--rooms", "3", "--locks", "9", "-o"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&run.stderr).contains("--locks"));
    assert!(!bad.exists());
}

#[test]
fn layout_assets_load() {
    for (file, levers) in [
        ("assets/layouts/basement.layout.json", 11),
        ("assets/layouts/basement7.layout.json", 7),
    ] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        let level = lockwork::format::from_file(&path).unwrap().level;
        assert_eq!(level.levers.len(), levers);
        assert!(level.levers.iter().all(|l| l.toggles.is_empty()));
        assert_eq!(level.doors.len(), 7);
        assert!(level.doors.iter().all(|d| !d.open));
    }
}
