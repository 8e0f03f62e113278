//! Stress majorization: places a connected graph so that the distance
//! between two rooms on the canvas follows the number of doors between them.
//!
//! Large graphs use the sparse stress model (Ortmann, Klimenta and Brandes,
//! 2016): every room is pulled by its neighbours and by up to [`PIVOTS`]
//! pivot rooms, each pivot standing for the rooms closest to it, so a sweep
//! costs O(n · pivots) instead of O(n²). With no more rooms than pivots it is
//! the full stress model. The start comes from pivot MDS (Brandes and Pich,
//! 2006), so the result is deterministic and needs no random numbers.

use super::graph::Adjacency;
use super::watch::Part;

/// Most pivot rooms.
const PIVOTS: usize = 100;
/// Most sweeps of the majorization.
const SWEEPS: usize = 120;
/// Fewest sweeps, however large the graph.
const MIN_SWEEPS: usize = 12;
/// Terms all the sweeps together may weigh: a graph of up to about 12,000
/// rooms gets its [`SWEEPS`], a larger one fewer (down to [`MIN_SWEEPS`]),
/// so that drawing 100,000 rooms takes seconds, not most of a minute. The
/// pivot start already has the large shape right; the sweeps mostly even
/// out the doors.
const TERM_WORK: usize = 150_000_000;

/// Positions in units of one door (a door is about one unit long), for a
/// connected graph; `None` when `part`'s caller stopped it.
pub(crate) fn stress(g: &Adjacency, part: Part<'_>) -> Option<Vec<[f64; 2]>> {
    let n = g.len();
    match n {
        0 => return Some(Vec::new()),
        1 => return Some(vec![[0.0, 0.0]]),
        2 => return Some(vec![[0.0, 0.0], [1.0, 0.0]]),
        _ => {}
    }
    let pivots = Pivots::new(g, PIVOTS.min(n));
    let mut pos = pivots.mds();
    unit_doors(&mut pos, g);
    // A little deterministic spread, so that a line can still bend.
    for (i, p) in pos.iter_mut().enumerate() {
        let t = i as f64 * 2.399_963;
        p[0] += 0.02 * t.cos();
        p[1] += 0.02 * t.sin();
    }
    let terms = pivots.terms(g);
    let weighed = terms.iter().map(Vec::len).sum::<usize>().max(1);
    let sweeps = (TERM_WORK / weighed).clamp(MIN_SWEEPS, SWEEPS);
    for done in 0..sweeps {
        if part.stopped() {
            return None;
        }
        part.report(done as f32 / sweeps as f32);
        if sweep(&mut pos, &terms) < 0.005 {
            break;
        }
    }
    Some(pos)
}

/// Pivot rooms and their breadth-first distances to every room.
struct Pivots {
    nodes: Vec<usize>,
    /// `dist[k][i]`: doors between pivot `k` and room `i`.
    dist: Vec<Vec<u32>>,
}

impl Pivots {
    /// Max-min choice: each pivot is the room farthest from those chosen.
    fn new(g: &Adjacency, k: usize) -> Self {
        let n = g.len();
        let first = (0..n).max_by_key(|&i| (g.adj[i].len(), std::cmp::Reverse(i)));
        let mut nodes = vec![first.unwrap_or(0)];
        let mut dist = Vec::with_capacity(k);
        let mut nearest = vec![u32::MAX; n];
        let mut queue = Vec::with_capacity(n);
        while let Some(&p) = nodes.last() {
            let mut d = Vec::new();
            g.distances(p, &mut d, &mut queue);
            for (m, &x) in nearest.iter_mut().zip(&d) {
                *m = (*m).min(x);
            }
            dist.push(d);
            if nodes.len() == k {
                break;
            }
            let next = (0..n)
                .filter(|i| !nodes.contains(i))
                .max_by_key(|&i| (nearest[i], std::cmp::Reverse(i)));
            match next {
                Some(i) => nodes.push(i),
                None => break,
            }
        }
        Self { nodes, dist }
    }

    fn n(&self) -> usize {
        self.dist.first().map_or(0, Vec::len)
    }

    /// Pivot MDS: the two main axes of the double-centred squared distances.
    fn mds(&self) -> Vec<[f64; 2]> {
        let (n, k) = (self.n(), self.nodes.len());
        let sq = |p: usize, i: usize| {
            let d = f64::from(self.dist[p][i]);
            d * d
        };
        let col_mean: Vec<f64> = (0..k)
            .map(|p| (0..n).map(|i| sq(p, i)).sum::<f64>() / n as f64)
            .collect();
        let row_mean: Vec<f64> = (0..n)
            .map(|i| (0..k).map(|p| sq(p, i)).sum::<f64>() / k as f64)
            .collect();
        let all = col_mean.iter().sum::<f64>() / k as f64;
        let c: Vec<Vec<f64>> = (0..n)
            .map(|i| {
                (0..k)
                    .map(|p| -0.5 * (sq(p, i) - row_mean[i] - col_mean[p] + all))
                    .collect()
            })
            .collect();
        // B = CᵀC (k × k); its two leading eigenvectors by power iteration.
        let mut b = vec![vec![0.0; k]; k];
        for row in &c {
            for p in 0..k {
                for q in 0..k {
                    b[p][q] += row[p] * row[q];
                }
            }
        }
        let v1 = leading(&b, None);
        let v2 = leading(&b, Some(&v1));
        c.iter().map(|row| [dot(row, &v1), dot(row, &v2)]).collect()
    }

