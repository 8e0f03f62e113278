//! Planning Arrange and Align: new positions from the core's layouts, as
//! edits of the rooms that move.

use rustc_hash::FxHashMap;

use super::EditError;
use super::edit::{Edit, ListEdit};
use crate::layout::{self, Align, Layout, Watch};
use crate::model::{ItemId, Level, RoomId};

/// Gap kept between arranged rooms and the rooms around them.
const CLEARANCE: f64 = 40.0;
/// The lattice arranged rooms snap to when kept clear of others.
const STEP: f64 = 20.0;

/// A room's place in `level.rooms` and its new position.
type Placed = (usize, [f64; 2]);

/// Edits that move `rooms` (every room when empty) to a fresh `layout`.
pub(super) fn arrange(
    level: &Level,
    layout: Layout,
    rooms: &[RoomId],
    aspect: f64,
) -> Result<Vec<Edit>, EditError> {
    let moved = arranged(level, layout, rooms, aspect, Watch::none())?;
    Ok(moves(level, moved.unwrap_or_default().into_iter()))
}

/// The rooms `rooms` (every room when empty) laid out by `layout`: each
/// room's place in `level.rooms` and its new position; `None` when
/// `watch`'s caller stopped it.
pub(super) fn arranged(
    level: &Level,
    layout: Layout,
    rooms: &[RoomId],
    aspect: f64,
    watch: Watch<'_>,
) -> Result<Option<Vec<Placed>>, EditError> {
    let index = positions(level);
    let chosen: Vec<usize> = if rooms.is_empty() {
        (0..level.rooms.len()).collect()
    } else {
        rooms
            .iter()
            .map(|id| {
                index
                    .get(id)
                    .copied()
                    .ok_or_else(|| EditError::Missing(ItemId::Room(id.clone())))
            })
            .collect::<Result<_, _>>()?
    };
    let Some(fresh) = layout::arrange_watched(level, &chosen, layout, aspect, watch) else {
        return Ok(None);
    };
    let old: Vec<[f64; 2]> = chosen
        .iter()
        .map(|&r| level.rooms[r].pos.unwrap_or_default())
        .collect();
    let offset = if rooms.is_empty() {
        // The whole level keeps its top-left corner, so the view stays put.
        let (lo, _) = bounds(&old);
        let (flo, _) = bounds(&fresh);
        [lo[0] - flo[0], lo[1] - flo[1]]
    } else {
        // A part goes where it was, clear of the rooms around it.
        let (lo, hi) = bounds(&old);
        let (flo, fhi) = bounds(&fresh);
        let want = [
            (lo[0] + hi[0] - flo[0] - fhi[0]) / 2.0,
            (lo[1] + hi[1] - flo[1] - fhi[1]) / 2.0,
        ];
        let mut moving = vec![false; level.rooms.len()];
        for &r in &chosen {
            moving[r] = true;
        }
        let others: Vec<[f64; 2]> = level
            .rooms
            .iter()
            .zip(&moving)
            .filter(|(_, m)| !**m)
            .filter_map(|(r, _)| r.pos)
            .collect();
        layout::free_offset(&others, &fresh, want, STEP, CLEARANCE)
    };
    let moved = chosen
        .iter()
        .zip(&fresh)
        .map(|(&r, p)| (r, [(p[0] + offset[0]).round(), (p[1] + offset[1]).round()]));
    Ok(Some(moved.collect()))
}

/// Edits that line up or spread out `rooms`.
pub(super) fn align(level: &Level, rooms: &[RoomId], how: Align) -> Result<Vec<Edit>, EditError> {
    let index = positions(level);
    let chosen: Vec<usize> = rooms
        .iter()
        .map(|id| {
            index
                .get(id)
                .copied()
                .ok_or_else(|| EditError::Missing(ItemId::Room(id.clone())))
        })
        .collect::<Result<_, _>>()?;
    let centers: Vec<[f64; 2]> = chosen
        .iter()
        .map(|&r| level.rooms[r].pos.unwrap_or_default())
        .collect();
    let aligned = layout::align(&centers, how);
    Ok(moves(level, chosen.into_iter().zip(aligned)))
}

fn positions(level: &Level) -> FxHashMap<&RoomId, usize> {
    let mut index = FxHashMap::default();
    for (i, r) in level.rooms.iter().enumerate() {
        index.entry(&r.id).or_insert(i);
    }
    index
}

/// Replace edits for the rooms whose position changes.
fn moves(level: &Level, moved: impl Iterator<Item = (usize, [f64; 2])>) -> Vec<Edit> {
    moved
        .filter(|&(r, p)| level.rooms[r].pos != Some(p))
        .map(|(r, p)| {
            let mut room = level.rooms[r].clone();
            room.pos = Some(p);
            Edit::Room(ListEdit::Replace(room))
        })
        .collect()
}

/// The smallest and largest corner of a set of points.
fn bounds(points: &[[f64; 2]]) -> ([f64; 2], [f64; 2]) {
    let mut lo = [f64::INFINITY; 2];
    let mut hi = [f64::NEG_INFINITY; 2];
    for p in points {
        for k in 0..2 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    if points.is_empty() {
        ([0.0; 2], [0.0; 2])
    } else {
        (lo, hi)
    }
}
