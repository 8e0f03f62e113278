//! The tree layout's seed: the breadth-first tree from the start drawn
//! radially, each subtree in a wedge as wide as its share of the leaves, on
//! rings whose radii keep the density even (the area inside ring `d` grows
//! with the rooms up to depth `d`), so leaves spread in two dimensions
//! instead of one long row. The grid then puts the drawing on cells.

use super::graph::Adjacency;

/// Radial positions for a connected graph, rooted at `root`.
pub(crate) fn radial(g: &Adjacency, root: usize) -> Vec<[f64; 2]> {
    let n = g.len();
    if n == 0 {
        return Vec::new();
    }
    let root = root.min(n - 1);
    // The breadth-first tree: parents, depths, and children in order.
    let mut depth = vec![usize::MAX; n];
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut order = vec![root];
    depth[root] = 0;
    let mut head = 0;
    while let Some(&v) = order.get(head) {
        head += 1;
        for &w in &g.adj[v] {
            if depth[w] == usize::MAX {
                depth[w] = depth[v] + 1;
                children[v].push(w);
                order.push(w);
            }
        }
    }
    // Leaves under each room, children before parents.
    let mut leaves = vec![0usize; n];
    for &v in order.iter().rev() {
        leaves[v] = children[v].iter().map(|&c| leaves[c]).sum::<usize>().max(1);
    }
    // Ring radii: the disc inside ring d holds the rooms up to depth d.
    let deepest = order.iter().map(|&v| depth[v]).max().unwrap_or(0);
    let mut per_depth = vec![0usize; deepest + 1];
    for &v in &order {
        per_depth[depth[v]] += 1;
    }
    let mut radius = vec![0.0f64; deepest + 1];
    let mut inside = 0usize;
    for d in 0..=deepest {
        inside += per_depth[d];
        radius[d] = if d == 0 {
            0.0
        } else {
            (inside as f64 / std::f64::consts::PI)
                .sqrt()
                .max(radius[d - 1] + 0.8)
        };
    }
    // Wedges, parents first.
    let mut wedge = vec![(0.0f64, std::f64::consts::TAU); n];
    let mut pos = vec![[0.0, 0.0]; n];
    for &v in &order {
        let (from, width) = wedge[v];
        let angle = from + width / 2.0;
        let r = radius[depth[v]];
        pos[v] = [r * angle.cos(), r * angle.sin()];
        let mut at = from;
        for &c in &children[v] {
            let share = width * leaves[c] as f64 / leaves[v] as f64;
            wedge[c] = (at, share);
            at += share;
        }
    }
    pos
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_lie_further_out_than_their_parent_and_leaves_spread_round() {
        // A root with three chains of two rooms.
        let g = Adjacency::new(7, [(0, 1), (1, 2), (0, 3), (3, 4), (0, 5), (5, 6)]);
        let pos = radial(&g, 0);
        let r = |v: usize| pos[v][0].hypot(pos[v][1]);
        assert_eq!(r(0), 0.0);
        for (parent, child) in [(0, 1), (1, 2), (3, 4)] {
            assert!(r(child) > r(parent));
        }
        let leaves = [pos[2], pos[4], pos[6]];
        let (mx, my) = leaves
            .iter()
            .fold((0.0, 0.0), |(x, y), p| (x + p[0] / 3.0, y + p[1] / 3.0));
        assert!(mx.hypot(my) < 0.5, "the leaves surround the root");
    }
}
