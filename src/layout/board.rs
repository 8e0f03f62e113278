//! The board of the grid layout: which room stands on which cell, and an
//! index from cells to the doors whose bounding box covers them, so that the
//! cost of a door (length, bend, rooms it passes through, crossings) is
//! worked out from what lies near it only.

use super::graph::Adjacency;
use super::grid::Move;
use super::vacancy::{Vacancies, each_open};
use crate::export::geometry::{ROOM_H, ROOM_W};

/// Cell size in whole canvas units, for exact crossing tests.
const W: i64 = super::CELL_W as i64;
const H: i64 = super::CELL_H as i64;
/// Half a room and a little air: a door closer than this touches the room.
const HALF_W: f64 = ROOM_W / 2.0 + 4.0;
const HALF_H: f64 = ROOM_H / 2.0 + 4.0;

/// A door across a row and a column at once (one that is not straight).
const BEND: f64 = 0.5;
/// A door drawn through a room.
const PASS: f64 = 6.0;
/// Two doors crossing: dearer than a few cells of door, so that a tree,
/// which needs no crossing, gets none (at 3, the article's trees of depth
/// 6 kept up to 3 crossings; big trees lose half of theirs).
const CROSS: f64 = 12.0;

const NONE: u32 = u32::MAX;

/// Rooms on cells.
pub(crate) struct Board {
    cols: i32,
    rows: i32,
    occ: Vec<u32>,
    vacant: Vacancies,
    cell: Vec<(i32, i32)>,
    placed: Vec<bool>,
    edges: Vec<(usize, usize)>,
    incident: Vec<Vec<u32>>,
    buckets: Vec<Vec<u32>>,
    stamp: Vec<u32>,
    epoch: u32,
    /// Doors and cells looked at so far: the measure of the search's work.
    pub work: u64,
    scratch: Vec<usize>,
    /// A room weighed at another cell without moving it ([`Self::cost_at`]).
    ghost: Option<(usize, (i32, i32))>,
}

impl Board {
    /// An empty board of `cols` × `rows` cells for the rooms of `g`.
    pub fn new(g: &Adjacency, cols: usize, rows: usize) -> Self {
        let mut incident = vec![Vec::new(); g.len()];
        for (e, &(a, b)) in g.edges.iter().enumerate() {
            incident[a].push(e as u32);
            incident[b].push(e as u32);
        }
        Self {
            cols: cols as i32,
            rows: rows as i32,
            occ: vec![NONE; cols * rows],
            vacant: Vacancies::new(cols as i32, rows as i32),
            cell: vec![(0, 0); g.len()],
            placed: vec![false; g.len()],
            edges: g.edges.clone(),
            incident,
            buckets: vec![Vec::new(); cols * rows],
            stamp: vec![0; g.edges.len()],
            epoch: 0,
            work: 0,
            scratch: Vec::new(),
            ghost: None,
        }
    }

    fn slot(&self, (c, r): (i32, i32)) -> Option<usize> {
        (c >= 0 && r >= 0 && c < self.cols && r < self.rows).then(|| (r * self.cols + c) as usize)
    }

    /// The room on `cell`, if any.
    pub fn room_at(&self, cell: (i32, i32)) -> Option<usize> {
        let s = self.slot(cell)?;
        (self.occ[s] != NONE).then(|| self.occ[s] as usize)
    }

    /// Is `cell` on the board and empty?
    pub fn is_free(&self, cell: (i32, i32)) -> bool {
        self.slot(cell).is_some_and(|s| self.occ[s] == NONE)
    }

    /// The cell of room `v`.
    pub fn cell(&self, v: usize) -> (i32, i32) {
        self.cell[v]
    }

    /// Every room's cell.
    pub fn cells(&self) -> Vec<(i32, i32)> {
        self.cell.clone()
    }

