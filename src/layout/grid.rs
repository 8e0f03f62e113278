//! Rooms on grid cells, the way designers sketch dungeons.
//!
//! A seed drawing (stress or radial) is stretched over a board of cells
//! whose shape follows the wanted aspect ratio, every room takes the free
//! cell nearest to its place, and then a local search moves rooms to nearby
//! free cells, or swaps neighbours, while that makes the drawing better:
//! shorter doors, doors along rows and columns, no door through a room, and
//! few crossings. Deterministic; a spatial index of the doors keeps each
//! step local, so a thousand rooms take milliseconds.

use super::board::Board;
use super::graph::Adjacency;
use super::watch::Part;
use super::{CELL_H, CELL_W};

/// Cells per room on the board: room to move.
const ROOMY: f64 = 1.7;
/// Cells per room on the boards tried, in turn, for a tree whose drawing
/// still has crossing doors: a tree needs none, and the radial drawing of a
/// big one only keeps its shape on the grid with air between its leaves.
/// (On nested trees of 420, 549, 839 and 1,114 rooms: 2, 1, 20 and 77
/// crossings at 1.7 cells a room, 0, 0, 0 and 2 at 5, none at 8; at 8 a
/// tree of 1,225 rooms kept 5.)
const TREE_ROOMY: [f64; 4] = [ROOMY, 3.0, 5.0, 8.0];
/// Most passes of the local search.
const MAX_PASSES: usize = 12;
/// Work (doors and cells looked at) the whole search may do, per room:
/// about 10 ns each, so a thousand rooms take about a tenth of a second.
const WORK_PER_ROOM: u64 = 8_000;
/// Work any search may do, however few the rooms.
const MIN_WORK: u64 = 2_000_000;
/// Rooms the local search moves between two looks at whether it was
/// stopped (and two reports of its progress).
const CHECK_EVERY: usize = 64;

/// The board's columns and rows for `n` rooms at `aspect` (width / height),
/// `roomy` cells a room.
fn dims(n: usize, aspect: f64, roomy: f64) -> (usize, usize) {
    let cells = (n as f64 * roomy).ceil().max(1.0);
    let aspect = if aspect.is_finite() && aspect > 0.0 {
        aspect.clamp(0.2, 5.0)
    } else {
        super::DEFAULT_ASPECT
    };
    // (cols · W) / (rows · H) = aspect, cols · rows = cells.
    let cols = (cells * aspect * CELL_H / CELL_W).sqrt().round().max(1.0) as usize;
    let rows = (cells / cols as f64).ceil().max(1.0) as usize;
    (cols, rows.max(1))
}

/// Distinct cells `(column, row)` for the rooms of `g`, from seed positions.
/// `None` when `part`'s caller stopped it.
pub(crate) fn snap(
    g: &Adjacency,
    seed: &[[f64; 2]],
    aspect: f64,
    part: Part<'_>,
) -> Option<Vec<(i32, i32)>> {
    Some(snap_on(g, seed, aspect, ROOMY, part)?.cells())
}

/// [`snap`] for the tree layout: when `g` (connected) is a tree, the
/// densest board of [`TREE_ROOMY`] whose drawing has no crossing doors, or
/// else the one with the fewest. A graph with loops may need crossings, so
/// it gets the one board of [`snap`].
pub(crate) fn snap_tree(
    g: &Adjacency,
    seed: &[[f64; 2]],
    aspect: f64,
    part: Part<'_>,
) -> Option<Vec<(i32, i32)>> {
    if g.edges.len() + 1 != g.len() {
        return snap(g, seed, aspect, part);
    }
    let mut best: Option<(usize, Vec<(i32, i32)>)> = None;
    let tries = TREE_ROOMY.len() as f32;
    for (i, roomy) in TREE_ROOMY.into_iter().enumerate() {
        let this = part.part(i as f32 / tries, (i + 1) as f32 / tries);
        let mut board = snap_on(g, seed, aspect, roomy, this)?;
        let crossings = board.crossings();
        if best.as_ref().is_none_or(|(least, _)| crossings < *least) {
            best = Some((crossings, board.cells()));
        }
        if crossings == 0 {
            break;
        }
    }
    Some(best.map(|(_, cells)| cells).unwrap_or_default())
}

