//! Levels that grow with one number, for the scaling test
//! (`tests/scaling.rs`) and bench (`benches/scaling.rs`): each shape is one
//! way a file can be large, and doubling `n` doubles the file.

/// A named shape and its level of size `n`, as file text.
pub type Shape = (&'static str, fn(usize) -> String);

/// Every shape: long corridors, long chains of locks and of levers, one long
/// `locks` list and one long `toggles` list.
pub const SHAPES: [Shape; 5] = [
    ("corridor", corridor),
    ("key chain", key_chain),
    ("lever chain", lever_chain),
    ("long locks", long_locks),
    ("long toggles", long_toggles),
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