    /// The free cell nearest to `want` (clamped to the board), searching
    /// outwards ring by ring; the board always has a free cell for a room.
    /// Within the first ring that has one, the nearest on the canvas, and
    /// of those the first in reading order.
    pub fn nearest_free(&self, want: (i32, i32)) -> (i32, i32) {
        let want = (
            want.0.clamp(0, self.cols - 1),
            want.1.clamp(0, self.rows - 1),
        );
        for radius in 0..=self.cols.max(self.rows) {
            let mut best: Option<(i64, i32, i32)> = None;
            self.each_free_on_ring(want, radius, |(c, r)| {
                let (dc, dr) = (c - want.0, r - want.1);
                let d =
                    i64::from(dc) * i64::from(dc) * W * W + i64::from(dr) * i64::from(dr) * H * H;
                if best.is_none_or(|b| (d, r, c) < b) {
                    best = Some((d, r, c));
                }
            });
            if let Some((_, r, c)) = best {
                return (c, r);
            }
        }
        want
    }

    /// Calls `visit` on every free cell of the square ring of `radius`
    /// around `at`, skipping blocks with no free cell: its top and bottom
    /// rows, then its two sides between them.
    fn each_free_on_ring(&self, at: (i32, i32), radius: i32, mut visit: impl FnMut((i32, i32))) {
        let mut line = |lo: i32, hi: i32, cell: &dyn Fn(i32) -> (i32, i32)| {
            let full = |t| self.vacant.full(cell(t));
            each_open(lo, hi, full, |t| {
                if self.is_free(cell(t)) {
                    visit(cell(t));
                }
            });
        };
        let (c0, c1) = ((at.0 - radius).max(0), (at.0 + radius).min(self.cols - 1));
        let (r0, r1) = (
            (at.1 - radius + 1).max(0),
            (at.1 + radius - 1).min(self.rows - 1),
        );
        // A ring of radius 0 is one cell, its one row.
        let ends = if radius == 0 { 1 } else { 2 };
        for r in [at.1 - radius, at.1 + radius].into_iter().take(ends) {
            if (0..self.rows).contains(&r) {
                line(c0, c1, &|c| (c, r));
            }
        }
        for c in [at.0 - radius, at.0 + radius].into_iter().take(ends) {
            if (0..self.cols).contains(&c) {
                line(r0, r1, &|r| (c, r));
            }
        }
    }

    /// Puts room `v` (not yet placed) on the free `cell`.
    pub fn place(&mut self, v: usize, cell: (i32, i32)) {
        if let Some(s) = self.slot(cell) {
            if self.occ[s] == NONE {
                self.vacant.take(cell);
            }
            self.occ[s] = v as u32;
        }
        self.cell[v] = cell;
        self.placed[v] = true;
        self.index_edges(v, true);
    }

    /// Carries out a move; returns the move that takes it back.
    pub fn apply(&mut self, m: Move) -> Move {
        match m {
            Move::To(v, to) => {
                let from = self.cell[v];
                self.lift(v);
                self.place(v, to);
                Move::To(v, from)
            }
            Move::Swap(v, w) => {
                let (a, b) = (self.cell[v], self.cell[w]);
                self.lift(v);
                self.lift(w);
                self.place(v, b);
                self.place(w, a);
                m
            }
        }
    }

    /// Takes room `v` off the board.
    fn lift(&mut self, v: usize) {
        self.index_edges(v, false);
        if let Some(s) = self.slot(self.cell[v])
            && self.occ[s] == v as u32
        {
            self.occ[s] = NONE;
            self.vacant.give(self.cell[v]);
        }
        self.placed[v] = false;
    }

    /// Adds (or removes) the doors of `v` whose both rooms are placed to the index.
    fn index_edges(&mut self, v: usize, add: bool) {
        let mut slots = std::mem::take(&mut self.scratch);
        for i in 0..self.incident[v].len() {
            let e = self.incident[v][i];
            let (a, b) = self.edges[e as usize];
            if !(self.placed[a] && self.placed[b]) {
                continue;
            }
            self.trace(self.cell[a], self.cell[b], &mut slots);
            for &s in &slots {
                let bucket = &mut self.buckets[s];
                self.work += 1 + bucket.len() as u64;
                if add {
                    bucket.push(e);
                } else if let Some(k) = bucket.iter().position(|&x| x == e) {
                    bucket.swap_remove(k);
                }
            }
        }
        self.scratch = slots;
    }

