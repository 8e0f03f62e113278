//! Room positions: automatic layouts of a whole level or of some of its
//! rooms, a measure of how well a drawing reads, and the placing of a few
//! rooms among others (aligning, distributing, finding free space).
//!
//! - [`Layout::Grid`] (the default): rooms on grid cells, doors along rows
//!   and columns where possible, few crossings, filling the canvas's aspect
//!   ratio. A stress drawing is put on cells and improved by a local search.
//! - [`Layout::Tree`]: the breadth-first tree from the start, drawn radially
//!   so that its leaves spread in two dimensions, then put on cells, with
//!   more air between them if that is what a tree takes to have no crossing
//!   doors: for nested levels.
//! - [`Layout::Stress`]: stress majorization, free of the grid: for graphs
//!   with many cycles.
//! - [`Layout::Layered`]: columns by distance from the start, read left to
//!   right as the level is played.
//!
//! All of them are deterministic (no random numbers) and knows nothing of
//! any user interface. A thousand rooms take well under a fifth of a second;
//! a big tree that its dense board draws with crossing doors is drawn again
//! on roomier boards, up to four in all (a 1,100-room tree in about a
//! quarter of a second).
//!
//! ```
//! use lockwork::layout::{Layout, arrange_level, measure};
//! use lockwork::model::{Door, Level, Room};
//!
//! let mut level = Level::new("ring");
//! for i in 2..=6 {
//!     level.rooms.push(Room::new(format!("r{i}"), [0.0, 0.0]));
//! }
//! for i in 1..=6 {
//!     let next = i % 6 + 1;
//!     level.doors.push(Door::new(format!("d{i}"), format!("r{i}"), format!("r{next}")));
//! }
//! let pos = arrange_level(&level, Layout::Grid, 4.0 / 3.0);
//! for (room, p) in level.rooms.iter_mut().zip(pos) {
//!     room.pos = Some(p);
//! }
//! let q = measure(&level);
//! assert_eq!((q.overlaps, q.crossings), (0, 0));
//! ```

mod board;
mod graph;
mod grid;
mod layered;
mod place;
mod quality;
mod stress;
mod tree;
mod vacancy;
mod watch;

pub use layered::{COLUMN, ROW, layered};
pub use place::{Align, align, free_offset};
pub use quality::{Quality, measure};
pub use watch::Watch;

use graph::Adjacency;
use watch::Part;

use crate::export::geometry::{ROOM_H, ROOM_W};
use crate::model::{Level, LevelIndex};

/// Width of a grid cell, in canvas units: a room and the door beside it.
pub const CELL_W: f64 = 180.0;
/// Height of a grid cell, in canvas units.
pub const CELL_H: f64 = 120.0;
/// Width over height that layouts aim for when no canvas is known (the
/// generators on the command line).
pub const DEFAULT_ASPECT: f64 = 4.0 / 3.0;

/// The automatic layouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Rooms on grid cells, doors along rows and columns, few crossings.
    #[default]
    Grid,
    /// The tree from the start, leaves spread around it, on grid cells.
    Tree,
    /// Distances on the canvas follow distances in doors, off the grid.
    Stress,
    /// Columns by distance from the start, left to right.
    Layered,
}

impl Layout {
    /// Every layout, in menu order.
    pub const ALL: [Self; 4] = [Self::Grid, Self::Tree, Self::Stress, Self::Layered];

    /// What menus call it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Grid => "Grid",
            Self::Tree => "Tree",
            Self::Stress => "Stress",
            Self::Layered => "Columns by distance",
        }
    }

    /// What it is good for, in a sentence.
    pub fn about(self) -> &'static str {
        match self {
            Self::Grid => {
                "Rooms on grid cells, doors along rows and columns, few crossings, \
                 filling the canvas"
            }
            Self::Tree => {
                "The tree of rooms from the start, its leaves spread around it (nested levels)"
            }
            Self::Stress => {
                "Rooms as far apart as the doors between them, off the grid (many loops)"
            }
            Self::Layered => "Columns by distance from the start, read left to right as played",
        }
    }
}

/// Positions (room centres) for every room of `level`, in room order.
pub fn arrange_level(level: &Level, layout: Layout, aspect: f64) -> Vec<[f64; 2]> {
    let all: Vec<usize> = (0..level.rooms.len()).collect();
    arrange(level, &all, layout, aspect)
}

