//! The quality measures, each worked out by hand on a small level and
//! checked against `lockwork::measures` (docs/format.md defines them).

#![allow(clippy::unwrap_used, clippy::panic)]

use lockwork::measures::{Measures, measure, measure_level};
use lockwork::model::{Door, Key, Level, Room};
use lockwork::solver::{SolveOptions, analyze};

/// r1 is the start, r5 the goal.
///
/// ```text
///   r6 =d5(small)= r1 -d1- r2 -d3(red)- r4 =d4(small)= r5
///                  |                    /
///                  d2                  /
///                  |                  /
///                  r3 ---d6(red, cost 3)
/// ```
///
/// The red key lies in r3, the one small key s1 in r2. d5 is the wrong
/// door for the small key: spending it there ruins the level.
fn hand_level() -> Level {
    let mut level = Level::new("hand");
    for (i, id) in ["r2", "r3", "r4", "r5", "r6"].iter().enumerate() {
        level.rooms.push(Room::new(*id, [100.0 * i as f64, 0.0]));
    }
    let mut door = |id: &str, a: &str, b: &str| {
        let d = Door::new(id, a, b);
        level.doors.push(d);
        level.doors.len() - 1
    };
    door("d1", "r1", "r2");
    door("d2", "r1", "r3");
    let d3 = door("d3", "r2", "r4");
    let d4 = door("d4", "r4", "r5");
    let d5 = door("d5", "r1", "r6");
    let d6 = door("d6", "r3", "r4");
    level.doors[d3].locks = vec!["red".into()];
    level.doors[d6].locks = vec!["red".into()];
    level.doors[d6].cost = 3.0;
    level.doors[d4].small_locks = 1;
    level.doors[d5].small_locks = 1;
    level.keys.push(Key::new("red", "r3"));
    let mut small = Key::new("s1", "r2");
    small.small = true;
    level.keys.push(small);
    level.goal = "r5".into();
    level
}

fn measured(level: &Level) -> Measures {
    measure_level(level, &SolveOptions::default()).unwrap().1
}

// The least-cost plan, by hand: r1 -d2-> r3 (red) -d2-> r1 -d1-> r2 (s1)
// -d3-> r4 -d4-> r5, cost 5. Going to r2 first costs 6; d6 costs 7 in all.

#[test]
fn critical_path() {
    let p = measured(&hand_level()).critical_path.unwrap();
    assert_eq!((p.moves, p.pulls, p.cost, p.least), (5, 0, 5.0, true));
    // r1, r3, r2, r4, r5 of the six rooms.
    assert_eq!((p.rooms_visited, p.rooms), (5, 6));
}

#[test]
fn backtracking() {
    // Move 2 (back into r1) is the only move into a room visited before.
    assert_eq!(measured(&hand_level()).backtracking, Some(1.0 / 5.0));
}

#[test]
fn key_lock_distance() {
    let k = measured(&hand_level()).key_distance;
    // red: picked up by move 1, first used by move 4 (d3): 3 steps.
    // s1: picked up by move 3, spent by move 5 (d4): 2 steps.
    let per_key: Vec<(&str, u32)> = k.per_key.iter().map(|(k, d)| (k.as_str(), *d)).collect();
    assert_eq!(per_key, [("red", 3), ("s1", 2)]);
    assert_eq!((k.mean, k.max), (Some(2.5), Some(3)));
}

#[test]
fn branching() {
    let b = measured(&hand_level()).branching;
    // At the start: walking reaches r1, r2, r3; two keys lie there (red,
    // s1), and no small-lock door can be paid for: 2 productive steps.
    // After move 1 (red picked up): r1..r4 walkable, s1 the one key left: 1.
    // After move 3 (s1 picked up): d4 and d5 can each take the small key: 2.
    // Move 5 spends it but ends solved, so it is not looked at.
    assert_eq!(b.states, 3);
    assert_eq!(b.decision_points, 2);
    assert_eq!((b.mean, b.max), (Some(2.0), 2));
}

#[test]
fn optional_content() {
    let o = measured(&hand_level()).optional;
    let rooms: Vec<&str> = o
        .rooms
        .iter()
        .map(lockwork::model::RoomId::as_str)
        .collect();
    assert_eq!(rooms, ["r6"]);
    assert!(o.keys.is_empty(), "both keys are used: {:?}", o.keys);
    // A key lying on the way that opens nothing is optional.
    let mut level = hand_level();
    level.keys.push(Key::new("gem", "r3"));
    let o = measured(&level).optional;
    let keys: Vec<&str> = o.keys.iter().map(lockwork::model::KeyId::as_str).collect();
    assert_eq!(keys, ["gem"]);
}

