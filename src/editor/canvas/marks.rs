//! The door marks of the version-1 extensions: an any-of lock divided
//! between its keys' colours, the items a door spends, and a door's
//! condition drawn with small lever marks standing up or down.

use egui::{
    Align2, Color32, CornerRadius, FontId, Painter, Pos2, Rect, Stroke, StrokeKind, Vec2, pos2,
    vec2,
};

use super::paint::LockMark;
use crate::editor::theme::Theme;

/// One lever of a door's condition, as drawn.
#[derive(Clone, Copy, Debug)]
pub struct LeverMark<'a> {
    /// The lever's id.
    pub lever: &'a str,
    /// The position it must stand in: down (pulled an odd number of times)?
    pub down: bool,
    /// While viewing or playing: does the lever stand so now?
    pub holds: Option<bool>,
}

/// Width of an any-of mark of `n` keys whose lock squares are `size` across.
pub fn any_width(n: usize, size: f32) -> f32 {
    size * (1.0 + 0.35 * n.min(MAX_STRIPES).saturating_sub(1) as f32)
}

/// Stripes an any-of lock shows at most: a lock that takes any of
/// thousands of keys is one mark of the first few colours, not a bar across
/// the canvas (its tooltip names them).
pub const MAX_STRIPES: usize = 8;

/// An any-of lock: one mark, divided into a stripe per key colour.
pub fn any_lock(painter: &Painter, r: Rect, keys: &[LockMark<'_>], dim: bool, theme: &Theme) {
    let size = r.height();
    if keys.iter().any(|k| k.lit) {
        painter.rect_stroke(
            r.expand(size * 0.3),
            CornerRadius::same(3),
            Stroke::new(size * 0.18, theme.selection),
            StrokeKind::Outside,
        );
    }
    let keys = &keys[..keys.len().min(MAX_STRIPES)];
    let n = keys.len().max(1) as f32;
    let w = r.width() / n;
    for (i, key) in keys.iter().enumerate() {
        let fill = if dim {
            key.color.gamma_multiply(0.35)
        } else {
            key.color
        };
        let x = r.left() + w * i as f32;
        let stripe = Rect::from_min_max(pos2(x, r.top()), pos2(x + w, r.bottom()));
        painter.rect_filled(stripe, CornerRadius::ZERO, fill);
    }
    // A slanted cut between the stripes says "or" at any size.
    for i in 1..keys.len() {
        let x = r.left() + w * i as f32;
        painter.line_segment(
            [pos2(x + w * 0.15, r.top()), pos2(x - w * 0.15, r.bottom())],
            Stroke::new(size * 0.1, theme.canvas),
        );
    }
    painter.rect_stroke(
        r,
        CornerRadius::same(2),
        Stroke::new(size * 0.11, theme.canvas),
        StrokeKind::Outside,
    );
}

/// The text of a spend chip: "2 bomb".
pub fn spend_text(kind: &str, n: u32) -> String {
    format!("{n} {kind}")
}

/// Width of a spend chip of `text` on marks `size` across.
pub fn spend_width(painter: &Painter, text: &str, size: f32) -> f32 {
    let galley = painter.layout_no_wrap(
        text.to_owned(),
        FontId::proportional(size * 0.72),
        Color32::WHITE,
    );
    galley.size().x + size * 0.5
}

/// A chip for items a door spends: the count and the kind, outlined like
/// a small lock.
pub fn spend_chip(painter: &Painter, r: Rect, text: &str, theme: &Theme) {
    count_chip(painter, r, text, theme.room_text, theme);
}

/// A chip that counts what a door takes: `text` in `ink` on the canvas,
/// ringed in the small keys' colour. Spend chips and the small-lock chip
/// are both drawn by it.
pub fn count_chip(painter: &Painter, r: Rect, text: &str, ink: Color32, theme: &Theme) {
    let size = r.height();
    painter.rect(
        r,
        CornerRadius::same(3),
        theme.canvas,
        Stroke::new(size * 0.11, theme.small_key),
        StrokeKind::Inside,
    );
    painter.text(
        r.center(),
        Align2::CENTER_CENTER,
        text,
        FontId::proportional(size * 0.72),
        ink,
    );
}

/// A small lever mark `h` high: a base and a stick whose knob stands up,
/// or hangs down (base on top) for a lever pulled an odd number of times.
pub fn mini_lever(painter: &Painter, r: Rect, down: bool, color: Color32) {
    let h = r.height();
    let s = Stroke::new(h * 0.14, color);
    let (base_y, knob_y) = if down {
        (r.top() + h * 0.15, r.bottom() - h * 0.2)
    } else {
        (r.bottom() - h * 0.15, r.top() + h * 0.2)
    };
    let base = pos2(r.center().x - h * 0.1, base_y);
    painter.line_segment(
        [
            pos2(r.left() + h * 0.05, base_y),
            pos2(r.right() - h * 0.05, base_y),
        ],
        s,
    );
    let knob = pos2(r.center().x + h * 0.22, knob_y);
    painter.line_segment([base, knob], s);
    painter.circle_filled(knob, h * 0.17, color);
}

/// How a condition pill is drawn.
pub struct Pill<'a> {
    /// Per alternative, its levers.
    pub alternatives: &'a [Vec<LeverMark<'a>>],
    /// Its lever is hovered or selected.
    pub lit: bool,
    /// Height, in canvas units.
    pub size: f32,
    /// Widest it may be before it shows only its first lever and a count.
    pub max_width: f32,
}