    /// The board slots of every cell the segment between the centres of two
    /// cells passes through (a little more on the borders, never less).
    fn trace(&self, a: (i32, i32), b: (i32, i32), out: &mut Vec<usize>) {
        out.clear();
        let (a, b) = if a.0 <= b.0 { (a, b) } else { (b, a) };
        let (x0, y0, x1, y1) = (
            f64::from(a.0),
            f64::from(a.1),
            f64::from(b.0),
            f64::from(b.1),
        );
        const EPS: f64 = 1e-6;
        for c in a.0..=b.0 {
            let (ya, yb) = if a.0 == b.0 {
                (y0, y1)
            } else {
                let at = |x: f64| y0 + (y1 - y0) * (x - x0) / (x1 - x0);
                let lo = (f64::from(c) - 0.5).max(x0);
                let hi = (f64::from(c) + 0.5).min(x1);
                (at(lo), at(hi))
            };
            let r0 = (ya.min(yb) + 0.5 - EPS).floor() as i32;
            let r1 = (ya.max(yb) + 0.5 + EPS).floor() as i32;
            for r in r0..=r1 {
                out.extend(self.slot((c, r)));
            }
        }
    }

    /// The cost of the doors of the rooms in `who` and of the doors that pass
    /// through those rooms (`usize::MAX` entries are skipped).
    pub fn local_cost(&mut self, who: &[usize]) -> f64 {
        let mut cost = 0.0;
        let mut seen: Vec<u32> = Vec::new();
        for &v in who.iter().filter(|&&v| v != usize::MAX) {
            for i in 0..self.incident[v].len() {
                let e = self.incident[v][i];
                if seen.contains(&e) {
                    continue;
                }
                seen.push(e);
                cost += self.edge_cost(e as usize);
            }
            cost += PASS * self.through(v) as f64;
        }
        cost
    }

    /// The length and bend part of the cost of the doors of the rooms in
    /// `who` if they stood at `at` (the other rooms staying): a lower bound of
    /// [`Self::local_cost`] there, cheap enough to rule most moves out.
    pub fn length_cost(&self, who: &[usize; 2], at: &[(i32, i32); 2]) -> f64 {
        let cell = |u: usize| match who.iter().position(|&x| x == u) {
            Some(k) => at[k],
            None => self.cell_of(u),
        };
        let mut cost = 0.0;
        for (k, &v) in who.iter().enumerate() {
            if v == usize::MAX {
                continue;
            }
            for &e in &self.incident[v] {
                let (a, b) = self.edges[e as usize];
                let other = if a == v { b } else { a };
                if !self.placed[other] || (k == 1 && other == who[0]) {
                    continue;
                }
                let (p, q) = (at[k], cell(other));
                let (dx, dy) = (
                    f64::from(q.0 - p.0) * W as f64,
                    f64::from(q.1 - p.1) * H as f64,
                );
                cost += (dx * dx + dy * dy).sqrt() / W as f64;
                if dx != 0.0 && dy != 0.0 {
                    cost += BEND;
                }
            }
        }
        cost
    }

    /// Where room `v` is weighed: its cell, or the ghost's.
    fn cell_of(&self, v: usize) -> (i32, i32) {
        match self.ghost {
            Some((g, cell)) if g == v => cell,
            _ => self.cell[v],
        }
    }

    /// [`Self::local_cost`] of room `v` were it on the free `cell`: worked
    /// out without touching the board.
    pub fn cost_at(&mut self, v: usize, cell: (i32, i32)) -> f64 {
        self.ghost = Some((v, cell));
        let cost = self.local_cost(&[v, usize::MAX]);
        self.ghost = None;
        cost
    }

    fn point(&self, v: usize) -> (i64, i64) {
        let (c, r) = self.cell_of(v);
        (i64::from(c) * W, i64::from(r) * H)
    }