#[test]
fn routes() {
    let r = measured(&hand_level()).routes;
    // Free doors d1, d2 join r1, r2, r3; the locked areas are {r4} (in by
    // d3 and d6; d4 leads in from r5 too, but r5 lies behind r4), {r5}
    // (d4) and {r6} (d5).
    let areas: Vec<(Vec<&str>, Vec<&str>)> = r
        .areas
        .iter()
        .map(|a| {
            (
                a.rooms
                    .iter()
                    .map(lockwork::model::RoomId::as_str)
                    .collect(),
                a.doors_in
                    .iter()
                    .map(lockwork::model::DoorId::as_str)
                    .collect(),
            )
        })
        .collect();
    assert_eq!(
        areas,
        [
            (vec!["r4"], vec!["d3", "d6"]),
            (vec!["r5"], vec!["d4"]),
            (vec!["r6"], vec!["d5"]),
        ]
    );
    assert_eq!(r.mean, Some(4.0 / 3.0));
    assert_eq!((r.min, r.max, r.several), (Some(1), Some(2), 1));
    assert!(
        r.areas.iter().all(|a| a.locked),
        "each is behind a key or a small lock"
    );
    assert_eq!(r.locked, 3);
}

/// Areas closed off by levers or one-way doors are areas, and counted as
/// such, but nothing locks them: the lever basement has no lock at all.
#[test]
fn areas_behind_levers_and_drops_are_not_locked() {
    let text = std::fs::read_to_string("assets/basement.level.json").unwrap();
    let level = lockwork::format::from_str(&text).unwrap().level;
    assert!(
        level
            .doors
            .iter()
            .all(|d| d.locks.is_empty() && d.small_locks == 0)
    );
    let r = measured(&level).routes;
    assert!(!r.areas.is_empty());
    assert_eq!(r.locked, 0);
    assert!(r.areas.iter().all(|a| !a.locked));
    // One door of the hand level made one-way: r6 behind it is closed off
    // but locked by nothing.
    let mut level = hand_level();
    let d5 = level
        .doors
        .iter()
        .position(|d| d.id.as_str() == "d5")
        .unwrap();
    level.doors[d5].small_locks = 0;
    level.doors[d5].one_way = true;
    let r = measured(&level).routes;
    let r6 = r
        .areas
        .iter()
        .find(|a| a.rooms[0].as_str() == "r6")
        .unwrap();
    assert!(!r6.locked);
    assert_eq!(r.locked, 2);
}

#[test]
fn risk() {
    let r = measured(&hand_level()).risk;
    // FORMAT.md's states, by hand. Before s1 is picked up: r1 with
    // nothing, and r3, r1, r4 holding red: 4. Holding s1, nothing
    // unlocked: r2, r1 without red; r3, r1, r2, r4 with red: 6. d5
    // unlocked (s1 spent there): r6, r1, r2 without red; r3, r1, r2, r4, r6
    // with red: 8, every one a dead end. d4 unlocked: r5, the goal, where
    // play ends (the level is solved as soon as the player is there): 1.
    // In all 19, 8 of them dead ends.
    assert_eq!(r.reachable_states, Some(19));
    assert_eq!(r.dead_end_states, Some(8));
    assert_eq!(r.dead_end_share, Some(8.0 / 19.0));
    // The cheapest way in: r1 -> r2 (s1) -> r1 -> r6 through d5: 3 moves.
    assert_eq!((r.cheapest_cost, r.cheapest_steps), (Some(3.0), Some(3)));
    assert!(r.complete);
}

#[test]
fn score_is_the_sum_of_its_parts() {
    let s = measured(&hand_level()).score.unwrap();
    assert_eq!(s.length, 5.0);
    assert_eq!(s.backtracking, 1.0, "one of the 5 moves goes back");
    assert_eq!(s.key_distance, 2.5);
    assert_eq!(
        s.branching, 2.0,
        "(2 - 1) + (2 - 1) at the two decision points"
    );
    assert_eq!(s.risk, 5.0 * 8.0 / 19.0, "the dead-end share of the length");
    assert_eq!(s.total, 5.0 + 1.0 + 2.5 + 2.0 + 5.0 * 8.0 / 19.0);
}