/// The board of `roomy` cells per room with the rooms of `g` placed from
/// their seed positions and improved by the local search.
fn snap_on(
    g: &Adjacency,
    seed: &[[f64; 2]],
    aspect: f64,
    roomy: f64,
    part: Part<'_>,
) -> Option<Board> {
    let n = g.len();
    let (cols, rows) = dims(n, aspect, roomy);
    let targets = stretch(
        &orient(seed, cols as f64 * CELL_W >= rows as f64 * CELL_H),
        cols,
        rows,
    );
    let mut board = Board::new(g, cols, rows);
    // The middle first: the rooms there have the most neighbours to suit.
    let mid = [(cols as f64 - 1.0) / 2.0, (rows as f64 - 1.0) / 2.0];
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| {
        let d = |p: [f64; 2]| (p[0] - mid[0]).hypot(p[1] - mid[1]);
        d(targets[a]).total_cmp(&d(targets[b])).then(a.cmp(&b))
    });
    for &v in &order {
        let want = (targets[v][0].round() as i32, targets[v][1].round() as i32);
        let cell = board.nearest_free(want);
        board.place(v, cell);
    }
    improve(&mut board, g, part)?;
    Some(board)
}

/// Turns the drawing so that its long side lies along the board's long side.
fn orient(seed: &[[f64; 2]], wide: bool) -> Vec<[f64; 2]> {
    let n = seed.len() as f64;
    let (mx, my) = seed
        .iter()
        .fold((0.0, 0.0), |(x, y), p| (x + p[0] / n, y + p[1] / n));
    let (mut sxx, mut syy, mut sxy) = (0.0, 0.0, 0.0);
    for p in seed {
        let (dx, dy) = (p[0] - mx, p[1] - my);
        sxx += dx * dx;
        syy += dy * dy;
        sxy += dx * dy;
    }
    // The main axis of the spread, turned onto x (or y when tall).
    let angle = 0.5 * (2.0 * sxy).atan2(sxx - syy)
        - if wide {
            0.0
        } else {
            std::f64::consts::FRAC_PI_2
        };
    let (s, c) = (-angle).sin_cos();
    seed.iter()
        .map(|p| {
            let (dx, dy) = (p[0] - mx, p[1] - my);
            [dx * c - dy * s, dx * s + dy * c]
        })
        .collect()
}

/// Stretches the drawing over `0..cols` × `0..rows` (in cells).
fn stretch(pos: &[[f64; 2]], cols: usize, rows: usize) -> Vec<[f64; 2]> {
    let lo = |k: usize| pos.iter().map(|p| p[k]).fold(f64::INFINITY, f64::min);
    let hi = |k: usize| pos.iter().map(|p| p[k]).fold(f64::NEG_INFINITY, f64::max);
    let axis = |k: usize, cells: usize| {
        let (a, b) = (lo(k), hi(k));
        let span = (cells as f64 - 1.0).max(0.0);
        move |x: f64| {
            if b - a > 1e-9 {
                (x - a) / (b - a) * span
            } else {
                span / 2.0
            }
        }
    };
    let (fx, fy) = (axis(0, cols), axis(1, rows));
    pos.iter().map(|p| [fx(p[0]), fy(p[1])]).collect()
}

