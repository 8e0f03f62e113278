//! Doors: the line, its arrow, its lock marks (folded into a "+N" past
//! a few), its condition, and its cost and id.

use egui::{
    Align2, Color32, CornerRadius, FontId, Painter, Pos2, Rect, Shape, Stroke, StrokeKind, Vec2,
    pos2, vec2,
};

use super::{Emphasis, glyph_text, more_marks};
use crate::editor::canvas::lod::Lod;
use crate::editor::canvas::marks::{self, LeverMark};
use crate::editor::theme::Theme;

/// One lock on a door: its key's colour and glyph.
#[derive(Clone, Copy)]
pub struct LockMark<'a> {
    /// The key's colour.
    pub color: Color32,
    /// The key's glyph, past the first ten keys.
    pub glyph: Option<&'a str>,
    /// Its key is hovered or selected: ringed.
    pub lit: bool,
}

/// What a door looks like.
pub struct DoorLook<'a> {
    /// Open at the start (solid) or closed (dashed).
    pub open: bool,
    /// Drawn with an arrowhead at the `to` end.
    pub one_way: bool,
    /// The cost label, when not 1.
    pub cost: Option<String>,
    /// The keys its lock needs.
    pub locks: &'a [LockMark<'a>],
    /// Small keys its small lock spends.
    pub small_locks: u32,
    /// Its id (or name), drawn beside it when it fits.
    pub label: Option<&'a str>,
    /// Some key is lit and none of this door's: drawn faint.
    pub dim: bool,
    /// Keys of which any one opens it: one mark divided between their colours.
    pub any: &'a [LockMark<'a>],
    /// Items of other kinds its first passage spends, as chip texts ("2 bomb").
    pub spend: &'a [String],
    /// The end its locks apply from: `Some(true)` the `from` end,
    /// `Some(false)` the `to` end, `None` both.
    pub lock_side: Option<bool>,
    /// Its condition (per alternative, its levers), and whether a lever it
    /// names is hovered or selected.
    pub condition: Option<(&'a [Vec<LeverMark<'a>>], bool)>,
}

/// Where a door's marks and labels were drawn: what a step badge keeps
/// clear of.
#[derive(Clone, Copy, Debug)]
pub struct DoorDrawn {
    /// The lock marks (with a one-sided lock's bar) and the condition, or
    /// the dot of a door with neither.
    pub marks: Rect,
    /// The id label, when it fit.
    pub id: Option<Rect>,
    /// The cost label, when it fit.
    pub cost: Option<Rect>,
    /// The step badge of the solution, when drawn (set by the caller).
    pub badge: Option<Rect>,
}

impl DoorDrawn {
    /// Everything drawn: the marks, and the labels and badge that fit.
    pub fn rects(&self) -> impl Iterator<Item = Rect> + use<> {
        [Some(self.marks), self.id, self.cost, self.badge]
            .into_iter()
            .flatten()
    }

    /// Does `rect` keep clear of everything drawn?
    fn clear_of(&self, rect: Rect) -> bool {
        self.rects().all(|r| !r.intersects(rect))
    }
}

/// A door from `a` to `b`; returns where its marks and labels are.
pub fn door(
    painter: &Painter,
    (a, b): (Pos2, Pos2),
    look: &DoorLook<'_>,
    em: Emphasis,
    theme: &Theme,
    lod: Lod,
) -> DoorDrawn {
    let faint = |c: Color32| if look.dim { c.gamma_multiply(0.35) } else { c };
    let color = faint(if em.selected {
        theme.selection
    } else if em.hovered {
        theme.hover
    } else {
        theme.door
    });
    let px = 1.0 / lod.zoom;
    if em.on_path {
        let width = 8.0f32.max(5.0 * px);
        painter.line_segment(
            [a, b],
            Stroke::new(width, theme.solution.gamma_multiply(0.35)),
        );
    }
    let stroke = Stroke::new(
        (if em.selected { 3.5 } else { 2.5f32 }).max(1.2 * px),
        color,
    );
    if look.open {
        painter.line_segment([a, b], stroke);
    } else {
        let (dash, gap) = (7.0f32.max(5.0 * px), 5.0f32.max(4.0 * px));
        painter.extend(Shape::dashed_line(&[a, b], stroke, dash, gap));
    }
    let dir = (b - a).normalized();
    let normal = vec2(-dir.y, dir.x);
    if look.one_way && (b - a).length() > 1.0 {
        let head = lod.mark(13.0);
        let back = b - dir * head;
        let points = vec![b, back + normal * head / 2.0, back - normal * head / 2.0];
        painter.add(Shape::convex_polygon(points, color, Stroke::NONE));
    }
    let marks = lock_marks(painter, (a, b), look, color, theme, lod);
    let [cost, id] = door_labels(painter, (a, b), marks, normal, look, theme, lod);
    if em.selected {
        painter.rect_stroke(
            marks.expand(3.0 * px.max(1.0)),
            CornerRadius::same(3),
            Stroke::new(1.5f32.max(px), theme.selection),
            StrokeKind::Outside,
        );
    }
    DoorDrawn {
        marks,
        id,
        cost,
        badge: None,
    }
}

