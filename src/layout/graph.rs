//! The room graph the layouts work on: rooms as numbers `0..n`, each pair of
//! joined rooms once, whatever the number or direction of their doors.

use crate::model::{Level, LevelIndex};

/// An undirected simple graph over `0..n`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Adjacency {
    /// Each joined pair once, the smaller number first, in first-door order.
    pub edges: Vec<(usize, usize)>,
    /// Per node: its neighbours, ascending.
    pub adj: Vec<Vec<usize>>,
}

impl Adjacency {
    /// The graph of `n` nodes with these edges (loops and repeats dropped).
    pub fn new(n: usize, pairs: impl IntoIterator<Item = (usize, usize)>) -> Self {
        let mut adj = vec![Vec::new(); n];
        let mut edges = Vec::new();
        for (a, b) in pairs {
            if a == b || a >= n || b >= n || adj[a].contains(&b) {
                continue;
            }
            adj[a].push(b);
            adj[b].push(a);
            edges.push((a.min(b), a.max(b)));
        }
        for list in &mut adj {
            list.sort_unstable();
        }
        Self { edges, adj }
    }

    /// The rooms of `level` listed in `rooms` (positions in `level.rooms`),
    /// numbered in that order, and the doors between two of them.
    pub fn of_rooms(level: &Level, rooms: &[usize]) -> Self {
        let index = LevelIndex::new(level);
        let mut local = vec![usize::MAX; level.rooms.len()];
        for (i, &r) in rooms.iter().enumerate() {
            if let Some(slot) = local.get_mut(r) {
                *slot = i;
            }
        }
        let pairs = level.doors.iter().filter_map(|door| {
            let a = *local.get(index.room(&door.from)?)?;
            let b = *local.get(index.room(&door.to)?)?;
            (a != usize::MAX && b != usize::MAX).then_some((a, b))
        });
        Self::new(rooms.len(), pairs)
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.adj.len()
    }

    /// Breadth-first distances from `from` (`u32::MAX` where not reached).
    /// Hand-written, its buffers kept between calls (stress runs one from
    /// every room): petgraph has no breadth-first distances, and a Dijkstra
    /// from each room filling a `HashMap` would do here what a queue does.
    pub fn distances(&self, from: usize, dist: &mut Vec<u32>, queue: &mut Vec<usize>) {
        dist.clear();
        dist.resize(self.len(), u32::MAX);
        queue.clear();
        if from >= self.len() {
            return;
        }
        dist[from] = 0;
        queue.push(from);
        let mut head = 0;
        while let Some(&r) = queue.get(head) {
            head += 1;
            for &s in &self.adj[r] {
                if dist[s] == u32::MAX {
                    dist[s] = dist[r] + 1;
                    queue.push(s);
                }
            }
        }
    }

    /// The connected components, each in breadth-first order from its
    /// lowest node, largest component first (ties: lowest first node).
    /// Hand-written: petgraph's `connected_components` gives their number
    /// only, not their rooms in this order.
    pub fn components(&self) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.len()];
        let mut out = Vec::new();
        for root in 0..self.len() {
            if seen[root] {
                continue;
            }
            seen[root] = true;
            let mut comp = vec![root];
            let mut head = 0;
            while let Some(&r) = comp.get(head) {
                head += 1;
                for &s in &self.adj[r] {
                    if !seen[s] {
                        seen[s] = true;
                        comp.push(s);
                    }
                }
            }
            out.push(comp);
        }
        out.sort_by_key(|c| std::cmp::Reverse(c.len()));
        out
    }

    /// The subgraph on `nodes`, numbered in that order.
    pub fn induced(&self, nodes: &[usize]) -> Self {
        let mut local = vec![usize::MAX; self.len()];
        for (i, &v) in nodes.iter().enumerate() {
            local[v] = i;
        }
        let pairs = self
            .edges
            .iter()
            .map(|&(a, b)| (local[a], local[b]))
            .filter(|&(a, b)| a != usize::MAX && b != usize::MAX);
        Self::new(nodes.len(), pairs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_and_loops_are_dropped_and_components_found() {
        let g = Adjacency::new(5, [(0, 1), (1, 0), (1, 1), (3, 4), (1, 2)]);
        assert_eq!(g.edges, vec![(0, 1), (3, 4), (1, 2)]);
        assert_eq!(g.adj[1], vec![0, 2]);
        assert_eq!(g.components(), vec![vec![0, 1, 2], vec![3, 4]]);
        let mut dist = Vec::new();
        g.distances(0, &mut dist, &mut Vec::new());
        assert_eq!(dist, vec![0, 1, 2, u32::MAX, u32::MAX]);
        let sub = g.induced(&[2, 1]);
        assert_eq!(sub.edges, vec![(0, 1)]);
    }
}
