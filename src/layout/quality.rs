//! How good a drawing is: doors that cross, rooms that overlap, doors drawn
//! through rooms, and the shape of the whole.

use super::board::segment_hits_box;
use crate::export::geometry::{ROOM_H, ROOM_W, room_centers};
use crate::model::{Level, LevelIndex};

/// The measures of a level's drawing, as the canvas draws it (doors from
/// room centre to room centre).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Quality {
    /// Pairs of doors, sharing no room, whose lines cross.
    pub crossings: usize,
    /// Pairs of rooms whose boxes overlap.
    pub overlaps: usize,
    /// Doors drawn through a room that is not one of their own.
    pub through_rooms: usize,
    /// Width of the box around every room, in canvas units.
    pub width: f64,
    /// Height of that box, in canvas units.
    pub height: f64,
}

impl Quality {
    /// Width over height of the drawing (1 when empty).
    pub fn aspect(&self) -> f64 {
        if self.height > 0.0 {
            self.width / self.height
        } else {
            1.0
        }
    }
}

/// Measures the drawing of `level`. Quadratic in the doors: meant for
/// tests and reports, not for every frame.
pub fn measure(level: &Level) -> Quality {
    let centers = room_centers(level);
    let index = LevelIndex::new(level);
    let mut q = Quality::default();
    if let Some(first) = centers.first() {
        let (mut lo, mut hi) = (*first, *first);
        for c in &centers {
            lo = [lo[0].min(c[0]), lo[1].min(c[1])];
            hi = [hi[0].max(c[0]), hi[1].max(c[1])];
        }
        q.width = hi[0] - lo[0] + ROOM_W;
        q.height = hi[1] - lo[1] + ROOM_H;
    }
    for i in 0..centers.len() {
        for j in i + 1..centers.len() {
            let (a, b) = (centers[i], centers[j]);
            if (a[0] - b[0]).abs() < ROOM_W && (a[1] - b[1]).abs() < ROOM_H {
                q.overlaps += 1;
            }
        }
    }
    let segs: Vec<(usize, usize)> = level
        .doors
        .iter()
        .filter_map(|d| Some((index.room(&d.from)?, index.room(&d.to)?)))
        .filter(|(a, b)| a != b)
        .collect();
    for (k, &(a, b)) in segs.iter().enumerate() {
        for &(c, d) in &segs[k + 1..] {
            if c == a || c == b || d == a || d == b {
                continue;
            }
            if crosses(centers[a], centers[b], centers[c], centers[d]) {
                q.crossings += 1;
            }
        }
        for (r, &center) in centers.iter().enumerate() {
            if r != a
                && r != b
                && segment_hits_box(centers[a], centers[b], center, [ROOM_W / 2.0, ROOM_H / 2.0])
            {
                q.through_rooms += 1;
            }
        }
    }
    q
}

fn side(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> f64 {
    (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
}

fn crosses(a: [f64; 2], b: [f64; 2], c: [f64; 2], d: [f64; 2]) -> bool {
    side(a, b, c) * side(a, b, d) < 0.0 && side(c, d, a) * side(c, d, b) < 0.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Door, Room};

    #[test]
    fn a_cross_of_doors_and_a_room_on_top_of_another() {
        let mut level = Level::new("t");
        level.rooms = vec![
            Room::new("a", [0.0, 0.0]),
            Room::new("b", [400.0, 400.0]),
            Room::new("c", [400.0, 0.0]),
            Room::new("d", [0.0, 400.0]),
            Room::new("e", [10.0, 10.0]),
        ];
        level.doors = vec![Door::new("d1", "a", "b"), Door::new("d2", "c", "d")];
        let q = measure(&level);
        assert_eq!(q.crossings, 1);
        assert_eq!(q.overlaps, 1);
        assert_eq!(q.through_rooms, 1, "d1 runs through e");
        assert_eq!(q.width, 400.0 + ROOM_W);
        assert!((q.aspect() - (400.0 + ROOM_W) / (400.0 + ROOM_H)).abs() < 1e-9);
    }
}
