//! Random connected room graphs for the generators that do not get a layout.

use super::{GenerateError, Param, Problem, Rng};
use crate::format::{MAX_DOORS, MAX_ITEMS};
use crate::model::{Door, Level, Room};

/// A random connected graph of `rooms` rooms (`r1` … `rN`, no positions) and
/// doors (`d1` …): a random tree that favours long corridors, plus up to
/// `extra_doors` more doors, each between rooms two or three doors apart so
/// that loops stay local. Start and goal are `r1`.
///
/// Rooms are numbered, and listed, in breadth-first order from `r1`, and
/// doors in the order of the rooms they join: neighbours stand near each
/// other in the file, so a large level is read and solved with its rooms
/// close together in memory, and a designer reading the list finds it
/// running outward from the start.
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
    let mut graph = Edges {
        adj: vec![Vec::new(); rooms],
        doors: Vec::with_capacity(rooms - 1 + extra_doors),
    };
    for i in 1..rooms {
        // Half the time hang the room off one of the last three (corridors),
        // otherwise off any earlier room (branches).
        let parent = if rng.chance(1, 2) {
            i - 1 - rng.index(i.min(3))
        } else {
            rng.index(i)
        };
        graph.add_door(parent, i);
    }
    let placed = extra_doors_within_three(&mut graph, extra_doors, rng);
    Ok((graph.into_level(), placed))
}

/// The graph as it is drawn: rooms by number, doors as pairs of rooms.
struct Edges {
    adj: Vec<Vec<usize>>,
    doors: Vec<(usize, usize)>,
}

impl Edges {
    /// Joins `a` and `b` by a new door.
    fn add_door(&mut self, a: usize, b: usize) {
        self.doors.push((a, b));
        self.adj[a].push(b);
        self.adj[b].push(a);
    }

    /// The level, rooms renumbered in breadth-first order from room 0 and
    /// doors sorted by the new numbers of their rooms.
    fn into_level(self) -> Level {
        let rank = breadth_first_ranks(&self.adj);
        let mut level = Level::new("");
        level.rooms = (1..=self.adj.len())
            .map(|i| {
                let mut room = Room::new(format!("r{i}"), [0.0, 0.0]);
                room.pos = None;
                room
            })
            .collect();
        let mut doors: Vec<(usize, usize)> = (self.doors.iter())
            .map(|&(a, b)| (rank[a], rank[b]))
            .collect();
        doors.sort_by_key(|&(a, b)| (a.min(b), a.max(b)));
        level.doors = (doors.iter().enumerate())
            .map(|(i, &(a, b))| {
                Door::new(
                    format!("d{}", i + 1),
                    format!("r{}", a + 1),
                    format!("r{}", b + 1),
                )
            })
            .collect();
        level.start = level.rooms[0].id.clone();
        level.goal = level.start.clone();
        level
    }
}

/// Each room's place in a breadth-first walk from room 0; rooms the walk
/// does not reach (none, in a connected graph) come after, in order.
fn breadth_first_ranks(adj: &[Vec<usize>]) -> Vec<usize> {
    let mut rank = vec![usize::MAX; adj.len()];
    let mut order = Vec::with_capacity(adj.len());
    for root in 0..adj.len() {
        if rank[root] != usize::MAX {
            continue;
        }
        rank[root] = order.len();
        order.push(root);
        let mut k = order.len() - 1;
        while let Some(&r) = order.get(k) {
            k += 1;
            for &s in &adj[r] {
                if rank[s] == usize::MAX {
                    rank[s] = order.len();
                    order.push(s);
                }
            }
        }
    }
    rank
}

/// Adds up to `extra_doors` doors, each between a random room and one two
/// or three doors from it (in discovery order); 20 draws per door at most.
/// Returns how many fitted.
fn extra_doors_within_three(graph: &mut Edges, extra_doors: usize, rng: &mut Rng) -> usize {
    let rooms = graph.adj.len();
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
            for &s in &graph.adj[r] {
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
            graph.add_door(a, b);
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

    /// Rooms are listed as a breadth-first walk from the start meets them:
    /// each a door further than or as far as the one before, and each but
    /// the first joined to one listed before it. Doors follow their rooms.
    #[test]
    fn rooms_run_outward_from_the_start() {
        for seed in 0..20 {
            let (level, _) = random_graph(&mut Rng::new(seed), 300, 40).unwrap();
            let g = Graph::of(&level).unwrap();
            let (dist, _) = g.bfs(0, |_| true);
            assert!(dist.windows(2).all(|w| w[0] <= w[1]), "seed {seed}");
            let index = crate::model::LevelIndex::new(&level);
            let ends: Vec<(usize, usize)> = (level.doors.iter())
                .map(|d| {
                    let (a, b) = (index.room(&d.from).unwrap(), index.room(&d.to).unwrap());
                    (a.min(b), a.max(b))
                })
                .collect();
            assert!(ends.windows(2).all(|w| w[0] <= w[1]), "seed {seed}");
            for r in 1..level.rooms.len() {
                assert!(
                    ends.iter().any(|&(a, b)| b == r && a < r),
                    "seed {seed}: r{}",
                    r + 1
                );
            }
        }
    }
}
