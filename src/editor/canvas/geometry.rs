//! Where things are on the canvas, in canvas (scene) units: room rectangles,
//! door segments clipped to room borders, key and lever marks.

use egui::{Pos2, Rect, Vec2, pos2};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::editor::theme::ROOM_SIZE;
use crate::export::geometry::{door_segments, room_centers};
use crate::model::{Level, RoomId};

/// The canvas layout of one frame.
pub struct Geometry {
    /// Per room (level order): its rectangle.
    pub rooms: Vec<Rect>,
    /// Per door (level order): its segment from the `from` side to the `to`
    /// side, or `None` when a side is missing.
    pub doors: Vec<Option<(Pos2, Pos2)>>,
    /// Per room: the keys lying in it, in level order.
    pub keys_in: Vec<Vec<usize>>,
    /// Per room: the levers standing in it, in level order.
    pub levers_in: Vec<Vec<usize>>,
    /// Per lever: its place among the levers of its room.
    pub lever_place: Vec<usize>,
    index: FxHashMap<RoomId, usize>,
}

fn pos(p: crate::export::geometry::Point) -> Pos2 {
    pos2(p[0] as f32, p[1] as f32)
}

impl Geometry {
    /// Lays out `level`, moving the rooms in `moved` by `offset` (a drag in
    /// progress). Positions come from the core's geometry, which the exports
    /// use too, so pictures match the screen.
    pub fn new(level: &Level, moved: &[RoomId], offset: Vec2) -> Self {
        let mut index = FxHashMap::default();
        let mut centers = room_centers(level);
        // A set: dragging all 100,000 rooms of a level searched the list of
        // moved rooms once per room, every frame.
        let moved: FxHashSet<&RoomId> = moved.iter().collect();
        for (i, r) in level.rooms.iter().enumerate() {
            index.entry(r.id.clone()).or_insert(i);
            if moved.contains(&r.id) {
                centers[i][0] += f64::from(offset.x);
                centers[i][1] += f64::from(offset.y);
            }
        }
        let rooms = centers
            .iter()
            .map(|&c| Rect::from_center_size(pos(c), ROOM_SIZE))
            .collect();
        let doors = door_segments(level, &centers)
            .into_iter()
            .map(|seg| seg.map(|(a, b)| (pos(a), pos(b))))
            .collect();
        let mut keys_in = vec![Vec::new(); level.rooms.len()];
        for (k, key) in level.keys.iter().enumerate() {
            if let Some(&r) = key.room.as_ref().and_then(|r| index.get(r)) {
                keys_in[r].push(k);
            }
        }
        let mut levers_in: Vec<Vec<usize>> = vec![Vec::new(); level.rooms.len()];
        let mut lever_place = vec![0; level.levers.len()];
        for (l, lever) in level.levers.iter().enumerate() {
            if let Some(&r) = index.get(&lever.room) {
                lever_place[l] = levers_in[r].len();
                levers_in[r].push(l);
            }
        }
        Self {
            rooms,
            doors,
            keys_in,
            levers_in,
            lever_place,
            index,
        }
    }

    /// The rectangle of a room.
    pub fn room_rect(&self, id: &RoomId) -> Option<Rect> {
        self.index.get(id).map(|&i| self.rooms[i])
    }

    /// The index of a room.
    pub fn index_of(&self, id: &RoomId) -> Option<usize> {
        self.index.get(id).copied()
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