/// Positions (room centres) for the rooms at `rooms` (places in
/// `level.rooms`), laid out among themselves by the doors between them,
/// the drawing's top left near `(0, 0)`. Parts not joined by doors are
/// packed side by side into the aspect ratio `aspect` (width / height).
pub fn arrange(level: &Level, rooms: &[usize], layout: Layout, aspect: f64) -> Vec<[f64; 2]> {
    arrange_watched(level, rooms, layout, aspect, Watch::none()).unwrap_or_default()
}

/// [`arrange`], watched by `watch`: it reports its progress and answers
/// `None` once `watch.cancel` is set.
pub fn arrange_watched(
    level: &Level,
    rooms: &[usize],
    layout: Layout,
    aspect: f64,
    watch: Watch<'_>,
) -> Option<Vec<[f64; 2]>> {
    let rooms: Vec<usize> = rooms
        .iter()
        .copied()
        .filter(|&r| r < level.rooms.len())
        .collect();
    if layout == Layout::Layered {
        // Columns take milliseconds even for thousands of rooms.
        (watch.progress)(1.0);
        return Some(layered_part(level, &rooms));
    }
    let g = Adjacency::of_rooms(level, &rooms);
    let start = LevelIndex::new(level).room(&level.start);
    let root = rooms.iter().position(|&r| Some(r) == start).unwrap_or(0);
    let (mut blocks, mut done) = (Vec::new(), 0);
    let share = |n: usize| n as f32 / rooms.len().max(1) as f32;
    for comp in g.components() {
        // Each part's share of the progress is its share of the rooms.
        let part = watch.part(share(done), share(done + comp.len()));
        done += comp.len();
        let sub = g.induced(&comp);
        let local_root = comp.iter().position(|&v| v == root).unwrap_or(0);
        let pos = lay_out(&sub, local_root, layout, aspect, part)?;
        blocks.push((comp, pos));
    }
    let mut out = pack(blocks, rooms.len(), aspect);
    put_first_top_left(&mut out, root);
    for p in &mut out {
        *p = [p[0].round(), p[1].round()];
    }
    (watch.progress)(1.0);
    Some(out)
}

/// Positions for connected graph `g` (its room `root` the start's):
/// `None` when `part`'s caller stopped it.
fn lay_out(
    g: &Adjacency,
    root: usize,
    layout: Layout,
    aspect: f64,
    part: Part<'_>,
) -> Option<Vec<[f64; 2]>> {
    Some(match layout {
        Layout::Tree => {
            let seed = tree::radial(g, root);
            cells_to_canvas(&grid::snap_tree(g, &seed, aspect, part)?)
        }
        Layout::Stress => {
            let seed = stress::stress(g, part.part(0.0, 0.8))?;
            off_grid(g, &seed, aspect, part.part(0.8, 1.0))?
        }
        Layout::Grid | Layout::Layered => {
            let seed = stress::stress(g, part.part(0.0, 0.4))?;
            cells_to_canvas(&grid::snap(g, &seed, aspect, part.part(0.4, 1.0))?)
        }
    })
}

/// Gives a position to every room that has none: a fresh grid layout when
/// no room has one, otherwise the rooms without one are laid out below the
/// others.
pub fn place_missing(level: &mut Level) {
    place_missing_with(level, Layout::Grid);
}

/// [`place_missing`] with the layout `layout`.
pub fn place_missing_with(level: &mut Level, layout: Layout) {
    let missing: Vec<usize> = (0..level.rooms.len())
        .filter(|&r| level.rooms[r].pos.is_none())
        .collect();
    if missing.is_empty() {
        return;
    }
    let fresh = arrange(level, &missing, layout, DEFAULT_ASPECT);
    let placed: Vec<[f64; 2]> = level.rooms.iter().filter_map(|r| r.pos).collect();
    let (dx, dy) = if placed.is_empty() {
        (0.0, 0.0)
    } else {
        let min_x = placed.iter().map(|p| p[0]).fold(f64::INFINITY, f64::min);
        let max_y = placed
            .iter()
            .map(|p| p[1])
            .fold(f64::NEG_INFINITY, f64::max);
        (min_x, max_y + CELL_H * 1.5)
    };
    for (&r, p) in missing.iter().zip(fresh) {
        level.rooms[r].pos = Some([(p[0] + dx).round(), (p[1] + dy).round()]);
    }
}