/// The local search: best improving move per room, pass after pass, until
/// a pass changes nothing or the work budget is spent; `None` when
/// `part`'s caller stopped it.
fn improve(board: &mut Board, g: &Adjacency, part: Part<'_>) -> Option<()> {
    let n = g.len();
    let budget = WORK_PER_ROOM.saturating_mul(n as u64).max(MIN_WORK);
    for _ in 0..MAX_PASSES {
        let mut moved = false;
        for v in 0..n {
            if board.work > budget {
                return Some(());
            }
            if v % CHECK_EVERY == 0 {
                if part.stopped() {
                    return None;
                }
                part.report(board.work as f32 / budget as f32);
            }
            let candidates = candidates(board, g, v);
            if let Some(best) = best_move(board, v, &candidates) {
                board.apply(best);
                moved = true;
            }
        }
        if !moved {
            break;
        }
    }
    Some(())
}

/// A change of place for one room, or a swap of two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Move {
    /// Room to a free cell.
    To(usize, (i32, i32)),
    /// Two rooms trade cells.
    Swap(usize, usize),
}

/// Free cells near `v` and next to its neighbours; rooms to swap with.
fn candidates(board: &Board, g: &Adjacency, v: usize) -> Vec<Move> {
    let (c, r) = board.cell(v);
    let mut out = Vec::new();
    let free = |cell: (i32, i32), out: &mut Vec<Move>| {
        if board.is_free(cell) && !out.contains(&Move::To(v, cell)) {
            out.push(Move::To(v, cell));
        }
    };
    for dr in -1..=1 {
        for dc in -1..=1 {
            free((c + dc, r + dr), &mut out);
        }
    }
    for &w in &g.adj[v] {
        let (wc, wr) = board.cell(w);
        for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            free((wc + dc, wr + dr), &mut out);
        }
    }
    for dr in -1..=1 {
        for dc in -1..=1 {
            if let Some(w) = board.room_at((c + dc, r + dr))
                && w != v
            {
                out.push(Move::Swap(v, w));
            }
        }
    }
    out
}

/// The candidate that lowers the cost most, if any does. A move whose
/// doors would be longer than everything the room costs now is ruled out
/// before it is tried.
fn best_move(board: &mut Board, v: usize, candidates: &[Move]) -> Option<Move> {
    let alone = [v, usize::MAX];
    let before_alone = board.local_cost(&alone);
    let mut best: Option<(f64, Move)> = None;
    for m in candidates {
        let (who, at) = match *m {
            Move::To(v, to) => ([v, usize::MAX], [to, to]),
            Move::Swap(v, w) => ([v, w], [board.cell(w), board.cell(v)]),
        };
        let before = if who[1] == usize::MAX {
            before_alone
        } else {
            board.local_cost(&who)
        };
        let floor = best.map_or(1e-6, |(g, _)| g);
        if before - board.length_cost(&who, &at) <= floor {
            continue;
        }
        let after = match *m {
            Move::To(v, to) => board.cost_at(v, to),
            Move::Swap(..) => {
                let back = board.apply(*m);
                let after = board.local_cost(&who);
                board.apply(back);
                after
            }
        };
        let gain = before - after;
        if gain > floor {
            best = Some((gain, *m));
        }
    }
    best.map(|(_, m)| m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_follows_the_aspect() {
        let (c, r) = dims(100, 1.5, ROOMY);
        let aspect = c as f64 * CELL_W / (r as f64 * CELL_H);
        assert!((1.2..1.9).contains(&aspect), "{c}×{r}: {aspect}");
        assert!(c * r >= 170);
        assert_eq!(dims(1, 1.0, ROOMY), (1, 2));
    }

    #[test]
    fn a_ring_of_rooms_lies_on_distinct_cells_without_crossings() {
        let n = 16;
        let g = Adjacency::new(n, (0..n).map(|i| (i, (i + 1) % n)));
        let whole = crate::layout::Watch::none().part(0.0, 1.0);
        let seed = super::super::stress::stress(&g, whole).unwrap();
        let cells = snap(&g, &seed, 1.3, whole).unwrap();
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), n, "one room per cell");
        let mut board = Board::new(&g, 100, 100);
        for (v, &c) in cells.iter().enumerate() {
            board.place(v, c);
        }
        assert_eq!(board.crossings(), 0);
    }
}