    fn edge_cost(&mut self, e: usize) -> f64 {
        let (a, b) = self.edges[e];
        let ((ax, ay), (bx, by)) = (self.point(a), self.point(b));
        let (dx, dy) = ((bx - ax) as f64, (by - ay) as f64);
        let mut cost = dx.hypot(dy) / W as f64;
        if dx != 0.0 && dy != 0.0 {
            cost += BEND;
        }
        cost + PASS * self.passes(e) as f64 + CROSS * self.crossings_of(e) as f64
    }

    /// Rooms other than its own that door `e` is drawn through.
    fn passes(&mut self, e: usize) -> usize {
        let (a, b) = self.edges[e];
        let (pa, pb) = (self.point(a), self.point(b));
        let mut slots = std::mem::take(&mut self.scratch);
        self.trace(self.cell_of(a), self.cell_of(b), &mut slots);
        self.work += slots.len() as u64;
        let count = slots
            .iter()
            .filter_map(|&s| (self.occ[s] != NONE).then_some(self.occ[s] as usize))
            .filter(|&u| u != a && u != b && hits_room(pa, pb, self.point(u)))
            .count();
        self.scratch = slots;
        count
    }

    /// Doors not of room `v` drawn through it.
    fn through(&mut self, v: usize) -> usize {
        let Some(s) = self.slot(self.cell_of(v)) else {
            return 0;
        };
        let at = self.point(v);
        self.work += self.buckets[s].len() as u64;
        self.buckets[s]
            .iter()
            .filter(|&&f| {
                let (a, b) = self.edges[f as usize];
                a != v && b != v && hits_room(self.point(a), self.point(b), at)
            })
            .count()
    }

    /// Doors that cross door `e` (sharing no room with it): two doors that
    /// cross are both in the index of the cell where they cross.
    fn crossings_of(&mut self, e: usize) -> usize {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
        let (a, b) = self.edges[e];
        let (pa, pb) = (self.point(a), self.point(b));
        let mut slots = std::mem::take(&mut self.scratch);
        self.trace(self.cell_of(a), self.cell_of(b), &mut slots);
        let mut count = 0;
        for &s in &slots {
            self.work += 1 + self.buckets[s].len() as u64;
            for k in 0..self.buckets[s].len() {
                let f = self.buckets[s][k] as usize;
                if self.stamp[f] == self.epoch {
                    continue;
                }
                self.stamp[f] = self.epoch;
                let (x, y) = self.edges[f];
                if x == a || x == b || y == a || y == b {
                    continue;
                }
                if cross(pa, pb, self.point(x), self.point(y)) {
                    count += 1;
                }
            }
        }
        self.scratch = slots;
        count
    }

    /// Crossing pairs of doors on the whole board.
    pub fn crossings(&mut self) -> usize {
        (0..self.edges.len())
            .map(|e| self.crossings_of(e))
            .sum::<usize>()
            / 2
    }
}

fn orient(a: (i64, i64), b: (i64, i64), c: (i64, i64)) -> i64 {
    ((b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)).signum()
}

/// Do the segments cross at a point inside both?
fn cross(a: (i64, i64), b: (i64, i64), c: (i64, i64), d: (i64, i64)) -> bool {
    let (o1, o2) = (orient(a, b, c), orient(a, b, d));
    let (o3, o4) = (orient(c, d, a), orient(c, d, b));
    o1 * o2 < 0 && o3 * o4 < 0
}

/// Does the segment `a`–`b` pass through the room centred at `at`?
fn hits_room(a: (i64, i64), b: (i64, i64), at: (i64, i64)) -> bool {
    segment_hits_box(
        [a.0 as f64, a.1 as f64],
        [b.0 as f64, b.1 as f64],
        [at.0 as f64, at.1 as f64],
        [HALF_W, HALF_H],
    )
}

