//! The side panels' inner edges, which a drag moves to resize the panel.
//!
//! egui's own resize handle is a strip three points each side of the edge,
//! on the layer the panels are laid out on; the canvas is an `egui::Scene`
//! whose layer lies on top of that one, and its background senses clicks
//! and drags, so wherever the two overlap (the canvas side of the strip)
//! the canvas took the press and panned: only the three points inside the
//! panel resized it, and a wider grab radius only widened the part the
//! canvas took. Here the strip is a widget of its own on a layer above the
//! canvas, wider, with a grip drawn on the edge, and the panel takes the
//! width it sets.

use egui::{
    CursorIcon, Id, LayerId, Order, Rangef, Rect, Role, Sense, Stroke, Ui, UiBuilder, WidgetInfo,
    pos2, vec2,
};

/// Half the width of the strip over a panel's edge that a drag resizes it
/// by, in points (egui's is 3).
pub const GRIP: f32 = 7.0;

/// Which side of the window a panel stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The lists.
    Left,
    /// The inspector.
    Right,
}

/// A side panel's edge.
pub struct Edge<'a> {
    /// The panel's name ("lists").
    pub name: &'a str,
    /// Where it stands.
    pub side: Side,
    /// The widths it may have.
    pub range: Rangef,
    /// Its width at first, which a double-click on its edge brings back.
    pub default: f32,
}

/// The width of a panel, as the designer sets it by dragging its inner
/// edge; `space` is the room the panel was laid out in (its outer edge is
/// its left or right side). Call after the panel is shown, with the width
/// it took: its layer is above the panel's own, which it overlaps.
pub fn edge_ui(ui: &mut Ui, edge: &Edge<'_>, space: Rect, width: &mut f32) {
    let Edge {
        name,
        side,
        range,
        default,
    } = *edge;
    *width = range.clamp(*width);
    let x = match side {
        Side::Left => space.left() + *width,
        Side::Right => space.right() - *width,
    };
    let strip = Rect::from_x_y_ranges(Rangef::new(x - GRIP, x + GRIP), space.y_range());
    let layer = LayerId::new(Order::Middle, Id::unique(("lockwork-panel-edge", name)));
    let ui = ui.new_child(UiBuilder::new().layer_id(layer).max_rect(strip));
    let id = Id::unique(("lockwork-panel-edge-widget", name));
    let response = ui.interact(strip, id, Sense::click_and_drag());
    response.widget_info(|| {
        WidgetInfo::labeled(Role::Splitter, true, format!("Resize the {name} panel"))
    });
    if response.double_clicked() {
        *width = range.clamp(default);
    } else if response.dragged()
        && let Some(pointer) = response.interact_pointer_pos()
    {
        // The edge keeps where it was grabbed under the pointer: the press
        // may be a few points off it.
        let grabbed = id.with("grabbed");
        let press = ui.input(|i| i.pointer.press_origin()).unwrap_or(pointer);
        if response.drag_started() {
            ui.data_mut(|d| d.insert_temp(grabbed, press.x - x));
        }
        let off = ui.data(|d| d.get_temp::<f32>(grabbed)).unwrap_or(0.0);
        let at = pointer.x - off;
        *width = range.clamp(match side {
            Side::Left => at - space.left(),
            Side::Right => space.right() - at,
        });
    }
    let active = response.hovered() || response.dragged();
    if active {
        ui.ctx().set_cursor_icon(CursorIcon::ResizeHorizontal);
    }
    grip(&ui, pos2(x, strip.center().y), active);
    response.on_hover_text("Drag to resize the panel; double-click for its first width");
}

/// The grip: three dots on the edge's middle, and the whole edge lit while
/// the pointer is on it.
fn grip(ui: &Ui, at: egui::Pos2, active: bool) {
    let visuals = &ui.style().visuals;
    let painter = ui.painter();
    let color = if active {
        visuals.widgets.hovered.fg_stroke.color
    } else {
        visuals.widgets.noninteractive.fg_stroke.color
    };
    if active {
        let rect = ui.max_rect();
        painter.vline(at.x, rect.y_range(), Stroke::new(2.0, color));
    }
    let pill = Rect::from_center_size(at, vec2(6.0, 26.0));
    painter.rect_filled(pill, 3.0, visuals.widgets.inactive.bg_fill);
    for dy in [-7.0, 0.0, 7.0] {
        painter.circle_filled(at + vec2(0.0, dy), 1.6, color);
    }
}
