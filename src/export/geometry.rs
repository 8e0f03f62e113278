//! Where rooms and doors are drawn, in canvas units: shared by the editor's
//! canvas and the exports, so a picture always matches the screen.

use rustc_hash::FxHashMap;

use crate::model::Level;

/// Room width on the canvas.
pub const ROOM_W: f64 = 110.0;
/// Room height on the canvas.
pub const ROOM_H: f64 = 56.0;
/// How far apart doors between the same two rooms are drawn.
const DOOR_SPREAD: f64 = 16.0;

/// A point in canvas units.
pub type Point = [f64; 2];

/// The centre of every room (level order); rooms without a position get a
/// row under the placed ones.
pub fn room_centers(level: &Level) -> Vec<Point> {
    level
        .rooms
        .iter()
        .enumerate()
        .map(|(i, r)| {
            r.pos
                .unwrap_or([(i % 8) as f64 * 160.0, 400.0 + (i / 8) as f64 * 100.0])
        })
        .collect()
}

/// Every door's segment (level order) from its `from` room's border to its
/// `to` room's border, given the room centres; doors between the same two
/// rooms fan out side by side. `None` when a side is missing.
pub fn door_segments(level: &Level, centers: &[Point]) -> Vec<Option<(Point, Point)>> {
    let mut index: FxHashMap<&str, usize> = FxHashMap::default();
    for (i, r) in level.rooms.iter().enumerate() {
        index.entry(r.id.as_str()).or_insert(i);
    }
    let ends: Vec<Option<(usize, usize)>> = level
        .doors
        .iter()
        .map(|d| Some((*index.get(d.from.as_str())?, *index.get(d.to.as_str())?)))
        .collect();
    let mut pair_count: FxHashMap<(usize, usize), usize> = FxHashMap::default();
    for &(a, b) in ends.iter().flatten() {
        *pair_count.entry((a.min(b), a.max(b))).or_default() += 1;
    }
    let mut pair_seen: FxHashMap<(usize, usize), usize> = FxHashMap::default();
    ends.iter()
        .map(|e| {
            let (a, b) = (*e)?;
            let key = (a.min(b), a.max(b));
            let n = pair_count.get(&key).copied().unwrap_or(1);
            let seen = pair_seen.entry(key).or_default();
            let k = *seen;
            *seen += 1;
            // The side is measured for the pair in one fixed order, so that
            // doors pointing either way between two rooms never overlap.
            let spread =
                (k as f64 - (n as f64 - 1.0) / 2.0) * DOOR_SPREAD * if a <= b { 1.0 } else { -1.0 };
            Some(segment(*centers.get(a)?, *centers.get(b)?, spread))
        })
        .collect()
}

/// The segment between two rooms, border to border, shifted sideways by `spread`.
fn segment(a: Point, b: Point, spread: f64) -> (Point, Point) {
    let dir = [b[0] - a[0], b[1] - a[1]];
    let len = (dir[0] * dir[0] + dir[1] * dir[1]).sqrt();
    let side = if len > 0.0 {
        [-dir[1] / len * spread, dir[0] / len * spread]
    } else {
        [0.0, 0.0]
    };
    let from = border([a[0] + side[0], a[1] + side[1]], dir);
    let to = border([b[0] + side[0], b[1] + side[1]], [-dir[0], -dir[1]]);
    (from, to)
}

/// Where a ray from `start` (inside a room box centred near it) in direction `dir` leaves the box.
fn border(start: Point, dir: Point) -> Point {
    if dir == [0.0, 0.0] {
        return start;
    }
    let tx = if dir[0] == 0.0 {
        f64::INFINITY
    } else {
        ROOM_W / 2.0 / dir[0].abs()
    };
    let ty = if dir[1] == 0.0 {
        f64::INFINITY
    } else {
        ROOM_H / 2.0 / dir[1].abs()
    };
    let t = tx.min(ty);
    [start[0] + dir[0] * t, start[1] + dir[1] * t]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Door, Room};

    #[test]
    fn doors_end_on_room_borders_and_parallel_doors_spread() {
        let mut level = Level::new("t");
        level.rooms.push(Room::new("r2", [200.0, 0.0]));
        level.rooms[0].pos = Some([0.0, 0.0]);
        level.doors.push(Door::new("d1", "r1", "r2"));
        level.doors.push(Door::new("d2", "r2", "r1"));
        let centers = room_centers(&level);
        let segs = door_segments(&level, &centers);
        let (a, b) = segs[0].unwrap();
        assert!((a[0] - ROOM_W / 2.0).abs() < 1e-9 && (b[0] - (200.0 - ROOM_W / 2.0)).abs() < 1e-9);
        let (c, _) = segs[1].unwrap();
        assert!(
            (a[1] - c[1]).abs() > 10.0,
            "two doors between the same rooms are drawn apart"
        );
    }
}
