//! Drawing the level's parts. Colours come from the [`Theme`]; sizes are in
//! canvas units, so everything scales with the zoom, and the [`Lod`] keeps
//! marks and labels readable when zoomed far out.

use egui::{
    Align2, Color32, CornerRadius, FontId, Painter, Pos2, Rect, Shape, Stroke, StrokeKind, pos2,
    vec2,
};

mod door;

pub use door::{DoorDrawn, DoorLook, LockMark, badge_spot, door, spot_clear_of};

use super::lod::Lod;
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

/// Grid lines over the visible part of the canvas (sparser when zoomed out,
/// so that they stay a few points apart).
pub fn grid(painter: &Painter, visible: Rect, theme: &Theme, lod: Lod) {
    let stroke = Stroke::new(1.0 / lod.zoom, theme.grid);
    let mut step = GRID * 2.0;
    while lod.on_screen(step) < 12.0 {
        step *= 2.0;
    }
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

/// A "+N" mark standing for `n` marks that do not fit.
pub fn more_marks(painter: &Painter, rect: Rect, n: usize, hovered: bool, theme: &Theme) {
    let fill = if hovered {
        theme.selection
    } else {
        theme.room_stroke
    };
    let h = rect.height();
    painter.rect_filled(
        rect,
        CornerRadius::same((h * 0.3).clamp(0.0, 255.0) as u8),
        fill,
    );
    let ink = theme.ink_on(fill);
    let text = more_count(n);
    let fits = |font: f32| painter.layout_no_wrap(text.clone(), FontId::proportional(font), ink);
    let mut galley = fits(h * 0.62);
    let room = rect.width() * 0.9;
    if galley.size().x > room {
        // Shrink to the width; the tooltip gives the whole count.
        galley = fits(h * 0.62 * room / galley.size().x);
    }
    painter.galley(rect.center() - galley.size() / 2.0, galley, ink);
}

/// The text of a "+N" mark: the count, in thousands past 999 ("+1.2k",
/// "+35k"), so that it still reads inside a mark the size of a key.
pub fn more_count(n: usize) -> String {
    match n {
        0..=999 => format!("+{n}"),
        1_000..=9_999 => format!("+{}.{}k", n / 1_000, n % 1_000 / 100),
        _ => format!("+{}k", n / 1_000),
    }
}

/// A glyph centred at `at` in a mark of `size`, in ink that reads on `fill`.
pub fn glyph_text(
    painter: &Painter,
    at: Pos2,
    glyph: &str,
    size: f32,
    fill: Color32,
    theme: &Theme,
) {
    let ink = theme.ink_on(fill);
    let font = size * if glyph.chars().count() > 1 { 0.5 } else { 0.72 };
    painter.text(
        at,
        Align2::CENTER_CENTER,
        glyph,
        FontId::proportional(font),
        ink,
    );
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
pub fn room(
    painter: &Painter,
    rect: Rect,
    look: &RoomLook<'_>,
    em: Emphasis,
    theme: &Theme,
    lod: Lod,
) {
    let px = 1.0 / lod.zoom;
    // Corners too small to see cost a dozen vertices each: square them.
    let round = |r: u8| {
        if lod.on_screen(f32::from(r)) >= 2.0 {
            CornerRadius::same(r)
        } else {
            CornerRadius::ZERO
        }
    };
    let radius = round(8);
    if em.on_path {
        painter.rect_stroke(
            rect.expand(3.0f32.max(2.0 * px)),
            round(10),
            Stroke::new(1.5f32.max(1.5 * px), theme.solution.gamma_multiply(0.8)),
            StrokeKind::Outside,
        );
    }
    let stroke = if em.selected {
        Stroke::new(3.0f32.max(2.0 * px), theme.selection)
    } else if em.hovered {
        Stroke::new(2.0f32.max(1.5 * px), theme.hover)
    } else {
        Stroke::new(1.5f32.max(px), theme.room_stroke)
    };
    painter.rect(rect, radius, look.fill, stroke, StrokeKind::Inside);
    if look.unreachable {
        painter.extend(Shape::dashed_line(
            &[rect.left_top(), rect.right_bottom()],
            Stroke::new(px.max(1.0), theme.warning),
            4.0,
            4.0,
        ));
    }
    room_labels(painter, rect, look, lod);
}

/// The room's name and id at their size when readable; zoomed out, the
/// title alone, made readable, if it fits; otherwise nothing.
fn room_labels(painter: &Painter, rect: Rect, look: &RoomLook<'_>, lod: Lod) {
    let width = rect.width() - 12.0;
    if lod.reads(14.0) {
        let title_at = match look.subtitle {
            Some(_) => rect.center() - vec2(0.0, 7.0),
            None => rect.center() - vec2(0.0, 3.0),
        };
        let title = painter.layout(
            look.title.to_owned(),
            FontId::proportional(14.0),
            look.text,
            width,
        );
        let shown = Rect::from_center_size(title_at, title.size());
        painter.galley(shown.min, title, look.text);
        if let Some(sub) = look.subtitle.filter(|_| lod.reads(10.0)) {
            painter.text(
                rect.center() + vec2(0.0, 9.0),
                Align2::CENTER_CENTER,
                sub,
                FontId::proportional(10.0),
                look.text.gamma_multiply(0.7),
            );
        }
        return;
    }
    let font = lod.font(14.0);
    if let Some(text) = zoomed_out_label(look, font, width, rect.height()) {
        painter.text(
            rect.center(),
            Align2::CENTER_CENTER,
            text,
            FontId::proportional(font),
            look.text,
        );
    }
}

/// Zoomed out, the one label a room has room for at `font` (canvas units)
/// within `width` and `height`: its name, else its shorter id, else none.
/// The name first: a designer knows the Chapel, not `s4`.
fn zoomed_out_label<'a>(
    look: &RoomLook<'a>,
    font: f32,
    width: f32,
    height: f32,
) -> Option<&'a str> {
    if font > height * 0.8 {
        return None;
    }
    [Some(look.title), look.subtitle]
        .into_iter()
        .flatten()
        .find(|text| Lod::fits(text.chars().count(), font, width))
}

