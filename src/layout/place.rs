//! Placing a few rooms among the others: aligning and distributing them,
//! and finding the nearest place where new rooms overlap none.

use crate::export::geometry::{ROOM_H, ROOM_W};

/// How to line up selected rooms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Align {
    /// Left edges on the leftmost.
    Left,
    /// Centres on one vertical line, half way.
    CenterX,
    /// Right edges on the rightmost.
    Right,
    /// Top edges on the topmost.
    Top,
    /// Centres on one horizontal line, half way.
    CenterY,
    /// Bottom edges on the lowest.
    Bottom,
    /// Equal gaps from left to right, the outer two staying.
    DistributeX,
    /// Equal gaps from top to bottom, the outer two staying.
    DistributeY,
}

impl Align {
    /// Every way, in menu order.
    pub const ALL: [Self; 8] = [
        Self::Left,
        Self::CenterX,
        Self::Right,
        Self::Top,
        Self::CenterY,
        Self::Bottom,
        Self::DistributeX,
        Self::DistributeY,
    ];

    /// What the menu calls it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Left => "Align Left",
            Self::CenterX => "Align Centres Vertically",
            Self::Right => "Align Right",
            Self::Top => "Align Top",
            Self::CenterY => "Align Centres Horizontally",
            Self::Bottom => "Align Bottom",
            Self::DistributeX => "Distribute Horizontally",
            Self::DistributeY => "Distribute Vertically",
        }
    }
}

/// New centres for rooms at `centers` (all rooms are the same size, so
/// lining up edges is lining up centres).
pub fn align(centers: &[[f64; 2]], how: Align) -> Vec<[f64; 2]> {
    let k = match how {
        Align::Left | Align::CenterX | Align::Right | Align::DistributeX => 0,
        _ => 1,
    };
    let lo = centers.iter().map(|c| c[k]).fold(f64::INFINITY, f64::min);
    let hi = centers
        .iter()
        .map(|c| c[k])
        .fold(f64::NEG_INFINITY, f64::max);
    let line = match how {
        Align::Left | Align::Top => Some(lo),
        Align::Right | Align::Bottom => Some(hi),
        Align::CenterX | Align::CenterY => Some(((lo + hi) / 2.0).round()),
        Align::DistributeX | Align::DistributeY => None,
    };
    let mut out = centers.to_vec();
    match line {
        Some(x) => out.iter_mut().for_each(|c| c[k] = x),
        None if centers.len() > 2 => {
            let mut order: Vec<usize> = (0..centers.len()).collect();
            order.sort_by(|&a, &b| centers[a][k].total_cmp(&centers[b][k]).then(a.cmp(&b)));
            let step = (hi - lo) / (centers.len() - 1) as f64;
            for (i, &r) in order.iter().enumerate() {
                out[r][k] = (lo + step * i as f64).round();
            }
        }
        None => {}
    }
    out
}

/// The offset nearest to `want`, on a lattice of `step`, that puts rooms at
/// `group` (centres) clear of every room at `occupied` by at least `gap`.
/// Gives `want` back when nothing is free within a wide search.
pub fn free_offset(
    occupied: &[[f64; 2]],
    group: &[[f64; 2]],
    want: [f64; 2],
    step: f64,
    gap: f64,
) -> [f64; 2] {
    let step = if step > 0.0 { step } else { 1.0 };
    let (w, h) = (ROOM_W + gap, ROOM_H + gap);
    let clear = |off: [f64; 2]| {
        group.iter().all(|g| {
            let (x, y) = (g[0] + off[0], g[1] + off[1]);
            occupied
                .iter()
                .all(|o| (o[0] - x).abs() >= w || (o[1] - y).abs() >= h)
        })
    };
    let base = [
        (want[0] / step).round() * step,
        (want[1] / step).round() * step,
    ];
    const RINGS: i32 = 60;
    for ring in 0..=RINGS {
        let mut best: Option<([f64; 2], f64)> = None;
        for dy in -ring..=ring {
            for dx in -ring..=ring {
                if dx.abs() != ring && dy.abs() != ring {
                    continue;
                }
                let off = [
                    base[0] + f64::from(dx) * step,
                    base[1] + f64::from(dy) * step,
                ];
                let d = (off[0] - want[0]).hypot(off[1] - want[1]);
                if best.is_none_or(|(_, b)| d < b) && clear(off) {
                    best = Some((off, d));
                }
            }
        }
        if let Some((off, _)) = best {
            return off;
        }
    }
    want
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligning_and_distributing() {
        let c = [[0.0, 0.0], [100.0, 50.0], [400.0, 20.0]];
        assert!(align(&c, Align::Left).iter().all(|p| p[0] == 0.0));
        assert!(align(&c, Align::Bottom).iter().all(|p| p[1] == 50.0));
        assert!(align(&c, Align::CenterX).iter().all(|p| p[0] == 200.0));
        let d = align(&c, Align::DistributeX);
        assert_eq!(d[1][0], 200.0);
        assert_eq!(d[1][1], 50.0, "only x changes");
    }

    #[test]
    fn a_new_room_goes_to_the_nearest_free_place() {
        let occupied = [[0.0, 0.0]];
        assert_eq!(
            free_offset(&occupied, &[[0.0, 0.0]], [300.0, 0.0], 20.0, 10.0),
            [300.0, 0.0]
        );
        let off = free_offset(&occupied, &[[0.0, 0.0]], [10.0, 5.0], 20.0, 10.0);
        let clear = off[0].abs() >= ROOM_W + 10.0 || off[1].abs() >= ROOM_H + 10.0;
        assert!(clear, "{off:?} overlaps");
        assert!(
            off[0].abs() <= ROOM_W + 30.0 && off[1].abs() <= ROOM_H + 30.0,
            "{off:?} is far"
        );
    }
}