    /// Every room's terms: `(other room, wanted distance, weight)`.
    fn terms(&self, g: &Adjacency) -> Vec<Vec<(usize, f64, f64)>> {
        let n = self.n();
        let all = self.nodes.len() == n;
        // Each room's region: the pivot nearest to it (first on ties).
        let region: Vec<usize> = (0..n)
            .map(|i| {
                (0..self.nodes.len())
                    .min_by_key(|&p| self.dist[p][i])
                    .unwrap_or(0)
            })
            .collect();
        // Per pivot: the distances of its region's rooms, sorted.
        let mut members: Vec<Vec<u32>> = vec![Vec::new(); self.nodes.len()];
        for (i, &p) in region.iter().enumerate() {
            members[p].push(self.dist[p][i]);
        }
        for m in &mut members {
            m.sort_unstable();
        }
        (0..n)
            .map(|i| {
                let mut t = Vec::with_capacity(self.nodes.len() + g.adj[i].len());
                if !all {
                    t.extend(g.adj[i].iter().map(|&j| (j, 1.0, 1.0)));
                }
                for (p, &node) in self.nodes.iter().enumerate() {
                    let d = self.dist[p][i];
                    if node == i || d == 0 || d == u32::MAX || (!all && d == 1) {
                        continue;
                    }
                    let stands_for = if all {
                        1
                    } else {
                        members[p].partition_point(|&x| 2 * x <= d).max(1)
                    };
                    let d = f64::from(d);
                    t.push((node, d, stands_for as f64 / (d * d)));
                }
                t
            })
            .collect()
    }
}

/// Scales the drawing so that a door is one unit long on average.
fn unit_doors(pos: &mut [[f64; 2]], g: &Adjacency) {
    let total: f64 = g
        .edges
        .iter()
        .map(|&(a, b)| (pos[a][0] - pos[b][0]).hypot(pos[a][1] - pos[b][1]))
        .sum();
    let mean = total / g.edges.len().max(1) as f64;
    if mean > 1e-12 {
        for p in pos {
            *p = [p[0] / mean, p[1] / mean];
        }
    }
}

/// One Gauss–Seidel sweep of the majorization; returns the largest move.
fn sweep(pos: &mut [[f64; 2]], terms: &[Vec<(usize, f64, f64)>]) -> f64 {
    let mut largest = 0.0f64;
    for (i, t) in terms.iter().enumerate() {
        let [xi, yi] = pos[i];
        let (mut sx, mut sy, mut sw) = (0.0, 0.0, 0.0);
        for &(j, d, w) in t {
            let [xj, yj] = pos[j];
            let (dx, dy) = (xi - xj, yi - yj);
            let len = (dx * dx + dy * dy).sqrt();
            let (ux, uy) = if len > 1e-9 {
                (dx / len, dy / len)
            } else {
                (0.0, 0.0)
            };
            sx += w * (xj + d * ux);
            sy += w * (yj + d * uy);
            sw += w;
        }
        if sw > 0.0 {
            let new = [sx / sw, sy / sw];
            largest = largest.max((new[0] - xi).hypot(new[1] - yi));
            pos[i] = new;
        }
    }
    largest
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// The leading eigenvector of the symmetric `b`, orthogonal to `not`.
fn leading(b: &[Vec<f64>], not: Option<&[f64]>) -> Vec<f64> {
    let k = b.len();
    let mut v: Vec<f64> = (0..k)
        .map(|i| if i % 2 == 0 { 1.0 } else { -0.5 } + i as f64 * 0.01)
        .collect();
    for _ in 0..100 {
        if let Some(u) = not {
            let along = dot(&v, u);
            for (x, y) in v.iter_mut().zip(u) {
                *x -= along * y;
            }
        }
        let mut next: Vec<f64> = b.iter().map(|row| dot(row, &v)).collect();
        let norm = dot(&next, &next).sqrt();
        if norm < 1e-12 {
            break;
        }
        for x in &mut next {
            *x /= norm;
        }
        v = next;
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Watch;

    fn stress(g: &Adjacency) -> Vec<[f64; 2]> {
        super::stress(g, Watch::none().part(0.0, 1.0)).unwrap()
    }

    fn spread(pos: &[[f64; 2]], a: usize, b: usize) -> f64 {
        (pos[a][0] - pos[b][0]).hypot(pos[a][1] - pos[b][1])
    }

    #[test]
    fn a_cycle_becomes_a_ring_and_far_rooms_stay_far() {
        let n = 12;
        let g = Adjacency::new(n, (0..n).map(|i| (i, (i + 1) % n)));
        let pos = stress(&g);
        for i in 0..n {
            let d = spread(&pos, i, (i + 1) % n);
            assert!((0.6..1.6).contains(&d), "door {i} is {d} long");
        }
        assert!(spread(&pos, 0, 6) > 2.5, "opposite rooms are apart");
        assert_eq!(pos, stress(&g), "deterministic");
    }

    #[test]
    fn sparse_stress_keeps_a_long_path_long() {
        let n = 300;
        let g = Adjacency::new(n, (0..n - 1).map(|i| (i, i + 1)));
        let pos = stress(&g);
        assert!(spread(&pos, 0, n - 1) > 150.0, "{}", spread(&pos, 0, n - 1));
        assert!(spread(&pos, 10, 11) < 2.0, "{}", spread(&pos, 10, 11));
    }
}
