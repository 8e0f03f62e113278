//! What the benchmarks share: the 1,000-room, 1,500-door level, the grids
//! of the solver's benchmark levels (the key-heavy one among them), and CPU
//! time of the benchmark thread.
#![allow(dead_code)]

use std::time::{Duration, Instant};

use lockwork::model::{Door, DoorId, Key, KeyId, Level, Lever, Room};

const WIDTH: usize = 40;
const HEIGHT: usize = 25;
const DOORS: usize = 1_500;

fn rid(x: usize, y: usize) -> String {
    format!("r{}", y * WIDTH + x)
}

/// A 40 × 25 grid of rooms: every row a corridor, every other pair of rows
/// joined, diagonal shortcuts up to 1,500 doors; one-way doors, costs,
/// closed doors, 3 keys with their locks, 2 small keys and small locks,
/// and 2 levers wired to closed doors and a few more. (More would make the
/// live solver give up, and the solution path would not be drawn.)
pub fn big_level() -> Level {
    let mut level = Level::new("benchmark");
    level.rooms = (0..HEIGHT)
        .flat_map(|y| (0..WIDTH).map(move |x| (x, y)))
        .map(|(x, y)| {
            let mut room = Room::new(rid(x, y), [x as f64 * 180.0, y as f64 * 110.0]);
            if (x + y) % 7 == 0 {
                room.name = format!("Hall {x}-{y}");
            }
            room
        })
        .collect();
    level.start = rid(0, 0).into();
    level.goal = rid(WIDTH - 1, HEIGHT - 1).into();

    let mut ends = Vec::new();
    for y in 0..HEIGHT {
        for x in 0..WIDTH - 1 {
            ends.push((rid(x, y), rid(x + 1, y)));
        }
    }
    for y in 0..HEIGHT - 1 {
        for x in (y % 2..WIDTH).step_by(2) {
            ends.push((rid(x, y), rid(x, y + 1)));
        }
    }
    'diagonals: for y in (0..HEIGHT - 1).step_by(3) {
        for x in (1..WIDTH - 1).step_by(4) {
            if ends.len() == DOORS {
                break 'diagonals;
            }
            ends.push((rid(x, y), rid(x + 1, y + 1)));
        }
    }
    assert_eq!(ends.len(), DOORS, "the grid has the wrong number of doors");
    level.doors = ends
        .into_iter()
        .enumerate()
        .map(|(i, (from, to))| {
            let mut door = Door::new(format!("d{i}"), from, to);
            door.one_way = i % 9 == 4;
            if i % 11 == 3 {
                door.cost = 2.5;
            }
            door.open = i % 97 != 50;
            door
        })
        .collect();

    for k in 0..3 {
        level
            .keys
            .push(Key::new(format!("k{k}"), rid(2 * k + 3, k)));
        level.doors[k * 223 + 20]
            .locks
            .push(KeyId::new(format!("k{k}")));
    }
    for s in 0..2 {
        let mut key = Key::new(format!("s{s}"), rid(5 * s + 1, 2 * s + 10));
        key.small = true;
        level.keys.push(key);
        level.doors[s * 211 + 400].small_locks = 1;
    }
    let closed: Vec<DoorId> = level
        .doors
        .iter()
        .filter(|d| !d.open)
        .map(|d| d.id.clone())
        .collect();
    for l in 0..2 {
        let mut toggles = vec![DoorId::new(format!("d{}", l * 350 + 77))];
        toggles.extend(closed.get(l).cloned());
        level
            .levers
            .push(Lever::new(format!("l{l}"), rid(4 * l + 2, 3 * l), toggles));
    }
    level
}

/// A small deterministic generator so the levels are the same on every run.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// A `w × h` grid of rooms joined to their right and lower neighbours.
pub fn grid(w: usize, h: usize) -> Level {
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
                let id = format!("d{}", level.doors.len());
                level
                    .doors
                    .push(Door::new(id, format!("r{r}"), format!("r{}", r + 1)));
            }
            if y + 1 < h {
                let id = format!("d{}", level.doors.len());
                level
                    .doors
                    .push(Door::new(id, format!("r{r}"), format!("r{}", r + w)));
            }
        }
    }
    level.start = "r0".into();
    level.goal = format!("r{}", w * h - 1).into();
    level
}

/// About 90 rooms, 8 keys with their locks, all required by the goal, and 8
/// lever doors: 3.18 million reachable states.
pub fn key_heavy() -> Level {
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

/// CPU time of this thread so far: the scheduler's count in nanoseconds
/// (Linux), so that other processes on a busy machine do not count.
/// Elsewhere, wall time.
pub fn cpu_now() -> Duration {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .map_or_else(
            || START.get_or_init(Instant::now).elapsed(),
            Duration::from_nanos,
        )
}

/// Measures `iters` runs of `f` in CPU time of this thread.
pub fn cpu_time(iters: u64, mut f: impl FnMut()) -> Duration {
    let start = cpu_now();
    for _ in 0..iters {
        f();
    }
    cpu_now().saturating_sub(start)
}
