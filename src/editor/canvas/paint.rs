//! Drawing the level's parts. Colours come from the [`Theme`]; sizes are in
//! canvas units, so everything scales with the zoom.

use egui::{
    Align2, Color32, CornerRadius, FontId, Painter, Pos2, Rect, Shape, Stroke, StrokeKind, Vec2,
    pos2, vec2,
};

use crate::editor::theme::{GRID, Theme};

/// How a thing is emphasised.
#[derive(Clone, Copy, Default)]
pub struct Emphasis {
    /// Selected by the designer.
    pub selected: bool,
    /// Under the pointer.
    pub hovered: bool,
    /// On the solution path.
    pub on_path: bool,
}

/// Grid lines over the visible part of the canvas.
pub fn grid(painter: &Painter, visible: Rect, theme: &Theme) {
    let stroke = Stroke::new(1.0, theme.grid);
    let step = GRID * 2.0;
    let mut x = (visible.min.x / step).floor() * step;
    while x < visible.max.x {
        painter.line_segment([pos2(x, visible.min.y), pos2(x, visible.max.y)], stroke);
        x += step;
    }
    let mut y = (visible.min.y / step).floor() * step;
    while y < visible.max.y {
        painter.line_segment([pos2(visible.min.x, y), pos2(visible.max.x, y)], stroke);
        y += step;
    }
}

/// What a door looks like.
pub struct DoorLook<'a> {
    /// Open at the start (solid) or closed (dashed).
    pub open: bool,
    /// Drawn with an arrowhead at the `to` end.
    pub one_way: bool,
    /// The cost label, when not 1.
    pub cost: Option<String>,
    /// Colours of the keys its lock needs.
    pub locks: &'a [Color32],
    /// Small keys its small lock spends.
    pub small_locks: u32,
}

/// A door from `a` to `b`; returns the rectangle of its marks (for clicking).
pub fn door(
    painter: &Painter,
    (a, b): (Pos2, Pos2),
    look: &DoorLook<'_>,
    em: Emphasis,
    theme: &Theme,
) -> Rect {
    let color = if em.selected {
        theme.selection
    } else if em.hovered {
        theme.hover
    } else {
        theme.door
    };
    if em.on_path {
        painter.line_segment(
            [a, b],
            Stroke::new(8.0, theme.solution.gamma_multiply(0.35)),
        );
    }
    let stroke = Stroke::new(if em.selected { 3.5 } else { 2.5 }, color);
    if look.open {
        painter.line_segment([a, b], stroke);
    } else {
        painter.extend(Shape::dashed_line(&[a, b], stroke, 7.0, 5.0));
    }
    let dir = (b - a).normalized();
    if look.one_way && (b - a).length() > 1.0 {
        let normal = vec2(-dir.y, dir.x);
        let tip = b;
        let back = tip - dir * 13.0;
        painter.add(Shape::convex_polygon(
            vec![tip, back + normal * 6.5, back - normal * 6.5],
            color,
            Stroke::NONE,
        ));
    }
    let mid = a + (b - a) / 2.0;
    let mut marks = Rect::from_center_size(mid, vec2(16.0, 16.0));
    let count = look.locks.len() + usize::from(look.small_locks > 0);
    if count > 0 {
        let size = 13.0;
        let width = count as f32 * (size + 3.0) - 3.0;
        let mut x = mid.x - width / 2.0;
        for &lock in look.locks {
            let r = Rect::from_min_size(pos2(x, mid.y - size / 2.0), Vec2::splat(size));
            painter.rect(
                r,
                CornerRadius::same(2),
                lock,
                Stroke::new(1.5, theme.canvas),
                StrokeKind::Outside,
            );
            marks = marks.union(r);
            x += size + 3.0;
        }
        if look.small_locks > 0 {
            let r = Rect::from_min_size(pos2(x, mid.y - size / 2.0), Vec2::splat(size));
            painter.rect(
                r,
                CornerRadius::same(2),
                theme.canvas,
                Stroke::new(1.5, theme.small_key),
                StrokeKind::Inside,
            );
            painter.text(
                r.center(),
                Align2::CENTER_CENTER,
                look.small_locks.to_string(),
                FontId::proportional(10.0),
                theme.small_key,
            );
            marks = marks.union(r);
        }
    } else {
        painter.circle(mid, 4.0, color, Stroke::new(1.5, theme.canvas));
    }
    if let Some(cost) = &look.cost {
        let normal = vec2(-dir.y, dir.x);
        let at = mid + normal * 16.0;
        painter.text(
            at,
            Align2::CENTER_CENTER,
            cost,
            FontId::proportional(12.0),
            theme.weak_text,
        );
    }
    if em.selected {
        painter.rect_stroke(
            marks.expand(3.0),
            CornerRadius::same(3),
            Stroke::new(1.5, theme.selection),
            StrokeKind::Outside,
        );
    }
    marks
}

/// What a room looks like.
pub struct RoomLook<'a> {
    /// The main label (name or id).
    pub title: &'a str,
    /// The id, shown small when the room has a name.
    pub subtitle: Option<&'a str>,
    /// Fill and text colours (start, goal or ordinary).
    pub fill: Color32,
    /// Text colour.
    pub text: Color32,
    /// Can no play reach it?
    pub unreachable: bool,
}