/// How a key's mark looks.
pub struct KeyMark<'a> {
    /// Its colour.
    pub color: Color32,
    /// Its glyph, past the first ten keys.
    pub glyph: Option<&'a str>,
    /// Small keys in the room, shown as "×n" when more than one.
    pub small_count: Option<u32>,
    /// Hovered or selected, or a lock of it is: ringed.
    pub lit: bool,
    /// Some other key is lit: drawn faint.
    pub dim: bool,
}

/// A key: a round bow (holding the glyph) and a bit, in the key's colour.
pub fn key(painter: &Painter, rect: Rect, mark: &KeyMark<'_>, em: Emphasis, theme: &Theme) {
    let h = rect.height();
    let fill = if mark.dim {
        mark.color.gamma_multiply(0.35)
    } else {
        mark.color
    };
    let bow = pos2(rect.left() + h / 2.0, rect.center().y);
    let outline = if em.selected {
        Stroke::new(h * 0.15, theme.selection)
    } else {
        Stroke::new(h * 0.08, theme.canvas)
    };
    if mark.lit {
        painter.circle_stroke(bow, h * 0.8, Stroke::new(h * 0.15, theme.selection));
    }
    // The shaft and its bit, then the bow over them.
    let shaft = Rect::from_min_max(
        pos2(bow.x, rect.center().y - h * 0.1),
        pos2(rect.right(), rect.center().y + h * 0.1),
    );
    painter.rect(
        shaft,
        CornerRadius::ZERO,
        fill,
        outline,
        StrokeKind::Outside,
    );
    let bit = Rect::from_min_max(
        pos2(rect.right() - h * 0.28, rect.center().y),
        pos2(rect.right(), rect.center().y + h * 0.38),
    );
    painter.rect(bit, CornerRadius::ZERO, fill, outline, StrokeKind::Outside);
    painter.circle(bow, h / 2.0, fill, outline);
    if let Some(glyph) = mark.glyph {
        glyph_text(painter, bow, glyph, h, mark.color, theme);
    } else if mark.small_count.is_some() {
        painter.circle_filled(bow, h * 0.16, theme.canvas);
    }
    if let Some(n) = mark.small_count.filter(|&n| n > 1) {
        painter.text(
            rect.right_center() + vec2(h * 0.15, 0.0),
            Align2::LEFT_CENTER,
            format!("×{n}"),
            FontId::proportional(h * 0.8),
            theme.room_text,
        );
    }
}

