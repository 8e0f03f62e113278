//! Where things are on the canvas, in canvas (scene) units: room rectangles,
//! door segments clipped to room borders, key and lever marks.

use egui::{Pos2, Rect, Vec2, pos2, vec2};
use rustc_hash::FxHashMap;

use crate::editor::theme::ROOM_SIZE;
use crate::model::{Level, RoomId};

/// The canvas layout of one frame.
pub struct Geometry {
    /// Per room (level order): its rectangle.
    pub rooms: Vec<Rect>,
    /// Per door (level order): its segment from the `from` side to the `to`
    /// side, or `None` when a side is missing.
    pub doors: Vec<Option<(Pos2, Pos2)>>,
    index: FxHashMap<RoomId, usize>,
}

/// Where a room without a position goes: a row under the placed ones.
fn fallback(i: usize) -> Pos2 {
    pos2((i % 8) as f32 * 160.0, 400.0 + (i / 8) as f32 * 100.0)
}

impl Geometry {
    /// Lays out `level`, moving the rooms in `moved` by `offset` (a drag in progress).
    pub fn new(level: &Level, moved: &[RoomId], offset: Vec2) -> Self {
        let mut index = FxHashMap::default();
        let rooms: Vec<Rect> = level
            .rooms
            .iter()
            .enumerate()
            .map(|(i, r)| {
                index.entry(r.id.clone()).or_insert(i);
                let mut center = r
                    .pos
                    .map_or_else(|| fallback(i), |[x, y]| pos2(x as f32, y as f32));
                if moved.contains(&r.id) {
                    center += offset;
                }
                Rect::from_center_size(center, ROOM_SIZE)
            })
            .collect();
        // Doors between the same two rooms fan out side by side.
        let mut pair_count: FxHashMap<(usize, usize), usize> = FxHashMap::default();
        let ends: Vec<Option<(usize, usize)>> = level
            .doors
            .iter()
            .map(|d| Some((*index.get(&d.from)?, *index.get(&d.to)?)))
            .collect();
        for &(a, b) in ends.iter().flatten() {
            *pair_count.entry((a.min(b), a.max(b))).or_default() += 1;
        }
        let mut pair_seen: FxHashMap<(usize, usize), usize> = FxHashMap::default();
        let doors = ends
            .iter()
            .map(|e| {
                let (a, b) = (*e)?;
                let key = (a.min(b), a.max(b));
                let n = pair_count.get(&key).copied().unwrap_or(1);
                let seen = pair_seen.entry(key).or_default();
                let k = *seen;
                *seen += 1;
                let spread = (k as f32 - (n as f32 - 1.0) / 2.0) * 16.0;
                Some(segment(rooms[a], rooms[b], spread))
            })
            .collect();
        Self {
            rooms,
            doors,
            index,
        }
    }

    /// The rectangle of a room.
    pub fn room_rect(&self, id: &RoomId) -> Option<Rect> {
        self.index.get(id).map(|&i| self.rooms[i])
    }

    /// The room whose rectangle contains `pos`, topmost (last drawn) first.
    pub fn room_at(&self, pos: Pos2) -> Option<usize> {
        self.rooms.iter().rposition(|r| r.contains(pos))
    }

    /// Everything drawn, for "fit level".
    pub fn bounds(&self) -> Option<Rect> {
        self.rooms.iter().copied().reduce(Rect::union)
    }
}

/// The segment between two room rectangles, from border to border, shifted
/// sideways by `spread`.
fn segment(a: Rect, b: Rect, spread: f32) -> (Pos2, Pos2) {
    let dir = b.center() - a.center();
    let side = if dir.length_sq() > 0.0 {
        vec2(-dir.y, dir.x).normalized() * spread
    } else {
        Vec2::ZERO
    };
    let from = border(a, a.center() + side, dir);
    let to = border(b, b.center() + side, -dir);
    (from, to)
}

/// Where a ray from `start` (inside `rect`) in direction `dir` leaves it.
fn border(rect: Rect, start: Pos2, dir: Vec2) -> Pos2 {
    if dir.length_sq() == 0.0 {
        return start;
    }
    let half = rect.size() / 2.0;
    let tx = if dir.x == 0.0 {
        f32::INFINITY
    } else {
        half.x / dir.x.abs()
    };
    let ty = if dir.y == 0.0 {
        f32::INFINITY
    } else {
        half.y / dir.y.abs()
    };
    start + dir * tx.min(ty)
}

/// Distance from `p` to the segment `a`–`b`.
pub fn distance_to_segment(p: Pos2, a: Pos2, b: Pos2) -> f32 {
    let ab = b - a;
    let t = if ab.length_sq() == 0.0 {
        0.0
    } else {
        ((p - a).dot(ab) / ab.length_sq()).clamp(0.0, 1.0)
    };
    p.distance(a + ab * t)
}

/// Snaps a position to the grid.
pub fn snap(p: Pos2, grid: f32) -> Pos2 {
    pos2((p.x / grid).round() * grid, (p.y / grid).round() * grid)
}
