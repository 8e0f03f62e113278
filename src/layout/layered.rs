//! The layered drawing: columns by distance from the start.
//!
//! Rooms go in columns by their distance (in doors) from the start, so a
//! level reads left to right as it is played; within a column rooms are
//! ordered by the average place of their neighbours (the barycentre
//! heuristic, which removes most door crossings) and then pulled towards
//! their neighbours while staying at least [`ROW`] apart (an isotonic
//! regression, solved exactly by pooling adjacent violators). Every door
//! joins two rooms of the same or of neighbouring columns, and no two rooms
//! share a place. Parts of the level not connected to the start are drawn
//! below it, one after the other.
//!
//! Deterministic: the same level always gets the same positions, and the
//! work is linear in rooms and doors times a small number of sweeps.

use crate::model::{Level, LevelIndex};

/// Distance between columns, in canvas units.
pub const COLUMN: f64 = 180.0;
/// Least distance between two rooms of a column, in canvas units.
pub const ROW: f64 = 110.0;

/// Positions for every room of `level` (in room order), ignoring the
/// positions it already has.
pub fn layered(level: &Level) -> Vec<[f64; 2]> {
    let index = LevelIndex::new(level);
    let n = level.rooms.len();
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for door in &level.doors {
        if let (Some(a), Some(b)) = (index.room(&door.from), index.room(&door.to))
            && a != b
        {
            adj[a].push(b);
            adj[b].push(a);
        }
    }
    for list in &mut adj {
        list.sort_unstable();
        list.dedup();
    }
    let mut pos = vec![[0.0, 0.0]; n];
    let mut done = vec![false; n];
    let mut top = 0.0;
    let start = index.room(&level.start).unwrap_or(0);
    let roots = std::iter::once(start).chain(0..n);
    for root in roots {
        if root >= n || done[root] {
            continue;
        }
        let bottom = component(&adj, root, &mut done, &mut pos, top);
        top = bottom + ROW * 1.5;
    }
    for p in &mut pos {
        p[0] = p[0].round();
        p[1] = p[1].round();
    }
    pos
}

/// Lays out the component of `root` with its top at `top`; returns its lowest `y`.
#[allow(clippy::needless_range_loop)] // column `k` and its neighbour `k ± 1`
fn component(
    adj: &[Vec<usize>],
    root: usize,
    done: &mut [bool],
    pos: &mut [[f64; 2]],
    top: f64,
) -> f64 {
    // Columns by breadth-first distance; discovery order is the first order.
    let mut layers: Vec<Vec<usize>> = vec![vec![root]];
    let mut layer_of = vec![usize::MAX; adj.len()];
    layer_of[root] = 0;
    done[root] = true;
    let mut k = 0;
    while k < layers.len() {
        let mut next = Vec::new();
        for &r in &layers[k] {
            for &s in &adj[r] {
                if !done[s] {
                    done[s] = true;
                    layer_of[s] = k + 1;
                    next.push(s);
                }
            }
        }
        if !next.is_empty() {
            layers.push(next);
        }
        k += 1;
    }
    // Order within columns: barycentre sweeps, down then up.
    let mut rank = vec![0.0f64; adj.len()];
    let set_ranks = |layers: &[Vec<usize>], rank: &mut [f64]| {
        for layer in layers {
            for (i, &r) in layer.iter().enumerate() {
                rank[r] = i as f64;
            }
        }
    };
    set_ranks(&layers, &mut rank);
    for _ in 0..4 {
        for k in 1..layers.len() {
            reorder(&mut layers[k], adj, &layer_of, k - 1, &mut rank);
        }
        for k in (0..layers.len().saturating_sub(1)).rev() {
            reorder(&mut layers[k], adj, &layer_of, k + 1, &mut rank);
        }
    }
    // Coordinates: start evenly spaced, then pull towards neighbours.
    let mut y = vec![0.0f64; adj.len()];
    for layer in &layers {
        for (i, &r) in layer.iter().enumerate() {
            y[r] = i as f64 * ROW;
        }
    }
    for _ in 0..3 {
        for k in 1..layers.len() {
            settle(&layers[k], adj, &layer_of, &[k - 1], &mut y);
        }
        for k in (0..layers.len().saturating_sub(1)).rev() {
            let near: &[usize] = if k == 0 { &[1] } else { &[k - 1, k + 1] };
            settle(&layers[k], adj, &layer_of, near, &mut y);
        }
    }
    let min_y = layers
        .iter()
        .flatten()
        .map(|&r| y[r])
        .fold(f64::INFINITY, f64::min);
    let mut bottom = top;
    for (k, layer) in layers.iter().enumerate() {
        for &r in layer {
            let yy = y[r] - min_y + top;
            pos[r] = [k as f64 * COLUMN, yy];
            bottom = bottom.max(yy);
        }
    }
    bottom
}

