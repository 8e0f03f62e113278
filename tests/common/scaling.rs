//! Levels that grow with one number, for the scaling test
//! (`tests/scaling.rs`) and bench (`benches/scaling.rs`): each shape is one
//! way a file can be large, and doubling `n` doubles the file.

/// A named shape and its level of size `n`, as file text.
pub type Shape = (&'static str, fn(usize) -> String);

/// Every shape: long corridors, long chains of locks and of levers, one long
/// `locks` list, one long `toggles` list, rooms joined at random, and grids
/// with keys and with levers strewn over them.
pub const SHAPES: [Shape; 8] = [
    ("corridor", corridor),
    ("key chain", key_chain),
    ("lever chain", lever_chain),
    ("long locks", long_locks),
    ("long toggles", long_toggles),
    ("scattered", scattered),
    ("keyed grid", keyed_grid),
    ("lever grid", lever_grid),
];

/// A level from its lists, from `r0` to room `goal`.
fn level(goal: usize, doors: &[String], keys: &[String], levers: &[String]) -> String {
    let rooms: Vec<String> = (0..=goal).map(|i| format!(r#"{{"id":"r{i}"}}"#)).collect();
    format!(
        r#"{{"format":"lockwork-level","version":1,"name":"scaling","start":"r0","goal":"r{goal}","rooms":[{}],"doors":[{}],"keys":[{}],"levers":[{}]}}"#,
        rooms.join(","),
        doors.join(","),
        keys.join(","),
        levers.join(",")
    )
}

/// `n` rooms in a row joined by plain doors.
pub fn corridor(n: usize) -> String {
    let doors: Vec<String> = (0..n - 1)
        .map(|i| format!(r#"{{"id":"d{i}","from":"r{i}","to":"r{}"}}"#, i + 1))
        .collect();
    level(n - 1, &doors, &[], &[])
}

/// `n` rooms in a row, each door locked by a key in the room before it.
pub fn key_chain(n: usize) -> String {
    let doors: Vec<String> = (0..n - 1)
        .map(|i| {
            format!(
                r#"{{"id":"d{i}","from":"r{i}","to":"r{}","locks":["k{i}"]}}"#,
                i + 1
            )
        })
        .collect();
    let keys: Vec<String> = (0..n - 1)
        .map(|i| format!(r#"{{"id":"k{i}","room":"r{i}"}}"#))
        .collect();
    level(n - 1, &doors, &keys, &[])
}

/// `n` rooms in a row, each door closed and opened by a lever before it.
pub fn lever_chain(n: usize) -> String {
    let doors: Vec<String> = (0..n - 1)
        .map(|i| {
            format!(
                r#"{{"id":"d{i}","from":"r{i}","to":"r{}","open":false}}"#,
                i + 1
            )
        })
        .collect();
    let levers: Vec<String> = (0..n - 1)
        .map(|i| format!(r#"{{"id":"l{i}","room":"r{i}","toggles":["d{i}"]}}"#))
        .collect();
    level(n - 1, &doors, &[], &levers)
}

/// Two rooms and one door locked by `n` keys, all lying by the start.
pub fn long_locks(n: usize) -> String {
    let locks: Vec<String> = (0..n).map(|k| format!(r#""k{k}""#)).collect();
    let door = format!(
        r#"{{"id":"d0","from":"r0","to":"r1","locks":[{}]}}"#,
        locks.join(",")
    );
    let keys: Vec<String> = (0..n)
        .map(|k| format!(r#"{{"id":"k{k}","room":"r0"}}"#))
        .collect();
    level(1, &[door], &keys, &[])
}

/// One lever by the start toggling `n` closed doors, each to a room of its
/// own; the last room is the goal.
pub fn long_toggles(n: usize) -> String {
    let doors: Vec<String> = (0..n)
        .map(|i| {
            format!(
                r#"{{"id":"d{i}","from":"r0","to":"r{}","open":false}}"#,
                i + 1
            )
        })
        .collect();
    let toggles: Vec<String> = (0..n).map(|i| format!(r#""d{i}""#)).collect();
    let lever = format!(
        r#"{{"id":"l0","room":"r0","toggles":[{}]}}"#,
        toggles.join(",")
    );
    level(n, &doors, &[], &[lever])
}

/// `SplitMix64`: a bijection of `u64` that looks random, so ids made from it
/// never repeat.
fn mix(x: u64) -> u64 {
    let x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// `0..len` in an order that looks random: steps of a prime larger than
/// any size here, which visits every position once.
fn scrambled(len: usize) -> impl Iterator<Item = usize> {
    (0..len).map(move |i| i * 1_000_003 % len)
}

/// `n` rooms with ids that look random, each joined to a room before it
/// and a quarter of them to one more, everything listed in no order: the
/// file a generator or an exporter writes, where no reference is near the
/// one before it. Plain doors, so it is solvable.
pub fn scattered(n: usize) -> String {
    let id = |r: usize| format!("{:016x}", mix(r as u64));
    let door = |d: usize, a: usize, b: usize| {
        format!(
            r#"{{"id":"d{:x}","from":"{}","to":"{}"}}"#,
            mix((n + d) as u64),
            id(a),
            id(b)
        )
    };
    let pick = |k: usize| mix((2 * n + k) as u64) as usize % n;
    let mut joins: Vec<(usize, usize)> = (1..n).map(|r| (pick(r) % r, r)).collect();
    joins.extend(
        (0..n / 4)
            .map(|k| (pick(n + k), pick(2 * n + k)))
            .filter(|(a, b)| a != b),
    );
    let doors: Vec<String> = scrambled(joins.len())
        .map(|d| door(d, joins[d].0, joins[d].1))
        .collect();
    let rooms: Vec<String> = scrambled(n)
        .map(|r| format!(r#"{{"id":"{}"}}"#, id(r)))
        .collect();
    format!(
        r#"{{"format":"lockwork-level","version":1,"name":"scattered","start":"{}","goal":"{}","rooms":[{}],"doors":[{}],"keys":[],"levers":[]}}"#,
        id(0),
        id(n - 1),
        rooms.join(","),
        doors.join(",")
    )
}

/// About `n` rooms in a grid twice as long as it is wide: the number of
/// rooms, and the pairs of rooms its doors join.
fn grid(n: usize) -> (usize, Vec<(usize, usize)>) {
    let wide = ((n / 2) as f64).sqrt().round().max(2.0) as usize;
    let long = n / wide;
    let room = |x: usize, y: usize| y * wide + x;
    let mut joins = Vec::new();
    for y in 0..long {
        for x in 0..wide {
            if x + 1 < wide {
                joins.push((room(x, y), room(x + 1, y)));
            }
            if y + 1 < long {
                joins.push((room(x, y), room(x, y + 1)));
            }
        }
    }
    (wide * long, joins)
}

/// A grid from one corner to the other ([`grid`]), with a key for every 50
/// rooms, each lying in a room and locking a door picked at random. Many
/// ways lead everywhere, so no key is needed, and every key is a red
/// herring: the level of a generator that strews keys over a large map.
pub fn keyed_grid(n: usize) -> String {
    let (rooms, joins) = grid(n);
    let keys = rooms / 50;
    let mut locks = vec![Vec::new(); joins.len()];
    for k in 0..keys {
        locks[mix(k as u64) as usize % joins.len()].push(format!(r#""k{k}""#));
    }
    let doors: Vec<String> = (joins.iter().zip(&locks).enumerate())
        .map(|(d, (&(a, b), locks))| {
            format!(
                r#"{{"id":"d{d}","from":"r{a}","to":"r{b}","locks":[{}]}}"#,
                locks.join(",")
            )
        })
        .collect();
    let keys: Vec<String> = (0..keys)
        .map(|k| {
            format!(
                r#"{{"id":"k{k}","room":"r{}"}}"#,
                mix((n + k) as u64) as usize % rooms
            )
        })
        .collect();
    level(rooms - 1, &doors, &keys, &[])
}

/// A grid ([`grid`]) with a lever for every 50 rooms, each in a room picked
/// at random and toggling two open doors picked at random, the second of
/// them also the next lever's first: so every lever matters to the others,
/// far too many for a search of every position. The ways around any door
/// make them harmless, and the least plan's walk reaches every room.
pub fn lever_grid(n: usize) -> String {
    levers_over_grid(n, 50)
}

/// [`lever_grid`] with a lever for every `every` rooms: with one in every
/// room, the state of play is as many bits wide as there are rooms.
pub fn levers_over_grid(n: usize, every: usize) -> String {
    let (rooms, joins) = grid(n);
    let doors: Vec<String> = (joins.iter().enumerate())
        .map(|(d, &(a, b))| format!(r#"{{"id":"d{d}","from":"r{a}","to":"r{b}"}}"#))
        .collect();
    let door = |i: usize| mix((2 * n + i) as u64) as usize % joins.len();
    let levers: Vec<String> = (0..rooms / every.max(1))
        .map(|l| {
            let (a, b) = (door(l), door(l + 1));
            let toggles = if a == b {
                format!(r#""d{a}""#)
            } else {
                format!(r#""d{a}","d{b}""#)
            };
            let room = mix((n + l) as u64) as usize % rooms;
            format!(r#"{{"id":"l{l}","room":"r{room}","toggles":[{toggles}]}}"#)
        })
        .collect();
    level(rooms - 1, &doors, &[], &levers)
}