/// Where a step badge of `size` goes on a door: beside its middle, off the
/// line, clear of its marks and labels. The side away from the id first,
/// then the other, further out until it is clear: placed above the middle
/// as it was, it covered the id and a one-sided lock's mark.
pub fn badge_spot(seg: (Pos2, Pos2), drawn: &DoorDrawn, size: Vec2) -> Rect {
    let mut first = None;
    spot_beside(seg, drawn, size, |rect| {
        first.get_or_insert(rect);
        false
    })
    .or(first)
    .unwrap_or(Rect::from_center_size(seg.0 + (seg.1 - seg.0) / 2.0, size))
}

/// [`badge_spot`] that must also keep clear of `rooms` (the rooms at the
/// door's ends): `None` when no place near enough is clear.
pub fn spot_clear_of(
    seg: (Pos2, Pos2),
    drawn: &DoorDrawn,
    rooms: &[Rect],
    size: Vec2,
) -> Option<Rect> {
    spot_beside(seg, drawn, size, |rect| {
        rooms.iter().all(|r| !r.intersects(rect))
    })
}

/// The first place of `size` beside the middle of door `seg`, further out
/// step by step, on either side, that is clear of `drawn` and that `ok`
/// accepts (it sees every place clear of `drawn`).
fn spot_beside(
    (a, b): (Pos2, Pos2),
    drawn: &DoorDrawn,
    size: Vec2,
    mut ok: impl FnMut(Rect) -> bool,
) -> Option<Rect> {
    let mid = a + (b - a) / 2.0;
    let dir = (b - a).normalized();
    let normal = vec2(-dir.y, dir.x);
    let gap = size.y * 0.3;
    for step in 0..8 {
        for side in [1.0, -1.0] {
            let n = normal * side;
            // How far the marks reach from the middle that way, and the
            // badge's half-size that way.
            let reach = corners(drawn.marks).map_or(0.0, |c| {
                c.iter().map(|p| (*p - mid).dot(n)).fold(0.0, f32::max)
            });
            let half = size.x / 2.0 * n.x.abs() + size.y / 2.0 * n.y.abs();
            let out = reach + gap + half + step as f32 * (half * 2.0 + gap);
            let rect = Rect::from_center_size(mid + n * out, size);
            if drawn.clear_of(rect) && ok(rect) {
                return Some(rect);
            }
        }
    }
    None
}

/// The corners of a rect that is not empty.
fn corners(r: Rect) -> Option<[Pos2; 4]> {
    (r.is_finite() && r.is_positive()).then(|| {
        [
            r.left_top(),
            r.right_top(),
            r.left_bottom(),
            r.right_bottom(),
        ]
    })
}

/// Lock marks a door shows one by one; past this many, all but the first
/// few are one "+N" mark (a door locked by 12,000 keys drew a row of marks
/// across the whole canvas). Its tooltip and the inspector name them all.
const SHOWN_LOCKS: usize = 6;
/// Width of the "+N" mark of folded locks, in lock marks.
const FOLDED_WIDTH: f32 = 1.8;