/// Sorts a column by the mean rank of each room's neighbours in column `other`
/// (rooms without such neighbours keep their rank); stable, so ties keep order.
fn reorder(
    layer: &mut [usize],
    adj: &[Vec<usize>],
    layer_of: &[usize],
    other: usize,
    rank: &mut [f64],
) {
    let mut keyed: Vec<(f64, usize)> = layer
        .iter()
        .map(|&r| {
            let (sum, count) = adj[r]
                .iter()
                .filter(|&&s| layer_of[s] == other)
                .fold((0.0, 0usize), |(sum, c), &s| (sum + rank[s], c + 1));
            let key = if count == 0 {
                rank[r]
            } else {
                sum / count as f64
            };
            (key, r)
        })
        .collect();
    keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (i, (_, r)) in keyed.into_iter().enumerate() {
        layer[i] = r;
        rank[r] = i as f64;
    }
}

/// Moves the rooms of a column as close as it can to the mean `y` of their
/// neighbours in the `near` columns, keeping their order and [`ROW`] apart.
fn settle(layer: &[usize], adj: &[Vec<usize>], layer_of: &[usize], near: &[usize], y: &mut [f64]) {
    // Want z[i] = y[i] - i*ROW non-decreasing, as close as possible to the targets.
    let targets: Vec<f64> = layer
        .iter()
        .enumerate()
        .map(|(i, &r)| {
            let (sum, count) = adj[r]
                .iter()
                .filter(|&&s| near.contains(&layer_of[s]))
                .fold((0.0, 0usize), |(sum, c), &s| (sum + y[s], c + 1));
            let want = if count == 0 { y[r] } else { sum / count as f64 };
            want - i as f64 * ROW
        })
        .collect();
    // Pool adjacent violators: blocks of (sum, count).
    let mut blocks: Vec<(f64, usize)> = Vec::with_capacity(targets.len());
    for &t in &targets {
        blocks.push((t, 1));
        while blocks.len() >= 2 {
            let (s2, c2) = blocks[blocks.len() - 1];
            let (s1, c1) = blocks[blocks.len() - 2];
            if s1 / c1 as f64 > s2 / c2 as f64 {
                blocks.pop();
                let last = blocks.len() - 1;
                blocks[last] = (s1 + s2, c1 + c2);
            } else {
                break;
            }
        }
    }
    let mut i = 0;
    for (sum, count) in blocks {
        let mean = sum / count as f64;
        for _ in 0..count {
            y[layer[i]] = mean + i as f64 * ROW;
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::chain_and_branch;
    use super::*;

    #[test]
    fn columns_follow_distance_and_rooms_do_not_overlap() {
        let level = chain_and_branch();
        let pos = layered(&level);
        assert_eq!(pos[0][0], 0.0);
        assert_eq!(pos[1][0], COLUMN);
        assert_eq!(pos[4][0], 3.0 * COLUMN);
        for i in 0..pos.len() {
            for j in i + 1..pos.len() {
                let d = (pos[i][0] - pos[j][0]).hypot(pos[i][1] - pos[j][1]);
                assert!(d >= ROW - 1.0, "rooms {i} and {j} overlap");
            }
        }
        assert_eq!(pos, layered(&level));
    }
}
