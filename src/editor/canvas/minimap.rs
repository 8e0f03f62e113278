//! The minimap: the whole level in a corner of the canvas, with the part in
//! view outlined, shown when the level is larger than the view. A click or
//! a drag on it moves the view there.

use egui::{Align2, Mesh, Pos2, Rect, Sense, Stroke, StrokeKind, vec2};

use super::Geometry;
use crate::editor::view::View;

/// Longest side of the minimap, in screen points.
const SIDE: f32 = 180.0;

/// Draws the minimap in the bottom right of `canvas` when the level does not
/// fit in `visible`; returns the canvas point to centre the view on, when
/// the designer clicked or dragged on it.
pub fn minimap_ui(
    ctx: &egui::Context,
    view: &View<'_>,
    geo: &Geometry,
    canvas: Rect,
    visible: Rect,
) -> Option<Pos2> {
    // Shown only when some room is out of sight: with a margin of 40 it
    // came up, over the rooms, for a level that fitted a little tightly
    // (the generator docked beside a level fitted to a wider canvas).
    let bounds = geo.bounds()?.expand(4.0);
    if visible.contains_rect(bounds)
        || canvas.width() < 3.0 * SIDE
        || canvas.height() < 2.0 * SIDE * 0.6
    {
        return None;
    }
    let scale = SIDE / bounds.width().max(bounds.height());
    let size = bounds.size() * scale;
    let mut target = None;
    egui::Area::new(egui::Id::unique("lockwork-minimap"))
        .order(egui::Order::Middle)
        .pivot(Align2::RIGHT_BOTTOM)
        .fixed_pos(canvas.right_bottom() - vec2(8.0, 8.0))
        .constrain_to(canvas)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style())
                .inner_margin(4.0)
                .show(ui, |ui| {
                    let (rect, response) = ui.allocate_exact_size(size, Sense::click_and_drag());
                    response.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::Image, true, "Minimap")
                    });
                    let to_map = |p: Pos2| rect.min + (p - bounds.min) * scale;
                    let theme = view.theme;
                    let painter = ui.painter_at(rect);
                    painter.rect_filled(rect, 0.0, theme.canvas);
                    let mut mesh = Mesh::default();
                    let dot = vec2(2.0, 2.0).max(
                        geo.rooms
                            .first()
                            .map_or(vec2(2.0, 2.0), |r| r.size() * scale),
                    );
                    for (room, r) in view.level.rooms.iter().zip(&geo.rooms) {
                        let color = if room.id == view.level.goal {
                            theme.goal_fill
                        } else if room.id == view.level.start {
                            theme.start_fill
                        } else {
                            theme.room_stroke
                        };
                        mesh.add_colored_rect(
                            Rect::from_center_size(to_map(r.center()), dot),
                            color,
                        );
                    }
                    painter.add(mesh);
                    let shown = Rect::from_min_max(to_map(visible.min), to_map(visible.max))
                        .intersect(rect);
                    painter.rect(
                        shown,
                        0.0,
                        theme.selection.gamma_multiply(0.15),
                        Stroke::new(1.5, theme.selection),
                        StrokeKind::Inside,
                    );
                    if let Some(p) = response.interact_pointer_pos()
                        && (response.clicked() || response.dragged())
                    {
                        target = Some(bounds.min + (p - rect.min) / scale);
                    }
                    response.on_hover_text("The whole level: click or drag to look elsewhere");
                });
        });
    target
}