/// The locks drawn one by one, and how many more the "+N" mark stands
/// for; when they are folded, no more are drawn than `fit` beside the mark.
fn shown_locks<'l, 'a>(locks: &'l [LockMark<'a>], fit: usize) -> (&'l [LockMark<'a>], usize) {
    if locks.len() > SHOWN_LOCKS {
        let (shown, rest) = locks.split_at(fit.clamp(1, SHOWN_LOCKS - 1));
        (shown, rest.len())
    } else {
        (locks, 0)
    }
}

/// The lock marks of a door (a dot when it has none) and its condition
/// under them; a one-sided lock sits beside the door's middle, on its side.
fn lock_marks(
    painter: &Painter,
    (a, b): (Pos2, Pos2),
    look: &DoorLook<'_>,
    color: Color32,
    theme: &Theme,
    lod: Lod,
) -> Rect {
    let mid = a + (b - a) / 2.0;
    let size = lod.mark(13.0);
    let gap = size * 0.25;
    let fit = ((b - a).length() * 0.9 - size * FOLDED_WIDTH) / (size + gap);
    let (shown, folded) = shown_locks(look.locks, fit.max(1.0) as usize);
    let mut widths: Vec<f32> = vec![size; shown.len()];
    if folded > 0 {
        widths.push(size * FOLDED_WIDTH);
    }
    if !look.any.is_empty() {
        widths.push(marks::any_width(look.any.len(), size));
    }
    widths.extend(
        look.spend
            .iter()
            .map(|t| marks::spend_width(painter, t, size)),
    );
    if look.small_locks > 0 {
        widths.push(size);
    }
    let row = widths.iter().sum::<f32>() + gap * widths.len().saturating_sub(1) as f32;
    let marks = if widths.is_empty() {
        if look.condition.is_some() {
            Rect::NOTHING
        } else {
            return door_dot(painter, mid, color, theme, lod);
        }
    } else {
        let center = match look.lock_side {
            Some(from) => beside((a, b), from, row, size),
            None => mid,
        };
        let chips = chip_row(painter, (center, row), look, folded, theme, size);
        if let Some(from) = look.lock_side {
            // A short bar across the door on the free side of the marks:
            // the lock sits on its side of it (at its middle when there is room).
            let u = ((if from { a } else { b }) - mid).normalized();
            let reach = row / 2.0 * u.x.abs() + size / 2.0 * u.y.abs();
            let at = center - u * (reach + size * 0.4);
            let across = vec2(-u.y, u.x) * size * 0.7;
            painter.line_segment([at - across, at + across], Stroke::new(size * 0.22, color));
            let bar = Rect::from_two_pos(at - across, at + across).expand(size * 0.11);
            return with_condition(painter, (a, b), look, chips.union(bar), theme, lod);
        }
        chips
    };
    with_condition(painter, (a, b), look, marks, theme, lod)
}

/// The door's condition under its marks (in the middle when it has none);
/// returns the marks and the condition.
fn with_condition(
    painter: &Painter,
    (a, b): (Pos2, Pos2),
    look: &DoorLook<'_>,
    mut marks: Rect,
    theme: &Theme,
    lod: Lod,
) -> Rect {
    let mid = a + (b - a) / 2.0;
    let size = lod.mark(13.0);
    if let Some((alternatives, lit)) = look.condition {
        let at = if marks.is_finite() && marks.is_positive() {
            pos2(marks.center().x, marks.bottom() + size * 0.9)
        } else {
            mid
        };
        let pill = marks::Pill {
            alternatives,
            lit,
            size: size * 1.25,
            max_width: ((b - a).length() * 0.9).max(size * 4.0),
        };
        let rect = marks::condition_pill(painter, at, &pill, theme);
        marks = if marks.is_positive() {
            marks.union(rect)
        } else {
            rect
        };
    }
    marks
}