/// How a lever stands and works.
#[derive(Clone, Copy, Default)]
pub struct LeverState {
    /// Pulled an odd number of times (while viewing or playing): the knob
    /// hangs below its base.
    pub down: bool,
    /// It can be pulled only once: a "1" on its corner.
    pub once: bool,
    /// Pulled on the solution path, or just now.
    pub pulled: bool,
}

/// A lever: a knob on a stick over a base (under it when down).
pub fn lever(painter: &Painter, rect: Rect, em: Emphasis, state: LeverState, theme: &Theme) {
    let s = rect.width() / 12.0;
    let color = if em.selected {
        theme.selection
    } else {
        theme.lever
    };
    painter.rect(
        rect.expand(1.5 * s),
        CornerRadius::same(3),
        theme.canvas,
        Stroke::new(s, color),
        StrokeKind::Inside,
    );
    let (base, knob) = if state.down {
        (
            rect.center_top() + vec2(0.0, 3.0 * s),
            rect.center_bottom() + vec2(3.0 * s, -4.0 * s),
        )
    } else {
        (
            rect.center_bottom() - vec2(0.0, 3.0 * s),
            rect.center_top() + vec2(3.0 * s, 4.0 * s),
        )
    };
    painter.line_segment(
        [base - vec2(5.0 * s, 0.0), base + vec2(5.0 * s, 0.0)],
        Stroke::new(2.0 * s, color),
    );
    painter.line_segment([base, knob], Stroke::new(2.0 * s, color));
    painter.circle_filled(knob, 2.8 * s, color);
    if state.once {
        let at = rect.left_top();
        painter.circle(at, 4.5 * s, color, Stroke::new(0.8 * s, theme.canvas));
        painter.text(
            at,
            Align2::CENTER_CENTER,
            "1",
            FontId::proportional(7.0 * s),
            theme.ink_on(color),
        );
    }
    if state.pulled {
        painter.circle_stroke(
            rect.center(),
            rect.width() * 0.75,
            Stroke::new(2.0 * s, theme.solution),
        );
    }
    if em.selected {
        painter.rect_stroke(
            rect.expand(2.0 * s),
            CornerRadius::same(2),
            Stroke::new(s, theme.selection),
            StrokeKind::Outside,
        );
    }
}

/// The start or goal mark: a round badge with "S" or "G" on the room's left edge.
pub fn role_mark(painter: &Painter, at: Pos2, size: f32, start: bool, theme: &Theme) {
    let (fill, ink) = if start {
        (theme.start_fill, theme.start_text)
    } else {
        (theme.goal_fill, theme.goal_text)
    };
    painter.circle(
        at,
        size / 2.0,
        fill,
        Stroke::new(size * 0.1, theme.room_stroke),
    );
    let letter = if start { "S" } else { "G" };
    painter.text(
        at,
        Align2::CENTER_CENTER,
        letter,
        FontId::proportional(size * 0.62),
        ink,
    );
}