/// The layered drawing of some rooms: the level cut down to them.
fn layered_part(level: &Level, rooms: &[usize]) -> Vec<[f64; 2]> {
    let mut part = level.clone();
    part.rooms = rooms.iter().map(|&r| level.rooms[r].clone()).collect();
    let ids: rustc_hash::FxHashSet<&crate::model::RoomId> =
        part.rooms.iter().map(|r| &r.id).collect();
    part.doors
        .retain(|d| ids.contains(&d.from) && ids.contains(&d.to));
    if !ids.contains(&part.start)
        && let Some(first) = part.rooms.first()
    {
        part.start = first.id.clone();
    }
    layered(&part)
}

fn cells_to_canvas(cells: &[(i32, i32)]) -> Vec<[f64; 2]> {
    cells
        .iter()
        .map(|&(c, r)| [f64::from(c) * CELL_W, f64::from(r) * CELL_H])
        .collect()
}

/// A stress drawing scaled to canvas units, stretched gently towards
/// `aspect`, with overlapping rooms pushed apart; `None` when `part`'s
/// caller stopped it.
fn off_grid(
    g: &Adjacency,
    seed: &[[f64; 2]],
    aspect: f64,
    part: Part<'_>,
) -> Option<Vec<[f64; 2]>> {
    let mut pos: Vec<[f64; 2]> = seed
        .iter()
        .map(|p| [p[0] * CELL_W, p[1] * CELL_W])
        .collect();
    let (w, h) = extent(&pos);
    if w > 0.0 && h > 0.0 && aspect.is_finite() && aspect > 0.0 {
        let sx = (aspect * h / w).sqrt().clamp(0.6, 1.7);
        for p in &mut pos {
            *p = [p[0] * sx, p[1] / sx];
        }
    }
    if separate(&mut pos) {
        Some(pos)
    } else {
        // Crowded beyond what pushing can sort out: the grid never overlaps.
        Some(cells_to_canvas(&grid::snap(g, seed, aspect, part)?))
    }
}

/// Pushes overlapping rooms apart; true when none overlap any more. When
/// pushing goes round in circles, the whole drawing grows a little, which
/// parts any two rooms that are not on the same spot.
fn separate(pos: &mut [[f64; 2]]) -> bool {
    for round in 0..400 {
        if !push_apart(pos) {
            return true;
        }
        if round % 8 == 7 {
            let n = pos.len().max(1) as f64;
            let (cx, cy) = pos
                .iter()
                .fold((0.0, 0.0), |(x, y), p| (x + p[0] / n, y + p[1] / n));
            for p in pos.iter_mut() {
                *p = [cx + (p[0] - cx) * 1.05, cy + (p[1] - cy) * 1.05];
            }
        }
    }
    false
}

/// One pass of pushing each overlapping pair apart; true when any overlapped.
fn push_apart(pos: &mut [[f64; 2]]) -> bool {
    let (w, h) = (ROOM_W + 30.0, ROOM_H + 30.0);
    let mut order: Vec<usize> = (0..pos.len()).collect();
    order.sort_by(|&a, &b| pos[a][0].total_cmp(&pos[b][0]).then(a.cmp(&b)));
    let mut any = false;
    for (k, &a) in order.iter().enumerate() {
        for &b in &order[k + 1..] {
            let (dx, dy) = (pos[b][0] - pos[a][0], pos[b][1] - pos[a][1]);
            if dx >= w {
                break;
            }
            let (ox, oy) = (w - dx.abs(), h - dy.abs());
            if oy <= 0.0 || ox <= 0.0 {
                continue;
            }
            any = true;
            // Apart along the axis that needs the smaller push.
            if ox * h <= oy * w {
                let push = if dx >= 0.0 { ox / 2.0 } else { -ox / 2.0 };
                pos[a][0] -= push;
                pos[b][0] += push;
            } else {
                let push = if dy >= 0.0 { oy / 2.0 } else { -oy / 2.0 };
                pos[a][1] -= push;
                pos[b][1] += push;
            }
        }
    }
    any
}

fn extent(pos: &[[f64; 2]]) -> (f64, f64) {
    let lo = |k: usize| pos.iter().map(|p| p[k]).fold(f64::INFINITY, f64::min);
    let hi = |k: usize| pos.iter().map(|p| p[k]).fold(f64::NEG_INFINITY, f64::max);
    if pos.is_empty() {
        (0.0, 0.0)
    } else {
        (hi(0) - lo(0), hi(1) - lo(1))
    }
}