/// Where a one-sided lock's row of `row` width sits: beside the door's
/// middle towards its side, clear of the middle, which a short bar across
/// the door marks.
fn beside((a, b): (Pos2, Pos2), from: bool, row: f32, size: f32) -> Pos2 {
    let mid = a + (b - a) / 2.0;
    let end = if from { a } else { b };
    let u = (end - mid).normalized();
    let margin = size * 0.45;
    let along_x = if u.x.abs() > 1e-3 {
        (row / 2.0 + margin) / u.x.abs()
    } else {
        f32::INFINITY
    };
    let along_y = if u.y.abs() > 1e-3 {
        (size / 2.0 + margin) / u.y.abs()
    } else {
        f32::INFINITY
    };
    // Not past the door's end, where the room would hide it.
    let reach = row / 2.0 * u.x.abs() + size / 2.0 * u.y.abs();
    let far = ((end - mid).length() - reach).max(0.0);
    mid + u * along_x.min(along_y).min(far)
}

/// The dot in the middle of a door with no lock.
fn door_dot(painter: &Painter, mid: Pos2, color: Color32, theme: &Theme, lod: Lod) -> Rect {
    let r = 4.0f32.max(3.0 / lod.zoom);
    if lod.on_screen(r) > 3.5 {
        painter.circle(mid, r, color, Stroke::new(1.5 * r / 4.0, theme.canvas));
    } else {
        // A few pixels across: a square reads the same, at a tenth of the vertices.
        painter.rect_filled(Rect::from_center_size(mid, Vec2::splat(2.0 * r)), 0, color);
    }
    Rect::from_center_size(mid, Vec2::splat(16.0f32.max(4.0 * r)))
}

/// The lock squares, the any-of mark, the spend chips and the small lock,
/// in a row `row` wide centred at `center`.
fn chip_row(
    painter: &Painter,
    (center, row): (Pos2, f32),
    look: &DoorLook<'_>,
    folded: usize,
    theme: &Theme,
    size: f32,
) -> Rect {
    let gap = size * 0.25;
    let mut x = center.x - row / 2.0;
    let mut marks = Rect::from_center_size(center, Vec2::splat(size));
    let top = center.y - size / 2.0;
    let shown = &look.locks[..look.locks.len() - folded];
    for lock in shown {
        let r = Rect::from_min_size(pos2(x, top), Vec2::splat(size));
        lock_square(painter, r, lock, look.dim, theme);
        marks = marks.union(r);
        x += size + gap;
    }
    if folded > 0 {
        let r = Rect::from_min_size(pos2(x, top), vec2(size * FOLDED_WIDTH, size));
        more_marks(painter, r, folded, false, theme);
        marks = marks.union(r);
        x += r.width() + gap;
    }
    if !look.any.is_empty() {
        let w = marks::any_width(look.any.len(), size);
        let r = Rect::from_min_size(pos2(x, top), vec2(w, size));
        marks::any_lock(painter, r, look.any, look.dim, theme);
        marks = marks.union(r);
        x += w + gap;
    }
    for text in look.spend {
        let w = marks::spend_width(painter, text, size);
        let r = Rect::from_min_size(pos2(x, top), vec2(w, size));
        marks::spend_chip(painter, r, text, theme);
        marks = marks.union(r);
        x += w + gap;
    }
    if look.small_locks > 0 {
        let r = Rect::from_min_size(pos2(x, top), Vec2::splat(size));
        let text = look.small_locks.to_string();
        marks::count_chip(painter, r, &text, theme.small_key, theme);
        marks = marks.union(r);
    }
    marks
}

/// One named lock: a square in its key's colour, ringed when lit.
fn lock_square(painter: &Painter, r: Rect, lock: &LockMark<'_>, dim: bool, theme: &Theme) {
    let size = r.height();
    let fill = if dim {
        lock.color.gamma_multiply(0.35)
    } else {
        lock.color
    };
    if lock.lit {
        painter.rect_stroke(
            r.expand(size * 0.3),
            CornerRadius::same(3),
            Stroke::new(size * 0.18, theme.selection),
            StrokeKind::Outside,
        );
    }
    painter.rect(
        r,
        CornerRadius::same(2),
        fill,
        Stroke::new(size * 0.11, theme.canvas),
        StrokeKind::Outside,
    );
    if let Some(glyph) = lock.glyph {
        glyph_text(painter, r.center(), glyph, size, lock.color, theme);
    }
}