/// A numbered badge (solution step numbers), readable at any zoom, on a
/// door where [`badge_spot`] finds room beside its marks and labels;
/// returns where it was drawn.
pub fn door_badge(
    painter: &Painter,
    seg: (Pos2, Pos2),
    drawn: &DoorDrawn,
    text: &str,
    theme: &Theme,
    lod: Lod,
) -> Rect {
    let font = lod.font(10.0);
    let ink = theme.ink_on(theme.solution);
    let galley = painter.layout_no_wrap(text.to_owned(), FontId::proportional(font), ink);
    let rect = badge_spot(seg, drawn, galley.size() + vec2(font * 0.8, font * 0.2));
    painter.rect_filled(rect, CornerRadius::same(7), theme.solution);
    painter.galley(rect.center() - galley.size() / 2.0, galley, ink);
    rect
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

/// The player: a pawn standing on the room's top edge, at the left, at
/// least [`crate::editor::canvas::PLAYER_MIN_PX`] tall on screen at any
/// zoom. Returns the rect it covers (canvas units).
pub fn pawn(painter: &Painter, room: Rect, theme: &Theme, lod: Lod) -> Rect {
    // Levers stand at the right of the top edge, keys on the bottom edge.
    const HEIGHT: f32 = 22.5;
    let s = (crate::editor::canvas::PLAYER_MIN_PX / lod.zoom / HEIGHT).max(1.0);
    let base = pos2(room.left() + 14.0 * s.min(3.0), room.top() + 6.0);
    let head = base - vec2(0.0, 17.0 * s);
    let body = vec![
        base + vec2(-8.0 * s, 0.0),
        base + vec2(8.0 * s, 0.0),
        head + vec2(0.0, 5.0 * s),
    ];
    let outline = Stroke::new(1.5 * s, theme.canvas);
    painter.add(Shape::convex_polygon(body, theme.solution, outline));
    painter.circle(head, 5.5 * s, theme.solution, outline);
    Rect::from_min_max(
        pos2(base.x - 8.0 * s, head.y - 5.5 * s),
        pos2(base.x + 8.0 * s, base.y),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_marks_count_in_thousands_past_999() {
        let texts: Vec<String> = [7, 999, 1_000, 1_250, 9_999, 12_345, 200_000]
            .into_iter()
            .map(more_count)
            .collect();
        assert_eq!(
            texts,
            ["+7", "+999", "+1.0k", "+1.2k", "+9.9k", "+12k", "+200k"]
        );
    }

    /// Every count is drawn inside its mark: "+99999" used to spill over
    /// the mark of a room holding 100,000 keys.
    #[test]
    fn a_more_mark_keeps_its_count_inside() {
        let ctx = egui::Context::default();
        let mark = Rect::from_min_size(pos2(10.0, 10.0), vec2(16.0, 16.0));
        let theme = Theme::light();
        let counts = [3, 42, 999, 1_234, 12_345, 99_999, 200_000];
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            let painter = ui.painter().clone();
            for n in counts {
                more_marks(&painter, mark, n, false, &theme);
            }
        });
        let texts: Vec<Rect> = output
            .shapes
            .iter()
            .filter_map(|clipped| match &clipped.shape {
                Shape::Text(text) => Some(text.visual_bounding_rect()),
                _ => None,
            })
            .collect();
        output.textures_delta.clear();
        assert_eq!(texts.len(), counts.len());
        for (n, text) in counts.iter().zip(texts) {
            assert!(
                mark.contains_rect(text),
                "+{n} is drawn at {text:?}, outside the mark {mark:?}"
            );
        }
    }

    /// Zoomed out, a room shows its name when the name fits, else its id:
    /// at 50 % the drawn corridor showed "s4" where it was the Chapel.
    #[test]
    fn zoomed_out_a_room_shows_its_name_when_it_fits() {
        let look = |title, subtitle| RoomLook {
            title,
            subtitle,
            fill: Color32::WHITE,
            text: Color32::BLACK,
            unreachable: false,
        };
        // A room 120 units wide at 50 %: the text is 16 units high.
        let (font, width, height) = (16.0, 108.0, 60.0);
        let chapel = look("Chapel", Some("s4"));
        assert_eq!(
            zoomed_out_label(&chapel, font, width, height),
            Some("Chapel")
        );
        let long = look("The long hall of the old kings", Some("r2"));
        assert_eq!(zoomed_out_label(&long, font, width, height), Some("r2"));
        let unnamed = look("r7", None);
        assert_eq!(zoomed_out_label(&unnamed, font, width, height), Some("r7"));
        assert_eq!(
            zoomed_out_label(&chapel, font, width, 12.0),
            None,
            "too low"
        );
        assert_eq!(
            zoomed_out_label(&long, font, 15.0, height),
            None,
            "too narrow"
        );
    }
}