/// Puts the drawings of the parts (each `(nodes, positions)`) side by side
/// in rows about `aspect` wide, a cell apart; positions for all `n` nodes.
fn pack(mut blocks: Vec<(Vec<usize>, Vec<[f64; 2]>)>, n: usize, aspect: f64) -> Vec<[f64; 2]> {
    let mut out = vec![[0.0, 0.0]; n];
    for (_, pos) in &mut blocks {
        let lo = [
            pos.iter().map(|p| p[0]).fold(f64::INFINITY, f64::min),
            pos.iter().map(|p| p[1]).fold(f64::INFINITY, f64::min),
        ];
        for p in pos.iter_mut() {
            *p = [p[0] - lo[0], p[1] - lo[1]];
        }
    }
    let size = |pos: &[[f64; 2]]| {
        let (w, h) = extent(pos);
        (w + CELL_W, h + CELL_H)
    };
    let area: f64 = blocks.iter().map(|(_, p)| size(p).0 * size(p).1).sum();
    let widest = blocks.iter().map(|(_, p)| size(p).0).fold(0.0, f64::max);
    let row_width = widest.max((area * aspect.clamp(0.2, 5.0)).sqrt());
    let (mut x, mut y, mut row_height) = (0.0, 0.0, 0.0f64);
    for (nodes, pos) in &blocks {
        let (w, h) = size(pos);
        if x > 0.0 && x + w > row_width {
            x = 0.0;
            y += row_height;
            row_height = 0.0;
        }
        for (&v, p) in nodes.iter().zip(pos) {
            out[v] = [p[0] + x, p[1] + y];
        }
        x += w;
        row_height = row_height.max(h);
    }
    out
}

/// Mirrors the drawing so that room `first` lies in its top-left quarter.
fn put_first_top_left(pos: &mut [[f64; 2]], first: usize) {
    let Some(&at) = pos.get(first) else { return };
    let (w, h) = extent(pos);
    let lo = [
        pos.iter().map(|p| p[0]).fold(f64::INFINITY, f64::min),
        pos.iter().map(|p| p[1]).fold(f64::INFINITY, f64::min),
    ];
    for k in 0..2 {
        let span = if k == 0 { w } else { h };
        if at[k] - lo[k] > span / 2.0 {
            for p in pos.iter_mut() {
                p[k] = lo[k] + span - (p[k] - lo[k]);
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::model::{Door, Room};

    /// Six rooms: a chain from r1 with a branch at r2 and a spur r6.
    pub(crate) fn chain_and_branch() -> Level {
        let mut level = Level::new("t");
        for i in 2..=6 {
            level.rooms.push(Room::new(format!("r{i}"), [0.0, 0.0]));
        }
        for (i, (a, b)) in [(1, 2), (2, 3), (2, 4), (4, 5), (1, 6)].iter().enumerate() {
            level
                .doors
                .push(Door::new(format!("d{i}"), format!("r{a}"), format!("r{b}")));
        }
        level
    }

    #[test]
    fn every_layout_keeps_rooms_apart_and_repeats_itself() {
        let level = chain_and_branch();
        for layout in Layout::ALL {
            let pos = arrange_level(&level, layout, DEFAULT_ASPECT);
            assert_eq!(pos.len(), 6);
            let mut placed = level.clone();
            for (r, p) in placed.rooms.iter_mut().zip(&pos) {
                r.pos = Some(*p);
            }
            let q = measure(&placed);
            assert_eq!(q.overlaps, 0, "{layout:?}: {pos:?}");
            assert_eq!(q.crossings, 0, "{layout:?}: {pos:?}");
            assert_eq!(pos, arrange_level(&level, layout, DEFAULT_ASPECT));
        }
    }

    #[test]
    fn parts_not_joined_are_packed_side_by_side() {
        let mut level = chain_and_branch();
        level.rooms.push(Room::new("x1", [0.0, 0.0]));
        level.rooms.push(Room::new("x2", [0.0, 0.0]));
        level.doors.push(Door::new("dx", "x1", "x2"));
        let pos = arrange_level(&level, Layout::Grid, DEFAULT_ASPECT);
        let mut placed = level.clone();
        for (r, p) in placed.rooms.iter_mut().zip(&pos) {
            r.pos = Some(*p);
        }
        assert_eq!(measure(&placed).overlaps, 0);
    }

    #[test]
    fn keeps_given_positions() {
        let mut level = chain_and_branch();
        level.rooms[0].pos = Some([5.0, 7.0]);
        for r in &mut level.rooms[1..] {
            r.pos = None;
        }
        place_missing(&mut level);
        assert_eq!(level.rooms[0].pos, Some([5.0, 7.0]));
        assert!(
            level.rooms[1..]
                .iter()
                .all(|r| r.pos.is_some_and(|p| p[1] > 7.0))
        );
    }
}