#[test]
fn an_unsolvable_level_has_no_plan_measures() {
    let mut level = hand_level();
    level.keys.retain(|k| k.id.as_str() != "red");
    for d in &mut level.doors {
        d.locks.clear();
    }
    level.doors[3].open = false; // d4 shut for good
    let m = measured(&level);
    assert!(m.critical_path.is_none() && m.score.is_none() && m.backtracking.is_none());
    assert_eq!(m.score_total(), 0.0);
}

#[test]
fn a_plan_of_another_level_is_an_error_not_a_panic() {
    let a = analyze(&hand_level(), &SolveOptions::default()).unwrap();
    let other = Level::new("other");
    assert!(measure(&other, &a).is_err());
}

#[test]
fn the_samples_are_measured() {
    for name in ["basement", "continuity", "keys", "smallkeys", "nested"] {
        let path = format!("{}/assets/{name}.level.json", env!("CARGO_MANIFEST_DIR"));
        let level = lockwork::format::from_file(std::path::Path::new(&path))
            .unwrap()
            .level;
        let m = measured(&level);
        let p = m.critical_path.as_ref().unwrap();
        assert!(p.rooms_visited <= p.rooms && p.rooms_visited >= 2, "{name}");
        let s = m.score.as_ref().unwrap();
        let sum = s.length + s.backtracking + s.key_distance + s.branching + s.risk;
        assert!((s.total - sum).abs() < 1e-9, "{name}");
        println!("{name}: {}", m.to_json());
    }
}

#[test]
fn generated_levels_record_their_metrics() {
    use lockwork::generate::{BackwardParams, Source, backward, no_progress};
    let params = BackwardParams {
        seed: 4,
        source: Source::Graph {
            rooms: 12,
            extra_doors: 3,
        },
        locks: 3,
        ..BackwardParams::default()
    };
    let stop = std::sync::atomic::AtomicBool::new(false);
    let mut level = backward(&params, &no_progress, &stop).unwrap().level;
    assert!(level.generator.as_ref().unwrap().get("metrics").is_none());
    let m = lockwork::measures::record(&mut level, &SolveOptions::default()).unwrap();
    let record = level.generator.as_ref().unwrap();
    assert_eq!(record["metrics"], m.to_json());
    assert_eq!(
        record["metrics"]["critical_path"]["cost"],
        record["result"]["cost"]
    );
}

#[test]
fn generators_aim_for_the_measures() {
    use lockwork::generate::{
        Aim, BackwardParams, GenerateError, Param, RandomParams, Source, backward, no_progress,
        random,
    };
    let stop = std::sync::atomic::AtomicBool::new(false);
    let graph = Source::Graph {
        rooms: 14,
        extra_doors: 3,
    };
    // backward: the level it keeps reaches the target, and says so.
    let aim = Aim {
        min_backtracking: Some(0.3),
        ..Aim::default()
    };
    let params = BackwardParams {
        seed: 5,
        source: graph.clone(),
        locks: 3,
        aim: aim.clone(),
        ..BackwardParams::default()
    };
    let level = backward(&params, &no_progress, &stop).unwrap().level;
    let m = measured(&level);
    assert!(m.backtracking.unwrap() >= 0.3);
    let reached = &level.generator.as_ref().unwrap()["result"]["aim"]["reached"];
    assert!(
        reached["backtracking"].as_f64().unwrap() >= 0.3,
        "{reached}"
    );
    // random with --score: every try is made; the best scored is kept.
    let params = RandomParams {
        seed: 5,
        source: graph,
        max_tries: 30,
        aim: Aim {
            score: true,
            ..Aim::default()
        },
        ..RandomParams::default()
    };
    let made = random(&params, &no_progress, &stop).unwrap().level;
    let result = &made.generator.as_ref().unwrap()["result"];
    assert_eq!(result["tries"], 30);
    assert!(result["rejection_rate"].as_f64().unwrap() < 1.0, "{result}");
    assert_eq!(
        result["aim"]["reached"]["score"].as_f64(),
        Some((measured(&made).score_total() * 1e4).round() / 1e4)
    );
    // An impossible target names the measure and the shortfall.
    let params = RandomParams {
        max_tries: 5,
        aim: Aim {
            min_backtracking: Some(1.0),
            ..Aim::default()
        },
        ..params
    };
    let e = random(&params, &no_progress, &stop).unwrap_err();
    let GenerateError::AimNotMet { shortfalls, .. } = &e else {
        panic!("{e}")
    };
    assert_eq!(shortfalls[0].param, Param::MinBacktracking);
    assert!(e.to_string().contains("min backtracking reached"), "{e}");
    assert!(e.to_string().contains("short)"), "{e}");
}