/// One piece of a pill: a lever (its mark and id) or the word between alternatives.
enum Piece<'a> {
    Lever(LeverMark<'a>),
    Or,
}

/// A door's condition, centred at `at`: each lever's mark, up or down, with
/// its id, alternatives parted by "or"; when it does not fit, the first
/// lever and "+n". Returns its rectangle.
pub fn condition_pill(painter: &Painter, at: Pos2, pill: &Pill<'_>, theme: &Theme) -> Rect {
    let size = pill.size;
    let font = FontId::proportional(size * 0.62);
    let mut pieces: Vec<Piece<'_>> = Vec::new();
    for (i, all) in pill.alternatives.iter().enumerate() {
        if i > 0 {
            pieces.push(Piece::Or);
        }
        pieces.extend(all.iter().map(|&m| Piece::Lever(m)));
    }
    let width_of = |piece: &Piece<'_>| match piece {
        Piece::Lever(m) => size * 0.7 + text_width(painter, m.lever, &font) + size * 0.25,
        Piece::Or => text_width(painter, "or", &font) + size * 0.3,
    };
    let pad = size * 0.2;
    let mut width: f32 = pieces.iter().map(width_of).sum::<f32>() + pad * 2.0;
    let total = pieces
        .iter()
        .filter(|p| matches!(p, Piece::Lever(_)))
        .count();
    let mut more = None;
    if width > pill.max_width && total > 1 {
        pieces.truncate(1);
        let extra = format!("+{}", total - 1);
        width = width_of(&pieces[0]) + text_width(painter, &extra, &font) + pad * 2.0;
        more = Some(extra);
    }
    if pieces.is_empty() {
        let never = if pill.alternatives.is_empty() {
            "never"
        } else {
            "always"
        };
        width = text_width(painter, never, &font) + pad * 2.0;
        more = Some(never.to_owned());
    }
    let rect = Rect::from_center_size(at, vec2(width, size));
    let (fill, stroke) = if pill.lit {
        (
            theme.selection.gamma_multiply(0.25),
            Stroke::new(size * 0.14, theme.selection),
        )
    } else {
        (theme.canvas, Stroke::new(size * 0.08, theme.lever))
    };
    let radius = CornerRadius::same((size * 0.5).clamp(0.0, 255.0) as u8);
    painter.rect(rect, radius, fill, stroke, StrokeKind::Inside);
    let mut x = rect.left() + pad;
    for piece in &pieces {
        let w = width_of(piece);
        match piece {
            Piece::Lever(m) => {
                let color = match m.holds {
                    Some(true) => theme.good,
                    Some(false) => theme.weak_text,
                    None => theme.lever,
                };
                let mark =
                    Rect::from_min_size(pos2(x, rect.top() + size * 0.15), Vec2::splat(size * 0.7));
                mini_lever(painter, mark, m.down, color);
                let at = pos2(x + size * 0.75, rect.center().y);
                painter.text(at, Align2::LEFT_CENTER, m.lever, font.clone(), color);
            }
            Piece::Or => {
                let at = pos2(x + w / 2.0 - size * 0.1, rect.center().y);
                painter.text(
                    at,
                    Align2::CENTER_CENTER,
                    "or",
                    font.clone(),
                    theme.weak_text,
                );
            }
        }
        x += w;
    }
    if let Some(more) = more {
        painter.text(
            pos2(x, rect.center().y),
            Align2::LEFT_CENTER,
            more,
            font,
            theme.weak_text,
        );
    }
    rect
}

fn text_width(painter: &Painter, text: &str, font: &FontId) -> f32 {
    painter
        .layout_no_wrap(text.to_owned(), font.clone(), Color32::WHITE)
        .size()
        .x
}
