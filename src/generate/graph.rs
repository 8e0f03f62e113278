//! Random connected room graphs for the generators that do not get a layout.

use super::{GenerateError, Param, Problem, Rng};
use crate::format::{MAX_DOORS, MAX_ITEMS};
use crate::model::{Door, Level, Room};

/// A random connected graph of `rooms` rooms (`r1` … `rN`, no positions) and
/// doors (`d1` …): a random tree that favours long corridors, plus up to
/// `extra_doors` more doors, each between rooms two or three doors apart so
/// that loops stay local. Start and goal are `r1`.
///
/// # Arguments
/// * `rng` — the seeded generator; the same seed gives the same graph.
/// * `rooms` — how many rooms, at least 1.
/// * `extra_doors` — doors wanted beyond the tree's `rooms - 1`.
///
/// # Returns
/// The level and the number of extra doors that fitted.
///
/// # Errors
/// [`GenerateError::Param`] when `rooms` is 0 or a count is past the
/// format's limits.
///
/// # Complexity
/// O(`rooms + extra_doors`) expected.
///
/// # Example
/// ```
/// use lockwork::generate::{Rng, random_graph};
/// let (level, extra) = random_graph(&mut Rng::new(7), 10, 3)?;
/// assert_eq!(level.rooms.len(), 10);
/// assert_eq!(level.doors.len(), 9 + extra);
/// assert!(random_graph(&mut Rng::new(7), 0, 0).is_err());
/// # Ok::<(), lockwork::generate::GenerateError>(())
/// ```
pub fn random_graph(
    rng: &mut Rng,
    rooms: usize,
    extra_doors: usize,
) -> Result<(Level, usize), GenerateError> {
    check_size(rooms, extra_doors)?;
    let mut level = Level::new("");
    level.rooms.clear();
    for i in 1..=rooms {
        let mut room = Room::new(format!("r{i}"), [0.0, 0.0]);
        room.pos = None;
        level.rooms.push(room);
    }
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); rooms];
    for i in 1..rooms {
        // Half the time hang the room off one of the last three (corridors),
        // otherwise off any earlier room (branches).
        let parent = if rng.chance(1, 2) {
            i - 1 - rng.index(i.min(3))
        } else {
            rng.index(i)
        };
        add_door(&mut level, &mut adj, parent, i);
    }
    let placed = extra_doors_within_three(&mut level, &mut adj, extra_doors, rng);
    level.start = level.rooms[0].id.clone();
    level.goal = level.start.clone();
    Ok((level, placed))
}

/// Joins `a` and `b` by a new door `d{n}`.
fn add_door(level: &mut Level, adj: &mut [Vec<usize>], a: usize, b: usize) {
    let id = format!("d{}", level.doors.len() + 1);
    level
        .doors
        .push(Door::new(id, format!("r{}", a + 1), format!("r{}", b + 1)));
    adj[a].push(b);
    adj[b].push(a);
}

/// Adds up to `extra_doors` doors, each between a random room and one two
/// or three doors from it (in discovery order); 20 draws per door at most.
/// Returns how many fitted.
fn extra_doors_within_three(
    level: &mut Level,
    adj: &mut [Vec<usize>],
    extra_doors: usize,
    rng: &mut Rng,
) -> usize {
    let rooms = adj.len();
    let mut placed = 0;
    let mut dist = vec![usize::MAX; rooms];
    let mut touched: Vec<usize> = Vec::new();
    let attempts = extra_doors.saturating_mul(20);
    let mut tries = 0;
    while placed < extra_doors && tries < attempts {
        tries += 1;
        let a = rng.index(rooms);
        // Rooms two or three doors from `a`, in discovery order.
        for &t in &touched {
            dist[t] = usize::MAX;
        }
        touched.clear();
        dist[a] = 0;
        touched.push(a);
        let mut candidates = Vec::new();
        let mut k = 0;
        while k < touched.len() {
            let r = touched[k];
            k += 1;
            if dist[r] >= 3 {
                continue;
            }
            for &s in &adj[r] {
                if dist[s] == usize::MAX {
                    dist[s] = dist[r] + 1;
                    touched.push(s);
                    if dist[s] >= 2 {
                        candidates.push(s);
                    }
                }
            }
        }
        if let Some(&b) = rng.pick(&candidates) {
            add_door(level, adj, a, b);
            placed += 1;
        }
    }
    placed
}

/// At least one room, and rooms and extra doors that fit in a level.
fn check_size(rooms: usize, extra_doors: usize) -> Result<(), GenerateError> {
    if rooms == 0 {
        return Err(GenerateError::param(
            Param::Rooms,
            Problem::TooSmall {
                min: 1,
                value: rooms,
            },
        ));
    }
    if rooms > MAX_ITEMS {
        return Err(GenerateError::param(
            Param::Rooms,
            Problem::TooLarge {
                max: MAX_ITEMS,
                value: rooms,
            },
        ));
    }
    if extra_doors > MAX_DOORS - rooms {
        return Err(GenerateError::param(
            Param::ExtraDoors,
            Problem::TooLarge {
                max: MAX_DOORS - rooms,
                value: extra_doors,
            },
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::common::Graph;

    #[test]
    fn connected_with_extra_doors() {
        let mut rng = Rng::new(5);
        let (level, placed) = random_graph(&mut rng, 60, 15).unwrap();
        assert_eq!(level.rooms.len(), 60);
        assert_eq!(placed, 15);
        assert_eq!(level.doors.len(), 59 + 15);
        let g = Graph::of(&level).unwrap();
        let (dist, _) = g.bfs(0, |_| true);
        assert!(dist.iter().all(|&d| d != usize::MAX));
        assert!(random_graph(&mut rng, 0, 0).is_err());
    }
}