/// The door's cost on one side and its id on the other, when they fit;
/// returns where each was drawn.
fn door_labels(
    painter: &Painter,
    (a, b): (Pos2, Pos2),
    marks: Rect,
    normal: Vec2,
    look: &DoorLook<'_>,
    theme: &Theme,
    lod: Lod,
) -> [Option<Rect>; 2] {
    let mid = a + (b - a) / 2.0;
    let room_for = (b - a).length() - lod.mark(13.0) * 2.0;
    // Clear of the marks (a condition makes them wide).
    let across = (marks.width() / 2.0 * normal.x.abs() + marks.height() / 2.0 * normal.y.abs())
        .max(lod.mark(13.0) * 0.6);
    let offset = across + lod.font(11.0) * 0.8;
    [(look.cost.as_deref(), 1.0), (look.label, -1.0)].map(|(text, side)| {
        let text = text?;
        let font = lod.font(11.0);
        if !Lod::fits(text.chars().count(), font, room_for) {
            return None;
        }
        Some(painter.text(
            mid + normal * offset * side,
            Align2::CENTER_CENTER,
            text,
            FontId::proportional(font),
            theme.weak_text,
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `f` with a painter whose fonts are loaded.
    fn with_painter(mut f: impl FnMut(&Painter)) {
        let ctx = egui::Context::default();
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| f(ui.painter()));
        output.textures_delta.clear();
    }

    /// Issue 38: a step number on a door locked from one side covered the
    /// door's id and the lock's mark. Across each way a door can run, at
    /// near and far zoom, the badge keeps clear of both.
    #[test]
    fn a_step_badge_keeps_clear_of_the_id_and_a_one_sided_lock() {
        let theme = Theme::new(true);
        let lock = LockMark {
            color: Color32::RED,
            glyph: None,
            lit: false,
        };
        let ends = [
            (pos2(0.0, 0.0), pos2(0.0, 160.0)),
            (pos2(0.0, 160.0), pos2(0.0, 0.0)),
            (pos2(0.0, 0.0), pos2(160.0, 0.0)),
            (pos2(160.0, 0.0), pos2(0.0, 0.0)),
            (pos2(0.0, 0.0), pos2(120.0, 90.0)),
        ];
        with_painter(|painter| {
            for seg in ends {
                for (zoom, from) in [(1.0, true), (1.0, false), (0.45, true)] {
                    let lod = Lod::new(zoom);
                    let look = DoorLook {
                        open: false,
                        one_way: false,
                        cost: None,
                        locks: &[lock],
                        small_locks: 0,
                        label: Some("d12"),
                        dim: false,
                        any: &[],
                        spend: &[],
                        lock_side: Some(from),
                        condition: None,
                    };
                    let drawn = door(painter, seg, &look, Emphasis::default(), &theme, lod);
                    let id = drawn.id.expect("the id fits");
                    let size = vec2(lod.font(10.0) * 1.6, lod.font(10.0) * 1.4);
                    let badge = badge_spot(seg, &drawn, size);
                    let at = format!("door {seg:?}, zoom {zoom}, locked from {from}");
                    assert!(
                        !badge.intersects(id),
                        "{at}: badge {badge:?} on the id {id:?}"
                    );
                    assert!(
                        !badge.intersects(drawn.marks),
                        "{at}: badge {badge:?} on the lock {:?}",
                        drawn.marks
                    );
                }
            }
        });
    }

    /// A door shows six lock marks at most: five and a "+N" for the rest.
    #[test]
    fn a_door_folds_its_lock_marks_past_six() {
        let lock = LockMark {
            color: Color32::RED,
            glyph: None,
            lit: false,
        };
        let locks = vec![lock; 12_000];
        assert_eq!(shown_locks(&locks[..6], 9).0.len(), 6);
        assert_eq!(shown_locks(&locks[..6], 2).1, 0, "six are not folded");
        let (shown, folded) = shown_locks(&locks, 9);
        assert_eq!((shown.len(), folded), (5, 11_995));
        let (shown, folded) = shown_locks(&locks, 3);
        assert_eq!(
            (shown.len(), folded),
            (3, 11_997),
            "a short door shows fewer"
        );
        assert_eq!(shown_locks(&locks, 0).0.len(), 1);
    }
}