/// Liang–Barsky: does the segment meet the box with this centre and half size?
pub(crate) fn segment_hits_box(a: [f64; 2], b: [f64; 2], center: [f64; 2], half: [f64; 2]) -> bool {
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for k in 0..2 {
        let d = b[k] - a[k];
        let lo = center[k] - half[k] - a[k];
        let hi = center[k] + half[k] - a[k];
        if d.abs() < 1e-12 {
            if lo > 0.0 || hi < 0.0 {
                return false;
            }
            continue;
        }
        let (mut ta, mut tb) = (lo / d, hi / d);
        if ta > tb {
            std::mem::swap(&mut ta, &mut tb);
        }
        t0 = t0.max(ta);
        t1 = t1.min(tb);
        if t0 > t1 {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search before blocks were counted: every cell of every square,
    /// the first nearest in reading order of the first ring with one.
    fn nearest_free_by_scan(board: &Board, want: (i32, i32)) -> (i32, i32) {
        let want = (
            want.0.clamp(0, board.cols - 1),
            want.1.clamp(0, board.rows - 1),
        );
        for radius in 0..=board.cols.max(board.rows) {
            let mut best: Option<((i32, i32), i64)> = None;
            for dr in -radius..=radius {
                for dc in -radius..=radius {
                    if dr.abs() != radius && dc.abs() != radius {
                        continue;
                    }
                    let cell = (want.0 + dc, want.1 + dr);
                    let d = i64::from(dc * dc) * W * W + i64::from(dr * dr) * H * H;
                    if board.is_free(cell) && best.is_none_or(|(_, b)| d < b) {
                        best = Some((cell, d));
                    }
                }
            }
            if let Some((cell, _)) = best {
                return cell;
            }
        }
        want
    }

    proptest::proptest! {
        /// Skipping full blocks finds the cell the plain scan finds, on
        /// boards filled at random and by moves and swaps that lift rooms
        /// off again, from spots on and off the board.
        #[test]
        fn the_nearest_free_cell_is_the_one_a_scan_finds(
            cols in 1i32..40,
            rows in 1i32..40,
            fill in 0.0f64..1.0,
            seed in proptest::prelude::any::<u64>(),
            asks in proptest::collection::vec((-5i32..45, -5i32..45), 1..20),
        ) {
            let cells = (cols * rows) as usize;
            let n = ((cells as f64 * fill) as usize).min(cells.saturating_sub(1)).max(1);
            let g = Adjacency::new(n, (1..n).map(|i| (i - 1, i)));
            let mut board = Board::new(&g, cols as usize, rows as usize);
            let mut x = seed;
            let mut next = |m: i32| {
                x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                ((x >> 33) % m as u64) as i32
            };
            for v in 0..n {
                let cell = board.nearest_free((next(cols), next(rows)));
                board.place(v, cell);
            }
            for _ in 0..n.min(10) {
                let v = next(n as i32) as usize;
                let to = board.nearest_free((next(cols), next(rows)));
                board.apply(Move::To(v, to));
                board.apply(Move::Swap(v, next(n as i32) as usize));
            }
            for want in asks {
                proptest::prop_assert_eq!(board.nearest_free(want), nearest_free_by_scan(&board, want));
            }
        }
    }

    #[test]
    fn doors_through_rooms_and_crossings_are_seen() {
        // 0 — 1 — 2 in a row, the door 0–2 runs through room 1; 3–4 crosses it.
        let g = Adjacency::new(5, [(0, 2), (3, 4)]);
        let mut board = Board::new(&g, 5, 5);
        for (v, cell) in [(0, 2), (2, 2), (4, 2), (2, 0), (2, 4)].iter().enumerate() {
            board.place(v, (cell.0, cell.1));
        }
        let _ = board.room_at((2, 2));
        assert_eq!(board.passes(0), 1, "0–2 passes through room 1");
        assert_eq!(board.through(1), 2, "both doors run through room 1");
        assert_eq!(board.crossings(), 1);
        let back = board.apply(Move::To(1, (1, 1)));
        assert_eq!(board.passes(0), 0);
        assert!(board.is_free((2, 2)));
        board.apply(back);
        assert_eq!(board.room_at((2, 2)), Some(1));
        assert!(segment_hits_box(
            [0.0, 0.0],
            [10.0, 0.0],
            [5.0, 0.5],
            [1.0, 1.0]
        ));
        assert!(!segment_hits_box(
            [0.0, 0.0],
            [10.0, 0.0],
            [5.0, 3.0],
            [1.0, 1.0]
        ));
    }
}