#[test]
fn a_batch_is_the_levels_of_its_seeds_measured() {
    use lockwork::generate::{GeneratorParams, NestedParams, batch, nested, no_progress};
    let stop = std::sync::atomic::AtomicBool::new(false);
    let kind = GeneratorParams::Nested(NestedParams::default());
    let calls = std::sync::atomic::AtomicUsize::new(0);
    let items = batch(
        &kind,
        3,
        5,
        2,
        &|_, total| {
            assert_eq!(total, 5);
            calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        },
        &stop,
    );
    assert_eq!(calls.into_inner(), 5);
    for (item, seed) in items.iter().zip(3..) {
        assert_eq!(item.seed, seed);
        let (level, m) = item.outcome.as_ref().unwrap();
        let mut alone = nested(
            &NestedParams {
                seed,
                ..NestedParams::default()
            },
            &no_progress,
            &stop,
        )
        .unwrap()
        .level;
        lockwork::measures::record(&mut alone, &SolveOptions::default()).unwrap();
        assert_eq!(level, &alone, "seed {seed}");
        assert_eq!(m, &measured(level));
    }
    // Cancelled before it starts: nothing is made.
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    assert!(batch(&kind, 0, 4, 2, &|_, _| {}, &stop).is_empty());
}

/// A corridor r1 -d1- r2 -d2- r3 -d3- r4 using the extension fields: d1 is
/// a bombable wall (spends one bomb, lying in r1), d2 opens with either the
/// blue or the green key (blue lies in r1, green is never placed on the
/// way), and d3 is always open. The plan: d1, d2, d3.
#[test]
fn items_of_a_kind_and_any_of_locks_count_as_uses() {
    let mut level = Level::new("extensions");
    for (i, id) in ["r2", "r3", "r4"].iter().enumerate() {
        level
            .rooms
            .push(Room::new(*id, [100.0 * (i + 1) as f64, 0.0]));
    }
    let mut wall = Door::new("d1", "r1", "r2");
    wall.spend.insert("bomb".into(), 1);
    let mut gate = Door::new("d2", "r2", "r3");
    gate.locks_any = vec!["blue".into(), "green".into()];
    level.doors = vec![wall, gate, Door::new("d3", "r3", "r4")];
    let mut bomb = Key::new("b1", "r1");
    bomb.kind = Some("bomb".into());
    level.keys.push(bomb);
    level.keys.push(Key::new("blue", "r1"));
    level.keys.push(Key::new("green", "r4"));
    level.goal = "r4".into();
    let m = measured(&level);
    // The bomb is spent by move 1, blue first used by move 2; both were
    // picked up at the start (step 0).
    let per_key: Vec<(&str, u32)> = m
        .key_distance
        .per_key
        .iter()
        .map(|(k, d)| (k.as_str(), *d))
        .collect();
    assert_eq!(per_key, [("b1", 1), ("blue", 2)]);
    let keys: Vec<&str> = m
        .optional
        .keys
        .iter()
        .map(lockwork::model::KeyId::as_str)
        .collect();
    assert_eq!(keys, ["green"], "green lies past the lock it could open");
    // No door is free but d3: r1, r2 and r3..r4 are three areas, two locked.
    assert_eq!(m.routes.areas.len(), 2);
}

/// The score reads as its sum, each figure to 2 decimals, in the one
/// wording the command line and the editor both show.
#[test]
fn the_score_reads_as_its_sum() {
    let score = lockwork::measures::Score {
        total: 42.504,
        length: 20.0,
        backtracking: 5.0,
        key_distance: 3.333,
        branching: 4.0,
        risk: 0.5,
    };
    assert_eq!(
        score.to_string(),
        "42.5 = length 20 + backtracking 5 + key distance 3.33 + branching 4 + risk 0.5"
    );
}

/// What a door is in a random level for the routes: `(from, to, kind)`,
/// kind 0 free, 1 one-way, 2 locked by the red key, 3 a small lock, 4
/// shut until a lever flips it.
type RouteDoor = (usize, usize, u8);