/// A room.
pub fn room(painter: &Painter, rect: Rect, look: &RoomLook<'_>, em: Emphasis, theme: &Theme) {
    let radius = CornerRadius::same(8);
    if em.on_path {
        painter.rect_stroke(
            rect.expand(3.0),
            CornerRadius::same(10),
            Stroke::new(1.5, theme.solution.gamma_multiply(0.8)),
            StrokeKind::Outside,
        );
    }
    let stroke = if em.selected {
        Stroke::new(3.0, theme.selection)
    } else if em.hovered {
        Stroke::new(2.0, theme.hover)
    } else {
        Stroke::new(1.5, theme.room_stroke)
    };
    painter.rect(rect, radius, look.fill, stroke, StrokeKind::Inside);
    if look.unreachable {
        painter.extend(Shape::dashed_line(
            &[rect.left_top(), rect.right_bottom()],
            Stroke::new(1.0, theme.warning),
            4.0,
            4.0,
        ));
    }
    let title_at = match look.subtitle {
        Some(_) => rect.center() - vec2(0.0, 7.0),
        None => rect.center() - vec2(0.0, 3.0),
    };
    let title = painter.layout(
        look.title.to_owned(),
        FontId::proportional(14.0),
        look.text,
        rect.width() - 12.0,
    );
    let shown = Rect::from_center_size(title_at, title.size());
    painter.galley(shown.min, title, look.text);
    if let Some(sub) = look.subtitle {
        painter.text(
            rect.center() + vec2(0.0, 9.0),
            Align2::CENTER_CENTER,
            sub,
            FontId::proportional(10.0),
            look.text.gamma_multiply(0.7),
        );
    }
}

/// A key: a triangle pointing up, as in the lock-and-key article.
pub fn key(
    painter: &Painter,
    rect: Rect,
    color: Color32,
    small_count: Option<u32>,
    em: Emphasis,
    theme: &Theme,
) {
    let c = rect.center();
    let h = rect.height() / 2.0;
    let points = vec![
        pos2(c.x, c.y - h),
        pos2(c.x + h, c.y + h * 0.8),
        pos2(c.x - h, c.y + h * 0.8),
    ];
    let outline = if em.selected {
        Stroke::new(2.0, theme.selection)
    } else {
        Stroke::new(1.0, theme.canvas)
    };
    painter.add(Shape::convex_polygon(points, color, outline));
    if let Some(n) = small_count.filter(|&n| n > 1) {
        painter.text(
            rect.right_center() + vec2(2.0, 0.0),
            Align2::LEFT_CENTER,
            format!("×{n}"),
            FontId::proportional(10.0),
            theme.room_text,
        );
    }
}

/// A lever: a knob on a stick over a base.
pub fn lever(painter: &Painter, rect: Rect, em: Emphasis, pulled_on_path: bool, theme: &Theme) {
    let color = if em.selected {
        theme.selection
    } else {
        theme.lever
    };
    painter.rect(
        rect.expand(1.5),
        CornerRadius::same(3),
        theme.canvas,
        Stroke::new(1.0, color),
        StrokeKind::Inside,
    );
    let base = rect.center_bottom() - vec2(0.0, 3.0);
    painter.line_segment(
        [base - vec2(5.0, 0.0), base + vec2(5.0, 0.0)],
        Stroke::new(2.0, color),
    );
    let knob = rect.center_top() + vec2(3.0, 4.0);
    painter.line_segment([base, knob], Stroke::new(2.0, color));
    painter.circle_filled(knob, 2.8, color);
    if pulled_on_path {
        painter.circle_stroke(
            rect.center(),
            rect.width() * 0.75,
            Stroke::new(2.0, theme.solution),
        );
    }
    if em.selected {
        painter.rect_stroke(
            rect.expand(2.0),
            CornerRadius::same(2),
            Stroke::new(1.0, theme.selection),
            StrokeKind::Outside,
        );
    }
}

/// A numbered badge (solution step numbers).
pub fn badge(painter: &Painter, at: Pos2, text: &str, theme: &Theme) {
    let galley =
        painter.layout_no_wrap(text.to_owned(), FontId::proportional(10.0), Color32::WHITE);
    let rect = Rect::from_center_size(at, galley.size() + vec2(8.0, 2.0));
    painter.rect_filled(rect, CornerRadius::same(7), theme.solution);
    painter.galley(rect.center() - galley.size() / 2.0, galley, Color32::WHITE);
}

/// The rubber band of a box selection or a door being drawn.
pub fn rubber_band(painter: &Painter, a: Pos2, b: Pos2, as_box: bool, theme: &Theme) {
    if as_box {
        let rect = Rect::from_two_pos(a, b);
        painter.rect(
            rect,
            CornerRadius::ZERO,
            theme.selection.gamma_multiply(0.12),
            Stroke::new(1.0, theme.selection),
            StrokeKind::Inside,
        );
    } else {
        painter.extend(Shape::dashed_line(
            &[a, b],
            Stroke::new(2.0, theme.selection),
            6.0,
            4.0,
        ));
        painter.circle_filled(b, 4.0, theme.selection);
    }
}

/// The player: a pawn standing in the room's left part.
pub fn pawn(painter: &Painter, room: Rect, theme: &Theme) {
    // On the top edge at the left (levers stand at the right, keys on the
    // bottom edge), clear of the name and of doors coming in from the sides.
    let base = pos2(room.left() + 14.0, room.top() + 6.0);
    let head = base - vec2(0.0, 17.0);
    let body = vec![
        base + vec2(-8.0, 0.0),
        base + vec2(8.0, 0.0),
        head + vec2(0.0, 5.0),
    ];
    let outline = Stroke::new(1.5, theme.canvas);
    painter.add(Shape::convex_polygon(body, theme.solution, outline));
    painter.circle(head, 5.5, theme.solution, outline);
}