fn route_level(rooms: usize, doors: &[RouteDoor]) -> Level {
    let mut level = Level::new("routes");
    for r in 2..=rooms {
        level
            .rooms
            .push(Room::new(format!("r{r}"), [100.0 * r as f64, 0.0]));
    }
    level.keys.push(Key::new("red", "r1"));
    let mut small = Key::new("s", "r1");
    small.small = true;
    level.keys.push(small);
    let mut flipped = Vec::new();
    for (i, &(a, b, kind)) in doors.iter().enumerate() {
        let mut door = Door::new(
            format!("d{i}"),
            format!("r{}", a + 1),
            format!("r{}", b + 1),
        );
        match kind {
            1 => door.one_way = true,
            2 => door.locks = vec!["red".into()],
            3 => door.small_locks = 1,
            4 => {
                door.open = false;
                flipped.push(door.id.clone());
            }
            _ => {}
        }
        level.doors.push(door);
    }
    level
        .levers
        .push(lockwork::model::Lever::new("l", "r1", flipped));
    level.goal = format!("r{rooms}").into();
    level
}

/// The routes of docs/format.md by their definition: areas joined by free
/// doors, and for each locked area a walk over the rooms from the start
/// that never enters it.
fn routes_by_walks(rooms: usize, doors: &[RouteDoor]) -> Vec<(Vec<usize>, Vec<usize>)> {
    let mut area = vec![usize::MAX; rooms];
    let mut count = 0;
    for first in 0..rooms {
        if area[first] != usize::MAX {
            continue;
        }
        let mut stack = vec![first];
        area[first] = count;
        while let Some(r) = stack.pop() {
            for &(a, b, kind) in doors {
                for (x, y) in [(a, b), (b, a)] {
                    if kind == 0 && x == r && area[y] == usize::MAX {
                        area[y] = count;
                        stack.push(y);
                    }
                }
            }
        }
        count += 1;
    }
    let passages: Vec<(usize, usize, usize)> = (doors.iter().enumerate())
        .flat_map(|(d, &(a, b, kind))| {
            let back = (kind != 1).then_some((b, a, d));
            std::iter::once((a, b, d)).chain(back)
        })
        .collect();
    let mut out = Vec::new();
    for locked in (0..count).filter(|&x| x != area[0]) {
        let mut seen = vec![false; rooms];
        seen[0] = true;
        let mut stack = vec![0];
        while let Some(r) = stack.pop() {
            for &(from, to, _) in &passages {
                if from == r && area[to] != locked && !seen[to] {
                    seen[to] = true;
                    stack.push(to);
                }
            }
        }
        let members: Vec<usize> = (0..rooms).filter(|&r| area[r] == locked).collect();
        let mut doors_in: Vec<usize> = (passages.iter())
            .filter(|&&(from, to, _)| area[to] == locked && area[from] != locked && seen[from])
            .map(|&(_, _, d)| d)
            .collect();
        doors_in.sort_unstable();
        doors_in.dedup();
        out.push((members, doors_in));
    }
    out
}

fn route_levels() -> impl proptest::strategy::Strategy<Value = (usize, Vec<RouteDoor>)> {
    use proptest::prelude::*;
    (2usize..9).prop_flat_map(|rooms| {
        let door = (0..rooms, 0..rooms, 0u8..5).prop_filter("two rooms", |(a, b, _)| a != b);
        (Just(rooms), proptest::collection::vec(door, 0..rooms * 2))
    })
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
    /// The dominators behind `routes` give what a walk per area gives.
    #[test]
    fn routes_agree_with_a_walk_per_locked_area((rooms, doors) in route_levels()) {
        let level = route_level(rooms, &doors);
        let analysis = analyze(&level, &SolveOptions::default()).unwrap();
        let r = measure(&level, &analysis).unwrap().routes;
        let got: Vec<(Vec<String>, Vec<String>)> = (r.areas.iter())
            .map(|a| (
                a.rooms.iter().map(|x| x.as_str().to_owned()).collect(),
                a.doors_in.iter().map(|x| x.as_str().to_owned()).collect(),
            ))
            .collect();
        let want: Vec<(Vec<String>, Vec<String>)> = routes_by_walks(rooms, &doors)
            .into_iter()
            .map(|(members, doors_in)| (
                members.iter().map(|r| format!("r{}", r + 1)).collect(),
                doors_in.iter().map(|d| format!("d{d}")).collect(),
            ))
            .collect();
        proptest::prop_assert_eq!(got, want);
        proptest::prop_assert!(r.complete);
    }
}

#[test]
fn a_long_key_chain_has_one_route_into_each_area() {
    // r1 -red- r2 -red- r3 ...: each area is entered only from the one
    // before it; counting the doors from every area gave two.
    let n = 3000;
    let doors: Vec<RouteDoor> = (0..n - 1).map(|r| (r, r + 1, 2)).collect();
    let r = measured(&route_level(n, &doors)).routes;
    assert_eq!(r.areas.len(), n - 1);
    assert_eq!((r.min, r.max, r.several), (Some(1), Some(1), 0));
}

/// The looks at the plan's states are bounded by all they read, keys and
/// the entries of the doors' locks included: on a chain of 100 rooms each
/// holding 1,000 keys, before two doors side by side each locked by all
/// 100,000 of them, a few of the plan's states are looked at, not all 101
/// (each look reads both locks; counting only rooms and doors, the plan
/// was looked at in full, a second on a chain ten times longer).
#[test]
fn looks_at_the_plan_are_bounded_by_the_keys_and_locks_they_read() {
    let mut level = Level::new("chain");
    level.rooms = (0..=100)
        .map(|r| Room::new(format!("r{r}"), [r as f64, 0.0]))
        .collect();
    level.start = "r0".into();
    level.goal = "r100".into();
    for r in 0..99 {
        level.doors.push(Door::new(
            format!("c{r}"),
            format!("r{r}"),
            format!("r{}", r + 1),
        ));
    }
    level.keys = (0..100_000)
        .map(|k| Key::new(format!("k{k}"), format!("r{}", k / 1_000)))
        .collect();
    for d in ["d1", "d2"] {
        let mut door = Door::new(d, "r99", "r100");
        door.locks = level.keys.iter().map(|k| k.id.clone()).collect();
        level.doors.push(door);
    }
    let b = measured(&level).branching;
    assert!(!b.complete);
    assert!((1..20).contains(&b.states), "{} states looked at", b.states);
}

/// The score counts what the player does: a big nested tree solved in a
/// straight line of moves (seed article 004's shape, where every key lies on
/// the way) scores below a backward level that sends the player to and fro,
/// however many rooms and keys the tree holds.
#[test]
fn a_trivial_solution_never_outranks_real_work() {
    use lockwork::generate::{BackwardParams, NestedParams, backward, nested, no_progress};
    let stop = std::sync::atomic::AtomicBool::new(false);
    let tree = NestedParams {
        seed: 3,
        depth: 6,
        ..NestedParams::article()
    };
    let tree = nested(&tree, &no_progress, &stop).unwrap().level;
    let work = BackwardParams {
        seed: 1,
        ..BackwardParams::article()
    };
    let work = backward(&work, &no_progress, &stop).unwrap().level;
    let (t, w) = (measured(&tree), measured(&work));
    let moves = |m: &Measures| m.critical_path.as_ref().unwrap().moves;
    assert!(tree.rooms.len() > work.rooms.len() && moves(&t) < moves(&w));
    assert!(
        t.score_total() < w.score_total(),
        "{} rooms, {} moves: {}; {} rooms, {} moves: {}",
        tree.rooms.len(),
        moves(&t),
        t.score.unwrap(),
        work.rooms.len(),
        moves(&w),
        w.score.unwrap()
    );
    // Every part but the length is bounded by what the plan does.
    for m in [&t, &w] {
        let s = m.score.as_ref().unwrap();
        assert!(s.backtracking <= f64::from(moves(m)));
        assert!(s.key_distance <= s.length && s.risk <= s.length);
        assert!(s.branching <= 2.0 * m.branching.decision_points as f64);
    }
}

/// A plan with no decision point has branching 0, not "-0".
#[test]
fn no_decision_point_reads_as_zero() {
    let mut level = Level::new("line");
    level.rooms.push(Room::new("r2", [100.0, 0.0]));
    level.doors.push(Door::new("d1", "r1", "r2"));
    level.goal = "r2".into();
    let s = measured(&level).score.unwrap();
    assert!(s.branching == 0.0 && s.branching.is_sign_positive());
    assert!(!s.to_string().contains("-0"), "{s}");
}
